"""Where replay's time goes, against live play: microseconds per action of
each part, in the four games' random games (the trick race, Long Shot, Ready
Set Bet, Force of the Horse with its abilities), and what replay at 2x live
would need of them (``bound``).

Replay is parse + rule check + apply, plus the digests it verifies (each
checkpoint, the final state, the running hash of the lines); live play is
pick + apply.  Each part is timed as a loop over the same games' actions
(CPU time, the median of interleaved rounds: ``run.interleaved``) and read
as a difference where it cannot run alone:

* parse: a line's JSON and its action (``_parse_line`` + ``_row_action``),
  every line read anew; "parse, cached": replay's table of lines already
  read (one dict lookup a line, what replay pays for a repeated line);
* check: ``State._check_rules`` of each action on the replayed state (minus
  the loop that only applies);
* apply: ``State._do`` (the rules' ``_apply`` and the log's bookkeeping);
  "_apply alone": the rules without the core's bookkeeping;
* events: building every event of the game anew (frozen attrs values; the
  games share some, so live play builds fewer);
* pick: ``State._pick`` at each decision (minus the loop that only applies);
* digests: the checkpoints and the final digest (``snapshot`` as canonical
  JSON, hashed) and the running hash of the lines' text.

    python benchmarks/replay_parts.py [GAMES] [ROUNDS]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

import racebook
from racebook.core import checkpoints
from racebook.core.log import LineHash, _numbered_lines, _parse_line, _row_action

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import interleaved, play


def parts(game: racebook.Game[Any, Any], games: int, rounds: int) -> dict[str, float]:
    """Microseconds per action of each part over ``games`` random games."""
    states = [play(game, g) for g in range(games)]
    kept = [list(s._pending) for s in states]  # checkpoints kept as data, to work out again
    if not all(kept):
        raise SystemExit("checkpoints were worked out at once: nothing to time")
    logs = [s.log.dumps() for s in states]
    actions = [list(s._entries) for s in states]
    n = sum(map(len, actions))
    lines = [
        [line for _, line, _ in _numbered_lines(text) if line.startswith("[")] for text in logs
    ]
    events = [
        (type(e), tuple(getattr(e, f.name) for f in attrs.fields(type(e))))
        for s in states
        for group in s._events
        for e in group
    ]

    def fresh() -> racebook.State[Any, Any, Any]:
        return game.new_state(explicit_chance=True)

    def parse() -> None:
        for text in lines:
            for i, line in enumerate(text, 2):
                _row_action(game, _parse_line(i, line))

    table = {line: _row_action(game, _parse_line(2, line)) for text in lines for line in text}

    def parse_cached() -> None:
        get = table.get
        for text in lines:
            for line in text:
                get(line)

    def do() -> None:
        for acts in actions:
            state = fresh()
            for a in acts:
                state._do(a)

    def bare() -> None:
        for acts in actions:
            state = fresh()
            for a in acts:
                state._apply(a)

    def check() -> None:
        for acts in actions:
            state = fresh()
            for a in acts:
                state._check_rules(a)
                state._do(a)

    def pick() -> None:
        rng = random.Random(0)
        for acts in actions:
            state = fresh()
            for a in acts:
                if a.seat >= 0:
                    state._pick(a.seat, rng)
                state._do(a)

    def build() -> None:
        for cls, args in events:
            cls(*args)

    def digests() -> None:
        for s, text, pending in zip(states, logs, kept, strict=True):
            s._mark_list, s._pending, s._last_mark = [], list(pending), ""
            checkpoints.settle(s)
            s.digest()
            hashed = LineHash()
            for _, line, _ in _numbered_lines(text):
                hashed.add(line)
            hashed.seal("")

    fns: dict[str, Callable[[], object]] = {
        "parse": parse,
        "parse, cached": parse_cached,
        "apply (_do)": do,
        "_apply alone": bare,
        "check + apply": check,
        "pick + apply": pick,
        "events built": build,
        "digests": digests,
        "replay": lambda: [racebook.replay(text) for text in logs],
        "live (RandomBot, apply)": lambda: [play(game, g) for g in range(games)],
        "play_random": lambda: [
            game.new_state(seed=g).play_random(random.Random(g)) for g in range(games)
        ],
    }
    med = interleaved(fns, rounds)
    us = {name: t / n * 1e6 for name, t in med.items()}
    us["check"] = us.pop("check + apply") - us["apply (_do)"]
    us["pick"] = us.pop("pick + apply") - us["apply (_do)"]
    us["actions per game"] = n / games
    return us


GAMES = (
    ("trick race, 4 players", "trickrace", {"players": 4}, 1),
    ("Long Shot, 5 players", "longshot", {"players": 5}, 1),
    ("Ready Set Bet, 5 bettors", "readysetbet", {}, 1),
    ("Force of the Horse, sample decks with abilities", "forcehorse", {}, 5),
)
"""(title, game id, load options, divisor of the games played: a Force of
the Horse game with abilities costs 10-14 times one of the others)."""


def bound(us: dict[str, float]) -> dict[str, float]:
    """What replay at 2x live would need, from the parts (us an action).

    Replay costs at least check + apply + digests + a cached parse (its
    loop and everything else free), and could at best skip building events;
    live play costs pick, apply and its loop.  With ``A`` the rules' apply
    without events (the part both sides share), replay >= 2x live holds only
    if ``live - A >= A + 2 * (check + digests + parse, cached)``: the left
    side is what live play does beyond the shared apply, the right what
    replay must do, counted twice, beyond it.  ``ceiling`` is live over
    replay's least cost: what replay would reach with its loop free."""
    shared = us["apply (_do)"] - us["events built"]
    own = us["check"] + us["digests"] + us["parse, cached"]
    return {
        "live beyond apply (lhs)": us["live (RandomBot, apply)"] - shared,
        "2x needs (rhs)": shared + 2 * own,
        "ceiling: live / least replay": us["live (RandomBot, apply)"] / (shared + own),
    }


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    print(f"us per action, CPU medians of {rounds} interleaved rounds, {games} games each")
    print("(Force of the Horse: a fifth as many games)")
    for title, name, options, divisor in GAMES:
        us = parts(racebook.load(name, **options), max(2, games // divisor), rounds)
        us |= bound(us)
        print(title)
        for part, value in us.items():
            print(f"  {part:<30}{value:8.2f}")


if __name__ == "__main__":
    main()

"""The loop apps, search bots and OpenSpiel drive (issue #38): list the legal
actions, choose one, apply it.  ``listing_loop(game, games, seed)`` plays
``games`` games that way through the validated API with the log kept:
``to_act``, ``legal_actions(seat)``, a uniform choice with a seeded
``random.Random`` (one draw, ``int(rng.random() * n)``), ``apply``.  Other
benchmarks call it for their games; ``report_listing`` times it interleaved
against a game's reference loops (and ``play_random`` beside), and
``report_replay`` times each game's replay per action against its reference
loop.

Run alone (only these rows), from the repository:

    PYTHONPATH=src python benchmarks/loops.py [--games N] [--repeats N] [--replay]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import racebook

Loop = Callable[[random.Random], object]


def listing_game(game: racebook.Game[Any, Any], seed: int) -> racebook.State[Any, Any, Any]:
    """One game of the listing loop, seeded by ``seed`` (the state and the chooser)."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(actions[int(rng.random() * len(actions))])
    return state


def listing_loop(game: racebook.Game[Any, Any], games: int, seed: int = 0) -> int:
    """``games`` games of the listing loop (seeds ``seed``, ``seed + 1``, ...);
    the actions played."""
    actions = 0
    for g in range(seed, seed + games):
        actions += len(listing_game(game, g).log)
    return actions


def play_random_loop(game: racebook.Game[Any, Any], games: int, seed: int = 0) -> None:
    """The API's own random playout of as many games, beside."""
    for g in range(seed, seed + games):
        game.new_state(seed=g).play_random(random.Random(g))


def run_reference(loop: Loop, games: int) -> None:
    rng = random.Random(1)
    for _ in range(games):
        loop(rng)


def interleaved(fns: dict[str, Callable[[], object]], repeats: int) -> dict[str, float]:
    """CPU medians of ``repeats`` rounds, each calling every function in turn
    (after one warm-up call of each)."""
    for fn in fns.values():
        fn()
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeats):
        for name, fn in fns.items():
            t = time.process_time()
            fn()
            times[name].append(time.process_time() - t)
    return {name: statistics.median(ts) for name, ts in times.items()}


def report_listing(
    title: str,
    game: racebook.Game[Any, Any],
    loops: list[tuple[str, Loop]],
    games: int,
    repeats: int,
) -> dict[str, float]:
    """The listing loop and ``play_random`` of ``games`` games against each of
    ``loops`` (the first is the goal's yardstick): the ratios by name
    (``"listing"``, ``"play_random"``, and ``"listing vs <name>"`` for each)."""
    fns: dict[str, Callable[[], object]] = {
        name: (lambda loop=loop: run_reference(loop, games))  # type: ignore[misc]
        for name, loop in loops
    }
    fns["listing"] = lambda: listing_loop(game, games)
    fns["play_random"] = lambda: play_random_loop(game, games)
    med = interleaved(fns, repeats)
    base = med[loops[0][0]]
    actions = listing_loop(game, games)
    out = {"listing": med["listing"] / base, "play_random": med["play_random"] / base}
    print(f"{title}: listing loop, {games} games (CPU medians of {repeats}, interleaved)")
    print(
        f"  listing loop (to_act, legal_actions, choice, apply)  "
        f"{games / med['listing']:>8,.0f} games/s  "
        f"{med['listing'] / actions * 1e6:.2f} us an action"
    )
    for name, _ in loops:
        out[f"listing vs {name}"] = med["listing"] / med[name]
        print(
            f"  vs {name}: listing loop {med['listing'] / med[name]:.2f}x (goal: at most 3x), "
            f"play_random {med['play_random'] / med[name]:.2f}x"
        )
    return out


def random_logs(game: racebook.Game[Any, Any], games: int, seed: int = 0) -> tuple[int, list[str]]:
    """The logs of ``games`` random games (``play_random``) and their actions."""
    logs = []
    actions = 0
    for g in range(seed, seed + games):
        state = game.new_state(seed=g)
        state.play_random(random.Random(g))
        actions += len(state.log)
        logs.append(state.log.dumps())
    return actions, logs


def replay_all(logs: list[str]) -> None:
    for text in logs:
        racebook.replay(text)


def report_replay(
    title: str,
    game: racebook.Game[Any, Any],
    loops: list[tuple[str, Loop]],
    games: int,
    repeats: int,
    *,
    per: int = 1,
) -> float:
    """Replay (parse, check, apply, verify the digests) of ``games`` random
    games' logs against ``games * per`` runs of each of ``loops`` (the first
    is the goal's yardstick; ``per``: its runs in one game, 4 for a race
    reference of a four-race game), interleaved: the cost per action, as a
    ratio to the first loop's (the same games' actions)."""
    actions, logs = random_logs(game, games)
    fns: dict[str, Callable[[], object]] = {
        name: (lambda loop=loop: run_reference(loop, games * per))  # type: ignore[misc]
        for name, loop in loops
    }
    fns["replay"] = lambda: replay_all(logs)
    med = interleaved(fns, repeats)
    ratio = med["replay"] / med[loops[0][0]]
    text = ", ".join(f"{med['replay'] / med[name]:.2f}x {name}" for name, _ in loops)
    print(
        f"{title}: replay of {games} logs, {actions / games:.0f} actions a game, "
        f"{med['replay'] / actions * 1e6:.2f} us an action: {text} (goal: at most 3x)"
    )
    return ratio


def rsb_yardsticks(bench_dir: Path) -> tuple[list[tuple[str, Loop]], int, str]:
    """Ready Set Bet's yardsticks for a full game: the full-game reference
    loop (``reference/readysetbet_game.py``) if there is one, else four
    reference races (and the shared bare race) a game; their runs a game; a note."""
    from run import REFERENCE, load_module, yardsticks

    full = load_module(REFERENCE / "readysetbet_game.py", "reference_readysetbet_game")
    if full is not None:
        stats = [0]
        return [("reference loop", lambda rng: full.game(rng, stats))], 1, "a full-game reference"
    loops = yardsticks(bench_dir, "readysetbet", "rsb_bare", "race")
    return loops, 4, "four reference races (no full-game reference loop)"


def replayed(
    bench_dir: Path,
) -> list[tuple[str, racebook.Game[Any, Any], list[tuple[str, Loop]], int, int]]:
    """Every game's replay row: title, game, yardsticks, games' divisor, runs a game."""
    from run import without_abilities, yardsticks

    ls = yardsticks(bench_dir, "longshot", "longshot_bare", "game")
    rsb, per, note = rsb_yardsticks(bench_dir)
    return [
        ("Long Shot", racebook.load("longshot", players=5), ls, 1, 1),
        ("Mafia", racebook.load("mafia", players=5), ls, 1, 1),
        (
            "trick race",
            racebook.load("trickrace", players=4),
            yardsticks(bench_dir, "trickrace", "trickrace_bare", "game"),
            1,
            1,
        ),
        (f"Ready Set Bet, vs {note},", racebook.load("readysetbet"), rsb, 4, per),
        (
            "Force of the Horse, no abilities,",
            without_abilities(racebook.load("forcehorse")),
            yardsticks(bench_dir, "forcehorse", "forcehorse_bare", "game"),
            5,
            1,
        ),
    ]


Goal = Callable[[str, str, "bool | None"], None]


def report_loops(bench_dir: Path, games: int, repeats: int, goal: Goal) -> None:
    """Issue #38's rows of ``make bench``: the listing loop in Long Shot (Mafia
    beside) and replay in every game, against the reference loops, with
    their goals (``goal``: run.py's)."""
    from run import yardsticks

    ls = yardsticks(bench_dir, "longshot", "longshot_bare", "game")
    for short, game, is_goal in (
        ("Long Shot", racebook.load("longshot", players=5), True),
        ("Mafia", racebook.load("mafia", players=5), False),
    ):
        out = report_listing(short, game, ls, games, repeats)
        vs = "" if is_goal else " (Long Shot's, a game each)"
        figure = f"{out['listing']:.2f}x"
        goal(
            f"{short}: listing loop vs reference loop{vs}, <= 3x",
            figure,
            out["listing"] <= 3 if is_goal else None,
        )
        goal(f"{short}: play_random beside, vs reference loop", f"{out['play_random']:.2f}x", None)
    for title, game, loops, n, per in replayed(bench_dir):
        ratio = report_replay(title, game, loops, max(2, games // n), repeats, per=per)
        bounded = not title.startswith("Mafia")  # Long Shot's reference: reported
        short = title.split(",")[0]
        goal(
            f"{short}: replay per action vs reference, <= 3x",
            f"{ratio:.2f}x",
            ratio <= 3 if bounded else None,
        )


def main() -> int:
    here = Path(__file__).resolve().parent
    sys.path.insert(0, str(here))
    from run import yardsticks  # benchmarks/run.py

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--bench-dir", type=Path, default=here.parent.parent / "shared" / "bench")
    parser.add_argument("--mafia", action="store_true", help="Mafia's listing loop too")
    parser.add_argument("--replay", action="store_true", help="replay in every game, only")
    args = parser.parse_args()
    if args.replay:
        for title, game, loops, n, per in replayed(args.bench_dir):
            report_replay(title, game, loops, max(2, args.games // n), args.repeats, per=per)
        return 0
    ls = yardsticks(args.bench_dir, "longshot", "longshot_bare", "game")
    report_listing("Long Shot", racebook.load("longshot", players=5), ls, args.games, args.repeats)
    if args.mafia:
        report_listing("Mafia", racebook.load("mafia", players=5), ls, args.games, args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

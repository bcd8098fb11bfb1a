"""``racebook play``: people play seats against bots on a terminal table.

The screen (drawn with rich, the ``[cli]`` extra) shows the game as the seat
whose turn it is may see it (the game's own text picture: track, boxes or
board, hand, money, whose turn), the recent events in words, and that seat's
legal moves, numbered.  A move is typed as its number or in a short notation,
the action's kind and then its fields in order (``place 1:4 1``, ``bet 5
win:7:0``, ``play G3 yes``), or with names (``place card=1:4 box=1``); a
value with spaces is quoted (``run 'Blue Sextant' Force``), a list is
written with commas.  A move
the rules refuse is refused with the rulebook's reason, and nothing changes.

The game runs on a :class:`~racebook.table.Table`: its log is written as play goes,
so it is saved at the end and on ``q`` (with its closing line: ``racebook
replay``, ``--html`` and ``chart`` read it, exit status 0); Ctrl-C stops at
once (exit status 130) and leaves the log as a crash does, every complete
move kept.  Either way ``racebook play --resume FILE`` continues it.

Ready Set Bet's race is real time: the host's chair is a clock that rolls the
dice every ``--pace`` seconds (``pace 1.5`` changes it during play); bots bet
between rolls; the person types bets while the horses run.  Several people
at one keyboard (hot seat) take turns; in the real-time race each of their
lines starts with the seat (``2: bet 5 win:7:0``).
"""

from __future__ import annotations

import argparse
import random
import select
import shlex
import sys
import time
import typing
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from racebook.core.errors import MalformedAction, clip, escape
from racebook.core.game import CHANCE, Action, Game, State
from racebook.table import Table
from racebook.watch.words import event_words

MOVES_SHOWN = 48
EVENTS_SHOWN = 8
BET_CHANCE = 0.3
"""In the real-time race, the chance that a bot that may bet bets before a roll."""


# -- the short notation ------------------------------------------------------------------


def _fields(cls: type[Action]) -> list[tuple[str, Any]]:
    hints = typing.get_type_hints(cls)
    return [(f.name, hints[f.name]) for f in attrs.fields(cls) if f.name != "seat"]


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ",".join(_show(v) for v in value) or "-"
    if value is None:
        return "-"
    return str(value)


def move_text(action: Action) -> str:
    """An action in the short notation: its kind, then its fields in order.

    >>> from racebook.games.trickrace import Play
    >>> from racebook.cards.race import RaceCard
    >>> move_text(Play(0, RaceCard.parse("G3"), True))
    'play G3 yes'
    """
    data = action.to_data()
    values = [_show(data[name]) for name, _ in _fields(type(action))]
    return " ".join([action.kind, *(shlex.quote(v) for v in values)])


def _typed(hint: Any, text: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if text == "-" and (origin is tuple or type(None) in args):
        return [] if origin is tuple else None
    if type(None) in args:
        hint = next(a for a in args if a is not type(None))
        origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        return [_typed(args[0], part) for part in text.split(",") if part]
    if hint is bool:
        if text.lower() in ("yes", "y", "true", "1", "whip"):
            return True
        if text.lower() in ("no", "n", "false", "0"):
            return False
        return text
    if hint is int:
        try:
            return int(text)
        except ValueError:
            return text
    return text


def parse_move(game: Game[Any, Any], seat: int, text: str) -> Action:
    """An action of ``seat`` from the short notation (see the module's
    text); :class:`~racebook.core.errors.MalformedAction` if it is not one.

    >>> import racebook
    >>> parse_move(racebook.load("trickrace"), 1, "play card=G3 whip=yes")
    Play(seat=1, card=RaceCard('G3'), whip=True)
    """
    try:
        words = shlex.split(text)
    except ValueError as exc:  # an unclosed quote
        raise MalformedAction("text", str(exc)) from None
    if not words:
        raise MalformedAction("kind", "type a move")
    kind, values = words[0], words[1:]
    cls = game.action_kinds.get(kind)
    if cls is None:
        raise MalformedAction("kind", f"no move {clip(kind, 30)!r} in {game.title}")
    fields = _fields(cls)
    data: dict[str, Any] = {"kind": kind, "seat": seat}
    for i, value in enumerate(values):
        name, sep, rest = value.partition("=")
        if sep:
            hint = dict(fields).get(name)
            if hint is None:
                raise MalformedAction(name, f"{kind} has no field {clip(name, 30)!r}")
            data[name] = _typed(hint, rest)
        elif i < len(fields):
            data[fields[i][0]] = _typed(fields[i][1], value)
        else:
            raise MalformedAction("fields", f"{kind} takes {len(fields)} fields")
    return game.parse_action(data)


# -- the table ----------------------------------------------------------------------------


class Screen:
    """Draws the table with rich; one full screen a drawing."""

    def __init__(self, clear: bool) -> None:
        from rich.console import Console

        self.console = Console(highlight=False)
        self.clear = clear

    def draw(self, parts: Sequence[tuple[str, str, str]], message: str, prompt: str) -> None:
        from rich.panel import Panel
        from rich.text import Text

        if self.clear:
            self.console.clear()
        for title, body, style in parts:
            heading = Text(printable(title))  # Text, not markup: a name may hold "[...]"
            self.console.print(
                Panel(Text(printable(body)), title=heading, title_align="left", style=style)
            )
        if message:
            self.console.print(Text(printable(message), style="bold"))
        if prompt:
            self.console.print(Text(printable(prompt)), end="")
            self.console.file.flush()

    def say(self, text: str) -> None:
        """One line of plain text (escaped as ``draw`` escapes)."""
        from rich.text import Text

        self.console.print(Text(printable(text)))


def printable(text: str) -> str:
    """``text`` safe to draw on a terminal: every control character but the
    newline (ESC starts the sequences that set a window's title, clear the
    screen or write the clipboard), every bidirectional override, isolate or
    zero-width character (text shown in another order, or a name looking
    like another) and every lone surrogate written as its escape, ``\\x1b``
    (:func:`~racebook.core.errors.escape`).  Names come from variant files
    and logs, other people's data; the library refuses such characters in
    them, and what is drawn is escaped all the same.

    >>> printable("Lucky\\x1b]52;c;aGk=\\x07 horse\\n2\\u202e")
    'Lucky\\\\x1b]52;c;aGk=\\\\x07 horse\\n2\\\\u202e'
    """
    return escape(text, newline=True)


@attrs.define
class Play:
    """One game at the keyboard (see the module's text)."""

    table: Table[State[Any, Any, Any]]
    humans: tuple[int, ...]
    bots: dict[int, Any]
    screen: Screen
    log: str
    pace: float = 3.0
    bot_delay: float = 0.5
    rng: random.Random = attrs.Factory(random.Random)
    message: str = ""
    last_human: int | None = None
    moves: int = 0
    """Decisions made so far (chance not counted): the prompt shows the next one's number."""
    hint: Any = None
    """A bot with ``hint(state, seat)`` (``--hint``): ``hint`` or ``?`` shows its ranking."""

    # -- drawing --
    def _who(self, seat: int) -> str:
        game = self.table.game
        if seat in self.humans:
            return f"seat {seat} (you)" if len(self.humans) == 1 else f"seat {seat} (person)"
        if getattr(game, "host", None) == seat:
            return f"seat {seat} (the host's chair)"
        bot = self.bots.get(seat)
        return f"seat {seat} ({bot.name if bot is not None else 'bot'})"

    def draw(self, seat: int | None, prompt: bool, moves: Sequence[Action] = ()) -> None:
        table = self.table
        game = table.game
        view = table.view(seat)
        picture = view.render() if hasattr(view, "render") else repr(view)
        notes = getattr(game, "live_notes", None)  # live odds (Ready Set Bet), from the view
        if callable(notes):
            picture += notes(view)
        events, _ = table.events(seat)
        words = [event_words(e.to_data()) for e in events[-EVENTS_SHOWN:]]
        to_act = ", ".join(self._who(s) for s in table.to_act) or "nobody: the game is over"
        watcher = "a spectator" if seat is None else self._who(seat)
        parts = [  # the title stays short: a long "to act" list went past the frame
            (f"{game.title}, as {watcher} sees it", f"to act: {to_act}\n{picture}", ""),
            ("recent events", "\n".join(words) or "(none yet)", ""),
        ]
        if moves:
            lines = _columns(
                [
                    f"{i:>3}  {move_text(a)}{_gloss(view, a)}"
                    for i, a in enumerate(moves[:MOVES_SHOWN], 1)
                ],
                self.screen.console.width - 4,
            )
            if len(moves) > MOVES_SHOWN:
                lines.append(f"     ... and {len(moves) - MOVES_SHOWN} more: type them")
            lines.append("type a number or a move (kind, then its fields); q saves and quits")
            parts.append(("your moves", "\n".join(lines), "green"))
        prompt_text = ""
        if prompt:
            who = "" if seat is None or len(self.humans) == 1 else f"seat {seat}, "
            prompt_text = f"{who}move {self.moves + 1}> "
        self.screen.draw(parts, self.message, prompt_text)

    # -- acting --
    def submit(self, seat: int, text: str, moves: Sequence[Action]) -> bool:
        """Submit what ``seat`` typed; ``False`` (and the reason on screen) if refused."""
        game = self.table.game
        try:
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(moves):
                    self.message = f"refused: no move {number}; choose 1 to {len(moves)}"
                    return False
                action = moves[number - 1]
            else:
                action = parse_move(game, seat, text)
        except MalformedAction as exc:
            self.message = f"refused: {exc}"
            return False
        verdict = self.table.submit(seat, action)
        if not verdict.accepted:
            self.message = f"refused: {verdict.reason}"
            return False
        self.moves += 1
        self.message = f"seat {seat}: {move_text(action)}"
        return True

    def bot_move(self, seat: int) -> None:
        state = self.table.state()
        action = self.bots[seat].choose(state, seat)
        if self.table.submit(seat, action).accepted:
            self.moves += 1

    def realtime(self) -> bool:
        """Whether a real-time race runs now: the host's chair rolls while others bet."""
        host = getattr(self.table.game, "host", None)
        to_act = self.table.to_act
        return host is not None and host in to_act and host not in self.humans

    # -- the loop --
    def run(self, read: Callable[[], str | None]) -> None:
        while not self.table.is_over:
            if self.realtime():
                self.race(read)
                continue
            to_act = self.table.to_act
            for seat in to_act:
                if seat not in self.humans:
                    self.bot_move(seat)
                    if self.humans and self.bot_delay:
                        self.draw(self.humans[0] if len(self.humans) == 1 else None, False)
                        time.sleep(self.bot_delay)
                    break
            else:
                self.turn(to_act[0], read)

    def turn(self, seat: int, read: Callable[[], str | None]) -> None:
        if len(self.humans) > 1 and self.last_human != seat:
            self.screen.draw([("hot seat", f"seat {seat}'s turn: pass the keyboard", "")], "", "")
            self.screen.say(f"seat {seat}: press Enter (q saves and quits)")
            answer = read()
            if answer is None or answer.strip() in ("q", "quit"):
                raise EOFError
        self.last_human = seat
        moves = self.table.legal_actions(seat)
        self.draw(seat, True, moves)
        line = read()
        if line is None:
            raise EOFError
        line = line.strip()
        if line in ("q", "quit"):
            raise EOFError
        if line in ("hint", "?") and self.hint is not None:
            self.message = self.hint_text(seat, moves)
        elif line:
            self.submit(seat, line, moves)

    def hint_text(self, seat: int, moves: Sequence[Action]) -> str:
        """The hint bot's best moves for ``seat``, numbered as on screen, with
        its estimate of the seat's score after each (see
        :class:`~racebook.agents.search.Estimate`)."""
        ranked = self.hint.hint(self.table.state(), seat)
        shown = [
            f"{moves.index(e.action) + 1 if e.action in moves else '-'} {move_text(e.action)}"
            f" ≈ {e.value:,.1f}"
            for e in ranked[:5]
        ]
        return "hint (estimated score): " + "; ".join(shown)

    def race(self, read: Callable[[], str | None]) -> None:
        """The real-time race: the clock rolls every ``pace`` seconds, bots bet
        between rolls (a bot given the chance bets if it is ready: see
        :func:`racebook.agents.base.ready`), people's bets are read as they are typed."""
        from racebook.agents.base import ready as bot_ready

        host = self.table.game.host  # type: ignore[attr-defined]
        watcher = self.humans[0] if len(self.humans) == 1 else None
        self.message = f"the race is on: a roll every {self.pace:g} s (type: pace SECONDS)"
        next_roll = time.monotonic() + self.pace
        self.draw(watcher, True, self._race_moves(watcher))
        while self.realtime() and not self.table.is_over:
            line = _ready_line(max(0.0, next_roll - time.monotonic()))
            if line is not None:
                if line == "":
                    raise EOFError
                self._race_line(line.strip(), watcher)
                self.draw(watcher, True, self._race_moves(watcher))
                continue
            if time.monotonic() < next_roll:
                continue
            for seat in self.table.to_act:
                if (
                    seat in self.bots
                    and seat != host
                    and self.rng.random() < BET_CHANCE
                    and bot_ready(self.bots[seat], self.table.state(), seat)
                ):
                    self.bot_move(seat)
            if host in self.table.to_act:
                rolls = [a for a in self.table.legal_actions(host) if a.kind == "roll"]
                if rolls and self.table.submit(host, rolls[0]).accepted:
                    self.moves += 1
            next_roll = time.monotonic() + self.pace
            self.draw(watcher, True, self._race_moves(watcher))

    def _race_moves(self, seat: int | None) -> list[Action]:
        return self.table.legal_actions(seat) if seat is not None else []

    def _race_line(self, line: str, watcher: int | None) -> None:
        if line in ("q", "quit"):
            raise EOFError
        if line.startswith("pace"):
            try:
                self.pace = max(0.1, float(line.split()[1]))
                self.message = f"a roll every {self.pace:g} s"
            except (IndexError, ValueError):
                self.message = "refused: pace takes seconds, e.g. pace 1.5"
            return
        if line in ("hint", "?") and self.hint is not None and watcher is not None:
            self.message = self.hint_text(watcher, self._race_moves(watcher))
            return
        seat = watcher
        head, sep, rest = line.partition(":")
        if sep and head.strip().isdigit():
            seat, line = int(head), rest.strip()
        if seat is None or seat not in self.humans:
            self.message = (
                f"refused: start the line with your seat ({', '.join(map(str, self.humans))}:)"
            )
            return
        if line:
            self.submit(seat, line, self._race_moves(seat))


def _gloss(view: Any, action: Action) -> str:
    """A move's meaning where its notation is a bare number: the trick race's
    tickets (``bet 0``: the win ticket), Ready Set Bet's spots (what they pay).

    >>> import racebook
    >>> from racebook.games.trickrace import Bet
    >>> _gloss(None, Bet(0, 0)), _gloss(None, Bet(0, 3))
    (' (the win ticket)', ' (horse 3)')
    """
    if action.kind == "bet" and isinstance(getattr(action, "ticket", None), int):
        ticket = action.ticket  # type: ignore[attr-defined]
        return " (the win ticket)" if ticket == 0 else f" (horse {ticket})"
    spot = getattr(action, "spot", None)
    rates = getattr(view, "rates", None)
    if isinstance(spot, str) and rates:
        for name, mult, loss in rates:
            if name == spot:
                return f" (pays {mult} to 1" + (f", {loss} if it loses)" if loss else ")")
    return ""


def _columns(items: Sequence[str], width: int) -> list[str]:
    """``items`` in as many columns as fit in ``width``, numbered down the columns.

    >>> _columns(["1 a", "2 b", "3 c"], 12)
    ['1 a   3 c', '2 b']
    """
    if not items:
        return []
    cell = max(len(i) for i in items) + 3
    per_row = max(1, width // cell)
    rows = -(-len(items) // per_row)
    return [
        "".join(
            items[r + c * rows].ljust(cell) for c in range(per_row) if r + c * rows < len(items)
        ).rstrip()
        for r in range(rows)
    ]


def _ready_line(timeout: float) -> str | None:
    """A line typed within ``timeout`` seconds (``""`` at the end of input),
    else ``None``."""
    try:
        ready, _, _ = select.select([sys.stdin], [], [], timeout)
    except (OSError, ValueError):  # no select on this input: wait, then read
        time.sleep(timeout)
        ready = [sys.stdin]
    if not ready:
        return None
    return sys.stdin.readline()


def _read() -> str | None:
    try:
        return input()
    except EOFError:
        return None


# -- the command -------------------------------------------------------------------------


def _humans(args: argparse.Namespace, game: Game[Any, Any]) -> tuple[int, ...]:
    from racebook.cli.plugins import UsageError

    seats = tuple(dict.fromkeys(args.seat or [0]))
    for s in seats:
        if not 0 <= s < game.players:
            raise UsageError(f"--seat {s}: {game.title} has players 0 to {game.players - 1}")
    return seats


def cmd_play(args: argparse.Namespace) -> int:
    """Run ``racebook play``."""
    try:
        import rich  # noqa: F401
    except ImportError:
        print(
            "racebook play needs rich, in the cli extra: pip install 'racebook[cli]'",
            file=sys.stderr,
        )
        return 2
    from racebook.agents.base import make_bot
    from racebook.agents.search import level_bot
    from racebook.cli import _bots, _game, _standings
    from racebook.cli.plugins import _plugins

    if args.resume:
        _plugins(args)  # the house rules the logged game's config names
        table = Table.resume(args.resume, seed=args.seed)
        log = args.resume
        game = table.game
        if args.bots and len(args.bots.split(",")) > game.players:
            _bots(args, game)  # the usage error
    else:
        game = _game(args)
        log = args.log or f"play-{game.id}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        table = Table(game.new_state(seed=args.seed), log=log)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    humans = _humans(args, game)
    names = _bots(args, game)
    bots = {s: make_bot(game.id, names[s], seed + s) for s in range(game.players)}
    bots.update({s: make_bot(game.id, "random", seed + s) for s in range(game.players, game.seats)})
    for s in humans:
        del bots[s]
    play = Play(
        table,
        humans,
        bots,
        Screen(clear=not args.no_clear),
        log,
        pace=args.pace,
        bot_delay=args.bot_delay,
        rng=random.Random(seed),
        moves=sum(1 for a in table.state().log.actions if a.seat != CHANCE),
        hint=level_bot("normal")(seed) if args.hint else None,
    )
    try:
        play.run(_read)
    except KeyboardInterrupt:  # maybe mid-move: the log keeps every complete move
        table.close()
        print(f"\ninterrupted; racebook play --resume {log} continues the game")
        return 130
    except EOFError:  # q, or the end of the input: saved on purpose
        table.save()
        print(
            f"\ngame saved to {log}: racebook play --resume {log} continues it; "
            f"racebook replay {log} --html page.html shows it"
        )
        return 0
    table.close()
    play.message = "the game is over"
    play.draw(humans[0] if len(humans) == 1 else None, False)
    print(_standings(table.state()))
    print(f"log saved to {log}; racebook replay {log} --html page.html shows it again")
    return 0


def add_play(
    command: Callable[[str, str], argparse.ArgumentParser],
    game_options: Callable[[argparse.ArgumentParser], None],
) -> None:
    """Register ``racebook play``."""
    p = command("play", "play seats of a game against bots on a terminal table (rich)")
    game_options(p)
    p.set_defaults(seed=None, func=cmd_play)
    p.add_argument(
        "--seat",
        type=int,
        action="append",
        metavar="N",
        help="a seat a person plays; give it again for more people at one keyboard "
        "(default: seat 0)",
    )
    p.add_argument(
        "--log",
        metavar="FILE",
        help="write the game's log here as play goes (default: play-GAME-TIME.jsonl)",
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        help="continue the game logged in FILE (saved on quit or Ctrl-C), writing on there",
    )
    p.add_argument(
        "--pace",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="Ready Set Bet: seconds between the host's rolls in the real-time race",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="a pause after each bot move, to follow the game",
    )
    p.add_argument(
        "--hint",
        action="store_true",
        help="typing hint (or ?) shows the search bot's best moves with its estimate of each",
    )
    p.add_argument(
        "--no-clear",
        action="store_true",
        help="do not clear the screen between drawings (default: full screen)",
    )

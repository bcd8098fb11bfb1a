"""The ``racebook`` command: demo, replay, simulate, games, variants."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import racebook
from racebook.core.errors import ConfigError, LogError, RacebookError, clip
from racebook.core.game import Game, State


def _plugins(args: argparse.Namespace) -> None:
    # A module named on the command line (never in a file) that registers rule modules.
    for name in getattr(args, "plugin", None) or []:
        if "" not in sys.path and os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())  # like `python -m`: the current folder first
        try:
            importlib.import_module(name)
        except ImportError as exc:
            raise ConfigError("plugin", f"cannot import {name!r}: {exc}") from None


def _game(args: argparse.Namespace) -> Game[Any]:
    _plugins(args)
    settings: dict[str, Any] = {}
    if getattr(args, "players", None) is not None:
        settings["players"] = args.players
    if getattr(args, "variant", None):
        from racebook.core.registry import config_with
        from racebook.variants import load_variant

        game = load_variant(args.variant)
        if args.game and args.game not in (game.id, *racebook.games()[game.id].presets):
            raise ConfigError("game", f"{args.variant} is a {game.id} variant, not {args.game}")
        return type(game)(config_with(game.config, settings)) if settings else game
    if not args.game:
        raise ConfigError("game", "name a game (racebook games lists them) or give --variant")
    name: str = args.game
    return racebook.load(name, **settings)


def _bots(args: argparse.Namespace, seats: int) -> list[str]:
    if not args.bots:
        return ["random"] * seats
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not names or len(names) > seats:
        raise ConfigError("bots", f"{len(names)} bots for {seats} seats")
    return names + [names[-1]] * (seats - len(names))  # the last name fills the table


def _standings(state: State[Any]) -> str:
    result = state.result
    if result is None:
        return f"game in progress after {len(state.log)} actions; to act: {state.to_act}"
    rows = sorted(range(len(result.scores)), key=lambda s: result.places[s])
    lines = [f"{'place':>5}  {'seat':>4}  {'score':>10}"]
    lines += [f"{result.places[s]:>5}  {s:>4}  {result.scores[s]:>10,}" for s in rows]
    lines.append(f"winner(s): {', '.join(f'seat {s}' for s in result.winners)}")
    return "\n".join(lines)


def cmd_demo(args: argparse.Namespace) -> int:
    from racebook.agents.base import make_bot

    game = _game(args)
    bots = [
        make_bot(game.id, name, args.seed + s) for s, name in enumerate(_bots(args, game.players))
    ]
    bots += [make_bot(game.id, "random", args.seed + s) for s in range(game.players, game.seats)]
    state = game.new_state(seed=args.seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(bots[seat].choose(state, seat))
    text = state.log.dumps()
    if args.log:
        Path(args.log).write_text(text, encoding="utf-8")
        print(
            f"{game.title}: {len(state.log)} actions logged to {args.log} "
            f"({len(text.encode()):,} bytes)"
        )
    print("bots: " + ", ".join(f"seat {s} {b.name}" for s, b in enumerate(bots)))
    print(_standings(state))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    _plugins(args)
    try:
        text = _read_log(Path(args.file))
    except (OSError, UnicodeDecodeError) as exc:
        print(f"racebook replay: cannot read {args.file}: {clip(str(exc))}", file=sys.stderr)
        return 2
    except LogError as exc:
        print(f"racebook replay: {args.file}: {exc}", file=sys.stderr)
        return 1
    try:
        state = racebook.replay(text)
    except LogError as exc:
        print(f"racebook replay: {args.file}: {exc}", file=sys.stderr)
        return 1
    print(
        f"{args.file}: {state.game.title}, {len(state.log)} actions, replay verified "
        f"(digest {state.digest()})"
    )
    print(_standings(state))
    return 0


def _read_log(path: Path) -> str:
    """A log file's text; its size is checked before a byte is read."""
    from racebook.core.log import MAX_BYTES

    with path.open("rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > MAX_BYTES:
            raise LogError(1, f"log of {size:,} bytes; at most {MAX_BYTES:,}")
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:  # a pipe or a file that grew: never more than the limit
        raise LogError(1, f"log larger than {MAX_BYTES:,} bytes")
    return data.decode("utf-8")


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _game(args)
    bots = _bots(args, game.players)
    progress, done = _progress(args.games)
    try:
        summary = racebook.simulate(game, bots, games=args.games, seed=args.seed, progress=progress)
    finally:
        done()
    header = (
        f"{game.title}: {summary.games} games, seed {summary.seed}, "
        f"{summary.mean_actions:.0f} actions a game"
    )
    rows = [
        (str(s.seat), s.bot, f"{s.mean_score:,.0f}", f"{s.win_rate:.1%}", f"{s.mean_place:.2f}")
        for s in summary.seats
    ]
    _table(header, ("seat", "bot", "mean score", "win rate", "mean place"), rows)
    return 0


def _progress(total: int) -> tuple[Any, Any]:
    try:
        from rich.progress import Progress
    except ImportError:
        return None, lambda: None
    if not sys.stderr.isatty():
        return None, lambda: None
    bar = Progress(transient=True)
    bar.start()
    task = bar.add_task("simulating", total=total)
    return (lambda n: bar.update(task, completed=n)), bar.stop


def _table(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(columns)]
        print(title)
        print("  ".join(c.rjust(w) for c, w in zip(columns, widths, strict=True)))
        for r in rows:
            print("  ".join(v.rjust(w) for v, w in zip(r, widths, strict=True)))
        return
    table = Table(title=title)
    for c in columns:
        table.add_column(c, justify="right")
    for r in rows:
        table.add_row(*r)
    Console().print(table)


def cmd_games(args: argparse.Namespace) -> int:
    for info in racebook.games().values():
        print(f"{info.id:<12} {info.title}  presets: {', '.join(info.presets)}")
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    import attrs

    from racebook.core.serial import to_data
    from racebook.variants import rule_names

    for preset in racebook.presets().values():
        print(f"{preset.name} ({preset.game}): {preset.description}")
        data = to_data(preset.config)
        for f in attrs.fields(type(preset.config)):
            print(f"    {f.name} = {data[f.name]!r}")
    print("rule modules: " + ", ".join(rule_names()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="racebook", description=__doc__)
    parser.add_argument("--version", action="version", version=racebook.__version__)
    sub = parser.add_subparsers(dest="command", required=True)

    demo = sub.add_parser("demo", help="play one logged game between bots")
    demo.add_argument("game", nargs="?")
    demo.add_argument("--variant", help="a variant file (.toml or .json)")
    demo.add_argument("--plugin", action="append", help="import this module first (house rules)")
    demo.add_argument("--players", type=int)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--bots", help="comma-separated bot names by seat; the last fills the rest")
    demo.add_argument("--log", help="write the game's log (JSON Lines) here")
    demo.set_defaults(func=cmd_demo)

    rep = sub.add_parser("replay", help="verify a log and print the standings")
    rep.add_argument("file")
    rep.add_argument("--plugin", action="append", help="import this module first (house rules)")
    rep.set_defaults(func=cmd_replay)

    sim = sub.add_parser("simulate", help="play many bot games and print a table")
    sim.add_argument("game", nargs="?")
    sim.add_argument("--variant", help="a variant file (.toml or .json)")
    sim.add_argument("--plugin", action="append", help="import this module first (house rules)")
    sim.add_argument("--players", type=int)
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", help="comma-separated bot names by seat; the last fills the rest")
    sim.set_defaults(func=cmd_simulate)

    sub.add_parser("games", help="list the games").set_defaults(func=cmd_games)
    sub.add_parser("variants", help="list presets and their settings").set_defaults(
        func=cmd_variants
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except LogError as exc:  # bad input: one line, never a traceback
        print(f"racebook: {exc}", file=sys.stderr)
        return 1
    except RacebookError as exc:
        print(f"racebook: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file that cannot be read or written
        print(f"racebook: {clip(str(exc))}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    raise SystemExit(main())

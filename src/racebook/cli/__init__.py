"""The racebook command: play a logged demo game between bots, verify a game's
log, simulate many bot games, list the games and the variant presets.

Run "racebook COMMAND --help" for the options of one command."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

import racebook
from racebook.cli import analysing, watching
from racebook.cli.options import backend as _backend
from racebook.cli.options import complain, worker_options
from racebook.cli.options import count as _count
from racebook.cli.play import add_play
from racebook.cli.plugins import (
    UsageError,
    _plugins,
    _plugins_in,
    _unknown_rule,
    import_plugin,
)
from racebook.cli.presets import WIDTH, preset_lines
from racebook.cli.serving import add_serve
from racebook.cli.tournament import add_tournament
from racebook.core.errors import ConfigError, LogError, RacebookError, clip
from racebook.core.game import Game, State
from racebook.core.logfile import read_log_file, write_file

# --- the commands ---


def _game(args: argparse.Namespace) -> Game[Any, Any]:
    _plugins(args)
    settings: dict[str, Any] = {}
    if getattr(args, "players", None) is not None:
        settings["players"] = args.players
    if getattr(args, "variant", None):
        from racebook.core.registry import config_with
        from racebook.variants import load_variant

        game = load_variant(args.variant)
        if args.game and args.game not in (game.id, *racebook.registered_games()[game.id].presets):
            raise ConfigError("game", f"{args.variant} is a {game.id} variant, not {args.game}")
        return type(game)(config_with(game.config, settings)) if settings else game
    if not args.game:
        raise UsageError("name a game (racebook games lists them) or give --variant FILE")
    name: str = args.game
    return racebook.load(name, **settings)


def _bots(args: argparse.Namespace, game: Game[Any, Any]) -> list[str]:
    players = game.players
    if not args.bots:
        return ["random"] * players
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not names or len(names) > players:
        raise UsageError(f"--bots names {len(names)} bots for {players} players")
    return names + [names[-1]] * (players - len(names))  # the last name fills the table


def _standings(state: State[Any, Any, Any]) -> str:
    result = state.result
    if result is None:
        return f"game in progress after {len(state.log)} actions; to act: {state.to_act}"
    rows = sorted(range(len(result.scores)), key=lambda s: result.places[s])
    lines = [f"{'place':>5}  {'seat':>4}  {'score':>10}"]
    lines += [f"{result.places[s]:>5}  {s:>4}  {result.scores[s]:>10,}" for s in rows]
    lines.append(f"winner(s): {', '.join(f'seat {s}' for s in result.winners)}")
    return "\n".join(lines)


def _seat_name(game: Game[Any, Any], seat: int) -> str:
    if seat < game.players:
        return f"seat {seat}"
    return (
        f"seat {seat} (host)" if getattr(game, "host", None) == seat else f"seat {seat} (no player)"
    )


def _unwritable(path: str) -> str | None:
    """Why a file cannot be written at ``path`` (``None``: it can), found
    without changing it: its folder must take a new file, and the path must
    not be a folder."""
    import tempfile

    if os.path.isdir(path):
        return "it is a folder"
    try:
        with tempfile.TemporaryFile(dir=os.path.dirname(os.path.abspath(path))):
            pass
    except OSError as exc:
        return clip(exc.strerror or str(exc))
    return None


def cmd_demo(args: argparse.Namespace) -> int:
    from racebook.agents.base import make_bot

    game = _game(args)
    bots = [make_bot(game.id, name, args.seed + s) for s, name in enumerate(_bots(args, game))]
    bots += [make_bot(game.id, "random", args.seed + s) for s in range(game.players, game.seats)]
    if args.log:  # tried first: a path that cannot be written fails before the game
        problem = _unwritable(args.log)
        if problem:
            complain(f"racebook demo: cannot write {args.log}: {problem}")
            return 2
    state = game.new_state(seed=args.seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(bots[seat].choose(state, seat))
    text = state.log.dumps()
    if args.log:
        try:  # the full log, every secret in it: its owner's only, as every full log
            write_file(args.log, text, private=True)
        except OSError as exc:
            reason = clip(exc.strerror or str(exc))
            complain(f"racebook demo: cannot write {args.log}: {reason}")
            return 2
    if args.log:
        print(
            f"{game.title}: {len(state.log)} actions logged to {args.log} "
            f"({len(text.encode()):,} bytes)"
        )
    print("bots: " + ", ".join(f"{_seat_name(game, s)} {b.name}" for s, b in enumerate(bots)))
    print(_standings(state))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    _plugins(args)
    try:
        text = read_log_file(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        complain(f"racebook replay: cannot read {args.file}: {clip(str(exc))}")
        return 2
    except LogError as exc:
        complain(f"racebook replay: {args.file}: {exc}")
        return 1
    try:  # only the page needs the game's history: without it, one state's memory
        state = racebook.replay(text, history=bool(getattr(args, "html", None)))
    except LogError as exc:
        complain(f"racebook replay: {args.file}: {_unknown_rule(exc) or exc}")
        return 1
    print(
        f"{args.file}: {state.game.title}, {len(state.log)} actions, replay verified "
        f"(digest {state.digest()})"
    )
    print(_standings(state))
    return watching.write_html(args, state) if getattr(args, "html", None) else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    import json

    from racebook.core.serial import to_data

    game = _game(args)
    bots = _bots(args, game)
    out = None
    if args.jsonl:
        try:
            out = open(args.jsonl, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            complain(f"racebook simulate: {args.jsonl}: {exc.strerror or exc}")
            return 1

    try:
        logs = analysing.open_logs(args)
    except OSError as exc:
        complain(f"racebook simulate: {args.logs}: {exc.strerror or exc}")
        return 1

    def write(record: Any) -> None:
        if out is not None:
            out.write(json.dumps(record.to_data(), separators=(",", ":")) + "\n")
        if logs is not None:
            logs.write(record)

    progress, done = _progress(args.games)
    try:
        summary = racebook.simulate(
            game,
            bots,
            games=args.games,
            seed=args.seed,
            progress=progress,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            on_game=write if out is not None or logs is not None else None,
            logs=logs is not None,
        )
    except ImportError as exc:
        complain(f"racebook simulate: {exc}")
        return 1
    finally:
        done()
        if out is not None:
            out.close()
        if logs is not None:
            logs.close()
    if out is not None:
        with open(args.jsonl, "a", encoding="utf-8") as tail:
            tail.write(json.dumps({"summary": to_data(summary)}, separators=(",", ":")) + "\n")
    header = (
        f"{game.title}: {summary.games} games, seed {summary.seed}, "
        f"{summary.mean_actions:.0f} actions a game"
    )
    rows = [
        (str(s.seat), s.bot, f"{s.mean_score:,.0f}", f"{s.win_rate:.1%}", f"{s.mean_place:.2f}")
        for s in summary.seats
    ]
    _table(header, ("seat", "bot", "mean score", "win rate", "mean place"), rows)
    if getattr(args, "chart", None):
        watching.simulate_chart(args, game, bots)
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
    _plugins(args)
    for info in racebook.registered_games().values():
        print(f"{info.id:<12} {info.title}  presets: {', '.join(info.presets)}")
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    from racebook.variants import rule_names

    _plugins(args)
    presets = racebook.presets()
    if args.name:
        preset = presets[args.name]
        title = racebook.registered_games()[preset.game].title
        print(f"{preset.name}: a preset of {title} (game id {preset.game})")
        print(textwrap.fill(preset.description, WIDTH))
        print("settings:")
        for line in preset_lines(preset.config):
            print("    " + line)
        return 0
    for preset in presets.values():
        print(f"{preset.name} ({preset.game}): {preset.description}")
    print(f"rule modules: {', '.join(rule_names()) or 'none'}")
    return 0


class _Help(argparse.RawDescriptionHelpFormatter):
    """Every option's help ends with its default and its choices."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if action.choices is not None and not isinstance(action.choices, dict):
            text += f" (one of: {', '.join(str(c) for c in action.choices)})"
        if (
            "default" not in text
            and action.option_strings
            and action.default is not None
            and action.default is not False
            and action.default != argparse.SUPPRESS
        ):
            text += " (default: %(default)s)"
        return text


class _Parser(argparse.ArgumentParser):
    """A parser whose errors are one line: what was wrong and where help is."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {clip(message)} (see {self.prog} --help)\n")


def _integer(text: str) -> int:
    """An argparse type: any whole number (a seed)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {clip(text, 40)!r}") from None


def build_parser() -> argparse.ArgumentParser:
    """The ``racebook`` command's parser; the games and presets registered now
    (built-in, or by a plugin already imported) are the valid game names."""
    names = list(racebook.presets())
    parser = _Parser(prog="racebook", description=__doc__, formatter_class=_Help)
    parser.add_argument("--version", action="version", version=racebook.__version__)
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        metavar="COMMAND",
        help="the command to run:",
    )

    def command(name: str, text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=text, description=text, formatter_class=_Help)

    def plugin(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--plugin",
            action="append",
            metavar="MODULE_OR_FILE",
            help="import this first, so that the house-rule modules it registers can be "
            "named: a module name (house_rules, found from the current folder) or a .py "
            "file (path/to/house_rules.py); may be given more than once (default: none)",
        )

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "game",
            nargs="?",
            choices=names,
            metavar="GAME",
            help="a game id or preset name (default: none; name one or give --variant)",
        )
        p.add_argument(
            "--variant",
            metavar="FILE",
            help="a variant file (.toml or .json) naming a preset and the settings it changes "
            "(default: none, the game's preset as it is)",
        )
        plugin(p)
        p.add_argument(
            "--players",
            type=_count,
            metavar="N",
            help="how many players (default: the preset's)",
        )
        p.add_argument("--seed", type=_integer, default=1, metavar="N", help="the random seed")
        p.add_argument(
            "--bots",
            metavar="NAMES",
            help="bot names by player, comma-separated: random or heuristic; the last name "
            "plays for every player after it (default: random for every player)",
        )

    demo = command(
        "demo", "play one game between bots and print the standings (--log keeps its log)"
    )
    game_options(demo)
    demo.add_argument(
        "--log",
        metavar="FILE",
        help="write the game's log (JSON Lines) to this file (default: no log written)",
    )
    demo.set_defaults(func=cmd_demo)

    rep = command("replay", "replay a log, verify every action, print the standings")
    rep.add_argument("file", metavar="FILE", help="the log file (JSON Lines) to replay")
    watching.replay_options(rep)
    plugin(rep)
    rep.set_defaults(func=cmd_replay)

    sim = command("simulate", "play many games between bots and print per-player statistics")
    game_options(sim)
    sim.add_argument(
        "--games", type=_count, default=1000, metavar="N", help="how many games to play"
    )
    watching.simulate_options(sim)
    worker_options(sim)
    sim.add_argument(
        "--jsonl",
        default=None,
        metavar="FILE",
        help="write one JSON line per game, then the summary, to this file (default: none)",
    )
    analysing.logs_option(sim)
    sim.set_defaults(func=cmd_simulate)
    analysing.records_command(command)

    games = command("games", "list the games and their presets")
    plugin(games)
    games.set_defaults(func=cmd_games)

    variants = command(
        "variants", "list the presets, one a line, or show the settings of one preset"
    )
    variants.add_argument(
        "name",
        nargs="?",
        choices=names,
        metavar="NAME",
        help="show this preset's settings, one a line (default: list every preset)",
    )
    plugin(variants)
    variants.set_defaults(func=cmd_variants)
    watching.add_chart(command, plugin)
    add_play(command, game_options)
    add_tournament(command, game_options, _backend, _count)
    add_serve(command, plugin)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``racebook`` command with ``argv`` (default: ``sys.argv[1:]``);
    return its exit code: 0 done, 1 a log that does not replay, 2 bad input
    (a bad argument or setting, a file that cannot be read or written)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        for spec in _plugins_in(argv):
            import_plugin(spec)
        args = build_parser().parse_args(argv)
        code: int = args.func(args)
    except LogError as exc:  # bad input: one line, never a traceback
        complain(f"racebook: {_unknown_rule(exc) or exc}")
        return 1
    except RacebookError as exc:
        complain(f"racebook: {_unknown_rule(exc) or exc}")
        return 2
    except BrokenPipeError:  # `racebook variants | head`: the reader has gone, say nothing
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:  # a file that cannot be read or written
        complain(f"racebook: {clip(str(exc))}")
        return 2
    return code


if __name__ == "__main__":
    raise SystemExit(main())

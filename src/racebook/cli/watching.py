"""The command line's ways to look at a game: ``replay --html`` writes the
replay page, ``chart`` draws SVG charts of a logged game."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from racebook.cli.options import complain
from racebook.cli.plugins import UsageError
from racebook.core.errors import LogError, clip
from racebook.core.game import Game, State
from racebook.core.logfile import read_log_file, write_file
from racebook.core.replay import replay


def _seat(text: str) -> int | None:
    """An argparse type: a seat number, or ``spectator``."""
    if text in ("spectator", "none"):
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a seat number: {clip(text, 40)!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seat is 0 or more, got {value}")
    return value


def replay_options(p: argparse.ArgumentParser) -> None:
    """``--html FILE`` and ``--seat N`` for ``racebook replay``."""
    p.add_argument(
        "--html",
        metavar="OUT",
        help="also write a self-contained HTML page that steps through the game "
        "(default: none written)",
    )
    p.add_argument(
        "--seat",
        type=_seat,
        metavar="N",
        help="the page shows the game as this seat saw it, nothing hidden from it "
        "(default: a spectator's view)",
    )


def write_html(args: argparse.Namespace, state: State[Any, Any, Any]) -> int:
    """Write the replay page ``args.html`` of the replayed ``state``."""
    from racebook.watch.html import page_html
    from racebook.watch.steps import state_steps

    seat = getattr(args, "seat", None)
    if seat is not None and seat >= state.game.seats:
        raise UsageError(f"--seat {seat}: {state.game.title} has seats 0 to {state.game.seats - 1}")
    page = page_html(state_steps(state, seat))
    write_file(args.html, page)  # whole or not at all
    who = "a spectator" if seat is None else f"seat {seat}"
    print(f"replay page as {who} saw it: {args.html} ({len(page.encode()):,} bytes)")
    return 0


def _read(path: str) -> State[Any, Any, Any] | int:
    try:
        text = read_log_file(path)
    except (OSError, UnicodeDecodeError) as exc:
        complain(f"racebook chart: cannot read {path}: {clip(str(exc))}")
        return 2
    except LogError as exc:
        complain(f"racebook chart: {path}: {exc}")
        return 1
    return replay(text)


def cmd_chart(args: argparse.Namespace) -> int:
    from racebook.watch.charts import game_charts

    state = _read(args.file)
    if isinstance(state, int):
        return state
    out = Path(args.out) if args.out else Path(args.file).with_suffix("")
    charts = game_charts(state)
    if not charts:
        complain(f"racebook chart: {state.game.title} has nothing to chart")
        return 1
    for name, svg in charts.items():
        path = out.parent / f"{out.name}-{name}.svg"
        write_file(path, svg)
        print(f"{name}: {path}")
    return 0


def add_chart(
    command: Callable[[str, str], argparse.ArgumentParser],
    plugin: Callable[[argparse.ArgumentParser], None],
) -> None:
    """Register ``racebook chart``."""
    p = command("chart", "draw SVG charts of a logged game: positions by step, money by race")
    p.add_argument("file", metavar="FILE", help="the log file (JSON Lines) to chart")
    p.add_argument(
        "--out",
        metavar="PREFIX",
        help="write PREFIX-positions.svg, PREFIX-money.svg ... (default: the log's path "
        "without its suffix)",
    )
    plugin(p)
    p.set_defaults(func=cmd_chart)


def simulate_options(p: argparse.ArgumentParser) -> None:
    """``--chart FILE`` for ``racebook simulate``."""
    p.add_argument(
        "--chart",
        metavar="SVG",
        help="also write an SVG chart of the final money per seat and bot (games played "
        "again one by one, seeds SEED, SEED+1, ...; at most 2000) (default: none)",
    )


def simulate_chart(args: argparse.Namespace, game: Game[Any, Any], bots: list[str]) -> None:
    """Write the distribution chart of ``racebook simulate --chart``."""
    from racebook.watch.charts import distribution_chart, simulated_scores

    games = min(args.games, 2000)
    scores = simulated_scores(game, bots, games=games, seed=args.seed)
    title = f"{game.title}: final money over {games} games"
    write_file(args.chart, distribution_chart(title, scores))
    print(f"chart: {args.chart}")

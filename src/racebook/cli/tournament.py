"""``racebook tournament``: bots against each other, seats rotated, a table of
win rates and mean scores with 95% confidence intervals."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from racebook.cli.options import complain, worker_options

DEFAULT_BOTS = "random,heuristic,search:easy,search:hard"


def cmd_tournament(args: argparse.Namespace) -> int:
    """Run ``racebook tournament``."""
    from racebook.cli import _game, _progress
    from racebook.tournament import tournament

    game = _game(args)
    names = [n.strip() for n in (args.bots or DEFAULT_BOTS).split(",") if n.strip()]
    progress, done = _progress(args.games)
    try:
        result = tournament(
            game,
            names,
            games=args.games,
            seed=args.seed,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=progress,
        )
    except ImportError as exc:
        complain(f"racebook tournament: {exc}")
        return 1
    finally:
        done()
    print("\n".join(result.lines()))
    return 0


def add_tournament(
    command: Callable[[str, str], argparse.ArgumentParser],
    game_options: Callable[[argparse.ArgumentParser], None],
    backend: Callable[[str], str],
    count: Callable[[str], int],
) -> None:
    """Register ``racebook tournament``."""
    p = command(
        "tournament",
        "bots against each other, seats rotated: win rates and mean scores with 95%% "
        "confidence intervals",
    )
    game_options(p)
    p.set_defaults(func=cmd_tournament)
    for action in p._actions:
        if action.dest == "bots":
            action.help = (
                "the bots, comma-separated (a name may repeat): game i seats them in "
                f"the list's order turned by i (default: {DEFAULT_BOTS})"
            )
    p.add_argument("--games", type=count, default=100, metavar="N", help="how many games")
    worker_options(p)

"""The listing loop in the trick race and Force of the Horse (issue #38):
``to_act``, ``legal_actions(seat)``, a uniform choice, ``apply`` with the log
kept (:func:`loops.listing_loop`), against each game's reference loop (and
the shared bare loop where there is one), CPU medians of interleaved rounds;
``play_random`` beside it.

Run by benchmarks/run.py (``make bench``), or alone (only these rows)::

    PYTHONPATH=src python benchmarks/listing_tt.py [GAMES] [REPEATS] [BENCH_DIR]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
from loops import interleaved, listing_loop  # benchmarks/loops.py

import racebook

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared" / "bench"
"""The shared bare loops' directory (run.py's ``--bench-dir`` default)."""

Goal = Callable[[str, str, "bool | None"], None]


def plain_forcehorse() -> racebook.Game[Any, Any]:
    """Force of the Horse's sample decks without their abilities (and the
    aptitude modifiers off): the reference loop's game."""
    game = racebook.load("forcehorse")
    cards = tuple(attrs.evolve(c, abilities=()) for c in game.config.cards)
    return type(game)(attrs.evolve(game.config, cards=cards, aptitude=False))


def _reference_games(entry: Callable[..., object], n: int, *extra: Any) -> Callable[[], None]:
    def run() -> None:
        rng = random.Random(1)
        for _ in range(n):
            entry(rng, *extra)

    return run


def _random_games(game: racebook.Game[Any, Any], n: int) -> Callable[[], None]:
    def run() -> None:
        for g in range(n):
            game.new_state(seed=g).play_random(random.Random(g))

    return run


def measure(
    game: racebook.Game[Any, Any], ref: str, bare: Path | None, n: int, repeats: int
) -> dict[str, float]:
    """CPU medians of ``n`` games of each loop: the reference, the shared
    bare loop (if any), the listing loop and ``play_random``."""
    from run import load_module  # benchmarks/run.py

    ours = load_module(HERE / "reference" / f"{ref}.py", f"reference_{ref}")
    assert ours is not None
    fns: dict[str, Callable[[], object]] = {"reference": _reference_games(ours.game, n)}
    theirs = None if bare is None else load_module(bare, f"bare_{bare.stem}")
    if theirs is not None:
        fns["shared bare"] = _reference_games(theirs.game, n, [0, 0, 0])
    fns["listing loop"] = lambda: listing_loop(game, n, 0)
    fns["play_random"] = _random_games(game, n)
    return interleaved(fns, repeats)


GAMES: tuple[tuple[str, str, str | None], ...] = (
    ("trick race", "trickrace", "trickrace_bare"),
    ("Force of the Horse", "forcehorse", None),
)


def report_listing_tt(
    games: int, repeats: int, goal: Goal | None = None, bench_dir: Path = SHARED
) -> None:
    """The rows and goals: the trick race (``games`` games) and Force of the
    Horse without abilities (a fifth as many, its games being longer);
    ``bench_dir``: the shared bare loops, if the directory exists."""
    for short, ref, bare in GAMES:
        game: racebook.Game[Any, Any]
        if ref == "trickrace":
            game, n = racebook.load("trickrace", players=4), games
        else:
            game, n = plain_forcehorse(), max(2, games // 5)
        actions = listing_loop(game, n, 0)
        med = measure(game, ref, None if bare is None else bench_dir / f"{bare}.py", n, repeats)
        base = med["reference"]
        print(
            f"Listing loop, {short}: {n} games, {actions / n:.1f} actions a game "
            f"(CPU medians of {repeats}, interleaved)"
        )
        for name, s in med.items():
            print(f"  {name:<14} {n / s:>10,.1f} games/s  {s / base:5.2f}x reference")
        if "shared bare" in med:
            shared = med["listing loop"] / med["shared bare"]
            print(f"  listing loop vs the shared bare loop: {shared:.2f}x")
        ratio = med["listing loop"] / base
        if goal is not None:
            goal(f"{short}: listing loop vs reference loop, <= 3x", f"{ratio:.2f}x", ratio <= 3)
            if "shared bare" in med:
                goal(f"{short}: listing loop vs shared bare loop", f"{shared:.2f}x", None)
            goal(
                f"{short}: play_random vs reference loop (beside)",
                f"{med['play_random'] / base:.2f}x",
                None,
            )


if __name__ == "__main__":
    args = sys.argv[1:]
    report_listing_tt(
        int(args[0]) if args else 100,
        int(args[1]) if len(args) > 1 else 7,
        bench_dir=Path(args[2]) if len(args) > 2 else SHARED,
    )

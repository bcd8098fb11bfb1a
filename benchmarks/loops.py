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


def main() -> int:
    here = Path(__file__).resolve().parent
    sys.path.insert(0, str(here))
    from run import yardsticks  # benchmarks/run.py

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--bench-dir", type=Path, default=here.parent.parent / "shared" / "bench")
    parser.add_argument("--mafia", action="store_true", help="Mafia's listing loop too")
    args = parser.parse_args()
    ls = yardsticks(args.bench_dir, "longshot", "longshot_bare", "game")
    report_listing("Long Shot", racebook.load("longshot", players=5), ls, args.games, args.repeats)
    if args.mafia:
        report_listing("Mafia", racebook.load("mafia", players=5), ls, args.games, args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Ready Set Bet's rows of issue #38: a full game's listing loop against the
full-game reference loop (``reference/readysetbet_game.py``), and the exact
odds from the start of a race at every track length asked (cold cache).

Run alone (only these rows), from the repository:

    PYTHONPATH=src python benchmarks/rsb.py [--games N] [--repeats N] [--odds-only | --listing-only]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import racebook

HERE = Path(__file__).resolve().parent
Goal = Callable[[str, str, "bool | None"], None]


def _reference() -> Callable[[random.Random], object]:
    from run import REFERENCE, load_module  # benchmarks/run.py

    full = load_module(REFERENCE / "readysetbet_game.py", "reference_readysetbet_game")
    assert full is not None, "missing benchmarks/reference/readysetbet_game.py"
    stats = [0]
    return lambda rng: full.game(rng, stats)


def report_listing(games: int, repeats: int, goal: Goal) -> None:
    """A full Ready Set Bet game's listing loop (to_act, legal_actions, a
    uniform choice, apply, the log kept) against the full-game reference
    loop, ``play_random`` and the random bot beside."""
    from loops import report_listing as listing  # benchmarks/loops.py

    out = listing(
        "Ready Set Bet, 5 bettors, 4 races",
        racebook.load("readysetbet"),
        [("reference loop", _reference())],
        games,
        repeats,
    )
    ratio, beside = out["listing"], out["play_random"]
    goal("Ready Set Bet: listing loop vs full-game reference, <= 3x", f"{ratio:.2f}x", ratio <= 3)
    goal("Ready Set Bet: play_random beside, vs full-game reference", f"{beside:.2f}x", None)


def clear_caches() -> None:
    """Empty the exact odds' process-wide caches (tables, their whole numbers,
    quadrature nodes)."""
    from racebook.games.readysetbet import algebra, exact

    caches = (exact._whole_table, exact.exact_table, exact.float_table, algebra.laguerre)
    for cached in (*caches, algebra.nodes):
        cached.cache_clear()


def _cold_odds(track: int) -> tuple[float, str]:
    """CPU seconds of the odds from the start of a race at ``track`` spaces
    (the most rolls to come: the worst position), every process-wide cache
    emptied first, and the method :func:`odds` took."""
    from racebook.core.game import CHANCE
    from racebook.games.readysetbet import NewRace, odds

    game = racebook.load("readysetbet", players=5, track=track, red_line=min(10, track))
    state = game.new_state(explicit_chance=True)
    state.apply(NewRace(CHANCE, (0, 1, 2, 3, 4), 0))
    clear_caches()
    t = time.process_time()
    found = odds(state)
    return time.process_time() - t, found.method


def report_odds(repeats: int, goal: Goal, tracks: tuple[int, ...] | None = None) -> None:
    """The odds from the start at each track length, cold: CPU medians of
    ``repeats`` (one call where the method is sampling, past the exact
    method's bound)."""
    from racebook.games.readysetbet.config import MAX_TRACK
    from racebook.games.readysetbet.exact import MAX_EXACT_TRACK

    tracks = tracks or (15, 20, MAX_EXACT_TRACK, MAX_TRACK)
    print(
        f"Ready Set Bet odds() from the start, caches emptied first: CPU median of {repeats} "
        f"(exact up to track {MAX_EXACT_TRACK}, sampled past it)"
    )
    for track in tracks:
        runs = [_cold_odds(track)]
        if runs[0][1] == "exact":
            runs += [_cold_odds(track) for _ in range(repeats - 1)]
        seconds = statistics.median(t for t, _ in runs)
        method = runs[0][1]
        print(f"  track {track:>3}: {seconds * 1e3:8.1f} ms ({method})")
        name = f"Ready Set Bet odds(): from the start at track {track}, cold"
        if method == "exact":
            goal(f"{name}, <= 50 ms CPU", f"{seconds * 1e3:.1f} ms", seconds <= 0.05)
        else:  # past the documented bound: 10,000 sampled races
            goal(f"{name}, sampled past {MAX_EXACT_TRACK}", f"{seconds * 1e3:.0f} ms", None)


def report(games: int, repeats: int, goal: Goal) -> None:
    """Ready Set Bet's rows of issue #38 in ``make bench`` (run.py's main)."""
    report_listing(games, repeats, goal)
    report_odds(max(3, repeats), goal)


def main() -> int:
    sys.path.insert(0, str(HERE))
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--odds-only", action="store_true")
    parser.add_argument("--listing-only", action="store_true")
    args = parser.parse_args()
    rows: list[tuple[str, str, bool | None]] = []

    def goal(name: str, figure: str, met: bool | None) -> None:
        rows.append((name, figure, met))

    if not args.odds_only:
        report_listing(args.games, args.repeats, goal)
    if not args.listing_only:
        report_odds(max(1, args.repeats // 2), goal)
    for name, figure, met in rows:
        verdict = "reported" if met is None else "met" if met else "NOT MET"
        print(f"  {name}  {figure}  {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The search bot's decision time (issue #38): CPU seconds of one decision
at each level, at positions drawn from random games of every game, with the
decisions per second and the 99th percentile (goal: the hard level's at most
0.25 s CPU in every game).  Ready Set Bet's bets read a process-wide odds
cache (``readysetbet_search._CHANCES`` and the exact odds' tables): its rows
are timed cold (the caches emptied before each decision) and warm (each
position asked twice, the second timed).

Run by benchmarks/run.py (``make bench``), or alone::

    PYTHONPATH=src python benchmarks/search_time.py [POSITIONS] [LEVEL ...]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import racebook
from racebook.agents.base import RandomBot, make_bot

GAMES = ("longshot", "mafia", "trickrace", "readysetbet", "forcehorse")

Goal = Callable[[str, str, "bool | None"], None]

LIMIT = 0.25
"""The hard level's goal: seconds of CPU at the 99th percentile."""


def positions(game_id: str, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """``count`` positions (a state and the seat to decide) where a seat has a
    real choice (two legal actions or more), drawn evenly from random games."""
    game = racebook.load(game_id)
    found: list[tuple[Any, int]] = []
    rng = random.Random(seed)
    g = seed
    while len(found) < count:
        state = game.new_state(seed=g)
        bot = RandomBot(g)
        g += 1
        while not state.is_over and len(found) < count:
            acting = state.to_act
            seat = acting[0] if len(acting) == 1 else acting[int(rng.random() * len(acting))]
            if len(state.legal_actions(seat)) > 1 and rng.random() < 0.1:
                found.append((state.clone(), seat))
            state.apply(bot.choose(state, seat))
    return found


def cold() -> None:
    """Empty Ready Set Bet's odds caches (a process that never asked)."""
    from racebook.agents import readysetbet_search
    from racebook.games.readysetbet import exact

    readysetbet_search._CHANCES.clear()
    for name in dir(exact):
        cached = getattr(getattr(exact, name), "cache_clear", None)
        if cached is not None:
            cached()


def decision_times(
    game_id: str, level: str, where: list[tuple[Any, int]], warm: bool | None = None
) -> list[float]:
    """CPU seconds of each decision of the ``level`` bot (seed 1) at ``where``
    (``warm`` False: caches emptied first; True: the position asked once before)."""
    times = []
    for k, (state, seat) in enumerate(where):
        bot = make_bot(game_id, f"search:{level}", k)
        if warm is False:
            cold()
        elif warm:
            make_bot(game_id, f"search:{level}", k).choose(state.clone(), seat)
        copy = state.clone()
        t = time.process_time()
        bot.choose(copy, seat)
        times.append(time.process_time() - t)
    return times


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def report_search_time(
    count: int, levels: tuple[str, ...] = ("easy", "normal", "hard"), goal: Goal | None = None
) -> None:
    print(f"Search bot decisions: {count} positions a game from random games (CPU seconds)")
    print(f"  {'game':<22}{'level':<8}{'decisions/s':>12}{'median':>9}{'p99':>9}{'max':>9}")
    for game_id in GAMES:
        where = positions(game_id, count)
        for level in levels:
            runs: list[tuple[str, bool | None]] = [("", None)]
            if game_id == "readysetbet":
                runs = [(", cold", False), (", warm", True)]
            for label, warm in runs:
                times = decision_times(game_id, level, where, warm)
                rate = len(times) / sum(times)
                worst = p99(times)
                print(
                    f"  {game_id + label:<22}{level:<8}{rate:>12.1f}"
                    f"{statistics.median(times):>9.3f}{worst:>9.3f}{max(times):>9.3f}"
                )
                if goal is None:
                    continue
                name = f"search:{level} in {game_id}{label}"
                goal(f"{name}: decisions/s", f"{rate:.1f}/s", None)
                if level == "hard":
                    limit = f"{name}: p99 decision, <= {LIMIT} s CPU"
                    goal(limit, f"{worst:.3f} s", worst <= LIMIT)


if __name__ == "__main__":
    args = sys.argv[1:]
    report_search_time(int(args[0]) if args else 40, tuple(args[1:]) or ("hard",))

"""Long logs and memory peaks, shared by the tests and benchmarks/bounded.py
(which imports this module: one builder, so the benchmark measures the logs
the tests check)."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable
from typing import Any

import racebook
from racebook.agents.base import RandomBot
from racebook.games.readysetbet.race import Roll


def one_roll_at_a_time(races: int, track: int) -> str:
    """A Ready Set Bet log of two random bettors, the host rolling one roll
    at a time: a new position, so new odds, every step."""
    game = racebook.load(
        "readysetbet",
        track=track,
        races=races,
        props_per_race=0,
        exotics=(),
        vip_cards=(),
        players=2,
    )
    state = game.new_state(seed=1)
    bots = [RandomBot(seed=s) for s in range(game.seats)]
    while not state.is_over:
        seat = state.to_act[0]
        rolls = [a for a in state.legal_actions(seat) if isinstance(a, Roll)]
        state.apply(rolls[0] if rolls else bots[seat].choose(state, seat))
    return state.log.dumps()


def peak(fn: Callable[[], Any]) -> int:
    """The most memory ``fn`` held at once while it ran, in bytes (after a
    first run: the tables every replay shares are filled by then)."""
    fn()
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()

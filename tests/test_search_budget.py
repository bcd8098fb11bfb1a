"""The search bot's playout budget (issue #38): a decision spends about the
actions it is given (at most one world more), the same decision for the
same seed, and a bad budget is refused."""

from __future__ import annotations

import random
from typing import Any

import pytest

import racebook
from racebook.agents.search import BUDGET, GAME_LEVELS, SearchBot
from racebook.core.errors import ConfigError


def position() -> tuple[Any, int]:
    state = racebook.load("longshot").new_state(seed=3)
    state.play_random(random.Random(3), 4)
    return state, state.to_act[0]


def bot(budget: int | None) -> SearchBot:
    return SearchBot(1, iterations=60, prune=True, race_end=True, top=4, budget=budget)


def test_a_budget_bounds_the_playout_actions() -> None:
    state, seat = position()
    free = bot(None)
    free.choose(state, seat)
    bounded = bot(1500)
    chosen = bounded.choose(state, seat)
    assert free._spent > 3000  # the search without a budget spends more than the budget
    # each phase stops once past its share, after a whole world (here 3 playouts
    # to the race's end, about 300 actions): at most one world more
    assert 1500 <= bounded._spent < 1500 + 400
    again = bot(1500)
    assert again.choose(state, seat) == chosen  # the same seed, the same decision
    assert again._spent == bounded._spent


def test_the_hard_levels_of_long_shot_and_mafia_have_one() -> None:
    for game in ("longshot", "mafia"):
        assert GAME_LEVELS[(game, "hard")]["budget"] == BUDGET


@pytest.mark.parametrize("budget", [0, -5])
def test_a_bad_budget_is_refused(budget: int) -> None:
    with pytest.raises(ConfigError):
        SearchBot(1, budget=budget)

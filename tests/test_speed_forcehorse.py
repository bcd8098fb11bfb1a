"""Force of the Horse's listing without abilities (``picks.listed``, the
picks' counting made into the list) lists exactly what the rules list
(``rules._legal``), in the same order, at every decision of random games."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import racebook
from racebook.games.forcehorse import rules
from racebook.games.forcehorse.picks import listed


def plain(preset: str, aptitude: bool) -> racebook.Game[Any, Any]:
    """``preset`` with every card's abilities taken away (the benchmark's game)."""
    game = racebook.load(preset)
    cards = tuple(attrs.evolve(c, abilities=()) for c in game.config.cards)
    return type(game)(attrs.evolve(game.config, cards=cards, aptitude=aptitude))


@pytest.mark.parametrize("aptitude", [False, True])
def test_listed_is_the_rules_listing(aptitude: bool) -> None:
    game = plain("forcehorse", aptitude)
    phases: set[str] = set()
    for seed in range(12):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            found = listed(state, seat)
            expected = rules._legal(state, seat)
            if found is not None:
                phases.add(state.phase)
                assert found == expected, (seed, state.phase)
            actions = state.legal_actions(seat)
            assert actions == expected
            state.apply(actions[int(rng.random() * len(actions))])
    assert {"support", "runner", "guard", "farm", "mulligan"} <= phases


def test_with_abilities_the_rules_list() -> None:
    state = racebook.load("forcehorse").new_state(seed=1)
    assert listed(state, state.to_act[0]) is None

"""Race numbers count from 1 and never pass the last race (docs/contract.rst,
"Race numbers"): a view's ``race`` and its text picture, at every step and once
the game is over, agree with the events that name races."""

from __future__ import annotations

import pytest

import racebook
from racebook.agents.base import RandomBot


@pytest.mark.parametrize(
    ("name", "settings"),
    [("longshot", {}), ("mafia", {}), ("readysetbet", {"races": 2}), ("trickrace", {})],
)
def test_a_views_race_counts_from_1_to_the_last_race(name: str, settings: dict[str, int]) -> None:
    state = racebook.load(name, **settings).new_state(seed=3)
    bot = RandomBot(3)
    seen: set[int] = set()
    named: set[int] = set()
    while True:
        view = state.view(None)
        assert 1 <= view.race <= view.races, (view.race, view.races)
        seen.add(view.race)
        if state.is_over:
            break
        seat = state.to_act[0]
        for event in state.apply(bot.choose(state, seat)):
            race = getattr(event, "race", None)
            if isinstance(race, int):
                named.add(race)
    races = state.view(None).races
    assert state.view(None).race == races
    assert f"race {races} of {races}" in state.render(None)
    assert f"race {races + 1} of" not in state.render(None)
    assert seen == set(range(1, races + 1))
    assert named <= seen and races in named

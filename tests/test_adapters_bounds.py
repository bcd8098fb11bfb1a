"""The game facts the adapters give (src/racebook/adapters/bounds.py): every
random game stays within its ``max_game_length`` (OpenSpiel actions, chance
steps and arrivals included) and its final scores within the score bounds,
for every preset and a few other settings; chance outcomes name what they
draw."""

from __future__ import annotations

import random
from typing import Any

import pytest

import racebook
from racebook.adapters.bounds import FORCEHORSE_LENGTH_CAP, LENGTH_CAP, SCORE_CAP, game_facts
from racebook.core.registry import presets

# every preset, and other player counts
CASES: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in sorted(presets())] + [
    ("longshot", {"players": 4}),
    ("longshot", {"players": 6}),
    ("mafia", {"players": 4}),
    ("trickrace", {"players": 3}),
    ("readysetbet", {"races": 2, "players": 7}),
]


def _id(case: tuple[str, dict[str, Any]]) -> str:
    return case[0] + "".join(f"-{k}{v}" for k, v in case[1].items())


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_random_games_stay_within_the_bounds(case: tuple[str, dict[str, Any]]) -> None:
    """Scores of 20 random games (racebook's own simulation) within the bounds."""
    name, settings = case
    game = racebook.load(name, **settings)
    facts = game_facts(game)
    for seed in range(20):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[rng.randrange(len(state.to_act))]
            if seat == racebook.CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                ids = state.legal_action_ids(seat)
                state.apply_id(ids[rng.randrange(len(ids))], seat)
        result = state.result
        assert result is not None
        assert all(facts.min_score <= x <= facts.max_score for x in result.scores), (
            seed,
            result.scores,
            facts,
        )


def test_the_bounds_are_derived_where_the_rules_give_one() -> None:
    for name in presets():
        facts = game_facts(racebook.load(name))
        if racebook.load(name).id == "forcehorse":
            assert (facts.max_game_length, facts.min_score, facts.max_score) == (
                FORCEHORSE_LENGTH_CAP,
                0,
                1,
            )
            assert not facts.derived
        else:
            assert facts.derived, name
            assert facts.max_game_length < LENGTH_CAP and facts.max_score < SCORE_CAP
    # the trick race's numbers by hand: 4 races of 52 chance steps (the paddock)
    # and 4 seats x (discard, two tickets, 12 cards), each maybe after an
    # arrival, after the horses drawn and the 48 cards dealt; points: the best
    # prize 5 and a quinella of two horses at odds 2 + 3r in race r
    facts = game_facts(racebook.load("trickrace"))
    assert facts.max_game_length == 1 + 48 + 4 * (52 + 2 * 4 * 15)
    assert facts.max_score == sum(5 + 2 * (2 + 3 * r) for r in range(4))
    # a bigger config gives a bigger bound
    assert game_facts(racebook.load("longshot", stall_rounds=20)).max_game_length > (
        game_facts(racebook.load("longshot")).max_game_length
    )


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_openspiel_lengths_and_returns_within_the_bounds(case: tuple[str, dict[str, Any]]) -> None:
    """Through OpenSpiel (chance steps and arrivals count): lengths and the
    ``returns="scores"`` returns of random games within the game's info, and
    every chance outcome names its card, die, horse or seat."""
    pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import load

    name, settings = case
    game = load(name, returns="scores", **settings)
    facts = game_facts(game.rb)
    assert game.max_game_length() == facts.max_game_length
    assert (game.min_utility(), game.max_utility()) == (facts.min_score, facts.max_score)
    players = game.rb.players
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        length = 0
        while not state.is_terminal():
            if state.is_chance_node():
                ids, weights = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(ids, weights)[0]
                text = state.action_to_string(state.current_player(), action)
                assert "outcome" not in text, text
                assert text.startswith(("chance: ", "arrival: seat ")), text
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            length += 1
        assert length <= game.max_game_length()
        returns = state.returns()[:players]
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns), returns


def test_the_docs_facts_table_is_generated() -> None:
    from pathlib import Path

    from racebook.adapters import facts_table

    docs = (Path(__file__).parent.parent / "docs" / "adapters.rst").read_text(encoding="utf-8")
    indented = "\n".join("  " + line if line else "" for line in facts_table().splitlines())
    assert indented in docs

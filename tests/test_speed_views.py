"""The views the heuristic bots read at every step of a search's playouts,
built faster (cards sorted by code, counted in one pass), are the views
built the plain way, field by field, at every decision of random games."""

from __future__ import annotations

import random
from typing import Any

import pytest

import racebook
from racebook.cards.horse import card
from racebook.cards.race import race_card


@pytest.mark.parametrize("game_id", ["longshot", "mafia"])
def test_long_shot_views(game_id: str) -> None:
    game = racebook.load(game_id)
    checked = 0
    for seed in range(6):
        state: Any = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(game.seats):
                view = state.view(seat)
                assert view.hand == tuple(sorted(card(x) for x in state.hands[seat]))
                assert view.boxes == tuple(tuple(card(x) for x in box) for box in state.boxes)
                checked += 1
            state.play_random(rng, 1)
    assert checked > 500


@pytest.mark.parametrize("players", [3, 4])
def test_trick_race_views(players: int) -> None:
    game = racebook.load("trickrace", players=players)
    checked = 0
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(players):
                view = state.view(seat)
                assert view.hand == tuple(sorted(race_card(x) for x in state.hands[seat]))
                assert view.hand_colours == tuple(
                    tuple(sum(1 for x in state.hands[s] if x >> 4 == k) for k in range(4))
                    for s in range(4)
                )
                assert view.face_up_discards == tuple(
                    tuple(race_card(x) for x in d) for d in state.open_discards
                )
                dummy = state.hands[state.dummy] if state.dummy >= 0 else []
                assert view.dummy_cards == tuple(race_card(x) for x in dummy)
                checked += 1
            state.play_random(rng, 1)
    assert checked > 500

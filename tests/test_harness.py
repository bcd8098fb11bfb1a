"""Thousands of random games through the shared harness (racebook.testing)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import racebook
from racebook.testing import check_random_games


@pytest.mark.parametrize(("players", "games", "deep"), [(5, 1400, 6), (4, 300, 3), (6, 300, 3)])
def test_random_games(players: int, games: int, deep: int) -> None:
    report = check_random_games(
        racebook.load("longshot", players=players), games=games, seed=players, deep=deep
    )
    assert report.games == games and report.steps > games * 50
    assert report.probes > 0 and report.views > 0


@given(
    players=st.integers(4, 6),
    goal=st.integers(20, 90),
    spurt=st.floats(0.1, 1.0),
    hand=st.integers(3, 10),
    spurt_cards=st.integers(1, 3),
    draw=st.integers(0, 2),
    restock=st.integers(0, 3),
    seed=st.integers(0, 2**32),
)
def test_any_playable_variant_holds_the_invariants(
    players: int,
    goal: int,
    spurt: float,
    hand: int,
    spurt_cards: int,
    draw: int,
    restock: int,
    seed: int,
) -> None:
    game = racebook.load(
        "longshot",
        players=players,
        goal=goal,
        spurt_threshold=max(1, int(goal * spurt)),
        hand_size=hand,
        spurt_cards=spurt_cards,
        draw=draw,
        restock_per_box=restock,
    )
    check_random_games(game, games=2, seed=seed, deep=1)

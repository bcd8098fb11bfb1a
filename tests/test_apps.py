"""Apps on racebook: one seat model, resume after a crash, the wire format,
the table helper."""

from __future__ import annotations

import pytest

import racebook
from racebook.core.errors import UnknownSeat

PRESETS = sorted(racebook.presets())


@pytest.mark.parametrize("name", PRESETS)
def test_unknown_seats_are_refused(name: str) -> None:
    state = racebook.load(name).new_state(seed=1)
    seats = state.game.seats
    for bad in (seats, 17, -2):
        with pytest.raises(UnknownSeat):
            state.view(bad)
        with pytest.raises(UnknownSeat):
            state.legal_actions(bad)
    state.view(None)  # a spectator
    for seat in range(seats):
        state.view(seat)
        state.legal_actions(seat)


@pytest.mark.parametrize("name", PRESETS)
def test_players_are_the_seats_of_the_result(name: str) -> None:
    game = racebook.load(name)
    summary = racebook.simulate(game, games=1, seed=2)
    assert len(summary.seats) == game.players <= game.seats
    state = game.new_state(seed=3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[-1])
    assert state.result is not None and len(state.result.scores) == game.players


def test_ready_set_bet_host_chair_is_a_seat_not_a_player() -> None:
    plain = racebook.load("readysetbet", players=4)
    assert (plain.seats, plain.players) == (5, 4)
    betting_host = racebook.load("readysetbet", players=4, host_bets=True)
    assert (betting_host.seats, betting_host.players) == (5, 5)

"""Ready Set Bet keeps a seat's legal bets with the state (board.listed_bets):
the kept listing, cut after the seat's own bet or free-chips card, is the
listing made anew at every decision, is never shared between clones, and
apply's check of a listed bet by identity (State._listed) lets no other
object through unchecked."""

from __future__ import annotations

import random
from typing import Any

import pytest

import racebook
from racebook.core.errors import IllegalAction, MalformedAction
from racebook.games.readysetbet import Bet, board
from racebook.games.readysetbet.phases import RACE

SETTINGS: list[dict[str, Any]] = [
    {},
    {"players": 8},
    {"rotating_host": True},
    {"host_bets": True},
    {"players": 3, "races": 5},
]


def fresh(state: Any, seat: int) -> list[Any]:
    return board.legal_bets(state, seat)


@pytest.mark.parametrize("settings", SETTINGS)
def test_kept_listing_is_the_listing_made_anew(settings: dict[str, Any]) -> None:
    game = racebook.load("readysetbet", **settings)
    cut = 0
    for g in range(12):
        state = game.new_state(seed=g)
        rng = random.Random(g)
        while not state.is_over:
            acting = state.to_act
            # the first seat (as the listing loop asks) or any seat (as apps do)
            seat = acting[0] if g % 3 else acting[int(rng.random() * len(acting))]
            actions = state.legal_actions(seat)
            if state.phase == RACE and seat != game.host:
                kept = state.listing
                if kept is not None and kept[0] == state._version and kept[1] == seat:
                    cut += 1
                assert actions == fresh(state, seat)
            state.apply(actions[int(rng.random() * len(actions))])
    assert cut > 100  # the kept listings were cut, not only made anew


def test_clones_never_share_a_kept_listing() -> None:
    game = racebook.load("readysetbet")
    state = game.new_state(seed=4)
    rng = random.Random(4)
    while not (state.phase == RACE and state.to_act[0] != game.host):
        seat = state.to_act[0]
        state.apply(state.random_action(seat, rng))
    seat = state.to_act[0]
    for _ in range(2):  # a listing kept, then cut once
        actions = state.legal_actions(seat)
        state.apply(actions[0])
    seat = state.to_act[0]
    actions = state.legal_actions(seat)  # kept
    other = state.clone()
    # each side bets differently after the same kept listing, then lists again
    state.apply(actions[0])
    other.apply(actions[-1])
    for side in (state, other, state, other):
        s = side.to_act[0]
        assert side.legal_actions(s) == fresh(side, s)


def race_state(seed: int) -> Any:
    game = racebook.load("readysetbet")
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not (state.phase == RACE and state.to_act[0] != game.host):
        state.apply(state.random_action(state.to_act[0], rng))
    return state


def test_a_listed_bet_is_applied_and_an_equal_one_checked() -> None:
    state = race_state(2)
    seat = state.to_act[0]
    listed = state.legal_actions(seat)
    bet = next(a for a in listed if isinstance(a, Bet))
    copy = Bet(bet.seat, bet.token, bet.spot)  # equal, not the listed object
    assert copy is not bet
    other = state.clone()
    other.legal_actions(seat)
    other.apply(copy)  # checked by the rules, and legal
    state.apply(bet)
    assert state.snapshot() == other.snapshot()


@pytest.mark.parametrize(
    "make",
    [
        lambda b: Bet(b.seat, float(b.token), b.spot),  # type: ignore[arg-type]
        lambda b: Bet(b.seat, b.token, [b.spot]),  # type: ignore[arg-type]
        lambda b: Bet(True, b.token, b.spot) if b.seat == 1 else Bet(b.seat, b.token, 7),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_bet_is_refused_while_a_listing_is_kept(make: Any) -> None:
    state = race_state(3)
    seat = state.to_act[0]
    listed = state.legal_actions(seat)
    bet = next(a for a in listed if isinstance(a, Bet))
    before = state.snapshot()
    with pytest.raises((MalformedAction, IllegalAction)):
        state.apply(make(bet))
    assert state.snapshot() == before

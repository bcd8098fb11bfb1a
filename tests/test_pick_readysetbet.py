"""``State.random_action`` in Ready Set Bet: the bet it picks without listing
the ~150 legal bets is the one the listing gives for the same draw."""

from __future__ import annotations

import random

import pytest

import racebook
from racebook.agents.base import RandomBot
from racebook.core.errors import IllegalAction, UnknownSeat

PRESETS = ("readysetbet", "readysetbet-simple", "readysetbet-host-bets", "readysetbet-rotating")


def listing_pick(state: racebook.State, seat: int, rng: random.Random) -> racebook.Action:
    legal = state.legal_actions(seat)
    return legal[int(rng.random() * len(legal))]


@pytest.mark.parametrize("preset", PRESETS)
def test_random_action_is_the_listing_pick(preset: str) -> None:
    """At every decision of random games (any acting seat: bets, bonus bets,
    piggyback bets, free-chips cards, rolls), the pick equals the listing's."""
    game = racebook.load(preset)
    kinds: set[str] = set()
    for g in range(6):
        state = game.new_state(seed=g)
        rng, seats = random.Random(g), random.Random(100 + g)
        while not state.is_over:
            acting = state.to_act
            seat = acting[int(seats.random() * len(acting))]
            probe = random.Random()
            probe.setstate(rng.getstate())
            want = listing_pick(state, seat, probe)
            got = state.random_action(seat, rng)
            assert got == want
            assert rng.getstate() == probe.getstate()  # one draw, as the listing
            kinds.add(got.kind)
            state.apply(got)
    assert {"bet", "roll"} <= kinds


def test_random_bot_games_are_the_listing_games() -> None:
    """A RandomBot game's log is byte-identical to one picked from the listing."""
    game = racebook.load("readysetbet")

    class ListingBot:
        def __init__(self, seed: int) -> None:
            self.rng = random.Random(seed)

        def choose(self, state: racebook.State, seat: int) -> racebook.Action:
            return listing_pick(state, seat, self.rng)

    for seed in range(3):
        logs = []
        for bot in (RandomBot(seed), ListingBot(seed)):
            state = game.new_state(seed=seed)
            while not state.is_over:
                state.apply(bot.choose(state, state.to_act[0]))
            logs.append(state.log.dumps())
        assert logs[0] == logs[1]


def test_random_action_refuses_a_seat_that_may_not_act() -> None:
    state = racebook.load("readysetbet-simple").new_state(seed=1)
    bot = RandomBot(1)
    while len(state.to_act) == state.game.seats:  # until a bettor is out of tokens
        state.apply(bot.choose(state, state.to_act[0]))
    before = state.digest()
    waiting = next(s for s in range(state.game.seats) if s not in state.to_act)
    with pytest.raises(IllegalAction):
        state.random_action(waiting, random.Random(1))
    with pytest.raises(UnknownSeat):
        state.random_action(99, random.Random(1))
    assert state.digest() == before

"""Ready Set Bet's fast paths give what the plain paths give: ``to_act`` worked
out after a bet from the answer before it, a roll-out's dice worked out as they
are drawn, the settlement without rule modules."""

from __future__ import annotations

import random

import pytest

import racebook
from racebook.core.game import CHANCE
from racebook.games.readysetbet import DiceRun, ReadySetBetState

PRESETS = ("readysetbet", "readysetbet-simple", "readysetbet-host-bets", "readysetbet-rotating")


def full_to_act(state: ReadySetBetState) -> tuple[int, ...]:
    """``to_act`` worked out from nothing."""
    other = state.clone()
    other._acting = (-1, ())
    return other.to_act


@pytest.mark.parametrize("preset", PRESETS)
def test_to_act_after_each_action_is_worked_out_afresh(preset: str) -> None:
    game = racebook.load(preset)
    for g in range(8):
        state = game.new_state(seed=g)
        rng, seats = random.Random(g), random.Random(50 + g)
        while not state.is_over:
            acting = state.to_act
            assert acting == full_to_act(state)
            # a seat drawn among those acting: bets of every seat in turn, rolls
            # between them, the last tokens and spots of a race
            seat = acting[int(seats.random() * len(acting))]
            state.apply(state.random_action(seat, rng))


@pytest.mark.parametrize("preset", PRESETS)
def test_a_drawn_roll_out_is_the_roll_out_of_its_dice(preset: str) -> None:
    # the dice as drawn (worked out as they are drawn), the same dice in a new string
    # checked first (worked out as they are checked, as replay does) and played
    # unchecked (rolled one by one) leave equal states and tell equal events
    game = racebook.load(preset)
    for g in range(12):
        state = game.new_state(seed=g)
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_act[0]
            action = state.random_action(seat, rng)
            if action.kind != "roll-out":
                state.apply(action)
                continue
            state._do(action)  # the dice not drawn yet
            checked, plain = state.clone(), state.clone()
            drawn = state.sample_chance(random.Random(g))
            assert isinstance(drawn, DiceRun)
            told = state._do(drawn)
            again = DiceRun(CHANCE, "".join(list(drawn.dice)))
            assert checked.check(again) is None
            assert checked._do(again) == told
            assert plain._do(DiceRun(CHANCE, "".join(list(drawn.dice)))) == told
            for other in (checked, plain):
                assert other.snapshot() == state.snapshot()
                assert other.checkpoint() == state.checkpoint()
            state = plain
            state._resolve_chance([])


def at_roll_out(seed: int) -> ReadySetBetState:
    """A random game of the simple preset from ``seed``, its host's roll-out
    just applied: the state waits for the roll-out's dice."""
    state = racebook.load("readysetbet-simple").new_state(seed=seed)
    rng = random.Random(seed)
    while True:
        action = state.random_action(state.to_act[0], rng)
        if action.kind == "roll-out":
            break
        state.apply(action)
    state._do(action)
    assert isinstance(state, ReadySetBetState)
    return state


@pytest.mark.parametrize("dice", ["", "1", "7", "1234", "66666666", "3412" * 40])
def test_a_roll_out_that_does_not_end_at_the_finish_is_refused(dice: str) -> None:
    state = at_roll_out(1)
    state.pos[:] = [13, 0, 0, 0, 0, 0, 0, 0, 0]
    state.pending = -1
    before = state.snapshot()
    assert state.check(DiceRun(CHANCE, dice)) is not None
    assert state.snapshot() == before and state.drawn is None
    # 1+1 twice: the 2/3 moves 1, then 1 + 3: the second reaches the finish
    assert state.check(DiceRun(CHANCE, "1111")) is None
    assert state.check(DiceRun(CHANCE, "111111")) is not None


def test_drawn_dice_on_a_changed_track_are_rolled_again() -> None:
    # dice drawn for one track, played after the track was moved by hand (as tests
    # do; unchecked, as they may no longer end at the finish): the roll-out is
    # rolled on the track as it is
    state = at_roll_out(3)
    other = state.clone()
    drawn = state.sample_chance(random.Random(1))
    assert isinstance(drawn, DiceRun)
    for s in (state, other):
        s.pos[0] = 14
    state._do(drawn)
    other._do(DiceRun(CHANCE, "".join(list(drawn.dice))))
    assert other.snapshot() == state.snapshot()

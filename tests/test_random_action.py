"""``State.random_action`` and ``State.play_random`` (core): the random bot's
pick, and random playouts that are the random bot's games, log for log."""

from __future__ import annotations

import random

import pytest

import racebook
from racebook.agents.base import RandomBot

PRESETS = ("longshot", "mafia", "trickrace", "readysetbet", "forcehorse")


def bot_game(game: racebook.Game, seed: int) -> racebook.State:
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    while not state.is_over:
        state.apply(bot.choose(state, state.to_act[0]))
    return state


@pytest.mark.parametrize("preset", PRESETS)
def test_play_random_plays_the_random_bots_game(preset: str) -> None:
    game = racebook.load(preset)
    for seed in range(3):
        played = game.new_state(seed=seed)
        n = played.play_random(random.Random(seed))
        assert played.is_over
        assert played.log.dumps() == bot_game(game, seed).log.dumps()
        assert n == sum(1 for a in played.log.actions if a.seat != racebook.CHANCE)
        assert racebook.replay(played.log.dumps()).digest() == played.digest()


@pytest.mark.parametrize("preset", PRESETS)
def test_play_random_stops_after_the_actions_asked(preset: str) -> None:
    game = racebook.load(preset)
    whole = game.new_state(seed=5)
    whole.play_random(random.Random(5))
    part = game.new_state(seed=5)
    rng = random.Random(5)
    assert part.play_random(rng, actions=7) == 7
    assert not part.is_over
    part.play_random(rng)  # the rest: the same game as in one go
    assert part.log.dumps() == whole.log.dumps()
    assert part.play_random(rng) == 0  # over: nothing more


@pytest.mark.parametrize("preset", PRESETS)
def test_random_action_is_a_legal_action(preset: str) -> None:
    """The pick is ``legal_actions(seat)[int(rng.random() * n)]``, one draw."""
    game = racebook.load(preset)
    state = game.new_state(seed=2)
    rng = random.Random(2)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_act[-1]
        probe = random.Random()
        probe.setstate(rng.getstate())
        legal = state.legal_actions(seat)
        got = state.random_action(seat, rng)
        assert got == legal[int(probe.random() * len(legal))]
        assert rng.getstate() == probe.getstate()
        state.apply(got)


def test_play_random_on_explicit_chance_draws_chance_from_rng() -> None:
    game = racebook.load("trickrace")
    state = game.new_state(explicit_chance=True)
    state.play_random(random.Random(4))
    assert state.is_over
    assert racebook.replay(state.log.dumps()).digest() == state.digest()

"""The core's speed-ups keep the contract: checkpoints worked out when the log
is read give the digests worked out at once, clones included."""

from __future__ import annotations

import random
from typing import Any

import pytest

import racebook
from racebook.core.state import State


def eager(state: State[Any, Any, Any]) -> None:
    """Make ``state`` work out every checkpoint's digest at once."""
    take = state._take_mark
    state._take_mark = lambda now: take(True)  # type: ignore[method-assign]


@pytest.mark.parametrize("game", ["trickrace", "longshot", "readysetbet"])
def test_checkpoints_kept_as_data_give_the_same_log(game: str) -> None:
    lazy = racebook.load(game).new_state(seed=5)
    now = racebook.load(game).new_state(seed=5)
    eager(now)
    lazy.play_random(random.Random(5))
    now.play_random(random.Random(5))
    assert lazy._pending and not now._pending
    assert lazy.log.dumps() == now.log.dumps()
    assert lazy._chain == now._chain and lazy._marks == now._marks
    assert not lazy._pending


def test_a_clone_settles_its_own_checkpoints() -> None:
    game = racebook.load("trickrace")
    state = game.new_state(seed=2)
    state.play_random(random.Random(2), 120)  # a race or more: a checkpoint kept as data
    assert state._pending
    other = state.clone()
    other.play_random(random.Random(3))
    state.play_random(random.Random(4))
    text = state.log.dumps()
    assert other.log.dumps() != text
    for s in (state, other):
        assert racebook.replay(s.log.dumps()).digest() == s.digest()
    assert state.log.dumps() == text
    twin = game.new_state(seed=2)
    eager(twin)
    twin.play_random(random.Random(2), 120)
    twin.play_random(random.Random(4))
    assert twin.log.dumps() == text


def test_checkpoint_of_a_state_with_checkpoints_kept_as_data() -> None:
    state = racebook.load("longshot").new_state(seed=4)
    twin = racebook.load("longshot").new_state(seed=4)
    eager(twin)
    rng, rng2 = random.Random(4), random.Random(4)
    while not state.is_over:
        assert state.checkpoint() == twin.checkpoint()
        state.play_random(rng, 7)
        twin.play_random(rng2, 7)
    assert state._marks == twin._marks

"""The core's speed-ups keep the contract: checkpoints worked out when the log
is read give the digests worked out at once, clones included."""

from __future__ import annotations

import random
from typing import Any

import attrs
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


def test_shared_events_are_the_values_a_game_would_build() -> None:
    """The trick race shares its actions and events (frozen values): each
    equals the value built anew from its fields, and what apply returns is
    the caller's own list."""
    state = racebook.load("trickrace").new_state(seed=6)
    rng = random.Random(6)
    while not state.is_over:
        before = len(state._events)
        events = state.apply(state.random_action(state.to_act[0], rng))
        recorded = [e for group in state._events[before:] for e in group]
        assert events == recorded
        events.clear()  # the caller's list: the log keeps its own
        assert [e for group in state._events[before:] for e in group] == recorded
    seen = state.log.events()
    assert seen and all(type(e)(*attrs.astuple(e, recurse=False)) == e for e in seen)
    assert racebook.replay(state.log.dumps()).log.events() == seen
    assert state.information_state_string(0) == racebook.replay(
        state.log.dumps()
    ).information_state_string(0)


def test_checkpoints_kept_as_data_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from racebook.core import checkpoints

    monkeypatch.setattr(checkpoints, "MAX_PENDING", 2)
    lazy = racebook.load("trickrace").new_state(seed=8)
    now = racebook.load("trickrace").new_state(seed=8)
    eager(now)
    lazy.play_random(random.Random(8))
    now.play_random(random.Random(8))
    assert len(lazy._pending) <= 2 and len(lazy._mark_list) >= 2
    assert lazy.log.dumps() == now.log.dumps()

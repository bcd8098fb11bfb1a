"""A game written without a spaces module (integer ids, chance outcome ids,
an observation tensor) refuses those with the typed error
:class:`racebook.NoSpaces`, a :class:`NotImplementedError` as before."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import racebook

FLOOR = Path(__file__).resolve().parent.parent / "benchmarks" / "floor.py"


def test_a_game_without_spaces_refuses_ids_and_tensors_with_no_spaces() -> None:
    spec = importlib.util.spec_from_file_location("floor_game", FLOOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["floor_game"] = module
    spec.loader.exec_module(module)
    game = module.FloorGame()
    state = game.new_state(seed=1)
    asks = [
        lambda: game.num_distinct_actions,
        lambda: game.num_chance_outcomes,
        lambda: state.observation_tensor(0),
    ]
    for ask in asks:
        with pytest.raises(racebook.NoSpaces) as caught:
            ask()
        assert isinstance(caught.value, NotImplementedError)
        assert game.id in str(caught.value) and "no spaces module" in str(caught.value)
    before = state.digest()
    assert state.legal_actions(state.to_act[0])  # the game itself plays on
    assert state.digest() == before

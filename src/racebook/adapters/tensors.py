"""The game's observation tensor as a float32 array, for the adapters
(needs numpy, which the adapters' extras bring)."""

from __future__ import annotations

from typing import Any

import numpy as np

from racebook.core.game import State


def tensor_array(state: State[Any, Any, Any], seat: int | None) -> Any:
    """``state.observation_tensor(seat)`` as a new float32 array: written
    into it by the game where it can (its spaces' ``observe_into``: no list
    of floats between, issue #38), else converted from the list."""
    into = getattr(state.game.spaces, "observe_into", None)
    if into is not None:
        values = np.zeros(state.game.observation_shape, np.float32)
        if into(state, seat, values):
            return values
    return np.array(state.observation_tensor(seat), np.float32)

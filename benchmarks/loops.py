"""The loops users run, as the benchmarks time them (issue #38).

:func:`listing_loop` is the loop an app, a search bot or OpenSpiel drives:
``to_act``, ``legal_actions(seat)``, a uniform choice with a seeded
:class:`random.Random`, ``apply`` (the log kept).
"""

from __future__ import annotations

import random
from typing import Any

import racebook


def listing_loop(game: racebook.Game[Any, Any], games: int, seed: int = 0) -> int:
    """Play ``games`` random games of ``game`` by listing every legal action
    and choosing one uniformly (seeds ``seed``, ``seed + 1``, ...); return the
    actions played."""
    played = 0
    for g in range(seed, seed + games):
        state = game.new_state(seed=g)
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_act[0]
            actions = state.legal_actions(seat)
            state.apply(actions[int(rng.random() * len(actions))])
            played += 1
    return played

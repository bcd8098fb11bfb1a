"""A heuristic Ready Set Bet bot: it puts the token where :func:`odds` says it is
worth the most right now (a small Monte Carlo from the current position)."""

from __future__ import annotations

import random
from typing import Any

from racebook.agents.base import register_bot
from racebook.core.game import Action, State
from racebook.games.readysetbet import Bet, ReadySetBetState, odds


class ReadySetBetHeuristic:
    name = "heuristic"

    def __init__(self, seed: int | None = None, samples: int = 150) -> None:
        self._rng = random.Random(seed)
        self.samples = samples

    def choose(self, state: State[Any], seat: int) -> Action:
        actions = state.legal_actions(seat)
        bets = [a for a in actions if isinstance(a, Bet)]
        if len(actions) == 1 or not bets:
            return actions[0]
        assert isinstance(state, ReadySetBetState)
        found = odds(state, samples=self.samples, seed=self._rng.randrange(2**32))
        value = {(v.spot, v.token): v.value for v in found.values}
        return max(bets, key=lambda a: value.get((a.spot, a.token), float("-inf")))


register_bot("readysetbet", "heuristic", ReadySetBetHeuristic)

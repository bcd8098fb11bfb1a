"""A heuristic Ready Set Bet bot: it puts the token where :func:`odds` says it is
worth the most right now (a small Monte Carlo from the current position), keeps
the VIP card it rates highest, plays free chips in the last race, and never
volunteers to host."""

from __future__ import annotations

import random

from racebook.agents.base import register_bot
from racebook.games.readysetbet import (
    RACE,
    Bet,
    BonusBet,
    Cash,
    Host,
    Keep,
    ReadySetBetMove,
    ReadySetBetState,
    VipCard,
    odds,
)


def vip_worth(card: VipCard, races_left: int) -> float:
    """A rough dollar value of keeping ``card`` with ``races_left`` races to go."""
    if card.kind == "free-chips":
        return card.amount
    if card.kind in ("snake-eyes", "box-cars"):
        return card.amount * 1.8 * races_left  # about 64 rolls a race, 1 in 36 each
    if card.kind == "bonus-token":
        return (card.value + (2 if card.shield else -card.loss)) * races_left
    return 2.0 * races_left  # piggyback, late bet: one more good bet a race


class ReadySetBetHeuristic:
    """Bets where a small Monte Carlo says a token is worth the most now (see the
    module docstring); ``samples`` sets the size of that run."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, samples: int = 150) -> None:
        self._rng = random.Random(seed)
        self.samples = samples

    def choose(self, state: ReadySetBetState, seat: int) -> ReadySetBetMove:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        assert isinstance(state, ReadySetBetState)
        c = state.game.config
        first = actions[0]
        if isinstance(first, Keep):
            left = c.races - state.race
            return max(actions, key=lambda a: vip_worth(c.vip_cards[getattr(a, "card", 0)], left))
        if isinstance(first, Host):
            return Host(seat, False)
        cash = [a for a in actions if isinstance(a, Cash)]
        if cash and state.race == c.races - 1:
            return cash[0]
        bets = [a for a in actions if isinstance(a, Bet | BonusBet)]
        if not bets or state.phase != RACE:  # the host's tokens, or nothing but cash
            return actions[0]
        found = odds(state, samples=self.samples, seed=self._rng.randrange(2**32))
        chance = {spot: p for spot, p, _ in found.spots}

        def value(action: Bet | BonusBet) -> float:
            rate = state.spot_rate(action.spot)
            p = chance.get(action.spot, 0.0)
            if isinstance(action, Bet):
                return p * action.token * rate.mult - (1 - p) * rate.loss
            card = c.vip_cards[action.card]
            loss = 0 if card.shield else rate.loss + card.loss  # the Ⓢ: pays nothing
            return p * card.value * rate.mult - (1 - p) * loss

        return max(bets, key=value)


register_bot("readysetbet", "heuristic", ReadySetBetHeuristic)

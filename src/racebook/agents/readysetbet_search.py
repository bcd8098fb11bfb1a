"""The search bot's Ready Set Bet bets: every legal bet valued by the odds.

In Ready Set Bet (rulebook, 投注 "betting" and 結算投注結果 "settling the
bets") a token on a spot pays its value times the spot's multiplier if the
spot wins, and costs the spot's red-circle loss (whatever the token) if it
loses; a bonus token pays its own value (a shield: it loses nothing).  So
the value of every legal bet follows from one number per spot, the chance it
wins from the position now, which :func:`racebook.games.readysetbet.odds`
gives exactly (``method="exact"``, a few milliseconds; the search does not
sample the race's dice when it need not) or by a Monte Carlo of ``samples``
finishes (:data:`FALLBACK_SAMPLES` where the odds cannot be exact: a rule
module that changes the moves, a longer track).  The odds read only what
every seat sees (the positions, the board, the spots taken), so the bet's
value does too.

The bettor must bet when the table gives it a turn (no pass in the race), so
the token is a choice: a large token on a middling spot is a token not left
for a better spot later.  With ``save`` the bot charges each unit of token
above its smallest the payoff per unit that a later spot is expected to give
(the ``depth``-th best open spot's now: others take the best ones first), so
it puts its large tokens where a unit earns more than that and its small
ones elsewhere.  With ``risk`` a bet's standard deviation times ``risk`` is
added to its value (a bettor playing to win rather than to earn; in a first
run of 100 games against the heuristic bot it did no better).
"""

from __future__ import annotations

import math
import random
from typing import Any

from racebook.core.game import Action
from racebook.games.readysetbet import (
    RACE,
    Bet,
    BonusBet,
    Cash,
    ReadySetBetState,
    odds,
    spot_ids,
)
from racebook.games.readysetbet.oddsmaker import exact_possible

FALLBACK_SAMPLES = 1000
"""Finishes sampled for the odds where they cannot be exact (a rule module
that changes the moves, a track longer than the exact method's)."""

_CHANCES: dict[tuple[Any, ...], dict[str, float]] = {}
"""Each spot's exact chance by position: the bets between two rolls, and the
bot's question whether it is ready, ask the same position again."""


def exact_chances(state: ReadySetBetState) -> dict[str, float]:
    """The chance each spot wins from ``state``'s position, exactly
    (:func:`~racebook.games.readysetbet.odds`), kept for the position's next
    question (a position and the race's spots decide it: public information)."""
    c = state.game.config
    every = tuple(state.spots or spot_ids(c, state.props, state.exotics))
    key = (state.game, tuple(state.pos), state.pending, every)
    chance = _CHANCES.get(key)
    if chance is None:
        if len(_CHANCES) >= 256:
            _CHANCES.clear()
        found = odds(state, method="exact")
        chance = _CHANCES[key] = {spot: p for spot, p, _ in found.spots}
    return dict(chance)  # the caller's own: the kept one stays as computed


def bet_values(
    state: ReadySetBetState,
    seat: int,
    actions: list[Action],
    rng: random.Random,
    *,
    samples: int | None = None,
    save: float = 0.0,
    risk: float = 0.0,
) -> list[float] | None:
    """The value of each of ``actions`` (the expected dollars the bet is worth by
    the end of the race, less the charge for the token it uses when ``save``),
    or ``None`` when they are not the race's bets (the draft, hosting, cash)."""
    if state.phase != RACE or not any(isinstance(a, Bet | BonusBet) for a in actions):
        return None
    c = state.game.config
    if samples is None and exact_possible(state):
        chance = exact_chances(state)
    else:  # asked to sample, or a rule module that changes the moves (or a long track)
        many = FALLBACK_SAMPLES if samples is None else samples
        found = odds(state, samples=many, seed=rng.randrange(2**32), method="sample")
        chance = {spot: p for spot, p, _ in found.spots}
    tokens = [a.token for a in actions if isinstance(a, Bet)]
    smallest = min(tokens, default=0)
    unit = 0.0
    if save and tokens:
        per_unit = sorted(
            (chance.get(s, 0.0) * state.spot_rate(s).mult for s in chance if s not in state.bets),
            reverse=True,
        )
        depth = min(len(per_unit) - 1, c.players - 1)
        unit = save * per_unit[depth] if per_unit else 0.0

    def value(action: Action) -> float:
        if isinstance(action, Bet):
            rate = state.spot_rate(action.spot)
            p = min(1.0, max(0.0, chance.get(action.spot, 0.0)))  # exact floats: 1 + 1e-16
            gain = action.token * rate.mult
            spread = math.sqrt(p * (1 - p)) * (gain + rate.loss)
            return p * gain - (1 - p) * rate.loss - unit * (action.token - smallest) + risk * spread
        if isinstance(action, BonusBet):
            rate = state.spot_rate(action.spot)
            p = min(1.0, max(0.0, chance.get(action.spot, 0.0)))  # exact floats: 1 + 1e-16
            card = c.vip_cards[action.card]
            loss = 0 if card.shield else rate.loss + card.loss
            gain = card.value * rate.mult
            spread = math.sqrt(p * (1 - p)) * (gain + loss)
            return p * gain - (1 - p) * loss + risk * spread
        if isinstance(action, Cash):  # free chips: cashed in the last race
            return 1e9 if state.race == c.races - 1 else -1e9
        return -1e9

    return [value(a) for a in actions]


def is_race_bet(state: Any) -> bool:
    """Whether ``state`` is Ready Set Bet's."""
    return isinstance(state, ReadySetBetState)

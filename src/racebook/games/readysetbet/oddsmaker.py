"""Odds: Monte Carlo probabilities and spot values from a position."""

from __future__ import annotations

import math
import random

import attrs

from racebook.core.game import places_from_keys
from racebook.games.readysetbet.board import spot_ids
from racebook.games.readysetbet.dice import run_race, run_ruled
from racebook.games.readysetbet.state import ReadySetBetState


@attrs.frozen
class SpotValue:
    """The expected value of putting ``token`` on ``spot`` now, with its standard error."""

    spot: str
    token: int
    value: float
    error: float


@attrs.frozen
class Odds:
    """Monte Carlo odds from a position: probability per horse (index 0 = 2/3) of
    winning, placing (top 2) and showing (top 3), their standard errors, and the
    value of every open spot for every token value."""

    samples: int
    win: tuple[float, ...]
    place: tuple[float, ...]
    show: tuple[float, ...]
    win_error: tuple[float, ...]
    values: tuple[SpotValue, ...]
    mean_rolls: float
    spots: tuple[tuple[str, float, float], ...] = ()
    """(spot, probability the bet wins, its standard error) for every spot of the
    race, taken or not: the value of any token (a bonus token's, a piggyback
    token's) follows from these."""


def odds(state: ReadySetBetState, samples: int = 10_000, seed: int | None = None) -> Odds:
    """Win, place and show probability per horse from ``state``'s position, and
    the expected value of every open spot for every token value, by ``samples``
    simulated finishes (:func:`run_race`), with standard errors."""
    c = state.game.config
    rng = random.Random(seed)
    win = [0] * 9
    place = [0] * 9
    show = [0] * 9
    every = state.spots or spot_ids(c, state.props, state.exotics)
    open_spots = [s for s in every if s not in state.bets]
    judges = [state.game.spot(spot)[1] for spot in every]
    counts = [0] * len(every)
    rolls = 0
    for _ in range(samples):
        pos = list(state.pos)
        if state.game.hooks.bonus:  # rule modules (rules.py)
            rolls += len(run_ruled(state, pos, state.pending, rng))
        else:
            rolls += run_race(pos, state.pending, rng, c.track, c.bonus)
        places = places_from_keys([-p for p in pos])
        for h in range(9):
            win[h] += places[h] == 1
            place[h] += places[h] <= 2
            show[h] += places[h] <= 3
        for i, wins in enumerate(judges):
            if wins(pos, places):
                counts[i] += 1
    hits = dict(zip(every, counts, strict=True))
    n = max(samples, 1)

    def se(k: int) -> float:
        p = k / n
        return math.sqrt(p * (1 - p) / n)

    values = []
    for spot in open_spots:
        p = hits[spot] / n
        rate = state.spot_rate(spot)
        for token in sorted(set(c.token_set)):
            gain = token * rate.mult
            values.append(
                SpotValue(
                    spot, token, p * gain - (1 - p) * rate.loss, se(hits[spot]) * (gain + rate.loss)
                )
            )
    return Odds(
        samples=samples,
        win=tuple(k / n for k in win),
        place=tuple(k / n for k in place),
        show=tuple(k / n for k in show),
        win_error=tuple(se(k) for k in win),
        values=tuple(values),
        mean_rolls=rolls / n,
        spots=tuple((spot, hits[spot] / n, se(hits[spot])) for spot in every),
    )

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


CHUNK = 2_000
"""Samples a job plays when :func:`odds` runs on workers."""


def odds(
    state: ReadySetBetState,
    samples: int = 10_000,
    seed: int | None = None,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Odds:
    """Win, place and show probability per horse from ``state``'s position, and
    the expected value of every open spot for every token value, by ``samples``
    simulated finishes (:func:`run_race`), with standard errors.

    With ``workers`` (processes, or Ray with ``backend="ray"``, see
    :mod:`racebook.core.workers`) the samples are played in jobs of
    ``CHUNK``, each with its own generator seeded by ``seed`` and its
    index, so the odds are the same for any number of workers and backend
    (though not the same draws as without ``workers``, one generator for all).
    """
    c = state.game.config
    every = state.spots or spot_ids(c, state.props, state.exotics)
    open_spots = [s for s in every if s not in state.bets]
    if workers is None:
        win, place, show, counts, rolls = _count(state, every, samples, random.Random(seed))
    else:
        from racebook.core.workers import run_jobs

        text = state.log.dumps()
        base = seed if seed is not None else random.randrange(2**63)
        jobs = [
            (text, min(CHUNK, samples - start), f"racebook-odds:{base}:{start // CHUNK}")
            for start in range(0, samples, CHUNK)
        ]
        win, place, show = [0] * 9, [0] * 9, [0] * 9
        counts = [0] * len(every)
        rolls = 0
        for part in run_jobs(_odds_job, jobs, workers=workers, backend=backend, address=address):
            for total, more in zip((win, place, show, counts), part[:4], strict=True):
                for i, k in enumerate(more):
                    total[i] += k
            rolls += part[4]
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


Counts = tuple[list[int], list[int], list[int], list[int], int]


def _count(state: ReadySetBetState, every: list[str], samples: int, rng: random.Random) -> Counts:
    """Wins, places, shows per horse, wins per spot of ``every`` and rolls, by
    ``samples`` finishes drawn from ``rng``."""
    c = state.game.config
    win = [0] * 9
    place = [0] * 9
    show = [0] * 9
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
    return win, place, show, counts, rolls


_REPLAYED: dict[str, ReadySetBetState] = {}


def _odds_job(job: tuple[str, int, str]) -> Counts:
    """One job of :func:`odds` on a worker: the state from its log, then the samples."""
    from racebook.core.replay import replay

    text, samples, seed = job
    state = _REPLAYED.get(text)
    if state is None:
        _REPLAYED.clear()
        replayed = replay(text)
        assert isinstance(replayed, ReadySetBetState)
        state = _REPLAYED[text] = replayed
    c = state.game.config
    every = state.spots or spot_ids(c, state.props, state.exotics)
    return _count(state, every, samples, random.Random(seed))

"""Odds: win, place and show probabilities and spot values from a position,
exact (:mod:`~racebook.games.readysetbet.exact`) or by Monte Carlo, for bots
and analysis.  An app showing a seat its odds uses
:func:`~racebook.games.readysetbet.live.live_data` (see
:mod:`~racebook.games.readysetbet.live`)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

import attrs

from racebook.cards.readysetbet import BLUE, HORSES, ORANGE, RED, SEVEN
from racebook.core.game import places_from_keys
from racebook.games.readysetbet.algebra import Algebra, nodes
from racebook.games.readysetbet.board import spot_ids
from racebook.games.readysetbet.dice import run_race, run_ruled
from racebook.games.readysetbet.exact import MAX_EXACT_TRACK, WAYS, HorseTable, Race, float_table
from racebook.games.readysetbet.state import ReadySetBetState

if TYPE_CHECKING:
    from racebook.games.readysetbet.config import ReadySetBetConfig
    from racebook.games.readysetbet.game import ReadySetBet

N = TypeVar("N", Fraction, float)
E = TypeVar("E")


@attrs.frozen
class SpotValue:
    """The expected value of putting ``token`` on ``spot`` now, with its standard error."""

    spot: str
    token: int
    value: float
    error: float


@attrs.frozen
class Odds:
    """The odds from a position (:func:`odds`), exact or by Monte Carlo
    (``method`` says which): probability per horse (index 0 = 2/3) of
    winning, placing (top 2) and showing (top 3), their standard errors (0
    when exact), and the value of every open spot for every token value.
    Unrounded floats; an app showing a seat its odds uses
    :func:`~racebook.games.readysetbet.live.live_data` instead (from the
    seat's view, JSON data, rounded to a stated precision)."""

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
    method: str = "sample"
    """``"exact"`` (every figure exact up to float rounding, errors 0, ``samples``
    0) or ``"sample"`` (Monte Carlo, with standard errors)."""
    payout: str = "printed"
    """What ``values`` are worth: ``"printed"``, the board's rates (a token x
    the multiplier if the spot wins, its red circle if not), which is how the
    game pays; or ``"unknown"``: a rule module's ``pays`` hook changes what a
    bet pays, at settlement, from the state then, which no position now
    tells, so ``values`` is empty (the chances, ``spots``, still hold)."""


CHUNK = 2_000
"""Samples a job plays when :func:`odds` runs on workers."""


def exact_possible(state: ReadySetBetState) -> bool:
    """Whether :func:`odds` can be exact from ``state``: no rule module changes
    the moves (a ``bonus`` hook) and the track is at most
    :data:`~racebook.games.readysetbet.exact.MAX_EXACT_TRACK`."""
    return exact_possible_config(state.game)


def exact_possible_config(game: ReadySetBet) -> bool:
    """:func:`exact_possible` for every state of ``game``."""
    return not game.hooks.bonus and game.config.track <= MAX_EXACT_TRACK


def odds(
    state: ReadySetBetState,
    samples: int | None = None,
    seed: int | None = None,
    *,
    method: str = "auto",
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Odds:
    """Win, place and show probability per horse from ``state``'s position, and
    the expected value of every open spot for every token value (none where a
    rule module changes what a bet pays: the result's ``payout`` says so).

    For bots and analysis: it reads the whole state (the server's) and
    samples where the exact method cannot apply.  An app showing a seat the
    odds uses :func:`~racebook.games.readysetbet.live.live_data` (the seat's
    view alone, JSON data, rounded as it says, cached by position).

    ``method="exact"`` computes them exactly (:mod:`~racebook.games.readysetbet.exact`,
    a few milliseconds); ``"sample"`` by ``samples`` simulated finishes
    (:func:`run_race`, default 10,000), with standard errors; ``"auto"`` (the
    default) is exact unless ``samples`` or ``workers`` are given or
    ``exact_possible`` says no (a rule module changing the race).  The
    result's ``method`` says which was used.

    With ``workers`` (processes, or Ray with ``backend="ray"``, see
    :mod:`racebook.core.workers`) the samples are played in jobs of
    ``CHUNK``, each with its own generator seeded by ``seed`` and its
    index, so the odds are the same for any number of workers and backend
    (though not the same draws as without ``workers``, one generator for all).
    """
    if method not in ("auto", "exact", "sample"):
        raise ValueError(f"method is 'auto', 'exact' or 'sample', not {method!r}")
    if method == "exact" and not exact_possible(state):
        raise ValueError("exact odds need the rulebook's moves (no bonus rule module)")
    if method == "exact" or (
        method == "auto" and samples is None and workers is None and exact_possible(state)
    ):
        return exact_odds(state)
    samples = 10_000 if samples is None else samples
    c = state.game.config
    every = state.spots or spot_ids(c, state.props, state.exotics)
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
    n = max(samples, 1)

    def se(k: int) -> float:
        p = k / n
        return math.sqrt(p * (1 - p) / n)

    chances = [(spot, k / n, se(k)) for spot, k in zip(every, counts, strict=True)]
    return _build(
        state,
        chances,
        samples=samples,
        win=tuple(k / n for k in win),
        place=tuple(k / n for k in place),
        show=tuple(k / n for k in show),
        win_error=tuple(se(k) for k in win),
        mean_rolls=rolls / n,
        method="sample",
    )


def _build(
    state: ReadySetBetState,
    chances: Sequence[tuple[str, float, float]],
    *,
    samples: int,
    win: tuple[float, ...],
    place: tuple[float, ...],
    show: tuple[float, ...],
    win_error: tuple[float, ...],
    mean_rolls: float,
    method: str,
) -> Odds:
    """The :class:`Odds` of every spot's chance: the open spots' values."""
    tokens = sorted(set(state.game.config.token_set))
    values = []
    payout = "unknown" if state.game.hooks.pays else "printed"
    for spot, p, error in chances if payout == "printed" else ():
        if spot in state.bets:
            continue
        rate = state.spot_rate(spot)
        for token in tokens:
            gain = token * rate.mult
            values.append(
                SpotValue(spot, token, p * gain - (1 - p) * rate.loss, error * (gain + rate.loss))
            )
    return Odds(
        samples=samples,
        win=win,
        place=place,
        show=show,
        win_error=win_error,
        values=tuple(values),
        mean_rolls=mean_rolls,
        spots=tuple(chances),
        method=method,
        payout=payout,
    )


def exact_odds(state: ReadySetBetState) -> Odds:
    """:func:`odds` by the exact method (floats: exact up to rounding, about 1e-12)."""
    c = state.game.config
    every = state.spots or spot_ids(c, state.props, state.exotics)
    pos = list(state.pos)
    if max(pos) >= c.track:  # the race is over: what the positions say
        places = places_from_keys([-p for p in pos])
        judged = [(s, float(state.game.spot(s)[1](pos, places)), 0.0) for s in every]
        zeros = (0.0,) * len(pos)
        return _build(
            state,
            judged,
            samples=0,
            win=tuple(float(k == 1) for k in places),
            place=tuple(float(k <= 2) for k in places),
            show=tuple(float(k <= 3) for k in places),
            win_error=zeros,
            mean_rolls=0.0,
            method="exact",
        )
    depth = sum(c.track - 1 - p for p in pos)
    race = race_of(state, nodes(depth // 2 + 1), float_table)
    win, place, show, chance, rolls = chances(race, state.game, every)
    return _build(
        state,
        [(s, chance[s], 0.0) for s in every],
        samples=0,
        win=tuple(win),
        place=tuple(place),
        show=tuple(show),
        win_error=(0.0,) * len(win),
        mean_rolls=float(rolls),
        method="exact",
    )


def race_of(
    state: ReadySetBetState,
    alg: Algebra[N, E],
    table: Callable[[Fraction, int, int], HorseTable[N]],
) -> Race[N, E]:
    """The :class:`~racebook.games.readysetbet.exact.Race` of ``state``'s position."""
    return race_at(state.game.config, state.pos, state.pending, alg, table)


def race_at(
    c: ReadySetBetConfig,
    pos: Sequence[int],
    pending: int,
    alg: Algebra[N, E],
    table: Callable[[Fraction, int, int], HorseTable[N]],
) -> Race[N, E]:
    """The :class:`~racebook.games.readysetbet.exact.Race` of a position."""
    tables = [table(Fraction(w, 36), b, c.track) for w, b in zip(WAYS, c.bonus, strict=True)]
    return Race(alg, tables, pos, pending, c.track)


def chances(
    race: Race[N, E], game: ReadySetBet, every: Sequence[str]
) -> tuple[list[N], list[N], list[N], dict[str, N], N]:
    """Win, place, show per horse, the chance of each spot of ``every`` and the
    expected rolls left, from ``race`` (a position of ``game``)."""
    win = race.win()
    # the 7-out spot's counts come from the same pass
    place, show = race.place_show(win, SEVEN if "colour:7-out" in every else None)
    return win, place, show, spot_chances(race, game, every, win, place, show), race.rolls()


def spot_chances(
    race: Race[N, E],
    game: ReadySetBet,
    every: Sequence[str],
    win: Sequence[N],
    place: Sequence[N],
    show: Sequence[N],
) -> dict[str, N]:
    """The chance of each spot of ``every`` from ``race``, given its horses'
    ``win``, ``place`` and ``show`` (:func:`chances` without them again)."""
    c = game.config
    lone = race.lone
    final = race.lone_final
    final_places = places_from_keys([-p for p in final])
    done: dict[str, N] = {}
    out: dict[str, N] = {}
    for spot in every:
        kind, _, rest = spot.partition(":")
        if kind in ("win", "place", "show"):
            h = HORSES.index(rest.rsplit(":", 1)[0])
            out[spot] = (win if kind == "win" else place if kind == "place" else show)[h]
            continue
        if kind == "colour" and rest != "7-out":
            group = {"blue": BLUE, "orange": ORANGE, "red": RED}[rest]
            out[spot] = sum((win[h] for h in group), race.alg.number(0))
            continue
        key = spot.rsplit(":", 1)[0] if kind == "exotic" else spot
        if key not in done:
            if kind == "colour":  # 7-out: "至少四匹馬排在7號馬前面"
                p = race.seven_out(SEVEN, 4 - 1)  # the winner and 3 more
            elif kind == "prop":
                card = c.props[int(rest)]
                p = race.ahead(card.ahead, card.behind)
            else:
                p = _exotic(race, key.split(":", 1)[1], c.track)
            if lone and game.spot(spot)[1](final, final_places):
                p += lone
            done[key] = p
        out[spot] = done[key]
    return out


def _exotic(race: Race[N, E], name: str, track: int) -> N:
    """An exotic finish card's chance (board.exotic_wins), :attr:`Race.lone` left out."""
    one = race.alg.number(1) - race.lone  # the total without the lone words
    if name == "by-a-nose":  # a horse one space short of the finish
        return one - race.classed(track - 1, track - 1, 1)[0]
    if name == "blow-out":  # every other horse at least six short
        return race.classed(track - 5, track - 1, 1)[0]
    if name == "tight-race":  # none below space 6
        return race.classed(0, 5, 1)[0]
    if name == "late-start":  # two on space 3 or below
        return one - sum(race.classed(0, 3, 2), race.alg.number(0))
    if name == "photo-finish":  # three within three spaces of the finish
        return one - sum(race.classed(track - 3, track, 3), race.alg.number(0))
    raise ValueError(f"unknown exotic finish {name!r}")


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
        replayed = replay(text, history=False)  # the position alone is needed
        assert isinstance(replayed, ReadySetBetState)
        state = _REPLAYED[text] = replayed
    c = state.game.config
    every = state.spots or spot_ids(c, state.props, state.exotics)
    return _count(state, every, samples, random.Random(seed))

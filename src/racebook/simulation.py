"""Run many bot games and summarise them per seat."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from racebook.core.game import Game


@attrs.frozen
class SeatStats:
    """One seat over many games: its bot, mean score, share of games won
    (a shared win counts for each winner) and mean final place.  A seat the
    game does not score (Ready Set Bet's host) has score 0 and comes last."""

    seat: int
    bot: str
    mean_score: float
    win_rate: float
    mean_place: float


@attrs.frozen
class Summary:
    """What :func:`simulate` returns."""

    game: str
    games: int
    seed: int
    seats: tuple[SeatStats, ...]
    mean_actions: float


def simulate(
    game: Game[Any],
    bots: Sequence[Any] | None = None,
    *,
    games: int = 100,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games of ``game`` between ``bots`` (names like
    ``"random"``/``"heuristic"`` or bot objects, one per player, see
    :attr:`~racebook.core.game.Game.players`; default all random) and return
    per-player statistics.  A seat that acts without playing (Ready Set Bet's
    host chair) chooses uniformly.  Deterministic for a seed.

    >>> import racebook
    >>> s = racebook.simulate(racebook.load("longshot"), games=3, seed=1)
    >>> len(s.seats), s.games
    (5, 3)
    """
    from racebook.agents.base import RandomBot, make_bot

    n = game.players
    names: Sequence[Any] = bots if bots is not None else ["random"] * n
    if len(names) != n:
        raise ValueError(f"{len(names)} bots for {n} players")
    rng = random.Random(seed)
    players = [
        make_bot(game.id, b, rng.randrange(2**32)) if isinstance(b, str) else b for b in names
    ]
    # seats that act without playing (Ready Set Bet's host chair): uniform choice
    players += [RandomBot(rng.randrange(2**32)) for _ in range(n, game.seats)]
    totals = [0.0] * n
    wins = [0.0] * n
    place_sum = [0.0] * n
    actions = 0
    for g in range(games):
        state = game.new_state(seed=rng.randrange(2**63))
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[int(rng.random() * len(to_act))]
            state.apply(players[seat].choose(state, seat))
        result = state.result
        assert result is not None
        actions += len(state.log)
        for s in range(n):
            totals[s] += result.scores[s]
            place_sum[s] += result.places[s]
        for s in result.winners:
            wins[s] += 1
        if progress is not None:
            progress(g + 1)
    per = max(games, 1)
    return Summary(
        game=game.id,
        games=games,
        seed=seed,
        seats=tuple(
            SeatStats(s, players[s].name, totals[s] / per, wins[s] / per, place_sum[s] / per)
            for s in range(n)
        ),
        mean_actions=actions / per,
    )

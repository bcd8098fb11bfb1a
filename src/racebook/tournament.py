"""A tournament between bots: seats rotated, win rates and mean scores with
95% confidence intervals, and the bots' decisions per second.

Game ``i`` seats the bots in the order of the list turned by ``i``: seat ``s``
gets ``bots[(s + i) % len(bots)]``, so over ``len(bots)`` games every bot sits
in every place of the order.  A name may be given more than once (one search
bot against four heuristic bots: ``["search:hard"] + ["heuristic"] * 4``);
the statistics are by name, over every seat it held.  Game ``i`` is seeded
from ``seed`` and ``i`` alone (:func:`racebook.simulation.game_seeds`), so the
results are the same for any ``workers`` and ``backend`` (the decision rates
aside: they are measured).

>>> import racebook
>>> t = tournament(racebook.load("trickrace"), ["random", "heuristic"], games=2, seed=1)
>>> [r.bot for r in t.rows], t.games
(['heuristic', 'random'], 2)
>>> sum(r.seats for r in t.rows) == 2 * 4
True
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from racebook import simulation
from racebook.core.errors import ConfigError
from racebook.core.game import Game
from racebook.core.values import CHANCE
from racebook.core.workers import run_jobs


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class BotRow:
    """One bot's results: how many seats it held, its win rate (a shared win
    counts for each winner) with a 95% interval, its mean score with the
    half-width of a 95% interval, its mean place, and its decisions per
    second (wall clock, over its own decisions).  A bot the seat rotation
    never seated (more bots named than seats, too few games) has ``seats``
    0 and ``nan`` for every rate, mean and width (its win interval 0 to 1)."""

    bot: str
    seats: int
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_half: float
    mean_place: float
    decisions: int
    per_second: float


@attrs.frozen
class Tournament:
    """What :func:`tournament` returns: the rows best win rate first."""

    game: str
    games: int
    seed: int
    bots: tuple[str, ...]
    rows: tuple[BotRow, ...]

    def row(self, bot: str) -> BotRow:
        """The row of ``bot``."""
        for r in self.rows:
            if r.bot == bot:
                return r
        raise KeyError(bot)

    def lines(self) -> list[str]:
        """The table as text lines."""
        head = (
            f"{'bot':<16} {'seats':>6} {'win rate [95% CI]':>24} "
            f"{'mean score ± 95%':>24} {'place':>6} {'dec/s':>9}"
        )
        out = [f"{self.game}: {self.games} games, seed {self.seed}, seats rotated", head]
        for r in self.rows:
            if r.seats == 0:
                out.append(f"{r.bot:<16} {0:>6}  never seated: no results")
                continue
            win = f"{r.win_rate:6.1%} [{r.win_low:5.1%}, {r.win_high:5.1%}]"
            score = f"{r.mean_score:,.1f} ± {r.score_half:,.1f}"
            out.append(
                f"{r.bot:<16} {r.seats:>6} {win:>24} {score:>24} "
                f"{r.mean_place:>6.2f} {r.per_second:>9,.1f}"
            )
        return out


@attrs.frozen
class _Played:
    """One game: each player's bot index, score, place, whether it won, and
    per bot index the decisions it took and the seconds they took."""

    lineup: tuple[int, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]


def lineup(bots: Sequence[str], index: int, players: int) -> list[int]:
    """The bot index of each player in game ``index`` (seats rotated).

    >>> lineup(["a", "b", "c"], 1, 4)
    [1, 2, 0, 1]
    """
    k = len(bots)
    return [(s + index) % k for s in range(players)]


_GAMES: dict[str, Game[Any, Any]] = {}


def _play_chunk(job: tuple[str, Any, tuple[str, ...], int, int, int]) -> list[_Played]:
    from racebook.agents.base import RandomBot, make_bot, next_seat
    from racebook.core.registry import game_from_data
    from racebook.simulation import game_seeds

    game_id, config, names, seed, start, stop = job
    key = json.dumps([game_id, config], sort_keys=True)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = game_from_data(game_id, config)
    out = []
    for index in range(start, stop):
        game_seed, bot_seeds, rng = game_seeds(seed, index, game.seats)
        order = lineup(names, index, game.players)
        players: list[Any] = [
            make_bot(game.id, names[b], bot_seeds[s]) for s, b in enumerate(order)
        ]
        players += [RandomBot(bot_seeds[s]) for s in range(game.players, game.seats)]
        decisions = [0] * len(names)
        seconds = [0.0] * len(names)
        state = game.new_state(seed=game_seed)
        while not state.is_over:
            if len(state.log) > simulation.MAX_GAME_ACTIONS:
                raise ConfigError("game", simulation.unfinished(index))
            seat = next_seat(state, players, rng)
            if seat == CHANCE:  # pragma: no cover (a seeded state resolves chance)
                raise AssertionError("chance left to a bot")
            t0 = time.perf_counter()
            action = players[seat].choose(state, seat)
            if seat < game.players:
                seconds[order[seat]] += time.perf_counter() - t0
                decisions[order[seat]] += 1
            state.apply(action)
        result = state.result
        assert result is not None
        n = game.players
        out.append(
            _Played(
                tuple(order),
                tuple(result.scores[:n]),
                tuple(result.places[:n]),
                tuple(s for s in result.winners if s < n),
                tuple(decisions),
                tuple(seconds),
            )
        )
    return out


def tournament(
    game: Game[Any, Any],
    bots: Sequence[str],
    *,
    games: int = 100,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Tournament:
    """Play ``games`` games of ``game`` between the bots named (seats rotated;
    see the module docstring) and rank them by win rate.  ``workers`` and
    ``backend``/``address`` as :func:`racebook.simulate` has them; the bots
    must be given by name."""
    from racebook.agents.base import bot_names
    from racebook.core.serial import to_data

    names = tuple(bots)
    if not names:
        raise ConfigError("bots", "a tournament needs at least one bot")
    known = bot_names(game.id)
    for name in names:
        if name not in known:
            raise ConfigError("bots", f"no bot {name!r} for {game.id}; known: {known}")
    if type(games) is not int or games < 1:
        raise ConfigError("games", f"at least 1, not {games!r}")
    config = to_data(game.config)
    size = 1 if workers == 1 and backend == "local" else max(1, games // (4 * workers))
    jobs = [(game.id, config, names, seed, a, min(a + size, games)) for a in range(0, games, size)]
    done = 0

    def arrived(_: int, played: list[_Played]) -> None:
        nonlocal done
        done += len(played)
        if progress is not None:
            progress(done)

    results = run_jobs(
        _play_chunk, jobs, workers=workers, backend=backend, address=address, on_result=arrived
    )
    distinct = sorted(set(names), key=names.index)
    index_of = {i: distinct.index(name) for i, name in enumerate(names)}
    k = len(distinct)
    seats = [0] * k
    wins = [0] * k
    score: list[list[int]] = [[] for _ in range(k)]
    places = [0] * k
    decisions = [0] * k
    seconds = [0.0] * k
    for chunk in results:
        for played in chunk:
            for s, b in enumerate(played.lineup):
                d = index_of[b]
                seats[d] += 1
                score[d].append(played.scores[s])
                places[d] += played.places[s]
                wins[d] += s in played.winners
            for b, (n_dec, secs) in enumerate(zip(played.decisions, played.seconds, strict=True)):
                decisions[index_of[b]] += n_dec
                seconds[index_of[b]] += secs
    rows = []
    for d, name in enumerate(distinct):
        n = seats[d]
        if n == 0:  # a bot the rotation never seated (more bots than seats, few games)
            nan = math.nan
            rows.append(BotRow(name, 0, nan, 0.0, 1.0, nan, nan, nan, 0, nan))
            continue
        mean = sum(score[d]) / n
        var = sum((x - mean) ** 2 for x in score[d]) / (n - 1) if n > 1 else 0.0
        low, high = wilson(wins[d], n)
        rows.append(
            BotRow(
                name,
                n,
                wins[d] / n,
                low,
                high,
                mean,
                1.96 * math.sqrt(var / n),
                places[d] / n,
                decisions[d],
                decisions[d] / seconds[d] if seconds[d] > 0 else math.inf,
            )
        )
    rows.sort(key=lambda r: (r.seats == 0, -r.win_rate if r.seats else 0.0, -r.mean_score, r.bot))
    return Tournament(game.id, games, seed, names, tuple(rows))

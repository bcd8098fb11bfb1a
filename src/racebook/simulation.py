"""Run many bot games and summarise them per seat, on one process, several, or Ray."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from racebook.core.errors import ConfigError
from racebook.core.game import Game
from racebook.core.workers import run_jobs


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


@attrs.frozen
class GameRecord:
    """One game of a simulation: its index, the seed its chance was drawn
    from, the final scores, places and winners, and how many actions
    (chance included) it took.  ``to_data`` is its JSON Lines form."""

    index: int
    seed: int
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    log: str | None = attrs.field(default=None, repr=False, kw_only=True)
    """The game's log (``simulate(..., logs=True)``), its header's ``meta``
    naming the bot of each seat; ``None`` otherwise."""

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.index,
            "seed": self.seed,
            "scores": list(self.scores),
            "places": list(self.places),
            "winners": list(self.winners),
            "actions": self.actions,
        }


@attrs.frozen
class _Totals:
    """Exact (integer) sums over some games, so that merging is exact in any grouping."""

    games: int
    scores: tuple[int, ...]
    wins: tuple[int, ...]
    places: tuple[int, ...]
    actions: int
    records: tuple[GameRecord, ...]


def game_seeds(seed: int, index: int, seats: int) -> tuple[int, list[int], random.Random]:
    """Game ``index`` of a simulation with ``seed``: its chance seed, a seed per
    seat's bot and the generator that picks who acts when several may.  They
    depend on ``seed`` and ``index`` alone, so a game is the same whichever
    worker plays it and in whatever order."""
    rng = random.Random(f"racebook-simulate:{seed}:{index}")
    game_seed = rng.randrange(2**63)
    return game_seed, [rng.randrange(2**32) for _ in range(seats)], rng


MAX_GAME_ACTIONS = 2_000_000
"""The most actions a game of a simulation or tournament may take: every
game of every variant shipped ends long before (Force of the Horse's
``max_turns``); a user's variant that does not end is refused by name."""


def unfinished(index: int) -> str:
    return (
        f"game {index} did not end within {MAX_GAME_ACTIONS:,} actions: "
        "the variant may never end (see its game's page)"
    )


def play_game(
    game: Game[Any, Any], bots: Sequence[Any], seed: int, index: int, *, log: bool = False
) -> GameRecord:
    """Play game ``index`` of a simulation with ``seed`` between ``bots`` (names
    or bot factories, one per player); a seat that acts without playing
    chooses uniformly.  With ``log``, the record holds the game's log, whose
    header's ``meta`` says which bot sat in which seat (:func:`log_meta`)."""
    from racebook.agents.base import RandomBot, make_bot, next_seat

    game_seed, bot_seeds, rng = game_seeds(seed, index, game.seats)
    players = [
        make_bot(game.id, b, bot_seeds[s]) if isinstance(b, str) else b for s, b in enumerate(bots)
    ]
    players += [RandomBot(bot_seeds[s]) for s in range(len(bots), game.seats)]
    state = game.new_state(seed=game_seed)
    if log:
        from racebook.core.log import set_meta

        set_meta(state, log_meta(bots, game.seats, seed, index))
    while not state.is_over:
        seat = next_seat(state, players, rng)
        state.apply(players[seat].choose(state, seat))
        if len(state.log) > MAX_GAME_ACTIONS:
            raise ConfigError("game", unfinished(index))
    result = state.result
    assert result is not None
    text = state.log.dumps() if log else None
    return GameRecord(
        index, game_seed, result.scores, result.places, result.winners, len(state.log), log=text
    )


def log_meta(bots: Sequence[Any], seats: int, seed: int, index: int) -> dict[str, Any]:
    """The header ``meta`` of a simulated game's log: ``bots``, the bot of
    each seat (a seat without one, Ready Set Bet's host chair, is
    ``"random"``), and ``simulate``, the simulation's seed and the game's
    index (:func:`game_seeds`).  Not part of the rules: replay keeps it."""
    labels = [b if isinstance(b, str) else getattr(b, "name", "bot") for b in bots]
    labels += ["random"] * (seats - len(labels))
    return {"bots": labels, "simulate": {"seed": seed, "game": index}}


_GAMES: dict[tuple[str, str], Game[Any, Any]] = {}


def _game_of(game_id: str, config: Any) -> Game[Any, Any]:
    from racebook.core.registry import game_from_data

    key = (game_id, _key(config))
    found = _GAMES.get(key)
    if found is None:
        if len(_GAMES) >= 16:
            _GAMES.clear()
        found = _GAMES[key] = game_from_data(game_id, config)
    return found


def _play_chunk(job: tuple[str, Any, tuple[Any, ...], int, int, int, bool | str]) -> _Totals:
    """Games ``start .. stop-1`` (a job: picklable, run on any worker);
    ``keep`` the records (``"logs"``: with their logs)."""
    game_id, config, bots, seed, start, stop, keep = job
    game = _game_of(game_id, config)
    n = game.players
    scores, wins, places = [0] * n, [0] * n, [0] * n
    actions = 0
    records = []
    for index in range(start, stop):
        record = play_game(game, bots, seed, index, log=keep == "logs")
        for s in range(n):
            scores[s] += record.scores[s]
            places[s] += record.places[s]
        for s in record.winners:
            wins[s] += 1
        actions += record.actions
        if keep:
            records.append(record)
    return _Totals(stop - start, tuple(scores), tuple(wins), tuple(places), actions, tuple(records))


def simulate(
    game: Game[Any, Any],
    bots: Sequence[Any] | None = None,
    *,
    games: int = 100,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk: int | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    logs: bool = False,
) -> Summary:
    """Play ``games`` games of ``game`` between ``bots`` (names like
    ``"random"``/``"heuristic"`` or bot objects, one per player, see
    :attr:`~racebook.core.game.Game.players`; default all random) and return
    per-player statistics.  A seat that acts without playing (Ready Set Bet's
    host chair) chooses uniformly.

    Game ``i`` is seeded from ``seed`` and ``i`` alone (:func:`game_seeds`),
    with fresh bots, and the results are merged in game order with exact
    sums, so the summary is the same for any ``workers`` and ``backend``
    (``"local"``: processes of this machine; ``"ray"``: a Ray cluster at
    ``address``, or a local one started with ``workers`` CPUs; see
    :mod:`racebook.core.workers`).  ``chunk`` games go to a worker at a time
    (it changes nothing but the speed); ``progress(done)`` is called as games
    complete and ``on_game(record)`` once per game in order (with ``logs``,
    each record holds its game's log: ``GameRecord.log``).  With more than
    one worker, bots must be given by name (or be picklable factories).

    >>> import racebook
    >>> s = racebook.simulate(racebook.load("longshot"), games=3, seed=1)
    >>> len(s.seats), s.games
    (5, 3)
    >>> s == racebook.simulate(racebook.load("longshot"), games=3, seed=1, workers=2)
    True
    """
    from racebook.core.serial import to_data

    n = game.players
    names: Sequence[Any] = bots if bots is not None else ["random"] * n
    if len(names) != n:
        raise ValueError(f"{len(names)} bots for {n} players")
    size = chunk or max(1, min(1000, games // (8 * workers) or 1))
    keep: bool | str = "logs" if logs and on_game is not None else on_game is not None
    config = to_data(game.config)
    jobs = [
        (game.id, config, tuple(names), seed, start, min(start + size, games), keep)
        for start in range(0, games, size)
    ]
    done = 0

    def arrived(i: int, totals: _Totals) -> None:
        nonlocal done
        if on_game is not None:
            for record in totals.records:
                on_game(record)
        done += totals.games
        if progress is not None:
            progress(done)

    if workers == 1 and backend == "local":
        # one process: the game object itself (a house rule's game need not
        # be rebuildable from its config), and progress after every game
        _GAMES[(game.id, _key(config))] = game
        jobs = [(game.id, config, tuple(names), seed, g, g + 1, keep) for g in range(games)]
    results = run_jobs(
        _play_chunk, jobs, workers=workers, backend=backend, address=address, on_result=arrived
    )
    scores, wins, places = [0] * n, [0] * n, [0] * n
    actions = 0
    for totals in results:
        for s in range(n):
            scores[s] += totals.scores[s]
            wins[s] += totals.wins[s]
            places[s] += totals.places[s]
        actions += totals.actions
    per = max(games, 1)
    labels = [b if isinstance(b, str) else getattr(b, "name", "bot") for b in names]
    return Summary(
        game=game.id,
        games=games,
        seed=seed,
        seats=tuple(
            SeatStats(s, labels[s], scores[s] / per, wins[s] / per, places[s] / per)
            for s in range(n)
        ),
        mean_actions=actions / per,
    )


def _key(config: Any) -> str:
    return json.dumps(config, sort_keys=True)

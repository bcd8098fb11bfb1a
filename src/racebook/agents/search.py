"""A search bot for every game that plays from what its seat may see.

:class:`SearchBot` is determinized Monte Carlo search (perfect-information
Monte Carlo with paired playouts).  Each round it

1. draws a *determinization*: ``state.hidden_variant(seat, rng)`` redeals
   everything ``seat`` may not see (the other hands, the stack, secret orders
   and choices) consistently with its view and the events it has seen, and the
   future chance (dice, shuffles) is drawn from the bot's own generator, not
   the game's;
2. tries each of its candidate actions in that same world, with the same
   dice and the same playout choices (paired: the differences between the
   actions are measured with far less noise than independent playouts give);
3. plays each on with a playout policy (uniform over the legal actions, or
   every seat's heuristic bot; chance as chance) to the end of the game, of
   the race (``race_end``: Long Shot, Mafia; Ready Set Bet always: the race's
   money is settled then) or ``horizon`` actions (Force of the Horse, whose
   position is then estimated), and scores it by ``value``: the seat's score
   there, its lead over the best other seat, or whether it wins.

Candidates: every legal action, or the ``top`` best by a prior
(:mod:`racebook.agents.priors`: Long Shot, Mafia); with ``prune`` the first
world is played for all of them and the best quarter go on, and so on down
to two.  With ``anchor`` the heuristic bot's move (chosen in a
determinization, so from the seat's view) is always a candidate and is
played unless the best one beats it by ``margin`` standard errors of their
paired differences.  It picks the best candidate otherwise.

It never reads the true state beyond its view: the first thing computed from
the state is a determinization drawn from the bot's own seeded generator, and
every game's ``hidden_variant`` redeals from a pool put in a fixed order
first, into places the view alone fixes, so two states that differ only in
what the seat may not see give the same decisions for the same seed
(``tests/test_search.py`` checks it for every game).

Strength is the number of playouts per decision (``iterations``) and the
settings above: :data:`LEVELS` names three (``search:easy``,
``search:normal``, ``search:hard``); ``SearchBot(..., seconds=...)`` plays
rounds until the time is up instead (not reproducible).
:meth:`SearchBot.hint` ranks the legal actions with the estimate of each.

Ready Set Bet's race is real time: the bot is asked for a bet when a table
offers it a turn (``simulate`` and ``tournament`` pick at random among the
seats that may act; ``racebook play`` asks each bot with some chance per
roll), and must bet.  Its bets are valued by the odds from the position
(:mod:`racebook.agents.readysetbet_search`): what each pays by the end of
the race, net of losses; its other choices (the VIP draft) are searched with
playouts to the end of the race.

>>> import racebook
>>> state = racebook.load("trickrace").new_state(seed=1)
>>> seat = state.to_act[0]
>>> bot = SearchBot(seed=1, iterations=8)
>>> bot.choose(state, seat) in state.legal_actions(seat)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import attrs

from racebook.agents.base import register_bot
from racebook.core.errors import ConfigError
from racebook.core.game import Action, State
from racebook.core.values import CHANCE

#: The named levels, the settings of their :class:`SearchBot` (their order is
#: measured by ``racebook tournament``; see the docs' page on bots).  Easy:
#: 8 uniformly random playouts a decision to the end of the game.  Normal and
#: hard: playouts by every seat's heuristic bot, to the end of the race in
#: Long Shot, Mafia and Ready Set Bet and ``horizon`` actions in Force of the
#: Horse; the seat's lead over the best other seat maximised; the heuristic
#: bot's move kept unless another beats it by ``margin`` standard errors in
#: the same worlds; Long Shot's and Mafia's placements cut to the ``top``
#: best by the heuristic's rating first.  Normal searches a quarter of hard's
#: playouts and leaves the heuristic's move only for one better by 2 standard
#: errors.  Ready Set Bet's bets are valued by the odds (easy: a Monte Carlo
#: of 25 finishes an iteration; normal and hard: exact), hard keeps its large
#: tokens for good spots (``save``), and normal and hard wait for a bet worth
#: $2.50 and $3 (``wait``).
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 8, "playout": "random", "exact": False},
    "normal": {
        "iterations": 4,
        "playout": "heuristic",
        "value": "margin",
        "anchor": True,
        "margin": 2.0,
        "prune": True,
        "race_end": True,
        "top": 4,
        "horizon": 12,
        "exact": True,
        "wait": 2.5,
    },
    "hard": {
        "iterations": 16,
        "playout": "heuristic",
        "value": "margin",
        "anchor": True,
        "prune": True,
        "race_end": True,
        "top": 6,
        "horizon": 20,
        "exact": True,
        "save": 1.0,
        "wait": 3.0,
    },
}

#: Actions a playout may take before it is scored where it stands (a guard:
#: every game ends well before).
MAX_PLAYOUT = 5000


#: What a search maximises: the seat's final score (``"score"``), its lead
#: over the best other seat (``"margin"``) or whether it wins (``"win"``).
VALUES = frozenset({"score", "margin", "win"})


class _Stats:
    """One action's playouts: their score and objective totals, wins, and the
    differences of its objective from the anchor's in the same worlds."""

    __slots__ = ("count", "diff2", "diffs", "objective", "paired_n", "score", "wins")

    def __init__(self) -> None:
        self.count = 0
        self.score = 0.0
        self.objective = 0.0
        self.wins = 0
        self.paired_n = 0
        self.diffs = 0.0
        self.diff2 = 0.0

    def add(self, score: float, objective: float, won: bool) -> None:
        self.count += 1
        self.score += score
        self.objective += objective
        self.wins += won

    def paired(self, diff: float) -> None:
        self.paired_n += 1
        self.diffs += diff
        self.diff2 += diff * diff

    @property
    def mean(self) -> float:
        return self.objective / self.count if self.count else -math.inf

    def beats(self, z: float) -> bool:
        """Whether its mean difference from the anchor is above ``z`` standard errors."""
        m = self.paired_n
        if m < 2:
            return False
        mean = self.diffs / m
        var = max(0.0, (self.diff2 - m * mean * mean) / (m - 1))
        return mean > z * math.sqrt(var / m)


def _heuristic(game_id: str, seed: int) -> Any:
    from racebook.agents.base import make_bot

    try:
        return make_bot(game_id, "heuristic", seed)
    except ConfigError:
        return None


@attrs.frozen
class Estimate:
    """One legal action as the search rated it: the mean of the seat's score
    (money or points) where the playouts that began with it stopped (the end
    of the game; of the race in Long Shot, Mafia and Ready Set Bet; Force of
    the Horse at a horizon: the estimated chance of winning), how many
    playouts it had (0: not searched, left out by the prior, or a Ready Set
    Bet bet, whose value is its expected payoff by the odds), and the share
    of them the seat won.  The chosen action is first; the rest follow by
    how far they went in the pruning, then by their mean."""

    action: Action
    value: float
    visits: int
    win_rate: float


def _leaf_value(state: State[Any, Any, Any], seat: int, start_race: int | None) -> float | None:
    """The seat's value if the playout stops here, else ``None``."""
    result = state.result
    if result is not None:  # a seat the game does not score (a host's chair): 0
        return float(result.scores[seat]) if seat < len(result.scores) else 0.0
    if start_race is not None:  # Ready Set Bet: the race's money is settled
        race: int = getattr(state, "race", 0)
        if race != start_race:
            money: list[int] = getattr(state, "money", [])
            return float(money[seat]) if seat < len(money) else 0.0
    return None


def _wins(state: State[Any, Any, Any], seat: int, start_race: int | None) -> bool:
    result = state.result
    if result is not None:
        return seat in result.winners
    money: list[int] = getattr(state, "money", [])
    return seat < len(money) and money[seat] == max(money)


def determinize(state: State[Any, Any, Any], seat: int, rng: random.Random) -> State[Any, Any, Any]:
    """A state ``seat`` cannot tell from ``state``: what it may not see redealt
    (:meth:`~racebook.core.game.State.hidden_variant`) and future chance drawn
    from a new generator seeded from ``rng`` (not the game's own)."""
    det = state.hidden_variant(seat, rng)
    det._rng = random.Random(rng.randrange(2**63))
    det._rng_shared = False
    return det


class SearchBot:
    """Determinized Monte Carlo search (see the module docstring).

    ``iterations``: playouts per decision, over the candidates (or rounds
    until ``seconds`` are up, when given); ``rounds``: the least number of
    worlds every candidate is tried in first (without ``prune``: in every
    phase).  ``playout``: ``"random"`` or ``"heuristic"`` (every seat's
    heuristic bot plays on).  ``value``: what is maximised (:data:`VALUES`).
    ``anchor`` and ``margin``: keep the heuristic bot's move unless another
    beats it by ``margin`` standard errors.  ``prune``: a world for all, then
    the best quarter, down to two.  ``top``: only the best ``top`` by the
    game's prior (:mod:`racebook.agents.priors`).  ``race_end``: playouts stop
    at the end of the race in the games of several races; ``horizon``: after
    that many actions where the game's position can be estimated (Force of the
    Horse).  Ready Set Bet's bets: ``exact`` odds or 25 sampled finishes an
    iteration, ``save`` (large tokens kept for good spots) and ``risk`` (the
    bet's spread added, times ``risk``, to its expected payoff: no better in
    a first run), see :mod:`racebook.agents.readysetbet_search`.  ``wait``:
    in Ready Set Bet's race, where a bettor need not bet, bet only when the
    best bet is worth more than ``wait`` dollars (:meth:`ready`; ``None``:
    whenever the table gives the turn).  ``budget``: playout actions (chance
    included) a decision may spend, each pruning phase its share, checked
    between worlds: a bound on its time, unlike ``seconds`` reproducible.
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 32,
        *,
        seconds: float | None = None,
        playout: str = "random",
        rounds: int = 1,
        value: str = "score",
        anchor: bool = False,
        margin: float = 1.0,
        prune: bool = False,
        horizon: int | None = None,
        exact: bool = True,
        save: float = 0.0,
        race_end: bool = False,
        top: int | None = None,
        risk: float = 0.0,
        wait: float | None = None,
        budget: int | None = None,
        name: str = "search",
    ) -> None:
        if iterations < 1:
            raise ConfigError("bots", f"a search needs 1 iteration or more, not {iterations}")
        if seconds is not None and not seconds > 0:
            raise ConfigError("bots", f"a time budget must be positive, not {seconds}")
        if playout not in ("random", "heuristic"):
            raise ConfigError("bots", f"playouts are random or heuristic, not {playout!r}")
        if value not in VALUES:
            raise ConfigError("bots", f"a search values {sorted(VALUES)}, not {value!r}")
        if budget is not None and budget < 1:
            raise ConfigError("bots", f"a playout budget needs 1 action or more, not {budget}")
        self._rng = random.Random(seed)
        self.value = value
        self.anchor = anchor
        self.margin = margin
        self.prune = prune
        self.horizon = horizon
        self.exact = exact
        self.save = save
        self.race_end = race_end
        self.top = top
        self.risk = risk
        self.wait = wait
        self.playout = playout
        self.rounds = rounds
        self.iterations = iterations
        self.seconds = seconds
        self.budget = budget
        self._spent = 0  # playout actions of the decision so far (budget)
        self.name = name

    def choose(self, state: State[Any, Any, Any], seat: int) -> Action:
        actions: list[Action] = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        return self.hint(state, seat)[0].action

    def ready(self, state: State[Any, Any, Any], seat: int) -> bool:
        """Whether the seat acts now where it may wait (see
        :func:`racebook.agents.base.ready`): in Ready Set Bet's race, with
        ``wait`` set, only if its best bet is worth more than ``wait`` by the
        odds (a token left in hand costs nothing; a later roll tells more);
        at every other choice, always."""
        if self.wait is None or not _is_rsb(state):
            return True
        ranked = self._bets(state, seat, state.legal_actions(seat))
        return ranked is None or ranked[0].value > self.wait

    def hint(self, state: State[Any, Any, Any], seat: int) -> list[Estimate]:
        """The legal actions of ``seat``, best first, each with the search's
        estimate of the seat's final score after it (for a hint button).

        >>> import racebook
        >>> state = racebook.load("longshot").new_state(seed=2)
        >>> seat = state.to_act[0]
        >>> ranked = SearchBot(seed=1, iterations=6).hint(state, seat)
        >>> sorted(map(repr, (e.action for e in ranked))) == sorted(
        ...     map(repr, state.legal_actions(seat)))
        True
        """
        actions = state.legal_actions(seat)
        if not actions:
            return []
        rng = self._rng
        n = len(actions)
        if _is_rsb(state):
            bets = self._bets(state, seat, actions)
            if bets is not None:
                return bets
        stats = [_Stats() for _ in range(n)]
        start_race = _race(state) if self.race_end or _is_rsb(state) else None
        # the heuristic's move, from a world the seat cannot tell from this one
        anchor: int | None = None
        if self.anchor and n > 1:
            det = determinize(state, seat, rng)
            guide = _heuristic(state.game.id, rng.randrange(2**32))
            if guide is not None:
                choice = guide.choose(det, seat)
                anchor = next((i for i, a in enumerate(actions) if a == choice), None)
        alive = list(range(n))
        if self.top is not None and n > self.top:
            from racebook.agents.priors import prior

            rating = prior(state, seat, actions)
            if rating is not None:  # the clearly bad left out before any playout
                best_first = sorted(range(n), key=lambda k: (-rating[k], k))
                alive = sorted(best_first[: self.top])
                if anchor is not None and anchor not in alive:
                    alive = sorted([*alive, anchor])
        n_alive = len(alive)
        # the candidates' numbers phase by phase: all of them, then a quarter
        # of the best so far, and so on down to two (and the anchor)
        sizes = [n_alive]
        while self.prune and sizes[-1] > 2:
            sizes.append(max(2, sizes[-1] // 4))
        phases = len(sizes)
        rest = max(0, self.iterations - self.rounds * n_alive)
        start = time.monotonic()
        self._spent = 0
        budget = self.budget
        for phase, size in enumerate(sizes):
            if phase == 0:
                worlds = self.rounds if phases > 1 else max(self.rounds, self.iterations // n_alive)
            else:
                worlds = max(1, rest // ((phases - 1) * size))
            deadline = None if self.seconds is None else start + self.seconds * (phase + 1) / phases
            done = 0
            while True:
                if deadline is None:
                    if done >= worlds:
                        break
                elif done and time.monotonic() >= deadline:
                    break
                if done and budget is not None and self._spent >= budget * (phase + 1) // phases:
                    break  # each phase its share of the playout actions (deterministic)
                self._world(state, seat, rng, start_race, alive, stats, anchor)
                done += 1
            if phase + 1 < phases:
                ranked_alive = sorted(alive, key=lambda k: -stats[k].mean)
                survivors = ranked_alive[: sizes[phase + 1]]
                if anchor is not None and anchor not in survivors:
                    survivors.append(anchor)
                alive = sorted(survivors)
        best = max(alive, key=lambda k: (stats[k].mean, -k))
        if anchor is not None and best != anchor and not stats[best].beats(self.margin):
            best = anchor
        ranked = [
            Estimate(
                actions[k],
                s.score / s.count if s.count else -math.inf,
                s.count,
                s.wins / s.count if s.count else 0.0,
            )
            for k, s in enumerate(stats)
        ]
        order = sorted(
            range(n), key=lambda k: (k != best, k not in alive, -stats[k].mean, -stats[k].count)
        )
        return [ranked[k] for k in order]

    def _bets(
        self, state: State[Any, Any, Any], seat: int, actions: list[Action]
    ) -> list[Estimate] | None:
        """Ready Set Bet's race: every bet valued by the odds (see
        :mod:`racebook.agents.readysetbet_search`), from a world the seat
        cannot tell from this one."""
        from racebook.agents.readysetbet_search import bet_values

        det = determinize(state, seat, self._rng)
        samples = None if self.exact else 25 * self.iterations
        values = bet_values(
            det,  # type: ignore[arg-type]
            seat,
            actions,
            self._rng,
            samples=samples,
            save=self.save,
            risk=self.risk,
        )
        if values is None:
            return None
        order = sorted(range(len(actions)), key=lambda k: -values[k])
        return [Estimate(actions[k], values[k], 0, 0.0) for k in order]

    def _world(
        self,
        state: State[Any, Any, Any],
        seat: int,
        rng: random.Random,
        start_race: int | None,
        alive: list[int],
        stats: list[_Stats],
        anchor: int | None,
    ) -> None:
        """One world for every action alive (and the anchor): the same hidden
        cards, the same dice and the same playout choices (paired: the
        differences between actions are measured with far less noise)."""
        det = determinize(state, seat, rng)
        seed = rng.randrange(2**62)
        tried = alive if anchor is None or anchor in alive else [*alive, anchor]
        values: dict[int, float] = {}
        for i in tried:
            world = det.clone()
            world._rng = random.Random(seed)
            world._rng_shared = False
            world.apply(world.legal_actions(seat)[i])
            before = len(world._entries)
            score, objective, won = _playout(
                world,
                seat,
                random.Random(seed + 1),
                start_race,
                self._policy(world, random.Random(seed + 2)),
                self.value,
                self.horizon,
            )
            self._spent += len(world._entries) - before
            stats[i].add(score, objective, won)
            values[i] = objective
        if anchor is not None:
            for i in tried:
                stats[i].paired(values[i] - values[anchor])

    def _policy(self, state: State[Any, Any, Any], rng: random.Random) -> list[Any] | None:
        """The playout's bots, one a seat (``None``: uniform play)."""
        if self.playout == "random" or _is_rsb(state):
            return None
        from racebook.agents.base import make_bot

        return [
            make_bot(state.game.id, "heuristic", rng.randrange(2**32))
            for _ in range(state.game.seats)
        ]


def _race(state: State[Any, Any, Any]) -> int | None:
    """The number of the race being run, in the games of several races whose
    money is settled at each race's end (Long Shot, Mafia, Ready Set Bet)."""
    race = getattr(state, "race", None)
    money = getattr(state, "money", None)
    return race if isinstance(race, int) and isinstance(money, list) else None


def _is_rsb(state: State[Any, Any, Any]) -> bool:
    return state.game.id.startswith("readysetbet")


def _playout(
    state: State[Any, Any, Any],
    seat: int,
    rng: random.Random,
    start_race: int | None,
    bots: list[Any] | None = None,
    value: str = "score",
    horizon: int | None = None,
) -> tuple[float, float, bool]:
    """Play on (``bots``, or uniformly at random; chance as chance) to a
    leaf, or ``horizon`` actions: the seat's score there (or its estimate),
    the search's objective (``value``) and whether it leads."""
    for step in range(MAX_PLAYOUT):
        if _leaf_value(state, seat, start_race) is not None:
            break
        if horizon is not None and step >= horizon and _estimable(state):
            return _estimate(state, seat, start_race, value)
        to_act = state.to_act
        who = to_act[0] if len(to_act) == 1 else to_act[int(rng.random() * len(to_act))]
        if who == CHANCE:  # only without a generator; determinize gives one
            state.apply(state.sample_chance(rng))
            continue
        if bots is not None:
            state.apply(bots[who].choose(state, who))
            continue
        actions = state.legal_actions(who)
        state.apply(actions[int(rng.random() * len(actions))])
    return _outcome(state, seat, start_race, value)


def _scores(state: State[Any, Any, Any], start_race: int | None) -> list[float]:
    result = state.result
    if result is not None:
        return [float(x) for x in result.scores]
    money: list[int] = getattr(state, "money", [])
    return [float(x) for x in money]


def _estimable(state: State[Any, Any, Any]) -> bool:
    """Whether a playout of this game may stop at a horizon (Force of the Horse)."""
    return state.game.id.startswith("forcehorse")


def _estimate(
    state: State[Any, Any, Any], seat: int, start_race: int | None, value: str
) -> tuple[float, float, bool]:
    """The outcome of a playout cut at its horizon, estimated.  Force of the
    Horse (FotH 902.1: a player with no card left in any distance area wins):
    the share of the distance cards left that are the other seat's; other
    games: the scores as they stand."""
    table = getattr(state, "table", None)
    if state.game.id.startswith("forcehorse") and table is not None:
        mine = table.area_cards(seat)
        theirs = table.area_cards(1 - seat)
        lead = (theirs - mine) / max(1, theirs + mine)
        chance = 0.5 + 0.5 * lead
        objective = {"score": chance, "win": chance}.get(value, lead)
        return chance, objective, lead > 0
    return _outcome(state, seat, start_race, value)


def _outcome(
    state: State[Any, Any, Any], seat: int, start_race: int | None, value: str
) -> tuple[float, float, bool]:
    scores = _scores(state, start_race)
    score = scores[seat] if seat < len(scores) else 0.0
    won = _wins(state, seat, start_race)
    if value == "score":
        return score, score, won
    if value == "win":
        return score, float(won), won
    others = [x for k, x in enumerate(scores) if k != seat]
    return score, score - (max(others) if others else 0.0), won


#: Playout actions of a Long Shot or Mafia hard decision (``budget``): up to
#: 4,000 early in a race, 0.3-0.7 s (issue #38: 0.25 s at the 99th percentile).
BUDGET = 2400

#: Changes to a level's settings for one game: a Long Shot or Mafia decision
#: is cheap (playouts stop at the race's end), so their hard level searches
#: more (48 playouts, the prior's 10 best, within :data:`BUDGET`).
GAME_LEVELS: dict[tuple[str, str], dict[str, Any]] = {
    ("longshot", "hard"): {"iterations": 48, "top": 10, "budget": BUDGET},
    ("mafia", "hard"): {"iterations": 48, "top": 10, "budget": BUDGET},
}


def level_bot(level: str, game: str = "*") -> Callable[[int | None], SearchBot]:
    """The factory of the named level's bot (``register_bot``), for ``game``
    (:data:`GAME_LEVELS`) or any."""
    settings = {**LEVELS[level], **GAME_LEVELS.get((game, level), {})}

    def make(seed: int | None) -> SearchBot:
        return SearchBot(seed, **settings, name=f"search:{level}")

    return make


register_bot("*", "search", level_bot("normal"))
for _level in LEVELS:
    register_bot("*", f"search:{_level}", level_bot(_level))
for _game, _level in GAME_LEVELS:
    register_bot(_game, f"search:{_level}", level_bot(_level, _game))

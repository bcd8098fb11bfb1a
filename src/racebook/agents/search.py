"""A search bot for every game that plays from what its seat may see.

:class:`SearchBot` is determinized Monte Carlo search (perfect-information
Monte Carlo with paired playouts).  Each round it

1. draws a *determinization*: ``state.hidden_variant(seat, rng)`` redeals
   everything ``seat`` may not see (the other hands, the stack, secret orders
   and choices) consistently with its view and the events it has seen, and the
   future chance (dice, shuffles) is drawn from the bot's own generator, not
   the game's;
2. tries every one of its legal actions in that same world, with the same
   dice and the same playout choices (paired: the differences between the
   actions are measured with far less noise than independent playouts give);
3. plays each on with a playout policy (uniform over the legal actions, or
   every seat's heuristic bot; chance as chance) to the end of the game (Ready
   Set Bet: to the end of the race, whose money is then settled) and scores
   it as the seat's score there.

It picks the action with the best mean value.  It never reads the true state
beyond its view: the first thing computed from the state is a determinization
drawn from the bot's own seeded generator, and every game's
``hidden_variant`` redeals from a pool put in a fixed order first, so two
states that differ only in what the seat may not see give the same
decisions for the same seed (``tests/test_search.py`` checks it for every game).

Strength is the number of playouts per decision (``iterations``: that many
divided by the number of legal actions rounds, one at least) and the playout
policy: :data:`LEVELS` and :data:`PLAYOUTS` name three (``search:easy``,
``search:normal``, ``search:hard``); ``SearchBot(..., seconds=...)`` plays
rounds until the time is up instead (not reproducible).
:meth:`SearchBot.hint` ranks the legal actions with the estimate of each.

Ready Set Bet's race is real time: the bot is asked for a bet when a table
offers it a turn (``simulate`` picks at random among the seats that may act;
``racebook play`` asks each bot with some chance per roll); in its playouts,
who acts next among several is drawn at random too, so a spot is a race
against the other bettors, and the estimate of each bet is what it pays by the
end of the race, net of losses.

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

#: Playouts per decision of the named levels (their order is measured by
#: ``racebook tournament``; see the docs' page on bots) ...
LEVELS: dict[str, int] = {"easy": 8, "normal": 32, "hard": 16}
#: ... and the policy their playouts follow: the hard level plays them out with
#: every game's heuristic bot (Ready Set Bet's is too slow for playouts: random).
PLAYOUTS: dict[str, str] = {"easy": "random", "normal": "random", "hard": "heuristic"}

#: Actions a playout may take before it is scored where it stands (a guard:
#: every game ends well before).
MAX_PLAYOUT = 5000


@attrs.frozen
class Estimate:
    """One legal action as the search rated it: the mean of the seat's score
    (money or points) at the end of the playouts that began with it, how many
    playouts it had, and the share of them the seat won."""

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

    ``iterations`` playouts per decision, in rounds of one per legal action
    (or rounds until ``seconds`` are up, when given); ``playout`` is
    ``"random"`` or ``"heuristic"`` (every seat's heuristic bot plays on);
    ``rounds`` is the least number of rounds (worlds) whatever the number of
    actions: in Long Shot, one or two worlds a decision overfit their dice
    (``SearchBot(seed, 96, playout="heuristic")``, 7 worlds a decision, did
    better there than the hard level in a first small run).
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = LEVELS["normal"],
        *,
        seconds: float | None = None,
        playout: str = "random",
        rounds: int = 1,
        name: str = "search",
    ) -> None:
        if iterations < 1:
            raise ConfigError("bots", f"a search needs 1 iteration or more, not {iterations}")
        if seconds is not None and not seconds > 0:
            raise ConfigError("bots", f"a time budget must be positive, not {seconds}")
        if playout not in ("random", "heuristic"):
            raise ConfigError("bots", f"playouts are random or heuristic, not {playout!r}")
        self._rng = random.Random(seed)
        self.playout = playout
        self.rounds = rounds
        self.iterations = iterations
        self.seconds = seconds
        self.name = name

    def choose(self, state: State[Any, Any, Any], seat: int) -> Action:
        actions: list[Action] = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        return self.hint(state, seat)[0].action

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
        >>> ranked[0].value >= ranked[-1].value
        True
        """
        actions = state.legal_actions(seat)
        if not actions:
            return []
        rng = self._rng
        n = len(actions)
        totals = [0.0] * n
        counts = [0] * n
        wins = [0] * n
        start_race: int | None = getattr(state, "race", None) if _is_rsb(state) else None
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        rounds = max(1, self.rounds, self.iterations // n)
        done = 0
        while True:
            if deadline is None:
                if done >= rounds:
                    break
            elif done and time.monotonic() >= deadline:
                break
            # one world for every action: the same hidden cards, the same
            # dice and the same playout choices (paired: the differences
            # between actions are measured with far less noise)
            det = determinize(state, seat, rng)
            seed = rng.randrange(2**62)
            for i in range(n):
                world = det.clone()
                world._rng = random.Random(seed)
                world._rng_shared = False
                world.apply(world.legal_actions(seat)[i])
                value, won = _playout(
                    world,
                    seat,
                    random.Random(seed + 1),
                    start_race,
                    self._policy(world, random.Random(seed + 2)),
                )
                totals[i] += value
                counts[i] += 1
                wins[i] += won
            done += 1
        ranked = [
            Estimate(
                actions[k],
                totals[k] / counts[k] if counts[k] else -math.inf,
                counts[k],
                wins[k] / counts[k] if counts[k] else 0.0,
            )
            for k in range(n)
        ]
        # stable: ties keep the order of legal_actions
        ranked.sort(key=lambda e: (-e.value, -e.visits))
        return ranked

    def _policy(self, state: State[Any, Any, Any], rng: random.Random) -> list[Any] | None:
        """The playout's bots, one a seat (``None``: uniform play)."""
        if self.playout == "random" or _is_rsb(state):
            return None
        from racebook.agents.base import make_bot

        return [
            make_bot(state.game.id, "heuristic", rng.randrange(2**32))
            for _ in range(state.game.seats)
        ]


def _is_rsb(state: State[Any, Any, Any]) -> bool:
    return state.game.id.startswith("readysetbet")


def _playout(
    state: State[Any, Any, Any],
    seat: int,
    rng: random.Random,
    start_race: int | None,
    bots: list[Any] | None = None,
) -> tuple[float, bool]:
    """Play on (``bots``, or uniformly at random; chance as chance) to a
    leaf: the seat's value there and whether it leads."""
    for _ in range(MAX_PLAYOUT):
        value = _leaf_value(state, seat, start_race)
        if value is not None:
            return value, _wins(state, seat, start_race)
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
    value = _leaf_value(state, seat, start_race)
    return (value if value is not None else 0.0), False


def level_bot(level: str) -> Callable[[int | None], SearchBot]:
    """The factory of the named level's bot (``register_bot``)."""
    iterations = LEVELS[level]

    def make(seed: int | None) -> SearchBot:
        return SearchBot(seed, iterations, playout=PLAYOUTS[level], name=f"search:{level}")

    return make


register_bot("*", "search", level_bot("normal"))
for _level in LEVELS:
    register_bot("*", f"search:{_level}", level_bot(_level))

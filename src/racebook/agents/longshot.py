"""A heuristic bot for Long Shot and Mafia: it runs the horses it is paid for and
slows the rest; in Mafia it also buys a few cards and bets quinellas on the leaders.

It reads only its own view.  Each horse gets an *interest*: the reward of its
secret order if this is that horse, plus the tickets it holds on it, minus
the table's average; a placement is worth the change in that horse's speed
times its interest, less the value of the ticket it spends.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import repeat
from typing import Any

from racebook.agents.base import register_bot
from racebook.cards.horse import FREE, HorseCard
from racebook.core.game import Action, State
from racebook.games.longshot import LongShotView, Pass, Place, box_horse
from racebook.games.mafia import Quinella, Supply


class LongShotHeuristic:
    """Plays for its order and its tickets (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State[Any, Any, Action], seat: int) -> Action:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        view = state.view(seat)
        assert isinstance(view, LongShotView)
        if isinstance(actions[0], Supply):
            return self._supply(actions, view)
        if any(map(isinstance, actions, repeat(Quinella))):
            return self._quinella(actions, view)
        config = state.game.config
        table = config.races[view.race - 1]
        # a variant's table may pay no reward or no ticket at all
        reward = table.rewards[0] if table.rewards else 0
        ticket = table.tickets[0] if table.tickets else 0
        interest = self._interest(view, reward, ticket, config.goal)
        chances = self._chances(view)  # each horse's, once a decision (a search's playouts)
        loss = table.ticket_loss
        rand = self._rng.random
        boxes = view.boxes
        closed = view.opened is None
        best: list[Action] = []
        best_score = float("-inf")
        for action in actions:  # _score and _hold_value inline (the search's playouts)
            if type(action) is Place:
                c, b = action.card, action.box
                box = boxes[b]  # interest of box_horse(b), inline: boxes 2h-2 and 2h-1
                score = interest[b >> 1] * (c.mv - (box[-1].mv if box else 0)) / 10
                if closed and c.horse == FREE:  # keep strong free cards for the spurt
                    score -= c.mv * 100.0
                elif closed:
                    p = chances[c.horse - 1]
                    score -= c.mv * (p * ticket - (1 - p) * loss)
            else:
                score = self._score(action, view, interest, ticket, loss, chances)
            score += rand() * 1e-6
            if score > best_score:
                best, best_score = [action], score
        return best[0]

    def _supply(self, actions: list[Action], view: LongShotView) -> Action:
        # buy up to three cards while money lasts above a reserve
        money = view.money[view.seat] if view.seat is not None else None
        rich = money is not None and money >= 200_000
        return actions[min(len(actions) - 1, 3 if rich else 1)]

    def _quinella(self, actions: list[Action], view: LongShotView) -> Action:
        # bet on the two leading horses only, and only with low-MV cards
        pos = view.positions
        leaders = sorted(range(len(pos)), key=lambda i: -pos[i])[:2]
        want = {h + 1 for h in leaders}
        for a in actions:
            if (
                isinstance(a, Quinella)
                and {a.first.horse, a.second.horse} == want
                and a.first.mv + a.second.mv <= 6
            ):
                return a
        return actions[-1]

    def _interest(self, view: LongShotView, reward: int, ticket: int, goal: int) -> list[float]:
        horses = len(view.positions)
        order = view.orders[view.seat] if view.seat is not None else None
        raw = [0.0] * horses
        held = [0] * (horses + 1)  # the MV in hand of each horse's cards (0: free)
        for c in view.hand:
            if c.horse <= horses:
                held[c.horse] += c.mv
        for h in range(1, horses + 1):
            if order == h:
                raw[h - 1] += reward
            raw[h - 1] += ticket * held[h]
        mean = sum(raw) / horses
        return [r - mean for r in raw]

    def _place_chance(self, view: LongShotView, horse: int) -> float:
        pos = view.positions
        ahead = sum(1 for p in pos if p > pos[horse - 1])
        return 0.75 if ahead < 3 else 0.2

    def _chances(self, view: LongShotView) -> list[float]:
        """:meth:`_place_chance` of each horse (index 0: horse 1)."""
        pos = view.positions
        ranked = sorted(pos)  # horses ahead of each: the positions above its own
        return [0.75 if len(pos) - bisect_right(ranked, p) < 3 else 0.2 for p in pos]

    def _score(
        self,
        action: Action,
        view: LongShotView,
        interest: list[float],
        ticket: int,
        loss: int,
        chances: list[float] | None = None,
    ) -> float:
        if isinstance(action, Pass):
            return 0.0
        assert isinstance(action, Place)
        horse = box_horse(action.box)
        box = view.boxes[action.box]
        old = box[-1].mv if box else 0
        score = interest[horse - 1] * (action.card.mv - old) / 10
        if view.opened is None:
            score -= self._hold_value(action.card, view, ticket, loss, chances)
        return score

    def _hold_value(
        self,
        card: HorseCard,
        view: LongShotView,
        ticket: int,
        loss: int,
        chances: list[float] | None = None,
    ) -> float:
        if card.is_free:
            return card.mv * 100.0  # keep strong free cards for the spurt
        p = self._place_chance(view, card.horse) if chances is None else chances[card.horse - 1]
        return card.mv * (p * ticket - (1 - p) * loss)


register_bot("longshot", "heuristic", LongShotHeuristic)
register_bot("mafia", "heuristic", LongShotHeuristic)

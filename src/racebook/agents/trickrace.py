"""A heuristic trick-race bot: it rides its own horse and bets on it.

It reads only its view.  Discard: its lowest card.  Tickets: its own horse
face up when free (else the highest odds), the win ticket face down.  Tricks:
lead its highest card; follow with the cheapest card that wins, else its
lowest; whip an off-colour card when that makes it the trick's best.
"""

from __future__ import annotations

import random
from typing import Any

from racebook.agents.base import register_bot
from racebook.core.game import Action, State
from racebook.games.trickrace import WIN, Bet, Discard, Play, TrickRaceView


class TrickRaceHeuristic:
    """Rides its own horse and bets on it (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State[Any, Any, Action], seat: int) -> Action:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        view = state.view(seat)
        assert isinstance(view, TrickRaceView)
        first = actions[0]
        if isinstance(first, Discard):
            return min(actions, key=lambda a: (a.card.number, a.card.colour))  # type: ignore[attr-defined]
        if isinstance(first, Bet):
            tickets = {a.ticket for a in actions if isinstance(a, Bet)}
            mine = view.horses[seat]
            if WIN in tickets:
                return Bet(seat, WIN)
            if mine in tickets:
                return Bet(seat, mine)
            return Bet(seat, max(tickets, key=lambda t: view.odds[t - 1]))
        return self._play(actions, view, seat)

    def _play(self, actions: list[Action], view: TrickRaceView, seat: int) -> Action:
        plays = [a for a in actions if isinstance(a, Play)]
        if not view.trick:
            return max((a for a in plays if not a.whip), key=lambda a: a.card.number)
        whipper = next((c for s, c, w in view.trick if w), None)
        colour = (whipper or view.trick[0][1]).colour
        best = max((c.number for _, c, _ in view.trick if c.colour == colour), default=0)
        plain = [a for a in plays if not a.whip]
        winners = [a for a in plain if a.card.colour == colour and a.card.number > best]
        if winners:
            return min(winners, key=lambda a: a.card.number)
        led = view.trick[0][1].colour
        if whipper is None and all(a.card.colour != led for a in plain):
            for a in sorted((a for a in plays if a.whip), key=lambda a: -a.card.number):
                top = max(
                    (c.number for _, c, _ in view.trick if c.colour == a.card.colour), default=0
                )
                if a.card.number > top:
                    return a
        return min(plain, key=lambda a: a.card.number)


register_bot("trickrace", "heuristic", TrickRaceHeuristic)

"""Priors for the search bot: a quick rating of each legal action from the
seat's view alone, to leave out the clearly bad ones before any playout
(progressive pruning).

Long Shot and Horse Racing Mafia: the heuristic bot's own rating of a
placement (:class:`~racebook.agents.longshot.LongShotHeuristic`: the change
in the horse's speed times the seat's interest in it, less the worth of the
card spent); a game without a prior gets ``None`` and every action is tried.
"""

from __future__ import annotations

from typing import Any

from racebook.core.game import Action, State


def prior(state: State[Any, Any, Any], seat: int, actions: list[Action]) -> list[float] | None:
    """A rating of each of ``actions`` (higher is better), or ``None``."""
    if state.game.id.startswith(("longshot", "mafia")):
        return _long_shot(state, seat, actions)
    return None


def _long_shot(state: State[Any, Any, Any], seat: int, actions: list[Action]) -> list[float] | None:
    from racebook.agents.longshot import LongShotHeuristic
    from racebook.games.longshot import LongShotView, Pass, Place

    if not all(isinstance(a, Place | Pass) for a in actions):
        return None  # Mafia's supply and quinellas: few actions, all tried
    view = state.view(seat)
    assert isinstance(view, LongShotView)
    config = state.game.config
    table = config.races[view.race - 1]
    reward = table.rewards[0] if table.rewards else 0
    ticket = table.tickets[0] if table.tickets else 0
    rater = LongShotHeuristic(0)
    interest = rater._interest(view, reward, ticket, config.goal)
    return [rater._score(a, view, interest, ticket, table.ticket_loss) for a in actions]

"""A logged game as a list of steps, each what one seat could see.

A step is the game after one decision (with the chance outcomes that
followed it): the view of the watching seat (``None``: a spectator), its text
picture, and the events of that decision that the seat may see, as data and
in words.  Only :meth:`~racebook.core.game.State.view` and
:meth:`~racebook.core.game.Event.visible_to` decide what goes in, so a seat's
steps hold nothing hidden from it (the same rule as
:meth:`~racebook.core.log.GameLog.for_seat`).

>>> import racebook
>>> from racebook.agents.base import RandomBot
>>> state = racebook.load("trickrace").new_state(seed=2)
>>> bot = RandomBot(seed=1)
>>> while not state.is_over:
...     _ = state.apply(bot.choose(state, state.to_act[0]))
>>> watched = game_steps(state.log.dumps(), seat=0)
>>> watched.steps[-1].result is not None, watched.seat
(True, 0)
"""

from __future__ import annotations

from typing import Any

import attrs

from racebook.core.game import CHANCE, Action, Event, State
from racebook.core.replay import replay
from racebook.watch.words import event_words


@attrs.frozen
class Step:
    """One step: ``index`` (0 is the game before the first decision),
    ``actions`` (how many log actions are applied), ``actor`` (the seat that
    decided, ``None`` at step 0), ``view`` (the watching seat's view as data),
    ``text`` (its text picture), ``events`` (as data) and ``words`` (the same
    events in words), and ``result`` (scores, places and winners, at the end)."""

    index: int
    actions: int
    actor: int | None
    view: Any
    text: str
    events: tuple[dict[str, Any], ...]
    words: tuple[str, ...]
    result: dict[str, Any] | None = None
    live: dict[str, Any] | None = None
    """The game's live figures from the view (Ready Set Bet: the odds), if any."""

    def to_data(self) -> dict[str, Any]:
        """This step as JSON data."""
        return {
            "index": self.index,
            "actions": self.actions,
            "actor": self.actor,
            "view": self.view,
            "text": self.text,
            "events": list(self.events),
            "words": list(self.words),
            "result": self.result,
            "live": self.live,
        }


@attrs.frozen
class Watched:
    """A game's steps as ``seat`` saw them, with the game's ``game`` id,
    ``title``, ``players`` and ``seats``; ``course``, the spaces from the gate
    to the goal (``None``: the game has no track), which the page's track is
    drawn to; ``rules``, the rule modules in play (house rules), each as its
    name and settings (``"house.sprint {'bonus': 2}"``)."""

    game: str
    title: str
    seat: int | None
    players: int
    seats: int
    steps: tuple[Step, ...]
    course: int | None = None
    rules: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        """Everything as JSON data (what the HTML page embeds)."""
        return {
            "game": self.game,
            "title": self.title,
            "seat": self.seat,
            "players": self.players,
            "seats": self.seats,
            "course": self.course,
            "rules": list(self.rules),
            "steps": [s.to_data() for s in self.steps],
        }


def _result(state: State[Any, Any, Any]) -> dict[str, Any] | None:
    result = state.result
    if result is None:
        return None
    return {
        "scores": list(result.scores),
        "places": list(result.places),
        "winners": list(result.winners),
    }


def _step(
    state: State[Any, Any, Any],
    seat: int | None,
    index: int,
    actor: int | None,
    events: list[Event],
) -> Step:
    view = state.view(seat)
    data = [e.to_data() for e in events if e.visible_to(seat)]
    render = getattr(view, "render", None)
    live = getattr(state.game, "live_data", None)  # from the view alone
    return Step(
        index=index,
        actions=len(state.log),
        actor=actor,
        view=view.to_data() if hasattr(view, "to_data") else repr(view),
        text=render() if callable(render) else repr(view),
        events=tuple(data),
        words=tuple(event_words(d) for d in data),
        result=_result(state),
        live=live(view) if callable(live) else None,
    )


def state_steps(final: State[Any, Any, Any], seat: int | None = None) -> Watched:
    """The steps of the game that ended (or stands) at ``final``, as ``seat``
    saw them, found by replaying its actions on a fresh state."""
    game = final.game
    final._check_seat(seat)
    actions: tuple[Action, ...] = final.log.actions
    state = game.new_state(explicit_chance=True)
    steps: list[Step] = []
    pending: list[Event] = []
    actor: int | None = None
    for action in actions:
        if action.seat != CHANCE and (actor is not None or not steps):
            steps.append(_step(state, seat, len(steps), actor, pending))
            pending = []
        if action.seat != CHANCE:
            actor = action.seat
        pending.extend(state.apply(action))
    steps.append(_step(state, seat, len(steps), actor, pending))
    return Watched(
        game.id,
        game.title,
        seat,
        game.players,
        game.seats,
        tuple(steps),
        course=_course(game.config),
        rules=tuple(_rule_text(r) for r in getattr(game.config, "rules", ())),
    )


def _course(config: Any) -> int | None:
    """The spaces from the gate to the goal: Long Shot's ``goal``, Ready Set
    Bet's ``track``, the trick race's ``course``."""
    for name in ("course", "goal", "track"):
        value = getattr(config, name, None)
        if type(value) is int:
            return value
    return None


def _rule_text(rule: Any) -> str:
    settings = dict(getattr(rule, "settings", {}) or {})
    return f"{rule.name} {settings}" if settings else str(rule.name)


def game_steps(log: str, seat: int | None = None) -> Watched:
    """The steps of a logged game (a full log, replayed and verified first:
    :func:`~racebook.core.replay.replay`), as ``seat`` saw them."""
    return state_steps(replay(log), seat)

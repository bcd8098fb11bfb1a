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
    live_note: str | None = None
    """Why some steps have no live figures (``None``: none was left out): the
    page's budget of live odds (:data:`LIVE_BUDGET`) ran short."""

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
            "live_note": self.live_note,
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


LIVE_BUDGET = 500_000
"""The most work the live figures of one page may cost, in the game's own
units (Ready Set Bet: the square of the spaces the horses have left at each
position, about 18 µs a unit: some 9 s).  Steps of one position share their
figures; past the budget, every ``k``-th position gets them (``k`` the
total cost over the budget, rounded up), each while what is left of the
budget pays for it, and the page says so
(:attr:`Watched.live_note`).  So the page's work is bounded by the log's
length (each step's view, text and events) plus this."""

LEFT_OUT = {"method": "left out"}
"""The live figures of a step the budget left out (the page shows the note)."""


def _step(
    state: State[Any, Any, Any],
    seat: int | None,
    index: int,
    actor: int | None,
    events: list[Event],
) -> tuple[Step, Any]:
    view = state.view(seat)
    data = [e.to_data() for e in events if e.visible_to(seat)]
    render = getattr(view, "render", None)
    step = Step(
        index=index,
        actions=len(state.log),
        actor=actor,
        view=view.to_data() if hasattr(view, "to_data") else repr(view),
        text=render() if callable(render) else repr(view),
        events=tuple(data),
        words=tuple(event_words(d) for d in data),
        result=_result(state),
    )
    return step, view


def _live(game: Any, views: list[Any], budget: int) -> tuple[list[Any], str | None]:
    """Each step's live figures (from its view alone), within ``budget``
    (:data:`LIVE_BUDGET`), and the note that says what was left out."""
    live = getattr(game, "live_data", None)
    if not callable(live):
        return [None] * len(views), None
    work = getattr(game, "live_work", None)
    if not callable(work):
        return [live(v) for v in views], None
    found = [work(v) for v in views]
    cost: dict[Any, int] = {}  # each position once, in the order of the game
    for w in found:
        if w is not None:
            cost.setdefault(w[0], w[1])
    keys = list(cost)
    k = max(1, -(-sum(cost.values()) // max(budget, 1)))  # every k-th position
    kept: set[Any] = set()
    left = budget
    for x in keys[::k]:  # each while the budget lasts (a race's first costs most)
        if cost[x] <= left:
            kept.add(x)
            left -= cost[x]
    out = [
        None if w is None else live(v) if w[0] in kept else dict(LEFT_OUT)
        for v, w in zip(views, found, strict=True)
    ]
    if k == 1:
        return out, None
    note = (
        f"live odds at {len(kept):,} of the game's {len(keys):,} positions"
        + (f" (about every {_nth(k)})" if kept else "")
        + ": exact odds at all of them would cost "
        + f"{sum(cost.values()):,} units of work, the page's budget is {budget:,}"
    )
    return out, note


def _nth(n: int) -> str:
    """``2nd``, ``3rd``, ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def state_steps(
    final: State[Any, Any, Any], seat: int | None = None, *, budget: int = LIVE_BUDGET
) -> Watched:
    """The steps of the game that ended (or stands) at ``final``, as ``seat``
    saw them, found by replaying its actions on a fresh state; the live
    figures within ``budget`` (:data:`LIVE_BUDGET`)."""
    game = final.game
    final._check_seat(seat)
    actions: tuple[Action, ...] = final.log.actions
    state = game.new_state(explicit_chance=True)
    steps: list[Step] = []
    views: list[Any] = []
    pending: list[Event] = []
    actor: int | None = None

    def add() -> None:
        step, view = _step(state, seat, len(steps), actor, pending)
        steps.append(step)
        views.append(view)

    for action in actions:
        if action.seat != CHANCE and (actor is not None or not steps):
            add()
            pending = []
        if action.seat != CHANCE:
            actor = action.seat
        pending.extend(state.apply(action))
    add()
    live, note = _live(game, views, budget)
    return Watched(
        game.id,
        game.title,
        seat,
        game.players,
        game.seats,
        tuple(
            attrs.evolve(s, live=x) if x is not None else s
            for s, x in zip(steps, live, strict=True)
        ),
        course=_course(game.config),
        rules=tuple(_rule_text(r) for r in getattr(game.config, "rules", ())),
        live_note=note,
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


def game_steps(log: str, seat: int | None = None, *, budget: int = LIVE_BUDGET) -> Watched:
    """The steps of a logged game (a full log, replayed and verified first:
    :func:`~racebook.core.replay.replay`), as ``seat`` saw them."""
    return state_steps(replay(log), seat, budget=budget)

"""Actions and events of Force of the Horse: one event for every step a
trigger (part 2, FotH 806) could watch."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

import attrs

from racebook.core.game import Action, Event, PrivateEvent
from racebook.games.forcehorse.race import Race


@attrs.frozen
class DrawRace(Action):
    """Chance (601.2b): one racecourse, distance and going card at random."""

    kind: ClassVar[str] = "draw-race"
    chance: ClassVar[bool] = True
    racecourse: str
    distance: int
    going: str


@attrs.frozen
class Shuffle(Action):
    """Chance (504, 603.1b-c): ``player``'s deck in a random order (a permutation
    of its positions, top card last)."""

    kind: ClassVar[str] = "shuffle"
    chance: ClassVar[bool] = True
    player: int
    order: tuple[int, ...]


@attrs.frozen
class FirstPlayer(Action):
    """Chance (603.1e-i): the first player when the reveals did not decide."""

    kind: ClassVar[str] = "first-player"
    chance: ClassVar[bool] = True
    player: int


@attrs.frozen
class Mulligan(Action):
    """FotH 603.1c: return all 7 and draw 7 anew (``redo``), decided secretly."""

    kind: ClassVar[str] = "mulligan"
    redo: bool


@attrs.frozen
class Run(Action):
    """FotH 702.6b: play ``card`` as the runner, paying its cost with ``force`` (503)."""

    kind: ClassVar[str] = "run"
    card: str
    force: tuple[str, ...] = ()


@attrs.frozen
class Guard(Action):
    """FotH 702.6d: play ``card`` as the guard."""

    kind: ClassVar[str] = "guard"
    card: str


@attrs.frozen
class Support(Action):
    """FotH 702.5 / 702.6g: play a support card; a horse-type one names the
    runner (``target`` = the turn player) or the guard (the other) of run ``pair``."""

    kind: ClassVar[str] = "support"
    card: str
    target: int = -1
    pair: int = 0


@attrs.frozen
class Pass(Action):
    """Play nothing more now (702.5b, 702.6b-i, 702.6d-ii, 702.6h)."""

    kind: ClassVar[str] = "pass"


@attrs.frozen
class Farm(Action):
    """Put one hand card on your farm (702.6k-iii; the hand limit)."""

    kind: ClassVar[str] = "farm"
    card: str


ACTIONS: tuple[type[Action], ...] = (
    DrawRace, Shuffle, FirstPlayer, Mulligan, Run, Guard, Support, Pass, Farm,
)  # fmt: skip


@attrs.frozen
class RaceDecided(Event):
    kind: ClassVar[str] = "race"
    race: Race


@attrs.frozen
class DeckPresented(Event):
    """FotH 603.1a: ``seat`` presents its deck."""

    kind: ClassVar[str] = "deck-presented"
    seat: int
    cards: tuple[str, ...]


@attrs.frozen
class MulliganChosen(PrivateEvent):
    kind: ClassVar[str] = "mulligan-chosen"
    redo: bool


@attrs.frozen
class MulligansRevealed(Event):
    """FotH 603.1c-i: both decisions shown together."""

    kind: ClassVar[str] = "mulligans"
    redo: tuple[bool, ...]


@attrs.frozen
class FirstPlayerDecided(Event):
    kind: ClassVar[str] = "first-player-decided"
    seat: int
    by_chance: bool


@attrs.frozen
class TurnStarted(Event):
    """FotH 702.2 「ターン開始時」."""

    kind: ClassVar[str] = "turn-started"
    turn: int
    seat: int


@attrs.frozen
class RunSequence(Event):
    """FotH 702.6a: the run sequence begins (or loops, 702.6i) with this run count."""

    kind: ClassVar[str] = "run-sequence"
    run_count: int


@attrs.frozen
class HorsePlayed(Event):
    """A runner (702.6b) or guard (702.6d) entered the run area; ``force`` paid."""

    kind: ClassVar[str] = "horse-played"
    seat: int
    card: str
    role: str
    force: tuple[str, ...] = ()


@attrs.frozen
class NotGuarded(Event):
    """FotH 702.6d-ii."""

    kind: ClassVar[str] = "not-guarded"
    seat: int


@attrs.frozen
class SupportPlayed(Event):
    kind: ClassVar[str] = "support-played"
    seat: int
    card: str
    target: int
    pair: int


@attrs.frozen
class PriorityPassed(Event):
    kind: ClassVar[str] = "priority-passed"
    seat: int


@attrs.frozen
class RunResult(Event):
    """FotH 702.6k-l: ``outcome`` is "succeeded" (``distance`` > 0), "failed"
    or "guard-won" (the guard's event, 702.6l-ii)."""

    kind: ClassVar[str] = "run-result"
    seat: int
    card: str
    outcome: str
    run: int
    guard: int
    distance: int = 0


@attrs.frozen
class RunDistance(Event):
    """FotH 702.6k-ii: the run distance of a succeeded run, taken after the
    702.6k-i rule check: ``run`` less ``guard`` as they are then (below 0
    counts as 0, 702.6j-ii).  ``RunResult.distance`` is the difference at
    the comparison (702.6j); this one is what is drawn (702.6k-iii)."""

    kind: ClassVar[str] = "run-distance"
    seat: int
    card: str
    run: int
    guard: int
    distance: int


@attrs.frozen
class RuleProcess(Event):
    """A rule process (900s) acted on ``card`` of ``seat``."""

    kind: ClassVar[str] = "rule-process"
    rule: str
    seat: int
    card: str


@attrs.frozen
class Victory(Event):
    """FotH 902.1: these seats' distance areas are all empty."""

    kind: ClassVar[str] = "victory"
    seats: tuple[int, ...]


@attrs.frozen
class TurnEnded(Event):
    kind: ClassVar[str] = "turn-ended"
    seat: int


@attrs.frozen
class GoingChanged(Event):
    """FotH 511."""

    kind: ClassVar[str] = "going-changed"
    going: str


@attrs.frozen
class RunsAdded(Event):
    """FotH 512."""

    kind: ClassVar[str] = "runs-added"
    count: int


EVENTS: tuple[type[Event], ...] = (
    RaceDecided, DeckPresented, MulliganChosen, MulligansRevealed, FirstPlayerDecided,
    TurnStarted, RunSequence, HorsePlayed, NotGuarded, SupportPlayed, PriorityPassed,
    RunResult, RuleProcess, Victory, TurnEnded, GoingChanged, RunsAdded, RunDistance,
)  # fmt: skip
"""Every event of this module (the zones' ``moved`` and ``secret-move`` are
in :mod:`.zones`)."""


T = TypeVar("T")

_SHARED: dict[tuple[object, ...], object] = {}


def shared(kind: Callable[..., T], *fields: int | str | tuple[str, ...]) -> T:
    """The one ``kind(*fields)``: events and actions are values, one made per
    set of fields and shared, as ``zones.moved`` does for moves (making one
    cost 0.5-1 us); the picks make their actions through it too."""
    key = (kind, *fields)
    event = _SHARED.get(key)
    if event is None:
        event = kind(*fields)
        if len(_SHARED) < 1 << 16:
            _SHARED[key] = event
    return event  # type: ignore[return-value]

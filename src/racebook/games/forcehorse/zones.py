"""Zones (FotH 400s): the table of every card's place, and the one function
that moves a card between zones (every move is an event a trigger can watch).

Cards are numbered instances (``0 ..``): seat 0's deck, then seat 1's.  A
zone is a list of instance numbers; ordered zones keep their top card last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs

from racebook.core.game import Event, PrivateEvent
from racebook.games.forcehorse.cards import Card

AREAS = ("nige", "senko", "sashi", "oikomi")
"""FotH 403.2a: the four distance areas, distance numbers 1..4."""
DECK = "deck"
"""The deck before setup splits it (602, 603), a hidden ordered zone."""
SET_ASIDE = "set-aside"
HAND = "hand"  # 407
SITUATION = "situation"  # 404
RUN = "run"  # 405
FARM = "farm"  # 406
REMOVED = "removed"  # 409
RESOLUTION = "resolution"  # 408: one zone shared by both players
PUBLIC = frozenset({SITUATION, RUN, FARM, REMOVED, RESOLUTION})
"""FotH 401.2: public zones; the rest are hidden (hand: from the other player, 407.2)."""
ZONES = (*AREAS, DECK, SET_ASIDE, HAND, SITUATION, RUN, FARM, REMOVED)


@attrs.frozen
class CardMoved(Event):
    """A card moved (FotH 806.4 zone-move triggers watch this).  ``card`` is
    ``None`` when it moved between hidden zones: only the count is public (401.2b)."""

    kind: ClassVar[str] = "moved"
    owner: int
    card: str | None
    source: str
    target: str


@attrs.frozen
class SecretMove(PrivateEvent):
    """The card itself, for its owner, when it moved into their hand unseen by the other."""

    kind: ClassVar[str] = "secret-move"
    card: str
    source: str
    target: str


Told = dict[tuple[int, int, str, str], tuple[Event, ...]]
"""The events of moves by (card, seat, source zone, target zone)."""


class Table:
    """Every zone of both players (a plain mutable record, copied by ``copy``)."""

    def __init__(
        self,
        cards: list[Card],
        owners: list[int],
        told: Told | None = None,
    ) -> None:
        self.cards = cards
        self.owners = owners
        self.told: Told = {} if told is None else told
        """The events of each move, by (card, seat, source, target) (:func:`move`):
        one dict for every table of these cards (events are values)."""
        self.zones: list[dict[str, list[int]]] = [{z: [] for z in ZONES} for _ in range(2)]
        self.resolution: list[int] = []
        self.placed: dict[int, int] = {}  # situation card -> when it was placed (903)
        self.clock = 0
        self.entered: dict[int, int] = {}  # card -> when it entered its zone (808.1h-i, 808.2)
        self.stamp = 0  # the clock of entered stamps and of abilities played (808.1h)
        self.hook: Callable[[int, str, str], None] | None = None
        """Called before every move (the ability engine's, part 2)."""
        self.moves = 0
        """Counts changes of the zones (every :func:`move`; anything that edits a
        zone by hand adds one too): the card information cache's key (808)."""
        self.settled = -1
        """``moves`` when a rule check last found no rule process to do and no
        winner (901, 902): until a zone changes, none applies (processes.py).
        Only within one action: each action starts with -1 (a zone edited by
        hand between two actions, as tests do, is seen)."""

    def copy(self) -> Table:
        other = Table(self.cards, self.owners, self.told)
        other.zones = [{z: list(v) for z, v in zs.items()} for zs in self.zones]
        other.resolution = list(self.resolution)
        other.placed = dict(self.placed)
        other.clock = self.clock
        other.entered = dict(self.entered)
        other.stamp = self.stamp
        other.moves = self.moves  # a key only with the table itself (effects.py)
        other.settled = self.settled  # the same zones: what a rule check found holds
        return other

    def name(self, card: int) -> str:
        return self.cards[card].name

    def current_area(self, seat: int) -> str | None:
        """FotH 403.4: the lowest-numbered distance area holding a card."""
        zones = self.zones[seat]
        for area in AREAS:  # a loop, not a generator: read at every rule check
            if zones[area]:
                return area
        return None

    def area_cards(self, seat: int) -> int:
        zones = self.zones[seat]
        return sum([len(zones[a]) for a in AREAS])

    def find(self, seat: int, zone: str, name: str) -> int | None:
        cards = self.cards
        for c in self.zones[seat][zone]:  # a loop, not a generator: read at every step
            if cards[c].name == name:
                return c
        return None

    def names(self, seat: int, zone: str) -> list[str]:
        return sorted(self.cards[c].name for c in self.zones[seat][zone])


def move(table: Table, card: int, seat: int, source: str, target: str, events: list[Event]) -> None:
    """Move ``card`` from ``seat``'s ``source`` zone to ``target`` (the
    resolution area is shared; ``seat`` is whose zones they are).  Ordered zones
    take and give their top (last) card."""
    if table.hook is not None:
        table.hook(card, source, target)
    zones = table.zones[seat]
    if source == RESOLUTION:
        table.resolution.remove(card)
    else:
        pile = zones[source]
        if pile and pile[-1] == card:
            pile.pop()  # the top card (a draw): remove() would search from the bottom
        else:
            pile.remove(card)
    if target == RESOLUTION:
        table.resolution.append(card)
    else:
        zones[target].append(card)
    if target == SITUATION:
        table.clock += 1
        table.placed[card] = table.clock
    elif source == SITUATION:
        table.placed.pop(card, None)
    table.moves += 1
    told = table.told.get((card, seat, source, target))
    if told is None:
        told = _told(table, card, seat, source, target)
    events += told


def _told(table: Table, card: int, seat: int, source: str, target: str) -> tuple[Event, ...]:
    """The events of :func:`move` (kept in ``table.told``): who sees which card (401.2)."""
    owner = table.owners[card]
    if source in PUBLIC or target in PUBLIC:
        told: tuple[Event, ...] = (moved(owner, table.cards[card].name, source, target),)
    else:
        told = (moved(owner, None, source, target),)
        if target == HAND:
            secret = (seat, table.cards[card].name, source, target)
            told += (_SECRET.get(secret) or _secret(*secret),)
    if len(table.told) < 1 << 16:
        table.told[(card, seat, source, target)] = told
    return told


def move_top(
    table: Table, seat: int, source: str, target: str, count: int, events: list[Event]
) -> None:
    """``count`` times :func:`move` of the top card of ``seat``'s ``source``
    (while there is one, 103.2), the same moves and events made at once
    (setup's piles, 603: a deck dealt out was a third of a game's moves)."""
    pile = table.zones[seat][source]
    if table.hook is not None or source in _SPECIAL or target in _SPECIAL:
        for _ in range(count):
            if not pile:
                return
            move(table, pile[-1], seat, source, target, events)
        return
    n = min(count, len(pile))
    if n > 0:
        cards = pile[-n:]
        del pile[-n:]
        cards.reverse()  # the top card first
        _arrive(table, seat, cards, source, target, events)


def move_all(table: Table, seat: int, source: str, target: str, events: list[Event]) -> None:
    """:func:`move` of every card of ``seat``'s ``source``, bottom card first."""
    pile = table.zones[seat][source]
    if table.hook is not None or source in _SPECIAL or target in _SPECIAL:
        for card in list(pile):
            move(table, card, seat, source, target, events)
        return
    cards = list(pile)
    pile.clear()
    _arrive(table, seat, cards, source, target, events)


_SPECIAL = frozenset({RESOLUTION, SITUATION})
"""Zones :func:`move` does more for (the shared resolution area, 408; the
situation area's times, 903): moved one card at a time."""


def _arrive(
    table: Table, seat: int, cards: list[int], source: str, target: str, events: list[Event]
) -> None:
    """The rest of :func:`move` for ``cards``, taken from ``source`` in this order."""
    table.zones[seat][target].extend(cards)
    table.moves += len(cards)
    owners, names = table.owners, table.cards
    public = source in PUBLIC or target in PUBLIC
    secret = not public and target == HAND
    for card in cards:
        events.append(moved(owners[card], names[card].name if public else None, source, target))
        if secret:
            told = (seat, names[card].name, source, target)
            events.append(_SECRET.get(told) or _secret(*told))


_MOVED: dict[tuple[int, str | None, str, str], CardMoved] = {}
_SECRET: dict[tuple[int, str, str, str], SecretMove] = {}


def moved(owner: int, card: str | None, source: str, target: str) -> CardMoved:
    """The shared ``CardMoved`` of these fields (events are values: one made
    per kind of move, not per move)."""
    key = (owner, card, source, target)
    event = _MOVED.get(key)
    if event is None:
        event = CardMoved(owner, card, source, target)
        if len(_MOVED) < 1 << 16:
            _MOVED[key] = event
    return event


def _secret(seat: int, card: str, source: str, target: str) -> SecretMove:
    """The shared ``SecretMove`` of these fields (as :func:`moved`)."""
    event = SecretMove(seat, card, source, target)
    if len(_SECRET) < 1 << 16:
        _SECRET[(seat, card, source, target)] = event
    return event

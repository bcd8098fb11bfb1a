"""Rule terms (FotH 500s): what the words a card text uses mean.

Small functions and predicates over :class:`~racebook.games.forcehorse.cards.Card`,
:class:`~racebook.games.forcehorse.race.Race` and
:class:`~racebook.games.forcehorse.zones.Table`, each citing its rule.  Card
abilities' conditions read them through :mod:`.effects`; the turn and the
legal-action code use the ones with a meaning without abilities (508.2, 507, 513).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs

from racebook.games.forcehorse.cards import Card
from racebook.games.forcehorse.race import Race
from racebook.games.forcehorse.zones import AREAS, FARM, Table


def farm_sample(table: Table, seat: int, count: int, rng: random.Random) -> list[int]:
    """FotH 504.2: "shuffle the farm face down and look at the top ``count``"
    means ``count`` of ``seat``'s farm cards picked at random; all of them
    when the farm holds fewer (504.2a).  The farm itself is not reordered."""
    farm = table.zones[seat][FARM]
    if count >= len(farm):  # FotH 504.2a
        return list(farm)
    return rng.sample(farm, max(0, count))  # FotH 504.2


def deck(table: Table, seat: int) -> str | None:
    """FotH 507.1: a player's "deck" or "distance deck", no running style
    named, is the distance deck of their current area (403.4): its zone name,
    ``None`` when every area is empty."""
    return table.current_area(seat)  # FotH 507.1


def deck_cards(table: Table, seat: int) -> list[int]:
    """FotH 507.1: the cards of ``seat``'s deck (:func:`deck`), top card last."""
    area = deck(table, seat)
    return [] if area is None else list(table.zones[seat][area])


def favourite_surface(card: Card, race: Race) -> bool:
    """FotH 508.1: 得意馬場: the race's surface (302.2b) is one of the horse's (204)."""
    return race.surface in card.surfaces  # FotH 508.1


def favourite_distance(card: Card, race: Race) -> bool:
    """FotH 508.2: 得意距離: the race's distance (302.2c) is one of the
    horse's distance aptitudes (206; all-round holds every distance, 206.1b)."""
    return card.fits_distance(race.distance_class)  # FotH 508.2


def favourite_style_area(card: Card, table: Table, user: int) -> bool:
    """FotH 508.3: 得意脚質エリア: the current area (403.4) of the card's user
    is one of the horse's running styles (207)."""
    area = table.current_area(user)
    return area is not None and area in card.styles  # FotH 508.3


def favourite_racecourse(card: Card, race: Race) -> bool:
    """FotH 508.4: 得意競馬場: the race's racecourse is among the horse's favourites (208)."""
    return race.racecourse in card.favourites  # FotH 508.4


def favourite_going(card: Card, race: Race) -> bool:
    """FotH 508.4: 得意馬場状態: the race's going is among the horse's favourites (208)."""
    return race.going in card.favourites  # FotH 508.4


def favourite_subject(source: Card, named: Card | None = None) -> Card:
    """FotH 508.5: an ability saying something is "favourite" without naming
    a card means the horse having that ability: ``named`` if the text names
    a card, otherwise ``source``."""
    return source if named is None else named  # FotH 508.5


def distance_and_style_fit(card: Card, race: Race, table: Table, user: int) -> bool:
    """FotH 508.6: 距離脚質があっている: favourite distance for the current
    race (508.2) and now in a favourite style area (508.3)."""
    return favourite_distance(card, race) and favourite_style_area(card, table, user)


def runs_in_area(table: Table, runner_player: int, area: str) -> bool:
    """FotH 509.1: a horse "runs in (area)" when the current area (403.4) of
    the player who played it to run is ``area``."""
    if area not in AREAS:
        raise ValueError(f"not a distance area: {area!r}")
    return table.current_area(runner_player) == area  # FotH 509.1


@attrs.frozen
class Requirement:
    """FotH 510: an action an effect requires before a process: whether it
    can be performed now, and performing it."""

    possible: Callable[[], bool]
    perform: Callable[[], None]


def perform_required(
    requirements: Sequence[Requirement], process: Callable[[], None], *, decline: bool = False
) -> bool:
    """FotH 510: perform every required action just before ``process``
    (510.1), then the process; when they cannot all be performed none is
    (510.2) and, since the process requires them, neither is the process
    (inferred); the user may decline though they could (510.3): then neither.
    True when the process was performed."""
    if decline:  # FotH 510.3
        return False
    if not all(r.possible() for r in requirements):  # FotH 510.2
        return False
    for r in requirements:  # FotH 510.1
        r.perform()
    process()
    return True


def cards_to_farm(distance: int, keep: int | None = None, *, legacy: bool = False) -> int:
    """FotH 702.6k-iii, 513.1: after a successful run of ``distance`` the turn
    player puts ``distance - 1`` cards from hand on the farm; "keep (number)
    in hand" (手札に（数値）枚残す, ``keep``) puts ``distance - keep``
    instead (never below 0).  ``None``: no such text."""
    if keep is None:
        return max(0, distance - 1)  # FotH 702.6k-iii
    if legacy:
        return max(0, distance - 1 - keep)  # edition 1 read "keep N" as N more
    return max(0, distance - keep)  # FotH 513.1: distance less (number), not less 1


def distance_number(table: Table, seat: int) -> int | None:
    """FotH 403.2a: the distance number (1..4) of ``seat``'s current area;
    ``None`` when every area is empty."""
    area = table.current_area(seat)
    return None if area is None else AREAS.index(area) + 1


def area_in_front(table: Table, player: int, other: int) -> bool:
    """FotH 514.1: ``player``'s distance area is in front of (前) ``other``'s:
    its distance number (403.2a) is greater.  Equal numbers: neither (514.3)."""
    mine, theirs = distance_number(table, player), distance_number(table, other)
    return mine is not None and theirs is not None and mine > theirs  # FotH 514.1


def area_behind(table: Table, player: int, other: int) -> bool:
    """FotH 514.2: ``player``'s distance area is behind (後) ``other``'s:
    its distance number (403.2a) is smaller.  Equal numbers: neither (514.3)."""
    mine, theirs = distance_number(table, player), distance_number(table, other)
    return mine is not None and theirs is not None and mine < theirs  # FotH 514.2


def same_number(a: int, b: int) -> bool:
    """FotH 515.1: two numeric pieces of information are "the same number"
    when their values are equal."""
    return a == b  # FotH 515.1

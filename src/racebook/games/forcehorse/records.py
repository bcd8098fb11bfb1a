"""The records of card information and of the ability engine (FotH 802,
806, 808, 809, 810): a card's information now (:class:`Info`), continuous
effects made by resolving (:class:`Lasting`), waiting abilities
(:class:`Waiting`), delayed triggers (:class:`Delayed`) and what an effect
being done refers to (:class:`Context`).  Plain frozen values: a state
copies and replays them exactly."""

from __future__ import annotations

import attrs

from racebook.games.forcehorse.abilities import Ability, Effect
from racebook.games.forcehorse.cards import Card


@attrs.frozen
class Info:
    """A card's information now (808.1): what effects read."""

    cost: int
    surfaces: tuple[str, ...]
    distances: tuple[str, ...]
    styles: tuple[str, ...]
    favourites: tuple[str, ...]
    run: int
    guard: int
    abilities: tuple[Ability, ...]
    force_usable: bool = True
    """False while its force abilities 'cannot be used' (1102.6)."""


def printed(card: Card) -> Info:
    """FotH 808.1a: the printed information is always the base (made once
    per card: cards and their information are values)."""
    kept = _PRINTED.get(id(card))
    if kept is not None and kept[0] is card:
        return kept[1]
    now = Info(
        card.cost, card.surfaces, card.distances, card.styles, card.favourites,
        card.run, card.guard, card.abilities,
    )  # fmt: skip
    if len(_PRINTED) >= 4096:
        _PRINTED.clear()
    _PRINTED[id(card)] = (card, now)  # the card kept alive: its id stays its own
    return now


_PRINTED: dict[int, tuple[Card, Info]] = {}


@attrs.frozen(cache_hash=True)
class Lasting:
    """A continuous effect made by resolving an ability (802.1b): its
    ``targets`` fixed when made, or a group (``effect.target``) read now, but
    never a card that moved zones after ``stamp`` (808.2)."""

    effect: Effect
    user: int
    source: int
    targets: tuple[int, ...] | None
    stamp: int
    turn: int
    until: str


@attrs.frozen(cache_hash=True)
class Waiting:
    """An automatic ability waiting to be played (806.2): ``ability`` is the
    index in the source card's printed abilities, or -1 for a delayed trigger (806.5), ``delayed``
    its ability; ``card`` triggered it,
    with its information then (806.4a; ``None`` when there is none)."""

    user: int
    source: int
    ability: int
    card: int = -1
    card_info: Info | None = None
    delayed: Ability | None = None
    picked: int = -2
    """What the opponent chose for it (103.4, ``chooser = 'opponent'``); -2: not yet."""
    required: bool = False
    """Whether the action a ``require`` effect asks before playing it was done (510)."""


@attrs.frozen(cache_hash=True)
class Delayed:
    """A delayed trigger (806.5): made by ``source``'s ability (its source,
    811.2); ``until``: its stated period (806.5a; none: it triggers once)."""

    user: int
    source: int
    ability: Ability
    stamp: int
    until: str = ""


@attrs.frozen
class Context:
    """What an effect being done refers to: its user and source (811), the
    card chosen when it was played (805.2b), the horse a horse-type support
    names (702.6g), the card that triggered it (806.4a) and when it was
    played (808.1h-ii, 808.2)."""

    user: int
    source: int
    stamp: int
    chosen: int = -1
    named: int = -1
    card: int = -1
    card_info: Info | None = None
    ability: Ability | None = None

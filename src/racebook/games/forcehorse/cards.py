"""Card information (FotH 200s) and the card data format.

A card is data: :class:`Card` holds every printed field the rules read
(201-211); a card set is a TOML file (one file a set, see the docs page
"Force of the Horse") read by :func:`parse_card_set`, never executed.  Every
error names the card and the field (:class:`ConfigError`).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import attrs

from racebook.core.errors import ConfigError
from racebook.games.forcehorse.abilities import (
    Ability,
    abilities_from_data,
    ability_to_data,
    check_until_run_area,
)

HORSE, SUPPORT, FORCE = "horse", "support", "force"  # FotH 202.2
KINDS = (HORSE, SUPPORT, FORCE)
ITEM, JOCKEY, SITUATION = "item", "jockey", "situation"  # FotH 202.2b-ii
NORMAL, SPECIAL = "normal", "special"  # FotH 202.2c, 503.3a
TIMINGS = ("horse", "area", "situation")  # FotH 205.1
SURFACES = ("turf", "dirt")  # FotH 302.2b 芝, ダート
DISTANCES = ("sprint", "mile", "middle", "long")  # FotH 302.2c 短距離 マイル 中距離 長距離
ALL_ROUND = "all"  # FotH 206.1b 万能
RACECOURSES = (  # FotH 302.2a
    "sapporo", "hakodate", "fukushima", "nakayama", "tokyo",
    "niigata", "chukyo", "kyoto", "hanshin", "kokura",
)  # fmt: skip
GOINGS = ("firm", "good", "yielding", "soft")
"""FotH 302.2d: 良 稍重 重 不良, going numbers 1..4 (JRA's English turf terms)."""
STYLES = ("nige", "senko", "sashi", "oikomi")
"""FotH 303.2: 逃げ 先攻 差し 追い込み, running style numbers 1..4 (= distance areas, 403.2a)."""
NORMAL_FORCE = "Force"
"""FotH 202.2c-ii: a force card named フォース is a normal force."""

MAX_NAME = 100
MAX_TEXT = 2000
MAX_VALUE = 99
"""Largest cost, run value, guard value or force count a card may print."""


@attrs.frozen
class Card:
    """One card's information (FotH 200).  Fields that a kind does not print
    are empty: ``cost``, ``surfaces``, ``distances``, ``styles``,
    ``favourites``, ``run`` and ``guard`` are a horse's; ``timing`` a
    support's; ``force``/``force_when`` a special force card's."""

    name: str  # 201
    kind: str  # 202: horse, support, force
    category: str = ""  # 202.2b-ii item/jockey/situation; 202.2c normal/special
    cost: int = 0  # 203
    surfaces: tuple[str, ...] = ()  # 204
    timing: str = ""  # 205: horse, area, situation
    distances: tuple[str, ...] = ()  # 206; ("all",) = 206.1b all-round
    styles: tuple[str, ...] = ()  # 207
    favourites: tuple[str, ...] = ()  # 208: racecourses and goings
    run: int = 0  # 209
    guard: int = 0  # 210
    text: str = ""  # 211 (the words; what they do is ``abilities``)
    number: str = ""  # 213 (no effect on the game)
    force: int = 1
    """FotH 503.3a: force a special force card counts as when ``force_when`` holds."""
    force_when: tuple[str, ...] = ()
    """A special force card's condition: met when the race has any of these
    (a racecourse, a going, a distance class or a surface)."""
    abilities: tuple[Ability, ...] = ()
    """The text as abilities (800s, 1100s, 602.2) in the vocabulary of
    :mod:`racebook.games.forcehorse.abilities`.  A card with none has text
    racebook does not model: it does nothing (and 805.3 does not apply to it)."""

    @property
    def is_horse(self) -> bool:
        return self.kind == HORSE

    @property
    def is_normal_force(self) -> bool:
        return self.kind == FORCE and self.category == NORMAL

    def fits_distance(self, distance: str) -> bool:
        """FotH 206.1, 508.2: whether ``distance`` is one of its distance aptitudes."""
        return ALL_ROUND in self.distances or distance in self.distances


@attrs.frozen
class DeckEntry:
    """One line of a deck list: ``count`` copies of the card named ``card``."""

    card: str
    count: int


@attrs.frozen
class Deck:
    """A deck list (FotH 602) by card names."""

    name: str
    cards: tuple[DeckEntry, ...]

    def names(self) -> list[str]:
        return [e.card for e in self.cards for _ in range(e.count)]


def _bad(card: str, field: str, reason: str) -> ConfigError:
    return ConfigError(f"cards[{card}].{field}", reason)


def _str(card: str, data: dict[str, Any], field: str, limit: int = MAX_NAME) -> str:
    value = data.get(field, "")
    if not isinstance(value, str) or len(value) > limit:
        raise _bad(card, field, f"expected a text of at most {limit} characters")
    return value


def _int(card: str, data: dict[str, Any], field: str, default: int = 0) -> int:
    value = data.get(field, default)
    if type(value) is not int or not -MAX_VALUE <= value <= MAX_VALUE:
        raise _bad(card, field, f"expected a whole number from {-MAX_VALUE} to {MAX_VALUE}")
    return value


def _words(
    card: str, data: dict[str, Any], field: str, allowed: tuple[str, ...]
) -> tuple[str, ...]:
    value = data.get(field, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or len(value) > len(allowed):
        raise _bad(card, field, f"expected a list of {', '.join(allowed)}")
    for word in value:
        if word not in allowed:
            raise _bad(card, field, f"unknown value {word!r}; one of {', '.join(allowed)}")
    if len(set(value)) != len(value):
        raise _bad(card, field, "a value is listed twice")
    return tuple(value)


_FIELDS = {
    HORSE: {"name", "kind", "cost", "surfaces", "distances", "styles", "favourites",
            "run", "guard", "text", "number", "ability"},
    SUPPORT: {"name", "kind", "category", "timing", "text", "number", "ability"},
    FORCE: {"name", "kind", "category", "force", "force_when", "text", "number", "ability"},
}  # fmt: skip
WORDS = {
    "going": frozenset(GOINGS),
    "surface": frozenset(SURFACES),
    "distance": frozenset(DISTANCES),
    "racecourse": frozenset(RACECOURSES),
    "style": frozenset(STYLES),
    "area": frozenset(STYLES),  # the distance areas bear the running styles' names (403.2a)
    "favourite": frozenset((*RACECOURSES, *GOINGS)),  # 208
}
"""The word lists a condition or an effect may name (see the abilities vocabulary)."""


HORSE_TEXT = ("force", "deck")
"""FotH 1101.1: a horse card's text is its force abilities; a deck-building
ability (602.2, before the game) is the one other kind it may have."""


def card_from_data(
    data: Any, where: str = "?", *, strict: bool = True, current: bool = True
) -> Card:
    """One card from a TOML table; :class:`ConfigError` naming the card and
    field.  ``current=False``: the checks of edition 3 (a horse's text is
    force abilities, 1101.1; no ``until = "run-area"`` on a card never in
    the run area, 1102.5) are left out, for card sets of older editions."""
    if not isinstance(data, dict):
        raise _bad(where, "", "expected a table")
    name = _str(where, data, "name")
    if not name:
        raise _bad(where, "name", "every card needs a name (201)")
    kind = _str(name, data, "kind")
    if kind not in KINDS:
        raise _bad(name, "kind", f"expected one of {', '.join(KINDS)} (202.2)")
    extra = set(data) - _FIELDS[kind]
    if extra:
        raise _bad(name, sorted(extra)[0], f"not a field of a {kind} card")
    text = _str(name, data, "text", MAX_TEXT)
    number = _str(name, data, "number")
    abilities = abilities_from_data(name, kind, data.get("ability", []), WORDS)
    if kind == HORSE and current:
        for i, a in enumerate(abilities):
            if a.type not in HORSE_TEXT:
                raise _bad(
                    name,
                    f"ability[{i}].type",
                    "a horse card's text is force abilities (1101.1): type = 'force' (with on = "
                    "the trigger for an automatic ability, 1102.3), or 'deck' (602.2)",
                )
    if kind == HORSE:
        distances = _words(name, data, "distances", (*DISTANCES, ALL_ROUND))
        if not distances:
            raise _bad(name, "distances", "a horse has at least one distance aptitude (206)")
        card = Card(
            name, kind, "", _int(name, data, "cost"),
            _words(name, data, "surfaces", SURFACES), "", distances,
            _words(name, data, "styles", STYLES),
            _words(name, data, "favourites", RACECOURSES + GOINGS),
            _int(name, data, "run"), _int(name, data, "guard"), text, number,
            abilities=abilities,
        )  # fmt: skip
        if card.cost < 0:
            raise _bad(name, "cost", "a cost is 0 or more")
        return card
    if kind == SUPPORT:
        category = _str(name, data, "category")
        if category not in (ITEM, JOCKEY, SITUATION):
            raise _bad(name, "category", "expected item, jockey or situation (202.2b-ii)")
        timing = _str(name, data, "timing")
        allowed = ("situation",) if category == SITUATION else ("horse", "area")
        if timing not in allowed:
            raise _bad(name, "timing", f"a {category} card's timing is one of {allowed} (205)")
        if category != SITUATION and strict:
            _item_abilities(name, abilities)
        if timing != "horse" and current:  # 805.2d-iii, 805.2d-v: never in the run area
            what = (
                "a situation card (805.2d-iii)"
                if timing == SITUATION
                else "an area card (805.2d-v)"
            )
            check_until_run_area(name, abilities, what)
        return Card(
            name, kind, category, timing=timing, text=text, number=number, abilities=abilities
        )
    category = _str(name, data, "category") or NORMAL
    if category not in (NORMAL, SPECIAL):
        raise _bad(name, "category", "expected normal or special (503.3a)")
    if (category == NORMAL) != (name == NORMAL_FORCE):
        raise _bad(name, "category", f"the normal force card is named {NORMAL_FORCE!r} (202.2c-ii)")
    force = _int(name, data, "force", 1)
    when = _words(name, data, "force_when", RACECOURSES + GOINGS + DISTANCES + SURFACES)
    if category == NORMAL and (force != 1 or when):
        raise _bad(name, "force", "a normal force counts as 1 force (503.3a)")
    if force < 0:
        raise _bad(name, "force", "a force count is 0 or more")
    return Card(
        name, kind, category, text=text, number=number, force=force, force_when=when,
        abilities=abilities,
    )  # fmt: skip


def _item_abilities(name: str, abilities: tuple[Ability, ...]) -> None:
    """An item or jockey is never in a zone where its abilities are valid
    (803.4b-d name none for it): only its text (805.2d-iv/v) and what it says
    about its own move (803.4a-i: "instead of this card going to the farm",
    "when this card is put ...") can ever do anything; refuse the rest."""
    for i, a in enumerate(abilities):
        if a.type == "play" or (a.whose == "this" and (a.type == "replace" or a.on == "moved")):
            continue
        raise _bad(
            name,
            f"ability[{i}].type",
            "an item's or jockey's ability is never valid (803.4) unless it is its text "
            "(type = 'play') or about its own move (whose = 'this', 803.4a-i)",
        )


def check_card(card: Card, *, strict: bool = True, current: bool = True) -> None:
    """A card built in code or read from a config (a log header, a variant
    file) passes exactly the loader's checks: ConfigError naming the field.
    ``strict=False``: an item's abilities that can never be valid (803.4) are
    let through, as edition 1 of the rules reading did (old logs);
    ``current=False``: the checks edition 3 added too (:func:`card_from_data`)."""
    data: dict[str, Any] = {"name": card.name, "kind": card.kind}
    for field in attrs.fields(Card):
        if field.name in _FIELDS.get(card.kind, set()):
            value = getattr(card, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
    if card.kind in _FIELDS:
        data["ability"] = [ability_to_data(a) for a in card.abilities]
    checked = card_from_data(data, card.name or "?", strict=strict, current=current)
    for field in attrs.fields(Card):
        if getattr(checked, field.name) != getattr(card, field.name):
            raise _bad(card.name, field.name, f"not a field of a {card.kind} card, or not valid")


MAX_CARD_SET_CHARS = 2_000_000
"""The longest card set text :func:`parse_card_set` reads (about 2 MB: a
thousand cards, each with its abilities, fit in a fraction of it)."""
MAX_SET_CARDS = 1000
"""The most ``[[card]]`` tables of a set (as many as a config may hold)."""
MAX_SET_DECKS = 100
"""The most ``[[deck]]`` tables of a set."""


def parse_card_set(text: str, *, current: bool = True) -> tuple[tuple[Card, ...], tuple[Deck, ...]]:
    """A card set and its decks from TOML text (``[[card]]`` and ``[[deck]]``
    tables).  Any text gives the cards or a ConfigError naming the field:
    text over :data:`MAX_CARD_SET_CHARS` is refused before it is parsed, and
    so are nesting too deep to parse and values of the wrong type.
    ``current=False``: a set of racebook's edition 2 or older, read without
    edition 3's checks (:func:`card_from_data`)."""
    if not isinstance(text, str):
        raise ConfigError("cards", f"expected TOML text, got {type(text).__name__}")
    if len(text) > MAX_CARD_SET_CHARS:
        raise ConfigError("cards", f"a card set is at most {MAX_CARD_SET_CHARS:,} characters")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError("cards", f"not TOML: {str(exc)[:200]}") from None
    except RecursionError:
        raise ConfigError("cards", "not TOML this library reads: nested too deep") from None
    except ValueError as exc:  # e.g. an integer over Python's digit limit
        raise ConfigError("cards", f"not TOML this library reads: {str(exc)[:200]}") from None
    unknown = set(data) - {"set", "card", "deck"}
    if unknown:
        field = sorted(unknown)[0][:40]
        raise ConfigError(field, "a card set file has only set, card and deck")
    raw = data.get("card", [])
    if not isinstance(raw, list) or len(raw) > MAX_SET_CARDS:
        raise ConfigError("card", f"expected at most {MAX_SET_CARDS} [[card]] tables")
    cards: list[Card] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        card = card_from_data(item, f"#{i + 1}", current=current)
        if card.name in seen:
            raise _bad(card.name, "name", "two cards of the set have this name")
        seen.add(card.name)
        cards.append(card)
    raw_decks = data.get("deck", [])
    if not isinstance(raw_decks, list) or len(raw_decks) > MAX_SET_DECKS:
        raise ConfigError("deck", f"expected at most {MAX_SET_DECKS} [[deck]] tables")
    decks = tuple(deck_from_data(d) for d in raw_decks)
    return tuple(cards), decks


def deck_from_data(data: Any) -> Deck:
    """A ``[[deck]]`` table: ``name`` and ``cards = [["Force", 20], ...]``."""
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise ConfigError("deck.name", "a deck is a table with a name")
    name = data["name"][:60]
    raw = data.get("cards", [])
    if not isinstance(raw, list) or len(raw) > 200:
        raise ConfigError(f"decks[{name}].cards", "expected a list of at most 200 [name, count]")
    entries = []
    for entry in raw:
        ok = isinstance(entry, list) and len(entry) == 2
        if not ok or not isinstance(entry[0], str) or type(entry[1]) is not int:
            shown = repr(entry)[:60]
            raise ConfigError(f"decks[{name}].cards", f"expected [name, count], got {shown}")
        entries.append(DeckEntry(entry[0], entry[1]))
    return Deck(data["name"], tuple(entries))


def sample_set() -> tuple[tuple[Card, ...], tuple[Deck, ...]]:
    """The ORIGINAL sample set shipped with racebook (not the printed cards)."""
    text = resources.files(__package__).joinpath("data/sample.toml").read_text("utf-8")
    return parse_card_set(text)

"""The variant config of Force of the Horse: every setting bounded."""

from __future__ import annotations

from importlib import resources
from typing import Any, Literal

import attrs

from racebook.core.errors import ConfigError, check_between, check_length
from racebook.games.forcehorse.cards import Card, Deck, check_card, parse_card_set, sample_set
from racebook.games.forcehorse.race import Race, check_race
from racebook.variants.rules import RuleRef

_SAMPLE_CARDS, _SAMPLE_DECKS = sample_set()
SAMPLE_DECKS = {d.name: d for d in _SAMPLE_DECKS}
MAX_CARDS = 1000
"""Most card definitions a config may carry."""
MAX_DECK_ENTRIES = 200
MAX_HAND_LIMIT = 1000


@attrs.frozen
class ForceHorseConfig:
    """Force of the Horse.  ``cards`` is the card list (the sample set by
    default), ``decks`` each seat's deck list by card names, ``race`` the
    agreed race (``None``: drawn at random from the special cards, 601.2b)."""

    players: int = 2
    """FotH 101.1: 2 players (the only count these rules cover)."""
    cards: tuple[Card, ...] = _SAMPLE_CARDS
    decks: tuple[Deck, ...] = (SAMPLE_DECKS["sample-sprint"], SAMPLE_DECKS["sample-middle"])
    long_decks: tuple[Deck, ...] = (SAMPLE_DECKS["sample-stayer"], SAMPLE_DECKS["sample-stayer"])
    """The decks of a long race (602.1a: 80 cards), when ``race`` is long or random."""
    race: Race | None = attrs.field(default=Race("tokyo", 1600, "firm"))
    set_aside_2200: int = 9
    """*Inferred*: cards set aside at 2200 m (603.1d omits it)."""
    hand_limit: int | None = 10
    """Official FAQ: at the end of one's own turn, the excess goes to the farm
    (``None``: no limit, the rules text alone)."""
    several_runners: Literal["pairs", "sum"] = "pairs"
    """FotH 702.6j with several runners (512): each runner against the guard
    played against it (``pairs``), or all run values against all guard values
    (``sum``).  See the rules notes."""
    special_unmet: int = 0
    """FotH 503.3a: what a special force card counts as when its condition
    does not hold (the rules give only the met case)."""
    aptitude: bool = True
    """FotH 1000s: the aptitude modifiers of 1002.1 change run values (a config
    written before part 2, without this key, plays as it did: off)."""
    favourite_conditions_bonus: bool = False
    """Not in 1002.1: also +1 run each for a favourite racecourse and going
    (508.4).  Off: the rules text (see the rules notes)."""
    max_loop: int = 20
    """FotH 1201.1a: the most repetitions a loop proposal may name."""
    rules: tuple[RuleRef, ...] = ()


def past_sample(revision: int) -> dict[str, Any]:
    """The sample set's settings at an older defaults revision (1: before
    issue 22, ``data/sample-r1.toml``): cards, decks and long decks."""
    assert revision == 1
    text = resources.files(__package__).joinpath("data/sample-r1.toml").read_text("utf-8")
    cards, decks = parse_card_set(text)
    by = {d.name: d for d in decks}
    return {
        "cards": cards,
        "decks": (by["sample-sprint"], by["sample-middle"]),
        "long_decks": (by["sample-stayer"], by["sample-stayer"]),
    }


def check_config(c: ForceHorseConfig) -> None:
    check_between("players", c.players, 2, 2)  # 101.1
    check_length("cards", c.cards, 1, MAX_CARDS)
    check_length("decks", c.decks, 2, 2)
    check_length("long_decks", c.long_decks, 0, 2)
    if c.long_decks and len(c.long_decks) != 2:
        raise ConfigError("long_decks", "none, or one deck per seat")
    for deck in (*c.decks, *c.long_decks):
        check_length(f"decks[{deck.name}].cards", deck.cards, 1, MAX_DECK_ENTRIES)
        for entry in deck.cards:
            check_between(f"decks[{deck.name}].{entry.card}", entry.count, 1, 80)
    if c.race is not None:
        check_race(c.race)
    check_between("set_aside_2200", c.set_aside_2200, 0, 49)  # 60 - 7 - 49: a card an area
    if c.hand_limit is not None:
        check_between("hand_limit", c.hand_limit, 0, MAX_HAND_LIMIT)
    check_between("special_unmet", c.special_unmet, 0, 99)
    check_between("max_loop", c.max_loop, 1, 100)
    check_length("rules", c.rules, 0, 0)  # no rule module slot yet (cards vary the game)
    for card in c.cards:
        check_card(card)
    names = [card.name for card in c.cards]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ConfigError(f"cards[{dup}].name", "two cards have this name")

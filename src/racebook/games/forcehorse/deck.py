"""Deck building (FotH 602)."""

from __future__ import annotations

from collections import Counter

from racebook.core.errors import ConfigError
from racebook.games.forcehorse.cards import Card, Deck

MAX_COPIES = 3
"""FotH 602.1c: at most 3 cards of a name (normal force: any number, 602.1c-i)."""


def copies_allowed(card: Card) -> int | None:
    """FotH 602.1c: at most 3 of a name; a normal force any number
    (602.1c-i).  A deck-building ability (602.2) replaces that condition for
    its card, as a replacement effect on the deck rules; once the game has
    begun it is invalid (803.2): it is read here, when decks are checked, only."""
    deck = [a.copies for a in card.abilities if a.type == "deck"]
    if deck:
        return max(deck)  # FotH 602.2
    return None if card.is_normal_force else MAX_COPIES


def deck_size(distance_class: str) -> int:
    """FotH 602.1a: exactly 80 cards at a long distance, else exactly 60."""
    return 80 if distance_class == "long" else 60


def check_deck(deck: Deck, cards: dict[str, Card], distance_class: str, seat: int) -> list[Card]:
    """The deck's cards in list order, or ConfigError naming the card and rule.
    Special cards (214) are never card data, so 602.1b holds by construction."""
    where = f"decks[{seat}]"
    out: list[Card] = []
    for entry in deck.cards:
        card = cards.get(entry.card)
        if card is None:
            raise ConfigError(f"{where}.{entry.card}", "no card of this name in the card list")
        out.extend([card] * entry.count)
    for name, count in Counter(c.name for c in out).items():
        limit = copies_allowed(cards[name])
        if limit is not None and count > limit:
            rule = "602.2" if limit != MAX_COPIES else "602.1c"
            raise ConfigError(
                f"{where}.{name}", f"{count} copies; at most {limit} of a name (FotH {rule})"
            )
    size = deck_size(distance_class)
    if len(out) != size:
        raise ConfigError(
            where,
            f"{deck.name!r} has {len(out)} cards; a {distance_class} race needs exactly {size} "
            "(FotH 602.1a)",
        )
    return out

"""Force of the Horse (フォース オブ ザ ホース, FRAMELUNCH 2025); game id ``forcehorse``.

The comprehensive rules (FotH 100-1201), card abilities included.  Cards
are data (:mod:`.cards`, their text in the vocabulary of :mod:`.abilities`);
the shipped set is ORIGINAL sample data, not the printed cards.
"""

from racebook.core.registry import register_preset
from racebook.games.forcehorse.cards import Card, Deck, DeckEntry, parse_card_set, sample_set
from racebook.games.forcehorse.config import SAMPLE_DECKS, ForceHorseConfig
from racebook.games.forcehorse.events import (
    DrawRace,
    Farm,
    FirstPlayer,
    Guard,
    Mulligan,
    Pass,
    Run,
    Shuffle,
    Support,
)
from racebook.games.forcehorse.race import Race
from racebook.games.forcehorse.state import (
    ForceHorse,
    ForceHorseAction,
    ForceHorseMove,
    ForceHorseState,
)
from racebook.games.forcehorse.view import ForceHorseView, ForceHorseViewData

register_preset(
    "forcehorse",
    "forcehorse",
    ForceHorseConfig(),
    "Force of the Horse: the ORIGINAL sample decks (cards with abilities), "
    "Tokyo turf 1600 m, firm.",
)
register_preset(
    "forcehorse-random",
    "forcehorse",
    ForceHorseConfig(race=None),
    "Force of the Horse with the race drawn from the special cards (601.2b); sample decks.",
)

__all__ = [
    "SAMPLE_DECKS", "Card", "Deck", "DeckEntry", "DrawRace", "Farm", "FirstPlayer",
    "ForceHorse", "ForceHorseAction", "ForceHorseConfig", "ForceHorseMove", "ForceHorseState",
    "ForceHorseView", "ForceHorseViewData",
    "Guard", "Mulligan", "Pass", "Race", "Run", "Shuffle", "Support", "parse_card_set",
    "sample_set",
]  # fmt: skip

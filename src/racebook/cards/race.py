"""Race cards of the trick-taking horse race (Kawasaki Factory): four colours x 1..12.

Colours: ``R`` red (horse), ``B`` blue (helmet), ``Y`` yellow (saddle), ``G``
green (horseshoe).  A card is written ``"R5"``; inside the engine it is the
int ``colour * 16 + number``.  The back of a card shows its colour.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from racebook.core.serial import converter, int_in

COLOURS = "RBYG"


@attrs.frozen(order=True)
class RaceCard:
    """One race card.

    >>> RaceCard.parse("Y11"), str(RaceCard(0, 5))
    (RaceCard('Y11'), 'R5')
    """

    colour: int = attrs.field(validator=int_in(0, 3))
    number: int = attrs.field(validator=int_in(1, 15))

    @property
    def code(self) -> int:
        return self.colour * 16 + self.number

    def __str__(self) -> str:
        return f"{COLOURS[self.colour]}{self.number}"

    def __repr__(self) -> str:
        return f"RaceCard('{self}')"

    @classmethod
    def parse(cls, text: str) -> RaceCard:
        """Read ``"R5"``; :class:`ValueError` otherwise."""
        found = _PARSED.get(text)
        if found is not None:
            return found
        if len(text) < 2 or text[0] not in COLOURS or not text[1:].isdigit():
            raise ValueError(f"not a race card: {text!r} (expected like 'R5' or 'G12')")
        try:
            found = cls(COLOURS.index(text[0]), int(text[1:]))
        except ValueError:
            raise ValueError(f"not a race card: {text!r} (numbers 1..15)") from None
        if len(_PARSED) < 1024:
            _PARSED[text] = found
        return found


_PARSED: dict[str, RaceCard] = {}
_CARDS: dict[int, RaceCard] = {}


def race_card(code: int) -> RaceCard:
    """The shared :class:`RaceCard` of an internal code."""
    found = _CARDS.get(code)
    if found is None:
        found = _CARDS[code] = RaceCard(code >> 4, code & 15)
    return found


for _code in range(64):  # every card: race_cards reads them by code, no call a card
    if _code & 15:
        race_card(_code)
_CARD_OF = _CARDS.__getitem__


def race_cards(codes: Iterable[int]) -> tuple[RaceCard, ...]:
    """The shared :class:`RaceCard` of each internal code, as a tuple.

    >>> race_cards([5, 16 + 12])
    (RaceCard('R5'), RaceCard('B12'))
    """
    return tuple(map(_CARD_OF, codes))


def _structure(value: object, _: object) -> RaceCard:
    if not isinstance(value, str):
        raise ValueError(f"not a race card: {value!r} (expected a string like 'R5')")
    return RaceCard.parse(value)


converter.register_unstructure_hook(RaceCard, str)
converter.register_structure_hook(RaceCard, _structure)

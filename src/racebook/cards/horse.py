"""Horse cards of Long Shot and Horse Racing Mafia.

A horse card has a movement (and allotment) value, MV, and is either
*indicated* (a boxed horse number: it runs only that horse, and left in hand
at the race's end it is a ticket on that horse) or *free* (the Syndicate
face: it runs or stops any horse, and is worth nothing after the race).

Inside the engine a card is a small int, ``horse * 16 + mv`` (horse 0 =
free); the public value is :class:`HorseCard`, written ``"3:5"`` (horse 3,
MV 5) or ``"F:5"`` (a free card of MV 5) in logs and views.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from racebook.core.serial import converter, int_in

FREE = 0
"""The horse number of a free (Syndicate) card."""


@attrs.frozen(order=True)
class HorseCard:
    """One horse card: ``horse`` (1.., or 0 = free) and its ``mv``.

    >>> HorseCard(3, 5), HorseCard.parse("F:2").is_free
    (HorseCard('3:5'), True)
    """

    horse: int = attrs.field(validator=int_in(0, 63))
    mv: int = attrs.field(validator=int_in(0, 15))

    @property
    def is_free(self) -> bool:
        return self.horse == FREE

    @property
    def code(self) -> int:
        return self.horse * 16 + self.mv

    def __str__(self) -> str:
        return f"{'F' if self.horse == FREE else self.horse}:{self.mv}"

    def __repr__(self) -> str:
        return f"HorseCard('{self}')"

    @classmethod
    def parse(cls, text: str) -> HorseCard:
        """Read ``"3:5"`` or ``"F:5"``; :class:`ValueError` otherwise."""
        found = _PARSED.get(text)
        if found is not None:
            return found
        found = cls._parse(text)
        if len(_PARSED) < 4096:
            _PARSED[text] = found
        return found

    @classmethod
    def _parse(cls, text: str) -> HorseCard:
        horse, sep, mv = text.partition(":")
        if not sep or not mv.isdigit() or not (horse == "F" or horse.isdigit()):
            raise ValueError(f"not a horse card: {text!r} (expected like '3:5' or 'F:5')")
        try:
            return cls(FREE if horse == "F" else int(horse), int(mv))
        except ValueError:
            raise ValueError(f"not a horse card: {text!r} (MV 0..15, horse 1..63)") from None


_CARDS: dict[int, HorseCard] = {}
_PARSED: dict[str, HorseCard] = {}


def card(code: int) -> HorseCard:
    """The (shared) :class:`HorseCard` of an internal code."""
    found = _CARDS.get(code)
    if found is None:
        found = _CARDS[code] = HorseCard(code >> 4, code & 15)
    return found


_TEXTS: dict[int, str] = {}


def card_text(code: int) -> str:
    """``str(card(code))``, kept (a rule module's view writes cards as text)."""
    found = _TEXTS.get(code)
    if found is None:
        found = _TEXTS[code] = str(card(code))
    return found


def cards(codes: Sequence[int]) -> tuple[HorseCard, ...]:
    """The (shared) :class:`HorseCard` of each of ``codes`` (a view's boxes
    and hand: the cards already made are read without a call each)."""
    try:
        return tuple(map(_CARDS.__getitem__, codes))
    except KeyError:
        return tuple(map(card, codes))


def deck(horses: int, indicated_mvs: Iterable[int], free_mvs: Iterable[int]) -> list[int]:
    """The codes of a deck: ``indicated_mvs`` for each horse 1..``horses``,
    plus the free cards, in a fixed (sorted) order.

    >>> [str(card(c)) for c in deck(2, [1, 2], [0])]
    ['F:0', '1:1', '1:2', '2:1', '2:2']
    """
    ind = list(indicated_mvs)
    codes = [h * 16 + mv for h in range(1, horses + 1) for mv in ind]
    codes += [FREE * 16 + mv for mv in free_mvs]
    return sorted(codes)


converter.register_unstructure_hook(HorseCard, str)
converter.register_structure_hook(
    HorseCard,
    lambda value, _: HorseCard.parse(value) if isinstance(value, str) else _bad_card(value),
)


def _bad_card(value: object) -> HorseCard:
    raise ValueError(f"not a horse card: {value!r} (expected a string like '3:5')")

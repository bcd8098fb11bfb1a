"""The trick race's actions and events: the words of its log, one per step of
play (ゲームの準備, パドックフェイズ, 馬券購入フェイズ, レースフェイズ, 配当フェイズ).

Kinds and fields are the log format: they never change.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from racebook.cards.race import RaceCard
from racebook.core.game import Action, Event, PrivateEvent


@attrs.frozen
class DrawHorses(Action):
    """Chance: the horse card each player draws (seat order); with 3 players one
    of them is Vanilla Beans (redrawn until so) and the dummy takes the last."""

    kind: ClassVar[str] = "draw-horses"
    chance: ClassVar[bool] = True
    horses: tuple[int, ...]


@attrs.frozen
class DealCards(Action):
    """Chance: the 48 race cards shuffled: horse ``h`` keeps cards
    ``12*(h-1) .. 12*h-1`` for the whole game (``k`` cards a horse in a
    variant with fewer: ``k*(h-1) .. k*h-1``)."""

    kind: ClassVar[str] = "deal"
    chance: ClassVar[bool] = True
    cards: tuple[RaceCard, ...]


@attrs.frozen
class Paddock(Action):
    """Chance: the runners' order at the gate (bottom first) and each horse's 12
    cards shuffled face down (``piles[h-1]``, top first)."""

    kind: ClassVar[str] = "paddock"
    chance: ClassVar[bool] = True
    gate: tuple[int, ...]
    piles: tuple[tuple[RaceCard, ...], ...]


@attrs.frozen
class Discard(Action):
    """The second discard, chosen secretly and set face down (パドック)."""

    kind: ClassVar[str] = "discard"
    card: RaceCard


@attrs.frozen
class Bet(Action):
    """A ticket: ``0`` the win ticket, ``1..4`` a horse; face up first, then face down."""

    kind: ClassVar[str] = "bet"
    ticket: int


@attrs.frozen
class Play(Action):
    """Play ``card`` to the trick, declaring the whip (ムチを入れる) or not."""

    kind: ClassVar[str] = "play"
    card: RaceCard
    whip: bool = False


# -- events ------------------------------------------------------------------------------


TrickRaceAction = DrawHorses | DealCards | Paddock | Discard | Bet | Play
"""Every action of the trick race, chance's outcomes too: what
:meth:`TrickRace.parse_action <racebook.games.trickrace.game.TrickRace.parse_action>`
gives and a log holds."""

TrickRaceMove = Discard | Bet | Play
"""What a seat may do (discard, bet a ticket, play a card to the trick): what
:meth:`~racebook.core.game.State.legal_actions` lists for a ``TrickRaceState``.
The deals only chance makes (:class:`DrawHorses`, :class:`DealCards`,
:class:`Paddock`) are left out."""


@attrs.frozen
class HorsesDrawn(Event):
    """The horse each seat rides (by seat id; with 3 players the dummy's too,
    id ``dummy``)."""

    kind: ClassVar[str] = "horses-drawn"
    horses: tuple[int, ...]
    dummy: int | None


@attrs.frozen
class RaceBegins(Event):
    """The paddock is done: the race number, the start player, the runners' order
    at the gate (bottom first), the discard number and the card that showed
    it, and every face-up discard."""

    kind: ClassVar[str] = "race-begins"
    race: int
    start: int
    gate: tuple[int, ...]
    discard_number: int
    revealed: RaceCard | None
    """The start player's top card, shown to everyone: its number is
    ``discard_number``.  Unless it is their face-up discard it stays in their
    hand, and everyone knows it is there.  ``None`` (and discard number 0)
    in the variant without the paddock's discards (``paddock=False``)."""
    discards: tuple[RaceCard, ...]
    """The face-up discards by seat id (the dummy's two are its first two below)."""
    dummy_discards: tuple[RaceCard, ...] = ()
    dummy_cards: tuple[RaceCard, ...] = ()


@attrs.frozen
class Hand(PrivateEvent):
    """Your hand after the face-up discard."""

    kind: ClassVar[str] = "hand"
    cards: tuple[RaceCard, ...]


@attrs.frozen
class Discarded(Event):
    """Public: ``seat`` set a card face down (its back shows the colour)."""

    kind: ClassVar[str] = "discarded"
    seat: int
    colour: str


@attrs.frozen
class MyDiscard(PrivateEvent):
    """Your face-down discard (only you see its number)."""

    kind: ClassVar[str] = "my-discard"
    card: RaceCard


@attrs.frozen
class MyTicket(PrivateEvent):
    """Your face-down ticket (only you see it until the payout)."""

    kind: ClassVar[str] = "my-ticket"
    ticket: int


@attrs.frozen
class TicketShown(Event):
    """``seat`` laid ``ticket`` face up (``0`` the win ticket, ``1..4`` a horse)."""

    kind: ClassVar[str] = "ticket-up"
    seat: int
    ticket: int


@attrs.frozen
class TicketHidden(Event):
    """``seat`` laid a ticket face down (which one stays hidden until the payout)."""

    kind: ClassVar[str] = "ticket-down"
    seat: int


@attrs.frozen
class Played(Event):
    """``seat`` played ``card`` to the trick, with the whip or not."""

    kind: ClassVar[str] = "played"
    seat: int
    card: RaceCard
    whip: bool


@attrs.frozen
class TrickWon(Event):
    """``seat`` won the trick: its ``horse`` moved ``moved`` spaces to ``position``
    (0 when already at the goal)."""

    kind: ClassVar[str] = "trick"
    seat: int
    horse: int
    moved: int
    position: int


@attrs.frozen
class RaceResult(Event):
    """Places by horse and each seat's tickets, both now face up (face-up
    ticket, face-down ticket).  The face-down discards stay face down (set
    so "オモテが他のプレイヤーに見えないように", パドックフェイズ; only the tickets
    turn up, 配当フェイズ): no event ever shows another seat's."""

    kind: ClassVar[str] = "race-result"
    race: int
    places: tuple[int, ...]
    tickets: tuple[tuple[int, int], ...]


@attrs.frozen
class Points(Event):
    """``seat`` scored ``points`` for ``reason`` (a prize, a win bet, a quinella)."""

    kind: ClassVar[str] = "points"
    seat: int
    points: int
    reason: str

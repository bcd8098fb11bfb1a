"""Long Shot, "Basic of the Race Round" and "When the stack is exhausted":
each player in turn places a card and draws one; then the first player opens
the top card of the stack and places it, and the horses run (:mod:`~racebook.games.longshot.race`);
the player to the left becomes the first player.  An exhausted stack is
restocked from the cards buried under the boxes."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.board.boxes import legal_boxes
from racebook.cards.horse import HorseCard, card
from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Action, Event, PrivateEvent
from racebook.games.longshot.phases import AFTER_DRAW, AFTER_OPEN, OPENED, RESTOCK, TURN
from racebook.games.longshot.placement import opened_exception

if TYPE_CHECKING:
    from racebook.games.longshot.state import LongShotState


@attrs.frozen
class Restock(Action):
    """Chance: the buried cards gathered from the boxes, shuffled: the new stack,
    top first."""

    kind: ClassVar[str] = "restock"
    chance: ClassVar[bool] = True
    cards: tuple[HorseCard, ...]


@attrs.frozen
class Drew(PrivateEvent):
    """You drew ``card`` from the stack (only you see it)."""

    kind: ClassVar[str] = "drew"
    card: HorseCard


@attrs.frozen
class Restocked(Event):
    """The stack was restocked from the buried cards: ``cards`` in the new stack
    ("When the stack is exhausted")."""

    kind: ClassVar[str] = "restocked"
    cards: int


@attrs.frozen
class Opened(Event):
    """The first player opened ``card`` from the stack ("Basic of the Race Round")."""

    kind: ClassVar[str] = "opened"
    card: HorseCard


DREW: dict[int, Drew] = {}
"""Interned ``Drew`` events, by ``seat << 12 | code``."""


def drew(seat: int, x: int) -> Drew:
    """The shared ``Drew(seat, card(x))`` (events are values: one per seat
    and card, for every game)."""
    key = (seat << 12) | x
    event = DREW.get(key)
    if event is None or event.seat != seat:
        event = Drew(seat, card(x))
        if 0 <= x < 4096 and len(DREW) < 1 << 16:
            DREW[key] = event
    return event


def start_round(state: LongShotState, number: int) -> None:
    """Round ``number`` begins with the first player's turn."""
    state.round = number
    state.turn = 0
    state.placed = []
    state.phase = TURN


# "Basic of the Race Round": place, then draw 1 from the stack.
def end_turn(state: LongShotState, events: list[Event], *, draw: bool = True) -> None:
    """The player whose turn it is has placed (or passed): draw, and pass the turn."""
    state.placed = []
    state.after_restock = AFTER_DRAW
    state.drawing = state.game.config.draw if draw else 0
    if draw_cards(state, events):
        next_turn(state, events)


def draw_cards(state: LongShotState, events: list[Event]) -> bool:
    """Draw for the player whose turn ends; ``False`` if a restock must come first."""
    seat = (state.first + state.turn) % state.game.config.players
    stack = state.stack
    hand = state.hands[seat]
    drawing = state.drawing
    while drawing > 0:
        if not stack:
            if buried(state):
                state.drawing = drawing
                state.phase = RESTOCK
                return False
            drawing = 0
            break
        drawing -= 1
        x = stack.pop()
        hand.append(x)
        events.append(drew(seat, x))
    state.drawing = drawing
    return True


def next_turn(state: LongShotState, events: list[Event]) -> None:
    """The player to the left plays, or, after every player, the card is opened."""
    state.turn += 1
    if state.turn < state.game.config.players:
        state.phase = TURN
    else:
        open_card(state, events)


# "the first player draws 1 card from the Stack, and places it face up".
def open_card(state: LongShotState, events: list[Event]) -> None:
    """The first player opens the top card of the stack (the horses run if no
    box may take it, or nothing is left to open)."""
    state.after_restock = AFTER_OPEN
    if not state.stack:
        if buried(state):
            state.phase = RESTOCK
            return
        state.run(events)  # nothing left to open
        return
    x = state.stack.pop()
    events.append(Opened(card(x)))
    if not legal_boxes(state.tops, x >> 4, x & 15, unavoidable=opened_exception(state, x >> 4)):
        state.stack.insert(0, x)  # no box may take it: under the stack (setting)
        state.run(events)
        return
    state.opened = x
    state.phase = OPENED


def next_round(state: LongShotState) -> None:
    """ "the player to the left of the first player becomes the new first player"."""
    state.first = (state.first + 1) % state.game.config.players
    start_round(state, state.round + 1)


# "When the stack is exhausted": up to 2 cards from beneath each box, never the top.
def buried(state: LongShotState) -> list[int]:
    """The cards a restock gathers: up to ``restock_per_box`` from beneath each box."""
    k = state.game.config.restock_per_box
    out: list[int] = []
    for box in state.boxes:
        out.extend(box[: max(0, min(k, len(box) - 1))])
    return out


def restock(state: LongShotState, action: Restock, events: list[Event]) -> None:
    """The gathered cards, shuffled, are the new stack; play goes on where it stopped."""
    k = state.game.config.restock_per_box
    for box in state.boxes:
        del box[: max(0, min(k, len(box) - 1))]
    stack = [x.horse * 16 + x.mv for x in action.cards]
    stack.reverse()
    state.stack = stack
    events.append(Restocked(len(stack)))
    if state.after_restock == AFTER_DRAW:
        state.phase = TURN
        if draw_cards(state, events):
            next_turn(state, events)
    else:
        open_card(state, events)


def check_restock(state: LongShotState, action: Restock) -> str | None:
    """Why ``action`` is not the restock now, or ``None``."""
    if state.phase != RESTOCK:
        return refuse("chance-not-now", "the stack is not being restocked now")
    if sorted(x.horse * 16 + x.mv for x in action.cards) != sorted(buried(state)):
        return refuse(
            "bad-restock", "the restocked cards are not exactly the buried cards gathered"
        )
    return None


def sample_restock(state: LongShotState, rng: random.Random) -> Restock:
    """A random restock: the buried cards, shuffled."""
    cards = buried(state)
    rng.shuffle(cards)
    return Restock(CHANCE, tuple(card(x) for x in cards))

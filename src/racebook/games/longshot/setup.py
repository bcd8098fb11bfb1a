"""Long Shot, "Preparation of the first race" (and of the last race): the
first player, the horse cards dealt into hands and the stack, and the secret
orders."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.board.boxes import EMPTY
from racebook.cards.horse import HorseCard
from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Action, Event, PrivateEvent
from racebook.games.longshot.phases import DEAL, FIRST, ORDERS

if TYPE_CHECKING:
    from racebook.games.longshot.state import LongShotState

# -- actions -------------------------------------------------------------------


@attrs.frozen
class FirstPlayer(Action):
    """Chance: who is the beginning first player."""

    kind: ClassVar[str] = "first-player"
    chance: ClassVar[bool] = True
    player: int


@attrs.frozen
class Deal(Action):
    """Chance: the shuffled horse cards.  Seat ``s`` is dealt
    ``cards[s*H:(s+1)*H]`` (``H`` = hand size); the rest is the stack, top first."""

    kind: ClassVar[str] = "deal"
    chance: ClassVar[bool] = True
    cards: tuple[HorseCard, ...]


@attrs.frozen
class DealOrders(Action):
    """Chance: the shuffled secret orders: seat ``s`` gets ``horses[s]``; the rest
    are left aside face down."""

    kind: ClassVar[str] = "orders"
    chance: ClassVar[bool] = True
    horses: tuple[int, ...]


# -- events --------------------------------------------------------------------


@attrs.frozen
class RaceStarted(Event):
    """A race is dealt: its number and the first player."""

    kind: ClassVar[str] = "race-started"
    race: int
    first_player: int


@attrs.frozen
class Dealt(PrivateEvent):
    """Your hand for this race."""

    kind: ClassVar[str] = "dealt"
    cards: tuple[HorseCard, ...]


@attrs.frozen
class OrderDealt(Event):
    """A secret order card: seen by its holder, or by all when dealt face up."""

    kind: ClassVar[str] = "order"
    seat: int
    horse: int
    face_up: bool

    def visible_to(self, seat: int | None) -> bool:
        return self.face_up or seat == self.seat


# -- play ------------------------------------------------------------------------


def choose_first(state: LongShotState, action: FirstPlayer) -> None:
    """The beginning first player is chosen."""
    state.first = action.player
    state.phase = DEAL


# "Preparation of the first race": deal 8 cards each, the rest is the stack.
def deal(state: LongShotState, action: Deal, events: list[Event]) -> None:
    """Deal the hands; the rest of the cards is the stack."""
    c = state.game.config
    h = c.hand
    codes = [x.horse * 16 + x.mv for x in action.cards]
    events.append(RaceStarted(state.race + 1, state.first))
    for s in range(c.players):
        state.hands[s] = codes[s * h : (s + 1) * h]
        events.append(Dealt(s, tuple(action.cards[s * h : (s + 1) * h])))
    rest = codes[c.players * h :]
    rest.reverse()  # top of the stack is the end of the list
    state.stack = rest
    for rule in state.game.rules:
        rule.start_race(state)
    state.phase = ORDERS


# "Lastly, shuffle and deal 1 'Secret Order' card face down to each player";
# with 4 or 5 players the spare is left aside face down; face up in the last race.
def deal_orders(state: LongShotState, action: DealOrders, events: list[Event]) -> None:
    """Deal the secret orders; the first round begins."""
    n = state.game.config.players
    state.orders = list(action.horses[:n])
    state.aside = list(action.horses[n:])
    face_up = state.table.orders_open
    events.extend(OrderDealt(s, h, face_up) for s, h in enumerate(state.orders))
    state.start_round(1)


def next_race(state: LongShotState) -> None:
    """ "Preparation of the last race": the first player is left of the last
    one; all horse cards are dealt again; no new money."""
    c = state.game.config
    state.race += 1
    state.first = (state.first + 1) % c.players
    state.hands = [[] for _ in range(c.players)]
    state.stack = list(state.game.deck)
    state.boxes = [[] for _ in range(2 * c.running)]
    state.tops = [EMPTY] * (2 * c.running)
    state.pos = [0] * c.running
    state.fin = {}
    state.orders = [0] * c.players
    state.aside = []
    state.round = 0
    state.idle = 0
    state.ext = {}
    state.phase = DEAL


# -- chance ------------------------------------------------------------------------


def check_chance(state: LongShotState, action: Action) -> str | None:
    """Why a chance outcome of the preparation is not possible now, or ``None``."""
    p = state.phase
    c = state.game.config
    if isinstance(action, FirstPlayer):
        if p != FIRST:
            return refuse("chance-not-now", "the first player is not being chosen now")
        if not 0 <= action.player < c.players:
            return refuse("unknown-player", f"no seat {action.player}")
        return None
    if isinstance(action, Deal):
        if p != DEAL:
            return refuse("chance-not-now", "no cards are being dealt now")
        if sorted(x.horse * 16 + x.mv for x in action.cards) != state.game.deck:
            return refuse("bad-deal", "the dealt cards are not exactly this race's horse cards")
        return None
    if isinstance(action, DealOrders):
        if p != ORDERS:
            return refuse("chance-not-now", "no orders are being dealt now")
        if sorted(action.horses) != list(range(1, c.running + 1)):
            return refuse("bad-deal", f"the orders must be horses 1..{c.running}, each once")
        return None
    return refuse("chance-not-now", f"{action.kind} is not a chance outcome now")


def sample_chance(state: LongShotState, rng: random.Random) -> Action:
    """A random outcome of the preparation's chance node now."""
    p = state.phase
    c = state.game.config
    if p == FIRST:
        return FirstPlayer(CHANCE, rng.randrange(c.players))
    if p == DEAL:
        # the deck's cards shuffled as its codes would be (a shuffle depends only
        # on the length): the same deal, without a card() per card
        cards = list(state.game.deck_cards)
        rng.shuffle(cards)
        return Deal(CHANCE, tuple(cards))
    horses = list(range(1, c.running + 1))
    rng.shuffle(horses)
    return DealOrders(CHANCE, tuple(horses))

"""VIP cards (貴賓牌): the cards as data, the draft after each race (deal two,
keep one), and what a kept card does during a race (free chips, bonus tokens,
piggyback, late bets, snake eyes and box cars)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Action, Event, PrivateEvent
from racebook.games.readysetbet.host import after_draft
from racebook.games.readysetbet.phases import KEEP

if TYPE_CHECKING:
    from racebook.games.readysetbet.state import ReadySetBetState


# -- actions and events ---------------------------------------------------------------


@attrs.frozen
class Cash(Action):
    """Play the free-chips VIP card ``card`` (免費籌碼) and collect its payout."""

    kind: ClassVar[str] = "cash"
    card: int


@attrs.frozen
class DealVip(Action):
    """Chance: the VIP cards dealt after a race, ``vip_deal`` a player in seat
    order (fewer when the deck and discards run out)."""

    kind: ClassVar[str] = "deal-vip"
    chance: ClassVar[bool] = True
    cards: tuple[int, ...]


@attrs.frozen
class Keep(Action):
    """Keep VIP card ``card`` of the ones dealt; the other goes to the discards."""

    kind: ClassVar[str] = "keep"
    card: int


@attrs.frozen
class SnakeEyes(Event):
    """1+1 was rolled ("蛇眼!"); snake-eyes VIP cards pay (``vip-paid``)."""

    kind: ClassVar[str] = "snake-eyes"


@attrs.frozen
class BoxCars(Event):
    """6+6 was rolled ("柵車!"); box-cars VIP cards pay (``vip-paid``)."""

    kind: ClassVar[str] = "box-cars"


@attrs.frozen
class VipDealt(PrivateEvent):
    """The VIP cards dealt to ``seat`` (only that seat sees them)."""

    kind: ClassVar[str] = "vip-dealt"
    cards: tuple[int, ...]
    names: tuple[str, ...]


@attrs.frozen
class VipKept(Event):
    """``seat`` keeps ``name`` face up (the other card is discarded unseen)."""

    kind: ClassVar[str] = "vip-kept"
    seat: int
    card: int
    name: str


@attrs.frozen
class VipPaid(Event):
    """A VIP card paid ``seat``: free chips, snake eyes or box cars."""

    kind: ClassVar[str] = "vip-paid"
    seat: int
    name: str
    amount: int


# -- a kept card during a race ---------------------------------------------------------


def vip_of(state: ReadySetBetState, seat: int, kind: str) -> list[int]:
    """``seat``'s VIP cards of ``kind`` usable this race (the host uses none)."""
    if seat == state.hosting:
        return []
    kinds = state.game.kinds
    return [k for k in state.vip[seat] if kinds[k] == kind]


def cashable(state: ReadySetBetState, seat: int) -> list[int]:
    """``seat``'s free-chips cards it may play now (kept, unplayed, not hosting)."""
    return [k for k in vip_of(state, seat, "free-chips") if k not in state.cashed]


def take_up(state: ReadySetBetState, seat: int) -> None:
    """A race starts: what ``seat``'s VIP cards give it for the race (not the host's):
    its bonus tokens, late bets, free chips to play and piggyback values (kept in
    ``state.piggy``).  One pass over its cards: four vip_of calls cost 2x more."""
    cards, kinds = state.game.config.vip_cards, state.game.kinds
    bonus, cash, piggy = [], [], []
    late = 0
    for k in state.vip[seat]:
        kind = kinds[k]
        if kind == "bonus-token":
            bonus.append(k)
        elif kind == "late-bet":
            late += cards[k].amount
        elif kind == "free-chips" and k not in state.cashed:
            cash.append(k)
        elif kind == "piggyback":
            piggy.append(cards[k].value)
    state.bonus[seat], state.late[seat], state.cash[seat] = bonus, late, cash
    state.piggy[seat] = tuple(piggy)


def piggyback(state: ReadySetBetState, seat: int) -> list[int]:
    """Token values ``seat`` may put on another player's token now."""
    hand = state.hands[seat]
    return sorted({v for v in state.piggy[seat] if v in hand})


def cash(state: ReadySetBetState, seat: int, card: int, events: list[Event]) -> None:
    """``seat`` plays the free-chips card ``card`` and collects its payout."""
    vip = state.game.config.vip_cards[card]
    state.cashed = sorted([*state.cashed, card])
    if card in state.cash[seat]:
        state.cash[seat] = [k for k in state.cash[seat] if k != card]
    state.money[seat] += vip.amount
    events.append(VipPaid(seat, vip.name, vip.amount))


def pay_doubles(state: ReadySetBetState, die: int, events: list[Event]) -> None:
    """1+1 or 6+6 was rolled: snake-eyes or box-cars cards pay their holders."""
    c = state.game.config
    events.append(SnakeEyes() if die == 1 else BoxCars())  # "蛇眼!" / "柵車!"
    kind = "snake-eyes" if die == 1 else "box-cars"
    kinds = state.game.kinds
    for s, held in enumerate(state.vip):  # vip_of(state, s, kind), inline: 3x faster
        if s != state.hosting:
            for k in held:
                if kinds[k] == kind:
                    state.money[s] += c.vip_cards[k].amount
                    events.append(VipPaid(s, c.vip_cards[k].name, c.vip_cards[k].amount))


# -- the draft (after races 1-3: two face down to each player, keep one) ----------------


def deal_problem(state: ReadySetBetState, cards: tuple[int, ...]) -> str | None:
    """Why a deal of VIP cards is refused (``None``: it is a deal of this state)."""
    # "當貴賓牌庫用光，將其棄牌堆的牌洗勻疊好以形成新牌庫"
    c = state.game.config
    need = c.vip_deal * c.players
    deck, discards = set(state.deck), set(state.discards)
    total = min(need, len(deck) + len(discards))
    if len(cards) != total or len(set(cards)) != total:
        return refuse(
            "bad-vip-deal",
            f"deal {total} different VIP cards ({c.vip_deal} a player while they last)",
        )
    k = min(need, len(deck))
    if not all(x in deck for x in cards[:k]) or not all(x in discards for x in cards[k:]):
        return refuse(
            "bad-vip-deal", "VIP cards come from the deck, then from the reshuffled discards"
        )
    return None


def deal(state: ReadySetBetState, cards: tuple[int, ...], events: list[Event]) -> None:
    """VIP cards are dealt, ``vip_deal`` face down to each player."""
    c = state.game.config
    names = state.game.vip_names
    if len(cards) > len(state.deck):  # the deck ran out: the discards are the new deck
        rest = set(cards[len(state.deck) :])
        state.deck = [k for k in state.discards if k not in rest]
        state.discards = []
    else:
        dealt = set(cards)
        state.deck = [k for k in state.deck if k not in dealt]
    for s in range(c.players):
        mine = list(cards[s * c.vip_deal : (s + 1) * c.vip_deal])
        state.offers[s] = mine
        if mine:
            events.append(VipDealt(s, tuple(mine), tuple([names[k] for k in mine])))
    state.phase = KEEP
    if not any(state.offers):
        after_draft(state)


def keep(state: ReadySetBetState, seat: int, card: int, events: list[Event]) -> None:
    """``seat`` keeps one dealt card; the rest go to the discards."""
    c = state.game.config
    state.vip[seat].append(card)
    state.discards = sorted(state.discards + [k for k in state.offers[seat] if k != card])
    state.offers[seat] = []
    events.append(VipKept(seat, card, c.vip_cards[card].name))
    if seat == state.hosting and c.vip_cards[card].kind == "free-chips":
        # "如果主持人玩家選擇保留的是免費籌碼牌，就必須立即結算其效果"
        cash(state, seat, card, events)
    if not any(state.offers):
        after_draft(state)


def sample_deal(state: ReadySetBetState, rng: random.Random) -> DealVip:
    """A random deal: ``vip_deal`` cards a player from the deck, then the discards."""
    c = state.game.config
    need = c.vip_deal * c.players
    cards = rng.sample(state.deck, min(need, len(state.deck)))
    if need > len(cards):
        cards += rng.sample(state.discards, min(need - len(cards), len(state.discards)))
    return DealVip(CHANCE, tuple(cards))

"""1 パドックフェイズ (the paddock): the runners at the gate, each horse's pile,
the start player's revealed card and the discard number (捨てナンバー), the
face-up discard, then each player's secret face-down discard."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from racebook.cards.race import COLOURS, race_card, race_cards
from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Event
from racebook.games.trickrace.actions import (
    Discard,
    Discarded,
    Hand,
    MyDiscard,
    Paddock,
    RaceBegins,
)
from racebook.games.trickrace.dummy import dummy_paddock
from racebook.games.trickrace.phases import BET_UP, DISCARD, PADDOCK, TRICK

if TYPE_CHECKING:
    from racebook.games.trickrace.state import TrickRaceState


def check_paddock(state: TrickRaceState, action: Paddock) -> str | None:
    if state.phase != PADDOCK:
        return refuse("chance-not-now", "no paddock now")
    if sorted(action.gate) != [1, 2, 3, 4]:
        return refuse("bad-paddock", "the gate order must hold horses 1..4 once each")
    if not state.game.config.paddock and tuple(action.gate) != (1, 2, 3, 4):
        return refuse(
            "bad-paddock", "without the paddock (paddock) the gate is in number order, 1 2 3 4"
        )
    if len(action.piles) != 4 or any(
        sorted([x.colour * 16 + x.number for x in pile]) != state.cards_of[h]
        for h, pile in enumerate(action.piles)
    ):
        return refuse(
            "bad-paddock", f"each pile must be exactly its horse's {state.game.config.cards} cards"
        )
    return None


def sample_paddock(state: TrickRaceState, rng: random.Random) -> Paddock:
    if not state.game.config.paddock:  # no chance: the gate in number order
        return Paddock(CHANCE, (1, 2, 3, 4), tuple(race_cards(c) for c in state.cards_of))
    gate = [1, 2, 3, 4]
    rng.shuffle(gate)
    piles = []
    for h in range(4):
        pile = list(state.cards_of[h])
        rng.shuffle(pile)
        piles.append(race_cards(pile))
    return Paddock(CHANCE, tuple(gate), tuple(piles))


def paddock(state: TrickRaceState, action: Paddock, events: list[Event]) -> None:
    """A race begins: the gate, the revealed card, the face-up discards, the hands."""
    c = state.game.config
    state.clear_race()
    state.squares[0] = list(action.gate)  # bottom first; the top ranks higher
    piles = [[x.colour * 16 + x.number for x in pile] for pile in action.piles]  # codes
    if not c.paddock:
        no_discards(state, action, events)
        return
    start_pile = piles[state.horse_of[state.start] - 1]
    # "スタートプレイヤーは、一番上のレースカードを1枚取り、オモテ向きにして
    # 全員に見せます。このレースカードのオモテに書かれている数字を「捨てナンバー」とします"
    top = start_pile[0]
    n = top & 15
    state.number = n
    for s in range(4):
        pile = piles[state.horse_of[s] - 1]
        if s == state.dummy:
            dummy_paddock(state, pile, n)
            continue
        # "自分の手元に重ねたレースカードの、上から数えて「捨てナンバー」に該当する
        # 順番のカード".  Only the start player took a card off their pile (above), so
        # only their count depends on discard_counts_top: counted as the first card
        # (N-th = index N-1), or counting starts below it and wraps (12 -> the
        # revealed card, index 0).  Every other pile is untouched: its N-th card.
        # The third reading (revealed_is_discard): the revealed card is itself the
        # start player's face-up card, "これで、各プレイヤーが1枚ずつレースカードを
        # オモテ向きにしている状態になります".
        if s != state.start:
            index = n - 1
        elif c.revealed_is_discard:
            index = 0
        else:
            index = n - 1 if c.discard_counts_top else n % c.cards
        state.open_discards[s] = [pile.pop(index)]
        state.hands[s] = sorted(pile)
    state.revealed = top if top in state.hands[state.start] else -1
    events.append(
        RaceBegins(
            state.race + 1,
            state.start,
            tuple(action.gate),
            n,
            race_card(top),
            race_cards([state.open_discards[s][0] for s in range(4)]),
            race_cards(state.open_discards[state.dummy]) if state.dummy >= 0 else (),
            race_cards(state.hands[state.dummy]) if state.dummy >= 0 else (),
        )
    )
    for s in range(c.players):
        events.append(Hand(s, race_cards(state.hands[s])))
    state.ready = [s >= c.players for s in range(4)]
    state.phase = DISCARD


def no_discards(state: TrickRaceState, action: Paddock, events: list[Event]) -> None:
    """The ``paddock=False`` variant: the runners at the gate in number order,
    every rider takes its horse's whole pile as its hand (the dummy its cards
    in number order, its whips face up), no discard number, no discards; the
    tickets come next."""
    c = state.game.config
    for s in range(4):
        state.hands[s] = list(state.cards_of[state.horse_of[s] - 1])  # sorted
    if state.dummy >= 0:
        state.whips_up[state.dummy] = c.whips
    dummy = race_cards(state.hands[state.dummy]) if state.dummy >= 0 else ()
    events.append(
        RaceBegins(state.race + 1, state.start, tuple(action.gate), 0, None, (), (), dummy)
    )
    for s in range(c.players):
        events.append(Hand(s, race_cards(state.hands[s])))
    all_ready(state, events)


DISCARDS: dict[int, Discard] = {}
"""Interned ``Discard`` actions (values, shared), by ``seat * 256 + code``
(seats 0..3, codes under 256: a finite table)."""
DISCARDED: dict[int, tuple[MyDiscard, Discarded]] = {}
"""Interned events of a discard, the same way."""


def discard_of(seat: int, x: int) -> Discard:
    """The shared ``Discard`` of card code ``x`` by ``seat``."""
    key = seat * 256 + x
    found = DISCARDS.get(key)
    if found is None:
        found = DISCARDS[key] = Discard(seat, race_card(x))
    return found


def legal_discards(state: TrickRaceState, seat: int) -> list[Discard]:
    # players' hands are kept sorted, each card once (the dummy never discards)
    return [discard_of(seat, x) for x in state.hands[seat]]


def pick_discard(state: TrickRaceState, seat: int, rng: random.Random) -> Discard:
    """``legal_discards(state, seat)[int(rng.random() * n)]``, one action made."""
    codes = state.hands[seat]
    return discard_of(seat, codes[int(rng.random() * len(codes))])


def check_discard(state: TrickRaceState, action: Discard) -> str | None:
    if state.phase != DISCARD:
        return refuse("not-playable-now", "no discard is being chosen now")
    card = action.card
    if card.colour * 16 + card.number not in state.hands[action.seat]:
        return refuse("card-not-in-hand", f"{action.card} is not in seat {action.seat}'s hand")
    return None


def discard(state: TrickRaceState, action: Discard, events: list[Event]) -> None:
    """The second discard, set face down; when all are down, a whip turns up."""
    s = action.seat
    card = action.card
    x = card.colour * 16 + card.number
    state.hands[s].remove(x)
    state.secret[s] = x
    state.ready[s] = True
    key = s * 256 + x  # events are values: shared, like the actions
    told = DISCARDED.get(key)
    if told is None:
        told = DISCARDED[key] = (MyDiscard(s, card), Discarded(s, COLOURS[card.colour]))
    events += told
    if all(state.ready):
        all_ready(state, events)


def all_ready(state: TrickRaceState, events: list[Event]) -> None:
    """The paddock's end: a whip turns face up, the tickets come next (or,
    without tickets, ``tickets=False``, the race)."""
    # "ウラ向きになっているムチカードがあれば、1枚をオモテ向きにします"
    c = state.game.config
    for p in range(c.players):
        state.whips_up[p] = min(c.whips, state.whips_up[p] + 1)
    state.bet_turn = 0
    state.phase = BET_UP
    if not c.tickets:
        state.ready = [True] * 4
        start_race(state, events)


def start_race(state: TrickRaceState, events: list[Event]) -> None:
    """The race begins: the start player leads the first trick."""
    state.leader = state.start
    state.trick = []
    state.whip_by = -1
    state.phase = TRICK
    state.advance(events)

"""Build Long Shot positions from the rulebook's words, through explicit chance.

The deal is crafted (a ``Deal`` chance action whose order gives each seat
the hand we want and puts the cards we name on top of the stack), then box
contents and positions are set on the dealt state, taking their cards out
of the stack so every card is still somewhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import racebook
from racebook.board.boxes import EMPTY
from racebook.cards.horse import HorseCard, card
from racebook.core.game import CHANCE
from racebook.games.longshot import Deal, DealOrders, FirstPlayer, LongShotState, Pass, Place


def new(
    players: int = 5, first: int | None = 0, game_id: str = "longshot", **settings: Any
) -> LongShotState:
    game = racebook.load(game_id, players=players, first_player=first, **settings)
    state = game.new_state(explicit_chance=True)
    assert isinstance(state, LongShotState)
    return state


def cards(text: str) -> list[int]:
    return [HorseCard.parse(t).code for t in text.split()]


def deal(
    state: LongShotState,
    hands: Mapping[int, str] | None = None,
    stack_top: str = "",
    orders: Sequence[int] | None = None,
    boxes: Mapping[int, str] | None = None,
    pos: Sequence[int] | None = None,
    money: Sequence[int] | None = None,
) -> LongShotState:
    """Deal the current race: ``hands`` by seat (others get filler), the stack's
    top cards first, orders by seat (the rest aside), box contents bottom first."""
    c = state.game.config
    if state.to_act == (CHANCE,) and state.phase == 0:
        state.apply(FirstPlayer(CHANCE, 0))
    pool = Counter(state.game.deck)

    def take(codes: list[int]) -> list[int]:
        for x in codes:
            assert pool[x] > 0, f"no {card(x)} left in the deck"
            pool[x] -= 1
        return codes

    hands = hands or {}
    given = {s: take(cards(h)) for s, h in hands.items()}
    top = take(cards(stack_top))
    in_boxes = {b: take(cards(t)) for b, t in (boxes or {}).items()}
    filler = sorted(pool.elements(), key=lambda x: (x >> 4 != 0, x))  # free cards first
    hand_codes = []
    for s in range(c.players):
        h = given.get(s, [])
        need = c.hand - len(h)
        h = h + filler[:need]
        filler = filler[need:]
        assert len(h) == c.hand
        hand_codes.extend(h)
    rest = top + [x for b in sorted(in_boxes) for x in in_boxes[b]] + filler
    state.apply(Deal(CHANCE, tuple(card(x) for x in hand_codes + rest)))
    horses = list(orders) if orders is not None else list(range(1, c.players + 1))
    horses += [h for h in range(1, c.running + 1) if h not in horses]
    state.apply(DealOrders(CHANCE, tuple(horses)))
    for b, codes in in_boxes.items():
        for x in codes:
            state.stack.remove(x)
        state.boxes[b] = list(codes)
        state.tops[b] = codes[-1] & 15 if codes else EMPTY
    if pos is not None:
        state.pos = list(pos)
    if money is not None:
        state.money = list(money)
    state.audit()
    return state


def full_boxes(tops: Sequence[int]) -> dict[int, str]:
    """Box contents: one card of each given MV (the box's own horse's indicated
    card for MV 1..7, else a free card), so every box is full."""
    return {b: f"{b // 2 + 1}:{mv}" if 1 <= mv <= 7 else f"F:{mv}" for b, mv in enumerate(tops)}


def everyone_passes(state: LongShotState) -> None:
    for _ in range(state.game.config.players):
        (seat,) = state.to_act
        state.apply(Pass(seat))


def place_opened(state: LongShotState, box: int) -> list[racebook.Event]:
    assert state.opened >= 0
    return state.apply(Place(state.first, card(state.opened), box))


def play_round(state: LongShotState, moves: Sequence[str], opened_box: int) -> list[racebook.Event]:
    """One round: each seat in turn places ``"card@box"`` (or ``"pass"``), then the
    first player places the opened card in ``opened_box``."""
    events: list[racebook.Event] = []
    for move in moves:
        (seat,) = state.to_act
        if move == "pass":
            events += state.apply(Pass(seat))
        else:
            text, box = move.split("@")
            events += state.apply(Place(seat, HorseCard.parse(text), int(box)))
    events += place_opened(state, opened_box)
    return events

"""ゲームの準備 (setup): the horse cards drawn and the 48 race cards dealt, both
chance steps, once a game."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from racebook.cards.race import race_cards
from racebook.core.game import CHANCE, Event
from racebook.games.trickrace.actions import DealCards, DrawHorses, HorsesDrawn
from racebook.games.trickrace.config import DUMMY, VANILLA
from racebook.games.trickrace.phases import DEAL, DRAW, PADDOCK

if TYPE_CHECKING:
    from racebook.games.trickrace.state import TrickRaceState


def check_draw(state: TrickRaceState, action: DrawHorses) -> str | None:
    if state.phase != DRAW:
        return "the horse cards are not being drawn now"
    n = state.game.config.players
    h = action.horses
    if len(h) != n or len(set(h)) != n or not set(h) <= {1, 2, 3, 4}:
        return f"{n} different horses 1..4, one per player"
    if n == 3 and VANILLA not in h:
        return "with 3 players a player must hold Vanilla Beans (redraw)"
    return None


def check_deal(state: TrickRaceState, action: DealCards) -> str | None:
    if state.phase != DEAL:
        return "the race cards are not being dealt now"
    if sorted([x.colour * 16 + x.number for x in action.cards]) != state.game.deck:
        return "the dealt cards are not exactly the 48 race cards"
    return None


def sample_draw(state: TrickRaceState, rng: random.Random) -> DrawHorses:
    n = state.game.config.players
    while True:  # 3 players: "人間のプレイヤーが「バナラビーンズ」を引くまで引き直し"
        horses = [1, 2, 3, 4]
        rng.shuffle(horses)
        if n == 4 or VANILLA in horses[:3]:
            return DrawHorses(CHANCE, tuple(horses[:n]))


def sample_deal(state: TrickRaceState, rng: random.Random) -> DealCards:
    cards = list(state.game.deck)
    rng.shuffle(cards)
    return DealCards(CHANCE, race_cards(cards))


def draw_horses(state: TrickRaceState, action: DrawHorses, events: list[Event]) -> None:
    """ゲームの準備 ③: horse cards drawn; Vanilla Beans' rider starts; the dummy
    sits to the right of Vanilla Beans' rider."""
    n = state.game.config.players
    horses = list(action.horses)
    if n == 3:
        vb = horses.index(VANILLA)
        rest = [h for h in (1, 2, 3, 4) if h not in horses]
        horses.append(rest[0])
        # clockwise: ..., dummy, VB rider, VB+1, ...
        state.ring = [vb, (vb + 1) % 3, (vb + 2) % 3, DUMMY]
    state.horse_of = horses
    state.start = state.horse_of.index(VANILLA)
    events.append(HorsesDrawn(tuple(horses), DUMMY if n == 3 else None))
    state.phase = DEAL


def deal(state: TrickRaceState, action: DealCards) -> None:
    """Horse ``h`` keeps cards ``12*(h-1) .. 12*h-1`` for the whole game."""
    codes = [x.colour * 16 + x.number for x in action.cards]
    for h in range(4):
        state.cards_of[h] = sorted(codes[12 * h : 12 * h + 12])
    state.phase = PADDOCK

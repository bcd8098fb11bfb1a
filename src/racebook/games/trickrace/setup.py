"""ゲームの準備 (setup): the horse cards drawn and the 48 race cards dealt, both
chance steps, once a game (variants: fewer cards, a fixed deal or its piles
dealt at random, a fixed draw)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from racebook.cards.race import race_cards
from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Event
from racebook.games.trickrace.actions import DealCards, DrawHorses, HorsesDrawn
from racebook.games.trickrace.config import DUMMY, VANILLA
from racebook.games.trickrace.phases import DEAL, DRAW, PADDOCK

if TYPE_CHECKING:
    from racebook.games.trickrace.state import TrickRaceState


def check_draw(state: TrickRaceState, action: DrawHorses) -> str | None:
    if state.phase != DRAW:
        return refuse("chance-not-now", "the horse cards are not being drawn now")
    n = state.game.config.players
    h = action.horses
    if len(h) != n or len(set(h)) != n or not set(h) <= {1, 2, 3, 4}:
        return refuse("bad-draw", f"{n} different horses 1..4, one per player")
    if n == 3 and VANILLA not in h:
        return refuse("bad-draw", "with 3 players a player must hold Vanilla Beans (redraw)")
    if state.game.config.horse_draw == "fixed" and h != fixed_draw(n):
        return refuse(
            "bad-draw", f"the fixed draw (horse_draw): seat s rides horse s + 1, {fixed_draw(n)}"
        )
    return None


def fixed_draw(players: int) -> tuple[int, ...]:
    """The ``horse_draw="fixed"`` variant's draw: seat ``s`` rides horse ``s + 1``."""
    return (1, 2, 3, 4)[:players]


def fixed_deal(state: TrickRaceState) -> list[int]:
    """The ``deal="fixed"`` variant's deal (codes), horse by horse: horses 1
    and 2 share red and blue, 3 and 4 yellow and green: horse 1 (3) the odd
    numbers of red (yellow) and the even ones of blue (green), horse 2 (4)
    the others.  So the piles of horses 1 and 2 have the same backs (colours),
    as have those of 3 and 4."""
    deck = state.game.deck
    return [x for h in range(4) for x in deck if 2 * (x >> 5) + ((x >> 4) + x + 1) % 2 == h]


def check_deal(state: TrickRaceState, action: DealCards) -> str | None:
    if state.phase != DEAL:
        return refuse("chance-not-now", "the race cards are not being dealt now")
    codes = [x.colour * 16 + x.number for x in action.cards]
    if sorted(codes) != state.game.deck:
        return refuse(
            "bad-deal", f"the dealt cards are not exactly the {len(state.game.deck)} race cards"
        )
    deal = state.game.config.deal
    if deal == "fixed" and codes != fixed_deal(state):
        return refuse("bad-deal", "not the fixed deal (deal)")
    if deal == "piles":
        k = state.game.config.cards
        piles = sorted(sorted(codes[k * h : k * h + k]) for h in range(4))
        if piles != sorted(fixed_piles(state)):
            return refuse("bad-deal", "the fixed deal's piles (deal), one to each horse")
    return None


def fixed_piles(state: TrickRaceState) -> list[list[int]]:
    """The fixed deal's four piles (codes, sorted), horse by horse."""
    k = state.game.config.cards
    codes = fixed_deal(state)
    return [sorted(codes[k * h : k * h + k]) for h in range(4)]


def piles_deal(state: TrickRaceState, order: tuple[int, ...]) -> DealCards:
    """The ``deal="piles"`` variant's deal: pile ``order[h]`` of the fixed deal
    to horse ``h + 1``."""
    piles = fixed_piles(state)
    return DealCards(CHANCE, race_cards([x for i in order for x in piles[i]]))


def sample_draw(state: TrickRaceState, rng: random.Random) -> DrawHorses:
    n = state.game.config.players
    if state.game.config.horse_draw == "fixed":
        return DrawHorses(CHANCE, fixed_draw(n))
    while True:  # 3 players: "人間のプレイヤーが「バナラビーンズ」を引くまで引き直し"
        horses = [1, 2, 3, 4]
        rng.shuffle(horses)
        if n == 4 or VANILLA in horses[:3]:
            return DrawHorses(CHANCE, tuple(horses[:n]))


def sample_deal(state: TrickRaceState, rng: random.Random) -> DealCards:
    if state.game.config.deal == "fixed":
        return DealCards(CHANCE, race_cards(fixed_deal(state)))
    if state.game.config.deal == "piles":
        order = [0, 1, 2, 3]
        rng.shuffle(order)
        return piles_deal(state, tuple(order))
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
    """Horse ``h`` keeps cards ``k*(h-1) .. k*h-1`` for the whole game (``k``
    cards a horse: 12)."""
    codes = [x.colour * 16 + x.number for x in action.cards]
    k = state.game.config.cards
    for h in range(4):
        state.cards_of[h] = sorted(codes[k * h : k * h + k])
    state.phase = PADDOCK

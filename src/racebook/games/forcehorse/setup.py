"""Game setup (FotH 601, 603)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from racebook.core.game import Event
from racebook.games.forcehorse.cards import GOINGS, HORSE, RACECOURSES
from racebook.games.forcehorse.events import (
    DrawRace,
    FirstPlayer,
    FirstPlayerDecided,
    MulligansRevealed,
    RaceDecided,
    Shuffle,
)
from racebook.games.forcehorse.race import DISTANCE_CARDS, SET_ASIDE, Race
from racebook.games.forcehorse.zones import AREAS, DECK, FARM, HAND, move, move_all, move_top
from racebook.games.forcehorse.zones import SET_ASIDE as ASIDE

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState

HAND_SIZE = 7  # FotH 603.1b


def set_aside_count(st: ForceHorseState) -> int:
    """FotH 603.1d (2200 m: the ``set_aside_2200`` setting)."""
    assert st.race is not None
    count = SET_ASIDE[st.race.distance]
    return st.game.config.set_aside_2200 if count is None else count


def area_sizes(total: int) -> list[int]:
    """FotH 603.1f: four equal areas; the rest goes to 先攻 and 差し first
    (2500 m: 12/13/13/12, 603.1f-i), then 逃げ."""
    sizes = [total // 4] * 4
    for i in (1, 2, 0)[: total % 4]:
        sizes[i] += 1
    return sizes


def sample_race(rng: random.Random) -> DrawRace:
    return DrawRace(
        -1, rng.choice(RACECOURSES), rng.choice(sorted(DISTANCE_CARDS)), rng.choice(GOINGS)
    )


def sample_shuffle(st: ForceHorseState, rng: random.Random) -> Shuffle:
    p = st.shuffles[0]
    order = list(range(len(st.table.zones[p][DECK])))
    rng.shuffle(order)
    return Shuffle(-1, p, tuple(order))


def apply_race(st: ForceHorseState, a: DrawRace, events: list[Event]) -> None:
    st.race = Race(a.racecourse, a.distance, a.going)
    events.append(RaceDecided(st.race))
    st.deal_decks(events)


def apply_shuffle(st: ForceHorseState, a: Shuffle, events: list[Event]) -> None:
    deck = st.table.zones[a.player][DECK]
    deck[:] = [deck[i] for i in a.order]
    st.table.moves += 1
    st.shuffles.pop(0)
    if st.shuffles:
        return
    for s in range(2):  # 603.1b, and 603.1c's new 7
        if not st.table.zones[s][HAND]:
            draw_from(st, s, DECK, HAND_SIZE, events)
    if st.mulligan == [None, None]:
        st.phase = "mulligan"
    else:
        set_aside(st, events)


def draw_from(st: ForceHorseState, seat: int, zone: str, count: int, events: list[Event]) -> None:
    if count == 1:  # a draw (502): one move
        pile = st.table.zones[seat][zone]
        if pile:  # 103.2: what cannot be done is not done
            move(st.table, pile[-1], seat, zone, HAND, events)
        return
    move_top(st.table, seat, zone, HAND, count, events)  # 103.2: not past the last card


def apply_mulligan(st: ForceHorseState, seat: int, redo: bool, events: list[Event]) -> None:
    st.mulligan[seat] = redo
    if None in st.mulligan:
        return
    choices = tuple(bool(m) for m in st.mulligan)
    events.append(MulligansRevealed(choices))  # 603.1c-i
    for s in range(2):
        if choices[s]:
            move_all(st.table, s, HAND, DECK, events)
            st.shuffles.append(s)
    st.phase = "setup"
    if not st.shuffles:
        set_aside(st, events)


def set_aside(st: ForceHorseState, events: list[Event]) -> None:
    """FotH 603.1d-e: set aside, then reveal the top cards pairwise."""
    n = set_aside_count(st)
    for s in range(2):
        assert len(st.table.zones[s][DECK]) >= n
        move_top(st.table, s, DECK, ASIDE, n, events)
    while st.table.zones[0][ASIDE] and st.first < 0:
        tops = [st.table.zones[s][ASIDE][-1] for s in range(2)]
        for s in range(2):
            move(st.table, tops[s], s, ASIDE, FARM, events)
        horse = [st.table.cards[c].kind == HORSE for c in tops]
        if horse[0] != horse[1]:
            decide_first(st, 0 if horse[0] else 1, False, events)
    if st.first < 0:
        st.phase = "first"  # 603.1e-i: chance decides


def apply_first(st: ForceHorseState, a: FirstPlayer, events: list[Event]) -> None:
    decide_first(st, a.player, True, events)


def decide_first(st: ForceHorseState, seat: int, by_chance: bool, events: list[Event]) -> None:
    st.first = seat
    events.append(FirstPlayerDecided(seat, by_chance))
    for s in range(2):
        move_all(st.table, s, ASIDE, FARM, events)  # the rest face up to the farm
        deck = st.table.zones[s][DECK]
        for area, size in zip(AREAS, area_sizes(len(deck)), strict=True):  # 603.1f
            move_top(st.table, s, DECK, area, size, events)
    st.turn_player = seat  # 603.1g
    st.start_turn(events)

"""The turn (FotH 702) and its run sequence (702.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.core.game import Event
from racebook.games.forcehorse.events import (
    HorsePlayed,
    NotGuarded,
    PriorityPassed,
    RunResult,
    RunsAdded,
    RunSequence,
    SupportPlayed,
    TurnEnded,
    TurnStarted,
)
from racebook.games.forcehorse.processes import rule_check
from racebook.games.forcehorse.setup import draw_from
from racebook.games.forcehorse.terms import cards_to_farm
from racebook.games.forcehorse.zones import FARM, HAND, RESOLUTION, RUN, SITUATION, move

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


def draw(st: ForceHorseState, seat: int, count: int, events: list[Event]) -> None:
    """FotH 502: draw from the current area (403.4), one card at a time."""
    for _ in range(count):
        area = st.table.current_area(seat)
        if area is None:
            return  # 103.2
        draw_from(st, seat, area, 1, events)


def start_turn(st: ForceHorseState, events: list[Event]) -> None:
    st.turn += 1
    events.append(TurnStarted(st.turn, st.turn_player))  # 702.2
    rule_check(st, events)
    if st.over:
        return
    draw(st, st.turn_player, 1, events)  # 702.3
    rule_check(st, events)  # 702.4
    if not st.over:
        st.phase = "support"  # 702.5


def play_support(
    st: ForceHorseState, seat: int, name: str, target: int, pair: int, events: list[Event]
) -> None:
    """FotH 805.2 for a support card: to the resolution area, then (805.2d)
    a situation card to the situation area, a horse-type item or jockey to the
    run area, an area-type one to the farm.  Its text is inert in part 1."""
    t = st.table
    card = t.find(seat, HAND, name)
    assert card is not None
    move(t, card, seat, HAND, RESOLUTION, events)  # 805.2a-i
    events.append(SupportPlayed(seat, name, target, pair))
    timing = t.cards[card].timing
    target_zone = {"situation": SITUATION, "horse": RUN}.get(timing, FARM)
    move(t, card, seat, RESOLUTION, target_zone, events)
    rule_check(st, events)  # 702.5a, 702.6g-ii


def add_runs(st: ForceHorseState, count: int, events: list[Event]) -> None:
    """FotH 512.1: add ``count`` to the run count (103.2b: 0 or less does nothing)."""
    if count > 0:
        st.run_count += count
        events.append(RunsAdded(count))


def begin_runs(st: ForceHorseState, events: list[Event]) -> None:
    st.run_count = 1  # 702.6a-i
    st.pairs = []
    events.append(RunSequence(1))
    st.phase = "runner"


def play_horse(
    st: ForceHorseState, seat: int, name: str, force: tuple[str, ...], events: list[Event]
) -> None:
    """FotH 805.2 for a runner (its force paid, 805.2c-i) or a guard."""
    t = st.table
    card = t.find(seat, HAND, name)
    assert card is not None
    move(t, card, seat, HAND, RESOLUTION, events)
    paid = []
    for f in force:  # 503.2
        c = t.find(seat, HAND, f)
        assert c is not None
        move(t, c, seat, HAND, RESOLUTION, events)
        paid.append(c)
    for c in [card, *paid]:  # 805.2d-i, ii
        move(t, c, seat, RESOLUTION, RUN, events)
    runner = seat == st.turn_player
    events.append(HorsePlayed(seat, name, "runner" if runner else "guard", force))
    if runner:
        st.pairs.append([card, None])
        rule_check(st, events)  # 702.6c
        if not st.over:
            st.phase = "guard"
    else:
        st.pairs[-1][1] = card
        after_guard(st, events)


def no_runner(st: ForceHorseState, events: list[Event]) -> None:
    if not st.pairs:  # 702.6b-i: to 702.6n
        end_runs(st, events)
    else:  # a later pass of the loop (512): compare what ran (rules notes)
        compare(st, events)


def no_guard(st: ForceHorseState, events: list[Event]) -> None:
    events.append(NotGuarded(st.turn_player))  # 702.6d-ii
    after_guard(st, events)


def after_guard(st: ForceHorseState, events: list[Event]) -> None:
    rule_check(st, events)  # 702.6e
    if not st.over:
        st.priority = st.turn_player  # 702.6f
        st.phase = "priority"


def pass_priority(st: ForceHorseState, seat: int, events: list[Event]) -> None:
    events.append(PriorityPassed(seat))
    if st.phase == "priority":  # 702.6h: the other may take priority
        st.phase = "respond"
        return
    st.run_count -= 1  # 702.6i
    if st.run_count >= 1:
        events.append(RunSequence(st.run_count))
        st.phase = "runner"
    else:
        compare(st, events)


def respond_support(st: ForceHorseState, seat: int, events: list[Event]) -> None:
    st.priority = seat  # 702.6h: becomes the priority player, back to 702.6g
    st.phase = "priority"


def compare(st: ForceHorseState, events: list[Event]) -> None:
    """FotH 702.6j: values below 0 count as 0, a missing guard as 0."""
    rows: list[tuple[int, int | None, int, int]] = []
    for runner, guard in st.pairs:
        assert runner is not None
        r = max(0, st.run_value(runner))
        g = 0 if guard is None else max(0, st.guard_value(guard))
        rows.append((runner, guard, r, g))
    if st.game.config.several_runners == "sum" and len(rows) > 1:
        r = sum(x[2] for x in rows)
        g = sum(x[3] for x in rows)
        guards = [x[1] for x in rows if x[1] is not None]
        rows = [(rows[0][0], guards[0] if guards else None, r, g)]
    st.outcomes = rows
    next_outcome(st, events)


def next_outcome(st: ForceHorseState, events: list[Event]) -> None:
    t = st.table
    while st.outcomes and not st.over:
        runner, guard, r, g = st.outcomes.pop(0)
        if r >= 1 and r > g:  # 702.6k
            distance = r - g  # 702.6k-ii
            events.append(RunResult(st.turn_player, t.name(runner), "succeeded", r, g, distance))
            rule_check(st, events)  # 702.6k-i
            if st.over:
                return
            draw(st, st.turn_player, distance, events)  # 702.6k-iii
            hand = len(t.zones[st.turn_player][HAND])
            st.to_farm = min(cards_to_farm(distance), hand)  # 702.6k-iii, 513 (no keep)
            if st.to_farm > 0:
                st.phase = "farm"
                return
            rule_check(st, events)  # 702.6k-iv
        else:  # 702.6l
            events.append(RunResult(st.turn_player, t.name(runner), "failed", r, g))
            if g >= 1 and guard is not None:
                events.append(RunResult(1 - st.turn_player, t.name(guard), "guard-won", r, g))
            rule_check(st, events)  # 702.6l-iii
    if st.over:
        return
    for s in range(2):  # 702.6m
        for c in list(t.zones[s][RUN]):
            move(t, c, s, RUN, FARM, events)
    end_runs(st, events)


def farm_card(st: ForceHorseState, seat: int, name: str, events: list[Event]) -> None:
    card = st.table.find(seat, HAND, name)
    assert card is not None
    move(st.table, card, seat, HAND, FARM, events)
    st.to_farm -= 1
    if st.to_farm > 0:
        return
    if st.phase == "farm":
        rule_check(st, events)  # 702.6k-iv
        next_outcome(st, events)
    else:
        end_turn(st, events)


def end_runs(st: ForceHorseState, events: list[Event]) -> None:
    rule_check(st, events)  # 702.6n
    if st.over:
        return
    limit = st.game.config.hand_limit
    excess = len(st.table.zones[st.turn_player][HAND]) - (limit if limit is not None else 10**9)
    if excess > 0:  # the FAQ's hand limit, at the end of one's own turn
        st.to_farm = excess
        st.phase = "limit"
        return
    end_turn(st, events)


def end_turn(st: ForceHorseState, events: list[Event]) -> None:
    events.append(TurnEnded(st.turn_player))
    st.turn_player = 1 - st.turn_player  # 702.7
    start_turn(st, events)

"""The turn (FotH 702) and its run sequence (702.6), as named steps.

A step does its part of the turn and puts what follows on the work list
(:mod:`.engine`): a rule check (804) is an ``Op("check")``, so that waiting
abilities can be played, with their players' decisions, before the next step."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from racebook.core.game import Event
from racebook.games.forcehorse.effects import info
from racebook.games.forcehorse.engine import play_text
from racebook.games.forcehorse.events import (
    HorsePlayed,
    NotGuarded,
    PriorityPassed,
    RunDistance,
    RunResult,
    RunsAdded,
    RunSequence,
    SupportPlayed,
    TurnEnded,
    TurnStarted,
    shared,
)
from racebook.games.forcehorse.limits import end_lasting, limit_reached
from racebook.games.forcehorse.setup import draw_from
from racebook.games.forcehorse.terms import cards_to_farm
from racebook.games.forcehorse.triggers import signal
from racebook.games.forcehorse.work import CHECK, Op, draw_op, farm_op, push
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


@functools.cache  # an Op is a value: one of each, not a new one at every step
def step(name: str, amount: int = 0) -> Op:
    return Op("step", name=name, amount=amount)


_TURN_ENDED = (TurnEnded(0), TurnEnded(1))  # each seat's (events are values)
_PRIORITY_PASSED = (PriorityPassed(0), PriorityPassed(1))
_NOT_GUARDED = (NotGuarded(0), NotGuarded(1))
_FIRST_RUN = RunSequence(1)

# the steps without an amount, made once (each step() call was a cache lookup)
_SUPPORT = step("support")
_GUARD = step("guard")
_PRIORITY = step("priority")
_OUTCOME = step("outcome")
_RUNS_END = step("runs-end")
_HAND_LIMIT = step("hand-limit")
_END_TURN = step("end-turn")
_NEXT_TURN = step("next-turn")


@functools.cache  # (making an Op costs 1.7 us: one per seat and card, not per play)
def _placed_op(seat: int, card: int) -> Op:
    """805.2d-iii..v for ``seat``'s support ``card``: where it goes after its text."""
    return Op("step", seat=seat, card=card, name="placed")


@functools.cache
def _farm_resolved(seat: int, card: int) -> Op:
    """805.2d-v: an area-type support card from the resolution area to the farm."""
    return Op("farm", seat=seat, card=card, name=RESOLUTION)


def start_turn(st: ForceHorseState, events: list[Event]) -> None:
    limit = st.game.config.max_turns
    if limit is not None and st.turn >= limit:
        limit_reached(st, "max_turns", events)  # the engine's limit: a draw
        return
    st.turn += 1
    st.ab.seen.clear()
    st.ab.history.clear()
    st.ab.looped.clear()
    if st.ab.lki:  # 810.1 is needed only while something may still refer to the card
        ab = st.ab
        keep = {w.source for w in ab.waiting} | {w.card for w in ab.waiting}
        keep |= {d.source for d in ab.delayed} | {x.source for x in ab.lasting}
        ab.lki = {c: i for c, i in ab.lki.items() if c in keep}
    events.append(shared(TurnStarted, st.turn, st.turn_player))  # 702.2
    signal(st, "turn-start", st.turn_player)
    # 702.2 rule check, 702.3 draw, 702.4 rule check, 702.5 support step
    push(st, CHECK, draw_op(st.turn_player), CHECK, _SUPPORT)


def _support(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    st.phase = "support"  # 702.5


def play_support(
    st: ForceHorseState, seat: int, name: str, target: int, pair: int, events: list[Event]
) -> None:
    """FotH 805.2 for a support card: to the resolution area (805.2a-i), its
    text done (805.2d-iv/v), then a situation card to the situation area, a
    horse-type item or jockey to the run area, an area-type one to the farm."""
    t = st.table
    card = t.find(seat, HAND, name)
    assert card is not None
    move(t, card, seat, HAND, RESOLUTION, events)  # 805.2a-i
    played(st, card)
    events.append(shared(SupportPlayed, seat, name, target, pair))
    signal(st, "support-played", seat, card)
    named = -1
    if target >= 0 and pair < len(st.pairs):
        horse = st.pairs[pair][0 if target == st.turn_player else 1]
        if horse is not None and (horse != 0 or st.game.config.edition >= 3):
            named = horse  # 702.6g-i: the runner or guard named (card 0 is a card too)
    text = play_text(st, card, seat, named) if t.cards[card].timing != "situation" else []
    push(st, *text, _placed_op(seat, card), CHECK)  # 702.5a, 702.6g-ii


def played(st: ForceHorseState, card: int) -> None:
    """FotH 506.1a: ``card`` is being played from the hand: where it is put
    as a result counts as put there from the hand (triggers.on_move)."""
    if st.game.has_abilities and not st.game.legacy:
        st.ab.playing = st.ab.playing | {card}


_PLACED = {"situation": SITUATION, "horse": RUN}
"""805.2d-iii, iv: where a support card of each timing goes (else the farm, 805.2d-v)."""


def _placed(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    """FotH 805.2d-iii..v: where a support card goes after its text."""
    t = st.table
    if op.card not in t.resolution:
        return
    timing = t.cards[op.card].timing
    target_zone = _PLACED.get(timing, FARM)
    if target_zone == FARM and not st.game.legacy:  # 805.2d-v, a replaceable move (809.1)
        push(st, _farm_resolved(op.seat, op.card))
        return
    move(t, op.card, op.seat, RESOLUTION, target_zone, events)


def add_runs(st: ForceHorseState, count: int, events: list[Event]) -> None:
    """FotH 512.1: add ``count`` to the run count (103.2b: 0 or less does nothing)."""
    if count > 0:
        st.run_count += count
        events.append(RunsAdded(count))


def begin_runs(st: ForceHorseState, events: list[Event]) -> None:
    st.run_count = 1  # 702.6a-i
    st.pairs = []
    events.append(_FIRST_RUN)
    st.phase = "runner"


def play_horse(
    st: ForceHorseState, seat: int, name: str, force: tuple[str, ...], events: list[Event]
) -> None:
    """FotH 805.2 for a runner (its force paid, 805.2c-i) or a guard."""
    t = st.table
    card = t.find(seat, HAND, name)
    assert card is not None
    move(t, card, seat, HAND, RESOLUTION, events)
    played(st, card)
    paid = []
    for f in force:  # 503.2
        c = t.find(seat, HAND, f)
        assert c is not None
        move(t, c, seat, HAND, RESOLUTION, events)
        signal(st, "paid", seat, c)
        paid.append(c)
    if st.game.has_abilities:
        st.ab.paid = {**st.ab.paid, card: tuple(paid)}
    for c in [card, *paid]:  # 805.2d-i, ii
        move(t, c, seat, RESOLUTION, RUN, events)
    runner = seat == st.turn_player
    events.append(shared(HorsePlayed, seat, name, "runner" if runner else "guard", force))
    if runner:
        st.pairs.append([card, None])
        push(st, CHECK, _GUARD)  # 702.6c
    else:
        st.pairs[-1][1] = card
        after_guard(st, events)


def _guard(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    st.phase = "guard"


def no_runner(st: ForceHorseState, events: list[Event]) -> None:
    if not st.pairs or st.game.config.declined_runner == "702.6n":  # 702.6b-i: to 702.6n
        end_runs(st, events)
    else:  # a later pass of the loop (512): compare what ran (rules notes)
        compare(st, events)


def no_guard(st: ForceHorseState, events: list[Event]) -> None:
    events.append(_NOT_GUARDED[st.turn_player])  # 702.6d-ii
    if st.pairs:
        runner = st.pairs[-1][0]
        if runner is None:
            runner = -1 if st.game.config.edition >= 3 else 0  # edition 2 named card 0
        signal(st, "not-guarded", st.turn_player, runner)  # 702.6d-ii: the runner
    after_guard(st, events)


def after_guard(st: ForceHorseState, events: list[Event]) -> None:
    push(st, CHECK, _PRIORITY)  # 702.6e, 702.6f


def _priority(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    st.priority = st.turn_player  # 702.6f
    st.phase = "priority"


def pass_priority(st: ForceHorseState, seat: int, events: list[Event]) -> None:
    events.append(_PRIORITY_PASSED[seat])
    if st.phase == "priority":  # 702.6h: the other may take priority
        st.phase = "respond"
        return
    st.run_count -= 1  # 702.6i
    if st.run_count >= 1:
        events.append(shared(RunSequence, st.run_count))
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
    st.phase = "outcome"
    push(st, _OUTCOME)


def _outcome(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    """One comparison's result (702.6k-l), then the next; none left: 702.6m."""
    t = st.table
    if not st.outcomes:
        cleanup = [farm_op(c, RUN) for s in range(2) for c in t.zones[s][RUN]]  # 702.6m
        push(st, *cleanup, _RUNS_END)
        return
    runner, guard, r, g = st.outcomes.pop(0)
    if r >= 1 and r > g:  # 702.6k
        events.append(shared(RunResult, st.turn_player, t.name(runner), "succeeded", r, g, r - g))
        signal(st, "run-succeeded", st.turn_player, runner)
        st.ab.keep = 0
        if st.game.legacy:  # edition 1 took the distance at the comparison
            push(st, CHECK, step("success", r - g))
            return
        # 702.6k-i: the event, then a rule check; the distance is taken after it (702.6k-ii)
        push(st, CHECK, step("success", _row(st, runner)))
    else:  # 702.6l
        events.append(shared(RunResult, st.turn_player, t.name(runner), "failed", r, g))
        signal(st, "run-failed", st.turn_player, runner)
        if g >= 1 and guard is not None:
            events.append(shared(RunResult, 1 - st.turn_player, t.name(guard), "guard-won", r, g))
            signal(st, "guard-won", 1 - st.turn_player, guard)
        push(st, CHECK, _OUTCOME)  # 702.6l-iii


def _row(st: ForceHorseState, runner: int) -> int:
    """The pair a succeeded runner ran in (-1: every pair, ``several_runners = "sum"``)."""
    if st.game.config.several_runners == "sum" and len(st.pairs) > 1:
        return -1
    return next(i for i, (r, _) in enumerate(st.pairs) if r == runner)


def _value_now(st: ForceHorseState, card: int, guard: bool) -> int:
    """A runner's run value or a guard's guard value at 702.6k-ii: now, or
    as it was last in the run area if it has left it (810.1); below 0 it
    counts as 0 (702.6j-ii)."""
    t = st.table
    now = info(st, card)
    if card not in t.zones[t.owners[card]][RUN] and card in st.ab.lki:
        now = st.ab.lki[card]  # 810.1
    return max(0, now.guard if guard else now.run)


def run_distance(st: ForceHorseState, row: int) -> tuple[int, int, int]:
    """FotH 702.6k-ii: (run, guard, distance): the runner's run value less
    the guard's guard value, read after the 702.6k-i rule check (so "run
    succeeded" triggers and effects count); no guard: 0 (702.6j-i)."""
    pairs = st.pairs if row < 0 else st.pairs[row : row + 1]
    r = sum(_value_now(st, p[0], False) for p in pairs if p[0] is not None)
    g = sum(_value_now(st, p[1], True) for p in pairs if p[1] is not None)
    return r, g, r - g


def _success(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    """FotH 702.6k-ii: the run distance, then 702.6k-iii: draw it, one card
    at a time (each a draw, 502); a distance of 0 or less draws nothing (103.2b)."""
    if st.game.legacy:
        distance = op.amount  # edition 1: taken at the comparison
    else:
        r, g, distance = run_distance(st, op.amount)
        runner = st.pairs[max(0, op.amount)][0]
        assert runner is not None
        events.append(shared(RunDistance, st.turn_player, st.table.name(runner), r, g, distance))
        distance = max(0, distance)
    draws = [draw_op(st.turn_player)] * distance
    push(st, *draws, step("success-farm", distance))


def _success_farm(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    """FotH 702.6k-iii then 513: farm the distance less one (less what is kept)."""
    hand = len(st.table.zones[st.turn_player][HAND])
    keep = st.ab.keep if st.game.has_abilities else None
    st.to_farm = min(cards_to_farm(op.amount, keep or None, legacy=st.game.legacy), hand)
    st.ab.keep = 0
    if st.to_farm > 0:
        st.phase = "farm"
        return
    push(st, CHECK, _OUTCOME)  # 702.6k-iv


def farm_card(st: ForceHorseState, seat: int, name: str, events: list[Event]) -> None:
    card = st.table.find(seat, HAND, name)
    assert card is not None
    st.to_farm -= 1
    then = []
    if st.to_farm <= 0:
        then = [CHECK, _OUTCOME] if st.phase == "farm" else [_END_TURN]
        st.phase = "outcome" if st.phase == "farm" else "turn-end"
    push(st, farm_op(card, HAND), *then)


def end_runs(st: ForceHorseState, events: list[Event]) -> None:
    push(st, CHECK, _HAND_LIMIT)  # 702.6n


def _runs_end(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    end_runs(st, events)


def _hand_limit(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    limit = st.game.config.hand_limit
    excess = len(st.table.zones[st.turn_player][HAND]) - (limit if limit is not None else 10**9)
    if excess > 0:  # the FAQ's hand limit, at the end of one's own turn
        st.to_farm = excess
        st.phase = "limit"
        return
    push(st, _END_TURN)


def _end_turn(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    events.append(_TURN_ENDED[st.turn_player])
    signal(st, "turn-end", st.turn_player)
    push(st, CHECK, _NEXT_TURN)


def _next_turn(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    if st.game.has_abilities:
        end_lasting(st, turn_over=True)
    st.turn_player = 1 - st.turn_player  # 702.7
    start_turn(st, events)


STEPS: dict[str, Callable[[ForceHorseState, Op, list[Event]], None]] = {
    "support": _support,
    "placed": _placed,
    "guard": _guard,
    "priority": _priority,
    "outcome": _outcome,
    "success": _success,
    "success-farm": _success_farm,
    "runs-end": _runs_end,
    "hand-limit": _hand_limit,
    "end-turn": _end_turn,
    "next-turn": _next_turn,
}
"""The turn's steps by name (the ``name`` of a step :class:`~.work.Op`)."""

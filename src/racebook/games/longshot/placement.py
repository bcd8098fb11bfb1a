"""Long Shot, "How to place Horse cards" and "After all boxes are full": which
cards a player may place in which boxes, and when a player may PASS.

The box rules themselves (the Golden Rule, covering, the same MV) are shared
with Horse Racing Mafia in :mod:`racebook.board.boxes`; this module applies
them to a seat's hand and turn: the Golden Rule read per player or per card
(``golden_rule``), the opened card that may cover its own MV, and a player
who may not pass and has no other card (``stuck_player_covers_same_mv``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.board.boxes import (
    EMPTY,
    fill_first_count,
    fill_first_nth,
    fill_first_placements,
    legal_boxes,
    placements,
    why_not,
)
from racebook.board.boxes import can_fill as fills
from racebook.cards.horse import FREE, HorseCard, card
from racebook.core.errors import refuse
from racebook.core.game import Action, Event
from racebook.games.longshot.phases import OPENED, SECOND, TURN
from racebook.games.longshot.race import cards_this_turn

if TYPE_CHECKING:
    from racebook.games.longshot.state import LongShotState


@attrs.frozen
class Place(Action):
    """Place ``card`` face up in ``box`` (from hand, or the opened card)."""

    kind: ClassVar[str] = "place"
    card: HorseCard
    box: int


@attrs.frozen
class Pass(Action):
    """PASS: place no (more) card this turn and draw ("After all boxes are full";
    in the spurt, decline the second card)."""

    kind: ClassVar[str] = "pass"


@attrs.frozen
class Placed(Event):
    """``seat`` placed ``card`` in ``box`` (``opened``: the card opened from the
    stack, placed by the first player)."""

    kind: ClassVar[str] = "placed"
    seat: int
    card: HorseCard
    box: int
    opened: bool


@attrs.frozen
class Passed(Event):
    """``seat`` placed no (more) card this turn (PASS)."""

    kind: ClassVar[str] = "passed"
    seat: int


PLACED: dict[int, Placed] = {}
"""Interned ``Placed`` events, by ``code << 20 | seat << 12 | box << 1 | opened``."""


# -- what may be placed ------------------------------------------------------------


def legal(state: LongShotState, seat: int) -> list[Action]:
    """Every placement (and PASS) of ``seat`` in a turn or with the opened card."""
    if state.phase == OPENED:
        x = state.opened
        boxes = legal_boxes(state.tops, x >> 4, x & 15, unavoidable=opened_exception(state, x >> 4))
        row = place_row(state, seat, x)
        return [row[b] for b in boxes]
    actions = listed(state, seat, state.game.config.golden_rule == "player")
    if not actions:  # none by the usual rules: cornered? (hand_placements)
        actions = hand_placements(state, seat)
    if pass_reason(state, seat, actions) is None:
        actions.append(state.game.passes[seat])  # interned, as pick gives it
    return actions


def hand_found(state: LongShotState, seat: int) -> list[tuple[int, list[int]]]:
    """Every card code of ``seat``'s hand that may be placed now, with its boxes."""
    codes = sorted(state.hands[seat])  # copies count once (placements)
    if state.game.config.golden_rule == "player":
        # Long Shot, "How to place Horse cards": 「12のマスに空いた場所があれば、そのマスを
        # 埋めるように置かなければなりません」, read per player (rules notes)
        found = fill_first_placements(state.tops, codes, state.placed)
    else:
        found = placements(state.tops, codes, state.placed)
    if not found and cornered(state, seat, found):
        found = unavoidable(state, seat)
    return found


def legal_ids(state: LongShotState, seat: int, index: dict[int, int]) -> list[int]:
    """The action ids of :func:`legal` without making the actions (``index``:
    a card code's row in the action space; see
    :mod:`~racebook.games.longshot.spaces`)."""
    nboxes = len(state.boxes)
    if state.phase == OPENED:
        h, mv = state.opened >> 4, state.opened & 15
        boxes = legal_boxes(state.tops, h, mv, unavoidable=opened_exception(state, h))
        base = index[state.opened] * nboxes
        return [base + b for b in boxes]
    found = hand_found(state, seat)
    out = [index[x] * nboxes + b for x, boxes in found for b in boxes]
    if not found or free_to_pass(state, seat):  # pass_reason, without the actions
        out.append(len(index) * nboxes)
    return out


def hand_placements(state: LongShotState, seat: int) -> list[Action]:
    """Every ``Place`` of ``seat``'s hand now: :func:`hand_found`'s placements
    as the interned actions, made in one pass (:func:`listed`) unless none may
    be placed (a cornered player, :func:`unavoidable`)."""
    out = listed(state, seat, state.game.config.golden_rule == "player")
    if out:
        return out
    for x, boxes in hand_found(state, seat):  # none by the usual rules: cornered?
        out += map(place_row(state, seat, x).__getitem__, boxes)
    return out


def listed(state: LongShotState, seat: int, fill_first: bool) -> list[Action]:
    """The interned ``Place`` actions of ``placements(tops, codes, placed)``
    (:func:`racebook.board.boxes.placements`) and, if ``fill_first`` (the
    Golden Rule read per player), of :func:`~racebook.board.boxes.fill_first`
    over them, in the same order, listed in one pass without the ``(code,
    boxes)`` pairs: the listing apps and search bots ask for at every
    decision.  Empty if no card may be placed by the usual rules (the caller
    then asks whether the player is cornered).  A test holds it equal to
    :func:`hand_found`'s placements."""
    tops = state.tops
    skip = state.placed
    rows = state.game.places[seat]
    n = len(tops)
    if EMPTY not in tops:
        empties: list[int] = []
    elif skip:
        empties = [b for b in range(n) if tops[b] == EMPTY and b not in skip]
    else:
        empties = [b for b, t in enumerate(tops) if t == EMPTY]
    fill: list[Action] = []
    # read per card (Mafia), fills and covers stay in one list, in code order
    cover = [] if fill_first else fill
    covers: dict[int, list[int]] = {}
    last = -1
    for x in sorted(state.hands[seat]):
        if x == last:
            continue  # a sorted hand's copies of one card: once
        last = x
        row = rows.get(x)
        if row is None:
            c = card(x)
            row = rows[x] = [Place(seat, c, b) for b in range(n)]
        h = x >> 4
        if h:  # its two boxes: an empty one is filled, else either without its MV
            b0 = 2 * h - 2
            b1 = b0 + 1
            t0 = tops[b0]
            t1 = tops[b1]
            if t0 == EMPTY or t1 == EMPTY:
                if t0 == EMPTY and b0 not in skip:
                    fill.append(row[b0])
                if t1 == EMPTY and b1 not in skip:
                    fill.append(row[b1])
            elif not (fill_first and fill):
                mv = x & 15
                if t0 != mv and b0 not in skip:
                    cover.append(row[b0])
                if t1 != mv and b1 not in skip:
                    cover.append(row[b1])
        elif empties:
            fill += map(row.__getitem__, empties)
        elif not (fill_first and fill):
            mv = x & 15
            shared = covers.get(mv)  # free cards of one MV share their boxes
            if shared is None:
                shared = covers[mv] = [b for b in range(n) if tops[b] != mv and b not in skip]
            cover += map(row.__getitem__, shared)
    return fill or cover


def pick(state: LongShotState, seat: int, rng: random.Random) -> Action:
    """``legal(state, seat)[int(rng.random() * n)]`` without making the list: the
    placements are counted card by card (:func:`hand_found`), one number is
    drawn, and only the action it names is taken (interned, as listed)."""
    if state.phase == OPENED:
        x = state.opened
        boxes = legal_boxes(state.tops, x >> 4, x & 15, unavoidable=opened_exception(state, x >> 4))
        return interned_place(state, seat, x, boxes[int(rng.random() * len(boxes))])
    if not state.placed and state.game.config.golden_rule == "player":
        # a turn's first card: counted, then only the drawn one found (no list)
        codes = sorted(state.hands[seat])
        n, filling = fill_first_count(state.tops, codes)
        if n:  # else none may be placed: the listing path below (cornered?)
            k = int(rng.random() * (n + 1 if free_to_pass(state, seat) else n))
            if k == n:
                return state.game.passes[seat]
            x, box = fill_first_nth(state.tops, codes, k, filling)
            return interned_place(state, seat, x, box)
    found = hand_found(state, seat)
    n = 0
    for _, boxes in found:
        n += len(boxes)
    # PASS comes last, when pass_reason allows it: no placement, or free to pass
    k = int(rng.random() * (n + 1 if not found or free_to_pass(state, seat) else n))
    for x, boxes in found:
        if k < len(boxes):
            return interned_place(state, seat, x, boxes[k])
        k -= len(boxes)
    return state.game.passes[seat]


def interned_place(state: LongShotState, seat: int, x: int, box: int) -> Place:
    """The shared ``Place(seat, card(x), box)`` (actions are values)."""
    return place_row(state, seat, x)[box]


def place_row(state: LongShotState, seat: int, x: int) -> list[Place]:
    """The shared ``Place(seat, card(x), box)`` of every box, by box."""
    rows = state.game.places[seat]
    row = rows.get(x)
    if row is None:
        c = card(x)
        row = rows[x] = [Place(seat, c, b) for b in range(len(state.boxes))]
    return row


def can_fill(state: LongShotState, seat: int) -> bool:
    """Whether a card in ``seat``'s hand may go in an empty box now."""
    return fills(state.tops, state.hands[seat], state.placed)


def unavoidable(state: LongShotState, seat: int) -> list[tuple[int, list[int]]]:
    """Every box of each of ``seat``'s cards when the same MV may be covered."""
    out = []
    for x in sorted(set(state.hands[seat])):
        boxes = legal_boxes(state.tops, x >> 4, x & 15, unavoidable=True, skip=state.placed)
        if boxes:
            out.append((x, boxes))
    return out


def cornered(
    state: LongShotState, seat: int, found: list[tuple[int, list[int]]] | None = None
) -> bool:
    """Whether ``seat`` must place a card over its own MV: it may not pass, holds
    cards, and none has a box under the usual rules (``found``, if computed).

    Mafia 5.9: passing is allowed only after the supply; Q&A Q2(e): "Except for
    when it is absolutely unavoidable, a card cannot be played over another card
    with the same movement number" (``stuck_player_covers_same_mv``)."""
    if not state.game.config.stuck_player_covers_same_mv or not state.hands[seat]:
        return False
    if free_to_pass(state, seat):
        return False
    if found is None:
        found = placements(state.tops, sorted(set(state.hands[seat])), state.placed)
    return not found


def opened_exception(state: LongShotState, horse: int) -> bool:
    """Whether the opened card may cover its own MV when nothing else is open."""
    return horse != FREE or state.game.config.opened_free_card_unavoidable


# -- PASS -------------------------------------------------------------------------


def free_to_pass(state: LongShotState, seat: int) -> bool:
    """Whether ``seat`` may PASS now whatever its hand holds."""
    # In the spurt, after the first card, the others are optional ("may place 2").
    if state.phase == SECOND:
        return True
    # "After all boxes are full": PASS once every box has a card.
    game = state.game
    if game.config.pass_when_full and EMPTY not in state.tops:
        return True
    rules = game.rules
    return bool(rules) and any(rule.may_pass(state, seat) for rule in rules)


# the refusals of a PASS, made once: legal() asks pass_reason at every listing
PASS_BEFORE_FULL = refuse(
    "pass-before-full", "PASS only once every box is full ('After all boxes are full')"
)
MUST_PLACE = refuse("must-place", "a player may not pass now: a card must be placed")


def pass_reason(
    state: LongShotState,
    seat: int,
    found: list[Action] | list[tuple[int, list[int]]] | None = None,
) -> str | None:
    """Why ``seat`` may not PASS now, or ``None`` if it may (``found``: its
    placements, if computed)."""
    if free_to_pass(state, seat):
        return None
    # Assumed (the rulebook is silent): a hand with no legal card places nothing
    # (unless the player is cornered and covers its own MV: ``stuck_player_covers_same_mv``).
    if not (hand_found(state, seat) if found is None else found):
        return None
    return PASS_BEFORE_FULL if state.game.config.pass_when_full else MUST_PLACE


# -- checking and playing -------------------------------------------------------------


def check_place(state: LongShotState, action: Place) -> str | None:
    """Why ``action`` may not be placed now, or ``None``."""
    x = action.card.horse * 16 + action.card.mv
    cite = state.game.placing
    if state.phase == OPENED:
        if x != state.opened:
            return refuse(
                "must-place-opened",
                (
                    f"the first player must place the opened card {card(state.opened)}, "
                    f"not {action.card} ('Basic of the Race Round')"
                ),
            )
        return why_not(
            state.tops,
            x >> 4,
            x & 15,
            action.box,
            unavoidable=opened_exception(state, x >> 4),
            cite=cite,
        )
    if x not in state.hands[action.seat]:
        return refuse("card-not-in-hand", f"{action.card} is not in seat {action.seat}'s hand")
    if fits(state, action.seat, x, action.box):
        return None
    reason = why_not(state.tops, x >> 4, x & 15, action.box, skip=state.placed, cite=cite)
    if (
        reason is None
        and state.game.config.golden_rule == "player"
        and state.tops[action.box] != EMPTY
        and can_fill(state, action.seat)
    ):
        return refuse(
            "golden-rule",
            (
                f"Golden Rule: seat {action.seat} holds a card that can fill an empty "
                f"box, so it must fill one before covering box {action.box} ({cite})"
            ),
        )
    if reason is not None and cornered(state, action.seat):
        reason = why_not(
            state.tops,
            x >> 4,
            x & 15,
            action.box,
            unavoidable=True,
            skip=state.placed,
            cite=cite,
        )
    return reason


def fits(state: LongShotState, seat: int, x: int, box: int) -> bool:
    """Whether card code ``x`` from ``seat``'s hand may go in ``box`` by the usual rules
    (the Golden Rule as the config reads it, not over its own MV, not in a box
    used this turn), asking only about that box: a ``True`` is
    :func:`check_place`'s ``None`` in O(1); on ``False`` the full check says why
    (or finds the exceptions: a cornered player).  "How to place Horse cards"."""
    tops = state.tops
    skip = state.placed
    if not 0 <= box < len(tops) or box in skip:
        return False
    h = x >> 4
    top = tops[box]
    if h:
        if box >> 1 != h - 1:
            return False  # an indicated card goes only in its horse's two boxes
        if top == EMPTY:
            return True
        other = box ^ 1  # both own boxes full (or the empty one used this turn)
        if tops[other] == EMPTY and other not in skip:
            return False
    elif top == EMPTY:
        return True
    elif EMPTY in tops and any(t == EMPTY and b not in skip for b, t in enumerate(tops)):
        return False  # a free card covers only when every box is full
    if top == x & 15:
        return False  # not over a card of the same MV
    # Golden Rule read per player: covering only if no card of the hand can fill
    return not (state.game.config.golden_rule == "player" and can_fill(state, seat))


def check_pass(state: LongShotState, action: Pass) -> str | None:
    """Why ``action``'s seat may not PASS now, or ``None``."""
    if state.phase == OPENED:
        return refuse(
            "must-place-opened", "the opened card must be placed ('Basic of the Race Round')"
        )
    return pass_reason(state, action.seat)


def place(state: LongShotState, action: Place, events: list[Event]) -> None:
    """Place the card; the opened card makes the horses run, a card from hand
    ends the turn unless the player may place more."""
    c = action.card
    x = c.horse * 16 + c.mv
    seat = action.seat
    box = action.box
    opened = state.phase == OPENED
    if opened:
        state.opened = -1
    else:
        state.hands[seat].remove(x)
    state.boxes[box].append(x)
    state.tops[box] = x & 15
    # events are values: one shared Placed per (seat, card, box, opened), for
    # every game (a replay makes its own game)
    key = (x << 20) | (seat << 12) | (box << 1) | opened
    event = PLACED.get(key)
    if event is None or event.seat != seat or event.box != box:
        event = Placed(seat, c, box, opened)
        if 0 <= seat < 256 and box < 2048 and len(PLACED) < 1 << 16:
            PLACED[key] = event
    events.append(event)
    if opened:
        state.run(events)
    else:
        placed = state.placed
        placed.append(box)
        if len(placed) < cards_this_turn(state, seat):  # race's, without the method
            state.phase = SECOND
        else:
            state.end_turn(events)


def pass_turn(state: LongShotState, action: Pass, events: list[Event]) -> None:
    """PASS: the turn ends; a player stuck while a box is empty draws as
    ``stuck_player_draws`` says."""
    events.append(state.game.passed_events[action.seat])
    stuck = state.phase == TURN and EMPTY in state.tops
    state.end_turn(events, draw=not stuck or state.game.config.stuck_player_draws)

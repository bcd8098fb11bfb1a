"""Racing boxes: two per horse, each a stack of which only the top card counts.

The placement rules of Long Shot ("How to place Horse cards") and Horse
Racing Mafia (4.1, 4.4 and Q&A 9.0 Q2) are the same, and live here once:

* Golden Rule: a card must go in an empty box if it can.  Read per player
  (Long Shot's default, :func:`fill_first`): a player holding any card that
  can fill an empty box must fill one; read per card (Mafia's Q&A): only the
  card being placed is asked.
* An indicated card goes only in its own horse's two boxes; it may cover a
  card only when both of them are full.
* A free card goes in any box; it may cover a card only when every box is full.
* No card may cover a card of the same MV, except when it is unavoidable
  (``unavoidable=True``): the card the first player opens from the stack when
  it has no other choice (Long Shot: an indicated card whose horse's two top
  cards both have its MV; Mafia 4.4 and Q&A e: "except for when it is
  absolutely unavoidable"), and, in Mafia, a player who may not pass and has
  no other card to play (Q&A e with 5.9; the games' ``stuck_player_covers_same_mv``).

Boxes are numbered from 0: horse ``h`` (1-based) owns boxes ``2h-2`` and ``2h-1``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from racebook.core.errors import refuse

EMPTY = -1
"""The top MV of an empty box."""

_NONE: tuple[int, ...] = ()


def boxes_of(horse: int) -> tuple[int, int]:
    """The two boxes of horse ``horse`` (1-based).

    >>> boxes_of(1), boxes_of(6)
    ((0, 1), (10, 11))
    """
    return (2 * horse - 2, 2 * horse - 1)


def box_horse(box: int) -> int:
    """The horse a box belongs to.

    >>> box_horse(0), box_horse(11)
    (1, 6)
    """
    return box // 2 + 1


def legal_boxes(
    tops: list[int],
    horse: int,
    mv: int,
    *,
    unavoidable: bool = False,
    skip: Collection[int] = _NONE,
) -> list[int]:
    """Every box a card (``horse``, 0 = free, and ``mv``) may be placed in.

    ``tops`` is the top MV of each box (:data:`EMPTY` if empty); ``skip``
    holds boxes this turn already used (the spurt's two cards go in
    different boxes); ``unavoidable`` marks a card that must be placed with no
    other choice (the card opened from the stack, a cornered Mafia player's
    card): if no box is open to it, it may cover its own MV.

    >>> tops = [3, 5] + [1] * 9 + [EMPTY]      # Mafia Q&A: only box 11 empty
    >>> legal_boxes(tops, 0, 4), legal_boxes(tops, 6, 4), legal_boxes(tops, 1, 5)
    ([11], [11], [0])
    """
    if horse:
        own = (2 * horse - 2, 2 * horse - 1)
        empty = [b for b in own if tops[b] == EMPTY and b not in skip]
        if empty:
            return empty
        ok = [b for b in own if tops[b] != mv and b not in skip]
        if ok or not unavoidable:
            return ok
        return [b for b in own if b not in skip]
    empty = [b for b in range(len(tops)) if tops[b] == EMPTY and b not in skip]
    if empty:
        return empty
    ok = [b for b in range(len(tops)) if tops[b] != mv and b not in skip]
    if ok or not unavoidable:
        return ok
    return [b for b in range(len(tops)) if b not in skip]


def why_not(
    tops: list[int],
    horse: int,
    mv: int,
    box: int,
    *,
    unavoidable: bool = False,
    skip: Collection[int] = _NONE,
    cite: str = "Long Shot: 'How to place Horse cards'",
) -> str | None:
    """Why a card may not go in ``box`` (naming the rule, written at ``cite``),
    or ``None`` if it may."""
    if not 0 <= box < len(tops):
        return refuse("unknown-box", f"there is no box {box} (boxes 0..{len(tops) - 1})")
    if box in legal_boxes(tops, horse, mv, unavoidable=unavoidable, skip=skip):
        return None
    if horse and box not in boxes_of(horse):
        a, b = boxes_of(horse)
        return refuse(
            "wrong-horse-box",
            f"an indicated horse-{horse} card runs only horse {horse} (boxes {a} and {b}) ({cite})",
        )
    if box in skip:
        return refuse(
            "spurt-same-box", "the spurt's cards go in different boxes ('The Last Spurt')"
        )
    if tops[box] != EMPTY:
        own = boxes_of(horse) if horse else range(len(tops))
        if any(tops[b] == EMPTY for b in own):
            where = f"horse {horse}'s" if horse else "a"
            return refuse(
                "golden-rule",
                (
                    f"Golden Rule: {where} box is still empty, the card must fill it; "
                    f"box {box} is full ({cite})"
                ),
            )
        if tops[box] == mv:
            return refuse(
                "same-mv",
                f"a card may not cover a card of the same MV ({mv}) in box {box} ({cite})",
            )
    return refuse("box-closed", f"box {box} is not open to this card ({cite})")


def placements(
    tops: list[int], codes: list[int], skip: Collection[int] = _NONE
) -> list[tuple[int, list[int]]]:
    """Every legal box for each distinct card code (``horse * 16 + mv``) from a
    hand, in order (``codes`` sorted; copies of a code count once), as
    ``(code, boxes)``: the same answer as :func:`legal_boxes`
    card by card (a property test holds them equal), computed in one pass.

    >>> placements([EMPTY, 2] + [1] * 10, [5, 1 * 16 + 2])
    [(5, [0]), (18, [0])]
    """
    n = len(tops)
    empties = [b for b in range(n) if tops[b] == EMPTY and b not in skip]
    covers: dict[int, list[int]] = {}
    out: list[tuple[int, list[int]]] = []
    last = -1
    for x in codes:
        if x == last:
            continue  # a sorted hand's copies of one card: once
        last = x
        h = x >> 4
        mv = x & 15
        if h:  # the horse's two boxes, written out: this runs for every card of every hand
            b0 = 2 * h - 2
            b1 = b0 + 1
            t0 = tops[b0]
            t1 = tops[b1]
            if t0 == EMPTY or t1 == EMPTY:
                ok0 = t0 == EMPTY and b0 not in skip
                ok1 = t1 == EMPTY and b1 not in skip
            else:
                ok0 = t0 != mv and b0 not in skip
                ok1 = t1 != mv and b1 not in skip
            boxes = ([b0, b1] if ok1 else [b0]) if ok0 else [b1] if ok1 else []
        elif empties:
            boxes = empties
        else:
            shared = covers.get(mv)  # free cards of one MV share their boxes
            if shared is None:
                shared = covers[mv] = [b for b in range(n) if tops[b] != mv and b not in skip]
            boxes = shared
        if boxes:
            out.append((x, boxes))
    return out


def can_fill(tops: list[int], codes: Iterable[int], skip: Collection[int] = _NONE) -> bool:
    """Whether any card code of ``codes`` may go in an empty box (not in
    ``skip``): the Golden Rule's question, answered without listing the
    placements (:func:`placements`; a property test holds them equal).  A
    rule check asks it for every card covering a box: listing made replay
    slower than live play (``make bench``).

    >>> tops = [3, 5] + [1] * 9 + [EMPTY]
    >>> can_fill(tops, [1 * 16 + 4]), can_fill(tops, [6 * 16 + 2]), can_fill(tops, [2])
    (False, True, True)
    """
    if EMPTY not in tops:
        return False  # every box full: nothing to fill
    horses = {b // 2 + 1 for b, top in enumerate(tops) if top == EMPTY and b not in skip}
    return bool(horses) and any(x >> 4 == 0 or x >> 4 in horses for x in codes)


def fill_first(tops: list[int], found: list[tuple[int, list[int]]]) -> list[tuple[int, list[int]]]:
    """The Golden Rule read per player: if any card in ``found`` (from
    :func:`placements`) can go in an empty box, only such placements remain.

    Long Shot: 「12のマスに空いた場所があれば、そのマスを埋めるように置かなければなりません」
    ("You must place Horse card at the empty box if possible").

    >>> tops = [3, 5] + [1] * 9 + [EMPTY]
    >>> fill_first(tops, [(1 * 16 + 4, [0, 1]), (0 * 16 + 2, [11])])
    [(2, [11])]
    >>> fill_first(tops, [(1 * 16 + 4, [0, 1])])
    [(20, [0, 1])]
    """
    # each card's boxes from placements() are all empty or all full (a card
    # that can fill a box is given only empty ones): its first box tells
    return [(x, boxes) for x, boxes in found if tops[boxes[0]] == EMPTY] or found


_ONE: list[list[int]] = [[b] for b in range(128)]
_PAIR: list[list[int]] = [[b, b + 1] for b in range(128)]
_NO_BOXES: list[int] = []
"""Shared box lists of :func:`fill_first_placements` (read, never changed)."""


def fill_first_placements(
    tops: list[int], codes: list[int], skip: Collection[int] = _NONE
) -> list[tuple[int, list[int]]]:
    """``fill_first(tops, placements(tops, codes, skip))`` in one pass: the
    placements under the Golden Rule read per player, made at every decision
    of a Long Shot turn (a property test holds them equal).

    >>> tops = [3, 5] + [1] * 9 + [EMPTY]
    >>> fill_first_placements(tops, [1 * 16 + 4, 2]), fill_first_placements(tops, [1 * 16 + 4])
    ([(2, [11])], [(20, [0, 1])])
    """
    if skip or len(tops) > len(_ONE):  # a turn's further cards: rarer
        return fill_first(tops, placements(tops, codes, skip))
    empties = [b for b, t in enumerate(tops) if t == EMPTY] if EMPTY in tops else _NO_BOXES
    fill: list[tuple[int, list[int]]] = []
    cover: list[tuple[int, list[int]]] = []
    covers: dict[int, list[int]] = {}
    last = -1
    for x in codes:
        if x == last:
            continue  # a sorted hand's copies of one card: once
        last = x
        h = x >> 4
        if h:  # its two boxes: an empty one is filled, else either without its MV
            b0 = 2 * h - 2
            t0 = tops[b0]
            t1 = tops[b0 + 1]
            if t0 == EMPTY:
                fill.append((x, _PAIR[b0] if t1 == EMPTY else _ONE[b0]))
            elif t1 == EMPTY:
                fill.append((x, _ONE[b0 + 1]))
            elif not fill:
                mv = x & 15
                if t0 != mv:
                    cover.append((x, _PAIR[b0] if t1 != mv else _ONE[b0]))
                elif t1 != mv:
                    cover.append((x, _ONE[b0 + 1]))
        elif empties:
            fill.append((x, empties))
        elif not fill:
            mv = x & 15
            shared = covers.get(mv)  # free cards of one MV share their boxes
            if shared is None:
                shared = covers[mv] = [b for b, t in enumerate(tops) if t != mv]
            if shared:
                cover.append((x, shared))
    return fill or cover


def fill_first_count(tops: list[int], codes: list[int]) -> tuple[int, bool]:
    """How many placements :func:`fill_first_placements` gives (no box used
    this turn), and whether they fill empty boxes, without listing them: the
    random bot's pick counts, draws one number, then takes only that
    placement (:func:`fill_first_nth`).  A property test holds both equal
    to the listing.

    >>> tops = [3, 5] + [1] * 9 + [EMPTY]
    >>> fill_first_count(tops, [1 * 16 + 4, 2]), fill_first_count(tops, [1 * 16 + 4])
    ((1, True), (2, False))
    """
    empties = tops.count(EMPTY)
    n = len(tops)
    fills = covers = 0
    last = -1
    for x in codes:
        if x == last:
            continue  # a sorted hand's copies of one card: once
        last = x
        h = x >> 4
        if h:
            b0 = 2 * h - 2
            t0 = tops[b0]
            t1 = tops[b0 + 1]
            if t0 == EMPTY or t1 == EMPTY:
                fills += (t0 == EMPTY) + (t1 == EMPTY)
            elif not fills:
                mv = x & 15
                covers += (t0 != mv) + (t1 != mv)
        elif empties:
            fills += empties
        elif not fills:
            covers += n - tops.count(x & 15)
    return (fills, True) if fills else (covers, False)


def fill_first_nth(tops: list[int], codes: list[int], k: int, filling: bool) -> tuple[int, int]:
    """The ``k``-th ``(code, box)`` of :func:`fill_first_placements` (no box
    used this turn), in its order; ``filling`` as :func:`fill_first_count`
    said.

    >>> tops = [3, 5] + [1] * 9 + [EMPTY]
    >>> fill_first_nth(tops, [1 * 16 + 4, 2], 0, True), fill_first_nth(tops, [1 * 16 + 4], 1, False)
    ((2, 11), (20, 1))
    """
    last = -1
    for x in codes:
        if x == last:
            continue
        last = x
        h = x >> 4
        if h:
            b0 = 2 * h - 2
            t0 = tops[b0]
            t1 = tops[b0 + 1]
            if (t0 == EMPTY or t1 == EMPTY) != filling:
                continue  # filling: only its empty boxes; covering: none is empty
            mv = EMPTY if filling else x & 15
            ok0 = (t0 == mv) if filling else (t0 != mv)
            ok1 = (t1 == mv) if filling else (t1 != mv)
            if ok0:
                if k == 0:
                    return x, b0
                k -= 1
            if ok1:
                if k == 0:
                    return x, b0 + 1
                k -= 1
            continue
        for b, t in enumerate(tops):  # a free card: the empty boxes, or any without its MV
            if (t == EMPTY) if filling else (t != x & 15):
                if k == 0:
                    return x, b
                k -= 1
    raise IndexError(f"no placement {k} of {len(codes)} cards")

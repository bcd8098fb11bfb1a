"""The dice (進行賽馬) and the pair bonus (獎勵移動): how a roll moves a horse,
and rolling to the finish, on the state's track or on a copy (roll-outs,
odds).  The race in play is :mod:`~racebook.games.readysetbet.race`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from racebook.games.readysetbet.board import horse_of

if TYPE_CHECKING:
    from racebook.games.readysetbet.state import ReadySetBetState

DIGITS = frozenset("123456")
PAIRS = tuple(f"{a}{b}" for a in range(1, 7) for b in range(1, 7))
"""The 36 rolls as they are written in a roll-out, index ``6 * (a - 1) + (b - 1)``."""
HORSE_OF = {pair: horse_of(int(pair[0]) + int(pair[1])) for pair in PAIRS}
HORSE36 = tuple(HORSE_OF[pair] for pair in PAIRS)
ROLL_ID = {pair: i for i, pair in enumerate(PAIRS)}
"""The index in :data:`PAIRS` of each roll as written (``"11"`` -> 0, ``"66"`` -> 35)."""


def advance(pos: list[int], pending: int, h: int, bonus: Sequence[int], track: int) -> int:
    """Move horse ``h`` for one roll, in place (never past ``track``), and return
    the horse a next roll would pair with (獎勵移動): "連續兩次擲骰都出現相同點數"
    gives the second roll the horse's bonus (2/3 and 11/12: either number); a
    third roll in a row gives none and pairs with the fourth.

    >>> pos, bonus = [0] * 9, (3, 3, 2, 1, 0, 1, 2, 3, 3)
    >>> advance(pos, advance(pos, -1, 2, bonus, 15), 2, bonus, 15)
    -1
    >>> pos[2]  # 1, then 1 + the 5's bonus of 2
    4
    """
    if pending == h:
        pos[h] = min(track, pos[h] + 1 + bonus[h])
        return -1
    pos[h] = min(track, pos[h] + 1)
    return h


def dice_to_finish(
    pos: Sequence[int], pending: int, dice: str, track: int, bonus: Sequence[int]
) -> int:
    """How many rolls of ``dice`` (two digits 1-6 a roll) bring a horse from
    ``pos`` to ``track``; 0 if none does.

    >>> dice_to_finish([14] + [0] * 8, -1, "6612", 15, (3,) * 9)
    2
    """
    pos = list(pos)
    it = iter(dice)
    for n, (x, y) in enumerate(zip(it, it, strict=True), 1):
        h = HORSE_OF[x + y]
        if pending == h:  # advance(), inline: half the loop's time (measured)
            p = pos[h] + 1 + bonus[h]
            pending = -1
        else:
            p = pos[h] + 1
            pending = h
        if p >= track:
            return n
        pos[h] = p
    return 0


def roll_to_finish(
    pos: Sequence[int], pending: int, rng: random.Random, track: int, bonus: Sequence[int]
) -> str:
    """Roll from ``pos`` until a horse reaches ``track``; the dice, two digits a
    roll (one draw of 36 a roll: both dice at once)."""
    pos = list(pos)
    rand = rng.random
    out = []
    pairs, horse = PAIRS, HORSE_OF
    while True:
        pair = pairs[int(rand() * 36)]  # the same draw as run_race's
        out.append(pair)
        h = horse[pair]
        if pending == h:  # advance(), inline: half the loop's time (measured)
            p = pos[h] + 1 + bonus[h]
            pending = -1
        else:
            p = pos[h] + 1
            pending = h
        if p >= track:
            return "".join(out)
        pos[h] = p


def run_race(
    pos: list[int], pending: int, rng: random.Random, track: int, bonus: Sequence[int]
) -> int:
    """The race fast path: roll until a horse reaches ``track``; ``pos`` is moved in
    place; returns the number of rolls.  No validation, no log; one draw of 36 a
    roll (both dice at once), the same draws as :func:`roll_to_finish`, with
    :func:`advance` written inline (a test holds the two equal)."""
    rolls = 0
    rand = rng.random
    horse = HORSE36
    while True:
        rolls += 1
        h = horse[int(rand() * 36)]
        if pending == h:
            p = pos[h] + 1 + bonus[h]
            pending = -1
        else:
            p = pos[h] + 1
            pending = h
        if p >= track:
            pos[h] = track
            return rolls
        pos[h] = p


# -- the same, with rule modules' ``bonus`` hooks (rules.py) ------------------------------


def advance_ruled(
    state: ReadySetBetState, pos: list[int], pending: int, h: int, dice: tuple[int, int]
) -> int:
    """:func:`advance`, with the bonus the rule modules' ``bonus`` hooks give."""
    c = state.game.config
    paired = pending == h
    move = c.bonus[h] if paired else 0
    for rule in state.game.hooks.bonus:
        move = rule.bonus(state, h, move, paired=paired, dice=dice, pos=pos)
    pos[h] = min(c.track, pos[h] + 1 + max(0, move))
    return -1 if paired else h


def finish_ruled(state: ReadySetBetState, dice: str) -> int:
    """:func:`dice_to_finish` from ``state``, with the rule modules' bonus."""
    pos, pending, track = list(state.pos), state.pending, state.game.config.track
    it = iter(dice)
    for n, (x, y) in enumerate(zip(it, it, strict=True), 1):
        h = HORSE_OF[x + y]
        pending = advance_ruled(state, pos, pending, h, (int(x), int(y)))
        if pos[h] >= track:
            return n
    return 0


def roll_ruled(state: ReadySetBetState, rng: random.Random) -> str:
    """:func:`roll_to_finish` from ``state``, with the rule modules' bonus (the same draws)."""
    return "".join(run_ruled(state, list(state.pos), state.pending, rng))


def run_ruled(
    state: ReadySetBetState, pos: list[int], pending: int, rng: random.Random
) -> list[str]:
    """Roll from ``pos`` (moved in place) to the finish with the rule modules' bonus;
    the rolls, two digits each (one draw of 36 a roll, as :func:`run_race`)."""
    rand, track = rng.random, state.game.config.track
    out = []
    while True:
        pair = PAIRS[int(rand() * 36)]
        out.append(pair)
        h = HORSE_OF[pair]
        pending = advance_ruled(state, pos, pending, h, (int(pair[0]), int(pair[1])))
        if pos[h] >= track:
            return out

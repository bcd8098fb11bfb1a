"""3 レースフェイズ (the race): tricks.  Follow suit (トリックの流れ), the whip
(「ムチ入れ」ルール) that makes its card's colour the winning one, the trick
winner's horse moving by the card's marks, and the race's end (レースの終了).

Rule modules (:mod:`racebook.games.trickrace.rules`) may forbid whips, pick
another winner or change how far the horse moves.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import TYPE_CHECKING

from racebook.cards.race import COLOURS, race_card
from racebook.core.errors import refuse
from racebook.core.game import Event
from racebook.games.trickrace.actions import Play, Played, TrickWon
from racebook.games.trickrace.dummy import dummy_last, dummy_play
from racebook.games.trickrace.phases import TRICK

if TYPE_CHECKING:
    from racebook.games.trickrace.actions import TrickRaceMove
    from racebook.games.trickrace.state import TrickRaceState


PLAYED: dict[int, Played] = {}
"""Interned ``Played`` events, by ``(seat * 256 + code) * 2 + whip`` (seats 0..3,
codes under 256: a finite table)."""
WON: dict[tuple[int, int, int, int], TrickWon] = {}
"""Interned ``TrickWon`` events by their fields (seats 0..3, horses 1..4, moves
and squares within a course: a finite table per course length)."""


def compute_order(state: TrickRaceState) -> list[int]:
    """Who plays in this trick, in order: clockwise from the leader (the dummy
    last unless it leads)."""
    i = state.ring.index(state.leader)
    return dummy_last(state, [state.ring[(i + k) % 4] for k in range(4)])


def playable(state: TrickRaceState, seat: int) -> list[int]:
    """The cards ``seat`` may play: "同じ色のレースカードが自分の手札にあるなら、
    かならずその色"."""
    hand = state.hands[seat]
    if state.trick:
        led = state.trick[0][1] & 0xF0
        # players' hands are kept sorted: the led colour's cards are one run
        lo = bisect_left(hand, led)
        hi = bisect_left(hand, led + 16, lo)
        if hi > lo:
            return hand[lo:hi]
    return hand


def may_whip(state: TrickRaceState, seat: int) -> bool:
    """One whip per trick, from a face-up whip card (ムチ入れ), if no rule module
    forbids it."""
    if state.whip_by >= 0 or state.whips_up[seat] <= 0:
        return False
    hooks = state.game.hooks
    return not hooks.may_whip or hooks.whip_allowed(state, seat)


def whip_options(state: TrickRaceState, seat: int) -> tuple[bool, ...]:
    """``(False, True)`` if ``seat`` may whip now (:func:`may_whip`, inline), else ``(False,)``."""
    hooks = state.game.hooks  # may_whip, inline: this runs at every step
    whip = state.whip_by < 0 and state.whips_up[seat] > 0
    if whip and hooks.may_whip:
        whip = hooks.whip_allowed(state, seat)
    return (False, True) if whip else (False,)


Kept = tuple[list[int], list["TrickRaceMove"], list["TrickRaceMove"]]
"""A seat's plays kept with the state (:func:`hand_plays`)."""


def hand_plays(state: TrickRaceState, seat: int) -> Kept:
    """``seat``'s plays, kept with the state until its hand changes: the hand
    they were made for (a copy), each card's play without the whip, and each
    card's two plays (without, then with the whip), in the hand's order.  A
    play (:func:`play`) takes its card's plays out; any other change of the
    hand (a discard, a new race, a hidden variant) makes them anew here."""
    hand = state.hands[seat]
    kept = state.plays_of[seat]
    if kept is not None and kept[0] == hand:
        return kept
    cache = state.game.plays  # interned: the same value for the same play
    plain: list[TrickRaceMove] = []
    both: list[TrickRaceMove] = []
    for x in hand:
        for whip in (False, True):
            key = (seat * 256 + x) * 2 + whip
            action = cache.get(key)
            if action is None:
                action = cache[key] = Play(seat, race_card(x), whip)
            both.append(action)
        plain.append(both[-2])
    kept = state.plays_of[seat] = (list(hand), plain, both)
    return kept


def legal_plays(state: TrickRaceState, seat: int) -> list[TrickRaceMove]:
    """The plays of ``seat``, card by card, each without then with the whip if
    it may whip: slices of its plays kept with the state (:func:`hand_plays`)."""
    kept = state.plays_of[seat]
    if kept is None or kept[0] != state.hands[seat]:  # hand_plays()'s check, inline
        kept = hand_plays(state, seat)
    hand, plain, both = kept
    lo, hi = 0, len(hand)
    trick = state.trick
    if trick:  # the led colour's run of the sorted hand, if any (playable(), inline)
        led = trick[0][1] & 0xF0
        i = bisect_left(hand, led)
        j = bisect_left(hand, led + 16, i)
        if j > i:
            lo, hi = i, j
    if state.whip_by < 0 and state.whips_up[seat] > 0:  # whip_options(), inline
        hooks = state.game.hooks
        if not hooks.may_whip or hooks.whip_allowed(state, seat):
            return both[lo * 2 : hi * 2]
    return plain[lo:hi]


def pick(state: TrickRaceState, seat: int, rng: random.Random) -> TrickRaceMove:
    """``legal_plays(state, seat)[int(rng.random() * n)]`` without making the
    list: card by card, the whip options of each in turn (the listing's order).
    :func:`playable` and :func:`whip_options` inline (every play runs this)."""
    cards = state.hands[seat]
    lo, n = 0, len(cards)
    trick = state.trick
    if trick:  # the led colour's run of the sorted hand, if any
        led = trick[0][1] & 0xF0
        i = bisect_left(cards, led)
        j = bisect_left(cards, led + 16, i)
        if j > i:
            lo, n = i, j - i
    if state.whip_by < 0 and state.whips_up[seat] > 0:
        hooks = state.game.hooks
        if hooks.may_whip and not hooks.whip_allowed(state, seat):
            x, whip = cards[lo + int(rng.random() * n)], False
        else:  # each card without, then with the whip
            k = int(rng.random() * (n * 2))
            x, whip = cards[lo + (k >> 1)], k & 1 == 1
    else:
        x, whip = cards[lo + int(rng.random() * n)], False
    key = (seat * 256 + x) * 2 + whip
    cache = state.game.plays
    action = cache.get(key)
    if action is None:
        action = cache[key] = Play(seat, race_card(x), whip)
    return action


def check_play(state: TrickRaceState, action: Play) -> str | None:
    seat = action.seat
    if state.phase != TRICK:
        return refuse("not-playable-now", "no trick is being played now")
    c = action.card
    x = c.colour * 16 + c.number
    hand = state.hands[seat]
    if x not in hand:
        return refuse("card-not-in-hand", f"{action.card} is not in seat {seat}'s hand")
    trick = state.trick
    if trick and x >> 4 != trick[0][1] >> 4:
        led = trick[0][1] >> 4
        i = bisect_left(hand, led << 4)  # the sorted hand's first card of the led colour
        if i < len(hand) and hand[i] >> 4 == led:
            return refuse(
                "follow-suit",
                (
                    f"follow suit: seat {seat} holds {COLOURS[led]} cards, "
                    "the led colour (トリックの流れ)"
                ),
            )
    if action.whip:
        if state.whip_by >= 0:
            return refuse("one-whip-per-trick", "only one whip per trick (ムチ入れ)")
        if state.whips_up[seat] <= 0:
            return refuse("no-whip", f"seat {seat} has no face-up whip card (ムチ入れ)")
        if not may_whip(state, seat):
            return refuse(
                "whip-forbidden", f"seat {seat} may not whip now (a rule module forbids it)"
            )
    return None


def play(state: TrickRaceState, seat: int, x: int, whip: bool, events: list[Event]) -> None:
    """``seat`` plays card ``x`` (a code) to the trick, with the whip or not."""
    hand = state.hands[seat]
    i = hand.index(x)
    del hand[i]
    kept = state.plays_of[seat]  # its plays kept with the state (hand_plays) lose the card's
    if kept is not None and i < len(kept[0]) and kept[0][i] == x:
        del kept[0][i], kept[1][i], kept[2][i * 2 : i * 2 + 2]
    if x == state.revealed:
        state.revealed = -1  # played: public like every played card
    state.played[seat].append(x)
    state.trick.append((seat, x, whip))
    if whip:
        state.whips_up[seat] -= 1
        state.whip_by = seat
    key = (seat * 256 + x) * 2 + whip  # events are values: one shared Played per play,
    event = PLAYED.get(key)  # for every game (a replay makes its own game)
    if event is None:
        event = PLAYED[key] = Played(seat, race_card(x), whip)
    events.append(event)


def advance(state: TrickRaceState, events: list[Event]) -> None:
    """Resolve full tricks and let the dummy play, until a player must act."""
    while state.phase == TRICK:
        if len(state.trick) == 4:
            resolve(state, events)
            continue
        if state.dummy >= 0 and state.play_order()[len(state.trick)] == state.dummy:
            dummy_play(state, events)
            continue
        return


def winning_colour(state: TrickRaceState) -> int:
    """The whipped card's colour if someone whipped, else the led colour."""
    plays = state.trick
    if state.whip_by >= 0:
        return next(x for s, x, _ in plays if s == state.whip_by) >> 4
    return plays[0][1] >> 4


def resolve(state: TrickRaceState, events: list[Event]) -> None:
    """The highest card of the winning colour wins; its rider's horse moves by
    the card's marks, onto the top of its new square; the race may end."""
    c = state.game.config
    hooks = state.game.hooks
    trick = state.trick
    whip_by = state.whip_by  # winning_colour(), inline
    colour = (next(x for s, x, _ in trick if s == whip_by) if whip_by >= 0 else trick[0][1]) >> 4
    winner = best = -1  # the first of the highest number of the colour (a loop: every trick)
    for s, x, _ in trick:
        if x >> 4 == colour and (best < 0 or x & 15 > best & 15):
            winner, best = s, x
    if hooks.trick_winner:
        plays = tuple(state.trick)
        for hook in hooks.trick_winner:
            winner = hook(state, plays, winner)
        best = next((x for s, x, _ in plays if s == winner), -1)
        if best < 0:
            raise ValueError(f"a rule module made seat {winner} win a trick it is not in")
    h = state.horse_of[winner]
    before = state.pos[h - 1]
    moved = 0
    if before < c.course:  # "すでにゴールに到着した...それ以上進みません"
        spaces = c.marks[(best & 15) - 1]
        for move in hooks.spaces:
            spaces = max(0, move(state, winner, h, best, spaces))
        after = min(c.course, before + spaces)
        moved = after - before
        if moved:
            state.squares[before].remove(h)
            state.squares[after].append(h)  # "一番上に重ねます"
            state.pos[h - 1] = after
            state.moved[h - 1] += moved
            if after == c.course:
                state.arrived.append(h)
    key = (winner, h, moved, state.pos[h - 1])  # events are values: one shared per key
    won = WON.get(key)
    if won is None:
        won = WON[key] = TrickWon(*key)
    events.append(won)
    state.leader = winner
    state.trick = []
    state.whip_by = -1
    # レースの終了: two horses at the goal, or every hand empty
    hands = state.hands
    if len(state.arrived) >= c.finishers or not (hands[0] or hands[1] or hands[2] or hands[3]):
        state.payout(events)

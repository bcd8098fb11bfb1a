"""Long Shot, running the horses: "Then run all 6 horses" (each by the sum of
the top cards of its two boxes), "The Last Spurt", "End of the Race" (the
finishing order and its tie-breaks), and the stop for a race that stands still
(not in the rulebooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.board.track import finish_record, finishing_keys
from racebook.board.track import places as finish_places
from racebook.core.game import Event
from racebook.games.longshot.phases import INTERLUDE

if TYPE_CHECKING:
    from racebook.games.longshot.state import LongShotState


@attrs.frozen
class Ran(Event):
    """The horses ran: ``moves`` and new ``positions`` per horse (index 0 = horse 1)."""

    kind: ClassVar[str] = "ran"
    moves: tuple[int, ...]
    positions: tuple[int, ...]


@attrs.frozen
class HorseFinished(Event):
    """``horse`` reached the goal, ``past_goal`` spaces beyond it."""

    kind: ClassVar[str] = "finished"
    horse: int
    past_goal: int


@attrs.frozen
class SpurtBegins(Event):
    """A horse reached the spurt line ("The Last Spurt"): from the next round a
    player may place more cards a turn.  ``horse`` is the leader."""

    kind: ClassVar[str] = "spurt"
    horse: int


@attrs.frozen
class RaceStalled(Event):
    """No horse has moved for ``rounds`` rounds in a row (``stall_rounds``): the
    race ends as it stands.  Only a variant's deck gets there in practice."""

    kind: ClassVar[str] = "stalled"
    rounds: int


@attrs.frozen
class RaceEnded(Event):
    """``places`` per horse (0 = no place); ``orders`` every seat's order, revealed."""

    kind: ClassVar[str] = "race-ended"
    race: int
    places: tuple[int, ...]
    orders: tuple[int, ...]


def box_total(tops: list[int], horse: int) -> tuple[int, int]:
    """A horse's move (the sum of its two boxes' top MVs, an empty box 0) and
    its highest top card."""
    a, b = tops[2 * horse - 2], tops[2 * horse - 1]
    return (a if a > 0 else 0) + (b if b > 0 else 0), max(a, b, 0)


# "The Last Spurt"
def spurt(state: LongShotState) -> bool:
    """The Last Spurt is on: some horse stood on or past the threshold when
    this round began (Long Shot: "The Last Spurt")."""
    t = state.game.config.spurt_threshold
    return t is not None and max(state.pos) >= t


def cards_this_turn(state: LongShotState, seat: int) -> int:
    """How many cards ``seat`` may place this turn: 1, or ``spurt_cards`` in
    "The Last Spurt", as the rule modules may change it."""
    c = state.game.config
    t = c.spurt_threshold  # spurt(state), inline: at every card placed
    cards = c.spurt_cards if t is not None and max(state.pos) >= t else 1
    for rule in state.game.rules:
        cards = rule.cards_per_turn(state, seat, cards)
    return cards


# "Then run all 6 horses": each by the sum of the top cards of its two boxes.
def run(state: LongShotState, events: list[Event]) -> None:
    """The horses run; the race ends (settlement), stalls, opens a rule
    module's interlude, or the next round begins."""
    c = state.game.config
    was_spurt = spurt(state)
    moves = [0] * c.running
    for i in range(c.running):
        h = i + 1
        if h in state.fin:
            continue  # a horse past the goal stays there
        mv, high = box_total(state.tops, h)
        moves[i] = mv
        state.pos[i] += mv
        if state.pos[i] >= c.goal:
            # "End of the Race": same round -> further past the goal -> higher box
            # total (-> Mafia 4.5: the single highest card).
            past = state.pos[i] - c.goal
            state.fin[h] = finish_record(state.round, past, mv, high)
            events.append(HorseFinished(h, past))
    events.append(Ran(tuple(moves), tuple(state.pos)))
    if not was_spurt and spurt(state):
        leader = max(range(c.running), key=lambda i: state.pos[i]) + 1
        events.append(SpurtBegins(leader))
    if len(state.fin) >= c.finishers:
        state.settle(events)
        return
    # not in the rulebooks: a race in which no horse has moved for stall_rounds
    # rounds in a row ends as it stands (rules notes, "a race that stands still")
    state.idle = 0 if any(moves) else state.idle + 1
    if state.idle >= c.stall_rounds:
        events.append(RaceStalled(state.idle))
        state.settle(events)
        return
    for i, rule in enumerate(state.game.rules):
        if rule.after_run(state, events):
            state.interlude = i
            state.phase = INTERLUDE
            return
    state.next_round()


# "End of the Race"
def rank_keys(state: LongShotState) -> dict[int, tuple[int, ...]]:
    """The finishing key of every placed horse (smaller is better)."""
    c = state.game.config
    running: dict[int, tuple[int, int, int]] = {}
    if c.rank_unfinished:
        # Mafia 4.6: 3rd place and lower by the distance at that point, ties as above.
        for i in range(c.running):
            h = i + 1
            if h not in state.fin:
                running[h] = (state.pos[i], *box_total(state.tops, h))
    return finishing_keys(state.fin, running, c.tiebreaks)


def horse_places(state: LongShotState) -> list[int]:
    """Place per horse (index 0 = horse 1); 0 = no place (did not finish)."""
    got = finish_places(rank_keys(state))
    return [got.get(h, 0) for h in range(1, state.game.config.running + 1)]

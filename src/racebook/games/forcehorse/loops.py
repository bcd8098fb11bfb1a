"""Decisions inside the ability engine, and infinite loops (FotH 1201).

* :class:`Choose` answers the engine's pending choice (which waiting ability
  to play, 804.2b-c; choices and optional costs, 805.2b-c, 806.3a-i; which
  replacement first, 809.2; whether to replace, 802.1c-ii).
* 1201.1b: once the game is completely the same as earlier in the turn, the
  turn player may not take again the action they took there.  racebook reads
  "the same" for this as "every card where it was, in the same step" (the
  loop key): something that only grew meanwhile (a run count, effects) is a
  loop being repeated by hand, which 1201.1a asks to be declared instead.
* 1201.1a: at such a point, the turn player may propose to repeat what was
  done since then (:class:`Loop`, a number of times, once per point); the
  other player answers with that number or fewer (:class:`LoopCount`), and
  the repetitions are done.  Then the cycle's action stays barred (1201.1b),
  so the turn goes on with something else.
* 1201.1c: a loop no one can stop is a draw (a rule check that comes back to
  the same state, see :func:`racebook.games.forcehorse.engine.check_step`,
  or a player whose every action 1201.1b forbids).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.core.game import Action, Event
from racebook.games.forcehorse.engine import choose, drive
from racebook.games.forcehorse.work import Key, LoopDraw, state_key
from racebook.games.forcehorse.zones import HAND

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


@attrs.frozen
class Choose(Action):
    """Answer the pending choice with option number ``option`` (the view's
    ``choosing`` says who and what; ``options`` lists them for that seat)."""

    kind: ClassVar[str] = "choose"
    option: int


@attrs.frozen
class Loop(Action):
    """FotH 1201.1a: propose to repeat what was done since the cards were
    last where they are now, ``times`` more times."""

    kind: ClassVar[str] = "loop"
    times: int


@attrs.frozen
class LoopCount(Action):
    """FotH 1201.1a: the other player's answer: ``times`` repetitions (the
    proposal's number, or fewer)."""

    kind: ClassVar[str] = "loop-count"
    times: int


LOOP_ACTIONS: tuple[type[Action], ...] = (Choose, Loop, LoopCount)


def keys(st: ForceHorseState) -> tuple[Key, Key]:
    """(the full state key, the loop key), computed once between two actions."""
    if st.ab.keys is None:
        full = state_key(st)
        st.ab.keys = (full, full[0])
    return st.ab.keys


def record(st: ForceHorseState, action: Action) -> None:
    """Remember a player's action this turn (1201.1a-b)."""
    if isinstance(action, (Loop, LoopCount)):
        return
    full, here = keys(st)
    if action.seat == st.turn_player:
        st.ab.seen.setdefault(here, []).append(action)
    st.ab.history.append((here, full, action.seat, action))


def barred(st: ForceHorseState, seat: int) -> list[Action]:
    """FotH 1201.1b: the actions the turn player may not take again now."""
    if seat != st.turn_player or not st.ab.seen or st.ab.repeating:
        return []  # the agreed repetitions of 1201.1a are not barred
    return list(st.ab.seen.get(keys(st)[1], []))


def cycle(st: ForceHorseState) -> list[Action] | None:
    """FotH 1201.1a: what was done since the turn player last stood where the
    cards are now, if something grew meanwhile (else nothing changed at all)."""
    if not st.ab.history:
        return None
    full, here = keys(st)
    if here in st.ab.looped:
        return None
    for i in range(len(st.ab.history) - 1, -1, -1):
        lk, fk, seat, _ = st.ab.history[i]
        if lk == here and seat == st.turn_player:
            return None if fk == full else [a for _, _, _, a in st.ab.history[i:]]
    return None


def loop_actions(st: ForceHorseState, seat: int) -> list[Action]:
    if st.ab.proposal is not None:
        return [LoopCount(seat, k) for k in range(st.ab.proposal[1] + 1)]
    if seat == st.turn_player and cycle(st):
        return [Loop(seat, k) for k in range(1, st.game.config.max_loop + 1)]
    return []


def act(st: ForceHorseState, action: Action, events: list[Event]) -> bool:
    """Do a :class:`Choose`, :class:`Loop` or :class:`LoopCount`; False for other actions."""
    if isinstance(action, Choose):
        choose(st, action.option, events)
        drive(st, events)
        return True
    if isinstance(action, Loop):
        st.ab.proposal = (action.seat, action.times)
        return True
    if isinstance(action, LoopCount):
        steps = cycle(st) or []
        st.ab.looped.add(keys(st)[1])
        st.ab.proposal = None
        st.ab.repeating = True
        try:
            for _ in range(action.times):
                for a in steps:
                    if st.over or st._check_rules(a) is not None:
                        return True  # the loop cannot go on: it stops here
                    events.extend(st._apply(a))
                    st.ab.keys = None
        finally:
            st.ab.repeating = False
        return True
    return False


def stuck(st: ForceHorseState, events: list[Event]) -> None:
    """FotH 1201.1c: a player to act whom 1201.1b leaves no action: no one
    can stop the loop, the game is a draw."""
    if not st.game.has_abilities or st.phase == "over" or not st.ab.seen:
        return
    for seat in st.to_act:
        if seat >= 0 and not _may_act(st, seat):
            events.append(LoopDraw())
            st.finish((), events)
            st.ab.keys = None
            return


def _may_act(st: ForceHorseState, seat: int) -> bool:
    """Whether ``seat`` has a legal action: ``bool(st._legal(seat))``, listing
    them only when 1201.1b bars some or the answer is not plain (listing them
    after every action was 18% of a game with abilities, profiled)."""
    ab = st.ab
    plain = ab.choice is None and ab.proposal is None and not barred(st, seat)
    if plain and (st.phase not in ("farm", "limit") or st.table.zones[seat][HAND]):
        return True  # a Pass, a Mulligan or a card to farm (rules.legal_actions)
    return bool(st._legal(seat))

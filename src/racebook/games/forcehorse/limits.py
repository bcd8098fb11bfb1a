"""The ends the engine puts to a game that no rule ends: 1201.1c's loop no
one can stop, and the engine's own limits of the config (``max_work``,
``max_effects``, ``loop_repeats``, ``max_turns``), said as what they are;
and the end of continuous effects and delayed triggers whose period is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.core.game import Event
from racebook.games.forcehorse.work import EngineLimit, LoopDraw
from racebook.games.forcehorse.zones import RUN

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


def unstoppable(st: ForceHorseState, events: list[Event]) -> None:
    """FotH 1201.1c: a loop no one can stop: the game ends in a draw."""
    events.append(LoopDraw())
    st.finish((), events)


def limit_reached(st: ForceHorseState, bound: str, events: list[Event]) -> None:
    """The engine's limit ``bound`` of the config reached: the game ends in a
    draw, said as what it is (:class:`EngineLimit`); edition 2 said 1201.1c."""
    if st.game.config.edition < 3:
        unstoppable(st, events)
        return
    events.append(EngineLimit(bound))
    st.finish((), events)


def made_count(st: ForceHorseState) -> int:
    """What the abilities made that exists now: continuous effects and, from
    edition 3, delayed triggers and waiting abilities too (``max_effects``)."""
    ab = st.ab
    if st.game.config.edition < 3:
        return len(ab.lasting)
    return len(ab.lasting) + len(ab.delayed) + len(ab.waiting)


def end_lasting(st: ForceHorseState, turn_over: bool) -> None:
    """Continuous effects end: at the end of the turn for ``until = turn``;
    when the source leaves the run area for force abilities' (1102.5); and
    one whose every card has moved since is dropped (808.2: it never applies
    again)."""
    t = st.table
    keep = []
    for x in st.ab.lasting:
        if x.until == "turn" and turn_over:
            continue
        if x.until == "run-area" and x.source not in t.zones[t.owners[x.source]][RUN]:
            continue
        if x.targets is not None and all(t.entered.get(c, 0) > x.stamp for c in x.targets):
            continue  # 808.2: its cards all moved since; it can never apply again
        keep.append(x)
    st.ab.lasting = tuple(keep)
    if any(d.until for d in st.ab.delayed):  # 806.5a: a delayed trigger's stated period ends
        st.ab.delayed = [
            d
            for d in st.ab.delayed
            if not (d.until == "turn" and turn_over)
            and not (d.until == "run-area" and d.source not in t.zones[t.owners[d.source]][RUN])
        ]


def forced_chain_ends(st: ForceHorseState) -> None:
    """A rule check ended (804.2d), or a player chose between two or more
    options: what came before is no forced chain for 1201.1c any more."""
    st.ab.check_keys.clear()
    st.ab.repeats.clear()
    st.ab.passes = 0

"""Rule processes (FotH 900s) and the rule check (804, 901).

Rule processes are checked only in a rule check (901.2), all that apply are
done at once (901.3, 804.2a), repeated while any applies
(:func:`rule_processes`); then waiting automatic abilities are played
(804.2b-c, :func:`racebook.games.forcehorse.engine.check_step`).
"""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING

from racebook.core.game import Event
from racebook.games.forcehorse.cards import FORCE, HORSE
from racebook.games.forcehorse.cards import SITUATION as SITUATION_KIND
from racebook.games.forcehorse.events import RuleProcess, Victory, shared
from racebook.games.forcehorse.work import CHECK, farm_op, push
from racebook.games.forcehorse.zones import AREAS, FARM, RESOLUTION, RUN, SITUATION, move

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


_A1, _A2, _A3, _A4 = AREAS
_RUNNERS = (HORSE, FORCE)  # what stays in a run area (904.1)


def _pending(st: ForceHorseState) -> list[tuple[str, int, str, int]]:
    """Every rule process that applies now, as (rule, seat, zone, card)."""
    t = st.table
    out: list[tuple[str, int, str, int]] = []
    zones = t.zones
    cards = t.cards
    keep: Container[int] = ()
    situations = zones[0][SITUATION], zones[1][SITUATION]
    if len(situations[0]) + len(situations[1]) == 1:
        keep = situations[0] or situations[1]  # 903.1: a lone one is its player's latest
    elif situations[0] or situations[1]:
        # 903 duplicate situation cards
        latest = [max(situations[s], key=t.placed.__getitem__, default=None) for s in (0, 1)]
        keep = set()
        if latest[0] is not None and latest[1] is not None:
            a, b = t.placed[latest[0]], t.placed[latest[1]]
            if a != b:  # 903.2b; equal times: nothing kept (903.2c)
                keep.add(latest[0] if a > b else latest[1])
        else:
            keep.update(c for c in latest if c is not None)  # 903.1
    stays = st.game.config.horse_supports == "run-end"
    for s in (0, 1):
        for c in situations[s]:
            if cards[c].timing != "situation":
                out.append(("904.2", s, SITUATION, c))
            elif c not in keep:
                out.append(("903", s, SITUATION, c))
        for c in zones[s][RUN]:  # 904.1
            card = cards[c]
            if card.kind != HORSE and card.kind != FORCE:
                if stays and card.timing == "horse" and card.category != SITUATION_KIND:
                    continue  # 805.2d-iv: farmed when the run is done (702.6m)
                out.append(("904.1", s, RUN, c))
    for c in t.resolution:  # 905.1: nothing is being played during a rule check
        out.append(("905.1", t.owners[c], RESOLUTION, c))
    return out


def rule_check(st: ForceHorseState, events: list[Event]) -> None:
    """FotH 804.2: a whole rule check now (processes, then waiting abilities)."""
    from racebook.games.forcehorse.engine import drive

    if not st.over:
        st.table.settled = -1  # a whole rule check, looked at afresh
        push(st, CHECK)
        drive(st, events)


def rule_processes(st: ForceHorseState, events: list[Event]) -> bool:
    """FotH 804.2a: 902 victory ends the game (102.1; both at once: a draw,
    see the notes); else every rule process that applies is done at once
    (901.3), then the rule check comes back here (it is put back first), so
    this repeats while any applies.  A card a process puts on a farm goes
    there by a replaceable move (809.1: a replacement effect replaces any
    event it names; replacing one card's move leaves the others' as they
    are, 901.3).  True when no rule process applies (on to 804.2b)."""
    if st.phase == "over":  # st.over, inline: every rule check
        return False
    t = st.table
    if t.settled == t.moves:
        return True  # no zone changed since a rule check found nothing to do (901, 902)
    z0, z1 = t.zones
    if not t.resolution:  # most checks, at a glance: no winner (902.1, as _victory)
        lone = z0[SITUATION] + z1[SITUATION]  # and no process (903-905, as _pending)
        cards = t.cards
        for c in z0[RUN] + z1[RUN]:
            if cards[c].kind not in _RUNNERS:
                break  # a support card in a run area: see _pending (904.1)
        else:
            if (
                (not lone or (len(lone) == 1 and cards[lone[0]].timing == "situation"))
                and (z0[_A1] or z0[_A2] or z0[_A3] or z0[_A4])
                and (z1[_A1] or z1[_A2] or z1[_A3] or z1[_A4])
            ):
                t.settled = t.moves
                return True
    legacy = st.game.legacy  # edition 1: the moves done at once, not replaceable
    while True:
        if _victory(st, events):
            return False
        pending = _pending(st)
        if not pending:
            t.settled = t.moves
            return True
        moves = []
        for rule, seat, zone, card in pending:
            events.append(shared(RuleProcess, rule, seat, st.table.name(card)))
            owner = st.table.owners[card]  # "所有者のファーム"
            if owner != seat:
                _cross(st, card, seat, zone, owner, events)
            elif legacy:
                move(st.table, card, seat, zone, FARM, events)
            else:
                moves.append(farm_op(card, zone))
        if not legacy:
            push(st, *moves, CHECK)
            return False


def _victory(st: ForceHorseState, events: list[Event]) -> bool:
    """FotH 902.1: a player with no card in any distance area wins (both at
    once: ``both_empty``, rules notes); True when the game ended."""
    t = st.table  # no distance area holds a card: current_area() finds none
    z0, z1 = t.zones
    if (z0[_A1] or z0[_A2] or z0[_A3] or z0[_A4]) and (z1[_A1] or z1[_A2] or z1[_A3] or z1[_A4]):
        return False  # 902.1: nobody wins yet (every rule check; current_area(), inline)
    winners = tuple(s for s in range(2) if t.current_area(s) is None)  # 902.1
    if len(winners) == 2 and st.game.config.both_empty == "turn-player":
        winners = (st.turn_player,)  # a reading (rules notes)
    if winners:
        events.append(Victory(winners))
        st.finish(winners, events)
    return bool(winners)


def _cross(
    st: ForceHorseState, card: int, seat: int, zone: str, owner: int, events: list[Event]
) -> None:
    # A card in another player's zone goes to its owner's farm (no card
    # changes sides in this vocabulary yet); through the shared resolution area.
    if zone != RESOLUTION:
        move(st.table, card, seat, zone, RESOLUTION, events)
    move(st.table, card, owner, RESOLUTION, FARM, events)

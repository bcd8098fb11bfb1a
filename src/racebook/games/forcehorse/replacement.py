"""Replacement effects (FotH 809): a draw, a card put on a farm, a going
change and runs added are each checked just before they happen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.core.game import Event
from racebook.games.forcehorse import turn  # turn imports this module first (through engine)
from racebook.games.forcehorse.abilities import Ability
from racebook.games.forcehorse.effects import abilities_of, is_live, live, valid, zone_of
from racebook.games.forcehorse.records import Context
from racebook.games.forcehorse.triggers import _whose, signal
from racebook.games.forcehorse.work import MAX_OPTIONS, Choice, Op, Replaced, cost_options, push
from racebook.games.forcehorse.zones import AREAS, FARM, HAND, RESOLUTION, move

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


MOVES = ("farm", "to-hand")
"""Replaceable events that move one card: its owner is the affected player
(809.2b) and what it says about its own move is valid as it moves (803.4a-i)."""


def replacements(st: ForceHorseState, op: Op) -> list[tuple[int, int, Ability]]:
    if not st.game.has_abilities:
        return []  # no card has an ability: nothing replaces (part 1)
    t = st.table
    out = []
    cards = live(st)
    if op.kind in MOVES and op.card >= 0 and op.card not in cards and not st.game.legacy:
        # 803.4a-i: "instead of this card going to the farm" is valid as it
        # goes there, from wherever it is (an area-type item's own, 805.2d-v)
        cards = (*cards, op.card)
    for card in cards:
        if all(a.type != "replace" or a.instead != op.kind for a in t.cards[card].abilities):
            continue  # none printed, none had (808.1b): its information is not needed
        user = t.owners[card]
        for i, a in enumerate(abilities_of(st, card)):
            if a.type != "replace" or (card, i) in op.applied or a.instead != op.kind:
                continue
            if card == op.card and a.whose != "this" and not is_live(t, card):
                continue  # not live: only its text about itself is valid (803.4a-i)
            if op.kind in MOVES:
                owner = t.owners[op.card]
                if not _whose(a, user, owner, op.card, card):
                    continue
            elif op.kind in ("draw", "add-runs") and not _whose(a, user, op.seat, -1, card):
                continue
            if not valid(st, a, card, user):
                continue
            if a.may and a.cost != "pay-force" and not cost_options(st, a, user, card):
                continue  # 809.3 (whether a hand card or this card can go is public)
            out.append((card, i, a))
    return out


def affected(st: ForceHorseState, op: Op) -> int:
    """FotH 809.2b: who chooses the order: the player doing the action, or
    the user of the card it acts on."""
    if op.kind in MOVES:
        return st.table.owners[op.card]
    return op.seat if op.seat >= 0 else st.turn_player


def replaceable(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    """FotH 809: a replaceable event, replaced or done."""
    cands = replacements(st, op)
    if not cands:
        execute(st, op, events)
        return
    if len(cands) == 1:
        card, i, a = cands[0]
        if not a.may:
            replace(st, op, card, i, (), events)
        else:
            offer_may(st, op, card, i, a)
        return
    cands = cands[:MAX_OPTIONS]
    labels = tuple(f"{st.table.name(c)} #{i}" for c, i, _ in cands)
    st.ab.choice = Choice(
        affected(st, op), "replace", labels, tuple((c, i) for c, i, _ in cands), op
    )


def offer_may(st: ForceHorseState, op: Op, card: int, i: int, a: Ability) -> None:
    """FotH 802.1c-ii: the user may make the [choice]; if they do, the
    replacement.  When the [choice] cannot be made it cannot be applied
    (809.3); a force payment's user is asked all the same (with only "do not
    replace"), so that whether their hand could pay is not shown to the other
    player."""
    user = st.table.owners[card]
    pays = cost_options(st, a, user, card)[: MAX_OPTIONS - 1]
    labels = tuple("replace, paying " + ", ".join(st.table.name(c) for c in p) for p in pays)
    options = (*((card, i, k) for k in range(len(pays))), (card, i, -1))
    st.ab.choice = Choice(user, "may", (*labels, "do not replace"), options, op)


def replace(
    st: ForceHorseState, op: Op, card: int, i: int, pay: tuple[int, ...], events: list[Event]
) -> None:
    """FotH 809.1: the event does not happen; the replacement's effects instead,
    themselves never replaced again by this one (809.2c)."""
    from racebook.games.forcehorse.engine import pay_cost

    t = st.table
    a = t.cards[card].abilities[i]
    after = pay_cost(st, a, pay, events)  # 802.1c-ii's [choice]
    events.append(Replaced(t.owners[card], t.name(card), op.kind))
    t.stamp += 1
    ctx = Context(t.owners[card], card, t.stamp, -1, -1, op.card, None, a)
    applied = op.applied | {(card, i)}
    push(st, *(Op("effect", effect=e, ctx=ctx, applied=applied) for e in a.do), *after)


def execute(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    """Do a replaceable event (nothing replaced it)."""
    t = st.table
    if op.kind == "draw":  # 502: the top card of the current area (403.4), if any (103.2)
        zones = t.zones[op.seat]
        for area in AREAS:  # turn.draw() of one card, inline: a draw at every turn
            if zones[area]:
                move(t, zones[area][-1], op.seat, area, HAND, events)
                signal(st, "drawn", op.seat)
                break
    elif op.kind == "farm":
        owner = t.owners[op.card]
        if op.name:  # still where it was: zone_of(), asked of that zone alone
            here = t.resolution if op.name == RESOLUTION else t.zones[owner].get(op.name, ())
            if op.name != FARM and op.card in here:
                move(t, op.card, owner, op.name, FARM, events)
            return
        zone = zone_of(t, op.card)
        if zone and zone != FARM:
            move(t, op.card, owner, zone, FARM, events)
    elif op.kind == "to-hand":
        zone = zone_of(t, op.card)
        if zone and zone != HAND and zone == (op.name or zone):  # still where it was
            move(t, op.card, t.owners[op.card], zone, HAND, events)
    elif op.kind == "going":
        before = st.race
        st.change_going(op.amount, events)
        if st.race != before:
            signal(st, "going-changed", op.seat)
    elif op.kind == "add-runs" and op.amount > 0 and has_run_count(st, op.seat):
        turn.add_runs(st, op.amount, events)  # 512.1: to that player's run count
        signal(st, "runs-added", op.seat)


def has_run_count(st: ForceHorseState, seat: int) -> bool:
    """FotH 702.6a: only the turn player has a run count (走破回数); runs
    added for the other player (512.1) are not done (103.2)."""
    return seat == st.turn_player or st.game.legacy  # edition 1 added them for anyone

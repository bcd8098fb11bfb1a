"""Automatic abilities' triggers (FotH 806) and last known information (810).

Every zone move and every moment a trigger may name is a signal
(:func:`signal`, :func:`on_move`); :func:`watch` turns the signals into
waiting abilities (806.2) and :func:`state_triggers` does 806.6."""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.core.game import Event
from racebook.games.forcehorse.abilities import Ability
from racebook.games.forcehorse.effects import abilities_of, info, live, live_zone, valid
from racebook.games.forcehorse.records import Info, Waiting
from racebook.games.forcehorse.work import AbilityTriggered, Signal
from racebook.games.forcehorse.zones import AREAS, HAND, PUBLIC, RESOLUTION, RUN

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


def signal(st: ForceHorseState, kind: str, seat: int, card: int = -1) -> None:
    """Record that something an automatic ability may watch happened."""
    if st.game.has_abilities:
        st.ab.signals.append((kind, seat, card, "", "", live(st)))


def on_move(st: ForceHorseState, card: int, source: str, target: str) -> None:
    """Called by every zone move, before it: last known information (810.1)
    of a card leaving a public zone, its trigger signal (806.4) and the time
    it enters its new zone (808.1h-i, 808.2)."""
    t = st.table
    if source in PUBLIC:
        st.ab.lki[card] = info(st, card)  # 810.1
    t.stamp += 1
    t.entered[card] = t.stamp
    seen_from = source
    if source == RESOLUTION and card in st.ab.playing:
        # 506.1a: a card played from zone A and, as a result, put in zone B
        # was put from A to B (it is played from the hand, 805.2a)
        st.ab.playing = st.ab.playing - {card}
        seen_from = HAND
    # the cards whose abilities are valid as it happens (803.4), the mover as it leaves
    st.ab.signals.append(("moved", t.owners[card], card, seen_from, target, live(st)))


def _whose(ability: Ability, user: int, seat: int, card: int, this: int) -> bool:
    w = ability.whose
    if w == "this":
        return card == this
    if w == "yours":
        return seat == user
    if w == "opponents":
        return seat != user
    return True


def _zone_word(word: str, zone: str) -> bool:
    return not word or word == zone or (word == "area" and zone in AREAS)


def _matches(ability: Ability, sig: Signal, this: int, user: int) -> bool:
    kind, seat, card, source, target, _ = sig
    on = ability.on
    if ability.type == "force" and not on:
        on = "enters-run"  # 1102.2: "when this card is put in the run area, if (state)"
    if on == "enters-run":
        return kind == "moved" and card == this and target == RUN
    if on == "moved":
        return (
            kind == "moved"
            and _whose(ability, user, seat, card, this)
            and _zone_word(ability.source, source)
            and _zone_word(ability.to, target)
        )
    if on == "paid":
        return kind == "paid" and card == this
    return kind == on and _whose(ability, user, seat, card, this)


def watch(st: ForceHorseState, events: list[Event]) -> None:
    """FotH 806.2: every automatic ability whose trigger happened waits, once
    for each time (806.2a)."""
    ab = st.ab
    if not ab.signals:
        return
    signals, ab.signals = ab.signals, []
    t = st.table
    for sig in signals:
        kind, _, moved, source, target, live = sig
        watchers = list(live)
        own = -1  # a mover whose abilities are valid only for its own move (803.4a-i)
        if kind == "moved" and moved not in watchers:
            zone = live_zone(t.cards[moved])
            if zone in (source, target):
                watchers.append(moved)  # 806.4b: it triggers on its own move
            elif not st.game.legacy and any(
                a.on == "moved" and a.whose == "this" for a in t.cards[moved].abilities
            ):
                watchers.append(moved)  # 803.4a-i: "when this card is put ..." as it is
                own = moved
        if kind == "paid" and moved not in watchers:
            watchers.append(moved)  # 803.4d: valid in the resolution area when paid
        for card in watchers:
            user = t.owners[card]
            now: Info | None = None
            # its printed abilities, its information read only for one whose
            # trigger happened: effects only take abilities away (808.1b), so
            # it has these or none (info() for every card and signal was 12%
            # of a game with abilities)
            for i, ability in enumerate(t.cards[card].abilities):
                if not ability.is_triggered or ability.type == "state":
                    continue
                if card == own and ability.whose != "this":
                    continue
                if not _matches(ability, sig, card, user):
                    continue
                if now is None:
                    now = _abilities_then(st, sig, card)
                if not now.abilities:
                    break  # 808.1b: it has lost them
                if ability.type == "force" and not now.force_usable:
                    continue  # 1102.6
                if (ability.type == "auto" or ability.on) and not valid(st, ability, card, user):
                    continue  # 803.3, 1102.3: not valid now, so it cannot trigger
                seen = _trigger_info(st, sig)
                if seen[1] is None and not _reads_card(ability):
                    seen = (-1, None)  # a hidden move's card, which this text never names
                if ability.card_when and not card_holds(st, ability, *seen):
                    continue  # 806.4a, 808.3a: the triggering card has not that information
                _wait(st, Waiting(user, card, i, *seen), events)
        for d in list(ab.delayed):
            if d.until == "run-area" and d.source not in t.zones[t.owners[d.source]][RUN]:
                ab.delayed.remove(d)  # 806.5a: its period (while its source runs) is over
                continue
            if _matches(d.ability, sig, d.source, d.user):
                if not d.until:
                    ab.delayed.remove(d)  # 806.5a: once, unless a period is stated
                seen = _trigger_info(st, sig)
                if seen[1] is None and not _reads_card(d.ability):
                    seen = (-1, None)
                _wait(st, Waiting(d.user, d.source, -1, *seen, d.ability), events)


def _abilities_then(st: ForceHorseState, sig: Signal, card: int) -> Info:
    """The information whose abilities say whether ``card`` triggers: now,
    or, for a card leaving the zone where its abilities are valid, as it was
    there (803.4b with 808.1b: a horse that lost its abilities in the run
    area does not trigger on leaving it, though the loss ends as it leaves)."""
    kind, _, moved, source, _, _ = sig
    if st.game.legacy:
        return info(st, card)  # edition 1 read it after the move
    if kind == "moved" and moved == card and source == live_zone(st.table.cards[card]):
        then = st.ab.lki.get(card)
        if then is not None:
            return then  # recorded by on_move just before it left (810.1)
    return info(st, card)


def card_holds(st: ForceHorseState, ability: Ability, card: int, now: Info | None) -> bool:
    from racebook.games.forcehorse.actions import card_holds as holds_for

    return holds_for(st, ability, card, now)


def _reads_card(ability: Ability) -> bool:
    """Whether an automatic ability's text names the card that triggered it
    (a ``triggering`` target or amount, or ``card_when``)."""
    return bool(ability.card_when) or any(
        e.target == "triggering" or e.per.startswith("triggering")
        for e in (*ability.do, *ability.later)
    )


def _trigger_info(st: ForceHorseState, sig: Signal) -> tuple[int, Info | None]:
    """FotH 806.4a: a card moving between a public and a hidden zone is seen
    as it was in the public one; public to public, as it is in the new one."""
    kind, _, card, source, target, _ = sig
    if card < 0:
        return -1, None
    if kind != "moved":
        return card, info(st, card)
    if source in PUBLIC and target not in PUBLIC:
        return card, st.ab.lki.get(card)
    if source in PUBLIC or target in PUBLIC:
        return card, info(st, card)
    if st.game.config.edition >= 3:
        # 806.4: the card that moved is still that card; 806.4a only says where
        # its information is read, and a move between hidden zones gives none
        return card, None
    return -1, None  # edition 2 gave it no card either


def _wait(st: ForceHorseState, w: Waiting, events: list[Event]) -> None:
    st.ab.waiting.append(w)
    events.append(AbilityTriggered(w.user, st.table.name(w.source), w.ability))


def state_triggers(st: ForceHorseState, events: list[Event]) -> None:
    """FotH 806.6: a state trigger waits once when its state holds; after it
    resolves, if the state still holds, it waits again (806.6a)."""
    if not st.game.has_abilities:
        return  # no card has an ability: nothing to look for (part 1; 7 -> 4.5 ms a game)
    t = st.table
    for card in live(st):
        if all(a.type != "state" for a in t.cards[card].abilities):
            continue  # none printed, none had (808.1b): its information is not needed
        user = t.owners[card]
        for i, ability in enumerate(abilities_of(st, card)):
            if ability.type != "state":
                continue
            if not valid(st, ability, card, user):
                st.ab.spent.discard((card, i))  # the state ended: it may arise again
                continue
            if (card, i) in st.ab.spent:
                continue  # declined or unplayable: it waits again only once the state arises anew
            if any(w.source == card and w.ability == i for w in st.ab.waiting):
                continue
            _wait(st, Waiting(user, card, i), events)


def states_holding(st: ForceHorseState) -> set[tuple[int, int]]:
    """The state triggers (806.6) of cards whose abilities are valid now
    whose state holds: (card, ability index)."""
    t = st.table
    out: set[tuple[int, int]] = set()
    for card in live(st):
        if all(a.type != "state" for a in t.cards[card].abilities):
            continue
        user = t.owners[card]
        for i, ability in enumerate(abilities_of(st, card)):
            if ability.type == "state" and valid(st, ability, card, user):
                out.add((card, i))
    return out


def states_arising(
    st: ForceHorseState, held: set[tuple[int, int]], events: list[Event]
) -> set[tuple[int, int]]:
    """FotH 806.6a between two steps of work: a state trigger whose state has
    arisen since ``held`` (what held before) waits, once; one whose state
    ended may arise again.  Returns what holds now."""
    now = states_holding(st)
    ab = st.ab
    for key in held - now:
        ab.spent.discard(key)  # the state ended: it may arise again
    for card, i in sorted(now - held):
        if (card, i) in ab.spent or any(w.source == card and w.ability == i for w in ab.waiting):
            continue
        _wait(st, Waiting(st.table.owners[card], card, i), events)
    return now

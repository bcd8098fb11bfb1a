"""Edition 3 of FotH 808.1: every card's information made at once, step by
step (808.1c, 808.1d, 808.1e, 808.1f), an effect after the effects it
depends on (808.1g), the rest by timestamp (808.1h).  :func:`_world` fills
the information :func:`~.effects.info` keeps; edition 2's reading, card by
card, stays in :mod:`.effects`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import attrs

from racebook.games.forcehorse.abilities import LAYER, Ability, Effect
from racebook.games.forcehorse.cards import HORSE, STYLES
from racebook.games.forcehorse.effects import (
    _apply,
    _effect_holds,
    _step1,
    aptitude,
    holds,
    live,
    valid,
)
from racebook.games.forcehorse.records import Info, Lasting, printed
from racebook.games.forcehorse.zones import HAND, RUN

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


@attrs.frozen
class _InForce:
    """One continuous effect of 808.1c-f in force now: the cards it may apply
    to (its group or fixed cards, 808.2; ``only`` is read as it applies), and
    the continuous ability whose condition it has (803.3; ``None``: made by
    resolving, its condition was read then)."""

    effect: Effect
    stamp: int
    user: int
    source: int
    ability: Ability | None
    cards: tuple[int, ...]
    printed: bool = False
    """Made by a continuous ability (its effect's own ``when`` / ``unless``
    and ``per`` read as it applies); else made by resolving (read then)."""


_Key = tuple[Effect, int, int, tuple[int, ...], bool]


def _key(f: _InForce) -> _Key:
    """Like effects: the same effect of the same user on the same cards (and
    the same card's condition): each applies alike and reaches alike."""
    return (f.effect, f.user, f.source if f.ability is not None else -1, f.cards, f.ability is None)


@attrs.frozen
class _Group:
    """Like effects of one step of 808.1 in a row by timestamp (``rep`` one
    of them; like: :func:`_key`), one timestamp each."""

    rep: _InForce
    key: _Key
    stamps: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.stamps)


def _in_force(st: ForceHorseState) -> dict[int, list[_Group]]:
    """The continuous effects of 808.1c-f in force, by step (LAYER), each
    step's by timestamp (808.1h) in groups of like effects in a row."""
    t = st.table
    lost = _step1(st)[0]
    printed_ones: list[_InForce] = []
    for source in live(st):
        if source in lost:
            continue  # 808.1b: a card without abilities makes no effect
        user = t.owners[source]
        for ability in t.cards[source].abilities:
            if ability.type != "continuous":
                continue
            cond = ability if (ability.when or ability.unless) else None
            for e in ability.do:
                if LAYER[e.effect] < 2:
                    continue
                cards = _members(st, e, user, source, None, 0)
                if cards:
                    stamp = t.entered.get(source, 0)
                    printed_ones.append(_InForce(e, stamp, user, source, cond, cards, True))
    made = _made(st)
    out: dict[int, list[_Group]] = {}
    for layer in (2, 4, 5):
        mine = sorted(
            (f for f in printed_ones if LAYER[f.effect.effect] == layer), key=lambda f: f.stamp
        )
        groups = list(made.get(layer, ()))
        if mine:
            groups = _merged(mine, groups)
        if groups:
            out[layer] = groups
    return out


def _merged(printed_ones: list[_InForce], groups: list[_Group]) -> list[_Group]:
    """Printed abilities' effects put among the groups by timestamp (808.1h):
    a group with one inside its span is taken apart there."""
    stamps = [f.stamp for f in printed_ones]
    split: list[_Group] = []
    for g in groups:
        if g.count > 1 and any(g.stamps[0] < s <= g.stamps[-1] for s in stamps):
            split += [_Group(g.rep, g.key, (s,)) for s in g.stamps]
        else:
            split.append(g)
    singles = [_Group(f, _key(f), (f.stamp,)) for f in printed_ones]
    return sorted([*singles, *split], key=lambda g: g.stamps[0])  # stable: ties as found


def _made(st: ForceHorseState) -> dict[int, tuple[_Group, ...]]:
    """The effects of 808.1c-f made by resolving that reach a card now, by
    step, in groups.  Kept while the zones are as they were, and extended
    when effects were only added (a forced chain making one at each pass:
    the work of a pass is the effects made since, not all of them)."""
    t = st.table
    ab = st.ab
    made = ab.on_cards
    kept = ab.made
    if kept is not None and kept[0] == (t, t.moves, ab.lasting_epoch):
        seen = kept[1]  # only added to since (add_lasting): the same first ones
        found: dict[int, tuple[_Group, ...]] = kept[2]
        if len(made) > len(seen):
            found = _grouped(st, made[len(seen) :], dict(found))
            ab.made = (kept[0], made, found)
        return found
    found = _grouped(st, made, {})
    ab.made = ((t, t.moves, ab.lasting_epoch), made, found)
    return found


def _grouped(
    st: ForceHorseState, made: tuple[Lasting, ...], out: dict[int, tuple[_Group, ...]]
) -> dict[int, tuple[_Group, ...]]:
    """``out`` with the effects ``made`` (in the order made) added."""
    t = st.table
    for x in made:
        if x.until == "run-area" and x.source not in t.zones[x.user][RUN]:
            continue  # 1102.5
        cards = _members(st, x.effect, x.user, x.source, x.targets, x.stamp)
        if not cards:
            continue
        f = _InForce(x.effect, x.stamp, x.user, x.source, None, cards)
        layer = LAYER[x.effect.effect]
        groups = out.get(layer, ())
        k = _key(f)
        last = groups[-1] if groups else None
        if last is None or last.stamps[-1] <= f.stamp:
            if last is not None and last.key == k:
                out[layer] = (*groups[:-1], _Group(last.rep, k, (*last.stamps, f.stamp)))
            else:
                out[layer] = (*groups, _Group(f, k, (f.stamp,)))
        else:  # made out of timestamp order (never seen): every effect on its own, in order
            singles = [_Group(g.rep, g.key, (s,)) for g in groups for s in g.stamps]
            singles.append(_Group(f, k, (f.stamp,)))
            out[layer] = tuple(sorted(singles, key=lambda g: g.stamps[0]))
    return out


def _world(st: ForceHorseState) -> None:
    """Edition 3 of FotH 808.1: every card's information made at once, one
    step after another (808.1c, d, e, f); inside a step each effect applies
    in turn, its condition (803.3) and ``only`` read on the information as
    it stands when it applies, so a condition reads what the effects before
    it made and never what it makes itself.  An effect applies after every
    effect it depends on (808.1g: applying the other first changes whether
    or to what it applies), the rest by timestamp (808.1h); effects that
    depend on each other in a circle go by timestamp."""
    ab = st.ab
    forces = _in_force(st)
    if not forces:
        ab.world_made = True
        return
    world: dict[int, Info] = {}
    stage = [2]

    def get(card: int) -> Info:
        now = world.get(card)
        return now if now is not None else _plain(st, card, stage[0])

    ab.reading = get
    try:
        for c in {c for groups in forces.values() for g in groups for c in g.rep.cards}:
            world[c] = _plain(st, c, 1)
        for layer in (2, 3, 4, 5):
            stage[0] = layer
            if layer == 3:
                if st.race is not None and st.game.config.aptitude:
                    t = st.table
                    for c, now in world.items():
                        world[c] = aptitude(st, c, now, t.owners[c], st.race)  # 808.1d
                continue
            if layer in forces:
                _step(st, forces[layer], world, get)
    finally:
        ab.reading = None
    ab.infos.update(world)
    ab.world_made = True


def _reach(st: ForceHorseState, f: _InForce, get: Callable[[int], Info]) -> tuple[int, ...]:
    """The cards ``f`` applies to as things stand (none while its condition,
    or its effect's own, fails: 803.2-803.3)."""
    if f.ability is not None and not valid(st, f.ability, f.source, f.user, subject=get(f.source)):
        return ()  # 803.3
    e = f.effect
    if f.printed and not _effect_holds(st, e, f.source, f.user, get(f.source)):
        return ()  # 803.2-803.3: this effect alone
    only = e.only
    if not only:
        return f.cards
    return tuple(c for c in f.cards if holds(st, only, c, f.user, get(c)))


def _amount(f: _InForce, get: Callable[[int], Info]) -> int:
    """How much ``f`` moves or sets: its ``amount``, or for a continuous
    ability's effect with ``per`` its card's value as it stands."""
    per = f.effect.per
    if f.printed and per in ("run", "guard", "cost"):
        return int(getattr(get(f.source), per))
    return f.effect.amount


def _sensitive(f: _InForce) -> bool:
    """Whether what ``f`` applies to, or how, can depend on information."""
    e = f.effect
    return (
        f.ability is not None or bool(e.only) or (f.printed and bool(e.when or e.unless or e.per))
    )


def _step(
    st: ForceHorseState,
    groups: list[_Group],
    world: dict[int, Info],
    get: Callable[[int], Info],
) -> None:
    """One step of 808.1: apply the effects of ``groups`` (by timestamp) in
    the order 808.1g-h give: each time, the first by timestamp that depends on
    no other effect left (808.1g: applying the other first changes whether
    or to what it applies); effects depending on each other in a circle by
    timestamp (808.1h).

    Like effects in a row are taken together where the rules' order takes
    them one after another anyway: an effect whose reach reads no information
    depends on none, so once it is the earliest left the like ones after it
    follow; of effects that only move numbers up or down, the sums are
    written once (sums commute, and nothing reads between them).  A pile of
    like effects costs about one effect."""
    sums: dict[int, list[int]] = {}

    def flush() -> None:
        for c, (run, guard, cost) in sums.items():
            now = world[c]
            world[c] = attrs.evolve(
                now, run=now.run + run, guard=now.guard + guard, cost=now.cost + cost
            )
        sums.clear()

    left = [g.count for g in groups]
    start = 0
    while True:
        while start < len(groups) and not left[start]:
            start += 1
        if start == len(groups):
            break
        at = start
        rest = sum(left[start:])  # a few: a pile is one group
        if _sensitive(groups[at].rep) and rest > 1:
            flush()  # what it reads must be up to date
            at = _first_free(st, groups, left, start, get)
        g = groups[at]
        f = g.rep
        times = 1
        if at == start and not _sensitive(f):
            times = left[at]  # the like ones after it follow at once
        elif at == start and left[at] == rest and rest > 1 and not f.effect.per:
            # only like effects left: when what decides their reach is no
            # information they write, each reaches the same cards
            flush()
            reach, read = _traced_reach(st, f, get)
            if _WRITES[f.effect.effect] not in read:
                for c in reach:
                    world[c] = _apply_times(f.effect, world[c], left[at], f.effect.amount)
                left[at] = 0
                continue
        left[at] -= times
        e = f.effect.effect
        if e in _SUMMED and not _sensitive(f):
            field = _SUMMED[e]
            for c in f.cards:
                sums.setdefault(c, [0, 0, 0])[field] += f.effect.amount * times
            continue
        flush()
        amount = _amount(f, get)
        for c in _reach(st, f, get):
            world[c] = _apply_times(f.effect, world[c], times, amount)
    flush()


def _first_free(
    st: ForceHorseState,
    groups: list[_Group],
    left: list[int],
    start: int,
    get: Callable[[int], Info],
) -> int:
    """The group of the first effect by timestamp that depends on no other
    effect left (808.1g); ``start`` when each depends on another (808.1h)."""
    answers: dict[_Key, bool] = {}
    changed: dict[_Key, dict[int, Info]] = {}
    for k in range(start, len(groups)):
        if not left[k]:
            continue
        a = groups[k]
        if not _sensitive(a.rep):
            return k
        depends = answers.get(a.key)
        if depends is None:
            others = [b.rep for i, b in enumerate(groups) if left[i] > (1 if i == k else 0)]
            depends = answers[a.key] = _depends(st, a.rep, others, get, changed)
        if not depends:
            return k
    return start


_WRITES = {
    "style": "styles", "favourite": "favourites", "run-set": "run", "guard-set": "guard",
    "run": "run", "guard": "guard", "cost": "cost", "style-step": "styles",
}  # fmt: skip
"""The piece of information each effect of 808.1c-f writes."""


def _apply_times(effect: Effect, now: Info, times: int, amount: int) -> Info:
    """``effect`` applied ``times`` times in a row, moving or setting ``amount``."""
    if effect.effect in _SUMMED:
        return _apply(effect, now, amount * times)
    if effect.effect == "style-step":
        for _ in range(min(times, len(STYLES))):  # past the ends, it stays there
            now = _apply(effect, now, amount)
        return now
    return _apply(effect, now, amount)  # setting or adding a word: once is all


class _Traced:
    """A card's information whose pieces read are written down (``read``)."""

    def __init__(self, now: Info, read: set[str]) -> None:
        self._now = now
        self._read = read

    def __getattr__(self, name: str) -> object:
        self._read.add(name)
        return getattr(self._now, name)


def _traced_reach(
    st: ForceHorseState, f: _InForce, get: Callable[[int], Info]
) -> tuple[tuple[int, ...], set[str]]:
    """:func:`_reach`, with the pieces of information it read, of any card."""
    read: set[str] = set()

    def traced(card: int) -> Info:
        return cast(Info, _Traced(get(card), read))

    ab = st.ab
    before = ab.reading
    ab.reading = traced
    try:
        return _reach(st, f, traced), read
    finally:
        ab.reading = before


_SUMMED = {"run": 0, "guard": 1, "cost": 2}
"""808.1f effects that move a number by an amount: several add up."""


def _depends(
    st: ForceHorseState,
    a: _InForce,
    todo: list[_InForce],
    get: Callable[[int], Info],
    changed: dict[_Key, dict[int, Info]],
) -> bool:
    """FotH 808.1g: whether applying another effect of ``todo`` first changes
    what ``a`` applies to (its condition, or which cards its ``only`` takes)
    or how (its amount, read with ``per``)."""
    ab = st.ab
    before = (_reach(st, a, get), _amount(a, get))
    tried: set[_Key] = set()
    for b in todo:
        key = _key(b)
        if key in tried:
            continue  # alike: the same answer
        tried.add(key)
        then = changed.get(key)
        if then is None:
            amount = _amount(b, get)
            then = {c: _apply(b.effect, get(c), amount) for c in _reach(st, b, get)}
            changed[key] = then
        if not then:
            continue

        def after(card: int, then: dict[int, Info] = then) -> Info:
            now = then.get(card)
            return now if now is not None else get(card)

        ab.reading = after
        try:
            if (_reach(st, a, after), _amount(a, after)) != before:
                return True
        finally:
            ab.reading = get
    return False


def _members(
    st: ForceHorseState,
    effect: Effect,
    user: int,
    source: int,
    fixed: tuple[int, ...] | None,
    stamp: int,
) -> tuple[int, ...]:
    """The cards an effect may apply to now: its fixed cards or its group;
    one made by resolving (``stamp``) never reaches a card that moved zones
    after it was made (808.2)."""
    t = st.table
    if fixed is not None:
        cards = list(fixed)
    elif effect.target == "this":
        cards = [source]
    elif effect.target in ("your-run", "opponent-run", "your-hand"):
        side = user if effect.target in ("your-run", "your-hand") else 1 - user
        zone = HAND if effect.target == "your-hand" else RUN
        cards = [c for c in t.zones[side][zone] if t.cards[c].kind == HORSE and t.owners[c] == side]
    else:
        cards = []
    if stamp:
        cards = [c for c in cards if t.entered.get(c, 0) <= stamp]  # 808.2
    return tuple(cards)


def _plain(st: ForceHorseState, card: int, step: int) -> Info:
    """A card's information through ``step`` of 808.1 with no effect of
    808.1c-f on it: printed (808.1a), 808.1b, then (step 3 on) the aptitude
    modifiers (808.1d)."""
    t = st.table
    now = printed(t.cards[card])
    lost, unusable = _step1(st)
    if card in lost and now.abilities:
        now = attrs.evolve(now, abilities=())
    if card in unusable:
        now = attrs.evolve(now, force_usable=False)
    if step >= 3 and st.race is not None and st.game.config.aptitude:
        now = aptitude(st, card, now, t.owners[card], st.race)
    return now

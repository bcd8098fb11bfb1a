"""Card information under effects (FotH 808, 1000s) and conditions (803);
the records the ability engine keeps are in :mod:`.records`.

:func:`info` is the one place a card's current information is computed:
808.1a the printed card, then 808.1b abilities given or lost, 808.1c words
set, 808.1d the aptitude modifiers of 1002, 808.1e numbers set, 808.1f
numbers moved up or down; inside a step, an effect that depends on another
(808.1g) after it, the rest by timestamp (808.1h).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, cast

import attrs

from racebook.games.forcehorse.abilities import LAYER, Ability, Effect
from racebook.games.forcehorse.cards import HORSE, STYLES, Card
from racebook.games.forcehorse.cards import SITUATION as SITUATION_TYPE
from racebook.games.forcehorse.race import Race
from racebook.games.forcehorse.records import Info, Lasting, printed
from racebook.games.forcehorse.terms import area_behind, area_in_front
from racebook.games.forcehorse.zones import AREAS, HAND, RUN, SITUATION, Table

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


# -- where abilities are valid (803.4) -------------------------------------------------


def live_zone(card: Card) -> str:
    """FotH 803.4b-d: a horse's abilities are valid in the run area, a
    situation card's in the situation area, a force card's in the resolution area."""
    if card.kind == HORSE:
        return RUN
    if card.category == SITUATION_TYPE:
        return SITUATION
    if card.kind == "force":
        return "resolution"
    return ""


def zone_of(table: Table, card: int) -> str:
    owner = table.owners[card]
    if card in table.resolution:
        return "resolution"
    for zone, cards in table.zones[owner].items():
        if card in cards:
            return zone
    return ""


def is_live(table: Table, card: int) -> bool:
    zone = live_zone(table.cards[card])
    return bool(zone) and zone_of(table, card) == zone


def live_cards(table: Table) -> list[int]:
    """Cards whose abilities are valid now (803.4), in a stable order."""
    # is_live() of each card without zone_of()'s search: a card is in one zone
    # only, so one in its owner's run or situation area is live there when that
    # is its live zone, a force card in the resolution area always (zone_of was
    # 7% of a game)
    cards, owners = table.cards, table.owners
    out = [
        c
        for s in range(2)
        for z in (RUN, SITUATION)
        for c in table.zones[s][z]
        if owners[c] == s and live_zone(cards[c]) == z
    ]
    out += [c for c in table.resolution if cards[c].kind == "force"]
    return out


def live(st: ForceHorseState) -> tuple[int, ...]:
    """:func:`live_cards` now, kept until a zone changes (Table.moves): each
    move's signal and every card information read them (12% of a game)."""
    t = st.table
    at, cards = st.ab.live
    if at != (t, t.moves):
        cards = tuple(live_cards(t))
        st.ab.live = ((t, t.moves), cards)
    return cards


# -- conditions (803.2-803.3, 1102.1a) -------------------------------------------------

_MORE_CONDITIONS = frozenset(
    {"using-situation", "is-runner", "is-guard", "same-number", "run-count-at-least",
     "cards-at-least", "cards-at-most"}
)  # fmt: skip
"""Conditions :func:`racebook.games.forcehorse.actions.holds_more` reads
(505, 506, 515, 702.6a, zone counts)."""


def holds(
    st: ForceHorseState,
    condition: str,
    card: int,
    user: int,
    subject: Info | None = None,
    paid: Iterable[int] = (),
) -> bool:
    """Whether ``condition`` holds for ``card`` (the subject of 508.5) used by
    ``user``; ``subject`` is the card's information to read (its current
    information when ``None``)."""
    if "." in condition or condition.partition(":")[0] in _MORE_CONDITIONS:
        from racebook.games.forcehorse.actions import holds_more

        return holds_more(st, condition, card, user, subject, tuple(paid))
    name, _, arg = condition.partition(":")
    t = st.table
    race = st.race
    assert race is not None

    def me() -> Info:
        return subject if subject is not None else info(st, card)

    if name == "favourite-surface":
        return race.surface in me().surfaces  # 508.1
    if name == "favourite-distance":
        return "all" in me().distances or race.distance_class in me().distances  # 508.2
    if name == "favourite-style-area":
        return t.current_area(user) in me().styles  # 508.3
    if name == "favourite-racecourse":
        return race.racecourse in me().favourites  # 508.4
    if name == "favourite-going":
        return race.going in me().favourites  # 508.4
    if name == "distance-and-style-fit":  # 508.6
        return holds(st, "favourite-distance", card, user, me()) and holds(
            st, "favourite-style-area", card, user, me()
        )
    if name == "runs-in":
        return t.current_area(user) == arg  # 509.1
    if name == "in-front":
        return area_in_front(t, user, 1 - user)  # 514.1
    if name == "behind":
        return area_behind(t, user, 1 - user)  # 514.2
    if name in ("going", "surface", "distance", "racecourse"):
        return arg == {
            "going": race.going, "surface": race.surface,
            "distance": race.distance_class, "racecourse": race.racecourse,
        }[name]  # fmt: skip
    hand = len(t.zones[user][HAND])
    if name == "hand-empty":
        return hand == 0
    if name == "hand-at-least":
        return hand >= int(arg)
    if name == "hand-at-most":
        return hand <= int(arg)
    paid = tuple(paid) or st.ab.paid.get(card, ())
    if name == "paid-special":
        return any(t.cards[c].category == "special" for c in paid)
    if name == "paid-at-least":
        return len(paid) >= int(arg)
    if name == "style":
        return arg in me().styles
    if name == "run-at-least":
        return me().run >= int(arg)
    if name == "your-turn":
        return st.turn_player == user
    if name == "opponents-turn":
        return st.turn_player != user
    raise AssertionError(condition)


def valid(st: ForceHorseState, ability: Ability, card: int, user: int, **kw: object) -> bool:
    """FotH 803.2-803.3: valid while every ``when`` holds and no ``unless`` does."""
    paid = kw.get("paid", ())
    assert isinstance(paid, tuple)
    subject = cast("Info | None", kw.get("subject"))  # an Info, or a _Traced one
    return all(holds(st, c, card, user, subject, paid) for c in ability.when) and not any(
        holds(st, c, card, user, subject, paid) for c in ability.unless
    )


# -- continuous effects (808) ----------------------------------------------------------


@attrs.frozen
class _Applied:
    """One continuous effect acting now: ``covers(card, info)`` says whether
    it applies to a card with that information (a group filter, 808.1g)."""

    effect: Effect
    stamp: int
    covers: Callable[[int, Info], bool]
    user: int = -1
    """Whose effect it is (its filter's player): effects alike share a ``key``."""

    @property
    def key(self) -> tuple[Effect, int]:
        return (self.effect, self.user)


def _group(st: ForceHorseState, effect: Effect, user: int, source: int, card: int) -> bool:
    t = st.table
    owner = t.owners[card]
    target = effect.target
    if target == "this":
        return card == source
    if target in ("your-run", "opponent-run"):
        side = user if target == "your-run" else 1 - user
        return owner == side and t.cards[card].kind == HORSE and card in t.zones[side][RUN]
    if target == "your-hand":
        return owner == user and t.cards[card].kind == HORSE and card in t.zones[user][HAND]
    return False


def _filter(st: ForceHorseState, effect: Effect, user: int) -> Callable[[int, Info], bool]:
    if not effect.only:
        return lambda card, now: True
    return lambda card, now: holds(st, effect.only, card, user, now)


@attrs.frozen
class _Remover:
    """A continuous effect of 808.1b (abilities lost, force abilities unusable)
    with the cards it covers; ``printed_source``: made by a card's printed
    continuous ability, so it exists only while that card has its abilities."""

    effect: Effect
    stamp: int
    source: int
    printed_source: bool
    covered: frozenset[int]


def _step1(st: ForceHorseState) -> tuple[frozenset[int], frozenset[int]]:
    """FotH 808.1b for every card at once: (cards that have lost their
    abilities, cards whose force abilities cannot be used).

    808.1g among these effects: an effect made by a card's continuous ability
    exists only while that card has its abilities, so when effect B removes
    the abilities of A's source, whether A applies at all changes with B's
    being applied first: A depends on B and is applied after it (by then A
    no longer exists).  Effects that depend on each other (a circle) and the
    rest go by timestamp (808.1h).  Their conditions read the printed
    information (808.1a: nothing comes before 808.1b)."""
    ab = st.ab
    _fresh(st)
    if ab.step1 is not None:
        return ab.step1
    if st.game.config.edition >= 3:
        # what a condition reads of any card meanwhile: its printed information
        # (808.1a: nothing comes before 808.1b)
        before = ab.reading
        ab.reading = lambda c: printed(st.table.cards[c])
        try:
            ab.step1 = _removers(st)
        finally:
            ab.reading = before
        return ab.step1
    ab.step1 = _removers(st)
    return ab.step1


def _removers(st: ForceHorseState) -> tuple[frozenset[int], frozenset[int]]:
    """:func:`_step1` made."""
    t = st.table
    ab = st.ab
    found: list[_Remover] = []
    for source in live(st):
        user = t.owners[source]
        for ability in t.cards[source].abilities:
            if ability.type != "continuous" or all(LAYER[e.effect] != 1 for e in ability.do):
                continue
            me = printed(t.cards[source])
            if not valid(st, ability, source, user, subject=me):
                continue
            for e in ability.do:
                if LAYER[e.effect] == 1:
                    if st.game.config.edition >= 3 and not _effect_holds(st, e, source, user, me):
                        continue  # 803.2-803.3: this effect alone, while its own condition holds
                    cover = _covered(st, e, user, source, None, 0)
                    found.append(_Remover(e, t.entered.get(source, 0), source, True, cover))
    for x in ab.by_layer.get(1, ()):
        if x.until == "run-area" and x.source not in t.zones[x.user][RUN]:
            continue  # 1102.5
        cover = _covered(st, x.effect, x.user, x.source, x.targets, x.stamp)
        found.append(_Remover(x.effect, x.stamp, x.source, False, cover))
    lost: set[int] = set()
    unusable: set[int] = set()
    remaining = sorted(found, key=lambda r: r.stamp)
    while remaining:
        pick = next(
            (
                a
                for a in remaining
                if not a.printed_source
                or not any(
                    b is not a and b.effect.effect == "lose-abilities" and a.source in b.covered
                    for b in remaining
                )
            ),
            remaining[0],  # each depends on another: by timestamp (808.1h)
        )
        remaining.remove(pick)
        if pick.printed_source and pick.source in lost and not st.game.legacy:
            continue  # its source has lost its abilities: this effect no longer exists
        (lost if pick.effect.effect == "lose-abilities" else unusable).update(pick.covered)
    return (frozenset(lost), frozenset(unusable))


def _covered(
    st: ForceHorseState,
    effect: Effect,
    user: int,
    source: int,
    fixed: tuple[int, ...] | None,
    stamp: int,
) -> frozenset[int]:
    """The cards an 808.1b effect covers now (its ``only`` condition read on
    the printed information, 808.1a)."""
    t = st.table
    cards = list(_members(st, effect, user, source, fixed, stamp))
    if effect.only:
        cards = [c for c in cards if holds(st, effect.only, c, user, printed(t.cards[c]))]
    return frozenset(cards)


def _acting(st: ForceHorseState, card: int, upto: int) -> list[_Applied]:
    """The continuous effects of 808.1c-f (steps 2 to ``upto`` of
    :data:`LAYER`) that may apply to ``card``.  A card that has lost its
    abilities (808.1b, :func:`_step1`) gives none.  A continuous ability's
    condition reads its card's current information (808.1, 508.4), as it
    stands before the step of the effect it gives: so a condition never
    reads what it decides itself (rules notes)."""
    t = st.table
    out: list[_Applied] = []
    lost = _step1(st)[0]
    for source in live(st):
        if source in lost:
            continue  # 808.1b
        user = t.owners[source]
        for ability in t.cards[source].abilities:
            if ability.type != "continuous":
                continue
            checked: dict[int, bool] = {}
            for effect in ability.do:
                layer = LAYER[effect.effect]
                if layer == 1 or layer > upto or not _group(st, effect, user, source, card):
                    continue
                ok = checked.get(layer)
                if ok is None:
                    if ability.when or ability.unless:
                        # edition 1 read the printed card (808.1a)
                        subject = (
                            printed(t.cards[source])
                            if st.game.legacy
                            else _upto(st, source, layer - 1)
                        )
                        ok = valid(st, ability, source, user, subject=subject)
                    else:
                        ok = True
                    checked[layer] = ok
                if not ok:
                    continue
                stamp = t.entered.get(source, 0)  # 808.1h-i
                out.append(_Applied(effect, stamp, _filter(st, effect, user), user))
    for lasting in st.ab.lasting:
        layer = LAYER[lasting.effect.effect]
        if layer == 1 or layer > upto:
            continue
        if lasting.until == "run-area" and lasting.source not in t.zones[lasting.user][RUN]:
            continue  # 1102.5: a force ability's effect, while its horse is in the run area
        if lasting.targets is not None:
            hit = card in lasting.targets
        else:
            hit = _group(st, lasting.effect, lasting.user, lasting.source, card)
        if hit and t.entered.get(card, 0) <= lasting.stamp:  # 808.2
            covers = _filter(st, lasting.effect, lasting.user)
            out.append(_Applied(lasting.effect, lasting.stamp, covers, lasting.user))
    return out


def _apply(effect: Effect, now: Info, amount: int) -> Info:
    e = effect.effect
    if e == "lose-abilities":
        return attrs.evolve(now, abilities=())
    if e == "no-force-abilities":
        return attrs.evolve(now, force_usable=False)
    if e == "style":
        return attrs.evolve(now, styles=(effect.value,))
    if e == "favourite":
        if effect.value in now.favourites:
            return now
        return attrs.evolve(now, favourites=(*now.favourites, effect.value))
    if e == "run-set":
        return attrs.evolve(now, run=amount)
    if e == "guard-set":
        return attrs.evolve(now, guard=amount)
    if e == "run":
        return attrs.evolve(now, run=now.run + amount)
    if e == "guard":
        return attrs.evolve(now, guard=now.guard + amount)
    if e == "cost":  # 103.2d: it may go below 0 (edition 2 floored each step at 0)
        return attrs.evolve(now, cost=now.cost + amount)
    if e == "style-step":  # 808.1f-i: an ordered piece of information, kept in range
        styles = tuple(
            STYLES[min(len(STYLES) - 1, max(0, STYLES.index(s) + amount))] for s in now.styles
        )
        return attrs.evolve(now, styles=tuple(dict.fromkeys(styles)))
    raise AssertionError(e)


def _one(card: int, now: Info, applied: _Applied) -> Info:
    if not applied.covers(card, now):
        return now
    out = _apply(applied.effect, now, applied.effect.amount)
    if applied.effect.effect == "cost" and out.cost < 0:
        return attrs.evolve(out, cost=0)  # edition 2 (this path is edition 2's)
    return out


def _in_order(card: int, now: Info, effects: list[_Applied]) -> Info:
    """FotH 808.1g-h: apply a step's effects, one that depends on another
    after it, the others by timestamp (ties: the order they were found)."""
    if not effects:
        return now  # most steps of most cards
    remaining = sorted(effects, key=lambda a: a.stamp)
    if not any(a.effect.only for a in remaining):
        # no effect's reach depends on information: none depends on another
        for a in remaining:
            now = _one(card, now, a)
        return now
    while remaining:
        pick = remaining[0]
        # what applying each kind of effect first makes of the card: effects
        # alike (same effect, same filter) give the same, so each kind is
        # tried once a pick (a pile of like effects stays linear, not cubic)
        after: dict[tuple[Effect, int], Info] = {}
        for a in remaining:
            if not a.effect.only:
                pick = a
                break
            covered = a.covers(card, now)
            if not any(_changes(card, now, a, b, covered, after) for b in remaining if b is not a):
                pick = a
                break
        remaining.remove(pick)
        now = _one(card, now, pick)
    return now


def _changes(
    card: int,
    now: Info,
    a: _Applied,
    b: _Applied,
    covered: bool,
    after: dict[tuple[Effect, int], Info],
) -> bool:
    """FotH 808.1g: ``a`` depends on ``b`` when applying ``b`` first changes
    what ``a`` applies to (the effects of one step otherwise act on different
    pieces of information, or add up, so only what they cover can change)."""
    then = after.get(b.key)
    if then is None:
        then = after[b.key] = _one(card, now, b)
    return a.covers(card, then) != covered


def aptitude(st: ForceHorseState, card: int, now: Info, user: int, race: Race) -> Info:
    """FotH 1002.1 (808.1d): -1 run off its favourite surface (1002.1a), -1 off
    its favourite distance (1002.1b), +1 in a favourite running-style area
    (1002.1c); in every zone, hidden ones too (1002.2).  The setting
    ``favourite_conditions_bonus`` adds +1 each for a favourite racecourse and
    going (not in 1002.1; see the rules notes)."""
    if st.table.cards[card].kind != HORSE:
        return now
    run = now.run
    if race.surface not in now.surfaces:
        run -= 1  # 1002.1a
    if not ("all" in now.distances or race.distance_class in now.distances):
        run -= 1  # 1002.1b
    if st.table.current_area(user) in now.styles:
        run += 1  # 1002.1c
    if st.game.config.favourite_conditions_bonus:
        run += (race.racecourse in now.favourites) + (race.going in now.favourites)
    return now if run == now.run else attrs.evolve(now, run=run)  # evolve() costs 3 us


def _fresh(st: ForceHorseState) -> None:
    """Drop the kept information when something it reads has changed: the
    zones (Table.moves), the race, the run count, the turn player, the
    effects made and the force paid; and never past the action (_version)."""
    t = st.table
    ab = st.ab
    k = ab.infos_key
    if (
        k
        and k[6] is ab.lasting  # replaced, never changed in place: by identity (a
        and k[7] is ab.paid  # long tuple compared item by item was a chain's cost)
        and k[1] is t
        and k[0] == st._version
        and k[2] == t.moves
        and k[3] == st.race
        and k[4] == st.run_count
        and k[5] == st.turn_player
    ):
        return
    key = (st._version, t, t.moves, st.race, st.run_count, st.turn_player, ab.lasting, ab.paid)
    ab.infos_key = key
    if key != k:  # else the same, but for new and equal effects or payments
        ab.infos = {}
        ab.parts = {}
        ab.step1 = None
        ab.world_made = False


def info(st: ForceHorseState, card: int) -> Info:
    """A card's information now (808.1): see the module docstring."""
    t = st.table
    if not st.game.has_abilities:
        base = printed(t.cards[card])
        if st.race is None or not st.game.config.aptitude:
            return base
        return aptitude(st, card, base, t.owners[card], st.race)
    ab = st.ab
    if ab.reading is not None:
        return ab.reading(card)  # read while the information is being made (808.1)
    # Kept until something it reads changes (_fresh).  Half the calls hit.
    _fresh(st)
    now = ab.infos.get(card)
    if now is None:
        if st.game.config.edition >= 3:
            if not ab.world_made:
                _world(st)
            now = ab.infos.get(card)
            if now is None:  # no continuous effect reaches it: printed, 808.1b, aptitude
                now = ab.infos[card] = _plain(st, card, 3)
        else:
            now = ab.infos[card] = _upto(st, card, 5)
    return now


def _upto(st: ForceHorseState, card: int, step: int) -> Info:
    """``card``'s information through step ``step`` of 808.1 (0: printed,
    808.1a; 1: 808.1b; 2: 808.1c; 3: 808.1d; 4: 808.1e; 5: 808.1f)."""
    t = st.table
    base = printed(t.cards[card])
    if step == 0:
        return base
    _fresh(st)
    ab = st.ab
    kept = ab.parts.get((card, step))
    if kept is not None:
        return kept
    lost, unusable = _step1(st)
    now = base
    if card in lost and now.abilities:
        now = attrs.evolve(now, abilities=())  # 808.1b
    if card in unusable:
        now = attrs.evolve(now, force_usable=False)  # 808.1b (1102.6)
    if step > 1:
        by_layer: dict[int, list[_Applied]] = {}
        for a in _acting(st, card, step):
            by_layer.setdefault(LAYER[a.effect.effect], []).append(a)
        now = _in_order(card, now, by_layer.get(2, []))  # 808.1c
        if step > 2 and st.race is not None and st.game.config.aptitude:
            now = aptitude(st, card, now, t.owners[card], st.race)  # 808.1d
        if step > 3:
            now = _in_order(card, now, by_layer.get(4, []))  # 808.1e
        if step > 4:
            now = _in_order(card, now, by_layer.get(5, []))  # 808.1f
    ab.parts[(card, step)] = now
    return now


def abilities_of(st: ForceHorseState, card: int) -> tuple[Ability, ...]:
    """The abilities a card has now (808.1b)."""
    if not st.table.cards[card].abilities:
        return ()
    return info(st, card).abilities


def hand_horse_zones() -> tuple[str, ...]:
    return (*AREAS, HAND)


# -- edition 3: every card's information made at once, step by step (808.1) -------------


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


def _effect_holds(st: ForceHorseState, e: Effect, source: int, user: int, me: Info) -> bool:
    """FotH 803.2-803.3 for one effect of a continuous ability: its own
    ``when`` all hold and no ``unless`` does, read for its card (``me``)."""
    if not (e.when or e.unless):
        return True
    return all(holds(st, c, source, user, me) for c in e.when) and not any(
        holds(st, c, source, user, me) for c in e.unless
    )


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

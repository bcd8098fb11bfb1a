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
from racebook.games.forcehorse.records import Info, printed
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
    from racebook.games.forcehorse.layers import _members

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
            from racebook.games.forcehorse.layers import _plain, _world

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


def _effect_holds(st: ForceHorseState, e: Effect, source: int, user: int, me: Info) -> bool:
    """FotH 803.2-803.3 for one effect of a continuous ability: its own
    ``when`` all hold and no ``unless`` does, read for its card (``me``)."""
    if not (e.when or e.unless):
        return True
    return all(holds(st, c, source, user, me) for c in e.when) and not any(
        holds(st, c, source, user, me) for c in e.unless
    )

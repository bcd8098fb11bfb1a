"""The random pick without the list (``State._pick``): exactly
``legal_actions(seat)[int(rng.random() * n)]`` of :mod:`.rules`, from the
same one draw, found by counting the legal actions and making only the one
picked (``tests/test_pick_games.py`` holds them equal).

Only for a game whose cards have no abilities (part 1): there no action is
barred (1201.1b) or forbidden (103.3), no loop is proposed (1201.1a), and a
support card's text always does something (805.3: a card with no abilities
in the vocabulary is not modelled).  A game with abilities lists them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from racebook.core.game import Action, State
from racebook.games.forcehorse.cards import FORCE, HORSE, SUPPORT
from racebook.games.forcehorse.events import Farm, Guard, Mulligan, Pass, Run, Support, shared
from racebook.games.forcehorse.force import Stock, force_value, payments_from
from racebook.games.forcehorse.race import Race
from racebook.games.forcehorse.zones import HAND

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState

_PASSES = (Pass(0), Pass(1))
_MULLIGANS = ((Mulligan(0, False), Mulligan(0, True)), (Mulligan(1, False), Mulligan(1, True)))
_TURN_SUPPORTS = ("area", "situation")  # 702.5, 205.1b


def pick(st: ForceHorseState, seat: int, rng: random.Random) -> Action:
    """``State._pick``: the listing's pick for ``seat`` (one draw of ``rng``),
    found without the list where it can be, else from the list."""
    ab = st.ab
    if st.game.has_abilities or not 0 <= seat < 2 or ab.choice is not None:
        return State._pick(st, seat, rng)
    if ab.proposal is not None:
        return State._pick(st, seat, rng)
    p = st.phase
    if p == "support":  # 702.5: Pass, then the support cards by name
        names = _supports(st, seat, _TURN_SUPPORTS)
        k = int(rng.random() * (len(names) + 1))
        return _PASSES[seat] if k == 0 else shared(Support, seat, names[k - 1])
    if p == "runner":
        return _runner(st, seat, rng)
    if p in ("priority", "respond"):
        return _horse_support(st, seat, rng)
    if p == "guard":  # 702.6d-i: a horse with the race's distance aptitude (508.2)
        guards = _guards(st, seat)
        k = int(rng.random() * (len(guards) + 1))
        return _PASSES[seat] if k == 0 else shared(Guard, seat, guards[k - 1])
    if p in ("farm", "limit"):
        names = sorted({st.table.cards[c].name for c in st.table.zones[seat][HAND]})
        return shared(Farm, seat, names[int(rng.random() * len(names))])
    if p == "mulligan":
        return _MULLIGANS[seat][int(rng.random() * 2)]
    return State._pick(st, seat, rng)


def listed(st: ForceHorseState, seat: int) -> list[Action] | None:
    """``rules.legal_actions`` made the way :func:`pick` counts them, where
    :func:`pick` needs no list (no abilities, no choice pending): the same
    actions in the same order, each the one shared value (``events.shared``),
    the runner step's remembered per hand; ``None`` elsewhere (the rules list)."""
    ab = st.ab
    if st.game.has_abilities or not 0 <= seat < 2 or ab.choice is not None:
        return None
    if ab.proposal is not None:
        return None
    p = st.phase
    passes = _PASSES[seat]
    if p == "support":
        return [passes, *[shared(Support, seat, n) for n in _supports(st, seat, _TURN_SUPPORTS)]]
    if p == "runner":
        return list(_runner_list(st, seat))
    if p in ("priority", "respond"):
        names = _supports(st, seat, ("horse",))
        targets = _targets(st)
        return [passes, *[shared(Support, seat, n, t, i) for n in names for i, t in targets]]
    if p == "guard":
        return [passes, *[shared(Guard, seat, n) for n in _guards(st, seat)]]
    if p in ("farm", "limit"):
        names = sorted({st.table.cards[c].name for c in st.table.zones[seat][HAND]})
        return [shared(Farm, seat, n) for n in names]
    if p == "mulligan":
        return list(_MULLIGANS[seat])
    return None


def _guards(st: ForceHorseState, seat: int) -> list[str]:
    """702.6d-i: the horses in hand with the race's distance aptitude (508.2), by name."""
    assert st.race is not None
    distance = st.race.distance_class
    t = st.table
    cards = t.cards
    fit = set()
    for c in t.zones[seat][HAND]:
        card = cards[c]  # its distances printed (808.1a: no effect changes them)
        if card.kind == HORSE and ("all" in card.distances or distance in card.distances):
            fit.add(card.name)
    return sorted(fit)


def _targets(st: ForceHorseState) -> list[tuple[int, int]]:
    """The runners and guards a horse support may name, in the listing's
    order for one card: by pair, the runner first."""
    tp = st.turn_player
    targets = []
    for i, (runner, guard) in enumerate(st.pairs):
        if runner is not None:
            targets.append((i, tp))
        if guard is not None:
            targets.append((i, 1 - tp))
    return targets


def _supports(st: ForceHorseState, seat: int, timings: tuple[str, ...]) -> list[str]:
    """``rules._supports`` without abilities: every support card of ``timings``
    in hand (805.3: its text is not modelled, so it would do something), by name."""
    cards = st.table.cards
    names = []
    for c in st.table.zones[seat][HAND]:
        card = cards[c]
        if card.kind == SUPPORT and card.timing in timings:
            names.append(card.name)
    return sorted(set(names)) if len(names) > 1 else names


def _runner(st: ForceHorseState, seat: int, rng: random.Random) -> Action:
    """702.6b, 805.2c-i: Pass, then each horse by name with each proper
    payment of its cost (503.3b), in ``payments`` order."""
    race = st.race
    assert race is not None
    counts, costs = _hand_runs(st, seat)
    if not costs:  # no horse: Pass alone, int(r * 1) (the one draw all the same)
        rng.random()
        return _PASSES[seat]
    total, options, _ = _found(st, race, counts, costs)
    k = int(rng.random() * total)
    if k == 0:
        return _PASSES[seat]
    k -= 1
    for name, pays in options:
        if k < len(pays):
            return shared(Run, seat, name, pays[k])
        k -= len(pays)
    raise AssertionError("a pick past the runner step's actions")


def _hand_runs(st: ForceHorseState, seat: int) -> tuple[dict[str, int], dict[str, int]]:
    """``seat``'s force cards in hand, counted by name, and its horses' costs by name."""
    cards = st.table.cards
    counts: dict[str, int] = {}
    costs: dict[str, int] = {}
    for c in st.table.zones[seat][HAND]:
        card = cards[c]
        kind = card.kind
        if kind == FORCE:
            counts[card.name] = counts.get(card.name, 0) + 1
        elif kind == HORSE:
            costs[card.name] = card.cost  # 805.2c: the cost now, printed (808.1a: no effects)
    return counts, costs


def _found(st: ForceHorseState, race: Race, counts: dict[str, int], costs: dict[str, int]) -> Runs:
    """The runner step's actions for a hand (its force counts and horse costs),
    remembered per race: hands come back (as ``force._payments`` is)."""
    values, memo = _force_values(st, race)
    key = (tuple(sorted(counts.items())), tuple(sorted(costs.items())))
    found = memo.get(key)
    if found is None:
        stock = tuple([(n, k, values[n]) for n, k in key[0]])  # force_stock()
        found = _runs(stock, key[1])
        if len(memo) >= 4096:
            memo.clear()
        memo[key] = found
    return found


def _runner_list(st: ForceHorseState, seat: int) -> list[Action]:
    """702.6b: the runner step's actions listed (:func:`listed`): Pass, then
    each horse by name with each proper payment (503.3b)."""
    race = st.race
    assert race is not None
    counts, costs = _hand_runs(st, seat)
    if not costs:
        return [_PASSES[seat]]
    _, options, lists = _found(st, race, counts, costs)
    kept = lists[seat]  # the list made once per hand and seat, its actions shared values
    if kept is None:
        out: list[Action] = [_PASSES[seat]]
        for name, pays in options:
            out += [shared(Run, seat, name, pay) for pay in pays]
        kept = lists[seat] = tuple(out)
    return list(kept)


Runs = tuple[
    int, tuple[tuple[str, tuple[tuple[str, ...], ...]], ...], list[tuple[Action, ...] | None]
]
"""The runner step's actions: how many (Pass first), each horse's proper
payments, and each seat's list of them once made (:func:`_runner_list`)."""


def _runs(stock: Stock, horses: tuple[tuple[str, int], ...]) -> Runs:
    """The runner step's actions from a hand's force (:data:`Stock`) and its
    horses by name with their costs: how many (Pass first), and each horse's
    proper payments (503.3b)."""
    options = []
    total = 1
    by_cost: dict[int, tuple[tuple[str, ...], ...]] = {}
    for name, cost in horses:
        pays = by_cost.get(cost)
        if pays is None:
            pays = by_cost[cost] = payments_from(stock, cost)
        if pays:
            options.append((name, pays))
            total += len(pays)
    return total, tuple(options), [None, None]


def _force_values(
    st: ForceHorseState, race: Race
) -> tuple[dict[str, int], dict[tuple[object, ...], Runs]]:
    """Every force card's count for ``race`` by name (503.3a, ``force_value``),
    made once per game and race, and the runner steps' actions found for it."""
    game = st.game
    last, kept = game.force_last
    if last is race:  # the same race as last time: no hash of it
        return kept
    found = game.force_values.get(race)
    if found is None:
        unmet = game.config.special_unmet
        found = {n: force_value(c, race, unmet) for n, c in game.by_name.items()}, {}
        game.force_values[race] = found
    game.force_last = (race, found)
    return found


def _horse_support(st: ForceHorseState, seat: int, rng: random.Random) -> Action:
    """702.6g-i: Pass, then a horse-timing support naming a runner or a guard,
    ordered by card, pair, then the runner before the guard (``rules._legal``)."""
    names = _supports(st, seat, ("horse",))
    targets = _targets(st)
    k = int(rng.random() * (len(names) * len(targets) + 1))
    if k == 0:
        return _PASSES[seat]
    name, at = divmod(k - 1, len(targets))
    i, target = targets[at]
    return shared(Support, seat, names[name], target, i)

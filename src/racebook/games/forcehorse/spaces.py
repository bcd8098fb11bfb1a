"""Force of the Horse's integer actions, chance outcome ids and observation
tensor (:mod:`racebook.core.spaces`).

Card names are numbered in the order of the config's card list (``N``
cards); horse cards and support cards keep that order among themselves.
Action ids come in one table per action kind, in this order:

1. ``mulligan``: keep (no), redo (yes);
2. ``pass``;
3. ``farm``: every card name;
4. ``guard``: every horse card;
5. ``support``: every support card with no target, then every support card
   naming the runner or guard (``target`` 0 or 1) of run ``pair`` 0 ..
   :data:`MAX_PAIRS` - 1;
6. ``run``: every horse card with every payment a deck list allows: the
   multisets of force cards named in the config's deck lists (each name at
   most as often as one deck list holds it), of at most the horse's cost
   cards (a proper payment never holds more, 503.3b), sorted by name as the
   rules list them; a cost of 0 is paid with nothing.

7. ``choose``: options 0 .. :data:`~racebook.games.forcehorse.work.MAX_OPTIONS` - 1
   (card abilities, part 2);
8. ``loop``: 1 .. ``max_loop`` times (1201.1a);
9. ``loop-count``: 0 .. ``max_loop`` times (1201.1a);
10. ``run`` paid with nothing, for every horse whose printed cost is above 0
    (an effect may bring a cost down to 0, 808.1f).

Kinds added later are appended after these tables, so the ids of these
actions do not change.

Chance outcome ids: the race draw takes three steps (the racecourse, the
distance card and the going, each its index in
``RACECOURSES``, the sorted distance cards and ``GOINGS`` of
:mod:`racebook.games.forcehorse.cards`); the first player
is the seat; a shuffle draws the deck's positions one at a time (the
position).

The observation tensor (:func:`observe`): ``phase`` one-hot (13 phases),
``seat`` one-hot (2), ``to_act`` (2), ``racecourse``, ``distance`` and
``going`` one-hots (none before the draw), ``turn`` (1), ``turn_player``
one-hot (2), ``first_player`` one-hot (2), ``run_count`` (1), ``priority``
one-hot (2), ``to_farm`` (1), ``areas`` (2 x 4 card counts), ``decks``
(2), ``set_aside`` (2), ``hand_sizes`` (2), ``hand`` (N counts),
``my_mulligan`` one-hot (undecided, keep, redo), ``situation``,
``run_area``, ``farms``, ``removed`` (each 2 x N counts), ``resolution``
(N counts), ``runners`` and ``guards`` (N counts each), ``winners`` (2);
then card abilities (part 2): ``choosing`` one-hot (2: who must answer a
choice), ``options`` (1: how many, for that seat), ``waiting`` (1: abilities
waiting), ``effects`` (1: lasting effects), ``loop`` (proposer one-hot 2,
then the number of times), ``hand_run`` (N: the run value now of each
horse name in your hand, 1002.2), ``run_values`` and ``guard_values``
(2 x N: the values now of the horses in each run area).
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING

from racebook.core.game import CHANCE
from racebook.core.spaces import ActionTable, ChanceNode, Draws, Enumerated, Observation, shuffle
from racebook.games.forcehorse.cards import FORCE, GOINGS, HORSE, RACECOURSES, SUPPORT
from racebook.games.forcehorse.events import (
    DrawRace,
    Farm,
    FirstPlayer,
    Guard,
    Mulligan,
    Pass,
    Run,
    Shuffle,
    Support,
)
from racebook.games.forcehorse.loops import Choose, Loop, LoopCount
from racebook.games.forcehorse.race import DISTANCE_CARDS
from racebook.games.forcehorse.work import MAX_OPTIONS
from racebook.games.forcehorse.zones import AREAS, DECK

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorse, ForceHorseState

MAX_PAIRS = 8
"""Runs a support card may name in one turn (the ``pair`` of ``support``)."""
PHASES = (
    *("setup", "race", "mulligan", "first", "support", "runner", "guard"),
    *("priority", "respond", "farm", "limit", "over", "shuffle", "outcome", "turn-end"),
)
DISTANCES = tuple(sorted(DISTANCE_CARDS))


def _decks(game: ForceHorse) -> list[Counter[str]]:
    c = game.config
    return [Counter({e.card: e.count for e in d.cards}) for d in (*c.decks, *c.long_decks)]


def _raises(game: ForceHorse) -> int:
    """The most any card's abilities can add to a cost (808.1f ``cost``)."""
    return sum(
        max(0, e.amount)
        for card in game.config.cards
        for a in card.abilities
        for e in (*a.do, *a.later)
        if e.effect == "cost"
    )


def payments(game: ForceHorse, cost: int) -> list[tuple[str, ...]]:
    """Every payment of at most ``cost`` force cards a deck list allows (plus
    what cards' abilities can add to a cost)."""
    cost += _raises(game)
    if cost == 0:
        return [()]
    decks = _decks(game)
    most = {
        card.name: max(d[card.name] for d in decks)
        for card in game.config.cards
        if card.kind == FORCE
    }
    names = sorted(n for n, k in most.items() if k > 0)
    out: list[tuple[str, ...]] = []
    for size in range(1, cost + 1):
        for combo in itertools.combinations_with_replacement(names, size):
            if all(combo.count(n) <= most[n] for n in set(combo)):
                out.append(combo)
    return out


def action_tables(game: ForceHorse) -> list[ActionTable]:
    cards = game.config.cards
    horses = [c for c in cards if c.kind == HORSE]
    supports = [c.name for c in cards if c.kind == SUPPORT]
    runs = [(h.name, pay) for h in horses for pay in payments(game, h.cost)]
    targeted = [(n, t, i) for n in supports for i in range(MAX_PAIRS) for t in (0, 1)]
    return [
        ActionTable(Mulligan, ((False,), (True,))),
        ActionTable(Pass, ((),)),
        ActionTable(Farm, tuple((c.name,) for c in cards)),
        ActionTable(Guard, tuple((h.name,) for h in horses)),
        ActionTable(Support, tuple([(n, -1, 0) for n in supports] + targeted)),
        ActionTable(Run, tuple(runs)),
        ActionTable(Choose, tuple((i,) for i in range(MAX_OPTIONS))),
        ActionTable(Loop, tuple((k,) for k in range(1, game.config.max_loop + 1))),
        ActionTable(LoopCount, tuple((k,) for k in range(game.config.max_loop + 1))),
        # a cost brought down to 0 by an effect (808.1f): paid with nothing
        ActionTable(Run, tuple((h.name, ()) for h in horses if h.cost > 0)),
    ]


def num_chance_outcomes(game: ForceHorse) -> int:
    largest = max(sum(d.values()) for d in _decks(game))
    return max(largest, len(RACECOURSES), len(DISTANCES), len(GOINGS), 2)


def chance_node(state: ForceHorseState) -> ChanceNode:
    phase = state.phase
    if phase == "race":
        bags = [(range(len(RACECOURSES)), 1), (range(len(DISTANCES)), 1), (range(len(GOINGS)), 1)]
        return Draws(
            [(list(items), k) for items, k in bags],
            lambda p: DrawRace(CHANCE, RACECOURSES[p[0][0]], DISTANCES[p[1][0]], GOINGS[p[2][0]]),
            lambda bag, x: str((RACECOURSES, DISTANCES, GOINGS)[bag][x]),
            lambda a: [  # the inverse (issue 37): a DrawRace's draws
                [RACECOURSES.index(a.racecourse)],  # type: ignore[attr-defined]
                [DISTANCES.index(a.distance)],  # type: ignore[attr-defined]
                [GOINGS.index(a.going)],  # type: ignore[attr-defined]
            ],
        )
    if phase == "first":
        return Enumerated([(FirstPlayer(CHANCE, 0), 0.5), (FirstPlayer(CHANCE, 1), 0.5)])
    p = state.shuffles[0]
    size = len(state.table.zones[p][DECK])
    deck = state.table.zones[p][DECK]
    cards = state.table.cards
    return shuffle(
        range(size),
        lambda order: Shuffle(CHANCE, p, tuple(order)),
        lambda i: f"player {p}'s deck card {i} ({cards[deck[i]].name})",
        lambda a: list(a.order),  # type: ignore[attr-defined]  # the inverse (issue 37)
    )


def observe(state: ForceHorseState, seat: int | None) -> Observation:
    """The observation tensor of ``seat``, from its view alone (layout above)."""
    names = [c.name for c in state.game.config.cards]
    at = {n: i for i, n in enumerate(names)}
    size = len(names)
    v = state.view(seat)
    obs = Observation()
    obs.one_hot("phase", len(PHASES), PHASES.index(v.phase) if v.phase in PHASES else None)
    obs.one_hot("seat", 2, v.seat)
    obs.add("to_act", [1.0 if s in v.to_act else 0.0 for s in range(2)])
    race = v.race
    obs.one_hot("racecourse", len(RACECOURSES), _find(RACECOURSES, race and race.racecourse))
    obs.one_hot("distance", len(DISTANCES), _find(DISTANCES, race and race.distance))
    obs.one_hot("going", len(GOINGS), _find(GOINGS, race and race.going))
    obs.add("turn", [v.turn])
    obs.one_hot("turn_player", 2, v.turn_player)
    obs.one_hot("first_player", 2, v.first_player)
    obs.add("run_count", [v.run_count])
    obs.one_hot("priority", 2, v.priority)
    obs.add("to_farm", [v.to_farm])
    areas = [float(x) for row in v.areas for x in row]
    obs.add("areas", areas + [0.0] * (2 * len(AREAS) - len(areas)))
    obs.add("decks", v.decks)
    obs.add("set_aside", v.set_aside)
    obs.add("hand_sizes", v.hand_sizes)
    obs.counts("hand", size, [at[n] for n in v.hand])
    obs.one_hot("my_mulligan", 3, 0 if v.my_mulligan is None else 1 + int(v.my_mulligan))
    for zone in ("situation", "run_area", "farms", "removed"):
        seen: list[float] = []
        for s in range(2):
            seg = [0.0] * size
            for n in getattr(v, zone)[s]:
                seg[at[n]] += 1.0
            seen += seg
        obs.add(zone, seen)
    obs.counts("resolution", size, [at[n] for n in v.resolution])
    obs.counts("runners", size, [at[r] for r, _ in v.runs])
    obs.counts("guards", size, [at[g] for _, g in v.runs if g is not None])
    obs.add("winners", [1.0 if v.winners and s in v.winners else 0.0 for s in range(2)])
    obs.one_hot("choosing", 2, None if v.choosing is None else v.choosing[0])
    obs.add("options", [len(v.options)])
    obs.add("waiting", [len(v.waiting)])
    obs.add("effects", [len(v.effects)])
    obs.one_hot("loop", 2, None if v.loop is None else v.loop[0])
    obs.add("loop_times", [0 if v.loop is None else v.loop[1]])
    hand_run = [0.0] * size
    for n, _, run, _ in v.hand_values:
        hand_run[at[n]] = float(run)
    obs.add("hand_run", hand_run)
    for i, name in ((1, "run_values"), (2, "guard_values")):
        seen = [0.0] * (2 * size)
        for s in range(2):
            for row in v.values[s]:
                seen[s * size + at[row[0]]] += float(row[i])
        obs.add(name, seen)
    return obs


def _find(options: tuple[object, ...], value: object) -> int | None:
    return options.index(value) if value in options else None

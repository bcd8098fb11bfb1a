"""The ability engine's records (FotH 800s): the work list (:class:`Op`),
the decisions it waits for (:class:`Choice`), what a state keeps
(:class:`AbilityState`), its events, and the ways to make a choice or pay a
cost (805.2b-c)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from racebook.core.game import Event
from racebook.games.forcehorse.abilities import LAYER, Ability, Effect
from racebook.games.forcehorse.cards import HORSE
from racebook.games.forcehorse.effects import zone_of
from racebook.games.forcehorse.force import payments
from racebook.games.forcehorse.records import Context, Delayed, Info, Lasting, Waiting
from racebook.games.forcehorse.zones import FARM, HAND, PUBLIC, RUN, ZONES

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState

MAX_OPTIONS = 64
"""The most options a choice offers (the first ones, in their stable order):
so :class:`~racebook.games.forcehorse.loops.Choose` has a fixed range."""

Signal = tuple[str, int, int, str, str, tuple[int, ...]]
"""Something a trigger may watch: (kind, seat, card, source zone, target zone,
the cards whose abilities were valid when it happened)."""

Applied = frozenset[tuple[int, int]]
"""The replacement effects (card, ability number) already applied to an event (809.2c)."""


@attrs.frozen
class Op:
    """One step of work: ``kind`` is ``step`` (a turn step by ``name``; for
    ``farm``, ``name`` is the zone the card must still be in),
    ``check`` (804), ``draw``, ``farm``, ``going``, ``add-runs`` (each
    replaceable, 809) or ``effect`` (an effect being done, 807)."""

    kind: str
    seat: int = -1
    card: int = -1
    amount: int = 0
    name: str = ""
    applied: Applied = frozenset()
    effect: Effect | None = None
    ctx: Context | None = None


@attrs.frozen
class Choice:
    """A decision the engine waits for: ``seat`` picks one of ``labels``
    (``options`` hold what each means).  ``kind``: ``ability`` (which waiting
    ability to play, 804.2b-c, 806.3a), ``play`` (choices and costs, 805.2b-c,
    806.3a-i), ``replace`` (which replacement first, 809.2), ``may`` (the
    choose-to-replace form, 802.1c-ii), ``pick`` (the opponent's choice for
    an ability with ``chooser = 'opponent'``, 103.4), ``require`` (the action
    a ``require`` effect asks before an ability is played, or not to play it, 510)."""

    seat: int
    kind: str
    labels: tuple[str, ...]
    options: tuple[tuple[int, ...], ...]
    op: Op | None = None
    waiting: Waiting | None = None
    real: bool = True


_MASK = (1 << 64) - 1


class AbilityState:
    """The part of a game's state the ability engine keeps (copied by ``copy``)."""

    def __init__(self) -> None:
        self.work: list[Op] = []
        self.choice: Choice | None = None
        self.waiting: list[Waiting] = []
        self.delayed: list[Delayed] = []
        self._lasting: tuple[Lasting, ...] = ()
        self.on_cards: tuple[Lasting, ...] = ()
        """``lasting`` of the steps 808.1c-f (on cards' information), in order."""
        self.lasting_hash = 0
        self.lasting_epoch = 0
        """Counts the times ``lasting`` was set other than by adding to it."""
        """The sum of ``lasting``'s hashes (a multiset's: its order is its
        timestamps'), kept as it is set: the loop keys' (state_key)."""
        self.by_layer: dict[int, tuple[Lasting, ...]] = {}
        """``lasting`` by the step of 808.1 each applies in (abilities.LAYER),
        kept as ``lasting`` is set (the readers of one kind look at those only)."""
        self.lki: dict[int, Info] = {}
        self.paid: Mapping[int, tuple[int, ...]] = {}
        self.named: dict[int, int] = {}
        self.keep = 0
        self.signals: list[Signal] = []
        self.spent: set[tuple[int, int]] = set()
        self.check_keys: set[Key] = set()
        """The states of this forced chain's rule checks (1201.1c)."""
        self.repeats: dict[Key, int] = {}
        """How often each loop key came back in this forced chain (1201.1c)."""
        self.playing: frozenset[int] = frozenset()
        """Cards being played, so where they are put counts as put from the hand (506.1a)."""
        self.passes = 0
        """Abilities played in this rule check (edition 1's 1201.1c)."""
        self.done = 0
        """Steps of work done for the action being applied (max_work)."""
        self.seen: dict[Key, list[Any]] = {}
        self.history: list[tuple[Key, Key, int, Any]] = []
        self.proposal: tuple[int, int] | None = None
        self.looped: set[Key] = set()
        self.keys: tuple[Key, Key] | None = None
        self.repeating = False
        self.infos: dict[int, Info] = {}
        """Cards' information now (808), while ``infos_key`` holds (effects.info)."""
        self.infos_key: tuple[object, ...] = ()
        self.parts: dict[tuple[int, int], Info] = {}
        """Cards' information through a step of 808.1 (effects._upto), kept alike."""
        self.step1: tuple[frozenset[int], frozenset[int]] | None = None
        """808.1b for every card (effects._step1), kept alike."""
        self.made: tuple[Any, tuple[Lasting, ...], Any] | None = None
        """The effects made by resolving that reach cards (effects._made), with
        the zones they were found in and the effects they were found from."""
        self.world_made = False
        """Edition 3: ``infos`` holds every card an effect reaches (layers._world)."""
        self.reading: Callable[[int], Info] | None = None
        """While card information is being made (808.1): what reading a card's
        information gives meanwhile (layers._world); ``None`` otherwise."""
        self.live: tuple[object, tuple[int, ...]] = (None, ())
        """The live cards (effects.live) and the (table, moves) they are of."""

    @property
    def lasting(self) -> tuple[Lasting, ...]:
        """Continuous effects made by resolving (802.1b), by timestamp.
        Replaced, never changed in place (nor ``paid``): part of the key of
        ``infos``."""
        return self._lasting

    @lasting.setter
    def lasting(self, value: tuple[Lasting, ...]) -> None:
        if value == self._lasting:
            return
        by: dict[int, list[Lasting]] = {}
        for x in value:
            by.setdefault(LAYER[x.effect.effect], []).append(x)
        self.by_layer = {k: tuple(v) for k, v in by.items()}
        self.on_cards = tuple(x for x in value if LAYER[x.effect.effect] >= 2)
        self.lasting_hash = sum(hash(x) for x in value) & _MASK
        self.lasting_epoch += 1
        self._lasting = value

    def add_lasting(self, x: Lasting) -> None:
        """One continuous effect made (802.1b): ``lasting`` and its indexes
        extended, not made again (a forced chain makes one at each pass)."""
        self._lasting = (*self._lasting, x)
        layer = LAYER[x.effect.effect]
        self.by_layer = {**self.by_layer, layer: (*self.by_layer.get(layer, ()), x)}
        if layer >= 2:
            self.on_cards = (*self.on_cards, x)
        self.lasting_hash = (self.lasting_hash + hash(x)) & _MASK

    def copy(self) -> AbilityState:
        other = AbilityState()
        other.work = list(self.work)
        other.choice = self.choice
        other.waiting = list(self.waiting)
        other.delayed = list(self.delayed)
        other._lasting = self._lasting
        other.by_layer = self.by_layer
        other.on_cards = self.on_cards
        other.lasting_hash = self.lasting_hash
        other.lasting_epoch = self.lasting_epoch
        other.lki = dict(self.lki)
        other.paid = self.paid
        other.named = dict(self.named)
        other.keep = self.keep
        other.signals = list(self.signals)
        other.spent = set(self.spent)
        other.check_keys = set(self.check_keys)
        other.repeats = dict(self.repeats)
        other.done = self.done
        other.passes = self.passes
        other.playing = self.playing
        other.seen = {k: list(v) for k, v in self.seen.items()}
        other.history = list(self.history)
        other.proposal = self.proposal
        other.looped = set(self.looped)
        # not the loop keys: hidden_variant() redeals the copy's hidden cards
        return other

    def snapshot(self, *, full: bool = True) -> dict[str, Any]:
        def data(x: Any) -> Any:
            # fields added since (issue 22) only when set: a record as it was before
            plain = attrs.asdict(x, filter=_older) if attrs.has(type(x)) else x
            return json.loads(json.dumps(plain, default=list))

        return {
            "work": [data(o) for o in self.work],
            "choice": None if self.choice is None else data(self.choice),
            "waiting": [data(w) for w in self.waiting],
            "delayed": [data(d) for d in self.delayed],
            "lasting": [data(x) for x in self.lasting],
            "lki": sorted((k, data(v)) for k, v in self.lki.items()) if full else None,
            "paid": sorted(self.paid.items()),
            "named": sorted(self.named.items()),
            "keep": self.keep,
            "spent": sorted(self.spent),
            "proposal": self.proposal,
        }


def _added() -> tuple[attrs.Attribute[Any], ...]:
    e, a = attrs.fields(Effect), attrs.fields(Ability)
    return (e.when, e.unless, a.chooser, a.upto, a.mandatory, a.card_when,
            attrs.fields(Waiting).picked, attrs.fields(Waiting).required,
            attrs.fields(Delayed).until)  # fmt: skip


_ADDED = _added()


def _older(field: attrs.Attribute[Any], value: Any) -> bool:
    """Leave out a field added by issue 22 while at its default: a record
    reads as it did before (the digests of committed logs)."""
    return value != field.default or not any(field is f for f in _ADDED)


# -- events ----------------------------------------------------------------------------


@attrs.frozen
class AbilityTriggered(Event):
    """FotH 806.2: ``card``'s ability number ``ability`` (-1: a delayed trigger) waits."""

    kind: ClassVar[str] = "ability-triggered"
    seat: int
    card: str
    ability: int


@attrs.frozen
class AbilityPlayed(Event):
    """FotH 805.2: an ability played; ``declined`` when its optional cost was
    not paid (806.3b-i) or it could not be played (806.3b)."""

    kind: ClassVar[str] = "ability-played"
    seat: int
    card: str
    ability: int
    chosen: str | None = None
    declined: bool = False


@attrs.frozen
class Replaced(Event):
    """FotH 809.1: ``what`` (a draw, a card to the farm...) was replaced by
    ``card``'s ability; the original never happened (809.1a)."""

    kind: ClassVar[str] = "replaced"
    seat: int
    card: str
    what: str


@attrs.frozen
class LoopDraw(Event):
    """FotH 1201.1c: a loop nobody can stop; the game is a draw."""

    kind: ClassVar[str] = "loop-draw"


@attrs.frozen
class EngineLimit(Event):
    """The engine's limit, not a rule: one action did more work than the
    config's ``bound`` allows (``max_work``, ``max_effects`` or
    ``loop_repeats``); the game ends in a draw (edition 3; edition 2 said
    :class:`LoopDraw`).  The limits sit far above any finite chain a card
    set makes in practice (rules notes)."""

    bound: str
    kind: ClassVar[str] = "engine-limit"


ENGINE_EVENTS: tuple[type[Event], ...] = (
    AbilityTriggered, AbilityPlayed, Replaced, LoopDraw, EngineLimit,
)  # fmt: skip


CHECK = Op("check")
"""A rule check (804): one op, not one made at every check."""


@functools.cache  # an Op is a value: one of each (card numbers and zones are few)
def farm_op(card: int, zone: str) -> Op:
    """Put ``card`` on its owner's farm if it is still in ``zone`` (a replaceable move, 809.1)."""
    return Op("farm", card=card, name=zone)


@functools.cache
def draw_op(seat: int) -> Op:
    """``seat`` draws a card (502, replaceable, 809.1)."""
    return Op("draw", seat)


def push(st: ForceHorseState, *ops: Op) -> None:
    """Put ``ops`` at the front of the work, in this order."""
    st.ab.work[0:0] = ops


_HIDDEN = tuple(z for z in ZONES if z not in PUBLIC and z != HAND)
_PUBLIC = tuple(z for z in ZONES if z in PUBLIC)

Key = tuple[Any, ...]
"""A state as 1201 compares states (:func:`state_key`): equal keys, the same state."""


def state_key(st: ForceHorseState) -> Key:
    """The whole state (1201.1b-c: "the game is completely the same") as the
    turn player knows it: public zones as sets of cards (their order means
    nothing), the turn player's hand as the names in it, and every hidden pile
    (distance areas, decks, the other hand) as its count.  So whether 1201
    applies never depends on what the turn player cannot see.

    ``(loop key, the rest)``: the loop key is where every card is and which
    step the game is in (1201.1a), leaving out what may grow without end (the
    run count, effects, times).  Together they hold every item of
    ``record_of(full=False)``, as values compared item by item: making them
    JSON text and hashing it was 40% of a game with abilities."""
    t = st.table
    ab = st.ab
    tp = st.turn_player
    cards = t.cards
    zones = tuple(
        [
            (
                tuple([len(z[zone]) for zone in _HIDDEN]),
                tuple(sorted([cards[c].name for c in z[HAND]])) if seat == tp else len(z[HAND]),
                tuple([tuple(sorted(z[zone])) for zone in _PUBLIC]),
            )
            for seat, z in enumerate(t.zones)
        ]
    )  # list comprehensions: a generator costs more item by item
    pairs = tuple(map(tuple, st.pairs))
    choice = ab.choice
    chosen = None if choice is None else (choice, _applied(choice.op))
    # what can grow with the chain (waiting abilities, work, delayed triggers,
    # effects) enters as its hash: a key holds no copy of it, so the keys of a
    # forced chain take memory by their number, not by their number squared
    # (a hash collision would take two states for one: with 64 bits, never seen)
    here = (zones, tuple(sorted(t.resolution)), st.phase, tp, st.priority, st.to_farm, pairs,
            len(ab.waiting), hash(tuple(ab.waiting)), chosen, st.race)  # fmt: skip
    rest = (t.clock, tuple(sorted(t.placed.items())), tuple(st.shuffles), tuple(st.mulligan),
            st.first, st.turn, st.run_count, tuple(st.outcomes), st.winners,
            len(ab.work), hash(tuple([(op, _applied(op)) for op in ab.work])),
            len(ab.delayed), hash(tuple(ab.delayed)), len(ab.lasting), ab.lasting_hash,
            tuple(sorted(ab.paid.items())), tuple(sorted(ab.named.items())), ab.keep,
            tuple(sorted(ab.spent)), ab.proposal)  # fmt: skip
    return here, rest


def _applied(op: Op | None) -> tuple[tuple[int, int], ...]:
    """An op's replacements applied in the order the state's data lists them
    (op equality reads the set, data its order: a key tells them apart alike)."""
    return () if op is None else tuple(op.applied)


# -- playing an ability (805.2) --------------------------------------------------------


def _candidates(st: ForceHorseState, choose: str, user: int) -> list[int]:
    """FotH 805.2b: what ``choose`` may pick now."""
    t = st.table
    if choose == "your-farm":
        return list(t.zones[user][FARM])
    sides = {"your-run": (user,), "opponent-run": (1 - user,), "any-run": (0, 1)}[choose]
    return [c for s in sides for c in t.zones[s][RUN] if t.cards[c].kind == HORSE]


def _hand_sets(st: ForceHorseState, hand: list[int], amount: int) -> list[tuple[int, ...]]:
    """FotH 805.2c: every way to put ``amount`` cards of ``hand`` on the farm,
    by names (copies of a name are alike: the first copies are taken), in
    name order; at most :data:`MAX_OPTIONS` of them (a bounded choice)."""
    t = st.table
    by_name: dict[str, list[int]] = {}
    for c in hand:
        by_name.setdefault(t.cards[c].name, []).append(c)
    names = sorted(by_name)
    out: list[tuple[int, ...]] = []

    def pick(start: int, left: int, taken: tuple[int, ...]) -> None:
        if len(out) >= MAX_OPTIONS:
            return
        if left == 0:
            out.append(taken)
            return
        for i in range(start, len(names)):
            copies = by_name[names[i]]
            for k in range(min(left, len(copies)), 0, -1):
                pick(i + 1, left - k, (*taken, *copies[:k]))

    if len(hand) >= amount:
        pick(0, amount, ())
    return out


def cost_options(
    st: ForceHorseState, ability: Ability, user: int, source: int
) -> list[tuple[int, ...]]:
    """Every way to pay ``ability``'s cost now (805.2c): card instances."""
    t = st.table
    hand = t.zones[user][HAND]
    if ability.cost == "pay-force":  # 503
        assert st.race is not None
        cards = [t.cards[c] for c in hand]
        unmet = st.game.config.special_unmet
        out = []
        for names in payments(cards, ability.cost_amount, st.race, unmet):
            pool = list(hand)
            pick = []
            for n in names:
                c = next(c for c in pool if t.cards[c].name == n)
                pool.remove(c)
                pick.append(c)
            out.append(tuple(pick))
        return out
    if ability.cost == "farm-hand":  # cost_amount cards; copies of a name are alike
        return _hand_sets(st, hand, ability.cost_amount)
    if ability.cost == "farm-this":
        return [(source,)] if zone_of(t, source) not in ("", FARM) else []
    return [()]

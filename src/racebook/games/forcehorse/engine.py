"""The ability engine: the work list, the rule check (FotH 804), automatic
abilities (806), playing and resolving abilities (805.2), one-shot effects
(807) and replacement effects (809).

Everything the game does between two decisions is a list of small steps
(:class:`Op`, plain data, so a state copies and replays exactly): a turn
step, a rule check, a draw, a card put on a farm, an effect.  :func:`drive`
does them in order until a player must decide (a :class:`Choice`) or the
game ends.  A draw, a card put on a farm, a going change and runs added are
each checked for replacement effects (809) just before they happen.
"""

from __future__ import annotations

import hashlib
import json
from itertools import product
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from racebook.core.game import Event
from racebook.games.forcehorse.abilities import Ability, Effect
from racebook.games.forcehorse.cards import FORCE, HORSE
from racebook.games.forcehorse.effects import (
    Context,
    Delayed,
    Info,
    Lasting,
    Waiting,
    abilities_of,
    info,
    is_live,
    live_cards,
    live_zone,
    valid,
    zone_of,
)
from racebook.games.forcehorse.force import payments
from racebook.games.forcehorse.zones import AREAS, FARM, HAND, PUBLIC, RUN, move

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState

Applied = frozenset[tuple[int, int]]


@attrs.frozen
class Op:
    """One step of work: ``kind`` is ``step`` (a turn step by ``name``),
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
    choose-to-replace form, 802.1c-ii)."""

    seat: int
    kind: str
    labels: tuple[str, ...]
    options: tuple[tuple[int, ...], ...]
    op: Op | None = None
    waiting: Waiting | None = None
    real: bool = True


class AbilityState:
    """The part of a game's state the ability engine keeps (copied by ``copy``)."""

    def __init__(self) -> None:
        self.work: list[Op] = []
        self.choice: Choice | None = None
        self.waiting: list[Waiting] = []
        self.delayed: list[Delayed] = []
        self.lasting: list[Lasting] = []
        self.lki: dict[int, Info] = {}
        self.paid: dict[int, tuple[int, ...]] = {}
        self.named: dict[int, int] = {}
        self.keep = 0
        self.signals: list[tuple[str, int, int, str, str]] = []
        self.check_keys: set[str] = set()
        self.seen: dict[str, list[Any]] = {}
        self.history: list[tuple[str, str, int, Any]] = []
        self.proposal: tuple[int, int] | None = None
        self.looped: set[str] = set()
        self.keys: tuple[str, str] | None = None

    def copy(self) -> AbilityState:
        other = AbilityState()
        other.work = list(self.work)
        other.choice = self.choice
        other.waiting = list(self.waiting)
        other.delayed = list(self.delayed)
        other.lasting = list(self.lasting)
        other.lki = dict(self.lki)
        other.paid = dict(self.paid)
        other.named = dict(self.named)
        other.keep = self.keep
        other.signals = list(self.signals)
        other.check_keys = set(self.check_keys)
        other.seen = {k: list(v) for k, v in self.seen.items()}
        other.history = list(self.history)
        other.proposal = self.proposal
        other.looped = set(self.looped)
        other.keys = self.keys
        return other

    def snapshot(self) -> dict[str, Any]:
        def data(x: Any) -> Any:
            return json.loads(
                json.dumps(attrs.asdict(x) if attrs.has(type(x)) else x, default=list)
            )

        return {
            "work": [data(o) for o in self.work],
            "choice": None if self.choice is None else data(self.choice),
            "waiting": [data(w) for w in self.waiting],
            "delayed": [data(d) for d in self.delayed],
            "lasting": [data(x) for x in self.lasting],
            "lki": sorted((k, data(v)) for k, v in self.lki.items()),
            "paid": sorted(self.paid.items()),
            "named": sorted(self.named.items()),
            "keep": self.keep,
            "proposal": self.proposal,
        }


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


ENGINE_EVENTS: tuple[type[Event], ...] = (AbilityTriggered, AbilityPlayed, Replaced, LoopDraw)


# -- the driver ------------------------------------------------------------------------


def push(st: ForceHorseState, *ops: Op) -> None:
    """Put ``ops`` at the front of the work, in this order."""
    st.ab.work[0:0] = ops


def drive(st: ForceHorseState, events: list[Event]) -> None:
    """Do the work until a decision is needed or the game is over."""
    from racebook.games.forcehorse.turn import STEPS

    ab = st.ab
    while not st.over and ab.choice is None:
        watch(st, events)
        if not ab.work:
            break
        op = ab.work.pop(0)
        if op.kind == "step":
            STEPS[op.name](st, op, events)
        elif op.kind == "check":
            check_step(st, events)
        elif op.kind == "effect":
            assert op.effect is not None and op.ctx is not None
            do_effect(st, op.effect, op.ctx, op.applied, events)
        else:
            replaceable(st, op, events)
    if st.over:
        ab.work.clear()
        ab.choice = None


def state_key(st: ForceHorseState) -> str:
    """A digest of the whole state (1201.1b-c: "the game is completely the same")."""
    snap = st.snapshot()
    for bookkeeping in ("history", "entered", "stamp"):
        snap.pop(bookkeeping, None)
    return hashlib.sha256(json.dumps(snap, sort_keys=True).encode()).hexdigest()[:16]


# -- the rule check (804) --------------------------------------------------------------


def check_step(st: ForceHorseState, events: list[Event]) -> None:
    """One pass of FotH 804.2: rule processes (804.2a), then one waiting
    ability of the turn player (804.2b), else of the other (804.2c), then
    back to 804.2a (this op is put back first); none waiting: 804.2d, done."""
    from racebook.games.forcehorse.processes import rule_processes

    ab = st.ab
    if not rule_processes(st, events):  # 804.2a; False: the game ended (902)
        return
    watch(st, events)
    state_triggers(st, events)
    if not ab.waiting:
        ab.check_keys.clear()  # 804.2d
        return
    key = state_key(st)
    if key in ab.check_keys:  # 1201.1c: the same state again, no one chose otherwise
        events.append(LoopDraw())
        st.finish((), events)
        return
    ab.check_keys.add(key)
    tp = st.turn_player
    for seat in (tp, 1 - tp):
        mine = [i for i, w in enumerate(ab.waiting) if w.user == seat]
        if not mine:
            continue
        push(st, Op("check"))
        if len({ab.waiting[i] for i in mine}) == 1:
            begin_play(st, mine[0], events)
            return
        labels = tuple(_label(st, ab.waiting[i]) for i in mine)  # 806.3a: any order
        ab.choice = Choice(seat, "ability", labels, tuple((i,) for i in mine))
        return


def _ability(st: ForceHorseState, w: Waiting) -> Ability:
    if w.delayed is not None:
        return w.delayed
    return st.table.cards[w.source].abilities[w.ability]


def _label(st: ForceHorseState, w: Waiting) -> str:
    a = _ability(st, w)
    text = a.text or ", ".join(e.effect for e in a.do)
    return f"{st.table.name(w.source)} #{w.ability}: {text}"


# -- automatic abilities (806) ---------------------------------------------------------


def signal(st: ForceHorseState, kind: str, seat: int, card: int = -1) -> None:
    """Record that something an automatic ability may watch happened."""
    if st.game.has_abilities:
        st.ab.signals.append((kind, seat, card, "", ""))


def on_move(st: ForceHorseState, card: int, source: str, target: str) -> None:
    """Called by every zone move, before it: last known information (810.1)
    of a card leaving a public zone, its trigger signal (806.4) and the time
    it enters its new zone (808.1h-i, 808.2)."""
    t = st.table
    if source in PUBLIC:
        st.ab.lki[card] = info(st, card)  # 810.1
    t.stamp += 1
    t.entered[card] = t.stamp
    st.ab.signals.append(("moved", t.owners[card], card, source, target))


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


def _matches(ability: Ability, sig: tuple[str, int, int, str, str], this: int, user: int) -> bool:
    kind, seat, card, source, target = sig
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
        kind, _, moved, source, target = sig
        watchers = live_cards(t)
        if (
            kind == "moved"
            and moved not in watchers
            and live_zone(t.cards[moved]) in (source, target)
        ):
            watchers.append(moved)  # 806.4b: it triggers on its own move
        if kind == "paid" and moved not in watchers:
            watchers.append(moved)  # 803.4d: valid in the resolution area when paid
        for card in watchers:
            if not t.cards[card].abilities:
                continue
            user = t.owners[card]
            now = info(st, card)
            for i, ability in enumerate(now.abilities):
                if not ability.is_triggered or ability.type == "state":
                    continue
                if ability.type == "force" and not now.force_usable:
                    continue  # 1102.6
                if not _matches(ability, sig, card, user):
                    continue
                if ability.type == "auto" and not valid(st, ability, card, user):
                    continue  # 803.3: not valid now, so it cannot trigger
                _wait(st, Waiting(user, card, i, *_trigger_info(st, sig)), events)
        for d in list(ab.delayed):
            if _matches(d.ability, sig, d.source, d.user):
                ab.delayed.remove(d)  # 806.5a: once
                _wait(st, Waiting(d.user, d.source, -1, *_trigger_info(st, sig), d.ability), events)


def _trigger_info(
    st: ForceHorseState, sig: tuple[str, int, int, str, str]
) -> tuple[int, Info | None]:
    """FotH 806.4a: a card moving between a public and a hidden zone is seen
    as it was in the public one; public to public, as it is in the new one."""
    kind, _, card, source, target = sig
    if card < 0:
        return -1, None
    if kind != "moved":
        return card, info(st, card)
    if source in PUBLIC and target not in PUBLIC:
        return card, st.ab.lki.get(card)
    if source in PUBLIC or target in PUBLIC:
        return card, info(st, card)
    return card, None


def _wait(st: ForceHorseState, w: Waiting, events: list[Event]) -> None:
    st.ab.waiting.append(w)
    events.append(AbilityTriggered(w.user, st.table.name(w.source), w.ability))


def state_triggers(st: ForceHorseState, events: list[Event]) -> None:
    """FotH 806.6: a state trigger waits once when its state holds; after it
    resolves, if the state still holds, it waits again (806.6a)."""
    t = st.table
    for card in live_cards(t):
        user = t.owners[card]
        for i, ability in enumerate(abilities_of(st, card)):
            if ability.type != "state" or not valid(st, ability, card, user):
                continue
            if any(w.source == card and w.ability == i for w in st.ab.waiting):
                continue
            _wait(st, Waiting(user, card, i), events)


# -- playing an ability (805.2) --------------------------------------------------------


def _candidates(st: ForceHorseState, choose: str, user: int) -> list[int]:
    """FotH 805.2b: what ``choose`` may pick now."""
    t = st.table
    if choose == "your-farm":
        return list(t.zones[user][FARM])
    sides = {"your-run": (user,), "opponent-run": (1 - user,), "any-run": (0, 1)}[choose]
    return [c for s in sides for c in t.zones[s][RUN] if t.cards[c].kind == HORSE]


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
    if ability.cost == "farm-hand":  # one card of each name
        firsts = {t.cards[c].name: c for c in reversed(hand)}
        if len(hand) < ability.cost_amount:
            return []
        if ability.cost_amount == 1:
            return [(c,) for _, c in sorted(firsts.items())]
        return [tuple(sorted(hand)[: ability.cost_amount])]
    if ability.cost == "farm-this":
        return [(source,)] if zone_of(t, source) not in ("", FARM) else []
    return [()]


def begin_play(st: ForceHorseState, index: int, events: list[Event]) -> None:
    """FotH 805.2a for a waiting ability, then its choices (805.2b) and cost
    (805.2c): decided by its user when there is more than one way."""
    ab = st.ab
    w = ab.waiting.pop(index)  # 806.3: its waiting is cancelled once
    ability = _ability(st, w)
    options: list[tuple[int, ...]] = []
    labels: list[str] = []
    chosen = _candidates(st, ability.choose, w.user) if ability.choose else [-1]
    costs = cost_options(st, ability, w.user, w.source) if ability.cost else [()]
    for c, (k, pay) in product(chosen, enumerate(costs)):
        options.append((c, k))
        what = [] if c < 0 else [st.table.name(c)]
        if pay:
            what.append("paying " + ", ".join(st.table.name(x) for x in pay))
        labels.append(" ".join(what) or "play")
    if ability.cost:  # 806.3a-i: may decline to pay, and so not play it
        options.append((-1, -1))
        labels.append("decline")
    if not options or (options == [(-1, -1)] and ability.cost and not costs):
        events.append(AbilityPlayed(w.user, st.table.name(w.source), w.ability, declined=True))
        return  # 806.3b: it cannot be played
    if len(options) == 1:
        resolve(st, w, options[0], events)
        return
    ab.choice = Choice(w.user, "play", tuple(labels), tuple(options), waiting=w)


def resolve(st: ForceHorseState, w: Waiting, option: tuple[int, ...], events: list[Event]) -> None:
    """Pay the cost (805.2c) and do the effects (805.2d-vi) of a waiting ability."""
    t = st.table
    ability = _ability(st, w)
    chosen, cost = option
    name = t.name(w.source)
    if cost < 0:
        events.append(AbilityPlayed(w.user, name, w.ability, declined=True))  # 806.3b-i
        return
    if ability.cost:
        pay = cost_options(st, ability, w.user, w.source)[cost]
        for c in pay:
            move(t, c, t.owners[c], zone_of(t, c), FARM, events)
    events.append(AbilityPlayed(w.user, name, w.ability, None if chosen < 0 else t.name(chosen)))
    if ability.type == "force" and not ability.on:
        paid = st.ab.paid.get(w.source, ())
        if not valid(st, ability, w.source, w.user, paid=paid):
            return  # 1102.2: "if (state)" does not hold: nothing
    t.stamp += 1
    ctx = Context(w.user, w.source, t.stamp, chosen, st.ab.named.get(w.source, -1), w.card,
                  w.card_info, ability)  # fmt: skip
    push(st, *(Op("effect", effect=e, ctx=ctx) for e in ability.do))


def play_text(st: ForceHorseState, card: int, seat: int, named: int) -> list[Op]:
    """FotH 805.2d-iv/v: a support card's text, as effects to do now."""
    t = st.table
    t.stamp += 1
    if named >= 0:
        st.ab.named[card] = named
    ops: list[Op] = []
    for ability in t.cards[card].abilities:
        if ability.type != "play" or not valid(st, ability, card, seat):
            continue
        ctx = Context(seat, card, t.stamp, -1, named, -1, None, ability)
        ops += [Op("effect", effect=e, ctx=ctx) for e in ability.do]
    return ops


def would_do(st: ForceHorseState, card: int, seat: int, named: int) -> bool:
    """FotH 805.3: whether a support card's text would do anything at all
    (a card with no abilities in the vocabulary: its text is not modelled)."""
    t = st.table
    abilities = [a for a in t.cards[card].abilities if a.type == "play"]
    if not t.cards[card].abilities:
        return True
    for ability in abilities:
        if not valid(st, ability, card, seat):
            continue
        ctx = Context(seat, card, t.stamp, -1, named, -1, None, ability)
        if any(_effect_does(st, e, ctx) for e in ability.do):
            return True
    return False


def _effect_does(st: ForceHorseState, e: Effect, ctx: Context) -> bool:
    t = st.table
    race = st.race
    assert race is not None
    if e.effect == "draw":
        seat = ctx.user if e.target == "you" else 1 - ctx.user
        return t.current_area(seat) is not None
    if e.effect == "going":
        from racebook.games.forcehorse.race import stepped_going

        return stepped_going(race.going, e.amount) != race.going
    if e.effect in ("add-runs", "keep"):
        return e.amount > 0
    if e.effect in ("farm", "to-hand"):
        return bool(_targets(st, e, ctx))
    if e.effect == "later":
        return True
    return e.target not in ("named", "chosen", "this") or bool(_targets(st, e, ctx))


# -- effects (807, 808) ----------------------------------------------------------------


def _targets(st: ForceHorseState, e: Effect, ctx: Context) -> list[int]:
    t = st.table
    target = e.target
    if target == "this":
        return [ctx.source]
    if target == "chosen":
        return [ctx.chosen] if ctx.chosen >= 0 else []
    if target == "named":
        return [ctx.named] if ctx.named >= 0 else []
    if target == "triggering":
        return [ctx.card] if ctx.card >= 0 else []
    side = ctx.user if target in ("your-run", "your-hand") else 1 - ctx.user
    zone = HAND if target == "your-hand" else RUN
    return [c for c in t.zones[side][zone] if t.cards[c].kind == HORSE]


def _subject(st: ForceHorseState, ctx: Context) -> Info:
    """FotH 810.1: the source as it was last in its zone when it has left it."""
    if is_live(st.table, ctx.source) or ctx.source not in st.ab.lki:
        return info(st, ctx.source)
    return st.ab.lki[ctx.source]


def do_effect(
    st: ForceHorseState, e: Effect, ctx: Context, applied: Applied, events: list[Event]
) -> None:
    """FotH 807.1: a one-shot effect done once; a continuous one made (802.1b)."""
    t = st.table
    amount = e.amount
    if e.per:
        amount = getattr(_subject(st, ctx), e.per)
    name = e.effect
    if name == "draw":
        seat = ctx.user if e.target == "you" else 1 - ctx.user
        push(st, *(Op("draw", seat, applied=applied) for _ in range(max(0, amount))))
    elif name == "going":
        push(st, Op("going", ctx.user, amount=amount, applied=applied))
    elif name == "add-runs":
        seat = ctx.user if e.target == "you" else 1 - ctx.user
        push(st, Op("add-runs", seat, amount=amount, applied=applied))
    elif name == "keep":
        st.ab.keep += amount  # 513.1
    elif name == "farm":
        push(st, *(Op("farm", card=c, applied=applied) for c in _targets(st, e, ctx)))
    elif name == "to-hand":
        for c in _targets(st, e, ctx):
            zone = zone_of(t, c)
            if zone and zone != HAND:
                move(t, c, t.owners[c], zone, HAND, events)
    elif name == "later":  # 806.5
        assert ctx.ability is not None
        later = Ability("auto", on=e.value, whose=ctx.ability.whose, do=ctx.ability.later)
        st.ab.delayed.append(Delayed(ctx.user, ctx.source, later, ctx.stamp))
    else:  # a continuous effect (802.1b): fixed targets, or a group read when applied
        fixed = (
            None
            if e.target in ("your-run", "opponent-run", "your-hand")
            else tuple(_targets(st, e, ctx))
        )
        until = "run-area" if ctx.ability is not None and ctx.ability.type == "force" else e.until
        st.ab.lasting.append(
            Lasting(e, ctx.user, ctx.source, fixed, ctx.stamp, st.turn, until)
        )  # 1102.5


def end_lasting(st: ForceHorseState, turn_over: bool) -> None:
    """Continuous effects end: at the end of the turn for ``until = turn``;
    when the source leaves the run area for force abilities' (1102.5)."""
    t = st.table
    keep = []
    for x in st.ab.lasting:
        if x.until == "turn" and turn_over:
            continue
        if x.until == "run-area" and x.source not in t.zones[t.owners[x.source]][RUN]:
            continue
        keep.append(x)
    st.ab.lasting = keep


# -- replacement effects (809) ---------------------------------------------------------


def _replacements(st: ForceHorseState, op: Op) -> list[tuple[int, int, Ability]]:
    t = st.table
    out = []
    for card in live_cards(t):
        user = t.owners[card]
        for i, a in enumerate(abilities_of(st, card)):
            if a.type != "replace" or (card, i) in op.applied or a.instead != op.kind:
                continue
            if op.kind == "farm":
                owner = t.owners[op.card]
                if not _whose(a, user, owner, op.card, card):
                    continue
            elif op.kind in ("draw", "add-runs") and not _whose(a, user, op.seat, -1, card):
                continue
            if not valid(st, a, card, user):
                continue
            if a.may and not cost_options(st, a, user, card):
                continue  # 809.3
            out.append((card, i, a))
    return out


def affected(st: ForceHorseState, op: Op) -> int:
    """FotH 809.2b: who chooses the order: the player doing the action, or
    the user of the card it acts on."""
    if op.kind == "farm":
        return st.table.owners[op.card]
    return op.seat if op.seat >= 0 else st.turn_player


def replaceable(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    """FotH 809: a replaceable event, replaced or done."""
    cands = _replacements(st, op)
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
    labels = tuple(f"{st.table.name(c)} #{i}" for c, i, _ in cands)
    st.ab.choice = Choice(
        affected(st, op), "replace", labels, tuple((c, i) for c, i, _ in cands), op
    )


def offer_may(st: ForceHorseState, op: Op, card: int, i: int, a: Ability) -> None:
    """FotH 802.1c-ii: the user may make the [choice]; if they do, the replacement."""
    user = st.table.owners[card]
    pays = cost_options(st, a, user, card)
    labels = tuple("replace, paying " + ", ".join(st.table.name(c) for c in p) for p in pays)
    options = (*((card, i, k) for k in range(len(pays))), (card, i, -1))
    st.ab.choice = Choice(user, "may", (*labels, "do not replace"), options, op)


def replace(
    st: ForceHorseState, op: Op, card: int, i: int, pay: tuple[int, ...], events: list[Event]
) -> None:
    """FotH 809.1: the event does not happen; the replacement's effects instead,
    themselves never replaced again by this one (809.2c)."""
    t = st.table
    a = t.cards[card].abilities[i]
    for c in pay:
        move(t, c, t.owners[c], zone_of(t, c), FARM, events)
    events.append(Replaced(t.owners[card], t.name(card), op.kind))
    t.stamp += 1
    ctx = Context(t.owners[card], card, t.stamp, -1, -1, op.card, None, a)
    applied = op.applied | {(card, i)}
    push(st, *(Op("effect", effect=e, ctx=ctx, applied=applied) for e in a.do))


def execute(st: ForceHorseState, op: Op, events: list[Event]) -> None:
    """Do a replaceable event (nothing replaced it)."""
    from racebook.games.forcehorse.turn import add_runs, draw

    t = st.table
    if op.kind == "draw":
        drew = len(t.zones[op.seat][HAND])
        draw(st, op.seat, 1, events)  # 502
        if len(t.zones[op.seat][HAND]) > drew:
            signal(st, "drawn", op.seat)
    elif op.kind == "farm":
        zone = zone_of(t, op.card)
        if zone and zone != FARM:
            move(t, op.card, t.owners[op.card], zone, FARM, events)
    elif op.kind == "going":
        before = st.race
        st.change_going(op.amount, events)
        if st.race != before:
            signal(st, "going-changed", op.seat)
    elif op.kind == "add-runs" and op.amount > 0:
        add_runs(st, op.amount, events)
        signal(st, "runs-added", op.seat)


def choose(st: ForceHorseState, option: int, events: list[Event]) -> None:
    """A player's answer to the pending :class:`Choice`."""
    ab = st.ab
    c = ab.choice
    assert c is not None
    ab.choice = None
    picked = c.options[option]
    if c.kind == "ability":
        begin_play(st, picked[0], events)
    elif c.kind == "play":
        assert c.waiting is not None
        resolve(st, c.waiting, picked, events)
    elif c.kind == "replace":
        assert c.op is not None
        card, i = picked
        a = st.table.cards[card].abilities[i]
        if a.may:
            offer_may(st, c.op, card, i, a)
        else:
            replace(st, c.op, card, i, (), events)
    elif c.kind == "may":
        assert c.op is not None
        card, i, k = picked
        if k < 0:  # not replaced: this effect is spent on this event (809.2c)
            push(st, attrs.evolve(c.op, applied=c.op.applied | {(card, i)}))
        else:
            a = st.table.cards[card].abilities[i]
            pay = cost_options(st, a, st.table.owners[card], card)[k]
            replace(st, c.op, card, i, pay, events)


def force_live(card_kind: str) -> bool:
    return card_kind == FORCE

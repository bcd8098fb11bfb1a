"""The ability engine: the rule check (FotH 804), playing and resolving
abilities (805.2), effects (807, 808) and answering choices; automatic
abilities' triggers are in :mod:`.triggers` (806, 810), replacement effects
in :mod:`.replacement` (809), the records in :mod:`.work`.

Everything the game does between two decisions is a list of small steps
(:class:`Op`, plain data, so a state copies and replays exactly): a turn
step, a rule check, a draw, a card put on a farm, an effect.  :func:`drive`
does them in order until a player must decide (a :class:`Choice`) or the
game ends.  A draw, a card put on a farm, a going change and runs added are
each checked for replacement effects (809) just before they happen.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

import attrs

from racebook.core.game import Event
from racebook.games.forcehorse import turn as turn_steps  # turn imports this module first
from racebook.games.forcehorse.abilities import COUNTS, FORBIDS, Ability, Effect
from racebook.games.forcehorse.actions import (
    MORE_EFFECTS,
    ask_required,
    candidates_more,
    choice_label,
    chosen_name,
    do_more,
    effect_valid,
    forbidden,
    more_does,
    per_amount,
    seat_of,
)
from racebook.games.forcehorse.cards import HORSE
from racebook.games.forcehorse.effects import info, is_live, valid, zone_of
from racebook.games.forcehorse.limits import (
    forced_chain_ends,
    limit_reached,
    made_count,
    unstoppable,
)
from racebook.games.forcehorse.processes import rule_processes
from racebook.games.forcehorse.records import Context, Delayed, Lasting, Waiting
from racebook.games.forcehorse.replacement import (
    execute,
    has_run_count,
    offer_may,
    replace,
    replaceable,
    replacements,
)
from racebook.games.forcehorse.triggers import (
    signal,
    state_triggers,
    states_arising,
    states_holding,
    watch,
)
from racebook.games.forcehorse.work import (
    CHECK,
    MAX_OPTIONS,
    AbilityPlayed,
    Applied,
    Choice,
    Op,
    _candidates,
    cost_options,
    push,
    state_key,
)
from racebook.games.forcehorse.zones import FARM, HAND, RESOLUTION, RUN, move

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


def drive(st: ForceHorseState, events: list[Event]) -> None:
    """Do the work until a decision is needed or the game is over."""
    if not st.game.has_abilities:
        drive_plain(st, events)
        return
    steps = turn_steps.STEPS
    ab = st.ab
    work = ab.work  # the same list all along (push() inserts into it)
    limit = st.game.config.max_work
    limits = st.game.config.max_effects if st.game.config.edition >= 3 else 1 << 62
    held = states_holding(st) if st.game.has_state and st.game.config.edition >= 3 else None
    while st.phase != "over" and ab.choice is None:  # st.over, read inline: every op
        if ab.signals:  # watch(), asked only when a trigger may have happened
            watch(st, events)
            if len(ab.waiting) > limits and made_count(st) > limits:
                limit_reached(st, "max_effects", events)  # the engine's limit
                break
        if not work:
            break
        ab.done += 1
        if ab.done > limit:
            limit_reached(st, "max_work", events)  # the engine's limit
            break
        op = work.pop(0)
        kind = op.kind
        if kind == "check":
            check_step(st, events)
        elif kind == "step":
            steps[op.name](st, op, events)
        elif kind == "effect":
            assert op.effect is not None and op.ctx is not None
            do_effect(st, op.effect, op.ctx, op.applied, events)
        elif not (kind in FORBIDS and forbidden(st, kind, op.seat)):  # 103.3
            replaceable(st, op, events)
        if held is not None and kind != "check" and st.phase != "over":
            # 806.6a: a state trigger waits once when its state arises, also
            # while a text resolves (901.2 keeps only rule processes to rule checks)
            held = states_arising(st, held, events)
    if st.phase == "over":  # st.over, inline
        ab.work.clear()
        ab.choice = None


def drive_plain(st: ForceHorseState, events: list[Event]) -> None:
    """:func:`drive` for a game whose cards have no abilities (part 1): no
    signal is recorded, no ability waits, no choice is asked, nothing forbids
    (103.3) or replaces (809) an event and no effect is made, so the work is
    turn steps, rule checks and plain draws and moves to a farm."""
    ab = st.ab
    work = ab.work  # the same list all along (push() inserts into it)
    if not work:  # nothing to do (a pass in the support step, 702.5b)
        return
    steps = turn_steps.STEPS
    limit = st.game.config.max_work - ab.done  # steps left (nothing here drives again)
    done = 0
    while work and st.phase != "over":  # st.over, read inline: every op
        done += 1
        if done > limit:
            limit_reached(st, "max_work", events)  # the engine's limit
            break
        op = work.pop(0)
        kind = op.kind
        if kind == "check":
            t = st.table
            if t.settled != t.moves:  # check_step(): no ability waits, no 1201.1c loop
                rule_processes(st, events)  # without abilities: 804.2a, then 804.2d
        elif kind == "step":
            steps[op.name](st, op, events)
        else:
            execute(st, op, events)  # replaceable(): nothing replaces it
    ab.done += done
    if st.phase == "over":  # st.over, inline
        work.clear()


# -- the rule check (804) --------------------------------------------------------------


def check_step(st: ForceHorseState, events: list[Event]) -> None:
    """One pass of FotH 804.2: rule processes (804.2a), then one waiting
    ability of the turn player (804.2b), else of the other (804.2c), then
    back to 804.2a (this op is put back first); none waiting: 804.2d, done."""
    ab = st.ab
    settled = rule_processes(st, events)  # 804.2a: False: the game ended, or moves to do
    if st.phase == "over":  # st.over, inline
        return
    if settled:
        watch(st, events)
        state_triggers(st, events)
        if not ab.waiting:
            forced_chain_ends(st)  # 804.2d
            return
    if not st.game.has_abilities:  # the processes' moves, then this check again (pushed):
        return  # no 1201.1c loop, each pass puts a card on a farm (no state comes back)
    key = state_key(st)
    again = ab.repeats[key[0]] = ab.repeats.get(key[0], 0) + 1
    if st.game.legacy:  # edition 1: any 200 abilities in one rule check were a loop
        ab.passes += 1
        again = 0 if ab.passes <= 200 else st.game.config.loop_repeats + 1
    if key in ab.check_keys:
        # 1201.1c: with no one choosing otherwise, the very same state again:
        # it can only go round
        unstoppable(st, events)
        return
    if again > st.game.config.loop_repeats:
        # the same placement of every card in the same step over and over
        # with only something growing: the engine's limit (loop_repeats)
        limit_reached(st, "loop_repeats", events)
        return
    ab.check_keys.add(key)
    if not settled:
        return  # the processes' moves, then this rule check again (pushed)
    tp = st.turn_player
    for seat in (tp, 1 - tp):
        mine = [i for i, w in enumerate(ab.waiting) if w.user == seat]
        if not mine:
            continue
        push(st, CHECK)
        if len({ab.waiting[i] for i in mine}) == 1:
            begin_play(st, mine[0], events)
            return
        mine = mine[:MAX_OPTIONS]
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


def begin_play(st: ForceHorseState, index: int, events: list[Event]) -> None:
    """FotH 805.2a for a waiting ability, then its choices (805.2b) and cost
    (805.2c): decided by its user when there is more than one way."""
    ab = st.ab
    w = ab.waiting.pop(index)  # 806.3: its waiting is cancelled once
    ability = _ability(st, w)
    need = ask_required(st, w)  # 510: the required action first
    if need == "cannot":  # 510.2: it cannot be played (806.3b)
        _spent(st, w, ability)
        events.append(AbilityPlayed(w.user, st.table.name(w.source), w.ability, declined=True))
    if need:
        return
    options: list[tuple[int, ...]] = []
    labels: list[str] = []
    chosen = _choices(st, w, ability)
    if chosen is None:
        return  # the opponent chooses first (103.4)
    costs = cost_options(st, ability, w.user, w.source) if ability.cost else [()]
    for c, (k, pay) in product(chosen, enumerate(costs)):
        options.append((c, k))
        what = [] if c < 0 else [choice_label(st, ability.choose, w.user, c)]
        if pay:
            what.append("paying " + ", ".join(st.table.name(x) for x in pay))
        labels.append(" ".join(what) or "play")
    del options[MAX_OPTIONS - 1 :], labels[MAX_OPTIONS - 1 :]  # a bounded choice (work.py)
    if ability.cost and not ability.mandatory:  # 806.3a-i: may decline to pay, and so not play it
        options.append((-1, -1))
        labels.append("decline")
    if not options or not chosen:  # 805.2b: nothing to choose (public): it cannot be played
        _spent(st, w, ability)
        events.append(AbilityPlayed(w.user, st.table.name(w.source), w.ability, declined=True))
        return  # 806.3b: it cannot be played
    if len(options) == 1 and ability.cost != "pay-force":
        resolve(st, w, options[0], events)
        return
    # an optional force payment is always asked, even when it cannot be made,
    # so that whether the hand could pay is not shown to the other player
    ab.choice = Choice(w.user, "play", tuple(labels), tuple(options), waiting=w)


def _choices(st: ForceHorseState, w: Waiting, ability: Ability) -> list[int] | None:
    """FotH 805.2b: what the choice may pick ([-1]: no choice); ``None``
    when the opponent must choose first (103.4, 301.2d-i): their choice is
    pending, and the play goes on with what they picked (``Waiting.picked``)."""
    if not ability.choose:
        return [-1]
    if w.picked != -2:
        return [w.picked]
    if ability.choose in ("your-run", "opponent-run", "any-run", "your-farm"):
        found = _candidates(st, ability.choose, w.user)
    else:
        found = candidates_more(st, ability.choose, w.user, ability.upto)
    if ability.chooser != "opponent" or not found:
        return found
    found = found[:MAX_OPTIONS]
    labels = tuple(choice_label(st, ability.choose, w.user, c) for c in found)
    st.ab.choice = Choice(1 - w.user, "pick", labels, tuple((c,) for c in found), waiting=w)
    return None


def _spent(st: ForceHorseState, w: Waiting, ability: Ability) -> None:
    """FotH 806.6a: a state trigger waits again after it resolved; one that
    was declined or could not be played waits only once its state arises anew."""
    if ability.type == "state" and w.delayed is None:
        st.ab.spent.add((w.source, w.ability))


def resolve(st: ForceHorseState, w: Waiting, option: tuple[int, ...], events: list[Event]) -> None:
    """Pay the cost (805.2c) and do the effects (805.2d-vi) of a waiting ability."""
    t = st.table
    ability = _ability(st, w)
    chosen, cost = option
    name = t.name(w.source)
    if cost < 0:
        _spent(st, w, ability)
        events.append(AbilityPlayed(w.user, name, w.ability, declined=True))  # 806.3b-i
        return
    after: list[Op] = []
    if ability.cost:
        pay = cost_options(st, ability, w.user, w.source)[cost]
        after = pay_cost(st, ability, pay, events)
    events.append(
        AbilityPlayed(w.user, name, w.ability, chosen_name(st, ability.choose, w.user, chosen))
    )
    if ability.type == "force" and not ability.on:
        paid = st.ab.paid.get(w.source, ())
        if not valid(st, ability, w.source, w.user, paid=paid):
            return  # 1102.2: "if (state)" does not hold: nothing
    t.stamp += 1
    ctx = Context(w.user, w.source, t.stamp, chosen, st.ab.named.get(w.source, -1), w.card,
                  w.card_info, ability)  # fmt: skip
    push(st, *(Op("effect", effect=e, ctx=ctx) for e in ability.do), *after)


def pay_cost(
    st: ForceHorseState, ability: Ability, pay: tuple[int, ...], events: list[Event]
) -> list[Op]:
    """FotH 805.2c: pay a cost: cards put on the farm; force paid goes to the
    resolution area (503.2), where force cards' abilities are valid as they
    are paid (803.4d, the ``paid`` trigger), and from there to the farm once
    the ability is done (905.1): the ops that do that, to come after it."""
    t = st.table
    if ability.cost != "pay-force" or st.game.legacy:  # edition 1: straight to the farm
        for c in pay:
            move(t, c, t.owners[c], zone_of(t, c), FARM, events)
        return []
    for c in pay:
        move(t, c, t.owners[c], zone_of(t, c), RESOLUTION, events)  # 503.2
        signal(st, "paid", t.owners[c], c)
    return [Op("farm", card=c, name=RESOLUTION) for c in pay]


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
    # judged as it would be done: with the card in the resolution area (805.2a-i)
    hand = t.zones[seat][HAND]
    at = hand.index(card)
    hand.pop(at)
    t.resolution.append(card)
    t.moves += 1
    try:
        for ability in abilities:
            if not valid(st, ability, card, seat):
                continue
            ctx = Context(seat, card, t.stamp, -1, named, -1, None, ability)
            if any(_effect_does(st, e, ctx) for e in ability.do):
                return True
        return False
    finally:
        t.resolution.pop()
        hand.insert(at, card)
        t.moves += 1


def _effect_does(
    st: ForceHorseState, e: Effect, ctx: Context, applied: Applied = frozenset()
) -> bool:
    t = st.table
    race = st.race
    assert race is not None
    if e.effect in MORE_EFFECTS or e.when or e.unless:
        return more_does(st, e, ctx)
    if e.effect in FORBIDS:  # 103.3: a forbidden draw, going change or runs added does nothing
        seat = ctx.user if e.effect == "going" else seat_of(e.target, ctx)
        if forbidden(st, e.effect, seat):
            return False
    amount = per_amount(st, e, ctx) if e.per else e.amount
    if e.effect == "draw":
        seat = ctx.user if e.target == "you" else 1 - ctx.user
        return (
            amount > 0
            and t.current_area(seat) is not None
            and not _replaced_away(st, Op("draw", seat, applied=applied))
        )
    if e.effect == "going":
        from racebook.games.forcehorse.race import stepped_going

        return stepped_going(race.going, e.amount) != race.going and not _replaced_away(
            st, Op("going", ctx.user, amount=amount, applied=applied)
        )
    if e.effect == "add-runs":  # 512.1: only the turn player has a run count (702.6a)
        seat = ctx.user if e.target == "you" else 1 - ctx.user
        return (
            amount > 0
            and has_run_count(st, seat)
            and not _replaced_away(st, Op("add-runs", seat, amount=amount, applied=applied))
        )
    if e.effect == "keep":
        return amount > 0
    if e.effect == "farm":
        return any(
            not _replaced_away(st, Op("farm", card=c, name=zone_of(t, c), applied=applied))
            for c in _targets(st, e, ctx)
        )
    if e.effect == "to-hand":
        return any(
            zone_of(t, c) != HAND
            and not _replaced_away(st, Op("to-hand", card=c, name=zone_of(t, c), applied=applied))
            for c in _targets(st, e, ctx)
        )
    if e.effect == "later":
        return True
    return bool(_targets(st, e, ctx))  # a continuous effect: on some card


def _replaced_away(st: ForceHorseState, op: Op) -> bool:
    """FotH 809.1a, 805.3: whether ``op`` would be replaced into nothing: a
    replacement effect that is not the choose-to-replace form applies to it
    (so the event itself never happens), and whichever of them its player
    applies, what it does instead does nothing either.  A replacement a
    player may decline (802.1c-ii) leaves the event able to happen."""
    if st.game.legacy:
        return False  # edition 1 did not look at replacements here
    cands = replacements(st, op)
    forced = [(card, i, a) for card, i, a in cands if not a.may]
    if not forced:
        return False
    t = st.table
    for card, i, a in forced:
        ctx = Context(t.owners[card], card, t.stamp, -1, -1, op.card, None, a)
        applied = op.applied | {(card, i)}  # 809.2c: never the same one again
        if any(_effect_does(st, e, ctx, applied) for e in a.do):
            return False
    return True


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


def _subject(st: ForceHorseState, ctx: Context, per: str) -> int:
    """The value ``per`` reads: of the card that triggered the ability
    (``triggering-...``), as 806.4a says to see it; else of the source, as it
    was last in its zone when it has left it (810.1), unless the source is
    itself the card whose move triggered the ability: then 806.4a too (a
    public-to-public move: as it is in the new zone, 806.4a-ii)."""
    if per == "chosen":
        return max(0, ctx.chosen)  # 103.5: the number chosen
    whose, _, value = per.rpartition("-")
    own = ctx.card == ctx.source and ctx.card_info is not None and not st.game.legacy
    if whose == "triggering" or own:
        if ctx.card_info is not None:
            return int(getattr(ctx.card_info, value))  # 806.4a
        if ctx.card < 0 or (whose == "triggering" and st.game.config.edition >= 3):
            return 0  # 806.4a: a move between hidden zones gives no information
        return int(getattr(info(st, ctx.card), value))
    if is_live(st.table, ctx.source) or ctx.source not in st.ab.lki:
        return int(getattr(info(st, ctx.source), value))
    return int(getattr(st.ab.lki[ctx.source], value))  # 810.1


def do_effect(
    st: ForceHorseState, e: Effect, ctx: Context, applied: Applied, events: list[Event]
) -> None:
    """FotH 807.1: a one-shot effect done once; a continuous one made (802.1b)."""
    t = st.table
    if (e.when or e.unless) and not effect_valid(st, e, ctx):
        return  # 803.2-803.3: this effect is invalid now
    if e.effect in MORE_EFFECTS:
        do_more(st, e, ctx, events)
        return
    amount = e.amount
    name = e.effect
    if e.per:
        amount = per_amount(st, e, ctx)
        counted = e.per.startswith("cards:")  # amount for each card: signed as written
        if name in COUNTS and st.game.config.edition >= 3 and not counted:
            if amount <= 0:
                return  # 103.2b: a count of 0 or less does nothing, never the opposite
            if name == "going" and e.amount < 0:
                amount = -amount  # the amount's sign says which way: better
    if name == "draw":
        seat = seat_of(e.target, ctx)
        push(st, *(Op("draw", seat, applied=applied) for _ in range(max(0, amount))))
    elif name == "going":
        push(st, Op("going", ctx.user, amount=amount, applied=applied))
    elif name == "add-runs":
        seat = seat_of(e.target, ctx)
        push(st, Op("add-runs", seat, amount=amount, applied=applied))
    elif name == "keep":
        # 513.1: "keep N" farms distance - N; of several such texts, the one
        # keeping most (rules notes: they do not add up); edition 1 added them
        st.ab.keep = st.ab.keep + amount if st.game.legacy else max(st.ab.keep, amount)
    elif name == "farm":
        targets = _targets(st, e, ctx)
        push(st, *(Op("farm", card=c, name=zone_of(t, c), applied=applied) for c in targets))
    elif name == "to-hand":
        moves = []
        for c in _targets(st, e, ctx):
            zone = zone_of(t, c)
            if zone and zone != HAND:
                if st.game.legacy:  # edition 1: not replaceable
                    move(t, c, t.owners[c], zone, HAND, events)
                else:  # each a replaceable event (809.1)
                    moves.append(Op("to-hand", card=c, name=zone, applied=applied))
        push(st, *moves)
    elif name == "later":  # 806.5
        assert ctx.ability is not None
        if made_count(st) >= st.game.config.max_effects:
            limit_reached(st, "max_effects", events)  # the engine's limit
            return
        later = Ability("auto", on=e.value, whose=ctx.ability.whose, do=ctx.ability.later)
        st.ab.delayed.append(Delayed(ctx.user, ctx.source, later, ctx.stamp, e.until))
    else:  # a continuous effect (802.1b): fixed targets, or a group read when applied
        fixed = (
            None
            if e.target in ("your-run", "opponent-run", "your-hand")
            else tuple(_targets(st, e, ctx))
        )
        until = "run-area" if ctx.ability is not None and ctx.ability.type == "force" else e.until
        if e.per and st.game.config.edition >= 3:
            e = attrs.evolve(e, amount=amount, per="")  # the amount as it was made (per)
        made = Lasting(e, ctx.user, ctx.source, fixed, ctx.stamp, st.turn, until)  # 1102.5
        if made_count(st) >= st.game.config.max_effects:
            limit_reached(st, "max_effects", events)  # the engine's limit
            return
        st.ab.add_lasting(made)


def choose(st: ForceHorseState, option: int, events: list[Event]) -> None:
    """A player's answer to the pending :class:`Choice`."""
    ab = st.ab
    c = ab.choice
    assert c is not None
    ab.choice = None
    if len(c.options) > 1 and not st.game.legacy:
        forced_chain_ends(st)  # a real choice: no forced chain goes through it (1201.1c)
    picked = c.options[option]
    if c.kind == "ability":
        begin_play(st, picked[0], events)
    elif c.kind == "play":
        assert c.waiting is not None
        resolve(st, c.waiting, picked, events)
    elif c.kind == "require":  # 510
        assert c.waiting is not None
        w = c.waiting
        if picked[0] < 0:  # 510.3: not done, and so not played
            _spent(st, w, _ability(st, w))
            events.append(AbilityPlayed(w.user, st.table.name(w.source), w.ability, declined=True))
            return
        for card in picked:
            move(st.table, card, w.user, HAND, FARM, events)
        ab.waiting.insert(0, attrs.evolve(w, required=True))
        begin_play(st, 0, events)
    elif c.kind == "pick":  # 103.4: the opponent's choice made; the user goes on (805.2c)
        assert c.waiting is not None
        ab.waiting.insert(0, attrs.evolve(c.waiting, picked=picked[0]))
        begin_play(st, 0, events)
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

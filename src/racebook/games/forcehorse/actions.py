"""More of the card vocabulary (issue 22): the words the rules define that
part 2's engine did not write.

* conditions about another card or the opponent (1102.1a, ``opponent.``,
  ``your-run.``, ``opponent-run.``), the situation card in use (505.2), the
  horse put out to run or to guard (506.3, 506.4), the same number (515.1);
* a condition on one effect of an ability (803.2, 803.3);
* one-shot effects: a player wins or loses at once (102.3), a card removed
  from the game (409), a card put on a distance area (507);
* prohibitions (103.3, ``forbid``): what a player may not do, whatever
  instructs it;
* choices of a card in a hand, of a player and of a number (103.5,
  301.2d-i), and choices made by the opponent (103.4);
* labels that tell identical waiting abilities apart (806.3a).

The engine calls these from one line each where the rules act (see the
callers); nothing here is card data executed: every word is matched against
the closed lists of :mod:`.abilities`.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import attrs

from racebook.core.game import Action, Event
from racebook.games.forcehorse.abilities import HAND_CHOICES, Ability, Effect
from racebook.games.forcehorse.cards import HORSE
from racebook.games.forcehorse.effects import abilities_of, holds, info, live, valid, zone_of
from racebook.games.forcehorse.records import Context, Info, Lasting, Waiting
from racebook.games.forcehorse.work import Choice
from racebook.games.forcehorse.zones import AREAS, FARM, HAND, REMOVED, RUN, SITUATION, move

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorse, ForceHorseState


# -- conditions (505.2, 506.3-4, 515.1, 803.2-3, 1102.1a) -------------------------------


def holds_more(
    st: ForceHorseState,
    condition: str,
    card: int,
    user: int,
    subject: Info | None,
    paid: tuple[int, ...],
) -> bool:
    """The conditions :func:`~.effects.holds` passes on: a subject prefix
    (1102.1a), ``using-situation`` (505.2), ``is-runner`` / ``is-guard``
    (506.3, 506.4) and ``same-number`` (515.1)."""
    t = st.table
    who, dot, rest = condition.partition(".")
    if dot:
        if who == "opponent":  # the opponent's hand, area, turn... (the card stays the subject)
            return holds(st, rest, card, 1 - user, subject, paid)
        side = user if who == "your-run" else 1 - user
        return any(  # some horse in that run area has it (1102.1a)
            holds(st, rest, h, side)
            for h in t.zones[side][RUN]
            if t.cards[h].kind == HORSE and t.owners[h] == side
        )
    name, _, arg = condition.partition(":")
    if name == "using-situation":
        return bool(t.zones[user][SITUATION])  # 505.2
    if name == "is-runner":
        return any(p[0] == card for p in st.pairs)  # 506.3
    if name == "is-guard":
        return any(p[1] == card for p in st.pairs)  # 506.4
    if name == "same-number":  # 515.1: the two values are equal
        a, b = arg.split(",")
        return number(st, a, card, user, subject) == number(st, b, card, user, subject)
    if name == "run-count-at-least":  # 702.6a: only the turn player has a run count
        from racebook.games.forcehorse.replacement import has_run_count

        mine = has_run_count(st, user) or st.game.config.edition < 3  # edition 2: anyone's
        return mine and st.run_count >= int(arg)
    if name in ("cards-at-least", "cards-at-most"):  # the user's zone (opponent.: theirs)
        zone, _, n = arg.partition(",")
        held = zone_count(st, user, zone)
        return held >= int(n) if name == "cards-at-least" else held <= int(n)
    raise AssertionError(condition)


def per_amount(st: ForceHorseState, e: Effect, ctx: Context) -> int:
    """An effect's amount when it names ``per``: ``amount`` for each card in
    a zone (:data:`~.abilities.COUNTED`, counted now, the user's or with
    ``opponent-`` the opponent's), else the value ``per`` reads (810.1, 806.4a, 103.5)."""
    from racebook.games.forcehorse.engine import _subject

    whose, counted, zone = e.per.partition("cards:")
    if not counted or whose:
        return _subject(st, ctx, e.per)
    seat = 1 - ctx.user if zone.startswith("opponent-") else ctx.user
    return e.amount * zone_count(st, seat, zone.removeprefix("opponent-"))


def zone_count(st: ForceHorseState, seat: int, zone: str) -> int:
    """How many cards ``seat``'s zone holds (401.2b: public, hidden zones
    too); ``areas``: all four distance areas (403)."""
    t = st.table
    return t.area_cards(seat) if zone == "areas" else len(t.zones[seat][zone])


def number(st: ForceHorseState, word: str, card: int, user: int, subject: Info | None) -> int:
    """A numeric piece of information (:data:`~.abilities.NUMBERS`) now."""
    t = st.table
    if word in ("run", "guard", "cost"):
        now = subject if subject is not None else info(st, card)
        return int(getattr(now, word))
    seat = 1 - user if word.startswith("opponent-") else user
    what = word.removeprefix("opponent-")
    if what == "hand":
        return len(t.zones[seat][HAND])
    if what == "farm":
        return len(t.zones[seat][FARM])
    if what == "area":  # 403.2a: distance numbers 1..4
        area = t.current_area(seat)
        return 0 if area is None else AREAS.index(area) + 1
    assert what == "run-count"
    return st.run_count  # (a seat without one, 702.6a: 0 outside the run)


def effect_valid(st: ForceHorseState, e: Effect, ctx: Context) -> bool:
    """FotH 803.2-803.3 for one effect: it does nothing while a ``when`` does
    not hold or an ``unless`` does (read as the ability's: its source, its user)."""
    return all(holds(st, c, ctx.source, ctx.user) for c in e.when) and not any(
        holds(st, c, ctx.source, ctx.user) for c in e.unless
    )


def card_holds(st: ForceHorseState, ability: Ability, card: int, now: Info | None) -> bool:
    """``card_when``: the triggering card meets every condition, read with
    its information as 806.4a gives it (808.3a: with the effects of the zone
    it entered); a trigger with no card information meets none."""
    if card < 0 or now is None:
        return False
    owner = st.table.owners[card]
    return all(holds(st, c, card, owner, now) for c in ability.card_when)


# -- one-shot effects (102.3, 409, 507) and prohibitions (103.3) ------------------------

MORE_EFFECTS = frozenset({"win", "lose", "remove", "to-area", "forbid", "require"})


def more_does(st: ForceHorseState, e: Effect, ctx: Context) -> bool:
    """FotH 805.3 for these effects (and any effect under a condition, 803.2):
    whether it would do something now."""
    from racebook.games.forcehorse.engine import _effect_does, _targets

    if not effect_valid(st, e, ctx):
        return False
    if e.effect not in MORE_EFFECTS:
        return _effect_does(st, attrs.evolve(e, when=(), unless=()), ctx)
    if e.effect in ("win", "lose", "forbid", "require"):
        return True
    t = st.table
    if e.effect == "remove":
        return any(zone_of(t, c) not in ("", REMOVED) for c in _targets(st, e, ctx))
    return any(
        zone_of(t, c) != (e.value or t.current_area(t.owners[c]) or zone_of(t, c))
        for c in _targets(st, e, ctx)
    )


def seat_of(target: str, ctx: Context) -> int:
    """The player a player effect acts on: you, the opponent, the one chosen."""
    if target == "chosen":
        return ctx.chosen
    return ctx.user if target == "you" else 1 - ctx.user


def do_more(st: ForceHorseState, e: Effect, ctx: Context, events: list[Event]) -> None:
    """Do one of :data:`MORE_EFFECTS`."""
    from racebook.games.forcehorse.engine import _targets

    t = st.table
    name = e.effect
    if name in ("win", "lose"):  # 102.3: at once, not at the rule check
        seat = seat_of(e.target, ctx)
        if seat in (0, 1):
            st.finish((seat,) if name == "win" else (1 - seat,), events)
        return
    if name in ("forbid", "require"):  # 103.3, 510: the chosen player fixed now
        target = e.target
        if target == "chosen":
            target = "you" if ctx.chosen == ctx.user else "opponent"
        made = attrs.evolve(e, target=target)
        force = ctx.ability is not None and ctx.ability.type == "force"
        until = "run-area" if force else e.until  # 1102.5
        st.ab.add_lasting(Lasting(made, ctx.user, ctx.source, None, ctx.stamp, st.turn, until))
        return
    for c in _targets(st, e, ctx):
        zone = zone_of(t, c)
        owner = t.owners[c]
        if name == "remove" and zone and zone != REMOVED:
            move(t, c, owner, zone, REMOVED, events)  # 409.1
        elif name == "to-area" and zone:
            area = e.value or t.current_area(owner)  # 507.1: the current area
            if area is not None and area != zone:
                move(t, c, owner, zone, area, events)  # on top (the list's end)


def forbidden(st: ForceHorseState, what: str, seat: int) -> bool:
    """FotH 103.3: whether an effect forbids ``seat`` to do ``what`` now (it
    wins over any instruction to do it)."""
    return bool(_player_effects(st, "forbid", what, seat))


def _player_effects(st: ForceHorseState, name: str, what: str, seat: int) -> list[Effect]:
    """The ``forbid`` or ``require`` effects on ``seat``'s ``what`` now: of
    valid continuous abilities, and made by resolving (in their period)."""
    if not st.game.has_abilities or seat not in (0, 1) or name not in _effects_of(st.game):
        return []  # no card can make one (most games: a test for every legal action)
    t = st.table
    out = []
    for source in live(st):
        if all(a.type != "continuous" for a in t.cards[source].abilities):
            continue
        user = t.owners[source]
        for ability in abilities_of(st, source):
            if ability.type != "continuous" or not valid(st, ability, source, user):
                continue
            for e in ability.do:
                if e.effect == name and e.value == what and _aims(e.target, user, seat):
                    out.append(e)
    for x in st.ab.by_layer.get(0, ()):  # forbid and require (LAYER 0)
        e = x.effect
        if e.effect != name or e.value != what or not _aims(e.target, x.user, seat):
            continue
        if x.until == "run-area" and x.source not in t.zones[t.owners[x.source]][RUN]:
            continue
        out.append(e)
    return out


def ask_required(st: ForceHorseState, w: Waiting) -> str:
    """FotH 510 before an automatic ability is played: the actions ``require``
    effects ask (put that many cards from the hand on the farm) are asked of
    its user first, who may instead not play it (510.3); when they cannot
    all be done, it cannot be played (510.2).  ``""``: nothing required (or
    done); ``"ask"``: the choice is pending; ``"cannot"``: 510.2."""
    if w.required:
        return ""
    count = sum(e.amount for e in _player_effects(st, "require", "ability", w.user))
    if count <= 0:
        return ""
    t = st.table
    hand = t.zones[w.user][HAND]
    if len(hand) < count:
        return "cannot"  # 510.2: all of it, or none (the hand's size is public)
    options: list[tuple[int, ...]]
    if count == 1:
        firsts = {t.cards[c].name: c for c in reversed(hand)}
        options = [(c,) for _, c in sorted(firsts.items())]
    else:  # more than one card: racebook picks them, as for a cost (farm-hand)
        options = [tuple(sorted(hand, key=lambda c: (t.cards[c].name, c))[:count])]
    labels = ["put " + ", ".join(t.name(c) for c in o) + " on your farm" for o in options]
    options.append((-1,))
    labels.append("do not play it (510.3)")
    st.ab.choice = Choice(w.user, "require", tuple(labels), tuple(options), waiting=w)
    return "ask"


_USED: weakref.WeakKeyDictionary[object, frozenset[str]] = weakref.WeakKeyDictionary()


def _effects_of(game: ForceHorse) -> frozenset[str]:
    """The effect words any card of ``game`` has (read once a game)."""
    used = _USED.get(game)
    if used is None:
        used = frozenset(
            e.effect for c in game.config.cards for a in c.abilities for e in (*a.do, *a.later)
        )
        _USED[game] = used
    return used


def _aims(target: str, user: int, seat: int) -> bool:
    return seat == (user if target == "you" else 1 - user)


def action_forbidden(st: ForceHorseState, action: Action) -> bool:
    """FotH 103.3 for a player's action: playing a support card, running, guarding."""
    what = {"support": "support", "run": "run", "guard": "guard"}.get(action.kind)
    return what is not None and forbidden(st, what, action.seat)


# -- choices (103.4, 103.5, 301.2d-i, 806.3a) ------------------------------------------


def candidates_more(st: ForceHorseState, choose: str, user: int, upto: int) -> list[int]:
    """What a hand, player or number choice may pick (805.2b): one card of
    each name in the hand (the cards of one name are alike), the two
    players (the user first), or 0 .. ``upto`` (103.5a)."""
    t = st.table
    if choose in HAND_CHOICES:
        seat = user if choose == "your-hand" else 1 - user
        firsts = {t.cards[c].name: c for c in reversed(t.zones[seat][HAND])}
        return [c for _, c in sorted(firsts.items())]
    if choose == "player":
        return [user, 1 - user]
    assert choose == "number"
    return list(range(upto + 1))


def choice_label(st: ForceHorseState, choose: str, user: int, option: int) -> str:
    """How an option of a choice reads to the player choosing it."""
    if choose == "player":
        return "you" if option == user else "your opponent"
    if choose == "number":
        return str(option)
    return st.table.name(option)


def chosen_name(st: ForceHorseState, choose: str, user: int, option: int) -> str | None:
    """What the public event of the play says was chosen: nothing of a card
    chosen in a hand (hidden from the other player, 407.2)."""
    if option < 0 or choose in HAND_CHOICES:
        return None
    return choice_label(st, choose, user, option)


def _seen_by(st: ForceHorseState, w: Waiting) -> bool:
    """Whether the card that triggered ``w`` may be named to its user: it was
    seen in a public zone (806.4a), or it is in the user's own hand."""
    if w.card_info is not None or st.game.config.edition < 3:
        return True
    t = st.table
    return t.owners[w.card] == w.user and w.card in t.zones[w.user][HAND]


def distinct(st: ForceHorseState, labels: list[str], waiting: list[Waiting]) -> tuple[str, ...]:
    """FotH 806.3a: labels a player can tell apart: the card that triggered
    each (when the labels alone are alike), then an ordinal for those still
    alike (copies waiting for the same event, 806.2a)."""
    out = list(labels)
    for i, w in enumerate(waiting):
        if labels.count(labels[i]) > 1 and w.card >= 0 and _seen_by(st, w):
            out[i] = f"{labels[i]} (for {st.table.name(w.card)})"
    seen: dict[str, int] = {}
    final = list(out)
    for i, label in enumerate(out):
        if out.count(label) > 1:
            seen[label] = seen.get(label, 0) + 1
            final[i] = f"{label} [{seen[label]}]"
    return tuple(final)

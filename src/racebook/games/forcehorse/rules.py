"""Which actions are legal now (FotH 603.1c, 702, 805), and why not."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Action
from racebook.games.forcehorse.actions import action_forbidden
from racebook.games.forcehorse.cards import FORCE, GOINGS, HORSE, RACECOURSES, SUPPORT
from racebook.games.forcehorse.effects import info
from racebook.games.forcehorse.engine import would_do
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
from racebook.games.forcehorse.force import payment_problem, payments
from racebook.games.forcehorse.loops import Choose, Loop, LoopCount, barred, loop_actions
from racebook.games.forcehorse.picks import listed
from racebook.games.forcehorse.race import DISTANCE_CARDS
from racebook.games.forcehorse.zones import DECK, HAND

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState


_PASSES = (Pass(0), Pass(1))
"""Each seat's ``Pass`` (actions are values: one, not one per listing)."""


def _hand(st: ForceHorseState, seat: int) -> list[str]:
    """The names in ``seat``'s hand, each once, sorted."""
    cards = st.table.cards
    return sorted({cards[c].name for c in st.table.zones[seat][HAND]})


def _supports(
    st: ForceHorseState, seat: int, timings: tuple[str, ...], named: int = -1
) -> list[str]:
    """Support cards ``seat`` may play now: 805.3, not one whose text would
    do nothing at all (naming horse ``named``)."""
    by = st.game.by_name
    out = []
    for n in _hand(st, seat):
        if by[n].kind == SUPPORT and by[n].timing in timings:
            card = st.table.find(seat, HAND, n)
            assert card is not None
            if by[n].timing == "situation" or would_do(st, card, seat, named):
                out.append(n)
    return out


def legal_actions(st: ForceHorseState, seat: int) -> list[Action]:
    if not st.game.has_abilities:  # the picks' counting, listed, where it applies
        found = listed(st, seat)
        return _legal(st, seat) if found is None else found
    no = barred(st, seat)  # 1201.1b
    out = [a for a in _legal(st, seat) if a not in no and not action_forbidden(st, a)]  # 103.3
    return out + [a for a in loop_actions(st, seat) if a not in no]


def _legal(st: ForceHorseState, seat: int) -> list[Action]:
    if st.ab.choice is not None:
        return [Choose(seat, i) for i in range(len(st.ab.choice.labels))]
    if st.ab.proposal is not None:
        return []
    p = st.phase
    by = st.game.by_name
    if p == "mulligan":
        return [Mulligan(seat, False), Mulligan(seat, True)]
    if p in ("farm", "limit"):
        return [Farm(seat, n) for n in _hand(st, seat)]
    out: list[Action] = [_PASSES[seat] if 0 <= seat < 2 else Pass(seat)]
    if p == "support":  # 702.5, 205.1b
        out += [Support(seat, n) for n in _supports(st, seat, ("area", "situation"))]
    elif p == "runner":  # 702.6b, 805.2c-i
        assert st.race is not None
        hand = [st.table.cards[c] for c in st.table.zones[seat][HAND]]
        cache: dict[int, list[tuple[str, ...]]] = {}
        for n in _hand(st, seat):
            if by[n].kind == HORSE:
                card = st.table.find(seat, HAND, n)
                assert card is not None
                cost = info(st, card).cost  # 805.2c: the cost now (808)
                if cost not in cache:
                    cache[cost] = payments(hand, cost, st.race, st.game.config.special_unmet)
                out += [Run(seat, n, pay) for pay in cache[cost]]
    elif p == "guard":  # 702.6d-i
        race = st.race
        assert race is not None
        for n in _hand(st, seat):
            card = st.table.find(seat, HAND, n)
            if by[n].kind == HORSE and card is not None:
                now = info(st, card)
                if "all" in now.distances or race.distance_class in now.distances:  # 508.2
                    out.append(Guard(seat, n))
    elif p in ("priority", "respond"):  # 702.6g-i: name one runner or guard
        for i, (runner, guard) in enumerate(st.pairs):
            for t, horse in ((st.turn_player, runner), (1 - st.turn_player, guard)):
                if horse is not None:
                    out += [Support(seat, n, t, i) for n in _supports(st, seat, ("horse",), horse)]
        tp = st.turn_player
        out.sort(key=lambda a: (a != Pass(seat), getattr(a, "card", ""), getattr(a, "pair", 0),
                                getattr(a, "target", tp) != tp))  # fmt: skip
    return out


def check_action(st: ForceHorseState, action: Action) -> str | None:
    if action.seat == CHANCE:
        return _check_chance(st, action)
    if isinstance(action, Run):  # a payment is a set of cards (503.2): any order
        action = Run(action.seat, action.card, tuple(sorted(action.force)))
    if _listed(st, action) or action in legal_actions(st, action.seat):
        return None
    if action in barred(st, action.seat):
        return refuse(
            "repeated-position",
            "the game is just as it was when you did this in this turn (1201.1b)",
        )
    if isinstance(action, Choose):
        c = st.ab.choice
        if c is None:
            return refuse("no-choice-pending", "nothing to choose now")
        return refuse(
            "unknown-option", f"option {action.option} of {len(c.labels)} (0..{len(c.labels) - 1})"
        )
    if isinstance(action, (Loop, LoopCount)):
        if st.ab.proposal is not None:
            return refuse(
                "bad-loop-count", f"answer the loop proposal with 0..{st.ab.proposal[1]} (1201.1a)"
            )
        return refuse(
            "no-loop", "no loop to propose: the cards are not where they were this turn (1201.1a)"
        )
    if st.ab.choice is not None:
        return refuse(
            "choice-pending", f"a choice is pending: {st.ab.choice.kind} (Choose an option)"
        )
    p = st.phase
    if isinstance(action, Run) and p == "runner" and st.race is not None:
        card = st.game.by_name.get(action.card)
        if (
            card is None
            or card.kind != HORSE
            or st.table.find(action.seat, HAND, action.card) is None
        ):
            return refuse("horse-not-in-hand", f"no horse card {action.card!r} in hand (702.6b)")
        hand = list(st.table.names(action.seat, HAND))
        for f in action.force:
            if f not in hand or (f == action.card and hand.count(f) < 2):
                return refuse("force-not-in-hand", f"force {f!r} is not in hand (503.2)")
            hand.remove(f)
        paid = [st.game.by_name[f] for f in action.force]
        horse = st.table.find(action.seat, HAND, action.card)
        assert horse is not None
        cost = info(st, horse).cost  # 805.2c: the cost now
        problem = payment_problem(paid, cost, st.race, st.game.config.special_unmet)
        if problem:
            return refuse("improper-payment", f"improper payment: {problem}")
        return refuse("illegal-run", "not a legal run")
    if isinstance(action, Guard) and p == "guard":
        return refuse(
            "cannot-guard",
            f"{action.card!r} is no horse in hand with the race's distance aptitude (702.6d-i)",
        )
    return refuse("not-playable-now", f"{type(action).__name__} is not legal in the {p} step")


def _listed(st: ForceHorseState, a: Action) -> bool:
    """Whether ``legal_actions`` lists ``a`` (its seat may act now), asked of
    the action alone: replay checks every action, and listing them all made
    replay slower than playing.  False for a kind it does not know (the
    caller lists them then), never for an action not listed."""
    ab = st.ab
    if isinstance(a, (Loop, LoopCount)) or (st.game.has_abilities and a in barred(st, a.seat)):
        return False  # 1201.1a-b
    if isinstance(a, Choose):
        return ab.choice is not None and 0 <= a.option < len(ab.choice.labels)
    if ab.choice is not None or ab.proposal is not None:
        return False
    p = st.phase
    if isinstance(a, Mulligan):
        return p == "mulligan"
    if isinstance(a, Pass):
        return p not in ("mulligan", "farm", "limit")
    t = st.table
    if not isinstance(a, (Farm, Support, Run, Guard)):
        return False
    if st.game.has_abilities and action_forbidden(st, a):
        return False  # 103.3
    card = t.find(a.seat, HAND, a.card)
    if card is None:
        return False
    if isinstance(a, Farm):
        return p in ("farm", "limit")
    kind = t.cards[card].kind
    if isinstance(a, Support):
        if p == "support":  # 702.5
            plain = a.target == -1 and a.pair == 0
            return plain and _support_ok(st, card, a, ("area", "situation"))
        if p not in ("priority", "respond") or not 0 <= a.pair < len(st.pairs):
            return False
        runner, guard = st.pairs[a.pair]
        tp = st.turn_player
        horse = runner if a.target == tp else guard if a.target == 1 - tp else None
        return horse is not None and _support_ok(st, card, a, ("horse",), horse)
    race = st.race
    if kind != HORSE or race is None:
        return False
    if isinstance(a, Guard):
        now = info(st, card)
        return p == "guard" and ("all" in now.distances or race.distance_class in now.distances)
    if p != "runner":
        return False
    hand = [t.cards[c] for c in t.zones[a.seat][HAND]]
    have = Counter(c.name for c in hand if c.kind == FORCE)
    if any(have[n] < k for n, k in Counter(a.force).items()):
        return False
    paid = [st.game.by_name[n] for n in a.force]
    cost = info(st, card).cost  # 805.2c: the cost now (808)
    return payment_problem(paid, cost, race, st.game.config.special_unmet) is None  # 503.3b


def _support_ok(
    st: ForceHorseState, card: int, a: Support, timings: tuple[str, ...], named: int = -1
) -> bool:
    """:func:`_supports` for one card in hand."""
    c = st.table.cards[card]
    if c.kind != SUPPORT or c.timing not in timings:
        return False
    return c.timing == "situation" or would_do(st, card, a.seat, named)


def _check_chance(st: ForceHorseState, a: Action) -> str | None:
    p = st.phase
    if isinstance(a, DrawRace) and p == "race":
        ok = a.racecourse in RACECOURSES and a.distance in DISTANCE_CARDS and a.going in GOINGS
        return None if ok else refuse("bad-race", "not a race of the special cards (appendix A)")
    if isinstance(a, Shuffle) and p == "setup" and st.shuffles:
        n = len(st.table.zones[st.shuffles[0]][DECK])
        if a.player != st.shuffles[0] or sorted(a.order) != list(range(n)):
            return refuse(
                "bad-shuffle", f"a shuffle of player {st.shuffles[0]}'s {n} cards expected"
            )
        return None
    if isinstance(a, FirstPlayer) and p == "first":
        return None if a.player in (0, 1) else refuse("unknown-player", "player 0 or 1")
    return refuse("chance-not-now", f"{type(a).__name__} is not chance's action now")


def probe_actions(st: ForceHorseState, seat: int) -> list[Action]:
    names = sorted(st.game.by_name)
    out: list[Action] = [Pass(seat), Mulligan(seat, True), Farm(seat, "no such card")]
    for n in names:
        out += [Farm(seat, n), Guard(seat, n), Support(seat, n), Support(seat, n, seat, 0)]
        out += [Run(seat, n), Run(seat, n, ("Force",)), Run(seat, n, ("Force", "Force"))]
        out += [Support(seat, n, 1 - seat, 5)]
    out += [Pass(1 - seat), Run(1 - seat, names[0]), FirstPlayer(CHANCE, 0)]
    out += [DrawRace(CHANCE, "tokyo", 1700, "firm"), Shuffle(CHANCE, 0, (0, 0))]
    return out

"""A game of its own world
(:meth:`~racebook.games.longshot.state.LongShotState.hidden_world`): the actions
of a box race that a seat cannot tell from the real one, with the cards it
never saw redrawn, so that its log and history hold no trace of them.

Long Shot's 112 cards share 51 codes (Mafia's 90, 62), so a card is
followed by *where chance put it*: position ``p`` of the shuffle at entry
``i`` (a deal, a restock, a rule module's reshuffle such as Mafia's
resupply).  One walk through the real game follows every such card from
hand to stack to box, and notes which ones the seat ever saw: dealt or
drawn to it, opened, placed, laid in its own quinella bet or turned up;
when a race ends every hand is shown (its tickets are paid by what it
holds).  Then each shuffle, in turn, keeps the cards the seat saw where
they are and deals the rest of its cards anew among the positions it did
not see: first what a later reshuffle must find among the cards it gathers
from there (the cards the seat saw come out of it), then the cards of
another seat's quinella bet still face down (two indicated cards of two
horses, as the rules let it lay them), then the rest.  A reshuffle gathers
the cards the new deal left in the stack, so what it holds follows from
the shuffles before it.  The secret orders the seat has not seen are dealt
anew among themselves.

When another seat places a card its hand holds from several positions (two
cards of one code), the first of them in its hand is taken as the one
placed: the world keeps the real game's answer for that card (dealt or
drawn), the one trace of the real hidden data left.  The rules can tell
more than the cards seen (a pass that only a hand with no legal card
allows): the new world is played through and kept only if the seat sees
the very same events and view (a rule module's hidden data the walk does
not know about included), else dealt again (:data:`TRIES` times at most,
then ``None``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from racebook.cards.horse import FREE, HorseCard, card
from racebook.core.errors import IllegalAction
from racebook.core.game import CHANCE, Action
from racebook.games.longshot.phases import OPENED
from racebook.games.longshot.placement import Placed
from racebook.games.longshot.race import RaceEnded
from racebook.games.longshot.rounds import Drew, Opened
from racebook.games.longshot.setup import Deal, DealOrders, OrderDealt

if TYPE_CHECKING:
    from racebook.games.longshot.state import LongShotState

TRIES = 20
"""How many deals :func:`hidden_world` tries before it gives up."""

Ident = tuple[int, int]
"""A card by where chance put it: (entry of the shuffle, position in it)."""


@attrs.define
class _Walk:
    """What one walk through the real game finds (see the module)."""

    seen: set[Ident] = attrs.Factory(set)
    gathered: dict[int, list[Ident]] = attrs.Factory(dict)
    """Each reshuffle's entry: the cards it gathered (from the stack and the boxes)."""
    bets: dict[int, list[Ident]] = attrs.Factory(dict)
    """Each quinella bet's entry still face down (another seat's): its two cards."""
    orders_seen: dict[int, set[int]] = attrs.Factory(dict)
    """Each deal of the orders' entry: the positions the seat saw."""


def _is_shuffle(action: Action) -> bool:
    """A chance outcome that deals cards in order: a deal or a reshuffle."""
    return action.seat == CHANCE and isinstance(getattr(action, "cards", None), tuple)


def _is_bet(action: Action) -> bool:
    """A face-down bet of two cards from the hand (Mafia's quinella)."""
    return isinstance(getattr(action, "first", None), HorseCard) and isinstance(
        getattr(action, "second", None), HorseCard
    )


def _walk(state: LongShotState, seat: int) -> _Walk:
    """Follow every card of the real game from its shuffle (module text)."""
    game = state.game
    n, hand = game.config.players, game.config.hand
    found = _Walk()
    replay = game.new_state(explicit_chance=True)
    hands: list[list[Ident]] = [[] for _ in range(n)]
    stack: list[Ident] = []
    boxes: list[list[Ident]] = [[] for _ in range(2 * game.config.running)]
    opened: Ident | None = None
    code: dict[Ident, int] = {}
    face_down: dict[int, list[tuple[int, Ident]]] = {}  # seat -> (entry, card) of its bets

    def take(from_: list[Ident], x: int) -> Ident:
        for k, ident in enumerate(from_):
            if code[ident] == x:
                return from_.pop(k)
        raise AssertionError(f"card {x} not where the game says it is")  # pragma: no cover

    for i, (action, events) in enumerate(zip(state._entries, state._events, strict=True)):
        replay.apply(action)
        if _is_shuffle(action):
            idents = [(i, p) for p in range(len(action.cards))]  # type: ignore[attr-defined]
            for ident, c in zip(idents, action.cards, strict=True):  # type: ignore[attr-defined]
                code[ident] = c.code
            if isinstance(action, Deal):
                hands = [idents[s * hand : (s + 1) * hand] for s in range(n)]
                found.seen.update(hands[seat])
                stack = idents[n * hand :][::-1]
                boxes = [[] for _ in boxes]
                opened = None
                face_down = {}
            else:  # a reshuffle: what left the boxes, and the stack if it went too
                gathered: list[Ident] = []
                for b, box in enumerate(boxes):
                    gone = len(box) - len(replay.boxes[b])
                    gathered += box[:gone]
                    del box[:gone]
                if sorted(code[x] for x in gathered) != sorted(c.code for c in action.cards):  # type: ignore[attr-defined]
                    gathered += stack
                found.gathered[i] = gathered
                stack = idents[::-1]
        elif isinstance(action, DealOrders):
            face_up = any(isinstance(e, OrderDealt) and e.face_up for e in events)
            found.orders_seen[i] = set(range(n)) if face_up else {seat}
        elif _is_bet(action):
            bet = [take(hands[action.seat], c.code) for c in (action.first, action.second)]  # type: ignore[attr-defined]
            if action.seat == seat:
                found.seen.update(bet)
            else:
                face_down.setdefault(action.seat, []).append((i, bet[0]))
                face_down[action.seat].append((i, bet[1]))
        for event in events:
            if isinstance(event, Drew):
                ident = stack.pop()
                hands[event.seat].append(ident)
                if event.seat == seat:
                    found.seen.add(ident)
            elif isinstance(event, Opened):
                ident = stack.pop()
                found.seen.add(ident)
                if replay.phase == OPENED and replay.opened == event.card.code:
                    opened = ident
                else:  # no box may take it: under the stack
                    stack.insert(0, ident)
            elif isinstance(event, Placed):
                if event.opened:
                    assert opened is not None
                    ident, opened = opened, None
                else:
                    ident = take(hands[event.seat], event.card.code)
                found.seen.add(ident)
                boxes[event.box].append(ident)
            elif isinstance(event, RaceEnded):
                # the orders turn up; the hands are shown as the tickets are paid
                last = max(found.orders_seen, default=None)
                if last is not None:
                    found.orders_seen[last] |= set(range(n))
                found.seen.update(x for h in hands for x in h)
            elif isinstance(getattr(event, "bets", None), tuple):  # the bets turned up
                for bets in face_down.values():
                    found.seen.update(ident for _, ident in bets)
                face_down = {}
    for bets in face_down.values():
        for entry, ident in bets:
            found.bets.setdefault(entry, []).append(ident)
    return found


def hidden_world(state: LongShotState, seat: int, rng: random.Random) -> list[Action] | None:
    """The actions of a game ``seat`` cannot tell from ``state``, the cards
    and orders it never saw dealt anew (module text); ``None`` if
    :data:`TRIES` deals all broke a rule the real game kept."""
    try:
        found = _walk(state, seat)
    except (AssertionError, LookupError):  # a rule module's cards the walk cannot follow
        return None
    want = (_seen(state, seat), state.view(seat))
    for _ in range(TRIES):
        actions = _deal_anew(state, found, rng)
        if actions is not None and _plays(state, seat, actions) == want:
            return actions
    return None


def _deal_anew(state: LongShotState, found: _Walk, rng: random.Random) -> list[Action] | None:
    """One new deal of what the seat did not see (``None``: the seen cards
    do not fit what a reshuffle gathered)."""
    entries = state._entries
    new: dict[Ident, int] = {}
    partner = {a: b for a, b in found.bets.values()} | {b: a for a, b in found.bets.values()}
    actions: list[Action] = []
    for i, action in enumerate(entries):
        if _is_shuffle(action):
            real = [c.code for c in action.cards]  # type: ignore[attr-defined]
            held = Counter(real)
            for ident in found.gathered.get(i, ()):  # what the shuffles before gave it
                x = entries[ident[0]].cards[ident[1]].code  # type: ignore[attr-defined]
                held[x] -= 1
                held[new[ident]] += 1
            hidden = [p for p in range(len(real)) if (i, p) not in found.seen]
            held.subtract(real[p] for p in range(len(real)) if (i, p) in found.seen)
            if any(k < 0 for k in held.values()):
                return None
            codes = list(real)
            # first what a later reshuffle must find among the cards it gathers
            # from here (the cards the seat saw come out of it), then the rest
            for j, wanted in _demands(entries, found, i).items():
                places = [p for p in hidden if (i, p) in found.gathered[j]]
                rng.shuffle(places)
                for p, x in zip(places, sorted(wanted.elements()), strict=False):
                    if held[x] <= 0:
                        return None
                    held[x] -= 1
                    codes[p] = x
                    hidden.remove(p)
            # then the cards of another seat's bet still face down: two
            # indicated cards of two horses, as the rules let it lay them
            bet = [p for p in hidden if (i, p) in partner]
            rng.shuffle(bet)
            for p in bet:
                mate = partner[(i, p)]
                other = codes[mate[1]] if mate[0] == i and mate[1] not in hidden else new.get(mate)
                fits = sorted(
                    x
                    for x, k in held.items()
                    if k > 0 and x >> 4 != FREE and (other is None or x >> 4 != other >> 4)
                )
                if not fits:
                    return None
                x = codes[p] = rng.choice(fits)
                held[x] -= 1
                hidden.remove(p)
            pool = sorted(held.elements())
            rng.shuffle(pool)
            for p, x in zip(hidden, pool, strict=True):
                codes[p] = x
            new.update(((i, p), x) for p, x in enumerate(codes))
            cards = tuple(card(x) for x in codes)
            actions.append(attrs.evolve(action, cards=cards))  # type: ignore[call-arg]
        elif isinstance(action, DealOrders):
            seen = found.orders_seen.get(i, set())
            horses = list(action.horses)
            places = [p for p in range(len(horses)) if p not in seen]
            pool = sorted(horses[p] for p in places)
            rng.shuffle(pool)
            for p, h in zip(places, pool, strict=True):
                horses[p] = h
            actions.append(DealOrders(CHANCE, tuple(horses)))
        elif i in found.bets:
            a, b = sorted((card(new[x]) for x in found.bets[i]), key=lambda c: (c.horse, c.mv))
            actions.append(attrs.evolve(action, first=a, second=b))  # type: ignore[call-arg]
        else:
            actions.append(action)
    return actions


def _demands(entries: list[Action], found: _Walk, i: int) -> dict[int, Counter[int]]:
    """For each later reshuffle that gathers unseen cards of the shuffle at
    entry ``i``: the codes it must find among them, the cards the seat saw
    come out of it less those it gathered in sight."""
    out: dict[int, Counter[int]] = {}
    for j, gathered in found.gathered.items():
        if j <= i or not any(x[0] == i and x not in found.seen for x in gathered):
            continue
        cards = entries[j].cards  # type: ignore[attr-defined]
        wanted = Counter(c.code for p, c in enumerate(cards) if (j, p) in found.seen)
        wanted.subtract(
            entries[x[0]].cards[x[1]].code  # type: ignore[attr-defined]
            for x in gathered
            if x in found.seen
        )
        out[j] = +wanted
    return out


def _plays(state: LongShotState, seat: int, actions: list[Action]) -> Any:
    """What ``seat`` sees of ``actions`` played from a new game (its events
    and view, as :func:`_seen` and ``view``), ``None`` if the rules refuse them."""
    other: Any = state.game.new_state(explicit_chance=True)
    try:
        for action in actions:
            other.apply(action)
    except IllegalAction:
        return None
    return (_seen(other, seat), other.view(seat))


def _seen(state: LongShotState, seat: int) -> list[str]:
    """The events ``seat`` saw, as text."""
    return [repr(e) for group in state._events for e in group if e.visible_to(seat)]

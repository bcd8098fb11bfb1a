"""A game of its own world
(:meth:`~racebook.games.forcehorse.state.ForceHorseState.hidden_world`): the
actions of a game that a seat cannot tell from the real one, with the cards
it never saw in other places, so that its log and history hold no trace of
them.

Every card is an instance (``table.cards``), presented in a fixed order and
then shuffled (each owner's first :class:`~racebook.games.forcehorse.events.Shuffle`).
One walk through the real game notes the instances the seat ever saw, at the
end of any action: in a public zone (FotH 401.2) or in its own hand.  Then
each owner's first shuffle keeps the instances the seat saw where they are
and deals the others anew among the positions they held; every later move
takes cards by position or zone, so the new world's instances follow the
real game's steps.  Another seat's answer to a choice whose options name
cards is the option of the same label in the new world (its options may be
listed in another order).  Another seat's mulligan still undisclosed is
chosen anew.

The seat may learn more than its zones show (an ability that looks at the
top of a deck, a hidden move's name to its player): the new world is played
through and kept only if the seat sees the very same events and view;
otherwise it is dealt again (:data:`TRIES` times at most, then ``None``).
When another seat plays a card its hand could hold from several positions,
the world keeps the real game's position for it, the one trace of the real
hidden data left.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from racebook.core.errors import IllegalAction
from racebook.core.game import CHANCE, Action
from racebook.games.forcehorse.events import Mulligan, Shuffle
from racebook.games.forcehorse.loops import Choose
from racebook.games.forcehorse.zones import DECK, HAND, PUBLIC, ZONES

if TYPE_CHECKING:
    from racebook.games.forcehorse.state import ForceHorseState

TRIES = 10
"""How many deals :func:`hidden_world` tries before it gives up."""


def _walk(state: ForceHorseState, seat: int) -> tuple[set[int], dict[int, list[int]]]:
    """The instances the seat saw, and each owner's first shuffle's entry
    with the deck it shuffled (the instances by position)."""
    replay: Any = state.game.new_state(explicit_chance=True)
    seen: set[int] = set()
    first: dict[int, list[int]] = {}
    done: set[int] = set()
    for i, action in enumerate(state._entries):
        if isinstance(action, Shuffle) and action.player not in done:
            done.add(action.player)
            first[i] = list(replay.table.zones[action.player][DECK])
        replay.apply(action)
        table = getattr(replay, "table", None)
        if table is None:
            continue
        seen.update(table.resolution)
        for owner in range(2):
            zones = table.zones[owner]
            for zone in ZONES:
                if zone in PUBLIC or (zone == HAND and owner == seat):
                    seen.update(zones[zone])
    return seen, first


def hidden_world(state: ForceHorseState, seat: int, rng: random.Random) -> list[Action] | None:
    """The actions of a game ``seat`` cannot tell from ``state``, the
    instances it never saw dealt anew (module text); ``None`` if
    :data:`TRIES` deals all showed the seat something else."""
    seen, first = _walk(state, seat)
    want = [repr(e) for e in _seen_events(state, seat)]
    view = state.view(seat)
    for _ in range(TRIES):
        actions = list(state._entries)
        for i, deck in first.items():
            shuffle = actions[i]
            assert isinstance(shuffle, Shuffle)
            after = [deck[k] for k in shuffle.order]
            slots = [k for k, c in enumerate(after) if c not in seen]
            pool = sorted(after[k] for k in slots)
            rng.shuffle(pool)
            for k, c in zip(slots, pool, strict=True):
                after[k] = c
            at = {c: k for k, c in enumerate(deck)}
            actions[i] = Shuffle(CHANCE, shuffle.player, tuple(at[c] for c in after))
        _mulligans(state, seat, actions, rng)
        other = _play(state, seat, actions)
        if other is None:
            continue
        if [repr(e) for e in _seen_events(other, seat)] == want and other.view(seat) == view:
            return actions
    return None


def _play(state: ForceHorseState, seat: int, actions: list[Action]) -> Any:
    """Play ``actions`` from a new game beside the real one; another seat's
    answer to a choice whose options name hidden cards is the option of the
    same label there (its options may be listed in another order).  The new
    game, or ``None`` if the rules refuse (``actions`` are rewritten)."""
    real: Any = state.game.new_state(explicit_chance=True)
    other: Any = state.game.new_state(explicit_chance=True)
    try:
        for i, action in enumerate(actions):
            if isinstance(action, Choose) and action.seat != seat:
                asked, here = real.ab.choice, other.ab.choice
                if asked is not None and here is not None and asked.labels != here.labels:
                    label = asked.labels[action.option]
                    if label not in here.labels:
                        return None
                    action = actions[i] = Choose(action.seat, here.labels.index(label))
            real.apply(state._entries[i])
            other.apply(action)
    except IllegalAction:
        return None
    return other


def _mulligans(
    state: ForceHorseState, seat: int, actions: list[Action], rng: random.Random
) -> None:
    """Another seat's mulligan, chosen but not yet revealed (603.1c), chosen anew."""
    if state.phase != "mulligan":
        return
    for i in range(len(actions) - 1, -1, -1):
        action = actions[i]
        if action.seat == CHANCE:
            break
        if action.seat != seat and isinstance(action, Mulligan):
            actions[i] = Mulligan(action.seat, rng.random() < 0.5)


def _seen_events(state: ForceHorseState, seat: int) -> list[Any]:
    return [e for group in state._events for e in group if e.visible_to(seat)]

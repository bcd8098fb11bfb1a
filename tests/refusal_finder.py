"""Positions where each refusal code is given (tests/test_refusal_codes.py).

:func:`codes_found` plays a few seeded random games of a game and, at each
position, tries actions that may well be refused: the game's own probes
(:meth:`~racebook.core.state.State.probes`), every chance outcome seen in
these games (at the wrong moment, or tampered with), and chance outcomes
played by a seat.  It keeps, per code, the first refusal found with its
position, so a test can name the code it did not find."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs

import racebook
from racebook.core.errors import Refusal
from racebook.core.game import CHANCE, Action, Game, State

Found = dict[str, tuple[Refusal, Action, str, State[Any, Any, Any]]]


def _tampered(action: Action) -> Iterator[Action]:
    """``action`` with each field changed in a few plausible wrong ways."""
    for field in attrs.fields(type(action)):
        if field.name in ("seat", "kind"):
            continue
        value = getattr(action, field.name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            changed: list[Any] = [value + 1, -1, 99]
        elif isinstance(value, str):
            changed = [value[:-2], value + "x", "77"]
        elif isinstance(value, tuple):
            changed = [value[:-1], value[::-1], value + value[-1:], ()] if value else [(1,)]
        else:
            continue
        for v in changed:
            try:
                yield attrs.evolve(action, **{field.name: v})
            except (TypeError, ValueError):
                continue


def _built(game: Game[Any, Any], seat: int) -> Iterator[Action]:
    """Every action kind of ``game`` whose fields are ints, built with a few values."""
    for kind in game.action_types:
        names = [f.name for f in attrs.fields(kind) if f.name not in ("seat", "kind")]
        if all(f.type in (int, "int") for f in attrs.fields(kind) if f.name in names):
            for v in (0, 1, 99):
                yield kind(seat, *[v] * len(names))


def _tries(
    state: State[Any, Any, Any], pool: dict[str, list[Action]], rng: random.Random
) -> Iterator[Action]:
    seats = state.game.seats
    acting = [s for s in state.to_act if s != CHANCE]
    others = [s for s in range(seats) if s not in acting][:1]
    for seat in [*acting, *others]:
        probes = state.probes(seat)
        if len(probes) > 80:
            probes = rng.sample(probes, 80)
        yield from probes
    for seat in acting[:1]:
        yield from _built(state.game, seat)
    for kept in pool.values():
        for action in kept:
            yield action
            for seat in acting[:1]:
                yield attrs.evolve(action, seat=seat)
    if state.to_act == (CHANCE,):
        try:
            outcome = state.sample_chance(random.Random(rng.random()))
        except Exception:
            return
        yield from _tampered(outcome)


def codes_found(
    game: Game[Any, Any],
    seeds: range = range(2),
    *,
    every: int = 1,
    steps: int = 4000,
    extra: Callable[[State[Any, Any, Any]], list[Action]] | None = None,
) -> Found:
    """Per code, the first refusal found, its action, a note of where and
    (a clone of) the state it was refused in."""
    found: Found = {}
    pool: dict[str, list[Action]] = {}
    for seed in seeds:
        state = game.new_state(seed=seed, explicit_chance=True)
        rng = random.Random(seed)
        n = 0
        while not state.is_over and n < steps:
            if n % every == 0 or state.to_act == (CHANCE,):
                tries = list(_tries(state, pool, rng))
                if extra is not None:
                    tries += extra(state)
                for action in tries:
                    refusal = state.refusal(action)
                    if refusal is not None and refusal.code not in found:
                        where = f"seed {seed}, action {n}"
                        found[refusal.code] = (refusal, action, where, state.clone())
            seat = state.to_act[0]
            if seat != CHANCE:
                action = state.random_action(seat, rng)
            else:
                action = state.sample_chance(rng)
                kept = pool.setdefault(action.kind, [])
                if len(kept) < 2:
                    kept.append(action)
            state.apply(action)
            n += 1
    return found


def game_over_refusal(game: Game[Any, Any]) -> Refusal | None:
    """The refusal of an action once a random game is over."""
    state = game.new_state(seed=0)
    rng = random.Random(0)
    last: Action | None = None
    while not state.is_over:
        last = state.random_action(state.to_act[0], rng)
        state.apply(last)
    assert last is not None
    refusal: Refusal | None = state.refusal(last)
    return refusal


def load(game_id: str, **settings: Any) -> Game[Any, Any]:
    return racebook.load(game_id, **settings)

"""The shared random-simulation harness every game (and house rule) runs through.

:func:`check_random_games` plays random games and, at every step, checks:

* the log so far, written as JSON lines and read back, replays to an
  identical state (an incremental replay kept in step with the game);
* every legal action passes :meth:`~racebook.core.game.State.check`, and the
  list is stable;
* on *deep* games, every probe from :meth:`~racebook.core.game.State.probes`
  that is not legal is refused with :class:`~racebook.core.errors.IllegalAction`
  and leaves the state exactly as it was;
* :meth:`~racebook.core.game.State.audit` (cards all somewhere, nobody
  below $0);
* on deep games, ``view(seat)`` and the observation tensor
  (:meth:`~racebook.core.game.State.observation_tensor`) are the same for a
  state that differs only in what that seat may not see
  (:meth:`~racebook.core.game.State.hidden_variant`);

and at the end of each game that the whole log replays through
:func:`racebook.replay` to the same state with the same event stream for every
seat (``log.for_seat``), and that each seat's redacted log holds only events
that seat may see.  It raises :class:`AssertionError` with
the game's seed and step on the first failure.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs

from racebook.core.errors import IllegalAction, NoSpaces
from racebook.core.game import CHANCE, Game, State
from racebook.core.log import action_data, parse_action
from racebook.core.replay import replay


@attrs.frozen
class HarnessReport:
    games: int
    steps: int
    probes: int
    views: int


def _fail(where: str, message: str) -> AssertionError:
    return AssertionError(f"{where}: {message}")


def check_random_games(
    game: Game[Any, Any],
    *,
    games: int = 100,
    seed: int = 0,
    deep: int = 5,
    max_steps: int = 100_000,
) -> HarnessReport:
    """Play ``games`` random games of ``game``, checking the invariants above at
    every step; the first ``deep`` games also probe illegal actions and views."""
    steps = probes = views = 0
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        rng = random.Random(game_seed)
        state = game.new_state(seed=rng.randrange(2**63))
        mirror = game.new_state(explicit_chance=True)
        fed = 0
        is_deep = g < deep
        step = 0
        while True:
            where = f"game seed {game_seed}, step {step}"
            for action in state._entries[fed:]:
                line = json.dumps(action_data(action))
                mirror.apply(parse_action(game, json.loads(line), fed + 2))
                fed += 1
            if mirror.snapshot() != state.snapshot():
                raise _fail(where, "the log so far does not replay to the same state")
            state.audit()
            if state.is_over:
                break
            if step >= max_steps:
                raise _fail(where, f"no end after {max_steps} steps")
            to_act = state.to_act
            if not to_act or CHANCE in to_act:
                raise _fail(where, f"a seeded state waits for {to_act}")
            seat = to_act[int(rng.random() * len(to_act))]
            legal = state.legal_actions(seat)
            if not legal:
                raise _fail(where, f"seat {seat} is to act but has no legal action")
            if legal != state.legal_actions(seat):
                raise _fail(where, "legal_actions is not stable")
            for action in legal:
                reason = state.check(action)
                if reason is not None:
                    raise _fail(where, f"listed action {action} refused: {reason}")
            if is_deep:
                probes += _probe(state, seat, legal, where)
                views += _views(state, rng, where)
            state.apply(legal[int(rng.random() * len(legal))])
            step += 1
        steps += step
        if state.result is None:
            raise _fail(f"game seed {game_seed}", "over but no result")
        again = replay(state.log.dumps())
        if again.snapshot() != state.snapshot():
            raise _fail(f"game seed {game_seed}", "replay(dumps()) differs from the game")
        for seat in [*range(game.seats), None]:
            if again.log.for_seat(seat) != state.log.for_seat(seat):
                raise _fail(
                    f"game seed {game_seed}",
                    f"the replay's events for seat {seat} differ from the live game's",
                )
        if is_deep:
            _check_for_seat(state, f"game seed {game_seed}")
    return HarnessReport(games, steps, probes, views)


def _probe(state: State[Any, Any, Any], seat: int, legal: list[Any], where: str) -> int:
    before = state.snapshot()
    count = 0
    allowed = set(legal)
    for other in state.to_act:  # several seats may act at once
        allowed.update(state.legal_actions(other))
    for action in state.probes(seat):
        if action in allowed:
            continue
        count += 1
        if state.check(action) is None:
            raise _fail(where, f"{action} is not listed as legal but check() accepts it")
        try:
            state.apply(action)
        except IllegalAction:
            pass
        else:
            raise _fail(where, f"{action} is not listed as legal but apply() accepted it")
    if state.snapshot() != before:
        raise _fail(where, "a refused action changed the state")
    return count


def _views(state: State[Any, Any, Any], rng: random.Random, where: str) -> int:
    count = 0
    for seat in [*range(state.game.seats), None]:
        view = state.view(seat)
        other = state.hidden_variant(-2 if seat is None else seat, rng)
        if other.view(seat) != view:
            raise _fail(where, f"view({seat}) shows something that seat may not see")
        if (
            seat is not None
            and _has_tensor(state)
            and other.observation_tensor(seat) != state.observation_tensor(seat)
        ):
            raise _fail(where, f"observation_tensor({seat}) shows what it may not see")
        count += 1
    return count


def _has_tensor(state: State[Any, Any, Any]) -> bool:
    """Whether the game has an observation tensor (racebook.core.spaces)."""
    try:
        state.game.observation_layout  # noqa: B018 (built once per game)
    except NoSpaces:
        return False
    return True


def _check_for_seat(state: State[Any, Any, Any], where: str) -> None:
    for seat in [*range(state.game.seats), None]:
        lines = state.log.for_seat(seat).splitlines()
        header = json.loads(lines[0])
        if not header.get("redacted") or header.get("seat") != seat:
            raise _fail(where, f"for_seat({seat}) header is not marked redacted")
        visible = [e for e in state.log.events(seat)]
        if len(lines) - 1 != len(visible):
            raise _fail(
                where, f"for_seat({seat}) has {len(lines) - 1} events, expected {len(visible)}"
            )
        for line in lines[1:]:
            obj = json.loads(line)
            if "event" not in obj or "digest" in obj:
                raise _fail(where, f"for_seat({seat}) holds a non-event line: {line}")

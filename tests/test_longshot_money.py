"""Who sees money (``open_money``, an assumption listed in the rules notes), in Long
Shot and Horse Racing Mafia: with ``open_money=False`` a seat sees only its own
money, in its view, in the history of settled races and in its log, until the
game ends; the final standings are public."""

from __future__ import annotations

import json
import random

import pytest

import racebook
from racebook.core.game import GameEnded
from racebook.games.longshot import LongShotState, Money
from racebook.testing import check_random_games


def random_actions(game: racebook.Game[object], seed: int) -> list[racebook.Action]:
    """Every action (chance included) of one random game."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while not state.is_over:
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    return list(state.log.actions)


def for_seat_events(state: racebook.State[object], seat: int | None) -> list[object]:
    return [json.loads(line) for line in state.log.for_seat(seat).splitlines()[1:]]


@pytest.mark.parametrize(("game_id", "seed"), [("longshot", 1), ("longshot", 2), ("mafia", 3)])
@pytest.mark.parametrize("seat", [0, 2, None])
def test_closed_money_other_seats_money_never_shows(
    game_id: str, seed: int, seat: int | None
) -> None:
    # two games that differ only in the other seats' money (much more of it in the
    # twin, so every payment they make differs in what it can cut) play the same
    # actions; the seat sees the same views and the same log until the game ends.
    game = racebook.load(game_id, open_money=False)
    actions = random_actions(game, seed)
    plain = game.new_state(explicit_chance=True)
    twin = game.new_state(explicit_chance=True)
    assert isinstance(plain, LongShotState) and isinstance(twin, LongShotState)
    twin.money = [m if s == seat else 7 * m + 13_000 for s, m in enumerate(twin.money)]
    races = 0
    for action in actions[:-1]:
        plain.apply(action)
        twin.apply(action)
        assert plain.view(seat) == twin.view(seat)
        races = len(plain.history)
    assert races >= 1 and plain.money != twin.money
    assert for_seat_events(plain, seat) == for_seat_events(twin, seat)
    # the end: the final standings are public, the log up to them still the same
    plain.apply(actions[-1])
    twin.apply(actions[-1])
    a, b = for_seat_events(plain, seat), for_seat_events(twin, seat)
    assert a[:-1] == b[:-1] and a[-1]["event"] == b[-1]["event"] == "game-ended"
    result = plain.result
    assert result is not None and a[-1]["scores"] == list(result.scores)
    assert plain.view(seat).money == result.scores
    # ... and so is the last race's record, whose money is the final money; the
    # earlier races' records stay closed
    last = plain.view(seat).history
    assert last[-1].money == result.scores == plain.history[-1].money
    assert last[:-1] == twin.view(seat).history[:-1]
    if seat is not None:
        assert all(m is None for r in last[:-1] for s, m in enumerate(r.money) if s != seat), (
            "an earlier race's record opened"
        )


def test_closed_money_a_seat_sees_its_own() -> None:
    game = racebook.load("longshot", open_money=False)
    state = game.new_state(seed=4)
    rng = random.Random(4)
    while not state.history:
        (s,) = state.to_act
        state.apply(rng.choice(state.legal_actions(s)))
    view = state.view(1)
    assert view.money == tuple(m if s == 1 else None for s, m in enumerate(state.money))
    assert view.history[0].money == view.money
    mine = [e for e in state.log.events(1) if isinstance(e, Money)]
    assert mine and all(e.seat == 1 for e in mine)
    everyone = [e for e in state.log.events(None) if isinstance(e, Money)]
    assert everyone == []
    assert [e for e in state.log.events(1) if isinstance(e, GameEnded)] == []


def test_open_money_shows_everyones() -> None:
    state = racebook.load("longshot").new_state(seed=4)
    rng = random.Random(4)
    while not state.history:  # type: ignore[attr-defined]
        (s,) = state.to_act
        state.apply(rng.choice(state.legal_actions(s)))
    view = state.view(1)
    assert view.money == tuple(state.money)  # type: ignore[attr-defined]
    assert view.history[0].money == view.money
    seats = {e.seat for e in state.log.events(1) if isinstance(e, Money)}
    assert len(seats) > 1


@pytest.mark.parametrize("game_id", ["longshot", "mafia"])
def test_closed_money_through_the_harness(game_id: str) -> None:
    game = racebook.load(game_id, open_money=False)
    report = check_random_games(game, games=3, seed=7, deep=2)
    assert report.views > 0

"""Every error racebook raises crosses a process boundary whole: a worker's
error reaches the caller as the same error (RacebookError.__reduce__)."""

from __future__ import annotations

import pickle

import pytest

from racebook.core.errors import (
    BadPosition,
    ConfigError,
    IllegalAction,
    LogError,
    LogInUse,
    MalformedAction,
    NoSpaces,
    RacebookError,
    UnknownSeat,
)
from racebook.games.trickrace import Play

ERRORS: list[RacebookError] = [
    RacebookError("plain"),
    IllegalAction("box 3 is taken", rule="Long Shot: How to place", action=None),
    MalformedAction("card", "expected a card", rule="trick race"),
    UnknownSeat(17, 5),
    BadPosition(-3),
    LogError(3, "not JSON"),
    LogInUse("game.jsonl"),
    NoSpaces("mygame", "observation tensor"),
    ConfigError("players", "must be 4 to 6, got 7"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_an_error_pickles_whole(error: RacebookError, protocol: int) -> None:
    back = pickle.loads(pickle.dumps(error, protocol=protocol))
    assert type(back) is type(error)
    assert str(back) == str(error) and back.args == error.args
    assert vars(back) == vars(error)


def test_an_illegal_action_keeps_its_action() -> None:
    from racebook.cards.race import race_card

    action = Play(0, race_card(0x12), False)
    back = pickle.loads(pickle.dumps(IllegalAction("not now", rule="x", action=action)))
    assert back.action == action and back.rule == "x" and back.message == "not now"

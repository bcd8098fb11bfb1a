"""The floor of the API: a game with almost no rules, played through the same
contract (``to_act``, ``legal_actions``, ``apply`` with the log kept, a random
bot), so that ``benchmarks/run.py`` can say what one action costs before any
rule runs.

The game: seats take turns saying 1 or 2; the total is public; whoever brings
it to 30 or more ends the game.  Each action is one attrs value, each apply
one event, like a real game's simplest step.  A figure, not an assert: a
playout of a real game costs at least this per action.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from racebook.core.game import Action, Event, Game, Result, State

TARGET = 30


@attrs.frozen
class Say(Action):
    kind: ClassVar[str] = "say"
    amount: int


@attrs.frozen
class Said(Event):
    kind: ClassVar[str] = "said"
    seat: int
    amount: int


@attrs.frozen
class FloorConfig:
    players: int = 4


class FloorGame(Game[FloorConfig, "FloorState"]):
    id: ClassVar[str] = "floor"
    title: ClassVar[str] = "the floor of the API"
    config_type: ClassVar[type[Any]] = FloorConfig
    action_types = (Say,)
    event_types = (Said,)

    def __init__(self, config: FloorConfig | None = None) -> None:
        super().__init__(config or FloorConfig())
        self.says = [[Say(s, 1), Say(s, 2)] for s in range(self.config.players)]

    @property
    def seats(self) -> int:
        return int(self.config.players)

    def _make_state(self) -> FloorState:
        return FloorState(self)


class FloorState(State[FloorConfig, Any, Action]):
    game: FloorGame

    def __init__(self, game: FloorGame) -> None:
        super().__init__(game)
        self.total = 0
        self.turn = 0

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.total >= TARGET else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.total >= TARGET

    @property
    def result(self) -> Result | None:
        if self.total < TARGET:
            return None
        last = (self.turn - 1) % self.game.seats
        scores = tuple(int(s == last) for s in range(self.game.seats))
        return Result(scores, tuple(1 + (s != last) for s in range(self.game.seats)), (last,))

    def view(self, seat: int | None) -> Any:
        return {"total": self.total}

    def snapshot(self) -> dict[str, Any]:
        return {"total": self.total, "turn": self.turn}

    def _legal(self, seat: int) -> list[Action]:
        return list(self.game.says[seat])

    def _check(self, action: Action) -> str | None:
        assert isinstance(action, Say)
        return None if action.amount in (1, 2) else "say 1 or 2"

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Say)
        self.total += action.amount
        self.turn = (self.turn + 1) % self.game.seats
        return [Said(action.seat, action.amount)]

    def _sample_chance(self, rng: random.Random) -> Action:
        raise AssertionError("no chance")

    def _copy_into(self, other: FloorState) -> None:
        pass

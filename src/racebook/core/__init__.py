"""The engine contract every game implements.  Knows no game."""

from racebook.core.errors import (
    BadPosition,
    ConfigError,
    IllegalAction,
    LogError,
    LogInUse,
    NoSpaces,
    RacebookError,
    UnknownSeat,
)
from racebook.core.game import CHANCE, Action, Event, Game, GameEnded, Result, State

__all__ = [
    "CHANCE",
    "Action",
    "BadPosition",
    "ConfigError",
    "Event",
    "Game",
    "GameEnded",
    "IllegalAction",
    "LogError",
    "LogInUse",
    "NoSpaces",
    "RacebookError",
    "Result",
    "State",
    "UnknownSeat",
]

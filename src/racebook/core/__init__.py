"""The engine contract every game implements.  Knows no game."""

from racebook.core.errors import ConfigError, IllegalAction, LogError, RacebookError
from racebook.core.game import CHANCE, Action, Event, Game, Result, State

__all__ = [
    "CHANCE",
    "Action",
    "ConfigError",
    "Event",
    "Game",
    "IllegalAction",
    "LogError",
    "RacebookError",
    "Result",
    "State",
]

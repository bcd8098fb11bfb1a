"""racebook: typed rules for horse-racing betting games.

>>> import racebook
>>> game = racebook.load("longshot", players=5)
>>> state = game.new_state(seed=7)
>>> seat = state.to_act[0]
>>> events = state.apply(state.legal_actions(seat)[0])
>>> racebook.replay(state.log.dumps()).digest() == state.digest()
True
"""

__version__ = "0.1.0"

from racebook.core.errors import ConfigError, IllegalAction, LogError, RacebookError
from racebook.core.game import CHANCE, Action, Event, Game, Result, State
from racebook.core.log import LogWriter, Resumed, replay, resume
from racebook.core.registry import games, load, presets
from racebook.simulation import simulate

__all__ = [
    "CHANCE",
    "Action",
    "ConfigError",
    "Event",
    "Game",
    "IllegalAction",
    "LogError",
    "LogWriter",
    "RacebookError",
    "Result",
    "Resumed",
    "State",
    "__version__",
    "games",
    "load",
    "presets",
    "replay",
    "resume",
    "simulate",
]

"""racebook: typed rules for horse-racing betting games.

>>> import racebook
>>> game = racebook.load("longshot", players=5)
>>> state = game.new_state(seed=7)
>>> seat = state.to_act[0]
>>> events = state.apply(state.legal_actions(seat)[0])
>>> racebook.replay(state.log.dumps()).digest() == state.digest()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

import racebook.games  # noqa: F401  (registers the built-in games, presets, rule modules)
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
from racebook.core.game import CHANCE, Action, Event, Game, Result, State, View
from racebook.core.log import LIBRARY as __version__
from racebook.core.logfile import FileSink, LogWriter
from racebook.core.registry import load as _load
from racebook.core.registry import presets, registered_games
from racebook.core.replay import Resumed, replay, resume
from racebook.core.sinks import LogSink, Store
from racebook.simulation import simulate
from racebook.sinks import PostgresSink, PostgresStore, SQLiteSink, SQLiteStore, open_store
from racebook.table import Table, Verdict

if TYPE_CHECKING:
    from racebook.games.forcehorse import ForceHorse
    from racebook.games.longshot import LongShot
    from racebook.games.mafia import Mafia
    from racebook.games.readysetbet import ReadySetBet
    from racebook.games.trickrace import TrickRace

ReadySetBetName = Literal[
    "readysetbet", "readysetbet-simple", "readysetbet-host-bets", "readysetbet-rotating"
]


@overload
def load(name: Literal["longshot"], **settings: Any) -> LongShot: ...
@overload
def load(name: Literal["mafia"], **settings: Any) -> Mafia: ...
@overload
def load(name: ReadySetBetName, **settings: Any) -> ReadySetBet: ...
@overload
def load(name: Literal["trickrace", "trickrace-mini"], **settings: Any) -> TrickRace: ...
@overload
def load(name: Literal["forcehorse", "forcehorse-random"], **settings: Any) -> ForceHorse: ...
@overload
def load(name: str, **settings: Any) -> Game[Any, State[Any, Any, Action]]: ...
def load(name: str, **settings: Any) -> Game[Any, State[Any, Any, Action]]:
    """A game from a preset name (or game id) with settings overridden.

    Typed: ``racebook.load("readysetbet")`` is a
    :class:`~racebook.games.readysetbet.ReadySetBet`, whose ``new_state`` is a
    ``ReadySetBetState`` and whose ``view`` is a ``ReadySetBetView``; a preset
    registered by a house rule gives a :class:`~racebook.core.game.Game`.

    >>> import racebook
    >>> racebook.load("longshot", players=4).config.players
    4
    """
    return _load(name, **settings)


__all__ = [
    "CHANCE",
    "Action",
    "BadPosition",
    "ConfigError",
    "Event",
    "FileSink",
    "Game",
    "IllegalAction",
    "LogError",
    "LogInUse",
    "LogSink",
    "LogWriter",
    "MalformedAction",
    "NoSpaces",
    "PostgresSink",
    "PostgresStore",
    "RacebookError",
    "Result",
    "Resumed",
    "SQLiteSink",
    "SQLiteStore",
    "State",
    "Store",
    "Table",
    "UnknownSeat",
    "Verdict",
    "View",
    "__version__",
    "load",
    "open_store",
    "presets",
    "registered_games",
    "replay",
    "resume",
    "simulate",
]


def __dir__() -> list[str]:
    """``dir(racebook)``: the API (``__all__``), not the names its own code
    imports to type it."""
    return sorted(__all__)


del TYPE_CHECKING, overload, annotations  # the typing helpers above; not the API

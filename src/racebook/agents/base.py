"""Bots: anything with ``name`` and ``choose(state, seat) -> Action``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from racebook.core.errors import ConfigError
from racebook.core.game import Action, State


class Bot(Protocol):
    """A player program.  It should read only ``state.view(seat)`` and
    ``state.legal_actions(seat)``: the rest of the state is not its to see."""

    name: str

    def choose(self, state: State[Any, Any, Action], seat: int) -> Action: ...


class RandomBot:
    """Uniform over the legal actions.

    >>> import racebook
    >>> state = racebook.load("longshot").new_state(seed=1)
    >>> seat = state.to_act[0]
    >>> RandomBot(seed=3).choose(state, seat) in state.legal_actions(seat)
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State[Any, Any, Action], seat: int) -> Action:
        # legal_actions(seat)[int(random() * n)], without listing where the
        # game can pick faster (State.random_action)
        return state.random_action(seat, self._rng)


BotFactory = Callable[[int | None], Bot]
_BOTS: dict[tuple[str, str], BotFactory] = {}


def register_bot(game: str, name: str, factory: BotFactory) -> None:
    """Make ``make_bot(game, name)`` build bots with ``factory(seed)``; game ``"*"``
    registers a bot for every game."""
    _BOTS[(game, name)] = factory


def bot_names(game: str) -> list[str]:
    """The bot names available for ``game``."""
    import racebook.agents  # noqa: F401  (registers the built-in bots)

    return sorted({n for g, n in _BOTS if g in (game, "*")})


def make_bot(game: str, name: str, seed: int | None = None) -> Bot:
    """A bot by name for ``game`` (``random``, ``heuristic``, ...)."""
    import racebook.agents  # noqa: F401

    factory = _BOTS.get((game, name)) or _BOTS.get(("*", name))
    if factory is None:
        raise ConfigError("bots", f"no bot {name!r} for {game}; known: {bot_names(game)}")
    return factory(seed)


register_bot("*", "random", RandomBot)

"""Bots: anything with ``name`` and ``choose(state, seat) -> Action``; a bot
may also say when it wants to act (``ready``), where the table lets it wait."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from racebook.core.errors import ConfigError
from racebook.core.game import Action, State

if TYPE_CHECKING:  # type variables with defaults (PEP 696): typing has them from 3.13
    from typing_extensions import TypeVar

    S = TypeVar("S", contravariant=True, default=Any)
    M = TypeVar("M", bound=Action, covariant=True, default=Action)
else:
    from typing import TypeVar

    S = TypeVar("S", contravariant=True)
    M = TypeVar("M", bound=Action, covariant=True)
A = TypeVar("A", bound=Action)


class Bot(Protocol[S, M]):
    """A player program.  It should read only ``state.view(seat)`` and
    ``state.legal_actions(seat)``: the rest of the state is not its to see.

    Typed by the state it plays ``S`` and what it chooses ``M``:
    a ``Bot[ReadySetBetState, ReadySetBetMove]`` chooses a
    :data:`~racebook.games.readysetbet.ReadySetBetMove` (what
    ``legal_actions`` lists, as a state's third type parameter says).  A
    bare ``Bot`` is any bot (``Bot[Any, Action]``): what :func:`make_bot`
    gives, whose game is known only when the program runs.  A bot for every
    game, such as :class:`RandomBot`, chooses the move type of the state it
    is given (its ``choose`` is generic).  Name both parameters or none:
    their defaults are for type checkers (before Python 3.13, ``Bot[S]``
    alone fails where it is evaluated at run time)."""

    name: str

    def choose(self, state: S, seat: int) -> M: ...


def ready(bot: object, state: State[Any, Any, Action], seat: int) -> bool:
    """Whether ``bot`` wants to act now at ``seat``, where several seats may
    act and none has to: Ready Set Bet's race, where "players do not take
    turns: when to bet is each player's own choice, first come, first
    served" (rulebook, 投注 "betting").  A bot says so with an optional
    ``ready(state, seat) -> bool`` method; a bot without one is always ready
    (it acts whenever the table gives it the turn)."""
    method = getattr(bot, "ready", None)
    return True if method is None else bool(method(state, seat))


def next_seat(state: State[Any, Any, Action], bots: Sequence[object], rng: random.Random) -> int:
    """The seat that acts next, as ``simulate`` and ``tournament`` play: the
    only seat of ``state.to_act``, or else one drawn
    with one draw of ``rng`` among the seats whose bot (``bots[seat]``) is
    :func:`ready` (all of them if none is).  Bots that are always ready get
    exactly the uniform draw over ``to_act``.

    >>> import random, racebook
    >>> state = racebook.load("trickrace").new_state(seed=1)
    >>> state.to_act  # the race's cards are chosen all at once
    (0, 1, 2, 3)
    >>> next_seat(state, [RandomBot()] * 4, random.Random(0))
    3
    """
    to_act = state.to_act
    if len(to_act) == 1:
        return to_act[0]
    willing = [s for s in to_act if ready(bots[s], state, s)] or list(to_act)
    return willing[int(rng.random() * len(willing))]


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

    def choose(self, state: State[Any, Any, A], seat: int) -> A:
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

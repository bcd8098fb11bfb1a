"""Game, State, Action, Event and Result: the contract every game shares.

A :class:`Game` is a rule system bound to one variant config.  A
:class:`State` is one game in progress; it is driven only through
:meth:`State.apply`, which validates, mutates, records the action in the log
and resolves chance (when the state was made with a seed).

Chance is a seat of its own, :data:`CHANCE`: every random outcome (a shuffle,
a die roll, the first player) is an action of that seat, recorded in the log
like any decision, so replay never draws from a random generator.

The contract's values (:class:`Action`, :class:`Event`, :class:`View`,
:class:`Result`) are defined in :mod:`racebook.core.values`, the state in
:mod:`racebook.core.state`, and an action's field checks in
:mod:`racebook.core.fields`; every name is importable from here.
"""

from __future__ import annotations

import abc
import functools
import json
import random
import secrets
from typing import Any, ClassVar, Generic, TypeVar

from racebook.core.errors import ConfigError, NoSpaces
from racebook.core.fields import MAX_INT, action_from_data, field_problem
from racebook.core.serial import to_data
from racebook.core.spaces import ActionSpace, ActionTable
from racebook.core.state import State
from racebook.core.values import (
    CHANCE,
    Action,
    Event,
    GameEnded,
    PrivateEvent,
    Result,
    View,
    places_from_keys,
)

__all__ = [
    "CHANCE",
    "MAX_CONFIG",
    "MAX_INT",
    "Action",
    "Event",
    "Game",
    "GameEnded",
    "PrivateEvent",
    "Result",
    "State",
    "View",
    "field_problem",
    "places_from_keys",
]

MAX_CONFIG = 256 * 1024
"""A config's JSON form (the log header's ``config``) is at most this long, so
that every line a log writer produces can be read back."""

C = TypeVar("C")
S = TypeVar("S", bound="State[Any, Any, Any]", covariant=True)


class Game(abc.ABC, Generic[C, S]):
    """A rule system bound to one variant ``config`` (an attrs class).

    Typed by its config ``C`` and its state ``S``: ``racebook.load("trickrace")``
    is a ``TrickRace``, a ``Game[TrickRaceConfig, TrickRaceState]``, whose
    :meth:`new_state` is a ``TrickRaceState``, itself a
    ``State[TrickRaceConfig, TrickRaceView, TrickRaceMove]``; its
    :meth:`parse_action` is typed as the game's action union where the game
    has one (``ReadySetBet.parse_action`` gives a ``ReadySetBetAction``)."""

    id: ClassVar[str]
    title: ClassVar[str]
    config_type: ClassVar[type[Any]]
    action_types: tuple[type[Action], ...]
    """Every action type of this game (with its rule modules'), for logs."""
    event_types: tuple[type[Event], ...]

    def __init__(self, config: C) -> None:
        size = len(json.dumps(to_data(config), separators=(",", ":"), ensure_ascii=False))
        if size > MAX_CONFIG:
            raise ConfigError("config", f"{size:,} characters as JSON; at most {MAX_CONFIG:,}")
        self.config = config

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id!r} seats={self.seats}>"

    defaults_revision: ClassVar[int] = 1
    """The revision of :meth:`default_config` a log header names (its
    ``"defaults"``): a header lists only the settings that differ from the
    defaults of that revision.  A game that changes a default, or adds a
    setting, raises it and says in :meth:`past_defaults` what the older
    revisions had (tests/test_log_defaults.py holds each game's defaults and
    fails until it does).  The revision and the past values are each game's
    own, inherited settings included: a subclass that declares neither is
    at revision 1 with no past values, whatever its parent's
    (``__init_subclass__``), since its own defaults need not have changed
    when its parent's did (Mafia's are its preset's, not Long Shot's)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give ``cls`` a defaults revision of its own (see
        :attr:`defaults_revision`): 1 and no past values unless it declares them."""
        super().__init_subclass__(**kwargs)
        if "defaults_revision" not in cls.__dict__:
            cls.defaults_revision = 1
        if "past_defaults" not in cls.__dict__:
            cls.past_defaults = Game.__dict__["past_defaults"]  # type: ignore[method-assign]

    @classmethod
    def default_config(cls) -> Any:
        """The config a log header's settings are written against: the game's
        own default (its preset of the same name)."""
        return cls.config_type()

    @classmethod
    def past_defaults(cls, revision: int) -> dict[str, Any]:
        """The settings whose default was different at ``revision`` of
        :attr:`defaults_revision` (or that did not exist then), as JSON data
        with the value that plays the game as it was played then."""
        return {}

    @classmethod
    def upgrade_config(cls, data: Any, version: int) -> Any:
        """A config as a log of format ``version`` wrote it (every log's
        config passes here, the current format's too), made readable now: a
        setting added since then (absent from ``data``) is given the
        value that plays the game as that library did (its new default may be
        a different reading of the rules).  ``data`` is JSON data; games that
        added settings override this."""
        return data

    def parse_action(self, data: Any) -> Action:
        """An action from its JSON data (``{"kind": "place", "seat": 3, ...}``,
        as :meth:`Action.to_data` writes it): bad client input raises
        :class:`~racebook.core.errors.MalformedAction` naming the field."""
        return action_from_data(self, data)

    @functools.cached_property
    def action_kinds(self) -> dict[str, type[Action]]:
        """Action classes by their ``kind`` (how a log line names them)."""
        return {t.kind: t for t in self.action_types}

    @property
    @abc.abstractmethod
    def seats(self) -> int:
        """How many seats may act, ``0 .. seats-1`` (chance not counted): every
        player, and a seat that acts without playing (Ready Set Bet's host
        chair, which rolls the dice)."""

    @property
    def players(self) -> int:
        """How many seats play and are scored: ``0 .. players-1``, the seats of
        ``result.scores``.  Equal to :attr:`seats` unless the game has a seat
        that acts without playing."""
        return self.seats

    # -- integer actions, chance outcome ids, tensors (racebook.core.spaces) -------------
    @functools.cached_property
    def action_space(self) -> ActionSpace:
        """Every action that can ever be legal in this game and variant, numbered
        (see :mod:`racebook.core.spaces`); games list theirs in ``_action_tables``."""
        return ActionSpace(self._action_tables())

    spaces: ClassVar[Any] = None
    """The game's integer actions and tensors: a module with
    ``action_tables(game)``, ``num_chance_outcomes(game)``,
    ``chance_node(state)``, ``observe(state, seat)`` and, optionally,
    ``legal_ids(state, seat)`` and ``observe_into(state, seat, values)``
    (the tensor written into a zeroed buffer of its size, say a numpy
    array, returning whether it did) (``None``: the game has none)."""

    def _action_tables(self) -> list[ActionTable]:
        """This game's action kinds in id order (new kinds appended at the end)."""
        if self.spaces is None:
            raise NoSpaces(self.id, "integer action space")
        tables: list[ActionTable] = self.spaces.action_tables(self)
        return tables

    @property
    def num_distinct_actions(self) -> int:
        """How many action ids this game and variant has."""
        return self.action_space.size

    def action_id(self, action: Action) -> int:
        """The stable integer id of ``action`` (whatever its seat)."""
        return self.action_space.id(action)

    def action_from_id(self, i: int, seat: int) -> Action:
        """The action of id ``i`` made by ``seat``."""
        return self.action_space.action(i, seat)

    @property
    def num_chance_outcomes(self) -> int:
        """Chance outcome ids are ``0 .. num_chance_outcomes-1`` (a step of a
        :class:`~racebook.core.spaces.ChanceNode`)."""
        if self.spaces is None:
            raise NoSpaces(self.id, "chance outcome ids")
        return int(self.spaces.num_chance_outcomes(self))

    @functools.cached_property
    def observation_layout(self) -> tuple[tuple[str, int], ...]:
        """The observation tensor's segments, ``(name, size)`` in order: the
        same for every state and seat of this game and variant."""
        state = self.new_state(seed=0)
        return tuple(state._observe(0).layout)

    @functools.cached_property
    def observation_shape(self) -> tuple[int]:
        """The shape of :meth:`State.observation_tensor` (flat)."""
        return (sum(size for _, size in self.observation_layout),)

    def new_state(self, seed: int | None = None, *, explicit_chance: bool = False) -> S:
        """A new game.  Chance is drawn from ``seed`` (a fresh random seed if
        ``None``); with ``explicit_chance`` nothing is drawn: chance outcomes
        are applied from outside (replay, OpenSpiel-style search)."""
        if explicit_chance:
            rng = None
        else:
            rng = random.Random(seed if seed is not None else secrets.randbits(64))
        state = self._make_state()
        state._rng = rng
        state._resolve_chance([])
        return state

    @abc.abstractmethod
    def _make_state(self) -> S:
        """The state at the very start, before any chance is resolved."""

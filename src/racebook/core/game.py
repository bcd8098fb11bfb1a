"""Game, State, Action, Event and Result: the contract every game shares.

A :class:`Game` is a rule system bound to one variant config.  A
:class:`State` is one game in progress; it is driven only through
:meth:`State.apply`, which validates, mutates, records the action in the log
and resolves chance (when the state was made with a seed).

Chance is a seat of its own, :data:`CHANCE`: every random outcome (a shuffle,
a die roll, the first player) is an action of that seat, recorded in the log
like any decision, so replay never draws from a random generator.
"""

from __future__ import annotations

import abc
import copy
import functools
import hashlib
import json
import operator
import random
import secrets
import types
import typing
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

import attrs

from racebook.core.errors import (
    MAX_MESSAGE,
    ConfigError,
    IllegalAction,
    MalformedAction,
    UnknownSeat,
    clip,
    short,
)
from racebook.core.serial import to_data

if TYPE_CHECKING:
    from racebook.core.log import GameLog
    from racebook.core.spaces import ActionSpace, ActionTable, ChanceNode, Observation

CHANCE = -1
"""The seat of chance: shuffles, dice and other random outcomes act from it."""

MAX_CONFIG = 256 * 1024
"""A config's JSON form (the log header's ``config``) is at most this long, so
that every line a log writer produces can be read back."""


@attrs.frozen
class Action:
    """Base of every action.  ``seat`` is who acts (:data:`CHANCE` for chance)."""

    kind: ClassVar[str] = "action"
    seat: int

    def to_data(self) -> dict[str, Any]:
        """This action as JSON data, the log's form: its ``kind``, then its fields.
        :meth:`Game.parse_action` reads it back."""
        data: dict[str, Any] = {"kind": self.kind}
        data.update(to_data(self))
        return data


@attrs.frozen
class Event:
    """Base of every event.  Public unless a subclass narrows who may see it."""

    kind: ClassVar[str] = "event"

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return True

    def to_data(self) -> dict[str, Any]:
        """This event as JSON data, the form of a seat's log: ``event``, then its fields."""
        data: dict[str, Any] = {"event": self.kind}
        data.update(to_data(self))
        return data


class View:
    """Base of every game's view (what one seat may see): an attrs value."""

    def to_data(self) -> Any:
        """This view as JSON data (every field; cards in their short text form)."""
        return to_data(self)

    def render(self) -> str:
        """A compact text picture of this view; games draw their own."""
        return repr(self)

    def __str__(self) -> str:
        return self.render()


@attrs.frozen
class PrivateEvent(Event):
    """An event only ``seat`` may see (a card dealt or drawn into a hand)."""

    seat: int

    def visible_to(self, seat: int | None) -> bool:
        return seat == self.seat


@attrs.frozen
class GameEnded(Event):
    """The game is over: final ``scores`` (money or points) and ``winners``."""

    kind: ClassVar[str] = "game-ended"
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@attrs.frozen
class Result:
    """Final standings.

    ``scores`` is money or points per seat; ``places`` the final place per seat
    (1 = best, equal scores share a place); ``winners`` the seats in place 1;
    ``tiebreak`` names the rule used to split equal scores, if any.
    """

    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str | None = None


def places_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranking: 1 + how many keys are strictly better (smaller).

    >>> places_from_keys([(0, -3), (0, -5), (0, -3), (1, 0)])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


C = TypeVar("C")


_FIELDS: dict[type[Any], tuple[tuple[str, Any, Callable[[Any], bool]], ...]] = {}
MAX_INT = 2**63 - 1
"""An action's integer fields are at most this large (in size)."""


def field_problem(action: Action) -> tuple[str, str] | None:
    """The first field of ``action`` whose value is not of its declared type, as
    ``(field, message)``, or ``None``.  Actions built by hand or by a client are
    checked before any rule reads them (``Place(1, "1:1", 0)``: the card is a
    string, not a card)."""
    cls = type(action)
    checks = _FIELDS.get(cls)
    if checks is None:
        hints = typing.get_type_hints(cls)
        checks = _FIELDS[cls] = tuple(
            (f.name, hints[f.name], _checker(hints[f.name])) for f in attrs.fields(cls)
        )
    for name, hint, ok in checks:
        value = getattr(action, name)
        if not ok(value):
            return name, f"expected {_type_name(hint)}, got {short(value)}"
    return None


def _type_name(hint: Any) -> str:
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")


def _checker(hint: Any) -> Callable[[Any], bool]:
    if hint is int:  # an int of any size could not even be printed in a message
        return lambda v: type(v) is int and -MAX_INT <= v <= MAX_INT
    if hint is bool or hint is str:
        return lambda v: type(v) is hint
    if hint is float:
        return lambda v: type(v) is float or type(v) is int
    if hint is Any:
        return lambda v: True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0])
            return lambda v: type(v) is tuple and all(item(x) for x in v)
        items = [_checker(a) for a in args]
        return lambda v: (
            type(v) is tuple
            and len(v) == len(items)
            and all(ok(x) for ok, x in zip(items, v, strict=True))
        )
    if origin in (types.UnionType, typing.Union):
        options = [_checker(a) for a in args]
        return lambda v: any(ok(v) for ok in options)
    if origin is typing.Literal:
        return lambda v: v in args
    if isinstance(hint, type):
        return lambda v: isinstance(v, hint)
    return lambda v: True  # a type this check does not know: the rules read it


class Game(abc.ABC, Generic[C]):
    """A rule system bound to one variant ``config`` (an attrs class)."""

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
    fails until it does)."""

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
        from racebook.core.log import action_from_data

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
        from racebook.core.spaces import ActionSpace

        return ActionSpace(self._action_tables())

    spaces: ClassVar[Any] = None
    """The game's integer actions and tensors: a module with
    ``action_tables(game)``, ``num_chance_outcomes(game)``,
    ``chance_node(state)``, ``observe(state, seat)`` and, optionally,
    ``legal_ids(state, seat)`` (``None``: the game has none)."""

    def _action_tables(self) -> list[ActionTable]:
        """This game's action kinds in id order (new kinds appended at the end)."""
        if self.spaces is None:
            raise NotImplementedError(f"{self.id} has no integer action space")
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
            raise NotImplementedError(f"{self.id} has no chance outcome ids")
        return int(self.spaces.num_chance_outcomes(self))

    @functools.cached_property
    def observation_layout(self) -> tuple[tuple[str, int], ...]:
        """The observation tensor's segments, ``(name, size)`` in order: the
        same for every state and seat of this game and variant."""
        state = self.new_state(seed=0)
        return tuple(state._observe(0).layout)

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of :meth:`State.observation_tensor` (flat)."""
        return (sum(size for _, size in self.observation_layout),)

    def new_state(self, seed: int | None = None, *, explicit_chance: bool = False) -> State[C]:
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
    def _make_state(self) -> State[C]:
        """The state at the very start, before any chance is resolved."""


class State(abc.ABC, Generic[C]):
    """One game in progress.  Drive it with :meth:`apply`; read it through
    :attr:`to_act`, :meth:`legal_actions`, :meth:`view`, :attr:`is_over`,
    :attr:`result` and :attr:`log`."""

    def __init__(self, game: Game[C]) -> None:
        self.game = game
        self._rng: random.Random | None = None
        self._entries: list[Action] = []
        self._events: list[list[Event]] = []
        self._marks: list[tuple[int, str]] = []
        self._chain: tuple[str, int] = ("", 0)  # the last mark's digest, history items seen
        self._want_mark = False
        self._writer: Any = None  # a LogWriter following this state, if any
        self._version = 0
        self._legal_cache: tuple[int, int, list[Action]] = (-1, 0, [])
        self._ids_cache: tuple[int, int, frozenset[int]] = (-1, 0, frozenset())
        # clone() shares the log's lists and the random generator with its
        # copy: each side copies them before its first change (copy-on-write),
        # so that a clone costs the same at the start and at the end of a game
        self._log_shared = False
        self._rng_shared = False

    # -- reading -----------------------------------------------------------
    @property
    @abc.abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now (``(CHANCE,)`` at a chance node, ``()`` when over)."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abc.abstractmethod
    def result(self) -> Result | None:
        """Final standings once the game is over, else ``None``."""

    @abc.abstractmethod
    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see (``None``: a spectator): a typed attrs value.
        Games call :meth:`_check_seat` first: a seat the game does not have
        raises :class:`~racebook.core.errors.UnknownSeat`."""

    def render(self, seat: int | None = None) -> str:
        """A compact text picture of the game as ``seat`` may see it (``None``:
        a spectator), drawn from :meth:`view` alone.  Games draw their own."""
        return repr(self.view(seat))

    def __str__(self) -> str:
        return self.render(None)

    def _check_seat(self, seat: int | None) -> None:
        """Refuse a seat number this game does not have (``None`` is a spectator)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.game.seats):
            raise UnknownSeat(seat, self.game.seats)

    @abc.abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden parts included, as JSON-able data (for digests).

        What grows with the length of the game (one record per race) goes under
        the key ``"history"``, a list that only ever grows: the log's checkpoint
        digests (:meth:`checkpoint`) hash only its new items, so that a long
        game replays in time linear in its length."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in a stable order (empty if it
        may not act).  Chance nodes whose outcomes are too many to list (a
        shuffle) return ``[]``: see :meth:`sample_chance`.  A seat the game
        does not have raises :class:`~racebook.core.errors.UnknownSeat`."""
        version, cached_seat, actions = self._legal_cache
        if version == self._version and cached_seat == seat:
            return list(actions)
        if seat != CHANCE:
            self._check_seat(seat)
        actions = self._legal(seat) if seat in self.to_act else []
        self._legal_cache = (self._version, seat, actions)
        return list(actions)

    def check(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or ``None`` if it is legal."""
        if not isinstance(action, self.game.action_types):
            return f"{type(action).__name__} is not an action of {self.game.id}"
        bad = field_problem(action)
        if bad is not None:
            return f"field {bad[0]}: {bad[1]}"
        reason = self._check_rules(action)
        return None if reason is None else clip(reason, MAX_MESSAGE)

    def _check_rules(self, action: Action) -> str | None:
        if self.is_over:
            return "the game is over"
        if action.seat not in self.to_act:
            who = "chance" if action.seat == CHANCE else f"seat {action.seat}"
            return self._not_now(action) or f"{who} may not act now (to act: {self.to_act})"
        return self._check(action)

    def _not_now(self, action: Action) -> str | None:
        """A game's own words for an action whose seat may not act now, if any."""
        return None

    # -- acting ------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Validate and play ``action``; return the events it caused.

        Raises :class:`IllegalAction` naming the rule, and leaves the state
        exactly as it was."""
        version, _, listed = self._legal_cache
        # An action object taken from legal_actions() of this very state (the
        # same object: a bot's or a search's pick) is proven legal and
        # well-formed by that list: checking it again doubled the cost of an
        # action in Long Shot and the trick race (make bench).
        if not (version == self._version and any(map(operator.is_, listed, repeat(action)))):
            self._validate(action)
        # A new list: the action's own events are stored in the log as they
        # are; the chance outcomes it triggers are stored as their own entries.
        events = list(self._do(action))
        self._resolve_chance(events)
        return events

    def _validate(self, action: Action) -> None:
        """Raise :class:`MalformedAction` or :class:`IllegalAction` unless
        ``action`` is legal now."""
        if not isinstance(action, self.game.action_types):
            raise MalformedAction(
                "kind",
                f"{type(action).__name__} is not an action of {self.game.id}",
                rule=self.game.title,
            )
        bad = field_problem(action)
        if bad is not None:
            raise MalformedAction(bad[0], bad[1], rule=self.game.title, action=action)
        reason = self._check_rules(action)
        if reason is not None:
            raise IllegalAction(reason, rule=self.game.title, action=action)

    def _replay_apply(self, action: Action, typed: bool = False) -> None:
        """:meth:`apply` for replay (chance explicit, ``action`` made by the
        log reader from this game's action kinds; ``typed``: the reader
        checked every field's exact type already): the same checks (every
        field's type, then the rules), without listing legal actions or
        returning events."""
        if not typed:
            bad = field_problem(action)
            if bad is not None:
                raise MalformedAction(bad[0], bad[1], rule=self.game.title, action=action)
        reason = self._check_rules(action)
        if reason is not None:
            raise IllegalAction(reason, rule=self.game.title, action=action)
        self._do(action)

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome for the current chance node from ``rng``."""
        if self.to_act != (CHANCE,):
            raise IllegalAction("this is not a chance node", rule=self.game.title)
        return self._sample_chance(rng)

    def clone(self) -> Self:
        """An independent copy.  It shares the immutable game, and the log and
        the random generator until either side changes them (copy-on-write:
        the cost of a clone does not grow with the length of the game)."""
        other = copy.copy(self)
        self._log_shared = other._log_shared = True
        self._rng_shared = other._rng_shared = self._rng is not None
        other._writer = None  # the log file follows the original only
        # not the legal list: hidden_variant() changes a clone's hidden cards
        other._legal_cache = (-1, 0, [])
        other._ids_cache = (-1, 0, frozenset())
        self._copy_into(other)
        return other

    def _own_log(self) -> None:
        """Take copies of the log's lists shared with a clone (before a change)."""
        self._entries = list(self._entries)
        self._events = list(self._events)
        self._marks = list(self._marks)
        self._log_shared = False

    def _own_rng(self) -> random.Random:
        """The random generator, copied first if a clone shares it (before a draw)."""
        rng = self._rng
        assert rng is not None
        if self._rng_shared:  # getstate/setstate: a deepcopy costs 10x more
            shared, rng = rng, random.Random.__new__(random.Random)
            rng.setstate(shared.getstate())
            self._rng = rng
            self._rng_shared = False
        return rng

    @property
    def log(self) -> GameLog:
        """The log of this game so far (see :mod:`racebook.core.log`)."""
        from racebook.core.log import GameLog

        return GameLog(self)

    def digest(self) -> str:
        """A short hash of the full state: equal states, equal digests."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def checkpoint(self) -> str:
        """The digest a log's checkpoint line records (log format 2): a chain.

        It hashes the previous checkpoint's digest, the state without its
        ``"history"``, and the history items added since the previous
        checkpoint.  The chain covers the whole game (each history item was
        hashed once, when it was new), and costs what changed, not the whole
        history: :meth:`digest` at every race end made replay quadratic in the
        number of races."""
        return self._next_checkpoint()[0]

    def _next_checkpoint(self) -> tuple[str, int]:
        previous, seen = self._chain
        snap = self.snapshot()
        history = snap.pop("history", [])
        text = json.dumps([previous, snap, history[seen:]], sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16], len(history)

    # -- for games ---------------------------------------------------------
    def _do(self, action: Action) -> list[Event]:
        writer = self._writer
        if writer is not None:  # written first: a failed write changes nothing
            writer.record(action)
        events = self._apply(action)
        self._version += 1
        if self._log_shared:
            self._own_log()
        self._entries.append(action)
        self._events.append(events)
        mark = None
        if self._want_mark:
            self._want_mark = False
            self._chain = self._next_checkpoint()
            mark = self._chain[0]
            self._marks.append((len(self._entries), mark))
        if writer is not None:
            writer.recorded(mark)
        return events

    def _resolve_chance(self, events: list[Event]) -> None:
        if self._rng is None:
            return
        while self._at_chance():
            events.extend(self._do(self._sample_chance(self._own_rng())))

    def _at_chance(self) -> bool:
        """Whether chance acts now (games may answer faster than ``to_act``)."""
        return not self.is_over and self.to_act == (CHANCE,)

    def _game_ended(self) -> GameEnded:
        """The closing event, from :attr:`result` (call once the game is over)."""
        result = self.result
        assert result is not None
        return GameEnded(result.scores, result.winners)

    def _mark(self) -> None:
        """Ask for a state digest in the log after the current action."""
        self._want_mark = True

    @abc.abstractmethod
    def _legal(self, seat: int) -> list[Action]: ...

    @abc.abstractmethod
    def _check(self, action: Action) -> str | None: ...

    @abc.abstractmethod
    def _apply(self, action: Action) -> list[Event]: ...

    @abc.abstractmethod
    def _sample_chance(self, rng: random.Random) -> Action: ...

    @abc.abstractmethod
    def _copy_into(self, other: Self) -> None:
        """Give ``other`` (a shallow copy) its own copies of mutable fields."""

    # -- for the test harness --------------------------------------------------
    def audit(self) -> None:
        """Raise :class:`AssertionError` if an invariant (cards, money) broke."""

    def hidden_variant(self, seat: int, rng: random.Random) -> Self:
        """A clone that differs only in what ``seat`` may not see (redealt at
        random from ``rng``): ``view(seat)`` must not tell them apart."""
        return self.clone()

    def probes(self, seat: int) -> list[Action]:
        """Plausible actions for ``seat``, legal or not, that the harness tries:
        every illegal one must be refused.  Games list a broad superset."""
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]] | None:
        """Outcomes with probabilities at a small chance node, ``None`` if too many."""
        return None

    # -- integer actions, chance outcome ids, tensors (racebook.core.spaces) -------------
    def legal_action_ids(self, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions` (``seat``), in increasing order."""
        return sorted(self._legal_ids(seat))

    def legal_action_mask(self, seat: int) -> bytearray:
        """1 at the id of every legal action of ``seat``, else 0 (length
        :attr:`Game.num_distinct_actions`): a ``bytearray``, which numpy reads
        without a copy (``numpy.frombuffer(mask, numpy.int8)``)."""
        mask = bytearray(self.game.action_space.size)
        for i in self._legal_ids(seat):
            mask[i] = 1
        return mask

    def apply_id(self, i: int, seat: int) -> list[Event]:
        """:meth:`apply` the action of id ``i`` made by ``seat``
        (:meth:`Game.action_from_id`).  An id that :meth:`legal_action_mask`
        or :meth:`legal_action_ids` gave for this very state and seat is
        not checked again (the mask proves it legal), as a pick from
        :meth:`legal_actions` is not: masked playouts cost 1.3-1.8x
        ``legal_actions`` ones without it (``make bench``)."""
        self._check_seat(seat)
        if type(i) is not int:
            raise MalformedAction("id", f"expected an int, got {short(i)}", rule=self.game.title)
        try:
            action = self.game.action_from_id(i, seat)
        except ValueError as exc:
            raise MalformedAction("id", str(exc), rule=self.game.title) from None
        version, listed_seat, ids = self._ids_cache
        if not (version == self._version and listed_seat == seat and i in ids):
            self._validate(action)
        events = list(self._do(action))
        self._resolve_chance(events)
        return events

    def _legal_ids(self, seat: int) -> list[int]:
        """The ids of the legal actions of ``seat`` in any order (games may
        answer without making the actions), kept for :meth:`apply_id`."""
        found = getattr(self.game.spaces, "legal_ids", None)
        ids: list[int] | None = None if found is None else found(self, seat)
        if ids is None:
            ids = list(map(self.game.action_space.id, self.legal_actions(seat)))
        self._ids_cache = (self._version, seat, frozenset(ids))
        return ids

    def chance_node(self) -> ChanceNode:
        """The current chance node's outcomes as ids with probabilities, drawn
        in steps (see :class:`~racebook.core.spaces.ChanceNode`)."""
        from racebook.core.spaces import Enumerated

        if self.to_act != (CHANCE,):
            raise IllegalAction("this is not a chance node", rule=self.game.title)
        if self.game.spaces is not None:
            node: ChanceNode = self.game.spaces.chance_node(self)
            return node
        listed = self.chance_outcomes()
        if listed is None:
            raise NotImplementedError(f"{self.game.id} has no chance model here")
        return Enumerated(listed)

    def observation_tensor(self, seat: int | None) -> list[float]:
        """What ``seat`` may see as a flat list of numbers, laid out as
        :attr:`Game.observation_layout` says; built from :meth:`view` alone."""
        return self._observe(seat).values

    def _observe(self, seat: int | None) -> Observation:
        """The observation of ``seat`` (games encode their view)."""
        if self.game.spaces is None:
            raise NotImplementedError(f"{self.game.id} has no observation tensor")
        seen: Observation = self.game.spaces.observe(self, seat)
        return seen

    def observation_string(self, seat: int | None) -> str:
        """What ``seat`` may see now, as text (:meth:`render`)."""
        return self.render(seat)

    def information_state_string(self, seat: int | None) -> str:
        """What ``seat`` may see now and every event it has seen so far, as
        text: two histories a seat cannot tell apart give the same string."""
        self._check_seat(seat)
        seen = [repr(e) for group in self._events for e in group if e.visible_to(seat)]
        return "\n".join([self.render(seat), *seen])

"""The :class:`State`: one game in progress, driven only through
:meth:`State.apply`, which validates, mutates, records the action in the log
and resolves chance (when the state was made with a seed)."""

from __future__ import annotations

import abc
import copy
import hashlib
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

from racebook.core import checkpoints
from racebook.core.errors import (
    HistoryNotKept,
    MalformedAction,
    NoSpaces,
    Refusal,
    UnknownSeat,
    named,
    refuse,
    short,
)
from racebook.core.fields import field_problem
from racebook.core.log import GameLog
from racebook.core.spaces import ChanceNode, Enumerated, Observation
from racebook.core.values import CHANCE, Action, Event, GameEnded, Result

if TYPE_CHECKING:
    from racebook.core.game import Game

C = TypeVar("C")
V = TypeVar("V", covariant=True)
A = TypeVar("A", bound=Action, covariant=True)


class Forgotten:
    """A log's history not kept (:func:`~racebook.core.replay.replay` with
    ``history=False``): how many items it had, and nothing else, so a replay's
    memory does not grow with the log's length.  Reading the items raises
    :class:`~racebook.core.errors.HistoryNotKept`."""

    __slots__ = ("count",)

    def __init__(self, count: int = 0) -> None:
        self.count = count

    def append(self, item: object) -> None:
        self.count += 1

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Any]:
        raise HistoryNotKept()

    def __getitem__(self, index: Any) -> Any:
        raise HistoryNotKept()


class State(abc.ABC, Generic[C, V, A]):
    """One game in progress.  Drive it with :meth:`apply`; read it through
    :attr:`to_act`, :meth:`legal_actions`, :meth:`view`, :attr:`is_over`,
    :attr:`result` and :attr:`log`.

    Typed by the game's config ``C``, its view ``V`` (what :meth:`view`
    gives) and its moves ``A`` (what :meth:`legal_actions` lists: a union
    of the action classes a seat takes, chance's outcomes left out, such as
    ``ReadySetBetMove``; or ``Action`` where rule modules may add kinds)."""

    def __init__(self, game: Game[C, Any]) -> None:
        self.game = game
        self._rng: random.Random | None = None
        self._entries: list[Action] = []
        self._events: list[list[Event]] = []
        # checkpoints (racebook.core.checkpoints): digests worked out when read
        self._mark_list: list[tuple[int, str]] = []
        self._pending: list[tuple[int, bytes]] = []
        self._last_mark = ""  # the last worked-out checkpoint's digest
        self._seen = 0  # "history" items the checkpoints so far covered
        self._mark_count = 0  # checkpoints taken
        self._want_mark = False
        self._writer: Any = None  # a LogWriter following this state, if any
        self._version = 0
        self._legal_cache: tuple[int, int, list[A]] = (-1, 0, [])
        self._ids_cache: tuple[int, int, frozenset[int]] = (-1, 0, frozenset())
        self._picked: object = None  # random_action()'s last pick
        self._picked_at = -1  # and the version of the state it was picked for
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
    def view(self, seat: int | None) -> V:
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

    def legal_actions(self, seat: int) -> list[A]:
        """Every legal action of ``seat`` now, in a stable order (empty if it
        may not act).  Chance nodes whose outcomes are too many to list (a
        shuffle) return ``[]``: see :meth:`sample_chance`.  A seat the game
        does not have raises :class:`~racebook.core.errors.UnknownSeat`."""
        version, cached_seat, actions = self._legal_cache
        if version == self._version and cached_seat == seat:
            return list(actions)
        if not (acts := type(seat) is int and seat in self.to_act) and seat != CHANCE:
            self._check_seat(seat)  # a seat to_act lists is a seat of the game
        actions = self._legal(seat) if acts else []
        self._legal_cache = (self._version, seat, actions)
        return list(actions)

    def random_action(self, seat: int, rng: random.Random) -> A:
        """A legal action of ``seat`` drawn uniformly with ``rng``: exactly
        ``legal_actions(seat)[int(rng.random() * n)]`` (``n`` legal actions),
        one draw from ``rng``, so a game played this way is the game a
        :class:`~racebook.agents.base.RandomBot` plays from the same seeds.
        Games may find it without listing every action (``_pick``).  The
        action is proven legal for :meth:`apply` of this very state.
        Raises :class:`IllegalAction` if ``seat`` may not act now.

        >>> import random, racebook
        >>> state = racebook.load("trickrace").new_state(seed=1)
        >>> seat = state.to_act[0]
        >>> a = state.random_action(seat, random.Random(5))
        >>> legal = state.legal_actions(seat)
        >>> a == legal[int(random.Random(5).random() * len(legal))]
        True
        """
        if seat not in self.to_act:  # () once the game is over
            if seat != CHANCE:
                self._check_seat(seat)
            text = f"seat {seat} may not act now (to act: {self.to_act})"
            raise named(self.game, refuse("not-your-turn", text)).error()
        action = self._pick(seat, rng)
        self._picked = action
        self._picked_at = self._version
        return action

    def play_random(self, rng: random.Random, actions: int | None = None) -> int:
        """Play on with random legal actions from ``rng`` until the game ends
        (or for ``actions`` actions); return how many the seats played
        (chance outcomes drawn on the way are not counted).

        Each action is :meth:`random_action` of the first seat of
        :attr:`to_act`, so the game is the one this loop plays, log for log::

            while not state.is_over:
                state.apply(state.random_action(state.to_act[0], rng))

        (a :class:`~racebook.agents.base.RandomBot` with ``rng`` at every
        seat), for less: nothing is checked twice, no events are returned.
        Chance outcomes come from the state's own generator, as ``apply``
        draws them; a state made with ``explicit_chance`` draws them from
        ``rng``.  Random playouts for a simulation or a search's rollouts.

        >>> import random, racebook
        >>> game = racebook.load("trickrace")
        >>> a, b = game.new_state(seed=3), game.new_state(seed=3)
        >>> rng, played = random.Random(8), 0
        >>> while not a.is_over:
        ...     _ = a.apply(a.random_action(a.to_act[0], rng))
        ...     played += 1
        >>> b.play_random(random.Random(8)) == played
        True
        >>> a.log.dumps() == b.log.dumps()
        True
        """
        done = 0
        limit = -1 if actions is None else actions
        pick, do = self._pick, self._do
        drawn = self._rng is not None  # chance drawn from the state's own, as apply draws it
        while done != limit:
            acting = self.to_act
            if not acting:
                break
            seat = acting[0]
            if seat != CHANCE:
                do(pick(seat, rng))
                done += 1
            elif drawn:  # not counted: apply would have drawn it
                do(self._sample_chance(self._own_rng()))
            else:
                do(self._sample_chance(rng))
                done += 1
        if drawn:  # the chance the last action leads to, as apply draws it
            while self._at_chance():
                do(self._sample_chance(self._own_rng()))
        return done

    def _pick(self, seat: int, rng: random.Random) -> A:
        """:meth:`random_action` for a seat that may act now.  A game that
        overrides it must give the same action (equal value) from the same
        one draw of ``rng`` as this listing does (a test holds them equal)."""
        version, cached_seat, actions = self._legal_cache
        if not (version == self._version and cached_seat == seat):
            actions = self._legal(seat)  # not kept: apply knows the pick by its identity
        return actions[int(rng.random() * len(actions))]

    def check(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or ``None`` if it is legal: its
        :meth:`refusal`, a ``str`` with its ``code`` and ``rule``."""
        return self.refusal(action)

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` is illegal now, or ``None``: a
        :class:`~racebook.core.errors.Refusal` (its text, stable ``code`` and
        ``rule``, the rulebook's section), what :meth:`apply` would raise."""
        if not isinstance(action, self.game.action_types):
            text = f"{type(action).__name__} is not an action of {self.game.id}"
            return named(self.game, refuse("not-an-action", text))
        bad = field_problem(action)
        if bad is not None:
            return named(self.game, refuse("bad-field", f"field {bad[0]}: {bad[1]}"))
        reason = self._check_rules(action)
        return None if reason is None else named(self.game, reason)

    def _check_rules(self, action: Action) -> str | None:
        if self.is_over:
            return refuse("game-over", "the game is over")
        if not self._acts(action.seat):
            who = "chance" if action.seat == CHANCE else f"seat {action.seat}"
            text = f"{who} may not act now (to act: {self.to_act})"
            return self._not_now(action) or refuse("not-your-turn", text)
        return self._check(action)

    def _acts(self, seat: int) -> bool:
        """Whether ``seat`` is in :attr:`to_act` (games may answer for one
        seat without working out every seat's)."""
        return seat in self.to_act

    def _not_now(self, action: Action) -> str | None:
        """A game's own words for an action whose seat may not act now, if any."""
        return None

    # -- acting ------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Validate and play ``action``; return the events it caused.

        Raises :class:`IllegalAction` naming the rule, and leaves the state
        exactly as it was."""
        # An action object from random_action() or legal_actions() of this very state
        # is proven legal and well-formed: checking it again doubled its cost (make bench).
        if self._picked is not action or self._picked_at != self._version:
            version, _, listed = self._legal_cache
            if not (version == self._version and self._listed(action, listed)):
                self._validate(action)
        # A new list: the action's own events are stored in the log as they
        # are; the chance outcomes it triggers are stored as their own entries.
        if self._writer is not None:
            events = list(self._do_written(action))
        else:  # _do, inline: every action of a game's loop runs it
            done = self._apply(action)
            self._version += 1
            if self._log_shared:
                self._own_log()
            self._entries.append(action)
            self._events.append(done)
            if self._want_mark:
                self._want_mark = False
                self._take_mark(False)
            events = list(done)
        if self._rng is not None and self._at_chance():
            self._resolve_chance(events)
        return events

    def _listed(self, action: Action, listed: list[A]) -> bool:  # (a game may answer faster)
        for item in listed:  # noqa: SIM110  (any(map(is_, ...)) costs 3x on short lists)
            if item is action:  # one of them, by identity
                return True
        return False

    def _validate(self, action: Action, typed: bool = False) -> None:
        """Raise :class:`MalformedAction` or :class:`IllegalAction` unless
        ``action`` is legal now (``typed``: its kind and every field's exact
        type were checked already, by the log reader)."""
        reason = self._check_rules(action) if typed else self.refusal(action)
        if reason is not None:
            raise named(self.game, reason).error(action)

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome for the current chance node from ``rng``."""
        if self.to_act != (CHANCE,):
            raise named(self.game, refuse("not-a-chance-node", "this is not a chance node")).error()
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
        other._picked = None
        self._copy_into(other)
        return other

    def _own_log(self) -> None:
        """Take copies of the log's lists shared with a clone (before a change)."""
        if isinstance(self._entries, Forgotten):
            self._entries = Forgotten(len(self._entries))
            self._events = Forgotten(len(self._events))
        else:
            self._entries = list(self._entries)
            self._events = list(self._events)
        self._mark_list = list(self._mark_list)
        self._pending = list(self._pending)
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
        return GameLog(self)

    def digest(self) -> str:
        """A short hash of the full state: equal states, equal digests."""
        text = checkpoints.CANONICAL(self.snapshot())
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def checkpoint(self) -> str:
        """The digest a log's checkpoint line records (log format 2): a chain.

        It hashes the previous checkpoint's digest, the state without its
        ``"history"``, and the history items added since the previous
        checkpoint.  The chain covers the whole game (each history item was
        hashed once, when it was new), and costs what changed, not the whole
        history: :meth:`digest` at every race end made replay quadratic in the
        number of races."""
        return checkpoints.next_checkpoint(self)[0]

    @property
    def _marks(self) -> list[tuple[int, str]]:
        """The checkpoints so far: (actions before it, digest), in order."""
        if self._pending:
            checkpoints.settle(self)
        return self._mark_list

    @property
    def _chain(self) -> tuple[str, int]:
        """The last checkpoint's digest and the ``"history"`` items seen."""
        if self._pending:
            checkpoints.settle(self)
        return self._last_mark, self._seen

    @_chain.setter
    def _chain(self, chain: tuple[str, int]) -> None:
        if self._pending:
            checkpoints.settle(self)
        self._last_mark, self._seen = chain

    def _forget_history(self) -> None:
        """Keep no history from now on (its length alone): for a replay that
        only verifies, whose memory then does not grow with the log."""
        self._entries = Forgotten(len(self._entries))  # type: ignore[assignment]
        self._events = Forgotten(len(self._events))  # type: ignore[assignment]

    @property
    def _keeps_history(self) -> bool:
        return not isinstance(self._entries, Forgotten)

    def _take_mark(self, now: bool) -> str | None:
        """Record a checkpoint (:func:`racebook.core.checkpoints.take`)."""
        return checkpoints.take(self, now)

    # -- for games ---------------------------------------------------------
    def _do(self, action: Action) -> list[Event]:
        if self._writer is not None:
            return self._do_written(action)
        events = self._apply(action)
        self._version += 1
        if self._log_shared:
            self._own_log()
        self._entries.append(action)
        self._events.append(events)
        if self._want_mark:
            self._want_mark = False
            self._take_mark(False)
        return events

    def _do_written(self, action: Action) -> list[Event]:
        """:meth:`_do` with a log writer following the state."""
        writer = self._writer
        writer.record(action)  # written first: a failed write changes nothing
        events = self._apply(action)
        self._version += 1
        if self._log_shared:
            self._own_log()
        self._entries.append(action)
        self._events.append(events)
        mark = None
        if self._want_mark:
            self._want_mark = False
            mark = self._take_mark(True)
        writer.recorded(mark)
        return events

    def _resolve_chance(self, events: list[Event]) -> None:
        if self._rng is None:
            return
        while self._at_chance():
            events.extend(self._do(self._sample_chance(self._own_rng())))

    def _at_chance(self) -> bool:
        """Whether chance acts now (games may answer faster than ``to_act``,
        which is ``()`` once the game is over)."""
        return self.to_act == _CHANCE_ACTS

    def _game_ended(self) -> GameEnded:
        """The closing event, from :attr:`result` (call once the game is over)."""
        result = self.result
        assert result is not None
        return GameEnded(result.scores, result.winners)

    def _mark(self) -> None:
        """Ask for a state digest in the log after the current action."""
        self._want_mark = True

    @abc.abstractmethod
    def _legal(self, seat: int) -> list[A]: ...

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

    def hidden_world(self, seat: int, rng: random.Random) -> list[Action] | None:
        """The actions of a game that ``seat`` cannot tell from this one, with
        what it may not see drawn anew from ``rng`` (chance outcomes and the
        other seats' hidden choices changed to fit): played from a new state
        they make a state of its own world, whose log holds no trace of this
        game's hidden data.  ``None`` where the game has none (games give
        theirs; :meth:`hidden_variant` changes a clone's hidden data only)."""
        return None

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
        if self.to_act != (CHANCE,):
            raise named(self.game, refuse("not-a-chance-node", "this is not a chance node")).error()
        if self.game.spaces is not None:
            node: ChanceNode = self.game.spaces.chance_node(self)
            return node
        listed = self.chance_outcomes()
        if listed is None:
            raise NoSpaces(self.game.id, "chance model here")
        return Enumerated(listed)

    def observation_tensor(self, seat: int | None) -> list[float]:
        """What ``seat`` may see as a flat list of numbers, laid out as
        :attr:`Game.observation_layout` says; built from :meth:`view` alone."""
        return self._observe(seat).values

    def _observe(self, seat: int | None) -> Observation:
        """The observation of ``seat`` (games encode their view)."""
        if self.game.spaces is None:
            raise NoSpaces(self.game.id, "observation tensor")
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


_CHANCE_ACTS = (CHANCE,)

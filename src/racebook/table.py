"""A table for servers: one game, a lock, the log on disk, per-seat event streams.

A bare :class:`~racebook.core.game.State` is not thread-safe: drive it from one
thread at a time.  (A :class:`~racebook.core.game.Game` may be shared by many
states in many threads: its caches only ever gain complete, immutable values.)
A :class:`Table` adds what a server needs around one state:

* a lock, so that concurrent arrivals (Ready Set Bet's real-time bets) are
  served first come, first served, each answered accepted or refused;
* the append-only log (:class:`~racebook.core.logfile.LogWriter`), written as
  play goes to a file or a database (:mod:`racebook.sinks`), from which
  :meth:`Table.resume` continues after a crash;
* per-seat event streams: everything that happened, as each seat may see it,
  from any position on (for long polling or a websocket).

>>> import racebook
>>> table = Table(racebook.load("readysetbet", players=3).new_state(seed=4))
>>> table.submit(1, table.game.parse_action({"kind": "bet", "seat": 1, "token": 5,
...                                            "spot": "win:7:0"})).accepted
True
>>> refused = table.submit(2, racebook.games.readysetbet.Bet(2, 5, "win:7:0"))
>>> refused.accepted, refused.code, "taken" in (refused.reason or "")
(False, 'spot-taken', True)
"""

from __future__ import annotations

import os
import threading
from typing import Any, Generic, TypeVar, overload

import attrs

from racebook.core.errors import (
    BadPosition,
    IllegalAction,
    UnknownSeat,
    named,
    refuse,
    short,
)
from racebook.core.game import CHANCE, Action, Event, Game, State
from racebook.core.logfile import LogWriter, as_sink, check_free
from racebook.core.replay import resume
from racebook.core.sinks import LogSink

S = TypeVar("S", bound=State[Any, Any, Any], covariant=True)
S2 = TypeVar("S2", bound=State[Any, Any, Any])
C = TypeVar("C")
V = TypeVar("V")
A = TypeVar("A", bound=Action)


@attrs.frozen
class Verdict:
    """The answer to one submitted action: ``accepted``, or the ``reason`` it
    was refused (the rule it breaks) and the ``error`` saying so, typed
    (its stable :attr:`code`, its ``rule``); ``events`` are what it caused,
    as the submitting seat may see them."""

    accepted: bool
    reason: str | None = None
    events: tuple[Event, ...] = ()
    error: IllegalAction | None = None

    @property
    def code(self) -> str | None:
        """The refusal's code (the docs' refusal codes page), ``None`` if accepted."""
        return None if self.error is None else self.error.code

    @classmethod
    def refused(cls, error: IllegalAction, reason: str | None = None) -> Verdict:
        """The verdict of a refusal (``reason``: ``str(error)`` unless given)."""
        return cls(False, str(error) if reason is None else reason, (), error)


class Table(Generic[S]):
    """One game served to several seats (see the module's text).

    ``log``: a path to write the log to as play goes (``fsync`` forces each
    line to disk), or a :class:`~racebook.core.sinks.LogSink` (a database's,
    :mod:`racebook.sinks`, durable as it says); ``None`` keeps it in memory
    only (``state.log``).

    Typed by its state: ``Table(racebook.load("readysetbet").new_state())`` is a
    ``Table[ReadySetBetState]``, whose :meth:`view` is a ``ReadySetBetView``,
    :meth:`legal_actions` a list of ``ReadySetBetAction`` and :meth:`state` a
    ``ReadySetBetState`` (``mypy --strict`` sees them)."""

    def __init__(
        self,
        state: S,
        *,
        log: str | os.PathLike[str] | LogSink | None = None,
        fsync: bool = False,
    ) -> None:
        self._state = state
        self._lock = threading.RLock()
        self._writer = LogWriter(state, log, fsync=fsync) if log is not None else None

    @overload
    @classmethod
    def resume(
        cls,
        log: str | os.PathLike[str] | LogSink,
        game: None = None,
        *,
        seed: int | None = None,
        fsync: bool = False,
    ) -> Table[State[Any, Any, Any]]: ...
    @overload
    @classmethod
    def resume(
        cls,
        log: str | os.PathLike[str] | LogSink,
        game: type[Game[Any, S2]],
        *,
        seed: int | None = None,
        fsync: bool = False,
    ) -> Table[S2]: ...
    @classmethod
    def resume(
        cls: type[Table[Any]],
        log: str | os.PathLike[str] | LogSink,
        game: type[Game[Any, Any]] | None = None,
        *,
        seed: int | None = None,
        fsync: bool = False,
    ) -> Table[Any]:
        """The table whose log is at ``log`` (a path or a
        :class:`~racebook.core.sinks.LogSink`), continued (after a crash too:
        see :func:`~racebook.core.replay.resume`); it goes on writing there.
        The log is claimed before it is read, so a live writer's log is
        refused (:class:`~racebook.core.errors.LogInUse`) before anything
        is replayed.  ``game``: the game class the log must be of (a
        :class:`~racebook.core.errors.LogError` if it is another), which types
        the table: ``Table.resume(path, ReadySetBet)`` is a
        ``Table[ReadySetBetState]``."""
        sink = as_sink(log, fsync=fsync)
        check_free(sink)  # a live table's own sink object: its claim is not ours to drop
        sink.claim()
        try:
            return cls(resume(sink.read(), seed, game=game).state, log=sink)
        except BaseException:
            sink.release()
            raise

    @property
    def game(self: Table[State[C, Any, Any]]) -> Game[C, S]:
        """The game being played (shared, immutable)."""
        game: Game[C, S] = self._state.game
        return game

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now."""
        with self._lock:
            return self._state.to_act

    @property
    def is_over(self) -> bool:
        with self._lock:
            return self._state.is_over

    def submit(self, seat: int, action: Action) -> Verdict:
        """Apply ``action`` for ``seat`` (the seat the connection is
        authenticated as) if it is legal now; one action at a time, in the
        order they arrive."""
        game = self._state.game
        if not isinstance(action, Action):
            text = f"not an action: {short(action)}"
            return Verdict.refused(named(game, refuse("not-an-action", text)).error(action), text)
        if type(seat) is not int or not 0 <= seat < game.seats:
            text = str(UnknownSeat(seat, game.seats))
            return Verdict.refused(named(game, refuse("unknown-seat", text)).error(action), text)
        if action.seat != seat or seat == CHANCE:
            text = f"seat {seat} may not act for seat {action.seat}"
            return Verdict.refused(named(game, refuse("wrong-seat", text)).error(action), text)
        with self._lock:
            try:
                events = self._state.apply(action)
            except IllegalAction as exc:
                # without its traceback: its frames hold the table's state, which a
                # kept verdict would keep alive (and with it the log writer's lock)
                return Verdict.refused(exc.with_traceback(None))
            return Verdict(True, None, tuple(e for e in events if e.visible_to(seat)))

    def view(self: Table[State[Any, V, Any]], seat: int | None) -> V:
        """What ``seat`` may see now (``None``: a spectator)."""
        with self._lock:
            return self._state.view(seat)

    def legal_actions(self: Table[State[Any, Any, A]], seat: int) -> list[A]:
        """Every legal action of ``seat`` now."""
        with self._lock:
            return self._state.legal_actions(seat)

    def events(self, seat: int | None, since: int = 0) -> tuple[list[Event], int]:
        """Every event ``seat`` may see from position ``since`` on, and the
        position to ask from next time.  Positions count every event of the
        game (so all seats share them); a seat gets only its own share.
        ``since`` is an int from 0 on (past the end: nothing yet); anything
        else raises :class:`~racebook.core.errors.BadPosition`."""
        self._state._check_seat(seat)
        if type(since) is not int or since < 0:
            raise BadPosition(since)
        with self._lock:
            groups = self._state._events
            flat = [e for group in groups for e in group]
        return [e for e in flat[since:] if e.visible_to(seat)], len(flat)

    def log_text(self) -> str:
        """The whole log so far (full information: keep it on the server)."""
        with self._lock:
            return self._state.log.dumps()

    def state(self) -> S:
        """A copy of the state, to read at leisure without holding the table."""
        with self._lock:
            return self._state.clone()

    def close(self) -> None:
        """Stop writing the log (it stays resumable, without a closing line, as
        after a crash)."""
        with self._lock:
            if self._writer is not None:
                self._writer.close()

    def save(self) -> None:
        """Stop writing the log, with its closing line: a game saved on purpose
        (:meth:`~racebook.core.logfile.LogWriter.save`), which replay, the
        replay page and the charts read, and :meth:`resume` continues."""
        with self._lock:
            if self._writer is not None:
                self._writer.save()

"""Where a log is stored as play goes: the :class:`LogSink` protocol, which a
:class:`~racebook.core.logfile.LogWriter` (and so a
:class:`~racebook.table.Table`) writes through, and the :class:`Store` of many
logs a server lists its tables from.

The shipped sinks: a file (:class:`~racebook.core.logfile.FileSink`, what a
path means), SQLite (:class:`~racebook.sinks.sqlite.SQLiteSink`, standard
library) and PostgreSQL (:class:`~racebook.sinks.postgres.PostgresSink`, the
``postgres`` extra); :func:`racebook.sinks.open_store` opens a store from a
URL.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from racebook.core.errors import LogError, clip

MAX_KEY = 200
"""The longest key of a log in a store, in characters."""


@runtime_checkable
class LogSink(Protocol):
    """Where one game's log is stored: a file, a row set in a database.

    A :class:`~racebook.core.logfile.LogWriter` calls :meth:`claim`, then
    :meth:`replace` with the log so far, then :meth:`append` as each action
    (and checkpoint) is applied, :meth:`finish` with the closing line when the
    game ends or is saved, and :meth:`release` when it is closed.  Lines are
    given without their line end.

    **Durability: what is acknowledged when** :meth:`append` (or
    :meth:`replace`, :meth:`finish`) **returns** is stored, and a writer killed
    at any instant after loses none of it:

    * a file: written and flushed to the operating system (it survives the
      process's death); with ``fsync=True`` also forced to disk (it survives
      a power loss);
    * SQLite: a committed transaction, in WAL mode with
      ``synchronous=FULL`` by default (it survives a power loss;
      ``synchronous="NORMAL"`` survives the process's death only, faster);
    * PostgreSQL: a committed transaction (on disk as the server's
      ``synchronous_commit`` says: by default, yes).

    A failed write raises (``OSError``, the database's error) and stores
    nothing of that call: the state refuses the action and stays as it was.

    **One writer a log.**  :meth:`claim` takes the log exclusively, or raises
    :class:`~racebook.core.errors.LogInUse` if another writer (in this
    process or another) holds it; the claim ends with :meth:`release`, or
    with the writer's process or connection.  :attr:`locked` is false where
    the claim cannot be enforced (a file system without locks).

    :meth:`read` gives the stored text back for
    :func:`~racebook.core.replay.resume`: complete lines, in order, each
    ending with ``\\n``; a line that is not complete JSON, or a gap in the
    line numbers, raises :class:`~racebook.core.errors.LogError` naming the
    line (a file's half-written last line is left for ``resume`` to drop, as
    a crash leaves it).
    """

    @property
    def name(self) -> str:
        """What the log is called in messages (a path, a database and key)."""
        ...

    @property
    def locked(self) -> bool:
        """Whether a :meth:`claim` held now is enforced against other writers."""
        ...

    def claim(self) -> None:
        """Take the log for this writer (nothing if it holds it already), or
        raise :class:`~racebook.core.errors.LogInUse`."""
        ...

    def replace(self, lines: Sequence[str]) -> None:
        """Store ``lines`` (the log so far, no closing line) in place of what
        was stored, whole or not at all."""
        ...

    def append(self, lines: Sequence[str]) -> None:
        """Add ``lines`` after the stored ones (see the durability above)."""
        ...

    def finish(self, line: str) -> None:
        """Add the closing line: the log is complete (a store lists it as
        finished)."""
        ...

    def read(self) -> str:
        """The stored log's text (claimed or not)."""
        ...

    def release(self) -> None:
        """Give up the claim and any connection (nothing if none is held)."""
        ...


class Store(Protocol):
    """Many logs, each under a key (a table's name): what a server lists
    its tables from and opens each table's sink from."""

    def sink(self, key: str) -> LogSink:
        """The sink of the log under ``key`` (stored or not yet)."""
        ...

    def keys(self, finished: bool | None = None) -> list[str]:
        """The keys of the stored logs, in order; ``finished``: only those
        with (``True``) or without (``False``) their closing line."""
        ...


def check_key(key: object) -> str:
    """``key`` if it names a log in a store: a non-empty string of at most
    :data:`MAX_KEY` characters, no NUL; else a ``ValueError`` saying why.

    >>> check_key("table-7")
    'table-7'
    """
    if type(key) is not str:
        raise ValueError(f"a log's key is a string, not {type(key).__name__}")
    if not key or len(key) > MAX_KEY or "\x00" in key:
        raise ValueError(f"a log's key is 1 to {MAX_KEY} characters, no NUL: {clip(key, 60)!r}")
    return key


def joined_rows(rows: Iterable[tuple[int, str]], count: int) -> str:
    """A stored log's text from its rows ``(number, line)`` in order, which
    must be lines 1 to ``count`` (the stored count), each complete JSON; a
    :class:`~racebook.core.errors.LogError` names the first line that is
    missing, out of place or torn.

    >>> joined_rows([(1, '{"a":1}'), (2, '[0]')], 2)
    '{"a":1}\\n[0]\\n'
    >>> joined_rows([(1, '{"a":1}'), (3, '[0]')], 3)
    Traceback (most recent call last):
    ...
    racebook.core.errors.LogError: log line 2: missing (a gap in the stored line numbers)
    """
    lines: list[str] = []
    for number, line in rows:
        expected = len(lines) + 1
        if number != expected:
            if number > expected:
                raise LogError(expected, "missing (a gap in the stored line numbers)")
            raise LogError(number, "stored twice or out of order")
        if number > count:
            raise LogError(number, f"past the stored count of {count} lines")
        if type(line) is not str or "\n" in line:
            raise LogError(number, "torn: not one line of text")
        try:
            json.loads(line)
        except (ValueError, RecursionError):
            raise LogError(number, "torn: not complete JSON") from None
        lines.append(line)
    if len(lines) < count:
        raise LogError(len(lines) + 1, f"missing: {count} lines stored, {len(lines)} found")
    return "".join(line + "\n" for line in lines)

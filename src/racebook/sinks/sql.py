"""What the SQLite and PostgreSQL sinks share: two tables, one row a line.

``racebook_logs`` has a row a log: its ``key``, whether it is ``finished``
(it has its closing line) and its count of ``lines``; ``racebook_lines`` a row
a line: ``key``, ``n`` (from 1) and the ``line``'s text.  Each write is one
transaction: :meth:`~racebook.core.sinks.LogSink.replace` deletes the stored lines and inserts the
new ones, :meth:`~racebook.core.sinks.LogSink.append` inserts after the count and raises it, so a
writer killed at any instant leaves the log as of its last commit.
"""

from __future__ import annotations

import abc
import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from racebook.core.errors import LogError, LogInUse
from racebook.core.sinks import check_key, joined_rows

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS racebook_logs (key TEXT PRIMARY KEY,"
    " finished INTEGER NOT NULL DEFAULT 0, lines INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS racebook_lines (key TEXT NOT NULL, n INTEGER NOT NULL,"
    " line TEXT NOT NULL, PRIMARY KEY (key, n))",
)


class SQLSink(abc.ABC):
    """A log in a database (:mod:`racebook.sinks.sqlite`,
    :mod:`racebook.sinks.postgres`): the :class:`~racebook.core.sinks.LogSink`
    protocol over a connection of the writer's own, held from :meth:`claim`
    to :meth:`release`."""

    _begin = "BEGIN"
    """How a write transaction starts."""
    _begin_read = "BEGIN"
    """How a reading transaction starts (one snapshot of the count and lines)."""

    def __init__(self, key: str) -> None:
        self.key = check_key(key)
        self._conn: Any = None  # the claimed connection
        self._count = 0  # lines stored (known while claimed)

    @property
    @abc.abstractmethod
    def name(self) -> str:
        """The log's name in messages (its database and key)."""

    @property
    def locked(self) -> bool:
        return self._conn is not None

    # -- what a database does its own way ------------------------------------
    @abc.abstractmethod
    def _connect(self) -> Any:
        """A new connection, in autocommit mode, the tables made."""

    @abc.abstractmethod
    def _take(self, conn: Any) -> bool:
        """Take this key's writer lock on ``conn``: whether it was free."""

    def _drop(self) -> None:  # noqa: B027  (a database whose lock ends with its connection)
        """Give the writer lock up (its connection is closed next)."""

    def _sql(self, text: str) -> str:
        """``text``, written with ``?`` placeholders, in the driver's style."""
        return text

    def _rows(self, conn: Any, sql: str, params: Sequence[Any]) -> list[Any]:
        return list(conn.execute(self._sql(sql), params).fetchall())

    def _run(self, conn: Any, sql: str, params: Sequence[Any]) -> None:
        conn.execute(self._sql(sql), params)

    def _many(self, conn: Any, sql: str, rows: list[tuple[Any, ...]]) -> None:
        conn.executemany(self._sql(sql), rows)

    # -- the protocol ---------------------------------------------------------
    def claim(self) -> None:
        if self._conn is not None:
            return
        conn = self._connect()
        try:
            if not self._take(conn):
                raise LogInUse(self.name)
            found = self._rows(conn, "SELECT lines FROM racebook_logs WHERE key = ?", (self.key,))
        except BaseException:
            try:
                self._drop()
            finally:
                conn.close()
            raise
        self._conn = conn
        self._count = found[0][0] if found else 0

    def _claimed(self) -> Any:
        if self._conn is None:
            raise ValueError(f"log {self.name}: written before it is claimed")
        return self._conn

    @contextlib.contextmanager
    def _transaction(self, conn: Any, begin: str | None = None) -> Iterator[None]:
        conn.execute(begin or self._begin)
        try:
            yield
        except BaseException:
            with contextlib.suppress(Exception):
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _insert(self, conn: Any, lines: Sequence[str], first: int) -> None:
        rows = [(self.key, first + i, line) for i, line in enumerate(lines)]
        self._many(conn, "INSERT INTO racebook_lines (key, n, line) VALUES (?, ?, ?)", rows)

    def _mark(self, conn: Any, count: int, finished: bool) -> None:
        self._run(
            conn,
            "INSERT INTO racebook_logs (key, finished, lines) VALUES (?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET finished = excluded.finished,"
            " lines = excluded.lines",
            (self.key, int(finished), count),
        )

    def replace(self, lines: Sequence[str]) -> None:
        self.claim()
        conn = self._conn
        with self._transaction(conn):
            self._run(conn, "DELETE FROM racebook_lines WHERE key = ?", (self.key,))
            self._insert(conn, lines, 1)
            self._mark(conn, len(lines), False)
        self._count = len(lines)

    def _add(self, lines: Sequence[str], finished: bool) -> None:
        conn = self._claimed()
        count = self._count + len(lines)
        with self._transaction(conn):
            self._insert(conn, lines, self._count + 1)
            self._mark(conn, count, finished)
        self._count = count  # once committed

    def append(self, lines: Sequence[str]) -> None:
        self._add(lines, False)

    def finish(self, line: str) -> None:
        self._add([line], True)

    def read(self) -> str:
        conn = self._conn if self._conn is not None else self._connect()
        try:
            with self._transaction(conn, self._begin_read):  # one snapshot: the count and its lines
                found = self._rows(
                    conn, "SELECT lines FROM racebook_logs WHERE key = ?", (self.key,)
                )
                rows = self._rows(
                    conn, "SELECT n, line FROM racebook_lines WHERE key = ? ORDER BY n", (self.key,)
                )
        finally:
            if conn is not self._conn:
                conn.close()
        if not found:
            raise LogError(1, f"no log stored under {self.name}")
        return joined_rows(((int(n), line) for n, line in rows), int(found[0][0]))

    def release(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                self._drop()
            finally:
                conn.close()


def keys_query(finished: bool | None) -> tuple[str, tuple[int, ...]]:
    """The query of a store's keys (all, or finished or not) and its parameters."""
    if finished is None:
        return "SELECT key FROM racebook_logs ORDER BY key", ()
    if type(finished) is not bool:
        raise ValueError(f"finished is True, False or None, not {finished!r}")
    return "SELECT key FROM racebook_logs WHERE finished = ? ORDER BY key", (int(finished),)

"""Logs in SQLite (the standard library's ``sqlite3``): the embedded
default for a server, many tables in one database file.

A row a line (:mod:`racebook.sinks.sql`), each write one committed transaction
in WAL mode, with ``synchronous=FULL`` by default: what ``append`` has
acknowledged survives a killed process and a power loss (``"NORMAL"``: a
killed process only, and faster).

**One writer a log**: a writer holds an exclusive ``flock`` on a small lock
file of its own key, in the folder ``<database>-locks`` beside the database,
from
:meth:`~racebook.core.sinks.LogSink.claim` to
:meth:`~racebook.core.sinks.LogSink.release`; a second
writer of the same key, in this process or another, gets
:class:`~racebook.core.errors.LogInUse`.  The kernel drops the lock when the
writer's process dies (``kill -9`` too), so a crashed server never leaves a
log locked.  As SQLite itself, for one machine: not for a network file system.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
from typing import IO, Literal

from racebook.core.sinks import LogSink
from racebook.sinks.sql import SCHEMA, SQLSink, keys_query

try:
    import fcntl
except ImportError:  # Windows: no flock; writers there take no lock
    fcntl = None  # type: ignore[assignment]

Synchronous = Literal["FULL", "NORMAL"]
"""SQLite's ``synchronous`` setting for a store's writes: ``"FULL"`` (each
commit survives a power loss) or ``"NORMAL"`` (a killed process only)."""


def _connect(path: str, synchronous: Synchronous) -> sqlite3.Connection:
    if synchronous not in ("FULL", "NORMAL"):
        raise ValueError(f"synchronous is 'FULL' or 'NORMAL', not {synchronous!r}")
    # a new database is its owner's only, as a new log file is (a full log holds
    # every secret); SQLite gives its WAL the database file's permissions
    # only while it is missing: closing a descriptor of an open database drops
    # every POSIX lock SQLite holds on it in this process (SQLite's "How To
    # Corrupt An SQLite Database File", 2.2), and another process's connection
    # then resets the WAL under this one's ("disk I/O error")
    if not os.path.exists(path):
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    try:
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise ValueError(f"SQLite database {path!r}: no WAL mode (journal mode {mode})")
        conn.execute(f"PRAGMA synchronous={synchronous}")
        for statement in SCHEMA:
            conn.execute(statement)
    except BaseException:
        conn.close()
        raise
    return conn


def _check_path(path: str | os.PathLike[str]) -> str:
    path = os.fspath(path)
    if not path or path == ":memory:" or path.startswith("file:"):
        raise ValueError(f"an SQLite log store is a database file's path, not {path!r}")
    return path


class SQLiteSink(SQLSink):
    """The log under ``key`` in the SQLite database at ``path`` (made if
    missing): see the module's text for its durability and its one writer.

    >>> import os, tempfile, racebook
    >>> path = os.path.join(tempfile.mkdtemp(), "tables.db")
    >>> table = racebook.Table(racebook.load("longshot").new_state(seed=2),
    ...                        log=SQLiteSink(path, "table-1"))
    >>> seat = table.to_act[0]
    >>> table.submit(seat, table.legal_actions(seat)[0]).accepted
    True
    >>> table.close()
    >>> again = racebook.Table.resume(SQLiteSink(path, "table-1"), seed=3)
    >>> len(again.state().log) == len(table.state().log)
    True
    >>> again.close()
    """

    def __init__(
        self, path: str | os.PathLike[str], key: str, *, synchronous: Synchronous = "FULL"
    ) -> None:
        super().__init__(key)
        self.path = _check_path(path)
        self.synchronous = synchronous
        self._begin = "BEGIN IMMEDIATE"  # the database's write lock from the start
        self._lock: IO[bytes] | None = None
        self._flocked = False

    @property
    def name(self) -> str:
        return f"{self.path}#{self.key}"

    @property
    def locked(self) -> bool:
        return self._conn is not None and self._flocked

    def _connect(self) -> sqlite3.Connection:
        return _connect(self.path, self.synchronous)

    def lock_path(self) -> str:
        """The lock file of this key (its name a hash of the key)."""
        digest = hashlib.sha256(self.key.encode("utf-8", "surrogatepass")).hexdigest()
        return os.path.join(self.path + "-locks", digest[:32] + ".lock")

    def _take(self, conn: object) -> bool:
        path = self.lock_path()
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        f = open(os.open(path, os.O_RDWR | os.O_CREAT, 0o600), "r+b")  # noqa: SIM115
        self._flocked = False
        if fcntl is not None:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                f.close()
                return False
            except OSError:  # a file system without locks: unenforced
                pass
            else:
                self._flocked = True
        self._lock = f
        return True

    def _drop(self) -> None:
        lock, self._lock = self._lock, None
        if lock is not None:
            with contextlib.suppress(OSError):
                lock.close()
        self._flocked = False


class SQLiteStore:
    """The logs in the SQLite database at ``path``, each under its key (a
    table's name): :meth:`sink` opens one, :meth:`keys` lists them.

    >>> import os, tempfile
    >>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "tables.db"))
    >>> store.keys()
    []
    """

    def __init__(self, path: str | os.PathLike[str], *, synchronous: Synchronous = "FULL"):
        self.path = _check_path(path)
        self.synchronous = synchronous
        _connect(self.path, synchronous).close()  # made now: a bad path fails here

    def sink(self, key: str) -> LogSink:
        """The sink of the log under ``key`` (a :class:`SQLiteSink`)."""
        return SQLiteSink(self.path, key, synchronous=self.synchronous)

    def keys(self, finished: bool | None = None) -> list[str]:
        """The stored logs' keys, in order; ``finished``: only those with
        (``True``) or without (``False``) their closing line."""
        sql, params = keys_query(finished)
        conn = _connect(self.path, self.synchronous)
        try:
            return [row[0] for row in conn.execute(sql, params).fetchall()]
        finally:
            conn.close()

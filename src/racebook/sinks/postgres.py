"""Logs in PostgreSQL, through psycopg 3 (the ``postgres`` extra:
``pip install 'racebook[postgres]'``), imported only here.

A row a line (:mod:`racebook.sinks.sql`), each write one committed
transaction: what :meth:`~racebook.core.sinks.LogSink.append` has
acknowledged is stored as the server's
``synchronous_commit`` says (by default: on disk).

**One writer a log**: a writer holds a session advisory lock
(``pg_try_advisory_lock``) on its key, on a connection of its own, from
:meth:`~racebook.core.sinks.LogSink.claim` to
:meth:`~racebook.core.sinks.LogSink.release`; a second writer
of the same key, from any process or machine, gets
:class:`~racebook.core.errors.LogInUse`.  The server drops the lock when the
connection ends, a killed writer's too.  A lost connection is not opened
again behind the writer's back (its lock is gone): the next write raises and
the table is resumed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from racebook.core.sinks import LogSink
from racebook.sinks.sql import SCHEMA, SQLSink, keys_query

_SCHEMA_LOCK = 0x7261636562  # "raceb": two processes making the tables at once wait in turn


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise ImportError(
            "racebook's PostgreSQL log store needs psycopg 3: pip install 'racebook[postgres]'"
        ) from None
    return psycopg


def _connect(dsn: str) -> Any:
    conn = _psycopg().connect(dsn, autocommit=True)
    try:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for statement in SCHEMA:
                conn.execute(statement)
    except BaseException:
        conn.close()
        raise
    return conn


def lock_id(key: str) -> int:
    """The advisory lock number of ``key``: 64 bits of its SHA-256.

    >>> lock_id("table-7") == lock_id("table-7") != lock_id("table-8")
    True
    """
    digest = hashlib.sha256(b"racebook-log\x00" + key.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class PostgresSink(SQLSink):
    """The log under ``key`` in the PostgreSQL database ``dsn`` (a
    ``postgresql://`` URL or a libpq connection string; the tables are made
    if missing): see the module's text for its durability and its one
    writer.  Claimed, it holds one connection."""

    _begin_read = "BEGIN ISOLATION LEVEL REPEATABLE READ"

    def __init__(self, dsn: str, key: str) -> None:
        super().__init__(key)
        self.dsn = dsn
        _psycopg()  # a clear message now if psycopg is missing

    @property
    def name(self) -> str:
        return f"PostgreSQL log {self.key!r}"

    def _connect(self) -> Any:
        return _connect(self.dsn)

    def _take(self, conn: Any) -> bool:
        row = conn.execute("SELECT pg_try_advisory_lock(%s)", (lock_id(self.key),)).fetchone()
        return bool(row[0])

    def _sql(self, text: str) -> str:
        return text.replace("?", "%s")

    def _many(self, conn: Any, sql: str, rows: list[tuple[Any, ...]]) -> None:
        with conn.cursor() as cursor:
            cursor.executemany(self._sql(sql), rows)


class PostgresStore:
    """The logs in the PostgreSQL database ``dsn``, each under its key (a
    table's name): :meth:`sink` opens one, :meth:`keys` lists them."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        _connect(dsn).close()  # the tables made now: a bad address fails here

    def sink(self, key: str) -> LogSink:
        """The sink of the log under ``key`` (a :class:`PostgresSink`)."""
        return PostgresSink(self.dsn, key)

    def keys(self, finished: bool | None = None) -> list[str]:
        """The stored logs' keys, in order; ``finished``: only those with
        (``True``) or without (``False``) their closing line."""
        sql, params = keys_query(finished)
        conn = _connect(self.dsn)
        try:
            rows: Sequence[Any] = conn.execute(sql.replace("?", "%s"), params).fetchall()
            return [row[0] for row in rows]
        finally:
            conn.close()


__all__ = ["PostgresSink", "PostgresStore", "lock_id"]

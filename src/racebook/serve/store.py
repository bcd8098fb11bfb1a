"""Where ``racebook serve`` keeps its tables: every game's log and each
table's metadata (its seats' token hashes, its bots, its players' names).

:func:`open_tables` takes the ``--db`` URL.  ``sqlite:///PATH`` (the default)
keeps the metadata in an SQLite database at ``PATH`` (its own small table,
``racebook_serve_tables``) and each game's log beside it, a file per table in
``PATH.logs/``, written line by line as play goes by the table's
:class:`~racebook.core.logfile.LogWriter` (so a server killed with ``kill -9``
loses no accepted action).  This is the file-per-table form of the store
API (``racebook.open_store(url)``, ``store.sink(key)``, ``store.keys()``):
the server uses only :class:`TableStore`'s few methods, so that the logs can
move into the database itself without touching the server.  A
``postgresql://`` URL needs that store API and is refused until it is there.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any

from racebook.core.errors import ConfigError, clip
from racebook.core.game import State
from racebook.core.logfile import read_log_file
from racebook.table import Table

KEY = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A table's key: what its links carry (``/t/KEY``)."""


class TableStore:
    """The tables of one ``--db`` URL: their logs and their metadata (a JSON
    object a table)."""

    def __init__(self, url: str) -> None:
        self.url = url
        path = sqlite_path(url)
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.logs = Path(f"{path}.logs")
        self.logs.mkdir(exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS racebook_serve_tables"
            " (key TEXT PRIMARY KEY, created REAL NOT NULL, meta TEXT NOT NULL)"
        )

    def _log_path(self, key: str) -> Path:
        if not KEY.fullmatch(key):
            raise ConfigError("table", f"not a table key: {clip(key, 40)!r}")
        return self.logs / f"{key}.jsonl"

    def keys(self) -> list[str]:
        """Every stored table's key, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT key FROM racebook_serve_tables ORDER BY created, key"
            ).fetchall()
        return [str(r[0]) for r in rows]

    def create(self, key: str, state: State[Any, Any, Any], meta: dict[str, Any]) -> Table[Any]:
        """A new table for ``state`` under ``key``, its log written as play
        goes, its metadata stored first (a table is never without it)."""
        path = self._log_path(key)
        self.put_meta(key, meta)
        return Table(state, log=path)

    def open(self, key: str) -> Table[Any]:
        """The stored table ``key``, continued where its log ends."""
        return Table.resume(self._log_path(key))

    def put_meta(self, key: str, meta: dict[str, Any]) -> None:
        import time

        text = json.dumps(meta, separators=(",", ":"), sort_keys=True)
        with self._lock:
            self._db.execute(
                "INSERT INTO racebook_serve_tables (key, created, meta) VALUES (?, ?, ?)"
                " ON CONFLICT(key) DO UPDATE SET meta = excluded.meta",
                (key, time.time(), text),
            )

    def meta(self, key: str) -> dict[str, Any]:
        with self._lock:
            row = self._db.execute(
                "SELECT meta FROM racebook_serve_tables WHERE key = ?", (key,)
            ).fetchone()
        if row is None:
            raise ConfigError("table", f"no stored table {clip(key, 40)!r}")
        data = json.loads(str(row[0]))
        if not isinstance(data, dict):
            raise ConfigError("table", f"table {key}: its metadata is not an object")
        return data

    def log_text(self, key: str) -> str:
        """The table's whole log (full information: the server's own)."""
        return read_log_file(self._log_path(key))

    def close(self) -> None:
        with self._lock:
            self._db.close()


def sqlite_path(url: str) -> Path:
    """The file of a ``sqlite:///PATH`` URL (``sqlite:////abs/path`` for an
    absolute one, as SQLAlchemy writes them); other schemes are a
    :class:`~racebook.core.errors.ConfigError`.

    >>> str(sqlite_path("sqlite:///data/tables.sqlite3"))
    'data/tables.sqlite3'
    >>> str(sqlite_path("sqlite:////tmp/t.sqlite3"))
    '/tmp/t.sqlite3'
    """
    scheme, sep, rest = url.partition("://")
    if scheme in ("postgresql", "postgres"):
        raise ConfigError(
            "db",
            "PostgreSQL needs racebook's store API (racebook.open_store), "
            "not in this version: use sqlite:///PATH",
        )
    if scheme != "sqlite" or not sep or not rest.startswith("/") or rest == "/":
        raise ConfigError("db", f"expected sqlite:///PATH, got {clip(url, 80)!r}")
    return Path(os.path.expanduser(rest[1:]))

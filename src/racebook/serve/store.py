"""Where ``racebook serve`` keeps its tables: every game's log and each
table's metadata (its seats' token hashes, its bots, its players' names), in
one database.

:class:`TableStore` opens the ``--db`` URL with racebook's store API
(:func:`racebook.sinks.open_store`: ``sqlite:///PATH``, the default, or
``postgresql://...`` with the ``postgres`` extra).  A table's log is the
sink under its key, written line by line as play goes by the table's
:class:`~racebook.core.logfile.LogWriter` (so a server killed with ``kill
-9`` loses no accepted action); its metadata is a one-line record in the same
store under ``KEY.meta``, replaced whole when it changes.
"""

from __future__ import annotations

import json
import re
from typing import Any

from racebook.core.errors import ConfigError, clip
from racebook.core.game import State
from racebook.table import Table

KEY = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A table's key: what its links carry (``/t/KEY``)."""
META = ".meta"
"""The suffix of a table's metadata record's key."""


class TableStore:
    """The tables of one ``--db`` URL: their logs and their metadata (a JSON
    object a table)."""

    def __init__(self, url: str, *, fsync: bool = False) -> None:
        from racebook.sinks import SQLiteStore, Store, open_store

        self.url = url
        try:
            if url.startswith("sqlite:///"):  # each commit kept through a kill -9 (WAL);
                # through a power loss too with fsync (FULL: a disk flush an action)
                sync: Any = "FULL" if fsync else "NORMAL"
                self._store: Store = SQLiteStore(url.removeprefix("sqlite:///"), synchronous=sync)
            else:
                self._store = open_store(url)
        except ImportError as exc:
            raise ConfigError("db", f"{clip(url, 80)}: {exc}") from None
        except (ValueError, OSError) as exc:
            raise ConfigError("db", clip(str(exc))) from None

    def _check(self, key: str) -> str:
        if not KEY.fullmatch(key):
            raise ConfigError("table", f"not a table key: {clip(key, 40)!r}")
        return key

    def keys(self) -> list[str]:
        """Every stored table's key (those with their metadata)."""
        found = self._store.keys()
        metas = {k[: -len(META)] for k in found if k.endswith(META)}
        return [k for k in found if k in metas and KEY.fullmatch(k)]

    def create(self, key: str, state: State[Any, Any, Any], meta: dict[str, Any]) -> Table[Any]:
        """A new table for ``state`` under ``key``, its log written as play
        goes, its metadata stored first (a table is never without it)."""
        sink = self._store.sink(self._check(key))
        self.put_meta(key, meta)
        return Table(state, log=sink)

    def open(self, key: str, finished: bool = False) -> Table[Any]:
        """The stored table ``key``, continued where its log ends; a
        ``finished`` one replayed only (no writer: it holds no connection)."""
        if finished:
            from racebook.core.replay import replay

            return Table(replay(self.log_text(key)))
        return Table.resume(self._store.sink(self._check(key)))

    def put_meta(self, key: str, meta: dict[str, Any]) -> None:
        sink = self._store.sink(self._check(key) + META)
        try:
            sink.replace([json.dumps(meta, separators=(",", ":"), sort_keys=True)])
        finally:
            sink.release()

    def meta(self, key: str) -> dict[str, Any]:
        text = self._store.sink(self._check(key) + META).read()
        data = json.loads(text.splitlines()[0]) if text.strip() else None
        if not isinstance(data, dict):
            raise ConfigError("table", f"table {key}: its metadata is not an object")
        return data

    def log_text(self, key: str) -> str:
        """The table's whole log (full information: the server's own)."""
        return self._store.sink(self._check(key)).read()

    def close(self) -> None:
        """Nothing held between calls (each sink has its own connection)."""

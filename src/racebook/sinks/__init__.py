"""Where a table's log is stored: a file, SQLite or PostgreSQL, one log a
key in a store (:doc:`/apps`, "Storing logs").

* :class:`~racebook.core.sinks.LogSink`: the protocol a
  :class:`~racebook.core.logfile.LogWriter` (and a :class:`~racebook.table.Table`)
  writes through; :class:`~racebook.core.logfile.FileSink` a file,
  :class:`~racebook.sinks.sqlite.SQLiteSink` a key in an SQLite database,
  :class:`~racebook.sinks.postgres.PostgresSink` a key in PostgreSQL;
* :class:`~racebook.core.sinks.Store`: many logs, by key
  (:class:`~racebook.sinks.sqlite.SQLiteStore`,
  :class:`~racebook.sinks.postgres.PostgresStore`), opened from a URL by
  :func:`open_store`.
"""

from __future__ import annotations

from racebook.core.logfile import FileSink
from racebook.core.sinks import LogSink, Store
from racebook.sinks.postgres import PostgresSink, PostgresStore
from racebook.sinks.sqlite import SQLiteSink, SQLiteStore


def open_store(url: str) -> Store:
    """The store at ``url``: ``sqlite:///relative/path.db`` or
    ``sqlite:////absolute/path.db`` (the path after ``sqlite:///``, made if
    missing), or ``postgresql://user@host/dbname`` (``postgres://`` too:
    handed to psycopg as it is; the ``postgres`` extra).  A ``ValueError``
    for any other.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> store = open_store("sqlite:///" + os.path.join(folder, "tables.db"))
    >>> type(store).__name__, store.keys()
    ('SQLiteStore', [])
    """
    if type(url) is not str:
        raise ValueError(f"a store's URL is a string, not {type(url).__name__}")
    if url.startswith("sqlite:///"):
        return SQLiteStore(url.removeprefix("sqlite:///"))
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    scheme = url.split(":", 1)[0] if ":" in url else url
    raise ValueError(f"a store's URL starts sqlite:/// or postgresql://, not {scheme[:40]!r}")


__all__ = [
    "FileSink",
    "LogSink",
    "PostgresSink",
    "PostgresStore",
    "SQLiteSink",
    "SQLiteStore",
    "Store",
    "open_store",
]

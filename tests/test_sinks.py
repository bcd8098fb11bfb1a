"""Logs in a database: SQLite in every run, PostgreSQL against a real
throwaway server (tests/pg_cluster.py; skipped, saying why, where the
server or psycopg cannot be had).  Each test body runs over both stores."""

from __future__ import annotations

import doctest
import os
import signal
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import racebook
from racebook import LogError, LogInUse, Table
from racebook.core.sinks import LogSink, Store, joined_rows
from racebook.sinks import PostgresStore, SQLiteStore, open_store
from tests.pg_cluster import cluster

SRC = str(Path(__file__).parent.parent / "src")

# A server in another process: claims the log under argv[2] of the store at
# argv[1], says "ready", then on "go" plays to the end, saying after each
# acknowledged action how many actions the log holds.
SERVER = """
import sys, racebook
store = racebook.open_store(sys.argv[1])
table = racebook.Table(racebook.load("longshot").new_state(seed=5), log=store.sink(sys.argv[2]))
print("ready", flush=True)
if sys.stdin.readline().strip() != "go":
    sys.exit(1)
while not table.is_over:
    seat = table.to_act[0]
    assert table.submit(seat, table.legal_actions(seat)[0]).accepted
    print(len(table.state().log), flush=True)
"""


@dataclass
class Backend:
    """A fresh store and what the tests need besides: its URL (for another
    process) and raw SQL on its database (to tear a row)."""

    url: str
    store: Store

    def sql(self, statement: str, params: tuple[Any, ...] = ()) -> None:
        if isinstance(self.store, SQLiteStore):
            with sqlite3.connect(self.store.path, isolation_level=None) as conn:
                conn.execute(statement, params)
            return
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(statement.replace("?", "%s"), params)


@pytest.fixture(scope="module")
def postgres_server() -> Iterator[str]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install 'racebook[postgres]')")
    try:
        with cluster() as url:
            yield url
    except RuntimeError as exc:
        pytest.skip(f"no PostgreSQL server: {exc}")


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "sqlite":
        url = "sqlite:///" + str(tmp_path / "tables.db")
        return Backend(url, open_store(url))
    import psycopg

    admin: str = request.getfixturevalue("postgres_server")
    name = "t" + uuid.uuid4().hex[:12]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    url = admin.replace("/postgres?", f"/{name}?")
    return Backend(url, open_store(url))


def _play(table: Table[Any], actions: int | None = None) -> None:
    done = 0
    while not table.is_over and (actions is None or done < actions):
        seat = table.to_act[0]
        assert table.submit(seat, table.legal_actions(seat)[0]).accepted
        done += 1


def _stored(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def test_a_game_round_trips_and_the_store_lists_it_finished(backend: Backend) -> None:
    table = Table(racebook.load("longshot").new_state(seed=3), log=backend.store.sink("t1"))
    _play(table)
    assert table.is_over
    text = backend.store.sink("t1").read()
    assert text == table.log_text()  # the closing line included, byte for byte
    assert racebook.replay(text).digest() == table.state().digest()
    other = Table(racebook.load("trickrace").new_state(seed=1), log=backend.store.sink("t0"))
    _play(other, 5)
    other.close()
    assert backend.store.keys() == ["t0", "t1"]
    assert backend.store.keys(finished=True) == ["t1"]
    assert backend.store.keys(finished=False) == ["t0"]


def test_a_closed_table_resumes_from_its_stored_lines_and_replays_the_same(
    backend: Backend,
) -> None:
    state = racebook.load("readysetbet", players=3).new_state(seed=4)
    table = Table(state, log=backend.store.sink("rsb"))
    _play(table, 30)
    table.close()
    before = table.state()
    stored = backend.store.sink("rsb").read()
    assert stored == _stored(before.log.lines_since(0))  # no closing line: a game in progress
    assert racebook.resume(backend.store.sink("rsb")).state.digest() == before.digest()
    again = Table.resume(backend.store.sink("rsb"), seed=2)
    assert again.state().digest() == before.digest()
    assert again.state().log.dumps() == before.log.dumps()  # the replay is byte-identical
    _play(again)
    final = backend.store.sink("rsb").read()
    assert final.startswith(stored) and final == again.log_text()
    assert racebook.replay(final).is_over


def test_a_second_writer_in_this_process_is_refused_until_the_first_closes(
    backend: Backend,
) -> None:
    first = Table(racebook.load("longshot").new_state(seed=1), log=backend.store.sink("t"))
    _play(first, 4)
    before = backend.store.sink("t").read()
    with pytest.raises(LogInUse):
        Table.resume(backend.store.sink("t"))
    with pytest.raises(LogInUse):
        Table(racebook.load("longshot").new_state(seed=2), log=backend.store.sink("t"))
    sink = first._writer.sink if first._writer is not None else None
    assert sink is not None
    with pytest.raises(LogInUse):  # the very sink object the first table writes to
        Table.resume(sink)
    with pytest.raises(LogInUse):
        Table(racebook.load("longshot").new_state(seed=2), log=sink)
    assert backend.store.sink("t").read() == before
    _play(first, 2)  # the first writer goes on, its claim intact
    first.close()
    again = Table.resume(backend.store.sink("t"))
    assert len(again.state().log) == len(first.state().log)
    again.close()


def test_a_writer_in_another_process_keeps_its_log_and_loses_nothing(backend: Backend) -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, backend.url, "g"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    assert server.stdout is not None and server.stdin is not None
    try:
        assert server.stdout.readline().strip() == "ready"
        with pytest.raises(LogInUse):
            Table.resume(backend.store.sink("g"))
        server.stdin.write("go\n")
        server.stdin.flush()
        counts = [int(line) for line in server.stdout]
        assert server.wait(timeout=300) == 0
    finally:
        server.kill()
        server.wait()
    state = racebook.replay(backend.store.sink("g").read())
    assert state.is_over and len(state.log) == counts[-1]


def test_a_killed_writer_loses_nothing_it_acknowledged(backend: Backend) -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, backend.url, "k"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    assert server.stdout is not None and server.stdin is not None
    try:
        assert server.stdout.readline().strip() == "ready"
        server.stdin.write("go\n")
        server.stdin.flush()
        acknowledged = 0
        while acknowledged < 40:
            acknowledged = int(server.stdout.readline())
        os.kill(server.pid, signal.SIGKILL)  # mid-game, as a crash
        server.wait(timeout=60)
    finally:
        server.kill()
        server.wait()
    # the same game, played here without a log, is what the server acknowledged
    reference = Table(racebook.load("longshot").new_state(seed=5))
    _play(reference)
    resumed = Table.resume(backend.store.sink("k"), seed=1)  # the dead writer's claim is gone
    actions = resumed.state().log.actions
    assert len(actions) >= acknowledged
    assert actions == reference.state().log.actions[: len(actions)]
    _play(resumed)
    assert racebook.replay(backend.store.sink("k").read()).is_over


@pytest.mark.parametrize(
    ("damage", "line", "words"),
    [
        ("UPDATE racebook_lines SET line = substr(line, 1, 5) WHERE n = 4", 4, "torn"),
        ("UPDATE racebook_lines SET line = line || '\n[0' WHERE n = 3", 3, "torn"),
        ("DELETE FROM racebook_lines WHERE n = 6", 6, "missing"),
        ("DELETE FROM racebook_lines WHERE n = 9", 9, "missing"),  # the last line
        ("UPDATE racebook_logs SET lines = 8", 9, "past the stored count"),
    ],
)
def test_a_torn_or_missing_row_is_refused_naming_its_line(
    backend: Backend, damage: str, line: int, words: str
) -> None:
    table = Table(racebook.load("longshot").new_state(seed=2), log=backend.store.sink("t"))
    while len(table.state().log.lines_since(0)) < 9:
        _play(table, 1)
    table.close()
    backend.sql("DELETE FROM racebook_lines WHERE n > 9")  # nine lines: a log cut short
    backend.sql("UPDATE racebook_logs SET lines = 9")
    racebook.resume(backend.store.sink("t"))  # whole, the nine lines resume
    backend.sql(damage)
    with pytest.raises(LogError) as info:
        backend.store.sink("t").read()
    assert info.value.line == line and words in info.value.reason
    with pytest.raises(LogError):
        Table.resume(backend.store.sink("t"))
    Table(racebook.load("longshot").new_state(seed=2), log=backend.store.sink("t")).close()


def test_a_failed_write_stores_nothing_and_leaves_the_state(backend: Backend) -> None:
    sink = backend.store.sink("f")
    table = Table(racebook.load("longshot").new_state(seed=2), log=sink)
    _play(table, 3)
    before, stored = table.state().digest(), sink.read()
    sink._conn.close()  # type: ignore[attr-defined]  # the connection lost under the writer
    seat = table.to_act[0]
    with pytest.raises(Exception):  # noqa: B017  (the database's own error)
        table.submit(seat, table.legal_actions(seat)[0])
    assert table.state().digest() == before
    assert backend.store.sink("f").read() == stored
    table.close()


def test_an_unknown_key_and_a_bad_key_are_refused(backend: Backend) -> None:
    with pytest.raises(LogError, match="no log stored"):
        backend.store.sink("nothing").read()
    for key in ("", "x" * 201, "a\x00b", 7):
        with pytest.raises(ValueError, match="key"):
            backend.store.sink(key)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="finished"):
        backend.store.keys(finished=1)  # type: ignore[arg-type]


def test_sinks_are_log_sinks_and_urls_name_their_store(tmp_path: Path) -> None:
    store = open_store("sqlite:///" + str(tmp_path / "x.db"))
    table = Table(racebook.load("longshot").new_state(seed=1), log=store.sink("a"))
    for name in ("x.db", "x.db-wal"):  # a full log holds every secret: its owner's only
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o600, name
    table.close()
    assert isinstance(store, SQLiteStore) and isinstance(store.sink("a"), LogSink)
    assert isinstance(racebook.FileSink(tmp_path / "a.jsonl"), LogSink)
    for url in ("mysql://x", "sqlite://x.db", "/tmp/x.db", "sqlite:///:memory:"):
        with pytest.raises(ValueError):
            open_store(url)
    with pytest.raises(TypeError, match="a path or a LogSink"):
        Table(racebook.load("longshot").new_state(seed=1), log=3)  # type: ignore[arg-type]
    assert PostgresStore.__name__ == "PostgresStore"


def test_lines_since_are_the_new_lines_without_the_closing_line() -> None:
    state = racebook.load("trickrace").new_state(seed=6)
    stored: list[str] = []
    while not state.is_over:
        stored += state.log.lines_since(len(stored))  # what an app stores as play goes
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[0])
        assert (
            state.log.dumps()
            == _stored([*stored, *state.log.lines_since(len(stored))])
            + (state.log.dumps().splitlines(keepends=True)[-1])
        )
    whole = state.log.dumps().splitlines()
    assert stored + state.log.lines_since(len(stored)) == whole[:-1]
    assert '"end"' in whole[-1] and all('"end"' not in line for line in stored)
    assert state.log.lines_since(len(whole)) == []
    for bad in (-1, "2", 1.0):
        with pytest.raises(ValueError, match="line count"):
            state.log.lines_since(bad)  # type: ignore[arg-type]


def test_the_sqlite_example_resumes_its_unfinished_tables_to_the_end() -> None:
    """examples/sqlite_table.py (docs/apps.rst, "Storing logs")."""
    path = Path(__file__).parent.parent / "examples" / "sqlite_table.py"
    done = subprocess.run(
        [sys.executable, str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "unfinished: ['table-1', 'table-2']"
    for key, line in zip(["table-1", "table-2"], lines[1:3], strict=True):
        head, over = line.split(" actions, over: ")
        assert head.split(": ")[0] == key and int(head.split(": ")[1]) > 40 and over == "True"
    assert lines[3] == "finished: ['table-1', 'table-2']"


def test_the_storing_logs_section_runs() -> None:
    """docs/apps.rst's doctest-style example ("Storing logs")."""
    result = doctest.testfile(
        str(Path(__file__).parent.parent / "docs" / "apps.rst"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 10 and result.failed == 0


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), n=st.integers(0, 200))
def test_lines_since_any_point_is_the_rest_of_the_log_but_its_closing_line(
    seed: int, steps: int, n: int
) -> None:
    state = racebook.load("longshot", players=4).new_state(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[-1])
    whole = state.log.dumps().splitlines()
    assert state.log.lines_since(n) == whole[n:-1]
    assert (
        state.log.lines_since(0)[: min(n, len(whole) - 1)] + state.log.lines_since(n)
        == (whole[:-1])
    )


@given(
    count=st.integers(1, 12),
    drop=st.integers(0, 11),
    cut=st.integers(0, 11),
    tear=st.booleans(),
)
def test_a_stored_log_with_a_row_gone_or_torn_names_that_line(
    count: int, drop: int, cut: int, tear: bool
) -> None:
    lines = ['{"format":"racebook-log"}', *(f'[{i},"pass"]' for i in range(count - 1))]
    rows = list(enumerate(lines, start=1))
    assert joined_rows(rows, count) == _stored(lines)
    where = (cut if tear else drop) % count
    if tear:
        rows[where] = (where + 1, lines[where][: len(lines[where]) // 2])
    else:
        del rows[where]
    with pytest.raises(LogError) as info:
        joined_rows(rows, count)
    assert info.value.line == where + 1
    assert ("torn" if tear else "missing") in info.value.reason

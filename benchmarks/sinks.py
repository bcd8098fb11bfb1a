"""What writing the log costs a table, per sink: the same Long Shot games
(first legal action, seeds 0 to GAMES-1) played by a :class:`~racebook.Table`
with no log, a file (flushed; with ``fsync``), SQLite (``synchronous`` FULL
and NORMAL) and, given ``--postgres URL``, PostgreSQL; microseconds per
action (the median of three runs).  Figures, not asserts: run it by hand.

    PYTHONPATH=src python benchmarks/sinks.py [--games N] [--postgres URL]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import racebook
from racebook import Table
from racebook.core.sinks import LogSink


def run(games: int, log: Callable[[int], Any]) -> tuple[float, int]:
    """Seconds and actions for ``games`` games, each table's log from ``log(i)``."""
    actions, start = 0, time.perf_counter()
    for i in range(games):
        table = Table(racebook.load("longshot").new_state(seed=i), log=log(i))
        while not table.is_over:
            seat = table.to_act[0]
            table.submit(seat, table.legal_actions(seat)[0])
        actions += len(table.state().log)
        table.close()
    return time.perf_counter() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--postgres", help="a postgresql:// URL to measure too")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    n = iter(range(10**9))

    def fresh(make: Callable[[str], LogSink | Path | None]) -> Callable[[int], Any]:
        return lambda i: make(f"g{next(n)}")

    full = racebook.SQLiteStore(folder / "full.db")
    normal = racebook.SQLiteStore(folder / "normal.db", synchronous="NORMAL")
    cases: dict[str, Callable[[int], Any]] = {
        "no log": fresh(lambda k: None),
        "file": fresh(lambda k: folder / f"{k}.jsonl"),
        "file, fsync": fresh(lambda k: racebook.FileSink(folder / f"{k}.jsonl", fsync=True)),
        "SQLite FULL": fresh(full.sink),
        "SQLite NORMAL": fresh(normal.sink),
    }
    if args.postgres:
        cases["PostgreSQL"] = fresh(racebook.open_store(args.postgres).sink)
    for name, log in cases.items():
        times = []
        for _ in range(3):
            seconds, actions = run(args.games, log)
            times.append(seconds / actions * 1e6)
        print(f"{name:15} {statistics.median(times):8.0f} µs per action ({actions} actions)")


if __name__ == "__main__":
    main()

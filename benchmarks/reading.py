"""Reading logs at scale (racebook.analysis): ``n`` logs of three titles,
written by ``simulate(..., logs=True)`` to a folder, then read back (every
log replayed and verified) into records, on one worker process and on two.

Run by benchmarks/run.py (``make bench``: its "Reading logs" rows), or alone:

    PYTHONPATH=src python benchmarks/reading.py 1000
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import racebook
from racebook.analysis import game_meta, log_sources, read_logs, records

TITLES = ("longshot", "trickrace", "readysetbet")


def write_logs(folder: Path, n: int) -> None:
    """``n`` logs, a third of each title, random bots."""
    for t, name in enumerate(TITLES):
        count = n // len(TITLES) + (t < n % len(TITLES))

        def write(record: Any, name: str = name) -> None:
            path = folder / f"{name}-{record.index:06d}.jsonl"
            path.write_text(record.log, encoding="utf-8")

        racebook.simulate(racebook.load(name), games=count, seed=1, on_game=write, logs=True)


def report_reading(n: int, goal: Callable[[str, str, bool | None], None] | None = None) -> None:
    """The rows; with ``goal`` (run.py's), issue #38's: building the records
    costs at most 0.3x the replay (records at least the replay's logs a
    second / 1.3, one process)."""
    folder = Path(tempfile.mkdtemp(prefix="racebook-logs-"))
    try:
        write_logs(folder, n)
        t = time.perf_counter()
        logs = log_sources(folder)
        load = time.perf_counter() - t
        print(f"Reading logs: {n:,} logs of {', '.join(TITLES)} ({load:.1f} s to load the files)")
        for fn in (game_meta, records):  # warm: the games of the headers, the lines read
            read_logs(logs[:: max(1, n // 30)], fn)
        rates: list[float] = []
        cpu: list[float] = []
        for label, fn, workers in (
            ("replay and verify, one row a game", game_meta, 1),
            ("records (every action and event)", records, 1),
            ("records, 2 workers", records, 2),
        ):
            t, c = time.perf_counter(), time.process_time()
            out = read_logs(logs, fn, workers=workers)
            seconds = time.perf_counter() - t
            cpu.append(time.process_time() - c)  # one process: its CPU time, load apart
            rows = sum(len(x) for x in out) if fn is records else len(out)
            print(f"  {label:<36}{n / seconds:>9,.0f} logs/s  ({rows / seconds:>10,.0f} rows/s)")
            rates.append(n / seconds)
        # the records' time beyond the replay's, in replays (by wall clock, the
        # rows; and by the one process's CPU time, which other jobs leave alone)
        cost, cost_cpu = rates[0] / rates[1] - 1, cpu[1] / cpu[0] - 1
        print(f"  records cost {cost:.2f}x the replay ({cost_cpu:.2f}x CPU; goal: at most 0.3x)")
        if goal is not None:
            goal(
                "Reading logs: records beyond replay, <= 0.3x the replay",
                f"{cost:.2f}x ({rates[1]:,.0f} vs {rates[0]:,.0f} logs/s; CPU {cost_cpu:.2f}x)",
                cost <= 0.3,
            )
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    report_reading(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)

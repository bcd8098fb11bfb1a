"""Bounded by the log (issue 35, items 6 and 9): the replay page of a long
Ready Set Bet log, and the memory of a replay with and without its history
and of records read from a log's text.

The log: track 30, the host rolling one roll at a time, random bettors
(``races`` races; 100 make a 431 KB log of 30,768 actions, a new position,
so new odds, at every roll).  Figures, not asserts.

Run by benchmarks/run.py (``make bench``: its "Bounded by the log" rows), or
alone:

    PYTHONPATH=src python benchmarks/bounded.py [RACES]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from racebook.analysis import records, text_records
from racebook.core.replay import replay
from racebook.watch.html import page_data, replay_html

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.longlogs import one_roll_at_a_time, peak


def report_bounded(races: int = 100) -> None:
    text = one_roll_at_a_time(races, track=30)
    actions = len(replay(text).log)
    print(f"Bounded by the log: Ready Set Bet, {races} races at track 30, one roll at a time")
    print(f"  log                               {len(text):>12,} bytes, {actions:,} actions")
    t = time.perf_counter()
    page = replay_html(text)
    seconds = time.perf_counter() - t
    note = page_data(page)["live_note"] or "odds at every position"
    print(f"  replay page                       {len(page):>12,} bytes in {seconds:.1f} s")
    print(f"    ({note})")
    for label, fn in (
        ("replay, its history kept", lambda: replay(text)),
        ("replay, history=False", lambda: replay(text, history=False)),
        ("records(replay(text))", lambda: records(replay(text))),
        ("text_records, the finishes kept", lambda: text_records(text, keep=_finish)),
    ):
        print(f"  peak memory: {label:<33}{peak(fn) / 1e6:>8.2f} MB")


def _finish(record: Any) -> bool:
    return bool(record.kind == "finish")


if __name__ == "__main__":
    report_bounded(int(sys.argv[1]) if len(sys.argv) > 1 else 100)

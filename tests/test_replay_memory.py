"""Issue 35, item 9: a replay that keeps no history takes the memory of one
state, whatever the log's length, and the records of a log's text take the
memory of the records kept.  Measured with tracemalloc on logs made by bots
(the host rolling one roll at a time: long logs of a few races), as the
ratio of the peaks for 4x the actions and for 1x, not as a time."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from racebook.analysis import records, text_records
from racebook.core.errors import HistoryNotKept
from racebook.core.replay import replay
from tests.longlogs import one_roll_at_a_time, peak


@cache
def logs() -> tuple[str, str]:
    """Two logs of one game, the second with 4x the races (and actions)."""
    return one_roll_at_a_time(4, track=30), one_roll_at_a_time(16, track=30)


def test_the_logs_are_long_and_4x_apart() -> None:
    one, four = logs()
    assert 3.5 < len(replay(four).log) / len(replay(one).log) < 4.5
    assert len(replay(one).log) > 1000


def test_replay_without_history_takes_no_more_memory_for_a_longer_log() -> None:
    one, four = logs()
    kept_one, kept_four = peak(lambda: replay(one)), peak(lambda: replay(four))
    assert kept_four > 2.5 * kept_one  # with its history a replay grows: the test measures it
    small, large = (peak(lambda t=t: replay(t, history=False)) for t in (one, four))  # type: ignore[misc]
    assert large < 1.5 * small, (small, large)
    assert large < kept_four / 4


def test_the_records_of_a_logs_text_take_what_is_kept() -> None:
    one, four = logs()

    def ended(text: str) -> Callable[[], Any]:
        return lambda: text_records(text, keep=lambda r: r.kind == "game-ended")

    small, large = peak(ended(one)), peak(ended(four))
    assert large < 1.5 * small, (small, large)
    assert [r.kind for r in text_records(four, keep=lambda r: r.kind == "game-ended")] == [
        "game-ended"
    ]


def test_a_replay_without_history_is_the_same_game_and_refuses_its_history() -> None:
    one, _ = logs()
    full, bare = replay(one), replay(one, history=False)
    assert bare.digest() == full.digest() and len(bare.log) == len(full.log)
    assert bare.result == full.result
    for read in (lambda: bare.log.actions, lambda: bare.log.events(), bare.log.dumps):
        with pytest.raises(HistoryNotKept, match="without its history"):
            read()
    # a clone plays on, still without history
    other = bare.clone()
    assert len(other.log) == len(full.log)
    assert text_records(one, "x") == records(full, "x")

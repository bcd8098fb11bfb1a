"""Records read fast (issue #38): each value unstructured by its class's
own function, and records made by setting their slots; they must be the
records made plainly, each with its own ``fields``."""

from __future__ import annotations

import bisect
import random
from typing import Any

import pytest

import racebook
from racebook.analysis import Record, records, text_records
from racebook.core.serial import to_data


def plain(state: Any, log_id: str) -> list[Record]:
    """The records, made by ``Record(...)`` from ``to_data`` of every value."""
    marks = [n for n, _ in state._marks]
    out = []
    for step, (action, events) in enumerate(zip(state._entries, state._events, strict=True), 1):
        race = 1 + bisect.bisect_left(marks, step)
        data = to_data(action)
        seat = data.pop("seat")
        out.append(Record(state.game.id, log_id, race, step, seat, "action", action.kind, data))
        for event in events:
            fields = to_data(event)
            seen = fields.pop("seat", None)
            who = seen if type(seen) is int else None
            out.append(Record(state.game.id, log_id, race, step, who, "event", event.kind, fields))
    return out


@pytest.mark.parametrize("game_id", ["longshot", "trickrace", "readysetbet", "mafia", "forcehorse"])
def test_records_are_the_plain_records(game_id: str) -> None:
    game = racebook.load(game_id)
    for seed in range(3):
        state = game.new_state(seed=seed)
        state.play_random(random.Random(seed))
        text = state.log.dumps()
        want = plain(state, "x")
        assert len(want) > 100
        for got in (records(state, "x"), records(racebook.replay(text), "x")):
            assert got == want
            assert [type(r) for r in got] == [Record] * len(want)
            assert [r.seat for r in got] == [r.seat for r in want]  # None and 0 apart
        assert text_records(text, "x") == want
        kept = text_records(text, "x", keep=lambda r: r.type == "action")
        assert kept == [r for r in want if r.type == "action"]


def test_each_record_has_its_own_fields() -> None:
    state = racebook.load("longshot").new_state(seed=4)
    state.play_random(random.Random(4))
    first = records(state)
    again = records(state)
    assert first == again
    for row in first:
        row.fields["changed"] = True
    assert all(r.fields["changed"] is True for r in first)  # made once, then kept
    assert records(state) == again
    assert all("changed" not in r.fields for r in again)
    assert len({id(r.fields) for r in first}) == len(first)


def test_fields_are_made_when_first_read() -> None:
    # a record's fields are made from its value when first read; fields
    # given to Record(...) are kept as given, whatever their type
    from types import MappingProxyType

    state = racebook.load("longshot").new_state(seed=5)
    state.play_random(random.Random(5))
    rows = records(state)
    slot = Record._fields_slot  # type: ignore[attr-defined]
    assert all(slot.__get__(r, Record) is not r.fields for r in rows[:5])
    assert all(slot.__get__(r, Record) is r.fields for r in rows[:5])
    given = MappingProxyType({"a": 1})
    row = Record("longshot", "", 1, 1, None, "event", "x", given)  # type: ignore[arg-type]
    assert row.fields is given

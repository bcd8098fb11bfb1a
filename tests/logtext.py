"""Logs of this library's format rewritten as an older format wrote them, for
tests that compare with the committed logs of formats 1 to 4
(tests/data/logs-vN) or make an old log by hand."""

from __future__ import annotations

import json
from typing import Any

from racebook.core.game import State


def with_format_4_digests(text: str, state: State[Any, Any, Any]) -> str:
    """``text``, ``state``'s log, with each checkpoint and closing line's
    digest as formats 2 to 4 wrote it: the state's own (format 5's covers the
    lines' text too)."""
    marks = iter(state._marks)
    out = []
    for line in text.split("\n"):
        if line.startswith('{"digest":'):
            obj = json.loads(line)
            line = _dumps({"digest": next(marks)[1], "after": obj["after"]})
        elif line.startswith('{"end":'):
            line = _dumps({"end": json.loads(line)["end"], "digest": state.digest()})
        out.append(line)
    return "\n".join(out)


def _dumps(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _as_format_5(text: str, state: State[Any, Any, Any]) -> str:
    """A log of format 6 as format 5 wrote it: its header without the config
    digest, and its digests over those lines."""
    from racebook.core.log import LineHash

    lines = text.rstrip("\n").split("\n")
    header = json.loads(lines[0])
    header["version"] = 5
    header.pop("config_digest", None)
    lines[0] = _dumps(header)
    marks = iter(state._marks)
    hashed = LineHash()
    out = []
    for line in lines:
        if line.startswith('{"digest":'):
            obj = json.loads(line)
            line = _dumps({"digest": hashed.seal(next(marks)[1]), "after": obj["after"]})
        elif line.startswith('{"end":'):
            line = _dumps({"end": json.loads(line)["end"], "digest": hashed.seal(state.digest())})
        else:
            hashed.add(line)
        out.append(line)
    return "\n".join(out) + "\n"


def as_format(state: State[Any, Any, Any], version: int) -> str:
    """``state``'s log as format ``version`` (1 to 6) wrote it: format 1 and 2
    write each action as an object, 1 to 3 every setting in the header, 1
    the full state's digest at each checkpoint, 2 to 4 the chain, 5 and 6 a
    digest that covers the lines too, 6 the config's digest in the header
    (this library's own)."""
    from racebook.core.log import action_row
    from racebook.core.serial import to_data

    current = state.log.dumps()
    if version == 6:
        return current
    if version == 5:
        return _as_format_5(current, state)
    text = with_format_4_digests(current, state)
    lines = text.rstrip("\n").split("\n")
    header = json.loads(lines[0])
    header["version"] = version
    header.pop("config_digest", None)
    if version <= 3:
        header.pop("defaults", None)
        header["config"] = to_data(state.game.config)
    out = [_dumps(header)]
    full = _full_digests(state) if version == 1 else {}
    actions = iter(state.log.actions)
    for line in lines[1:]:
        if line.startswith("["):
            action = next(actions)
            line = _dumps(action_row(action) if version >= 3 else action.to_data())
        elif line.startswith('{"digest":') and version == 1:
            after = json.loads(line)["after"]
            line = _dumps({"digest": full[after], "after": after})
        out.append(line)
    return "\n".join(out) + "\n"


def _full_digests(state: State[Any, Any, Any]) -> dict[int, str]:
    """The full state's digest after each action that made a checkpoint."""
    marks = {n for n, _ in state._marks}
    again = state.game.new_state(explicit_chance=True)
    found = {}
    for n, action in enumerate(state.log.actions, start=1):
        again.apply(action)
        if n in marks:
            found[n] = again.digest()
    return found


def single_field_edits(text: str) -> list[tuple[int, str]]:
    """Every edit of one field of one action line of the log ``text`` that
    looks legal: ``(line index, new line)``.  A field takes the value the same
    field has in another line of the same kind (a card in another box, another
    die), or its int one more or one less; a list swaps two different items
    next to each other.  Each edit changes the line's text."""
    lines = text.rstrip("\n").split("\n")
    rows: list[tuple[int, Any]] = []
    for k, line in enumerate(lines[1:], start=1):
        if line.startswith("[") or line.startswith('{"kind"'):
            rows.append((k, json.loads(line)))
    seen: dict[tuple[str, Any], list[Any]] = {}
    for _, row in rows:
        for key, value in _fields(row):
            values = seen.setdefault((_kind(row), key), [])
            if value not in values and len(values) < 8:
                values.append(value)
    edits = []
    for k, row in rows:
        for key, value in _fields(row):
            options = [v for v in seen[(_kind(row), key)] if v != value]
            if type(value) is int:
                options += [value + 1, value - 1]
            if isinstance(value, list):
                for i in range(len(value) - 1):
                    if value[i] != value[i + 1]:
                        swapped = list(value)
                        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
                        options.append(swapped)
                        break
            for option in options:
                edited = _with(row, key, option)
                new = _dumps(edited)
                if new != lines[k]:
                    edits.append((k, new))
    return edits


def _kind(row: Any) -> str:
    return str(row[1] if isinstance(row, list) else row["kind"])


def _fields(row: Any) -> list[tuple[Any, Any]]:
    if isinstance(row, list):
        return [(i, v) for i, v in enumerate(row) if i != 1]
    return [(k, v) for k, v in row.items() if k != "kind"]


def _with(row: Any, key: Any, value: Any) -> Any:
    edited = list(row) if isinstance(row, list) else dict(row)
    edited[key] = value
    return edited


def replace_line(text: str, k: int, line: str) -> str:
    lines = text.split("\n")
    lines[k] = line
    return "\n".join(lines)

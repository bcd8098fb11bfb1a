"""Logs of this library's format rewritten as an older format wrote them, for
tests that compare with the committed logs of formats 1 to 4
(tests/data/logs-vN) or make an old log by hand."""

from __future__ import annotations

import json
from typing import Any

from racebook.core.game import State


def with_format_4_digests(text: str, state: State[Any]) -> str:
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

"""``racebook variants NAME``: a preset's settings, one short line each."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import attrs

from racebook.core.serial import to_data

WIDTH = 100
"""No line that ``racebook variants NAME`` prints is longer than this."""


def preset_lines(config: Any) -> list[str]:
    """One ``name = value`` line per setting of a config, each at most
    :data:`WIDTH` - 4 characters: a value too long for its line is summarised
    (``board = <9 rows>``, ``vip_cards = <32 VIP cards>``).

    >>> import racebook
    >>> lines = preset_lines(racebook.load("readysetbet").config)
    >>> [x for x in lines if x.split()[0] in ("track", "board", "vip_cards")]
    ['track = 15', 'board = <9 rows>', 'vip_cards = <32 VIP cards>']
    """

    lines = []
    for f in attrs.fields(type(config)):
        value = getattr(config, f.name)
        room = WIDTH - 4 - len(f.name) - 3
        text = json.dumps(to_data(value), ensure_ascii=False)
        lines.append(f"{f.name} = {text if len(text) <= room else _summary(value, room)}")
    return lines


_ACRONYMS = {"vip": "VIP"}


def _noun(items: Sequence[Any]) -> str:
    """What a tuple of values holds, in words: ``VIP cards``, ``rows``, ``numbers``."""
    kinds = {type(x) for x in items}
    if len(kinds) != 1:
        return "items"
    kind = kinds.pop()
    if kind in (tuple, list):
        return "rows"
    if kind is bool:
        return "flags"
    if kind in (int, float):
        return "numbers"
    if kind is str:
        return "names"
    words = re.findall(r"[A-Z][a-z0-9]*|[a-z0-9]+", kind.__name__)
    words = [_ACRONYMS.get(w.lower(), w.lower()) for w in words] or ["item"]
    return " ".join(words) + "s"


def _summary(value: Any, room: int) -> str:
    if isinstance(value, dict):
        return f"<{len(value)} entries>"
    if not isinstance(value, tuple | list):
        return f"<{type(value).__name__}>"
    head = f"{len(value)} {_noun(value)}"
    if value and all(type(x) is int for x in value):
        runs: list[list[int]] = []
        for x in value:
            if runs and runs[-1][0] == x:
                runs[-1][1] += 1
            else:
                runs.append([x, 1])
        listed = ", ".join(f"{x} x{n}" if n > 1 else str(x) for x, n in runs)
        detail = f"<{head}: {listed}>"
        return detail if len(detail) <= room else f"<{head}, {min(value)} to {max(value)}>"
    names = [getattr(x, "name", None) for x in value]
    if value and all(isinstance(n, str) for n in names) and len(set(names)) == len(names):
        detail = f"<{head}: {', '.join(str(n) for n in names)}>"
        if len(detail) <= room:
            return detail
    return f"<{head}>"


# --- the parser ---

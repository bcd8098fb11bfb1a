"""Events in words: the commentary of a game, one line an event.

>>> event_words({"event": "placed", "seat": 0, "card": "3:5", "box": 4, "opened": False})
'seat 0 placed: card 3:5, box 4'
>>> event_words({"event": "rolled", "dice": [3, 4], "horse": 7})
'rolled: dice 3 4, horse 7'
"""

from __future__ import annotations

from typing import Any


def _value(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " ".join(_value(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items())
    if value is None:
        return "-"
    return str(value)


def event_words(data: dict[str, Any]) -> str:
    """One event's JSON data (:meth:`~racebook.core.game.Event.to_data`) as a
    line of words: who, what, then its other fields (``False`` and empty
    fields left out)."""
    fields = dict(data)
    kind = str(fields.pop("event", "event")).replace("-", " ")
    who = ""
    if isinstance(fields.get("seat"), int):
        who = f"seat {fields.pop('seat')} "
    rest = [
        f"{k.replace('_', ' ')} {_value(v)}" if v is not True else k.replace("_", " ")
        for k, v in fields.items()
        if v is not False and v != "" and v != []
    ]
    return f"{who}{kind}" + (": " + ", ".join(rest) if rest else "")

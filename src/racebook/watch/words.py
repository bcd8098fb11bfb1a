"""Events in words: the commentary of a game, one line an event.

>>> event_words({"event": "placed", "seat": 0, "card": "3:5", "box": 4, "opened": False})
'seat 0 placed: card 3:5, box 4'
>>> event_words({"event": "rolled", "dice": [3, 4], "horse": 7})
'rolled: dice 3 4, horse 7'

Some events read better in their own words (the trick race's tickets: ``0``
is the win ticket, ``1..4`` a horse's):

>>> words = event_words({"event": "race-result", "race": 1, "places": [3, 4, 2, 1],
...                      "tickets": [[4, 0], [1, 0]]})
>>> for part in words.split("; "):
...     print(part)
race 1 result: horse 1 3rd, horse 2 4th, horse 3 2nd, horse 4 1st
tickets (face up, face down): seat 0 horse 4, win
seat 1 horse 1, win
>>> event_words({"event": "my-ticket", "seat": 0, "ticket": 0})
'seat 0 laid face down: the win ticket'
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


def _ticket(t: Any) -> str:
    """A trick race ticket in words: ``0`` the win ticket, ``1..4`` a horse's."""
    return "win" if t == 0 else f"horse {t}"


def _ordinal(n: Any) -> str:
    if not isinstance(n, int) or n <= 0:
        return "unplaced"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _own_words(kind: str, f: dict[str, Any]) -> str | None:
    """The events that read better in their own words than field by field."""
    seat = f.get("seat")
    if kind == "ticket-up" and "ticket" in f:
        return f"seat {seat} laid face up: {_ticket(f['ticket'])} ticket".replace(
            "win ticket", "the win ticket"
        )
    if kind == "my-ticket" and "ticket" in f:
        t = f["ticket"]
        return f"seat {seat} laid face down: " + (
            "the win ticket" if t == 0 else f"horse {t} ticket"
        )
    if kind == "ticket-down":
        return f"seat {seat} laid a ticket face down"
    if kind == "race-result" and isinstance(f.get("tickets"), list):
        places = ", ".join(
            f"horse {h} {_ordinal(p)}" for h, p in enumerate(f.get("places") or [], start=1)
        )
        tickets = "; ".join(
            f"seat {s} {_ticket(up)}, {_ticket(down)}" for s, (up, down) in enumerate(f["tickets"])
        )
        return f"race {f.get('race')} result: {places}; tickets (face up, face down): {tickets}"
    if kind == "trick" and {"horse", "moved", "position"} <= f.keys():
        return (
            f"seat {seat} won the trick: horse {f['horse']} moves {f['moved']} "
            f"to space {f['position']}"
        )
    if kind == "points" and "points" in f:
        return f"seat {seat} scores {f['points']} points: {f.get('reason', '')}".rstrip(": ")
    return None


def event_words(data: dict[str, Any]) -> str:
    """One event's JSON data (:meth:`~racebook.core.game.Event.to_data`) as a
    line of words: who, what, then its other fields (``False`` and empty
    fields left out); a few events in their own words."""
    own = _own_words(str(data.get("event", "")), data)
    if own is not None:
        return own
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

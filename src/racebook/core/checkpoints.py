"""A state's checkpoints (:meth:`~racebook.core.game.State.checkpoint`): the
chain of digests a log records at the end of each race (:mod:`racebook.core.log`).

Without a log writer following the state, a checkpoint's digest is worked
out when the log is read (``State._marks``): the state's data is kept as it
was, marshalled (a fifth of the cost of hashing it as canonical JSON), so
that a game nobody reads the log of (a simulation, a search's playouts)
never hashes it, and a log read gives the same digests as if worked out at
once.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from racebook.core.state import State

CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode
"""``json.dumps(obj, sort_keys=True, separators=(",", ":"))``, its encoder made once."""


MAX_PENDING = 64
"""Checkpoints kept as data at most (a long game's memory stays bounded: the
next one works them all out)."""


def chained(previous: str, snap: dict[str, Any], new: list[Any]) -> str:
    """A checkpoint's digest: the previous one's, the state without its
    ``"history"`` and the history items added since, as canonical JSON."""
    return hashlib.sha256(CANONICAL([previous, snap, new]).encode()).hexdigest()[:16]


def settle(state: State[Any, Any, Any]) -> None:
    """Work out the digests of ``state``'s checkpoints kept as data, in order
    (into new lists: a clone may share the old ones)."""
    marks = list(state._mark_list)
    previous = state._last_mark
    for at, data in state._pending:
        snap, new = marshal.loads(data)
        previous = chained(previous, snap, new)
        marks.append((at, previous))
    state._mark_list = marks
    state._pending = []
    state._last_mark = previous


def take(state: State[Any, Any, Any], now: bool) -> str | None:
    """Record a checkpoint after ``state``'s last action; its digest if worked
    out ``now`` (a log writer writes it), else ``None`` (kept as data, worked
    out when read, unless the snapshot is not plain data)."""
    at = len(state._entries)
    state._mark_count += 1
    snap = state.snapshot()
    history = snap.pop("history", [])
    new = history[state._seen :]
    state._seen = len(history)
    if not now and len(state._pending) < MAX_PENDING:
        try:
            state._pending.append((at, marshal.dumps((snap, new))))
        except ValueError:  # not plain data (an int subclass...): hash it now
            pass
        else:
            return None
    if state._pending:
        settle(state)
    mark = state._last_mark = chained(state._last_mark, snap, new)
    state._mark_list.append((at, mark))
    return mark


def next_checkpoint(state: State[Any, Any, Any]) -> tuple[str, int]:
    """The digest of a checkpoint taken now, and the history items it covers."""
    previous, seen = state._chain
    snap = state.snapshot()
    history = snap.pop("history", [])
    return chained(previous, snap, history[seen:]), len(history)

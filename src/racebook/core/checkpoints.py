"""A state's checkpoints (:meth:`~racebook.core.game.State.checkpoint`): the
chain of digests a log records at the end of each race (:mod:`racebook.core.log`).

Without a log writer following the state, a checkpoint's digest is worked
out when the log is read (``_marks``): the state's data is kept as it was,
marshalled (a fifth of the cost of hashing it as canonical JSON), so that a
game nobody reads the log of (a simulation, a search's playouts) never
hashes it, and a log read gives the same digests as if worked out at once.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from typing import Any


class Checkpoints:
    """The checkpoint part of :class:`~racebook.core.game.State`."""

    _entries: list[Any]
    _mark_list: list[tuple[int, str]]  # (actions before it, digest), worked out
    _pending: list[tuple[int, bytes]]  # (actions before it, data) not yet hashed
    _last_mark: str  # the last worked-out checkpoint's digest
    _seen: int  # "history" items the checkpoints so far covered
    _mark_count: int  # checkpoints taken

    def snapshot(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def _marks(self) -> list[tuple[int, str]]:
        """The checkpoints so far: (actions before it, digest), in order."""
        if self._pending:
            self._settle()
        return self._mark_list

    @property
    def _chain(self) -> tuple[str, int]:
        """The last checkpoint's digest and the ``"history"`` items seen."""
        if self._pending:
            self._settle()
        return self._last_mark, self._seen

    @_chain.setter
    def _chain(self, chain: tuple[str, int]) -> None:
        if self._pending:
            self._settle()
        self._last_mark, self._seen = chain

    def _settle(self) -> None:
        """Work out the digests of the checkpoints kept as data, in order (new
        lists: a clone may share the old ones)."""
        marks = list(self._mark_list)
        previous = self._last_mark
        for at, data in self._pending:
            snap, new = marshal.loads(data)
            previous = _chained(previous, snap, new)
            marks.append((at, previous))
        self._mark_list = marks
        self._pending = []
        self._last_mark = previous

    def _next_checkpoint(self) -> tuple[str, int]:
        previous, seen = self._chain
        snap = self.snapshot()
        history = snap.pop("history", [])
        return _chained(previous, snap, history[seen:]), len(history)

    def _take_mark(self, now: bool) -> str | None:
        """Record a checkpoint after the last action; its digest if worked
        out ``now`` (a log writer writes it), else ``None`` (kept as data,
        worked out when read, unless the snapshot is not plain data)."""
        at = len(self._entries)
        self._mark_count += 1
        snap = self.snapshot()
        history = snap.pop("history", [])
        new = history[self._seen :]
        self._seen = len(history)
        if not now:
            try:
                self._pending.append((at, marshal.dumps((snap, new))))
            except ValueError:  # not plain data (an int subclass...): hash it now
                pass
            else:
                return None
        if self._pending:
            self._settle()
        mark = self._last_mark = _chained(self._last_mark, snap, new)
        self._mark_list.append((at, mark))
        return mark


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode
"""``json.dumps(obj, sort_keys=True, separators=(",", ":"))``, its encoder made once."""


def _chained(previous: str, snap: dict[str, Any], new: list[Any]) -> str:
    """A checkpoint's digest: the previous one's, the state without its
    ``"history"`` and the history items added since, as canonical JSON."""
    text = _CANONICAL([previous, snap, new])
    return hashlib.sha256(text.encode()).hexdigest()[:16]

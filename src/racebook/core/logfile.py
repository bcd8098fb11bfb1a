"""Log files on disk: reading one with its size checked first
(:func:`read_log_file`) and writing one as a game goes (:class:`LogWriter`).
The format itself is :mod:`racebook.core.log`'s."""

from __future__ import annotations

import contextlib
import os
import tempfile
from typing import Any

from racebook.core.errors import LogError
from racebook.core.game import Action, State
from racebook.core.log import MAX_BYTES, _dump, action_row


def read_log_file(path: str | os.PathLike[str]) -> str:
    """A log file's text.  Its size is checked before a byte is read (a
    :class:`LogError` past :data:`MAX_BYTES`, also for a pipe or a file that
    grows); text that is not UTF-8 raises :class:`UnicodeDecodeError`."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > MAX_BYTES:
            raise LogError(1, f"log of {size:,} bytes; at most {MAX_BYTES:,}")
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise LogError(1, f"log larger than {MAX_BYTES:,} bytes")
    return data.decode("utf-8")


def _fsync_folder(folder: str) -> None:
    """Make a file's new name durable (POSIX: fsync the folder)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class LogWriter:
    """An append-only log file that follows a state: each action's line is
    written and flushed as the action is applied (and, with ``fsync``, forced
    to disk), so a crash at any instant leaves a log that :func:`resume`
    continues from the last complete action.  When the game ends, the closing
    line is written.

    Attaching to a state writes the log so far: a new file gets every line;
    an existing file (the log the state was resumed from) is rewritten to the
    state's log in a temporary file moved over it, so a half-written line or an
    old closing line never stays in the middle.

    >>> import os, tempfile, racebook
    >>> path = os.path.join(tempfile.mkdtemp(), "game.jsonl")
    >>> state = racebook.load("longshot").new_state(seed=2)
    >>> with LogWriter(state, path) as writer:
    ...     seat = state.to_act[0]
    ...     _ = state.apply(state.legal_actions(seat)[0])
    >>> resumed = racebook.resume(open(path, encoding="utf-8").read())
    >>> resumed.state.digest() == state.digest()
    True
    """

    def __init__(
        self, state: State[Any, Any, Any], path: str | os.PathLike[str], *, fsync: bool = False
    ):
        if state._writer is not None:
            raise ValueError("this state already has a log writer")
        self.path = os.fspath(path)
        self.fsync = fsync
        self._state = state
        lines = state.log.dumps().split("\n")[:-2]  # without the closing line
        folder = os.path.dirname(os.path.abspath(self.path))
        try:  # an existing log keeps its permissions; a new one is its owner's only
            mode: int | None = os.stat(self.path).st_mode & 0o7777
        except FileNotFoundError:
            mode = None
        fd, tmp = tempfile.mkstemp(
            dir=folder, prefix=os.path.basename(self.path) + ".", suffix=".tmp"
        )
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write("\n".join(lines) + "\n")
                f.flush()
                if mode is not None:
                    os.chmod(f.fileno(), mode)
                if fsync:
                    os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        if fsync:
            _fsync_folder(folder)
        self._file = open(self.path, "a", encoding="utf-8", newline="\n")  # noqa: SIM115
        state._writer = self
        if state.is_over:
            self._close_log()

    def record(self, action: Action) -> None:
        """Append ``action``'s line; called by the state before it applies it."""
        self._write(_dump(action_row(action)) + "\n")

    def recorded(self, mark: str | None) -> None:
        """Append the checkpoint the action made (if any), and the closing line
        when the game is over; called by the state after the action."""
        if mark is not None:
            self._write(_dump({"digest": mark, "after": len(self._state._entries)}) + "\n")
        if self._state.is_over:
            self._close_log()

    def _write(self, text: str) -> None:
        self._file.write(text)
        self._file.flush()
        if self.fsync:
            os.fsync(self._file.fileno())

    def _close_log(self) -> None:
        state = self._state
        self._write(_dump({"end": len(state._entries), "digest": state.digest()}) + "\n")
        self.close()

    def save(self) -> None:
        """Write the closing line now and stop following the state: a game
        saved on purpose, over or not.  :func:`~racebook.core.replay.replay`,
        the replay page and the charts read the log as it is;
        :func:`~racebook.core.replay.resume` continues it (a new writer drops
        the closing line before it appends)."""
        if self._state._writer is self and not self._file.closed:
            self._close_log()

    def close(self) -> None:
        """Stop following the state and close the file (a game in progress
        stays resumable: its log simply has no closing line yet, as after a
        crash; :meth:`save` writes one)."""
        if self._state._writer is self:
            self._state._writer = None
        if not self._file.closed:
            self._file.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

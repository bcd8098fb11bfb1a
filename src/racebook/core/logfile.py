"""Log files on disk: reading one with its size checked first
(:func:`read_log_file`), a file as a log's sink (:class:`FileSink`) and a
log written as a game goes, to a file or any sink (:class:`LogWriter`).
The format itself is :mod:`racebook.core.log`'s."""

from __future__ import annotations

import codecs
import contextlib
import os
import stat
import tempfile
import weakref
from collections.abc import Sequence
from typing import IO, Any

from racebook.core.errors import LogError, LogInUse
from racebook.core.game import Action, State
from racebook.core.log import MAX_BYTES, _dump, action_row
from racebook.core.sinks import LogSink

try:
    import fcntl
except ImportError:  # Windows: no flock; writers there take no lock
    fcntl = None  # type: ignore[assignment]


def read_log_file(path: str | os.PathLike[str]) -> str:
    """A log file's text.  Its size is checked before a byte is read (a
    :class:`LogError` past :data:`MAX_BYTES`, also for a pipe or a file that
    grows); a FIFO is opened without waiting for a writer (none: an empty
    log, refused as one) and a device, a socket or a folder is refused with
    a :class:`LogError` before a byte is read (``/dev/zero`` never ends);
    text that is not UTF-8 raises :class:`UnicodeDecodeError`, except
    a character cut short at the very end of the file (a crash or a power
    loss in the middle of a line, whatever byte it stopped on): its bytes are
    left out, and the last line, without its newline, is a half-written line
    that :func:`~racebook.core.replay.resume` drops and reports."""
    nonblock = getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, os.O_RDONLY | nonblock | getattr(os, "O_NOCTTY", 0))
    with open(fd, "rb") as f:
        info = os.fstat(fd)
        if stat.S_ISFIFO(info.st_mode) and fcntl is not None:
            # opened without waiting; read as a pipe is (to its writer's end)
            flags = fcntl.fcntl(fd, fcntl.F_GETFL)
            fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~nonblock)
        elif not stat.S_ISREG(info.st_mode):
            raise LogError(1, f"not a log file but {_kind(info.st_mode)}")
        size = info.st_size
        if size > MAX_BYTES:
            raise LogError(1, f"log of {size:,} bytes; at most {MAX_BYTES:,}")
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise LogError(1, f"log larger than {MAX_BYTES:,} bytes")
    return decode_log(data)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "no regular file"


def decode_log(data: bytes) -> str:
    """A log's bytes as text (:func:`read_log_file`): strict UTF-8, but for a
    character cut short at the very end, which is left out (the bytes of a
    complete line end with its newline, so they can only be a torn last
    line's).

    >>> decode_log('[0,"ロ'.encode()[:-1])
    '[0,"'
    """
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    return decoder.decode(data, final=False)  # an incomplete last character stays inside


def _fsync_folder(folder: str) -> None:
    """Make a file's new name durable (POSIX: fsync the folder)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_file(path: str | os.PathLike[str], text: str, *, private: bool = False) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a temporary file
    beside it, then renamed over it, so that a failure (a disk full, text that
    cannot be encoded) never leaves a half-written or empty file.  A file that
    existed keeps its permissions; a new one is its owner's only with
    ``private`` (a full log holds every secret), else readable as the umask
    allows.  ``UnicodeEncodeError`` and ``OSError`` pass through."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    try:
        mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o600 if private else 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=os.path.basename(target) + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.chmod(f.fileno(), mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


_ATTEMPTS = 5
"""How often a writer looks again for a log file that was replaced or created
under its feet, before it gives up (:class:`~racebook.core.errors.LogInUse`)."""


def _try_lock(fd: int) -> bool | None:
    """Take the exclusive lock of the open file ``fd`` without waiting: true if
    taken, false if another writer holds it, ``None`` if this platform or
    file system cannot lock."""
    if fcntl is None:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # ENOLCK, EOPNOTSUPP, EBADF: a file system without locks
        return None
    return True


def _lock_existing(path: str) -> tuple[int, int] | None:
    """The existing log file at ``path`` opened and locked, and its
    permissions; ``None`` if there is none.  :class:`LogInUse` if another
    writer holds its lock.  The file must still be the one at ``path`` once
    locked (a writer that replaced it holds the lock of the new one)."""
    for _ in range(_ATTEMPTS):
        try:
            fd = os.open(path, os.O_RDWR)
        except PermissionError:  # a read-only file: replaced all the same, as before
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            return None
        try:
            opened = os.fstat(fd)
            if _try_lock(fd) is False:
                raise LogInUse(path)
            try:
                now = os.stat(path)
            except FileNotFoundError:
                now = None
        except BaseException:
            os.close(fd)
            raise
        if now is not None and (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino):
            return fd, opened.st_mode & 0o7777
        os.close(fd)
        if now is None:
            return None
    raise LogInUse(path)


class FileSink:
    """A log file as a :class:`~racebook.core.sinks.LogSink` (what a path
    given to :class:`LogWriter` or :class:`~racebook.table.Table` means):
    each line appended and flushed, with ``fsync`` also forced to disk.

    :meth:`replace` writes a temporary file beside the log, locked before it
    gets the log's name and moved over it, so a half-written line or an old
    closing line never stays in the middle; an existing log keeps its
    permissions, a new one is its owner's only (``0600``: a full log holds
    every secret).

    The claim is an exclusive ``flock`` of the file, held until
    :meth:`release` (or the process's end): a second writer of the same file,
    in this process or another, gets :class:`~racebook.core.errors.LogInUse`
    before anything changes.  Where the platform or file system has no such
    lock (Windows, some network file systems) :attr:`locked` is false."""

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = False) -> None:
        self.path = os.fspath(path)
        self.fsync = fsync
        self.locked = False
        self._claimed = False
        self._old: tuple[int, int] | None = None  # the existing file claimed: its fd, its mode
        self._file: IO[str] | None = None  # the file being appended to

    @property
    def name(self) -> str:
        return self.path

    def claim(self) -> None:
        if not self._claimed:
            self._old = _lock_existing(self.path)
            self._claimed = True

    def replace(self, lines: Sequence[str]) -> None:
        self.claim()
        folder = os.path.dirname(os.path.abspath(self.path))
        fd, tmp = tempfile.mkstemp(
            dir=folder, prefix=os.path.basename(self.path) + ".", suffix=".tmp"
        )
        # the new file is locked before it gets its name, and stays open: the
        # writer appends to the very file it locked
        f = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        try:
            locked = _try_lock(f.fileno()) is True
            f.write("".join(line + "\n" for line in lines))
            f.flush()
            if self.fsync:
                os.fsync(f.fileno())
            self._put_in_place(f, tmp)
        except BaseException:
            f.close()
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        if self.fsync:
            _fsync_folder(folder)
        if self._file is not None:
            self._file.close()
        self._file, self.locked = f, locked

    def _put_in_place(self, f: IO[str], tmp: str) -> None:
        """Give the written temporary file ``tmp`` (open as ``f``) the log's
        name: a new name by a hard link (which fails if a file took the name
        meanwhile), an existing log replaced while its lock is held (an
        existing log keeps its permissions; a new one is its owner's only)."""
        for _ in range(_ATTEMPTS):
            old = self._old
            if old is None and self._file is not None:
                old = (self._file.fileno(), os.fstat(self._file.fileno()).st_mode & 0o7777)
            if old is None:
                old = _lock_existing(self.path)
            if old is None:
                try:
                    os.link(tmp, self.path)
                except FileExistsError:
                    continue  # another writer made the file just now: lock it first
                except OSError:  # a file system without hard links
                    os.replace(tmp, self.path)
                else:
                    os.unlink(tmp)
                return
            fd, mode = old
            try:
                os.chmod(f.fileno(), mode)
                os.replace(tmp, self.path)
            finally:
                if self._file is None or fd != self._file.fileno():
                    os.close(fd)  # the old file's lock: nobody can take it and still find it there
                self._old = None
            return
        raise LogInUse(self.path)

    def append(self, lines: Sequence[str]) -> None:
        if self._file is None:
            raise ValueError(f"log file {self.path!r}: append before replace")
        self._file.write("".join(line + "\n" for line in lines))
        self._file.flush()
        if self.fsync:
            os.fsync(self._file.fileno())

    def finish(self, line: str) -> None:
        self.append([line])

    def read(self) -> str:
        try:
            return read_log_file(self.path)
        except UnicodeDecodeError as exc:
            raise LogError(1, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        if self._old is not None:
            os.close(self._old[0])
            self._old = None
        self._claimed = self.locked = False


_WRITING: weakref.WeakSet[Any] = weakref.WeakSet()
"""The sinks a :class:`LogWriter` writes to now."""


def check_free(sink: LogSink) -> None:
    """:class:`~racebook.core.errors.LogInUse` if a writer writes to this
    very sink object now (a sink holds its own claim: a second writer on the
    same object would pass it)."""
    if sink in _WRITING:
        raise LogInUse(sink.name)


def as_sink(log: str | os.PathLike[str] | LogSink, *, fsync: bool = False) -> LogSink:
    """``log`` as a sink: a path is a :class:`FileSink` (``fsync`` is for a
    file only: another sink's durability is its own); a ``TypeError`` for
    anything that is neither."""
    if isinstance(log, str | os.PathLike):
        return FileSink(log, fsync=fsync)
    if not isinstance(log, LogSink):
        raise TypeError(f"a log is a path or a LogSink, not {type(log).__name__}")
    return log


class LogWriter:
    """An append-only log that follows a state: each action's line is
    written (to a file, or any :class:`~racebook.core.sinks.LogSink`) as the
    action is applied, flushed (and, with ``fsync``, forced to disk), so a
    crash at any instant leaves a log that :func:`resume` continues from the
    last complete action.  When the game ends, the closing line is written.

    ``log``: a path (a :class:`FileSink`; ``fsync`` is for it) or a sink
    (a database's, :mod:`racebook.sinks`: its durability is its own).

    Attaching to a state claims the log and writes the log so far, replacing
    what was stored (the log the state was resumed from): for a file, in a
    temporary file moved over it, so a half-written line or an old closing
    line never stays in the middle.

    One writer at a time: the writer holds its log's claim (a file's
    ``flock``) until it is closed, and a second writer of the same log, in
    this process or another (a restarted server whose old process lives on),
    is refused with :class:`~racebook.core.errors.LogInUse` before it changes
    anything, so that no accepted action of the first is lost.  Where the
    platform or the file system has no such lock (Windows, some network file
    systems), the writer works without one and :attr:`locked` is false: then
    the application must make sure that a log has one writer.

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

    locked: bool
    """Whether this writer holds the exclusive lock on its log (false where
    the platform or file system has none)."""

    def __init__(
        self,
        state: State[Any, Any, Any],
        log: str | os.PathLike[str] | LogSink,
        *,
        fsync: bool = False,
    ):
        if state._writer is not None:
            raise ValueError("this state already has a log writer")
        self.sink = sink = as_sink(log, fsync=fsync)
        self.path = sink.path if isinstance(sink, FileSink) else None
        self.fsync = fsync
        # the state holds its writer, not the other way round: a state (a
        # table) dropped without close() frees its writer, file and lock at once
        self._state_ref = weakref.ref(state)
        lines, self._hashed = state.log._lines()
        lines.pop()  # without the closing line
        check_free(sink)
        sink.claim()
        try:
            sink.replace(lines)
        except BaseException:
            sink.release()
            raise
        _WRITING.add(sink)
        self.locked = sink.locked
        self._open = True
        state._writer = self
        if state.is_over:
            self._close_log()

    @property
    def _state(self) -> State[Any, Any, Any]:
        state = self._state_ref()
        if state is None:  # only while the state itself is being freed
            raise ValueError("the state this writer followed is gone")
        return state

    def record(self, action: Action) -> None:
        """Append ``action``'s line; called by the state before it applies it."""
        line = _dump(action_row(action))
        self._write(line)
        self._hashed.add(line)  # once written: a failed write leaves the hash as the log

    def recorded(self, mark: str | None) -> None:
        """Append the checkpoint the action made (if any), and the closing line
        when the game is over; called by the state after the action."""
        if mark is not None:
            digest = self._hashed.seal(mark)
            self._write(_dump({"digest": digest, "after": len(self._state._entries)}))
        if self._state.is_over:
            self._close_log()

    def _write(self, line: str) -> None:
        self.sink.append([line])

    def _close_log(self) -> None:
        state = self._state
        digest = self._hashed.seal(state.digest())
        self.sink.finish(_dump({"end": len(state._entries), "digest": digest}))
        self.close()

    def save(self) -> None:
        """Write the closing line now and stop following the state: a game
        saved on purpose, over or not.  :func:`~racebook.core.replay.replay`,
        the replay page and the charts read the log as it is;
        :func:`~racebook.core.replay.resume` continues it (a new writer drops
        the closing line before it appends)."""
        if self._state._writer is self and self._open:
            self._close_log()

    def close(self) -> None:
        """Stop following the state and release the log (a game in progress
        stays resumable: its log simply has no closing line yet, as after a
        crash; :meth:`save` writes one)."""
        state = self._state_ref()
        if state is not None and state._writer is self:
            state._writer = None
        if self._open:
            self._open = False
            _WRITING.discard(self.sink)
            self.sink.release()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""The command line for analysis: ``simulate --logs`` (every game's log, to a
folder or one JSON Lines file) and ``records`` (flat records of many logs,
read on workers or Ray: :mod:`racebook.analysis`)."""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import sys
import tempfile
from typing import IO, Any

from racebook.cli.options import complain, worker_options


def logs_option(sim: argparse.ArgumentParser) -> None:
    sim.add_argument(
        "--logs",
        default=None,
        metavar="DIR|FILE.jsonl",
        help="write every game's log (its header's meta names each seat's bot): one file a "
        "game in a folder, or all of them back to back in one .jsonl file, each new file "
        "its owner's only (default: none)",
    )
    sim.add_argument(
        "--replace",
        action="store_true",
        help="with --logs: replace the logs of an earlier run found there (the .jsonl file, "
        "or the folder's game-NNNNNN.jsonl files), which are refused otherwise (default: "
        "refused)",
    )


_GAME_FILE = re.compile(r"game-\d{6,}\.jsonl")
_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)


def _create(path: str) -> int:
    """A new file at ``path``, its owner's only whatever the umask, created
    exclusively: a file or a link already there (a planted symlink) is never
    followed or written over (:class:`FileExistsError`)."""
    fd = os.open(path, _NEW, 0o600)
    try:
        os.fchmod(fd, 0o600)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _named(exc: OSError, path: str) -> OSError:
    """``exc`` with the file it happened to (a failed write names none)."""
    return OSError(exc.errno, exc.strerror or str(exc), path)


class LogsOut:
    """Where ``simulate --logs`` writes: a folder (``game-000000.jsonl`` ...)
    or one JSON Lines file holding every log back to back.  Every file is
    new, its owner's only (mode 0600, whatever the umask), and created
    exclusively: a symlink or a file at its name is never followed or
    written over.  The logs of an earlier run there (the file, or the
    folder's ``game-NNNNNN.jsonl``) are refused unless ``replace``, which
    removes them first.  A write that fails (a full disk) takes back what it
    wrote of its log (the file cut back to the log before, the game's file
    removed) and raises an :class:`OSError` naming the file."""

    def __init__(self, target: str, replace: bool = False) -> None:
        self.target = target
        self.file: IO[str] | None = None
        if target.endswith(".jsonl"):
            if os.path.lexists(target):
                if not replace:
                    raise FileExistsError(
                        errno.EEXIST, "an earlier run's logs are there (--replace to replace them)"
                    )
                os.unlink(target)  # a link itself, never what it points to
            self.file = os.fdopen(_create(target), "w", encoding="utf-8", newline="\n")
        else:
            os.makedirs(target, exist_ok=True)
            stale = sorted(e.name for e in os.scandir(target) if _GAME_FILE.fullmatch(e.name))
            if stale and not replace:
                raise FileExistsError(
                    errno.EEXIST,
                    f"an earlier run's logs are there ({len(stale)} game-NNNNNN.jsonl files, "
                    f"{stale[0]} first; --replace to replace them)",
                )
            for name in stale:
                os.unlink(os.path.join(target, name))

    def write(self, record: Any) -> None:
        text = record.log
        assert isinstance(text, str)
        if self.file is not None:
            at = self.file.tell()
            try:
                self.file.write(text)
                self.file.flush()
            except OSError as exc:
                with contextlib.suppress(OSError, ValueError):
                    self.file.seek(at)
                    self.file.truncate()  # no half-written log left at the end
                raise _named(exc, self.target) from None
            return
        path = os.path.join(self.target, f"game-{record.index:06d}.jsonl")
        fd = _create(path)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(path)
            raise _named(exc, path) from None

    def close(self) -> None:
        if self.file is not None:
            with contextlib.suppress(OSError):
                self.file.close()


def open_logs(args: argparse.Namespace) -> LogsOut | None:
    """``simulate --logs``'s writer (``None`` without the option); an
    :class:`OSError` says what could not be made."""
    target = getattr(args, "logs", None)
    return LogsOut(target, getattr(args, "replace", False)) if target else None


def records_command(command: Any) -> None:
    """Add ``racebook records SOURCE``."""
    rec = command(
        "records",
        "replay many logs (a folder, an archive or a .jsonl of logs) and write one JSON "
        "line per action and event",
    )
    rec.add_argument(
        "source", help="a folder of logs, a .zip or tar archive (.tar, .tgz...) or a .jsonl file"
    )
    rec.add_argument(
        "--out",
        default="-",
        metavar="FILE",
        help="where to write the records: a file made whole or not at all, its owner's only "
        "(default: stdout)",
    )
    worker_options(rec)
    rec.set_defaults(func=cmd_records)


LEFT_SHOWN = 20
"""``records`` names at most this many inputs left out, then counts the rest."""


def cmd_records(args: argparse.Namespace) -> int:
    from racebook.analysis import read_logs, write_jsonl
    from racebook.core.errors import ConfigError, LogError

    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if tty:
            print(f"\r{done}/{total} logs", end="", file=sys.stderr, flush=True)

    out: IO[str] = sys.stdout
    tmp = None
    if args.out != "-":
        folder = os.path.dirname(os.path.abspath(args.out))
        try:  # beside it, its owner's only; renamed over it once whole
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".records.", suffix=".tmp")
        except OSError as exc:
            complain(f"racebook records: cannot write {args.out}: {exc.strerror or exc}")
            return 2
        out = os.fdopen(fd, "w", encoding="utf-8", newline="\n")

    def each(rows: Any) -> None:
        try:
            write_jsonl(rows, out)
        except OSError as exc:
            raise _named(exc, args.out) from None

    try:
        try:
            result = read_logs(
                args.source,
                workers=args.workers,
                backend=args.backend,
                address=args.address,
                progress=progress,
                each=each,
            )
            if tmp is not None:
                out.flush()
                os.fsync(out.fileno())
                out.close()
                os.replace(tmp, args.out)
                tmp = None
        finally:
            if tty:
                print(file=sys.stderr)
    except (LogError, ConfigError, ImportError) as exc:
        complain(f"racebook records: {exc}")
        return 1
    except OSError as exc:
        where = exc.filename or args.out
        complain(f"racebook records: cannot write {where}: {exc.strerror or exc}")
        return 2
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                out.close()
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    for name, why in result.left[:LEFT_SHOWN]:
        complain(f"racebook records: left out {name}: {why}")
    more = len(result.left) - LEFT_SHOWN
    if more > 0:
        complain(f"racebook records: and {more:,} more inputs left out")
    complain(
        f"racebook records: {result.read:,} logs read"
        + (f", {len(result.left):,} inputs left out" if result.left else "")
    )
    return 0

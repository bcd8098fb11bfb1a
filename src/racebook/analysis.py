"""Logs for analysis: flat records of logged games, read from many logs at
once, on worker processes or Ray (see the docs page "Analysing logs").

A :class:`Record` is one row: an action (decisions and chance outcomes alike)
or an event, with its game, log id, race, step and seat, its ``kind`` and its
fields.  :func:`records` gives the records of one replayed game;
:func:`read_logs` replays every log of a folder, an archive (``.zip``,
``.tar``, ``.tar.gz`` and the like) or a JSON Lines file of many logs (``racebook
simulate --logs``) and gives back what a function of yours makes of each
game (its records by default); :func:`frame` makes a ``pandas`` frame of
records (the ``analysis`` extra) with a seat that stays an integer.

>>> import racebook
>>> state = racebook.load("trickrace").new_state(seed=1)
>>> rows = records(state, "demo")  # the start: the deal, chance's actions
>>> rows[0].type, rows[0].seat, rows[0].step, rows[0].race
('action', -1, 1, 1)
"""

from __future__ import annotations

import gc
import itertools
import json
import os
import stat
import tarfile
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import attrs

from racebook.core.errors import ConfigError, LogError, clip, short
from racebook.core.log import MAX_BYTES, MAX_LINE
from racebook.core.logfile import decode_log
from racebook.core.replay import replay
from racebook.core.state import State
from racebook.core.workers import WorkerLost, collector_paused, run_jobs
from racebook.logrecords import COLUMNS as _COLUMNS
from racebook.logrecords import (
    PayoutsChanged,
    Record,
    bet_records,
    frame,
    game_meta,
    iter_records,
    records,
    text_records,
    write_jsonl,
)

__all__ = [  # noqa: RUF022 - in source order: the order of the API docs
    "COLUMNS",
    "Record",
    "records",
    "iter_records",
    "text_records",
    "log_records",
    "split_logs",
    "MAX_LOG_BYTES",
    "MAX_INPUTS",
    "ARCHIVES",
    "Logs",
    "log_sources",
    "iter_logs",
    "read_logs",
    "read_records",
    "game_meta",
    "frame",
    "write_jsonl",
    "bet_records",
    "PayoutsChanged",
]

T = TypeVar("T")

COLUMNS = _COLUMNS
"""A record's columns before its fields."""

log_records = records
""":func:`records`: the default of :func:`read_logs`."""


def split_logs(text: str) -> list[str]:
    """The logs of a JSON Lines file that holds several back to back (each
    from its header to its closing line), as ``racebook simulate --logs
    FILE.jsonl`` writes them."""
    return list(_split(text))


def _split(text: str) -> Iterator[str]:
    start = 0
    for line_start in _header_starts(text):
        if line_start > start:
            yield text[start:line_start]
        start = line_start
    if text[start:].strip():
        yield text[start:]


def _header_starts(text: str) -> Iterator[int]:
    at = 0
    while True:
        found = text.find('{"format":', at)
        if found < 0:
            return
        if found == 0 or text[found - 1] == "\n":
            yield found
        at = found + 1


MAX_LOG_BYTES = MAX_BYTES
"""The most bytes of one input (a file of a folder, a member of an archive, a
JSON Lines file of one or several logs) :func:`read_logs` reads: its size is
checked before a byte is read, and no more than this is ever read (a member
whose archive lies about its size), as ``racebook replay`` does for one file
(64 MiB).  Past it, a :class:`~racebook.core.errors.LogError` names the input."""
MAX_INPUTS = 100_000
"""The most inputs :func:`read_logs` takes from one folder or archive (every
``.jsonl`` file of a folder and below, every member of an archive, whatever
its name: a zip's count is read from its last record, before the list of its
members is): past it, a :class:`~racebook.core.errors.LogError` names the
source before a log is read."""
ARCHIVES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
"""The names of the tar archives :func:`read_logs` reads (a ``.zip`` is known
by its content)."""


class Logs(list[T]):
    """A list (of logs, or of what :func:`read_logs` made of each) that also
    says which inputs were left out and why: ``left``, ``(input, reason)``
    pairs in the order met (a seat's log, an empty file, a file that is no
    regular file, a torn last log of a file of several...); ``read``, how
    many logs were read (its length, unless :func:`read_logs` handed each
    result to ``each`` instead of keeping it)."""

    left: list[tuple[str, str]]
    read: int

    def __init__(self, items: Iterable[T] = ()) -> None:
        super().__init__(items)
        self.left = []
        self.read = len(self)


@attrs.define
class _Tally:
    """The logs found so far (read_logs' progress total) and the inputs left."""

    total: int = 0
    left: list[tuple[str, str]] = attrs.Factory(list)


def log_sources(
    source: str | os.PathLike[str],
    *,
    max_bytes: int | None = None,
    max_inputs: int | None = None,
) -> Logs[tuple[str, str]]:
    """``(log id, text)`` of every log in ``source`` (:func:`iter_logs`, all
    held in memory at once: :func:`read_logs` reads them one at a time),
    with the inputs left out and why (``left``)."""
    tally = _Tally()
    found: Logs[tuple[str, str]] = Logs(_iter_logs(source, max_bytes, max_inputs, tally))
    found.left = tally.left
    found.read = len(found)
    return found


def iter_logs(
    source: str | os.PathLike[str],
    *,
    max_bytes: int | None = None,
    max_inputs: int | None = None,
) -> Iterator[tuple[str, str]]:
    """``(log id, text)`` of every log in ``source``, one input read at a
    time: a folder (every ``*.jsonl`` in it and below, in name order; links
    to folders are not followed), an archive (``.zip``, or a tar archive:
    :data:`ARCHIVES`: every ``.jsonl`` member, in name order, a link member
    read as the member it names) or a JSON Lines file of one or several
    logs.  A log's id is its file's path under the folder or archive, with
    ``#n`` for the n-th log of a file that holds several, and ``~n`` for the
    n-th member of an archive with a name met before.

    Every input is read once, and each is a log read or an input left out
    with its reason (the ``left`` of what :func:`read_logs` and
    :func:`log_sources` return): a seat's log (``for_seat``: no chance, cannot be replayed),
    an empty or blank file, a file of a folder that is no regular file (a
    FIFO would hang the reader, ``/dev/zero`` never ends), a member of an
    archive that is neither a file nor a link to one, and the last log of a
    file of several if it has no closing line (torn: a disk full or a crash
    while it was written; the logs before it are read).  Bounded: at most
    ``max_inputs`` inputs (:data:`MAX_INPUTS`) and ``max_bytes`` bytes an
    input (:data:`MAX_LOG_BYTES`), each checked before it is read; past
    either, and for text that is not UTF-8 or an archive that is damaged (cut
    short, a bad checksum), a one-line
    :class:`~racebook.core.errors.LogError` naming the input."""
    return _iter_logs(source, max_bytes, max_inputs, _Tally())


def _iter_logs(
    source: str | os.PathLike[str], max_bytes: int | None, max_inputs: int | None, tally: _Tally
) -> Iterator[tuple[str, str]]:
    cap = MAX_LOG_BYTES if max_bytes is None else max_bytes
    most = MAX_INPUTS if max_inputs is None else max_inputs
    path = Path(source)
    shown = clip(str(source), 200)
    try:
        kind = os.stat(path).st_mode
    except OSError as exc:
        reason = f"{shown!r} is no folder, archive or log file ({exc.strerror})"
        raise ConfigError("source", reason) from None
    if stat.S_ISDIR(kind):
        yield from _folder(path, cap, most, tally)
    elif not stat.S_ISREG(kind):
        raise ConfigError("source", f"{shown!r} is no folder, archive or log file ({_what(kind)})")
    elif zipfile.is_zipfile(path):
        yield from _zip(path, cap, most, tally)
    elif path.name.endswith(ARCHIVES):
        yield from _tar(path, cap, most, tally)
    else:
        tally.total += 1
        yield from _logs_of(path.name, _read_regular(path, path.name, cap), tally)


def _what(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a folder"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def _too_big(name: str, size: int, cap: int) -> LogError:
    return LogError(1, f"{name}: {size:,} bytes; a log is read up to {cap:,} bytes")


def _read_regular(path: Path, name: str, cap: int) -> bytes | str:
    """The bytes of the regular file at ``path`` (a link followed), its
    size checked before a byte is read; its reason (a ``str``) if it is no
    regular file: opened without waiting (a FIFO without writer would hang)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise LogError(1, f"{name}: cannot read it ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return _what(info.st_mode)
        if info.st_size > cap:
            raise _too_big(name, info.st_size, cap)
        data = f.read(cap + 1)
    if len(data) > cap:
        raise _too_big(name, len(data), cap)
    return data


def _folder(folder: Path, cap: int, most: int, tally: _Tally) -> Iterator[tuple[str, str]]:
    names: list[str] = []
    for top, dirs, files in os.walk(folder):  # links to folders not followed (no loops)
        dirs.sort()
        for file in files:
            if file.endswith(".jsonl"):
                names.append(Path(top, file).relative_to(folder).as_posix())
                if len(names) > most:
                    shown = clip(str(folder), 200)
                    raise LogError(1, f"{shown}: more than {most:,} .jsonl files; at most {most:,}")
    names.sort()
    tally.total += len(names)
    for name in names:
        yield from _logs_of(name, _read_regular(folder / name, name, cap), tally)


def _zip_entries(path: Path) -> int:
    """How many members a zip says it has, read from its last record
    (before the list of its members, which can take a lot of memory)."""
    end_record = getattr(zipfile, "_EndRecData", None)
    if end_record is None:  # pragma: no cover - another Python
        return 0
    with open(path, "rb") as f:
        record = end_record(f)
    return int(record[4]) if record else 0


def _unique(name: str, seen: dict[str, int]) -> str:
    n = seen[name] = seen.get(name, 0) + 1
    return name if n == 1 else f"{name}~{n}"


def _zip(path: Path, cap: int, most: int, tally: _Tally) -> Iterator[tuple[str, str]]:
    shown = clip(path.name, 200)
    entries = _zip_entries(path)
    if entries > most:
        raise LogError(1, f"{shown}: {entries:,} members; an archive is read up to {most:,}")
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            if len(infos) > most:
                raise LogError(1, f"{shown}: {len(infos):,} members; at most {most:,}")
            members = sorted(
                (i for i in infos if i.filename.endswith(".jsonl")), key=lambda i: i.filename
            )
            tally.total += len(members)
            seen: dict[str, int] = {}
            for info in members:
                name = _unique(info.filename, seen)
                if stat.S_ISLNK(info.external_attr >> 16):  # a link, made by zip --symlinks
                    tally.total -= 1
                    tally.left.append((name, "a symbolic link (its target is not in the zip)"))
                    continue
                if info.file_size > cap:
                    raise _too_big(f"{shown}: {name}", info.file_size, cap)
                with archive.open(info) as member:
                    data = member.read(cap + 1)
                if len(data) > cap:
                    raise _too_big(f"{shown}: {name}", len(data), cap)
                yield from _logs_of(name, data, tally)
    except LogError:
        raise
    except (NotImplementedError, RuntimeError) as exc:  # a method or encryption it lacks
        raise LogError(1, f"{shown}: a zip archive this library cannot read ({exc})") from None
    except Exception as exc:  # BadZipFile, OSError, zlib.error, a name not UTF-8, struct.error...
        raise LogError(1, f"{shown}: a damaged zip archive ({_one_line(exc)})") from None


def _tar(path: Path, cap: int, most: int, tally: _Tally) -> Iterator[tuple[str, str]]:
    shown = clip(path.name, 200)
    try:
        with tarfile.open(path) as archive:
            members: list[tarfile.TarInfo] = []
            for count, member in enumerate(archive, 1):  # the headers, one at a time
                if count > most:
                    raise LogError(1, f"{shown}: more than {most:,} members; at most {most:,}")
                if member.name.endswith(".jsonl"):
                    members.append(member)
            _check_tar_end(archive, shown)
            members.sort(key=lambda m: m.name)
            tally.total += len(members)
            seen: dict[str, int] = {}
            for member in members:
                name = _unique(member.name, seen)
                target: tarfile.TarInfo | None = member
                if member.islnk() or member.issym():
                    try:  # a link member is the member it names, read as itself
                        target = archive._find_link_target(member)  # type: ignore[attr-defined]
                    except KeyError:
                        target = None
                if target is None or not target.isfile():
                    tally.total -= 1
                    why = "a link to no member" if target is None else "not a file"
                    tally.left.append((name, why))
                    continue
                if target.size > cap:
                    raise _too_big(f"{shown}: {name}", target.size, cap)
                stream = archive.extractfile(target)
                assert stream is not None  # a file
                data = stream.read(cap + 1)
                yield from _logs_of(name, data, tally)
    except LogError:
        raise
    except Exception as exc:  # TarError, OSError, EOFError, zlib.error, LZMAError...
        raise LogError(1, f"{shown}: a damaged tar archive ({_one_line(exc)})") from None


def _check_tar_end(archive: tarfile.TarFile, shown: str) -> None:
    """A tar archive cut short between members or in a header reads as a
    shorter one (``tarfile`` stops there without a word): its end-of-archive
    block (zeros) must follow its last member."""
    stream = archive.fileobj
    if stream is None:  # pragma: no cover - tarfile.open always has one
        return
    stream.seek(archive.offset)
    if stream.read(tarfile.BLOCKSIZE) != bytes(tarfile.BLOCKSIZE):
        raise LogError(1, f"{shown}: a damaged tar archive (cut short: no end-of-archive block)")


def _one_line(exc: BaseException) -> str:
    return clip(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 200)


def _logs_of(name: str, data: bytes | str, tally: _Tally) -> Iterator[tuple[str, str]]:
    """The logs of one input's bytes (``str``: why the input is left out)."""
    if isinstance(data, str):
        tally.total -= 1
        tally.left.append((name, data))
        return
    try:
        text = decode_log(data)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise LogError(line, f"{name}: not UTF-8 text (byte {exc.start:,})") from None
    if not text.strip():
        tally.total -= 1
        tally.left.append((name, "empty" if not text else "blank: no log in it"))
        return
    if _redacted(text):
        tally.total -= 1
        tally.left.append((name, "a seat's log (for_seat): it cannot be replayed"))
        return
    logs = _split(text)
    first = next(logs)
    second = next(logs, None)
    if second is None:
        yield name, first
        return
    n = 1
    log = first
    for after in (second, *logs):
        tally.total += 1
        yield f"{name}#{n}", log
        n, log = n + 1, after
    whole, _, tail = log.rpartition("\n")
    if _closed(log):
        yield f"{name}#{n}", log
    elif tail.strip() and _closed(whole):  # a log, then the start of the next one's header
        yield f"{name}#{n}", whole + "\n"
        tally.left.append((f"{name}#{n + 1}", "torn: a half-written line after the last log"))
    else:
        tally.total -= 1
        tally.left.append((f"{name}#{n}", "torn: the file's last log has no closing line"))


def _redacted(text: str) -> bool:
    """Whether a log's header line says it is a seat's log (its own
    ``"redacted"`` key, not one anywhere in its ``meta``)."""
    end = text.find("\n")
    head = text[: end if end >= 0 else min(len(text), MAX_LINE + 1)]
    if '"redacted"' not in head or len(head) > MAX_LINE:
        return False
    try:
        header = json.loads(head)
    except (ValueError, RecursionError):
        return False
    return isinstance(header, dict) and header.get("redacted") is True


def _closed(log: str) -> bool:
    """Whether a log (of a file of several) ends with its closing line."""
    last = log.rstrip().rpartition("\n")[2]
    return last.startswith('{"end":') and last.endswith("}")


def _read_chunk(
    job: tuple[Callable[[State[Any, Any, Any], str], T], list[tuple[str, str]]],
) -> list[T]:
    fn, logs = job
    out = []
    # The cyclic collector runs on each log's young objects here, by hand,
    # instead of on its own: on its own it rescanned every row kept so far
    # again and again (a third of the time of reading every record); a replay's
    # own garbage cycles (Force of the Horse leaves some) are collected each log
    with collector_paused() as collecting:
        for log_id, text in logs:
            try:
                if fn is records:  # read as the replay goes: no history kept
                    out.append(cast("T", text_records(text, log_id)))
                    continue
                state = replay(text)
            except LogError as exc:
                raise LogError(exc.line, f"{log_id}: {exc.reason}") from None
            out.append(fn(state, log_id))
            del state
            if collecting:
                gc.collect(1)
    return out


def read_logs(
    source: str | os.PathLike[str] | Sequence[tuple[str, str]],
    fn: Callable[[State[Any, Any, Any], str], T] = log_records,  # type: ignore[assignment]
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_bytes: int | None = None,
    max_inputs: int | None = None,
    each: Callable[[T], None] | None = None,
) -> Logs[T]:
    """Replay (and verify) every log of ``source`` (see :func:`iter_logs`,
    or ``(log id, text)`` pairs) and return ``fn(state, log_id)`` for each,
    in log order: its :func:`records` by default (:func:`bet_records`,
    :func:`game_meta` or a function of yours).  The result is a list
    (:class:`Logs`) whose length is how many logs were read and whose
    ``left`` names each input left out and why.  ``each``: called with each
    result, in log order, as it arrives, instead of keeping it (the list
    stays empty; its ``read`` still counts the logs): ``racebook records``
    writes each log's records so.

    Logs are read as they are replayed, ``chunk`` at a time (at least 1),
    never all at once: at most two chunks a worker are in memory ahead of
    the results.  Each input is bounded before it is read (``max_bytes``,
    ``max_inputs``: :func:`iter_logs`).

    As :func:`~racebook.simulation.simulate` does, chunks go to ``workers``
    processes (``backend="local"``) or to Ray (``"ray"``, at ``address``);
    ``fn`` must then be a module-level function and what it returns
    picklable.  A chunk whose worker process dies (``kill -9``, out of
    memory) is read once more, alone; if that one dies too, a
    :class:`~racebook.core.errors.LogError` names its logs.
    ``progress(done, total)`` is called as logs are read (``total``: the
    logs found so far; it grows as a file of several logs is read).  A log
    that does not verify raises :class:`~racebook.core.errors.LogError`
    naming it and the line, one line whatever the backend.  The
    process that reads a chunk of logs (a worker, or this one) runs the
    cyclic garbage collector itself on each log's young objects, and on
    several local workers this process's collector (for every thread) is
    paused while the results arrive and ``progress`` runs; either is set
    back as it was afterwards: left to itself, the collector rescanned the
    millions of rows already kept again and again.

    >>> import racebook
    >>> text = racebook.load("trickrace").new_state(seed=1).log.dumps()
    >>> [rows] = read_logs([("a", text)])
    >>> rows[0].log, rows[0].kind
    ('a', 'draw-horses')
    """
    if chunk is not None and (type(chunk) is not int or chunk < 1):
        raise ConfigError("chunk", f"at least 1 log a chunk, not {short(chunk)}")
    tally = _Tally()
    logs: Iterator[tuple[str, str]]
    if isinstance(source, Sequence) and not isinstance(source, str):
        tally.total = len(source)
        logs = iter(source)
    else:
        logs = _iter_logs(source, max_bytes, max_inputs, tally)
    first = list(itertools.islice(logs, 1))  # the inputs listed: their count known
    size = chunk or max(1, min(200, tally.total // (8 * workers) or 1))
    chunks: dict[int, tuple[str, str, int]] = {}  # the logs of each chunk in flight

    def jobs() -> Iterator[tuple[Callable[[State[Any, Any, Any], str], T], list[tuple[str, str]]]]:
        rest = itertools.chain(first, logs)
        while part := list(itertools.islice(rest, size)):
            chunks[len(chunks)] = (part[0][0], part[-1][0], len(part))
            yield fn, part

    done = 0
    out: Logs[T] = Logs()
    out.left = tally.left

    def arrived(index: int, results: list[T]) -> None:
        nonlocal done
        if each is None:
            out.extend(results)
        else:
            for result in results:
                each(result)
        done += len(results)
        out.read = done
        if progress is not None:
            progress(done, tally.total)

    try:
        run_jobs(
            _read_chunk,
            jobs(),
            workers=workers,
            backend=backend,
            address=address,
            on_result=arrived,
            pause_collector=True,  # the rows arriving, millions of them (and progress)
        )
    except WorkerLost as exc:
        low, high, n = chunks[exc.index]
        which = low if n == 1 else f"{low} to {high} ({n} logs)"
        raise LogError(1, f"{which}: {exc.reason}, and again when read once more") from None
    return out


def read_records(
    source: str | os.PathLike[str] | Sequence[tuple[str, str]], **options: Any
) -> list[Record]:
    """Every record of every log of ``source`` (:func:`read_logs`'s options)."""
    return [r for rows in read_logs(source, log_records, **options) for r in rows]

"""Logs for analysis: flat records of logged games, read from many logs at
once, on worker processes or Ray (see the docs page "Analysing logs").

A :class:`Record` is one row: an action (decisions and chance outcomes alike)
or an event, with its game, log id, race, step and seat, its ``kind`` and its
fields.  :func:`records` gives the records of one replayed game;
:func:`read_logs` replays every log of a folder, an archive (``.zip``,
``.tar``, ``.tar.gz``) or a JSON Lines file of many logs (``racebook
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

import bisect
import gc
import importlib
import json
import os
import tarfile
import zipfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, SupportsIndex, TypeVar

import attrs

from racebook.core.errors import ConfigError, LogError
from racebook.core.log import meta_of
from racebook.core.logfile import decode_log
from racebook.core.replay import replay
from racebook.core.serial import to_data
from racebook.core.state import State
from racebook.core.workers import collector_paused, run_jobs

T = TypeVar("T")

COLUMNS = ("game", "log", "race", "step", "seat", "type", "kind")
"""A record's columns before its fields."""


@attrs.frozen
class Record:
    """One row of a logged game.

    ``type`` is ``"action"`` or ``"event"``; ``step`` the 1-based number of
    the action (an event has the step of the action that caused it); ``race``
    the 1-based race it belongs to (1 + the checkpoints before it: each game
    makes one at the end of each race); ``seat`` the acting seat of an
    action (``-1``: chance), the ``seat`` field of an event that has one, or
    ``None``; ``kind`` the action's kind or the event's name; ``fields``
    the other fields as JSON data (:meth:`~racebook.core.game.Action.to_data`
    without ``kind`` and ``seat``).
    """

    game: str
    log: str
    race: int
    step: int
    seat: int | None
    type: str
    kind: str
    fields: dict[str, Any]

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        # Records cross from worker processes in the millions (read_logs with
        # workers): pickled as the class and its values, rebuilt by __init__,
        # they cost half what attrs' state dict does (make bench, "Reading
        # logs").  A subclass of yours (more fields) is pickled as usual.
        if type(self) is not Record:
            return super().__reduce_ex__(protocol)
        values = (self.game, self.log, self.race, self.step, self.seat, self.type, self.kind)
        return (Record, (*values, self.fields))

    def to_data(self) -> dict[str, Any]:
        """This record as one flat dict: its columns, then its fields (a
        field named like a column is prefixed with ``field_``)."""
        row: dict[str, Any] = {
            "game": self.game,
            "log": self.log,
            "race": self.race,
            "step": self.step,
            "seat": self.seat,
            "type": self.type,
            "kind": self.kind,
        }
        for key, value in self.fields.items():
            row[f"field_{key}" if key in row else key] = value
        return row


def records(state: State[Any, Any, Any], log_id: str = "") -> list[Record]:
    """Every action and event of ``state`` (a live game or one replayed from
    its log) as :class:`Record` rows, in the order they happened: each
    action, then the events it caused (:func:`iter_records`, all kept)."""
    return list(iter_records(state, log_id))


def iter_records(state: State[Any, Any, Any], log_id: str = "") -> Iterator[Record]:
    """:func:`records`, one at a time: a reader that keeps some of them
    holds only those (:func:`bet_records` does)."""
    game = state.game.id
    marks = [n for n, _ in state._marks]
    for step, (action, events) in enumerate(zip(state._entries, state._events, strict=True), 1):
        race = 1 + bisect.bisect_left(marks, step)
        yield from _rows(game, log_id, race, step, action, events)


def _rows(
    game: str, log_id: str, race: int, step: int, action: Any, events: Sequence[Any]
) -> Iterator[Record]:
    """The records of one action and the events it caused."""
    data = to_data(action)
    seat = data.pop("seat")
    yield Record(game, log_id, race, step, seat, "action", action.kind, data)
    for event in events:
        fields = to_data(event)
        seen = fields.pop("seat", None)
        yield Record(
            game,
            log_id,
            race,
            step,
            seen if type(seen) is int else None,
            "event",
            event.kind,
            fields,
        )


def text_records(
    text: str, log_id: str = "", keep: Callable[[Record], bool] | None = None
) -> list[Record]:
    """The records of a log's text (replayed and verified as
    :func:`~racebook.core.replay.replay` does) that ``keep`` keeps (all by
    default), read as the replay goes: the game's history is not kept
    (``history=False``), so the memory this takes is that of one state and of
    the records kept, whatever the log's length
    (``tests/test_replay_memory.py``).

    >>> import racebook
    >>> text = racebook.load("trickrace").new_state(seed=1).log.dumps()
    >>> [r.kind for r in text_records(text, keep=lambda r: r.type == "action")][:2]
    ['draw-horses', 'deal']
    """
    out: list[Record] = []
    before = 0  # checkpoints before this action: the race is 1 + them

    def read(state: State[Any, Any, Any], action: Any, events: list[Any]) -> None:
        nonlocal before
        step = len(state._entries)
        for row in _rows(state.game.id, log_id, 1 + before, step, action, events):
            if keep is None or keep(row):
                out.append(row)
        before = state._mark_count

    replay(text, history=False, on_action=read)
    return out


log_records = records
""":func:`records`: the default of :func:`read_logs`."""


def split_logs(text: str) -> list[str]:
    """The logs of a JSON Lines file that holds several back to back (each
    from its header to its closing line), as ``racebook simulate --logs
    FILE.jsonl`` writes them."""
    out: list[str] = []
    start = 0
    for line_start in _header_starts(text):
        if line_start > start:
            out.append(text[start:line_start])
        start = line_start
    if text[start:].strip():
        out.append(text[start:])
    return out


def _header_starts(text: str) -> Iterator[int]:
    at = 0
    while True:
        found = text.find('{"format":', at)
        if found < 0:
            return
        if found == 0 or text[found - 1] == "\n":
            yield found
        at = found + 1


def log_sources(source: str | os.PathLike[str]) -> list[tuple[str, str]]:
    """``(log id, text)`` of every log in ``source``: a folder (every
    ``*.jsonl`` in it and below, seat logs left out, in name order), an
    archive (``.zip``, ``.tar``, ``.tar.gz``, ``.tgz``: every ``.jsonl``
    member) or a JSON Lines file of one or several logs.  A log's id is its
    file's path under the folder or archive, with ``#n`` for the n-th log
    of a file that holds several."""
    path = Path(source)
    found: list[tuple[str, str]] = []
    if path.is_dir():
        for file in sorted(path.rglob("*.jsonl")):
            _add(found, file.relative_to(path).as_posix(), file.read_bytes())
    elif zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            for name in sorted(archive.namelist()):
                if name.endswith(".jsonl"):
                    _add(found, name, archive.read(name))
    elif path.is_file() and path.name.endswith((".tar", ".tar.gz", ".tgz")):
        with tarfile.open(path) as archive:
            for member in sorted(archive.getmembers(), key=lambda m: m.name):
                stream = archive.extractfile(member) if member.isfile() else None
                if stream is not None and member.name.endswith(".jsonl"):
                    _add(found, member.name, stream.read())
    elif path.is_file():
        _add(found, path.name, path.read_bytes())
    else:
        raise ConfigError("source", f"{str(source)!r} is no folder, archive or log file")
    return found


def _add(found: list[tuple[str, str]], name: str, data: bytes) -> None:
    text = decode_log(data)
    if '"redacted":true' in text[: text.find("\n")]:
        return  # a seat's log: not replayable
    logs = split_logs(text)
    if len(logs) == 1:
        found.append((name, logs[0]))
    else:
        found.extend((f"{name}#{n}", log) for n, log in enumerate(logs, 1))


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
) -> list[T]:
    """Replay (and verify) every log of ``source`` (see :func:`log_sources`,
    or ``(log id, text)`` pairs) and return ``fn(state, log_id)`` for each,
    in log order: its :func:`records` by default (:func:`bet_records`,
    :func:`game_meta` or a function of yours).

    As :func:`~racebook.simulation.simulate` does, logs go ``chunk`` at a
    time to ``workers`` processes (``backend="local"``) or to Ray
    (``"ray"``, at ``address``); ``fn`` must then be a module-level function
    and what it returns picklable.  ``progress(done, total)`` is called as
    logs are read.  A log that does not verify raises
    :class:`~racebook.core.errors.LogError` naming it and the line.  The
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
    logs = list(source) if isinstance(source, Sequence) and not isinstance(source, str) else None
    if logs is None:
        logs = log_sources(source)  # type: ignore[arg-type]
    total = len(logs)
    size = chunk or max(1, min(200, total // (8 * workers) or 1))
    jobs = [(fn, logs[i : i + size]) for i in range(0, total, size)]
    done = 0
    out: list[T] = []

    def arrived(_: int, results: list[T]) -> None:
        nonlocal done
        out.extend(results)
        done += len(results)
        if progress is not None:
            progress(done, total)

    run_jobs(
        _read_chunk,
        jobs,
        workers=workers,
        backend=backend,
        address=address,
        on_result=arrived,
        pause_collector=True,  # the rows arriving, millions of them (and progress)
    )
    return out


def read_records(
    source: str | os.PathLike[str] | Sequence[tuple[str, str]], **options: Any
) -> list[Record]:
    """Every record of every log of ``source`` (:func:`read_logs`'s options)."""
    return [r for rows in read_logs(source, log_records, **options) for r in rows]


def game_meta(state: State[Any, Any, Any], log_id: str = "") -> dict[str, Any]:
    """One row per game: its log id, game, the header's ``meta`` (who sat
    where, :func:`~racebook.core.log.set_meta`), final scores and winners."""
    result = state.result
    return {
        "log": log_id,
        "game": state.game.id,
        "meta": meta_of(state) or {},
        "scores": list(result.scores) if result is not None else None,
        "winners": list(result.winners) if result is not None else None,
    }


def frame(rows: Sequence[Record] | Sequence[dict[str, Any]]) -> Any:
    """A ``pandas`` frame of ``rows`` (records, or dicts such as
    :meth:`Record.to_data` makes), one column per column and field.  Each
    column is typed by what it holds: integers stay integers
    (``Int64``, missing values as ``<NA>``, never floats), booleans
    ``boolean``, text ``string``; anything else (lists, dicts) is kept as
    Python objects.  Needs the ``analysis`` extra (``pip install
    'racebook[analysis]'``): a ``pandas.DataFrame``."""
    try:
        pd = importlib.import_module("pandas")
    except ImportError as exc:  # pragma: no cover - the extra is missing
        raise ImportError("frame() needs pandas: pip install 'racebook[analysis]'") from exc
    data = [r.to_data() if isinstance(r, Record) else r for r in rows]
    names: dict[str, None] = dict.fromkeys(COLUMNS if data and "kind" in data[0] else ())
    for row in data:
        names.update(dict.fromkeys(row))
    columns: dict[str, Any] = {}
    for name in names:
        values = [row.get(name) for row in data]
        columns[name] = pd.Series(values, dtype=_dtype(values))
    return pd.DataFrame(columns)


def _dtype(values: list[Any]) -> str:
    kinds = {type(v) for v in values if v is not None}
    if kinds == {int}:
        return "Int64"
    if kinds == {bool}:
        return "boolean"
    if kinds == {str}:
        return "string"
    if kinds == {float} or kinds == {int, float}:
        return "Float64"
    return "object"


def write_jsonl(rows: Sequence[Record], out: Any) -> None:
    """Write ``rows`` as JSON Lines to the text file ``out``, one
    :meth:`Record.to_data` a line."""
    for row in rows:
        out.write(json.dumps(row.to_data(), separators=(",", ":"), ensure_ascii=False) + "\n")


def bet_records(state: State[Any, Any, Any], log_id: str = "") -> list[Record]:
    """Ready Set Bet: one record per bet settled (``kind`` ``"bet-settled"``,
    ``type`` ``"bet"``, the step of the race's last action), with its
    ``spot``, ``token``, ``card`` (the VIP card of a bonus bet, -1 for
    none), ``hit`` and what it ``won`` (token x multiplier) or ``lost`` (the
    spot's red circle, and a bonus token's own), before the $0 floor: the
    game's ``settled`` event gives each seat's sum, after it.  Per-bet payouts
    follow the rules as printed: a game with a rule module that changes what
    a bet pays gets no bet records (``[]``), nor does any other game."""
    game: Any = state.game
    if game.id != "readysetbet" or getattr(game, "hooks", None) is None or game.hooks.pays:
        return []
    config: Any = game.config
    out: list[Record] = []
    bets: list[tuple[str, int, int, int]] = []
    for row in iter_records(state, log_id):  # only the bets kept
        if row.type == "action" and row.kind == "bet":
            bets.append((row.fields["spot"], row.seat or 0, row.fields["token"], -1))
        elif row.type == "action" and row.kind == "bonus-bet":
            card = row.fields["card"]
            value = config.vip_cards[card].value
            bets.append((row.fields["spot"], row.seat or 0, value, card))
        elif row.type == "event" and row.kind == "finish":
            pos, places = tuple(row.fields["positions"]), list(row.fields["places"])
            for spot, seat, token, card in sorted(bets):
                rate, wins = game.spot(spot)
                hit = bool(wins(pos, places))
                won = token * rate.mult if hit else 0
                if hit or card < 0:
                    lost = 0 if hit else rate.loss
                else:
                    vip = config.vip_cards[card]
                    lost = 0 if vip.shield else rate.loss + vip.loss
                fields = {"spot": spot, "token": token, "card": card, "hit": hit}
                fields |= {"won": won, "lost": lost}
                out.append(
                    Record(game.id, log_id, row.race, row.step, seat, "bet", "bet-settled", fields)
                )
            bets = []
    return out

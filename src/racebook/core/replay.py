"""Replay and resume: a game rebuilt from its log (:func:`replay`), or
continued from a log a crash cut short (:func:`resume`).

:func:`replay` applies every action through the same validated
:meth:`~racebook.core.game.State.apply` checks and compares the checkpoint
digests, so an edited, reordered or truncated log is refused with the line
number.  Replay checks each action's legality (the game's own ``_check``, as
:meth:`~racebook.core.game.State.apply` does) but never lists legal actions,
and returns no events (the state keeps them, as a live game does).  (In
formats 1 to 4, two actions of different seats that commute, two bets in
Ready Set Bet, say, may be swapped: the game is the same either way, and so
are its digests; format 5's digests cover the order of the lines too.)
Checkpoint lines are required exactly where the game made them.  The format
itself is :mod:`racebook.core.log`'s.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable, Iterator
from itertools import repeat
from typing import Any, Generic, TypeVar, overload

import attrs

from racebook.core.errors import ConfigError, IllegalAction, LogError, MalformedAction, named, short
from racebook.core.fields import action_from_data
from racebook.core.game import Action, Event, Game, State
from racebook.core.log import (
    CONFIG_BOUND,
    FORMAT,
    LINES_HASHED,
    MAX_BYTES,
    VERSION,
    LineHash,
    _parse_line,
    _row_action,
    _upgrade,
    config_digest,
    header_config,
    read_at,
    set_meta,
)
from racebook.core.registry import game_class, game_from_data, generation
from racebook.core.sinks import LogSink

S = TypeVar("S", bound=State[Any, Any, Any])


@overload
def replay(
    text: str, game: None = None, *, history: bool = True, on_action: OnAction | None = None
) -> State[Any, Any, Any]: ...
@overload
def replay(
    text: str,
    game: type[Game[Any, S]],
    *,
    history: bool = True,
    on_action: OnAction | None = None,
) -> S: ...


def replay(
    text: str,
    game: type[Game[Any, Any]] | None = None,
    *,
    history: bool = True,
    on_action: OnAction | None = None,
) -> State[Any, Any, Any]:
    """Rebuild a game from its log, verifying every action and digest.

    ``game``: the game class the log must be of (a :class:`LogError` on line
    1 if it is another); it also types the result for mypy:
    ``replay(text, ReadySetBet)`` is a ``ReadySetBetState``.

    ``history=False`` keeps none of the game's history, only its length: the
    memory of the replay is then that of one state, whatever the log's length
    (``tests/test_replay_memory.py``), and the state's log refuses to give its
    actions, events or text (:class:`~racebook.core.errors.HistoryNotKept`),
    as does a game that needs them (the trick race's ``hidden_variant``).
    ``on_action(state, action, events)`` is called after each action, its
    events as the state gave them: what a reader keeps of the history as it
    goes (:func:`racebook.analysis.records` of a log).

    Raises :class:`LogError` with the line number of the first problem.  The
    work is bounded by the log's length: the text by :data:`MAX_BYTES`, each
    line by :data:`MAX_LINE`, and each action's cost by the bounds every game
    puts on its config's sizes.  A log cut short (a crash) is refused here:
    :func:`resume` continues it.
    """
    return _replay(text, partial=False, expect=game, history=history, on_action=on_action).state


OnAction = Callable[[State[Any, Any, Any], Action, list[Event]], None]
"""What :func:`replay` calls after each action: the state, the action and
its events."""


@attrs.frozen
class Resumed(Generic[S]):
    """What :func:`resume` gives back: the ``state``, drawing its own chance
    now; ``closed`` if the log had its closing line; ``dropped`` says which
    half-written last line was dropped (``None`` if none was)."""

    state: S
    closed: bool
    dropped: str | None = None


@overload
def resume(
    text: str | LogSink, seed: int | None = None, *, game: None = None
) -> Resumed[State[Any, Any, Any]]: ...
@overload
def resume(
    text: str | LogSink, seed: int | None = None, *, game: type[Game[Any, S]]
) -> Resumed[S]: ...
def resume(
    text: str | LogSink, seed: int | None = None, *, game: type[Game[Any, Any]] | None = None
) -> Resumed[Any]:
    r"""Continue a logged game: replay and verify ``text``, then draw chance
    from a new random generator.

    The log may be cut short, as a crash leaves it: without its closing line,
    and with a half-written last line, which is dropped (``Resumed.dropped``
    says so).  ``seed`` is for tests and demos only: by default the generator
    is seeded from the operating system, so nobody can predict from the log
    the chance that follows (the log never records a seed).  ``game``: the
    game class the log must be of, as for :func:`replay`.  ``text`` may be a
    :class:`~racebook.core.sinks.LogSink` instead: its stored text is read
    (not claimed: :meth:`racebook.table.Table.resume` claims it and goes on writing).

    >>> import racebook
    >>> state = racebook.load("longshot").new_state(seed=1)
    >>> cut = state.log.dumps().rsplit("\n", 2)[0]  # no closing line
    >>> resumed = racebook.resume(cut + '\n{"kind":"pla')
    >>> resumed.closed, resumed.dropped
    (False, 'line 5: half-written, dropped')
    >>> resumed.state.digest() == state.digest()
    True
    """
    if not isinstance(text, str):
        text = text.read()
    resumed = _replay(text, partial=True, expect=game)
    state = resumed.state
    state._rng = random.Random(seed if seed is not None else secrets.randbits(64))
    state._resolve_chance([])
    return resumed


_GAMES_BUILT: dict[tuple[int, str], tuple[Game[Any, Any], int, dict[str, Any] | None]] = {}
MAX_GAMES_BUILT = 32
"""Games built from log headers kept for the next log with the same header
line (``_header_game``)."""


def _header_game(head: str) -> tuple[Game[Any, Any], int, dict[str, Any] | None]:
    """The game a log's header line names, the format version it was
    written in and its ``"meta"`` (``None`` if none).  A game is immutable
    and shared by all its states, so the game of a header line met before is
    reused, unless the registry changed
    since (``registry.generation``): building it (reading and checking the
    config) cost a quarter of replaying a Ready Set Bet game (``make bench``)."""
    key = (generation(), head)
    found = _GAMES_BUILT.get(key)
    if found is None:
        found = _but_meta(head)
        if len(_GAMES_BUILT) >= MAX_GAMES_BUILT:
            _GAMES_BUILT.clear()
        _GAMES_BUILT[key] = found
    return found


def _but_meta(head: str) -> tuple[Game[Any, Any], int, dict[str, Any] | None]:
    """:func:`_build_header_game`, the game reused from a header line of this
    format that differed only in its ``"meta"`` (a simulation's logs say
    which game of the run each is: a game was built for every log, a sixth
    of reading its records, ``make bench``'s "Reading logs")."""
    header = _parse_line(1, head)
    if header.get("version") != VERSION or "meta" not in header:
        return _build_header_game(head)
    meta = header.pop("meta")
    if type(meta) is not dict:
        raise LogError(1, f"header: meta is a JSON object, got {short(meta)}")
    bare = (generation(), json.dumps(header, separators=(",", ":"), ensure_ascii=False))
    found = _GAMES_BUILT.get(bare)
    if found is None:
        game, written, _ = found = _build_header_game(head)
        if len(_GAMES_BUILT) >= MAX_GAMES_BUILT:
            _GAMES_BUILT.clear()
        _GAMES_BUILT[bare] = (game, written, None)
    return found[0], found[1], meta


def _build_header_game(head: str) -> tuple[Game[Any, Any], int, dict[str, Any] | None]:
    header = _parse_line(1, head.removesuffix("\r"))
    if header.get("format") != FORMAT:
        raise LogError(1, f"not a racebook log (format {short(header.get('format'))})")
    if header.get("redacted"):
        raise LogError(1, "a seat's redacted log (for_seat) cannot be replayed")
    version = header.get("version")
    if type(version) is not int or version < 1:
        raise LogError(1, f"bad format version {short(version)}")
    if version > VERSION:
        raise LogError(1, f"format version {version} is newer than this library reads ({VERSION})")
    written = version
    header = _upgrade(header, written)
    game_id = header.get("game")
    if type(game_id) is not str:
        raise LogError(1, "header names no game")
    try:
        config = header_config(game_class(game_id), header)
        game = game_from_data(game_id, config, written)
    except ConfigError as exc:
        raise LogError(1, f"header: {exc}") from None
    defaults = header.get("defaults")
    # its log is written at that revision, and format 5 in format 5, again
    read_at(game, defaults if type(defaults) is int else None, written)
    if written >= CONFIG_BOUND:
        bound = header.get("config_digest")
        if type(bound) is not str:
            raise LogError(1, f"header binds no config (config_digest {short(bound)})")
        now = config_digest(game.config)
        if bound != now:
            raise LogError(
                1,
                f"header: {game_id} was played under other settings (config digest "
                f"{short(bound)}) than its config reads as now ({now}): a default "
                "changed without a new defaults revision, or the header was edited",
            )
    seats = header.get("seats")
    if type(seats) is not int or seats != game.seats:
        raise LogError(1, f"header says {short(seats)} seats, its config has {game.seats}")
    meta = header.get("meta")
    if meta is not None and type(meta) is not dict:
        raise LogError(1, f"header: meta is a JSON object, got {short(meta)}")
    return game, written, meta


def _replay(
    text: str,
    *,
    partial: bool,
    expect: type[Game[Any, Any]] | None = None,
    history: bool = True,
    on_action: OnAction | None = None,
) -> Resumed[State[Any, Any, Any]]:
    if len(text) > MAX_BYTES:
        raise LogError(1, f"log larger than {MAX_BYTES} bytes")
    first = text.find("\n")
    head = text if first < 0 else text[:first]
    if not head.strip():
        raise LogError(1, "empty log: no header")
    if first < 0 and partial:
        try:  # a log that is a header cut short cannot be resumed
            json.loads(head)
        except (ValueError, RecursionError):
            raise LogError(1, "the header is half-written") from None
    game, written, meta = _header_game(head.removesuffix("\r"))
    if expect is not None and not isinstance(game, expect):
        raise LogError(1, f"a log of {game.id}, not of {short(getattr(expect, 'id', expect))}")
    state = game.new_state(explicit_chance=True)
    if not history:
        state._forget_history()
    if meta is not None:
        set_meta(state, meta)
    hashed = LineHash() if written >= LINES_HASHED else None  # the lines' running hash
    if hashed is not None:
        hashed.add(head.removesuffix("\r"))
    ended = False
    dropped = None
    rows = written >= 3  # format 3 writes actions as arrays, 1 and 2 as objects
    due = 0  # actions after which the game made a checkpoint: its line comes next
    last = 1
    seen = _read_lines(game) if rows else {}
    check_rules, do = state._check_rules, state._do
    lines = hashed._pending if hashed is not None else []
    for number, line, complete in _lines(text, first + 1 if first >= 0 else len(text), 2):
        found = seen.get(line)
        if found is None:
            if not line.strip():
                continue
            if not complete:
                try:
                    json.loads(line)
                except (ValueError, RecursionError):
                    if not partial:
                        raise LogError(
                            number,
                            "half-written (no end of line): the log was cut short; "
                            "resume() continues it",
                        ) from None
                    dropped = f"line {number}: half-written, dropped"
                    break
            obj = _parse_line(number, line)
            if written < VERSION and type(obj) is dict:
                obj = _upgrade(obj, written)
            last = number
            if ended:
                raise LogError(number, "line after the closing line")
            if type(obj) is not list and "kind" not in obj:
                due, ended = _control_line(state, obj, number, due, written, hashed)
                if not history:  # only the last checkpoint is ever compared
                    del state._marks[:-1]
                continue
            if due:
                raise LogError(number, f"the checkpoint after action {due} is missing")
            if (type(obj) is list) != rows:
                raise LogError(
                    number,
                    f"an action of format {written} is a JSON {'array' if rows else 'object'}",
                )
            try:
                if rows:
                    found = _row_action(game, obj)
                    if len(line) <= MAX_LINE_KEPT:
                        seen[line] = found
                else:
                    found = action_from_data(game, obj), False
            except MalformedAction as exc:
                raise LogError(number, exc.message.split(": ", 1)[1]) from None
        else:
            last = number
            if ended:
                raise LogError(number, "line after the closing line")
            if due:
                raise LogError(number, f"the checkpoint after action {due} is missing")
        if hashed is not None:
            lines.append(line)  # LineHash.add, inline
            if len(lines) >= LineHash.BATCH:
                hashed._flush()
        marks = state._mark_count
        action, typed = found
        try:  # as apply checks it; a typed action's check is the rules' alone
            if not typed:
                state._validate(action)
            else:
                reason = check_rules(action)
                if reason is not None:
                    raise named(game, reason).error(action)
        except IllegalAction as exc:
            raise LogError(number, f"illegal action: {exc}") from None
        events = do(action)
        if state._mark_count != marks:
            due = len(state._entries)
        if on_action is not None:
            on_action(state, action, events)
    if not ended and not partial:
        raise LogError(last + 1, "the log has no closing line: it was cut short")
    return Resumed(state, ended, dropped)


CHUNK = 1 << 12
"""Characters of a log split into lines at a time (``_lines``)."""


def _lines(text: str, start: int, number: int) -> Iterator[tuple[int, str, bool]]:
    """:func:`racebook.core.log._numbered_lines`, a chunk of about
    :data:`CHUNK` characters split at a time (``str.split``) instead of a
    search and a slice a line: the memory stays that of a chunk, whatever the
    log's length, and a line costs a third of what it did."""
    end = len(text)
    while start < end:
        stop = text.rfind("\n", start, start + CHUNK)
        if stop < 0:  # a line longer than a chunk, or the last one
            stop = text.find("\n", start + CHUNK)
            if stop < 0:  # the last line, without its end of line
                line = text[start:]
                yield number, line[:-1] if line.endswith("\r") else line, False
                return
        block = text[start:stop]
        lines = block.split("\n")
        if "\r" in block:
            lines = [x[:-1] if x.endswith("\r") else x for x in lines]
        yield from zip(range(number, number + len(lines)), lines, repeat(True))
        number += len(lines)
        start = stop + 1


_LINES: dict[tuple[type[Action], ...], dict[str, tuple[Action, bool]]] = {}
MAX_LINES_KEPT = 1 << 15
"""Action lines kept read per set of action kinds (``_read_lines``)."""
MAX_LINE_KEPT = 128
"""Only lines this short are kept (a shuffle's line is long and never
repeats): the table holds a few MB at most."""


def _read_lines(game: Game[Any, Any]) -> dict[str, tuple[Action, bool]]:
    """Action lines of format 3 on already read, with their action (a frozen
    value, safe to share) and whether it was read typed, for every game with
    ``game``'s action kinds: a line means the same action in all of them.
    Games repeat lines (a trick race's play, a bet, a pass), and so do the
    logs of many games: reading each once made replay of the trick race 1.3x
    faster (``make bench``).  At most :data:`MAX_LINES_KEPT` are kept (then
    the table starts afresh)."""
    kinds = tuple(game.action_types)
    found = _LINES.get(kinds)
    if found is None or len(found) > MAX_LINES_KEPT:
        found = _LINES[kinds] = {}
    return found


def _control_line(
    state: State[Any, Any, Any],
    obj: dict[str, Any],
    number: int,
    due: int,
    written: int,
    hashed: LineHash | None,
) -> tuple[int, bool]:
    """Check a checkpoint or closing line at line ``number`` (``due``: the
    actions after which a checkpoint is due, 0 if none; ``hashed``: the
    running hash of the lines so far, format 5 on); the new ``due`` and
    whether the log is closed."""
    if obj.keys() == {"digest", "after"}:
        after = obj["after"]
        if not due or type(after) is not int or after != due:
            raise LogError(number, "checkpoint line out of place: lines reordered or removed")
        expected = _checkpoint_at(state, written)
        if hashed is not None and expected is not None:
            expected = hashed.seal(expected)
        if obj["digest"] != expected:
            raise LogError(number, "state digest differs: a line before it was edited")
        return 0, False
    if obj.keys() == {"end", "digest"}:
        if due:
            raise LogError(number, f"the checkpoint after action {due} is missing")
        end = obj["end"]
        if type(end) is not int or end != len(state._entries):
            raise LogError(
                number,
                f"closing line counts {short(end)} actions, the log has {len(state._entries)}",
            )
        final = state.digest()
        if obj["digest"] != (final if hashed is None else hashed.seal(final)):
            raise LogError(number, "final state digest differs: the log was edited")
        return 0, True
    raise LogError(number, "neither an action, a checkpoint nor the closing line")


def _checkpoint_at(state: State[Any, Any, Any], version: int) -> str | None:
    """The digest a checkpoint line must hold now, in the log's own format version."""
    if version == 1:
        return state.digest()  # format 1: the full state at every checkpoint
    marks = state._marks
    if marks and marks[-1][0] == len(state._entries):
        return marks[-1][1]
    return None  # the game asked for no checkpoint here: the line is not ours

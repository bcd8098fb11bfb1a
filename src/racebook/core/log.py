"""The log format: JSON Lines with a versioned header (read back by
:mod:`racebook.core.replay`).

Line 1 is the header::

    {"format": "racebook-log", "version": 6, "library": "0.1.0",
     "game": "longshot", "seats": 5, "defaults": 1, "config": {"goal": 50},
     "config_digest": "…"}

``config`` lists only the settings that differ from the game's default config
at revision ``defaults`` (:attr:`~racebook.core.game.Game.defaults_revision`;
formats 1 to 3 wrote every setting and are still read).
:func:`header_config` gives the full config back.  From format 6 on,
``config_digest`` binds the full effective config (:func:`config_digest`),
and an optional ``meta`` holds facts that are not rules (:func:`set_meta`).

Then one line per action, decisions and chance outcomes alike, in the order
they were applied, as a short JSON array: the seat, the kind, then the
action's fields in their declared order, trailing fields at their default left
out: ``[0,"place","3:5",4]`` (format 3; formats 1 and 2 wrote an object,
``{"kind": "place", "seat": 0, "card": "3:5", "box": 4}``, and are still read).
At checkpoints (the end of each race) a digest line ``{"digest": "…",
"after": 57}`` records a hash of the state after the 57th action, chained
with the previous checkpoint (:meth:`~racebook.core.game.State.checkpoint`), and
the last line ``{"end": 312, "digest": "…"}`` closes the log: a log without
it was cut short.  From format 5 on, each of these digests also covers the
text of every line before it (the header and the action lines, a running hash:
:class:`LineHash`), so that an edited action line is refused even when the
edited action is legal and leads to a state with the same digest (a card
moved to another box of the same kind, a die that changes nothing yet).
The digests are not keyed: anyone can write a log that verifies, so they
catch accidents and edits of a log, not forgeries (an application that needs
to know who wrote a log signs the file, an HMAC over its bytes, say: see
the docs on applications).  :mod:`racebook.core.replay` reads a log back,
verified.
"""

from __future__ import annotations

import copy
import hashlib
import json
import weakref
from collections.abc import Callable, Iterator
from importlib import metadata
from typing import TYPE_CHECKING, Any

import attrs

from racebook.core.errors import ConfigError, LogError, MalformedAction, clip, short
from racebook.core.fields import _fast_fields, action_from_data
from racebook.core.serial import MAX_DEPTH, nesting, to_data
from racebook.core.values import Action, Event

if TYPE_CHECKING:
    from racebook.core.game import Game
    from racebook.core.state import State


def _library_version() -> str:
    try:
        return metadata.version("racebook")
    except metadata.PackageNotFoundError:  # a source tree that is not installed
        return "0.0.0"


LIBRARY = _library_version()
"""The library version a log's header records (from the package's metadata)."""

FORMAT = "racebook-log"
VERSION = 6
"""The log format this library writes.  Version 1 (racebook 0.1) recorded the
full state's digest at each checkpoint; version 2 records a chain
(:meth:`~racebook.core.game.State.checkpoint`); version 3 writes each action
as a short array (:func:`action_row`); version 4 writes in the header only the
settings that differ from the game's defaults; version 5's checkpoint and
closing digests also cover the text of the lines before them
(:class:`LineHash`); version 6's header binds the full effective config
(``"config_digest"``, :func:`config_digest`), so that a log replayed under
other settings (a default changed without a new defaults revision) is
refused, and may carry ``"meta"`` (:func:`set_meta`).  All six are read; a
log replayed from format 5 is written in format 5 again (:func:`read_at`)."""
LINES_HASHED = 5
"""The first format whose digests cover the lines' text (:class:`LineHash`)."""
CONFIG_BOUND = 6
"""The first format whose header binds the effective config (:func:`config_digest`)."""
MAX_BYTES = 64 * 1024 * 1024
MAX_LINE = 1024 * 1024


def _from_v1(line: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: the lines are the same; only checkpoint digests differ,
    and :func:`replay` checks those in the version the log was written in."""
    return line


def _from_v2(line: dict[str, Any]) -> dict[str, Any]:
    """Version 2 to 3: the header, checkpoint and closing lines are the same;
    an action line of version 2 is an object (``{"kind": ..., "seat": ...}``),
    which :func:`replay` reads by field name (version 3 writes an array)."""
    return line


def _from_v3(line: dict[str, Any]) -> dict[str, Any]:
    """Version 3 to 4: a header of version 3 has no ``"defaults"``: its config
    lists every setting, as version 4 reads a header without one."""
    return line


def _from_v4(line: dict[str, Any]) -> dict[str, Any]:
    """Version 4 to 5: every line is the same; only the checkpoint and closing
    digests differ (format 5's cover the lines' text too)."""
    return line


def _from_v5(line: dict[str, Any]) -> dict[str, Any]:
    """Version 5 to 6: every line is the same; a header of version 5 has no
    ``"config_digest"`` (its config is not bound: it replays as before)."""
    return line


# Readers of older format versions: version -> function upgrading one line of
# that version (the header included) to the next version.  Version 1 is the first.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _from_v1,
    2: _from_v2,
    3: _from_v3,
    4: _from_v4,
    5: _from_v5,
}


class LineHash:
    """The running hash of a log's lines (format 5): the header and every
    action line, each as its text (without its line end), in order.  A
    checkpoint or closing line's digest is :meth:`seal` of the state's
    digest there, so that it covers both the state and the text of every
    line before it.  Lines are hashed in batches (at a seal, or every
    ``BATCH`` lines): one hash update a race, not one a line.

    >>> lines = ['{"format":"racebook-log"}', '[0,"pass"]']
    >>> h = LineHash()
    >>> for line in lines:
    ...     h.add(line)
    >>> h.seal("0123456789abcdef") == LineHash.of(lines, "0123456789abcdef")
    True
    """

    __slots__ = ("_hash", "_pending")
    BATCH = 512

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self._pending: list[str] = []

    def add(self, line: str) -> None:
        """Hash one more line (its text, without ``\\n``)."""
        pending = self._pending
        pending.append(line)
        if len(pending) >= self.BATCH:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            self._hash.update(("\n".join(self._pending) + "\n").encode("utf-8", "surrogatepass"))
            self._pending.clear()

    def seal(self, digest: str) -> str:
        """The digest a line of format 5 records: the lines so far and ``digest``."""
        self._flush()
        h = self._hash.copy()
        h.update(b"\x00" + digest.encode("utf-8", "surrogatepass"))
        return h.hexdigest()[:16]

    @classmethod
    def of(cls, lines: list[str], digest: str) -> str:
        """:meth:`seal` of ``digest`` after ``lines``."""
        h = cls()
        for line in lines:
            h.add(line)
        return h.seal(digest)


_DEFAULTS: dict[tuple[type[Any], int], Any] = {}

_READ_AT: weakref.WeakKeyDictionary[Game[Any, Any], int] = weakref.WeakKeyDictionary()
"""The defaults revision of the header each game replayed from a log of
format 4 or later was built from: its log is written at that revision again."""


_WRITTEN_IN: weakref.WeakKeyDictionary[Game[Any, Any], int] = weakref.WeakKeyDictionary()
"""Games replayed from a log of format 5: their log is written in format 5
again (the same text and digests; a header of format 6 would change them all)."""

_META: weakref.WeakKeyDictionary[State[Any, Any, Any], dict[str, Any]] = weakref.WeakKeyDictionary()
"""Each state's header metadata (:func:`set_meta`)."""


def read_at(game: Game[Any, Any], revision: int | None, version: int = VERSION) -> None:
    """``game`` was built from a header at defaults ``revision`` (``None``: a
    header without one) of format ``version``: its log keeps that revision,
    so a replayed log re-dumps to the same text (and, in format 5, the same
    digests) after a game's defaults changed; a log of format 5 is written
    in format 5 again."""
    if revision is not None and revision != type(game).defaults_revision:
        _READ_AT[game] = revision
    if version == 5:
        _WRITTEN_IN[game] = 5


def effective_config(config: Any) -> Any:
    """The full effective config as JSON data: every setting, those a
    converter leaves out at their class default included."""
    data = to_data(config)
    if isinstance(data, dict) and attrs.has(type(config)):
        for f in attrs.fields(type(config)):
            if f.name not in data:
                data[f.name] = to_data(getattr(config, f.name))
    return data


_DIGEST_LEAVES_OUT: dict[type[Any], dict[str, Any]] = {}  # by config type (digest_leaves_out)


def digest_leaves_out(config_type: type[Any], values: dict[str, Any]) -> None:
    """Settings ``config_type`` gained after log format 6, with the values
    (JSON data) that play the game as before they existed: left out of the
    :func:`config_digest` while at those values, so that a log written before
    them still binds its config (a game adding a setting calls this)."""
    _DIGEST_LEAVES_OUT.setdefault(config_type, {}).update(values)


def config_digest(config: Any) -> str:
    """The digest of a config a header of format 6 records (its
    ``"config_digest"``): a hash of the full effective config
    (:func:`effective_config`) as canonical JSON (keys sorted, no spaces),
    but for the settings added since, while at their old values
    (:func:`digest_leaves_out`).  Replay refuses a log whose header reads
    as other settings.

    >>> import racebook
    >>> a = racebook.load("longshot").config
    >>> config_digest(a) == config_digest(racebook.load("longshot", goal=60).config)
    True
    >>> config_digest(a) == config_digest(racebook.load("longshot", goal=50).config)
    False
    """
    data = effective_config(config)
    if isinstance(data, dict):
        for name, value in _DIGEST_LEAVES_OUT.get(type(config), {}).items():
            if name in data and data[name] == value:
                del data[name]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


MAX_META = 64 * 1024
"""A header's ``"meta"`` is at most this long as JSON."""


def set_meta(state: State[Any, Any, Any], meta: dict[str, Any] | None) -> None:
    """Record ``meta`` (a JSON object: who sat where, a simulation's seed and
    game index...) in ``state``'s log header as ``"meta"`` (format 6).  It is
    not part of the rules: replay keeps it (:func:`meta_of`) and writes it
    again, and the digests cover it as they cover the whole header line.
    ``None`` removes it.  Set it before the first line is written (a
    :class:`~racebook.core.logfile.LogWriter` writes the header at once).

    >>> import racebook
    >>> state = racebook.load("trickrace").new_state(seed=1)
    >>> set_meta(state, {"bots": ["random", "heuristic", "random", "random"]})
    >>> racebook.replay(state.log.dumps()).log.header()["meta"]["bots"][1]
    'heuristic'
    """
    if meta is None:
        _META.pop(state, None)
        return
    if not isinstance(meta, dict):
        raise ConfigError("meta", f"a header's meta is a JSON object, got {short(meta)}")
    try:
        size = len(_dump(meta))
    except (TypeError, ValueError) as exc:
        raise ConfigError("meta", f"not JSON data ({clip(str(exc))})") from None
    if size > MAX_META:
        raise ConfigError("meta", f"{size:,} characters as JSON; at most {MAX_META:,}")
    _META[state] = copy.deepcopy(meta)


def meta_of(state: State[Any, Any, Any]) -> dict[str, Any] | None:
    """The header metadata of ``state``'s log (:func:`set_meta`), a copy;
    ``None`` if it has none."""
    meta = _META.get(state)
    return None if meta is None else copy.deepcopy(meta)


def _default_data(cls: type[Game[Any, Any]], revision: int = 0) -> dict[str, Any] | None:
    """``cls``'s default config as JSON data at ``revision`` of its defaults
    (0: the current one; ``None``: it has none, and its headers list every
    setting)."""
    key = (cls, revision or cls.defaults_revision)
    if key not in _DEFAULTS:
        try:
            data = to_data(cls.default_config())
        except TypeError:  # a config type with a setting that has no default
            data = None
        if isinstance(data, dict) and key[1] < cls.defaults_revision:
            data = {**data, **cls.past_defaults(key[1])}
        _DEFAULTS[key] = data if isinstance(data, dict) else None
    found: dict[str, Any] | None = _DEFAULTS[key]
    return found


def config_changes(game: Game[Any, Any]) -> tuple[int | None, Any]:
    """What a header of format 4 writes of ``game``'s config:
    ``(defaults revision, the settings that differ from that revision's
    defaults)``, or ``(None, every setting)`` for a game without defaults.

    >>> import racebook
    >>> config_changes(racebook.load("longshot", goal=50))
    (1, {'goal': 50})
    """
    data = to_data(game.config)
    revision = _READ_AT.get(game, type(game).defaults_revision)
    base = _default_data(type(game), revision)
    if base is None or not isinstance(data, dict):
        return None, data
    changes = {k: v for k, v in data.items() if base.get(k, _NO_DEFAULT) != v}
    for key in base.keys() - data.keys():  # a field its converter leaves out at its default
        changes[key] = to_data(getattr(game.config, key))
    return revision, changes


def header_config(game_cls: type[Game[Any, Any]], header: dict[str, Any]) -> Any:
    """The full config (JSON data) a log header's ``config`` stands for: with a
    ``"defaults"`` revision (format 4), the game's default config, with the
    settings whose default changed since that revision as they were then
    (:meth:`~racebook.core.game.Game.past_defaults`), under the header's own;
    without one, the header's config as it is.  The result is the caller's
    own (a copy: changing it changes no defaults)."""
    data = header.get("config")
    if "defaults" not in header:
        return data
    revision = header["defaults"]
    if type(revision) is not int or not 1 <= revision <= game_cls.defaults_revision:
        raise ConfigError(
            "defaults",
            f"revision {short(revision)} of {game_cls.id}'s defaults is unknown "
            f"(this library has 1..{game_cls.defaults_revision})",
        )
    if not isinstance(data, dict):
        raise ConfigError("config", f"a header's config is a JSON object, got {short(data)}")
    if nesting(data) > MAX_DEPTH:  # before the copy below, which recurses (as
        # game_from_data refuses it for a header of format 3 and a variant file)
        raise ConfigError("config", f"nested more than {MAX_DEPTH} levels deep")
    base = _default_data(game_cls)
    if base is None:
        raise ConfigError("defaults", f"{game_cls.id} has no default config")
    past = game_cls.past_defaults(revision) if revision < game_cls.defaults_revision else {}
    # a copy: the defaults are kept for every header, and the caller may change what it gets
    return copy.deepcopy({**base, **past, **data})


def _dump(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def action_data(action: Action) -> dict[str, Any]:
    """An action as a JSON object with its ``kind`` (:meth:`Action.to_data`)."""
    return action.to_data()


_ROWS: dict[type[Any], tuple[tuple[str, ...], tuple[Any, ...]]] = {}
_NO_DEFAULT = object()


def _row_fields(cls: type[Any]) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    """An action class's fields after ``seat``, in declared order, and each
    one's default as JSON data (``_NO_DEFAULT`` if it has none)."""
    found = _ROWS.get(cls)
    if found is None:
        names: list[str] = []
        defaults: list[Any] = []
        for f in attrs.fields(cls)[1:]:
            names.append(f.name)
            plain = f.default is not attrs.NOTHING and not isinstance(f.default, attrs.Factory)  # type: ignore[arg-type]
            defaults.append(to_data(f.default) if plain else _NO_DEFAULT)
        found = _ROWS[cls] = (tuple(names), tuple(defaults))
    return found


def action_row(action: Action) -> list[Any]:
    """An action as a log line of format 3: ``[seat, kind, field...]``, its
    fields after ``seat`` in declared order as :meth:`Action.to_data` writes
    them, fields at their default left out from the end.

    >>> from racebook.games.longshot import Pass
    >>> action_row(Pass(2))
    [2, 'pass']
    """
    cls = type(action)
    names, defaults = _row_fields(cls)
    data = to_data(action)
    row = [action.seat, cls.kind, *(data[name] for name in names)]
    n = len(row)
    while n > 2 and defaults[n - 3] is not _NO_DEFAULT and row[n - 1] == defaults[n - 3]:
        n -= 1
    return row if n == len(row) else row[:n]


def row_action(game: Game[Any, Any], row: list[Any]) -> Action:
    """An action from its format-3 log line (:func:`action_row`);
    :class:`MalformedAction` naming the field if it is not one."""
    return _row_action(game, row)[0]


def _row_action(game: Game[Any, Any], row: list[Any]) -> tuple[Action, bool]:
    """:func:`row_action`, and whether every field was read by its exact type
    (ints in range, cards parsed), so that the action needs no
    :func:`~racebook.core.game.field_problem`."""
    if len(row) < 2:
        raise MalformedAction("kind", "an action line holds at least its seat and kind")
    kind = row[1]
    cls = game.action_kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction("kind", f"unknown action kind {short(kind)} for {game.id}")
    names, _ = _row_fields(cls)
    if len(row) - 2 > len(names):
        raise MalformedAction(
            "kind", f"malformed {kind!r} action: {len(row) - 2} fields, it has {len(names)}"
        )
    readers = _fast_fields(cls)
    if readers is not None:
        try:  # by position, in declared order; fields left out from the end take
            # their defaults (a TypeError if they have none)
            values = zip(readers, (row[0], *row[2:]), strict=False)
            return cls(*[read(v) for (_, read), v in values]), True
        except (ValueError, TypeError):
            pass  # the object reader gives the precise message
    obj: dict[str, Any] = {"kind": kind, "seat": row[0]}
    obj.update(zip(names, row[2:], strict=False))
    return action_from_data(game, obj), False


def event_data(event: Event) -> dict[str, Any]:
    """An event as a JSON object with its ``event`` name (:meth:`Event.to_data`)."""
    return event.to_data()


class GameLog:
    """The log of a state so far (a live view: it follows the state)."""

    def __init__(self, state: State[Any, Any, Any]) -> None:
        self._state = state

    def __len__(self) -> int:
        return len(self._state._entries)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, chance outcomes included."""
        return tuple(self._state._entries)

    def events(self, seat: int | None = None) -> list[Event]:
        """Every event so far that ``seat`` may see (``None``: a spectator)."""
        self._state._check_seat(seat)
        return [e for group in self._state._events for e in group if e.visible_to(seat)]

    def header(self) -> dict[str, Any]:
        """The header line (format 4: the config as changes from the game's
        defaults, :func:`config_changes`; format 6: with its
        ``"config_digest"`` and its ``"meta"``, if any)."""
        game = self._state.game
        revision, config = config_changes(game)
        version = _WRITTEN_IN.get(game, VERSION)
        header: dict[str, Any] = {
            "format": FORMAT,
            "version": version,
            "library": LIBRARY,
            "game": game.id,
            "seats": game.seats,
        }
        if revision is not None:
            header["defaults"] = revision
        header["config"] = config
        if version >= CONFIG_BOUND:
            header["config_digest"] = config_digest(game.config)
        meta = _META.get(self._state)
        if meta is not None:
            header["meta"] = copy.deepcopy(meta)
        return header

    def dumps(self) -> str:
        """The whole log as JSON Lines (full information: keep it secret),
        **always with its closing line**, even mid-game (as if saved now):
        to store a game as it goes, store :meth:`lines_since`'s lines."""
        return "\n".join(self._lines()[0]) + "\n"

    def lines_since(self, n: int = 0) -> list[str]:
        """The log's lines after the ``n``-th (the header is line 1), without
        the closing line: what to append to a stored log of ``n`` lines."""
        if type(n) is not int or n < 0:
            raise ValueError(f"a line count is an int from 0 on, not {short(n)}")
        return self._lines()[0][n:-1]

    def _lines(self) -> tuple[list[str], LineHash]:
        """The log's lines (the closing line last), and the running hash of
        its lines but the closing line (:class:`LineHash`)."""
        state = self._state
        hashed = LineHash()
        head = _dump(self.header())
        hashed.add(head)
        lines = [head]
        marks = iter(state._marks)
        mark = next(marks, None)
        for i, action in enumerate(state._entries, start=1):
            line = _dump(action_row(action))
            hashed.add(line)
            lines.append(line)
            while mark is not None and mark[0] == i:
                lines.append(_dump({"digest": hashed.seal(mark[1]), "after": i}))
                mark = next(marks, None)
        final = hashed.seal(state.digest())
        lines.append(_dump({"end": len(state._entries), "digest": final}))
        return lines, hashed

    def for_seat(self, seat: int | None) -> str:
        """The log as ``seat`` may know it: the header, then every event that
        seat may see.  No chance outcome, no digest, no other hand.  It tells
        the story; it cannot be replayed."""
        header = self.header()
        header.pop("config_digest", None)  # no digest in a seat's log
        header["seat"] = seat
        header["redacted"] = True
        lines = [_dump(header)]
        lines.extend(_dump(event_data(e)) for e in self.events(seat))
        return "\n".join(lines) + "\n"


_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _parse_line(number: int, line: str) -> Any:
    if len(line) <= MAX_LINE and line[:1] in ("[", "{"):
        try:  # the common case without json.loads's wrappers: a whole line, one value
            obj, end = _SCAN(line, 0)
        except (StopIteration, ValueError, RecursionError):
            pass  # json.loads below says why
        else:
            if end == len(line) and (type(obj) is dict or (number > 1 and type(obj) is list)):
                return obj
    if len(line) > MAX_LINE:
        raise LogError(number, f"line longer than {MAX_LINE} characters")
    try:
        obj = json.loads(line)
    except RecursionError:
        raise LogError(number, "nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise LogError(number, f"not JSON ({exc.msg}: column {exc.colno})") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise LogError(number, f"not readable JSON ({clip(str(exc))})") from None
    if not isinstance(obj, dict) and (number == 1 or not isinstance(obj, list)):
        raise LogError(number, "not a JSON object" if number == 1 else "not a JSON object or array")
    return obj


def _numbered_lines(text: str, start: int = 0, number: int = 1) -> Iterator[tuple[int, str, bool]]:
    """The log's lines from offset ``start`` on, numbered from ``number``, one at a
    time (a huge log is never split or decoded whole): ``(number, line,
    complete)``, where ``complete`` is false for a last line without its
    ``\n``.  Lines are split on ``\n`` only (a string in the log may hold
    U+2028 and the like, which :meth:`str.splitlines` would split on); a ``\r``
    before it is dropped."""
    end = len(text)
    while start < end:
        stop = text.find("\n", start)
        complete = stop >= 0
        if not complete:
            stop = end
        line = text[start:stop]
        yield number, line[:-1] if line.endswith("\r") else line, complete
        start, number = stop + 1, number + 1


def parse_action(game: Game[Any, Any], obj: Any, number: int) -> Action:
    """Structure one action line for ``game`` (an array of format 3, an object
    of formats 1 and 2); :class:`LogError` if it is not one."""
    try:
        if type(obj) is list:
            return row_action(game, obj)
        return action_from_data(game, obj)
    except MalformedAction as exc:
        raise LogError(number, exc.message.split(": ", 1)[1]) from None


def _upgrade(obj: dict[str, Any], version: int) -> dict[str, Any]:
    """One line of a log of format ``version``, as this library's format has it."""
    while version < VERSION:
        obj = UPGRADES[version](obj)
        version += 1
    return obj

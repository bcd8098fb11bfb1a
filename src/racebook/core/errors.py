"""The typed errors every game raises.

All of them subclass :class:`ValueError` (bad input, never a crash) and
:class:`RacebookError`, and say *what* was wrong and *where*.
"""

from __future__ import annotations

import re
from typing import Any

MAX_REPR = 60
"""A value quoted in an error message is cut to this many characters."""
MAX_MESSAGE = 2000
"""No error message is longer than this (input can be huge; messages are not)."""


def short(value: Any) -> str:
    """``repr(value)`` cut to :data:`MAX_REPR` characters.

    >>> short("x" * 100)[-21:]
    'x... (102 characters)'
    >>> short(10**200)
    'an integer of 665 bits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    if isinstance(value, list | tuple | dict) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        return f"a {type(value).__name__}"
    if len(text) > MAX_REPR:
        return f"{text[: MAX_REPR - 4]}... ({len(text)} characters)"
    return text


UNSHOWN = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069"
    "\ufeff\ud800-\udfff]"
)
"""What a message never shows as it is: control characters (a terminal obeys
ESC: a window's title, the clipboard, the screen cleared), the newline
included (a message is one line), the bidirectional overrides, embeddings,
isolates and marks (text shown in another order than it is written: visual
spoofing), zero-width characters (a name that looks like another) and lone
surrogates (not Unicode)."""


def escape(text: str, *, newline: bool = False) -> str:
    """``text`` with every character of :data:`UNSHOWN` written as its escape
    (``\\x1b``, ``\\u202e``): the one function every message that quotes
    input goes through (:func:`clip` calls it, and so does the command line
    for every line it prints to stderr).  ``newline``: keep ``\\n`` as it is
    (a terminal screen of several lines).  Backslashes are left alone, so
    escaping twice changes nothing more.

    >>> escape("Lucky\\x1b]0;owned\\x07 \\u202egnp.exe")
    'Lucky\\\\x1b]0;owned\\\\x07 \\\\u202egnp.exe'
    """
    if newline:
        return UNSHOWN.sub(lambda m: m.group() if m.group() == "\n" else _escaped(m), text)
    return UNSHOWN.sub(_escaped, text)


def _escaped(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clip(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters and escaped (:func:`escape`): an
    error message quoting input.

    >>> clip("abc" * 200, 10)
    'abcabca...'
    >>> clip("colour\\x1b[2J")
    'colour\\\\x1b[2J'
    """
    text = text if len(text) <= limit else text[: limit - 3] + "..."
    return escape(text) if UNSHOWN.search(text) is not None else text


def _rebuilt(kind: type[RacebookError], args: tuple[Any, ...], fields: dict[str, Any]) -> Any:
    """An error of ``kind`` as pickled (:meth:`RacebookError.__reduce__`)."""
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(fields)
    return error


class RacebookError(Exception):
    """Base class of every error racebook raises on purpose."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its kind, its message and its fields, not rebuilt by
        # __init__ (whose arguments are not the message): a worker process's
        # LogError reaches read_logs' caller as that LogError
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


class IllegalAction(RacebookError, ValueError):
    """An action the rules forbid now.  The state is left exactly as it was.

    ``code`` says which refusal it is, in a word an app can act on (stable
    API: the docs' refusal codes page lists every game's), ``rule`` names
    the rule broken (rulebook and section), ``action`` is the refused
    action, ``message`` says why in English.

    >>> exc = IllegalAction("box 3 is taken", rule="Long Shot: How to place", code="box-taken")
    >>> str(exc), exc.code
    ('box 3 is taken [Long Shot: How to place]', 'box-taken')
    """

    def __init__(
        self, message: str, *, rule: str = "", action: Any = None, code: str = "refused"
    ) -> None:
        self.message = message = clip(message, MAX_MESSAGE)
        self.rule = rule
        self.action = action
        self.code = code
        super().__init__(f"{message} [{rule}]" if rule else message)


class MalformedAction(IllegalAction):
    """An action that is not even well formed (bad client input): ``field``
    names the field at fault (``"kind"`` for an unknown action kind).  Its
    ``code`` is ``unknown-kind`` for a kind the game does not have,
    ``not-an-action`` for what is no action at all, else ``bad-field``.

    >>> exc = MalformedAction("card", "expected HorseCard, got '1:1'")
    >>> str(exc), exc.code
    ("field card: expected HorseCard, got '1:1'", 'bad-field')
    """

    def __init__(
        self,
        field: str,
        message: str,
        *,
        rule: str = "",
        action: Any = None,
        code: str | None = None,
    ) -> None:
        self.field = clip(field, 200)
        if code is None:
            code = "unknown-kind" if field == "kind" else "bad-field"
        super().__init__(f"field {self.field}: {message}", rule=rule, action=action, code=code)


class Refusal(str):
    """Why an action is refused: its text (a ``str``, as a game's check
    returns it) with its stable ``code`` and the ``rule`` it comes from
    (rulebook and section; ``""`` until the state names it, see
    :func:`named`).  Games build them with :func:`refuse`.

    >>> r = refuse("spot-taken", "the spot is taken")
    >>> r == "the spot is taken", r.code
    (True, 'spot-taken')
    """

    code: str
    rule: str

    def __new__(cls, text: str, code: str, rule: str = "") -> Refusal:
        made = super().__new__(cls, text)
        made.code = code
        made.rule = rule
        return made

    def __getnewargs__(self) -> tuple[str, str, str]:  # type: ignore[override]
        return (str(self), self.code, self.rule)

    def __repr__(self) -> str:
        return f"Refusal({str(self)!r}, code={self.code!r}, rule={self.rule!r})"

    def error(self, action: Any = None) -> IllegalAction:
        """The :class:`IllegalAction` (a :class:`MalformedAction` for a bad
        field) this refusal raises."""
        if self.code in MALFORMED:
            field, message = "kind", str(self)
            if message.startswith("field ") and ": " in message:
                field, _, message = message[6:].partition(": ")
            return MalformedAction(field, message, rule=self.rule, action=action, code=self.code)
        return IllegalAction(str(self), rule=self.rule, action=action, code=self.code)


def refuse(code: str, text: str) -> Refusal:
    """A game's refusal: ``text`` says why in English, ``code`` is one the
    game declares (its ``refusals``: code to rulebook section and meaning)."""
    return Refusal(text, code)


CORE_REFUSALS: dict[str, tuple[str, str]] = {
    "game-over": ("", "the game is over: no action is legal any more"),
    "not-your-turn": ("", "the seat (or chance) may not act now"),
    "not-an-action": ("", "not an action of this game (wrong type, or not a JSON object)"),
    "unknown-kind": ("", "an action kind this game does not have (client JSON)"),
    "bad-field": ("", "a field of the action is malformed (wrong type, out of range)"),
    "not-a-chance-node": ("", "a chance outcome was asked for where chance does not act"),
    "unknown-seat": ("", "a seat number the game does not have"),
    "wrong-seat": ("", "a connection acted for another seat than its own (Table.submit)"),
    "refused": ("", "a game's reason without a code (a game outside the library)"),
}
"""The refusals the core gives for every game: code to (section, meaning).
A game may declare one of them too, to name its rulebook's section."""

MALFORMED = frozenset({"not-an-action", "unknown-kind", "bad-field"})
"""The codes of refusals raised as :class:`MalformedAction`."""


def named(game: Any, reason: str) -> Refusal:
    """``reason`` (a game's check's answer) as a :class:`Refusal` whose
    ``rule`` is ``"<game's title>: <section>"``, the section the game
    declares for its code (its ``refusals``), or the title alone; a plain
    ``str`` gets the code ``refused``."""
    code = reason.code if isinstance(reason, Refusal) else "refused"
    text = clip(reason, MAX_MESSAGE)
    declared: dict[str, tuple[str, str]] = getattr(game, "refusals", None) or {}
    section = declared.get(code, CORE_REFUSALS.get(code, ("", "")))[0]
    title: str = game.title
    return Refusal(text, code, f"{title}: {section}" if section else title)


class UnknownSeat(RacebookError, ValueError):
    """A seat number the game does not have (``view(17)``, ``legal_actions(-5)``).

    >>> str(UnknownSeat(17, 5))
    'no seat 17: this game has seats 0..4 (None: a spectator)'
    """

    def __init__(self, seat: object, seats: int) -> None:
        self.seat = seat
        self.seats = seats
        super().__init__(
            f"no seat {short(seat)}: this game has seats 0..{seats - 1} (None: a spectator)"
        )


class BadPosition(RacebookError, ValueError):
    """A position in an event stream that is not one
    (:meth:`~racebook.table.Table.events`: an int from 0 on).

    >>> str(BadPosition(-3))
    'no event position -3: positions are ints from 0 on'
    """

    def __init__(self, position: object) -> None:
        self.position = position
        super().__init__(f"no event position {short(position)}: positions are ints from 0 on")


class LogError(RacebookError, ValueError):
    """A log that cannot be replayed; ``line`` is the 1-based line number.

    >>> str(LogError(3, "not JSON"))
    'log line 3: not JSON'
    """

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason = clip(reason, MAX_MESSAGE)
        super().__init__(f"log line {line}: {reason}")


class HistoryNotKept(RacebookError, ValueError):
    """A game replayed without its history (``replay(..., history=False)``)
    was asked for it: its actions, events or log text.

    >>> str(HistoryNotKept())
    'this game was replayed without its history (history=False): replay it with its history'
    """

    def __init__(self) -> None:
        super().__init__(
            "this game was replayed without its history (history=False): replay it with its history"
        )


class LogInUse(RacebookError, ValueError):
    """A log file that another :class:`~racebook.core.logfile.LogWriter`
    (in this process or another) is writing: a second writer is refused, so
    that the first one's actions are never lost.  ``path`` is the file.

    >>> str(LogInUse("game.jsonl"))
    "log file 'game.jsonl' is being written by another writer (a process still running?)"
    """

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__(
            f"log file {clip(path, 200)!r} is being written by another writer "
            "(a process still running?)"
        )


class NoSpaces(RacebookError, NotImplementedError):
    """A game without a spaces module (:mod:`racebook.core.spaces`: integer
    action ids, chance outcome ids, an observation tensor) asked for one.
    Every built-in game has one; a game written outside the library may not.

    >>> str(NoSpaces("mygame", "observation tensor"))
    'mygame has no observation tensor (no spaces module)'
    """

    def __init__(self, game: str, what: str) -> None:
        self.game = game
        super().__init__(f"{game} has no {what} (no spaces module)")


class ConfigError(RacebookError, ValueError):
    """A variant that cannot be played; ``field`` names the setting.

    >>> str(ConfigError("players", "must be 4 to 6, got 7"))
    'setting players: must be 4 to 6, got 7'
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field = clip(field, 200)
        self.reason = reason = clip(reason, MAX_MESSAGE)
        super().__init__(f"setting {field}: {reason}")


def check_between(field: str, value: int, low: int, high: int) -> None:
    """Refuse ``value`` outside ``low..high`` with a :class:`ConfigError` naming ``field``.

    Every size a variant sets (players, races, a track's length, a table's
    length) has such a documented bound, so that a variant file cannot make
    a game allocate or run without end.

    >>> check_between("races", 10**9, 1, 1000)
    Traceback (most recent call last):
    ...
    racebook.core.errors.ConfigError: setting races: must be 1 to 1000, got 1000000000
    """
    if not low <= value <= high:
        raise ConfigError(field, f"must be {low} to {high}, got {short(value)}")


def check_length(field: str, items: Any, low: int, high: int) -> None:
    """Refuse a list whose length is outside ``low..high``, naming ``field``.

    >>> check_length("marks", [3] * 5, 12, 12)
    Traceback (most recent call last):
    ...
    racebook.core.errors.ConfigError: setting marks: must have 12 entries, got 5
    """
    if not low <= len(items) <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise ConfigError(field, f"must have {span} entries, got {len(items)}")

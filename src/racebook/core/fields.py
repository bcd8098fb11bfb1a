"""An action's fields: checking each one's type (:func:`field_problem`) and
reading an action from its JSON data (:func:`action_from_data`), for a log's
lines and a client's messages alike."""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from racebook.core.errors import MalformedAction, short
from racebook.core.serial import UNSAFE_TEXT, first_bad_field, from_data
from racebook.core.values import Action

if TYPE_CHECKING:
    from racebook.core.game import Game

_FIELDS: dict[type[Any], tuple[tuple[str, Any, Callable[[Any], bool]], ...]] = {}
MAX_INT = 2**63 - 1
"""An action's integer fields are at most this large (in size)."""


def field_problem(action: Action) -> tuple[str, str] | None:
    """The first field of ``action`` whose value is not of its declared type, as
    ``(field, message)``, or ``None``.  Actions built by hand or by a client are
    checked before any rule reads them (``Place(1, "1:1", 0)``: the card is a
    string, not a card)."""
    cls = type(action)
    checks = _FIELDS.get(cls)
    if checks is None:
        hints = typing.get_type_hints(cls)
        checks = _FIELDS[cls] = tuple(
            (f.name, hints[f.name], _checker(hints[f.name])) for f in attrs.fields(cls)
        )
    for name, hint, ok in checks:
        value = getattr(action, name)
        if not ok(value):
            if hint is int and type(value) is int:
                return name, f"an integer from -(2**63-1) to 2**63-1 expected, got {short(value)}"
            return name, f"expected {_type_name(hint)}, got {short(value)}"
    return None


def _type_name(hint: Any) -> str:
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")


def _checker(hint: Any) -> Callable[[Any], bool]:
    if hint is int:  # an int of any size could not even be printed in a message
        return lambda v: type(v) is int and -MAX_INT <= v <= MAX_INT
    if hint is bool or hint is str:
        return lambda v: type(v) is hint
    if hint is float:
        return lambda v: type(v) is float or type(v) is int
    if hint is Any:
        return lambda v: True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0])
            return lambda v: type(v) is tuple and all(item(x) for x in v)
        items = [_checker(a) for a in args]
        return lambda v: (
            type(v) is tuple
            and len(v) == len(items)
            and all(ok(x) for ok, x in zip(items, v, strict=True))
        )
    if origin in (types.UnionType, typing.Union):
        options = [_checker(a) for a in args]
        return lambda v: any(ok(v) for ok in options)
    if origin is typing.Literal:
        return lambda v: v in args
    if isinstance(hint, type):
        return lambda v: isinstance(v, hint)
    return lambda v: True  # a type this check does not know: the rules read it


_FAST: dict[type[Any], tuple[tuple[str, Callable[[Any], Any]], ...] | None] = {}


def _fast_fields(cls: type[Any]) -> tuple[tuple[str, Callable[[Any], Any]], ...] | None:
    """Per-field readers for an action class whose fields are all ints, bools,
    strings or card-like values with a ``parse`` classmethod; ``None``: use cattrs."""
    if cls in _FAST:
        return _FAST[cls]
    readers: list[tuple[str, Callable[[Any], Any]]] = []
    for f in attrs.fields(attrs.resolve_types(cls)):
        read = _reader_for(f.type)
        if read is None:
            _FAST[cls] = None
            return None
        readers.append((f.name, read))
    _FAST[cls] = tuple(readers)
    return _FAST[cls]


def _reader_for(t: Any) -> Callable[[Any], Any] | None:
    if t is int:
        return _read_int
    if t is bool:
        return _read_bool
    if t is str:
        return _read_str
    if isinstance(t, type) and callable(getattr(t, "parse", None)):
        return _reader(t)
    args = typing.get_args(t)
    if typing.get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _reader_for(args[0])
        if item is not None:
            return _tuple_reader(item)
    return None


def _tuple_reader(item: Callable[[Any], Any]) -> Callable[[Any], Any]:
    kept = _KEPT.get(item)
    if kept is None:

        def read(v: Any) -> Any:
            if type(v) is not list:
                raise ValueError(f"expected a list, got {v!r}")
            return tuple(map(item, v))

        return read
    known = kept.__getitem__

    def read_known(v: Any) -> Any:
        if type(v) is not list:
            raise ValueError(f"expected a list, got {v!r}")
        try:  # every item a text read before (a shuffled deck's cards): no call an item
            return tuple(map(known, v))
        except (KeyError, TypeError):
            return tuple(map(item, v))

    return read_known


def _read_int(v: Any) -> int:
    if type(v) is not int or not -MAX_INT <= v <= MAX_INT:
        raise ValueError(f"expected an int, got {v!r}")
    return v


def _read_str(v: Any) -> str:
    if type(v) is not str or UNSAFE_TEXT.search(v) is not None:
        raise ValueError(f"expected a string, got {v!r}")  # cattrs's hook says why
    return v


def _read_bool(v: Any) -> bool:
    if type(v) is not bool:
        raise ValueError(f"expected true or false, got {v!r}")
    return v


_KEPT: dict[Callable[[Any], Any], dict[str, Any]] = {}
"""The values a reader of a frozen attrs class read, by their text (values:
shared safely), for :func:`_tuple_reader`: at most :data:`MAX_KEPT` each."""
MAX_KEPT = 4096


def _reader(t: type[Any]) -> Callable[[Any], Any]:
    parse = t.parse
    if not (attrs.has(t) and getattr(t.__setattr__, "__name__", "") == "_frozen_setattrs"):

        def read(v: Any) -> Any:
            if not isinstance(v, str):
                raise ValueError(f"expected a string, got {v!r}")
            return parse(v)

        return read
    kept: dict[str, Any] = {}

    def read_kept(v: Any) -> Any:
        if not isinstance(v, str):
            raise ValueError(f"expected a string, got {v!r}")
        found = parse(v)
        if len(kept) < MAX_KEPT:
            kept[v] = found
        return found

    _KEPT[read_kept] = kept
    return read_kept


def action_from_data(game: Game[Any, Any], obj: Any) -> Action:
    """Structure one action's JSON data for ``game`` (a log line or a client's
    message); :class:`MalformedAction` naming the field if it is not one."""
    if not isinstance(obj, dict):
        raise MalformedAction(
            "kind", f"an action is a JSON object, got {short(obj)}", code="not-an-action"
        )
    kind = obj.get("kind")
    cls = game.action_kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction("kind", f"unknown action kind {short(kind)} for {game.id}")
    readers = _fast_fields(cls)
    if readers is not None and len(obj) == len(readers) + 1:
        try:
            return cls(**{name: read(obj[name]) for name, read in readers})
        except (KeyError, ValueError, TypeError):
            pass  # fall through to cattrs for the precise message
    fields = {k: v for k, v in obj.items() if k != "kind"}
    try:
        action = from_data(fields, cls)
    except ValueError as exc:
        message = str(exc)
        field = first_bad_field(message)
        raise MalformedAction(field, f"malformed {kind!r} action: {message}") from None
    except RecursionError:
        raise MalformedAction("kind", f"malformed {kind!r} action: nested too deeply") from None
    bad = field_problem(action)  # what the converter takes but apply would refuse (10**30)
    if bad is not None:
        raise MalformedAction(bad[0], f"malformed {kind!r} action: {bad[1]}")
    return action

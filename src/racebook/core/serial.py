"""The one cattrs converter: configs, actions, events and views to JSON data.

Games register hooks for their own value types here (a horse card is written
``"3:5"``).  Structuring is strict, because configs and logs come from other
people: unknown keys are refused, an int must be a JSON integer (not a bool, a
float or a string), a bool must be ``true``/``false``, a string a string, and a
list a list (a string is not a list of characters).  A list stops at its first
bad item, and error messages are bounded (:func:`short`, :data:`MAX_PROBLEMS`),
so a huge input cannot make a huge message.

>>> from_data({"seat": 1}, FrozenDict)["seat"]
1
>>> from_data(["1", 2], tuple[int, ...])
Traceback (most recent call last):
...
ValueError: expected an integer, got '1' @ $[0]
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import (
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.v import format_exception

from racebook.core.errors import UNSHOWN, clip, short

converter = cattrs.Converter(forbid_extra_keys=True)

T = TypeVar("T")

MAX_PROBLEMS = 3
"""At most this many problems are spelled out in one error message."""
MAX_DEPTH = 32
"""Free-form settings (a rule module's) nest at most this deep."""


class FrozenDict(Mapping[str, Any]):
    """An immutable, hashable mapping: the settings of a rule module in a config.

    Configs are shared (every ``load`` of a preset starts from the same one), so
    nothing in them may be changed in place.  Values are frozen too: lists become
    tuples, dicts become :class:`FrozenDict`.

    >>> d = FrozenDict({"threshold": 52, "cards": [1, 2]})
    >>> d["cards"]
    (1, 2)
    >>> d["threshold"] = 1
    Traceback (most recent call last):
    ...
    TypeError: 'FrozenDict' object does not support item assignment
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self._data: dict[str, Any] = {k: freeze(v) for k, v in (data or {}).items()}
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._data) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenDict({self._data!r})"


def nesting(value: Any) -> int:
    """How deep lists and tables nest in ``value`` (0 for a scalar), without recursion.

    >>> nesting([1, {"a": [2]}])
    3
    """
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            return depth
        stack.extend((child, depth) for child in children)
    return deepest


def freeze(value: Any) -> Any:
    """``value`` with every list made a tuple and every dict a :class:`FrozenDict`."""
    if isinstance(value, FrozenDict):
        return value
    if isinstance(value, Mapping):
        return FrozenDict(value)
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """JSON data from a frozen value: tuples become lists, mappings dicts."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    return value


# -- strict structuring ----------------------------------------------------------------------


def _int(value: Any, _: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {short(value)}")
    return value


def _float(value: Any, _: Any) -> float:
    if type(value) is not float and type(value) is not int:
        raise ValueError(f"expected a number, got {short(value)}")
    return float(value)


def _bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, got {short(value)}")
    return value


UNSAFE_TEXT = UNSHOWN
"""What no string read from data may hold (:data:`~racebook.core.errors.UNSHOWN`):
control characters (a terminal would obey ESC and the like in a name), the
bidirectional overrides, embeddings, isolates and marks and the zero-width
characters (a name shown in another order than it is written, or looking like
another: visual spoofing on a terminal or the replay page) and lone
surrogates (not Unicode: the string could not be written to a log or a
page)."""


def unsafe_char(text: str) -> str | None:
    """Why ``text`` may not be a string of a config or a log (``None``: it may).

    >>> unsafe_char("Lucky\\x1b]0;owned\\x07")
    'control character U+001B at index 5 (not allowed in text)'
    >>> unsafe_char("Lucky\\u202egnp")
    'invisible or bidirectional character U+202E at index 5 (not allowed in text)'
    >>> unsafe_char("Lucky\\ud800") is not None, unsafe_char("ロングショット")
    (True, None)
    """
    found = UNSAFE_TEXT.search(text)
    if found is None:
        return None
    code = ord(found.group())
    if 0xD800 <= code <= 0xDFFF:
        return f"lone surrogate U+{code:04X} at index {found.start()} (not valid Unicode)"
    if code < 0xA0:
        return f"control character U+{code:04X} at index {found.start()} (not allowed in text)"
    return (
        f"invisible or bidirectional character U+{code:04X} at index {found.start()} "
        "(not allowed in text)"
    )


def _str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise ValueError(f"expected a string, got {short(value)}")
    if UNSAFE_TEXT.search(value) is not None:
        raise ValueError(f"{unsafe_char(value)}, in {short(value)}")
    return value


def _frozen_dict(value: Any, _: Any) -> FrozenDict:
    if not isinstance(value, Mapping):
        raise ValueError(f"expected a table, got {short(value)}")
    _check_json(value, 0)
    return FrozenDict(value)


def _check_json(value: Any, depth: int) -> None:
    """Refuse what JSON cannot hold (a TOML date, a set) and deep nesting."""
    if depth > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, Mapping):
        for key, item in value.items():
            if type(key) is not str:
                raise ValueError(f"expected string keys, got {short(key)}")
            _str(key, str)
            _check_json(item, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value:
            _check_json(item, depth + 1)
    elif type(value) is str:
        _str(value, str)
    elif value is not None and type(value) not in (bool, int, float):
        raise ValueError(f"expected JSON data, got {type(value).__name__} {short(value)}")


def _at_index(exc: Exception, index: int, item_type: Any, t: Any) -> Exception:
    """The first bad item of a list, as cattrs reports it (``$.races[2].penalty``)."""
    if isinstance(exc, AttributeError | TypeError) and attrs.has(item_type):
        # not a table where an attrs class's fields were expected: say which shape
        exc = ValueError(f"expected a table of {item_type.__name__}'s fields {_shape(item_type)}")
    elif not isinstance(exc, ValueError | TypeError | KeyError | BaseValidationError):
        exc = ValueError(f"{type(exc).__name__}: {short(str(exc))}")
    note = IterableValidationNote(f"Structuring {t} @ index {index}", index, item_type)
    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
    return IterableValidationError(f"While structuring {t}", [exc], t)


def _is_tuple(t: Any) -> bool:
    return typing.get_origin(t) is tuple


def _tuple_hook(t: Any) -> Any:
    args = typing.get_args(t)
    if len(args) == 2 and args[1] is Ellipsis:
        item_type = args[0]
        item = converter.get_structure_hook(item_type)

        def homogeneous(value: Any, _: Any) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple):
                raise ValueError(f"expected a list, got {short(value)}")
            out = []
            for i, x in enumerate(value):
                try:
                    out.append(item(x, item_type))
                except Exception as exc:  # a bad item: say which, stop there
                    raise _at_index(exc, i, item_type, t) from None
            return tuple(out)

        return homogeneous
    hooks = [(a, converter.get_structure_hook(a)) for a in args]

    def fixed(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple) or len(value) != len(hooks):
            raise ValueError(f"expected a list of {len(hooks)} items, got {short(value)}")
        out = []
        for i, ((a, hook), x) in enumerate(zip(hooks, value, strict=True)):
            try:
                out.append(hook(x, a))
            except Exception as exc:
                raise _at_index(exc, i, a, t) from None
        return tuple(out)

    return fixed


def _is_literal(t: Any) -> bool:
    return typing.get_origin(t) is typing.Literal


def _literal_hook(t: Any) -> Callable[[Any, Any], Any]:
    options = typing.get_args(t)
    expected = ", ".join(repr(o) for o in options)

    def literal(value: Any, _: Any) -> Any:
        for option in options:  # by type too: 1 is not True, "1" is not 1
            if type(value) is type(option) and value == option:
                return option
        raise ValueError(f"expected one of {expected}, got {short(value)}")

    return literal


converter.register_structure_hook(int, _int)
converter.register_structure_hook(float, _float)
converter.register_structure_hook(bool, _bool)
converter.register_structure_hook(str, _str)
converter.register_structure_hook(FrozenDict, _frozen_dict)
converter.register_unstructure_hook(FrozenDict, thaw)
converter.register_structure_hook_factory(_is_tuple, _tuple_hook)
converter.register_structure_hook_factory(_is_literal, _literal_hook)


def _format(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, ValueError) and str(exc):
        return str(exc)  # our strict hooks say what they expected and what came
    tables = [t for t in (typing.get_args(type_) or (type_,)) if attrs.has(t)]
    if isinstance(exc, AttributeError | TypeError) and tables:
        # cattrs read a value that is not a table as the fields of an attrs class
        none = " (or none)" if type(None) in typing.get_args(type_) else ""
        return f"expected a table of {tables[0].__name__}'s fields {_shape(tables[0])}{none}"
    return format_exception(exc, type_)


def _shape(cls: type[Any]) -> str:
    """The JSON shape of an attrs class's table, for a message: its first
    fields and their types (``{"mult": int, "loss": int}``)."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # a name only a type checker resolves: the fields' names alone
        hints = {}
    names = [a.name for a in attrs.fields(cls)]
    shown = [f'"{n}": {_type_text(hints[n]) if n in hints else "..."}' for n in names[:6]]
    return "{" + ", ".join(shown) + (", ..." if len(names) > 6 else "") + "}"


def _type_text(t: Any) -> str:
    return t.__name__ if isinstance(t, type) else str(t).replace("typing.", "")


def _messages(exc: BaseValidationError) -> list[str]:
    try:
        return list(cattrs.transform_error(exc, format_exception=_format))
    except RecursionError:
        return ["nested too deeply"]


def _clip_keeping_where(problem: str) -> str:
    """``problem`` cut to a bounded length, its location (``@ $.card``) kept:
    the location names the field at fault (:func:`first_bad_field`)."""
    what, at, where = problem.rpartition(" @ $")
    if not at:
        return clip(problem)
    return clip(what, 200) + at + clip(where, 100)


def _bounded(problems: list[str]) -> str:
    shown = [_clip_keeping_where(p) for p in problems[:MAX_PROBLEMS]]
    more = len(problems) - len(shown)
    return "; ".join(shown) + (f"; and {more} more problem(s)" if more > 0 else "")


def to_data(value: Any) -> Any:
    """Unstructure ``value`` (an attrs value, tuple, ...) to JSON-able data."""
    return converter.unstructure(value)


def from_data(data: Any, cls: type[T]) -> T:
    """Structure ``data`` into ``cls``; raise :class:`ValueError` saying where."""
    try:
        return converter.structure(data, cls)
    except ForbiddenExtraKeysError as exc:
        names = sorted(str(k) for k in exc.extra_fields)
        raise ValueError(f"unknown field(s) {short(names)}") from None
    except BaseValidationError as exc:
        raise ValueError(_bounded(_messages(exc))) from None
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except ValueError as exc:
        raise ValueError(_bounded([str(exc)])) from None
    except (TypeError, KeyError, AttributeError) as exc:
        raise ValueError(f"{type(exc).__name__}: {_bounded([str(exc)])}") from None


def first_bad_field(message: str) -> str:
    """The field a :func:`from_data` message blames (``"?"`` if none).

    >>> first_bad_field("invalid value for type, expected int @ $.players")
    'players'
    >>> first_bad_field("extra fields found (colour) @ $")
    'colour'
    """
    if "@ $." in message:
        return message.split("@ $.", 1)[1].split(";")[0].split("[")[0].split(".")[0].strip()
    if "unknown field(s) [" in message:
        return message.split("['", 1)[1].split("'", 1)[0]
    if "extra fields found (" in message:
        return message.split("extra fields found (", 1)[1].split(")")[0].split(",")[0].strip()
    return "?"


def int_in(low: int, high: int) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: an ``int`` (not a bool, not a float) from ``low`` to
    ``high``, for the fields of value types such as cards, which are built from
    untrusted text and compared for equality (``5.0 == 5``, ``True == 1``).

    >>> import attrs
    >>> @attrs.frozen
    ... class Die:
    ...     pips: int = attrs.field(validator=int_in(1, 6))
    >>> Die(5.0)
    Traceback (most recent call last):
    ...
    ValueError: pips must be an integer from 1 to 6, got 5.0
    """

    def check(_: Any, attribute: Any, value: Any) -> None:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(
                f"{attribute.name} must be an integer from {low} to {high}, got {short(value)}"
            )

    return check

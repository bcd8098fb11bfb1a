"""The one cattrs converter: configs, actions, events and views to JSON data.

Games register hooks for their own value types here (a horse card is written
``"3:5"``).  Structuring is strict: unknown keys are refused.
"""

from __future__ import annotations

from typing import Any, TypeVar

import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError

converter = cattrs.Converter(forbid_extra_keys=True)

T = TypeVar("T")


def to_data(value: Any) -> Any:
    """Unstructure ``value`` (an attrs value, tuple, ...) to JSON-able data."""
    return converter.unstructure(value)


def from_data(data: Any, cls: type[T]) -> T:
    """Structure ``data`` into ``cls``; raise :class:`ValueError` saying where."""
    try:
        return converter.structure(data, cls)
    except ForbiddenExtraKeysError as exc:
        raise ValueError(f"unknown field(s) {sorted(exc.extra_fields)}") from None
    except ClassValidationError as exc:
        raise ValueError("; ".join(cattrs.transform_error(exc))) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise ValueError(f"{type(exc).__name__}: {exc}") from None


def first_bad_field(message: str) -> str:
    """The field a :func:`from_data` message blames (``"?"`` if none).

    >>> first_bad_field("invalid value for type, expected int @ $.players")
    'players'
    """
    if "@ $." in message:
        return message.split("@ $.", 1)[1].split(";")[0].split("[")[0].split(".")[0].strip()
    if "unknown field(s) [" in message:
        return message.split("['", 1)[1].split("'", 1)[0]
    return "?"

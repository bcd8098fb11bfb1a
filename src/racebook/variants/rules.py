"""The registry of rule modules: behaviour a variant plugs in by name.

A variant file or a log names a rule module only by its registered name;
racebook resolves the name here (the built-in modules, those the calling
program registered with :func:`register_rule`, and those installed under the
``racebook.rules`` entry-point group), never by importing a path from the
file.  An unknown name is a :class:`~racebook.core.errors.ConfigError`.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any, TypeVar

import attrs

from racebook.core.errors import ConfigError
from racebook.core.serial import FrozenDict, freeze


@attrs.frozen
class RuleRef:
    """A rule module named in a config: its registered ``name`` and ``settings``
    (any game's config has a ``rules`` tuple of these)."""

    name: str
    settings: FrozenDict = attrs.field(factory=FrozenDict, converter=freeze)
    """Frozen: presets are shared, nothing in a config changes in place."""


_RULES: dict[str, type[Any]] = {}
T = TypeVar("T", bound=type[Any])


def register_rule(cls: T) -> T:
    """Register a rule module class under its ``name`` (a class decorator).

    Names of house rules should carry a prefix of their own (``"house.sprint"``).
    """
    name = getattr(cls, "name", "")
    if not isinstance(name, str) or not name:
        raise ValueError(f"{cls.__name__} has no rule name")
    _RULES[name] = cls
    return cls


def rule_class(name: str, where: str = "rules") -> type[Any]:
    """The class registered as ``name``; :class:`ConfigError` naming ``where`` if none."""
    found = _RULES.get(name)
    if found is None:
        for ep in entry_points(group="racebook.rules"):
            if ep.name == name:
                loaded = ep.load()
                _RULES[name] = loaded
                return loaded  # type: ignore[no-any-return]
        raise ConfigError(
            where,
            f"unknown rule module {name!r}: register it with racebook.variants.register_rule "
            f"before loading (known: {sorted(_RULES)})",
        )
    return found


def rule_names() -> list[str]:
    """Every registered rule module name."""
    return sorted(_RULES)

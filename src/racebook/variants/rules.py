"""The registry of rule modules: behaviour a variant plugs in by name.

A variant file or a log names a rule module only by its registered name;
racebook resolves the name here (the built-in modules, those the calling
program registered with :func:`register_rule`, and those installed under the
``racebook.rules`` entry-point group), never by importing a path from the
file.  An unknown name is a :class:`~racebook.core.errors.ConfigError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any, ClassVar, TypeVar

import attrs

from racebook.core.errors import ConfigError
from racebook.core.registry import registry_changed
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
    registry_changed()  # a log header naming it may build another game now
    return cls


def rule_class(name: str, where: str = "rules") -> type[Any]:
    """The class registered as ``name``; :class:`ConfigError` naming ``where`` if none."""
    found = _RULES.get(name)
    if found is None:
        for ep in entry_points(group="racebook.rules"):
            if ep.name == name:
                loaded = ep.load()
                _RULES[name] = loaded
                registry_changed()
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


class RuleModule:
    """The base of every game's rule modules (Long Shot's ``BoxRule``, Ready Set
    Bet's ``RaceRule``, the trick race's ``TrickRule``): a registered ``name``,
    its ``settings`` read and checked, the ``config`` it plays under, and
    ``where`` it is named in that config (``rules[0]``) for error messages."""

    name: ClassVar[str] = ""

    def __init__(self, settings: Mapping[str, Any], config: Any, where: str) -> None:
        self.settings = dict(settings)
        self.config = config
        self.where = where

    def setting(self, key: str, default: Any, kind: type[Any] | tuple[type[Any], ...]) -> Any:
        """Read one setting of this module, checked: a
        :class:`~racebook.core.errors.ConfigError` names it (``rules[0].settings.points``)."""
        value = self.settings.get(key, default)
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            raise ConfigError(f"{self.where}.settings.{key}", f"expected {kind}, got {value!r}")
        return value

    def check_settings(self, known: set[str]) -> None:
        """Refuse settings this module does not know."""
        unknown = sorted(set(self.settings) - known)
        if unknown:
            raise ConfigError(
                f"{self.where}.settings.{unknown[0]}",
                f"unknown setting of rule {self.name!r}; known: {sorted(known)}",
            )


M = TypeVar("M", bound=RuleModule)


def build_rules(config: Any, base: type[M], what: str) -> tuple[M, ...]:
    """The rule modules ``config.rules`` names, built and checked: each must be
    registered and a subclass of ``base`` (``what`` names that kind in the
    error), and none named twice."""
    out = []
    for i, ref in enumerate(config.rules):
        where = f"rules[{i}]"
        cls = rule_class(ref.name, where)
        if not (isinstance(cls, type) and issubclass(cls, base)):
            raise ConfigError(where, f"{ref.name!r} is not {what}")
        out.append(cls(ref.settings, config, where))
    names = [r.name for r in out]
    if len(set(names)) != len(names):
        raise ConfigError("rules", f"a rule module is named twice: {names}")
    return tuple(out)


def overriding(rules: Sequence[M], base: type[M], hook: str) -> tuple[M, ...]:
    """The modules that override ``hook`` of ``base``: a hook nobody overrides is
    never called, so an unused slot costs nothing."""
    return tuple(r for r in rules if getattr(type(r), hook) is not getattr(base, hook))

"""Rule modules of the trick race: house rules a variant plugs in by name.

A config names them in ``rules`` (:class:`~racebook.variants.rules.RuleRef`:
a registered name and frozen settings).  Subclass :class:`TrickRule`, give it
a ``name``, register it with :func:`racebook.variants.register_rule` and
override the hooks the rule changes; every hook of the base class keeps the
printed rules.  The game resolves the hooks once (:class:`Hooks`): a hook no
module overrides costs nothing.

The slots, in the order of play:

* :meth:`TrickRule.may_whip` (ムチ入れ): whether a seat may play a whip now;
* :meth:`TrickRule.trick_winner` (トリックの流れ): who wins a trick;
* :meth:`TrickRule.spaces` (トリックの流れ): how far the winner's horse moves;
* :meth:`TrickRule.prizes` (配当フェイズ, 賞金): the points for each place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from racebook.core.errors import ConfigError
from racebook.variants.rules import rule_class

if TYPE_CHECKING:
    from racebook.games.trickrace.config import TrickRaceConfig
    from racebook.games.trickrace.state import TrickRaceState

Plays = tuple[tuple[int, int, bool], ...]
"""A trick's plays in order: (seat id, card code, whip)."""


class TrickRule:
    """A rule module of the trick race: behaviour a variant plugs in by name.

    Hooks get the state and the printed rule's answer, and return the answer
    the house rule wants.  A module reads its settings with :meth:`setting`
    in ``__init__`` (a bad one is a :class:`~racebook.core.errors.ConfigError`
    naming it).
    """

    name: ClassVar[str] = ""

    def __init__(self, settings: Mapping[str, Any], config: TrickRaceConfig, where: str) -> None:
        self.settings = dict(settings)
        self.config = config
        self.where = where

    def setting(self, key: str, default: Any, kind: type[Any] | tuple[type[Any], ...]) -> Any:
        """Read one setting of this module, checked; :class:`ConfigError` names it."""
        value = self.settings.get(key, default)
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kind):
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

    # -- hooks, in the order of play ---------------------------------------------------
    def may_whip(self, state: TrickRaceState, seat: int) -> bool:
        """Whether ``seat`` may play a whip now, when the printed rule allows it
        (a face-up whip card, nobody whipped in this trick).  ``False`` forbids
        it, to players and the dummy alike."""
        return True

    def trick_winner(self, state: TrickRaceState, plays: Plays, winner: int) -> int:
        """Who wins the trick ``plays`` (``winner``: the printed rule's, the
        highest card of the winning colour).  Must be a seat in ``plays``."""
        return winner

    def spaces(self, state: TrickRaceState, seat: int, horse: int, card: int, spaces: int) -> int:
        """How many spaces ``seat``'s horse moves for winning with ``card`` (a
        code: ``card & 15`` is its number); ``spaces``: its marks.  At least 0;
        a horse still stops at the goal."""
        return spaces

    def prizes(self, state: TrickRaceState, prizes: tuple[int, ...]) -> tuple[int, ...]:
        """Points to the riders of the horses by place, 1st first (at most 4;
        ``prizes``: the config's)."""
        return prizes


def make_rules(config: TrickRaceConfig) -> tuple[TrickRule, ...]:
    """The rule modules a config names, built and checked."""
    out = []
    for i, ref in enumerate(config.rules):
        where = f"rules[{i}]"
        cls = rule_class(ref.name, where)
        if not (isinstance(cls, type) and issubclass(cls, TrickRule)):
            raise ConfigError(where, f"{ref.name!r} is not a trick-race rule module")
        out.append(cls(ref.settings, config, where))
    names = [r.name for r in out]
    if len(set(names)) != len(names):
        raise ConfigError("rules", f"a rule module is named twice: {names}")
    return tuple(out)


def _overrides(rules: tuple[TrickRule, ...], hook: str) -> tuple[Callable[..., Any], ...]:
    base = getattr(TrickRule, hook)
    return tuple(getattr(r, hook) for r in rules if getattr(type(r), hook) is not base)


@attrs.frozen
class Hooks:
    """The hooks some module overrides, each a tuple of bound methods called in
    the config's order (each gets the answer so far).  Empty: the printed rule."""

    may_whip: tuple[Callable[[TrickRaceState, int], bool], ...] = ()
    trick_winner: tuple[Callable[[TrickRaceState, Plays, int], int], ...] = ()
    spaces: tuple[Callable[[TrickRaceState, int, int, int, int], int], ...] = ()
    prizes: tuple[Callable[[TrickRaceState, tuple[int, ...]], tuple[int, ...]], ...] = ()

    @classmethod
    def of(cls, rules: tuple[TrickRule, ...]) -> Hooks:
        return cls(
            _overrides(rules, "may_whip"),
            _overrides(rules, "trick_winner"),
            _overrides(rules, "spaces"),
            _overrides(rules, "prizes"),
        )

    def whip_allowed(self, state: TrickRaceState, seat: int) -> bool:
        return all(hook(state, seat) for hook in self.may_whip)

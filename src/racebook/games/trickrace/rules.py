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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from racebook.variants.rules import RuleModule, build_rules, overriding

if TYPE_CHECKING:
    from racebook.games.trickrace.config import TrickRaceConfig
    from racebook.games.trickrace.state import TrickRaceState

Plays = tuple[tuple[int, int, bool], ...]
"""A trick's plays in order: (seat id, card code, whip)."""


class TrickRule(RuleModule):
    """A rule module of the trick race: behaviour a variant plugs in by name.

    Hooks get the state and the printed rule's answer, and return the answer
    the house rule wants.  A module reads its settings with :meth:`setting`
    in ``__init__`` (a bad one is a :class:`~racebook.core.errors.ConfigError`
    naming it).
    """

    config: TrickRaceConfig

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
        code: ``card & 15`` is its number); ``spaces``: its marks.  ``horse`` is
        the horse's number, 1..4 (its position is ``state.pos[horse - 1]``).  At least 0;
        a horse still stops at the goal."""
        return spaces

    def prizes(self, state: TrickRaceState, prizes: tuple[int, ...]) -> tuple[int, ...]:
        """Points to the riders of the horses by place, 1st first (at most 4;
        ``prizes``: the config's)."""
        return prizes


def make_rules(config: TrickRaceConfig) -> tuple[TrickRule, ...]:
    """The rule modules a config names, built and checked."""
    return build_rules(config, TrickRule, "a trick-race rule module")


def _overrides(rules: tuple[TrickRule, ...], hook: str) -> tuple[Callable[..., Any], ...]:
    return tuple(getattr(r, hook) for r in overriding(rules, TrickRule, hook))


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

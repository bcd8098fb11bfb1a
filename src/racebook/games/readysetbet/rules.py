"""Rule modules (house rules): behaviour a variant plugs into Ready Set Bet by
name, through the config's ``rules``.

A module subclasses :class:`RaceRule`, has a ``name``, is registered with
:func:`racebook.variants.register_rule` and overrides the hooks it needs.  The
game finds the overridden hooks once (:class:`Hooks`); with no module, play
takes the same paths as before, at no extra cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from racebook.variants.rules import RuleModule, build_rules, overriding

if TYPE_CHECKING:
    from racebook.games.readysetbet.config import ReadySetBetConfig
    from racebook.games.readysetbet.state import ReadySetBetState


class RaceRule(RuleModule):
    """A rule module of Ready Set Bet.  Every hook here keeps the rulebook's rule;
    override the ones the house rule changes.  Hooks must be deterministic
    functions of their arguments and the state (a log replays them)."""

    config: ReadySetBetConfig

    # -- hooks ---------------------------------------------------------------------------
    def bonus(
        self,
        state: ReadySetBetState,
        horse: int,
        move: int,
        *,
        paired: bool,
        dice: tuple[int, int],
        pos: Sequence[int],
    ) -> int:
        """The pair bonus (獎勵移動) for this roll of ``horse``: extra spaces beyond
        the roll's one.  ``horse`` is an index 0..8 into ``HORSES`` (0 is the
        2/3, 4 the 7, 8 the 11/12), as are ``pos`` and ``state.pos``.
        ``move`` is the rules' so far (the config's ``bonus`` if
        the roll pairs with the last, ``paired``, else 0); ``pos`` the positions
        before the roll (``state.pos`` in play; a copy when a roll-out's dice are
        checked or drawn, or odds simulated)."""
        return move

    def betting_closes(self, state: ReadySetBetState, closes: bool) -> bool:
        """Whether betting closes now (截止投注), asked after each roll while it is
        open; ``closes`` is the rules' so far (``close_after`` horses past the red
        line)."""
        return closes

    def pays(
        self, state: ReadySetBetState, bet: SettledBet, won: int, lost: int
    ) -> tuple[int, int]:
        """How a token on a spot pays at settlement (結算投注結果): ``(won, lost)``,
        the rules' so far given as ``won`` and ``lost`` (before the $0 floor)."""
        return won, lost


@attrs.frozen
class SettledBet:
    """A token being settled: its ``spot``, ``seat``, ``token`` value, VIP card (-1:
    none) and whether the spot ``wins``."""

    spot: str
    seat: int
    token: int
    card: int
    wins: bool


@attrs.frozen
class Hooks:
    """The modules that override each hook, found once per game."""

    bonus: tuple[RaceRule, ...] = ()
    betting_closes: tuple[RaceRule, ...] = ()
    pays: tuple[RaceRule, ...] = ()


def make_rules(config: ReadySetBetConfig) -> tuple[RaceRule, ...]:
    """The rule modules a config names, built and checked."""
    return build_rules(config, RaceRule, "a Ready Set Bet rule module")


def hooks(rules: Sequence[RaceRule]) -> Hooks:
    """Which modules override which hook (a hook no module overrides costs nothing)."""

    return Hooks(
        overriding(rules, RaceRule, "bonus"),
        overriding(rules, RaceRule, "betting_closes"),
        overriding(rules, RaceRule, "pays"),
    )

"""The trick race as a game: :class:`TrickRace` (its actions, events and
rule modules), registered as ``trickrace`` with its preset."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from racebook.core.game import Game, GameEnded
from racebook.core.log import digest_leaves_out
from racebook.core.registry import register_game, register_preset
from racebook.games.trickrace import spaces as trickrace_spaces
from racebook.games.trickrace.actions import (
    Bet,
    DealCards,
    Discard,
    Discarded,
    DrawHorses,
    Hand,
    HorsesDrawn,
    MyDiscard,
    MyTicket,
    Paddock,
    Play,
    Played,
    Points,
    RaceBegins,
    RaceResult,
    TicketHidden,
    TicketShown,
    TrickRaceAction,
    TrickWon,
)
from racebook.games.trickrace.config import TrickRaceConfig, check_config
from racebook.games.trickrace.refusals import REFUSALS
from racebook.games.trickrace.rules import Hooks, make_rules
from racebook.games.trickrace.state import TrickRaceState

REVISION_2_SETTINGS = {
    "deal": "shuffle",
    "horse_draw": "random",
    "paddock": True,
    "tickets": True,
    "down_in_turn": False,
}
"""The settings defaults revision 2 added, at the values that play the game
as before (the rulebook's): logs written before them keep their digest."""
digest_leaves_out(TrickRaceConfig, REVISION_2_SETTINGS)


@register_game
class TrickRace(Game[TrickRaceConfig, TrickRaceState]):
    """The trick-taking horse race for 3 (with the dummy) or 4 players.

    >>> import racebook
    >>> racebook.load("trickrace", players=3).seats
    3
    """

    id: ClassVar[str] = "trickrace"
    title: ClassVar[str] = "Trick race"
    refusals: ClassVar[dict[str, tuple[str, str]]] = REFUSALS  # code: (section, meaning)
    spaces: ClassVar[Any] = trickrace_spaces  # integer actions and tensors (racebook.core.spaces)
    config_type: ClassVar[type[Any]] = TrickRaceConfig
    action_types = (DrawHorses, DealCards, Paddock, Discard, Bet, Play)

    def parse_action(self, data: Any) -> TrickRaceAction:
        """An action of this game from its JSON data, typed as
        ``TrickRaceAction`` (a union of the action classes: the kinds
        are exactly :attr:`action_types`); bad client input raises
        :class:`~racebook.core.errors.MalformedAction` naming the field."""
        return cast("TrickRaceAction", super().parse_action(data))

    event_types = (
        HorsesDrawn,
        RaceBegins,
        Hand,
        MyDiscard,
        Discarded,
        MyTicket,
        TicketShown,
        TicketHidden,
        Played,
        TrickWon,
        RaceResult,
        Points,
        GameEnded,
    )

    defaults_revision: ClassVar[int] = 2
    """2 (issue 37): the settings of small variants ``deal``,
    ``horse_draw``, ``paddock``, ``tickets`` and ``down_in_turn``, each at
    its default playing the rulebook's game as before."""

    @classmethod
    def past_defaults(cls, revision: int) -> dict[str, Any]:
        """Revision 1 had none of revision 2's settings: the game they play
        at their defaults (the rulebook's)."""
        return {} if revision >= 2 else dict(REVISION_2_SETTINGS)

    def __init__(self, config: TrickRaceConfig) -> None:
        check_config(config)
        super().__init__(config)
        self.deck = sorted(c * 16 + n for c in range(4) for n in range(1, config.cards + 1))
        self.plays: dict[int, Play] = {}  # interned Play actions (values, shared)
        self.orders: dict[
            tuple[int, tuple[int, ...]], tuple[tuple[int, ...], tuple[tuple[int], ...]]
        ] = {}
        """Each trick's play order by its leader and the ring (worked out once,
        shared by the states: read, never changed)."""
        self.rules = make_rules(config)
        """The config's rule modules, built once."""
        self.hooks = Hooks.of(self.rules)
        """The hooks they override, resolved once: none, no cost."""

    @property
    def seats(self) -> int:
        return self.config.players

    @property
    def num_chance_outcomes(self) -> int:
        return 64

    def _make_state(self) -> TrickRaceState:
        return TrickRaceState(self)


register_preset(
    "trickrace",
    "trickrace",
    TrickRaceConfig(),
    "The trick-taking horse race: 4 players (3 with the dummy), a race per player, "
    "marks 1-4: 3, 5-8: 2, 9-12: 1 (assumed).",
)
register_preset(
    "trickrace-mini",
    "trickrace",
    TrickRaceConfig(
        players=3,
        races=1,
        course=3,
        marks=(1, 2),
        whips=0,
        deal="piles",
        horse_draw="fixed",
        paddock=False,
        tickets=False,
    ),
    "A small trick race for tabular CFR (between Kuhn and Leduc poker in size): 3 players "
    "and the dummy, one race on a course of 3, 2 cards a horse (marks 1 and 2), "
    "four known piles dealt to the horses at random, horses fixed, no paddock, "
    "no tickets, no whips.",
)

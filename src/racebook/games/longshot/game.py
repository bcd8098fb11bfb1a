"""The box race as a game: :class:`LongShot` (the rules of a config: its deck,
its rule modules, its action and event types) and the ``longshot`` preset."""

from __future__ import annotations

from typing import Any, ClassVar

from racebook.cards.horse import HorseCard, card, deck
from racebook.core.game import Action, Event, Game, GameEnded
from racebook.core.registry import register_game, register_preset
from racebook.games.longshot import spaces as longshot_spaces
from racebook.games.longshot.config import LongShotConfig, check_config, upgrade_config
from racebook.games.longshot.placement import Pass, Passed, Place, Placed
from racebook.games.longshot.race import HorseFinished, RaceEnded, RaceStalled, Ran, SpurtBegins
from racebook.games.longshot.refusals import REFUSALS
from racebook.games.longshot.rounds import Drew, Opened, Restock, Restocked
from racebook.games.longshot.rules import make_rules
from racebook.games.longshot.settlement import Money
from racebook.games.longshot.setup import (
    Deal,
    DealOrders,
    Dealt,
    FirstPlayer,
    OrderDealt,
    RaceStarted,
)
from racebook.games.longshot.state import LongShotState

BASE_ACTIONS: tuple[type[Action], ...] = (Place, Pass, FirstPlayer, Deal, DealOrders, Restock)
"""Every action of the box race without rule modules."""
BASE_EVENTS: tuple[type[Event], ...] = (
    RaceStarted,
    Dealt,
    OrderDealt,
    Placed,
    Passed,
    Drew,
    Restocked,
    Opened,
    Ran,
    HorseFinished,
    SpurtBegins,
    RaceStalled,
    RaceEnded,
    Money,
    GameEnded,
)
"""Every event of the box race without rule modules."""


@register_game
class LongShot(Game[LongShotConfig, LongShotState]):
    """Long Shot for 4 to 6 players (and the box race engine of its variants).

    >>> game = LongShot(LongShotConfig(players=4))
    >>> game.seats, game.config.running
    (4, 5)
    """

    id: ClassVar[str] = "longshot"
    title: ClassVar[str] = "Long Shot"
    spaces: ClassVar[Any] = longshot_spaces  # integer actions and tensors (racebook.core.spaces)
    config_type: ClassVar[type[Any]] = LongShotConfig
    placing: ClassVar[str] = "Long Shot: 'How to place Horse cards'"
    """Where the placement rules are written, for error messages."""
    refusals: ClassVar[dict[str, tuple[str, str]]] = REFUSALS
    """Every refusal code of the game: its rulebook section and meaning."""

    def __init__(self, config: LongShotConfig) -> None:
        check_config(config)
        super().__init__(config)
        self.rules = make_rules(config)
        self.action_types = BASE_ACTIONS + tuple(t for r in self.rules for t in r.action_types)
        self.event_types = BASE_EVENTS + tuple(t for r in self.rules for t in r.event_types)
        self.deck = deck(config.running, config.indicated_mvs, config.free_mvs)
        self.deck_cards: tuple[HorseCard, ...] = tuple(map(card, self.deck))
        """The deck's cards as values, in the order of ``deck``."""
        self.deck_index: dict[int, int] = {x: i for i, x in enumerate(sorted(set(self.deck)))}
        """Each distinct card code's place among them, in increasing order
        (the observation tensor's card segments)."""
        # interned Place actions (values, shared): places[seat][code][box]
        self.places: list[dict[int, list[Place]]] = [{} for _ in range(config.players)]
        self.passes: list[Pass] = [Pass(seat) for seat in range(config.players)]
        self.passed_events: list[Passed] = [Passed(seat) for seat in range(config.players)]
        """Interned events (values, shared), as placement.PLACED and rounds.DREW."""

    @classmethod
    def upgrade_config(cls, data: Any, version: int) -> Any:
        """Logs of format 1 were written before ``golden_rule`` (then read per
        card), ``stall_rounds`` and ``stuck_player_covers_same_mv`` (then off)
        existed: they replay with those readings
        (:func:`~racebook.games.longshot.config.upgrade_config`)."""
        return upgrade_config(data, version)

    @property
    def seats(self) -> int:
        return self.config.players

    def _make_state(self) -> LongShotState:
        return LongShotState(self)


register_preset(
    "longshot",
    "longshot",
    LongShotConfig(),
    "Long Shot as printed: 5 players (4-6), 2 races, goal 60 (assumed), spurt 44.",
)

"""Horse Racing Mafia 2-4 as settings of Long Shot's box race: the
:data:`MAFIA` preset (its contents, preparation and race) and the
:class:`Mafia` game, which is :class:`~racebook.games.longshot.game.LongShot`
with only its name and its citation for the placement rules changed."""

from __future__ import annotations

from typing import ClassVar

from racebook.core.registry import register_game, register_preset
from racebook.games.longshot.config import LongShotConfig, RuleRef
from racebook.games.longshot.game import LongShot
from racebook.games.mafia.penalties import MAFIA_RACE, THIRD_RACE
from racebook.games.mafia.refusals import REFUSALS

MAFIA = LongShotConfig(
    players=5,
    horses=6,
    horses_at_4=6,  # 3.7: "All 6 horses are used regardless of the number of players"
    hand_size=13,
    hand_size_at_6=12,  # 3.4
    starting_money=500_000,  # 3.2
    goal=60,  # assumed: the rulebook gives no track length
    spurt_threshold=None,
    draw=0,  # 4.1: no draw step; hands refill only through supply
    pass_when_full=False,
    finishers=2,  # 4.6: "Once 2nd place is determined"
    rank_unfinished=True,
    tiebreaks=("box_total", "highest_card"),  # 4.5
    indicated_mvs=tuple(range(9)),  # 2: indicated 0..8 for each horse
    free_mvs=tuple(mv for mv in range(8) for _ in range(4 if mv < 4 else 5)),  # 2
    races=(MAFIA_RACE, MAFIA_RACE, THIRD_RACE),
    restock_per_box=0,  # assumed: the rulebook has no restock; nothing is opened
    # 5.9 + Q&A Q2(e): before the supply nobody may pass; a card goes over its own MV
    # when "absolutely unavoidable"
    stuck_player_covers_same_mv=True,
    # Q&A Q2 example (c): while box 11 is empty, "Any indicated horse cards not for horse
    # #6 can be played on any box for their indicated horse": the Golden Rule per card
    golden_rule="card",
    rules=(RuleRef("supply-quinella", {}),),
)


@register_game
class Mafia(LongShot):
    """Horse Racing Mafia: Long Shot's engine with :data:`MAFIA`'s settings and
    the :class:`SupplyQuinella` module.

    >>> import racebook
    >>> game = racebook.load("mafia")
    >>> len(game.deck), game.config.hand, game.config.starting_money
    (90, 13, 500000)
    """

    id: ClassVar[str] = "mafia"
    title: ClassVar[str] = "Horse Racing Mafia"
    placing: ClassVar[str] = "Mafia 4.1, 4.4 and Q&A 9.0 Q2"
    refusals: ClassVar[dict[str, tuple[str, str]]] = REFUSALS

    @classmethod
    def default_config(cls) -> LongShotConfig:
        """:data:`MAFIA`: a log header lists the settings that differ from it."""
        return MAFIA


register_preset(
    "mafia",
    "mafia",
    MAFIA,
    "Horse Racing Mafia as printed: 5 players (4-6), 3 races, $500,000, supply and "
    "quinella at 35, goal 60 (assumed).",
)

__all__ = ["MAFIA", "Mafia"]

"""Long Shot (ロングショット, Ginichiro Suzuki, 2012 remake of Horse Racing Mafia).

This package is also the *box race engine* that Horse Racing Mafia and house
rules build on: every number is a field of
:class:`~racebook.games.longshot.config.LongShotConfig`, and behaviour a
variant replaces or adds is a :class:`~racebook.games.longshot.rules.BoxRule`
module plugged into the config's ``rules`` slot by its registered name.

Its modules follow the rulebook's sections in the order of play, so a rule's
section names its file:

=========================================  ==========================================
Rulebook section                           Module
=========================================  ==========================================
Number of players and Length; Horse cards  :mod:`~racebook.games.longshot.config`
Preparation of the first race              :mod:`~racebook.games.longshot.setup`
Basic of the Race Round; When the stack    :mod:`~racebook.games.longshot.rounds`
is exhausted
How to place Horse cards; After all        :mod:`~racebook.games.longshot.placement`
boxes are full                             (the box rules: :mod:`racebook.board.boxes`)
running the horses; The Last Spurt; End    :mod:`~racebook.games.longshot.race`
of the Race                                (the finishing order: :mod:`racebook.board.track`)
Aftermath; Preparation of the last race;   :mod:`~racebook.games.longshot.settlement`
Winning                                    (the steps: :mod:`racebook.scoring.settlement`)
=========================================  ==========================================

The rest: :mod:`~racebook.games.longshot.state` (the state, a table of
contents that hands each step to those modules),
:mod:`~racebook.games.longshot.phases`, :mod:`~racebook.games.longshot.view`
(what a seat sees, and its text picture), :mod:`~racebook.games.longshot.worlds`
(a game of its own world, for a resampled state), :mod:`~racebook.games.longshot.rules`
(the rule modules' slots) and :mod:`~racebook.games.longshot.game` (the game
and its preset).  Every public name is importable from this package.
"""

from __future__ import annotations

from racebook.board.boxes import box_horse, boxes_of
from racebook.games.longshot.config import (
    FIRST_RACE,
    FREE_MVS,
    GOLDEN_RULES,
    INDICATED_MVS,
    LAST_RACE,
    MAX_CARDS_A_TURN,
    MAX_FREE,
    MAX_GOAL,
    MAX_HAND,
    MAX_HORSES,
    MAX_INDICATED,
    MAX_MONEY,
    MAX_MV,
    MAX_RACES,
    MAX_RESTOCK,
    MAX_RULES,
    MAX_STALL_ROUNDS,
    TIEBREAKS,
    LongShotConfig,
    RuleRef,
    check_config,
)
from racebook.games.longshot.game import BASE_ACTIONS, BASE_EVENTS, LongShot
from racebook.games.longshot.phases import (
    DEAL,
    FIRST,
    INTERLUDE,
    OPENED,
    ORDERS,
    OVER,
    RESTOCK,
    SECOND,
    TURN,
)
from racebook.games.longshot.placement import Pass, Passed, Place, Placed
from racebook.games.longshot.race import (
    HorseFinished,
    RaceEnded,
    RaceStalled,
    Ran,
    SpurtBegins,
)
from racebook.games.longshot.rounds import Drew, Opened, Restock, Restocked
from racebook.games.longshot.rules import BoxRule, make_rules
from racebook.games.longshot.settlement import Money, RaceRecord
from racebook.games.longshot.setup import (
    Deal,
    DealOrders,
    Dealt,
    FirstPlayer,
    OrderDealt,
    RaceStarted,
)
from racebook.games.longshot.state import LongShotState
from racebook.games.longshot.view import LongShotView, LongShotViewData

__all__ = [
    "BASE_ACTIONS",
    "BASE_EVENTS",
    "DEAL",
    "FIRST",
    "FIRST_RACE",
    "FREE_MVS",
    "GOLDEN_RULES",
    "INDICATED_MVS",
    "INTERLUDE",
    "LAST_RACE",
    "MAX_CARDS_A_TURN",
    "MAX_FREE",
    "MAX_GOAL",
    "MAX_HAND",
    "MAX_HORSES",
    "MAX_INDICATED",
    "MAX_MONEY",
    "MAX_MV",
    "MAX_RACES",
    "MAX_RESTOCK",
    "MAX_RULES",
    "MAX_STALL_ROUNDS",
    "OPENED",
    "ORDERS",
    "OVER",
    "RESTOCK",
    "SECOND",
    "TIEBREAKS",
    "TURN",
    "BoxRule",
    "Deal",
    "DealOrders",
    "Dealt",
    "Drew",
    "FirstPlayer",
    "HorseFinished",
    "LongShot",
    "LongShotConfig",
    "LongShotState",
    "LongShotView",
    "LongShotViewData",
    "Money",
    "Opened",
    "OrderDealt",
    "Pass",
    "Passed",
    "Place",
    "Placed",
    "RaceEnded",
    "RaceRecord",
    "RaceStalled",
    "RaceStarted",
    "Ran",
    "Restock",
    "Restocked",
    "RuleRef",
    "SpurtBegins",
    "box_horse",
    "boxes_of",
    "check_config",
    "make_rules",
]

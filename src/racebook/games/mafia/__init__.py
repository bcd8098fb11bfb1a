"""Horse Racing Mafia (競馬マフィア, Ginichiro Suzuki, Grimpeur 2003).

Long Shot's predecessor, built as Long Shot's box race plus its differences,
in the rulebook's order (its numbered sections); it reads as Long Shot's
modules plus its own, the way python-chess's variants read as their
differences:

=================================  ===========================================
Rulebook section                   Module
=================================  ===========================================
2 Contents, 3 Preparation          :mod:`~racebook.games.mafia.preset` (settings);
                                   dealing: :mod:`racebook.games.longshot.setup`
4 Race                             :mod:`~racebook.games.mafia.preset` (settings);
                                   :mod:`racebook.games.longshot.rounds`,
                                   :mod:`~racebook.games.longshot.placement`
                                   and :mod:`~racebook.games.longshot.race`
5 Supplying your hand + quinella   :mod:`~racebook.games.mafia.supply`
bets
6 Rewards, penalties, allotments   :mod:`~racebook.games.mafia.penalties`
                                   (tables); paid by
                                   :mod:`racebook.games.longshot.settlement`
=================================  ===========================================

* 2 Contents: 90 cards, indicated 0-8 for each of six horses, free 0-3 x4
  and 4-7 x5.
* 3 Preparation: $500,000 each; hands of 13 (12 with six players); all six
  horses run whatever the player count; orders dealt each race, face up in
  the third; every card reshuffled before each race; three races.
* 4 Race: no draw after placing, no spurt, no PASS when the boxes are full;
  a player who may not pass and has no other card covers its own MV (Q&A
  Q2(e), "absolutely unavoidable"); the race ends once 2nd place is decided,
  lower places by distance; ties by distance past the goal, box total, then
  the single highest card.
* 5 Supplying your hand + quinella bets: the rule module
  :class:`~racebook.games.mafia.supply.SupplyQuinella`
  (``"supply-quinella"``), which a Long Shot house variant can plug in too.
* 6 Rewards, penalties, allotments: the race tables (the 3rd race doubled,
  the supply price not: Q&A Q1), paid in the rulebook's order (7.0
  Bankruptcy).

Every public name is importable from this package.
"""

from __future__ import annotations

from racebook.games.mafia.penalties import MAFIA_RACE, THIRD_RACE
from racebook.games.mafia.preset import MAFIA, Mafia
from racebook.games.mafia.supply import (
    Bought,
    Quinella,
    QuinellaBet,
    QuinellaLaid,
    QuinellaRevealed,
    Resupplied,
    Resupply,
    Supply,
    SupplyBegins,
    SupplyQuinella,
)

__all__ = [
    "MAFIA",
    "MAFIA_RACE",
    "THIRD_RACE",
    "Bought",
    "Mafia",
    "Quinella",
    "QuinellaBet",
    "QuinellaLaid",
    "QuinellaRevealed",
    "Resupplied",
    "Resupply",
    "Supply",
    "SupplyBegins",
    "SupplyQuinella",
]

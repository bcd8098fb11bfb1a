"""The trick-taking horse race (Kawasaki Factory); game id ``trickrace``.

Each player is a jockey and a gambler: winning a trick moves your own horse by
the marks on the card you played, and you bet on the race.  The package's
modules follow the rulebook's sections in the order of play:

* 内容物, ゲームの準備 (the settings): :mod:`~racebook.games.trickrace.config`;
* ゲームの準備 (setup: horses drawn, cards dealt): :mod:`~racebook.games.trickrace.setup`;
* 1 パドックフェイズ (the paddock): :mod:`~racebook.games.trickrace.paddock`;
* 2 馬券購入フェイズ (tickets): :mod:`~racebook.games.trickrace.tickets`;
* 3 レースフェイズ, ムチ入れ (tricks, whips): :mod:`~racebook.games.trickrace.tricks`;
* 4 配当フェイズ, 5 次レース準備フェイズ, ゲームの終了 (payout, next race, end):
  :mod:`~racebook.games.trickrace.payout`;
* 3人プレイ時 (the dummy): :mod:`~racebook.games.trickrace.dummy`;

and beside them: :mod:`~racebook.games.trickrace.actions` (the log's words),
:mod:`~racebook.games.trickrace.view` (what a seat sees),
:mod:`~racebook.games.trickrace.state` (the state, a table of contents),
:mod:`~racebook.games.trickrace.hidden` (hidden information),
:mod:`~racebook.games.trickrace.rules` (rule modules: house rules) and
:mod:`~racebook.games.trickrace.game` (the game, registered).

Seats 0..n-1 are the players, clockwise ("left" of ``s`` is the next seat).
With 3 players the dummy (ダミープレイヤー) is seat id 3: it sits to the right
of the player who drew Vanilla Beans, never appears in ``to_act`` and plays
by its printed rules inside ``apply``.  Horses are 1..4 as on the score sheet.

Comments cite the rulebook by its section headings and quote it.
"""

from __future__ import annotations

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
    TrickRaceMove,
    TrickWon,
)
from racebook.games.trickrace.config import (
    DUMMY,
    HORSES,
    MARKS,
    MAX_COURSE,
    MAX_MARKS,
    MAX_POINTS,
    MAX_RACES,
    MAX_RULES,
    MAX_WHIPS,
    VANILLA,
    WIN,
    TrickRaceConfig,
    check_config,
)
from racebook.games.trickrace.game import TrickRace
from racebook.games.trickrace.phases import (
    BET_DOWN,
    BET_UP,
    DEAL,
    DISCARD,
    DRAW,
    OVER,
    PADDOCK,
    TRICK,
)
from racebook.games.trickrace.rules import Hooks, TrickRule, make_rules
from racebook.games.trickrace.state import TrickRaceState
from racebook.games.trickrace.view import RaceRecord, TrickRaceView, TrickRaceViewData

__all__ = [
    "BET_DOWN",
    "BET_UP",
    "DEAL",
    "DISCARD",
    "DRAW",
    "DUMMY",
    "HORSES",
    "MARKS",
    "MAX_COURSE",
    "MAX_MARKS",
    "MAX_POINTS",
    "MAX_RACES",
    "MAX_RULES",
    "MAX_WHIPS",
    "OVER",
    "PADDOCK",
    "TRICK",
    "VANILLA",
    "WIN",
    "Bet",
    "DealCards",
    "Discard",
    "Discarded",
    "DrawHorses",
    "Hand",
    "Hooks",
    "HorsesDrawn",
    "MyDiscard",
    "MyTicket",
    "Paddock",
    "Play",
    "Played",
    "Points",
    "RaceBegins",
    "RaceRecord",
    "RaceResult",
    "TicketHidden",
    "TicketShown",
    "TrickRace",
    "TrickRaceAction",
    "TrickRaceConfig",
    "TrickRaceMove",
    "TrickRaceState",
    "TrickRaceView",
    "TrickRaceViewData",
    "TrickRule",
    "TrickWon",
    "check_config",
    "make_rules",
]

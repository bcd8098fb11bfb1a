"""Ready Set Bet (賽馬大亨, John D. Clair, AEG 2022), from its Traditional Chinese rulebook.

A host rolls two dice as fast as the table can follow; each roll moves the
horse of that total one space; everyone bets at once, first come first
served, until "no more bets" (截止投注).  The modules follow the rulebook's
sections in the order of play:

* :mod:`~racebook.games.readysetbet.config`: settings (遊戲設置), limits, :func:`check_config`;
* :mod:`~racebook.games.readysetbet.race`: the race (進行賽馬): setting it up,
  the rolls, the red line and "no more bets", the roll-out;
* :mod:`~racebook.games.readysetbet.dice`: the dice and the pair bonus (獎勵移動);
* :mod:`~racebook.games.readysetbet.board`: betting (投注): the board, colour
  bets, prop bets and exotic finishes;
* :mod:`~racebook.games.readysetbet.vip`: VIP cards (貴賓牌) and their draft;
* :mod:`~racebook.games.readysetbet.host`: the host variants (主持人投注, 主持人輪換);
* :mod:`~racebook.games.readysetbet.settlement`: the finish (賽事結束) and
  settlement (結算投注結果), the next race (整理) and the end (遊戲結束);
* :mod:`~racebook.games.readysetbet.oddsmaker`, :mod:`~racebook.games.readysetbet.view`;
* :mod:`~racebook.games.readysetbet.state` (the state, a table of contents of
  play), :mod:`~racebook.games.readysetbet.game` (the game and presets),
  :mod:`~racebook.games.readysetbet.rules` (rule modules), with
  :mod:`~racebook.games.readysetbet.phases` and
  :mod:`~racebook.games.readysetbet.checks` (the harness's audit and probes).

VIP cards (貴賓牌) are data (:class:`VipCard`); the printed texts are not
public, so the default deck :data:`VIP_CARDS` is an *illustrative* set with every
effect kind the rulebook names.  Both host variants are settings:
``host_bets`` (主持人投注) and ``rotating_host`` (主持人輪換).

Seats: bettors ``0..players-1`` and the host's chair, seat ``players``, whose
only action is :class:`Roll`; a person may host, or the app may apply
``Roll(host)`` on its own clock, as the official app does.  With the rotating
host, the player in :attr:`ReadySetBetState.hosting` sits in that chair for the
race (and places the host tokens from their own seat).  Horses are indexed
0..8: ``2/3, 4, 5, 6, 7, 8, 9, 10, 11/12``.
"""

from __future__ import annotations

from racebook.cards.readysetbet import (
    BLUE,
    BOARD,
    COLOUR_BETS,
    COLOUR_NAMES,
    EXOTIC_NAMES,
    EXOTICS,
    HORSES,
    ORANGE,
    PROPS,
    RED,
    SEVEN,
    VIP_CARDS,
    VIP_KINDS,
    ColourBet,
    ExoticCard,
    PropCard,
    Rate,
    VipCard,
)
from racebook.core.game import (
    CHANCE,
)
from racebook.games.readysetbet.board import (
    Bet,
    BetPlaced,
    BonusBet,
    Judge,
    exotic_wins,
    horse_of,
    judge,
    spot_ids,
    spot_rate,
)
from racebook.games.readysetbet.config import (
    MAX_MONEY,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_PROPS,
    MAX_PROPS_PER_RACE,
    MAX_RACES,
    MAX_RATE,
    MAX_RULES,
    MAX_SPOTS,
    MAX_TOKEN,
    MAX_TOKENS,
    MAX_TRACK,
    MAX_VIP_CARDS,
    MAX_VIP_DEAL,
    SEVEN_OR_EIGHT,
    ReadySetBetConfig,
    check_config,
)
from racebook.games.readysetbet.dice import (
    advance,
    dice_to_finish,
    roll_to_finish,
    run_race,
)
from racebook.games.readysetbet.game import (
    ReadySetBet,
)
from racebook.games.readysetbet.host import (
    FirstHost,
    Host,
    HostChosen,
    HostPaid,
)
from racebook.games.readysetbet.live import LiveOddsData, LiveSpotData
from racebook.games.readysetbet.oddsmaker import (
    Odds,
    SpotValue,
    odds,
)
from racebook.games.readysetbet.phases import (
    DEAL,
    FIRST,
    HOST_BETS,
    KEEP,
    OFFER,
    OVER,
    RACE,
    ROLLING,
    ROLLOUT,
    SETUP,
)
from racebook.games.readysetbet.race import (
    BonusMove,
    Dice,
    DiceRun,
    LeadChange,
    NewRace,
    NoMoreBets,
    RaceReady,
    RedLine,
    Roll,
    Rolled,
    RolledOut,
    RollOut,
)
from racebook.games.readysetbet.rules import (
    RaceRule,
    SettledBet,
    make_rules,
)
from racebook.games.readysetbet.settlement import (
    Finished,
    Settled,
)
from racebook.games.readysetbet.state import (
    ReadySetBetAction,
    ReadySetBetMove,
    ReadySetBetState,
)
from racebook.games.readysetbet.view import (
    ReadySetBetView,
    ReadySetBetViewData,
    VipHeld,
    VipHeldData,
)
from racebook.games.readysetbet.vip import (
    BoxCars,
    Cash,
    DealVip,
    Keep,
    SnakeEyes,
    VipDealt,
    VipKept,
    VipPaid,
)
from racebook.variants.rules import (
    RuleRef,
)

__all__ = [
    "BLUE",
    "BOARD",
    "CHANCE",
    "COLOUR_BETS",
    "COLOUR_NAMES",
    "DEAL",
    "EXOTICS",
    "EXOTIC_NAMES",
    "FIRST",
    "HORSES",
    "HOST_BETS",
    "KEEP",
    "MAX_MONEY",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_PROPS",
    "MAX_PROPS_PER_RACE",
    "MAX_RACES",
    "MAX_RATE",
    "MAX_RULES",
    "MAX_SPOTS",
    "MAX_TOKEN",
    "MAX_TOKENS",
    "MAX_TRACK",
    "MAX_VIP_CARDS",
    "MAX_VIP_DEAL",
    "OFFER",
    "ORANGE",
    "OVER",
    "PROPS",
    "RACE",
    "RED",
    "ROLLING",
    "ROLLOUT",
    "SETUP",
    "SEVEN",
    "SEVEN_OR_EIGHT",
    "VIP_CARDS",
    "VIP_KINDS",
    "Bet",
    "BetPlaced",
    "BonusBet",
    "BonusMove",
    "BoxCars",
    "Cash",
    "ColourBet",
    "DealVip",
    "Dice",
    "DiceRun",
    "ExoticCard",
    "Finished",
    "FirstHost",
    "Host",
    "HostChosen",
    "HostPaid",
    "Judge",
    "Keep",
    "LeadChange",
    "LiveOddsData",
    "LiveSpotData",
    "NewRace",
    "NoMoreBets",
    "Odds",
    "PropCard",
    "RaceReady",
    "RaceRule",
    "Rate",
    "ReadySetBet",
    "ReadySetBetAction",
    "ReadySetBetConfig",
    "ReadySetBetMove",
    "ReadySetBetState",
    "ReadySetBetView",
    "ReadySetBetViewData",
    "RedLine",
    "Roll",
    "RollOut",
    "Rolled",
    "RolledOut",
    "RuleRef",
    "Settled",
    "SettledBet",
    "SnakeEyes",
    "SpotValue",
    "VipCard",
    "VipDealt",
    "VipHeld",
    "VipHeldData",
    "VipKept",
    "VipPaid",
    "advance",
    "check_config",
    "dice_to_finish",
    "exotic_wins",
    "horse_of",
    "judge",
    "make_rules",
    "odds",
    "roll_to_finish",
    "run_race",
    "spot_ids",
    "spot_rate",
]

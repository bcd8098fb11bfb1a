"""Ready Set Bet (賽馬大亨, John D. Clair, AEG 2022), from its Traditional Chinese rulebook.

A host rolls two dice as fast as the table can follow; each roll moves the
horse of that total one space; everyone bets at once, first come first
served, until "no more bets" (截止投注).  The module reads in the rulebook's
order: the race (進行賽馬, 獎勵移動, 主持人, 賽事結束), betting (投注),
settlement (結算投注結果) with the board, colour bets, prop bets and exotic
finishes, then the next race (整理) and the end (遊戲結束).

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

import math
import random
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any, ClassVar

import attrs

from racebook.core.errors import ConfigError, check_between, check_length, short
from racebook.core.game import (
    CHANCE,
    Action,
    Event,
    Game,
    GameEnded,
    PrivateEvent,
    Result,
    State,
    View,
    places_from_keys,
)
from racebook.core.registry import register_game, register_preset

HORSES = ("2/3", "4", "5", "6", "7", "8", "9", "10", "11/12")
"""The nine horses by index."""
BLUE, ORANGE, RED, SEVEN = (0, 1, 7, 8), (2, 6), (3, 5), 4
"""Horse colours: blue 2/3, 4, 10, 11/12; orange 5, 9; red 6, 8 (Ready Set Bet,
獎勵移動); 7, the one left, is black."""


def horse_of(total: int) -> int:
    """The horse a dice total moves: 2 and 3 move 2/3, 11 and 12 move 11/12.

    >>> [horse_of(t) for t in (2, 3, 7, 11, 12)]
    [0, 0, 4, 8, 8]
    """
    return 0 if total <= 3 else 8 if total >= 11 else total - 3


@attrs.frozen
class Rate:
    """A betting spot's multiplier and red-circle loss (0: no circle)."""

    mult: int
    loss: int


def _row(show: str, place: str, win: str) -> tuple[tuple[Rate, ...], ...]:
    def rates(text: str) -> tuple[Rate, ...]:
        out = []
        for cell in text.split():
            mult, _, loss = cell.partition("/")
            out.append(Rate(int(mult), -int(loss) if loss and loss != "0" else 0))
        return tuple(out)

    return (rates(show), rates(place), rates(win))


_OUTER = _row("4/-4 4/-3", "5/-4 5/-3", "7/-2 8/-2 9/-2")
_FOURTEN = _row("3/-1 3/0", "4/-1 4/0", "5/-1 6/0 7/0")
_FIVENINE = _row("2/-3 2/0", "2/-2 3/-2", "4/-2 4/0 5/0")
_SIXEIGHT = _row("1/-2 1/0", "2/-5 2/-4", "3/-2 3/-1 3/0")
_SEVEN = _row("1/-3 1/-1", "2/-6 2/-5", "3/-4 3/-3 3/-2")
BOARD: tuple[tuple[tuple[Rate, ...], ...], ...] = (
    _OUTER,
    _FOURTEN,
    _FIVENINE,
    _SIXEIGHT,
    _SEVEN,
    _SIXEIGHT,
    _FIVENINE,
    _FOURTEN,
    _OUTER,
)
"""The betting board per horse: (show x2, place x2, win x3) rates.  Not in the
rulebook's text: four independent fan implementations and a board photo agree,
except on the third win spot of 2/3 and 11/12, 9/-2 here (one source has 9/-3)."""


@attrs.frozen
class ColourBet:
    """A colour bet spot (就馬匹顏色投注): ``name`` (``blue``, ``orange``, ``red``,
    ``7-out``) and its multiplier and red-circle loss."""

    name: str
    rate: Rate


COLOUR_BETS = (
    ColourBet("blue", Rate(5, 1)),
    ColourBet("orange", Rate(3, 1)),
    ColourBet("red", Rate(2, 1)),
    ColourBet("7-out", Rate(4, 0)),
)
"""Colour bets (就馬匹顏色投注): the winner's colour, and "7 finishes 5th or worse"."""


@attrs.frozen
class PropCard:
    """A prop bet (特定主題投注): horse ``ahead`` finishes strictly ahead of every
    horse in ``behind`` (a tie loses)."""

    ahead: int
    behind: tuple[int, ...]
    rate: Rate

    def __str__(self) -> str:
        return f"{HORSES[self.ahead]} > {' & '.join(HORSES[h] for h in self.behind)}"


def _props() -> tuple[PropCard, ...]:
    names = {h: i for i, h in enumerate(HORSES)}
    groups = {"blues": BLUE, "5&9": (2, 6)}
    text = (
        "8>5&9 3/-3; 4>9 2/-1; 8>blues 2/-3; 9>8 2/-1; 5>8 3/-3; 4>5 3/-3; 11/12>8 4/-3; "
        "9>6 3/-3; 9>7 4/-4; 7>blues 2/-6; 2/3>5 2/-1; 10>8 3/-2; 11/12>9 3/-3; 2/3>8 4/-3; "
        "4>6 4/-3; 10>9 2/-1; 5>6 2/-1; 11/12>6 3/-2; 11/12>5 2/-1; 4>8 3/-2; 6>blues 3/-5; "
        "5>7 3/-2; 2/3>9 3/-3; 6>5&9 3/-3; 10>5 3/-3; 2/3>6 3/-2; 10>6 4/-3; 7>5&9 2/-5"
    )
    out = []
    for item in text.split("; "):
        bet, rate = item.split(" ")
        a, b = bet.split(">")
        m, loss = rate.split("/")
        behind = groups.get(b, (names[b],) if b in names else ())
        behind = tuple(h for h in behind if h != names[a])
        out.append(PropCard(names[a], behind, Rate(int(m), -int(loss))))
    return tuple(out)


PROPS = _props()
"""The 28 prop bet cards, from a fan transcription (unverified: the rulebook
describes two in an example, 特定主題投注, and lists none)."""


@attrs.frozen
class ExoticCard:
    """An exotic finish (特別彩池): ``name`` picks the condition; 3 spots, at most
    one token of a player per card."""

    name: str
    rate: Rate


EXOTICS = (
    ExoticCard("by-a-nose", Rate(5, 3)),
    ExoticCard("blow-out", Rate(4, 2)),
    ExoticCard("tight-race", Rate(6, 2)),
    ExoticCard("late-start", Rate(4, 1)),
    ExoticCard("photo-finish", Rate(5, 3)),
)
"""The 5 exotic finish cards, from a fan transcription (unverified):
by a nose (2nd loses by exactly 1), blow out (2nd loses by more than 5),
tight race (every horse moved 6 or more), late start (at least 2 horses moved
3 or fewer), photo finish (3rd loses by 3 or fewer)."""


def exotic_wins(name: str, positions: Sequence[int], track: int) -> bool:
    """Whether an exotic finish card wins for final ``positions``.

    >>> exotic_wins("by-a-nose", [15, 14, 3, 0, 0, 0, 0, 0, 0], 15)
    True
    """
    ranked = sorted(positions, reverse=True)
    if name == "by-a-nose":
        return ranked[0] - ranked[1] == 1
    if name == "blow-out":
        return ranked[0] - ranked[1] > 5
    if name == "tight-race":
        return min(positions) >= 6
    if name == "late-start":
        return sum(1 for p in positions if p <= 3) >= 2
    if name == "photo-finish":
        return ranked[0] - ranked[2] <= 3
    raise ValueError(f"unknown exotic finish {name!r}")


VIP_KINDS = ("free-chips", "bonus-token", "piggyback", "late-bet", "snake-eyes", "box-cars")
"""Every VIP effect the rulebook names (貴賓牌, 獎勵投注標記, 蛇眼, 柵車)."""


@attrs.frozen
class VipCard:
    """One VIP card (貴賓牌) as data; a deck is a list of these in a variant file.

    ``kind`` says what the card does (``amount``, ``value``, ``loss`` and
    ``shield`` are read by the kinds that need them):

    * ``free-chips``: "打出這張牌以獲得一次性派彩": play it once (:class:`Cash`)
      during a race to collect ``amount``;
    * ``bonus-token``: a bonus bet token (獎勵投注標記) of value ``value`` for the
      rest of the game; when it loses its owner pays ``loss`` more (its red
      circle); ``shield`` (the 2's Ⓢ): a losing token pays nothing at all,
      neither the spot's loss nor its own ("是不須向供應堆支付任何籌碼的");
    * ``piggyback``: "在另一位玩家的投注標記上放置指定的投注標記": each race
      your token of value ``value`` may go on a spot another player's token
      holds (one extra token a spot);
    * ``late-bet``: "在三匹馬已越過紅線之後仍可以下注": each race, ``amount``
      bets after "no more bets";
    * ``snake-eyes`` / ``box-cars``: collect ``amount`` each time 1+1 / 6+6 is
      rolled.
    """

    name: str
    kind: str
    amount: int = 0
    value: int = 0
    loss: int = 0
    shield: bool = False


def _illustrative_vip() -> tuple[VipCard, ...]:
    cards = [VipCard(f"Free chips ${a}", "free-chips", amount=a) for a in (3, 3, 4, 4, 5, 6)]
    for colour in ("white", "black"):
        for value, loss in ((2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3)):
            cards.append(
                VipCard(
                    f"Bonus token {value} ({colour})",
                    "bonus-token",
                    value=value,
                    loss=loss,
                    shield=value == 2,
                )
            )
    cards += [VipCard(f"Piggyback {v}", "piggyback", value=v) for v in (2, 3, 4, 5)]
    cards += [VipCard("Late bet", "late-bet", amount=1) for _ in range(4)]
    cards += [VipCard("Snake eyes", "snake-eyes", amount=1) for _ in range(3)]
    cards += [VipCard("Box cars", "box-cars", amount=1) for _ in range(3)]
    return tuple(cards)


VIP_CARDS = _illustrative_vip()
"""An **illustrative** VIP deck of 32 cards, *not* the printed texts (which are
not public): 6 free chips ($3-$6), 12 bonus tokens (values 2-7, white and black,
as the fan source has them; their extra losses are invented; the 2s carry the
Ⓢ), 4 piggyback, 4 late bet, 3 snake eyes and 3 box cars ($1 a roll).  Load the
real list with a variant file (``vip_cards``; see the docs)."""


@attrs.frozen
class ReadySetBetConfig:
    """Every number of Ready Set Bet, with the rulebook's value as default, or,
    where the rulebook's text has none, a value marked as such (the board: fan
    implementations and a board photo agree; prop and exotic cards: a fan
    transcription; *assumed* values: no source settles them)."""

    players: int = 5
    """Players, 1..8 (the 8 token colours; 2..8 with the rotating host).  With a
    fixed host they are the bettors and the host's chair is one more seat.  Every
    size here has a bound: see :func:`check_config` and the docs' Limits."""
    races: int = 4
    track: int = 15
    """The finish is on the 15th space."""
    red_line: int = 10
    """*Assumed*: a horse has crossed the red line once on this space or beyond."""
    close_after: int = 3
    """Betting closes when this many horses have crossed the red line."""
    bonus: tuple[int, ...] = (3, 3, 2, 1, 0, 1, 2, 3, 3)
    board: tuple[tuple[tuple[Rate, ...], ...], ...] = BOARD
    colour_bets: tuple[ColourBet, ...] = COLOUR_BETS
    props: tuple[PropCard, ...] = PROPS
    props_per_race: int = 5
    exotics: tuple[ExoticCard, ...] = EXOTICS
    tokens: tuple[int, ...] = (2, 3, 3, 4, 5)
    tokens_at_7: tuple[int, ...] = (2, 3, 4, 5)
    """Tokens with 7 or 8 players (each returns one 3); who counts is
    ``seven_or_eight_counts``."""
    seven_or_eight_counts: str = "non-host"
    """Who counts for "seven or eight" players, one of :data:`SEVEN_OR_EIGHT`:
    ``"non-host"`` (setup step 9, "如果有七或八位非主持人的玩家": the bettors of a
    race, :attr:`bettors`) or ``"all"`` (the betting section, "在七或八人遊戲時":
    every one of ``players``, the rotating host included; racebook 0.1's
    reading).  With a fixed host the two agree: the host's chair is not one of
    ``players``.  See the rules notes."""
    starting_money: int = 0
    """"在第一場賽事開始前，沒有玩家會獲派籌碼"."""
    vip_cards: tuple[VipCard, ...] = VIP_CARDS
    """The VIP deck (貴賓牌); the default is the *illustrative* :data:`VIP_CARDS`.
    ``()`` plays without VIP cards, as the rulebook allows."""
    vip_deal: int = 2
    """"每位玩家會獲發2張面朝下的貴賓牌...自行選擇保留其中一張"."""
    free_chips_at_end: bool = False
    """*Assumed*: whether a free-chips card never played pays out when the game
    ends (default: no, it must be played to pay, "打出這張牌以獲得一次性派彩")."""
    host_bets: bool = False
    """The host-betting variant (主持人投注之變體規則): before each race the host
    puts six host tokens on six different spots; they do not block a spot."""
    host_money: int = 18
    """"遊戲開始時，主持人會獲得18元籌碼"."""
    host_tokens: tuple[int, ...] = (1, 1, 1, 1, 1, 1)
    """*Assumed*: the host tokens' values (the rulebook gives none)."""
    rotating_host: bool = False
    """The rotating-host variant (主持人輪換之變體規則): a player hosts each race,
    with the six host tokens, and uses no VIP card that race."""
    host_pay: tuple[int, ...] = (0, 3, 6, 9)
    """Rotating host: paid to the race's host before races 1, 2, 3, 4 (races
    beyond the list pay nothing)."""

    @property
    def bettors(self) -> int:
        """The non-host players of a race: every player, except with the rotating
        host, where one of them hosts each race."""
        return self.players - 1 if self.rotating_host else self.players

    @property
    def seven_or_eight(self) -> bool:
        """Whether the game counts seven or more players, so that each bettor
        returns a 3 (as ``seven_or_eight_counts`` counts them)."""
        counted = self.players if self.seven_or_eight_counts == "all" else self.bettors
        return counted >= 7

    @property
    def token_set(self) -> tuple[int, ...]:
        """Each bettor's tokens.  Ready Set Bet, setup step 9 (遊戲設置): "主持人以外的
        每位玩家拿取一組5枚相同顏色的玩家投注標記。如果有七或八位非主持人的玩家，每位玩家
        就要將其3號標記放回盒中": by default the count is of the non-host players
        (``seven_or_eight_counts``; rules notes)."""
        return self.tokens_at_7 if self.seven_or_eight else self.tokens


# Limits (docs: "Limits"): every size a variant sets has a bound well above any real
# use, so that a variant file can neither make a game allocate or run without end
# nor set up a game that cannot be played.
MAX_PLAYERS = 8
"""Bettors: the 8 token colours ("40枚玩家投注標記(共有八種顏色)")."""
MAX_RACES = 100
MAX_TRACK = 100
"""The finish space (the printed track: 15); the red line and the bonus moves are
bounded by it too."""
MAX_SPOTS = 10
"""Spots of one kind (show, place, win) for one horse on the board (printed: 2, 2, 3)."""
MAX_RATE = 1000
"""A multiplier or a red-circle loss (printed: at most 9 and 6)."""
MAX_PROPS = 1000
MAX_PROPS_PER_RACE = 10
MAX_TOKENS = 20
"""Tokens a bettor holds, host tokens, late bets a card allows (printed: 5, 6, 1)."""
MAX_TOKEN = 100
"""A token's value: players', host and bonus tokens (printed: at most 7)."""
MAX_VIP_CARDS = 200
MAX_VIP_DEAL = 10
MAX_MONEY = 1_000_000
"""Starting and host money, each host payment, each VIP card's payout."""
MAX_NAME = 100
"""Characters of a VIP card's name."""
COLOUR_NAMES = ("blue", "orange", "red", "7-out")
"""The colour bets the rules know (就馬匹顏色投注); a deck may leave some out."""
EXOTIC_NAMES = ("by-a-nose", "blow-out", "tight-race", "late-start", "photo-finish")
"""The exotic finishes the rules know (特別彩池)."""
SEVEN_OR_EIGHT = ("non-host", "all")
"""The readings of who counts for "seven or eight" players
(``seven_or_eight_counts``): the non-host players, or all players."""


def _bound(field: str, where: str, value: int, low: int, high: int) -> None:
    """Refuse an entry of a list outside ``low..high``, naming ``field`` and where."""
    if value < low:
        raise ConfigError(field, f"{where} must be {low} or more, got {value}")
    if value > high:
        raise ConfigError(field, f"{where} must be at most {high}, got {value}")


def _rate(field: str, where: str, rate: Rate) -> None:
    _bound(field, f"{where} multiplier", rate.mult, 0, MAX_RATE)
    _bound(field, f"{where} loss", rate.loss, 0, MAX_RATE)


def _unique(field: str, names: Sequence[str]) -> None:
    """Each name once: it is part of a spot's id (``colour:red``, ``exotic:blow-out:0``)."""
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ConfigError(field, f"{', '.join(twice)} listed twice: each spot needs its own name")


def check_config(c: ReadySetBetConfig) -> None:
    """Refuse a setting that cannot be played, with a :class:`ConfigError` naming the
    field at fault: each field alone first (its bounds), then the relations between
    fields, so that a field wrong on its own is never blamed on another."""
    # -- each field alone ------------------------------------------------------------
    check_between("players", c.players, 1, MAX_PLAYERS)
    check_between("races", c.races, 1, MAX_RACES)
    check_between("track", c.track, 1, MAX_TRACK)
    check_between("red_line", c.red_line, 1, MAX_TRACK)
    check_between("close_after", c.close_after, 1, len(HORSES))
    check_length("bonus", c.bonus, len(HORSES), len(HORSES))  # one per horse
    for h, move in enumerate(c.bonus):
        _bound("bonus", f"bonus[{h}] (horse {HORSES[h]})", move, 0, MAX_TRACK)
    check_length("board", c.board, len(HORSES), len(HORSES))  # a row per horse
    for h, row in enumerate(c.board):
        if len(row) != 3:
            raise ConfigError(
                "board", f"board[{h}]: (show, place, win) spots, got {len(row)} kinds"
            )
        for kind, rates in zip(("show", "place", "win"), row, strict=True):
            where = f"board[{h}] (horse {HORSES[h]}) {kind}"
            if len(rates) > MAX_SPOTS:
                raise ConfigError("board", f"{where}: at most {MAX_SPOTS} spots, got {len(rates)}")
            for i, rate in enumerate(rates):
                _rate("board", f"{where}[{i}]", rate)
    check_length("colour_bets", c.colour_bets, 0, len(COLOUR_NAMES))
    for i, bet in enumerate(c.colour_bets):
        if bet.name not in COLOUR_NAMES:
            raise ConfigError(
                "colour_bets", f"colour_bets[{i}]: unknown colour bet {bet.name!r} {COLOUR_NAMES}"
            )
        _rate("colour_bets", f"colour_bets[{i}] ({bet.name})", bet.rate)
    _unique("colour_bets", [bet.name for bet in c.colour_bets])
    check_length("props", c.props, 0, MAX_PROPS)
    for i, prop in enumerate(c.props):
        where = f"props[{i}]"
        _bound("props", f"{where} ahead (a horse 0..8)", prop.ahead, 0, len(HORSES) - 1)
        if not 1 <= len(prop.behind) < len(HORSES):
            raise ConfigError("props", f"{where}: behind names 1 to 8 horses")
        for h in prop.behind:
            _bound("props", f"{where} behind (horses 0..8)", h, 0, len(HORSES) - 1)
        if prop.ahead in prop.behind:
            raise ConfigError("props", f"{where}: a horse is never ahead of itself")
        _rate("props", where, prop.rate)
    check_between("props_per_race", c.props_per_race, 0, MAX_PROPS_PER_RACE)
    check_length("exotics", c.exotics, 0, len(EXOTIC_NAMES))
    for i, ex in enumerate(c.exotics):
        if ex.name not in EXOTIC_NAMES:
            raise ConfigError("exotics", f"exotics[{i}]: unknown exotic finish {ex.name!r}")
        _rate("exotics", f"exotics[{i}] ({ex.name})", ex.rate)
    _unique("exotics", [ex.name for ex in c.exotics])
    if c.seven_or_eight_counts not in SEVEN_OR_EIGHT:
        raise ConfigError(
            "seven_or_eight_counts",
            f"unknown reading {short(c.seven_or_eight_counts)}; known: {SEVEN_OR_EIGHT}",
        )
    for field, tokens in (("tokens", c.tokens), ("tokens_at_7", c.tokens_at_7)):
        check_length(field, tokens, 0, MAX_TOKENS)
        for i, token in enumerate(tokens):
            _bound(field, f"{field}[{i}]", token, 1, MAX_TOKEN)
    check_between("starting_money", c.starting_money, 0, MAX_MONEY)
    check_length("vip_cards", c.vip_cards, 0, MAX_VIP_CARDS)
    for i, card in enumerate(c.vip_cards):
        where = f"vip_cards[{i}] ({card.name[:MAX_NAME]!r})"
        if card.kind not in VIP_KINDS:
            raise ConfigError("vip_cards", f"{where}: unknown kind {card.kind!r} ({VIP_KINDS})")
        if not 1 <= len(card.name) <= MAX_NAME:
            raise ConfigError("vip_cards", f"vip_cards[{i}]: a name of 1 to {MAX_NAME} characters")
        needs = "value" if card.kind in ("bonus-token", "piggyback") else "amount"
        if getattr(card, needs) < 1:
            raise ConfigError("vip_cards", f"{where}: a {card.kind} card needs {needs} >= 1")
        _bound("vip_cards", f"{where}: value", card.value, 0, MAX_TOKEN)
        top = MAX_TOKENS if card.kind == "late-bet" else MAX_MONEY  # bets, or dollars
        _bound("vip_cards", f"{where}: amount", card.amount, 0, top)
        _bound("vip_cards", f"{where}: loss", card.loss, 0, MAX_RATE)
    check_between("vip_deal", c.vip_deal, 0, MAX_VIP_DEAL)
    check_between("host_money", c.host_money, 0, MAX_MONEY)
    check_length("host_tokens", c.host_tokens, 0, MAX_TOKENS)
    for i, token in enumerate(c.host_tokens):
        _bound("host_tokens", f"host_tokens[{i}]", token, 1, MAX_TOKEN)
    check_length("host_pay", c.host_pay, 0, MAX_RACES)
    for i, pay in enumerate(c.host_pay):
        _bound("host_pay", f"host_pay[{i}]", pay, 0, MAX_MONEY)
    # -- relations between fields ------------------------------------------------------
    if c.red_line > c.track:
        raise ConfigError("red_line", f"must be on the track (1 to {c.track}), got {c.red_line}")
    if c.rotating_host and c.host_bets:
        raise ConfigError(
            "rotating_host", "the rotating host is a player; host_bets adds a host who is not"
        )
    if c.rotating_host and c.players < 2:
        raise ConfigError("rotating_host", "needs 2 or more players (二至八人)")
    if not c.token_set:  # setup step 9: the set the bettors take
        field = "tokens_at_7" if c.seven_or_eight else "tokens"
        raise ConfigError(field, f"{c.bettors} bettors a race each need 1 or more tokens")
    if c.props_per_race * c.races > len(c.props):  # "換上5張新的特定主題投注牌"
        raise ConfigError(
            "props_per_race",
            f"{c.races} races of {c.props_per_race} need more than {len(c.props)} prop cards",
        )
    if c.races > len(c.exotics) and c.exotics:  # one new exotic card a race
        raise ConfigError("exotics", f"one new exotic card a race needs {c.races} cards")
    if c.host_bets or c.rotating_host:
        # "將它們各自放在投注版圖上六個不同下注區": as many spots as host tokens, in race 1
        spots = sum(len(rates) for row in c.board for rates in row) + len(c.colour_bets)
        spots += c.props_per_race + (3 if c.exotics else 0)
        if not 1 <= len(c.host_tokens) <= spots:
            raise ConfigError(
                "host_tokens",
                f"1 to {spots} host tokens (each on a different spot of a race), "
                f"got {len(c.host_tokens)}",
            )


# -- actions --------------------------------------------------------------------------


@attrs.frozen
class NewRace(Action):
    """Chance: this race's prop cards (indices into ``props``) and the new exotic
    finish card (index into ``exotics``, -1 if none)."""

    kind: ClassVar[str] = "new-race"
    props: tuple[int, ...]
    exotic: int


@attrs.frozen
class Roll(Action):
    """The host rolls (the dice are the chance line that follows)."""

    kind: ClassVar[str] = "roll"


@attrs.frozen
class Dice(Action):
    """Chance: the two dice."""

    kind: ClassVar[str] = "dice"
    first: int
    second: int


@attrs.frozen
class RollOut(Action):
    """The host rolls on to the finish without a pause: allowed only once nobody
    else may act (every token down or betting closed, no VIP card to use).  The
    dice follow as one chance line (:class:`DiceRun`)."""

    kind: ClassVar[str] = "roll-out"


@attrs.frozen
class DiceRun(Action):
    """Chance: the dice of a roll-out, two digits a roll (``"3412"``: 3+4, then
    1+2), ending with the roll that brings a horse to the finish."""

    kind: ClassVar[str] = "dice-run"
    dice: str


@attrs.frozen
class Bet(Action):
    """Put the token of value ``token`` on ``spot`` (see :func:`spot_ids`)."""

    kind: ClassVar[str] = "bet"
    token: int
    spot: str


@attrs.frozen
class BonusBet(Action):
    """Put the bonus token of VIP card ``card`` (an index into ``vip_cards``) on ``spot``."""

    kind: ClassVar[str] = "bonus-bet"
    card: int
    spot: str


@attrs.frozen
class Cash(Action):
    """Play the free-chips VIP card ``card`` (免費籌碼) and collect its payout."""

    kind: ClassVar[str] = "cash"
    card: int


@attrs.frozen
class DealVip(Action):
    """Chance: the VIP cards dealt after a race, ``vip_deal`` a player in seat
    order (fewer when the deck and discards run out)."""

    kind: ClassVar[str] = "deal-vip"
    cards: tuple[int, ...]


@attrs.frozen
class Keep(Action):
    """Keep VIP card ``card`` of the ones dealt; the other goes to the discards."""

    kind: ClassVar[str] = "keep"
    card: int


@attrs.frozen
class FirstHost(Action):
    """Chance, rotating host: "首先隨機決定第一位主持人玩家"."""

    kind: ClassVar[str] = "first-host"
    host: int


@attrs.frozen
class Host(Action):
    """Rotating host: the player asked says whether they host the next race."""

    kind: ClassVar[str] = "host"
    yes: bool


# -- events (the commentary) -------------------------------------------------------------


@attrs.frozen
class RaceReady(Event):
    """A race is set up: its number, this race's prop cards and the exotic-finish
    cards on the table (one more each race)."""

    kind: ClassVar[str] = "race-ready"
    race: int
    props: tuple[str, ...]
    exotics: tuple[str, ...]


@attrs.frozen
class Rolled(Event):
    """A roll: ``horse`` moved ``moved`` spaces on the track (its bonus included)
    to ``position``.  A move the finish cuts short is told as cut: the spaces
    the horse really moved, so ``position`` is always the old one + ``moved``."""

    kind: ClassVar[str] = "rolled"
    dice: tuple[int, int]
    horse: str
    moved: int
    position: int


@attrs.frozen
class RolledOut(Event):
    """A roll-out: every roll to the finish (two digits a roll) and the spaces
    each moved its horse (``moved``, one entry a roll, bonus included, cut at the
    finish as in ``rolled``).  It stands for the ``rolled``, ``bonus`` and
    ``lead`` events of those rolls; ``red-line``, ``no-more-bets``, doubles and
    VIP payouts are still told one by one, after it."""

    kind: ClassVar[str] = "rolled-out"
    dice: str
    moved: tuple[int, ...]


@attrs.frozen
class BonusMove(Event):
    """The bonus part of the ``rolled`` event before it: ``spaces`` the bonus
    moved the horse on the track (cut at the finish; a bonus the finish cuts to
    nothing is not told)."""

    kind: ClassVar[str] = "bonus"
    horse: str
    spaces: int


@attrs.frozen
class SnakeEyes(Event):
    """1+1 was rolled ("蛇眼!"); snake-eyes VIP cards pay (``vip-paid``)."""

    kind: ClassVar[str] = "snake-eyes"


@attrs.frozen
class BoxCars(Event):
    """6+6 was rolled ("柵車!"); box-cars VIP cards pay (``vip-paid``)."""

    kind: ClassVar[str] = "box-cars"


@attrs.frozen
class LeadChange(Event):
    """The horse(s) now in the lead."""

    kind: ClassVar[str] = "lead"
    leaders: tuple[str, ...]


@attrs.frozen
class RedLine(Event):
    """A horse crossed the red line; ``count`` horses have crossed it."""

    kind: ClassVar[str] = "red-line"
    horse: str
    count: int


@attrs.frozen
class NoMoreBets(Event):
    """Betting closes ("截止投注!"): the third horse crossed the red line."""

    kind: ClassVar[str] = "no-more-bets"


@attrs.frozen
class BetPlaced(Event):
    """A token went down; ``vip`` names the VIP card that allowed or provided it."""

    kind: ClassVar[str] = "bet"
    seat: int
    token: int
    spot: str
    vip: str = ""


@attrs.frozen
class Finished(Event):
    """A horse reached the finish: the race is over.  ``places`` and
    ``positions`` per horse (index 0 = 2/3)."""

    kind: ClassVar[str] = "finish"
    horse: str
    places: tuple[int, ...]
    positions: tuple[int, ...]


@attrs.frozen
class Settled(Event):
    """One player's settlement: ``won`` and ``lost`` (paid, after the $0 floor)."""

    kind: ClassVar[str] = "settled"
    seat: int
    won: int
    lost: int
    money: int


@attrs.frozen
class VipDealt(PrivateEvent):
    """The VIP cards dealt to ``seat`` (only that seat sees them)."""

    kind: ClassVar[str] = "vip-dealt"
    cards: tuple[int, ...]
    names: tuple[str, ...]


@attrs.frozen
class VipKept(Event):
    """``seat`` keeps ``name`` face up (the other card is discarded unseen)."""

    kind: ClassVar[str] = "vip-kept"
    seat: int
    card: int
    name: str


@attrs.frozen
class VipPaid(Event):
    """A VIP card paid ``seat``: free chips, snake eyes or box cars."""

    kind: ClassVar[str] = "vip-paid"
    seat: int
    name: str
    amount: int


@attrs.frozen
class HostChosen(Event):
    """Rotating host: ``seat`` hosts the next race (``how``: drawn, stays,
    accepts, forced)."""

    kind: ClassVar[str] = "host-chosen"
    seat: int
    how: str


@attrs.frozen
class HostPaid(Event):
    """Rotating host: compensation for hosting, paid before the race."""

    kind: ClassVar[str] = "host-paid"
    seat: int
    amount: int


# -- views ------------------------------------------------------------------------------


@attrs.frozen
class VipHeld:
    """A VIP card in front of a player (or dealt to the viewer)."""

    card: int
    name: str
    kind: str
    played: bool = False
    """A free-chips card already cashed."""


@attrs.frozen
class ReadySetBetView(View):
    """Everything on the table, and the viewer's own dealt VIP cards."""

    seat: int | None
    race: int
    races: int
    phase: str
    to_act: tuple[int, ...]
    positions: tuple[int, ...]
    crossed: tuple[int, ...]
    betting_open: bool
    last_roll: tuple[int, int] | None
    bets: tuple[tuple[str, int, int, int], ...]
    """(spot, seat, token, VIP card or -1) for every token on the board; a
    piggybacked spot is listed twice."""
    host_bets: tuple[tuple[str, int], ...]
    """(spot, token) of the host's tokens (the host-betting variants)."""
    tokens: tuple[tuple[int, ...], ...]
    bonus_tokens: tuple[tuple[int, ...], ...]
    """Per player, the VIP cards whose bonus token is still in hand."""
    late_bets: tuple[int, ...]
    """Per player, bets left after "no more bets" this race (late-bet cards)."""
    money: tuple[int, ...]
    """By seat; the host's last when it bets."""
    props: tuple[str, ...]
    exotics: tuple[str, ...]
    open_spots: tuple[str, ...]
    vip: tuple[tuple[VipHeld, ...], ...]
    """Per player, the VIP cards kept, in order."""
    offer: tuple[VipHeld, ...]
    """The VIP cards dealt to the viewer and not yet chosen from."""
    choosing: tuple[int, ...]
    """Players who still have dealt VIP cards to choose from."""
    vip_deck: int
    vip_discards: int
    host: int | None
    """Rotating host: the player hosting this (or the next) race."""
    asked: int | None
    """Rotating host: the player asked whether they will host."""

    def render(self, title: str | None = "Ready Set Bet") -> str:
        """A compact text picture of this view: the race, phase and who may act;
        betting open or closed and the last roll; each horse's position (and
        whether it crossed the red line); the betting board with every token
        on it (``2:5``: seat 2's token 5, ``*`` a VIP bonus token, ``H1`` a
        host token, ``.`` an open spot), the colour bets, prop and exotic
        cards; every seat's money, tokens and VIP cards; the viewer's VIP
        offer.  Built from the view alone, so it shows nothing the view does
        not."""
        players = len(self.tokens)
        chair = players  # the host's chair: the seat after the players
        if self.seat is None:
            who = "a spectator's view"
        elif self.seat == chair:
            who = "the host's chair's view"
        else:
            who = f"seat {self.seat}'s view"
        race = min(self.race, self.races)  # the view counts on past the last race at the end
        head = f"race {race} of {self.races}: {self.phase} ({who})"
        lines = [f"{title}, {head}" if title else head[0].upper() + head[1:]]
        acting = [s for s in self.to_act if s != chair]
        if self.to_act == (CHANCE,):
            to_act = "chance"
        elif not self.to_act:
            to_act = "nobody"
        else:
            to_act = _seats_text(acting)
            if chair in self.to_act:
                to_act = f"{to_act} and the host's chair" if acting else "the host's chair"
        betting = "betting open" if self.betting_open else "no more bets"
        roll = f"; last roll {self.last_roll[0]}+{self.last_roll[1]}" if self.last_roll else ""
        lines.append(f"to act: {to_act}; {betting}{roll}")
        lines.append("horse  pos")
        for h, pos in enumerate(self.positions):
            crossed = ""
            if h in self.crossed:
                crossed = f"  past the red line, #{self.crossed.index(h) + 1}"
            lines.append(f"{HORSES[h]:>5}  {pos:>3}  {'#' * pos}{crossed}".rstrip())
        lines += self._board_lines()
        lines.append("seat   money  tokens        late  VIP cards")
        for s in range(len(self.money)):
            if s >= players:  # the host who bets: money only (host tokens are on the board)
                lines.append(f"{'host':<4}  {'$' + str(self.money[s]):>6}")
                continue
            tokens = " ".join(map(str, self.tokens[s])) or "-"
            vip = "; ".join(
                v.name
                + (" (played)" if v.played else "")
                + (" (token in hand)" if v.card in self.bonus_tokens[s] else "")
                for v in self.vip[s]
            )
            notes = "  (you)" if s == self.seat else ""
            notes += "  (hosting)" if s == self.host else ""
            lines.append(
                f"{s:<4}  {'$' + str(self.money[s]):>6}  {tokens:<12}  "
                f"{self.late_bets[s]:>4}  {vip or '-'}{notes}"
            )
        if self.offer:
            lines.append(f"your VIP offer: {'; '.join(v.name for v in self.offer)}")
        footer = []
        if self.vip_deck or self.vip_discards or any(self.vip):
            footer.append(f"VIP deck {self.vip_deck}, discards {self.vip_discards}")
        if self.choosing:
            footer.append(f"choosing VIP cards: {_seats_text(self.choosing)}")
        if self.host is not None:
            footer.append(f"host: seat {self.host}")
        if self.asked is not None:
            footer.append(f"asked to host: seat {self.asked}")
        if footer:
            lines.append("; ".join(footer))
        return "\n".join(lines)

    def _board_lines(self) -> list[str]:
        """The betting board with its tokens, the colour bets and this race's
        cards, from the spots this view lists (open or taken)."""
        cells: dict[str, list[str]] = {spot: [] for spot in self.open_spots}
        for spot, seat, token, card in self.bets:
            cells.setdefault(spot, []).append(f"{seat}:{token}{'*' if card >= 0 else ''}")
        for spot, token in self.host_bets:
            cells.setdefault(spot, []).append(f"H{token}")
        if not cells:
            return ["board: -"]
        text = {spot: "+".join(marks) or "." for spot, marks in cells.items()}
        width = max(len(t) for t in text.values())
        lines = ["board (seat:token, * a bonus token, H a host token, . open):"]
        lines.append(f"horse  {'show':<{2 * width + 1}}  {'place':<{2 * width + 1}}  win")
        for name in HORSES:
            row = []
            for kind in ("show", "place", "win"):
                spots = sorted(
                    (int(x.rsplit(":", 1)[1]), x) for x in text if x.startswith(f"{kind}:{name}:")
                )
                row.append(" ".join(f"{text[x]:<{width}}" for _, x in spots))
            lines.append(f"{name:>5}  " + "  ".join(row).rstrip())
        colours = sorted(
            (x for x in text if x.startswith("colour:")),
            key=lambda x: COLOUR_NAMES.index(x[7:]) if x[7:] in COLOUR_NAMES else len(COLOUR_NAMES),
        )
        if colours:
            lines.append("colours: " + " | ".join(f"{x[7:]} {text[x]}" for x in colours))
        props = sorted((int(x[5:]), x) for x in text if x.startswith("prop:"))
        if props:
            lines.append("prop spots: " + " | ".join(f"{p} {text[x]}" for p, x in props))
        if self.props:
            lines.append(f"prop cards: {'; '.join(self.props)}")
        exotics: dict[str, list[tuple[int, str]]] = {}
        for x in text:
            if x.startswith("exotic:"):
                name, i = x[7:].rsplit(":", 1)
                exotics.setdefault(name, []).append((int(i), text[x]))
        if exotics:
            lines.append(
                "exotics: "
                + " | ".join(
                    f"{name} {' '.join(t for _, t in sorted(exotics[name]))}"
                    for name in sorted(exotics, key=self._exotic_order)
                )
            )
        return lines

    def _exotic_order(self, name: str) -> tuple[int, str]:
        """Exotic cards in the order they came to the table."""
        return (self.exotics.index(name) if name in self.exotics else len(self.exotics), name)


def _seats_text(seats: Sequence[int]) -> str:
    """Seats in words: ``seat 2``, ``seats 0, 1, 3``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(map(str, seats))}"


# -- the game ---------------------------------------------------------------------------

SETUP, RACE, ROLLING, OVER, HOST_BETS, DEAL, KEEP, OFFER, FIRST, ROLLOUT = range(10)
_PHASES = (
    *("chance", "race", "chance", "over", "host bets"),
    *("chance", "vip", "host", "chance", "chance"),
)
_CHANCE = (True, False, True, False, False, True, False, False, True, True)
_DIGITS = frozenset("123456")
_PAIRS = tuple(f"{a}{b}" for a in range(1, 7) for b in range(1, 7))
"""The 36 rolls as they are written in a roll-out, index ``6 * (a - 1) + (b - 1)``."""
_HORSE_OF = {pair: horse_of(int(pair[0]) + int(pair[1])) for pair in _PAIRS}
_HORSE36 = tuple(_HORSE_OF[pair] for pair in _PAIRS)


def advance(pos: list[int], pending: int, h: int, bonus: Sequence[int], track: int) -> int:
    """Move horse ``h`` for one roll, in place (never past ``track``), and return
    the horse a next roll would pair with (獎勵移動): "連續兩次擲骰都出現相同點數"
    gives the second roll the horse's bonus (2/3 and 11/12: either number); a
    third roll in a row gives none and pairs with the fourth.

    >>> pos, bonus = [0] * 9, (3, 3, 2, 1, 0, 1, 2, 3, 3)
    >>> advance(pos, advance(pos, -1, 2, bonus, 15), 2, bonus, 15)
    -1
    >>> pos[2]  # 1, then 1 + the 5's bonus of 2
    4
    """
    if pending == h:
        pos[h] = min(track, pos[h] + 1 + bonus[h])
        return -1
    pos[h] = min(track, pos[h] + 1)
    return h


def dice_to_finish(
    pos: Sequence[int], pending: int, dice: str, track: int, bonus: Sequence[int]
) -> int:
    """How many rolls of ``dice`` (two digits 1-6 a roll) bring a horse from
    ``pos`` to ``track``; 0 if none does.

    >>> dice_to_finish([14] + [0] * 8, -1, "6612", 15, (3,) * 9)
    2
    """
    pos = list(pos)
    it = iter(dice)
    for n, (x, y) in enumerate(zip(it, it, strict=True), 1):
        h = _HORSE_OF[x + y]
        pending = advance(pos, pending, h, bonus, track)
        if pos[h] >= track:
            return n
    return 0


def roll_to_finish(
    pos: Sequence[int], pending: int, rng: random.Random, track: int, bonus: Sequence[int]
) -> str:
    """Roll from ``pos`` until a horse reaches ``track``; the dice, two digits a
    roll (one draw of 36 a roll: both dice at once)."""
    pos = list(pos)
    rand = rng.random
    out = []
    pairs, horse = _PAIRS, _HORSE_OF
    while True:
        pair = pairs[int(rand() * 36)]  # the same draw as run_race's
        out.append(pair)
        h = horse[pair]
        pending = advance(pos, pending, h, bonus, track)
        if pos[h] >= track:
            return "".join(out)


def spot_ids(config: ReadySetBetConfig, props: Sequence[int], exotics: Sequence[int]) -> list[str]:
    """Every betting spot of a race: ``win:7:0`` (horse 7's first win spot),
    ``place:…``, ``show:…``, ``colour:blue``, ``prop:3`` (prop card 3),
    ``exotic:by-a-nose:0``.

    >>> len(spot_ids(ReadySetBetConfig(), [0, 1, 2, 3, 4], [0]))  # 9 x 7 + 4 + 5 + 3
    75
    """
    return [*_board_spots(config), *_card_spots(config, props, exotics)]


def _board_spots(config: ReadySetBetConfig) -> list[str]:
    """The spots printed on the board: win, place, show and colour bets."""
    out = []
    for h, row in enumerate(config.board):
        for kind, rates in zip(("show", "place", "win"), row, strict=True):
            out += [f"{kind}:{HORSES[h]}:{i}" for i in range(len(rates))]
    return out + [f"colour:{c.name}" for c in config.colour_bets]


def _card_spots(
    config: ReadySetBetConfig, props: Sequence[int], exotics: Sequence[int]
) -> list[str]:
    """The spots of this race's prop and exotic-finish cards."""
    out = [f"prop:{p}" for p in props]
    return out + [f"exotic:{config.exotics[e].name}:{i}" for e in exotics for i in range(3)]


@register_game
class ReadySetBet(Game[ReadySetBetConfig]):
    """Ready Set Bet: bettors ``0..players-1``; the host's chair (who rolls) is
    the last seat.

    >>> import racebook
    >>> racebook.load("readysetbet", players=4).seats
    5
    """

    id: ClassVar[str] = "readysetbet"
    title: ClassVar[str] = "Ready Set Bet"
    config_type: ClassVar[type[Any]] = ReadySetBetConfig
    action_types = (
        *(NewRace, Roll, Dice, Bet, BonusBet, Cash),
        *(DealVip, Keep, FirstHost, Host, RollOut, DiceRun),
    )
    event_types = (
        RaceReady,
        Rolled,
        RolledOut,
        BonusMove,
        SnakeEyes,
        BoxCars,
        LeadChange,
        RedLine,
        NoMoreBets,
        BetPlaced,
        Finished,
        Settled,
        VipDealt,
        VipKept,
        VipPaid,
        HostChosen,
        HostPaid,
        GameEnded,
    )

    def __init__(self, config: ReadySetBetConfig) -> None:
        check_config(config)
        super().__init__(config)
        self.host = config.players
        self.kinds = tuple(card.kind for card in config.vip_cards)
        self.board_spots = tuple(_board_spots(config))
        # A game is shared by every state made from it, and they may run in different
        # threads.  So its caches are never replaced, cleared or filled bit by bit:
        # the spot table is built here, once; the interned bets and the bet grids are
        # added with dict.setdefault of complete values (two threads that both miss
        # build equal values and keep the first stored), then only read.
        self.all_spots = (
            *self.board_spots,
            *_card_spots(config, range(len(config.props)), range(len(config.exotics))),
        )
        """Every spot a race of this game can have: the board, every prop card's,
        every exotic card's."""
        self._spots: dict[str, tuple[Rate, Judge]] = {
            x: (spot_rate(config, x), judge(config, x)) for x in self.all_spots
        }
        self._bets: dict[tuple[int, int, str], Bet] = {}  # interned (values, shared)
        self.grids: dict[tuple[int, Any], dict[str, Any]] = {}  # see grid()

    @classmethod
    def upgrade_config(cls, data: Any, version: int) -> Any:
        """Logs of format 1 (racebook 0.1) were written before
        ``seven_or_eight_counts`` existed, when the 3 was returned with 7 or 8
        players counted all together (the rotating host included): they replay
        with that reading, ``"all"``."""
        if version < 2 and isinstance(data, dict):
            data = {"seven_or_eight_counts": "all", **data}
        return data

    def spot(self, spot: str) -> tuple[Rate, Judge]:
        """The multiplier and loss of ``spot`` and whether a bet there wins
        (:func:`judge`), computed once per game (a spot the game cannot have is
        computed each time, and refused by :func:`spot_rate` if malformed)."""
        found = self._spots.get(spot)
        if found is None:
            return spot_rate(self.config, spot), judge(self.config, spot)
        return found

    def grid(self, seat: int, tokens: tuple[int, ...] | int) -> dict[str, Any]:
        """Interned actions of ``seat`` for every spot of the game (read only):
        for ``tokens`` (distinct token values in hand) the tuple of its
        :class:`Bet` per spot, for ``-1 - card`` the :class:`BonusBet` of that
        bonus token per spot.  Built whole on first use, stored with
        ``setdefault`` (safe when states in several threads share the game)."""
        key = (seat, tokens)
        found = self.grids.get(key)
        if found is None:
            if isinstance(tokens, int):
                built: dict[str, Any] = {x: BonusBet(seat, -1 - tokens, x) for x in self.all_spots}
            else:
                bet = self.bet
                built = {x: tuple(bet(seat, t, x) for t in tokens) for x in self.all_spots}
            found = self.grids.setdefault(key, built)
        return found

    @property
    def seats(self) -> int:
        """The players and the host's chair (seat :attr:`host`, which rolls)."""
        return self.config.players + 1

    @property
    def players(self) -> int:
        """The seats of ``result.scores``: the bettors, and the host's chair in the
        host-betting variant (the host then plays for money); otherwise the
        chair only rolls."""
        return self.config.players + (1 if self.config.host_bets else 0)

    def bet(self, seat: int, token: int, spot: str) -> Bet:
        """``Bet(seat, token, spot)``, interned: equal bets are one object."""
        key = (seat, token, spot)
        found = self._bets.get(key)
        if found is None:  # setdefault: a thread that also missed keeps the same object
            found = self._bets.setdefault(key, Bet(seat, token, spot))
        return found

    def _make_state(self) -> ReadySetBetState:
        return ReadySetBetState(self)

    def new_state(
        self, seed: int | None = None, *, explicit_chance: bool = False
    ) -> ReadySetBetState:
        """A new game of this variant (see :meth:`racebook.core.game.Game.new_state`)."""
        state = super().new_state(seed, explicit_chance=explicit_chance)
        assert isinstance(state, ReadySetBetState)
        return state


class ReadySetBetState(State[ReadySetBetConfig]):
    """A game of Ready Set Bet in progress.  Drive it through the contract; every
    bettor and the host's chair may be in ``to_act`` at once (real time)."""

    game: ReadySetBet

    def __init__(self, game: ReadySetBet) -> None:
        super().__init__(game)
        c = game.config
        n = c.players
        self.race = 0
        self.money = [c.starting_money] * n
        if c.host_bets:
            self.money.append(c.host_money)
        self.used_props: list[int] = []
        self.exotics: list[int] = []
        self.props: list[int] = []
        self.vip: list[list[int]] = [[] for _ in range(n)]  # kept, in order
        self.cashed: list[int] = []  # free-chips cards played
        self.deck: list[int] = list(range(len(c.vip_cards)))  # a set: kept sorted
        self.discards: list[int] = []
        self.offers: list[list[int]] = [[] for _ in range(n)]
        self.hosting = -1  # rotating host: the player hosting
        self.asked = -1  # rotating host: the player asked
        self._acting: tuple[int, tuple[int, ...]] = (-1, ())  # to_act, by state version
        self._reset_race()
        self.phase = FIRST if c.rotating_host else SETUP

    def _reset_race(self) -> None:
        n = self.game.config.players
        self.pos = [0] * 9
        self.crossed: list[int] = []
        self.open = True
        self.pending = -1  # the horse of an unpaired roll (獎勵移動)
        self.last: tuple[int, int] | None = None
        # spot -> (seat, token value, VIP card of a bonus token or -1)
        self.bets: dict[str, tuple[int, int, int]] = {}
        self.stacked: dict[str, tuple[int, int, int]] = {}  # piggyback tokens on top
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.bonus: list[list[int]] = [[] for _ in range(n)]  # bonus-token cards in hand
        self.late: list[int] = [0] * n  # bets left after the close (late-bet cards)
        self.cash: list[list[int]] = [[] for _ in range(n)]  # free chips playable this race
        self.spots: list[str] = []
        self.spot_set: frozenset[str] = frozenset()
        self.free: list[str] = []  # the spots without a token, in board order
        self.host_hand: list[int] = []
        self.host_bets: dict[str, int] = {}  # spot -> token: do not block the spot
        self.exotic_by: dict[str, list[int]] = {}  # exotic card -> seats with a token on it

    # -- reading ----------------------------------------------------------------------
    @property
    def host_player(self) -> int:
        """The seat whose money the host tokens use (-1: no host tokens)."""
        c = self.game.config
        return self.game.host if c.host_bets else self.hosting if c.rotating_host else -1

    @property
    def to_act(self) -> tuple[int, ...]:
        version, acting = self._acting
        if version == self._version:
            return acting
        phase = self.phase
        if phase == RACE:
            bettors = tuple(s for s in range(self.game.config.players) if self._may_act(s))
            acting = (*bettors, self.game.host)
        elif phase == HOST_BETS:
            acting = (self.host_player,)
        elif phase == KEEP:
            acting = tuple(s for s, offer in enumerate(self.offers) if offer)
        elif phase == OFFER:
            acting = (self.asked,)
        elif phase == OVER:
            acting = ()
        else:
            acting = (CHANCE,)
        self._acting = (self._version, acting)
        return acting

    def _vip_of(self, seat: int, kind: str) -> list[int]:
        """``seat``'s VIP cards of ``kind`` usable this race (the host uses none)."""
        if seat == self.hosting:
            return []
        kinds = self.game.kinds
        return [k for k in self.vip[seat] if kinds[k] == kind]

    def _cashable(self, seat: int) -> list[int]:
        """``seat``'s free-chips cards it may play now (kept, unplayed, not hosting)."""
        return [k for k in self._vip_of(seat, "free-chips") if k not in self.cashed]

    def _piggyback(self, seat: int) -> list[int]:
        """Token values ``seat`` may put on another player's token now."""
        cards = self.game.config.vip_cards
        hand = self.hands[seat]
        return sorted(
            {cards[k].value for k in self._vip_of(seat, "piggyback") if cards[k].value in hand}
        )

    def _may_act(self, seat: int) -> bool:
        if seat == self.hosting:
            return False
        if self.cash[seat]:
            return True
        if not (self.open or self.late[seat]) or not (self.hands[seat] or self.bonus[seat]):
            return False
        if self.free:
            if not any(seat in seats for seats in self.exotic_by.values()):
                return True
            if any(not self._exotic_taken(seat, spot) for spot in self.free):
                return True
        return bool(self.vip[seat] and self._piggyback(seat) and self._stack_spots(seat))

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _at_chance(self) -> bool:
        return _CHANCE[self.phase]

    @property
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        places = places_from_keys([-m for m in self.money])
        return Result(tuple(self.money), places, tuple(s for s, p in enumerate(places) if p == 1))

    def _exotic_taken(self, seat: int, spot: str) -> bool:
        # "每位玩家不得在同一張特別彩池牌上放置超過1枚投注標記"
        return spot[0] == "e" and seat in self.exotic_by.get(spot.rsplit(":", 1)[0], ())

    def _open_spots(self, seat: int) -> list[str]:
        """The spots ``seat`` may bet on (read only: it may be the free list itself)."""
        if not any(seat in seats for seats in self.exotic_by.values()):
            return self.free
        return [s for s in self.free if not self._exotic_taken(seat, s)]

    def _stack_spots(self, seat: int) -> list[str]:
        """Spots where another player's token lies alone (a piggyback card's targets)."""
        return [
            s
            for s, (who, _, _) in self.bets.items()
            if who != seat and s not in self.stacked and not self._exotic_taken(seat, s)
        ]

    def _held(self, cards: Sequence[int]) -> tuple[VipHeld, ...]:
        vip = self.game.config.vip_cards
        return tuple(VipHeld(k, vip[k].name, vip[k].kind, k in self.cashed) for k in cards)

    def render(self, seat: int | None = None) -> str:
        """A compact text picture of the game as ``seat`` may see it (``None``:
        a spectator; the last seat: the host's chair), built from :meth:`view`
        alone (:meth:`ReadySetBetView.render`), so nothing hidden can show.

        >>> import racebook
        >>> state = racebook.load("readysetbet-simple", players=3).new_state(seed=1)
        >>> print(state.render(0))
        Ready Set Bet, race 1 of 4: race (seat 0's view)
        to act: seats 0, 1, 2 and the host's chair; betting open
        horse  pos
          2/3    0
            4    0
            5    0
            6    0
            7    0
            8    0
            9    0
           10    0
        11/12    0
        board (seat:token, * a bonus token, H a host token, . open):
        horse  show  place  win
          2/3  . .  . .  . . .
            4  . .  . .  . . .
            5  . .  . .  . . .
            6  . .  . .  . . .
            7  . .  . .  . . .
            8  . .  . .  . . .
            9  . .  . .  . . .
           10  . .  . .  . . .
        11/12  . .  . .  . . .
        colours: blue . | orange . | red . | 7-out .
        prop spots: 4 . | 18 . | 24 . | 25 . | 27 .
        prop cards: 5 > 8; 11/12 > 5; 10 > 5; 2/3 > 6; 7 > 5 & 9
        exotics: by-a-nose . . .
        seat   money  tokens        late  VIP cards
        0         $0  2 3 3 4 5        0  -  (you)
        1         $0  2 3 3 4 5        0  -
        2         $0  2 3 3 4 5        0  -
        """
        return self.view(seat).render(self.game.title)

    def __str__(self) -> str:
        return self.render(None)

    def view(self, seat: int | None) -> ReadySetBetView:
        self._check_seat(seat)
        c = self.game.config
        n = c.players
        bets = [(s, *b) for s, b in self.bets.items()] + [(s, *b) for s, b in self.stacked.items()]
        return ReadySetBetView(
            seat=seat,
            race=self.race + 1,
            races=c.races,
            phase=_PHASES[self.phase],
            to_act=self.to_act,
            positions=tuple(self.pos),
            crossed=tuple(self.crossed),
            betting_open=self.open,
            last_roll=self.last,
            bets=tuple(sorted(bets)),
            host_bets=tuple(sorted(self.host_bets.items())),
            tokens=tuple(tuple(h) for h in self.hands),
            bonus_tokens=tuple(tuple(b) for b in self.bonus),
            late_bets=tuple(self.late),
            money=tuple(self.money),
            props=tuple(str(c.props[p]) for p in self.props),
            exotics=tuple(c.exotics[e].name for e in self.exotics),
            open_spots=tuple(s for s in self.spots if s not in self.bets),
            vip=tuple(self._held(self.vip[s]) for s in range(n)),
            offer=self._held(self.offers[seat]) if seat is not None and 0 <= seat < n else (),
            choosing=tuple(s for s in range(n) if self.offers[s]),
            vip_deck=len(self.deck),
            vip_discards=len(self.discards),
            host=self.hosting if self.hosting >= 0 else None,
            asked=self.asked if self.phase == OFFER else None,
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "race": self.race,
            "phase": self.phase,
            "money": self.money,
            "pos": self.pos,
            "crossed": self.crossed,
            "open": self.open,
            "pending": self.pending,
            "last": self.last,
            "bets": sorted((s, list(b)) for s, b in self.bets.items()),
            "stacked": sorted((s, list(b)) for s, b in self.stacked.items()),
            "hands": self.hands,
            "bonus": self.bonus,
            "late": self.late,
            "props": self.props,
            "used": self.used_props,
            "exotics": self.exotics,
            "host_hand": self.host_hand,
            "host_bets": sorted(self.host_bets.items()),
            "vip": self.vip,
            "cashed": self.cashed,
            "deck": self.deck,
            "discards": self.discards,
            "offers": self.offers,
            "hosting": self.hosting,
            "asked": self.asked,
        }

    # -- legality -----------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == HOST_BETS:
            tokens = sorted(set(self.host_hand))
            return [Bet(seat, t, s) for s in self.spots if s not in self.host_bets for t in tokens]
        if phase == KEEP:
            return [Keep(seat, k) for k in self.offers[seat]]
        if phase == OFFER:
            return [Host(seat, True), Host(seat, False)]
        if phase != RACE:
            return []
        if seat == self.game.host:
            if self.to_act == (seat,):
                return [Roll(seat), RollOut(seat)]
            return [Roll(seat)]
        out: list[Action] = []
        if self.open or self.late[seat]:
            spots = self._open_spots(seat)
            values = tuple(sorted(set(self.hands[seat])))
            grid = self.game.grid
            if values:
                out = list(chain.from_iterable(map(grid(seat, values).__getitem__, spots)))
            if self.vip[seat]:
                for k in self.bonus[seat]:
                    out += map(grid(seat, -1 - k).__getitem__, spots)
                piggyback = self._piggyback(seat)
                if piggyback:
                    stack = self._stack_spots(seat)
                    out += [self.game.bet(seat, v, spot) for v in piggyback for spot in stack]
        out += [Cash(seat, k) for k in self.cash[seat]]
        return out

    def _check(self, action: Action) -> str | None:
        if action.seat == CHANCE:
            return self._check_chance(action)
        if isinstance(action, Roll | RollOut):
            if action.seat != self.game.host:
                return "only the host rolls"
            if self.phase != RACE:
                return "the race starts once the host's six tokens are down"
            if isinstance(action, RollOut) and self.to_act != (action.seat,):
                return "others may still act: roll one roll at a time"
            return None
        if isinstance(action, Bet) and self.phase == HOST_BETS:
            # "選擇將它們各自放在投注版圖上六個不同下注區"
            if action.token not in self.host_hand:
                return f"the host has no host token {action.token} left"
            if action.spot not in self.spot_set:
                return f"no betting spot {action.spot!r} this race"
            if action.spot in self.host_bets:
                return "the host's six tokens go on six different spots"
            return None
        if isinstance(action, Keep):
            if self.phase != KEEP or action.card not in self.offers[action.seat]:
                return f"VIP card {action.card} was not dealt to seat {action.seat}"
            return None
        if isinstance(action, Host):
            return None if self.phase == OFFER else "nobody is being asked to host"
        if self.phase != RACE:
            return f"{action.kind} is not playable now"
        seat = action.seat
        if seat == self.game.host:
            if isinstance(action, Bet | BonusBet):
                return "the host does not bet during the race"
            return "the host's chair only rolls"
        if isinstance(action, Cash):
            if action.card not in self.cash[seat]:
                return f"seat {seat} holds no unplayed free-chips card {action.card} it may use"
            return None
        if not isinstance(action, Bet | BonusBet):
            return f"{action.kind} is not playable now"
        if seat == self.hosting:
            return "the host does not bet during the race"
        if not self.open and not self.late[seat]:
            return "no more bets (截止投注)"
        if isinstance(action, BonusBet):
            if action.card not in self.bonus[seat]:
                return f"seat {seat} has no bonus token of VIP card {action.card} in hand"
        elif action.token not in self.hands[seat]:
            return f"seat {seat} has no token {action.token} left"
        spot = action.spot
        if spot not in self.spot_set:
            return f"no betting spot {spot!r} this race"
        if spot in self.bets:
            if (
                isinstance(action, Bet)
                and action.token in self._piggyback(seat)
                and spot in self._stack_spots(seat)
            ):
                return None
            return f"{spot} is taken: one token per spot, first come first served"
        if self._exotic_taken(seat, spot):
            return "at most one of a player's tokens on each exotic finish card"
        return None

    def _check_chance(self, action: Action) -> str | None:
        phase = self.phase
        if isinstance(action, NewRace):
            return (
                None
                if phase == SETUP and self._new_race_ok(action)
                else "not this race's cards (5 unused prop cards and a new exotic card)"
            )
        if isinstance(action, Dice):
            if phase != ROLLING:
                return "no roll is under way"
            if not (1 <= action.first <= 6 and 1 <= action.second <= 6):
                return "each die shows 1 to 6"
            return None
        if isinstance(action, DiceRun):
            if phase != ROLLOUT:
                return "no roll-out is under way"
            c = self.game.config
            dice = action.dice
            if len(dice) % 2 or not _DIGITS.issuperset(dice):
                return "a roll-out's dice are pairs of digits 1 to 6"
            if dice_to_finish(self.pos, self.pending, dice, c.track, c.bonus) * 2 != len(dice):
                return "a roll-out's dice end with the roll that reaches the finish"
            return None
        if isinstance(action, DealVip):
            if phase != DEAL:
                return "no VIP cards are being dealt"
            return self._deal_problem(action.cards)
        if isinstance(action, FirstHost):
            if phase != FIRST:
                return "the first host is already chosen"
            if not 0 <= action.host < self.game.config.players:
                return f"no player {action.host}"
            return None
        return f"{action.kind} is not a chance outcome"

    def _deal_problem(self, cards: tuple[int, ...]) -> str | None:
        # "當貴賓牌庫用光，將其棄牌堆的牌洗勻疊好以形成新牌庫"
        c = self.game.config
        need = c.vip_deal * c.players
        deck, discards = set(self.deck), set(self.discards)
        total = min(need, len(deck) + len(discards))
        if len(cards) != total or len(set(cards)) != total:
            return f"deal {total} different VIP cards ({c.vip_deal} a player while they last)"
        k = min(need, len(deck))
        if not all(x in deck for x in cards[:k]) or not all(x in discards for x in cards[k:]):
            return "VIP cards come from the deck, then from the reshuffled discards"
        return None

    def _not_now(self, action: Action) -> str | None:
        if isinstance(action, Bet | BonusBet) and self.phase == RACE and not self.open:
            return "no more bets (截止投注): the third horse crossed the red line"
        return None

    def _new_race_ok(self, action: NewRace) -> bool:
        c = self.game.config
        props = action.props
        if len(props) != min(c.props_per_race, len(c.props)) or len(set(props)) != len(props):
            return False
        if any(not 0 <= p < len(c.props) or p in self.used_props for p in props):
            return False
        if not c.exotics:
            return action.exotic == -1
        return 0 <= action.exotic < len(c.exotics) and action.exotic not in self.exotics

    def _sample_chance(self, rng: random.Random) -> Action:
        c = self.game.config
        if self.phase == ROLLING:
            return Dice(CHANCE, rng.randint(1, 6), rng.randint(1, 6))
        if self.phase == ROLLOUT:
            return DiceRun(CHANCE, roll_to_finish(self.pos, self.pending, rng, c.track, c.bonus))
        if self.phase == SETUP:
            free = [p for p in range(len(c.props)) if p not in self.used_props]
            props = tuple(sorted(rng.sample(free, min(c.props_per_race, len(free)))))
            rest = [e for e in range(len(c.exotics)) if e not in self.exotics]
            return NewRace(CHANCE, props, rng.choice(rest) if rest else -1)
        if self.phase == DEAL:
            need = c.vip_deal * c.players
            cards = rng.sample(self.deck, min(need, len(self.deck)))
            if need > len(cards):
                cards += rng.sample(self.discards, min(need - len(cards), len(self.discards)))
            return DealVip(CHANCE, tuple(cards))
        return FirstHost(CHANCE, rng.randrange(c.players))

    def chance_outcomes(self) -> list[tuple[Action, float]] | None:
        if self.phase == ROLLING:
            return [(Dice(CHANCE, a, b), 1 / 36) for a in range(1, 7) for b in range(1, 7)]
        if self.phase == FIRST:
            n = self.game.config.players
            return [(FirstHost(CHANCE, s), 1 / n) for s in range(n)]
        return None

    # -- play ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Dice):
            self._roll(action, events)
        elif isinstance(action, Roll):
            self.phase = ROLLING
        elif isinstance(action, RollOut):
            self.phase = ROLLOUT
        elif isinstance(action, DiceRun):
            self._roll_out(action.dice, events)
        elif isinstance(action, Bet) and self.phase == HOST_BETS:
            self.host_hand.remove(action.token)
            self.host_bets[action.spot] = action.token
            events.append(BetPlaced(action.seat, action.token, action.spot))
            if not self.host_hand:
                self.phase = RACE
        elif isinstance(action, Bet | BonusBet):
            self._bet(action, events)
        elif isinstance(action, Cash):
            self._cash(action.seat, action.card, events)
        elif isinstance(action, NewRace):
            self._start_race(action, events)
        elif isinstance(action, DealVip):
            self._deal(action.cards, events)
        elif isinstance(action, Keep):
            self._keep(action.seat, action.card, events)
        elif isinstance(action, Host):
            self._answer(action.seat, action.yes, events)
        elif isinstance(action, FirstHost):
            self.hosting = action.host
            events.append(HostChosen(action.host, "drawn"))
            self.phase = SETUP
        return events

    def _bet(self, action: Bet | BonusBet, events: list[Event]) -> None:
        seat, spot = action.seat, action.spot
        note = ""
        if isinstance(action, BonusBet):
            card = action.card
            token = self.game.config.vip_cards[card].value
            self.bonus[seat].remove(card)
            note = self.game.config.vip_cards[card].name
        else:
            card, token = -1, action.token
            self.hands[seat].remove(token)
        if spot in self.bets:  # a piggyback card's token, on another player's
            self.stacked[spot] = (seat, token, card)
            note = note or f"Piggyback {token}"
        else:
            self.bets[spot] = (seat, token, card)
            self.free.remove(spot)
        if not self.open:  # a late-bet card's bet after the close
            self.late[seat] -= 1
            note = note or "Late bet"
        if spot[0] == "e":
            name = spot.rsplit(":", 1)[0]
            self.exotic_by[name] = [*self.exotic_by.get(name, []), seat]
        events.append(BetPlaced(seat, token, spot, note))

    def _cash(self, seat: int, card: int, events: list[Event]) -> None:
        vip = self.game.config.vip_cards[card]
        self.cashed = sorted([*self.cashed, card])
        if card in self.cash[seat]:
            self.cash[seat] = [k for k in self.cash[seat] if k != card]
        self.money[seat] += vip.amount
        events.append(VipPaid(seat, vip.name, vip.amount))

    def _start_race(self, action: NewRace, events: list[Event]) -> None:
        c = self.game.config
        self.props = list(action.props)
        self.used_props += self.props
        if action.exotic >= 0:
            self.exotics.append(action.exotic)  # accumulating: one more card a race
        self.spots = [*self.game.board_spots, *_card_spots(c, self.props, self.exotics)]
        self.spot_set = frozenset(self.spots)
        self.free = list(self.spots)
        events.append(
            RaceReady(
                self.race + 1,
                tuple(str(c.props[p]) for p in self.props),
                tuple(c.exotics[e].name for e in self.exotics),
            )
        )
        # every player takes their tokens back, with their bonus tokens; the host
        # bets none ("成為主持人的玩家不得在該場賽事中使用自己的貴賓牌")
        cards = c.vip_cards
        for s in range(c.players):
            if s == self.hosting:
                continue
            self.hands[s] = list(c.token_set)
            self.bonus[s] = self._vip_of(s, "bonus-token")
            self.late[s] = sum(cards[k].amount for k in self._vip_of(s, "late-bet"))
            self.cash[s] = self._cashable(s)
        if c.rotating_host and self.race < len(c.host_pay) and c.host_pay[self.race]:
            # "第二場賽事主持人的玩家會從供應堆獲得3元籌碼...這些補償在每場賽事開始之前派發"
            pay = c.host_pay[self.race]
            self.money[self.hosting] += pay
            events.append(HostPaid(self.hosting, pay))
        if c.host_bets or c.rotating_host:
            self.host_hand = list(c.host_tokens)
            self.phase = HOST_BETS
        else:
            self.phase = RACE

    # 貴賓牌: after races 1-3, two face down to each player, keep one
    def _deal(self, cards: tuple[int, ...], events: list[Event]) -> None:
        c = self.game.config
        names = c.vip_cards
        if len(cards) > len(self.deck):  # the deck ran out: the discards are the new deck
            rest = set(cards[len(self.deck) :])
            self.deck = [k for k in self.discards if k not in rest]
            self.discards = []
        else:
            dealt = set(cards)
            self.deck = [k for k in self.deck if k not in dealt]
        for s in range(c.players):
            mine = list(cards[s * c.vip_deal : (s + 1) * c.vip_deal])
            self.offers[s] = mine
            if mine:
                events.append(VipDealt(s, tuple(mine), tuple(names[k].name for k in mine)))
        self.phase = KEEP
        if not any(self.offers):
            self._after_draft()

    def _keep(self, seat: int, card: int, events: list[Event]) -> None:
        c = self.game.config
        self.vip[seat].append(card)
        self.discards = sorted(self.discards + [k for k in self.offers[seat] if k != card])
        self.offers[seat] = []
        events.append(VipKept(seat, card, c.vip_cards[card].name))
        if seat == self.hosting and c.vip_cards[card].kind == "free-chips":
            # "如果主持人玩家選擇保留的是免費籌碼牌，就必須立即結算其效果"
            self._cash(seat, card, events)
        if not any(self.offers):
            self._after_draft()

    def _after_draft(self) -> None:
        if self.game.config.rotating_host:
            # "當前的主持人玩家可以選擇繼續擔任下一場賽馬的主持人"
            self.phase = OFFER
            self.asked = self.hosting
        else:
            self.phase = SETUP

    def _answer(self, seat: int, yes: bool, events: list[Event]) -> None:
        n = self.game.config.players
        host = self.hosting
        if yes:
            self.hosting = seat
            events.append(HostChosen(seat, "stays" if seat == host else "accepts"))
        elif (seat + 1) % n == host:
            # "假如最終無人應允，當前主持人左邊的第一位玩家就會強制成為主持人"
            self.hosting = (host + 1) % n
            events.append(HostChosen(self.hosting, "forced"))
        else:
            # "當前主持人左邊的第一位玩家就有權選擇成為主持人...順時針方向的下一位"
            self.asked = (seat + 1) % n
            return
        self.asked = -1
        self.phase = SETUP

    # 進行賽馬 and 獎勵移動
    def _roll(self, action: Dice, events: list[Event]) -> None:
        c = self.game.config
        a, b = action.first, action.second
        self.last = (a, b)
        h = horse_of(a + b)
        leaders = self._leaders()
        was = self.pos[h]
        self.pending = advance(self.pos, self.pending, h, c.bonus, c.track)
        # what happened on the track: "一旦有馬匹到達終點線(賽道上第15個格子)，賽事就會
        # 立即完結" cuts a move (its bonus first) at the finish, and so does the commentary
        moved = self.pos[h] - was
        events.append(Rolled((a, b), HORSES[h], moved, self.pos[h]))
        if moved > 1:  # the roll's own space always fits: the rest is the bonus
            events.append(BonusMove(HORSES[h], moved - 1))
        if a == b and a in (1, 6):
            self._doubles(a, events)
        now = self._leaders()
        if now != leaders:
            events.append(LeadChange(tuple(HORSES[x] for x in now)))
        if self.pos[h] >= c.red_line and h not in self.crossed:
            self._cross(h, events)
        self.phase = RACE
        if self.pos[h] >= c.track:  # "一旦有馬匹到達終點線...賽事就會立即完結"
            self.open = False
            self._settle(h, events)

    def _doubles(self, die: int, events: list[Event]) -> None:
        c = self.game.config
        events.append(SnakeEyes() if die == 1 else BoxCars())  # "蛇眼!" / "柵車!"
        kind = "snake-eyes" if die == 1 else "box-cars"
        for s in range(c.players):
            for k in self._vip_of(s, kind):
                self.money[s] += c.vip_cards[k].amount
                events.append(VipPaid(s, c.vip_cards[k].name, c.vip_cards[k].amount))

    def _cross(self, h: int, events: list[Event]) -> None:
        self.crossed.append(h)
        events.append(RedLine(HORSES[h], len(self.crossed)))
        if len(self.crossed) == self.game.config.close_after and self.open:
            self.open = False
            events.append(NoMoreBets())  # "截止投注!"

    def _roll_out(self, dice: str, events: list[Event]) -> None:
        """The rolls of a roll-out, as :meth:`_roll` plays them, narrated by one event."""
        c = self.game.config
        pos, pending, track, bonus, red = self.pos, self.pending, c.track, c.bonus, c.red_line
        crossed = self.crossed
        horse = _HORSE_OF
        told: list[Event] = []  # after the rolled-out event
        moved = []
        pair = ""
        h = 0
        it = iter(dice)
        for x, y in zip(it, it, strict=True):
            pair = x + y
            h = horse[pair]
            was = pos[h]
            pending = advance(pos, pending, h, bonus, track)
            moved.append(pos[h] - was)  # on the track, cut at the finish as in _roll
            if x == y and (x == "1" or x == "6"):
                self._doubles(int(x), told)
            if pos[h] >= red and h not in crossed:
                self._cross(h, told)
        events.append(RolledOut(dice, tuple(moved)))
        events += told
        self.pending = pending
        self.last = (int(pair[0]), int(pair[1]))
        self.phase = RACE
        self.open = False
        self._settle(h, events)

    def _leaders(self) -> tuple[int, ...]:
        top = max(self.pos)
        return tuple(i for i, p in enumerate(self.pos) if p == top) if top else ()

    def horse_places(self) -> list[int]:
        """Place per horse: 1 + how many horses are strictly ahead (ties share;
        two tied 2nd are 2nd and 3rd, and nobody behind them shows)."""
        return list(places_from_keys([-p for p in self.pos]))

    def spot_wins(self, spot: str) -> bool:
        """Whether the bet on ``spot`` wins, at the end of the race."""
        return self.game.spot(spot)[1](self.pos, self.horse_places())

    def spot_rate(self, spot: str) -> Rate:
        """The multiplier and red-circle loss of ``spot``."""
        return self.game.spot(spot)[0]

    # 結算投注結果: a win pays token x multiplier; a loss pays the red circle, whatever
    # the token, plus a bonus token's own red circle; a shielded token (the 2's Ⓢ) pays
    # neither: "若玩家使用了這類標記下注且輸掉，是不須向供應堆支付任何籌碼的"; nobody goes
    # below $0 (winnings are collected first).
    def _settle(self, winner: int, events: list[Event]) -> None:
        c = self.game.config
        places = self.horse_places()
        events.append(Finished(HORSES[winner], tuple(places), tuple(self.pos)))
        won = [0] * len(self.money)
        lost = [0] * len(self.money)
        bets = [(spot, *b) for spot, b in self.bets.items()]
        bets += [(spot, *b) for spot, b in self.stacked.items()]
        bets += [(spot, self.host_player, token, -1) for spot, token in self.host_bets.items()]
        pos = self.pos
        for spot, seat, token, card in sorted(bets):
            rate, wins = self.game.spot(spot)
            if wins(pos, places):
                won[seat] += token * rate.mult
            elif card < 0:
                lost[seat] += rate.loss
            else:
                vip = c.vip_cards[card]
                lost[seat] += 0 if vip.shield else rate.loss + vip.loss
        for s in range(len(self.money)):
            self.money[s] += won[s]
            paid = min(self.money[s], lost[s])
            self.money[s] -= paid
            events.append(Settled(s, won[s], paid, self.money[s]))
        self._mark()
        self.race += 1
        if self.race >= c.races:
            if c.free_chips_at_end:  # the last race's host too: the game is over
                kinds = self.game.kinds
                for s in range(c.players):
                    for k in self.vip[s]:
                        if kinds[k] == "free-chips" and k not in self.cashed:
                            self._cash(s, k, events)
            self.phase = OVER
            events.append(self._game_ended())
            return
        self._reset_race()  # 整理: horses back, tokens back, new props, one more exotic
        if c.vip_cards and c.vip_deal and (self.deck or self.discards):
            self.phase = DEAL
        else:
            self._after_draft()

    # -- copies, audits ---------------------------------------------------------------------
    def _copy_into(self, other: ReadySetBetState) -> None:
        other.money = list(self.money)
        other.used_props = list(self.used_props)
        other.exotics = list(self.exotics)
        other.props = list(self.props)
        other.pos = list(self.pos)
        other.crossed = list(self.crossed)
        other.bets = dict(self.bets)
        other.stacked = dict(self.stacked)
        other.hands = [list(h) for h in self.hands]
        other.bonus = [list(b) for b in self.bonus]
        other.late = list(self.late)
        other.cash = [list(k) for k in self.cash]
        other.spots = list(self.spots)
        other.free = list(self.free)
        other.exotic_by = {k: list(v) for k, v in self.exotic_by.items()}
        other.host_hand = list(self.host_hand)
        other.host_bets = dict(self.host_bets)
        other.vip = [list(v) for v in self.vip]
        other.cashed = list(self.cashed)
        other.deck = list(self.deck)
        other.discards = list(self.discards)
        other.offers = [list(o) for o in self.offers]

    def audit(self) -> None:
        assert all(m >= 0 for m in self.money), f"money below $0: {self.money}"
        c = self.game.config
        cards = c.vip_cards
        held = self.deck + self.discards + [k for v in self.vip for k in v]
        held += [k for o in self.offers for k in o]
        assert sorted(held) == list(range(len(cards))), "VIP cards lost or doubled"
        assert all(k in self.vip[s] for s in range(c.players) for k in self._cashable(s)) and all(
            cards[k].kind == "free-chips" for k in self.cashed
        ), "cashed cards"
        assert all(0 <= p <= c.track for p in self.pos), "positions"
        if self.phase not in (RACE, ROLLING, HOST_BETS, OVER):
            assert not self.bets and not self.host_bets, "tokens left on the board"
            return
        if self.phase != OVER:
            assert self.cash == [self._cashable(s) for s in range(c.players)], "playable cash"
        assert self.free == [x for x in self.spots if x not in self.bets], "the free spots"
        on_cards: dict[str, list[int]] = {}
        for spot, (who, _, _) in [*self.bets.items(), *self.stacked.items()]:
            if spot[0] == "e":
                on_cards.setdefault(spot.rsplit(":", 1)[0], []).append(who)
        assert {k: sorted(v) for k, v in self.exotic_by.items()} == {
            k: sorted(v) for k, v in on_cards.items()
        }, "who holds a token on each exotic card"
        placed = list(self.bets.values()) + list(self.stacked.values())
        for s in range(c.players):
            mine = sorted([t for (who, t, k) in placed if who == s and k < 0] + self.hands[s])
            bonus = sorted([k for (who, _, k) in placed if who == s and k >= 0] + self.bonus[s])
            if s == self.hosting:
                assert not mine and not bonus, f"the host (seat {s}) bet"
            else:
                assert mine == sorted(c.token_set), f"seat {s}'s tokens"
                assert bonus == sorted(self._vip_of(s, "bonus-token")), f"seat {s}'s bonus tokens"
        if c.host_bets or c.rotating_host:
            tokens = sorted(self.host_hand + list(self.host_bets.values()))
            assert tokens == sorted(c.host_tokens), "the host's tokens"

    def hidden_variant(self, seat: int, rng: random.Random) -> ReadySetBetState:
        """Redeal the VIP deck and the other players' undecided cards among themselves."""
        other = self.clone()
        lists = [other.offers[s] for s in range(len(other.offers)) if s != seat]
        pool = list(other.deck) + [k for lst in lists for k in lst]
        rng.shuffle(pool)
        for lst in lists:
            lst[:], pool = pool[: len(lst)], pool[len(lst) :]
        other.deck = sorted(pool)
        return other

    def probes(self, seat: int) -> list[Action]:
        host = self.game.host
        out: list[Action] = [
            Roll(seat),
            Roll(host),
            Bet(host, 2, "win:7:0"),
            Bet(seat, 9, "win:7:0"),
            Host(seat, True),
            Keep(seat, 0),
            Cash(seat, 0),
            BonusBet(seat, 0, "win:7:0"),
        ]
        out += [
            Bet(seat, t, s)
            for s in [*self.spots[::7], *list(self.bets)[:3], "win:13:0", "colour:green"]
            for t in (2, 3, 5)
        ]
        n = self.game.config.players
        if 0 <= seat < n:
            out += [Keep(seat, k) for k in self.deck[:2] + self.offers[(seat + 1) % n]]
            out += [Cash(seat, k) for k in self.vip[seat] + self.vip[(seat + 1) % n]]
            out += [BonusBet(seat, k, s) for k in self.vip[seat] for s in self.spots[:3]]
        out += [
            RollOut(seat),
            RollOut(host),
            Dice(CHANCE, 0, 7),
            DiceRun(CHANCE, "34"),
            DiceRun(CHANCE, "3x"),
            NewRace(CHANCE, (), -1),
            FirstHost(CHANCE, 0),
            DealVip(CHANCE, tuple(self.deck[:2])),
        ]
        return out


# -- odds ---------------------------------------------------------------------------------


@attrs.frozen
class SpotValue:
    """The expected value of putting ``token`` on ``spot`` now, with its standard error."""

    spot: str
    token: int
    value: float
    error: float


@attrs.frozen
class Odds:
    """Monte Carlo odds from a position: probability per horse (index 0 = 2/3) of
    winning, placing (top 2) and showing (top 3), their standard errors, and the
    value of every open spot for every token value."""

    samples: int
    win: tuple[float, ...]
    place: tuple[float, ...]
    show: tuple[float, ...]
    win_error: tuple[float, ...]
    values: tuple[SpotValue, ...]
    mean_rolls: float
    spots: tuple[tuple[str, float, float], ...] = ()
    """(spot, probability the bet wins, its standard error) for every spot of the
    race, taken or not: the value of any token (a bonus token's, a piggyback
    token's) follows from these."""


Judge = Callable[[Sequence[int], Sequence[int]], bool]


def spot_rate(c: ReadySetBetConfig, spot: str) -> Rate:
    """The multiplier and red-circle loss of ``spot`` (see :func:`spot_ids`)."""
    kind, _, rest = spot.partition(":")
    if kind in ("win", "place", "show"):
        name, i = rest.rsplit(":", 1)
        row = c.board[HORSES.index(name)]
        return row[("show", "place", "win").index(kind)][int(i)]
    if kind == "colour":
        return next(b.rate for b in c.colour_bets if b.name == rest)
    if kind == "prop":
        return c.props[int(rest)].rate
    name = rest.rsplit(":", 1)[0]
    return next(e.rate for e in c.exotics if e.name == name)


def judge(c: ReadySetBetConfig, spot: str) -> Judge:
    """Whether a bet on ``spot`` wins, as a function of final positions and places
    (結算投注結果; ties: 就獨贏、位置、前三名作投注; props lose on a tie)."""
    kind, _, rest = spot.partition(":")
    if kind in ("win", "place", "show"):
        h = HORSES.index(rest.rsplit(":", 1)[0])
        k = {"win": 1, "place": 2, "show": 3}[kind]
        return lambda pos, places: places[h] <= k
    if kind == "colour":
        if rest == "7-out":  # "至少四匹馬排在7號馬前面"
            return lambda pos, places: sum(1 for p in pos if p > pos[SEVEN]) >= 4
        group = {"blue": BLUE, "orange": ORANGE, "red": RED}[rest]
        return lambda pos, places: places.index(1) in group
    if kind == "prop":
        card = c.props[int(rest)]
        a, behind = card.ahead, card.behind
        return lambda pos, places: all(pos[a] > pos[b] for b in behind)
    if kind == "exotic":
        name = rest.rsplit(":", 1)[0]
        return lambda pos, places: exotic_wins(name, pos, c.track)
    raise ValueError(f"unknown spot {spot!r}")


def run_race(
    pos: list[int], pending: int, rng: random.Random, track: int, bonus: Sequence[int]
) -> int:
    """The race fast path: roll until a horse reaches ``track``; ``pos`` is moved in
    place; returns the number of rolls.  No validation, no log; one draw of 36 a
    roll (both dice at once), the same draws as :func:`roll_to_finish`, with
    :func:`advance` written inline (a test holds the two equal)."""
    rolls = 0
    rand = rng.random
    horse = _HORSE36
    while True:
        rolls += 1
        h = horse[int(rand() * 36)]
        if pending == h:
            p = pos[h] + 1 + bonus[h]
            pending = -1
        else:
            p = pos[h] + 1
            pending = h
        if p >= track:
            pos[h] = track
            return rolls
        pos[h] = p


def odds(state: ReadySetBetState, samples: int = 10_000, seed: int | None = None) -> Odds:
    """Win, place and show probability per horse from ``state``'s position, and
    the expected value of every open spot for every token value, by ``samples``
    simulated finishes (:func:`run_race`), with standard errors."""
    c = state.game.config
    rng = random.Random(seed)
    win = [0] * 9
    place = [0] * 9
    show = [0] * 9
    every = state.spots or spot_ids(c, state.props, state.exotics)
    open_spots = [s for s in every if s not in state.bets]
    judges = [state.game.spot(spot)[1] for spot in every]
    counts = [0] * len(every)
    rolls = 0
    for _ in range(samples):
        pos = list(state.pos)
        rolls += run_race(pos, state.pending, rng, c.track, c.bonus)
        places = places_from_keys([-p for p in pos])
        for h in range(9):
            win[h] += places[h] == 1
            place[h] += places[h] <= 2
            show[h] += places[h] <= 3
        for i, wins in enumerate(judges):
            if wins(pos, places):
                counts[i] += 1
    hits = dict(zip(every, counts, strict=True))
    n = max(samples, 1)

    def se(k: int) -> float:
        p = k / n
        return math.sqrt(p * (1 - p) / n)

    values = []
    for spot in open_spots:
        p = hits[spot] / n
        rate = state.spot_rate(spot)
        for token in sorted(set(c.token_set)):
            gain = token * rate.mult
            values.append(
                SpotValue(
                    spot, token, p * gain - (1 - p) * rate.loss, se(hits[spot]) * (gain + rate.loss)
                )
            )
    return Odds(
        samples=samples,
        win=tuple(k / n for k in win),
        place=tuple(k / n for k in place),
        show=tuple(k / n for k in show),
        win_error=tuple(se(k) for k in win),
        values=tuple(values),
        mean_rolls=rolls / n,
        spots=tuple((spot, hits[spot] / n, se(hits[spot])) for spot in every),
    )


register_preset(
    "readysetbet",
    "readysetbet",
    ReadySetBetConfig(),
    "Ready Set Bet: 5 bettors and a host, 4 races, red line at 10 (assumed), "
    "the illustrative VIP deck.",
)
register_preset(
    "readysetbet-simple",
    "readysetbet",
    ReadySetBetConfig(vip_cards=()),
    "Ready Set Bet without VIP cards (你可以不使用...貴賓牌以簡化遊戲).",
)
register_preset(
    "readysetbet-host-bets",
    "readysetbet",
    ReadySetBetConfig(host_bets=True),
    "Ready Set Bet, the host-betting variant: the host bets six host tokens from $18.",
)
register_preset(
    "readysetbet-rotating",
    "readysetbet",
    ReadySetBetConfig(rotating_host=True),
    "Ready Set Bet, the rotating-host variant: a player hosts each race, paid $3/$6/$9.",
)

__all__ = [
    "BOARD",
    "COLOUR_BETS",
    "COLOUR_NAMES",
    "EXOTICS",
    "EXOTIC_NAMES",
    "HORSES",
    "MAX_MONEY",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_PROPS",
    "MAX_PROPS_PER_RACE",
    "MAX_RACES",
    "MAX_RATE",
    "MAX_SPOTS",
    "MAX_TOKEN",
    "MAX_TOKENS",
    "MAX_TRACK",
    "MAX_VIP_CARDS",
    "MAX_VIP_DEAL",
    "PROPS",
    "SEVEN_OR_EIGHT",
    "VIP_CARDS",
    "VIP_KINDS",
    "Bet",
    "BonusBet",
    "Cash",
    "DealVip",
    "Dice",
    "DiceRun",
    "FirstHost",
    "Host",
    "HostChosen",
    "HostPaid",
    "Keep",
    "NewRace",
    "Odds",
    "ReadySetBet",
    "ReadySetBetConfig",
    "ReadySetBetState",
    "ReadySetBetView",
    "Roll",
    "RollOut",
    "RolledOut",
    "VipCard",
    "VipDealt",
    "VipHeld",
    "VipKept",
    "VipPaid",
    "advance",
    "dice_to_finish",
    "exotic_wins",
    "horse_of",
    "odds",
    "roll_to_finish",
    "run_race",
    "spot_ids",
]

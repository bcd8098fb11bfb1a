"""Settings (遊戲設置): every number of Ready Set Bet as a field of
:class:`ReadySetBetConfig`, the limits a variant file is held to, and
:func:`check_config`."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from cattrs.gen import make_dict_unstructure_fn, override

from racebook.cards.readysetbet import (
    BOARD,
    COLOUR_BETS,
    COLOUR_NAMES,
    EXOTIC_NAMES,
    EXOTICS,
    HORSES,
    PROPS,
    VIP_CARDS,
    VIP_KINDS,
    ColourBet,
    ExoticCard,
    PropCard,
    Rate,
    VipCard,
)
from racebook.core.errors import ConfigError, check_between, check_length, short
from racebook.core.serial import converter
from racebook.variants.rules import RuleRef


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
    """Who counts for "seven or eight" players, one of :data:`~.SEVEN_OR_EIGHT`:
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
    rules: tuple[RuleRef, ...] = ()
    """Rule modules plugged in, by registered name (:class:`~.rules.RaceRule`; see
    "Writing a house rule").  Left out of a log's header while empty, so that
    logs written before the field existed re-dump to the same text."""

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
MAX_RULES = 20
"""``len(rules)``: rule modules plugged into one config."""
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
    check_length("rules", c.rules, 0, MAX_RULES)
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


# A config's data (a log's header, a variant file) leaves ``rules`` out while it is
# empty: headers written before the field existed stay the same text.
converter.register_unstructure_hook(
    ReadySetBetConfig,
    make_dict_unstructure_fn(ReadySetBetConfig, converter, rules=override(omit_if_default=True)),
)

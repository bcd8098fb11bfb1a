"""Ready Set Bet (John D. Clair, AEG 2022): rules 002_* (Traditional Chinese).

A host rolls two dice as fast as the table can follow; each roll moves the
horse of that total one space; everyone bets at once, first come first
served, until "no more bets" (截止投注).  The module reads in the rulebook's
order: the race (進行賽馬, 獎勵移動, 主持人, 賽事結束), betting (投注),
settlement (結算投注結果) with the board, colour bets, prop bets and exotic
finishes, then the next race (整理) and the end (遊戲結束).

This version plays the game without VIP cards, which the rulebook allows
("你可以不使用...貴賓牌以簡化遊戲"); VIP cards and the two host variants are
not built yet.

Seats: bettors ``0..players-1`` and the host, seat ``players``.  The host's
only action is :class:`Roll`; a person may host, or the app may apply
``Roll(host)`` on its own clock, as the official app does.  Horses are
indexed 0..8: ``2/3, 4, 5, 6, 7, 8, 9, 10, 11/12``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import attrs

from racebook.core.errors import ConfigError
from racebook.core.game import (
    CHANCE,
    Action,
    Event,
    Game,
    GameEnded,
    Result,
    State,
    places_from_keys,
)
from racebook.core.registry import register_game, register_preset

HORSES = ("2/3", "4", "5", "6", "7", "8", "9", "10", "11/12")
"""The nine horses by index."""
BLUE, ORANGE, RED, SEVEN = (0, 1, 7, 8), (2, 6), (3, 5), 4
"""Horse colours (DATA.md): blue 2/3, 4, 10, 11/12; orange 5, 9; red 6, 8; black 7."""


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
"""The betting board per horse: (show x2, place x2, win x3) rates (DATA.md; the
disputed 2/3 and 11/12 third win spot is 9/-2, one source has 9/-3)."""


@attrs.frozen
class ColourBet:
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
"""The 28 prop bet cards (DATA.md, a fan transcription, unverified)."""


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
"""The 5 exotic finish cards (DATA.md, a fan transcription, unverified):
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


@attrs.frozen
class ReadySetBetConfig:
    """Every number of Ready Set Bet, with the rulebook's (or DATA.md's) value."""

    players: int = 5
    """Bettors (2..8); the host is one more seat."""
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
    """Tokens with 7 or 8 bettors (each returns one 3)."""
    starting_money: int = 0
    """"在第一場賽事開始前，沒有玩家會獲派籌碼"."""
    host_bets: bool = False
    """The host-betting variant (主持人投注之變體規則): before each race the host
    puts six host tokens on six different spots; they do not block a spot."""
    host_money: int = 18
    """"遊戲開始時，主持人會獲得18元籌碼"."""
    host_tokens: tuple[int, ...] = (1, 1, 1, 1, 1, 1)
    """*Assumed*: the host tokens' values (the rulebook gives none)."""

    @property
    def token_set(self) -> tuple[int, ...]:
        return self.tokens_at_7 if self.players >= 7 else self.tokens


def check_config(c: ReadySetBetConfig) -> None:
    if not 1 <= c.players <= 8:
        raise ConfigError("players", f"1 to 8 bettors (8 token colours), got {c.players}")
    if c.races < 1:
        raise ConfigError("races", f"must be at least 1, got {c.races}")
    if not 1 <= c.red_line <= c.track:
        raise ConfigError("red_line", f"must be 1..track ({c.track}), got {c.red_line}")
    if not 1 <= c.close_after <= 9:
        raise ConfigError("close_after", f"must be 1..9 horses, got {c.close_after}")
    if len(c.bonus) != 9 or min(c.bonus) < 0:
        raise ConfigError("bonus", "9 bonus moves (0 or more), one per horse")
    if len(c.board) != 9 or any(len(row) != 3 for row in c.board):
        raise ConfigError("board", "9 rows of (show, place, win) spots")
    if c.props_per_race * c.races > len(c.props):
        raise ConfigError(
            "props_per_race",
            f"{c.races} races of {c.props_per_race} need more than {len(c.props)} prop cards",
        )
    if c.races > len(c.exotics) and c.exotics:
        raise ConfigError("exotics", f"one new exotic card a race needs {c.races} cards")
    if c.host_bets and (len(c.host_tokens) > 9 * 7 or min(c.host_tokens, default=0) < 1):
        raise ConfigError("host_tokens", "host tokens of value 1 or more, on different spots")
    if c.host_money < 0:
        raise ConfigError("host_money", f"must be 0 or more, got {c.host_money}")
    if not c.token_set or min(c.token_set) < 1:
        raise ConfigError("tokens", "each bettor needs tokens of value 1 or more")
    for ex in c.exotics:
        if ex.name not in ("by-a-nose", "blow-out", "tight-race", "late-start", "photo-finish"):
            raise ConfigError("exotics", f"unknown exotic finish {ex.name!r}")


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
class Bet(Action):
    """Put the token of value ``token`` on ``spot`` (see :func:`spot_ids`)."""

    kind: ClassVar[str] = "bet"
    token: int
    spot: str


# -- events (the commentary) -------------------------------------------------------------


@attrs.frozen
class RaceReady(Event):
    kind: ClassVar[str] = "race-ready"
    race: int
    props: tuple[str, ...]
    exotics: tuple[str, ...]


@attrs.frozen
class Rolled(Event):
    kind: ClassVar[str] = "rolled"
    dice: tuple[int, int]
    horse: str
    moved: int
    position: int


@attrs.frozen
class BonusMove(Event):
    kind: ClassVar[str] = "bonus"
    horse: str
    spaces: int


@attrs.frozen
class SnakeEyes(Event):
    kind: ClassVar[str] = "snake-eyes"


@attrs.frozen
class BoxCars(Event):
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
    kind: ClassVar[str] = "no-more-bets"


@attrs.frozen
class BetPlaced(Event):
    kind: ClassVar[str] = "bet"
    seat: int
    token: int
    spot: str


@attrs.frozen
class Finished(Event):
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


# -- views ------------------------------------------------------------------------------


@attrs.frozen
class ReadySetBetView:
    """Everything on the table (Ready Set Bet without VIP cards has no secret)."""

    seat: int | None
    race: int
    races: int
    phase: str
    to_act: tuple[int, ...]
    positions: tuple[int, ...]
    crossed: tuple[int, ...]
    betting_open: bool
    last_roll: tuple[int, int] | None
    bets: tuple[tuple[str, int, int], ...]
    """(spot, seat, token) for every token on the board."""
    host_bets: tuple[tuple[str, int], ...]
    """(spot, token) of the host's tokens (the host-betting variant)."""
    tokens: tuple[tuple[int, ...], ...]
    money: tuple[int, ...]
    """By seat; the host's last when it bets."""
    props: tuple[str, ...]
    exotics: tuple[str, ...]
    open_spots: tuple[str, ...]


# -- the game ---------------------------------------------------------------------------

SETUP, RACE, ROLLING, OVER, HOST_BETS = range(5)
_PHASES = ("chance", "race", "chance", "over", "host bets")


def spot_ids(config: ReadySetBetConfig, props: Sequence[int], exotics: Sequence[int]) -> list[str]:
    """Every betting spot of a race: ``win:7:0`` (horse 7's first win spot),
    ``place:…``, ``show:…``, ``colour:blue``, ``prop:3`` (prop card 3),
    ``exotic:by-a-nose:0``.

    >>> len(spot_ids(ReadySetBetConfig(), [0, 1, 2, 3, 4], [0]))  # 9 x 7 + 4 + 5 + 3
    75
    """
    out = []
    for h, row in enumerate(config.board):
        for kind, rates in zip(("show", "place", "win"), row, strict=True):
            out += [f"{kind}:{HORSES[h]}:{i}" for i in range(len(rates))]
    out += [f"colour:{c.name}" for c in config.colour_bets]
    out += [f"prop:{p}" for p in props]
    out += [f"exotic:{config.exotics[e].name}:{i}" for e in exotics for i in range(3)]
    return out


@register_game
class ReadySetBet(Game[ReadySetBetConfig]):
    """Ready Set Bet without VIP cards; the host is the last seat.

    >>> import racebook
    >>> racebook.load("readysetbet", players=4).seats
    5
    """

    id: ClassVar[str] = "readysetbet"
    title: ClassVar[str] = "Ready Set Bet"
    config_type: ClassVar[type[Any]] = ReadySetBetConfig
    action_types = (NewRace, Roll, Dice, Bet)
    event_types = (
        RaceReady,
        Rolled,
        BonusMove,
        SnakeEyes,
        BoxCars,
        LeadChange,
        RedLine,
        NoMoreBets,
        BetPlaced,
        Finished,
        Settled,
        GameEnded,
    )

    def __init__(self, config: ReadySetBetConfig) -> None:
        check_config(config)
        super().__init__(config)
        self.host = config.players
        self.bet_actions: dict[tuple[int, int, str], Bet] = {}  # interned (values, shared)

    @property
    def seats(self) -> int:
        return self.config.players + 1

    def _make_state(self) -> ReadySetBetState:
        return ReadySetBetState(self)


class ReadySetBetState(State[ReadySetBetConfig]):
    game: ReadySetBet

    def __init__(self, game: ReadySetBet) -> None:
        super().__init__(game)
        n = game.config.players
        self.race = 0
        self.phase = SETUP
        self.money = [game.config.starting_money] * n
        if game.config.host_bets:
            self.money.append(game.config.host_money)
        self.used_props: list[int] = []
        self.exotics: list[int] = []
        self.props: list[int] = []
        self._new_race()

    def _new_race(self) -> None:
        c = self.game.config
        self.pos = [0] * 9
        self.crossed: list[int] = []
        self.open = True
        self.pending = -1  # the horse of an unpaired roll (獎勵移動)
        self.last: tuple[int, int] | None = None
        self.bets: dict[str, tuple[int, int]] = {}  # spot -> (seat, token)
        self.hands = [list(c.token_set) for _ in range(c.players)]
        self.spots: list[str] = []
        self.spot_set: frozenset[str] = frozenset()
        self.host_hand = list(c.host_tokens) if c.host_bets else []
        self.host_bets: dict[str, int] = {}  # spot -> token: do not block the spot
        self.exotic_by: dict[str, list[int]] = {}  # exotic card -> seats with a token on it
        self._acting: tuple[int, tuple[int, ...]] = (-1, ())

    # -- reading ----------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        version, acting = self._acting
        if version == self._version:
            return acting
        if self.phase == RACE:
            bettors = tuple(s for s in range(self.game.config.players) if self._may_bet(s))
            acting = (*bettors, self.game.host)
        elif self.phase == HOST_BETS:
            acting = (self.game.host,)
        elif self.phase == OVER:
            acting = ()
        else:
            acting = (CHANCE,)
        self._acting = (self._version, acting)
        return acting

    def _may_bet(self, seat: int) -> bool:
        if not self.open or not self.hands[seat]:
            return False
        return len(self.bets) < len(self.spots) and bool(self._open_spots(seat))

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _at_chance(self) -> bool:
        return self.phase in (SETUP, ROLLING)

    @property
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        places = places_from_keys([-m for m in self.money])
        return Result(tuple(self.money), places, tuple(s for s, p in enumerate(places) if p == 1))

    def _open_spots(self, seat: int) -> list[str]:
        bets = self.bets
        exotic_by = self.exotic_by
        # "每位玩家不得在同一張特別彩池牌上放置超過1枚投注標記"
        return [
            spot
            for spot in self.spots
            if spot not in bets
            and not (spot[0] == "e" and seat in exotic_by.get(spot.rsplit(":", 1)[0], ()))
        ]

    def view(self, seat: int | None) -> ReadySetBetView:
        c = self.game.config
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
            bets=tuple((s, who, t) for s, (who, t) in sorted(self.bets.items())),
            host_bets=tuple(sorted(self.host_bets.items())),
            tokens=tuple(tuple(h) for h in self.hands),
            money=tuple(self.money),
            props=tuple(str(c.props[p]) for p in self.props),
            exotics=tuple(c.exotics[e].name for e in self.exotics),
            open_spots=tuple(s for s in self.spots if s not in self.bets),
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
            "hands": self.hands,
            "props": self.props,
            "used": self.used_props,
            "exotics": self.exotics,
            "host_hand": self.host_hand,
            "host_bets": sorted(self.host_bets.items()),
        }

    # -- legality -----------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        if self.phase == HOST_BETS:
            tokens = sorted(set(self.host_hand))
            return [Bet(seat, t, s) for s in self.spots if s not in self.host_bets for t in tokens]
        if self.phase != RACE:
            return []
        if seat == self.game.host:
            return [Roll(seat)]
        out: list[Action] = []
        tokens = sorted(set(self.hands[seat]))
        cache = self.game.bet_actions
        for spot in self._open_spots(seat):
            for t in tokens:
                key = (seat, t, spot)
                action = cache.get(key)
                if action is None:
                    action = cache[key] = Bet(seat, t, spot)
                out.append(action)
        return out

    def _check(self, action: Action) -> str | None:
        if action.seat == CHANCE:
            if isinstance(action, NewRace):
                return (
                    None
                    if self.phase == SETUP and self._new_race_ok(action)
                    else ("not this race's cards (5 unused prop cards and a new exotic card)")
                )
            if isinstance(action, Dice):
                if self.phase != ROLLING:
                    return "no roll is under way"
                if not (1 <= action.first <= 6 and 1 <= action.second <= 6):
                    return "each die shows 1 to 6"
                return None
            return f"{action.kind} is not a chance outcome"
        if isinstance(action, Roll):
            if action.seat != self.game.host:
                return "only the host rolls"
            if self.phase != RACE:
                return "the race starts once the host's six tokens are down"
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
        if isinstance(action, Bet):
            if action.seat == self.game.host:
                return "the host does not bet during the race"
            if not self.open:
                return "no more bets (截止投注)"
            if action.token not in self.hands[action.seat]:
                return f"seat {action.seat} has no token {action.token} left"
            if action.spot not in self.spot_set:
                return f"no betting spot {action.spot!r} this race"
            if action.spot in self.bets:
                return f"{action.spot} is taken: one token per spot, first come first served"
            if action.spot not in self._open_spots(action.seat):
                return "at most one of a player's tokens on each exotic finish card"
            return None
        return f"{action.kind} is not playable now"

    def _not_now(self, action: Action) -> str | None:
        if isinstance(action, Bet) and self.phase == RACE and not self.open:
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
        if self.phase == SETUP:
            free = [p for p in range(len(c.props)) if p not in self.used_props]
            props = tuple(sorted(rng.sample(free, min(c.props_per_race, len(free)))))
            rest = [e for e in range(len(c.exotics)) if e not in self.exotics]
            return NewRace(CHANCE, props, rng.choice(rest) if rest else -1)
        return Dice(CHANCE, rng.randint(1, 6), rng.randint(1, 6))

    def chance_outcomes(self) -> list[tuple[Action, float]] | None:
        if self.phase == ROLLING:
            return [(Dice(CHANCE, a, b), 1 / 36) for a in range(1, 7) for b in range(1, 7)]
        return None

    # -- play ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Bet) and self.phase == HOST_BETS:
            self.host_hand.remove(action.token)
            self.host_bets[action.spot] = action.token
            events.append(BetPlaced(action.seat, action.token, action.spot))
            if not self.host_hand:
                self.phase = RACE
        elif isinstance(action, Bet):
            self.hands[action.seat].remove(action.token)
            self.bets[action.spot] = (action.seat, action.token)
            if action.spot.startswith("exotic:"):
                card = action.spot.rsplit(":", 1)[0]
                self.exotic_by[card] = [*self.exotic_by.get(card, []), action.seat]
            events.append(BetPlaced(action.seat, action.token, action.spot))
        elif isinstance(action, Roll):
            self.phase = ROLLING
        elif isinstance(action, Dice):
            self._roll(action, events)
        elif isinstance(action, NewRace):
            c = self.game.config
            self.props = list(action.props)
            self.used_props += self.props
            if action.exotic >= 0:
                self.exotics.append(action.exotic)  # accumulating: one more card a race
            self.spots = spot_ids(c, self.props, self.exotics)
            self.spot_set = frozenset(self.spots)
            events.append(
                RaceReady(
                    self.race + 1,
                    tuple(str(c.props[p]) for p in self.props),
                    tuple(c.exotics[e].name for e in self.exotics),
                )
            )
            self.phase = HOST_BETS if self.host_hand else RACE
        return events

    # 進行賽馬 and 獎勵移動
    def _roll(self, action: Dice, events: list[Event]) -> None:
        c = self.game.config
        a, b = action.first, action.second
        self.last = (a, b)
        h = horse_of(a + b)
        leaders = self._leaders()
        moved = 1
        # "連續兩次擲骰都出現相同點數" (2/3 and 11/12: either number); a third roll in a
        # row gives none and pairs with the fourth
        if self.pending == h:
            moved += c.bonus[h]
            self.pending = -1
        else:
            self.pending = h
        self.pos[h] = min(c.track, self.pos[h] + moved)
        events.append(Rolled((a, b), HORSES[h], moved, self.pos[h]))
        if moved > 1:
            events.append(BonusMove(HORSES[h], moved - 1))
        if a == b == 1:
            events.append(SnakeEyes())  # "蛇眼!"
        elif a == b == 6:
            events.append(BoxCars())  # "柵車!"
        now = self._leaders()
        if now != leaders:
            events.append(LeadChange(tuple(HORSES[x] for x in now)))
        if self.pos[h] >= c.red_line and h not in self.crossed:
            self.crossed.append(h)
            events.append(RedLine(HORSES[h], len(self.crossed)))
            if len(self.crossed) == c.close_after and self.open:
                self.open = False
                events.append(NoMoreBets())  # "截止投注!"
        self.phase = RACE
        if self.pos[h] >= c.track:  # "一旦有馬匹到達終點線...賽事就會立即完結"
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
        return judge(self.game.config, spot)(self.pos, self.horse_places())

    def spot_rate(self, spot: str) -> Rate:
        """The multiplier and red-circle loss of ``spot``."""
        c = self.game.config
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

    # 結算投注結果: a win pays token x multiplier; a loss pays the red circle, whatever
    # the token; nobody goes below $0 (winnings are collected first).
    def _settle(self, winner: int, events: list[Event]) -> None:
        c = self.game.config
        places = self.horse_places()
        events.append(Finished(HORSES[winner], tuple(places), tuple(self.pos)))
        won = [0] * len(self.money)
        lost = [0] * len(self.money)
        bets = [(spot, seat, token) for spot, (seat, token) in self.bets.items()]
        bets += [(spot, self.game.host, token) for spot, token in self.host_bets.items()]
        for spot, seat, token in sorted(bets):
            rate = self.spot_rate(spot)
            if judge(c, spot)(self.pos, places):
                won[seat] += token * rate.mult
            else:
                lost[seat] += rate.loss
        for s in range(len(self.money)):
            self.money[s] += won[s]
            paid = min(self.money[s], lost[s])
            self.money[s] -= paid
            events.append(Settled(s, won[s], paid, self.money[s]))
        self._mark()
        self.race += 1
        if self.race >= c.races:
            self.phase = OVER
            events.append(self._game_ended())
        else:
            self._new_race()  # 整理: new props and one more exotic card, horses back
            self.phase = SETUP

    # -- copies, audits ---------------------------------------------------------------------
    def _copy_into(self, other: ReadySetBetState) -> None:
        other.money = list(self.money)
        other.used_props = list(self.used_props)
        other.exotics = list(self.exotics)
        other.props = list(self.props)
        other.pos = list(self.pos)
        other.crossed = list(self.crossed)
        other.bets = dict(self.bets)
        other.hands = [list(h) for h in self.hands]
        other.spots = list(self.spots)
        other.exotic_by = {k: list(v) for k, v in self.exotic_by.items()}
        other.host_hand = list(self.host_hand)
        other.host_bets = dict(self.host_bets)

    def audit(self) -> None:
        assert all(m >= 0 for m in self.money), f"money below $0: {self.money}"
        c = self.game.config
        for s in range(c.players):
            placed = sorted([t for (who, t) in self.bets.values() if who == s] + self.hands[s])
            assert placed == sorted(c.token_set), f"seat {s}'s tokens"
        assert all(0 <= p <= c.track for p in self.pos), "positions"
        if c.host_bets:
            held = sorted(self.host_hand + list(self.host_bets.values()))
            assert held == sorted(c.host_tokens), "the host's tokens"

    def probes(self, seat: int) -> list[Action]:
        host = self.game.host
        out: list[Action] = [
            Roll(seat),
            Roll(host),
            Bet(host, 2, "win:7:0"),
            Bet(seat, 9, "win:7:0"),
        ]
        out += [
            Bet(seat, t, s)
            for s in [*self.spots[::7], "win:13:0", "colour:green"]
            for t in (2, 3, 5)
        ]
        out += [Dice(CHANCE, 0, 7), NewRace(CHANCE, (), -1)]
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


Judge = Callable[[Sequence[int], Sequence[int]], bool]


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
    place; returns the number of rolls.  No validation, no log."""
    rolls = 0
    rand = rng.random
    while True:
        rolls += 1
        t = int(rand() * 6) + int(rand() * 6) + 2
        h = 0 if t <= 3 else 8 if t >= 11 else t - 3
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
    open_spots = [s for s in state.spots if s not in state.bets] or spot_ids(
        c, state.props, state.exotics
    )
    judges = [judge(c, spot) for spot in open_spots]
    counts = [0] * len(open_spots)
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
    hits = dict(zip(open_spots, counts, strict=True))
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
    )


register_preset(
    "readysetbet",
    "readysetbet",
    ReadySetBetConfig(),
    "Ready Set Bet without VIP cards: 5 bettors and a host, 4 races, red line at 10 (assumed).",
)

__all__ = [
    "BOARD",
    "COLOUR_BETS",
    "EXOTICS",
    "HORSES",
    "PROPS",
    "Bet",
    "Dice",
    "NewRace",
    "Odds",
    "ReadySetBet",
    "ReadySetBetConfig",
    "ReadySetBetState",
    "ReadySetBetView",
    "Roll",
    "exotic_wins",
    "horse_of",
    "odds",
    "run_race",
    "spot_ids",
]

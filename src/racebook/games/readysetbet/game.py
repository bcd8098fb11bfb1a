"""The game: seats, the spot table and the interned bets shared by every state
of one variant, and the presets."""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from racebook.cards.readysetbet import Rate
from racebook.core.game import Game, GameEnded
from racebook.core.registry import register_game, register_preset
from racebook.games.readysetbet import spaces as readysetbet_spaces
from racebook.games.readysetbet.board import (
    Bet,
    BetPlaced,
    BonusBet,
    Judge,
    board_spots,
    card_of,
    card_spots,
    judge,
    spot_rate,
)
from racebook.games.readysetbet.config import ReadySetBetConfig, check_config
from racebook.games.readysetbet.host import FirstHost, Host, HostChosen, HostPaid
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
from racebook.games.readysetbet.refusals import REFUSALS
from racebook.games.readysetbet.rules import hooks, make_rules
from racebook.games.readysetbet.settlement import Finished, Settled
from racebook.games.readysetbet.state import ReadySetBetAction, ReadySetBetState
from racebook.games.readysetbet.view import ReadySetBetView
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

if TYPE_CHECKING:
    from racebook.games.readysetbet.live import LiveOddsData


@attrs.frozen
class ConfigTables:
    """What a game computes from its config alone (read only)."""

    kinds: tuple[str, ...]
    board_spots: tuple[str, ...]
    all_spots: tuple[str, ...]
    spots: dict[str, tuple[Rate, Judge]]
    exotic_spots: dict[str, frozenset[str]]


HANDS = 4096
"""The most hands of tokens a game keeps the grids of (:meth:`ReadySetBet.hand_grid`)."""
RaceSpots = tuple[tuple[str, ...], int, tuple[str, ...], tuple[str, ...]]
"""A race's spots, how many of them are not exotic (the exotic ones come last),
and its prop and exotic cards' names
(:meth:`ReadySetBet.race_spots`)."""


# Shared by the games of equal configs: replay builds a game from each log's header,
# and the check and the spot table cost 0.2 ms of a 2.5 ms game's replay (measured).
@functools.lru_cache(maxsize=16)
def config_tables(config: ReadySetBetConfig) -> ConfigTables:
    """The config checked (:func:`check_config`), and its spot table."""
    check_config(config)
    board = tuple(board_spots(config))
    every = (*board, *card_spots(config, range(len(config.props)), range(len(config.exotics))))
    exotic: dict[str, frozenset[str]] = {}
    for x in every:
        if x[0] == "e":
            exotic[card_of(x)] = exotic.get(card_of(x), frozenset()) | {x}
    return ConfigTables(
        kinds=tuple(card.kind for card in config.vip_cards),
        board_spots=board,
        all_spots=every,
        spots={x: (spot_rate(config, x), judge(config, x)) for x in every},
        exotic_spots=exotic,
    )


@register_game
class ReadySetBet(Game[ReadySetBetConfig, ReadySetBetState]):
    """Ready Set Bet: bettors ``0..players-1``; the host's chair (who rolls) is
    the last seat.

    >>> import racebook
    >>> racebook.load("readysetbet", players=4).seats
    5
    """

    id: ClassVar[str] = "readysetbet"
    title: ClassVar[str] = "Ready Set Bet"
    refusals: ClassVar[dict[str, tuple[str, str]]] = REFUSALS  # code: (section, meaning)
    spaces: ClassVar[Any] = readysetbet_spaces  # integer actions and tensors (racebook.core.spaces)
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

    def parse_action(self, data: Any) -> ReadySetBetAction:
        """An action of this game from its JSON data, typed as
        :data:`~racebook.games.readysetbet.ReadySetBetAction` (the
        kinds are exactly :attr:`action_types`); bad client input raises
        :class:`~racebook.core.errors.MalformedAction` naming the field."""
        return cast("ReadySetBetAction", super().parse_action(data))

    def __reduce__(self) -> tuple[Any, ...]:
        # the spot table holds closures: a pickle carries the config, and the
        # game is built again from it (the tables are shared by equal configs)
        return (type(self), (self.config,))

    def __init__(self, config: ReadySetBetConfig) -> None:
        tables = config_tables(config)  # checks the config first
        super().__init__(config)
        self.rules = make_rules(config)
        """The rule modules the config names (:mod:`~racebook.games.readysetbet.rules`)."""
        self.hooks = hooks(self.rules)
        """The modules overriding each hook, found once: none, no cost."""
        self.host = config.players
        self.kinds = tables.kinds
        self.board_spots = tables.board_spots
        # A game is shared by every state made from it, and they may run in different
        # threads.  So its caches are never replaced, cleared or filled bit by bit:
        # the spot table is built once per config (config_tables); the interned bets
        # and the bet grids are added with dict.setdefault of complete values (two
        # threads that both miss build equal values and keep the first stored), then
        # only read.
        self.all_spots = tables.all_spots
        """Every spot a race of this game can have: the board, every prop card's,
        every exotic card's."""
        self._spots = tables.spots
        self.spot_rates = {x: (x, r.mult, r.loss) for x, (r, _) in self._spots.items()}
        self.payouts = {x: (r.mult, r.loss, j) for x, (r, j) in self._spots.items()}
        """``(multiplier, red-circle loss, judge)`` of every spot (settlement)."""
        """``(spot, multiplier, red-circle loss)`` of every spot, as views list them."""
        self.race_rates: dict[tuple[str, ...], tuple[tuple[str, int, int], ...]] = {}
        """A race's spots -> their rates (a view's ``rates``), added with setdefault."""
        self.exotic_spots = tables.exotic_spots
        """The spots of each exotic card (``exotic:by-a-nose`` -> its three spots)."""
        self._bets: dict[tuple[int, int, str], Bet] = {}  # interned (values, shared)
        self.placed_events: dict[tuple[int, int, str, str], BetPlaced] = {}
        """Interned :class:`BetPlaced` events (see :meth:`placed`)."""
        self.hands: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], Any]] = {}
        """``(seat, hand)`` -> its token values and their grid (see :meth:`hand_grid`)."""
        self.grids: dict[tuple[int, Any], dict[str, Any]] = {}  # see grid()
        named = {x: x for x in self.all_spots}  # one str object a spot
        c = config
        # each card's spots (the strings of all_spots) and name (race_spots)
        self._cards = (
            tuple(named[x] for x in card_spots(c, range(len(c.props)), ())),
            tuple(str(card) for card in c.props),
            tuple(tuple(named[x] for x in card_spots(c, (), (e,))) for e in range(len(c.exotics))),
            tuple(card.name for card in c.exotics),
        )
        self.rolls = (Roll(self.host), RollOut(self.host))
        """The host's two actions, interned."""
        self._keeps = tuple(
            tuple(Keep(s, k) for k in range(len(config.vip_cards))) for s in range(config.players)
        )
        self.vip_names = tuple(card.name for card in config.vip_cards)

    @classmethod
    def upgrade_config(cls, data: Any, version: int) -> Any:
        """Logs of format 1 (racebook 0.1) were written before
        ``seven_or_eight_counts`` existed, when the 3 was returned with 7 or 8
        players counted all together (the rotating host included): they replay
        with that reading, ``"all"``."""
        if version < 2 and isinstance(data, dict):
            data = {"seven_or_eight_counts": "all", **data}
        return data

    def live_notes(self, view: Any) -> str:
        """Live odds under a view's text picture (``racebook play``), from the
        view alone: ``racebook.games.readysetbet.live.live_notes``."""
        from racebook.games.readysetbet.live import live_notes

        return live_notes(self, view)

    def live_data(
        self, view: ReadySetBetView, *, places: int | None = 4, money_places: int | None = 2
    ) -> LiveOddsData | None:
        """The live odds of a seat's ``view`` as JSON data, rounded to
        ``places`` (a chance) and ``money_places`` (a value in dollars): the
        one way for an app to show a seat the odds, and the replay page's
        panel (:func:`racebook.games.readysetbet.live.live_data`)."""
        from racebook.games.readysetbet.live import live_data

        return live_data(self, view, places=places, money_places=money_places)

    def live_work(self, view: Any) -> tuple[Hashable, int] | None:
        """The position :meth:`live_data` of a view is computed for and its
        estimated cost, without computing it: the replay page's budget
        (``racebook.games.readysetbet.live.live_work``)."""
        from racebook.games.readysetbet.live import live_work

        return live_work(self, view)

    def spot(self, spot: str) -> tuple[Rate, Judge]:
        """The multiplier and loss of ``spot`` and whether a bet there wins
        (:func:`judge`), computed once per game (a spot the game cannot have is
        computed each time, and refused by :func:`spot_rate` if malformed)."""
        found = self._spots.get(spot)
        if found is None:
            return spot_rate(self.config, spot), judge(self.config, spot)
        return found

    def keeps(self, seat: int) -> tuple[Keep, ...]:
        """``Keep(seat, card)`` for every VIP card, interned (index: the card)."""
        return self._keeps[seat]

    def race_spots(self, props: Sequence[int], exotics: Sequence[int]) -> RaceSpots:
        """A race's spots (board order), how many are not exotic, its prop
        cards' names and its exotic cards' names, for the race's
        prop cards and the exotic cards on the table, from each card's, found
        once per game.  The spots are the strings of :attr:`all_spots` (and of
        :meth:`grid`'s keys and bets)."""
        cards = self._cards
        spots = (
            *self.board_spots,
            *[cards[0][p] for p in props],
            *[x for e in exotics for x in cards[2][e]],
        )
        return (
            spots,
            len(self.board_spots) + len(props),
            tuple([cards[1][p] for p in props]),
            tuple([cards[3][e] for e in exotics]),
        )

    def payout(self, spot: str) -> tuple[int, int, Judge]:
        """``(multiplier, red-circle loss, judge)`` of ``spot`` (see :meth:`spot`)."""
        rate, wins = self.spot(spot)
        return rate.mult, rate.loss, wins

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

    def hand_grid(
        self, seat: int, hand: list[int]
    ) -> tuple[tuple[int, ...], dict[str, tuple[Bet, ...]]]:
        """The distinct token values of ``hand`` (sorted) and their :meth:`grid`,
        found once per hand (a hand is a few tokens: few hands occur; at most
        ``HANDS`` are kept)."""
        key = (seat, tuple(hand))
        found = self.hands.get(key)
        if found is None:
            values = tuple(sorted(set(hand)))
            found = (values, self.grid(seat, values))
            if len(self.hands) < HANDS:
                found = self.hands.setdefault(key, found)
        return found

    def placed(self, seat: int, token: int, spot: str, note: str = "") -> BetPlaced:
        """``BetPlaced(seat, token, spot, note)``, interned as :meth:`bet`."""
        key = (seat, token, spot, note)
        found = self.placed_events.get(key)
        if found is None:
            found = self.placed_events.setdefault(key, BetPlaced(seat, token, spot, note))
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

"""Long Shot (ロングショット, Ginichiro Suzuki, 2012 remake of Horse Racing Mafia).

This module is also the *box race engine* that Horse Racing Mafia and house
rules build on: every number is a field of :class:`LongShotConfig`, and
behaviour a variant replaces or adds is a :class:`BoxRule` module plugged into
the config's ``rules`` slot by its registered name.

It reads in the order of play: setup ("Preparation of the first race"), the
round ("Basic of the Race Round"), placing cards ("How to place Horse
cards", shared with Mafia in :mod:`racebook.board.boxes`), PASS, the Last
Spurt, restocking ("When the stack is exhausted"), running and the end of
the race, then settlement ("Aftermath") and the last race.

Seats are numbered 0..n-1 clockwise: "the player to the left" of seat ``s``
is seat ``s + 1``.  Horses are numbered 1..6 as on the board.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from racebook.board.boxes import EMPTY, boxes_of, fill_first, legal_boxes, placements, why_not
from racebook.board.track import places as finish_places
from racebook.cards.horse import FREE, HorseCard, card, deck
from racebook.core.errors import ConfigError, check_between, check_length
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
from racebook.scoring.money import RaceTable, pay
from racebook.variants.rules import RuleRef, rule_class

# -- the variant ---------------------------------------------------------------

FIRST_RACE = RaceTable(
    rewards=(60_000, 30_000, 10_000),
    penalty=20_000,
    tickets=(5_000, 3_000, 2_000),
    ticket_loss=1_000,
    orders_open=False,
)
"""Long Shot, "Aftermath of the first race"."""

LAST_RACE = RaceTable(
    rewards=(100_000, 50_000, 20_000),
    penalty=40_000,
    tickets=(10_000, 5_000, 3_000),
    ticket_loss=2_000,
    orders_open=True,
)
"""Long Shot, "Aftermath of the last race"; orders face up ("Preparation of the last race")."""

INDICATED_MVS = tuple(mv for mv in range(1, 8) for _ in range(2))
"""*Assumed* (no public card list): each horse has indicated MV 1..7 twice.
The rulebook gives 112 cards, indicated MV 1-7 and free MV 0-8, but not how
many of each."""

FREE_MVS = tuple(
    mv
    for mv, k in ((0, 2), (1, 3), (2, 3), (3, 4), (4, 4), (5, 4), (6, 3), (7, 3), (8, 2))
    for _ in range(k)
)
"""*Assumed* (no public card list): the 28 free cards' MVs, 0:2, 1:3, 2:3, 3:4,
4:4, 5:4, 6:3, 7:3, 8:2."""

GOLDEN_RULES = ("player", "card")
"""How the Golden Rule is read (``golden_rule``): ``"player"``, a player who holds
a card that can fill an empty box must fill one; ``"card"``, only the card being
placed is asked (an indicated card whose two boxes are full may cover while
other boxes are empty)."""

TIEBREAKS = ("box_total", "highest_card")
"""Tie-breaks after the distance: the box total (the two top cards' MV), then
the single highest top card (Mafia 4.5)."""


@attrs.frozen
class LongShotConfig:
    """Every number of the box race, with Long Shot's value as default.

    Horse Racing Mafia is a config of this same type (``racebook.load("mafia")``).
    Fields marked *assumed* are not in the rulebook and no public source
    settles them; the docs' rules-notes page gives the reason for each.
    """

    players: int = 5
    """4 to 6 ("Number of players")."""
    horses: int = 6
    """Horses on the board with 5 or 6 players."""
    horses_at_4: int = 5
    """Horses running with 4 players (Long Shot removes horse 6 and its cards)."""
    hand_size: int = 8
    hand_size_at_6: int | None = None
    """The hand with 6 players, if different (Mafia: 12)."""
    starting_money: int = 20_000
    goal: int = 60
    """*Assumed*: the finish space (the rulebook gives only SPURT at 44)."""
    spurt_threshold: int | None = 44
    """The Last Spurt's line; ``None``: no spurt."""
    spurt_cards: int = 2
    """How many cards a player may place in a turn once the spurt is on."""
    draw: int = 1
    """Cards drawn after each turn (also after a PASS)."""
    pass_when_full: bool = True
    """PASS is allowed once every box is full ("After all boxes are full")."""
    finishers: int = 3
    """The race ends when this many horses have reached the goal."""
    rank_unfinished: bool = False
    """Horses that did not finish are ranked by distance (Mafia 4.6); else they
    have no place."""
    tiebreaks: tuple[str, ...] = ("box_total",)
    """After distance past the goal: any of ``TIEBREAKS``, in order."""
    indicated_mvs: tuple[int, ...] = INDICATED_MVS
    """*Assumed*: MVs of one horse's indicated cards."""
    free_mvs: tuple[int, ...] = FREE_MVS
    """*Assumed*: MVs of the free cards."""
    races: tuple[RaceTable, ...] = (FIRST_RACE, LAST_RACE)
    first_player: int | None = None
    """The beginning first player; ``None``: chosen by chance (a log line)."""
    restock_per_box: int = 2
    """Buried cards taken from under each box to restock (never the top card)."""
    golden_rule: str = "player"
    """How the Golden Rule is read, one of ``GOLDEN_RULES``: ``"player"`` (Long
    Shot's Japanese text: 「12のマスに空いた場所があれば、そのマスを埋めるように置かなければ
    なりません」) or ``"card"`` (Mafia's Q&A Q2 example); see the rules notes."""
    stuck_player_draws: bool = True
    """*Assumed*: a player with no legal card while a box is empty places
    nothing (PASS) and still draws; ``False``: passes without drawing."""
    stuck_player_covers_same_mv: bool = False
    """A player who may not pass and has no legal card places one over a card
    of the same MV, as for the opened card (Mafia 5.9 with Q&A Q2(e): "except
    for when it is absolutely unavoidable"; the Mafia preset's reading).
    ``False`` (Long Shot: only the opened card is excepted): the player places
    nothing (PASS)."""
    opened_free_card_unavoidable: bool = True
    """*Inferred*: an opened free card that no box may take (every top has its
    MV) covers a card of its MV anyway, as Mafia 4.4 allows when "absolutely
    unavoidable"; ``False``: it goes under the stack instead."""
    stall_rounds: int = 10
    """Not in the rulebooks: a race in which no horse has moved for this many
    rounds in a row ends as it stands (places as at the end of a race), so
    every game ends, whatever the deck and the play.  The printed decks never
    get there (too few MV-0 cards to stop enough horses)."""
    open_money: bool = True
    """*Assumed*: money is counted in the open (views, race records and
    ``money`` events show everyone's); ``False``: each seat sees only its own
    until the game ends, when the final standings are public (``game-ended``,
    ``view.money`` and the last race's record; earlier records stay closed)."""
    rules: tuple[RuleRef, ...] = ()
    """Rule modules plugged in, by registered name (see "Writing a house rule")."""

    @property
    def running(self) -> int:
        """How many horses run with this player count."""
        return self.horses_at_4 if self.players == 4 else self.horses

    @property
    def hand(self) -> int:
        """The hand size with this player count."""
        if self.players == 6 and self.hand_size_at_6 is not None:
            return self.hand_size_at_6
        return self.hand_size


# -- limits: every size a variant sets is bounded (docs: "Limits") ---------------

MAX_HORSES = 15
"""``horses``, ``horses_at_4`` and ``finishers`` (6 horses in print)."""
MAX_HAND = 50
"""``hand_size`` and ``hand_size_at_6`` (8, Mafia 13)."""
MAX_MV = 15
"""Every card's MV (Long Shot 0..8, Mafia 0..8); a card is ``horse * 16 + mv``."""
MAX_INDICATED = 20
"""Indicated cards per horse, ``len(indicated_mvs)`` (Long Shot 14, Mafia 9)."""
MAX_FREE = 200
"""Free cards, ``len(free_mvs)`` (Long Shot 28, Mafia 36); with
:data:`MAX_INDICATED` and :data:`MAX_HORSES` a deck holds at most 500 cards."""
MAX_GOAL = 1000
"""``goal``, the spurt's line and a rule module's threshold (60 in print)."""
MAX_CARDS_A_TURN = 10
"""``spurt_cards`` (2) and ``draw`` (1)."""
MAX_RESTOCK = 10
"""``restock_per_box`` (2)."""
MAX_RACES = 10
"""``len(races)`` (Long Shot 2, Mafia 3), and a rule module's per-race list."""
MAX_MONEY = 10**9
"""Every amount: ``starting_money``, each entry of a race table, a rule module's
price or rate (Mafia's largest: $1,000,000).  Money then stays far below 2**53,
exact in any JSON reader."""
MAX_STALL_ROUNDS = 100
"""``stall_rounds`` (10)."""
MAX_RULES = 10
"""``len(rules)``: rule modules plugged into one config."""


def check_config(c: LongShotConfig) -> None:
    """Refuse a config that cannot be played, naming the field: every single
    field against its bounds first, then the relations between fields."""
    # single fields
    check_between("players", c.players, 4, 6)
    check_between("horses", c.horses, 2, MAX_HORSES)
    check_between("horses_at_4", c.horses_at_4, 2, MAX_HORSES)
    check_between("hand_size", c.hand_size, 1, MAX_HAND)
    if c.hand_size_at_6 is not None:
        check_between("hand_size_at_6", c.hand_size_at_6, 1, MAX_HAND)
    check_between("starting_money", c.starting_money, 0, MAX_MONEY)
    check_between("goal", c.goal, 1, MAX_GOAL)
    if c.spurt_threshold is not None:
        check_between("spurt_threshold", c.spurt_threshold, 1, MAX_GOAL)
    check_between("spurt_cards", c.spurt_cards, 1, MAX_CARDS_A_TURN)
    check_between("draw", c.draw, 0, MAX_CARDS_A_TURN)
    check_between("finishers", c.finishers, 1, MAX_HORSES)
    if c.golden_rule not in GOLDEN_RULES:
        raise ConfigError(
            "golden_rule", f"unknown reading {c.golden_rule!r}; known: {GOLDEN_RULES}"
        )
    check_length("tiebreaks", c.tiebreaks, 0, len(TIEBREAKS))
    for name in c.tiebreaks:
        if name not in TIEBREAKS:
            raise ConfigError("tiebreaks", f"unknown tie-break {name!r}; known: {TIEBREAKS}")
    if len(set(c.tiebreaks)) != len(c.tiebreaks):
        raise ConfigError("tiebreaks", f"a tie-break is named twice: {c.tiebreaks}")
    check_length("indicated_mvs", c.indicated_mvs, 1, MAX_INDICATED)
    check_length("free_mvs", c.free_mvs, 0, MAX_FREE)
    for field, mvs in (("indicated_mvs", c.indicated_mvs), ("free_mvs", c.free_mvs)):
        bad = [mv for mv in mvs if not 0 <= mv <= MAX_MV]
        if bad:
            raise ConfigError(field, f"MVs must be 0..{MAX_MV}, got {bad}")
    if max(c.indicated_mvs) < 1:
        raise ConfigError("indicated_mvs", "each horse needs a card that moves it (an MV of 1+)")
    check_length("races", c.races, 1, MAX_RACES)
    for i, t in enumerate(c.races):
        check_length(f"races[{i}].rewards", t.rewards, 0, MAX_HORSES)
        check_length(f"races[{i}].tickets", t.tickets, 0, MAX_HORSES)
        for name in ("rewards", "tickets"):
            for k, amount in enumerate(getattr(t, name)):
                check_between(f"races[{i}].{name}[{k}]", amount, 0, MAX_MONEY)
        for name in ("penalty", "ticket_loss", "unowned_ahead_penalty", "last_place_penalty"):
            check_between(f"races[{i}].{name}", getattr(t, name), 0, MAX_MONEY)
    check_between("restock_per_box", c.restock_per_box, 0, MAX_RESTOCK)
    check_between("stall_rounds", c.stall_rounds, 1, MAX_STALL_ROUNDS)
    check_length("rules", c.rules, 0, MAX_RULES)
    # relations between fields
    if c.horses_at_4 > c.horses:
        raise ConfigError("horses_at_4", f"must be 2..horses ({c.horses}), got {c.horses_at_4}")
    if c.running < c.players:
        raise ConfigError(
            "horses", f"{c.running} horses give too few order cards for {c.players} players"
        )
    if c.spurt_threshold is not None and c.spurt_threshold > c.goal:
        raise ConfigError(
            "spurt_threshold",
            f"must be 1..goal ({c.goal}): a spurt past the goal never comes, "
            f"got {c.spurt_threshold}",
        )
    if c.finishers > c.running:
        raise ConfigError("finishers", f"must be 1..{c.running} horses, got {c.finishers}")
    size = c.running * len(c.indicated_mvs) + len(c.free_mvs)
    if size < c.players * c.hand + 1:
        field = "hand_size_at_6" if c.hand != c.hand_size else "hand_size"
        raise ConfigError(
            field,
            f"a deck of {size} cards is too small for {c.players} hands of {c.hand} and the stack",
        )
    places = c.running if c.rank_unfinished else c.finishers
    for i, t in enumerate(c.races):
        if len(t.tickets) > places:
            raise ConfigError(
                f"races[{i}].tickets", f"pays {len(t.tickets)} places but only {places} are placed"
            )
        if len(t.rewards) > places:
            raise ConfigError(
                f"races[{i}].rewards", f"pays {len(t.rewards)} places but only {places} are placed"
            )
    if c.first_player is not None and not 0 <= c.first_player < c.players:
        raise ConfigError("first_player", f"must be a seat 0..{c.players - 1} or None")


# -- actions -------------------------------------------------------------------


@attrs.frozen
class Place(Action):
    """Place ``card`` face up in ``box`` (from hand, or the opened card)."""

    kind: ClassVar[str] = "place"
    card: HorseCard
    box: int


@attrs.frozen
class Pass(Action):
    """PASS: place no (more) card this turn and draw ("After all boxes are full";
    in the spurt, decline the second card)."""

    kind: ClassVar[str] = "pass"


@attrs.frozen
class FirstPlayer(Action):
    """Chance: who is the beginning first player."""

    kind: ClassVar[str] = "first-player"
    player: int


@attrs.frozen
class Deal(Action):
    """Chance: the shuffled horse cards.  Seat ``s`` is dealt
    ``cards[s*H:(s+1)*H]`` (``H`` = hand size); the rest is the stack, top first."""

    kind: ClassVar[str] = "deal"
    cards: tuple[HorseCard, ...]


@attrs.frozen
class DealOrders(Action):
    """Chance: the shuffled secret orders: seat ``s`` gets ``horses[s]``; the rest
    are left aside face down."""

    kind: ClassVar[str] = "orders"
    horses: tuple[int, ...]


@attrs.frozen
class Restock(Action):
    """Chance: the buried cards gathered from the boxes, shuffled: the new stack,
    top first."""

    kind: ClassVar[str] = "restock"
    cards: tuple[HorseCard, ...]


# -- events --------------------------------------------------------------------


@attrs.frozen
class RaceStarted(Event):
    """A race is dealt: its number and the first player."""

    kind: ClassVar[str] = "race-started"
    race: int
    first_player: int


@attrs.frozen
class Dealt(PrivateEvent):
    """Your hand for this race."""

    kind: ClassVar[str] = "dealt"
    cards: tuple[HorseCard, ...]


@attrs.frozen
class OrderDealt(Event):
    """A secret order card: seen by its holder, or by all when dealt face up."""

    kind: ClassVar[str] = "order"
    seat: int
    horse: int
    face_up: bool

    def visible_to(self, seat: int | None) -> bool:
        return self.face_up or seat == self.seat


@attrs.frozen
class Placed(Event):
    """``seat`` placed ``card`` in ``box`` (``opened``: the card opened from the
    stack, placed by the first player)."""

    kind: ClassVar[str] = "placed"
    seat: int
    card: HorseCard
    box: int
    opened: bool


@attrs.frozen
class Passed(Event):
    """``seat`` placed no (more) card this turn (PASS)."""

    kind: ClassVar[str] = "passed"
    seat: int


@attrs.frozen
class Drew(PrivateEvent):
    """You drew ``card`` from the stack (only you see it)."""

    kind: ClassVar[str] = "drew"
    card: HorseCard


@attrs.frozen
class Restocked(Event):
    """The stack was restocked from the buried cards: ``cards`` in the new stack
    ("When the stack is exhausted")."""

    kind: ClassVar[str] = "restocked"
    cards: int


@attrs.frozen
class Opened(Event):
    """The first player opened ``card`` from the stack ("Basic of the Race Round")."""

    kind: ClassVar[str] = "opened"
    card: HorseCard


@attrs.frozen
class Ran(Event):
    """The horses ran: ``moves`` and new ``positions`` per horse (index 0 = horse 1)."""

    kind: ClassVar[str] = "ran"
    moves: tuple[int, ...]
    positions: tuple[int, ...]


@attrs.frozen
class HorseFinished(Event):
    """``horse`` reached the goal, ``past_goal`` spaces beyond it."""

    kind: ClassVar[str] = "finished"
    horse: int
    past_goal: int


@attrs.frozen
class SpurtBegins(Event):
    """A horse reached the spurt line ("The Last Spurt"): from the next round a
    player may place more cards a turn.  ``horse`` is the leader."""

    kind: ClassVar[str] = "spurt"
    horse: int


@attrs.frozen
class RaceStalled(Event):
    """No horse has moved for ``rounds`` rounds in a row (``stall_rounds``): the
    race ends as it stands.  Only a variant's deck gets there in practice."""

    kind: ClassVar[str] = "stalled"
    rounds: int


@attrs.frozen
class RaceEnded(Event):
    """``places`` per horse (0 = no place); ``orders`` every seat's order, revealed."""

    kind: ClassVar[str] = "race-ended"
    race: int
    places: tuple[int, ...]
    orders: tuple[int, ...]


@attrs.frozen
class Money(Event):
    """``seat``'s money changed by ``amount`` for ``reason`` (paid amounts are
    negative and already cut to what the seat could pay).  Seen by every seat
    when money is counted in the open (``open_money``), else by ``seat`` only
    (``public`` is False)."""

    kind: ClassVar[str] = "money"
    seat: int
    amount: int
    reason: str
    public: bool = True

    def visible_to(self, seat: int | None) -> bool:
        return self.public or seat == self.seat


# -- views ---------------------------------------------------------------------


@attrs.frozen
class RaceRecord:
    """One settled race: places per horse (0 = none), orders and money after
    (in a view with ``open_money=False``: ``None`` for every other seat, except
    in the last race's record once the game is over: the final money)."""

    race: int
    places: tuple[int, ...]
    orders: tuple[int, ...]
    money: tuple[int | None, ...]


@attrs.frozen
class LongShotView(View):
    """What one seat (``None``: a spectator) may see."""

    seat: int | None
    race: int
    races: int
    round: int
    phase: str
    to_act: tuple[int, ...]
    first_player: int
    spurt: bool
    boxes: tuple[tuple[HorseCard, ...], ...]
    positions: tuple[int, ...]
    finished: tuple[int, ...]
    hand: tuple[HorseCard, ...]
    hand_sizes: tuple[int, ...]
    stack_size: int
    orders: tuple[int | None, ...]
    money: tuple[int | None, ...]
    opened: HorseCard | None
    history: tuple[RaceRecord, ...]
    extra: dict[str, Any] = attrs.field(factory=dict)
    """What each rule module shows, by its name (see the module's docs)."""

    def render(self, title: str | None = None) -> str:
        """A compact text picture of this view: the race and whose turn, each
        horse's position and the top card of its two boxes (with the number of
        cards in a box of more than one), the opened card and the stack, every
        seat's hand size, order and money as far as this view shows them
        (``?``: hidden), the viewer's hand, the settled races and what rule
        modules show.  Built from the view alone, so it shows nothing the view
        does not; ``title`` (the game's) heads it."""
        lines = []
        head = f"race {self.race} of {self.races}, round {self.round}: {self.phase}"
        if self.spurt and self.phase != "over":
            head += ", the Last Spurt"
        who = "a spectator's view" if self.seat is None else f"seat {self.seat}'s view"
        lines.append(f"{title}, {head} ({who})" if title else f"{head.capitalize()} ({who})")
        lines.append(f"to act: {_seats_text(self.to_act)}; first player: seat {self.first_player}")
        places = {h: i + 1 for i, h in enumerate(self.finished)}
        lines.append("horse  pos  boxes (top card, cards in the box)")
        for i, pos in enumerate(self.positions):
            h = i + 1
            boxes = "  ".join(_box_text(self.boxes[b]) for b in (2 * i, 2 * i + 1))
            done = f"  finished #{places[h]}" if h in places else ""
            lines.append(f"{h:>5}  {pos:>3}  {boxes}{done}".rstrip())
        opened = f"opened card {self.opened}; " if self.opened is not None else ""
        lines.append(f"{opened}stack {self.stack_size} cards")
        lines.append("seat  cards  order  money")
        for seat, size in enumerate(self.hand_sizes):
            you = "  (you)" if seat == self.seat else ""
            order = _or_hidden(self.orders[seat])
            money = _money_text(self.money[seat])
            lines.append(f"{seat:>4}  {size:>5}  {order:>5}  {money:>9}{you}")
        if self.seat is not None:
            lines.append(f"your hand: {' '.join(map(str, self.hand)) or '-'}")
        for record in self.history:
            lines.append(_record_text(record))
        for name, shown in self.extra.items():
            lines.append(f"{name}: {_value_text(shown)}")
        return "\n".join(lines)


def _seats_text(seats: Sequence[int]) -> str:
    """``to_act`` in words: a seat, seats, chance, or nobody."""
    if not seats:
        return "nobody"
    if len(seats) == 1:
        return "chance" if seats[0] == CHANCE else f"seat {seats[0]}"
    return f"seats {', '.join(map(str, seats))}"


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _box_text(box: Sequence[HorseCard]) -> str:
    """A box as its top card, with how many cards it holds when more than one."""
    if not box:
        return f"{'-':<8}"
    count = f" ({len(box)})" if len(box) > 1 else ""
    return f"{str(box[-1]) + count:<8}"


def _or_hidden(value: int | None) -> str:
    return "?" if value is None else str(value)


def _money_text(money: int | None) -> str:
    return "?" if money is None else f"${money:,}"


def _record_text(record: RaceRecord) -> str:
    """A settled race in one line: places, orders and money after it."""
    placed = sorted((p, h) for h, p in enumerate(record.places, start=1) if p)
    places = ", ".join(f"{_ordinal(p)} horse {h}" for p, h in placed) or "no places"
    orders = " ".join(str(o) for o in record.orders)
    money = " ".join(_money_text(m) for m in record.money)
    return f"race {record.race}: {places}; orders {orders}; money {money}"


def _value_text(value: Any) -> str:
    """A rule module's view data in words: ``key value`` pairs, lists in
    brackets, ``?`` for what is hidden (``None``)."""
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_value_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "[" + " ".join(_value_text(v) for v in value) + "]"
    return str(value) if value != "" else "-"


# -- rule modules ----------------------------------------------------------------


class BoxRule:
    """A rule module of the box race: behaviour a variant plugs in by name.

    Subclass it, give it a ``name``, register it with
    :func:`racebook.variants.register_rule`, and name it in a config's
    ``rules``.  Every hook is a no-op here; override the ones the rule needs.
    A module keeps its own game data (JSON-able: ints, strings, lists, dicts)
    in ``state.ext[self.name]``, which is copied, hashed and replayed with the
    state.  A module that needs the players' decisions opens an *interlude*
    from :meth:`after_run` and answers ``to_act``/``legal``/``check``/``apply``
    until it calls :meth:`LongShotState.end_interlude`.
    """

    name: ClassVar[str] = ""
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    event_types: ClassVar[tuple[type[Event], ...]] = ()

    def __init__(self, settings: Mapping[str, Any], config: LongShotConfig, where: str) -> None:
        self.settings = dict(settings)
        self.config = config
        self.where = where

    def setting(self, key: str, default: Any, kind: type[Any] | tuple[type[Any], ...]) -> Any:
        """Read one setting of this module, checked; :class:`ConfigError` names it."""
        value = self.settings.get(key, default)
        if (
            isinstance(value, bool)
            and kind is not bool
            and bool not in (kind if isinstance(kind, tuple) else (kind,))
        ):
            raise ConfigError(f"{self.where}.settings.{key}", f"expected {kind}, got {value!r}")
        if not isinstance(value, kind):
            raise ConfigError(f"{self.where}.settings.{key}", f"expected {kind}, got {value!r}")
        return value

    def check_settings(self, known: set[str]) -> None:
        """Refuse settings this module does not know."""
        unknown = sorted(set(self.settings) - known)
        if unknown:
            raise ConfigError(
                f"{self.where}.settings.{unknown[0]}",
                f"unknown setting of rule {self.name!r}; known: {sorted(known)}",
            )

    # -- hooks of the race -------------------------------------------------------
    def start_race(self, state: LongShotState) -> None:
        """A race is being dealt."""

    def after_run(self, state: LongShotState, events: list[Event]) -> bool:
        """The horses ran and the race goes on; return ``True`` to open an interlude."""
        return False

    def cards_per_turn(self, state: LongShotState, seat: int, cards: int) -> int:
        """How many cards ``seat`` may place this turn (``cards``: the rule so far)."""
        return cards

    def may_pass(self, state: LongShotState, seat: int) -> bool:
        """Whether ``seat`` may PASS now although a box is empty."""
        return False

    def settle(
        self, state: LongShotState, seat: int, places: list[int], events: list[Event]
    ) -> None:
        """Pay this module's bets for ``seat`` (after tickets, before ticket prices)."""

    def price_mv(self, state: LongShotState, seat: int) -> int:
        """MVs of ``seat``'s cards held by this module that pay the ticket price."""
        return 0

    def held_cards(self, state: LongShotState) -> list[int]:
        """Card codes this module holds out of hands, stack and boxes."""
        return []

    def hidden_lists(self, state: LongShotState, seat: int) -> list[list[int]]:
        """Lists of card codes in ``state`` that ``seat`` may not see (redealt by
        :meth:`~racebook.core.game.State.hidden_variant`)."""
        return []

    def view(self, state: LongShotState, seat: int | None) -> Any:
        """What ``seat`` may see of this module (JSON-able), or ``None``."""
        return None

    def probes(self, state: LongShotState, seat: int) -> list[Action]:
        """Actions of this module, legal or not, for the harness to try."""
        return []

    # -- an interlude (only while this module is in control) --------------------
    def to_act(self, state: LongShotState) -> tuple[int, ...]:
        raise AssertionError(f"{self.name} opened an interlude without to_act")

    def legal(self, state: LongShotState, seat: int) -> list[Action]:
        return []

    def check(self, state: LongShotState, action: Action) -> str | None:
        return f"{action.kind} is not playable now"

    def apply(self, state: LongShotState, action: Action, events: list[Event]) -> None:
        raise AssertionError(f"{self.name} cannot apply {action}")

    def sample_chance(self, state: LongShotState, rng: random.Random) -> Action:
        raise AssertionError(f"{self.name} has no chance node")


def make_rules(config: LongShotConfig) -> tuple[BoxRule, ...]:
    """The rule modules a config names, built and checked."""
    out = []
    for i, ref in enumerate(config.rules):
        where = f"rules[{i}]"
        cls = rule_class(ref.name, where)
        if not (isinstance(cls, type) and issubclass(cls, BoxRule)):
            raise ConfigError(where, f"{ref.name!r} is not a box-race rule module")
        out.append(cls(ref.settings, config, where))
    names = [r.name for r in out]
    if len(set(names)) != len(names):
        raise ConfigError("rules", f"a rule module is named twice: {names}")
    return tuple(out)


# -- the game ------------------------------------------------------------------

FIRST, DEAL, ORDERS, TURN, SECOND, RESTOCK, OPENED, OVER, INTERLUDE = range(9)
_PHASE_NAMES = (
    "chance",
    "chance",
    "chance",
    "turn",
    "more cards",
    "chance",
    "opened card",
    "over",
    "interlude",
)
_AFTER_DRAW, _AFTER_OPEN = 0, 1
_CHANCE_PHASES = frozenset((FIRST, DEAL, ORDERS, RESTOCK))
BASE_ACTIONS: tuple[type[Action], ...] = (Place, Pass, FirstPlayer, Deal, DealOrders, Restock)
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


@register_game
class LongShot(Game[LongShotConfig]):
    """Long Shot for 4 to 6 players (and the box race engine of its variants).

    >>> game = LongShot(LongShotConfig(players=4))
    >>> game.seats, game.config.running
    (4, 5)
    """

    id: ClassVar[str] = "longshot"
    title: ClassVar[str] = "Long Shot"
    config_type: ClassVar[type[Any]] = LongShotConfig
    placing: ClassVar[str] = "Long Shot: 'How to place Horse cards'"
    """Where the placement rules are written, for error messages."""

    def __init__(self, config: LongShotConfig) -> None:
        check_config(config)
        super().__init__(config)
        self.rules = make_rules(config)
        self.action_types = BASE_ACTIONS + tuple(t for r in self.rules for t in r.action_types)
        self.event_types = BASE_EVENTS + tuple(t for r in self.rules for t in r.event_types)
        self.deck = deck(config.running, config.indicated_mvs, config.free_mvs)
        # interned Place actions (values, shared): places[seat][code][box]
        self.places: list[dict[int, list[Place]]] = [{} for _ in range(config.players)]

    @classmethod
    def upgrade_config(cls, data: Any, version: int) -> Any:
        """Logs of format 1 were written before ``golden_rule`` (then read per
        card), ``stall_rounds`` and ``stuck_player_covers_same_mv`` (then off)
        existed: they replay with those readings.  A race then had no stop for
        standing still; such a log gets the longest stop there is,
        ``MAX_STALL_ROUNDS`` rounds (100), which none of its races reached
        (a race that had stood still that long would never have ended)."""
        if version < 2 and isinstance(data, dict):
            data = {"golden_rule": "card", "stall_rounds": MAX_STALL_ROUNDS, **data}
        return data

    @property
    def seats(self) -> int:
        return self.config.players

    def _make_state(self) -> LongShotState:
        return LongShotState(self)

    def new_state(self, seed: int | None = None, *, explicit_chance: bool = False) -> LongShotState:
        """A new game of this variant (see :meth:`racebook.core.game.Game.new_state`)."""
        state = super().new_state(seed, explicit_chance=explicit_chance)
        assert isinstance(state, LongShotState)
        return state


class LongShotState(State[LongShotConfig]):
    """A game of Long Shot (or a variant) in progress.  Drive it through the contract."""

    game: LongShot

    def __init__(self, game: LongShot) -> None:
        super().__init__(game)
        c = game.config
        n = c.players
        self.race = 0
        self.round = 0
        self.first = 0 if c.first_player is None else c.first_player
        self.phase = FIRST if c.first_player is None else DEAL
        self.turn = 0
        self.placed: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stack: list[int] = list(game.deck)
        self.boxes: list[list[int]] = [[] for _ in range(2 * c.running)]
        self.tops: list[int] = [EMPTY] * (2 * c.running)
        self.pos: list[int] = [0] * c.running
        self.fin: dict[int, tuple[int, ...]] = {}
        self.orders: list[int] = [0] * n
        self.aside: list[int] = []
        self.money: list[int] = [c.starting_money] * n
        self.opened = -1
        self.after_restock = _AFTER_DRAW
        self.drawing = 0
        self.history: list[RaceRecord] = []
        self.ext: dict[str, Any] = {}
        self.interlude = -1
        self.idle = 0
        """Rounds in a row, this race, in which no horse moved."""

    # -- reading ---------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        p = self.phase
        if p in (TURN, SECOND):
            return ((self.first + self.turn) % self.game.config.players,)
        if p == OPENED:
            return (self.first,)
        if p == OVER:
            return ()
        if p == INTERLUDE:
            return self.game.rules[self.interlude].to_act(self)
        return (CHANCE,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _at_chance(self) -> bool:
        if self.phase == INTERLUDE:
            return self.game.rules[self.interlude].to_act(self) == (CHANCE,)
        return self.phase in _CHANCE_PHASES

    @property
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        ranks = places_from_keys([-m for m in self.money])
        return Result(
            scores=tuple(self.money),
            places=ranks,
            winners=tuple(s for s, r in enumerate(ranks) if r == 1),
        )

    @property
    def spurt(self) -> bool:
        """The Last Spurt is on: some horse stood on or past the threshold when
        this round began (Long Shot: "The Last Spurt")."""
        t = self.game.config.spurt_threshold
        return t is not None and max(self.pos) >= t

    @property
    def table(self) -> RaceTable:
        """The payout table of the race being played."""
        return self.game.config.races[self.race]

    def render(self, seat: int | None = None) -> str:
        """A compact text picture of the game as ``seat`` may see it (``None``:
        a spectator), built from :meth:`view` alone
        (:meth:`LongShotView.render`), so nothing hidden can show.

        >>> import racebook
        >>> state = racebook.load("longshot", players=4).new_state(seed=2)
        >>> print(state.render(1))
        Long Shot, race 1 of 2, round 1: turn (seat 1's view)
        to act: seat 0; first player: seat 0
        horse  pos  boxes (top card, cards in the box)
            1    0  -         -
            2    0  -         -
            3    0  -         -
            4    0  -         -
            5    0  -         -
        stack 66 cards
        seat  cards  order  money
           0      8      ?    $20,000
           1      8      4    $20,000  (you)
           2      8      ?    $20,000
           3      8      ?    $20,000
        your hand: F:3 F:4 F:4 F:5 F:5 F:7 2:4 4:3
        """
        return self.view(seat).render(self.game.title)

    def __str__(self) -> str:
        return self.render(None)

    def view(self, seat: int | None) -> LongShotView:
        self._check_seat(seat)
        c = self.game.config
        n = c.players
        seat = seat if seat is not None and 0 <= seat < n else None
        open_orders = self.table.orders_open
        orders: tuple[int | None, ...] = tuple(
            o if (self.orders[s] and (open_orders or s == seat)) else None
            for s, o in enumerate(self.orders)
        )
        extra: dict[str, Any] = {}
        for rule in self.game.rules:
            shown = rule.view(self, seat)
            if shown is not None:
                extra[rule.name] = shown
        return LongShotView(
            seat=seat,
            race=self.race + 1,
            races=len(c.races),
            round=self.round,
            phase=_PHASE_NAMES[self.phase],
            to_act=self.to_act,
            first_player=self.first,
            spurt=self.spurt,
            boxes=tuple(tuple(card(x) for x in box) for box in self.boxes),
            positions=tuple(self.pos),
            finished=tuple(sorted(self.fin, key=self.fin.__getitem__)),
            hand=tuple(sorted(card(x) for x in self.hands[seat])) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            stack_size=len(self.stack),
            orders=orders,
            money=self._money_seen(self.money, seat, final=self.phase == OVER),
            opened=card(self.opened) if self.opened >= 0 else None,
            history=self._history_seen(seat),
            extra=extra,
        )

    def _history_seen(self, seat: int | None) -> tuple[RaceRecord, ...]:
        """The race records as ``seat`` may see them: with closed money
        (``open_money=False``) only its own money, except in the last race's
        record once the game is over: that money is the final money, public
        then ("the player with the most money wins the game")."""
        if self.game.config.open_money:
            return tuple(self.history)
        last = len(self.history) - 1 if self.phase == OVER else -1
        return tuple(
            r if i == last else attrs.evolve(r, money=self._money_seen(r.money, seat))
            for i, r in enumerate(self.history)
        )

    def _money_seen(
        self, money: Sequence[int | None], seat: int | None, *, final: bool = False
    ) -> tuple[int | None, ...]:
        """``money`` as ``seat`` may see it: all of it when money is open
        (``open_money``) or the game is over (``final``: the final standings
        are public), else only its own."""
        if self.game.config.open_money or final:
            return tuple(money)
        return tuple(m if s == seat else None for s, m in enumerate(money))

    def snapshot(self) -> dict[str, Any]:
        return {
            "race": self.race,
            "round": self.round,
            "first": self.first,
            "phase": self.phase,
            "turn": self.turn,
            "placed": self.placed,
            "hands": self.hands,
            "stack": self.stack,
            "boxes": self.boxes,
            "pos": self.pos,
            "fin": sorted((h, list(k)) for h, k in self.fin.items()),
            "orders": self.orders,
            "aside": self.aside,
            "money": self.money,
            "opened": self.opened,
            "after": self.after_restock,
            "drawing": self.drawing,
            "history": [[r.race, r.places, r.orders, r.money] for r in self.history],
            "ext": self.ext,
            "interlude": self.interlude,
            # only when set, so that games without a stalled round keep the
            # digests format-1 logs recorded before the stall stop existed
            **({"idle": self.idle} if self.idle else {}),
        }

    # -- legality ---------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        p = self.phase
        if p == INTERLUDE:
            return self.game.rules[self.interlude].legal(self, seat)
        if seat == CHANCE:
            if p == FIRST:
                return [FirstPlayer(CHANCE, s) for s in range(self.game.config.players)]
            return []
        if p == OPENED:
            h, mv = self.opened >> 4, self.opened & 15
            c = card(self.opened)
            boxes = legal_boxes(self.tops, h, mv, unavoidable=self._exception(h))
            return [Place(seat, c, b) for b in boxes]
        actions = self._placements(seat)
        if self._pass_reason(seat, actions) is None:
            actions.append(Pass(seat))
        return actions

    def _placements(self, seat: int) -> list[Action]:
        """Every ``Place`` of ``seat``'s hand now."""
        found = placements(self.tops, sorted(set(self.hands[seat])), self.placed)
        if not found and self._cornered(seat, found):
            found = self._unavoidable(seat)
        elif self.game.config.golden_rule == "player":
            # Long Shot, "How to place Horse cards": 「12のマスに空いた場所があれば、そのマスを
            # 埋めるように置かなければなりません」, read per player (rules notes)
            found = fill_first(self.tops, found)
        rows = self.game.places[seat]
        out: list[Action] = []
        for x, boxes in found:
            row = rows.get(x)
            if row is None:
                c = card(x)
                row = rows[x] = [Place(seat, c, b) for b in range(len(self.boxes))]
            out += [row[b] for b in boxes]
        return out

    def _can_fill(self, seat: int) -> bool:
        """Whether a card in ``seat``'s hand may go in an empty box now."""
        found = placements(self.tops, sorted(set(self.hands[seat])), self.placed)
        return any(self.tops[b] == EMPTY for _, boxes in found for b in boxes)

    def _unavoidable(self, seat: int) -> list[tuple[int, list[int]]]:
        """Every box of each of ``seat``'s cards when the same MV may be covered."""
        out = []
        for x in sorted(set(self.hands[seat])):
            boxes = legal_boxes(self.tops, x >> 4, x & 15, unavoidable=True, skip=self.placed)
            if boxes:
                out.append((x, boxes))
        return out

    def _cornered(self, seat: int, found: list[tuple[int, list[int]]] | None = None) -> bool:
        """Whether ``seat`` must place a card over its own MV: it may not pass, holds
        cards, and none has a box under the usual rules (``found``, if computed).

        Mafia 5.9: passing is allowed only after the supply; Q&A Q2(e): "Except for
        when it is absolutely unavoidable, a card cannot be played over another card
        with the same movement number" (``stuck_player_covers_same_mv``)."""
        if not self.game.config.stuck_player_covers_same_mv or not self.hands[seat]:
            return False
        if self._free_to_pass(seat):
            return False
        if found is None:
            found = placements(self.tops, sorted(set(self.hands[seat])), self.placed)
        return not found

    def _exception(self, horse: int) -> bool:
        """Whether the opened card may cover its own MV when nothing else is open."""
        return horse != FREE or self.game.config.opened_free_card_unavoidable

    def _free_to_pass(self, seat: int) -> bool:
        """Whether ``seat`` may PASS now whatever its hand holds."""
        # In the spurt, after the first card, the others are optional ("may place 2").
        if self.phase == SECOND:
            return True
        # "After all boxes are full": PASS once every box has a card.
        if self.game.config.pass_when_full and EMPTY not in self.tops:
            return True
        return any(rule.may_pass(self, seat) for rule in self.game.rules)

    def _pass_reason(self, seat: int, placements: list[Action] | None = None) -> str | None:
        """Why ``seat`` may not PASS now, or ``None`` if it may."""
        if self._free_to_pass(seat):
            return None
        # Assumed (the rulebook is silent): a hand with no legal card places nothing
        # (unless the player is cornered and covers its own MV: ``stuck_player_covers_same_mv``).
        if not (self._placements(seat) if placements is None else placements):
            return None
        if self.game.config.pass_when_full:
            return "PASS only once every box is full ('After all boxes are full')"
        return "a player may not pass now: a card must be placed"

    def _check(self, action: Action) -> str | None:
        p = self.phase
        if p == INTERLUDE:
            return self.game.rules[self.interlude].check(self, action)
        if action.seat == CHANCE:
            return self._check_chance(action)
        if isinstance(action, Place):
            x = action.card.horse * 16 + action.card.mv
            cite = self.game.placing
            if p == OPENED:
                if x != self.opened:
                    return (
                        f"the first player must place the opened card {card(self.opened)}, "
                        f"not {action.card} ('Basic of the Race Round')"
                    )
                return why_not(
                    self.tops,
                    x >> 4,
                    x & 15,
                    action.box,
                    unavoidable=self._exception(x >> 4),
                    cite=cite,
                )
            if x not in self.hands[action.seat]:
                return f"{action.card} is not in seat {action.seat}'s hand"
            reason = why_not(self.tops, x >> 4, x & 15, action.box, skip=self.placed, cite=cite)
            if (
                reason is None
                and self.game.config.golden_rule == "player"
                and self.tops[action.box] != EMPTY
                and self._can_fill(action.seat)
            ):
                return (
                    f"Golden Rule: seat {action.seat} holds a card that can fill an empty "
                    f"box, so it must fill one before covering box {action.box} ({cite})"
                )
            if reason is not None and self._cornered(action.seat):
                reason = why_not(
                    self.tops,
                    x >> 4,
                    x & 15,
                    action.box,
                    unavoidable=True,
                    skip=self.placed,
                    cite=cite,
                )
            return reason
        if isinstance(action, Pass):
            if p == OPENED:
                return "the opened card must be placed ('Basic of the Race Round')"
            return self._pass_reason(action.seat)
        return f"{action.kind} is not playable now"

    def _check_chance(self, action: Action) -> str | None:
        p = self.phase
        c = self.game.config
        if isinstance(action, FirstPlayer):
            if p != FIRST:
                return "the first player is not being chosen now"
            if not 0 <= action.player < c.players:
                return f"no seat {action.player}"
            return None
        if isinstance(action, Deal):
            if p != DEAL:
                return "no cards are being dealt now"
            if sorted(x.horse * 16 + x.mv for x in action.cards) != self.game.deck:
                return "the dealt cards are not exactly this race's horse cards"
            return None
        if isinstance(action, DealOrders):
            if p != ORDERS:
                return "no orders are being dealt now"
            if sorted(action.horses) != list(range(1, c.running + 1)):
                return f"the orders must be horses 1..{c.running}, each once"
            return None
        if isinstance(action, Restock):
            if p != RESTOCK:
                return "the stack is not being restocked now"
            if sorted(x.horse * 16 + x.mv for x in action.cards) != sorted(self._buried()):
                return "the restocked cards are not exactly the buried cards gathered"
            return None
        return f"{action.kind} is not a chance outcome now"

    def _sample_chance(self, rng: random.Random) -> Action:
        p = self.phase
        c = self.game.config
        if p == INTERLUDE:
            return self.game.rules[self.interlude].sample_chance(self, rng)
        if p == FIRST:
            return FirstPlayer(CHANCE, rng.randrange(c.players))
        if p == DEAL:
            cards = list(self.game.deck)
            rng.shuffle(cards)
            return Deal(CHANCE, tuple(card(x) for x in cards))
        if p == ORDERS:
            horses = list(range(1, c.running + 1))
            rng.shuffle(horses)
            return DealOrders(CHANCE, tuple(horses))
        cards = self._buried()
        rng.shuffle(cards)
        return Restock(CHANCE, tuple(card(x) for x in cards))

    def chance_outcomes(self) -> list[tuple[Action, float]] | None:
        if self.phase == FIRST:
            n = self.game.config.players
            return [(a, 1 / n) for a in self._legal(CHANCE)]
        return None

    # -- play -------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.phase == INTERLUDE:
            self.game.rules[self.interlude].apply(self, action, events)
        elif isinstance(action, Place):
            x = action.card.horse * 16 + action.card.mv
            opened = self.phase == OPENED
            if opened:
                self.opened = -1
            else:
                self.hands[action.seat].remove(x)
            self.boxes[action.box].append(x)
            self.tops[action.box] = x & 15
            events.append(Placed(action.seat, action.card, action.box, opened))
            if opened:
                self._run(events)
            else:
                self.placed.append(action.box)
                if len(self.placed) < self.cards_this_turn(action.seat):
                    self.phase = SECOND
                else:
                    self._end_turn(events)
        elif isinstance(action, Pass):
            events.append(Passed(action.seat))
            stuck = self.phase == TURN and EMPTY in self.tops
            self._end_turn(events, draw=not stuck or self.game.config.stuck_player_draws)
        elif isinstance(action, FirstPlayer):
            self.first = action.player
            self.phase = DEAL
        elif isinstance(action, Deal):
            self._deal(action, events)
        elif isinstance(action, DealOrders):
            self._deal_orders(action, events)
        elif isinstance(action, Restock):
            self._restock(action, events)
        return events

    def cards_this_turn(self, seat: int) -> int:
        """How many cards ``seat`` may place this turn: 1, or ``spurt_cards`` in
        "The Last Spurt", as the rule modules may change it."""
        cards = self.game.config.spurt_cards if self.spurt else 1
        for rule in self.game.rules:
            cards = rule.cards_per_turn(self, seat, cards)
        return cards

    # "Preparation of the first race": deal 8 cards each, the rest is the stack.
    def _deal(self, action: Deal, events: list[Event]) -> None:
        c = self.game.config
        h = c.hand
        codes = [x.horse * 16 + x.mv for x in action.cards]
        events.append(RaceStarted(self.race + 1, self.first))
        for s in range(c.players):
            self.hands[s] = codes[s * h : (s + 1) * h]
            events.append(Dealt(s, tuple(action.cards[s * h : (s + 1) * h])))
        rest = codes[c.players * h :]
        rest.reverse()  # top of the stack is the end of the list
        self.stack = rest
        for rule in self.game.rules:
            rule.start_race(self)
        self.phase = ORDERS

    # "Lastly, shuffle and deal 1 'Secret Order' card face down to each player";
    # with 4 or 5 players the spare is left aside face down; face up in the last race.
    def _deal_orders(self, action: DealOrders, events: list[Event]) -> None:
        n = self.game.config.players
        self.orders = list(action.horses[:n])
        self.aside = list(action.horses[n:])
        face_up = self.table.orders_open
        events.extend(OrderDealt(s, h, face_up) for s, h in enumerate(self.orders))
        self._start_round(1)

    def _start_round(self, number: int) -> None:
        self.round = number
        self.turn = 0
        self.placed = []
        self.phase = TURN

    # "Basic of the Race Round": place, then draw 1 from the stack.
    def _end_turn(self, events: list[Event], *, draw: bool = True) -> None:
        self.placed = []
        self.after_restock = _AFTER_DRAW
        self.drawing = self.game.config.draw if draw else 0
        if self._draw(events):
            self._next_turn(events)

    def _draw(self, events: list[Event]) -> bool:
        """Draw for the player whose turn ends; ``False`` if a restock must come first."""
        seat = (self.first + self.turn) % self.game.config.players
        while self.drawing > 0:
            if not self.stack:
                if self._buried():
                    self.phase = RESTOCK
                    return False
                self.drawing = 0
                break
            self.drawing -= 1
            x = self.stack.pop()
            self.hands[seat].append(x)
            events.append(Drew(seat, card(x)))
        return True

    def _next_turn(self, events: list[Event]) -> None:
        self.turn += 1
        if self.turn < self.game.config.players:
            self.phase = TURN
        else:
            self._open(events)

    # "the first player draws 1 card from the Stack, and places it face up".
    def _open(self, events: list[Event]) -> None:
        self.after_restock = _AFTER_OPEN
        if not self.stack:
            if self._buried():
                self.phase = RESTOCK
                return
            self._run(events)  # nothing left to open
            return
        x = self.stack.pop()
        events.append(Opened(card(x)))
        if not legal_boxes(self.tops, x >> 4, x & 15, unavoidable=self._exception(x >> 4)):
            self.stack.insert(0, x)  # no box may take it: under the stack (setting)
            self._run(events)
            return
        self.opened = x
        self.phase = OPENED

    # "When the stack is exhausted": up to 2 cards from beneath each box, never the top.
    def _buried(self) -> list[int]:
        k = self.game.config.restock_per_box
        out: list[int] = []
        for box in self.boxes:
            out.extend(box[: max(0, min(k, len(box) - 1))])
        return out

    def _restock(self, action: Restock, events: list[Event]) -> None:
        k = self.game.config.restock_per_box
        for box in self.boxes:
            del box[: max(0, min(k, len(box) - 1))]
        stack = [x.horse * 16 + x.mv for x in action.cards]
        stack.reverse()
        self.stack = stack
        events.append(Restocked(len(stack)))
        if self.after_restock == _AFTER_DRAW:
            self.phase = TURN
            if self._draw(events):
                self._next_turn(events)
        else:
            self._open(events)

    # "Then run all 6 horses": each by the sum of the top cards of its two boxes.
    def _run(self, events: list[Event]) -> None:
        c = self.game.config
        tops = self.tops
        was_spurt = self.spurt
        moves = [0] * c.running
        for i in range(c.running):
            h = i + 1
            if h in self.fin:
                continue  # a horse past the goal stays there
            a, b = tops[2 * i], tops[2 * i + 1]
            mv = (a if a > 0 else 0) + (b if b > 0 else 0)
            moves[i] = mv
            self.pos[i] += mv
            if self.pos[i] >= c.goal:
                # "End of the Race": same round -> further past the goal -> higher box
                # total (-> Mafia 4.5: the single highest card).
                past = self.pos[i] - c.goal
                self.fin[h] = (self.round, -past, -mv, -max(a, b, 0))
                events.append(HorseFinished(h, past))
        events.append(Ran(tuple(moves), tuple(self.pos)))
        if not was_spurt and self.spurt:
            leader = max(range(c.running), key=lambda i: self.pos[i]) + 1
            events.append(SpurtBegins(leader))
        if len(self.fin) >= c.finishers:
            self._settle(events)
            return
        # not in the rulebooks: a race in which no horse has moved for stall_rounds
        # rounds in a row ends as it stands (rules notes, "a race that stands still")
        self.idle = 0 if any(moves) else self.idle + 1
        if self.idle >= c.stall_rounds:
            events.append(RaceStalled(self.idle))
            self._settle(events)
            return
        for i, rule in enumerate(self.game.rules):
            if rule.after_run(self, events):
                self.interlude = i
                self.phase = INTERLUDE
                return
        self._next_round()

    def _next_round(self) -> None:
        # "the player to the left of the first player becomes the new first player"
        self.first = (self.first + 1) % self.game.config.players
        self._start_round(self.round + 1)

    def end_interlude(self, events: list[Event]) -> None:
        """A rule module hands control back: the next round begins."""
        self.interlude = -1
        self._next_round()

    def rank_keys(self) -> dict[int, tuple[int, ...]]:
        """The finishing key of every placed horse (smaller is better)."""
        c = self.game.config
        pick = [1 + TIEBREAKS.index(t) for t in c.tiebreaks]
        keys: dict[int, tuple[int, ...]] = {}
        for h, (rnd, past, total, high) in self.fin.items():
            tb = (total, high)
            keys[h] = (0, rnd, past, *(tb[k - 1] for k in pick))
        if c.rank_unfinished:
            # Mafia 4.6: 3rd place and lower by the distance at that point, ties as above.
            for i in range(c.running):
                h = i + 1
                if h not in self.fin:
                    a, b = self.tops[2 * i], self.tops[2 * i + 1]
                    tb = (-((a if a > 0 else 0) + (b if b > 0 else 0)), -max(a, b, 0))
                    keys[h] = (1, 0, -self.pos[i], *(tb[k - 1] for k in pick))
        return keys

    def horse_places(self) -> list[int]:
        """Place per horse (index 0 = horse 1); 0 = no place (did not finish)."""
        got = finish_places(self.rank_keys())
        return [got.get(h, 0) for h in range(1, self.game.config.running + 1)]

    # "Aftermath": 1) rewards 2) penalties 3) allotments 4) losing tickets, in that
    # order, each paid only as far as the player can ("You only pay all of your money").
    # Mafia 6 adds the extra penalties in 2), its quinella (a rule module) before the
    # ticket price, and charges the price of every ticket.
    def _settle(self, events: list[Event]) -> None:
        c = self.game.config
        t = self.table
        places = self.horse_places()
        paid = len(t.rewards)
        events.append(RaceEnded(self.race + 1, tuple(places), tuple(self.orders)))
        unowned = [h for h in range(1, c.running + 1) if h not in self.orders]
        for s in range(c.players):
            place = places[self.orders[s] - 1]
            if 1 <= place <= paid:
                self.gain(s, t.rewards[place - 1], "reward", events)
            else:
                self.lose(s, t.penalty, "penalty", events)
            out = not 1 <= place <= paid
            # Mafia 6.2b: "An extra $100,000" when a horse nobody ordered beat yours;
            # by default (unowned_ahead_only_out) on top of the penalty only (rules notes).
            if (
                t.unowned_ahead_penalty
                and (out or not t.unowned_ahead_only_out)
                and any(places[h - 1] and (not place or places[h - 1] < place) for h in unowned)
            ):
                self.lose(s, t.unowned_ahead_penalty, "nobody's horse ahead", events)
            if t.last_place_penalty and c.players == c.running and place == c.running:
                self.lose(s, t.last_place_penalty, "last place", events)
            win = price = 0
            for x in self.hands[s]:
                h = x >> 4
                if h == FREE:
                    continue  # "Free Horse card is just paper"
                p = places[h - 1]
                if 1 <= p <= len(t.tickets):
                    win += (x & 15) * t.tickets[p - 1]
                    if t.ticket_price_all:
                        price += x & 15
                else:
                    price += x & 15
            self.gain(s, win, "tickets", events)
            for rule in self.game.rules:
                rule.settle(self, s, places, events)
                price += rule.price_mv(self, s)
            reason = "ticket price" if t.ticket_price_all else "losing tickets"
            self.lose(s, price * t.ticket_loss, reason, events)
        self.history.append(
            RaceRecord(self.race + 1, tuple(places), tuple(self.orders), tuple(self.money))
        )
        self._mark()
        if self.race + 1 < len(c.races):
            # "Preparation of the last race": first player is left of the last one;
            # all horse cards are dealt again; no new money.
            self.race += 1
            self.first = (self.first + 1) % c.players
            self.hands = [[] for _ in range(c.players)]
            self.stack = list(self.game.deck)
            self.boxes = [[] for _ in range(2 * c.running)]
            self.tops = [EMPTY] * (2 * c.running)
            self.pos = [0] * c.running
            self.fin = {}
            self.orders = [0] * c.players
            self.aside = []
            self.round = 0
            self.idle = 0
            self.ext = {}
            self.phase = DEAL
        else:
            self.phase = OVER
            events.append(self._game_ended())

    def gain(self, seat: int, amount: int, reason: str, events: list[Event]) -> None:
        """Pay ``seat`` from the bank (a ``money`` event)."""
        if amount:
            self.money[seat] += amount
            events.append(Money(seat, amount, reason, self.game.config.open_money))

    def lose(self, seat: int, amount: int, reason: str, events: list[Event]) -> None:
        """``seat`` pays as far as it can (a ``money`` event with what was paid)."""
        if amount:
            got = pay(self.money, seat, amount)
            events.append(Money(seat, -got, reason, self.game.config.open_money))

    # -- copies, audits and hidden information ------------------------------------
    def _copy_into(self, other: LongShotState) -> None:
        other.placed = list(self.placed)
        other.hands = [list(h) for h in self.hands]
        other.stack = list(self.stack)
        other.boxes = [list(b) for b in self.boxes]
        other.tops = list(self.tops)
        other.pos = list(self.pos)
        other.fin = dict(self.fin)
        other.orders = list(self.orders)
        other.aside = list(self.aside)
        other.money = list(self.money)
        other.history = list(self.history)
        other.ext = copy.deepcopy(self.ext)

    def audit(self) -> None:
        everything: list[int] = [x for h in self.hands for x in h] + self.stack
        everything += [x for b in self.boxes for x in b]
        if self.opened >= 0:
            everything.append(self.opened)
        for rule in self.game.rules:
            everything += rule.held_cards(self)
        assert Counter(everything) == Counter(self.game.deck), "horse cards lost or duplicated"
        assert all(m >= 0 for m in self.money), f"money below $0: {self.money}"
        assert self.tops == [b[-1] & 15 if b else EMPTY for b in self.boxes], "tops out of sync"
        if self.phase in (TURN, SECOND, OPENED, RESTOCK, INTERLUDE):
            dealt = sorted(self.orders + self.aside)
            assert dealt == list(range(1, self.game.config.running + 1)), "orders lost"

    def probes(self, seat: int) -> list[Action]:
        kinds = [*sorted(set(self.game.deck)), 7 * 16 + 3, 15]
        nboxes = len(self.boxes)
        out: list[Action] = [Pass(seat), Pass((seat + 1) % self.game.config.players)]
        out += [Place(seat, card(x), b) for x in kinds for b in range(-1, nboxes + 1)]
        out += [FirstPlayer(CHANCE, 0), DealOrders(CHANCE, (1,)), Restock(CHANCE, ())]
        for rule in self.game.rules:
            out += rule.probes(self, seat)
        return out

    def hidden_variant(self, seat: int, rng: random.Random) -> LongShotState:
        other = self.clone()
        n = self.game.config.players
        others = [s for s in range(n) if s != seat]
        lists = [other.hands[s] for s in others] + [other.stack]
        for rule in self.game.rules:
            lists += rule.hidden_lists(other, seat)
        pool = [x for lst in lists for x in lst]
        rng.shuffle(pool)
        for lst in lists:
            k = len(lst)
            lst[:], pool = pool[:k], pool[k:]
        if not self.table.orders_open and self.phase in (TURN, SECOND, OPENED, RESTOCK, INTERLUDE):
            hidden = [other.orders[s] for s in others] + other.aside
            rng.shuffle(hidden)
            for s in others:
                other.orders[s] = hidden.pop()
            other.aside = hidden
        if not self.game.config.open_money and self.phase != OVER:
            # the other seats' money, closed: swapped among them, now and in the records
            swap = list(others)
            rng.shuffle(swap)
            moved = dict(zip(others, swap, strict=True))
            other.money = [self.money[moved.get(s, s)] for s in range(n)]
            other.history = [
                attrs.evolve(r, money=tuple(r.money[moved.get(s, s)] for s in range(n)))
                for r in self.history
            ]
        return other


register_preset(
    "longshot",
    "longshot",
    LongShotConfig(),
    "Long Shot as printed: 5 players (4-6), 2 races, goal 60 (assumed), spurt 44.",
)


def box_horse(box: int) -> int:
    """The horse a box belongs to.

    >>> box_horse(0), box_horse(11)
    (1, 6)
    """
    return box // 2 + 1


__all__ = [
    "FIRST_RACE",
    "GOLDEN_RULES",
    "LAST_RACE",
    "TIEBREAKS",
    "BoxRule",
    "Deal",
    "DealOrders",
    "FirstPlayer",
    "LongShot",
    "LongShotConfig",
    "LongShotState",
    "LongShotView",
    "Money",
    "Pass",
    "Place",
    "RaceRecord",
    "RaceStalled",
    "Restock",
    "RuleRef",
    "box_horse",
    "boxes_of",
]

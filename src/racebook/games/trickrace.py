"""The trick-taking horse race (Kawasaki Factory); game id ``trickrace``.

Each player is a jockey and a gambler: winning a trick moves your own horse by
the marks on the card you played, and you bet on the race.  The module reads
in the rulebook's order: setup (ゲームの準備), then each race's five phases,
paddock (パドックフェイズ), betting (馬券購入フェイズ), race (レースフェイズ,
with the whip rule ムチ入れ), payout (配当フェイズ) and the next race
(次レース準備フェイズ); the end; and the 3-player changes (3人プレイ時).

Seats 0..n-1 are the players, clockwise ("left" of ``s`` is the next seat).
With 3 players the dummy (ダミープレイヤー) is seat id 3: it sits to the right
of the player who drew Vanilla Beans, never appears in ``to_act`` and plays
by its printed rules inside ``apply``.  Horses are 1..4 as on the score sheet.

Comments cite the rulebook by its section headings and quote it.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from racebook.cards.race import COLOURS, RaceCard, race_card
from racebook.core.errors import check_between, check_length
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

HORSES = ("Forêt Noire", "Vanilla Beans", "Silver Arazan", "Gâteau Opéra")
"""The four horses by number, as the rulebook's score sheet (点数計算シート)
numbers them; the rulebook spells Vanilla Beans several ways (パニラビーンズ,
パノラビーンズ, バナラビーンズ)."""
VANILLA = 2
WIN = 0
"""The win ticket (単勝); tickets 1..4 name horses."""
DUMMY = 3
"""The dummy's seat id in a 3-player game."""

MARKS = (3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1)
"""*Assumed*: progress marks of numbers 1..12.  The rulebook says only that
they differ by number (内容物) and its trick example moves 2 for an 8; no
public card list gives the rest."""

# Limits of a variant (docs: "Limits"), far above any real use; a state holds
# course + 1 squares and a game runs races x ~50 actions.
MAX_RACES = 100
"""Most races a game may have (the rulebook: one per player, 3 or 4)."""
MAX_COURSE = 1000
"""Longest course, in spaces (the rulebook: 7)."""
MAX_MARKS = 1000
"""Most progress marks on one card (the assumed marks: 1 to 3)."""
MAX_WHIPS = 100
"""Most whip cards a player may have (the rulebook: 2)."""
MAX_POINTS = 1_000_000
"""Largest prize, odds or odds step, either sign (the rulebook: 5 and 3; 2; 0 to 3)."""


@attrs.frozen
class TrickRaceConfig:
    """Every number of the trick race, with the rulebook's value as default;
    :func:`check_config` bounds each (``MAX_RACES``, ``MAX_COURSE``, ...)."""

    players: int = 4
    """3 (with the dummy) or 4."""
    races: int | None = None
    """How many races; ``None``: as many as players."""
    course: int = 7
    """Spaces from the gate to the goal."""
    marks: tuple[int, ...] = MARKS
    """*Assumed*: progress marks of each card number 1..12."""
    prizes: tuple[int, ...] = (5, 3)
    """Points to the riders of the 1st and 2nd horse."""
    start_odds: int = 2
    odds_steps: tuple[int, ...] = (0, 1, 2, 3)
    """Odds added after each race by place."""
    whips: int = 2
    finishers: int = 2
    """The race ends when this many horses reach the goal."""
    discard_counts_top: bool = True
    """The paddock's ambiguity: whether the start player's revealed top card
    counts as the first card of their pile when they take their N-th card
    (``False``: counting starts below it and wraps, 12 -> the revealed card).
    Only the start player took a card off their pile: every other player takes
    the N-th card of their own untouched pile either way (rules notes)."""
    revealed_is_discard: bool = False
    """A third reading of the paddock: the start player's revealed top card is
    itself their face-up discard, and they take no N-th card ("これで、各プレイヤーが
    1枚ずつレースカードをオモテ向きにしている状態になります": one face-up card each).
    ``True`` makes ``discard_counts_top`` moot (rules notes)."""

    @property
    def race_count(self) -> int:
        return self.players if self.races is None else self.races


def check_config(c: TrickRaceConfig) -> None:
    """Refuse a config that cannot be played, naming the field.

    Every size has a bound (docs: "Limits"), so that a variant file or a log
    header cannot make a game allocate or run without end.  Single fields
    only: no setting depends on another (the 4 horses fix the lengths).
    """
    check_between("players", c.players, 3, 4)  # ゲームの進め方; 3人プレイ時
    if c.races is not None:
        check_between("races", c.races, 1, MAX_RACES)
    check_between("course", c.course, 1, MAX_COURSE)
    check_length("marks", c.marks, 12, 12)  # one per card number 1..12
    for marks in c.marks:
        check_between("marks", marks, 0, MAX_MARKS)
    check_length("prizes", c.prizes, 0, 4)  # at most one per horse's place
    for prize in c.prizes:
        check_between("prizes", prize, -MAX_POINTS, MAX_POINTS)
    check_between("start_odds", c.start_odds, -MAX_POINTS, MAX_POINTS)
    check_length("odds_steps", c.odds_steps, 4, 4)  # one per place
    for step in c.odds_steps:
        check_between("odds_steps", step, -MAX_POINTS, MAX_POINTS)
    check_between("whips", c.whips, 0, MAX_WHIPS)
    check_between("finishers", c.finishers, 1, 4)


# -- actions -----------------------------------------------------------------------------


@attrs.frozen
class DrawHorses(Action):
    """Chance: the horse card each player draws (seat order); with 3 players one
    of them is Vanilla Beans (redrawn until so) and the dummy takes the last."""

    kind: ClassVar[str] = "draw-horses"
    horses: tuple[int, ...]


@attrs.frozen
class DealCards(Action):
    """Chance: the 48 race cards shuffled: horse ``h`` keeps cards
    ``12*(h-1) .. 12*h-1`` for the whole game."""

    kind: ClassVar[str] = "deal"
    cards: tuple[RaceCard, ...]


@attrs.frozen
class Paddock(Action):
    """Chance: the runners' order at the gate (bottom first) and each horse's 12
    cards shuffled face down (``piles[h-1]``, top first)."""

    kind: ClassVar[str] = "paddock"
    gate: tuple[int, ...]
    piles: tuple[tuple[RaceCard, ...], ...]


@attrs.frozen
class Discard(Action):
    """The second discard, chosen secretly and set face down (パドック)."""

    kind: ClassVar[str] = "discard"
    card: RaceCard


@attrs.frozen
class Bet(Action):
    """A ticket: ``0`` the win ticket, ``1..4`` a horse; face up first, then face down."""

    kind: ClassVar[str] = "bet"
    ticket: int


@attrs.frozen
class Play(Action):
    """Play ``card`` to the trick, declaring the whip (ムチを入れる) or not."""

    kind: ClassVar[str] = "play"
    card: RaceCard
    whip: bool = False


# -- events ------------------------------------------------------------------------------


@attrs.frozen
class HorsesDrawn(Event):
    """The horse each seat rides (by seat id; with 3 players the dummy's too,
    id ``dummy``)."""

    kind: ClassVar[str] = "horses-drawn"
    horses: tuple[int, ...]
    dummy: int | None


@attrs.frozen
class RaceBegins(Event):
    """The paddock is done: the race number, the start player, the runners' order
    at the gate (bottom first), the discard number and the card that showed
    it, and every face-up discard."""

    kind: ClassVar[str] = "race-begins"
    race: int
    start: int
    gate: tuple[int, ...]
    discard_number: int
    revealed: RaceCard
    """The start player's top card, shown to everyone: its number is
    ``discard_number``.  Unless it is their face-up discard it stays in their
    hand, and everyone knows it is there."""
    discards: tuple[RaceCard, ...]
    """The face-up discards by seat id (the dummy's two are its first two below)."""
    dummy_discards: tuple[RaceCard, ...] = ()
    dummy_cards: tuple[RaceCard, ...] = ()


@attrs.frozen
class Hand(PrivateEvent):
    """Your hand after the face-up discard."""

    kind: ClassVar[str] = "hand"
    cards: tuple[RaceCard, ...]


@attrs.frozen
class Discarded(Event):
    """Public: ``seat`` set a card face down (its back shows the colour)."""

    kind: ClassVar[str] = "discarded"
    seat: int
    colour: str


@attrs.frozen
class MyDiscard(PrivateEvent):
    """Your face-down discard (only you see its number)."""

    kind: ClassVar[str] = "my-discard"
    card: RaceCard


@attrs.frozen
class MyTicket(PrivateEvent):
    """Your face-down ticket (only you see it until the payout)."""

    kind: ClassVar[str] = "my-ticket"
    ticket: int


@attrs.frozen
class TicketShown(Event):
    """``seat`` laid ``ticket`` face up (``0`` the win ticket, ``1..4`` a horse)."""

    kind: ClassVar[str] = "ticket-up"
    seat: int
    ticket: int


@attrs.frozen
class TicketHidden(Event):
    """``seat`` laid a ticket face down (which one stays hidden until the payout)."""

    kind: ClassVar[str] = "ticket-down"
    seat: int


@attrs.frozen
class Played(Event):
    """``seat`` played ``card`` to the trick, with the whip or not."""

    kind: ClassVar[str] = "played"
    seat: int
    card: RaceCard
    whip: bool


@attrs.frozen
class TrickWon(Event):
    """``seat`` won the trick: its ``horse`` moved ``moved`` spaces to ``position``
    (0 when already at the goal)."""

    kind: ClassVar[str] = "trick"
    seat: int
    horse: int
    moved: int
    position: int


@attrs.frozen
class RaceResult(Event):
    """Places by horse and each seat's tickets, both now face up (face-up
    ticket, face-down ticket).  The face-down discards stay face down (set
    so "オモテが他のプレイヤーに見えないように", パドックフェイズ; only the tickets
    turn up, 配当フェイズ): no event ever shows another seat's."""

    kind: ClassVar[str] = "race-result"
    race: int
    places: tuple[int, ...]
    tickets: tuple[tuple[int, int], ...]


@attrs.frozen
class Points(Event):
    """``seat`` scored ``points`` for ``reason`` (a prize, a win bet, a quinella)."""

    kind: ClassVar[str] = "points"
    seat: int
    points: int
    reason: str


# -- views -------------------------------------------------------------------------------


@attrs.frozen
class RaceRecord:
    """One race: place and spaces moved per horse, the odds it paid, points after."""

    race: int
    places: tuple[int, ...]
    spaces: tuple[int, ...]
    odds: tuple[int, ...]
    points: tuple[int, ...]


@attrs.frozen
class TrickRaceView(View):
    """What one seat (``None``: a spectator) may see.  Per-id tuples have 4
    entries: the players, then the dummy (id 3) in a 3-player game."""

    seat: int | None
    race: int
    races: int
    phase: str
    to_act: tuple[int, ...]
    start: int
    leader: int
    dummy: int | None
    horses: tuple[int, ...]
    odds: tuple[int, ...]
    points: tuple[int, ...]
    positions: tuple[int, ...]
    squares: tuple[tuple[int, ...], ...]
    arrived: tuple[int, ...]
    hand: tuple[RaceCard, ...]
    hand_colours: tuple[tuple[int, ...], ...]
    dummy_cards: tuple[RaceCard, ...]
    face_up_discards: tuple[tuple[RaceCard, ...], ...]
    my_discard: RaceCard | None
    discard_colours: tuple[str | None, ...]
    whips_up: tuple[int, ...]
    tickets_up: tuple[int | None, ...]
    my_ticket_down: int | None
    tickets_down_laid: tuple[bool, ...]
    trick: tuple[tuple[int, RaceCard, bool], ...]
    discard_number: int
    history: tuple[RaceRecord, ...]
    revealed: RaceCard | None = None
    """The start player's revealed top card (パドックフェイズ: shown to everyone)
    while it is still theirs and unplayed: in their hand, or set face down as
    their second discard (the others cannot tell which).  ``None`` once it is
    played (it is then in the trick and the played cards like any other) and
    when it is the start player's face-up discard (shown there)."""

    def render(self, title: str | None = "Trick race") -> str:
        """A compact text picture of this view: the race, phase and whose turn;
        each horse's position, odds and rider, and the course square by square
        (bottom card first); each seat's horse, points, whips, tickets, hand
        colours (card backs: red, blue, yellow, green) and discards; the trick
        so far; the viewer's hand, face-down discard and ticket; the dummy's
        fanned cards; each race's record.  Built from the view alone, so it
        shows nothing the view does not (``?``: a face-down ticket)."""
        ids = range(len(self.horses))
        riders = {h: s for s, h in enumerate(self.horses)}
        course = len(self.squares) - 1
        who = "a spectator's view" if self.seat is None else f"seat {self.seat}'s view"
        head = f"race {self.race} of {self.races}: {self.phase} ({who})"
        lines = [f"{title}, {head}" if title else head[0].upper() + head[1:]]
        number = f"; discard number {self.discard_number}" if self.discard_number else ""
        lines.append(
            f"to act: {self._who_text(self.to_act)}; start player: {self._who(self.start)}; "
            f"leader: {self._who(self.leader)}{number}"
        )
        lines.append("horse                pos  odds  rider")
        for h in range(1, len(self.positions) + 1):
            name = f"{h} {HORSES[h - 1]}"
            rider = self._who(riders[h]) if h in riders else "-"
            goal = ""
            if h in self.arrived:
                goal = f"  at the goal, #{self.arrived.index(h) + 1}"
            lines.append(
                f"{name:<19}  {self.positions[h - 1]:>3}  {self.odds[h - 1]:>4}  {rider}{goal}"
            )
        squares = [
            f"{'gate' if i == 0 else 'goal' if i == course else i}: " + " ".join(map(str, sq))
            for i, sq in enumerate(self.squares)
            if sq
        ]
        lines.append(f"course of {course} (bottom first): {' | '.join(squares) or '-'}")
        lines.append("seat    horse  points  whips  tickets  hand R B Y G  face up  face down")
        for s in ids:
            player = s < len(self.points)
            if not player and s != self.dummy:
                continue
            points = str(self.points[s]) if player else "-"
            up = self.tickets_up[s]
            down = "-"
            if self.tickets_down_laid[s]:
                mine = s == self.seat and self.my_ticket_down is not None
                down = _ticket_text(self.my_ticket_down) if mine else "?"
            tickets = f"{_ticket_text(up)} + {down}" if player else "-"
            colours = " ".join(str(k) for k in self.hand_colours[s])
            shown = " ".join(map(str, self.face_up_discards[s])) or "-"
            hidden = self.discard_colours[s] or "-"
            if s == self.seat and self.my_discard is not None:
                hidden = str(self.my_discard)
            label = "dummy" if s == self.dummy else str(s)
            you = "  (you)" if s == self.seat else ""
            lines.append(
                f"{label:<6}  {self.horses[s] or '-':>5}  {points:>6}  {self.whips_up[s]:>5}  "
                f"{tickets:>7}  {colours:>12}  {shown:>7}  {hidden:>9}{you}"
            )
        if self.trick:
            played = ", ".join(
                f"{self._who(s)} {card}{' with the whip' if whip else ''}"
                for s, card, whip in self.trick
            )
            lines.append(f"trick: {played}")
        if self.revealed is not None:
            lines.append(f"revealed card: {self.revealed}, with {self._who(self.start)}")
        if self.seat is not None:
            lines.append(f"your hand: {' '.join(map(str, self.hand)) or '-'}")
        if self.dummy_cards:
            lines.append(f"the dummy's cards (top first): {' '.join(map(str, self.dummy_cards))}")
        for r in self.history:
            placed = sorted((p, h) for h, p in enumerate(r.places, start=1))
            places = ", ".join(f"#{p} horse {h}" for p, h in placed)
            lines.append(
                f"race {r.race}: {places}; spaces {' '.join(map(str, r.spaces))}; "
                f"odds {' '.join(map(str, r.odds))}; points {' '.join(map(str, r.points))}"
            )
        return "\n".join(lines)

    def _who(self, seat_id: int) -> str:
        return "the dummy" if seat_id == self.dummy else f"seat {seat_id}"

    def _who_text(self, seats: tuple[int, ...]) -> str:
        if seats == (CHANCE,):
            return "chance"
        if len(seats) == 1:
            return self._who(seats[0])
        return f"seats {', '.join(map(str, seats))}" if seats else "nobody"


def _ticket_text(ticket: int | None) -> str:
    """A ticket in words: ``win``, a horse number, or ``-`` for none."""
    return "-" if ticket is None else "win" if ticket == WIN else str(ticket)


# -- the game ----------------------------------------------------------------------------

DRAW, DEAL, PADDOCK, DISCARD, BET_UP, BET_DOWN, TRICK, OVER = range(8)
_PHASES = ("chance", "chance", "chance", "discard", "ticket up", "ticket down", "trick", "over")


@register_game
class TrickRace(Game[TrickRaceConfig]):
    """The trick-taking horse race for 3 (with the dummy) or 4 players.

    >>> import racebook
    >>> racebook.load("trickrace", players=3).seats
    3
    """

    id: ClassVar[str] = "trickrace"
    title: ClassVar[str] = "Trick race"
    config_type: ClassVar[type[Any]] = TrickRaceConfig
    action_types = (DrawHorses, DealCards, Paddock, Discard, Bet, Play)
    event_types = (
        HorsesDrawn,
        RaceBegins,
        Hand,
        MyDiscard,
        Discarded,
        MyTicket,
        TicketShown,
        TicketHidden,
        Played,
        TrickWon,
        RaceResult,
        Points,
        GameEnded,
    )

    def __init__(self, config: TrickRaceConfig) -> None:
        check_config(config)
        super().__init__(config)
        self.deck = sorted(c * 16 + n for c in range(4) for n in range(1, 13))
        self.plays: dict[int, Play] = {}  # interned Play actions (values, shared)

    @property
    def seats(self) -> int:
        return self.config.players

    def _make_state(self) -> TrickRaceState:
        return TrickRaceState(self)

    def new_state(
        self, seed: int | None = None, *, explicit_chance: bool = False
    ) -> TrickRaceState:
        """A new game of this variant (see :meth:`racebook.core.game.Game.new_state`)."""
        state = super().new_state(seed, explicit_chance=explicit_chance)
        assert isinstance(state, TrickRaceState)
        return state


class TrickRaceState(State[TrickRaceConfig]):
    """A trick race in progress."""

    game: TrickRace

    def __init__(self, game: TrickRace) -> None:
        super().__init__(game)
        n = game.config.players
        self.dummy = DUMMY if n == 3 else -1
        self.ring: list[int] = list(range(4))  # clockwise seat ids
        self.horse_of: list[int] = [0] * 4  # by seat id
        self.cards_of: list[list[int]] = [[] for _ in range(4)]  # by horse - 1
        self.phase = DRAW
        self.race = 0
        self.start = 0
        self.odds = [game.config.start_odds] * 4
        self.points = [0] * n
        self.history: list[RaceRecord] = []
        self.horse_of_last: list[int] = []
        self._order_key: tuple[int, int] = (-1, -1)
        self._order: list[int] = []
        self.whips_up: list[int] = [game.config.whips] * 4  # face up; one recovers a race
        self._clear_race()

    def _clear_race(self) -> None:
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.open_discards: list[list[int]] = [[] for _ in range(4)]
        self.secret: list[int] = [-1] * 4
        self.played: list[list[int]] = [[] for _ in range(4)]
        self.up: list[int] = [-1] * 4
        self.down: list[int] = [-1] * 4
        self.ready: list[bool] = [False] * 4
        self.bet_turn = 0
        self.pos = [0] * 4
        self.squares: list[list[int]] = [[] for _ in range(self.game.config.course + 1)]
        self.arrived: list[int] = []
        self.leader = self.start
        self.trick: list[tuple[int, int, bool]] = []
        self.whip_by = -1
        self.number = 0
        self.moved = [0] * 4
        # The start player's revealed card while it is in their hand (or face
        # down): -1 if none.  Not in the snapshot: it follows from the paddock
        # line, and the digests of logs written before it existed stay valid.
        self.revealed = -1

    # -- reading -------------------------------------------------------------------------
    def humans(self) -> list[int]:
        return [s for s in self.ring if s != self.dummy]

    def left_of(self, seat: int) -> int:
        return self.ring[(self.ring.index(seat) + 1) % 4]

    def play_order(self) -> list[int]:
        """Who plays in this trick, in order: clockwise from the leader; the dummy
        plays first when it leads, else last (3人プレイ時)."""
        key = (self.leader, self.ring[0])
        if self._order_key == key:
            return self._order
        self._order_key = key
        self._order = self._compute_order()
        return self._order

    def _compute_order(self) -> list[int]:
        i = self.ring.index(self.leader)
        order = [self.ring[(i + k) % 4] for k in range(4)]
        if self.dummy >= 0 and self.leader != self.dummy:
            order.remove(self.dummy)
            order.append(self.dummy)
        return order

    @property
    def to_act(self) -> tuple[int, ...]:
        p = self.phase
        if p in (DISCARD, BET_DOWN):
            return tuple(s for s in range(self.game.config.players) if not self.ready[s])
        if p == BET_UP:
            return (self._bettors()[self.bet_turn],)
        if p == TRICK:
            return (self.play_order()[len(self.trick)],)
        if p == OVER:
            return ()
        return (CHANCE,)

    def _bettors(self) -> list[int]:
        # "スタートプレイヤーの左隣の人から時計回りの順番で" (the dummy does not bet)
        i = self.ring.index(self.start)
        order = [self.ring[(i + k) % 4] for k in range(1, 5)]
        return [s for s in order if s != self.dummy]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _at_chance(self) -> bool:
        return self.phase in (DRAW, DEAL, PADDOCK)

    @property
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        last = self.history[-1].places
        # "同点の場合、4レース目で担当していた馬の着順が上位であるプレイヤー"
        keys = [(-self.points[s], last[self.horse_of_last[s] - 1]) for s in range(len(self.points))]
        places = places_from_keys(keys)
        tied = len({p for p in self.points}) < len(self.points)
        return Result(
            scores=tuple(self.points),
            places=places,
            winners=tuple(s for s, p in enumerate(places) if p == 1),
            tiebreak="place of the horse ridden in the last race" if tied else None,
        )

    def render(self, seat: int | None = None) -> str:
        """A compact text picture of the game as ``seat`` may see it (``None``:
        a spectator), built from :meth:`view` alone
        (:meth:`TrickRaceView.render`), so nothing hidden can show.

        >>> import racebook
        >>> state = racebook.load("trickrace").new_state(seed=2)
        >>> print(state.render(0))
        Trick race, race 1 of 4: discard (seat 0's view)
        to act: seats 0, 1, 2, 3; start player: seat 0; leader: seat 0; discard number 9
        horse                pos  odds  rider
        1 Forêt Noire          0     2  seat 3
        2 Vanilla Beans        0     2  seat 0
        3 Silver Arazan        0     2  seat 1
        4 Gâteau Opéra         0     2  seat 2
        course of 7 (bottom first): gate: 4 1 2 3
        seat    horse  points  whips  tickets  hand R B Y G  face up  face down
        0           2       0      2    - + -       2 3 3 3       G4          -  (you)
        1           3       0      2    - + -       3 2 4 2       G5          -
        2           4       0      2    - + -       1 4 1 5      R11          -
        3           1       0      2    - + -       4 3 4 0       R9          -
        revealed card: B9, with seat 0
        your hand: R6 R8 B1 B7 B9 Y7 Y8 Y12 G6 G8 G9
        """
        return self.view(seat).render(self.game.title)

    def __str__(self) -> str:
        return self.render(None)

    def view(self, seat: int | None) -> TrickRaceView:
        self._check_seat(seat)
        c = self.game.config
        n = c.players
        seat = seat if seat is not None and 0 <= seat < n else None
        ids = range(4)
        return TrickRaceView(
            seat=seat,
            race=self.race + 1,
            races=c.race_count,
            phase=_PHASES[self.phase],
            to_act=self.to_act,
            start=self.start,
            leader=self.leader,
            dummy=self.dummy if self.dummy >= 0 else None,
            horses=tuple(self.horse_of),
            odds=tuple(self.odds),
            points=tuple(self.points),
            positions=tuple(self.pos),
            squares=tuple(tuple(sq) for sq in self.squares),
            arrived=tuple(self.arrived),
            hand=tuple(sorted(race_card(x) for x in self.hands[seat])) if seat is not None else (),
            hand_colours=tuple(
                tuple(sum(1 for x in self.hands[s] if x >> 4 == k) for k in range(4)) for s in ids
            ),
            dummy_cards=tuple(race_card(x) for x in self.hands[self.dummy])
            if self.dummy >= 0
            else (),
            face_up_discards=tuple(tuple(race_card(x) for x in d) for d in self.open_discards),
            my_discard=race_card(self.secret[seat])
            if seat is not None and self.secret[seat] >= 0
            else None,
            discard_colours=tuple(
                COLOURS[self.secret[s] >> 4] if self.secret[s] >= 0 else None for s in ids
            ),
            whips_up=tuple(self.whips_up),
            tickets_up=tuple(t if t >= 0 else None for t in self.up),
            my_ticket_down=self.down[seat] if seat is not None and self.down[seat] >= 0 else None,
            tickets_down_laid=tuple(d >= 0 for d in self.down),
            trick=tuple((s, race_card(x), w) for s, x, w in self.trick),
            discard_number=self.number,
            history=tuple(self.history),
            revealed=race_card(self.revealed) if self.revealed >= 0 else None,
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "ring": self.ring,
            "horse_of": self.horse_of,
            "cards_of": self.cards_of,
            "phase": self.phase,
            "race": self.race,
            "start": self.start,
            "odds": self.odds,
            "points": self.points,
            "hands": self.hands,
            "open": self.open_discards,
            "secret": self.secret,
            "played": self.played,
            "whips": self.whips_up,
            "up": self.up,
            "down": self.down,
            "ready": self.ready,
            "bet_turn": self.bet_turn,
            "pos": self.pos,
            "squares": self.squares,
            "arrived": self.arrived,
            "leader": self.leader,
            "trick": self.trick,
            "whip_by": self.whip_by,
            "number": self.number,
            "moved": self.moved,
            "history": [(r.race, r.places, r.spaces, r.odds, r.points) for r in self.history],
            "last": self.horse_of_last,
        }

    # -- legality ------------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        p = self.phase
        if seat == CHANCE:
            return []
        if p == DISCARD:
            return [Discard(seat, race_card(x)) for x in sorted(set(self.hands[seat]))]
        if p == BET_UP:
            shown = {t for t in self.up if t >= 0}
            return [Bet(seat, t) for t in range(1, 5) if t not in shown]
        if p == BET_DOWN:
            return [Bet(seat, t) for t in range(5) if t != self.up[seat]]
        if p == TRICK:
            out: list[Action] = []
            may_whip = self.whip_by < 0 and self.whips_up[seat] > 0
            cache = self.game.plays
            for x in self._playable(seat):
                for whip in (False, True) if may_whip else (False,):
                    key = (seat * 256 + x) * 2 + whip
                    action = cache.get(key)
                    if action is None:
                        action = cache[key] = Play(seat, race_card(x), whip)
                    out.append(action)
            return out
        return []

    def _playable(self, seat: int) -> list[int]:
        hand = self.hands[seat]  # players' hands are kept sorted
        if self.trick:
            led = self.trick[0][1] >> 4
            follow = [x for x in hand if x >> 4 == led]
            if follow:  # "同じ色のレースカードが自分の手札にあるなら、かならずその色"
                return follow
        return hand

    def _check(self, action: Action) -> str | None:
        p = self.phase
        seat = action.seat
        if seat == CHANCE:
            return self._check_chance(action)
        if isinstance(action, Discard):
            if p != DISCARD:
                return "no discard is being chosen now"
            if action.card.code not in self.hands[seat]:
                return f"{action.card} is not in seat {seat}'s hand"
            return None
        if isinstance(action, Bet):
            if p == BET_UP:
                if action.ticket == WIN:
                    return "the face-up ticket may not be the win ticket (馬券購入フェイズ)"
                if not 1 <= action.ticket <= 4:
                    return f"no ticket {action.ticket} (0 win, 1..4 horses)"
                if action.ticket in self.up:
                    return f"ticket {action.ticket} is already face up in front of another player"
                return None
            if p == BET_DOWN:
                if not 0 <= action.ticket <= 4:
                    return f"no ticket {action.ticket} (0 win, 1..4 horses)"
                if action.ticket == self.up[seat]:
                    return f"seat {seat}'s ticket {action.ticket} is already face up"
                return None
            return "no tickets are being bought now"
        if isinstance(action, Play):
            if p != TRICK:
                return "no trick is being played now"
            x = action.card.code
            if x not in self.hands[seat]:
                return f"{action.card} is not in seat {seat}'s hand"
            if (
                self.trick
                and x >> 4 != self.trick[0][1] >> 4
                and any(y >> 4 == self.trick[0][1] >> 4 for y in self.hands[seat])
            ):
                led = COLOURS[self.trick[0][1] >> 4]
                return (
                    f"follow suit: seat {seat} holds {led} cards, the led colour (トリックの流れ)"
                )
            if action.whip:
                if self.whip_by >= 0:
                    return "only one whip per trick (ムチ入れ)"
                if self.whips_up[seat] <= 0:
                    return f"seat {seat} has no face-up whip card (ムチ入れ)"
            return None
        return f"{action.kind} is not a player's action"

    def _check_chance(self, action: Action) -> str | None:
        p = self.phase
        if isinstance(action, DrawHorses):
            if p != DRAW:
                return "the horse cards are not being drawn now"
            n = self.game.config.players
            h = action.horses
            if len(h) != n or len(set(h)) != n or not set(h) <= {1, 2, 3, 4}:
                return f"{n} different horses 1..4, one per player"
            if n == 3 and VANILLA not in h:
                return "with 3 players a player must hold Vanilla Beans (redraw)"
            return None
        if isinstance(action, DealCards):
            if p != DEAL:
                return "the race cards are not being dealt now"
            if sorted(x.code for x in action.cards) != self.game.deck:
                return "the dealt cards are not exactly the 48 race cards"
            return None
        if isinstance(action, Paddock):
            if p != PADDOCK:
                return "no paddock now"
            if sorted(action.gate) != [1, 2, 3, 4]:
                return "the gate order must hold horses 1..4 once each"
            if len(action.piles) != 4 or any(
                sorted(x.code for x in pile) != sorted(self.cards_of[h])
                for h, pile in enumerate(action.piles)
            ):
                return "each pile must be exactly its horse's 12 cards"
            return None
        return f"{action.kind} is not a chance outcome now"

    def _sample_chance(self, rng: random.Random) -> Action:
        p = self.phase
        n = self.game.config.players
        if p == DRAW:
            while True:  # 3 players: "人間のプレイヤーが「バナラビーンズ」を引くまで引き直し"
                horses = [1, 2, 3, 4]
                rng.shuffle(horses)
                if n == 4 or VANILLA in horses[:3]:
                    return DrawHorses(CHANCE, tuple(horses[:n]))
        if p == DEAL:
            cards = list(self.game.deck)
            rng.shuffle(cards)
            return DealCards(CHANCE, tuple(race_card(x) for x in cards))
        gate = [1, 2, 3, 4]
        rng.shuffle(gate)
        piles = []
        for h in range(4):
            pile = list(self.cards_of[h])
            rng.shuffle(pile)
            piles.append(tuple(race_card(x) for x in pile))
        return Paddock(CHANCE, tuple(gate), tuple(piles))

    # -- play ----------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Play):
            self._play(action.seat, action.card.code, action.whip, events)
            self._advance(events)
        elif isinstance(action, Bet):
            self._bet(action, events)
        elif isinstance(action, Discard):
            self._discard(action, events)
        elif isinstance(action, DrawHorses):
            self._draw_horses(action, events)
        elif isinstance(action, DealCards):
            for h in range(4):
                self.cards_of[h] = sorted(x.code for x in action.cards[12 * h : 12 * h + 12])
            self.phase = PADDOCK
        elif isinstance(action, Paddock):
            self._paddock(action, events)
        return events

    # ゲームの準備 ③: horse cards drawn; Vanilla Beans' rider starts; the dummy sits
    # to the right of Vanilla Beans' rider.
    def _draw_horses(self, action: DrawHorses, events: list[Event]) -> None:
        n = self.game.config.players
        horses = list(action.horses)
        if n == 3:
            vb = horses.index(VANILLA)
            rest = [h for h in (1, 2, 3, 4) if h not in horses]
            horses.append(rest[0])
            # clockwise: ..., dummy, VB rider, VB+1, ...
            self.ring = [vb, (vb + 1) % 3, (vb + 2) % 3, DUMMY]
        self.horse_of = horses
        self.start = self.horse_of.index(VANILLA)
        events.append(HorsesDrawn(tuple(horses), DUMMY if n == 3 else None))
        self.phase = DEAL

    # 1 パドックフェイズ
    def _paddock(self, action: Paddock, events: list[Event]) -> None:
        c = self.game.config
        self._clear_race()
        self.squares[0] = list(action.gate)  # bottom first; the top ranks higher
        piles = [[x.code for x in pile] for pile in action.piles]
        start_pile = piles[self.horse_of[self.start] - 1]
        # "スタートプレイヤーは、一番上のレースカードを1枚取り、オモテ向きにして
        # 全員に見せます。このレースカードのオモテに書かれている数字を「捨てナンバー」とします"
        top = start_pile[0]
        n = top & 15
        self.number = n
        for s in range(4):
            pile = piles[self.horse_of[s] - 1]
            if s == self.dummy:
                # 3人プレイ時での変更点, パドックフェイズ: the dummy discards the N-th card
                # and the one below (12 -> 12 and 1), counted from the top of its own pile
                self.open_discards[s] = [pile[i] for i in sorted({n - 1, n % 12})]
                for i in sorted({n - 1, n % 12}, reverse=True):
                    del pile[i]
                self.hands[s] = pile  # fanned face up, top first, order kept
                self.whips_up[s] = c.whips  # both whips face up (3人プレイ時)
                continue
            # "自分の手元に重ねたレースカードの、上から数えて「捨てナンバー」に該当する
            # 順番のカード".  Only the start player took a card off their pile (above), so
            # only their count depends on discard_counts_top: counted as the first card
            # (N-th = index N-1), or counting starts below it and wraps (12 -> the
            # revealed card, index 0).  Every other pile is untouched: its N-th card.
            # The third reading (revealed_is_discard): the revealed card is itself the
            # start player's face-up card, "これで、各プレイヤーが1枚ずつレースカードを
            # オモテ向きにしている状態になります".
            if s != self.start:
                index = n - 1
            elif c.revealed_is_discard:
                index = 0
            else:
                index = n - 1 if c.discard_counts_top else n % 12
            self.open_discards[s] = [pile.pop(index)]
            self.hands[s] = sorted(pile)
        self.revealed = top if top in self.hands[self.start] else -1
        events.append(
            RaceBegins(
                self.race + 1,
                self.start,
                tuple(action.gate),
                n,
                race_card(top),
                tuple(race_card(self.open_discards[s][0]) for s in range(4)),
                tuple(race_card(x) for x in self.open_discards[self.dummy])
                if self.dummy >= 0
                else (),
                tuple(race_card(x) for x in self.hands[self.dummy]) if self.dummy >= 0 else (),
            )
        )
        for s in range(c.players):
            events.append(Hand(s, tuple(race_card(x) for x in self.hands[s])))
        self.ready = [s >= c.players for s in range(4)]
        self.phase = DISCARD

    def _discard(self, action: Discard, events: list[Event]) -> None:
        s = action.seat
        self.hands[s].remove(action.card.code)
        self.secret[s] = action.card.code
        self.ready[s] = True
        events.append(MyDiscard(s, action.card))
        events.append(Discarded(s, COLOURS[action.card.colour]))
        if all(self.ready):
            # "ウラ向きになっているムチカードがあれば、1枚をオモテ向きにします"
            for p in range(self.game.config.players):
                self.whips_up[p] = min(self.game.config.whips, self.whips_up[p] + 1)
            self.bet_turn = 0
            self.phase = BET_UP

    # 2 馬券購入フェイズ
    def _bet(self, action: Bet, events: list[Event]) -> None:
        s = action.seat
        if self.phase == BET_UP:
            self.up[s] = action.ticket
            events.append(TicketShown(s, action.ticket))
            self.bet_turn += 1
            if self.bet_turn == len(self._bettors()):
                self.ready = [p >= self.game.config.players for p in range(4)]
                self.phase = BET_DOWN
        else:
            self.down[s] = action.ticket
            self.ready[s] = True
            events.append(MyTicket(s, action.ticket))
            events.append(TicketHidden(s))
            if all(self.ready):
                self.leader = self.start
                self.trick = []
                self.whip_by = -1
                self.phase = TRICK
                self._advance(events)

    # 3 レースフェイズ
    def _play(self, seat: int, x: int, whip: bool, events: list[Event]) -> None:
        self.hands[seat].remove(x)
        if x == self.revealed:
            self.revealed = -1  # played: public like every played card
        self.played[seat].append(x)
        self.trick.append((seat, x, whip))
        if whip:
            self.whips_up[seat] -= 1
            self.whip_by = seat
        events.append(Played(seat, race_card(x), whip))

    def _dummy_play(self, events: list[Event]) -> None:
        # ダミープレイヤーのルール
        hand = self.hands[self.dummy]
        whip = False
        if not self.trick:
            x = hand[0]  # leading: its top card
        else:
            led = self.trick[0][1] >> 4
            follow = [y for y in hand if y >> 4 == led]
            if follow:
                x = max(follow)  # the highest of the led colour
            else:
                x = hand[0]  # its top card, with a whip if it has one up and nobody whipped
                whip = self.whips_up[self.dummy] > 0 and self.whip_by < 0
        self._play(self.dummy, x, whip, events)

    def _advance(self, events: list[Event]) -> None:
        while self.phase == TRICK:
            if len(self.trick) == 4:
                self._resolve(events)
                continue
            if self.play_order()[len(self.trick)] == self.dummy:
                self._dummy_play(events)
                continue
            return

    def _resolve(self, events: list[Event]) -> None:
        c = self.game.config
        plays = self.trick
        colour = (
            next(x for s, x, _ in plays if s == self.whip_by) >> 4
            if self.whip_by >= 0
            else plays[0][1] >> 4
        )
        winner, best = max(
            ((s, x) for s, x, _ in plays if x >> 4 == colour), key=lambda sx: sx[1] & 15
        )
        h = self.horse_of[winner]
        before = self.pos[h - 1]
        moved = 0
        if before < c.course:  # "すでにゴールに到着した...それ以上進みません"
            after = min(c.course, before + c.marks[(best & 15) - 1])
            moved = after - before
            if moved:
                self.squares[before].remove(h)
                self.squares[after].append(h)  # "一番上に重ねます"
                self.pos[h - 1] = after
                self.moved[h - 1] += moved
                if after == c.course:
                    self.arrived.append(h)
        events.append(TrickWon(winner, h, moved, self.pos[h - 1]))
        self.leader = winner
        self.trick = []
        self.whip_by = -1
        # レースの終了: two horses at the goal, or every hand empty
        if len(self.arrived) >= c.finishers or not any(self.hands[s] for s in range(4)):
            self._payout(events)

    def horse_places(self) -> list[int]:
        """Place per horse (index 0 = horse 1): goal arrivals in order, then by
        square, the upper card on a square first (配当フェイズ)."""
        order = list(self.arrived)
        for sq in range(len(self.squares) - 1, -1, -1):
            for h in reversed(self.squares[sq]):
                if h not in order:
                    order.append(h)
        places = [0] * 4
        for i, h in enumerate(order):
            places[h - 1] = i + 1
        return places

    # 4 配当フェイズ
    def _payout(self, events: list[Event]) -> None:
        c = self.game.config
        places = self.horse_places()
        by_place = {p: h for h, p in enumerate(places, start=1)}
        # "各プレイヤーは、手元に置いた馬券カードを2枚ともオモテ向きにします": the
        # tickets turn face up, nothing else.  The discard was set face down so that
        # "オモテが他のプレイヤーに見えないように" (パドックフェイズ) and stays so for the
        # rest of the game.  At the hand-off (次レース準備フェイズ) the next rider
        # receives the horse's 12 cards as a hand ("受け取った手札12枚を使い"): the
        # set, not which of them was set aside.  That is exactly what the next
        # paddock's Hand event gives it (11 cards, plus the N-th face up); nothing
        # marks the previous discard.
        events.append(
            RaceResult(
                self.race + 1,
                tuple(places),
                tuple((self.up[s], self.down[s]) for s in range(c.players)),
            )
        )
        for i, prize in enumerate(c.prizes):
            rider = self.horse_of.index(by_place[i + 1])
            if rider != self.dummy:
                self._score(rider, prize, f"{i + 1}. place prize", events)
        first, second = by_place[1], by_place[2]
        for s in range(c.players):
            up, down = self.up[s], self.down[s]
            if down == WIN:
                if up == first:  # 単勝
                    self._score(s, self.odds[first - 1], "win bet", events)
            elif {up, down} == {first, second}:  # 連勝複式
                self._score(s, self.odds[first - 1] + self.odds[second - 1], "quinella", events)
        self.history.append(
            RaceRecord(
                self.race + 1,
                tuple(places),
                tuple(self.moved),
                tuple(self.odds),
                tuple(self.points),
            )
        )
        self.horse_of_last = list(self.horse_of)
        self._mark()
        if self.race + 1 >= c.race_count:
            self.phase = OVER
            events.append(self._game_ended())
            return
        # 5 次レース準備フェイズ: odds, horses passed left, the start player moves left
        for h in range(1, 5):
            self.odds[h - 1] += c.odds_steps[places[h - 1] - 1]
        passed = [0] * 4
        for s in range(4):
            passed[self.left_of(s)] = self.horse_of[s]
        self.horse_of = passed
        nxt = self.left_of(self.start)
        while nxt == self.dummy:  # cannot happen in the printed game (rules notes)
            nxt = self.left_of(nxt)
        self.start = nxt
        self.race += 1
        self.phase = PADDOCK

    def _score(self, seat: int, points: int, reason: str, events: list[Event]) -> None:
        if points:
            self.points[seat] += points
            events.append(Points(seat, points, reason))

    # -- copies, audits, hidden information ----------------------------------------------
    def _copy_into(self, other: TrickRaceState) -> None:
        other.ring = list(self.ring)
        other.horse_of = list(self.horse_of)
        other.cards_of = [list(c) for c in self.cards_of]
        other.odds = list(self.odds)
        other.points = list(self.points)
        other.history = list(self.history)
        other.hands = [list(h) for h in self.hands]
        other.open_discards = [list(d) for d in self.open_discards]
        other.secret = list(self.secret)
        other.played = [list(p) for p in self.played]
        other.whips_up = list(self.whips_up)
        other.up = list(self.up)
        other.down = list(self.down)
        other.ready = list(self.ready)
        other.pos = list(self.pos)
        other.squares = [list(q) for q in self.squares]
        other.arrived = list(self.arrived)
        other.trick = list(self.trick)
        other.moved = list(self.moved)
        other.horse_of_last = list(self.horse_of_last)

    def audit(self) -> None:
        if self.phase in (DRAW, DEAL):
            return
        assert sorted(x for cs in self.cards_of for x in cs) == self.game.deck, "cards lost"
        if self.phase == PADDOCK:
            return
        for s in range(4):
            held = self.hands[s] + self.open_discards[s] + self.played[s]
            held += [self.secret[s]] if self.secret[s] >= 0 else []
            assert sorted(held) == self.cards_of[self.horse_of[s] - 1], f"seat {s}'s cards"
        assert all(0 <= w <= self.game.config.whips for w in self.whips_up), "whips"
        assert sorted(h for sq in self.squares for h in sq) == [1, 2, 3, 4], "runners"

    def probes(self, seat: int) -> list[Action]:
        out: list[Action] = [Bet(seat, t) for t in range(-1, 6)]
        out += [Discard(seat, race_card(x)) for x in self.game.deck[::5]]
        out += [Play(seat, race_card(x), w) for x in self.game.deck for w in (False, True)]
        n = self.game.config.players
        out += [Play((seat + 1) % n, race_card(self.game.deck[0]), False)]
        out += [DrawHorses(CHANCE, (1, 1, 1, 1)[:n]), Paddock(CHANCE, (1, 2, 3, 4), ())]
        return out

    def hidden_variant(self, seat: int, rng: random.Random) -> TrickRaceState:
        """A clone that differs only in what ``seat`` may not see.

        The other players' hands and face-down discards keep their colours (card
        backs show them: 内容物, ゲームの準備) and their numbers are redealt: a card ``seat``
        never saw goes to any other player's unseen place of its colour; a card
        it saw in an event (played, face up, the start player's revealed top
        card, in a hand it held: it knows whose horse that card belongs to,
        次レース準備フェイズ)
        stays with that horse's rider, who may have set it face down instead of
        one of its colour.  Face-down discards
        are never shown (パドックフェイズ; 配当フェイズ turns up only the tickets), so
        this holds at the payout and after it.  Face-down tickets are redrawn
        until the payout turns them up (配当フェイズ).
        Every horse's 12 cards follow the redeal, so the clone passes ``audit``.
        """
        other = self.clone()
        n = self.game.config.players
        others = [s for s in range(n) if s != seat]
        seen = self._cards_seen(None if seat < 0 else seat)
        for colour in range(4):
            slots: list[tuple[int, int]] = []  # (seat, index in hand) or (seat, -1) secret
            pool: list[int] = []
            for s in others:
                for i, x in enumerate(other.hands[s]):
                    if x >> 4 == colour and x not in seen:
                        slots.append((s, i))
                        pool.append(x)
                x = other.secret[s]
                if x >= 0 and x >> 4 == colour and x not in seen:
                    slots.append((s, -1))
                    pool.append(x)
            rng.shuffle(pool)
            for (s, i), x in zip(slots, pool, strict=True):
                if i < 0:
                    other.secret[s] = x
                else:
                    other.hands[s][i] = x
        for s in others:
            x = other.secret[s]
            if x >= 0:  # which card of that colour went face down
                same = [i for i, y in enumerate(other.hands[s]) if y >> 4 == x >> 4]
                k = rng.randrange(len(same) + 1)
                if k < len(same):
                    other.secret[s], other.hands[s][same[k]] = other.hands[s][same[k]], x
            other.hands[s].sort()
            if other.down[s] >= 0 and self.phase in (BET_DOWN, TRICK):
                other.down[s] = rng.choice([t for t in range(5) if t != other.up[s]])
        # after the payout (PADDOCK) the cards in front of a seat are last race's horse's
        riders = self.horse_of_last if self.phase == PADDOCK else self.horse_of
        if self.phase not in (DRAW, DEAL) and riders:
            for s in others:
                held = other.hands[s] + other.open_discards[s] + other.played[s]
                held += [other.secret[s]] if other.secret[s] >= 0 else []
                other.cards_of[riders[s] - 1] = sorted(held)
        return other

    def _cards_seen(self, seat: int | None) -> set[int]:
        """Every race card in an event ``seat`` may see (``None``: a spectator)."""
        seen: set[int] = set()
        for event in self.log.events(seat):
            for field in attrs.fields(type(event)):
                _collect_cards(getattr(event, field.name), seen)
        return seen


def _collect_cards(value: object, into: set[int]) -> None:
    if isinstance(value, RaceCard):
        into.add(value.code)
    elif isinstance(value, tuple):
        for item in value:
            _collect_cards(item, into)


register_preset(
    "trickrace",
    "trickrace",
    TrickRaceConfig(),
    "The trick-taking horse race: 4 players (3 with the dummy), a race per player, "
    "marks 1-4: 3, 5-8: 2, 9-12: 1 (assumed).",
)

__all__ = [
    "HORSES",
    "MARKS",
    "WIN",
    "Bet",
    "DealCards",
    "Discard",
    "DrawHorses",
    "Paddock",
    "Play",
    "RaceRecord",
    "TrickRace",
    "TrickRaceConfig",
    "TrickRaceState",
    "TrickRaceView",
]

"""What a seat may see of the trick race: :class:`TrickRaceView`, its text
picture (:meth:`TrickRaceView.render`) and :func:`make_view`, which builds it
from a state."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

import attrs

from racebook.cards.race import COLOURS, RaceCard, race_card, race_cards
from racebook.core.game import CHANCE, View
from racebook.core.serial import to_data
from racebook.games.trickrace.config import HORSES, WIN
from racebook.games.trickrace.phases import PHASE_NAMES

if TYPE_CHECKING:
    from racebook.games.trickrace.state import TrickRaceState


@attrs.frozen
class RaceRecord:
    """One race: place and spaces moved per horse, the odds it paid, points after."""

    race: int
    places: tuple[int, ...]
    spaces: tuple[int, ...]
    odds: tuple[int, ...]
    points: tuple[int, ...]


class RaceRecordData(TypedDict):
    """A :class:`RaceRecord` as JSON data (in :class:`TrickRaceViewData`)."""

    race: int
    places: list[int]
    spaces: list[int]
    odds: list[int]
    points: list[int]


class TrickRaceViewData(TypedDict):
    """:meth:`TrickRaceView.to_data`: the view as JSON data, one key per
    field of :class:`TrickRaceView`, as the schema
    ``trickrace.view.schema.json`` says.  A race card is its short text
    (``"R7"``); a tuple of any length is a ``list``, a card of the trick
    ``(id, card, face up)`` a ``tuple`` (a JSON array once dumped)."""

    seat: int | None
    race: int
    races: int
    phase: str
    to_act: list[int]
    start: int
    leader: int
    dummy: int | None
    horses: list[int]
    odds: list[int]
    points: list[int]
    positions: list[int]
    squares: list[list[int]]
    arrived: list[int]
    hand: list[str]
    hand_colours: list[list[int]]
    dummy_cards: list[str]
    face_up_discards: list[list[str]]
    my_discard: str | None
    discard_colours: list[str | None]
    whips_up: list[int]
    tickets_up: list[int | None]
    my_ticket_down: int | None
    tickets_down_laid: list[bool]
    trick: list[tuple[int, str, bool]]
    discard_number: int
    history: list[RaceRecordData]
    revealed: str | None


@attrs.frozen
class TrickRaceView(View):
    """What one seat (``None``: a spectator) may see.  Per-id tuples have 4
    entries: the players, then the dummy (id 3) in a 3-player game."""

    seat: int | None
    race: int
    """The race being played, numbered from 1 to ``races`` (the last race's
    number once the game is over), as events and records number races too."""
    races: int
    phase: str
    to_act: tuple[int, ...]
    start: int
    leader: int
    dummy: int | None
    horses: tuple[int, ...]
    """Per id (the players, then the dummy), the horse it rides this race,
    1..4 (``0``: none yet, before the draw); ``positions``, ``odds`` and
    ``arrived`` are per horse, horse ``h`` at index ``h - 1``."""
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

    def to_data(self) -> TrickRaceViewData:
        """This view as JSON data (:class:`TrickRaceViewData`)."""
        data: TrickRaceViewData = to_data(self)
        return data

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


def _colours(hand: list[int]) -> tuple[int, ...]:
    """How many cards of each colour ``hand`` (codes) holds."""
    counts = [0, 0, 0, 0]
    for x in hand:
        counts[x >> 4] += 1
    return tuple(counts)


def make_view(state: TrickRaceState, seat: int | None) -> TrickRaceView:
    """What ``seat`` may see of ``state`` (``None``, or the dummy's id: a spectator)."""
    c = state.game.config
    n = c.players
    seat = seat if seat is not None and 0 <= seat < n else None
    ids = range(4)
    return TrickRaceView(
        seat=seat,
        race=min(state.race + 1, c.race_count),
        races=c.race_count,
        phase=PHASE_NAMES[state.phase],
        to_act=state.to_act,
        start=state.start,
        leader=state.leader,
        dummy=state.dummy if state.dummy >= 0 else None,
        horses=tuple(state.horse_of),
        odds=tuple(state.odds),
        points=tuple(state.points),
        positions=tuple(state.pos),
        squares=tuple(tuple(sq) for sq in state.squares),
        arrived=tuple(state.arrived),
        # a card's order is its code's (colour, then number): sorted as ints, not as attrs values
        hand=race_cards(sorted(state.hands[seat])) if seat is not None else (),
        hand_colours=tuple([_colours(state.hands[s]) for s in ids]),
        dummy_cards=race_cards(state.hands[state.dummy]) if state.dummy >= 0 else (),
        face_up_discards=tuple([race_cards(d) for d in state.open_discards]),
        my_discard=race_card(state.secret[seat])
        if seat is not None and state.secret[seat] >= 0
        else None,
        discard_colours=tuple(
            COLOURS[state.secret[s] >> 4] if state.secret[s] >= 0 else None for s in ids
        ),
        whips_up=tuple(state.whips_up),
        tickets_up=tuple(t if t >= 0 else None for t in state.up),
        my_ticket_down=state.down[seat] if seat is not None and state.down[seat] >= 0 else None,
        tickets_down_laid=tuple(d >= 0 for d in state.down),
        trick=tuple((s, race_card(x), w) for s, x, w in state.trick),
        discard_number=state.number,
        history=tuple(state.history),
        revealed=race_card(state.revealed) if state.revealed >= 0 else None,
    )

"""What a seat sees (views) and the text picture of it (render)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict

import attrs

from racebook.cards.readysetbet import COLOUR_NAMES, HORSES
from racebook.core.game import CHANCE, View
from racebook.core.serial import to_data
from racebook.games.readysetbet.phases import OFFER, PHASE_NAMES

if TYPE_CHECKING:
    from racebook.games.readysetbet.state import ReadySetBetState


@attrs.frozen
class VipHeld:
    """A VIP card in front of a player (or dealt to the viewer)."""

    card: int
    name: str
    kind: str
    played: bool = False
    """A free-chips card already cashed."""


class VipHeldData(TypedDict):
    """A :class:`VipHeld` as JSON data (in :class:`ReadySetBetViewData`)."""

    card: int
    name: str
    kind: str
    played: bool


class ReadySetBetViewData(TypedDict):
    """:meth:`ReadySetBetView.to_data`: the view as JSON data, one key per
    field of :class:`ReadySetBetView` (see each field there), as the schema
    ``readysetbet.view.schema.json`` says.  A tuple of any length is a
    ``list``, a tuple of fixed length (a bet, a rate, a roll) a ``tuple``
    (a JSON array once dumped)."""

    seat: int | None
    race: int
    races: int
    phase: str
    to_act: list[int]
    positions: list[int]
    crossed: list[int]
    betting_open: bool
    last_roll: tuple[int, int] | None
    bets: list[tuple[str, int, int, int]]
    host_bets: list[tuple[str, int]]
    tokens: list[list[int]]
    bonus_tokens: list[list[int]]
    late_bets: list[int]
    money: list[int]
    props: list[str]
    exotics: list[str]
    open_spots: list[str]
    vip: list[list[VipHeldData]]
    offer: list[VipHeldData]
    choosing: list[int]
    vip_deck: int
    vip_discards: int
    host: int | None
    asked: int | None
    rates: list[tuple[str, int, int]]
    pending: int


@attrs.frozen
class ReadySetBetView(View):
    """Everything on the table, and the viewer's own dealt VIP cards."""

    seat: int | None
    race: int
    """The race being played, numbered from 1 to ``races`` (the last race's
    number once the game is over), as events and records number races too."""
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
    rates: tuple[tuple[str, int, int], ...]
    """What each spot of this race pays: ``(spot, multiplier, red-circle
    loss)`` (``("win:7:0", 2, 0)``: 2 to 1, nothing lost if it loses), for
    every spot of the board, the colour bets and this race's cards."""
    pending: int = -1
    """The horse (index) whose last roll waits for its pair (獎勵移動: the next
    roll of it moves it its bonus too), -1 if none: public, as every roll is."""

    def to_data(self) -> ReadySetBetViewData:
        """This view as JSON data (:class:`ReadySetBetViewData`)."""
        data: ReadySetBetViewData = to_data(self)
        return data

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
        head = f"race {self.race} of {self.races}: {self.phase} ({who})"
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
        lines += _board_lines(
            self.open_spots, self.bets, self.host_bets, self.rates, self.props, self.exotics
        )
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


def _seats_text(seats: Sequence[int]) -> str:
    """Seats in words: ``seat 2``, ``seats 0, 1, 3``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(map(str, seats))}"


@functools.lru_cache(maxsize=16)
def _board_lines(
    open_spots: tuple[str, ...],
    bets: tuple[tuple[str, int, int, int], ...],
    host_bets: tuple[tuple[str, int], ...],
    rates: tuple[tuple[str, int, int], ...],
    props: tuple[str, ...],
    exotics_in: tuple[str, ...],
) -> tuple[str, ...]:
    """The betting board with its tokens, the colour bets and this race's
    cards, from the spots this view lists (open or taken)."""
    cells: dict[str, list[str]] = {spot: [] for spot in open_spots}
    for spot, seat, token, card in bets:
        cells.setdefault(spot, []).append(f"{seat}:{token}{'*' if card >= 0 else ''}")
    for spot, token in host_bets:
        cells.setdefault(spot, []).append(f"H{token}")
    if not cells:
        return ("board: -",)
    pays = {spot: f"{m}" + (f"/{loss}" if loss else "") for spot, m, loss in rates}
    text = {
        spot: (f"{pays[spot]}=" if spot in pays else "") + ("+".join(marks) or ".")
        for spot, marks in cells.items()
    }
    width = max(len(t) for t in text.values())
    lines = [
        "board: a spot's pays=tokens (3/1= pays 3 to 1 and costs 1 if it loses;",
        "  2:5 seat 2's token 5, * a bonus token, H a host token, . open)",
    ]
    lines.append(f"horse  {'show':<{2 * width + 1}}  {'place':<{2 * width + 1}}  win")
    rows: dict[tuple[str, str], list[tuple[int, str]]] = {}  # one pass over the spots
    for x in text:
        kind, _, rest = x.partition(":")
        if kind in ("show", "place", "win"):
            name, _, i = rest.rpartition(":")
            rows.setdefault((kind, name), []).append((int(i), x))
    for name in HORSES:
        row = []
        for kind in ("show", "place", "win"):
            spots = sorted(rows.get((kind, name), ()))
            row.append(" ".join(f"{text[x]:<{width}}" for _, x in spots))
        lines.append(f"{name:>5}  " + "  ".join(row).rstrip())
    colours = sorted(
        (x for x in text if x.startswith("colour:")),
        key=lambda x: COLOUR_NAMES.index(x[7:]) if x[7:] in COLOUR_NAMES else len(COLOUR_NAMES),
    )
    if colours:
        lines.append("colours: " + " | ".join(f"{x[7:]} {text[x]}" for x in colours))
    prop_spots = sorted((int(x[5:]), x) for x in text if x.startswith("prop:"))
    if prop_spots:
        lines.append("prop spots: " + " | ".join(f"{p} {text[x]}" for p, x in prop_spots))
    if props:
        lines.append(f"prop cards: {'; '.join(props)}")
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
                for name in sorted(
                    exotics,
                    key=lambda name: (
                        exotics_in.index(name) if name in exotics_in else len(exotics_in),
                        name,
                    ),
                )
            )
        )
    return tuple(lines)


def held(state: ReadySetBetState, cards: Sequence[int]) -> tuple[VipHeld, ...]:
    """The VIP cards ``cards`` as a view shows them."""
    vip = state.game.config.vip_cards
    return tuple(VipHeld(k, vip[k].name, vip[k].kind, k in state.cashed) for k in cards)


def view(state: ReadySetBetState, seat: int | None) -> ReadySetBetView:
    """What ``seat`` sees (:meth:`ReadySetBetState.view`)."""
    state._check_seat(seat)
    c = state.game.config
    n = c.players
    bets = [(s, *b) for s, b in state.bets.items()] + [(s, *b) for s, b in state.stacked.items()]
    return ReadySetBetView(
        seat=seat,
        race=min(state.race + 1, c.races),
        races=c.races,
        phase=PHASE_NAMES[state.phase],
        to_act=state.to_act,
        positions=tuple(state.pos),
        crossed=tuple(state.crossed),
        betting_open=state.open,
        last_roll=state.last,
        bets=tuple(sorted(bets)),
        host_bets=tuple(sorted(state.host_bets.items())),
        tokens=tuple(tuple(h) for h in state.hands),
        bonus_tokens=tuple(tuple(b) for b in state.bonus),
        late_bets=tuple(state.late),
        money=tuple(state.money),
        props=tuple(str(c.props[p]) for p in state.props),
        exotics=tuple(c.exotics[e].name for e in state.exotics),
        open_spots=tuple(s for s in state.spots if s not in state.bets),
        vip=tuple(held(state, state.vip[s]) for s in range(n)),
        offer=held(state, state.offers[seat]) if seat is not None and 0 <= seat < n else (),
        choosing=tuple(s for s in range(n) if state.offers[s]),
        vip_deck=len(state.deck),
        vip_discards=len(state.discards),
        host=state.hosting if state.hosting >= 0 else None,
        asked=state.asked if state.phase == OFFER else None,
        rates=_rates(state),
        pending=state.pending,
    )


def _rates(state: ReadySetBetState) -> tuple[tuple[str, int, int], ...]:
    """The rates of this race's spots, built once per set of spots (a game's
    races share a few: the board, and the prop and exotic cards dealt)."""
    key = tuple(state.spots)
    cache = state.game.race_rates
    found = cache.get(key)
    if found is None:
        known = state.game.spot_rates
        out = []
        for x in key:
            row = known.get(x)
            if row is None:
                rate = state.spot_rate(x)
                row = (x, rate.mult, rate.loss)
            out.append(row)
        found = tuple(out)
        if len(cache) < MAX_RACE_RATES:  # bounded: props and exotics vary by game
            found = cache.setdefault(key, found)
    return found


MAX_RACE_RATES = 256
"""Sets of spots whose rates a game keeps (:func:`_rates`)."""

"""What one seat may see of a box race, and its text picture: the
:class:`LongShotView` (the boxes, positions, hand, orders and money as far as
the seat may see them) and its ``render``; and :func:`hidden_variant`, the
game with what a seat may not see dealt anew."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

import attrs

from racebook.cards.horse import HorseCard, card, cards
from racebook.core.game import CHANCE, View
from racebook.core.serial import to_data
from racebook.games.longshot.phases import OVER, PHASE_NAMES, RACING
from racebook.games.longshot.race import spurt
from racebook.games.longshot.settlement import RaceRecord

if TYPE_CHECKING:
    from racebook.games.longshot.state import LongShotState


class RaceRecordData(TypedDict):
    """A settled race's :class:`~racebook.games.longshot.settlement.RaceRecord`
    as JSON data (in :class:`LongShotViewData`)."""

    race: int
    places: list[int]
    orders: list[int]
    money: list[int | None]


class LongShotViewData(TypedDict):
    """:meth:`LongShotView.to_data`: the view as JSON data, one key per field
    of :class:`LongShotView`, as the schema ``longshot.view.schema.json`` says
    (Mafia's too).  A horse card is its short text (``"3:5"``, ``"F:2"``); a
    tuple is a ``list``; ``extra`` holds what each rule module shows, by its
    name (Mafia's ``"supply-quinella"``:
    ``racebook.schema.SupplyQuinellaView``)."""

    seat: int | None
    race: int
    races: int
    round: int
    phase: str
    to_act: list[int]
    first_player: int
    spurt: bool
    boxes: list[list[str]]
    positions: list[int]
    finished: list[int]
    hand: list[str]
    hand_sizes: list[int]
    stack_size: int
    orders: list[int | None]
    money: list[int | None]
    opened: str | None
    history: list[RaceRecordData]
    extra: dict[str, Any]


@attrs.frozen
class LongShotView(View):
    """What one seat (``None``: a spectator) may see."""

    seat: int | None
    race: int
    """The race being played, numbered from 1 to ``races`` (the last race's
    number once the game is over), as events and records number races too."""
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

    def to_data(self) -> LongShotViewData:
        """This view as JSON data (:class:`LongShotViewData`)."""
        data: LongShotViewData = to_data(self)
        return data

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


def make_view(state: LongShotState, seat: int | None) -> LongShotView:
    """What ``seat`` (``None``: a spectator) may see of ``state``."""
    c = state.game.config
    n = c.players
    seat = seat if seat is not None and 0 <= seat < n else None
    open_orders = state.table.orders_open
    orders: tuple[int | None, ...] = tuple(
        o if (state.orders[s] and (open_orders or s == seat)) else None
        for s, o in enumerate(state.orders)
    )
    extra: dict[str, Any] = {}
    for rule in state.game.rules:
        shown = rule.view(state, seat)
        if shown is not None:
            extra[rule.name] = shown
    return LongShotView(
        seat=seat,
        race=min(state.race + 1, len(c.races)),
        races=len(c.races),
        round=state.round,
        phase=PHASE_NAMES[state.phase],
        to_act=state.to_act,
        first_player=state.first,
        spurt=spurt(state),
        boxes=tuple([cards(box) for box in state.boxes]),
        positions=tuple(state.pos),
        finished=tuple(sorted(state.fin, key=state.fin.__getitem__)),
        # a card's order is its code's (horse, then MV): sorted as ints, not as attrs values
        hand=cards(sorted(state.hands[seat])) if seat is not None else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        stack_size=len(state.stack),
        orders=orders,
        money=_money_seen(state, state.money, seat, final=state.phase == OVER),
        opened=card(state.opened) if state.opened >= 0 else None,
        history=_history_seen(state, seat),
        extra=extra,
    )


def _history_seen(state: LongShotState, seat: int | None) -> tuple[RaceRecord, ...]:
    """The race records as ``seat`` may see them: with closed money
    (``open_money=False``) only its own money, except in the last race's
    record once the game is over: that money is the final money, public
    then ("the player with the most money wins the game")."""
    if state.game.config.open_money:
        return tuple(state.history)
    last = len(state.history) - 1 if state.phase == OVER else -1
    return tuple(
        r if i == last else attrs.evolve(r, money=_money_seen(state, r.money, seat))
        for i, r in enumerate(state.history)
    )


def _money_seen(
    state: LongShotState,
    money: Sequence[int | None],
    seat: int | None,
    *,
    final: bool = False,
) -> tuple[int | None, ...]:
    """``money`` as ``seat`` may see it: all of it when money is open
    (``open_money``) or the game is over (``final``: the final standings
    are public), else only its own."""
    if state.game.config.open_money or final:
        return tuple(money)
    return tuple(m if s == seat else None for s, m in enumerate(money))


def hidden_variant(state: LongShotState, seat: int, rng: random.Random) -> LongShotState:
    """A copy of ``state`` in which what ``seat`` may not see is dealt anew:
    the other hands, the stack and what rule modules hide, the hidden orders,
    and, with closed money, the other seats' money."""
    other = state.clone()
    n = state.game.config.players
    others = [s for s in range(n) if s != seat]
    lists = [other.hands[s] for s in others] + [other.stack]
    for rule in state.game.rules:
        lists += rule.hidden_lists(other, seat)
    # sorted first: the redeal depends on what seat sees and on rng alone
    pool = sorted(x for lst in lists for x in lst)
    rng.shuffle(pool)
    for lst in lists:
        k = len(lst)
        lst[:], pool = pool[:k], pool[k:]
    if not state.table.orders_open and state.phase in RACING:
        hidden = sorted([other.orders[s] for s in others] + other.aside)
        rng.shuffle(hidden)
        for s in others:
            other.orders[s] = hidden.pop()
        other.aside = hidden
    if not state.game.config.open_money and state.phase != OVER:
        # the other seats' money, closed: swapped among them, now and in the records
        # in the order of their money (now, then in the records) first: the
        # swap depends on what seat sees and on rng alone
        swap = sorted(others, key=lambda s: (state.money[s], [r.money[s] for r in state.history]))
        rng.shuffle(swap)
        moved = dict(zip(others, swap, strict=True))
        other.money = [state.money[moved.get(s, s)] for s in range(n)]
        other.history = [
            attrs.evolve(r, money=tuple(r.money[moved.get(s, s)] for s in range(n)))
            for r in state.history
        ]
    return other

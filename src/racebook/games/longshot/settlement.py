"""Long Shot, "Aftermath of the first race", "Aftermath of the last race" and
"Winning": the secret orders' rewards and penalties, the tickets' allotments
and losing tickets, paid in that order and each only as far as the player can
("You only pay all of your money"); then the next race, or the end.

The steps are :mod:`racebook.scoring.settlement`'s, under the race's
:class:`~racebook.scoring.money.RaceTable`; Horse Racing Mafia's extra
penalties (6.2b, 6.2c) and its price of every ticket (6.5) are fields of that
table, and its quinella bets a rule module's ``settle``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.cards.horse import FREE
from racebook.core.game import Event, Result, places_from_keys
from racebook.games.longshot.phases import OVER
from racebook.games.longshot.race import RaceEnded
from racebook.games.longshot.setup import next_race
from racebook.scoring.money import pay
from racebook.scoring.settlement import order_payments, ticket_totals

if TYPE_CHECKING:
    from racebook.games.longshot.state import LongShotState


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


@attrs.frozen
class RaceRecord:
    """One settled race: places per horse (0 = none), orders and money after
    (in a view with ``open_money=False``: ``None`` for every other seat, except
    in the last race's record once the game is over: the final money)."""

    race: int
    places: tuple[int, ...]
    orders: tuple[int, ...]
    money: tuple[int | None, ...]


def gain(state: LongShotState, seat: int, amount: int, reason: str, events: list[Event]) -> None:
    """Pay ``seat`` from the bank (a ``money`` event)."""
    if amount:
        state.money[seat] += amount
        events.append(Money(seat, amount, reason, state.game.config.open_money))


def lose(state: LongShotState, seat: int, amount: int, reason: str, events: list[Event]) -> None:
    """``seat`` pays as far as it can (a ``money`` event with what was paid)."""
    if amount:
        got = pay(state.money, seat, amount)
        events.append(Money(seat, -got, reason, state.game.config.open_money))


# "Aftermath": 1) rewards 2) penalties 3) allotments 4) losing tickets, in that
# order, each paid only as far as the player can ("You only pay all of your money").
# Mafia 6 adds the extra penalties in 2), its quinella (a rule module) before the
# ticket price, and charges the price of every ticket.
def settle(state: LongShotState, events: list[Event]) -> None:
    """Settle the race that just ended, then deal the next one or end the game."""
    c = state.game.config
    t = state.table
    places = state.horse_places()
    events.append(RaceEnded(state.race + 1, tuple(places), tuple(state.orders)))
    unowned = [h for h in range(1, c.running + 1) if h not in state.orders]
    last = c.running if c.players == c.running else None
    for s in range(c.players):
        place = places[state.orders[s] - 1]
        for amount, reason in order_payments(t, place, places, unowned, last):
            if amount >= 0:
                gain(state, s, amount, reason, events)
            else:
                lose(state, s, -amount, reason, events)
        # "Free Horse card is just paper"
        tickets = [(x >> 4, x & 15) for x in state.hands[s] if x >> 4 != FREE]
        win, price = ticket_totals(t, tickets, places)
        gain(state, s, win, "tickets", events)
        for rule in state.game.rules:
            rule.settle(state, s, places, events)
            price += rule.price_mv(state, s)
        reason = "ticket price" if t.ticket_price_all else "losing tickets"
        lose(state, s, price * t.ticket_loss, reason, events)
    state.history.append(
        RaceRecord(state.race + 1, tuple(places), tuple(state.orders), tuple(state.money))
    )
    state._mark()
    if state.race + 1 < len(c.races):
        next_race(state)
    else:
        state.phase = OVER
        events.append(state._game_ended())


# "Winning": the player with the most money wins.
def result(state: LongShotState) -> Result:
    """The final standings: money, places by money, the winners."""
    ranks = places_from_keys([-m for m in state.money])
    return Result(
        scores=tuple(state.money),
        places=ranks,
        winners=tuple(s for s, r in enumerate(ranks) if r == 1),
    )

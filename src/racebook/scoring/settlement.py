"""Settling a race of secret orders and tickets, step by step (Long Shot's
"Aftermath", Horse Racing Mafia 6): what each player's order and tickets
earn and cost under a :class:`~racebook.scoring.money.RaceTable`.

The amounts come out in the order the rulebooks pay them; the game pays
each one (:func:`~racebook.scoring.money.pay` for what is owed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from racebook.scoring.money import RaceTable


def order_payments(
    table: RaceTable,
    place: int,
    places: Sequence[int],
    unowned: Iterable[int],
    last: int | None,
) -> list[tuple[int, str]]:
    """What a secret order earns (positive) and costs (negative), in order:
    the reward for its horse's ``place`` or the penalty, then the extra
    penalties (Mafia 6.2b: a horse nobody ordered, ``unowned``, finished
    ahead; 6.2c: the order's horse is ``last`` when every horse is somebody's
    order, else ``last`` is ``None``).  ``places``: every horse's place
    (index 0 = horse 1; 0 = no place).

    >>> t = RaceTable((60, 30), 20, (), 0, unowned_ahead_penalty=5)
    >>> order_payments(t, 3, [2, 1, 3], [1], None)
    [(-20, 'penalty'), (-5, "nobody's horse ahead")]
    """
    paid = len(table.rewards)
    out: list[tuple[int, str]] = []
    if 1 <= place <= paid:
        out.append((table.rewards[place - 1], "reward"))
    else:
        out.append((-table.penalty, "penalty"))
    bad = not 1 <= place <= paid
    # Mafia 6.2b: "An extra $100,000" when a horse nobody ordered beat yours;
    # by default (unowned_ahead_only_out) on top of the penalty only (rules notes).
    if (
        table.unowned_ahead_penalty
        and (bad or not table.unowned_ahead_only_out)
        and any(places[h - 1] and (not place or places[h - 1] < place) for h in unowned)
    ):
        out.append((-table.unowned_ahead_penalty, "nobody's horse ahead"))
    if table.last_place_penalty and last is not None and place == last:
        out.append((-table.last_place_penalty, "last place"))
    return out


def ticket_totals(
    table: RaceTable, tickets: Iterable[tuple[int, int]], places: Sequence[int]
) -> tuple[int, int]:
    """What ``tickets`` (each an indicated card's ``(horse, MV)``) win, and the
    MVs that pay the ticket price: those of losing tickets, or of every ticket
    when ``ticket_price_all`` (Mafia 6.5).

    >>> ticket_totals(RaceTable((), 0, (5, 3), 1), [(1, 4), (2, 2), (3, 6)], [1, 3, 2])
    (38, 2)
    """
    win = price = 0
    for h, mv in tickets:
        p = places[h - 1]
        if 1 <= p <= len(table.tickets):
            win += mv * table.tickets[p - 1]
            if table.ticket_price_all:
                price += mv
        else:
            price += mv
    return win, price


__all__ = ["order_payments", "ticket_totals"]

"""Paying force (FotH 503)."""

from __future__ import annotations

import functools

from racebook.games.forcehorse.cards import FORCE, NORMAL, Card
from racebook.games.forcehorse.race import Race


def force_value(card: Card, race: Race, unmet: int) -> int:
    """FotH 503.3a: a normal force counts 1; a special one its printed count
    when its condition holds for the race, else ``unmet`` (a setting)."""
    if card.kind != FORCE:
        return 0
    if card.category == NORMAL:
        return 1
    if not card.force_when or set(card.force_when) & race.conditions():
        return card.force
    return unmet


def payment_problem(paid: list[Card], amount: int, race: Race, unmet: int) -> str | None:
    """FotH 503.3b: proper when the cards count at least ``amount`` and no one
    of them could be taken away with the rest still counting ``amount``."""
    if any(c.kind != FORCE for c in paid):
        return "only force cards pay force (503.2)"
    values = [force_value(c, race, unmet) for c in paid]
    total = sum(values)
    if total < amount:
        return f"the cards count {total} force; {amount} needed (503.3b)"
    if values and total - min(values) >= amount:
        return f"a card could be taken away and still pay {amount} (503.3b)"
    return None


def payments(hand: list[Card], amount: int, race: Race, unmet: int) -> list[tuple[str, ...]]:
    """Every proper payment from ``hand`` as sorted card names (copies of a
    name are alike), in a stable order.

    A search, not every subset of the hand: once the cards taken count
    ``amount``, no larger set is proper (its smallest card could go, 503.3b),
    and a card that counts 0 is never needed, so a payment holds at most
    ``amount`` cards and the work stays small whatever the hand."""
    if amount <= 0:
        return [()]
    return list(_payments(force_stock(hand, race, unmet), amount))


Stock = tuple[tuple[str, int, int], ...]
"""The force cards in a hand as (name, copies, value each, 503.3a), names in order."""


def force_stock(hand: list[Card], race: Race, unmet: int) -> Stock:
    """The force cards in ``hand`` as :func:`payments` reads them (:data:`Stock`)."""
    counts: dict[str, int] = {}  # a dict, not a Counter: at every runner step
    by_name: dict[str, Card] = {}
    for c in hand:
        if c.kind == FORCE:
            n = c.name
            counts[n] = counts.get(n, 0) + 1
            by_name[n] = c
    return tuple((n, counts[n], force_value(by_name[n], race, unmet)) for n in sorted(counts))


def payments_from(stock: Stock, amount: int) -> tuple[tuple[str, ...], ...]:
    """:func:`payments` from a hand's :func:`force_stock` (one stock for every horse's cost)."""
    return ((),) if amount <= 0 else _payments(stock, amount)


@functools.lru_cache(maxsize=4096)
def _payments(stock: Stock, amount: int) -> tuple[tuple[str, ...], ...]:
    """:func:`payments` from the force in hand as (name, copies, value each),
    names in order: the same hands come back all game (remembered: the runner
    step's actions were a quarter of a game without abilities)."""
    counts = {n: k for n, k, _ in stock}
    value = {n: v for n, _, v in stock}
    names = [n for n, _, v in stock if v > 0]
    out: list[tuple[str, ...]] = []

    # names and their values, each counted once (payment_problem() and
    # force_value() at every step were 10% of a game without abilities)
    def extend(start: int, taken: list[str], total: int) -> None:
        if total >= amount:
            # payment_problem(): all force cards, count enough; proper unless
            # the smallest could go (503.3b)
            if total - min(value[n] for n in taken) < amount:
                out.append(tuple(sorted(taken)))
            return
        for i in range(start, len(names)):
            name = names[i]
            if taken.count(name) < counts[name]:
                taken.append(name)
                extend(i, taken, total + value[name])
                taken.pop()

    extend(0, [], 0)
    return tuple(sorted(set(out)))

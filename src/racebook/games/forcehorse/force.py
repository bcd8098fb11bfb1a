"""Paying force (FotH 503)."""

from __future__ import annotations

from collections import Counter
from itertools import product

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
    name are alike), in a stable order."""
    counts = Counter(c.name for c in hand if c.kind == FORCE)
    names = sorted(counts)
    by_name = {c.name: c for c in hand}
    out: list[tuple[str, ...]] = []
    for take in product(*(range(counts[n] + 1) for n in names)):
        paid = [by_name[n] for n, k in zip(names, take, strict=True) for _ in range(k)]
        if payment_problem(paid, amount, race, unmet) is None:
            out.append(tuple(sorted(c.name for c in paid)))
    return sorted(out)

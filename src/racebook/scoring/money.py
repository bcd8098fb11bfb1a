"""Money: bankrolls with a floor at $0, and the payout tables of a race."""

from __future__ import annotations

import attrs


def pay(money: list[int], seat: int, amount: int) -> int:
    """``seat`` pays ``amount`` as far as it can; returns what was paid.

    Nobody goes below $0 (Long Shot: "You only pay all of your money";
    Mafia 7.0 Bankruptcy).

    >>> money = [5000]
    >>> pay(money, 0, 8000), money
    (5000, [0])
    """
    paid = min(money[seat], amount)
    money[seat] -= paid
    return paid


@attrs.frozen
class RaceTable:
    """What one race pays.

    ``rewards[i]``: to a player whose secret order's horse finishes in place
    ``i + 1``; ``penalty``: when it finishes lower (or not at all);
    ``tickets[i]``: per MV of a ticket (an indicated card in hand) on the
    horse in place ``i + 1``; ``ticket_loss``: per MV of any other ticket;
    ``orders_open``: the secret orders are dealt face up.
    """

    rewards: tuple[int, ...]
    penalty: int
    tickets: tuple[int, ...]
    ticket_loss: int
    orders_open: bool = False

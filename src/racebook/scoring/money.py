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
    horse in place ``i + 1``; ``ticket_loss``: the price per MV of every other
    ticket, or of *every* ticket when ``ticket_price_all``;
    ``unowned_ahead_penalty``: extra, when a horse that was nobody's order
    finished ahead of yours (Mafia 6.2b), at any place or, with
    ``unowned_ahead_only_out``, only when yours is out; ``last_place_penalty``: extra, for
    the last place when every horse is somebody's order (Mafia 6.2c);
    ``orders_open``: the secret orders are dealt face up.
    """

    rewards: tuple[int, ...]
    penalty: int
    tickets: tuple[int, ...]
    ticket_loss: int
    orders_open: bool = False
    unowned_ahead_penalty: int = 0
    last_place_penalty: int = 0
    ticket_price_all: bool = False
    unowned_ahead_only_out: bool = False

    def doubled(self, factor: int = 2) -> RaceTable:
        """Every amount times ``factor`` (Mafia 6.6: the 3rd race pays double).

        >>> RaceTable((10,), 5, (2,), 1).doubled().rewards
        (20,)
        """
        return attrs.evolve(
            self,
            rewards=tuple(x * factor for x in self.rewards),
            penalty=self.penalty * factor,
            tickets=tuple(x * factor for x in self.tickets),
            ticket_loss=self.ticket_loss * factor,
            unowned_ahead_penalty=self.unowned_ahead_penalty * factor,
            last_place_penalty=self.last_place_penalty * factor,
        )

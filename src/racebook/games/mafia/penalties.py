"""Horse Racing Mafia 6, "Rewards, penalties, allotments": its race tables.

Mafia's own penalties are fields of Long Shot's
:class:`~racebook.scoring.money.RaceTable`, paid by Long Shot's settlement
(:mod:`racebook.games.longshot.settlement`, steps in
:mod:`racebook.scoring.settlement`) in the rulebook's order (7.0 Bankruptcy:
each only as far as the player can): the extra penalty when a horse nobody
ordered beat yours (6.2b), for the last place (6.2c), and the price of every
ticket and quinella card held (6.5).  The 3rd race pays double (6.6); the
supply price does not (Q&A Q1).
"""

from __future__ import annotations

import attrs

from racebook.scoring.money import RaceTable

MAFIA_RACE = RaceTable(
    rewards=(500_000, 300_000, 100_000),  # 6.1
    penalty=100_000,  # 6.2a
    tickets=(40_000, 20_000),  # 6.3
    ticket_loss=10_000,  # 6.5: the price of every ticket and quinella card held
    # 6.2b "An extra $100,000", on top of 6.2a: only when the order's horse is 4th or
    # lower (1: "a reward if it finishes 3rd or better, ... any lower than that and you
    # must pay a penalty"; rules notes)
    unowned_ahead_penalty=100_000,
    unowned_ahead_only_out=True,
    last_place_penalty=100_000,  # 6.2c
    ticket_price_all=True,
)
"""Mafia 6, the 1st and 2nd race."""

THIRD_RACE = attrs.evolve(MAFIA_RACE.doubled(), orders_open=True)
"""Mafia 6.6: "For the 3rd race, all payments and penalties above ... are doubled";
3.3: the orders are dealt face up."""

__all__ = ["MAFIA_RACE", "THIRD_RACE"]

"""Money and points: bankrolls with a floor at $0, payout tables, settlement."""

from racebook.scoring.money import RaceTable, pay

__all__ = ["RaceTable", "pay"]

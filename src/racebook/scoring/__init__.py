"""Money and points: bankrolls with a floor at $0, payout tables, settlement."""

from racebook.scoring.money import RaceTable, pay
from racebook.scoring.settlement import order_payments, ticket_totals

__all__ = ["RaceTable", "order_payments", "pay", "ticket_totals"]

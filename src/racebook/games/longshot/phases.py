"""The phases of a box race, in the order of play: who acts in each, and its
name in a view."""

from __future__ import annotations

FIRST, DEAL, ORDERS, TURN, SECOND, RESTOCK, OPENED, OVER, INTERLUDE = range(9)
"""Choosing the first player, dealing, the orders, a turn, a turn's further
cards (the Last Spurt), restocking, the opened card, over, a rule module's
interlude."""

PHASE_NAMES = (
    "chance",
    "chance",
    "chance",
    "turn",
    "more cards",
    "chance",
    "opened card",
    "over",
    "interlude",
)
"""Each phase's name in a view."""

CHANCE_PHASES = frozenset((FIRST, DEAL, ORDERS, RESTOCK))
"""Phases in which chance acts."""

RACING = (TURN, SECOND, OPENED, RESTOCK, INTERLUDE)
"""Phases of a race in progress: the orders are dealt."""

AFTER_DRAW, AFTER_OPEN = 0, 1
"""Where play goes on after a restock: the draw, or the opened card."""

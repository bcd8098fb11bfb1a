"""The phases of a game, in the order of play: what the state is waiting for."""

from __future__ import annotations

SETUP, RACE, ROLLING, OVER, HOST_BETS, DEAL, KEEP, OFFER, FIRST, ROLLOUT = range(10)
PHASE_NAMES = (
    *("chance", "race", "chance", "over", "host bets"),
    *("chance", "vip", "host", "chance", "chance"),
)
"""The phase names a view shows, by phase."""
AT_CHANCE = (True, False, True, False, False, True, False, False, True, True)
"""Whether chance acts next, by phase."""

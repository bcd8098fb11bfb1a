"""The steps of a trick race, in the order of play (ゲームの進め方)."""

from __future__ import annotations

DRAW, DEAL, PADDOCK, DISCARD, BET_UP, BET_DOWN, TRICK, OVER = range(8)
"""Drawing the horses and dealing (ゲームの準備, chance); the paddock (chance) and
its second discard (パドックフェイズ); the face-up then face-down tickets
(馬券購入フェイズ); the tricks (レースフェイズ); the game's end."""
CHANCE_PHASES = (DRAW, DEAL, PADDOCK)
PHASE_NAMES = ("chance", "chance", "chance", "discard", "ticket up", "ticket down", "trick", "over")
"""A phase's name in a view."""

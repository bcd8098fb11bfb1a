"""Bots: random (uniform over legal actions) and a heuristic per game."""

from racebook.agents.base import Bot, RandomBot, bot_names, make_bot, register_bot
from racebook.agents.forcehorse import ForceHorseHeuristic
from racebook.agents.longshot import LongShotHeuristic
from racebook.agents.readysetbet import ReadySetBetHeuristic
from racebook.agents.trickrace import TrickRaceHeuristic

__all__ = [
    "Bot",
    "ForceHorseHeuristic",
    "LongShotHeuristic",
    "RandomBot",
    "ReadySetBetHeuristic",
    "TrickRaceHeuristic",
    "bot_names",
    "make_bot",
    "register_bot",
]

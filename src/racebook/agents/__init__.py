"""Bots: random (uniform over legal actions), a heuristic per game, and a search
bot for every game at chosen strengths (:mod:`racebook.agents.search`)."""

from racebook.agents.base import Bot, RandomBot, bot_names, make_bot, register_bot
from racebook.agents.forcehorse import ForceHorseHeuristic
from racebook.agents.longshot import LongShotHeuristic
from racebook.agents.readysetbet import ReadySetBetHeuristic
from racebook.agents.search import Estimate, SearchBot
from racebook.agents.trickrace import TrickRaceHeuristic

__all__ = [
    "Bot",
    "Estimate",
    "ForceHorseHeuristic",
    "LongShotHeuristic",
    "RandomBot",
    "ReadySetBetHeuristic",
    "SearchBot",
    "TrickRaceHeuristic",
    "bot_names",
    "make_bot",
    "register_bot",
]

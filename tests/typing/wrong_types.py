"""Each line marked ``# wrong`` must be refused by ``mypy --strict`` (and no
other line): proof that tests/test_typing_edge.py's check is not vacuous."""

from __future__ import annotations

import racebook
from racebook.agents import Bot, TrickRaceHeuristic
from racebook.games.readysetbet import Dice, ReadySetBetMove, ReadySetBetState
from racebook.games.trickrace import TrickRaceAction

game = racebook.load("readysetbet")
state = game.new_state(seed=1)
action: TrickRaceAction = game.parse_action({"kind": "roll", "seat": 4})  # wrong
dice: Dice = state.legal_actions(0)[0]  # wrong
money: str = state.view(0).to_data()["money"][0]  # wrong
state.view(0).to_data()["monies"]  # wrong
bot: Bot[ReadySetBetState, ReadySetBetMove] = TrickRaceHeuristic()  # wrong

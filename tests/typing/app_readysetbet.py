"""A Ready Set Bet service as an app writes it, without a single ``cast``: a
table, a seat's view sent as JSON, a client's JSON action parsed and
submitted, bots choosing, legal actions listed, a view's fields read.

tests/test_typing_edge.py checks this file with ``mypy --strict`` (no error
allowed) and runs it.
"""

from __future__ import annotations

import json

import racebook
from racebook import Table
from racebook.agents import Bot, RandomBot, ReadySetBetHeuristic
from racebook.games.readysetbet import (
    Bet,
    BonusBet,
    ReadySetBet,
    ReadySetBetAction,
    ReadySetBetMove,
    ReadySetBetState,
    ReadySetBetViewData,
    Roll,
    VipHeldData,
)

RsbBot = Bot[ReadySetBetState, ReadySetBetMove]


def send_view(table: Table[ReadySetBetState], seat: int | None) -> str:
    """What a seat's browser receives."""
    data: ReadySetBetViewData = table.view(seat).to_data()
    return json.dumps(data)


def board_rates(data: ReadySetBetViewData) -> dict[str, int]:
    """Each spot's multiplier, from the view's JSON data."""
    return {spot: mult for spot, mult, _loss in data["rates"]}


def my_cards(data: ReadySetBetViewData) -> list[str]:
    offered: list[VipHeldData] = data["offer"]
    return [card["name"] for card in offered if not card["played"]]


def receive(table: Table[ReadySetBetState], game: ReadySetBet, seat: int, message: str) -> bool:
    """A client's message: parsed to the game's own action, then submitted."""
    action: ReadySetBetAction = game.parse_action(json.loads(message))
    if isinstance(action, Bet | BonusBet):
        spot: str = action.spot
        assert spot
    return table.submit(seat, action).accepted


def host_rolls(table: Table[ReadySetBetState], host: int) -> bool:
    moves: list[ReadySetBetMove] = table.legal_actions(host)
    rolls = [m for m in moves if isinstance(m, Roll)]
    return bool(rolls) and table.submit(host, rolls[0]).accepted


def main() -> None:
    game = racebook.load("readysetbet", players=3, races=1)
    table = Table(game.new_state(seed=3))
    bots: list[RsbBot] = [ReadySetBetHeuristic(seed=0, samples=20), RandomBot(seed=1)]
    bots.append(RandomBot(seed=2))
    for turn in range(12):
        state: ReadySetBetState = table.state()
        bettors = [s for s in state.to_act if s != game.host]
        if not bettors:
            host_rolls(table, game.host)
            continue
        seat = bettors[turn % len(bettors)]
        choice: ReadySetBetMove = bots[seat].choose(state, seat)
        assert receive(table, game, seat, json.dumps(choice.to_data()))
        if turn % 3 == 2:
            host_rolls(table, game.host)
    view = table.view(0)
    money: int = view.money[0]
    race: int = view.race
    data = json.loads(send_view(table, 0))
    assert data["money"][0] == money and race == 1
    assert board_rates(table.view(None).to_data())
    print(my_cards(table.view(0).to_data()), money)


if __name__ == "__main__":
    main()

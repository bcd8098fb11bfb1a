"""A trick race service as an app writes it, without a single ``cast`` (see
app_readysetbet.py): tests/test_typing_edge.py checks it with
``mypy --strict`` and runs it."""

from __future__ import annotations

import json

import racebook
from racebook import Table
from racebook.agents import Bot, RandomBot
from racebook.games.trickrace import (
    Play,
    TrickRace,
    TrickRaceAction,
    TrickRaceMove,
    TrickRaceState,
    TrickRaceViewData,
)


def send_view(table: Table[TrickRaceState], seat: int) -> str:
    data: TrickRaceViewData = table.view(seat).to_data()
    hand: list[str] = data["hand"]
    trick: list[tuple[int, str, bool]] = data["trick"]
    assert len(hand) >= 0 and len(trick) >= 0
    return json.dumps(data)


def receive(table: Table[TrickRaceState], game: TrickRace, seat: int, message: str) -> bool:
    action: TrickRaceAction = game.parse_action(json.loads(message))
    if isinstance(action, Play):
        whip: bool = action.whip
        assert whip in (True, False)
    return table.submit(seat, action).accepted


def main() -> None:
    game = racebook.load("trickrace")
    table = Table(game.new_state(seed=5))
    bot: Bot[TrickRaceState, TrickRaceMove] = RandomBot(seed=1)
    for _ in range(20):
        if table.is_over:
            break
        seat = table.to_act[0]
        listed: list[TrickRaceMove] = table.legal_actions(seat)
        choice = bot.choose(table.state(), seat)
        assert choice in listed
        assert receive(table, game, seat, json.dumps(choice.to_data()))
    view = table.view(0)
    points: int = view.points[0]
    assert json.loads(send_view(table, 0))["points"][0] == points


if __name__ == "__main__":
    main()

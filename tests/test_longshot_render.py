"""The text picture of Long Shot (``state.render(seat)``, ``str(state)``): the race
and whose turn, the track with each box's top card, seats, the viewer's hand and
the settled races, built from the seat's view only."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import racebook
from racebook.core.serial import from_data, to_data
from racebook.games.longshot import LongShotState, LongShotView

from .helpers import deal, new


def play_until(state: LongShotState, rng: random.Random, stop: Callable[[], bool]) -> None:
    while not state.is_over and not stop():
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])


def row(text: str, horse: int) -> str:
    """The track line of ``horse``."""
    lines = text.splitlines()
    start = lines.index("horse  pos  boxes (top card, cards in the box)")
    return lines[start + horse]


def test_render_at_the_start_shows_the_seats_hand_and_hides_the_others() -> None:
    state = racebook.load("longshot").new_state(seed=4)
    assert isinstance(state, LongShotState)
    text = state.render(2)
    lines = text.splitlines()
    assert lines[0] == "Long Shot, race 1 of 2, round 1: turn (seat 2's view)"
    assert lines[1] == f"to act: seat {state.to_act[0]}; first player: seat {state.first}"
    for h in range(1, 7):
        assert row(text, h).split() == [str(h), "0", "-", "-"]
    assert f"stack {len(state.stack)} cards" in lines
    hand = " ".join(str(c) for c in state.view(2).hand)
    assert f"your hand: {hand}" in lines
    seats = lines[lines.index("seat  cards  order  money") + 1 :][:5]
    for seat, line in enumerate(seats):
        order = str(state.orders[seat]) if seat == 2 else "?"
        assert line.split()[:4] == [str(seat), "8", order, "$20,000"]
        assert line.endswith("(you)") == (seat == 2)
    # the spectator: no hand, no order
    spectator = str(state)
    assert spectator == state.render(None) == state.render()
    assert "your hand" not in spectator and "(a spectator's view)" in spectator
    assert all(line.split()[2] == "?" for line in spectator.splitlines()[-5:])


def test_render_mid_race_shows_each_boxs_top_card_and_the_opened_card() -> None:
    state = deal(
        new(players=5),
        hands={0: "1:3 F:2"},
        boxes={0: "1:2 1:5", 3: "2:4", 11: "F:6 F:1 F:7"},
        pos=[12, 30, 0, 44, 7, 0],
    )
    text = state.render(0)
    assert row(text, 1).split() == ["1", "12", "1:5", "(2)", "-"]
    assert row(text, 2).split() == ["2", "30", "-", "2:4"]
    assert row(text, 4).split() == ["4", "44", "-", "-"]
    assert row(text, 6).split() == ["6", "0", "-", "F:7", "(3)"]
    assert text.splitlines()[0].endswith("round 1: turn, the Last Spurt (seat 0's view)")
    assert text.splitlines()[-1].startswith("your hand: ") and "1:3" in text
    # the first player opens a card once every seat has played
    rng = random.Random(3)
    play_until(state, rng, lambda: state.opened >= 0)
    assert f"opened card {state.view(None).opened}; stack" in state.render(None)


@pytest.mark.parametrize("open_money", [True, False])
def test_render_at_the_end_shows_every_race_and_the_final_money(open_money: bool) -> None:
    state = racebook.load("longshot", open_money=open_money).new_state(seed=6)
    assert isinstance(state, LongShotState)
    rng = random.Random(6)
    play_until(state, rng, lambda: len(state.history) == 1)
    mid = state.render(1)
    if not open_money:  # others' money hidden until the end
        assert "?" in mid.splitlines()[-1] and "$" in mid.splitlines()[-1]
    play_until(state, rng, lambda: False)
    text = state.render(1)
    lines = text.splitlines()
    assert lines[0] == f"Long Shot, race 2 of 2, round {state.round}: over (seat 1's view)"
    assert lines[1].startswith("to act: nobody")
    result = state.result
    assert result is not None
    for seat, money in enumerate(result.scores):
        line = next(x for x in lines if x.startswith(f"{seat:>4}  "))
        assert f"${money:,}" in line
    records = [x for x in lines if x.startswith("race ")]
    assert [x.split(":")[0] for x in records] == ["race 1", "race 2"]
    final = " ".join(f"${m:,}" for m in result.scores)
    assert records[-1].endswith(f"money {final}")
    winner = state.horse_places().index(1) + 1
    assert f"1st horse {winner}" in records[-1]


@pytest.mark.parametrize("game_id", ["longshot", "mafia"])
def test_render_never_shows_what_the_seat_may_not_see(game_id: str) -> None:
    # a twin that differs only in what the seat may not see (other hands, the stack,
    # hidden orders, face-down quinella bets) renders the same picture
    game = racebook.load(game_id, open_money=False)
    differs = checked = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        assert isinstance(state, LongShotState)
        rng = random.Random(seed)
        while not state.is_over:
            if rng.random() < 0.15:
                for seat in (*range(game.seats), None):
                    twin = state.hidden_variant(-2 if seat is None else seat, rng)
                    assert twin.render(seat) == state.render(seat)
                    differs += twin.hands != state.hands
                    checked += 1
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 50 and differs > checked // 2


def test_an_app_holding_only_the_view_renders_it() -> None:
    state = racebook.load("mafia").new_state(seed=2)
    assert isinstance(state, LongShotState)
    rng = random.Random(2)
    for _ in range(120):
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    view = state.view(3)
    wire = json.loads(json.dumps(to_data(view)))
    again = from_data(wire, LongShotView)
    assert again.render("Horse Racing Mafia") == state.render(3)
    assert again.render().startswith("Race ")  # no title: none is printed

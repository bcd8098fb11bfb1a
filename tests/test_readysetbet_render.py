"""The text picture of Ready Set Bet (``state.render(seat)``, ``str(state)``): the
track, the betting board with every token on it, the cards of the race, money,
tokens and VIP cards, built from the seat's view only."""

from __future__ import annotations

import json
import random

import racebook
from racebook import CHANCE
from racebook.core.serial import from_data, to_data
from racebook.games.readysetbet import (
    HORSES,
    Bet,
    DealVip,
    ReadySetBetState,
    ReadySetBetView,
)

from .test_readysetbet import race, rolls


def board_cells(text: str, horse: str) -> list[str]:
    """The board line of ``horse``: its show, place and win spots, each
    ``pays=tokens``."""
    lines = text.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("horse  show"))
    return next(x for x in lines[start + 1 :] if x.split()[0] == horse).split()[1:]


def board_row(text: str, horse: str) -> list[str]:
    """The tokens on ``horse``'s show, place and win spots."""
    return [cell.split("=", 1)[1] for cell in board_cells(text, horse)]


def test_the_board_shows_what_each_spot_pays() -> None:
    """The terminal table lists the payout rates, as the printed board does."""
    state = race(players=3, props=(0, 1, 2, 3, 4), exotic=1)
    text = state.render(0)
    board = state.game.config.board
    for h, name in enumerate(HORSES):
        rates = [r for kind in board[h] for r in kind]
        pays = [cell.split("=", 1)[0] for cell in board_cells(text, name)]
        assert pays == [f"{r.mult}" + (f"/{r.loss}" if r.loss else "") for r in rates]
    view = state.view(0)
    assert {spot for spot, _, _ in view.rates} >= set(view.open_spots)


def track_row(text: str, horse: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index("horse  pos")
    return next(x for x in lines[start + 1 :] if x.split()[0] == horse).split()[1:]


def seat_row(text: str, seat: str) -> str:
    lines = text.splitlines()
    start = lines.index("seat   money  tokens        late  VIP cards")
    return next(x for x in lines[start + 1 :] if x.split()[0] == seat)


def test_render_at_the_start_shows_an_empty_board_and_every_seats_tokens() -> None:
    state = race(players=3, props=(0, 1, 2, 3, 4), exotic=1)
    text = state.render(0)
    lines = text.splitlines()
    assert lines[0] == "Ready Set Bet, race 1 of 4: race (seat 0's view)"
    assert lines[1] == "to act: seats 0, 1, 2 and the host's chair; betting open"
    for name in HORSES:
        assert track_row(text, name) == ["0"]
        assert board_row(text, name) == ["."] * 7  # show 2, place 2, win 3
    assert "colours: blue 5/1=. | orange 3/1=. | red 2/1=. | 7-out 4=." in lines
    assert "prop spots: 0 3/3=. | 1 2/1=. | 2 2/3=. | 3 2/1=. | 4 3/3=." in lines
    assert "exotics: blow-out 4/2=. 4/2=. 4/2=." in lines
    assert f"prop cards: {'; '.join(state.view(0).props)}" in lines
    for seat in range(3):
        row = seat_row(text, str(seat))
        assert row.split()[1:7] == ["$0", "2", "3", "3", "4", "5"]
        assert row.endswith("(you)") == (seat == 0)
    assert lines[-1] == "VIP deck 32, discards 0"
    assert str(state) == state.render(None) and "(a spectator's view)" in str(state)
    chair = state.render(state.game.host)
    assert chair.splitlines()[0].endswith("(the host's chair's view)")


def test_render_mid_race_shows_the_tokens_on_the_board_and_the_track() -> None:
    state = race(players=3, props=(0, 1, 2, 3, 4), exotic=1)
    state.apply(Bet(0, 5, "win:7:0"))
    state.apply(Bet(1, 3, "place:7:1"))
    state.apply(Bet(2, 2, "colour:red"))
    state.apply(Bet(1, 4, "exotic:blow-out:2"))
    state.apply(Bet(2, 3, "prop:3"))
    rolls(state, (3, 4), (2, 5), (1, 1))
    text = state.render(2)
    assert board_row(text, "7") == [".", ".", ".", "1:3", "0:5", ".", "."]
    assert "colours: blue 5/1=. | orange 3/1=. | red 2/1=2:2 | 7-out 4=." in text.splitlines()
    assert "exotics: blow-out 4/2=. 4/2=. 4/2=1:4" in text.splitlines()
    assert "prop spots: 0 3/3=. | 1 2/1=. | 2 2/3=. | 3 2/1=2:3 | 4 3/3=." in text.splitlines()
    assert track_row(text, "7") == ["2", "##"]  # 7 twice: no bonus for 7
    assert track_row(text, "2/3") == ["1", "#"]
    assert "betting open; last roll 1+1" in text.splitlines()[1]
    assert seat_row(text, "1").split()[1:5] == ["$0", "2", "3", "5"]


def test_render_once_betting_closes_and_at_the_end() -> None:
    state = race(players=2, vip_cards=())
    # 6, 8 and 10 in turn (never a pair) to the red line (10): no more bets
    for _ in range(10):
        rolls(state, (1, 5), (2, 6), (4, 6))
    text = state.render(None)
    assert "no more bets" in text.splitlines()[1]
    assert track_row(text, "6") == ["10", "#" * 10, "past", "the", "red", "line,", "#1"]
    assert track_row(text, "10")[-1] == "#3"
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    text = str(state)
    assert text.splitlines()[0] == "Ready Set Bet, race 4 of 4: over (a spectator's view)"
    assert text.splitlines()[1].startswith("to act: nobody; no more bets; last roll ")
    for seat, money in enumerate(state.money):
        assert seat_row(text, str(seat)).split()[1] == f"${money}"


def test_render_shows_only_the_viewers_vip_offer() -> None:
    state = race(players=3)
    rng = random.Random(2)
    while not isinstance(state.log.actions[-1], DealVip):
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    mine = state.view(1).offer
    assert mine
    text = state.render(1)
    assert f"your VIP offer: {'; '.join(v.name for v in mine)}" in text.splitlines()
    assert "choosing VIP cards: seats 0, 1, 2" in text.splitlines()[-1]
    assert "your VIP offer" not in state.render(None)
    for viewer in (0, 2, None):
        twin = state.hidden_variant(-2 if viewer is None else viewer, rng)
        assert twin.render(viewer) == state.render(viewer)


def test_render_with_the_host_betting_and_the_rotating_host() -> None:
    state = racebook.load("readysetbet-host-bets", players=3).new_state(seed=3)
    assert isinstance(state, ReadySetBetState)
    host = state.game.host
    spot = state.legal_actions(host)[0]
    assert isinstance(spot, Bet)
    state.apply(spot)
    text = state.render(host)
    assert text.splitlines()[1] == "to act: the host's chair; betting open"
    assert seat_row(text, "host").split()[1] == "$18"
    assert "H1" in text
    rotating = racebook.load("readysetbet-rotating", players=4).new_state(seed=3)
    assert isinstance(rotating, ReadySetBetState)
    hosting = rotating.hosting
    text = rotating.render(0)
    assert seat_row(text, str(hosting)).endswith("(hosting)")
    assert text.splitlines()[-1].endswith(f"host: seat {hosting}")


def test_an_app_holding_only_the_view_renders_it() -> None:
    state = racebook.load("readysetbet").new_state(seed=4)
    assert isinstance(state, ReadySetBetState)
    rng = random.Random(4)
    for _ in range(60):
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        state.apply(rng.choice(state.legal_actions(seat)))
    wire = json.loads(json.dumps(to_data(state.view(1))))
    view = from_data(wire, ReadySetBetView)
    assert view.render() == state.render(1)


def test_render_never_shows_what_the_seat_may_not_see() -> None:
    # a twin that differs only in what the seat may not see (the VIP deck's order,
    # the others' dealt VIP cards) renders the same picture
    game = racebook.load("readysetbet", players=4)
    checked = differs = 0
    for seed in range(2):
        state = game.new_state(explicit_chance=True)
        assert isinstance(state, ReadySetBetState)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[int(rng.random() * len(state.to_act))]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase == 6 or rng.random() < 0.02:  # 6: choosing VIP cards
                for viewer in (*range(game.seats), None):
                    twin = state.hidden_variant(-2 if viewer is None else viewer, rng)
                    assert twin.render(viewer) == state.render(viewer)
                    differs += twin.offers != state.offers
                    checked += 1
            legal = state.legal_actions(seat)
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 30 and differs > 10

"""The text picture of the trick race (``state.render(seat)``, ``str(state)``): the
course, the riders and odds, each seat's tickets, whips and discards, the trick
and the viewer's hand, built from the seat's view only."""

from __future__ import annotations

import json
import random

import pytest

import racebook
from racebook import CHANCE
from racebook.core.serial import from_data, to_data
from racebook.games.trickrace import WIN, TrickRaceState, TrickRaceView

from .test_trickrace import TRICK_DEAL, build, discard_and_bet, play


def seat_line(text: str, label: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index("seat    horse  points  whips  tickets  hand R B Y G  face up  face down")
    return next(x for x in lines[start + 1 :] if x.split()[0] == label).split()


def test_render_at_the_paddock_shows_the_discard_number_and_the_revealed_card() -> None:
    keep = {2: "R5", 1: "R2", 4: "B10", 3: "R8"}
    state = build([2, 1, 4, 3], TRICK_DEAL, top="G8", keep=keep)
    text = state.render(1)
    lines = text.splitlines()
    assert lines[0] == "Trick race, race 1 of 4: discard (seat 1's view)"
    assert lines[1] == (
        "to act: seats 0, 1, 2, 3; start player: seat 0; leader: seat 0; discard number 8"
    )
    assert lines[3].split() == ["1", "Forêt", "Noire", "0", "2", "seat", "1"]
    assert lines[4].split() == ["2", "Vanilla", "Beans", "0", "2", "seat", "0"]
    assert "course of 7 (bottom first): gate: 1 2 3 4" in lines
    view = state.view(1)
    for s in range(4):
        row = seat_line(text, str(s))
        assert row[1] == str(view.horses[s]) and row[4:7] == ["-", "+", "-"]
        assert row[7:11] == [str(k) for k in view.hand_colours[s]]
        assert row[11] == str(view.face_up_discards[s][0])
    assert "revealed card: G8, with seat 0" in lines
    assert f"your hand: {' '.join(map(str, view.hand))}" in lines
    assert str(state) == state.render(None) and "your hand" not in str(state)


def test_render_mid_race_shows_tickets_whips_discards_and_the_trick() -> None:
    keep = {2: "R5", 1: "R2", 4: "B10", 3: "R8"}
    state = build([2, 1, 4, 3], TRICK_DEAL, top="G8", keep=keep)
    discard_and_bet(
        state,
        {0: "G7", 1: "G4", 2: "B1", 3: "G12"},
        up={1: 1, 2: 2, 3: 3, 0: 4},
        down={0: WIN, 1: 4, 2: WIN, 3: WIN},
    )
    play(state, 0, "R5")
    play(state, 1, "R2")
    text = state.render(1)
    assert "trick: seat 0 R5, seat 1 R2" in text.splitlines()
    me, other = seat_line(text, "1"), seat_line(text, "0")
    assert me[4:7] == ["1", "+", "4"] and me[-3:] == ["Y4", "G4", "(you)"]
    assert other[4:7] == ["4", "+", "?"] and other[-1] == "G"  # colour only
    assert me[3] == "2"  # both whips up again after the paddock
    play(state, 2, "B2", whip=True)
    assert "seat 2 B2 with the whip" in state.render(None)
    assert seat_line(state.render(None), "2")[3] == "1"


@pytest.mark.parametrize("players", [3, 4])
def test_render_at_the_end_shows_every_race(players: int) -> None:
    state = racebook.load("trickrace", players=players).new_state(seed=9)
    assert isinstance(state, TrickRaceState)
    rng = random.Random(9)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    text = str(state)
    lines = text.splitlines()
    assert lines[0] == f"Trick race, race {players} of {players}: over (a spectator's view)"
    assert lines[1].startswith("to act: nobody")
    records = [x for x in lines if x.startswith("race ")]
    assert len(records) == players
    points = " ".join(map(str, state.points))
    assert records[-1].endswith(f"points {points}")
    if players == 3:
        assert seat_line(text, "dummy")[2] == "-"  # no points, no tickets


@pytest.mark.parametrize("players", [3, 4])
def test_render_never_shows_what_the_seat_may_not_see(players: int) -> None:
    # a twin that differs only in what the seat may not see (other hands' numbers,
    # face-down discards and tickets) renders the same picture
    game = racebook.load("trickrace", players=players)
    checked = differs = 0
    for seed in range(3):
        state = game.new_state(explicit_chance=True)
        assert isinstance(state, TrickRaceState)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.3:
                for viewer in (*range(players), None):
                    twin = state.hidden_variant(-2 if viewer is None else viewer, rng)
                    assert twin.render(viewer) == state.render(viewer)
                    differs += twin.hands != state.hands
                    checked += 1
            legal = state.legal_actions(seat)
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 100 and differs > checked // 2


def test_an_app_holding_only_the_view_renders_it() -> None:
    state = racebook.load("trickrace", players=3).new_state(seed=4)
    assert isinstance(state, TrickRaceState)
    rng = random.Random(4)
    for _ in range(30):
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    wire = json.loads(json.dumps(to_data(state.view(2))))
    view = from_data(wire, TrickRaceView)
    assert view.render() == state.render(2)
    assert "the dummy's cards (top first): " in view.render()

"""Long Shot's and Mafia's shortcuts for speed give the answers of the full
rules: the O(1) box check (``placement.fits``) against the listing check of
``check_place``, on every probe of many positions of random games."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import racebook
from racebook.board.boxes import (
    EMPTY,
    fill_first,
    fill_first_count,
    fill_first_nth,
    fill_first_placements,
    placements,
)
from racebook.games.longshot import placement
from racebook.games.longshot.phases import SECOND, TURN
from racebook.games.longshot.placement import Place


def positions(game: racebook.Game[Any, Any], seeds: range) -> list[Any]:
    out = []
    for seed in seeds:
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            if state.phase in (TURN, SECOND):
                out.append(state.clone())
            state.apply(state.random_action(seat, rng))
    return out


@pytest.mark.parametrize(
    ("game_id", "settings"),
    [
        ("longshot", {}),
        ("longshot", {"golden_rule": "card", "players": 4}),
        ("longshot", {"pass_when_full": False, "stuck_player_covers_same_mv": True}),
        ("mafia", {}),
    ],
)
def test_fits_is_the_full_check(
    game_id: str, settings: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = racebook.load(game_id, **settings)
    checked = fitting = 0
    for state in positions(game, range(3))[::10]:
        seat = state.to_act[0]
        probes = [a for a in state.probes(seat) if isinstance(a, Place) and a.seat == seat]
        fast = [state.check(a) for a in probes]
        with monkeypatch.context() as m:
            m.setattr(placement, "fits", lambda *_: False)
            slow = [state.check(a) for a in probes]
        assert fast == slow
        checked += len(probes)
        fitting += fast.count(None)
    assert checked > 1000 and fitting > 50


@given(
    tops=st.lists(st.integers(-1, 8), min_size=12, max_size=12),
    codes=st.sets(st.sampled_from([h * 16 + mv for h in range(7) for mv in range(9)])),
    skip=st.sets(st.integers(0, 11), max_size=2),
)
def test_fill_first_placements_is_fill_first_of_placements(
    tops: list[int], codes: set[int], skip: set[int]
) -> None:
    assume(all(tops[b] != EMPTY for b in skip))  # a box used this turn holds a card
    ordered = sorted(codes)
    want = fill_first(tops, placements(tops, ordered, skip))
    assert fill_first_placements(tops, ordered, skip) == want
    assert fill_first_placements(tops, ordered, ()) == fill_first(tops, placements(tops, ordered))
    copies = sorted(ordered + ordered[::2])  # a hand's copies of a card count once
    assert placements(tops, copies, skip) == placements(tops, ordered, skip)
    assert fill_first_placements(tops, copies, skip) == want


@given(
    tops=st.lists(st.integers(-1, 8), min_size=12, max_size=12),
    codes=st.lists(st.sampled_from([h * 16 + mv for h in range(7) for mv in range(9)])),
)
def test_fill_first_count_and_nth_are_the_listing(tops: list[int], codes: list[int]) -> None:
    ordered = sorted(codes)  # copies of a card count once
    listed = [(x, b) for x, boxes in fill_first_placements(tops, ordered) for b in boxes]
    n, filling = fill_first_count(tops, ordered)
    assert n == len(listed)
    assert filling == any(tops[b] == EMPTY for _, b in listed)
    assert [fill_first_nth(tops, ordered, k, filling) for k in range(n)] == listed


@pytest.mark.parametrize(
    ("game_id", "settings"),
    [
        ("longshot", {}),
        ("longshot", {"golden_rule": "card", "players": 4}),
        ("longshot", {"pass_when_full": False, "stuck_player_covers_same_mv": True}),
        ("mafia", {}),
    ],
)
def test_listed_is_the_placements(game_id: str, settings: dict[str, Any]) -> None:
    """The one-pass listing (what legal_actions gives) is hand_found's
    placements, card by card and box by box, as the interned actions."""
    game = racebook.load(game_id, **settings)
    per_player = game.config.golden_rule == "player"
    seen = spurt = 0
    for state in positions(game, range(4)):
        seat = state.to_act[0]
        codes = sorted(state.hands[seat])
        pairs = (fill_first_placements if per_player else placements)(
            state.tops, codes, state.placed
        )
        want = [(x, b) for x, boxes in pairs for b in boxes]
        got = placement.listed(state, seat, per_player)
        assert [(a.card.horse * 16 + a.card.mv, a.box) for a in got] == want
        assert all(
            a is placement.interned_place(state, seat, a.card.horse * 16 + a.card.mv, a.box)
            for a in got
        )
        assert all(a.seat == seat for a in got)
        seen += 1
        spurt += bool(state.placed)
    assert seen > 300 and (spurt > 20 or game_id == "mafia")  # Mafia has no spurt

"""Ready Set Bet's odds for apps (issue #36): one documented way to show a
seat the odds (``live_data``, rounded as it says), the JSON shape of a
``Rate`` refused by name when wrong, and ``bet_records`` refusing a game whose
rule modules change what a bet pays."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import ClassVar

import pytest

import racebook
from racebook import ConfigError
from racebook.analysis import PayoutsChanged, bet_records
from racebook.games.readysetbet import (
    LiveOddsData,
    RaceRule,
    ReadySetBetState,
    SettledBet,
)
from racebook.games.readysetbet.live import live_odds
from racebook.variants import load_variant, register_rule
from racebook.variants.rules import _RULES
from tests.typedcheck import problems


def _mid_race(seed: int) -> ReadySetBetState:
    state = racebook.load("readysetbet").new_state(seed=seed)
    state.play_random(random.Random(seed), actions=25)
    assert state.view(0).phase == "race"
    return state


def test_live_data_rounds_as_it_says() -> None:
    state = _mid_race(2)
    game, view = state.game, state.view(0)
    found = live_odds(game, view)
    assert found is not None
    exact = game.live_data(view, places=None, money_places=None)
    default = game.live_data(view)
    two = game.live_data(view, places=2, money_places=0)
    assert exact is not None and default is not None and two is not None
    assert exact["win"] == list(found.win) and exact["show"] == list(found.show)
    assert default["win"] == [round(x, 4) for x in found.win]
    assert two["place"] == [round(x, 2) for x in found.place]
    spots = {spot: (p, values) for spot, p, values in found.spots}
    for row, raw, coarse in zip(default["spots"], exact["spots"], two["spots"], strict=True):
        p, values = spots[row["spot"]]
        assert raw["chance"] == p and raw["values"] == list(values)
        assert row["chance"] == round(p, 4) and row["values"] == [round(v, 2) for v in values]
        assert coarse["values"] == [round(v, 0) for v in values]
    assert any(x != round(x, 4) for x in exact["win"])  # the defaults did round something


def test_live_data_fits_its_type_and_is_json() -> None:
    for seed in (2, 5):
        state = _mid_race(seed)
        for seat in (None, 0, state.game.host):
            data = state.game.live_data(state.view(seat))
            assert data is not None
            assert problems(data, LiveOddsData) == []
            assert json.loads(json.dumps(data)) == data
    over = racebook.load("readysetbet", races=1).new_state(seed=1)
    over.play_random(random.Random(1))
    assert over.game.live_data(over.view(0)) is None


@pytest.mark.parametrize(
    ("setting", "where"),
    [
        ({"colour_bets": [{"name": "blue", "rate": [5, 1]}]}, "$.colour_bets[0].rate"),
        ({"colour_bets": [{"name": "blue", "rate": "5/-1"}]}, "$.colour_bets[0].rate"),
        ({"exotics": [{"name": "x", "rate": 4}]}, "$.exotics[0].rate"),
        ({"board": [[["4/-4"]]]}, "$.board[0][0][0]"),
    ],
)
def test_a_rate_of_the_wrong_shape_is_refused_naming_the_shape(
    setting: dict[str, object], where: str, tmp_path: Path
) -> None:
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"game": "readysetbet", "settings": setting}), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_variant(path)
    field = next(iter(setting))
    assert caught.value.field == field
    message = str(caught.value)
    assert "Rate" in message and '{"mult": int, "loss": int}' in message and where in message


def test_a_rate_of_the_right_shape_is_read() -> None:
    game = racebook.load(
        "readysetbet", colour_bets=[{"name": "blue", "rate": {"mult": 6, "loss": 2}}]
    )
    assert game.spot("colour:blue")[0].mult == 6


def test_bet_records_refuse_a_game_whose_modules_change_the_payouts() -> None:
    @register_rule
    class Halves(RaceRule):
        name: ClassVar[str] = "test.halves"

        def pays(
            self, state: ReadySetBetState, bet: SettledBet, won: int, lost: int
        ) -> tuple[int, int]:
            return (won // 2, lost)

    try:
        game = racebook.load("readysetbet-simple", races=1, rules=[{"name": "test.halves"}])
        state = game.new_state(seed=4)
        state.play_random(random.Random(4))
        before = state.log.dumps()
        with pytest.raises(PayoutsChanged) as caught:
            bet_records(state)
        assert isinstance(caught.value, racebook.RacebookError)
        assert caught.value.rules == ("test.halves",) and caught.value.game == "readysetbet"
        assert "test.halves" in str(caught.value)
        back = pickle.loads(pickle.dumps(caught.value))
        assert type(back) is PayoutsChanged and back.rules == ("test.halves",)
        assert state.log.dumps() == before
    finally:
        _RULES.pop("test.halves", None)
    plain = racebook.load("readysetbet-simple", races=1).new_state(seed=4)
    plain.play_random(random.Random(4))
    assert bet_records(plain)

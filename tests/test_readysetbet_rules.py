"""Ready Set Bet's rule modules: the slots (``bonus``, ``betting_closes``,
``pays``), the house rule written outside the library
(examples/readysetbet_house_rule.py) and its variant file."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

import racebook
from racebook import ConfigError
from racebook.core.game import CHANCE
from racebook.games.readysetbet import (
    NewRace,
    RaceRule,
    ReadySetBet,
    ReadySetBetState,
    SettledBet,
)
from racebook.testing import check_random_games
from racebook.variants import load_variant, register_rule
from racebook.variants.rules import _RULES

from .test_readysetbet import rolls

EXAMPLES = Path(__file__).parent.parent / "examples"
VARIANT = EXAMPLES / "variants" / "readysetbet_house.toml"


@pytest.fixture(scope="module", autouse=True)
def house_rule() -> Iterator[None]:
    """Register the example's module, as a program using it would by importing it."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        import readysetbet_house_rule  # noqa: F401
    finally:
        sys.path.remove(str(EXAMPLES))
    yield


def hot(**settings: Any) -> ReadySetBetState:
    game = racebook.load(
        "readysetbet-simple", players=3, rules=[{"name": "house.hot-dice", "settings": settings}]
    )
    state = game.new_state(explicit_chance=True)
    assert isinstance(state, ReadySetBetState)
    state.apply(NewRace(CHANCE, (0, 1, 2, 3, 4), 0))
    return state


def test_the_variant_file_loads_with_the_module_registered() -> None:
    game = load_variant(VARIANT)
    assert isinstance(game, ReadySetBet)
    assert [r.name for r in game.config.rules] == ["house.hot-dice"]
    assert dict(game.config.rules[0].settings) == {"doubles": 2, "last_call": 4}
    # the hooks the module overrides are found once, for the game
    assert [r.name for r in game.hooks.bonus] == ["house.hot-dice"]
    assert [r.name for r in game.hooks.betting_closes] == ["house.hot-dice"]
    assert game.hooks.pays == ()


def test_the_variant_plays_through_the_shared_harness() -> None:
    check_random_games(load_variant(VARIANT), games=12, seed=5, deep=2)


def test_its_log_replays_to_the_same_game_and_text() -> None:
    game = load_variant(VARIANT)
    state = game.new_state(seed=11)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[-1])
    text = state.log.dumps()
    header = json.loads(text.split("\n", 1)[0])
    assert header["config"]["rules"] == [
        {"name": "house.hot-dice", "settings": {"doubles": 2, "last_call": 4}}
    ]
    again = racebook.replay(text)
    assert again.digest() == state.digest()
    assert again.log.dumps() == text


def test_an_unregistered_rule_name_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"rules\[0\].*house.no-such-rule"):
        racebook.load("readysetbet", rules=[{"name": "house.no-such-rule"}])
    # a log naming a module this program has not registered does not replay
    game = load_variant(VARIANT)
    text = game.new_state(seed=1).log.dumps().replace("house.hot-dice", "house.not-here")
    with pytest.raises(racebook.LogError, match=r"line 1.*unknown rule module 'house.not-here'"):
        racebook.replay(text)


def test_a_box_race_module_is_not_a_ready_set_bet_module() -> None:
    with pytest.raises(ConfigError, match="not a Ready Set Bet rule module"):
        racebook.load("readysetbet", rules=[{"name": "supply-quinella"}])


def test_module_settings_are_checked() -> None:
    with pytest.raises(ConfigError, match=r"rules\[0\]\.settings\.doubles"):
        hot(doubles="two")
    with pytest.raises(ConfigError, match=r"rules\[0\]\.settings\.colour"):
        hot(colour="red")


def test_without_modules_no_hook_and_no_rules_key_in_the_header() -> None:
    game = racebook.load("readysetbet")
    assert game.rules == () and game.hooks.bonus == game.hooks.pays == ()
    header = json.loads(game.new_state(seed=1).log.dumps().split("\n", 1)[0])
    assert "rules" not in header["config"]  # logs from before the slot re-dump the same


def test_the_bonus_hook_moves_doubles_further() -> None:
    state = hot(doubles=2)
    rolls(state, (2, 2))  # 4, unpaired: 1 + 2 for the doubles
    assert state.pos[1] == 3
    rolls(state, (2, 2))  # paired: 1 + the 4's bonus of 3 + 2
    assert state.pos[1] == 9
    rolls(state, (3, 4))  # the 7: no doubles, no bonus
    assert state.pos[4] == 1


def test_the_betting_closes_hook_is_a_last_call() -> None:
    state = hot(doubles=0, last_call=10)  # closes once a horse is on space 5
    rolls(state, (1, 2), (1, 2))  # 2/3: 1, then 1 + 3 = 5
    assert state.pos[0] == 5 and not state.open and not state.crossed
    events = [e.kind for e in state.log.events()]
    assert events.count("no-more-bets") == 1


def test_the_pays_hook_changes_settlement() -> None:
    @register_rule
    class NoLosses(RaceRule):
        name: ClassVar[str] = "test.no-losses"

        def pays(
            self, state: ReadySetBetState, bet: SettledBet, won: int, lost: int
        ) -> tuple[int, int]:
            return (won * 2, 0)

    try:
        game = racebook.load("readysetbet-simple", rules=[{"name": "test.no-losses"}])
        assert isinstance(game, ReadySetBet)
        assert [r.name for r in game.hooks.pays] == ["test.no-losses"]
        report = check_random_games(game, games=4, seed=2, deep=1)
        assert report.games == 4
        state = game.new_state(seed=8)
        while not state.is_over:
            state.apply(state.legal_actions(state.to_act[0])[-1])
        settled = [e for e in state.log.events() if e.kind == "settled"]
        assert settled and all(e.lost == 0 and e.won % 2 == 0 for e in settled)  # type: ignore[attr-defined]
    finally:
        _RULES.pop("test.no-losses", None)


def test_odds_say_they_cannot_value_bets_when_a_module_changes_what_they_pay() -> None:
    """Issue 35: odds() valued every spot at the printed rates under a rule
    module that pays otherwise (bet_records knew); the values are left out
    and the odds say why, exact or sampled, as are the live odds'."""
    from racebook.games.readysetbet import odds
    from racebook.games.readysetbet.live import live_data, live_notes, live_odds

    @register_rule
    class DoubleWins(RaceRule):
        name: ClassVar[str] = "test.double-wins"

        def pays(
            self, state: ReadySetBetState, bet: SettledBet, won: int, lost: int
        ) -> tuple[int, int]:
            return (won * 2, lost)

    try:
        game = racebook.load("readysetbet-simple", rules=[{"name": "test.double-wins"}])
        plain = racebook.load("readysetbet-simple")
        for g, payout in ((game, "unknown"), (plain, "printed")):
            state = g.new_state(seed=3)
            assert isinstance(state, ReadySetBetState)
            while not state.spots:  # to the race
                state.apply(state.legal_actions(state.to_act[0])[0])
            for found in (odds(state), odds(state, samples=50, seed=1)):
                assert found.payout == payout
                assert bool(found.values) == (payout == "printed")
                assert found.spots and sum(found.win) == pytest.approx(1, abs=0.2)
            view = state.view(0)
            live = live_odds(g, view)  # type: ignore[arg-type]
            assert live is not None and live.spots
            assert all(bool(values) == (payout == "printed") for _, _, values in live.spots)
            data = live_data(g, view)  # type: ignore[arg-type]
            assert data is not None and data["payout"] == payout
            assert ("no expected values" in live_notes(g, view)) == (payout == "unknown")  # type: ignore[arg-type]
    finally:
        _RULES.pop("test.double-wins", None)


def test_odds_sample_when_a_module_changes_the_moves() -> None:
    from racebook.games.readysetbet import odds

    state = hot(doubles=2)  # a bonus hook: the exact model's moves no longer hold
    found = odds(state, seed=1, samples=500)
    assert found.method == "sample" and found.samples == 500
    assert odds(state, seed=1).method == "sample"  # the default: sampled, 10,000 races
    with pytest.raises(ValueError, match="exact odds need"):
        odds(state, method="exact")

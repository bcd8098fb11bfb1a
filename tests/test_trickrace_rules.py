"""Rule modules of the trick race: the house rules of
examples/trickrace_house_rule.py load from a variant file, play through the
shared harness, change the game as they say and replay from the log; every
hook slot is called; a name nobody registered is a ConfigError."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import ClassVar

import pytest

import racebook
from racebook.core.errors import ConfigError
from racebook.core.registry import registry_changed
from racebook.games.trickrace import TrickRace, TrickRaceState, TrickRule
from racebook.games.trickrace.rules import Hooks, Plays
from racebook.testing import check_random_games
from racebook.variants import load_variant, register_rule
from racebook.variants.rules import _RULES

EXAMPLES = Path(__file__).parent.parent / "examples"
VARIANT = EXAMPLES / "variants" / "trickrace_house.toml"


@pytest.fixture(scope="module")
def house() -> Iterator[ModuleType]:
    """The example module, imported: its rules registered."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        yield importlib.import_module("trickrace_house_rule")
    finally:
        sys.path.remove(str(EXAMPLES))


def _play(game: racebook.Game, seed: int, pick: int = -1) -> TrickRaceState:
    state = game.new_state(seed=seed)
    assert isinstance(state, TrickRaceState)
    while not state.is_over:
        legal = state.legal_actions(state.to_act[0])
        state.apply(legal[pick % len(legal)])
    return state


def test_the_house_variant_loads(house: ModuleType) -> None:
    game = load_variant(VARIANT)
    assert isinstance(game, TrickRace)
    assert [r.name for r in game.config.rules] == ["house.no-whips", "house.places"]
    assert game.config.rules[1].settings["points"] == (5, 3, 1)
    assert [type(r) for r in game.rules] == [house.NoWhips, house.Places]
    assert len(game.hooks.may_whip) == 1 and len(game.hooks.prizes) == 1
    assert not game.hooks.trick_winner and not game.hooks.spaces  # not overridden


def test_the_house_variant_plays_through_the_harness(house: ModuleType) -> None:
    report = check_random_games(load_variant(VARIANT), games=6, seed=3, deep=1)
    assert report.games == 6


@pytest.mark.parametrize("players", [3, 4])
def test_no_whips_and_three_prizes(house: ModuleType, players: int) -> None:
    """Nobody whips (the last legal action would be a whip); the 3rd horse's
    rider scores 1, never the 4th's."""
    game = racebook.load(
        "trickrace",
        players=players,
        rules=[{"name": "house.no-whips"}, {"name": "house.places"}],
    )
    state = _play(game, seed=players)
    events = state.log.events()
    assert not any(getattr(e, "whip", False) for e in events)
    prizes = [e for e in events if e.kind == "points" and "place prize" in e.reason]  # type: ignore[attr-defined]
    assert {e.reason for e in prizes} <= {"1. place prize", "2. place prize", "3. place prize"}  # type: ignore[attr-defined]
    assert all(e.points == {"1": 5, "2": 3, "3": 1}[e.reason[0]] for e in prizes)  # type: ignore[attr-defined]
    # without the rules the same picks whip
    plain = _play(racebook.load("trickrace", players=players), seed=players)
    assert any(getattr(e, "whip", False) for e in plain.log.events())


def test_a_whip_is_refused_under_no_whips(house: ModuleType) -> None:
    game = racebook.load("trickrace", rules=[{"name": "house.no-whips"}])
    state = game.new_state(seed=1)
    while state.view(None).phase != "trick":
        state.apply(state.legal_actions(state.to_act[0])[0])
    seat = state.to_act[0]
    assert not any(a.whip for a in state.legal_actions(seat))  # type: ignore[attr-defined]
    play = state.legal_actions(seat)[0]
    whip = type(play)(seat, play.card, True)  # type: ignore[attr-defined,call-arg]
    with pytest.raises(racebook.IllegalAction, match="rule module forbids"):
        state.apply(whip)


def test_the_house_log_replays(house: ModuleType) -> None:
    state = _play(load_variant(VARIANT), seed=7)
    text = state.log.dumps()
    header = json.loads(text.split("\n")[0])
    assert header["config"]["rules"][1] == {
        "name": "house.places",
        "settings": {"points": [5, 3, 1]},
    }
    again = racebook.replay(text)
    assert again.digest() == state.digest()
    assert again.log.dumps() == text
    assert again.log.for_seat(0) == state.log.for_seat(0)


def test_no_rules_no_header_field() -> None:
    """Logs written before ``rules`` existed re-dump to the same text."""
    state = racebook.load("trickrace").new_state(seed=1)
    assert "rules" not in json.loads(state.log.dumps().split("\n")[0])["config"]
    assert state.game.hooks == Hooks()  # type: ignore[attr-defined]


def test_an_unregistered_rule_is_a_config_error(
    house: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ConfigError, match=r"house\.nothing"):
        racebook.load("trickrace", rules=[{"name": "house.nothing"}])
    text = _play(load_variant(VARIANT), seed=2).log.dumps()
    monkeypatch.delitem(_RULES, "house.places")
    registry_changed()  # as register_rule does: a header's game is built afresh
    with pytest.raises(ConfigError, match=r"rules\[1\]"):
        load_variant(VARIANT)
    with pytest.raises(racebook.LogError, match=r"house\.places"):
        racebook.replay(text)


def test_a_rule_of_another_game_or_twice_is_refused(house: ModuleType) -> None:
    import house_rules  # noqa: F401  (examples/, on the path: a Long Shot rule)

    with pytest.raises(ConfigError, match="not a trick-race rule module"):
        racebook.load("trickrace", rules=[{"name": "house.sprint"}])
    with pytest.raises(ConfigError, match="named twice"):
        racebook.load("trickrace", rules=[{"name": "house.no-whips"}] * 2)
    with pytest.raises(ConfigError, match=r"rules\[0\]\.settings\.speed"):
        racebook.load("trickrace", rules=[{"name": "house.no-whips", "settings": {"speed": 1}}])
    with pytest.raises(ConfigError, match=r"settings\.points"):
        racebook.load(
            "trickrace", rules=[{"name": "house.places", "settings": {"points": [9] * 5}}]
        )


@register_rule
class LowWins(TrickRule):
    """Test rule: the lowest card of the trick wins, and moves its horse 1."""

    name: ClassVar[str] = "test.low-wins"

    def trick_winner(self, state: TrickRaceState, plays: Plays, winner: int) -> int:
        return min(plays, key=lambda p: (p[1] & 15, p[0]))[0]

    def spaces(self, state: TrickRaceState, seat: int, horse: int, card: int, spaces: int) -> int:
        return 1


@pytest.mark.parametrize("players", [3, 4])
def test_the_winner_and_spaces_slots(players: int) -> None:
    game = racebook.load("trickrace", players=players, rules=[{"name": "test.low-wins"}])
    check_random_games(game, games=4, seed=players, deep=1)
    state = _play(game, seed=players, pick=0)
    events = state.log.events()
    trick: list[tuple[int, int]] = []
    for e in events:
        if e.kind == "played":
            trick.append((e.card.number, e.seat))  # type: ignore[attr-defined]
        elif e.kind == "trick":
            assert e.seat == min(trick)[1]  # type: ignore[attr-defined]
            assert e.moved in (0, 1)  # type: ignore[attr-defined]
            trick = []
    assert racebook.replay(state.log.dumps()).digest() == state.digest()

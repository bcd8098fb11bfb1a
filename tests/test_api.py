"""The engine contract (DESIGN.md "The contract") on Long Shot."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import racebook
from racebook import CHANCE, ConfigError, IllegalAction
from racebook.cards.horse import HorseCard
from racebook.core.serial import from_data, to_data
from racebook.games.longshot import LongShotConfig, LongShotView, Pass, Place


def test_games_and_presets() -> None:
    info = racebook.registered_games()
    assert "longshot" in info and "longshot" in info["longshot"].presets
    assert racebook.presets()["longshot"].config == LongShotConfig()


def test_load_with_settings() -> None:
    game = racebook.load("longshot", players=4, spurt_threshold=40)
    assert game.seats == 4 and game.config.spurt_threshold == 40
    assert game.config.running == 5


@pytest.mark.parametrize(
    ("settings", "field", "words"),
    [
        ({"players": 7}, "players", "4 to 6"),
        ({"players": 3}, "players", "4 to 6"),
        ({"spurt_threshold": 61}, "spurt_threshold", "past the goal"),
        ({"hand_size": 30}, "hand_size", "too small"),
        ({"colour": "red"}, "colour", "unknown setting"),
        ({"players": "five"}, "players", "int"),
        ({"first_player": 9}, "first_player", "seat"),
        ({"finishers": 9}, "finishers", "horses"),
        ({"indicated_mvs": [1, 99]}, "indicated_mvs", "0..15"),
    ],
)
def test_config_errors_name_the_field(settings: dict[str, object], field: str, words: str) -> None:
    with pytest.raises(ConfigError) as info:
        racebook.load("longshot", **settings)
    assert info.value.field == field and words in str(info.value)


def test_payout_table_of_the_wrong_length() -> None:
    race = racebook.load("longshot").config.races[0]
    bad = attrs.evolve(race, tickets=(5_000, 3_000, 2_000, 1_000))  # only 3 horses place
    with pytest.raises(ConfigError) as info:
        racebook.load("longshot", races=[to_data(bad), to_data(race)])
    assert info.value.field == "races[0].tickets"


def test_unknown_game() -> None:
    with pytest.raises(ConfigError, match="unknown game or preset"):
        racebook.load("nope")


def test_same_seed_same_game() -> None:
    game = racebook.load("longshot")
    a, b = game.new_state(seed=3), game.new_state(seed=3)
    assert a.snapshot() == b.snapshot()
    assert game.new_state(seed=4).snapshot() != a.snapshot()


def test_illegal_action_leaves_the_state_exactly_as_it_was() -> None:
    state = racebook.load("longshot").new_state(seed=2)
    (seat,) = state.to_act
    before, log_before = state.snapshot(), state.log.dumps()
    other = (seat + 1) % 5
    refused = (
        (Place(other, HorseCard(1, 1), 0), "not-your-turn", "Basic of the Race Round"),
        (Pass(seat), "pass-before-full", "After all boxes are full"),
        (Place(seat, HorseCard(1, 1), 99), "card-not-in-hand", "How to place Horse cards"),
    )
    for action, code, section in refused:
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert info.value.rule == f"Long Shot: {section}" and info.value.action == action
        assert info.value.code == code
        assert isinstance(info.value, ValueError)
    assert state.snapshot() == before and state.log.dumps() == log_before


def test_error_messages_do_not_leak_other_hands() -> None:
    state = racebook.load("longshot").new_state(seed=2)
    (seat,) = state.to_act
    other = (seat + 1) % 5
    with pytest.raises(IllegalAction) as info:
        state.apply(Place(other, HorseCard(1, 1), 0))
    assert "hand" not in str(info.value)


def test_clone_is_independent() -> None:
    state = racebook.load("longshot").new_state(seed=2)
    copy = state.clone()
    (seat,) = state.to_act
    state.apply(state.legal_actions(seat)[0])
    assert copy.snapshot() != state.snapshot()
    assert len(copy.log) == len(state.log) - 1 or len(copy.log) < len(state.log)
    (seat,) = copy.to_act
    copy.apply(copy.legal_actions(seat)[-1])
    assert racebook.replay(copy.log.dumps()).snapshot() == copy.snapshot()


@pytest.mark.parametrize("name", ["longshot", "trickrace", "readysetbet"])
def test_clones_share_the_log_and_generator_until_either_changes(name: str) -> None:
    # copy-on-write: the original, a clone, and a clone of the clone play the
    # same actions and draw the same chance, each keeping its own log
    def finish(state: racebook.State[object], seed: int) -> list[object]:
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            actions = state.legal_actions(seat)
            state.apply(actions[int(rng.random() * len(actions))])
        return list(state.log.actions)

    state = racebook.load(name).new_state(seed=5)
    for _ in range(7):
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[0])
    first = state.clone()
    second = first.clone()
    before = list(state.log.actions)
    ends = [finish(s, 9) for s in (first, state, second)]
    assert ends[0] == ends[1] == ends[2] and ends[0][: len(before)] == before
    other = racebook.load(name).new_state(seed=5)
    assert other.clone().log.actions == other.log.actions
    assert finish(other.clone(), 1) != finish(other.clone(), 2)
    assert list(other.log.actions) == list(racebook.load(name).new_state(seed=5).log.actions)


def test_views_are_typed_serializable_and_spectators_see_no_hand() -> None:
    state = racebook.load("longshot").new_state(seed=2)
    view = state.view(0)
    assert isinstance(view, LongShotView) and len(view.hand) == 8
    data = to_data(view)
    assert from_data(data, LongShotView) == view
    spectator = state.view(None)
    assert spectator.hand == () and all(o is None for o in spectator.orders)
    assert state.view(0).orders[0] is not None


def test_explicit_chance() -> None:
    state = racebook.load("longshot").new_state(explicit_chance=True)
    assert state.to_act == (CHANCE,)
    outcomes = state.chance_outcomes()
    assert outcomes is not None and len(outcomes) == 5
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    rng = random.Random(1)
    while state.to_act == (CHANCE,):
        state.apply(state.sample_chance(rng))
    assert state.to_act != (CHANCE,) and len(state.hands[0]) == 8  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        state.sample_chance(rng)


def test_result_and_game_over() -> None:
    state = racebook.load("longshot").new_state(seed=8)
    while not state.is_over:
        assert state.result is None
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[-1])
    result = state.result
    assert result is not None and state.to_act == ()
    assert result.scores == tuple(state.money)  # type: ignore[attr-defined]
    best = max(result.scores)
    assert result.winners == tuple(s for s, m in enumerate(result.scores) if m == best)
    assert all(p == 1 for s, p in enumerate(result.places) if s in result.winners)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Pass(0))


@pytest.mark.parametrize("preset", sorted(racebook.presets()))
def test_every_games_views_round_trip_through_json(preset: str) -> None:
    game = racebook.load(preset)
    state = game.new_state(seed=3)
    rng = random.Random(3)
    step = 0
    while not state.is_over and step < 400:
        if step % 25 == 0:
            for seat in [*range(game.seats), None]:
                view = state.view(seat)
                text = json.dumps(to_data(view))
                assert from_data(json.loads(text), type(view)) == view
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        actions = state.legal_actions(seat)
        state.apply(actions[int(rng.random() * len(actions))])
        step += 1

"""The OpenSpiel and PettingZoo adapters (each skipped without its extra):
OpenSpiel's own random simulation test with serialization, a few MCTS games,
PettingZoo's API and seed tests and whole games through the environment."""

from __future__ import annotations

import random
from typing import Any

import pytest

import racebook

# small settings keep OpenSpiel's Python-side simulation quick
CASES: list[tuple[str, dict[str, Any]]] = [
    ("longshot", {"players": 4}),
    ("mafia", {}),
    ("readysetbet", {"races": 1}),
    ("trickrace", {}),
    ("forcehorse", {}),
]


@pytest.mark.parametrize(("game_id", "settings"), CASES)
def test_openspiel_random_sim_test(game_id: str, settings: dict[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import load

    game = load(game_id, **settings)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    assert game.num_distinct_actions() == racebook.load(game_id, **settings).num_distinct_actions


def test_openspiel_registered_games() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import register

    names = register()
    assert "racebook_trickrace" in pyspiel.registered_names()
    game = pyspiel.load_game("racebook_longshot", {"settings": '{"players": 4}'})
    assert game.num_players() == 4
    assert len(names) == len(racebook.registered_games())


def test_openspiel_chance_and_arrival_nodes() -> None:
    pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import load

    game = load("readysetbet", races=1)
    state = game.new_initial_state()
    rng = random.Random(2)
    arrivals = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            seats = state.racebook_state.to_act
            if len(seats) > 1:  # the arrival: each seat in to_act equally likely
                arrivals += 1
                assert outcomes == [(s, 1 / len(seats)) for s in sorted(seats)]
            ids, weights = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(ids, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert arrivals > 0
    returns = state.returns()
    assert max(returns) == 1.0 and returns[-1] == 0.0  # the host's chair is not scored
    clone = state.clone()
    assert clone.returns() == returns


def test_openspiel_observations() -> None:
    pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import load

    game = load("trickrace")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    tensor = state.observation_tensor(seat)
    assert len(tensor) == game.observation_tensor_size()
    assert tensor == state.racebook_state.observation_tensor(seat)
    assert "your hand" in state.observation_string(seat).lower()
    assert state.information_state_string(seat).startswith(state.observation_string(seat))


@pytest.mark.parametrize(("game_id", "settings"), CASES)
def test_pettingzoo_api_and_seed(game_id: str, settings: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from racebook.adapters.pettingzoo import env

    with pytest.warns(UserWarning):  # PettingZoo's note on dict observations
        api_test(env(game_id, **settings), num_cycles=100)
    seed_test(lambda: env(game_id, **settings), num_cycles=50)


@pytest.mark.parametrize(("game_id", "settings"), CASES)
def test_pettingzoo_whole_game(game_id: str, settings: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from racebook.adapters.pettingzoo import env

    e = env(game_id, render_mode="ansi", **settings)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        total[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].shape == e.game.observation_shape
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert not e.agents
    assert max(total.values()) == 1.0
    text = e.render()
    assert isinstance(text, str) and e.game.title in text

"""The OpenSpiel and PettingZoo adapters (each skipped without its extra):
OpenSpiel's own random simulation test with serialization, a few MCTS games,
PettingZoo's API and seed tests and whole games through the environment."""

from __future__ import annotations

import importlib.util
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
    info = state.information_state_string(seat)
    assert info.startswith(f"p{seat} ") and "your hand" not in info  # ids, not prose
    assert info != state.information_state_string((seat + 1) % 4)


def test_information_state_strings_are_compact() -> None:
    """An id per event a seat saw, not its text: a whole trick race's
    strings stay within a few kilobytes (14 KB of prose before), and they
    tell the seat's own different moves apart."""
    pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import load

    game = load("trickrace")
    state = game.new_initial_state()
    _play_some(state, 10**6, random.Random(4))
    assert state.is_terminal()
    longest = max(len(state.information_state_string(p)) for p in range(4))
    assert longest < 3000, longest
    # two histories the seat can tell apart (its own discard) differ
    start = game.new_initial_state()
    while start.is_chance_node():
        start.apply_action(start.chance_outcomes()[0][0])
    seat = start.current_player()
    strings = set()
    for action in start.legal_actions()[:3]:
        child = start.child(action)
        strings.add(child.information_state_string(seat))
    assert len(strings) == 3


@pytest.mark.parametrize(("game_id", "settings"), CASES)
def test_pettingzoo_api_seed_and_render(game_id: str, settings: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, render_test, seed_test

    from racebook.adapters.pettingzoo import env, raw_env

    with pytest.warns(UserWarning):  # PettingZoo's note on dict observations
        api_test(env(game_id, **settings), num_cycles=100)
    seed_test(lambda: env(game_id, **settings), num_cycles=50)
    render_test(lambda render_mode: env(game_id, render_mode=render_mode, **settings))
    with pytest.warns(UserWarning):
        api_test(raw_env(game_id, **settings), num_cycles=20)


@pytest.mark.parametrize(("game_id", "settings"), CASES)
def test_pettingzoo_whole_game(game_id: str, settings: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from racebook.adapters.pettingzoo import env

    e = env(game_id, render_mode="ansi", **settings)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    space = e.observation_space(e.possible_agents[0])["observation"]
    assert float(space.high.max()) == 1.0 and float(space.low.min()) == 0.0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        assert space.contains(observation["observation"])
        total[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].shape == e.unwrapped.game.observation_shape
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert not e.agents
    assert max(total.values()) == 1.0
    assert e.unwrapped.final_rewards == total  # readable after the game
    assert sum(size for _, size in e.observation_layout) == space.shape[0]
    assert e.state().shape == space.shape  # AECEnv.state(): the spectator's tensor
    assert e.unwrapped.racebook_state.is_over
    text = e.render()
    assert isinstance(text, str) and e.unwrapped.game.title in text


def test_pettingzoo_illegal_action_ends_the_game() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from racebook.adapters.pettingzoo import env

    e = env("trickrace", illegal_reward=-2.0)
    e.reset(seed=1)
    observation, *_ = e.last()
    bad = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    agent = e.agent_selection
    e.step(bad)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -2.0


def _play_some(state: Any, steps: int, rng: random.Random) -> None:
    """Random moves (chance by its probabilities) for at most ``steps`` steps."""
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_game_strings_round_trip() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import load, register

    register()
    game = load("longshot", players=4, spurt_threshold=40, tiebreaks=["box_total", "highest_card"])
    text = str(game)
    assert "players=4" in text and "spurt_threshold=40" in text
    again = pyspiel.load_game(text)
    assert again.rb.config == game.rb.config and str(again) == text
    assert pyspiel.load_game("racebook_longshot(players=4,spurt_threshold=-1)").rb.config == (
        racebook.load("longshot", players=4, spurt_threshold=None).config
    )
    for preset, settings in [("readysetbet-simple", {"players": 4, "races": 1}), ("mafia", {})]:
        game = load(preset, **settings)
        assert pyspiel.load_game(str(game)).rb.config == racebook.load(preset, **settings).config
    # a setting given the game's default under another preset keeps its value
    game = load("readysetbet-host-bets", host_bets=False)
    assert pyspiel.load_game(str(game)).rb.config == game.rb.config
    with pytest.raises(ValueError, match="preset of longshot"):
        pyspiel.load_game("racebook_trickrace(preset=longshot)")
    # a state serialized with its game, as AlphaZero's actors and evaluators pass them
    game = load("longshot", players=4, spurt_threshold=40)
    state = game.new_initial_state()
    _play_some(state, 40, random.Random(1))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.racebook_state.digest() == state.racebook_state.digest()


@pytest.mark.parametrize(("game_id", "settings"), CASES)
def test_stdlib_pickle_round_trips(game_id: str, settings: dict[str, Any]) -> None:
    import pickle

    rng = random.Random(5)
    game = racebook.load(game_id, **settings)
    state = game.new_state(seed=5)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    assert pickle.loads(pickle.dumps(game)).config == game.config
    assert pickle.loads(pickle.dumps(state)).digest() == state.digest()
    if importlib.util.find_spec("pyspiel") is not None:
        from racebook.adapters.openspiel import load

        os_game = load(game_id, **settings)
        assert str(pickle.loads(pickle.dumps(os_game))) == str(os_game)
        os_state = os_game.new_initial_state()
        _play_some(os_state, 60, rng)
        back = pickle.loads(pickle.dumps(os_state))
        assert back.racebook_state.digest() == os_state.racebook_state.digest()
        assert back.history() == os_state.history()
    if importlib.util.find_spec("pettingzoo") is not None:
        from racebook.adapters.pettingzoo import env

        e = env(game_id, **settings)
        e.reset(seed=2)
        back_env = pickle.loads(pickle.dumps(e))
        assert back_env.unwrapped.racebook_state.digest() == e.unwrapped.racebook_state.digest()


@pytest.mark.parametrize(("game_id", "settings"), CASES)
def test_openspiel_ismcts_bot_whole_games(game_id: str, settings: dict[str, Any]) -> None:
    """OpenSpiel's own IS-MCTS bot (which asserts that every resampled state
    has the searcher's information state) plays a whole game in seat 0."""
    pytest.importorskip("pyspiel")
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from racebook.adapters.openspiel import load

    game = load(game_id, **settings)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 2, random_state=rs)
    rng = random.Random(0)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node() or state.current_player() != 0:
            _play_some(state, 1, rng)
        else:
            state.apply_action(int(bot.step(state)))
            moves += 1
    assert moves > 0 and len(state.returns()) == game.num_players()


@pytest.mark.parametrize(("game_id", "settings"), CASES)
def test_openspiel_resample_and_undo(game_id: str, settings: dict[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import load

    if game_id == "readysetbet":  # its only hidden cards, the VIP offers, come after a race
        settings = {"races": 2}
    game = load(game_id, **settings)
    state = game.new_initial_state()
    rng = random.Random(7)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = False
    for _ in range(3000):  # on to a decision where something is hidden from the seat
        _play_some(state, 1, rng)
        if state.is_terminal():
            break
        if state.is_chance_node():
            continue
        seat = state.current_player()
        for _ in range(3):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.legal_actions() == state.legal_actions()
            differs |= other.racebook_state.digest() != state.racebook_state.digest()
        if differs:
            break
    assert differs  # something was hidden and drawn anew
    # undo every action back to the start, through chance and player steps
    before = [state.racebook_state.digest()]
    history = []
    for _ in range(40):
        if state.is_terminal():
            break
        player = state.current_player()
        mark = state.clone()
        _play_some(state, 1, rng)
        history.append((player, state.history()[-1], mark))
    for player, action, mark in reversed(history):
        state.undo_action(player, action)
        assert state.racebook_state.digest() == mark.racebook_state.digest()
        assert state.history() == mark.history()
        assert str(state) == str(mark)
    assert before[0] == state.racebook_state.digest() or history


def test_openspiel_observer_types() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    from racebook.adapters.openspiel import load

    game = load("trickrace")
    state = game.new_initial_state()
    _play_some(state, 30, random.Random(3))
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    public.set_from(state, 0)
    seen = list(public.tensor)
    public.set_from(state, 1)
    assert list(public.tensor) == seen == state.racebook_state.observation_tensor(None)
    assert public.string_from(state, 0) == state.racebook_state.render(None)
    assert "your hand" not in public.string_from(state, 0).lower()
    size = game.information_state_tensor_size()
    assert size == game.observation_tensor_size() + game.num_distinct_actions()
    tensor = state.information_state_tensor(0)
    own = sum(1 for p, _ in state._h.history if p == 0)
    assert sum(tensor[game.observation_tensor_size() :]) == own
    with pytest.raises(ValueError):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


@pytest.mark.parametrize(("game_id", "settings"), CASES)
def test_gymnasium_single_seat(game_id: str, settings: dict[str, Any]) -> None:
    """Gymnasium's own environment checker, then a whole game of masked
    random moves in a seat drawn at reset."""
    pytest.importorskip("gymnasium")
    import pickle

    import numpy as np
    from gymnasium.utils.env_checker import check_env

    from racebook.adapters.gymnasium import SingleSeatEnv

    env = SingleSeatEnv(game_id, seat=None, **settings)
    check_env(env, skip_render_check=True)
    rng = np.random.default_rng(1)
    obs, info = env.reset(seed=4)
    done, reward = False, 0.0
    while not done:
        assert env.observation_space.contains(obs)
        assert (info["action_mask"] == env.action_masks()).all()
        obs, reward, done, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(env.action_masks())))
        )
        assert not truncated
    assert env.racebook_state.is_over and "won" in info
    assert reward == (1.0 if info["place"] == 1 else reward)
    again = pickle.loads(pickle.dumps(env))
    assert again.racebook_state.digest() == env.racebook_state.digest()


def test_gymnasium_opponents_and_illegal_action() -> None:
    pytest.importorskip("gymnasium")
    import numpy as np

    from racebook.adapters.gymnasium import SingleSeatEnv, policy_opponent

    calls = []

    def first_legal(observation: Any, action_masks: Any) -> tuple[int, None]:
        calls.append(observation.shape)
        return int(np.flatnonzero(action_masks)[0]), None

    env = SingleSeatEnv("trickrace", seat=2, opponents=policy_opponent(first_legal))
    env.reset(seed=0)
    while env.step(int(np.flatnonzero(env.action_masks())[0]))[2] is False:
        pass
    assert calls and all(shape == env.observation_space.shape for shape in calls)
    env = SingleSeatEnv("trickrace", opponents=["heuristic", "random", "heuristic"])
    _, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(bad)
    assert done and reward == -1.0 and info["illegal"]


def test_gymnasium_observations_stay_in_their_spaces() -> None:
    """Force of the Horse's run values can go below 0 (an effect lowers a
    horse's run): squashed they read as 0, within [0, 1]; raw they are kept,
    within the raw space.  Seed 3 reaches one when seat 0 plays at random."""
    pytest.importorskip("gymnasium")
    import numpy as np

    from racebook.adapters.gymnasium import SingleSeatEnv

    raw = SingleSeatEnv("forcehorse", seat=0, observation="raw")
    squashed = SingleSeatEnv("forcehorse", seat=0)
    rng = random.Random(3)
    obs, info = raw.reset(seed=3)
    small, _ = squashed.reset(seed=3)
    lowest, done = 0.0, False
    while not done:
        assert raw.observation_space.contains(obs)
        assert squashed.observation_space.contains(small)
        assert np.array_equal(small, np.maximum(obs, 0) / (1 + np.maximum(obs, 0)))
        lowest = min(lowest, float(obs.min()))
        action = rng.choice(list(np.flatnonzero(info["action_mask"])))
        obs, _, done, _, info = raw.step(action)
        small, _, _, _, _ = squashed.step(action)
    assert lowest < 0


def test_the_docs_table_is_generated() -> None:
    from pathlib import Path

    from racebook.adapters import spaces_table

    docs = (Path(__file__).parent.parent / "docs" / "adapters.rst").read_text(encoding="utf-8")
    assert spaces_table() in docs


def test_gymnasium_make_ids() -> None:
    """Each preset has a ``gymnasium.make`` id once the adapter is imported;
    ``make``'s keywords are the environment's settings."""
    gymnasium = pytest.importorskip("gymnasium")
    from racebook.adapters.gymnasium import SingleSeatEnv, register_envs

    ids = register_envs()
    assert len(ids) == len(racebook.presets())
    for game_id in racebook.registered_games():
        env = gymnasium.make(f"racebook/{game_id}-v0", seat=0)
        assert isinstance(env.unwrapped, SingleSeatEnv) and env.unwrapped.game.id == game_id
    env = gymnasium.make("racebook/trickrace-v0", seat=1, players=3)
    observation, info = env.reset(seed=2)
    assert env.unwrapped.game.config.players == 3 and info["action_mask"].any()
    assert env.observation_space.contains(observation)


def test_pettingzoo_parallel_through_turn_based_aec_to_parallel() -> None:
    """No native parallel environment: PettingZoo's own conversion makes
    one (each step, the agent to act acts; the others' actions are ignored)
    and passes PettingZoo's parallel API test."""
    pytest.importorskip("pettingzoo")
    import numpy as np
    from pettingzoo.test import parallel_api_test
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    from racebook.adapters.pettingzoo import env

    parallel_api_test(turn_based_aec_to_parallel(env("trickrace")), num_cycles=30)
    par = turn_based_aec_to_parallel(env("readysetbet", races=1))
    observations, _ = par.reset(seed=1)
    rng = np.random.default_rng(1)
    rewards: dict[str, float] = {}
    while par.agents:
        actions = {}
        for agent in par.agents:
            mask = observations[agent]["action_mask"]
            actions[agent] = int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
        observations, rewards, *_ = par.step(actions)
    assert abs(sum(rewards.values())) < 1e-9 and max(rewards.values()) > 0

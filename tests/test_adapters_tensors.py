"""The adapters' tensors made from kept parts (issue #38) equal the tensors
made from scratch, at every step of random games in every game: OpenSpiel's
information-state and observation tensors (each seat's tensor made once a
version, its own-action counts kept as the history grows, the shared start
of every game) through plays, clones and undos, raw and squashed; and
PettingZoo's observations and masks."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.test_adapters import CASES

np = pytest.importorskip("numpy")

SLOW = settings(  # whole games: two each, no shrinking (a failure names its seed)
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
)


def _squash(values: Any) -> Any:
    out = np.maximum(np.asarray(values, np.float32), 0.0)
    return out / (1.0 + out)


def _expected_info(state: Any, player: int, squashed: bool) -> Any:
    """The information-state tensor from scratch: the racebook state's tensor
    and the seat's own-action counts from the whole history."""
    game = state.get_game()
    tensor = np.asarray(state.racebook_state.observation_tensor(player), np.float32)
    own = np.zeros(game.num_distinct_actions(), np.float32)
    for p, a in state._h.history:
        if p == player:
            own[a] += 1
    if squashed:
        tensor, own = _squash(tensor), _squash(own)
    return np.concatenate([tensor, own])


def _check(state: Any, squashed: bool) -> None:
    for player in range(state.get_game().num_players()):
        info = np.asarray(state.information_state_tensor(player), np.float32)
        assert np.array_equal(info, _expected_info(state, player, squashed))
        seen = np.asarray(state.observation_tensor(player), np.float32)
        raw = np.asarray(state.racebook_state.observation_tensor(player), np.float32)
        assert np.array_equal(seen, _squash(raw) if squashed else raw)


@pytest.mark.parametrize("squashed", [False, True])
@pytest.mark.parametrize(("game_id", "config"), CASES)
@SLOW
@given(seed=st.integers(0, 2**32 - 1))
def test_openspiel_tensors_from_kept_parts(
    game_id: str, config: dict[str, Any], seed: int, squashed: bool
) -> None:
    pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import load

    game = load(game_id, observation="squashed" if squashed else "raw", **config)
    rng = random.Random(seed)
    state = game.new_initial_state()
    other = game.new_initial_state()  # shares the start with state until it acts
    steps = 0
    while not state.is_terminal():
        _check(state, squashed)
        if state.is_chance_node():
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(ids, weights)[0]
        else:
            action = rng.choice(state.legal_actions())
        player = state.current_player()
        if steps % 97 == 13:  # a clone acts, the original does not change
            clone = state.clone()
            before = state.information_state_tensor(0)
            clone.apply_action(action)
            _check(clone, squashed)
            assert state.information_state_tensor(0) == before
        state.apply_action(action)
        if steps % 89 == 7:  # an undo, and the same action again
            state.undo_action(player, action)
            _check(state, squashed)
            state.apply_action(action)
        steps += 1
    _check(state, squashed)
    _check(other, squashed)  # the shared start, unchanged by the game played from it
    assert other.move_number() == 0


@pytest.mark.parametrize(("game_id", "config"), CASES)
@SLOW
@given(seed=st.integers(0, 2**32 - 1))
def test_pettingzoo_observations_equal_fresh_tensors(
    game_id: str, config: dict[str, Any], seed: int
) -> None:
    pytest.importorskip("pettingzoo")
    from racebook.adapters.pettingzoo import raw_env

    env = raw_env(game_id, **config)
    env.reset(seed=seed)
    rng = random.Random(seed)
    state = env.racebook_state
    while not state.is_over:
        agent = env.agent_selection
        seat = int(agent.removeprefix("seat_"))
        seen = env.observe(agent)
        assert np.array_equal(seen["observation"], _squash(state.observation_tensor(seat)))
        legal = np.flatnonzero(seen["action_mask"]).tolist()
        assert legal == state.legal_action_ids(seat)
        env.step(rng.choice(legal))


# games whose tensor is written into a list made once or straight into the
# adapters' array, with the segment-by-segment definition
WRITTEN = [
    ("trickrace", "racebook.games.trickrace.spaces", {}),
    ("trickrace", "", {"players": 3}),
    ("longshot", "", {}),
    ("longshot", "", {"players": 4, "open_money": False}),
    ("mafia", "racebook.games.longshot.spaces", {}),
    ("readysetbet", "", {"races": 1}),
    ("readysetbet", "", {"races": 1, "players": 3}),
]


@pytest.mark.parametrize(("game_id", "module", "config"), WRITTEN)
@SLOW
@given(seed=st.integers(0, 2**32 - 1))
def test_written_tensor_equals_its_segments(
    game_id: str, module: str, config: dict[str, Any], seed: int
) -> None:
    import importlib

    import racebook

    game = racebook.load(game_id, **config)
    spaces = importlib.import_module(module or f"racebook.games.{game_id}.spaces")
    assert game.spaces is spaces
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    seats: list[int | None] = [None, *range(game.seats)]  # and a spectator
    while True:
        for seat in seats:
            written = spaces.observe(state, seat)
            segments = getattr(spaces, "observe_segments", spaces.observe)(state, seat)
            assert written.values == segments.values and written.layout == segments.layout
            into = np.zeros(len(segments.values), np.float32)  # the adapters' way
            if spaces.observe_into(state, seat, into):
                assert np.array_equal(into, np.asarray(segments.values, np.float32))
            else:
                assert getattr(game, "rules", ())  # only rule modules' segments stop it
                assert not into.any()
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        ids = state.legal_action_ids(seat)
        state.apply_id(rng.choice(ids), seat)


@settings(max_examples=30, deadline=None)
@given(
    items=st.lists(st.integers(0, 5), min_size=1, max_size=12),
    asks=st.lists(st.sampled_from(["again", "next", "back", "other"]), max_size=30),
    seed=st.integers(0, 2**16),
)
def test_draws_kept_counts_answer_as_a_fresh_node(
    items: list[int], asks: list[str], seed: int
) -> None:
    """A shuffle's node asked for the same step twice (as OpenSpiel's
    ``rl_environment`` does), the next, an earlier one or another draw in
    the last one's place, answers as a new
    node would: the counts it keeps from the last step are never stale."""
    from racebook.core.spaces import shuffle

    rng = random.Random(seed)
    node = shuffle(items, lambda xs: xs)  # type: ignore[arg-type,return-value]
    drawn: list[int] = []
    for ask in asks:
        if ask == "next" and len(drawn) < len(items):
            outcomes = node.outcomes(drawn)
            assert outcomes is not None
            drawn.append(rng.choice([x for x, _ in outcomes]))
        elif ask == "back" and drawn:
            drawn.pop()
        elif ask == "other" and drawn:  # another draw in the last one's place
            outcomes = shuffle(items, lambda xs: xs).outcomes(drawn[:-1])  # type: ignore[arg-type,return-value]
            assert outcomes is not None
            drawn[-1] = rng.choice([x for x, _ in outcomes])
        kept = node.outcomes(drawn)
        assert kept == shuffle(items, lambda xs: xs).outcomes(drawn)  # type: ignore[arg-type,return-value]

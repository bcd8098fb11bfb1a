"""PettingZoo's ``env()`` makes its checks itself (issue #38: no wrapper
layers on the per-step path) and behaves as PettingZoo's three wrappers do
(``env(..., wrappers=True)``): the same games step by step, illegal and
out-of-bounds actions, and the calls out of order."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.test_adapters import CASES

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")


def _trace(e: Any, seed: int, illegal_at: int | None = None) -> list[Any]:
    """A random game's agents, observations, masks and rewards, step by step
    (an illegal action at step ``illegal_at``)."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    out: list[Any] = []
    for step, agent in enumerate(e.agent_iter()):
        observation, reward, termination, truncation, _ = e.last()
        mask = observation["action_mask"]
        out.append((agent, observation["observation"].tobytes(), mask.tobytes(), reward))
        out.append((termination, truncation))
        if termination or truncation:
            e.step(None)
            continue
        ids = np.flatnonzero(mask if step != illegal_at else mask == 0)
        e.step(int(ids[int(rng.random() * len(ids))]))
    out.append(dict(e.unwrapped.final_rewards))
    return out


@pytest.mark.parametrize(("game_id", "settings"), CASES[:5])
def test_checked_env_plays_as_the_wrapped_one(game_id: str, settings: dict[str, Any]) -> None:
    from racebook.adapters.pettingzoo import CheckedEnv, env

    checked = env(game_id, **settings)
    assert isinstance(checked, CheckedEnv) and checked.unwrapped is checked
    wrapped = env(game_id, wrappers=True, **settings)
    assert not isinstance(wrapped, CheckedEnv)
    assert _trace(checked, 5) == _trace(wrapped, 5)


def test_checked_env_ends_the_game_on_an_illegal_action_as_the_wrapper(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from racebook.adapters.pettingzoo import env

    traces = []
    for wrappers in (False, True):
        e = env("trickrace", illegal_reward=-3.0, wrappers=wrappers)
        caplog.clear()
        traces.append(_trace(e, 2, illegal_at=3))
        assert "Illegal move" in caplog.text  # PettingZoo's own warning
        assert not e.agents
        assert len(traces[-1]) < 20  # ended there
    assert traces[0] == traces[1]
    assert -3.0 in [row[3] for row in traces[0] if len(row) == 4]


def test_checked_env_refuses_out_of_order_and_out_of_bounds() -> None:
    from racebook.adapters.pettingzoo import env

    e = env("longshot")
    state_before = e.unwrapped.racebook_state.digest()
    for call in (lambda: e.step(0), lambda: e.observe("seat_0"), e.state, e.render):
        with pytest.raises(AssertionError, match="reset"):
            call()
    with pytest.raises(AssertionError, match="reset"):
        e.agent_iter()
    with pytest.raises(AttributeError):
        _ = e.rewards
    assert e.unwrapped.racebook_state.digest() == state_before
    e.reset(seed=1)
    digest = e.unwrapped.racebook_state.digest()
    for bad in (-1, e.action_space(e.agent_selection).n, 1.5):
        with pytest.raises(AssertionError, match="action space"):
            e.step(bad)
    assert e.unwrapped.racebook_state.digest() == digest  # left as it was
    it = iter(e.agent_iter())
    next(it)
    with pytest.raises(AssertionError, match="step"):
        next(it)  # no step between two agents

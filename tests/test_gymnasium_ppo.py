"""The numpy PPO learner of ``examples/gymnasium_ppo.py`` (``make train``):
its hand-written gradients are the loss's (finite differences), an update
lowers the loss on the batch it learns from, the shaping potential reads the
seat's score lead, and a few games of training change the policy.  The claim
that training raises the win rate against random players is ``make train``'s
(docs/adapters.rst records a run), too slow for the test suite."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from racebook.adapters.gymnasium import SingleSeatEnv  # noqa: E402


def _example() -> ModuleType:
    path = Path(__file__).parent.parent / "examples" / "gymnasium_ppo.py"
    spec = importlib.util.spec_from_file_location("gymnasium_ppo", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gymnasium_ppo"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


ppo = _example()


def _batch(agent: Any, n: int, actions: int, seed: int) -> tuple[Any, ...]:
    rng = np.random.default_rng(seed)
    features = agent.policy.params["w1"].shape[0]
    x = rng.random((n, features))
    mask = (rng.random((n, actions)) > 0.4).astype(float)
    mask[:, 0] = 1.0
    act = np.array([int(rng.choice(np.flatnonzero(m))) for m in mask])
    logits = agent.policy.forward(x)[0]
    old = ppo.log_softmax(logits, mask)[np.arange(n), act] + rng.normal(0, 0.3, n)
    return x, mask, act, old, rng.normal(size=n), rng.normal(size=n)


def test_the_gradients_are_the_losses() -> None:
    """Central finite differences of the clipped surrogate (with the entropy
    bonus) and of the value loss, for every parameter of both networks."""
    agent = ppo.Agent(5, 4, 3, 1e-3, seed=0)
    agent.policy.params["w2"] *= 100  # a policy far from uniform: clipping happens
    batch = _batch(agent, 9, 4, seed=1)
    _, policy_grads, value_grads = agent.losses_and_grads(*batch)
    for net, grads, part in (
        (agent.policy, policy_grads, "policy"),
        (agent.value, value_grads, "value"),
    ):
        for name, param in net.params.items():
            numeric = np.zeros_like(param)
            for index in np.ndindex(param.shape):
                keep = param[index]
                param[index] = keep + 1e-6
                up = getattr(agent.losses_and_grads(*batch)[0], part)
                param[index] = keep - 1e-6
                down = getattr(agent.losses_and_grads(*batch)[0], part)
                param[index] = keep
                numeric[index] = (up - down) / 2e-6
            assert np.allclose(grads[name], numeric, atol=1e-7), (part, name)
    assert any(abs(g).max() > 1e-3 for g in policy_grads.values())


def test_an_update_lowers_the_loss_on_its_batch() -> None:
    agent = ppo.Agent(6, 5, 8, 1e-3, seed=2)
    x, mask, act, old, adv, ret = _batch(agent, 64, 5, seed=3)
    batch = ppo.Batch(list(x), list(mask), [int(a) for a in act], list(old), list(adv), list(ret))
    before = agent.update(batch, epochs=5, minibatch=16)
    after = agent.update(batch, epochs=1, minibatch=16)  # the losses before this update
    assert after.policy < before.policy
    assert after.value < before.value


def test_the_shaping_potential_is_the_seats_lead() -> None:
    env = SingleSeatEnv("trickrace", seat=1)
    shaping = ppo.Shaping(env.observation_layout, 2.0)
    assert shaping.on
    obs = np.zeros(env.observation_space.shape)
    obs[shaping.seat[0] + 1] = 1.0  # seat 1
    points = np.array([3.0, 9.0, 0.0, 0.0])
    obs[shaping.score[0] : shaping.score[1]] = points / (1 + points)  # the wrapper's squashing
    assert shaping.potential(obs) == pytest.approx((9 - 1) / 2.0, rel=1e-3)
    assert not ppo.Shaping([("seat", 4)], 2.0).on  # no score segment: no shaping


def test_training_changes_the_policy() -> None:
    env = SingleSeatEnv("trickrace", seat=0)
    shape = env.observation_space.shape
    agent = ppo.Agent(shape[0], int(env.action_space.n), 16, 1e-3, seed=0)
    before = {k: v.copy() for k, v in agent.policy.params.items()}
    played, history = ppo.train(env, agent, cpu_seconds=600, episodes=4, batch_episodes=2)
    assert played == 4 and len(history) == 2
    assert all(np.isfinite(h.policy) and np.isfinite(h.value) for h in history)
    assert any(not np.array_equal(before[k], agent.policy.params[k]) for k in before)
    wins, games = ppo.win_rate(env, agent, 3, seed=10**9)
    assert games == 3 and 0 <= wins <= 3
    lo, hi = ppo.wilson(30, 100)
    assert lo < 0.3 < hi and hi - lo < 0.2

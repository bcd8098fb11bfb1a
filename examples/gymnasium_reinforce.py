"""A small policy-gradient learner through the single-seat Gymnasium wrapper.

A linear softmax policy over the seat's observation tensor (numpy only: no
torch), masked to the legal actions, trained with REINFORCE (a running-mean
baseline, Adam steps) against random opponents, in a seat drawn at each
game.  It prints the policy's win rate (actions sampled from it) against
the same opponents before training (the untrained policy is uniform over
the legal actions: random play) and after.  Needs the ``[pettingzoo]``
extra (Gymnasium and numpy)::

    python examples/gymnasium_reinforce.py --game trickrace --minutes 3

``make train`` runs it; the benchmark table in ``docs/adapters.rst`` records
a run.  The test suite runs it for a few episodes only.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np

from racebook.adapters.gymnasium import SingleSeatEnv


class LinearPolicy:
    """Logits ``W.T @ [x, 1]`` over the action ids, the illegal ones masked."""

    def __init__(self, features: int, actions: int, seed: int) -> None:
        self.w = np.zeros((features + 1, actions))
        self.m = np.zeros_like(self.w)
        self.v = np.zeros_like(self.w)
        self.t = 0
        self.rng = np.random.default_rng(seed)

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        xb = np.append(x, 1.0)
        logits = xb @ self.w
        logits = np.where(mask > 0, logits, -np.inf)
        p = np.exp(logits - logits.max())
        return p / p.sum(), xb

    def act(
        self, x: np.ndarray, mask: np.ndarray, greedy: bool
    ) -> tuple[int, np.ndarray, np.ndarray]:
        """An action, the input with its bias and ``d log p(action) / d logits``
        (the gradient for ``W`` is their outer product)."""
        p, xb = self.probabilities(x, mask)
        if greedy:
            return int(np.argmax(p)), xb, p
        a = int(self.rng.choice(len(p), p=p))
        grad = -p
        grad[a] += 1.0
        return a, xb, grad

    def update(self, gradient: np.ndarray, lr: float) -> None:
        """One Adam ascent step."""
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient**2
        mh = self.m / (1 - 0.9**self.t)
        vh = self.v / (1 - 0.999**self.t)
        self.w += lr * mh / (np.sqrt(vh) + 1e-8)


def win_rate(env: SingleSeatEnv, policy: LinearPolicy, games: int, seed: int) -> float:
    wins = 0
    for i in range(games):
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            action, _, _ = policy.act(obs, info["action_mask"], greedy=False)
            obs, _, done, _, info = env.step(action)
        wins += bool(info.get("won"))
    return wins / max(1, games)


def main(argv: list[str] | None = None) -> tuple[float, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="trickrace")
    parser.add_argument("--minutes", type=float, default=3.0, help="of CPU time")
    parser.add_argument("--episodes", type=int, default=0, help="stop after this many (0: none)")
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--lr", type=float, default=0.03)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    env = SingleSeatEnv(args.game, seat=None)
    shape = env.observation_space.shape
    assert shape is not None
    space = env.action_space
    assert isinstance(space, gymnasium.spaces.Discrete)
    actions = int(space.n)
    policy = LinearPolicy(shape[0], actions, args.seed)
    before = win_rate(env, policy, args.eval_games, 10**6)
    start = time.process_time()  # CPU time: the same budget on a busy machine
    baseline, episodes = 0.0, 0
    gradient = np.zeros_like(policy.w)
    while time.process_time() - start < args.minutes * 60:
        obs, info = env.reset(seed=args.seed * 10**7 + episodes)
        inputs, grads, reward, done = [], [], 0.0, False
        while not done:
            action, xb, grad = policy.act(obs, info["action_mask"], greedy=False)
            inputs.append(xb)
            grads.append(grad)
            obs, reward, done, _, info = env.step(action)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        if inputs:  # the sum of the steps' outer products, as one product
            gradient += advantage * (np.array(inputs).T @ np.array(grads))
        episodes += 1
        if episodes % args.batch == 0:
            policy.update(gradient / args.batch, args.lr)
            gradient[:] = 0.0
        if args.episodes and episodes >= args.episodes:
            break
    trained = time.process_time() - start
    after = win_rate(env, policy, args.eval_games, 10**6)
    players = env.game.players
    print(
        f"{args.game}: REINFORCE (linear policy, numpy) against {players - 1} random players, "
        f"{episodes} episodes in {trained:.0f} s of CPU: win rate {before:.1%} before, "
        f"{after:.1%} after ({args.eval_games} games each; random play: {1 / players:.1%})"
    )
    return before, after


if __name__ == "__main__":
    main()

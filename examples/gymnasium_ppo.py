"""A small masked PPO learner through the single-seat Gymnasium wrapper.

Two small tanh networks in numpy (no torch): a policy over the game's action
ids, masked to the legal ones, and a value for the advantage baseline,
trained with PPO (clipped ratio, GAE advantages, an entropy bonus, Adam)
against random opponents in a seat drawn at each game.  It prints the win
rate against the same opponents of the untrained policy (close to uniform
over the legal actions: random play) and of the trained one, actions
sampled from the policy, each with a 95% interval.  Needs the
``[pettingzoo]`` extra (Gymnasium and numpy)::

    python examples/gymnasium_ppo.py --game trickrace --minutes 5

``make train`` runs it; ``docs/adapters.rst`` records a run.  The test suite
checks the gradients and runs a few episodes only.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

import gymnasium
import numpy as np
import numpy.typing as npt

from racebook.adapters.gymnasium import SingleSeatEnv

Array = npt.NDArray[np.float64]
NEG = -1e9  # the logit of an illegal action


class Net:
    """``tanh(x @ w1 + b1) @ w2 + b2``, with its gradient by hand."""

    def __init__(self, inputs: int, hidden: int, outputs: int, out_scale: float, seed: int):
        rng = np.random.default_rng(seed)
        self.params: dict[str, Array] = {
            "w1": rng.normal(0.0, 1.0 / math.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0.0, out_scale / math.sqrt(hidden), (hidden, outputs)),
            "b2": np.zeros(outputs),
        }

    def forward(self, x: Array) -> tuple[Array, Array]:
        """The outputs and the hidden layer (for :meth:`backward`)."""
        p = self.params
        h = np.tanh(x @ p["w1"] + p["b1"])
        return h @ p["w2"] + p["b2"], h

    def backward(self, x: Array, h: Array, d_out: Array) -> dict[str, Array]:
        """The gradient of ``sum(d_out * outputs)`` for each parameter."""
        p = self.params
        d_h = (d_out @ p["w2"].T) * (1.0 - h * h)
        return {"w1": x.T @ d_h, "b1": d_h.sum(0), "w2": h.T @ d_out, "b2": d_out.sum(0)}


class Adam:
    """Adam steps that *descend* the given gradients, clipped to a global norm."""

    def __init__(self, net: Net, lr: float, max_norm: float = 0.5) -> None:
        self.net, self.lr, self.max_norm, self.t = net, lr, max_norm, 0
        self.m = {k: np.zeros_like(v) for k, v in net.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in net.params.items()}

    def step(self, grads: dict[str, Array]) -> None:
        norm = math.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        scale = min(1.0, self.max_norm / (norm + 1e-12))
        self.t += 1
        for k, g in grads.items():
            g = g * scale
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mh = self.m[k] / (1 - 0.9**self.t)
            vh = self.v[k] / (1 - 0.999**self.t)
            self.net.params[k] -= self.lr * mh / (np.sqrt(vh) + 1e-8)


def log_softmax(logits: Array, mask: Array) -> Array:
    """Log-probabilities over the legal actions (``mask`` 1 or 0), rows of a batch."""
    z: Array = np.where(mask > 0, logits, NEG)
    z = z - z.max(axis=-1, keepdims=True)
    out: Array = z - np.log(np.exp(z).sum(axis=-1, keepdims=True))
    return out


@dataclass
class Batch:
    """Steps of whole episodes of the learner's seat."""

    obs: list[Array] = field(default_factory=list)
    masks: list[Array] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    logps: list[float] = field(default_factory=list)
    advantages: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)


class Shaping:
    """Potential-based reward shaping from the observation: the potential of
    a step is the seat's score lead, ``(own - mean of the others) / scale``,
    read from the layout's ``seat`` one-hot and score segment (``points`` or
    ``money``); the end's potential is 0.  Each step's reward gains the
    change of potential, so a game's return is unchanged (the end's reward)
    but points won in a race count when they are won, not at the game's end."""

    def __init__(self, layout: list[tuple[str, int]], scale: float) -> None:
        at, self.seat, self.score = 0, (0, 0), (0, 0)
        for name, size in layout:
            if name == "seat":
                self.seat = (at, at + size)
            elif name in ("points", "money") and self.score == (0, 0):
                self.score = (at, at + size)
            at += size
        self.scale = scale
        self.on = self.seat != (0, 0) and self.score != (0, 0) and scale > 0

    def potential(self, obs: Array) -> float:
        if not self.on:
            return 0.0
        seat = int(np.argmax(obs[self.seat[0] : self.seat[1]]))
        x = np.clip(obs[self.score[0] : self.score[1]], 0.0, 0.999)
        score = x / (1.0 - x)  # the wrapper's observation is x / (1 + x)
        others = (score.sum() - score[seat]) / max(1, len(score) - 1)
        return float(score[seat] - others) / self.scale


@dataclass
class Losses:
    """The PPO objective's parts on a batch (smaller is better for all three)."""

    policy: float
    value: float
    entropy: float


class Agent:
    """The policy and value networks and their PPO update."""

    def __init__(self, features: int, actions: int, hidden: int, lr: float, seed: int) -> None:
        self.policy = Net(features, hidden, actions, 0.01, seed)
        self.value = Net(features, hidden, 1, 1.0, seed + 1)
        self.policy_opt = Adam(self.policy, lr)
        self.value_opt = Adam(self.value, lr)
        self.rng = np.random.default_rng(seed + 2)
        self.clip, self.entropy_coef = 0.2, 0.01

    def act(self, obs: Array, mask: Array) -> tuple[int, float, float]:
        """An action sampled from the policy, its log-probability and the state's value."""
        x = obs[None, :]
        logp = log_softmax(self.policy.forward(x)[0], mask[None, :])[0]
        p = np.exp(logp)
        a = int(self.rng.choice(len(p), p=p / p.sum()))
        return a, float(logp[a]), float(self.value.forward(x)[0][0, 0])

    def losses_and_grads(
        self,
        x: Array,
        mask: Array,
        act: npt.NDArray[np.int64],
        old_logp: Array,
        adv: Array,
        ret: Array,
    ) -> tuple[Losses, dict[str, Array], dict[str, Array]]:
        """The clipped surrogate loss (with the entropy bonus) and the value
        loss on a minibatch, and their gradients for each network."""
        n = len(act)
        rows = np.arange(n)
        logits, h = self.policy.forward(x)
        logp_all = log_softmax(logits, mask)
        p = np.where(mask > 0, np.exp(logp_all), 0.0)
        logp = logp_all[rows, act]
        ratio = np.exp(logp - old_logp)
        clipped = np.clip(ratio, 1 - self.clip, 1 + self.clip)
        surrogate = np.minimum(ratio * adv, clipped * adv)
        plogp = np.where(mask > 0, p * logp_all, 0.0)
        entropy = -plogp.sum(1)
        # d loss / d logp(a): the unclipped term's, where it is the minimum
        active = ratio * adv <= clipped * adv
        d_logp = np.where(active, -ratio * adv, 0.0) / n
        d_logits = -p * d_logp[:, None]
        d_logits[rows, act] += d_logp
        # d (-coef * mean entropy) / d logits = coef * p * (log p + entropy) / n
        d_logits += self.entropy_coef * (plogp + p * entropy[:, None]) / n
        pg = self.policy.backward(x, h, d_logits)
        v, hv = self.value.forward(x)
        err = v[:, 0] - ret
        vg = self.value.backward(x, hv, (err / n)[:, None])
        losses = Losses(
            policy=float(-surrogate.mean() - self.entropy_coef * entropy.mean()),
            value=float(0.5 * (err * err).mean()),
            entropy=float(entropy.mean()),
        )
        return losses, pg, vg

    def update(self, batch: Batch, epochs: int, minibatch: int) -> Losses:
        """PPO epochs over the batch (advantages normalized); the losses before."""
        x = np.asarray(batch.obs, dtype=np.float64)
        mask = np.asarray(batch.masks, dtype=np.float64)
        act = np.asarray(batch.actions, dtype=np.int64)
        old = np.asarray(batch.logps)
        adv = np.asarray(batch.advantages)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        ret = np.asarray(batch.returns)
        first = self.losses_and_grads(x, mask, act, old, adv, ret)[0]
        for _ in range(epochs):
            order = self.rng.permutation(len(act))
            for start in range(0, len(act), minibatch):
                i = order[start : start + minibatch]
                _, pg, vg = self.losses_and_grads(x[i], mask[i], act[i], old[i], adv[i], ret[i])
                self.policy_opt.step(pg)
                self.value_opt.step(vg)
        return first


def play(
    env: SingleSeatEnv,
    agent: Agent,
    seed: int,
    batch: Batch | None,
    lam: float,
    shaping: Shaping | None = None,
) -> bool:
    """One game of the learner's seat (its steps added to ``batch`` with
    GAE(``lam``) advantages, no discount, rewards shaped by ``shaping``);
    whether the seat won."""
    obs, info = env.reset(seed=seed)
    steps: list[tuple[Array, Array, int, float, float]] = []
    potentials: list[float] = []
    reward, done = 0.0, False
    while not done:
        x = np.asarray(obs, dtype=np.float64)
        mask = np.asarray(info["action_mask"], dtype=np.float64)
        a, logp, v = agent.act(x, mask)
        steps.append((x, mask, a, logp, v))
        if shaping is not None and batch is not None:
            potentials.append(shaping.potential(x))
        obs, reward, done, _, info = env.step(a)
    if batch is not None:
        potentials = potentials or [0.0] * len(steps)
        potentials.append(0.0)  # the end's potential
        gae, next_value = 0.0, 0.0
        rows: list[tuple[float, float]] = []
        for i in range(len(steps) - 1, -1, -1):
            v = steps[i][4]
            r = (reward if i == len(steps) - 1 else 0.0) + potentials[i + 1] - potentials[i]
            delta = r + next_value - v
            gae = delta + lam * gae
            rows.append((gae, gae + v))
            next_value = v
        for (x, mask, a, logp, _), (adv, ret) in zip(steps, reversed(rows), strict=True):
            batch.obs.append(x)
            batch.masks.append(mask)
            batch.actions.append(a)
            batch.logps.append(logp)
            batch.advantages.append(adv)
            batch.returns.append(ret)
    return bool(info.get("won"))


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    d = 1 + z * z / games
    c = (p + z * z / (2 * games)) / d
    r = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return c - r, c + r


def win_rate(env: SingleSeatEnv, agent: Agent, games: int, seed: int) -> tuple[int, int]:
    """Wins in ``games`` games with actions sampled from the policy (seeds from ``seed``)."""
    return sum(play(env, agent, seed + i, None, 0.0) for i in range(games)), games


def train(
    env: SingleSeatEnv,
    agent: Agent,
    *,
    cpu_seconds: float,
    episodes: int = 0,
    batch_episodes: int = 32,
    epochs: int = 10,
    minibatch: int = 64,
    lam: float = 0.95,
    seed: int = 0,
    shaping: Shaping | None = None,
) -> tuple[int, list[Losses]]:
    """Batches of games and PPO updates until ``cpu_seconds`` of CPU time
    (or ``episodes`` games, if not 0): the games played and each update's losses."""
    start = time.process_time()  # CPU time: the same budget on a busy machine
    played, history = 0, []
    while time.process_time() - start < cpu_seconds and not (episodes and played >= episodes):
        batch = Batch()
        for _ in range(batch_episodes):
            play(env, agent, seed * 10**7 + played, batch, lam, shaping)
            played += 1
        history.append(agent.update(batch, epochs, minibatch))
    return played, history


def main(argv: list[str] | None = None) -> tuple[tuple[int, int], tuple[int, int]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="trickrace")
    parser.add_argument("--minutes", type=float, default=3.0, help="of CPU time for training")
    parser.add_argument("--episodes", type=int, default=0, help="stop after this many (0: none)")
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--seat", type=int, default=0, help="the learner's seat (-1: drawn)")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--entropy", type=float, default=0.0, help="the entropy bonus")
    parser.add_argument(
        "--shaping", type=float, default=10.0, help="score lead per unit of potential (0: none)"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    env = SingleSeatEnv(args.game, seat=None if args.seat < 0 else args.seat)
    shape = env.observation_space.shape
    assert shape is not None
    space = env.action_space
    assert isinstance(space, gymnasium.spaces.Discrete)
    agent = Agent(shape[0], int(space.n), args.hidden, args.lr, args.seed)
    agent.entropy_coef = args.entropy
    shaping = Shaping(env.observation_layout, args.shaping) if args.shaping > 0 else None
    eval_seed = 10**9  # games the training never sees
    before = win_rate(env, agent, args.eval_games, eval_seed)
    played, history = train(
        env,
        agent,
        cpu_seconds=args.minutes * 60,
        episodes=args.episodes,
        batch_episodes=args.batch,
        seed=args.seed,
        shaping=shaping,
    )
    after = win_rate(env, agent, args.eval_games, eval_seed)
    players = env.game.players
    lo0, hi0 = wilson(*before)
    lo1, hi1 = wilson(*after)
    seat = "a seat drawn each game" if args.seat < 0 else f"seat {args.seat}"
    print(
        f"{args.game}: PPO (numpy, {args.hidden} hidden) in {seat} against {players - 1} "
        f"random players, {played} games in {len(history)} updates"
    )
    print(
        f"win rate before: {before[0] / before[1]:.1%} (95% {lo0:.1%} to {hi0:.1%}); "
        f"after: {after[0] / after[1]:.1%} (95% {lo1:.1%} to {hi1:.1%}); "
        f"{args.eval_games} games each, actions sampled from the policy"
    )
    return before, after


if __name__ == "__main__":
    main()

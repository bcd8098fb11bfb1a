"""A racebook game as a PettingZoo environment: random agents that pick only
legal actions from the ``action_mask``, whole games, the rewards printed.

Needs the ``[pettingzoo]`` extra::

    python examples/pettingzoo_random.py --game readysetbet --games 3
"""

from __future__ import annotations

import argparse

import numpy as np

from racebook.adapters.pettingzoo import env


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="readysetbet")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    e = env(args.game, render_mode="ansi")
    rng = np.random.default_rng(args.seed)
    for g in range(args.games):
        e.reset(seed=args.seed + g)
        steps = 0
        rewards = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            rewards[agent] += reward
            if termination or truncation:
                e.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            e.step(int(rng.choice(legal)))
            steps += 1
        shown = ", ".join(f"{a} {r:+.2f}" for a, r in rewards.items())
        print(f"game {g + 1}: {steps} agent steps; rewards: {shown}")
    print(e.render())


if __name__ == "__main__":
    main()

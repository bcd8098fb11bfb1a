"""OpenSpiel's ``rl_environment`` on racebook games beside OpenSpiel's own
Leduc and Kuhn poker, timed in the same process (the ``[openspiel]`` extra).

Random agents step ``rl_environment.Environment`` (which reads every
player's information-state tensor at each step, as its RL agents do); the
figure is steps a second of CPU time, and each racebook game's ratio to
Leduc poker's, the median of ``--repeats`` rounds in which Leduc and the
game run in turn, so that load from other processes falls on both alike.
A second table times the tensor alone: OpenSpiel decisions a second of a
random game with and without reading the acting seat's observation tensor.
Figures, not asserts (docs/adapters.rst quotes a run).

    python benchmarks/openspiel_rl.py [--seconds S] [--repeats N] [--games trickrace,...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment

from racebook.adapters.openspiel import load


def rl_steps(game: Any, seconds: float, seed: int = 0) -> float:
    """Steps a second (CPU time) of random agents in ``rl_environment``."""
    env = rl_environment.Environment(game, seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.process_time()
    step = env.reset()
    while time.process_time() - start < seconds:
        if step.last():
            step = env.reset()
            continue
        player = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
        steps += 1
    return steps / (time.process_time() - start)


def decisions(game: Any, seconds: float, read: bool, seed: int = 0) -> float:
    """Player decisions a second (CPU time) of random games, reading the
    acting seat's observation tensor before each when ``read``."""
    rng = random.Random(seed)
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, weights)[0])
                continue
            if read:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            count += 1
    return count / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", default="longshot,mafia,readysetbet,trickrace,forcehorse")
    args = parser.parse_args()
    leduc = pyspiel.load_game("leduc_poker")
    kuhn = pyspiel.load_game("kuhn_poker")
    print("rl_environment, random agents: steps a second (CPU), ratio to Leduc poker")
    print(f"{'game':<16} {'steps/s':>10} {'Leduc':>10} {'ratio':>8}")
    for name in ["kuhn_poker", *args.games.split(",")]:
        game = kuhn if name == "kuhn_poker" else load(name)
        pairs = [
            (rl_steps(leduc, args.seconds), rl_steps(game, args.seconds))
            for _ in range(args.repeats)
        ]
        base = statistics.median(p[0] for p in pairs)
        rate = statistics.median(p[1] for p in pairs)
        ratio = statistics.median(p[1] / p[0] for p in pairs)
        print(f"{name:<16} {rate:>10,.0f} {base:>10,.0f} {ratio:>8.4f}", flush=True)
    print("\nDecisions a second (CPU) of random games, with and without the tensor read")
    print(f"{'game':<16} {'plain':>10} {'tensor':>10} {'ratio':>8}")
    for name in args.games.split(","):
        game = load(name)
        plain = decisions(game, args.seconds, read=False)
        read = decisions(game, args.seconds, read=True)
        print(f"{name:<16} {plain:>10,.0f} {read:>10,.0f} {read / plain:>8.3f}", flush=True)


if __name__ == "__main__":
    main()

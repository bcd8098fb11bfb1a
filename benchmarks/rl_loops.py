"""The RL loops with observations, as a researcher runs them (issue #38):
steps a second of CPU time of random agents through OpenSpiel's
``rl_environment`` and PettingZoo's AEC API, in every game, beside
OpenSpiel's Leduc poker timed in the same rounds.

* OpenSpiel: ``rl_environment.Environment(game)``; each step reads
  ``time_step.observations["info_state"]`` (the environment fills every
  player's information-state tensor at each step, as its RL agents read it)
  and the acting player's legal actions, and applies a uniform choice.
  Chance is sampled inside the environment; a step is one player decision.
* PettingZoo: ``env.last()`` (the acting agent's observation and action
  mask), then ``env.step`` with a uniform choice among the mask's legal ids;
  a step is one live decision (the agents' last ``step(None)`` calls at the
  end of a game are not counted).  The adapter has no parallel environment
  of its own (the games are turn-based or sequentialised); PettingZoo's
  ``turn_based_aec_to_parallel`` makes one, whose every step observes every
  agent: reported, with no goal.
  PettingZoo's own classic environments need extras that are not installed
  here (rlcard for Leduc hold'em, pygame for connect four), so the
  PettingZoo rows are compared with OpenSpiel's Leduc row and the goal's
  absolute figure.

Every figure is the median of ``repeats`` rounds; in each round every loop
runs for ``seconds`` of CPU time right after Leduc poker does, so load from
other processes falls on both alike (the ratio to Leduc is that pair's).

    PYTHONPATH=src python benchmarks/rl_loops.py [--seconds S] [--repeats N] [--games a,b]

``--floor`` prints instead what one step costs in each part (:func:`floor_parts`).
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

GAMES = ("longshot", "mafia", "readysetbet", "trickrace", "forcehorse")
PETTINGZOO_GOAL = 10_000
OPENSPIEL_GOAL = 5_000


def openspiel_steps(game: Any, seconds: float, seed: int = 0) -> float:
    """Steps a second (CPU) of random agents in OpenSpiel's ``rl_environment``."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(game, seed=seed)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    step = env.reset()
    while time.process_time() - start < seconds:
        if step.last():
            step = env.reset()
            continue
        observations = step.observations
        player = observations["current_player"]
        observations["info_state"][player]  # what an agent reads
        legal = observations["legal_actions"][player]
        step = env.step([legal[int(rng.random() * len(legal))]])
        steps += 1
    return steps / (time.process_time() - start)


def pettingzoo_steps(game: str, seconds: float, seed: int = 0) -> float:
    """Live steps a second (CPU) of random agents in the PettingZoo AEC environment."""
    import numpy as np

    from racebook.adapters.pettingzoo import env as make_env

    env = make_env(game)
    rng = random.Random(seed)
    steps = 0
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed + games)
        games += 1
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            observation["observation"]  # what an agent reads
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
            if time.process_time() - start >= seconds:
                break
    return steps / (time.process_time() - start)


def parallel_steps(game: str, seconds: float, seed: int = 0) -> float:
    """Steps a second (CPU) of PettingZoo's parallel API over the AEC
    environment (``turn_based_aec_to_parallel``: the adapter has no parallel
    environment of its own): each step observes every agent, the agent to
    act acts, a random legal id."""
    import numpy as np
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    from racebook.adapters.pettingzoo import env as make_env

    par = turn_based_aec_to_parallel(make_env(game))
    rng = random.Random(seed)
    steps = 0
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        observations, _ = par.reset(seed=seed + games)
        games += 1
        while par.agents and time.process_time() - start < seconds:
            actions = {}
            for agent in par.agents:
                legal = np.flatnonzero(observations[agent]["action_mask"])
                actions[agent] = int(legal[int(rng.random() * len(legal))]) if len(legal) else 0
            observations, *_ = par.step(actions)
            steps += 1
    return steps / (time.process_time() - start)


def measure(games: list[str], seconds: float, repeats: int) -> list[tuple[str, str, float, float]]:
    """Rows ``(game, host, steps/s, ratio to Leduc)``, medians of interleaved rounds."""
    import pyspiel

    from racebook.adapters.openspiel import load

    leduc = pyspiel.load_game("leduc_poker")
    loops: list[tuple[str, str, Callable[[float], float]]] = [
        ("leduc_poker", "rl_environment", lambda s: openspiel_steps(leduc, s))
    ]
    for name in games:
        spiel = load(name)
        loops.append((name, "rl_environment", lambda s, g=spiel: openspiel_steps(g, s)))
        loops.append((name, "pettingzoo", lambda s, n=name: pettingzoo_steps(n, s)))
        loops.append((name, "pettingzoo parallel", lambda s, n=name: parallel_steps(n, s)))
    for _, _, run in loops:  # warm-up: imports, caches, tables
        run(min(seconds, 0.2))
    rates: dict[tuple[str, str], list[float]] = {(g, h): [] for g, h, _ in loops}
    ratios: dict[tuple[str, str], list[float]] = {(g, h): [] for g, h, _ in loops}
    for _ in range(repeats):
        for game, host, run in loops:  # each loop in a pair with Leduc, timed in turn
            base = openspiel_steps(leduc, seconds)
            rate = run(seconds)
            rates[game, host].append(rate)
            ratios[game, host].append(rate / base)
    return [
        (g, h, statistics.median(rates[g, h]), statistics.median(ratios[g, h])) for g, h, _ in loops
    ]


def report_rl_loops(seconds: float = 2.0, repeats: int = 3, games: list[str] | None = None) -> None:
    """Print the rows and add the goal lines to benchmarks/run.py's Goals table."""
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as exc:
        print(f"\nRL loops: skipped ({exc.name} is not installed)")
        return
    rows = measure(list(games or GAMES), seconds, repeats)
    print(f"\nRL loops with observations: steps a second (CPU, median of {repeats} rounds)")
    print(f"  {'game':<14} {'host':<20} {'steps/s':>9} {'vs Leduc':>9}")
    for game, host, rate, ratio in rows:
        print(f"  {game:<14} {host:<20} {rate:>9,.0f} {ratio:>8.3f}x")
    # the Goals table of benchmarks/run.py when it runs this; printed here otherwise
    goal = getattr(sys.modules["__main__"], "goal", None)
    for game, host, rate, ratio in rows:
        if game == "leduc_poker" or host == "pettingzoo parallel":
            row = (f"RL: {game} through {host}", f"{rate:,.0f}/s", None)
        else:
            bound = PETTINGZOO_GOAL if host == "pettingzoo" else OPENSPIEL_GOAL
            row = (
                f"RL: {game} through {host}, >= {bound:,} steps/s",
                f"{rate:,.0f}/s ({ratio:.3f}x Leduc)",
                rate >= bound,
            )
        if goal is not None:
            goal(*row)
        else:
            verdict = "reported" if row[2] is None else "met" if row[2] else "NOT MET"
            print(f"  goal: {row[0]}  {row[1]}  {verdict}")


def engine_steps(game: str, seconds: float, tensor: bool, seed: int = 0) -> float:
    """Steps a second (CPU) of the racebook state alone, driven as the
    PettingZoo environment drives it (the arrival drawn among ``to_act``,
    the mask read by numpy, a random legal id applied; chance drawn by the
    state), with the acting seat's squashed tensor made at each step if
    ``tensor``."""
    import numpy as np

    import racebook
    from racebook.adapters.tensors import tensor_array

    rb = racebook.load(game)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = rb.new_state(seed=rng.randrange(2**63))
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[int(rng.random() * len(to_act))]
            if tensor:  # as the environment makes it
                values = tensor_array(state, seat)
                np.maximum(values, 0.0, out=values)
                values /= 1.0 + values
            legal = np.flatnonzero(np.frombuffer(state.legal_action_mask(seat), np.int8))
            state.apply_id(int(legal[int(rng.random() * len(legal))]), seat)
            steps += 1
    return steps / (time.process_time() - start)


def spiel_state_steps(game: Any, seconds: float, seed: int = 0) -> float:
    """Decisions a second (CPU) of the OpenSpiel Python state alone (the
    adapter over the engine, explicit chance sampled by its probabilities,
    no tensor, no ``rl_environment``): benchmarks/openspiel_rl.py's loop."""
    from openspiel_rl import decisions  # benchmarks/openspiel_rl.py

    return decisions(game, seconds, False, seed)


class _Stubbed:
    """The adapters' tensors replaced by a constant array while inside."""

    def __enter__(self) -> None:
        import numpy as np

        from racebook.adapters.openspiel_state import _Holder
        from racebook.adapters.pettingzoo import RacebookEnv

        self.saved = (_Holder.array, RacebookEnv._tensor)
        kept: dict[int, Any] = {}

        def const(size: int) -> Any:
            return kept.setdefault(size, np.zeros(size, np.float32))

        _Holder.array = lambda h, seat, sq: const(h.state.game.observation_shape[0])  # type: ignore[method-assign,assignment]
        RacebookEnv._tensor = lambda e, seat: const(e.game.observation_shape[0])  # type: ignore[method-assign,assignment]

    def __exit__(self, *exc: object) -> None:
        from racebook.adapters.openspiel_state import _Holder
        from racebook.adapters.pettingzoo import RacebookEnv

        _Holder.array, RacebookEnv._tensor = self.saved  # type: ignore[method-assign]


def floor_parts(games: list[str], seconds: float, repeats: int) -> None:
    """What one step costs in each part, in microseconds (CPU), medians of
    interleaved rounds: the engine alone, its tensor, PettingZoo's loop and
    the adapter over them; OpenSpiel's state (adapter and engine, with its
    chance steps), ``rl_environment``'s own work and the tensors of every
    player.  A part is the difference of two loops timed in the same round."""
    from racebook.adapters.openspiel import load

    print(f"\nRL loops, one step's parts: us a step (CPU, median of {repeats} rounds)")
    head = (
        "engine",
        "+tensor",
        "PZ adapter+host",
        "PZ",
        "spiel state",
        "rl_env host",
        "tensors",
        "rl_env",
    )
    print(f"  {'game':<12}" + "".join(f"{h:>16}" for h in head))
    for name in games:
        spiel = load(name)
        loops: dict[str, Callable[[float], float]] = {
            "engine": functools.partial(engine_steps, name, tensor=False),
            "engine+tensor": functools.partial(engine_steps, name, tensor=True),
            "pz": functools.partial(pettingzoo_steps, name),
            "spiel": functools.partial(spiel_state_steps, spiel),
            "rl_env": functools.partial(openspiel_steps, spiel),
        }
        stubbed = {"pz floor": loops["pz"], "rl_env floor": loops["rl_env"]}
        cost: dict[str, list[float]] = {k: [] for k in [*loops, *stubbed]}
        for run in loops.values():
            run(0.1)
        for _ in range(repeats):
            for key, run in loops.items():
                cost[key].append(1e6 / run(seconds))
            with _Stubbed():
                for key, run in stubbed.items():
                    cost[key].append(1e6 / run(seconds))
        us = {k: statistics.median(v) for k, v in cost.items()}
        row = (
            us["engine"],
            us["engine+tensor"] - us["engine"],
            us["pz floor"] - us["engine"],
            us["pz"],
            us["spiel"],
            us["rl_env floor"] - us["spiel"],
            us["rl_env"] - us["rl_env floor"],
            us["rl_env"],
        )
        print(f"  {name:<12}" + "".join(f"{x:>16,.0f}" for x in row), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--floor", action="store_true", help="each part's cost instead")
    args = parser.parse_args()
    if args.floor:
        floor_parts(args.games.split(","), args.seconds, args.repeats)
        return
    report_rl_loops(args.seconds, args.repeats, args.games.split(","))


if __name__ == "__main__":
    main()

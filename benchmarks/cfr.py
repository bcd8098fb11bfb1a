"""OpenSpiel's tabular CFR on the small trick race (the ``[openspiel]`` extra).

Counts the preset's game tree (histories, terminal histories, information
states), then runs ``open_spiel.python.algorithms.cfr.CFRSolver`` and prints
the NashConv of its average policy (``exploitability.nash_conv``: what the
players together would gain by each switching to a best response) after
each count of ``--iterations``; a 2-player game also gets OpenSpiel's
``exploitability`` (NashConv / 2).  ``make cfr`` runs it; docs/adapters.rst
quotes a run.

    python benchmarks/cfr.py [--preset trickrace-mini] [--iterations 1,2,4,...]
        [--settings '{"whips": 1}'] [--cpp]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

from racebook.adapters.openspiel import load


def tree_size(game: Any) -> tuple[int, int, int]:
    """Histories, terminal histories and information states of ``game``."""
    nodes = terminals = 0
    infos: set[tuple[int, str]] = set()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            terminals += 1
        elif state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
        else:
            player = state.current_player()
            infos.add((player, state.information_state_string(player)))
            stack.extend(state.child(a) for a in state.legal_actions())
    return nodes, terminals, len(infos)


def run(game: Any, iterations: list[int], cpp: bool = False) -> list[tuple[int, float, float]]:
    """``(iterations, NashConv, seconds)`` of CFR's average policy after each
    count (``cpp``: OpenSpiel's C++ ``pyspiel.CFRSolver``, which takes the
    Python game too, and ``pyspiel.nash_conv``)."""
    solver = pyspiel.CFRSolver(game) if cpp else cfr.CFRSolver(game)
    nash_conv = pyspiel.nash_conv if cpp else exploitability.nash_conv
    out = []
    start = time.perf_counter()
    done = 0
    for target in sorted(iterations):
        while done < target:
            solver.evaluate_and_update_policy()
            done += 1
        conv = nash_conv(game, solver.average_policy())
        out.append((done, float(conv), time.perf_counter() - start))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="trickrace-mini")
    parser.add_argument("--iterations", default="1,2,4,8,16,32,64,128")
    parser.add_argument("--settings", default="{}", help="config overrides, a JSON object")
    parser.add_argument("--cpp", action="store_true", help="pyspiel.CFRSolver (C++)")
    args = parser.parse_args()
    game = load(args.preset, **json.loads(args.settings))
    print(game)
    nodes, terminals, infos = tree_size(game)
    print(f"{nodes:,} histories, {terminals:,} terminal, {infos:,} information states")
    players = game.num_players()
    print("iterations   NashConv" + ("  exploitability" if players == 2 else "") + "   seconds")
    counts = [int(x) for x in args.iterations.split(",")]
    for done, conv, seconds in run(game, counts, args.cpp):
        extra = f"  {conv / 2:14.6f}" if players == 2 else ""
        print(f"{done:10d}  {conv:9.6f}{extra}  {seconds:8.1f}", flush=True)


if __name__ == "__main__":
    main()

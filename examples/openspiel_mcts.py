"""OpenSpiel's information-set MCTS bot against random players in a racebook game.

The bot is OpenSpiel's ``ISMCTSBot``: it searches only what its seat knows,
each simulation starting from a state drawn by ``resample_from_infostate``
(the others' cards, the decks' order and face-down bets drawn anew,
consistent with the seat's view).  ``--bot mcts`` plays OpenSpiel's plain
``MCTSBot`` instead, which searches the true state (it sees the others'
hands): a comparison, not a fair player.

The bot takes each seat in turn (game ``i``: seat ``i mod players``), every
other seat plays uniformly at random, and chance follows the game's own
probabilities.  A game counts as won when the bot is among the winners.
Needs the ``[openspiel]`` extra::

    python examples/openspiel_mcts.py --game trickrace --games 200 --workers 2
    python examples/openspiel_mcts.py --game longshot --games 200 --workers 2

The test suite runs it with ``--games 2 --simulations 2``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from racebook.adapters.openspiel import load, seed_resampler


def play(game_id: str, index: int, simulations: int, seed: int, kind: str) -> tuple[bool, int]:
    """One game, the bot in seat ``index mod players``; (bot won, players)."""
    game = load(game_id)
    rng = np.random.RandomState(seed * 1_000_003 + index)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot: object
    if kind == "ismcts":
        # resampling from the bot's own random state: a game is the same each run
        bot = seed_resampler(ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng))
    else:
        bot = mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=simulations,
            evaluator=evaluator,
            random_state=rng,
            solve=False,
        )
    players = game.racebook_players
    me = index % players
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == me:
            state.apply_action(int(bot.step(state)))  # type: ignore[attr-defined]
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()[:players]
    return returns[me] == max(returns), players


def _play(job: tuple[str, int, int, int, str]) -> tuple[bool, int]:
    return play(*job)


def main(argv: list[str] | None = None) -> float:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="trickrace")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--bot",
        choices=["ismcts", "mcts"],
        default="ismcts",
        help="ismcts: searches what its seat knows; mcts: searches the true state (peeks)",
    )
    args = parser.parse_args(argv)
    jobs = [(args.game, i, args.simulations, args.seed, args.bot) for i in range(args.games)]
    start = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            results = pool.map(_play, jobs, chunksize=1)
    else:
        results = [_play(job) for job in jobs]
    wins = sum(1 for won, _ in results if won)
    players = results[0][1] if results else 1
    rate = wins / max(1, len(results))
    print(
        f"{args.game}: {args.bot.upper()} ({args.simulations} simulations a move) won {wins} of "
        f"{len(results)} games against {players - 1} random players: win rate {rate:.1%} "
        f"(random play: {1 / players:.1%}), {time.perf_counter() - start:.0f} s"
    )
    return rate


if __name__ == "__main__":
    main()

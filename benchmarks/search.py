"""The search bot's strength and speed, a row per game: the hard search bot
against the heuristic bot, and against random play (one search bot, the other
seats the opponent's, seats rotated), its win rate with a 95% interval beside
the share an equal player would win, and its decisions per second.  Figures,
not asserts: run it by hand (``make bench-search``); the tests play a handful
of games only.

    python benchmarks/search.py [--games N] [--level LEVEL] [--workers N] [--quick]
"""

from __future__ import annotations

import argparse
import sys

import racebook
from racebook.tournament import tournament

GAMES = ["longshot", "mafia", "readysetbet", "trickrace", "forcehorse"]


def row(game_id: str, bot: str, opponent: str, games: int, workers: int) -> str:
    game = racebook.load(game_id)
    lineup = [bot] + [opponent] * (game.players - 1)
    t = tournament(game, lineup, games=games, seed=1, workers=workers)
    me = t.row(bot)
    fair = 1 / game.players
    beats = "yes" if me.win_low > fair else "no"
    return (
        f"| {game.title} | {opponent} | {games} | {me.win_rate:.1%} "
        f"[{me.win_low:.1%}, {me.win_high:.1%}] | {fair:.1%} | {beats} | "
        f"{me.mean_score:,.1f} ± {me.score_half:,.1f} | {me.per_second:,.1f} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per row (default 100)")
    parser.add_argument("--level", default="hard", help="the search level (default hard)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--game", action="append", help="only this game (may repeat)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 2 games, easy")
    args = parser.parse_args()
    if args.quick:
        args.games, args.level = 2, "easy"
    bot = f"search:{args.level}"
    print(f"racebook {racebook.__version__}: {bot}, {args.games} games a row, seed 1")
    print(
        "| game | against | games | win rate [95% CI] | an equal player's | outside | "
        "mean score ± 95% | decisions/s |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for game_id in args.game or GAMES:
        for opponent in ("heuristic", "random"):
            print(row(game_id, bot, opponent, args.games, args.workers), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

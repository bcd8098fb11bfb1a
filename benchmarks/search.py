"""The search bot's strength and speed, the README's table: for every game one
tournament of the hard search bot, the heuristic bot and random play (seats
rotated, seed 1, the games of :data:`GAMES`), a row per game with each bot's
win rate and its 95% interval, the search bot's mean score beside the
heuristic's, whether the search bot's interval lies above both others', and
its decisions per second.  The same runs as ``make tournament`` (which prints
each tournament's own table).  Figures, not asserts: run it by hand (``make
bench-search``); the tests play a handful of games only.

    python benchmarks/search.py [--games N] [--level LEVEL] [--workers N] [--game G] [--quick]
"""

from __future__ import annotations

import argparse
import platform
import sys

import racebook
from racebook.tournament import BotRow, tournament

#: The games and the number of games each tournament plays (the README's).
GAMES = {"longshot": 100, "mafia": 60, "readysetbet": 200, "trickrace": 40, "forcehorse": 150}


def row(game_id: str, bot: str, games: int, workers: int) -> str:
    game = racebook.load(game_id)
    t = tournament(game, [bot, "heuristic", "random"], games=games, seed=1, workers=workers)
    me, heuristic, rand = t.row(bot), t.row("heuristic"), t.row("random")
    outside = "yes" if me.win_low > max(heuristic.win_high, rand.win_high) else "no"

    def win(r: BotRow) -> str:
        return f"{r.win_rate:.1%} [{r.win_low:.1%}, {r.win_high:.1%}]"

    return (
        f"| {game.title} | {games} | {win(me)} | {win(heuristic)} | {win(rand)} | {outside} | "
        f"{me.mean_score:,.1f} ± {me.score_half:,.1f} | "
        f"{heuristic.mean_score:,.1f} ± {heuristic.score_half:,.1f} | {me.per_second:,.1f} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, help="games per tournament (default: GAMES's)")
    parser.add_argument("--level", default="hard", help="the search level (default hard)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--game", action="append", help="only this game (may repeat)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 2 games, easy")
    args = parser.parse_args()
    if args.quick:
        args.games, args.level = 2, "easy"
    bot = f"search:{args.level}"
    print(
        f"racebook {racebook.__version__}: {bot}, heuristic, random; seed 1; "
        f"Python {platform.python_version()} on {platform.machine()}"
    )
    print(
        f"| game | games | {bot} win rate [95% CI] | heuristic | random | outside both | "
        f"{bot} mean score ± 95% | heuristic's | {bot} decisions/s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for game_id in args.game or GAMES:
        print(row(game_id, bot, args.games or GAMES[game_id], args.workers), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

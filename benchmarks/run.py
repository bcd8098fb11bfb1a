"""Throughput, replay speed, log size and memory of racebook, as ratios against
the bare reference loops in ../shared/bench (plain Python, no API) run in the
same process.  Figures, not asserts: run it by hand (``make bench``).

    python benchmarks/run.py [--games N] [--bench-dir DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from types import ModuleType
from typing import Any

import racebook
from racebook.agents.base import RandomBot

HERE = Path(__file__).resolve().parent


def load_bare(bench_dir: Path, name: str) -> ModuleType | None:
    path = bench_dir / f"{name}.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"bare_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def time_bare(bare: ModuleType, games: int) -> float:
    rng = random.Random(1)
    stats = [0, 0, 0]
    t = time.perf_counter()
    for _ in range(games):
        bare.game(rng, stats)
    return time.perf_counter() - t


def play(game: racebook.Game[Any], seed: int) -> racebook.State[Any]:
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(bot.choose(state, seat))
    return state


def collect_logs(game: racebook.Game[Any], games: int) -> tuple[int, list[str]]:
    actions = 0
    logs: list[str] = []
    for g in range(games):
        state = play(game, g)
        actions += len(state.log)
        logs.append(state.log.dumps())
    return actions, logs


def time_play_only(game: racebook.Game[Any], games: int) -> float:
    t = time.perf_counter()
    for g in range(games):
        play(game, g)
    return time.perf_counter() - t


def time_replay(logs: list[str]) -> float:
    t = time.perf_counter()
    for text in logs:
        racebook.replay(text)
    return time.perf_counter() - t


def peak_memory(game: racebook.Game[Any]) -> int:
    tracemalloc.start()
    state = play(game, 12345)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del state
    return peak


def report(title: str, game: racebook.Game[Any], bare: ModuleType | None, n: int) -> None:
    print(f"{title}: {n} games, random bots")
    bare_s = None
    if bare is not None:
        time_bare(bare, max(5, n // 10))  # warm up
        bare_s = min(time_bare(bare, n) for _ in range(2))
    play_s = min(time_play_only(game, n) for _ in range(2))
    actions, logs = collect_logs(game, n)
    replay_s = min(time_replay(logs) for _ in range(2))
    log_bytes = statistics.mean(len(text.encode()) for text in logs)
    peak = peak_memory(game)

    rows = []
    if bare_s is not None:
        rows.append(("bare loop (no API)", f"{n / bare_s:,.0f} games/s", "1.00x"))
    ratio = f"{play_s / bare_s:.2f}x" if bare_s else "-"
    rows.append(("validated API, log kept", f"{n / play_s:,.0f} games/s", ratio))
    live_aps = actions / play_s
    replay_aps = actions / replay_s
    rows.append(("live play", f"{live_aps:,.0f} actions/s", ""))
    rows.append(
        (
            "replay (parse + verify)",
            f"{replay_aps:,.0f} actions/s",
            f"{replay_aps / live_aps:.2f}x live",
        )
    )
    rows.append(("actions per game", f"{actions / n:.1f}", ""))
    rows.append(("log size", f"{log_bytes:,.0f} bytes/game", ""))
    rows.append(("peak memory, one game", f"{peak / 1024:,.0f} KiB", ""))
    width = max(len(r[0]) for r in rows)
    for name, value, rel in rows:
        print(f"  {name:<{width}}  {value:>22}  {rel}")
    if bare_s is not None:
        print(f"  cost vs bare loop: {play_s / bare_s:.2f}x (goal: at most 3x)")
    print(f"  replay vs live play: {replay_aps / live_aps:.2f}x (goal: at least 3x faster)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bench-dir", type=Path, default=HERE.parent.parent / "shared" / "bench")
    args = parser.parse_args()
    print(f"racebook {racebook.__version__} benchmarks, Python {sys.version.split()[0]}")
    report(
        "Long Shot, 5 players, 2 races",
        racebook.load("longshot", players=5),
        load_bare(args.bench_dir, "longshot_bare"),
        args.games,
    )
    report(
        "Trick race, 4 players, 4 races",
        racebook.load("trickrace", players=4),
        load_bare(args.bench_dir, "trickrace_bare"),
        args.games,
    )
    report_rsb(load_bare(args.bench_dir, "rsb_bare"), args.games * 20)
    return 0


def report_rsb(bare: ModuleType | None, races: int) -> None:
    from racebook.games.readysetbet import Bet, RollOut, run_race

    games = max(1, races // 40)
    print(f"Ready Set Bet: {races} races (fast path), {games} full games (5 bettors)")
    config = racebook.load("readysetbet").config
    rng = random.Random(1)
    t = time.perf_counter()
    for _ in range(races):
        run_race([0] * 9, -1, rng, config.track, config.bonus)
    fast = time.perf_counter() - t
    per_race = None
    if bare is not None:
        rng = random.Random(1)
        t = time.perf_counter()
        for _ in range(races):
            bare.race(rng)
        bare_s = time.perf_counter() - t
        per_race = bare_s / races
        print(f"  bare race loop              {races / bare_s:>10,.0f} races/s  1.00x")
        print(
            f"  race fast path (odds)       {races / fast:>10,.0f} races/s  {fast / bare_s:.2f}x"
            " (goal: at most 1.5x)"
        )

    # one logged race through the API: a state, five bets, the roll-out, settlement
    one = racebook.load("readysetbet", players=1, races=1, vip_cards=())
    spots = ("win:7:0", "win:6:0", "show:8:0", "colour:red", "place:5:0")
    n = max(1, races // 4)
    t = time.perf_counter()
    for i in range(n):
        state = one.new_state(seed=i)
        for token, spot in zip((2, 3, 3, 4, 5), spots, strict=True):
            state.apply(Bet(0, token, spot))
        state.apply(RollOut(one.host))
    race_s = (time.perf_counter() - t) / n
    line = f"  one logged race (5 bets)    {1 / race_s:>10,.0f} races/s"
    if per_race is not None:
        line += f"  {race_s / per_race:.2f}x one bare race"
    print(line)

    game = racebook.load("readysetbet")
    t = time.perf_counter()
    for g in range(games):
        play(game, g)
    full = (time.perf_counter() - t) / games
    _, logs = collect_logs(game, games)
    replay_s = min(time_replay(logs) for _ in range(2)) / games
    line = f"  full logged game, random   {1 / full:>10,.0f} games/s"
    if per_race is not None:
        line += f"  {full / (4 * per_race):.2f}x four bare races (goal: at most 3x)"
    print(line)
    speed = full / replay_s
    print(f"  replay of a full game       {1 / replay_s:>10,.0f} games/s  {speed:.2f}x live")
    size = statistics.mean(len(x) for x in logs)
    print(f"  log size                    {size:>10,.0f} bytes/game")


if __name__ == "__main__":
    raise SystemExit(main())

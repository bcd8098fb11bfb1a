"""Throughput, replay speed, log size and memory of racebook, as ratios against
plain-Python reference loops timed in the same process.

benchmarks/reference/ holds one reference loop per game (Long Shot, the trick
race, a Ready Set Bet race, Force of the Horse): the same random game with no
API, no validation and no log.  If a directory of other bare loops is given
with --bench-dir (by default ../shared/bench beside the repository, used only
when it exists), its longshot_bare.py, trickrace_bare.py, rsb_bare.py and
forcehorse_bare.py are timed too and each figure is also given as a ratio to
them.  Figures, not asserts: run it by hand
(make bench).  Every ratio compares CPU times (process time), each the
median of ``--repeats`` rounds in which both sides of the comparison run in
turn after a warm-up run of each, so load from other processes falls on both
sides alike.  It ends with a "Goals" table: each goal of issues #17, #24 and #38
with its figure and met / not met.

    python benchmarks/run.py [--games N] [--sim-games N] [--repeats N] [--bench-dir DIR] [--quick]
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs

import racebook
from racebook.agents.base import RandomBot

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "reference"

Loop = Callable[[random.Random], object]
"""One game (or race) of a loop without API, drawing from the given generator."""

GOALS: list[tuple[str, str, str]] = []
"""The Goals table: (goal, figure, "met" / "not met" / "reported"), in order."""


def goal(name: str, figure: str, met: bool | None) -> None:
    """One row of the Goals table (``met`` ``None``: a figure reported, no bound)."""
    GOALS.append((name, figure, "reported" if met is None else "met" if met else "NOT MET"))


def print_goals() -> None:
    print("Goals (issues #17, #24, #38)")
    width = max(len(g[0]) for g in GOALS)
    fig = max(len(g[1]) for g in GOALS)
    for name, figure, verdict in GOALS:
        print(f"  {name:<{width}}  {figure:>{fig}}  {verdict}")
    met = sum(1 for g in GOALS if g[2] == "met")
    bounded = sum(1 for g in GOALS if g[2] != "reported")
    print(f"  {met} of {bounded} goals met")
    write_goals_markdown(Path("out") / "bench-goals.md", met, bounded)


def write_goals_markdown(path: Path, met: int, bounded: int) -> None:
    """The Goals table as Markdown, for the README's short table (the goals
    with a bound; the reported figures stay in the bench's own output)."""
    rows = [
        f"| {n} | {f} | {'**met**' if v == 'met' else v} |" for n, f, v in GOALS if v != "reported"
    ]
    text = "\n".join(
        [
            "| goal | figure | verdict |",
            "| --- | --- | --- |",
            *rows,
            "",
            f"{met} of {bounded} goals met; machine: {machine()}",
            "",
        ]
    )
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"  (as Markdown: {path})")


def machine() -> str:
    """The machine, named: CPU model, cores, Python."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import os

    return f"{cpu}, {os.cpu_count()} cores, {platform.system()}, Python {sys.version.split()[0]}"


REPEATS = 5
"""Rounds of every interleaved group (main sets it: --repeats)."""


def interleaved(
    fns: dict[str, Callable[[], object]], repeats: int | None = None
) -> dict[str, float]:
    """The median CPU time (process time) of each of ``fns`` over ``repeats``
    rounds, each round calling every one in turn after one warm-up call of
    each (caches, tables, imports filled on both sides).  Interleaving keeps
    the pair a ratio compares under the same load: a burst of other work on
    the machine falls on one round of both, not on one side."""
    for fn in fns.values():
        fn()
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeats or REPEATS):
        for name, fn in fns.items():
            t = time.process_time()
            fn()
            times[name].append(time.process_time() - t)
    return {name: statistics.median(ts) for name, ts in times.items()}


def run_loop(loop: Loop, games: int) -> None:
    rng = random.Random(1)
    for _ in range(games):
        loop(rng)


def play_games(game: racebook.Game[Any, Any], games: int) -> None:
    for g in range(games):
        play(game, g)


def play_random_games(game: racebook.Game[Any, Any], games: int) -> None:
    """The same games as :func:`play_games`, by ``State.play_random``."""
    for g in range(games):
        game.new_state(seed=g).play_random(random.Random(g))


def replay_all(logs: list[str]) -> None:
    for text in logs:
        racebook.replay(text)


def time_replay(logs: list[str]) -> float:
    """CPU seconds to replay ``logs`` once."""
    t = time.process_time()
    replay_all(logs)
    return time.process_time() - t


def time_clone(state: racebook.State[Any, Any, Any], n: int) -> float:
    """CPU seconds per :meth:`~racebook.State.clone` of ``state`` (a median of rounds)."""

    def clones() -> None:
        for _ in range(n):
            state.clone()

    return interleaved({"clone": clones})["clone"] / n


def clone_goals(short: str, game: racebook.Game[Any, Any], per_action: float) -> None:
    """clone() at the start and at the end of a game, in actions' cost (goal: at most 5)."""
    start = game.new_state(seed=7)
    end = play(game, 7)
    for where, state in (("start", start), ("end", end)):
        cost = time_clone(state, 200) / per_action
        goal(f"{short}: clone() at the {where}, <= 5 actions", f"{cost:.2f} actions", cost <= 5)


def load_module(path: Path, name: str) -> ModuleType | None:
    """The Python file at ``path`` as a module, or ``None`` if there is none."""
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def yardsticks(bench_dir: Path, game: str, bare: str, entry: str) -> list[tuple[str, Loop]]:
    """The loops a figure is compared with: ours, then the other directory's
    if it has one (its ``game(rng, stats)`` or ``race(rng)``)."""
    ours = load_module(REFERENCE / f"{game}.py", f"reference_{game}")
    assert ours is not None, f"missing {REFERENCE / game}.py"
    loops: list[tuple[str, Loop]] = [("reference loop", getattr(ours, entry))]
    theirs = load_module(bench_dir / f"{bare}.py", f"bare_{bare}")
    if theirs is not None:
        run = getattr(theirs, entry)
        if entry == "game":
            stats = [0, 0, 0]
            loops.append(("shared bare loop", lambda rng: run(rng, stats)))
        else:
            loops.append(("shared bare loop", run))
    return loops


def play(game: racebook.Game[Any, Any], seed: int) -> racebook.State[Any, Any, Any]:
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(bot.choose(state, seat))
    return state


def play_masked(game: racebook.Game[Any, Any], seed: int) -> racebook.State[Any, Any, Any]:
    """The same random game through integer ids: the mask, a uniform pick among
    its set entries, applied by its id (``apply_id``)."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        mask = state.legal_action_mask(seat)
        k = int(rng.random() * mask.count(1))
        i = mask.find(1)
        for _ in range(k):
            i = mask.find(1, i + 1)
        state.apply_id(i, seat)
    return state


def time_playouts(game: racebook.Game[Any, Any], games: int, playout: Any) -> float:
    t = time.process_time()
    for g in range(games):
        playout(game, g)
    return time.process_time() - t


def collect_logs(game: racebook.Game[Any, Any], games: int) -> tuple[int, list[str]]:
    actions = 0
    logs: list[str] = []
    for g in range(games):
        state = play(game, g)
        actions += len(state.log)
        logs.append(state.log.dumps())
    return actions, logs


def time_play_only(game: racebook.Game[Any, Any], games: int) -> float:
    t = time.process_time()
    for g in range(games):
        play(game, g)
    return time.process_time() - t


def peak_memory(game: racebook.Game[Any, Any]) -> int:
    tracemalloc.start()
    state = play(game, 12345)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del state
    return peak


def report(
    title: str,
    short: str,
    game: racebook.Game[Any, Any],
    loops: list[tuple[str, Loop]],
    n: int,
    *,
    shipped: bool = True,
) -> None:
    """A game against its reference loops.  ``shipped``: the game as the
    library ships it; if not (a config made for the comparison), only the
    playout figure is a goal, the others are reported."""
    print(f"{title}: {n} games, random bots (CPU medians of {REPEATS}, interleaved)")
    actions, logs = collect_logs(game, n)
    fns: dict[str, Callable[[], object]] = {
        name: (lambda loop=loop: run_loop(loop, n))  # type: ignore[misc]
        for name, loop in loops
    }
    fns["play"] = lambda: play_games(game, n)
    fns["random"] = lambda: play_random_games(game, n)
    fns["replay"] = lambda: replay_all(logs)
    fns["masked"] = lambda: time_playouts(game, n, play_masked)
    med = interleaved(fns)
    loop_s = [med[name] for name, _ in loops]
    play_s, replay_s, masked_s = med["play"], med["replay"], med["masked"]
    random_s = med["random"]
    log_bytes = statistics.mean(len(text.encode()) for text in logs)
    peak = peak_memory(game)

    base = loop_s[0]
    rows = [
        (f"{name} (no API)", f"{n / s:,.0f} games/s", f"{s / base:.2f}x")
        for (name, _), s in zip(loops, loop_s, strict=True)
    ]
    rows.append(("validated API, log kept", f"{n / play_s:,.0f} games/s", f"{play_s / base:.2f}x"))
    own_row = f"{random_s / base:.2f}x"
    rows.append(("play_random, log kept", f"{n / random_s:,.0f} games/s", own_row))
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
    rows.append(
        (
            "masked playout (action ids)",
            f"{n / masked_s:,.0f} games/s",
            f"{masked_s / play_s:.2f}x legal_actions",
        )
    )
    rows.append(("actions per game", f"{actions / n:.1f}", ""))
    rows.append(("log size", f"{log_bytes:,.0f} bytes/game", ""))
    rows.append(("peak memory, one game", f"{peak / 1024:,.0f} KiB", ""))
    width = max(len(r[0]) for r in rows)
    for name, value, rel in rows:
        print(f"  {name:<{width}}  {value:>22}  {rel}")
    for (name, _), s in zip(loops, loop_s, strict=True):
        print(
            f"  cost vs {name}: play_random {random_s / s:.2f}x (goal: at most 3x), "
            f"RandomBot through apply {play_s / s:.2f}x"
        )
    print(f"  replay vs live play: {replay_aps / live_aps:.2f}x (replay vs reference: loops.py)")
    ratio = play_s / base
    REFERENCE_LOOPS[short] = (loops[0][1], n, actions)
    REFERENCE_PER_ACTION[short] = base / actions
    PLAY_PER_ACTION[short] = play_s / actions
    # the goal: a random playout through the validated API with the log
    # (State.play_random); a RandomBot's loop through apply, log for log the
    # same game, adds the caller's calls (is_over, to_act, choose) and is reported
    own = random_s / base
    goal(f"{short}: random playout (play_random) vs reference loop, <= 3x", f"{own:.2f}x", own <= 3)
    goal(f"{short}: RandomBot through apply vs reference loop", f"{ratio:.2f}x", None)
    if shipped:
        clone_goals(short, game, play_s / actions)
    per = log_bytes / (actions / n)
    goal(f"{short}: log bytes/action, <= 40", f"{per:.1f} B", per <= 40 if shipped else None)
    goal(f"{short}: peak memory, one game", f"{peak / 1024:,.0f} KiB", None)


REFERENCE_LOOPS: dict[str, tuple[Loop, int, int]] = {}
"""Each game's reference loop, its games and the API's actions in as many
games: the floor is timed interleaved with them."""

REFERENCE_PER_ACTION: dict[str, float] = {}
"""Seconds per action of each game's reference loop (its time over the API's
action count for the same number of games), for the floor's comparison."""

RSB_GAME: list[float] = []
"""Ready Set Bet's actions per full game and the seconds of four reference races."""

PLAY_PER_ACTION: dict[str, float] = {}
"""Seconds per action of each game's validated playout, the same way."""


def without_abilities(game: racebook.Game[Any, Any]) -> racebook.Game[Any, Any]:
    """Force of the Horse with every card's abilities taken away (and the
    aptitude modifiers of the 1000s off): the game of part 1, which the
    reference loop plays."""
    config = game.config
    cards = tuple(attrs.evolve(c, abilities=()) for c in config.cards)
    return type(game)(attrs.evolve(config, cards=cards, aptitude=False))


def report_abilities(n: int) -> None:
    """Force of the Horse as shipped: the sample decks with their abilities
    (triggers, replacements, choices, loops), which no reference loop plays."""
    plain = without_abilities(racebook.load("forcehorse"))
    game = racebook.load("forcehorse")
    print(f"Force of the Horse with the sample set's abilities: {n} games, random bots")
    actions, logs = collect_logs(game, n)
    med = interleaved(
        {
            "plain": lambda: play_games(plain, n),
            "play": lambda: play_games(game, n),
            "replay": lambda: replay_all(logs),
        }
    )
    plain_s, play_s, replay_s = med["plain"], med["play"], med["replay"]
    per = statistics.mean(len(text.encode()) for text in logs) / (actions / n)
    speed = (actions / replay_s) / (actions / play_s)
    clone_goals("Force of the Horse with abilities", game, play_s / actions)
    print(f"  validated API, log kept   {n / play_s:>10,.1f} games/s")
    print(f"  cost vs the same decks without abilities: {play_s / plain_s:.2f}x")
    print(f"  replay vs live play: {speed:.2f}x; log {per:.1f} bytes/action")
    goal("Force of the Horse with abilities: playout vs without", f"{play_s / plain_s:.2f}x", None)
    goal("Force of the Horse with abilities: replay vs live", f"{speed:.2f}x", None)
    goal("Force of the Horse with abilities: log bytes/action, <= 40", f"{per:.1f} B", per <= 40)


def report_card_sets(sets: int) -> None:
    """Issue #22's bounded cost: the worst CPU time of one action over one
    random-bot game of each of ``sets`` random card sets of the whole ability
    vocabulary (tests/foth_cards.py), and of the hostile sets, at the
    shipped bounds (``max_work``, ``max_effects``, ``loop_repeats``)."""
    sys.path.insert(0, str(HERE.parent))
    from tests.foth_cards import hostile_draws, hostile_pileup, play_set, random_card_set

    print(f"\n== Force of the Horse: {sets} random card sets and the hostile ones ==")
    worst: list[tuple[float, str, int, str]] = []
    ends: dict[str, int] = {}
    start = time.process_time()
    actions = 0
    replays: list[float] = []
    for i in range(sets):
        n, w, end = play_set(random_card_set(random.Random(i)), i, replay=replays)
        actions += n
        ends[end.split(":")[0]] = ends.get(end.split(":")[0], 0) + 1
        worst.append((w, f"random set {i}", n, end))
    total = time.process_time() - start
    for name, text in (("hostile draws", hostile_draws()), ("hostile pile-up", hostile_pileup())):
        for seed in range(5):
            n, w, end = play_set(text, seed)
            worst.append((w, f"{name}, seed {seed}", n, end))
    worst.sort(reverse=True)
    print(f"  games ended: {', '.join(f'{k} {v}' for k, v in sorted(ends.items()))}")
    each = total / max(1, actions) * 1e3
    print(f"  {actions:,} actions in {total:.1f} s CPU: {each:.2f} ms each")
    for w, what, n, end in worst[:5]:
        print(f"  worst: {w * 1e3:8.1f} ms  {what} ({n} actions, {end})")
    goal(
        f"Force of the Horse: worst action over {sets} random card sets + hostile",
        f"{worst[0][0] * 1e3:.0f} ms",
        None,
    )
    goal(
        f"Force of the Horse: worst replay per log line over {sets} random card sets (game built)",
        f"{max(replays, default=0.0) * 1e3:.1f} ms",
        None,
    )


def report_chains() -> None:
    """Issue 34: the engine's limits sit far above a finite chain, and the
    worst action at the shipped limits stays bounded: CPU time of one action
    that makes a chain of 10,000 effects (it plays out), and of one piling up
    effects that every card in a run area reads until ``max_effects``."""
    sys.path.insert(0, str(HERE.parent))
    from tests import test_forcehorse_verified as cases

    from racebook.games.forcehorse import ForceHorseConfig, Run

    print("\n== Force of the Horse: long forced chains at the shipped limits ==")
    limit = ForceHorseConfig().max_effects
    climb = cases.support(
        "Test Climb", "situation",
        '[[card.ability]]\ntype = "state"\nwhen = ["your-turn"]\n'
        'unless = ["your-run.run-at-least:9999"]\n'
        'do = [{effect = "run", amount = 1, target = "your-run", until = "turn"}]\n',
    )  # fmt: skip
    tread = cases.support(
        "Test Tread", "situation",
        '[[card.ability]]\ntype = "state"\nwhen = ["hand-at-most:99"]\n'
        'do = [{effect = "guard", amount = 1, target = "your-run", only = "run-at-least:1"}]\n',
    )  # fmt: skip
    for what, text in (
        ("a chain of about 10,000 effects", climb),
        (f"a pile-up to {limit:,}", tread),
    ):
        st = cases.position(
            situation=((text.split('"')[1],), ()), hands=(("Paper Kite",), ()),
            runs=(("Stone Bridge",), ()), extra=cases.cards(text), phase="runner",
            aptitude=False,
        )  # fmt: skip
        start = time.process_time()
        events = st.apply(Run(0, "Paper Kite"))
        spent = time.process_time() - start
        end = next((e.kind for e in events if e.kind in ("engine-limit", "loop-draw")), "goes on")
        print(f"  {what}: one action {spent:.1f} s CPU, {len(st.ab.lasting):,} effects, {end}")
        goal(f"Force of the Horse: one action making {what}", f"{spent:.1f} s", None)


def report_floor(reference: dict[str, float], n: int) -> None:
    """The floor: a game with no rules to speak of (benchmarks/floor.py)
    through the same contract, per action, against each reference loop's
    cost per action.  A playout cannot cost less than the floor, so a
    reference loop whose action costs less than a third of the floor's makes
    the 3x goal out of reach of any rules code behind this API."""
    sys.path.insert(0, str(HERE))
    from floor import FloorGame

    game = FloorGame()
    actions = sum(len(play(game, g).log) for g in range(n))
    fns: dict[str, Callable[[], object]] = {"floor": lambda: time_play_only(game, n)}
    for name, (loop, games, _) in REFERENCE_LOOPS.items():
        fns[name] = lambda loop=loop, games=games: run_loop(loop, games)  # type: ignore[misc]
    med = interleaved(fns)  # the floor and every reference loop, in turn
    seconds = med["floor"]
    reference = {name: med[name] / REFERENCE_LOOPS[name][2] for name in reference if name in med}
    per = seconds / actions
    print(
        f"the API's floor (benchmarks/floor.py): {per * 1e6:.2f} us an action, random bot "
        f"(CPU medians of {REPEATS}, interleaved with the reference loops)"
    )
    goal("API floor: one action of a rule-less game", f"{per * 1e6:.2f} us", None)
    for name, ref in reference.items():
        live = PLAY_PER_ACTION[name]
        print(
            f"  {name}: reference loop {ref * 1e6:.2f} us an action (floor/reference "
            f"{per / ref:.2f}x); validated playout {live * 1e6:.2f} us (floor is "
            f"{per / live:.0%} of it)"
        )
        goal(f"{name}: floor vs reference loop, per action", f"{per / ref:.2f}x", None)
    if RSB_GAME:
        actions, four = RSB_GAME
        bound = per * actions / four
        print(
            f"  Ready Set Bet: {actions:.0f} actions a game at the floor's cost are "
            f"{bound:.1f}x four reference races (the withdrawn goal was 10x)"
        )
        goal("Ready Set Bet: a game's actions at the floor vs 4 races", f"{bound:.1f}x", None)


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def main() -> int:
    global REPEATS
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=positive, default=150, help="games of each (default: %(default)s)"
    )
    parser.add_argument(
        "--sim-games",
        type=positive,
        default=10_000,
        help="games of the long simulation's memory figures (default: %(default)s)",
    )
    parser.add_argument(
        "--repeats",
        type=positive,
        default=REPEATS,
        help="rounds of each interleaved comparison, whose CPU median is given "
        "(default: %(default)s)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a smoke test: --games 2 --sim-games 200 (the figures mean nothing)",
    )
    parser.add_argument(
        "--bench-dir",
        type=Path,
        default=HERE.parent.parent / "shared" / "bench",
        help="more bare loops to compare with, if the directory exists (default: %(default)s)",
    )
    args = parser.parse_args()
    if args.quick:
        args.games, args.sim_games, args.repeats = 2, 200, 1
    REPEATS = args.repeats
    args.sim_games = max(10, args.sim_games)  # ten slices
    print(f"racebook {racebook.__version__} benchmarks, Python {sys.version.split()[0]}")
    print(f"machine: {machine()}")
    shared = args.bench_dir.is_dir()
    print(
        f"yardsticks: {REFERENCE.relative_to(HERE.parent)}"
        + (f" and {args.bench_dir}" if shared else "")
    )
    report(
        "Long Shot, 5 players, 2 races",
        "Long Shot",
        racebook.load("longshot", players=5),
        yardsticks(args.bench_dir, "longshot", "longshot_bare", "game"),
        args.games,
    )
    report(
        "Trick race, 4 players, 4 races",
        "trick race",
        racebook.load("trickrace", players=4),
        yardsticks(args.bench_dir, "trickrace", "trickrace_bare", "game"),
        args.games,
    )
    report_rsb(yardsticks(args.bench_dir, "readysetbet", "rsb_bare", "race"), args.games * 20)
    report_odds(9 if not args.quick else 1)
    __import__("rsb").report(max(2, args.games // 5), REPEATS, goal)  # rsb.py: issue #38
    report(
        "Force of the Horse, 2 players, sample decks without their abilities "
        "(the reference loop's game), Tokyo 1600 m",
        "Force of the Horse",
        without_abilities(racebook.load("forcehorse")),
        yardsticks(args.bench_dir, "forcehorse", "forcehorse_bare", "game"),
        max(2, args.games // 5),
        shipped=False,
    )
    from listing_tt import report_listing_tt  # benchmarks/listing_tt.py (issue #38)

    report_listing_tt(args.games, REPEATS, goal, args.bench_dir)
    report_abilities(max(2, args.games // 15))
    report_card_sets(500 if not args.quick else 5)
    if not args.quick:
        report_chains()
    report_line_hash(max(2, args.games // 3))
    report_floor(REFERENCE_PER_ACTION, max(200, args.games * 20))
    report_workers(args.games * 4)
    report_simulation(args.sim_games)
    from reading import report_reading  # benchmarks/reading.py

    report_reading(30 if args.quick else args.sim_games, goal)  # 10,000 logs by default
    from bounded import report_bounded  # benchmarks/bounded.py

    report_bounded(10 if args.quick else 100)
    from loops import report_loops  # benchmarks/loops.py (issue #38)

    report_loops(args.bench_dir, args.games, REPEATS, goal)
    from rl_loops import report_rl_loops  # benchmarks/rl_loops.py

    report_rl_loops(0.2 if args.quick else 1.0, args.repeats)
    __import__("serve_load").report_serve(3 if args.quick else 20)  # benchmarks/serve_load.py
    from search_time import report_search_time  # benchmarks/search_time.py (issue #38)

    report_search_time(2 if args.quick else 100, goal=goal)
    print_goals()
    return 0


SIMULATION = """
import gc, resource, sys, racebook
game = racebook.load("trickrace", players=4)
games = int(sys.argv[1])
def rss():
    gc.collect()
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize()
racebook.simulate(game, games=20, seed=0)  # warm up: imports, caches
# ten slices of one simulation's games (seeds 1..10): a summary keeps nothing
# per game, so what the process holds after each slice is what games leave
sizes = []
for part in range(10):
    racebook.simulate(game, games=games // 10, seed=1 + part)
    sizes.append(rss())
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(peak, sizes[0], sizes[-1])
"""


def report_simulation(games: int) -> None:
    """The memory of a long simulation (trick race, random bots) in a process of
    its own: its peak resident size, and the growth per game between the
    tenth of the run and its end (goal: about 0)."""
    print(f"simulate: trick race, {games:,} games, memory (a process of its own)")
    done = subprocess.run(
        [sys.executable, "-c", SIMULATION, str(games)],
        capture_output=True,
        text=True,
        check=True,
    )
    peak, early, late = map(int, done.stdout.split())
    growth = (late - early) / (games // 10 * 9)
    print(f"  peak resident size {peak / 2**20:,.1f} MiB; growth {growth:,.1f} bytes/game")
    goal(f"simulation of {games:,} games: peak memory (RSS)", f"{peak / 2**20:,.1f} MiB", None)
    goal("simulation: growth per game, ~0 (<= 16 B)", f"{growth:,.1f} B", growth <= 16)


def report_workers(games: int) -> None:
    """racebook.simulate on 1 and 2 worker processes: the speed-up, the same summary."""
    game = racebook.load("longshot")
    print(f"simulate: Long Shot, {games} games, random bots")
    seconds = []
    summaries = []
    for workers in (1, 2):
        t = time.perf_counter()
        summaries.append(racebook.simulate(game, games=games, seed=1, workers=workers))
        seconds.append(time.perf_counter() - t)
        label = f"{workers} worker{'s' if workers > 1 else ''}"
        print(f"  {label:<10}{games / seconds[-1]:>10,.0f} games/s")
    same = "the same summary" if summaries[0] == summaries[1] else "DIFFERENT summaries"
    print(f"  speed-up 1 -> 2 workers: {seconds[0] / seconds[1]:.2f}x ({same})")


def versus(seconds: float, per: list[tuple[str, float]], what: str) -> str:
    """``seconds`` as a ratio to the first yardstick's time, the others' in brackets."""
    (_, first), *others = per
    text = f"{seconds / first:.2f}x{what}"
    for name, t in others:
        text += f" ({name}: {seconds / t:.2f}x)"
    return text


def cpu_median(fn: Callable[[], object], repeats: int) -> float:
    """The median CPU time (process time: what other processes on the machine
    take does not count) of ``repeats`` calls of ``fn``."""
    times = []
    for _ in range(repeats):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times)


def report_odds(repeats: int) -> None:
    """Ready Set Bet's ``odds()`` (exact, the default) from a few positions: the
    CPU median of ``repeats`` calls each, and the sampled odds at their default
    10,000 races for comparison."""
    from racebook.core.game import CHANCE
    from racebook.games.readysetbet import NewRace, odds
    from racebook.games.readysetbet.dice import HORSE36, advance
    from racebook.games.readysetbet.state import ReadySetBetState

    print(f"Ready Set Bet odds(): CPU median of {repeats} calls from each position")
    game = racebook.load("readysetbet", players=5)
    c = game.config
    positions: list[tuple[str, ReadySetBetState]] = []
    rng = random.Random(3)
    state = game.new_state(explicit_chance=True)
    assert isinstance(state, ReadySetBetState)
    state.apply(NewRace(CHANCE, (0, 1, 2, 3, 4), 0))
    rolls = 0
    while len(positions) < 4:  # the dice of one race (the move rule of dice.advance)
        if rolls in (0, 15, 30, 45):
            positions.append((str(rolls), state.clone()))
        h = HORSE36[int(rng.random() * 36)]
        pos = list(state.pos)
        pending = advance(pos, state.pending, h, c.bonus, c.track)
        if max(pos) >= c.track:
            break
        state.pos[:], state.pending = pos, pending
        rolls += 1
    worst = 0.0
    for name, pos in positions:
        odds(pos)  # warm: the tables, the quadrature nodes
        found = odds(pos)
        seconds = cpu_median(lambda pos=pos: odds(pos), repeats)  # type: ignore[misc]
        worst = max(worst, seconds)
        where = " ".join(map(str, pos.pos))
        print(
            f"  after {name:>2} rolls ({where}): exact {seconds * 1e3:6.1f} ms "
            f"({found.method}; win sums to {sum(found.win):.12f})"
        )
    start = positions[0][1]
    sampled = cpu_median(lambda: odds(start, samples=10_000, seed=1), 3)
    print(f"  sampled at the start, 10,000 races: {sampled * 1e3:.0f} ms")
    goal(
        "Ready Set Bet odds(): exact, worst position, <= 50 ms CPU",
        f"{worst * 1e3:.1f} ms",
        worst <= 0.05,
    )


def report_rsb(loops: list[tuple[str, Loop]], races: int) -> None:
    from racebook.games.readysetbet import Bet, RollOut, run_race

    games = max(1, races // 40)
    print(
        f"Ready Set Bet: {races} races (fast path), {games} full games (5 bettors); "
        f"CPU medians of {REPEATS}, interleaved"
    )
    config = racebook.load("readysetbet").config

    def fast_path() -> None:
        rng = random.Random(1)
        for _ in range(races):
            run_race([0] * 9, -1, rng, config.track, config.bonus)

    # one logged race through the API: a state, five bets, the roll-out, settlement
    one = racebook.load("readysetbet", players=1, races=1, vip_cards=())
    spots = ("win:7:0", "win:6:0", "show:8:0", "colour:red", "place:5:0")
    n = max(1, races // 4)

    def logged_races() -> None:
        for i in range(n):
            state = one.new_state(seed=i)
            for token, spot in zip((2, 3, 3, 4, 5), spots, strict=True):
                state.apply(Bet(0, token, spot))
            state.apply(RollOut(one.host))

    game = racebook.load("readysetbet")
    actions, logs = collect_logs(game, games)
    fns: dict[str, Callable[[], object]] = {
        name: (lambda loop=loop: run_loop(loop, races))  # type: ignore[misc]
        for name, loop in loops
    }
    fns |= {
        "fast": fast_path,
        "race": logged_races,
        "game": lambda: play_games(game, games),
        "random": lambda: play_random_games(game, games),
        "replay": lambda: replay_all(logs),
        "masked": lambda: time_playouts(game, games, play_masked),
    }
    med = interleaved(fns)
    per_race = [(name, med[name] / races) for name, _ in loops]
    for name, t in per_race:
        print(f"  {name + ' (race)':<28}{1 / t:>10,.0f} races/s  {t / per_race[0][1]:.2f}x")
    fast = med["fast"] / races
    print(
        f"  {'race fast path (odds)':<28}{1 / fast:>10,.0f} races/s  "
        f"{versus(fast, per_race, '')} (goal: at most 1.5x)"
    )
    race_s = med["race"] / n
    print(
        f"  {'one logged race (5 bets)':<28}{1 / race_s:>10,.0f} races/s  "
        f"{versus(race_s, per_race, ' one reference race')}"
    )
    full = med["game"] / games
    replay_s = med["replay"] / games
    four = [(name, 4 * t) for name, t in per_race]
    print(
        f"  {'full logged game, random':<28}{1 / full:>10,.0f} games/s  "
        f"{versus(full, four, ' four reference races')}"
    )
    own = med["random"] / games
    print(
        f"  {'full game, play_random':<28}{1 / own:>10,.0f} games/s  "
        f"{versus(own, four, ' four reference races')}"
    )
    speed = full / replay_s
    print(f"  {'replay of a full game':<28}{1 / replay_s:>10,.0f} games/s  {speed:.2f}x live")
    print(
        f"  {'masked playout (action ids)':<28}{games / med['masked']:>10,.0f} games/s  "
        f"{med['masked'] / med['game']:.2f}x legal_actions"
    )
    size = statistics.mean(len(x.encode()) for x in logs)
    print(f"  {'log size':<28}{size:>10,.0f} bytes/game")
    ratio = full / four[0][1]
    RSB_GAME[:] = [actions / games, four[0][1]]
    mine = own / four[0][1]
    goal("Ready Set Bet: full game (play_random) vs four races", f"{mine:.2f}x", None)
    goal("Ready Set Bet: full game, RandomBot through apply, vs four races", f"{ratio:.2f}x", None)
    clone_goals("Ready Set Bet", game, full / (actions / games))
    per = size / (actions / games)
    goal("Ready Set Bet: log bytes/action, <= 40", f"{per:.1f} B", per <= 40)
    goal("Ready Set Bet: peak memory, one game", f"{peak_memory(game) / 1024:,.0f} KiB", None)


def format_4(state: racebook.State[Any, Any, Any], text: str) -> str:
    """``text``, ``state``'s log, as format 4 wrote it: its digests the
    state's own, not covering the lines (:class:`racebook.core.log.LineHash`)."""
    import json

    marks = iter(state._marks)
    out = []
    for line in text.split("\n"):
        if line.startswith('{"format"'):
            header = json.loads(line)
            header.pop("config_digest", None)  # format 6's
            line = json.dumps({**header, "version": 4}, separators=(",", ":"), ensure_ascii=False)
        elif line.startswith('{"digest":'):
            after = json.loads(line)["after"]
            line = json.dumps({"digest": next(marks)[1], "after": after}, separators=(",", ":"))
        elif line.startswith('{"end":'):
            end = json.loads(line)["end"]
            line = json.dumps({"end": end, "digest": state.digest()}, separators=(",", ":"))
        out.append(line)
    return "\n".join(out)


def report_line_hash(games: int) -> None:
    """What format 5's running hash of the lines costs: replay of the same
    games' logs in format 5 and in format 4, and writing one (``dumps``)."""
    print(f"Log format 5, digests covering the lines (a running hash): {games} games of each")
    for title, game in (
        ("Long Shot", racebook.load("longshot", players=5)),
        ("trick race", racebook.load("trickrace", players=4)),
        ("Ready Set Bet", racebook.load("readysetbet")),
    ):
        states = [play(game, g) for g in range(games)]
        new = [s.log.dumps() for s in states]
        old = [format_4(s, text) for s, text in zip(states, new, strict=True)]
        actions = sum(len(s.log) for s in states)
        time_replay(new[:5])  # warm up
        t5 = t4 = float("inf")
        for _ in range(5):  # in turns: a busy machine slows both alike
            t5 = min(t5, time_replay(new))
            t4 = min(t4, time_replay(old))
        t = time.perf_counter()
        for s in states:
            s.log.dumps()
        dump = time.perf_counter() - t
        print(
            f"  {title:<14} replay {actions / t5:>9,.0f} actions/s in format 5, "
            f"{actions / t4:>9,.0f} in format 4 ({t5 / t4 - 1:+.1%}); "
            f"dumps {actions / dump:>9,.0f} actions/s"
        )


if __name__ == "__main__":
    raise SystemExit(main())

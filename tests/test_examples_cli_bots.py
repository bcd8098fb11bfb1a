"""The examples run; the command line works; the bots play legally and the
heuristic beats random play; the benchmarks and their reference loops run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import racebook
from racebook.cli import main

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


def python(*args: str | Path, timeout: float = 300) -> str:
    """Run this Python on ``args``; its standard output (it must succeed)."""
    done = subprocess.run(
        [sys.executable, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_readmes_python_runs() -> None:
    from tests.readme_python import readme_script

    script = readme_script()
    assert script.count("import racebook") >= 1
    python("-c", script)


# examples of an optional extra: small arguments, and the module the extra brings
SMALL = {
    "openspiel_mcts.py": (["--games", "1", "--simulations", "2"], "pyspiel"),
    "pettingzoo_random.py": (["--games", "1"], "pettingzoo"),
    "gymnasium_ppo.py": (["--episodes", "3", "--batch", "2", "--eval-games", "2"], "gymnasium"),
}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(path: Path) -> None:
    args, extra = SMALL.get(path.name, ([], None))
    if extra is not None:
        pytest.importorskip(extra)
    assert python(path, *args).strip()


def test_cli_demo_replay_simulate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    assert main(["demo", "longshot", "--seed", "3", "--log", str(log)]) == 0
    assert "winner" in capsys.readouterr().out
    assert main(["replay", str(log)]) == 0
    assert "replay verified" in capsys.readouterr().out
    assert (
        main(
            [
                "simulate",
                "longshot",
                "--players",
                "4",
                "--games",
                "5",
                "--bots",
                "heuristic,random,random,random",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "heuristic" in out and "win rate" in out


def test_cli_bad_log_exits_nonzero_with_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    main(["demo", "longshot", "--seed", "3", "--log", str(log)])
    lines = log.read_text().splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines[:30]) + "\n")
    capsys.readouterr()
    assert main(["replay", str(bad)]) == 1
    assert "log line 31" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2


def test_cli_config_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "longshot", "--players", "7", "--games", "1"]) == 2
    assert "players" in capsys.readouterr().err


def test_cli_lists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0 and "Long Shot" in capsys.readouterr().out
    assert main(["variants"]) == 0 and "longshot (longshot): " in capsys.readouterr().out
    assert main(["variants", "longshot"]) == 0
    assert "    spurt_threshold = 44\n" in capsys.readouterr().out


def test_simulate_is_deterministic_and_the_heuristic_beats_random() -> None:
    game = racebook.load("longshot")
    bots = ["heuristic", "random", "random", "random", "random"]
    a = racebook.simulate(game, bots, games=60, seed=5)
    b = racebook.simulate(game, bots, games=60, seed=5)
    assert a == b
    randoms = [s.mean_score for s in a.seats[1:]]
    assert a.seats[0].mean_score > max(randoms)
    assert a.seats[0].win_rate > 0.4


def test_bots_read_only_their_view() -> None:
    # the heuristic's choice must not change when hidden information changes
    import random

    from racebook.agents import make_bot

    state = racebook.load("longshot").new_state(seed=12)
    for step in range(60):
        (seat,) = state.to_act
        other = state.hidden_variant(seat, random.Random(step))
        a = make_bot("longshot", "heuristic", 1).choose(state, seat)
        b = make_bot("longshot", "heuristic", 1).choose(other, seat)
        assert a == b
        state.apply(a)


def test_summary_shape() -> None:
    s = racebook.simulate(racebook.load("longshot", players=6), games=2, seed=1)
    assert len(s.seats) == 6 and s.mean_actions > 50
    assert json.dumps([x.mean_score for x in s.seats])


def test_the_benchmarks_run(tmp_path: Path) -> None:
    # the reference loops always; other bare loops when --bench-dir has them
    other = tmp_path / "bench"
    other.mkdir()
    for name, entry in (
        ("longshot_bare", "game(rng, stats)"),
        ("trickrace_bare", "game(rng, stats)"),
        ("rsb_bare", "race(rng)"),
        ("forcehorse_bare", "game(rng, stats)"),
    ):
        (other / f"{name}.py").write_text(f"def {entry}:\n    return rng.random()\n")
    # without another folder's bare loops, only ours are the yardsticks (the
    # whole run, once, with them: a quick bench is long)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import run as bench  # benchmarks/run.py

        for game, bare, entry in (
            ("longshot", "longshot_bare", "game"),
            ("readysetbet", "rsb_bare", "race"),
        ):
            assert [n for n, _ in bench.yardsticks(tmp_path / "none", game, bare, entry)] == [
                "reference loop"
            ]
            assert len(bench.yardsticks(other, game, bare, entry)) == 2
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    out = python(ROOT / "benchmarks" / "run.py", "--quick", "--bench-dir", other)
    assert out.count("cost vs reference loop:") == 3 and "race fast path" in out
    assert "Force of the Horse" in out
    assert out.count("cost vs shared bare loop:") == 3 and "(shared bare loop: " in out
    # the Goals table: every goal with its figure and met / not met
    table = out[out.index("Goals (issues #17, #24, #38)") :].splitlines()
    end = next(i for i, line in enumerate(table) if line.endswith("goals met"))
    goals, summary = table[1:end], table[end].split()
    bounded = [line for line in goals if not line.endswith("reported")]
    assert len(goals) >= 40 and summary[2] == str(len(bounded))
    assert int(summary[0]) == sum(line.endswith(" met") for line in bounded)
    for row in ("listing loop", "replay per action", "RL: ", "odds(): from the start"):
        assert any(row in line for line in bounded), row  # issue 38's goals
    assert "worst action over 5 random card sets + hostile" in out  # issue 22
    assert all(line.endswith(("met", "NOT MET", "reported")) for line in goals)
    assert "clone() at the end" in out and "growth per game" in out
    # the API's floor, against each reference loop per action
    assert "API floor" in out and out.count("floor vs reference loop, per action") == 3


@pytest.mark.parametrize("name", ["longshot", "trickrace", "readysetbet", "forcehorse"])
def test_the_reference_loops_run_alone(name: str) -> None:
    assert "reference:" in python(
        ROOT / "benchmarks" / "reference" / f"{name}.py", "3", timeout=120
    )


def test_replay_by_parts_runs() -> None:
    # benchmarks/replay_parts.py: every part and the 2x condition of each game
    out = python(ROOT / "benchmarks" / "replay_parts.py", "2", "1")
    for title in ("trick race", "Long Shot", "Ready Set Bet", "Force of the Horse"):
        assert title in out
    assert out.count("2x needs (rhs)") == 4 and out.count("ceiling: live / least replay") == 4

"""simulate on several processes and on Ray: the same summary as on one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import racebook
from racebook.cli import main
from racebook.core.errors import ConfigError
from racebook.core.workers import run_jobs
from racebook.simulation import GameRecord, play_game


@pytest.mark.parametrize("game_id", ["longshot", "mafia", "readysetbet", "trickrace", "forcehorse"])
def test_one_and_two_workers_agree(game_id: str) -> None:
    game = racebook.load(game_id)
    one = racebook.simulate(game, games=6, seed=4)
    two = racebook.simulate(game, games=6, seed=4, workers=2, chunk=2)
    assert one == two
    assert one == racebook.simulate(game, games=6, seed=4, workers=2, chunk=5)
    assert one != racebook.simulate(game, games=6, seed=5)


def test_games_are_seeded_by_index() -> None:
    game = racebook.load("trickrace")
    records: list[GameRecord] = []
    racebook.simulate(game, games=4, seed=9, workers=2, chunk=1, on_game=records.append)
    assert [r.index for r in records] == [0, 1, 2, 3]
    assert records[2] == play_game(game, ["random"] * 4, 9, 2)


def test_bots_by_name_and_progress() -> None:
    game = racebook.load("longshot", players=4)
    seen: list[int] = []
    bots = ["heuristic", "random", "random", "random"]
    summary = racebook.simulate(game, bots, games=8, seed=1, workers=2, progress=seen.append)
    assert seen[-1] == 8 and seen == sorted(seen)
    assert summary.seats[0].bot == "heuristic"
    assert summary == racebook.simulate(game, bots, games=8, seed=1)


def test_run_jobs_checks_its_options() -> None:
    with pytest.raises(ConfigError, match="backend"):
        run_jobs(abs, [1], backend="cloud")
    with pytest.raises(ConfigError, match="workers"):
        run_jobs(abs, [1], workers=0)
    assert run_jobs(abs, [-1, -2, 3], workers=2) == [1, 2, 3]


def test_cli_simulate_writes_json_lines(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["simulate", "trickrace", "--games", "5", "--seed", "2", "--workers", "2"]
    assert main([*argv, "--jsonl", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["game"] for line in lines[:-1]] == [0, 1, 2, 3, 4]
    summary = lines[-1]["summary"]
    assert summary["games"] == 5 and len(summary["seats"]) == 4
    again = racebook.simulate(racebook.load("trickrace"), games=5, seed=2)
    assert summary["seats"][0]["mean_score"] == again.seats[0].mean_score


def test_ray_backend_agrees() -> None:
    ray = pytest.importorskip("ray")
    game = racebook.load("longshot", players=4)
    local = racebook.simulate(game, games=6, seed=3)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = racebook.simulate(game, games=6, seed=3, backend="ray", chunk=2)
        odds_ray = None
        from racebook.games.readysetbet.oddsmaker import odds

        rsb = racebook.load("readysetbet").new_state(seed=1)
        odds_ray = odds(rsb, samples=400, seed=2, workers=2, backend="ray")
    finally:
        ray.shutdown()
    assert on_ray == local
    assert odds_ray == odds(rsb, samples=400, seed=2, workers=1)


def _collecting(_: int) -> bool:
    import gc

    return gc.isenabled()


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("pause", [True, False])
def test_run_jobs_leaves_the_collector_as_it_was(enabled: bool, pause: bool) -> None:
    # the workers start with the caller's setting; with pause_collector this
    # process pauses its collector while results arrive; the caller's setting
    # is back afterwards, after a failed job too
    import gc

    was = gc.isenabled()
    try:
        if not enabled:
            gc.disable()
        jobs = [1, 2, 3, 4]
        assert run_jobs(_collecting, jobs, workers=2, pause_collector=pause) == [enabled] * 4
        assert gc.isenabled() is enabled
        with pytest.raises(ZeroDivisionError):
            run_jobs(_failing, jobs, workers=2, pause_collector=pause)
        assert gc.isenabled() is enabled
    finally:
        if was:
            gc.enable()


def _failing(job: int) -> int:
    return 1 // (job - 3)

"""Typed by game: an app that serves a known game through :class:`racebook.Table`
(and replays or resumes its log) sees the game's own state, view and action
types under ``mypy --strict``; the top-level namespace shows only the API."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import racebook
from racebook.games.readysetbet import ReadySetBet
from racebook.games.trickrace import TrickRace

SRC = Path(racebook.__file__).resolve().parent.parent
ROOT = SRC.parent

APP = """
import racebook
from racebook import Table
from racebook.games.readysetbet import ReadySetBet

game = racebook.load("readysetbet", players=4)
table = Table(game.new_state(seed=1))
reveal_type(table.view(0))
reveal_type(table.state())
reveal_type(table.legal_actions(0))
reveal_type(table.game)
reveal_type(Table.resume("x.jsonl", ReadySetBet))
reveal_type(racebook.replay("", ReadySetBet))
reveal_type(racebook.resume("", game=ReadySetBet).state)
reveal_type(racebook.load("trickrace").new_state().legal_actions(0))
"""


def test_mypy_strict_sees_the_games_own_types(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    app = tmp_path / "app.py"
    app.write_text(textwrap.dedent(APP), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--cache-dir",
            str(ROOT / ".mypy_cache"),
            "--no-error-summary",
            str(app),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"MYPYPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=600,
    )
    revealed = [
        line.split('Revealed type is "', 1)[1].rstrip('"')
        for line in done.stdout.splitlines()
        if "Revealed type is" in line
    ]
    assert "error" not in done.stdout, done.stdout
    rsb = "racebook.games.readysetbet"
    assert revealed[0] == f"{rsb}.view.ReadySetBetView"
    assert revealed[1] == f"{rsb}.state.ReadySetBetState"
    # the seats' moves: chance's outcomes (Dice, NewRace, ...) left out
    assert revealed[2].startswith(f"list[{rsb}.race.Roll | ") and "board.Bet" in revealed[2]
    assert "Dice" not in revealed[2] and "NewRace" not in revealed[2]
    assert revealed[3] == (
        f"racebook.core.game.Game[{rsb}.config.ReadySetBetConfig, {rsb}.state.ReadySetBetState]"
    )
    assert revealed[4] == f"racebook.table.Table[{rsb}.state.ReadySetBetState]"
    assert revealed[5] == revealed[6] == f"{rsb}.state.ReadySetBetState"
    assert revealed[7].startswith("list[racebook.games.trickrace.actions.Discard | ")
    assert "Action]" not in " ".join(revealed)


def test_replay_and_resume_refuse_a_log_of_another_game() -> None:
    text = racebook.load("readysetbet", races=1).new_state(seed=1).log.dumps()
    assert isinstance(racebook.replay(text, ReadySetBet), racebook.State)
    with pytest.raises(racebook.LogError, match="line 1: a log of readysetbet, not of 'trickrace'"):
        racebook.replay(text, TrickRace)
    with pytest.raises(racebook.LogError, match="not of 'trickrace'"):
        racebook.resume(text, game=TrickRace)


def test_the_games_no_longer_override_new_state_for_mypy() -> None:
    for cls in (
        ReadySetBet,
        TrickRace,
        type(racebook.load("longshot")),
        type(racebook.load("forcehorse")),
    ):
        assert "new_state" not in vars(cls), cls


def test_the_top_level_shows_only_the_api() -> None:
    shown = dir(racebook)
    assert shown == sorted(racebook.__all__)
    for helper in ("Any", "Literal", "overload", "TYPE_CHECKING", "annotations"):
        assert helper not in shown and helper not in racebook.__all__

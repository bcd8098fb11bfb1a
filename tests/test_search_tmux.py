"""``racebook play --hint`` in a real terminal (tmux, as tests/test_play_tmux.py
drives it): typing ``hint`` shows the search bot's best moves, numbered as on
screen, with an estimate of each, and the numbered move can then be played."""

from __future__ import annotations

import os
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_play_tmux import TMUX, Terminal, command

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="no tmux on PATH: install Debian's tmux (make tools)"
)


@pytest.fixture
def tmux_socket() -> Iterator[str]:
    pytest.importorskip("rich", reason="racebook play needs rich (pip install -e '.[cli]')")
    name = f"racebook-hint-{os.getpid()}-{time.monotonic_ns()}"
    yield name
    assert TMUX is not None
    subprocess.run([TMUX, "-L", name, "kill-server"], capture_output=True, check=False)


def test_play_hint_shows_the_ranking_and_its_move_can_be_played(
    tmux_socket: str, tmp_path: Path
) -> None:
    log = tmp_path / "game.jsonl"
    term = Terminal(
        tmux_socket, "hint", command("trickrace", "--seed", "3", "--hint", "--log", str(log))
    )
    term.wait("your moves")
    number = term.prompt()
    assert number is not None
    term.send("hint", "Enter")
    screen = term.wait("hint (estimated score):", seconds=60)
    found = re.search(r"hint \(estimated score\): (\d+) (.*?) ≈ (-?[\d,.]+)", screen)
    assert found is not None, screen
    best = found.group(1)
    assert term.prompt() == number  # a hint is not a move
    term.send(best, "Enter")
    term.wait(re.compile(rf"seat 0: {re.escape(found.group(2).split(';')[0])}"), seconds=60)
    term.send("q", "Enter")
    assert "game saved to" in term.wait("EXIT=", seconds=30)


def test_play_without_hint_refuses_the_word(tmux_socket: str, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    term = Terminal(tmux_socket, "nohint", command("trickrace", "--seed", "3", "--log", str(log)))
    term.wait("your moves")
    term.send("hint", "Enter")
    assert "refused:" in term.wait("refused:")
    term.send("q", "Enter")
    term.wait("EXIT=", seconds=30)

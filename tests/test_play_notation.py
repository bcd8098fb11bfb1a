"""The short notation of ``racebook play``: every legal move of every game,
written out, reads back as the same move; bad input is refused by name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook.agents.base import RandomBot
from racebook.cli.play import _columns, move_text, parse_move
from racebook.core.errors import MalformedAction

GAMES = ("longshot", "mafia", "readysetbet", "trickrace", "forcehorse")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_reads_back_from_its_notation(game_id: str) -> None:
    game = racebook.load(game_id)
    state = game.new_state(seed=11)
    bot = RandomBot(seed=4)
    checked = 0
    while not state.is_over:
        for seat in state.to_act:
            for action in state.legal_actions(seat):
                assert parse_move(game, seat, move_text(action)) == action, move_text(action)
                checked += 1
        state.apply(bot.choose(state, state.to_act[0]))
    assert checked > 100


def test_fields_by_name_and_defaults() -> None:
    game = racebook.load("trickrace")
    by_name = parse_move(game, 2, "play whip=no card=R7")
    assert by_name == parse_move(game, 2, "play R7") == parse_move(game, 2, "play R7 no")
    assert move_text(by_name) == "play R7 no"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "type a move"),
        ("fly 3", "no move 'fly'"),
        ("play R7 no extra", "play takes 2 fields"),
        ("play colour=R", "play has no field 'colour'"),
        ("bet many", "ticket"),
        ("play 'R7", "No closing quotation"),
    ],
)
def test_bad_notation_is_refused_by_name(text: str, words: str) -> None:
    with pytest.raises(MalformedAction, match=words):
        parse_move(racebook.load("trickrace"), 0, text)


def test_moves_in_columns_keep_their_order() -> None:
    items = [f"{i:>3}  bet {i}" for i in range(1, 8)]
    rows = _columns(items, 40)
    assert len(rows) == 3
    assert rows[0].split("   ")[0].strip() == "1  bet 1"
    assert sorted(" ".join(rows).split("bet")[1:], key=lambda s: int(s.split()[0]))
    assert _columns([], 40) == []


def test_play_without_rich_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from racebook.cli import main

    monkeypatch.setitem(sys.modules, "rich", None)  # import rich fails
    assert main(["play", "trickrace"]) == 2
    assert "pip install 'racebook[cli]'" in capsys.readouterr().err


def test_q_saves_with_a_closing_line_that_replay_page_and_chart_read_and_resume_continues(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``q`` is a deliberate save: the log gets its closing line (docs/contract.rst,
    "A log ends with a closing line"), so ``replay``, ``--html`` and ``chart``
    read it, and ``play --resume`` continues the game from it."""
    pytest.importorskip("rich")
    from racebook.cli import main

    log = tmp_path / "saved.jsonl"
    answers = iter(["1"] * 12 + ["q"])
    monkeypatch.setattr("builtins.input", lambda *a: next(answers))
    argv = ["play", "trickrace", "--seed", "3", "--bot-delay", "0", "--no-clear", "--log", str(log)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"game saved to {log}" in out and f"racebook replay {log} --html" in out
    text = log.read_text(encoding="utf-8")
    assert text.splitlines()[-1].startswith('{"end":')
    saved = racebook.replay(text)
    assert not saved.is_over and sum(1 for a in saved.log.actions if a.seat == 0) == 12
    assert main(["replay", str(log)]) == 0
    assert main(["replay", str(log), "--html", str(tmp_path / "page.html")]) == 0
    assert (tmp_path / "page.html").stat().st_size > 0
    assert main(["chart", str(log), "--out", str(tmp_path / "chart")]) == 0
    capsys.readouterr()
    answers = iter(["1"] * 10_000)
    assert (
        main(["play", "--resume", str(log), "--seed", "4", "--bot-delay", "0", "--no-clear"]) == 0
    )
    finished = racebook.replay(log.read_text(encoding="utf-8"))
    assert finished.is_over and finished.log.actions[: len(saved.log.actions)] == saved.log.actions


class _Recorder:
    """A Screen that keeps what it was asked to draw."""

    def __init__(self) -> None:
        self.parts: list[tuple[str, str, str]] = []

    def draw(self, parts: Any, message: str, prompt: str) -> None:
        self.parts = list(parts)

    class console:
        width = 100


def test_the_table_title_fits_and_moves_say_what_they_mean() -> None:
    """With 5 bettors the title bar was cut ("to act" listed every seat in it);
    a Ready Set Bet bet says what its spot pays; the trick race's face-down
    ticket step says which ticket is the win ticket."""
    from racebook import Table
    from racebook.cli.play import Play

    screen = _Recorder()
    game = racebook.load("readysetbet", players=5)
    play = Play(Table(game.new_state(seed=1)), (0,), {}, screen, "x.jsonl")  # type: ignore[arg-type]
    moves = play.table.legal_actions(0)
    play.draw(0, True, moves)
    title, body, _ = screen.parts[0]
    assert title == "Ready Set Bet, as seat 0 (you) sees it"
    assert body.startswith("to act: seat 0 (you), seat 1 (bot)")
    listed = screen.parts[-1][1]
    assert "bet 2 show:2/3:0 (pays 4 to 1, 4 if it loses)" in listed
    game = racebook.load("trickrace")
    state = game.new_state(seed=3)
    # to the face-down step: the first time the win ticket (0) may be laid
    while not any(getattr(a, "ticket", None) == 0 for a in state.legal_actions(state.to_act[0])):
        state.apply(state.legal_actions(state.to_act[0])[0])
    seat = state.to_act[0]
    play = Play(Table(state), (seat,), {}, screen, "x.jsonl")  # type: ignore[arg-type]
    play.draw(seat, True, play.table.legal_actions(seat))
    listed = screen.parts[-1][1]
    assert "bet 0 (the win ticket)" in listed

"""``racebook play`` driven through a real terminal: a tmux session (its own
server socket), keys sent with ``send-keys``, the screen read with
``capture-pane``.  A trick race with a fixed seed and instant bots: played to
its end through the keyboard, an illegal move refused on screen with the
rulebook's reason, and Ctrl-C then ``--resume``.  Skipped, saying so, where
tmux (``make test`` installs Debian's package) or rich is missing."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import racebook

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="no tmux on PATH: install Debian's tmux (make tools does, with apt-get)"
)
PROMPT = re.compile(r"move (\d+)> *$")


class Terminal:
    """One tmux session running one command, 120 columns by 60 lines."""

    def __init__(self, socket: str, name: str, command: str) -> None:
        self.socket = socket
        self.name = name
        self.sent = 0
        paths = os.pathsep.join(
            str(Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p
        )
        env = f"PYTHONPATH={shlex.quote(paths)} PATH={shlex.quote(os.environ.get('PATH', ''))}"
        shell = (
            f"env {env} TERM=xterm-256color COLUMNS=120 LINES=60 {command}; echo EXIT=$?; sleep 600"
        )
        self.tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "60", shell)

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True)
        assert done.returncode == 0, f"tmux {args[0]}: {done.stderr}"
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-t", self.name)

    def send(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def wait(self, test: str | re.Pattern[str], seconds: float = 20.0) -> str:
        """The screen once it shows ``test`` (text or pattern)."""
        end = time.monotonic() + seconds
        while True:
            screen = self.screen()
            found = test in screen if isinstance(test, str) else test.search(screen)
            if found:
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"no {test!r} on screen:\n{screen}")
            time.sleep(0.03)

    def prompt(self, seconds: float = 20.0) -> int | None:
        """The move number the prompt asks for, or ``None`` once the command ended."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            lines = [line for line in self.screen().splitlines() if line.strip()]
            if any(line.startswith("EXIT=") for line in lines):
                return None
            match = PROMPT.search(lines[-1]) if lines else None
            if match:
                return int(match.group(1))
            time.sleep(0.03)
        raise AssertionError(f"no prompt:\n{self.screen()}")

    def play(self, key: str, stop_after: int | None = None) -> int | None:
        """Answer every prompt with ``key`` until the game ends (``None``) or
        move ``stop_after`` has been made (its number); ``sent`` counts the answers."""
        number = self.prompt()
        while number is not None and (stop_after is None or number <= stop_after):
            self.send(key, "Enter")
            self.sent += 1
            end = time.monotonic() + 20
            while True:
                after = self.prompt()
                if after is None or after > number:
                    break
                assert time.monotonic() < end, self.screen()
            number = after
        return number


@pytest.fixture
def socket() -> Iterator[str]:
    pytest.importorskip("rich", reason="racebook play needs rich (pip install -e '.[cli]')")
    name = f"racebook-test-{os.getpid()}-{time.monotonic_ns()}"
    yield name
    assert TMUX is not None
    subprocess.run([TMUX, "-L", name, "kill-server"], capture_output=True, check=False)


def command(*args: str) -> str:
    argv = [sys.executable, "-m", "racebook", "play", *args, "--bot-delay", "0"]
    return " ".join(shlex.quote(a) for a in argv)


def standings(log: Path) -> str:
    state = racebook.replay(log.read_text(encoding="utf-8"))
    result = state.result
    assert result is not None
    return f"winner(s): {', '.join(f'seat {s}' for s in result.winners)}"


def test_a_game_played_to_its_end_through_the_keyboard(socket: str, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    term = Terminal(socket, "whole", command("trickrace", "--seed", "3", "--log", str(log)))
    screen = term.wait("your moves")
    assert "Trick race, as seat 0 (you) sees it" in screen
    assert "your hand:" in screen
    assert term.play("1") is None
    screen = term.wait("EXIT=0")
    assert "log saved to" in screen
    assert standings(log) in screen  # the result the log replays to
    state = racebook.replay(log.read_text(encoding="utf-8"))
    assert state.is_over
    # every move of seat 0 came from the keyboard, one Enter each
    assert term.sent == sum(1 for a in state.log.actions if a.seat == 0) > 30


def test_an_illegal_move_is_refused_with_the_rules_reason(socket: str, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    term = Terminal(socket, "illegal", command("trickrace", "--seed", "3", "--log", str(log)))
    before = term.wait("your moves")
    number = term.prompt()
    hand = re.search(r"your hand: (.*?) *│", before)
    assert hand is not None
    held = set(hand.group(1).split())
    missing = next(f"{c}{n}" for c in "RBYG" for n in range(1, 13) if f"{c}{n}" not in held)
    term.send(f"discard {missing}", "Enter")
    after = term.wait("refused:")
    rule = "Trick race: ゲームの進め方 (How to play)"  # the rulebook's section (refusals)
    assert f"refused: {missing} is not in seat 0's hand [{rule}]" in after
    assert term.prompt() == number  # nothing changed: the same move is asked for
    assert after.split("recent events")[0] == before.split("recent events")[0]
    # only what seat 0 may see is on screen: no card of another hand (the log
    # on disk is complete so far: it is written as play goes)
    state = racebook.resume(log.read_text(encoding="utf-8")).state
    revealed = state.view(0).revealed
    shown = after.split("refused:")[0]  # (the refusal names the card typed)
    for seat in (1, 2, 3):
        others = [str(c) for c in state.view(seat).hand if c != revealed]
        assert others
        assert not [c for c in others if re.search(rf"(?<![\w:]){c}(?!\w)", shown)], seat
    term.send("99", "Enter")
    assert "refused: no move 99" in term.wait("no move 99")
    term.send("play G1 maybe", "Enter")
    assert "refused:" in term.wait("maybe")
    assert term.prompt() == number


def test_ctrl_c_stops_and_resume_continues(socket: str, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    first = Terminal(socket, "first", command("trickrace", "--seed", "3", "--log", str(log)))
    first.wait("your moves")
    number = first.play("1", stop_after=20)
    assert number is not None and number > 20
    first.send("C-c")
    screen = first.wait("EXIT=130")
    assert f"racebook play --resume {log}" in screen
    saved = log.read_text(encoding="utf-8")
    assert '"end"' not in saved  # interrupted, no closing line (as a crash): resumable
    hand = re.findall(r"your hand: (.*?) *│", screen)[-1]

    second = Terminal(socket, "second", command("--resume", str(log), "--seed", "4"))
    screen = second.wait("your moves")
    assert f"move {number}> " in screen  # the move Ctrl-C interrupted is asked again
    assert f"your hand: {hand}" in screen
    assert second.play("1") is None
    second.wait("EXIT=0")
    finished = log.read_text(encoding="utf-8")
    assert finished.startswith(saved)
    assert racebook.replay(finished).is_over


def test_ready_set_bet_bets_are_typed_while_the_horses_run(socket: str, tmp_path: Path) -> None:
    """The host's clock rolls on its own at the pace set; a bet typed between
    rolls is taken at once; the same token again is refused by the rules."""
    log = tmp_path / "rsb.jsonl"
    argv = ["readysetbet", "--seed", "2", "--pace", "0.4", "--log", str(log)]
    term = Terminal(socket, "rsb", command(*argv))
    screen = term.wait("the race is on: a roll every 0.4 s")
    first = re.search(r"\s1  (bet \d+ \S+)", screen)
    assert first is not None
    bet = first.group(1)
    term.send(bet, "Enter")
    term.wait(f"seat 0: {bet}")
    term.wait("rolled: dice")  # the clock rolled without a key being pressed
    token = bet.split()[1]
    term.send(bet, "Enter")
    assert "refused: " in term.wait("refused:")
    term.send("q", "Enter")  # saved on purpose: the closing line, exit status 0
    term.wait("EXIT=0")
    resumed = racebook.resume(log.read_text(encoding="utf-8")).state
    bets = [a for a in resumed.log.actions if a.seat == 0 and a.kind == "bet"]
    assert [f"bet {a.to_data()['token']} {a.to_data()['spot']}" for a in bets] == [bet]
    assert token == str(bets[0].to_data()["token"])
    assert any(a.kind == "roll" for a in resumed.log.actions)


def test_hot_seat_hides_the_table_between_people(socket: str, tmp_path: Path) -> None:
    log = tmp_path / "hot.jsonl"
    argv = ["trickrace", "--seed", "3", "--seat", "0", "--seat", "2", "--log", str(log)]
    term = Terminal(socket, "hot", command(*argv))
    screen = term.wait("pass the keyboard")
    assert "your hand" not in screen and "R1" not in screen
    term.send("Enter")
    screen = term.wait(re.compile(r"seat (0|2), move \d+> *$", re.M))
    seat = re.findall(r"seat (0|2), move \d+> *$", screen, re.M)[-1]
    assert f"as seat {seat} (person) sees it" in screen
    term.send("1", "Enter")
    other = "2" if seat == "0" else "0"
    screen = term.wait(f"seat {other}'s turn: pass the keyboard")
    assert "your hand" not in screen
    term.send("q", "Enter")  # answers the keyboard prompt: quit, saved
    term.wait("EXIT=0")
    assert racebook.replay(log.read_text(encoding="utf-8")).log.actions  # closed: it replays


def test_ready_set_bet_shows_live_odds_after_every_roll(socket: str, tmp_path: Path) -> None:
    """Under the table: each horse's exact win, place and show chance for the
    positions on screen (the seat's view), and the open spots' values."""
    from racebook.games.readysetbet.live import live_odds
    from racebook.games.readysetbet.view import ReadySetBetView

    log = tmp_path / "odds.jsonl"
    argv = ["readysetbet", "--seed", "2", "--pace", "0.3", "--log", str(log)]
    term = Terminal(socket, "odds", command(*argv))
    term.wait("live odds (exact)")
    term.wait("rolled: dice")  # a roll (or more) made: the odds are for after it
    screen = term.wait(re.compile(r"live odds \(exact\)[\s\S]*best open spots"))
    term.send("q", "Enter")
    term.wait("EXIT=0")
    horse = r"(?:2/3|11/12|\d+) @ *(\d+) +([\d.]+) +([\d.]+) +([\d.]+)"
    rows = re.findall(horse, screen)
    assert len(rows) == 9, screen
    pos = [int(r[0]) for r in rows]
    assert sum(pos) > 0
    shown = [tuple(float(x) / 100 for x in r[1:]) for r in rows]
    assert abs(sum(w for w, _, _ in shown) - 1) < 0.002
    # the figures are the exact odds of the spaces shown, for the horse
    # waiting for its pair (not on screen: none, or any horse that moved)
    state = racebook.resume(log.read_text(encoding="utf-8")).state
    view = state.view(0)
    assert isinstance(view, ReadySetBetView)
    fits = []
    for pending in [-1] + [h for h in range(9) if pos[h]]:
        moved = attrs.evolve(view, positions=tuple(pos), pending=pending, phase="race")
        found = live_odds(state.game, moved)  # type: ignore[arg-type]  # (a Game[Any, Any])
        assert found is not None
        fits.append(
            all(
                abs(a - b) <= 0.0005 + 1e-9
                for row, w, p, s in zip(shown, found.win, found.place, found.show, strict=True)
                for a, b in zip(row, (w, p, s), strict=True)
            )
        )
    assert any(fits), screen

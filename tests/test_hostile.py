"""Faults and attackers (issue 25): two writers of one log, a character torn by
a crash, strings that are not Unicode, terminal escapes in names, edited logs
that must not verify, and the smaller holes found with them."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook import LogError, LogInUse
from racebook.agents.base import RandomBot
from racebook.core.game import State
from racebook.core.logfile import read_log_file
from racebook.table import Table

SRC = str(Path(racebook.__file__).resolve().parent.parent)


def _step(state: State[Any, Any, Any], bot: RandomBot, n: int) -> None:
    for _ in range(n):
        if state.is_over:
            return
        seat = state.to_act[0]
        state.apply(bot.choose(state, seat))


# -- two writers -----------------------------------------------------------------------------

OLD_SERVER = textwrap.dedent(
    """
    import sys
    import racebook
    from racebook.agents.base import RandomBot
    from racebook.table import Table

    table = Table(racebook.load("longshot").new_state(seed=5), log=sys.argv[1])
    bot = RandomBot(5)

    def step(n):
        done = 0
        while done < n and not table.is_over:
            seat = table.to_act[0]
            if table.submit(seat, bot.choose(table.state(), seat)).accepted:
                done += 1

    step(10)
    print("ready", flush=True)
    sys.stdin.readline()  # the new server tries to resume meanwhile
    step(20)
    print(len(table.state().log), flush=True)
    table.close()
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_a_second_writer_of_a_log_is_refused_and_the_first_loses_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.jsonl"
    env = {**os.environ, "PYTHONPATH": SRC}
    old = subprocess.Popen(
        [sys.executable, "-c", OLD_SERVER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert old.stdout is not None and old.stdin is not None
    assert old.stdout.readline().strip() == "ready"
    new = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, racebook\n"
            "try:\n"
            "    racebook.Table.resume(sys.argv[1])\n"
            "except racebook.LogInUse as exc:\n"
            "    print('refused:', exc)\n",
            str(path),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert new.stdout.startswith("refused: log file"), new.stdout + new.stderr
    assert "being written by another writer" in new.stdout
    old.stdin.write("go\n")
    old.stdin.flush()
    actions = int(old.stdout.readline())
    assert old.wait(timeout=120) == 0
    resumed = racebook.resume(path.read_text(encoding="utf-8"))
    assert len(resumed.state.log) == actions  # the old server's 20 actions are all there
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]
    Table.resume(path).close()  # once the old writer is gone, the log is free


def test_a_second_table_on_a_log_in_this_process_is_refused_until_the_first_closes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.jsonl"
    first = Table(racebook.load("longshot").new_state(seed=1), log=path)
    assert first._writer is not None and first._writer.locked
    before = path.read_bytes()
    with pytest.raises(LogInUse) as info:
        Table.resume(path)
    assert info.value.path == str(path)
    with pytest.raises(LogInUse):
        Table(racebook.load("longshot").new_state(seed=2), log=path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]
    first.close()
    Table.resume(path).close()


# -- a character torn by a crash -------------------------------------------------------------


def test_a_last_line_cut_at_any_byte_is_dropped_and_reported(tmp_path: Path) -> None:
    """A line with Japanese text cut after each of its bytes but the last
    two (its closing bracket and newline: then it is whole), inside a UTF-8
    character or between two."""
    state = racebook.load("longshot").new_state(seed=4)
    _step(state, RandomBot(4), 12)
    text = state.log.dumps().rsplit("\n", 2)[0] + "\n"  # no closing line
    extra = '[0,"place","ロングショット:競馬マフィア",4]\n'.encode()
    path = tmp_path / "game.jsonl"
    lines = text.count("\n")
    for cut in range(len(extra) - 1):
        path.write_bytes(text.encode() + extra[:cut])
        resumed = racebook.resume(read_log_file(path))
        if cut > 0:
            assert resumed.dropped == f"line {lines + 1}: half-written, dropped", cut
        table = Table.resume(path, seed=1)  # rewrites the log without the torn line
        table.close()
        assert len(table.state().log) == len(state.log)
        assert path.read_text(encoding="utf-8") == text
    path.write_bytes(text.encode() + extra[:5] + b"\xff" + extra[6:])
    with pytest.raises(UnicodeDecodeError):  # bad UTF-8 that is not a cut stays refused
        read_log_file(path)
    with pytest.raises(LogError, match="not UTF-8"):
        Table.resume(path)


# -- smaller holes ---------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="/dev/zero is POSIX")
def test_a_variant_file_without_end_is_read_only_to_its_cap(tmp_path: Path) -> None:
    from racebook.variants import load_variant

    endless = tmp_path / "endless.toml"
    endless.symlink_to("/dev/zero")
    with pytest.raises(racebook.ConfigError, match="larger than") as info:
        load_variant(endless)
    assert info.value.field == "file"


@pytest.mark.parametrize(
    ("settings", "field", "words"),
    [
        (
            {"long_decks": [{"name": "long", "cards": [{"card": "x", "count": 0}]}] * 2},
            "long_decks[long].x",
            "must be 1 to 80",
        ),
        ({"several_runners": "x" * 10_000}, "several_runners", "expected one of 'pairs', 'sum'"),
        ({"several_runners": True}, "several_runners", "expected one of 'pairs', 'sum'"),
        ({"race": "text"}, "race", "expected a table of Race's fields"),
    ],
)
def test_setting_errors_name_their_field_and_say_what_was_expected(
    settings: dict[str, Any], field: str, words: str
) -> None:
    with pytest.raises(racebook.ConfigError) as info:
        racebook.load("forcehorse", **settings)
    assert info.value.field == field
    assert words in info.value.reason and "unknown error" not in info.value.reason
    assert len(str(info.value)) < 500


def test_demo_writes_its_full_log_for_its_owner_only(tmp_path: Path) -> None:
    from racebook.cli import main

    path = tmp_path / "demo.jsonl"
    assert main(["demo", "longshot", "--seed", "2", "--log", str(path)]) == 0
    assert path.stat().st_mode & 0o777 == 0o600
    assert racebook.replay(path.read_text(encoding="utf-8")).is_over
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.jsonl"]


def test_an_output_file_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    from racebook.core.logfile import write_file

    path = tmp_path / "page.html"
    path.write_text("the old page", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        write_file(path, "a lone surrogate \ud800 cannot be written")
    assert path.read_text(encoding="utf-8") == "the old page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html"]
    write_file(tmp_path / "new.html", "new")
    assert (tmp_path / "new.html").read_text(encoding="utf-8") == "new"


def test_table_events_refuse_a_position_that_is_not_one() -> None:
    table = Table(racebook.load("longshot").new_state(seed=3))
    _, position = table.events(0)
    assert position > 0
    for since in ("x", -1, -position, 1.5, True, None):
        with pytest.raises(racebook.BadPosition):
            table.events(0, since)  # type: ignore[arg-type]
    assert table.events(0, position + 5) == ([], position)


def test_table_submit_refuses_a_seat_that_is_not_an_int_seat() -> None:
    from racebook.games.longshot import Pass

    table = Table(racebook.load("longshot").new_state(seed=3))
    for bad in (True, False, 1.0, "1", 99, -1):
        verdict = table.submit(bad, Pass(bad))  # type: ignore[arg-type]
        assert not verdict.accepted and verdict.reason is not None
        assert verdict.reason.startswith("no seat"), verdict.reason
    with pytest.raises(racebook.UnknownSeat):
        table.view(True)  # type: ignore[arg-type]


def test_the_replay_page_runs_its_one_script_by_hash_and_no_inline_script_else() -> None:
    from racebook.watch.html import replay_html, script_hash

    page = replay_html(racebook.load("longshot").new_state(seed=1).log.dumps())
    policy = page.split('http-equiv="Content-Security-Policy" content="', 1)[1].split('"')[0]
    assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";")[0]
    assert f"script-src '{script_hash(page)}'" in policy
    assert "default-src 'none'" in policy


# -- terminal escapes and strings that are not Unicode ---------------------------------------

EVIL = [
    "Lucky\x1b]0;owned\x07",  # a window title
    "Lucky\x1b[2J\x1b[H",  # the screen cleared
    "Lucky\x1b]52;c;aGVsbG8=\x07",  # OSC 52: a clipboard write
    "Lucky\x9b2J",  # C1 CSI
    "Lucky\ud800",  # a lone surrogate
    "Lucky\udcff",
]


def _vip_settings(name: str) -> list[dict[str, Any]]:
    from racebook.core.serial import to_data

    cards = to_data(racebook.presets()["readysetbet"].config)["vip_cards"]
    return [{**cards[0], "name": name}, *cards[1:]]


@pytest.mark.parametrize("name", EVIL)
def test_names_with_control_characters_or_lone_surrogates_are_refused_at_load(name: str) -> None:
    with pytest.raises(racebook.ConfigError) as info:
        racebook.load("readysetbet", vip_cards=_vip_settings(name))
    assert info.value.field == "vip_cards" and "vip_cards[0].name" in str(info.value)
    from racebook.core.serial import to_data

    cards = to_data(racebook.presets()["forcehorse"].config)["cards"]
    with pytest.raises(racebook.ConfigError) as info:
        racebook.load("forcehorse", cards=[{**cards[0], "name": name}, *cards[1:]])
    assert info.value.field == "cards"


@pytest.mark.parametrize("escaped", ["\\udcff", "\\ud800", "\\u001b]0;owned\\u0007"])
def test_a_log_naming_a_card_with_a_lone_surrogate_or_escape_is_refused_at_its_header(
    tmp_path: Path, escaped: str
) -> None:
    state = racebook.load("readysetbet", vip_cards=_vip_settings("Luckyロ")).new_state(seed=1)
    text = state.log.dumps()
    head, rest = text.split("\n", 1)
    assert "Luckyロ" in head
    edited = head.replace("Luckyロ", "Lucky" + escaped) + "\n" + rest
    with pytest.raises(LogError) as info:
        racebook.replay(edited)
    assert info.value.line == 1 and "vip_cards[0].name" in str(info.value)
    path = tmp_path / "game.jsonl"
    path.write_text(edited, encoding="utf-8")
    with pytest.raises(LogError):
        Table.resume(path)
    assert path.read_text(encoding="utf-8") == edited
    from racebook.cli import main

    page = tmp_path / "page.html"
    assert main(["replay", str(path), "--html", str(page)]) == 1
    assert not page.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]


def _in_pty(argv: list[str], cwd: Path, seconds: float = 60.0) -> bytes:
    """What a command writes to a real terminal (a pty) until it exits."""
    import pty
    import select
    import time

    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": SRC, "TERM": "xterm-256color", "COLUMNS": "100"}
    child = subprocess.Popen(
        argv, stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True, cwd=cwd
    )
    os.close(follower)
    out = bytearray()
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                out += chunk
            elif child.poll() is not None:
                break
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
        os.close(leader)
    return bytes(out)


INJECTED = (b"\x1b]0;owned", b"\x1b]52;", b"\x1b[2J\x1b[H\x1b]", b"\xc2\x9b2J")


@pytest.mark.skipif(sys.platform == "win32", reason="a pty is POSIX")
def test_racebook_play_refuses_a_variant_with_escapes_in_a_name_on_a_real_terminal(
    tmp_path: Path,
) -> None:
    pytest.importorskip("rich")
    import json

    variant = tmp_path / "evil.json"
    settings = {"vip_cards": _vip_settings("Lucky\x1b]0;owned\x07"), "players": 2}
    variant.write_text(json.dumps({"game": "readysetbet", "settings": settings}), "utf-8")
    out = _in_pty([sys.executable, "-m", "racebook", "play", "--variant", str(variant)], tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evil.json"]  # no game began
    assert b"vip_cards[0].name" in out and b"control character U+001B" in out, out
    assert not any(bad in out for bad in INJECTED), out


DRAW = textwrap.dedent(
    """
    import sys
    from racebook.cli.play import Screen

    evil = sys.argv[1]
    screen = Screen(clear=False)
    screen.draw([(evil + " [bold]title", evil + " in a body\\nline 2", "")], evil, evil + "> ")
    screen.say(evil)
    print("drawn")
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="a pty is POSIX")
@pytest.mark.parametrize("evil", EVIL[:4])
def test_what_racebook_play_draws_on_a_real_terminal_has_its_escapes_escaped(
    tmp_path: Path, evil: str
) -> None:
    """Names that reached a state some other way (a config built by hand) are
    drawn with their control characters written out."""
    pytest.importorskip("rich")
    out = _in_pty([sys.executable, "-c", DRAW, evil], tmp_path)
    assert b"Lucky\\x1b" in out or b"Lucky\\x9b" in out, out
    assert not any(bad in out for bad in INJECTED), out
    assert b"[bold]title" in out  # names are text, not markup
    assert out.rstrip().endswith(b"drawn"), out


def test_header_config_gives_a_copy_that_can_be_changed_without_harm() -> None:
    from racebook.core.log import header_config
    from racebook.core.registry import game_class

    state = racebook.load("readysetbet").new_state(seed=1)
    text = state.log.dumps()
    header = {"defaults": 1, "config": {}}
    config = header_config(game_class("readysetbet"), header)
    config["vip_cards"][0]["name"] = "changed"
    config["vip_cards"].clear()
    config["players"] = 99
    again = header_config(game_class("readysetbet"), header)
    assert again["vip_cards"] and again["vip_cards"][0]["name"] != "changed"
    assert racebook.replay(text).digest() == state.digest()
    assert racebook.replay(racebook.load("readysetbet").new_state(seed=2).log.dumps())


@pytest.mark.parametrize("name", sorted(racebook.registered_games()))
def test_parse_action_refuses_integers_out_of_range_in_every_game(name: str) -> None:
    game = racebook.load(name)
    for kind in sorted(game.action_kinds):
        for seat in (10**5000, 2**63, -(2**63)):
            with pytest.raises(racebook.MalformedAction):
                game.parse_action({"kind": kind, "seat": seat})


# -- edited logs that verify -----------------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> dict[str, State[Any, Any, Any]]:
    games = {}
    for name in sorted(racebook.presets()):
        state = racebook.load(name).new_state(seed=3)
        _step(state, RandomBot(3), 100_000)
        games[name] = state
    return games


@pytest.mark.parametrize("name", sorted(racebook.presets()))
def test_no_single_field_edit_of_an_action_line_verifies_in_the_current_format(
    finished: dict[str, State[Any, Any, Any]], name: str
) -> None:
    """A sample of every game's edits (the fuzz suite tries more, in every
    format); formats 1 to 4 let some legal edits through, as their counts
    in the fuzz suite's output show."""
    from tests.logtext import replace_line, single_field_edits

    text = finished[name].log.dumps()
    edits = single_field_edits(text)
    for k, line in edits[:: max(1, len(edits) // 40)]:
        with pytest.raises(LogError) as info:
            racebook.replay(replace_line(text, k, line))
        assert info.value.line > k, (k, line)


def test_an_edit_that_format_4_lets_through_is_refused_in_format_5(
    finished: dict[str, State[Any, Any, Any]],
) -> None:
    from tests.logtext import as_format, replace_line, single_field_edits

    state = finished["readysetbet-simple"]
    story = state.log.for_seat(None)
    old = as_format(state, 4)
    through = []
    for k, line in single_field_edits(old):
        try:
            again = racebook.replay(replace_line(old, k, line))
        except LogError:
            continue
        if again.log.for_seat(None) != story:
            through.append((k, line))
    assert through  # a different public story that format 4's digests do not catch
    new = as_format(state, 5)
    for k, line in through:
        with pytest.raises(LogError, match="digest differs"):
            racebook.replay(replace_line(new, k, line))


def test_a_writer_and_a_dump_write_the_same_format_5_digests(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    state = racebook.load("readysetbet").new_state(seed=8)
    _step(state, RandomBot(8), 40)
    table = Table(state, log=path)
    bot = RandomBot(9)
    while not table.is_over:
        seat = table.to_act[0]
        table.submit(seat, bot.choose(table.state(), seat))
    assert path.read_text(encoding="utf-8") == table.log_text()
    assert racebook.replay(table.log_text()).digest() == table.state().digest()


@pytest.mark.parametrize("escaped", ["\\udcff", "\\ud800", "\\u001b[2J"])
def test_an_action_line_with_a_lone_surrogate_or_escape_is_refused_at_its_line(
    escaped: str,
) -> None:
    state = racebook.load("forcehorse-random").new_state(seed=1)
    text = state.log.dumps()
    k = next(i for i, line in enumerate(text.split("\n")) if '"draw-race","' in line)
    edited = text.replace('"draw-race","', '"draw-race","' + escaped, 1)
    with pytest.raises(LogError) as info:
        racebook.replay(edited)
    assert info.value.line == k + 1 and "racecourse" in str(info.value)


def test_a_format_4_log_cut_short_is_resumed_and_written_on_in_the_current_format(
    tmp_path: Path,
) -> None:
    old = (Path(__file__).parent / "data" / "logs-v4" / "trickrace.jsonl").read_text("utf-8")
    lines = old.split("\n")
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines[:60]) + "\n", encoding="utf-8")
    table = Table.resume(path, seed=4)
    assert '"version":6' in path.read_text(encoding="utf-8").split("\n")[0]
    bot = RandomBot(4)
    while not table.is_over:
        seat = table.to_act[0]
        table.submit(seat, bot.choose(table.state(), seat))
    text = path.read_text(encoding="utf-8")
    assert text == table.log_text()
    assert racebook.replay(text).digest() == table.state().digest()
    kept = [line for line in lines[1:60] if line.startswith("[")]  # the same actions first
    assert [line for line in text.split("\n") if line.startswith("[")][: len(kept)] == kept


def test_a_format_5_log_cut_short_is_resumed_and_written_on_in_format_5(
    tmp_path: Path,
) -> None:
    """A log of format 5 goes on in format 5: its lines and digests so far
    stay as they were (a header of format 6 would change every digest)."""
    old = (Path(__file__).parent / "data" / "logs-v5" / "trickrace.jsonl").read_text("utf-8")
    lines = old.split("\n")
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines[:60]) + "\n", encoding="utf-8")
    table = Table.resume(path, seed=4)
    bot = RandomBot(4)
    while not table.is_over:
        seat = table.to_act[0]
        table.submit(seat, bot.choose(table.state(), seat))
    text = path.read_text(encoding="utf-8")
    assert text.split("\n")[:60] == lines[:60]
    assert racebook.replay(text).digest() == table.state().digest()

"""Reading many logs is bounded, counts every input and names what it
leaves out; what is written is its owner's and never follows a link; every
message that quotes input shows it escaped (issue 35).

Real FIFOs, symlinks, zip and tar files are made in tmp; caps are made small
(``max_bytes``, ``max_inputs``, or the module's defaults patched) so that a
bomb over them stays quick.  A full disk is an ``OSError(ENOSPC)`` injected
at the write call (no tmpfs can be mounted here)."""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import stat
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook import ConfigError, LogError
from racebook.analysis import game_meta, log_sources, read_logs
from racebook.cli import main
from racebook.core.errors import UNSHOWN, escape
from racebook.core.log import set_meta
from racebook.core.workers import WorkerLost, run_jobs

ROOT = Path(__file__).resolve().parent.parent
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, modes and fork are POSIX")


def _log(seed: int = 1, meta: dict[str, Any] | None = None) -> str:
    state = racebook.load("trickrace").new_state(seed=seed)
    if meta is not None:
        set_meta(state, meta)
    return state.log.dumps()


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src")}


# -- 3. bounded: special files, bombs, member counts, one log at a time -----------------------


@POSIX
def test_a_folder_with_a_fifo_and_a_link_to_dev_zero_is_read_without_hanging(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.jsonl").write_text(_log(1), encoding="utf-8")
    os.mkfifo(folder / "b-fifo.jsonl")
    (folder / "c-zero.jsonl").symlink_to("/dev/zero")
    (folder / "d.jsonl").write_text(_log(2), encoding="utf-8")
    (folder / "loop").symlink_to(folder)  # a link to a folder: not followed
    result = read_logs(folder, game_meta)
    assert [row["log"] for row in result] == ["a.jsonl", "d.jsonl"] and result.read == 2
    assert result.left == [("b-fifo.jsonl", "a FIFO"), ("c-zero.jsonl", "a character device")]


@POSIX
def test_records_and_replay_of_a_fifo_without_writer_end_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    for argv, says in ((["records", str(fifo)], "a FIFO"), (["replay", str(fifo)], "empty")):
        out = subprocess.run(
            [sys.executable, "-m", "racebook", *argv],
            capture_output=True,
            text=True,
            env=_env(),
            timeout=60,
        )
        assert out.returncode == 1, out
        assert len(out.stderr.strip().splitlines()) == 1 and says in out.stderr, out.stderr
    with pytest.raises(LogError, match="device"):
        racebook.core.logfile.read_log_file("/dev/zero")


def _bomb_zip(path: Path, size: int) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("a.jsonl", _log(1))
        archive.writestr("bomb.jsonl", b"\0" * size)


def test_zip_and_tar_bombs_are_refused_before_they_are_read(tmp_path: Path) -> None:
    cap = 256 * 1024
    zipped = tmp_path / "bomb.zip"
    _bomb_zip(zipped, 4 * cap)
    assert zipped.stat().st_size < 20_000
    with pytest.raises(LogError) as info:
        read_logs(zipped, game_meta, max_bytes=cap)
    assert "bomb.zip: bomb.jsonl" in str(info.value) and f"{cap:,}" in str(info.value)
    for suffix, mode in ((".tgz", "w:gz"), (".tar.xz", "w:xz"), (".tar", "w")):
        tarred = tmp_path / f"bomb{suffix}"
        with tarfile.open(tarred, mode) as archive:
            data = b"\0" * (4 * cap)
            info_ = tarfile.TarInfo("bomb.jsonl")
            info_.size = len(data)
            archive.addfile(info_, io.BytesIO(data))
        with pytest.raises(LogError, match=rf"bomb{suffix}: bomb\.jsonl: "):
            read_logs(tarred, game_meta, max_bytes=cap)


def test_an_archive_of_too_many_members_is_refused_before_its_list_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    zipped = tmp_path / "many.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        for i in range(60):
            archive.writestr(f"m{i}.txt", "")
    opened: list[str] = []
    real = zipfile.ZipFile.__init__

    def spy(self: Any, *args: Any, **kwargs: Any) -> None:
        opened.append("zip")
        real(self, *args, **kwargs)

    monkeypatch.setattr(zipfile.ZipFile, "__init__", spy)
    with pytest.raises(LogError, match=r"many\.zip: 60 members"):
        read_logs(zipped, max_inputs=50)
    assert opened == []  # the count came from the zip's last record
    tarred = tmp_path / "many.tar"
    with tarfile.open(tarred, "w") as archive:
        for i in range(60):
            archive.addfile(tarfile.TarInfo(f"m{i}.txt"), io.BytesIO(b""))
    with pytest.raises(LogError, match=r"many\.tar: more than 50 members"):
        read_logs(tarred, max_inputs=50)
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(6):
        (folder / f"{i}.jsonl").write_text(_log(1), encoding="utf-8")
    with pytest.raises(LogError, match=r"more than 5 \.jsonl files"):
        read_logs(folder, max_inputs=5)
    monkeypatch.setattr("racebook.analysis.MAX_INPUTS", 5)  # the default, as records uses it
    assert main(["records", str(folder)]) == 1


def test_logs_are_read_one_chunk_at_a_time_not_all_before_the_first_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import racebook.analysis as analysis

    folder = tmp_path / "logs"
    folder.mkdir()
    for i in range(8):
        (folder / f"{i}.jsonl").write_text(_log(i), encoding="utf-8")
    reads: list[str] = []
    real = analysis._read_regular

    def counted(path: Path, name: str, cap: int) -> bytes | str:
        reads.append(name)
        return real(path, name, cap)

    monkeypatch.setattr(analysis, "_read_regular", counted)
    seen: list[int] = []

    def fn(state: Any, log_id: str) -> str:
        seen.append(len(reads))
        return log_id

    assert read_logs(folder, fn, chunk=1) == [f"{i}.jsonl" for i in range(8)]
    assert all(n <= i + 2 for i, n in enumerate(seen)), seen  # a log ahead, never all


# -- 4. every input read once, counted and named --------------------------------------------


def test_a_zip_with_a_name_twice_reads_both_members_once(tmp_path: Path) -> None:
    zipped = tmp_path / "dup.zip"
    with zipfile.ZipFile(zipped, "w") as archive, pytest.warns(UserWarning):
        archive.writestr("game.jsonl", _log(1, {"n": 1}))
        archive.writestr("game.jsonl", _log(2, {"n": 2}))
    rows = read_logs(zipped, game_meta)
    assert [(r["log"], r["meta"]) for r in rows] == [
        ("game.jsonl", {"n": 1}),
        ("game.jsonl~2", {"n": 2}),
    ]


def test_a_tar_link_member_is_read_as_the_member_it_names(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.jsonl").write_text(_log(1), encoding="utf-8")
    os.link(folder / "a.jsonl", folder / "b.jsonl")
    tarred = tmp_path / "logs.tar"
    with tarfile.open(tarred, "w") as archive:
        archive.add(folder / "a.jsonl", "a.jsonl")
        archive.add(folder / "b.jsonl", "b.jsonl")  # stored as a hard link to a.jsonl
        link = tarfile.TarInfo("c.jsonl")
        link.type, link.linkname = tarfile.SYMTYPE, "nowhere.jsonl"
        archive.addfile(link)
    with tarfile.open(tarred) as archive:
        assert archive.getmember("b.jsonl").islnk()
    result = read_logs(tarred, game_meta)
    assert [r["log"] for r in result] == ["a.jsonl", "b.jsonl"]
    assert result.left == [("c.jsonl", "a link to no member")]


def test_empty_blank_and_seat_logs_are_named_and_a_redacted_meta_is_no_seat_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    state = racebook.load("trickrace").new_state(seed=3)
    (folder / "a.jsonl").write_text(_log(1, {"redacted": True, "x": {"redacted": True}}), "utf-8")
    (folder / "b.jsonl").write_text("", encoding="utf-8")
    (folder / "c.jsonl").write_text(" \n\n", encoding="utf-8")
    (folder / "d.seat0.jsonl").write_text(state.log.for_seat(0), encoding="utf-8")
    result = read_logs(folder, game_meta)
    assert [r["log"] for r in result] == ["a.jsonl"] and result.read == 1
    assert [name for name, _ in result.left] == ["b.jsonl", "c.jsonl", "d.seat0.jsonl"]
    assert "empty" in result.left[0][1] and "seat" in result.left[2][1]
    assert log_sources(folder).left == result.left
    capsys.readouterr()
    assert main(["records", str(folder), "--out", str(tmp_path / "out.jsonl")]) == 0
    err = capsys.readouterr().err
    assert "left out b.jsonl: empty" in err and "1 logs read, 3 inputs left out" in err


def test_a_torn_last_log_of_a_file_of_several_is_named_and_the_rest_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = [_log(i) for i in range(3)]
    torn = tmp_path / "all.jsonl"
    torn.write_text("".join(logs) + logs[0][: len(logs[0]) // 2], encoding="utf-8")
    result = read_logs(torn, game_meta)
    assert [r["log"] for r in result] == ["all.jsonl#1", "all.jsonl#2", "all.jsonl#3"]
    assert result.left == [("all.jsonl#4", "torn: the file's last log has no closing line")]
    capsys.readouterr()
    assert main(["records", str(torn), "--out", str(tmp_path / "r.jsonl")]) == 0
    assert "left out all.jsonl#4: torn" in capsys.readouterr().err
    torn.write_text("".join(logs) + '{"for', encoding="utf-8")  # cut in the next header
    result = read_logs(torn, game_meta)
    assert result.read == 3 and result.left[0][0] == "all.jsonl#4", result.left


# -- 5. one-line LogErrors naming the input; a killed worker ---------------------------------


def test_damaged_inputs_are_one_line_log_errors_naming_them(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.jsonl"
    bad.write_bytes(_log(1).encode() + "café\n".encode("latin-1"))
    with pytest.raises(LogError) as info:
        read_logs(bad)
    assert "latin1.jsonl: not UTF-8" in str(info.value) and info.value.line > 1
    whole = tmp_path / "logs.tar"
    with tarfile.open(whole, "w") as archive:
        for i in range(3):
            data = _log(i).encode()
            member = tarfile.TarInfo(f"{i}.jsonl")
            member.size = len(data)
            archive.addfile(member, io.BytesIO(data))
    (tmp_path / "cut.tar").write_bytes(whole.read_bytes()[:2000])
    with tarfile.open(tmp_path / "whole.tgz", "w:gz") as archive:
        archive.add(whole, "logs.tar")
        archive.add(bad, "x.jsonl")
    (tmp_path / "cut.tgz").write_bytes((tmp_path / "whole.tgz").read_bytes()[:-200])
    (tmp_path / "junk.tar.xz").write_bytes(b"not xz at all\n")
    zipped = tmp_path / "crc.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.writestr("a.jsonl", _log(1))
    data = bytearray(zipped.read_bytes())
    at = data.index(b'{"format"') + 20
    data[at] ^= 1  # stored, not compressed: the CRC no longer matches
    zipped.write_bytes(bytes(data))
    for name, what in (
        ("cut.tar", "damaged tar"),
        ("cut.tgz", "damaged tar"),
        ("junk.tar.xz", "damaged tar"),
        ("crc.zip", "damaged zip"),
    ):
        with pytest.raises(LogError) as info:
            read_logs(tmp_path / name)
        message = str(info.value)
        assert f"{name}: a {what} archive" in message and "\n" not in message, message
        assert main(["records", str(tmp_path / name)]) == 1


def _kill_once(job: tuple[str, int]) -> int:
    marker, value = job
    if value == 3 and not os.path.exists(marker):
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return value * value


def _kill_always(job: tuple[str, int]) -> int:
    if job[1] == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return job[1]


def _kill_on_bad(state: Any, log_id: str) -> str:
    if log_id == "bad":
        os.kill(os.getpid(), signal.SIGKILL)
    return log_id


@POSIX
def test_a_killed_worker_s_job_is_run_once_more_or_named(tmp_path: Path) -> None:
    marker = str(tmp_path / "killed")
    jobs = [(marker, i) for i in range(8)]
    assert run_jobs(_kill_once, iter(jobs), workers=2) == [i * i for i in range(8)]
    assert os.path.exists(marker)
    with pytest.raises(WorkerLost) as lost:
        run_jobs(_kill_always, jobs, workers=2)
    assert lost.value.index == 3
    text = _log(1)
    logs = [("a", text), ("b", text), ("bad", text), ("c", text)]
    with pytest.raises(LogError) as info:
        read_logs(logs, _kill_on_bad, workers=2, chunk=2)
    assert "bad to c (2 logs)" in str(info.value) and "worker process died" in str(info.value)


def test_a_job_s_error_on_ray_is_raised_as_itself_in_one_line() -> None:
    from racebook.core.workers import _ray_result

    class RayError(Exception):
        pass

    class RayTaskError(RayError):
        def __init__(self, cause: Exception) -> None:
            super().__init__("\x1b[31mray::_read_chunk() (pid=4242, ip=10.0.0.7)\n  File ...")
            self.cause = cause

    class Exceptions:
        pass

    fake: Any = type("ray", (), {})()
    fake.exceptions = Exceptions()
    fake.exceptions.RayTaskError, fake.exceptions.RayError = RayTaskError, RayError
    cause = LogError(4, "bad.jsonl: not a legal action")

    def get(ref: Exception) -> None:
        raise ref

    fake.get = get
    with pytest.raises(LogError) as info:
        _ray_result(fake, 0, RayTaskError(cause))
    assert info.value is cause
    with pytest.raises(WorkerLost, match="job 2: its Ray worker was lost") as lost:
        _ray_result(fake, 2, RayError("node 10.0.0.7 died\nmore"))
    assert "\n" not in str(lost.value)


# -- 8 and 14: what is written ----------------------------------------------------------------


@POSIX
def test_simulate_logs_are_private_exclusive_and_an_earlier_run_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = os.umask(0o022)
    try:
        folder, file = tmp_path / "logs", tmp_path / "logs.jsonl"
        victim = tmp_path / "victim.txt"
        victim.write_text("keep me", encoding="utf-8")
        args = ["simulate", "trickrace", "--games", "2", "--seed", "2"]
        folder.mkdir()
        (folder / "game-000000.jsonl").symlink_to(victim)
        file.symlink_to(victim)
        assert main([*args, "--logs", str(folder)]) == 1
        assert main([*args, "--logs", str(file)]) == 1
        assert "--replace" in capsys.readouterr().err
        assert victim.read_text(encoding="utf-8") == "keep me"
        assert main([*args, "--logs", str(folder), "--replace"]) == 0
        assert main([*args, "--logs", str(file), "--replace"]) == 0
        assert victim.read_text(encoding="utf-8") == "keep me"
        written = [*folder.iterdir(), file]
        assert len(written) == 3 and not any(p.is_symlink() for p in written)
        assert {stat.S_IMODE(p.stat().st_mode) for p in written} == {0o600}
        (folder / "game-000007.jsonl").write_text("stale", encoding="utf-8")
        assert main([*args, "--logs", str(folder)]) == 1  # stale files are not mixed in
        assert main([*args, "--logs", str(folder), "--replace"]) == 0
        assert sorted(p.name for p in folder.iterdir()) == [
            "game-000000.jsonl",
            "game-000001.jsonl",
        ]
        out = tmp_path / "records.jsonl"
        assert main(["records", str(file), "--out", str(out)]) == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o600
    finally:
        os.umask(old)


class _FullDisk(io.TextIOBase):
    """A text file that takes ``room`` characters, then fails as a full disk."""

    def __init__(self, real: Any, room: int) -> None:
        self.real, self.room = real, room

    def write(self, text: str) -> int:
        if len(text) > self.room:
            self.real.write(text[: self.room])
            self.room = 0
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= len(text)
        return int(self.real.write(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def flush(self) -> None:
        self.real.flush()

    def tell(self) -> int:
        return int(self.real.tell())

    def seek(self, *args: Any) -> int:
        return int(self.real.seek(*args))

    def truncate(self, *args: Any) -> int:
        return int(self.real.truncate(*args))


def test_a_full_disk_during_simulate_logs_leaves_the_logs_before_whole(tmp_path: Path) -> None:
    from racebook.cli.analysing import LogsOut

    target = tmp_path / "all.jsonl"
    out = LogsOut(str(target))
    logs = [_log(i) for i in range(3)]
    assert out.file is not None
    out.file = _FullDisk(out.file, len(logs[0]) + len(logs[1]) + 100)  # type: ignore[assignment]
    record: Any = type("R", (), {})()
    for i, text in enumerate(logs):
        record.log, record.index = text, i
        if i < 2:
            out.write(record)
        else:
            with pytest.raises(OSError) as info:
                out.write(record)
    out.close()
    assert info.value.errno == errno.ENOSPC and info.value.filename == str(target)
    assert target.read_text(encoding="utf-8") == logs[0] + logs[1]  # the torn log taken back
    assert read_logs(target, game_meta).read == 2


def test_records_out_on_a_full_disk_names_the_file_and_leaves_no_torn_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import racebook.analysis as analysis

    source = tmp_path / "all.jsonl"
    source.write_text(_log(1) + _log(2), encoding="utf-8")
    out = tmp_path / "records.jsonl"
    out.write_text("earlier records\n", encoding="utf-8")
    real = analysis.write_jsonl

    def full(rows: Any, f: Any) -> None:
        real(rows[:3], f)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(analysis, "write_jsonl", full)
    capsys.readouterr()
    assert main(["records", str(source), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {out}: No space left on device" in err, err
    assert out.read_text(encoding="utf-8") == "earlier records\n"  # whole or not at all
    assert sorted(p.name for p in tmp_path.iterdir()) == ["all.jsonl", "records.jsonl"]


@pytest.mark.parametrize("chunk", [-1, 0, 1.5])
def test_read_logs_refuses_a_chunk_that_is_not_a_count(chunk: Any) -> None:
    with pytest.raises(ConfigError, match="chunk"):
        read_logs([("a", _log(1))], chunk=chunk)


# -- 2, 2b, 10, 13 ------------------------------------------------------------------------------

ESC = "\x1b]0;owned\x07\u202e"


def _bad_keys() -> list[tuple[str, str, dict[str, Any]]]:
    """(what, game, header config) with an unknown key holding escapes: at the
    top level and nested (races[i], vip_cards[i], cards[i])."""
    from racebook.core.serial import to_data

    out: list[tuple[str, str, dict[str, Any]]] = [("top", "trickrace", {ESC: 1})]
    longshot = to_data(racebook.presets()["longshot"].config)
    out.append(("races", "longshot", {"races": [{**longshot["races"][0], ESC: 1}]}))
    rsb = to_data(racebook.presets()["readysetbet"].config)
    out.append(("vip_cards", "readysetbet", {"vip_cards": [{**rsb["vip_cards"][0], ESC: 1}]}))
    foth = to_data(racebook.presets()["forcehorse"].config)
    out.append(
        ("cards", "forcehorse", {"cards": [{**foth["cards"][0], ESC: 1}, *foth["cards"][1:]]})
    )
    return out


@pytest.mark.parametrize(
    "what,game,config", _bad_keys(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_an_escape_in_a_config_key_reaches_no_terminal_raw(
    tmp_path: Path, what: str, game: str, config: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    text = racebook.load(game).new_state(seed=1).log.dumps()
    head, rest = text.split("\n", 1)
    header = json.loads(head)
    header["config"] = {**header["config"], **config}
    log = tmp_path / "bad.jsonl"
    log.write_text(json.dumps(header) + "\n" + rest, encoding="utf-8")
    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"game": game, "settings": config}), encoding="utf-8")
    runs = [
        ["replay", str(log)],
        ["chart", str(log), "--out", str(tmp_path / "c")],
        ["records", str(log)],
        ["simulate", "--variant", str(variant), "--games", "1"],
    ]
    if importlib_has("rich"):
        runs.append(["play", "--resume", str(log)])
    for argv in runs:
        capsys.readouterr()
        assert main(argv) in (1, 2), argv
        err = capsys.readouterr().err
        assert err and UNSHOWN.search(err.replace("\n", "")) is None, (argv, err)
        assert "\\x1b]0;owned\\x07\\u202e" in err, (argv, err)
        assert err.count("\n") == 1, (argv, err)


def importlib_has(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def test_escape_is_one_function_and_idempotent() -> None:
    shown = escape("a\x1b[2J\u202eb\u200bc\u2066d\ud800\n")
    assert shown == "a\\x1b[2J\\u202eb\\u200bc\\u2066d\\ud800\\x0a"
    assert escape(shown) == shown and UNSHOWN.search(shown) is None
    assert escape("a\nb", newline=True) == "a\nb"
    assert str(ConfigError("x\x1b", "y\u202e")) == "setting x\\x1b: y\\u202e"


def test_a_foth_header_nested_500_deep_is_a_log_error() -> None:
    state = racebook.load("forcehorse").new_state(seed=1)
    head, rest = state.log.dumps().split("\n", 1)
    header = json.loads(head)
    from racebook.core.serial import to_data

    cards = to_data(state.game.config.cards)
    deep: Any = {"x": 1}
    for _ in range(500):
        deep = {"a": deep}
    header["config"]["cards"] = [{**cards[0], "abilities": [deep]}, *cards[1:]]
    with pytest.raises(LogError) as info:
        racebook.replay(json.dumps(header) + "\n" + rest)
    assert info.value.line == 1 and "nested more than" in str(info.value)


def test_tournament_with_a_bot_never_seated_says_so() -> None:
    from racebook.tournament import tournament

    game = racebook.load("forcehorse")
    result = tournament(game, ["random", "random", "heuristic"], games=1, seed=1)
    row = result.row("heuristic")
    assert row.seats == 0 and result.rows[-1] is row
    assert any("never seated" in line for line in result.lines())


BIDI = ["Lucky\u202eyk", "Lu\u200bcky", "Lucky\u2066x\u2069", "\ufeffLucky", "Lucky\u061c"]


@pytest.mark.parametrize("name", BIDI)
def test_bidi_and_zero_width_characters_in_names_are_refused_and_drawn_escaped(name: str) -> None:
    from racebook.cli.play import printable
    from racebook.core.serial import to_data

    cards = to_data(racebook.presets()["readysetbet"].config)["vip_cards"]
    with pytest.raises(ConfigError) as info:
        racebook.load("readysetbet", vip_cards=[{**cards[0], "name": name}, *cards[1:]])
    assert "vip_cards[0].name" in str(info.value) and "U+" in str(info.value)
    assert UNSHOWN.search(printable(name)) is None

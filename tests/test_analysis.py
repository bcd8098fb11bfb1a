"""Logs for analysis: records (racebook.analysis), the reader over folders,
archives and files of logs, ``simulate --logs`` and the "Analysing logs"
docs page, run here on a small set of logs."""

from __future__ import annotations

import importlib.util
import json
import random
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import attrs
import pytest

import racebook
from racebook import LogError
from racebook.analysis import (
    Record,
    bet_records,
    frame,
    game_meta,
    log_sources,
    read_logs,
    read_records,
    records,
    split_logs,
)
from racebook.cli import main
from racebook.core.log import meta_of

ROOT = Path(__file__).resolve().parent.parent
V6 = ROOT / "tests" / "data" / "logs-v6"
HAS_PANDAS = importlib.util.find_spec("pandas") is not None


def _fixture(name: str) -> racebook.State[Any, Any, Any]:
    return racebook.replay((V6 / f"{name}.jsonl").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["longshot", "readysetbet", "trickrace", "forcehorse", "mafia"])
def test_records_are_every_action_and_event_in_order(name: str) -> None:
    state = _fixture(name)
    rows = records(state, name)
    actions = [r for r in rows if r.type == "action"]
    assert [r.step for r in actions] == list(range(1, len(state.log) + 1))
    # every event, private ones too (a full log is full information)
    assert len(rows) - len(actions) == sum(len(group) for group in state._events)
    assert all(type(r.seat) is int for r in actions)  # -1: chance
    assert all(r.seat is None or type(r.seat) is int for r in rows)
    assert all(r.game == state.game.id and r.log == name for r in rows)
    races = [r.race for r in rows]
    assert races == sorted(races) and races[0] == 1
    assert [r.step for r in rows] == sorted(r.step for r in rows)
    # a record's fields and seat give the action back
    for row, action in zip(actions, state.log.actions, strict=True):
        assert state.game.parse_action({"kind": row.kind, "seat": row.seat, **row.fields}) == action


def test_records_count_races_by_checkpoints() -> None:
    state = _fixture("longshot")
    ended = [r for r in records(state) if r.kind == "race-ended"]
    assert [r.race for r in ended] == [r.fields["race"] for r in ended] == [1, 2]


def test_a_record_as_a_flat_dict_keeps_its_columns() -> None:
    row = Record("longshot", "a", 1, 5, None, "event", "race-ended", {"race": 1, "places": [1]})
    assert row.to_data() == {
        "game": "longshot",
        "log": "a",
        "race": 1,
        "step": 5,
        "seat": None,
        "type": "event",
        "kind": "race-ended",
        "field_race": 1,
        "places": [1],
    }


@pytest.mark.skipif(not HAS_PANDAS, reason="pandas is not installed (the analysis extra)")
def test_a_frame_keeps_a_seat_an_integer() -> None:
    rows = records(_fixture("longshot"), "longshot") + records(_fixture("trickrace"), "t")
    df = frame(rows)
    assert str(df["seat"].dtype) == "Int64"  # events without a seat: <NA>, not a float
    assert df["seat"].isna().any() and int(df["seat"].dropna().min()) == -1
    assert str(df["step"].dtype) == "Int64" and str(df["kind"].dtype) == "string"
    assert len(df) == len(rows)


@pytest.mark.parametrize("name", ["readysetbet", "readysetbet-simple", "readysetbet-host-bets"])
def test_bet_records_add_up_to_each_seats_settlement(name: str) -> None:
    state = _fixture(name)
    bets = bet_records(state, name)
    settled = [r for r in records(state) if r.kind == "settled"]
    assert bets and settled
    for row in settled:
        mine = [b for b in bets if b.race == row.race and b.seat == row.seat]
        assert sum(b.fields["won"] for b in mine) == row.fields["won"]
        assert sum(b.fields["lost"] for b in mine) >= row.fields["lost"]  # the $0 floor
    assert all(b.fields["hit"] == (b.fields["won"] > 0) for b in bets)
    assert bet_records(_fixture("longshot")) == []


def _write_logs(folder: Path, n: int = 6) -> list[str]:
    folder.mkdir()
    texts = []
    for i, name in enumerate(["longshot", "trickrace", "readysetbet"] * (n // 3)):
        text = racebook.replay((V6 / f"{name}.jsonl").read_text(encoding="utf-8")).log.dumps()
        (folder / f"{i}-{name}.jsonl").write_text(text, encoding="utf-8")
        texts.append(text)
    (folder / "0-longshot.seat0.jsonl").write_text(
        (V6 / "longshot.seat0.jsonl").read_text(encoding="utf-8"), encoding="utf-8"
    )  # a seat's log is left out
    return texts


def test_read_logs_from_a_folder_an_archive_and_a_file(tmp_path: Path) -> None:
    texts = _write_logs(tmp_path / "logs")
    from_folder = log_sources(tmp_path / "logs")
    assert [t for _, t in from_folder] == texts
    zipped = tmp_path / "logs.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        for path in sorted((tmp_path / "logs").iterdir()):
            archive.write(path, f"logs/{path.name}")
    tarred = tmp_path / "logs.tar.gz"
    with tarfile.open(tarred, "w:gz") as archive:
        archive.add(tmp_path / "logs", arcname="logs")
    together = tmp_path / "all.jsonl"
    together.write_text("".join(texts), encoding="utf-8")
    for source in (zipped, tarred, together):
        assert [t for _, t in log_sources(source)] == texts, source
    assert [i for i, _ in log_sources(together)] == [f"all.jsonl#{n}" for n in range(1, 7)]
    assert split_logs("".join(texts)) == texts


def test_read_logs_on_workers_is_the_same_with_progress(tmp_path: Path) -> None:
    _write_logs(tmp_path / "logs")
    seen: list[tuple[int, int]] = []
    one = read_records(tmp_path / "logs")
    two = read_records(tmp_path / "logs", workers=2, chunk=2, progress=lambda *a: seen.append(a))
    assert one == two and len({r.log for r in one}) == 6
    assert seen == [(2, 6), (4, 6), (6, 6)]


def test_read_logs_names_the_log_that_does_not_verify(tmp_path: Path) -> None:
    texts = _write_logs(tmp_path / "logs")
    bad = texts[1].replace('"play"', '"pass"', 1)
    with pytest.raises(LogError) as info:
        read_logs([("good", texts[0]), ("bad.jsonl", bad)], game_meta)
    assert "bad.jsonl" in info.value.reason


def test_simulate_writes_every_games_log_with_its_bots() -> None:
    game = racebook.load("trickrace")
    bots = ["heuristic", "random", "random", "random"]
    found: list[Any] = []
    summary = racebook.simulate(game, bots, games=3, seed=5, on_game=found.append, logs=True)
    assert summary == racebook.simulate(game, bots, games=3, seed=5)
    for record in found:
        state = racebook.replay(record.log)
        assert state.result is not None and state.result.scores == record.scores
        assert meta_of(state) == {"bots": bots, "simulate": {"seed": 5, "game": record.index}}


def test_simulate_logs_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, file = tmp_path / "logs", tmp_path / "logs.jsonl"
    args = ["simulate", "readysetbet", "--games", "4", "--seed", "2"]
    assert main([*args, "--logs", str(folder), "--workers", "2"]) == 0
    assert main([*args, "--logs", str(file)]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"game-00000{i}.jsonl" for i in range(4)]
    texts = [(folder / n).read_text(encoding="utf-8") for n in names]
    assert split_logs(file.read_text(encoding="utf-8")) == texts
    header = json.loads(texts[0].split("\n", 1)[0])
    assert header["meta"]["bots"] == ["random"] * header["seats"]  # the host chair too
    capsys.readouterr()
    out = tmp_path / "records.jsonl"
    assert main(["records", str(file), "--out", str(out), "--workers", "2"]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {r["log"] for r in rows} == {f"logs.jsonl#{n}" for n in range(1, 5)}
    assert main(["records", str(tmp_path / "nothing")]) == 1
    assert "no folder, archive or log file" in capsys.readouterr().err


def test_records_cross_processes_as_their_values() -> None:
    # read_logs on workers sends records back pickled: each is its class and
    # its values (Record.__reduce_ex__), rebuilt equal, fields and all
    import pickle

    state = racebook.load("readysetbet").new_state(seed=2)
    state.play_random(random.Random(2))
    rows = records(state, "a")
    back = pickle.loads(pickle.dumps(rows, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == rows and all(type(r) is Record for r in back)
    assert rows[0].__reduce_ex__(5) == (Record, attrs.astuple(rows[0], recurse=False))

    @attrs.frozen
    class Tagged(Record):  # a subclass with a field of its own pickles as usual
        tag: str = ""

    tagged = Tagged(*attrs.astuple(rows[0], recurse=False), tag="x")
    assert tagged.__reduce_ex__(5)[0] is not Record


def test_a_log_that_does_not_verify_on_a_worker_is_the_same_log_error(tmp_path: Path) -> None:
    # the LogError a worker raises crosses back whole (RacebookError.__reduce__)
    good = racebook.load("trickrace").new_state(seed=1).log.dumps()
    logs = [(f"ok{i}", good) for i in range(3)] + [("bad", good.replace('"digest"', '"dig"', 1))]
    with pytest.raises(LogError) as one:
        read_logs(logs)
    with pytest.raises(LogError) as two:
        read_logs(logs, workers=2, chunk=1)
    assert str(two.value) == str(one.value) and "bad" in str(two.value)
    assert (two.value.line, two.value.reason) == (one.value.line, one.value.reason)


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_logs_collects_each_logs_garbage_and_leaves_the_collector_as_it_was(
    enabled: bool,
) -> None:
    # _read_chunk runs the cyclic collector on each log's young objects
    # itself (the rows kept are not rescanned); a Force of the Horse replay
    # leaves some 400 objects in cycles, none of which may pile up
    import gc

    game = racebook.load("forcehorse")
    logs = []
    for seed in range(10):
        state = game.new_state(seed=seed)
        state.play_random(random.Random(seed))
        logs.append((str(seed), state.log.dumps()))
    was = gc.isenabled()
    try:
        if not enabled:
            gc.disable()
        gc.collect()
        rows = read_logs(logs)
        assert len(rows) == 10 and gc.isenabled() is enabled
        if enabled:
            assert gc.collect() < 400  # ten replays' cycles were collected on the way
        bad = [*logs[:2], ("bad", logs[2][1].replace('"digest"', '"dig"', 1))]
        with pytest.raises(LogError):
            read_logs(bad)
        assert gc.isenabled() is enabled
    finally:
        if was:
            gc.enable()

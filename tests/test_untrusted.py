"""Logs and variant files are untrusted input: typed errors, bounded messages,
no silent coercion, immutable presets, and what a live game records is what
its replay records."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import attrs
import pytest

import racebook
from racebook import ConfigError, LogError
from racebook.agents.base import RandomBot
from racebook.core.errors import MAX_MESSAGE
from racebook.core.game import State
from racebook.core.log import MAX_BYTES, VERSION, header_config
from racebook.core.registry import game_class
from racebook.core.serial import FrozenDict
from racebook.variants import read_variant
from tests.logtext import with_format_4_digests

PRESETS = sorted(racebook.presets())
FIXTURES = Path(__file__).parent / "data" / "logs-v1"


def play(name: str, seed: int = 3, **settings: Any) -> State[Any, Any, Any]:
    return _play_on(racebook.load(name, **settings), seed)


# -- honest users -------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_chance_events_are_recorded_once(name: str) -> None:
    """A live game and its replay give the same event streams, per seat too."""
    state = play(name)
    again = racebook.replay(state.log.dumps())
    assert len(state.log.events()) == len(again.log.events())
    for seat in [*range(state.game.seats), None]:
        assert state.log.for_seat(seat) == again.log.for_seat(seat)


def test_apply_returns_the_chance_it_triggered_without_storing_it_twice() -> None:
    state = racebook.load("longshot").new_state(seed=5)
    seat = state.to_act[0]
    before = len(state.log.events(seat))
    events = state.apply(state.legal_actions(seat)[0])
    assert any(e.kind == "drew" for e in events)  # the draw is chance, after the move
    assert len(state.log.events(seat)) - before == len(events)


def _mutables(value: Any, path: str = "config") -> list[str]:
    if isinstance(value, list | dict | set | bytearray):
        return [path]
    if attrs.has(type(value)):
        found = []
        for f in attrs.fields(type(value)):
            found += _mutables(getattr(value, f.name), f"{path}.{f.name}")
        return found
    if isinstance(value, tuple):
        return [p for i, v in enumerate(value) for p in _mutables(v, f"{path}[{i}]")]
    if isinstance(value, FrozenDict):
        return [p for k, v in value.items() for p in _mutables(v, f"{path}.{k}")]
    return []


@pytest.mark.parametrize("name", PRESETS)
def test_presets_are_immutable(name: str) -> None:
    config = racebook.presets()[name].config
    assert _mutables(config) == []
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        config.players = 1


def test_a_rule_modules_settings_cannot_be_changed_from_outside() -> None:
    rules = racebook.presets()["mafia"].config.rules
    with pytest.raises(TypeError):
        rules[0].settings["threshold"] = 1
    game = racebook.load(
        "longshot", rules=[{"name": "supply-quinella", "settings": {"threshold": 30}}]
    )
    with pytest.raises(TypeError):
        game.config.rules[0].settings["threshold"] = 1
    assert racebook.load("mafia").config == racebook.presets()["mafia"].config


# -- no silent coercion -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"players": "5"}, "players"),
        ({"players": 4.9}, "players"),
        ({"players": True}, "players"),
        ({"indicated_mvs": "123"}, "indicated_mvs"),
        ({"indicated_mvs": [1, 2.0]}, "indicated_mvs"),
        ({"open_money": "false"}, "open_money"),
        ({"open_money": 0}, "open_money"),
        ({"tiebreaks": "box_total"}, "tiebreaks"),
    ],
)
def test_no_silent_coercion_in_settings(settings: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigError) as info:
        racebook.load("longshot", **settings)
    assert info.value.field == field


def test_no_silent_coercion_in_variant_files() -> None:
    with pytest.raises(ConfigError) as info:
        read_variant('game = "longshot"\n[settings]\nplayers = "5"\n')
    assert info.value.field == "players"
    with pytest.raises(ConfigError) as info:
        read_variant('{"game": "longshot", "settings": {"open_money": "false"}}', "json")
    assert info.value.field == "open_money"


@pytest.fixture(scope="module")
def longshot_log() -> str:
    return play("longshot", seed=8).log.dumps()


PLACE_FIELDS = {"seat": 0, "card": 2, "box": 3}
"""Where a Long Shot ``place`` line of format 3 holds each field."""


def _edit(text: str, number: int, **changes: Any) -> str:
    lines = text.split("\n")
    obj = json.loads(lines[number - 1])
    if isinstance(obj, list):  # an action line of format 3: [seat, kind, card, box]
        for name, value in changes.items():
            obj[PLACE_FIELDS[name]] = value
    else:
        obj.update(changes)
    lines[number - 1] = json.dumps(obj)
    return "\n".join(lines)


def _place_line(text: str) -> int:
    for n, line in enumerate(text.split("\n"), start=1):
        if line.startswith("[") and '"place"' in line:
            return n
    raise AssertionError("no place line")


@pytest.mark.parametrize(
    "changes",
    [{"seat": "1"}, {"box": 0.9}, {"box": True}, {"box": "0"}, {"card": ["1", "2"]}],
)
def test_no_silent_coercion_in_logs(longshot_log: str, changes: dict[str, Any]) -> None:
    n = _place_line(longshot_log)
    with pytest.raises(LogError) as info:
        racebook.replay(_edit(longshot_log, n, **changes))
    assert info.value.line == n


@pytest.mark.parametrize("version", [True, 1.0, "2", None])
def test_the_header_version_is_an_integer(longshot_log: str, version: Any) -> None:
    with pytest.raises(LogError) as info:
        racebook.replay(_edit(longshot_log, 1, version=version))
    assert info.value.line == 1 and "version" in info.value.reason


# -- every failure typed, every message bounded ----------------------------------------------


def test_huge_integers_are_typed_errors(longshot_log: str) -> None:
    n = _place_line(longshot_log)
    lines = longshot_log.split("\n")
    lines[n - 1] = lines[n - 1].replace('"place",', '"place",' + "9" * 5000 + ",")
    with pytest.raises(LogError) as info:
        racebook.replay("\n".join(lines))
    assert info.value.line == n
    for fmt, text in [
        ("toml", 'game = "longshot"\n[settings]\ngoal = ' + "9" * 5000),
        ("json", '{"game": "longshot", "settings": {"goal": ' + "9" * 5000 + "}}"),
    ]:
        with pytest.raises(ConfigError) as cinfo:
            read_variant(text, fmt)
        assert len(str(cinfo.value)) < 1000


def test_deep_nesting_is_a_typed_error(longshot_log: str) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ConfigError):
        read_variant('{"game": "longshot", "settings": {"rules": ' + deep + "}}", "json")
    with pytest.raises(ConfigError):
        read_variant('game = "longshot"\n[settings]\nrules = ' + "[" * 3000 + "]" * 3000)
    nested: Any = 1
    for _ in range(300):
        nested = {"a": nested}
    with pytest.raises(ConfigError) as info:
        racebook.load("longshot", rules=[{"name": "supply-quinella", "settings": nested}])
    assert info.value.field == "rules"
    lines = longshot_log.split("\n")
    header = json.loads(lines[0])
    header["config"] = "DEEP"
    lines[0] = json.dumps(header).replace('"DEEP"', deep)
    with pytest.raises(LogError) as linfo:
        racebook.replay("\n".join(lines))
    assert linfo.value.line == 1


def test_a_huge_line_gives_a_short_message(longshot_log: str) -> None:
    n = _place_line(longshot_log)
    big = _edit(longshot_log, n, card=["x"] * 200_000)
    with pytest.raises(LogError) as info:
        racebook.replay(big)
    assert info.value.line == n and len(str(info.value)) <= MAX_MESSAGE + 50
    cards = [[1] * 50] * 20_000
    with pytest.raises(ConfigError) as cinfo:
        racebook.load("longshot", races=cards)
    assert len(str(cinfo.value)) <= MAX_MESSAGE + 50


def test_unknown_fields_are_named_briefly() -> None:
    with pytest.raises(ConfigError) as info:
        racebook.load("longshot", **{f"k{i}": 1 for i in range(10_000)})
    assert len(str(info.value)) < MAX_MESSAGE + 50


# -- legal games always replay --------------------------------------------------------------


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u0085", "\x1c", "\r"])
def test_line_separators_inside_strings_replay(char: str) -> None:
    """Separators that are not control characters replay; control characters
    (NEL, FS, CR) are refused in names (a terminal obeys some of them)."""
    from racebook.games.readysetbet import VIP_CARDS

    card = attrs.evolve(VIP_CARDS[0], name=f"Lucky{char}Star")
    if unicodedata.category(char) == "Cc":
        with pytest.raises(ConfigError, match="control character"):
            play("readysetbet", seed=2, vip_cards=(card, *VIP_CARDS[1:]))
        return
    state = play("readysetbet", seed=2, vip_cards=(card, *VIP_CARDS[1:]))
    text = state.log.dumps()
    assert racebook.replay(text).digest() == state.digest()


def test_windows_line_ends_replay(longshot_log: str) -> None:
    state = racebook.replay(longshot_log.replace("\n", "\r\n"))
    assert state.log.dumps() == longshot_log


# -- the log format: chained checkpoints, old logs still read -----------------------------


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_format_1_logs_still_replay(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert json.loads(text.split("\n")[0])["version"] == 1
    state = racebook.replay(text)
    end = json.loads(text.rstrip("\n").split("\n")[-1])
    assert state.digest() == end["digest"] and len(state.log) == end["end"]
    rewritten = state.log.dumps()
    assert json.loads(rewritten.split("\n")[0])["version"] == VERSION
    assert racebook.replay(rewritten).digest() == state.digest()


def test_format_1_configs_keep_the_readings_they_were_played_with() -> None:
    """Settings added since format 1 replay old logs the old way."""
    old = racebook.replay((FIXTURES / "longshot.jsonl").read_text(encoding="utf-8"))
    assert old.game.config.golden_rule == "card"
    assert racebook.load("longshot").config.golden_rule == "player"
    rewritten = json.loads(old.log.dumps().split("\n")[0])
    assert rewritten["config"]["golden_rule"] == "card"


def test_format_1_checkpoints_are_still_checked() -> None:
    text = (FIXTURES / "longshot.jsonl").read_text(encoding="utf-8")
    lines = text.split("\n")
    n = next(i for i, line in enumerate(lines, start=1) if line.startswith('{"digest"'))
    lines[n - 1] = lines[n - 1].replace('"digest":"', '"digest":"0', 1)
    with pytest.raises(LogError) as info:
        racebook.replay("\n".join(lines))
    assert info.value.line == n


def test_checkpoints_hash_only_new_history() -> None:
    """A checkpoint hashes the previous one, the state without its history, and
    the history items added since: never the whole history again."""
    state = play("longshot", seed=4)
    marks = state._marks
    assert len(marks) == 2
    history = state.snapshot()["history"]
    assert len(history) == 2 and state._chain == (marks[-1][1], 2)
    # the last checkpoint is not the full digest, and changes with the chain
    assert marks[-1][1] != state.digest()
    clone = state.clone()
    clone._chain = ("0" * 16, 1)
    assert clone.checkpoint() != state.checkpoint()


def test_an_edited_checkpoint_is_refused(longshot_log: str) -> None:
    lines = longshot_log.split("\n")
    n = next(i for i, line in enumerate(lines, start=1) if line.startswith('{"digest"'))
    lines[n - 1] = lines[n - 1].replace('"digest":"', '"digest":"f', 1)
    with pytest.raises(LogError) as info:
        racebook.replay("\n".join(lines))
    assert info.value.line == n


# -- the command line -----------------------------------------------------------------------


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "import racebook.cli,sys; sys.exit(racebook.cli.main())", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def test_cli_checks_a_logs_size_before_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.jsonl"
    with big.open("wb") as f:  # sparse: nothing is written, nothing would be read
        f.truncate(MAX_BYTES + 1)
    out = _cli("replay", str(big), cwd=tmp_path)
    assert out.returncode == 1 and "bytes" in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("bad.toml", 'game = "longshot"\n[settings]\ngoal = ' + "9" * 5000),
        (
            "deep.json",
            '{"game": "longshot", "settings": {"rules": ' + "[" * 5000 + "]" * 5000 + "}}",
        ),
        ("bytes.toml", "\udcff"),
    ],
)
def test_cli_bad_input_is_one_line(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    out = _cli("simulate", "--variant", str(path), "--games", "1", cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.splitlines()) == 1
    log = tmp_path / "bad.jsonl"
    log.write_bytes(b'{"format": "racebook-log", "version": 2, "game": "x"}\n\xff\xfe\n')
    out = _cli("replay", str(log), cwd=tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr


def test_cli_unwritable_log_is_one_line(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir" / "game.jsonl"
    out = _cli("demo", "longshot", "--log", str(target), cwd=tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.splitlines()) == 1 and os.fspath(target.parent) in out.stderr


# -- a Game is shared: its caches are safe under threads -----------------------------------


@pytest.mark.parametrize("name", ["longshot", "mafia", "trickrace", "readysetbet"])
def test_states_of_one_shared_game_in_threads_play_as_if_alone(name: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    def run(game: Any, seed: int) -> str:
        return _play_on(game, seed).digest()

    alone = [run(racebook.load(name), seed) for seed in range(8)]
    shared = racebook.load(name)
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda seed: run(shared, seed), range(8)))
    assert together == alone


def _play_on(game: Any, seed: int) -> State[Any, Any, Any]:
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(bot.choose(state, seat))
    return state


FIXTURES_V2 = Path(__file__).parent / "data" / "logs-v2"


@pytest.mark.parametrize("path", sorted(FIXTURES_V2.glob("*[!0].jsonl")), ids=lambda p: p.stem)
def test_format_2_logs_replay_to_the_same_game_and_story(path: Path) -> None:
    """Logs written by this version replay to the same digests, re-dump to the
    same text, and tell seat 0 the same story: refactors must keep them."""
    text = path.read_text(encoding="utf-8")
    state = racebook.replay(text)
    assert json.loads(text.split("\n")[0])["version"] == 2
    # re-dumped as format 3: the same actions (as arrays), checkpoints and closing line
    rewritten = state.log.dumps()
    assert json.loads(rewritten.split("\n")[0])["version"] == VERSION == 6
    _same_log(_as_format_2(with_format_4_digests(rewritten, state), state), text)
    assert racebook.replay(rewritten).log.dumps() == rewritten
    story = path.with_name(path.stem + ".seat0.jsonl").read_text(encoding="utf-8")
    _same_log(_as_format_2(state.log.for_seat(0), state), story)


def _as_format_2(text: str, state: State[Any, Any, Any]) -> str:
    """A log of format 3 as format 2 wrote it: each action line an object."""
    actions = iter(state.log.actions)
    out = []
    for n, line in enumerate(text.split("\n")):
        if n == 0:
            line = _dumps({**json.loads(line), "version": 2})
        elif line.startswith("["):
            line = _dumps(next(actions).to_data())
        out.append(line)
    return "\n".join(out)


def _dumps(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


DATA = Path(__file__).parent / "data"
FIXTURES_V3_ON = [
    (v, p) for v in (3, 4, 5, 6) for p in sorted((DATA / f"logs-v{v}").glob("*[!0].jsonl"))
]


@pytest.mark.parametrize(("version", "path"), FIXTURES_V3_ON, ids=lambda x: getattr(x, "stem", x))
def test_format_3_and_4_logs_replay_to_the_same_game_and_story(version: int, path: Path) -> None:
    """Logs of formats 3, 4 and 5 (made by tests/data/make_logs.py) replay to
    the same digests, re-dump to the same text (format 3's header is re-dumped
    in format 5, with the same full config; formats 3 and 4's digests are
    re-dumped in format 5's, which cover the lines too), and tell seat 0 the
    same story."""
    text = path.read_text(encoding="utf-8")
    assert json.loads(text.split("\n")[0])["version"] == version
    state = racebook.replay(text)
    rewritten = state.log.dumps()  # in format 5: its digests cover the lines too
    _same_log(rewritten if version >= 5 else with_format_4_digests(rewritten, state), text)
    if version >= 5:  # format 5 is written in format 5 again: the same text and digests
        assert state.log.dumps() == text  # at the header's defaults revision, even an old one
    story = path.with_name(path.stem + ".seat0.jsonl").read_text(encoding="utf-8")
    _same_log(state.log.for_seat(0), story)


FIRST_FORMAT = {"trickrace-mini": 6}
"""Presets added after format 3, with the format that was current when they
were (their first fixture logs: none is made up in an older format)."""


@pytest.mark.parametrize("version", [3, 4, 5, 6])
def test_every_preset_has_a_format_3_4_and_5_log(version: int) -> None:
    want = {p for p in PRESETS if FIRST_FORMAT.get(p, 3) <= version}
    assert {p.stem for p in (DATA / f"logs-v{version}").glob("*[!0].jsonl")} == want


def _same_log(new: str, old: str) -> None:
    """Every line the same, but the header's config may hold settings added
    since the log was written (each with the value that plays it as then)."""
    new_lines, old_lines = new.split("\n"), old.split("\n")
    assert new_lines[1:] == old_lines[1:]
    new_head, old_head = _full(json.loads(new_lines[0])), _full(json.loads(old_lines[0]))
    assert {**new_head, "config": None} == {**old_head, "config": None}
    _within(old_head["config"], new_head["config"], "config")


def _full(header: dict[str, Any]) -> dict[str, Any]:
    """A header with its full config (format 4 writes the changes from the
    game's defaults) and without its format version (nor format 6's config digest)."""
    config = header_config(game_class(header["game"]), header)
    out = {k: v for k, v in header.items() if k not in ("defaults", "version", "config_digest")}
    return {**out, "config": config}


def _within(old: object, new: object, where: str) -> None:
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            assert key in new, f"{where}.{key} lost"
            _within(value, new[key], f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), where
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            _within(a, b, f"{where}[{i}]")
    else:
        assert old == new, where


# -- review findings: each a regression test ----------------------------------------------


def test_a_roll_out_without_dice_is_refused() -> None:
    from racebook.games.readysetbet import DiceRun

    state = racebook.load("readysetbet", players=2).new_state(explicit_chance=True)
    assert state.check(DiceRun(-1, "")) is not None


def test_a_log_of_many_tiny_lines_is_refused_at_its_first_bad_line() -> None:
    import tracemalloc

    header = play("longshot", seed=1).log.dumps().split("\n")[0]
    text = header + "\n" + "{}\n" * 2_000_000
    tracemalloc.start()
    with pytest.raises(LogError) as info:
        racebook.replay(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert info.value.line == 2
    assert peak < 20 * 1024 * 1024  # the 6 MB of lines are never decoded whole


def test_checkpoint_lines_are_required_where_the_game_made_them(longshot_log: str) -> None:
    lines = longshot_log.split("\n")
    n = next(i for i, line in enumerate(lines) if line.startswith('{"digest"'))
    without = lines[:n] + lines[n + 1 :]
    with pytest.raises(LogError) as info:
        racebook.replay("\n".join(without))
    assert info.value.line == n + 1 and "checkpoint" in info.value.reason
    with pytest.raises(LogError):
        racebook.resume("\n".join(without))
    extra = [*lines[:3], '{"digest":null,"after":2}', *lines[3:]]
    with pytest.raises(LogError) as info:
        racebook.replay("\n".join(extra))
    assert info.value.line == 4
    tagged = list(lines)
    tagged[3] = tagged[3][:-1] + ',"digest":"x"}'
    with pytest.raises(LogError) as info:
        racebook.replay("\n".join(tagged))
    assert info.value.line == 4


def test_two_objects_on_one_line_are_refused(longshot_log: str) -> None:
    lines = longshot_log.split("\n")
    lines[3:5] = [lines[3] + "," + lines[4]]
    with pytest.raises(LogError) as info:
        racebook.replay("\n".join(lines))
    assert info.value.line == 4


def test_a_failed_log_write_changes_nothing(tmp_path: Path) -> None:
    state = racebook.load("longshot").new_state(seed=2)
    writer = racebook.LogWriter(state, tmp_path / "g.jsonl")

    def full_disk(text: str) -> None:
        raise OSError(28, "No space left on device")

    writer._write = full_disk  # type: ignore[method-assign]
    before = state.digest(), len(state.log)
    seat = state.to_act[0]
    with pytest.raises(OSError):
        state.apply(state.legal_actions(seat)[0])
    assert (state.digest(), len(state.log)) == before


def test_the_writer_keeps_a_logs_permissions_and_leaves_no_temporary_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.jsonl"
    state = racebook.load("longshot").new_state(seed=2)
    racebook.LogWriter(state, path).close()
    assert path.stat().st_mode & 0o777 == 0o600  # a full log holds every secret
    path.chmod(0o640)
    resumed = racebook.resume(path.read_text(encoding="utf-8")).state
    racebook.LogWriter(resumed, path).close()
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]
    with pytest.raises(IsADirectoryError):
        racebook.LogWriter(racebook.load("longshot").new_state(seed=1), tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]


def test_cards_are_not_built_from_floats_or_bools() -> None:
    from racebook.cards.horse import HorseCard
    from racebook.cards.race import RaceCard

    for build in (lambda: RaceCard(0, 5.0), lambda: HorseCard(1, True)):  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            build()


def test_huge_integers_in_actions_are_malformed_and_check_messages_are_bounded() -> None:
    from racebook.games.readysetbet import Bet

    state = racebook.load("readysetbet", players=2).new_state(seed=1)
    with pytest.raises(racebook.MalformedAction) as info:
        state.apply(Bet(0, 10**5000, "win:7:0"))
    assert info.value.field == "token"
    reason = state.check(Bet(0, 5, "y" * 100_000))
    assert reason is not None and len(reason) <= MAX_MESSAGE


def test_table_refuses_odd_seats_and_non_actions() -> None:
    from racebook.table import Table

    table = Table(racebook.load("longshot").new_state(seed=3))
    for seat in ("1", 1.0, True, 17):
        with pytest.raises(racebook.UnknownSeat):
            table.events(seat)  # type: ignore[arg-type]
    assert not table.submit(0, {"kind": "pass", "seat": 0}).accepted  # type: ignore[arg-type]
    with pytest.raises(racebook.UnknownSeat):
        racebook.load("longshot").new_state(seed=1).log.for_seat(9)

"""Fuzzing untrusted input: mutated logs and variant files of every game.

Run by ``tests/test_fuzz.py`` in a child process with a memory limit (this
file is not collected by the normal test run).  Every outcome must be one of:

* a log: a verified replay, or a :class:`~racebook.LogError` naming a line of
  the log (or the line after the last), with a bounded message;
* a variant file: a :class:`~racebook.ConfigError` naming a field, with a
  bounded message, or a game that plays (a bounded number of random steps,
  every invariant holding) and whose log replays to the same state;
* a folder or an archive of logs (``read_logs``: a zip, a tar, a ``.tgz``,
  a JSON Lines file of several, a folder with a FIFO and a link to
  ``/dev/zero``; members empty, blank, seat logs, not UTF-8, over the cap,
  named twice; the archive cut short or a byte flipped): every input read
  or named as left out, or a one-line :class:`~racebook.LogError`.

Every message, whatever the path, is one line that shows no character a
terminal would obey or hide: keys and values with escapes (``ESC``, bidi
overrides) are fed through every path, nested keys too (``races[i]``,
``vip_cards[i]``, ``cards[i]``).

Anything else (another exception, a hang, memory without bound) fails.
``RACEBOOK_FUZZ_EXAMPLES`` sets how many inputs each test tries.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
import tarfile
import tempfile
import warnings
import zipfile
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import racebook
from racebook import ConfigError, LogError
from racebook.agents.base import RandomBot
from racebook.analysis import read_logs
from racebook.core.errors import MAX_MESSAGE, UNSHOWN
from racebook.core.serial import to_data
from racebook.variants import read_variant

EXAMPLES = int(os.environ.get("RACEBOOK_FUZZ_EXAMPLES", "1500"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=60),  # a hang detector, not a speed test
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=os.environ.get("RACEBOOK_FUZZ_RANDOM") is None,
    database=None,
)
PRESETS = sorted(racebook.presets())


def _play(state: Any, seed: int, steps: int) -> Any:
    bot = RandomBot(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        state.apply(bot.choose(state, seat))
        state.audit()
    return state


@cache
def seed_log(name: str) -> str:
    """A real, finished log of each preset (the fuzzer's starting points)."""
    return _play(racebook.load(name).new_state(seed=11), 11, 100_000).log.dumps()


# -- values a careless user or an attacker writes ---------------------------------------------

NASTY: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    float("nan"),
    "",
    "1",
    "x" * 5000,
    "\u2028",
    "\ud800",
    [],
    {},
    [1] * 10_000,
    10**12,
    -(10**12),
    10**4000,
    {"a": 1},
    [[[[[]]]]],
]


ESCAPES = ["\x1b]0;owned\x07", "\x1b[2J", "ok\u202egnp", "\u2066x\u2069", "a\u200bb", "\n"]
"""Text a terminal would obey or show in another order (keys and values)."""


def nasty() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(range(len(NASTY))).map(lambda i: NASTY[i]),
        st.integers(min_value=-1000, max_value=1_000_000),
        st.text(max_size=20),
        st.sampled_from(ESCAPES),
    )


def unknown_key() -> st.SearchStrategy[str]:
    """An unknown key: any short text, or one with escapes."""
    return st.one_of(st.text(min_size=1, max_size=8), st.sampled_from(ESCAPES))


def shown_safely(message: str) -> None:
    """A message quoting input: one line, nothing a terminal obeys or hides."""
    assert UNSHOWN.search(message) is None, repr(message)


def _nested_tables(value: Any) -> list[dict[str, Any]]:
    """The tables inside lists of a config (races[i], vip_cards[i], cards[i]...)."""
    if not isinstance(value, dict):
        return []
    return [t for v in value.values() if isinstance(v, list) for t in v if isinstance(t, dict)]


def _deep(n: int) -> str:
    return "[" * n + "]" * n


@st.composite
def mutated_log(draw: st.DrawFn) -> str:
    text = seed_log(draw(st.sampled_from(PRESETS)))
    lines = text.rstrip("\n").split("\n")
    for _ in range(draw(st.integers(1, 3))):
        op = draw(
            st.sampled_from(
                [
                    "truncate",
                    "delete",
                    "duplicate",
                    "swap",
                    "digit",
                    "value",
                    "config",
                    "unknown-key",
                    "nested-key",
                    "version",
                    "deep",
                    "garbage",
                ]
            )
        )
        i = draw(st.integers(0, len(lines) - 1))
        if op == "truncate":
            joined = "\n".join(lines)
            lines = joined[: draw(st.integers(0, len(joined)))].split("\n")
        elif op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "digit":
            digits = [k for k, c in enumerate(lines[i]) if c.isdigit()]
            if digits:
                k = draw(st.sampled_from(digits))
                d = draw(st.sampled_from("0123456789"))
                lines[i] = lines[i][:k] + d + lines[i][k + 1 :]
        elif op == "nested-key":
            try:
                obj = json.loads(lines[0])
            except (ValueError, RecursionError):
                continue
            tables = _nested_tables(obj.get("config") if isinstance(obj, dict) else None)
            if tables:
                draw(st.sampled_from(tables))[draw(unknown_key())] = draw(nasty())
                lines[0] = json.dumps(obj, ensure_ascii=draw(st.booleans()))
        elif op in ("value", "unknown-key", "config", "version"):
            try:
                obj = json.loads(lines[i if op not in ("config", "version") else 0])
            except (ValueError, RecursionError):  # a line made deep by an earlier "deep"
                continue
            if isinstance(obj, list) and obj and op == "value":  # an action line of format 3
                obj[draw(st.integers(0, len(obj) - 1))] = draw(nasty())
                with contextlib.suppress(ValueError):
                    lines[i] = json.dumps(obj, ensure_ascii=draw(st.booleans()))
                continue
            if not isinstance(obj, dict):
                continue
            if op == "version":
                obj["version"] = draw(st.sampled_from([0, 1, 2, 3, 99, "2", True, None]))
                lines[0] = json.dumps(obj)
                continue
            target = obj
            if op == "config" and isinstance(obj.get("config"), dict) and obj["config"]:
                target = obj["config"]
            if op == "unknown-key":
                target[draw(unknown_key())] = draw(nasty())
            elif target:
                key = draw(st.sampled_from(sorted(target)))
                target[key] = draw(nasty())
            try:
                line = json.dumps(obj, ensure_ascii=draw(st.booleans()))
            except ValueError:
                continue
            lines[i if op not in ("config", "version") else 0] = line
        elif op == "deep":
            lines[i] = lines[i].replace(":", ":" + _deep(draw(st.integers(10, 5000))) + ",", 1)
        elif op == "garbage":
            lines.insert(i, draw(st.text(max_size=50)))
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\r\n"]))


@given(mutated_log())
@FUZZ
def test_mutated_logs(text: str) -> None:
    try:
        state = racebook.replay(text)
    except LogError as exc:
        assert 1 <= exc.line <= text.count("\n") + 2, exc
        assert len(str(exc)) <= MAX_MESSAGE + 100
        shown_safely(str(exc))
        return
    assert racebook.replay(state.log.dumps()).digest() == state.digest()


# -- variant files ---------------------------------------------------------------------------


@st.composite
def mutated_variant(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(PRESETS))
    config = racebook.presets()[name].config
    data: dict[str, Any] = {"game": name, "settings": to_data(config)}
    settings_ = data["settings"]
    for _ in range(draw(st.integers(1, 3))):
        op = draw(
            st.sampled_from(["value", "number", "delete", "unknown", "nested", "list", "deep"])
        )
        key = draw(st.sampled_from(sorted(settings_))) if settings_ else "players"
        if op == "value":
            settings_[key] = draw(nasty())
        elif op == "number":
            settings_[key] = draw(
                st.one_of(st.integers(-3, 12), st.integers(-(10**9), 10**9), st.just(10**18))
            )
        elif op == "delete":
            settings_.pop(key, None)
        elif op == "unknown":
            where = draw(st.sampled_from(["settings", "extra", "key"]))
            if where == "key":
                settings_[draw(unknown_key())] = draw(nasty())
            else:
                data[where] = draw(nasty())
        elif op == "nested":
            tables = _nested_tables(settings_)
            if tables:
                draw(st.sampled_from(tables))[draw(unknown_key())] = draw(nasty())
        elif op == "list" and isinstance(settings_.get(key), list) and settings_[key]:
            items = settings_[key]
            j = draw(st.integers(0, len(items) - 1))
            if draw(st.booleans()):
                items[j] = draw(nasty())
            else:
                settings_[key] = items * draw(st.sampled_from([0, 2, 50]))
        elif op == "deep":
            settings_[key] = "DEEP"
    text = json.dumps(data, default=str)
    return text.replace('"DEEP"', _deep(draw(st.integers(10, 3000)))), "json"


@given(mutated_variant(), st.integers(0, 2**32))
@FUZZ
def test_mutated_variants(variant: tuple[str, str], seed: int) -> None:
    text, fmt = variant
    try:
        game = read_variant(text, fmt)
    except ConfigError as exc:
        assert exc.field, exc
        assert len(str(exc)) <= MAX_MESSAGE + 300
        shown_safely(str(exc))
        return
    state = _play(game.new_state(seed=seed), seed, 400)
    again = racebook.replay(state.log.dumps())
    assert again.digest() == state.digest()


@given(st.integers(0, 2**32), st.sampled_from(PRESETS))
@FUZZ
def test_accepted_extremes_play(seed: int, name: str) -> None:
    """Each integer setting at a random value: refused with its field, or playable."""
    rng = random.Random(seed)
    config = to_data(racebook.presets()[name].config)
    ints = [k for k, v in config.items() if type(v) is int]
    values = [0, 1, 2, 3, 8, 50, 100, 999, 1000, 1001]
    changes = {k: rng.choice(values) for k in ints if rng.random() < 0.3}
    try:
        game = racebook.load(name, **changes)
    except ConfigError as exc:
        assert exc.field in changes or exc.field, exc
        return
    state = _play(game.new_state(seed=seed), seed, 400)
    assert racebook.replay(state.log.dumps()).digest() == state.digest()


# -- edited logs -------------------------------------------------------------------------------


@cache
def finished_state(name: str) -> Any:
    """A finished game of each preset, its log written in every format."""
    return _play(racebook.load(name).new_state(seed=11), 11, 100_000)


def test_single_field_edits_of_action_lines_in_every_format() -> None:
    """Edits of one field of one action line (tests/logtext.py), in logs of
    formats 1 to 6 of every preset: each is refused, or replays (counted: an
    edit that replays with another public story went undetected).  Format 5's
    digests (and format 6's) cover the lines' text: no edit replays at all.  Formats 1 to 4
    keep what they had (their counts are printed, for the record)."""
    from tests.logtext import as_format, replace_line, single_field_edits

    per_log = max(10, EXAMPLES // 30)
    counts: dict[int, list[int]] = {v: [0, 0, 0] for v in range(1, 7)}  # tried, replayed, story
    for name in PRESETS:
        state = finished_state(name)
        story = state.log.for_seat(None)
        for version in range(1, 7):
            text = as_format(state, version)
            edits = single_field_edits(text)
            for k, line in edits[:: max(1, len(edits) // per_log)]:
                counts[version][0] += 1
                try:
                    again = racebook.replay(replace_line(text, k, line))
                except LogError as exc:
                    assert len(str(exc)) <= MAX_MESSAGE + 100
                    continue
                counts[version][1] += 1
                counts[version][2] += again.log.for_seat(None) != story
    for version, (tried, replayed, changed) in counts.items():
        print(
            f"format {version}: {tried} single-field edits, {replayed} replayed, "
            f"{changed} with another public story (undetected)"
        )
    assert counts[5][1] == counts[6][1] == 0, (counts[5], counts[6])


# -- folders and archives of logs (read_logs) -------------------------------------------------

CAP = 64 * 1024
"""The bytes of one input the source fuzzing reads (small: a bomb stays quick)."""
MOST = 12
"""The inputs of one source it reads."""
SPECIAL = sys.platform != "win32"


def _log_id(state: Any, log_id: str) -> str:
    return log_id


@st.composite
def member(draw: st.DrawFn) -> tuple[str, bytes | str]:
    """One input: its name and bytes (``"fifo"``, ``"zero"``: a special file)."""
    kind = draw(
        st.sampled_from(
            ["log", "mutated", "empty", "blank", "seat", "latin-1", "big", "fifo", "zero"]
        )
    )
    name = draw(st.sampled_from(["a", "b", "c", "d\x1b[2J", "e\u202e"])) + ".jsonl"
    if kind == "log":
        return name, seed_log(draw(st.sampled_from(["trickrace", "longshot"]))).encode()
    if kind == "mutated":
        return name, draw(mutated_log()).encode("utf-8", "surrogatepass")
    if kind == "seat":
        return name, _play(racebook.load("trickrace").new_state(seed=1), 1, 50).log.for_seat(
            0
        ).encode()
    if kind in ("fifo", "zero"):
        return name, kind
    data = {"empty": b"", "blank": b" \n\n", "latin-1": "café\n".encode("latin-1")}
    return name, data.get(kind, b"\0" * (CAP + 1))


@st.composite
def source(draw: st.DrawFn) -> tuple[str, list[tuple[str, bytes | str]], str]:
    """A container kind, its inputs, and what damages it (``""``: nothing)."""
    kind = draw(st.sampled_from(["folder", "zip", "tar", "tgz", "jsonl"]))
    members = draw(st.lists(member(), min_size=1, max_size=MOST + 2))
    damage = draw(st.sampled_from(["", "", "cut", "flip"]))
    return kind, members, damage


def _make(root: Path, kind: str, members: list[tuple[str, bytes | str]], damage: str) -> Path:
    files = [(n, d) for n, d in members if isinstance(d, bytes)]
    if kind == "folder":
        folder = root / "logs"
        folder.mkdir()
        for i, (name, data) in enumerate(members):
            path = folder / f"{i:02d}-{name}"
            if data == "fifo" and SPECIAL:
                os.mkfifo(path)
            elif data == "zero" and SPECIAL:
                path.symlink_to("/dev/zero")
            elif isinstance(data, bytes):
                path.write_bytes(data)
        return folder
    if kind == "jsonl":
        path = root / "all.jsonl"
        path.write_bytes(b"".join(d for _, d in files))
    elif kind == "zip":
        path = root / "logs.zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in files:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # a name twice: both kept
                    archive.writestr(name, data)
    else:
        path = root / ("logs.tgz" if kind == "tgz" else "logs.tar")
        with tarfile.open(path, "w:gz" if kind == "tgz" else "w") as archive:
            for name, data in files:
                info = tarfile.TarInfo(name)
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
    raw = bytearray(path.read_bytes())
    if damage == "cut" and raw:
        raw = raw[: len(raw) * 2 // 3]
    elif damage == "flip" and raw:
        raw[len(raw) // 2] ^= 0x40
    path.write_bytes(bytes(raw))
    return path


@given(source())
@settings(FUZZ, max_examples=max(10, EXAMPLES // 10))
def test_mutated_folders_and_archives(
    drawn: tuple[str, list[tuple[str, bytes | str]], str],
) -> None:
    kind, members, damage = drawn
    with tempfile.TemporaryDirectory() as tmp:
        path = _make(Path(tmp), kind, members, damage)
        try:
            result = read_logs(path, _log_id, max_bytes=CAP, max_inputs=MOST)
        except (LogError, ConfigError) as exc:
            message = str(exc)
            assert len(message) <= MAX_MESSAGE + 300
            shown_safely(message)
            return
        assert result.read == len(result) and len(set(result)) == len(result)
        for _, why in result.left:
            shown_safely(why)
        if kind in ("folder", "zip", "tar", "tgz") and not damage:
            named = {log_id.split("#")[0].split("~")[0] for log_id in result}
            named |= {name.split("#")[0].split("~")[0] for name, _ in result.left}
            if kind != "folder":  # an archive holds no special file
                assert named == {n for n, d in members if isinstance(d, bytes)}, named
            else:  # a folder: every file, special files too (left out)
                assert len(named) == len(members), (named, members)


# -- Force of the Horse card sets that pile things up or never end (issue 35) -----------------

FOTH = settings(
    max_examples=max(8, EXAMPLES // 60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@given(st.integers(0, 2**32), st.sampled_from(["random", "pileup", "draws", "delayed", "drought"]))
@FOTH
def test_foth_card_sets_that_pile_up_or_never_end_stay_bounded(seed: int, kind: str) -> None:
    """Every action within ``max_work`` steps and ``max_effects`` things made,
    every game within ``max_turns`` turns, and the log replays to the state."""
    from racebook.games.forcehorse import parse_card_set, sample_set
    from tests import foth_cards

    text = {
        "random": lambda: foth_cards.random_card_set(random.Random(seed)),
        "pileup": foth_cards.hostile_pileup,
        "draws": lambda: foth_cards.hostile_draws(1 + seed % 20),
        "delayed": foth_cards.hostile_delayed,
        "drought": foth_cards.hostile_drought,
    }[kind]()
    cards, decks = parse_card_set(text)
    bounds = {"max_work": 5_000, "max_effects": 300, "loop_repeats": 300, "max_turns": 40}
    game = racebook.load(
        "forcehorse", cards=(*sample_set()[0], *cards), decks=(decks[0], decks[-1]), **bounds
    )
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    for _ in range(3_000):
        if state.is_over:
            break
        state.apply(bot.choose(state, state.to_act[0]))
        ab = state.ab
        assert ab.done <= bounds["max_work"] + 1
        assert len(ab.lasting) + len(ab.delayed) + len(ab.waiting) <= bounds["max_effects"] + 1
        assert state.turn <= bounds["max_turns"]
    assert state.is_over, "every game ends (max_turns)"
    assert racebook.replay(state.log.dumps()).digest() == state.digest()

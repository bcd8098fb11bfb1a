"""Types to the edge of an app (issue #36): ``view(seat).to_data()`` is a
TypedDict per game that matches the game's view schema; ``parse_action``
gives the game's action union; ``legal_actions`` and a ``Bot`` give the
seats' moves (chance's outcomes left out).  Two app files in tests/typing/
pass ``mypy --strict`` without a cast, and a file of wrong uses fails on
exactly the lines marked ``# wrong``."""

from __future__ import annotations

import json
import random
import runpy
import types
import typing
from pathlib import Path
from typing import Any

import pytest

import racebook
import racebook.schema
from racebook.core.game import CHANCE
from racebook.games.forcehorse import ForceHorseAction, ForceHorseMove, ForceHorseViewData
from racebook.games.longshot import LongShotViewData
from racebook.games.readysetbet import ReadySetBetAction, ReadySetBetMove, ReadySetBetViewData
from racebook.games.trickrace import TrickRaceAction, TrickRaceMove, TrickRaceViewData
from tests.typedcheck import problems

ROOT = Path(__file__).resolve().parent.parent
TYPING = ROOT / "tests" / "typing"
APPS = [TYPING / "app_readysetbet.py", TYPING / "app_trickrace.py"]

VIEW_DATA: dict[str, Any] = {
    "readysetbet": ReadySetBetViewData,
    "trickrace": TrickRaceViewData,
    "longshot": LongShotViewData,
    "mafia": LongShotViewData,
    "forcehorse": ForceHorseViewData,
}
UNIONS = {
    "readysetbet": (ReadySetBetAction, ReadySetBetMove),
    "trickrace": (TrickRaceAction, TrickRaceMove),
    "forcehorse": (ForceHorseAction, ForceHorseMove),
}


def _mypy(files: list[Path], monkeypatch: pytest.MonkeyPatch) -> str:
    api = pytest.importorskip("mypy.api")
    monkeypatch.setenv("MYPYPATH", str(ROOT / "src"))
    out, err, _ = api.run(
        [
            "--strict",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(ROOT / ".mypy_cache"),
            "--no-error-summary",
            "--hide-error-context",
            *map(str, files),
        ]
    )
    return out + err


def test_the_app_files_pass_mypy_strict_without_a_cast(monkeypatch: pytest.MonkeyPatch) -> None:
    for app in APPS:
        text = app.read_text(encoding="utf-8")
        assert "cast(" not in text and "reveal_type" not in text and "type: ignore" not in text
    out = _mypy(APPS, monkeypatch)
    assert ": error:" not in out, out


def test_mypy_refuses_exactly_the_wrong_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = TYPING / "wrong_types.py"
    marked = {
        i
        for i, line in enumerate(wrong.read_text(encoding="utf-8").splitlines(), 1)
        if line.endswith("# wrong")
    }
    out = _mypy([wrong], monkeypatch)
    refused = {int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line}
    assert len(marked) == 5
    assert refused == marked, out


@pytest.mark.parametrize("app", APPS, ids=lambda p: p.stem)
def test_the_app_files_run(app: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(app), run_name="__main__")


# -- the TypedDicts against the view schemas ---------------------------------------------


def _schema_problems(
    hint: Any, node: dict[str, Any], defs: dict[str, Any], where: str
) -> list[str]:
    """Where the annotation ``hint`` says another shape than the schema ``node``."""
    if "$ref" in node:
        return _schema_problems(hint, defs[node["$ref"].rsplit("/", 1)[1]], defs, where)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = node.get("anyOf")
        if options is None or len(options) != len(args):
            return [f"{where}: {hint} is not {node}"]
        return [
            p
            for a in args
            for p in min((_schema_problems(a, o, defs, where) for o in options), key=len)
        ]
    if hint is Any:
        return []
    simple = {int: "integer", str: "string", bool: "boolean", type(None): "null"}
    if hint in simple:
        return [] if node.get("type") == simple[hint] else [f"{where}: {hint} is not {node}"]
    if origin is list:
        if node.get("type") != "array" or "items" not in node or "prefixItems" in node:
            return [f"{where}: {hint} is not {node}"]
        return _schema_problems(args[0], node["items"], defs, f"{where}[]")
    if origin is tuple:
        items = node.get("prefixItems", [])
        if node.get("type") != "array" or len(items) != len(args):
            return [f"{where}: {hint} is not {node}"]
        return [
            p
            for i, (a, o) in enumerate(zip(args, items, strict=True))
            for p in _schema_problems(a, o, defs, f"{where}[{i}]")
        ]
    if origin is dict:
        return [] if node.get("type") == "object" else [f"{where}: {hint} is not {node}"]
    if typing.is_typeddict(hint):
        hints = typing.get_type_hints(hint)
        props = node.get("properties", {})
        if set(hints) != set(props):
            return [f"{where}: keys {sorted(hints)} are not the schema's {sorted(props)}"]
        return [
            p for k, h in hints.items() for p in _schema_problems(h, props[k], defs, f"{where}.{k}")
        ]
    return [f"{where}: no rule for {hint}"]


@pytest.mark.parametrize("name", sorted(VIEW_DATA))
def test_the_view_data_type_matches_the_view_schema(name: str) -> None:
    written = json.loads((ROOT / "docs" / "schema" / f"{name}.view.schema.json").read_text("utf-8"))
    made = racebook.schema.view_schema(racebook.load(name))
    assert json.loads(json.dumps(made)) == written  # docs/schema is up to date
    assert _schema_problems(VIEW_DATA[name], written, written["$defs"], "$") == []


@pytest.mark.parametrize("name", sorted(VIEW_DATA))
def test_every_views_data_fits_its_type(name: str) -> None:
    game = racebook.load(name)
    hint = VIEW_DATA[name]
    seen = 0
    for seed in range(2):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in (None, *range(game.seats)):
                assert problems(state.view(seat).to_data(), hint) == []
                seen += 1
            state.play_random(rng, actions=11)
    assert seen > 20


def test_the_checks_see_a_wrong_shape() -> None:
    data = racebook.load("readysetbet").new_state(seed=1).view(0).to_data()
    assert problems(data, ReadySetBetViewData) == []
    assert problems({**data, "money": [1.5]}, ReadySetBetViewData) == [
        "$.money[0]: expected int, got 1.5"
    ]
    assert problems({k: v for k, v in data.items() if k != "pending"}, ReadySetBetViewData)
    written = json.loads((ROOT / "docs/schema/readysetbet.view.schema.json").read_text("utf-8"))
    assert _schema_problems(TrickRaceViewData, written, written["$defs"], "$")


# -- the action unions -------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(UNIONS))
def test_the_unions_are_the_games_action_types(name: str) -> None:
    everything, moves = UNIONS[name]
    game = racebook.load(name)
    assert set(typing.get_args(everything)) == set(game.action_types)
    assert set(typing.get_args(moves)) == {t for t in game.action_types if not t.chance}
    assert len(typing.get_args(moves)) < len(typing.get_args(everything))
    state = game.new_state(explicit_chance=True)  # chance's nodes in the open
    rng = random.Random(4)
    chance = 0
    while not state.is_over:
        if state.to_act == (CHANCE,):  # legal_actions is typed list[moves]: even for chance
            assert state.legal_actions(CHANCE) == []
            state.apply(state.sample_chance(rng))
            chance += 1
            continue
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        listed = state.legal_actions(seat)
        assert listed and all(isinstance(a, moves) for a in listed)
        action = listed[int(rng.random() * len(listed))]
        parsed = game.parse_action(json.loads(json.dumps(action.to_data())))
        assert parsed == action and isinstance(parsed, everything)
        state.apply(parsed)
    assert chance > 0

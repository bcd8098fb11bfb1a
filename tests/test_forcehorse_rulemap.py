"""The rule-by-rule map of Force of the Horse (docs/games/forcehorse-rulemap.toml):
every numbered rule has an entry, every function and test it names exists,
every test named after a rule is in it.

To add an entry: see docs/games/forcehorse-rulemap.rst."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


rulemap = _load("foth_rulemap", ROOT / "docs" / "foth_rulemap.py")
extract = _load("extract_foth_rules", ROOT / "tests" / "data" / "extract_foth_rules.py")

RULES = rulemap.load_rules()
MAP = rulemap.load_map()
NUMBERS = [n for n, _ in RULES]
KEYS = {"status", "why", "code", "tests", "setting", "note", "gloss"}


@cache
def names_of_tests(path: str) -> frozenset[str]:
    """Every test in a test file: ``test_x`` and ``TestClass::test_x``."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    out = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add(node.name)
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.add(f"{node.name}::{sub.name}")
    return frozenset(x for x in out if x.split("::")[-1].startswith("test"))


def test_the_rule_list_is_whole_and_in_order() -> None:
    assert len(NUMBERS) == len(set(NUMBERS))
    assert NUMBERS[0] == "100" and NUMBERS[-2] == "1201.1c" and NUMBERS[-1] == "A"
    for number, title in RULES:
        assert title, number


def test_the_committed_rule_list_is_the_rulebook_s() -> None:
    book = extract.rulebook()
    if book is None:
        pytest.skip("no rulebook at ../shared/rules/ (only the committed list is checked)")
    text = extract.to_toml(extract.extract(book.read_text(encoding="utf-8")))
    assert text == rulemap.RULES.read_text(encoding="utf-8"), (
        "run: python tests/data/extract_foth_rules.py > docs/games/forcehorse-rules.toml"
    )


def test_every_rule_has_an_entry_and_every_entry_a_rule() -> None:
    missing = [n for n in NUMBERS if n not in MAP]
    unknown = sorted(set(MAP) - set(NUMBERS))
    assert not missing, f"rules with no entry in forcehorse-rulemap.toml: {missing}"
    assert not unknown, f"entries for no rule of the rulebook: {unknown}"


@pytest.mark.parametrize("number", NUMBERS)
def test_an_entry_is_well_formed(number: str) -> None:
    entry = MAP.get(number)
    if entry is None:
        pytest.skip("no entry (the test above fails)")
    assert set(entry) <= KEYS, f"{number}: unknown keys {sorted(set(entry) - KEYS)}"
    kind = rulemap.status(entry)
    assert kind in rulemap.STATUSES, f"{number}: status {kind!r} not in {rulemap.STATUSES}"
    for key in ("code", "tests"):
        value = entry.get(key, [])
        assert isinstance(value, list) and all(isinstance(x, str) for x in value), (number, key)
    if kind in ("implemented", "partial"):
        assert entry.get("code"), f"{number}: {kind} names no code"
    if kind in ("partial", "reading", "missing", "not applicable"):
        assert entry.get("why"), f"{number}: {kind} needs a why"
    if kind in ("missing", "not applicable", "heading"):
        assert not entry.get("code"), f"{number}: {kind} with code: say partial"
    if "setting" in entry:
        from racebook.games.forcehorse.config import ForceHorseConfig

        assert hasattr(ForceHorseConfig(), entry["setting"]), f"{number}: no setting"


def _code_refs() -> list[str]:
    return sorted({c for e in MAP.values() for c in e.get("code", [])})


def _test_refs() -> list[str]:
    return sorted({t for e in MAP.values() for t in e.get("tests", [])})


@pytest.mark.parametrize("ref", _code_refs())
def test_code_named_exists(ref: str) -> None:
    module, _, name = ref.partition(":")
    assert module.startswith("racebook."), ref
    obj: Any = importlib.import_module(module)
    for part in name.split(".") if name else []:
        assert hasattr(obj, part), f"{ref}: {module} has no {name}"
        obj = getattr(obj, part)


@pytest.mark.parametrize("ref", _test_refs())
def test_test_named_exists(ref: str) -> None:
    path, sep, name = ref.partition("::")
    assert sep and path.startswith("tests/") and path.endswith(".py"), ref
    assert (ROOT / path).is_file(), f"{ref}: no file {path}"
    assert name in names_of_tests(path), f"{ref}: no test {name} in {path}"


def test_every_test_named_after_a_rule_is_in_the_map() -> None:
    """A Force of the Horse test named after a rule (``test_702_6k_...``) is
    listed under some rule: add it to the entries of the rules it covers."""
    named = set(_test_refs())
    unlisted = [
        f"{path}::{name}"
        for path in sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("tests/test_forcehorse*.py"))
        for name in sorted(names_of_tests(path))
        if re.match(r"test_\d{3,4}_", name) and f"{path}::{name}" not in named
    ]
    assert not unlisted, f"add to docs/games/forcehorse-rulemap.toml: {unlisted}"


def test_the_page_renders_every_rule() -> None:
    text = rulemap.render(RULES, MAP)
    for number in NUMBERS:
        assert f"   * - {number}\n" in text, number
    assert "**no entry**" not in text

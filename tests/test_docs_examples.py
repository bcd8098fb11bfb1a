"""Every example in the docs runs, or at least names what exists.

* Each page with ``>>>`` examples is doctested as it stands (in a temporary
  folder: examples that write files leave nothing behind).
* Each ``.. code-block:: python`` (and each ``::`` block of Python) is a
  sketch with the app's own parts in it (``ask_the_player``): it must
  compile, and every ``racebook`` name it imports or reaches by attribute
  (``racebook.games.readysetbet.Bet``) must exist, so that a renamed
  function cannot leave a page behind.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.rst") if "_build" not in p.parts)
DOCTESTED = [p for p in PAGES if ">>> " in p.read_text(encoding="utf-8")]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _name(page: Path) -> str:
    return page.relative_to(DOCS).as_posix()


def test_the_docs_have_pages_of_both_kinds() -> None:
    # the checks below are not vacuous: the docs hold doctests and sketches
    assert len(DOCTESTED) >= 2
    assert sum(len(code_blocks(p.read_text(encoding="utf-8"))) for p in PAGES) >= 10


@pytest.mark.parametrize("page", DOCTESTED, ids=_name)
def test_each_pages_doctests_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = doctest.testfile(str(page), module_relative=False, optionflags=FLAGS)
    assert result.attempted > 0 and result.failed == 0


def code_blocks(text: str) -> list[tuple[int, str]]:
    """Each ``.. code-block:: python`` of a page, and each literal block
    (``::``) that is Python: (its line, its code)."""
    lines = text.splitlines()
    blocks = []
    for i, line in enumerate(lines):
        literal = line.rstrip().endswith("::") and not line.lstrip().startswith("..")
        if not (literal or re.match(r"\s*\.\. code-block:: python\s*$", line)):
            continue
        indent = len(line) - len(line.lstrip())
        body: list[str] = []
        for nxt in lines[i + 1 :]:
            if nxt.strip() and len(nxt) - len(nxt.lstrip()) <= indent:
                break
            if nxt.strip().startswith(":") and not body:
                continue  # the directive's options
            body.append(nxt)
        code = textwrap.dedent("\n".join(body)).strip("\n")
        if literal and not _python(code):
            continue  # a shell command, a log's lines, a table
        blocks.append((i + 1, code))
    return blocks


def _python(code: str) -> bool:
    """Whether a literal block (``::``) is Python: it parses and uses racebook."""
    try:
        ast.parse(code)
    except SyntaxError:
        return False
    return "racebook" in code and ">>>" not in code


def _resolve(dotted: str) -> bool:
    """Whether ``racebook.a.b.c`` names a module or an attribute that exists."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def racebook_names(code: str) -> list[str]:
    """The racebook names a sketch imports or reaches from ``racebook``."""
    names = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("racebook"):
            names += [f"{node.module}.{a.name}" for a in node.names if a.name != "*"]
        elif isinstance(node, ast.Import):
            names += [a.name for a in node.names if a.name.startswith("racebook")]
        elif isinstance(node, ast.Attribute):
            chain = []
            cur: ast.expr = node
            while isinstance(cur, ast.Attribute):
                chain.append(cur.attr)
                cur = cur.value
            if isinstance(cur, ast.Name) and cur.id == "racebook":
                names.append(".".join(["racebook", *reversed(chain)]))
    return names


SKETCHES = [
    pytest.param(code, id=f"{_name(p)}:{line}")
    for p in PAGES
    for line, code in code_blocks(p.read_text(encoding="utf-8"))
]


@pytest.mark.parametrize("code", SKETCHES)
def test_each_sketch_compiles_and_names_what_exists(code: str) -> None:
    compile(code, "<docs>", "exec")
    missing = [n for n in racebook_names(code) if not _resolve(n)]
    assert not missing, f"names the library does not have: {missing}"


def test_a_sketch_naming_a_missing_function_is_caught() -> None:
    assert racebook_names("import racebook\nracebook.games.readysetbet.Bet(0, 1, 'x')")
    assert _resolve("racebook.games.readysetbet.Bet")
    assert not _resolve("racebook.games.readysetbet.NoSuchBet")
    assert not _resolve("racebook.no_such_module.thing")

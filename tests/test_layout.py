"""The source tree's shape: no module over the project's 600-line limit, and
core's modules import one another one way (the import-linter contract in
pyproject.toml says which way; this test finds any circle, wherever the
import statement sits, a function's body included)."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "racebook"
MAX_LINES = 600


def test_no_module_is_over_the_line_limit() -> None:
    over = {
        str(path.relative_to(SRC)): n
        for path in SRC.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert over == {}, f"modules over {MAX_LINES} lines: {over}"


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _core_imports(path: Path) -> set[str]:
    """The core modules ``path`` imports at run time (anywhere but under
    ``if TYPE_CHECKING:``)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "racebook.core":
                found.update(f"racebook.core.{a.name}" for a in node.names)
            elif node.module.startswith("racebook.core."):
                found.add(".".join(node.module.split(".")[:3]))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("racebook.core."):
                    found.add(".".join(alias.name.split(".")[:3]))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_core_has_no_import_circle() -> None:
    modules = {
        f"racebook.core.{p.stem}": p for p in (SRC / "core").glob("*.py") if p.stem != "__init__"
    }
    graph = {name: _core_imports(path) & modules.keys() - {name} for name, path in modules.items()}
    done: set[str] = set()

    def walk(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError("import circle: " + " -> ".join([*path[path.index(name) :], name]))
        if name in done:
            return
        for other in sorted(graph[name]):
            walk(other, [*path, name])
        done.add(name)

    for name in sorted(graph):
        walk(name, [])


ROOT = SRC.parent.parent


def test_skip_messages_name_make_targets_that_exist_and_pytest_shows_them() -> None:
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))
    named = {
        m
        for path in (ROOT / "tests").glob("*.py")
        for m in re.findall(r"\(make ([\w-]+)", path.read_text(encoding="utf-8"))
    }
    assert named and named <= targets, named - targets
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "-rs" in config["tool"]["pytest"]["ini_options"]["addopts"].split()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(tool in readme for tool in ("chromium", "chromium-driver", "tmux", "-rs"))

"""The Force of the Horse rule map: every cited function is run by its
entry's own tests (docs/games/forcehorse-rulemap.rst, "How the map proves
itself").

The tests the map names are run once under ``coverage`` with a dynamic
context per test function; then, for each entry with tests, each function it
cites (``module:function``, ``module:Class.method``, a class: any of its own
methods, unless the tests run none: then it is cited as a data type) must
have a line of its body executed under one of the entry's tests.  Constants
are not functions and are left to the mutation check (tests/rulemap_mutation.py).

Usage (from the repository root, src on the path)::

    python tests/rulemap_coverage.py [--report FILE] [--json FILE] [--all]

By default the implemented entries are checked (``--all``: the partial and
reading entries with tests too, reported, not failed).  The exit status is
1 when a cited function of an implemented entry is not reached.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

import rulemap_mutation as mutation  # noqa: E402

PACKAGE_DIR = ROOT / "src" / "racebook" / "games" / "forcehorse"


def run_coverage(nodeids: list[str], data_file: Path) -> None:
    """The tests, once, under coverage with a context per test function."""
    rc = data_file.with_suffix(".rc")
    rc.write_text(
        f"[run]\ndata_file = {data_file}\nsource = {PACKAGE_DIR}\ndynamic_context = test_function\n"
        "branch = false\n",
        encoding="utf-8",
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
    }
    args = [sys.executable, "-m", "coverage", "run", f"--rcfile={rc}", "-m", "pytest", "-q",
            "-p", "no:cacheprovider", "-p", "no:xdist", "-o", "addopts=", *nodeids]  # fmt: skip
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):  # 1: a test failed (reported by its own run)
        raise SystemExit(
            f"coverage run failed ({done.returncode}):\n"
            f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )


def _context_test(context: str) -> str:
    """``tests.test_forcehorse.test_x`` (or ``...TestClass.test_x``) -> ``test_x``
    with its file: ``tests/test_forcehorse.py::test_x``."""
    parts = context.split(".")
    for i in range(len(parts) - 1, 0, -1):
        path = Path(ROOT, *parts[:i]).with_suffix(".py")
        if path.is_file():
            return f"{'/'.join(parts[:i])}.py::{'::'.join(parts[i:])}"
    return context


def body_lines(func: types.FunctionType) -> set[tuple[str, int]]:
    """(file, line) of every line of the function's body (nested code too)."""
    out = set()
    for code in mutation._codes(func.__code__):
        for _, _, line in code.co_lines():
            if line is not None and (code is not func.__code__ or line != code.co_firstlineno):
                out.add((code.co_filename, line))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--report", type=Path, help="write the report here")
    parser.add_argument("--json", type=Path, help="write the results here as JSON")
    parser.add_argument("--all", action="store_true", help="partial and reading entries too")
    parser.add_argument(
        "--pending", default="", help="entries being changed elsewhere: reported, not failed (N,N)"
    )
    parser.add_argument(
        "--data", type=Path, help="keep the coverage data here (and reuse it if there)"
    )
    options = parser.parse_args(argv)
    rulemap = mutation.load_map()
    wanted = ("implemented", "partial", "reading") if options.all else ("implemented",)
    entries = {
        n: e
        for n, e in rulemap.items()
        if e.get("code") and e.get("status", "implemented") in wanted
    }
    nodeids = sorted({t for e in entries.values() for t in e.get("tests", [])})
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        data_file = options.data.resolve() if options.data else Path(tmp) / "rulemap.coverage"
        if not data_file.exists():
            data_file.parent.mkdir(parents=True, exist_ok=True)
            run_coverage(nodeids, data_file)
        import coverage

        data = coverage.CoverageData(basename=str(data_file))
        data.read()
        executed: dict[tuple[str, int], set[str]] = {}
        for filename in data.measured_files():
            for line, contexts in data.contexts_by_lineno(filename).items():
                executed[(os.path.realpath(filename), line)] = {
                    _context_test(c) for c in contexts if c
                }
    seconds = time.monotonic() - started
    results: list[dict[str, Any]] = []
    for number, entry in entries.items():
        tests = set(entry.get("tests", []))
        for ref in entry["code"]:
            target = mutation.resolve(ref)
            if not target.functions:
                continue
            lines = {
                (os.path.realpath(f), n) for func in target.functions for f, n in body_lines(func)
            }
            by = sorted({t for line in lines for t in executed.get(line, ()) if t in tests})
            if not by and target.is_class:
                continue  # mutation.CLASS_NOT_RUN: a data type
            results.append({
                "number": number, "status": entry.get("status", "implemented"), "ref": ref,
                "tests": len(tests), "reached_by": by,
            })  # fmt: skip
    missed = [r for r in results if not r["reached_by"]]
    pending = set(filter(None, options.pending.split(",")))
    failing = [r for r in missed if r["status"] == "implemented" and r["number"] not in pending]
    lines = [
        "Force of the Horse rule map: each cited function run by its entry's tests (coverage)",
        "",
        f"{len(entries)} entries, {len(results)} cited functions, {len(nodeids)} tests run "
        f"under coverage in {seconds:.0f}s; {len(missed)} functions not reached "
        f"({len(failing)} of implemented entries)",
        "",
    ]
    for r in missed:
        why = "no test" if not r["tests"] else "not run by its tests"
        later = " (pending: not failed)" if r["number"] in pending else ""
        lines.append(f"{r['number']} ({r['status']}): {r['ref']}: {why}{later}")
    text = "\n".join(lines) + "\n"
    print(text)
    if options.report:
        options.report.parent.mkdir(parents=True, exist_ok=True)
        options.report.write_text(text, encoding="utf-8")
    if options.json:
        options.json.parent.mkdir(parents=True, exist_ok=True)
        options.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())

"""The Force of the Horse rule map proves itself (docs/games/forcehorse-rulemap.rst):
for a seeded sample of the implemented entries, every function cited has a
mutant the entry's tests kill (tests/rulemap_mutation.py; ``make
mutation`` runs every entry).  ``RULEMAP_MUTATION_SEED`` draws another
sample, ``RULEMAP_MUTATION_BUDGET`` (seconds) runs longer.  In a process of
its own (a pytest session of the map's tests).  The coverage check is in
tests/test_forcehorse_rulemap_reach.py (another file: another xdist worker)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PENDING = ""
"""Entries run and reported but not failed (N,N): none.  An entry whose code
is being changed on another branch may be listed here while it is."""


def _run(script: str, *args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run(
        [sys.executable, str(ROOT / "tests" / script), *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False,
    )  # fmt: skip


def test_a_seeded_sample_of_the_map_kills_a_mutant_of_every_cited_function() -> None:
    seed = os.environ.get("RULEMAP_MUTATION_SEED", "2026")
    budget = os.environ.get("RULEMAP_MUTATION_BUDGET", "25")
    done = _run(
        "rulemap_mutation.py", "--sample", "80", "--seed", seed, "--budget", budget,
        "--first-kill", "--max-mutants", "12", "--quiet", "--pending", PENDING, timeout=900,
    )  # fmt: skip
    report = done.stdout
    assert "entries run" in report, report[-3000:] + done.stderr[-3000:]
    assert done.returncode == 0, report[:12000]

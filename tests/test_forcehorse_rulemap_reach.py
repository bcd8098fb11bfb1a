"""The Force of the Horse rule map proves itself (docs/games/forcehorse-rulemap.rst):
each function an implemented entry cites is run by the entry's own tests
(coverage with a context per test, tests/rulemap_coverage.py, in a process of
its own).  The mutation sample is in tests/test_forcehorse_rulemap_proves.py."""

from __future__ import annotations

from tests.test_forcehorse_rulemap_proves import PENDING, _run


def test_every_cited_function_is_run_by_its_entry_s_tests() -> None:
    done = _run("rulemap_coverage.py", "--pending", PENDING, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]

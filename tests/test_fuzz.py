"""The fuzzing suite (tests/fuzz_inputs.py) in a child process with a memory limit.

``make test`` runs a short pass; set ``RACEBOOK_FUZZ_EXAMPLES`` (inputs per
test, default 1500, about half a minute) for a longer one, and
``RACEBOOK_FUZZ_RANDOM=1`` to draw new inputs instead of the fixed ones.  A
mutated input that made a state allocate without bound would hit the limit
and fail the run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

MEMORY_LIMIT = 3 * 1024**3  # bytes of address space for the child


def _limit_memory() -> None:  # runs in the child, before it starts
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@pytest.mark.skipif(sys.platform == "win32", reason="resource limits are POSIX")
def test_fuzz_logs_and_variant_files() -> None:
    here = Path(__file__).parent
    env = dict(os.environ)
    examples = int(env.setdefault("RACEBOOK_FUZZ_EXAMPLES", "1500"))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--no-header",
            str(here / "fuzz_inputs.py"),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=here.parent,
        preexec_fn=_limit_memory,
        timeout=600 + examples,
    )
    tail = "\n".join((out.stdout + out.stderr).splitlines()[-60:])
    assert out.returncode == 0, tail
    assert " passed" in out.stdout and "failed" not in out.stdout, tail

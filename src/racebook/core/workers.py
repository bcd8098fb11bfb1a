"""Run independent jobs on worker processes or on a Ray cluster, results in order.

:func:`run_jobs` is what :func:`racebook.simulate` and Ready Set Bet's
:func:`~racebook.games.readysetbet.odds` use to spread many
playouts: the caller cuts the work into jobs whose results do not depend on
where or when they run (each seeded by its index), and merges the results
in job order, so the answer is the same for any number of workers and on
any backend.

Backends: ``"local"`` (the default; ``workers`` processes of this machine,
forked where the platform allows, so that rule modules registered at run
time are known to the workers) and ``"ray"`` (the ``[ray]`` extra: the
cluster at ``address``, or a local one started with ``workers`` CPUs when
none is running and no address is given).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from racebook.core.errors import ConfigError

J = TypeVar("J")
R = TypeVar("R")

BACKENDS = ("local", "ray")


def run_jobs(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_result: Callable[[int, R], None] | None = None,
) -> list[R]:
    """``[fn(job) for job in jobs]``, computed by ``workers`` processes (or by
    Ray); ``on_result(i, result)`` is called for each job in order as results
    arrive.  ``fn`` must be a module-level function and jobs and results
    picklable."""
    if backend not in BACKENDS:
        raise ConfigError("backend", f"one of {', '.join(BACKENDS)}, not {backend!r}")
    if type(workers) is not int or workers < 1:
        raise ConfigError("workers", f"at least 1, not {workers!r}")
    out: list[R] = []

    def take(result: R) -> None:
        if on_result is not None:
            on_result(len(out), result)
        out.append(result)

    if backend == "ray":
        _run_ray(fn, jobs, workers, address, take)
    elif workers == 1 or len(jobs) <= 1:
        for job in jobs:
            take(fn(job))
    else:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with ProcessPoolExecutor(min(workers, len(jobs)), mp_context=context) as pool:
            for result in pool.map(fn, jobs):
                take(result)
    return out


def _run_ray(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    workers: int,
    address: str | None,
    take: Callable[[R], None],
) -> None:
    try:
        import ray
    except ImportError as exc:
        raise ImportError("the ray backend needs Ray: pip install 'racebook[ray]'") from exc
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            options["num_cpus"] = workers
        ray.init(address=address, **options)
    remote = ray.remote(fn)
    pending = [remote.remote(job) for job in jobs]
    for ref in pending:
        take(ray.get(ref))

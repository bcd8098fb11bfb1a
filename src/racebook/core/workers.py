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

import collections
import contextlib
import gc
import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from racebook.core.errors import ConfigError, RacebookError, clip

J = TypeVar("J")
R = TypeVar("R")

BACKENDS = ("local", "ray")


class WorkerLost(RacebookError, RuntimeError):
    """A job whose worker process died (killed, ``kill -9``, or out of
    memory) when it ran, and again when it ran once more alone: ``index`` is
    the job's place in the list.

    >>> str(WorkerLost(3, "a worker process died"))
    'job 3: a worker process died, and again when run once more on its own'
    """

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason = clip(reason)
        super().__init__(f"job {index}: {reason}, and again when run once more on its own")


IN_FLIGHT = 2
"""Jobs handed to the workers ahead of the results taken, per worker: a
lazy list of jobs (read_logs' chunks of logs) is read only that far ahead."""


def run_jobs(
    fn: Callable[[J], R],
    jobs: Iterable[J],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_result: Callable[[int, R], None] | None = None,
    pause_collector: bool = False,
) -> list[R]:
    """``[fn(job) for job in jobs]``, computed by ``workers`` processes (or by
    Ray); ``on_result(i, result)`` is called for each job in order as results
    arrive.  ``fn`` must be a module-level function and jobs and results
    picklable.  ``jobs`` may be an iterator: it is read as the workers need
    jobs, at most :data:`IN_FLIGHT` jobs a worker ahead of the results.  A
    job whose worker process dies (``kill -9``, out of memory) is run once
    more, alone in a new process; if that one dies too,
    :class:`WorkerLost` names the job.  An exception a job raises on Ray
    is raised here as itself (Ray's own wrapping, a traceback of many lines,
    dropped).  ``pause_collector``: on several local processes, this
    process's cyclic garbage collector is paused while results arrive (and
    ``on_result`` runs), then set back as it was: for results of millions of
    objects and an ``on_result`` that leaves no garbage cycles."""
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
        return out
    if isinstance(jobs, Sequence):
        workers = max(1, min(workers, len(jobs)))
    if workers == 1:
        for job in jobs:
            take(fn(job))
    else:
        with collector_paused(pause_collector):
            _run_local(fn, iter(jobs), workers, take)
    return out


def _pool(workers: int) -> ProcessPoolExecutor:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # The workers start with the caller's collector setting, whatever this
    # process does meanwhile.  With ``pause_collector`` this process pauses
    # its cyclic collector while results arrive: rescanning the results
    # already kept, millions of rows when read_logs returns every record,
    # cost it more than the workers saved (make bench, "Reading logs")
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=gc.enable if _collecting() else gc.disable
    )


_PAUSED: list[bool] = []
"""Whether the collector ran before :func:`collector_paused` paused it (the
workers start as the caller had it)."""


def _collecting() -> bool:
    return _PAUSED[-1] if _PAUSED else gc.isenabled()


_DONE = object()


def _run_local(
    fn: Callable[[J], R], jobs: Iterator[J], workers: int, take: Callable[[R], None]
) -> None:
    """The jobs on ``workers`` processes, at most IN_FLIGHT a worker ahead;
    a pool broken by a dead worker is replaced, and each job it had not
    finished is run once more alone (:class:`WorkerLost` if it dies again)."""
    window = IN_FLIGHT * workers
    pending: collections.deque[tuple[int, J, Future[R] | None]] = collections.deque()
    count = 0
    pool = _pool(workers)

    def recover() -> ProcessPoolExecutor:
        # A worker died: the pool is broken.  Every job it had not finished
        # (None: not even handed to it) runs once more alone, in order
        pool.shutdown(wait=False, cancel_futures=True)
        while pending:
            index, job, future = pending[0]
            take(
                future.result()
                if future is not None and _finished(future)
                else _alone(fn, index, job)
            )
            pending.popleft()
        return _pool(workers)

    try:
        while True:
            broken = False
            while len(pending) < window and not broken:
                job = next(jobs, _DONE)
                if job is _DONE:
                    break
                try:
                    future: Future[R] | None = pool.submit(fn, job)  # type: ignore[arg-type]
                except BrokenProcessPool:
                    future, broken = None, True
                pending.append((count, job, future))  # type: ignore[arg-type]
                count += 1
            if not pending:
                return
            head = pending[0][2]
            if not broken and head is not None:
                try:
                    result = head.result()
                except BrokenProcessPool:
                    broken = True
                else:
                    pending.popleft()
                    take(result)
            if broken:
                pool = recover()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _finished(future: Future[Any]) -> bool:
    return future.done() and not future.cancelled() and future.exception() is None


def _alone(fn: Callable[[J], R], index: int, job: J) -> R:
    """``fn(job)`` once more, alone in a new worker process."""
    pool = _pool(1)
    try:
        return pool.submit(fn, job).result()
    except BrokenProcessPool:
        raise WorkerLost(index, "a worker process died (killed? out of memory?)") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def collector_paused(pause: bool = True) -> Iterator[bool]:
    """Pause this process's cyclic garbage collector (if ``pause``) and set it
    back as it was afterwards, on an error too; yields whether it was running
    (a caller that pauses it to collect by hand collects only then)."""
    collecting = gc.isenabled()
    if pause:
        gc.disable()
    _PAUSED.append(collecting)
    try:
        yield collecting
    finally:
        _PAUSED.pop()
        if collecting:
            gc.enable()


RAY_CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a Ray head at an explicit address to answer."""


def _run_ray(
    fn: Callable[[J], R],
    jobs: Iterable[J],
    workers: int,
    address: str | None,
    take: Callable[[R], None],
) -> None:
    if address is not None:
        check_ray_address(address)  # before Ray reads RAY_AUTH_MODE, where it can
    try:
        import ray
    except ImportError as exc:
        raise ImportError("the ray backend needs Ray: pip install 'racebook[ray]'") from exc
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            options["num_cpus"] = workers
        try:
            ray.init(address=address, **options)
        except ConnectionError as exc:
            raise ConnectionError(f"Ray at {address}: {exc} ({_CONNECT_HINTS})") from None
        except Exception as exc:
            if type(exc).__name__ == "AuthenticationError":
                raise ConnectionError(
                    f"Ray at {address} refused this client's token ({exc}); set RAY_AUTH_TOKEN "
                    "or RAY_AUTH_TOKEN_PATH to the cluster's token"
                ) from None
            raise
    remote = ray.remote(max_retries=1)(fn)  # a worker that died: its job once more
    window = IN_FLIGHT * max(1, workers)
    pending: collections.deque[tuple[int, Any]] = collections.deque()
    for index, job in enumerate(jobs):
        pending.append((index, remote.remote(job)))
        if len(pending) >= window:
            take(_ray_result(ray, *pending.popleft()))
    while pending:
        take(_ray_result(ray, *pending.popleft()))


def _ray_result(ray: Any, index: int, ref: Any) -> Any:
    """A Ray task's result; the exception its job raised as itself (Ray
    wraps it in a ``RayTaskError`` whose message is the worker's whole
    traceback: colour codes, pid, address, source paths), a worker lost
    twice as :class:`WorkerLost`, one line either way."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = getattr(exc, "cause", None)
        if isinstance(cause, Exception):
            raise cause from None
        raise WorkerLost(index, f"failed on Ray ({type(exc).__name__})") from None
    except ray.exceptions.RayError as exc:  # a worker or node lost, the job retried
        raise WorkerLost(index, f"its Ray worker was lost ({type(exc).__name__})") from None


_CONNECT_HINTS = (
    "the head answers on its port: a token refused? give this client the "
    "cluster's (RAY_AUTH_TOKEN or RAY_AUTH_TOKEN_PATH); a loopback address? Ray "
    "replaces it by this machine's own: give the address `ray start` printed"
)


def _refresh_ray_config() -> None:
    """Ray reads ``RAY_AUTH_MODE`` into its config once, when imported: after
    setting it, refresh that config as Ray itself does (nothing to do when Ray
    is not imported yet)."""
    import importlib
    import sys

    if "ray" not in sys.modules:
        return
    try:
        config = importlib.import_module("ray._raylet").Config
    except (ImportError, AttributeError):  # pragma: no cover - another Ray version
        return
    config.initialize("")


def check_ray_address(address: str, timeout: float | None = None) -> None:
    """Fail fast and clearly before ``ray.init(address)``: a ``ray://``
    address needs Ray's client (``ray[client]``, in the ``[ray]`` extra); the
    head must answer on its port within ``timeout`` seconds
    (:data:`RAY_CONNECT_TIMEOUT`), where ``ray.init`` would wait minutes; and
    for a head that asks for a token (Ray's default), token authentication
    is switched on (``RAY_AUTH_MODE=token``) when a token is at hand
    (``RAY_AUTH_TOKEN``, ``RAY_AUTH_TOKEN_PATH`` or ``~/.ray/auth_token``) and
    ``RAY_AUTH_MODE`` is not set.  ``"auto"`` and ``"local"`` are left to Ray."""
    import importlib.util
    import os
    import socket
    from pathlib import Path

    if address in ("auto", "local"):
        return
    wait = RAY_CONNECT_TIMEOUT if timeout is None else timeout
    rest = address
    if address.startswith("ray://"):
        if importlib.util.find_spec("grpc") is None:
            raise ImportError(
                f"the address {address} needs Ray's client (grpcio): "
                "pip install 'racebook[ray]' (or 'ray[client]')"
            )
        rest = address.removeprefix("ray://")
    elif "://" in address:
        raise ConfigError("address", f"host:port or ray://host:port, not {address!r}")
    host, _, port = rest.rstrip("/").rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError("address", f"host:port or ray://host:port, not {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=wait):
            pass
    except OSError as exc:
        raise ConnectionError(
            f"no Ray head answers at {address} within {wait:g} s ({exc}); "
            "start one with `ray start --head` or check the address"
        ) from None
    if "RAY_AUTH_MODE" not in os.environ:
        token_path = os.environ.get("RAY_AUTH_TOKEN_PATH")
        path = Path(token_path) if token_path else Path.home() / ".ray" / "auth_token"
        if os.environ.get("RAY_AUTH_TOKEN") or path.is_file():
            os.environ["RAY_AUTH_MODE"] = "token"
            _refresh_ray_config()

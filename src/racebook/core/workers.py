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

import contextlib
import gc
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
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
    pause_collector: bool = False,
) -> list[R]:
    """``[fn(job) for job in jobs]``, computed by ``workers`` processes (or by
    Ray); ``on_result(i, result)`` is called for each job in order as results
    arrive.  ``fn`` must be a module-level function and jobs and results
    picklable.  ``pause_collector``: on several local processes, this
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
    elif workers == 1 or len(jobs) <= 1:
        for job in jobs:
            take(fn(job))
    else:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        # The workers start with the caller's collector setting, whatever this
        # process does meanwhile.  With ``pause_collector`` this process pauses
        # its cyclic collector while results arrive: rescanning the results
        # already kept, millions of rows when read_logs returns every record,
        # cost it more than the workers saved (make bench, "Reading logs")
        collecting = gc.isenabled()
        with ProcessPoolExecutor(
            min(workers, len(jobs)),
            mp_context=context,
            initializer=gc.enable if collecting else gc.disable,
        ) as pool:
            results = pool.map(fn, jobs)
            with collector_paused(pause_collector):
                for result in results:
                    take(result)
    return out


@contextlib.contextmanager
def collector_paused(pause: bool = True) -> Iterator[bool]:
    """Pause this process's cyclic garbage collector (if ``pause``) and set it
    back as it was afterwards, on an error too; yields whether it was running
    (a caller that pauses it to collect by hand collects only then)."""
    collecting = gc.isenabled()
    if pause:
        gc.disable()
    try:
        yield collecting
    finally:
        if collecting:
            gc.enable()


RAY_CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a Ray head at an explicit address to answer."""


def _run_ray(
    fn: Callable[[J], R],
    jobs: Sequence[J],
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
    remote = ray.remote(fn)
    pending = [remote.remote(job) for job in jobs]
    for ref in pending:
        take(ray.get(ref))


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

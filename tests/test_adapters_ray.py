"""The Ray backend's connection: clear errors, a connect timeout, and jobs
run on a real Ray head started here (one CPU, stopped after)."""

from __future__ import annotations

import socket
import time

import pytest

from racebook.core.errors import ConfigError
from racebook.core.workers import check_ray_address, run_jobs


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _square(x: int) -> int:
    return x * x


def test_a_wrong_address_fails_fast() -> None:
    port = _free_port()  # nothing listens there
    start = time.monotonic()
    with pytest.raises(ConnectionError, match="no Ray head answers"):
        check_ray_address(f"127.0.0.1:{port}", timeout=2)
    assert time.monotonic() - start < 10
    with pytest.raises(ConfigError):
        check_ray_address("http://127.0.0.1:1")
    with pytest.raises(ConfigError):
        check_ray_address("127.0.0.1")


def test_a_ray_client_address_needs_the_client() -> None:
    import importlib.util

    if importlib.util.find_spec("grpc") is not None:
        pytest.skip("Ray's client is installed")
    with pytest.raises(ImportError, match="ray\\[client\\]"):
        check_ray_address("ray://127.0.0.1:10001")


def test_jobs_on_a_local_ray_head(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real Ray head started by run_jobs (one CPU), with RAY_AUTH_MODE unset
    as a user has it, shut down after.  (A head started with ``ray start`` on
    127.0.0.1 is not tried: Ray rewrites a loopback address to the machine's
    own address, which the tests do not reach.)"""
    ray = pytest.importorskip("ray")
    if ray.is_initialized():
        pytest.skip("Ray is already running in this process")
    monkeypatch.setenv("RAY_AUTH_MODE", "x")
    monkeypatch.delenv("RAY_AUTH_MODE")
    try:
        assert run_jobs(_square, [1, 2, 3], backend="ray", workers=1) == [1, 4, 9]
    finally:
        ray.shutdown()

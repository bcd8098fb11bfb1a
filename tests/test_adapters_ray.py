"""The Ray backend's connection, against a real Ray head started here (one
CPU, its own ports, temp dir and token auth, stopped after): an explicit
``host:port`` address and a ``ray://`` address run jobs with the same results
as this machine's processes; a wrong address, a refused token and a bad
address are one clear line from the command line (exit 2), not a traceback
or a hang.

The head and its clients keep to the loopback: Ray replaces a loopback
address by the machine's own address unless ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER``
is 0, the single-machine mode of Ray, which the head and the clients here set.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from racebook.core.errors import ConfigError
from racebook.core.workers import RAY_CONNECT_TIMEOUT, check_ray_address, run_jobs

ROOT = Path(__file__).parent.parent
HANG = 120  # seconds: a command still running then has hung (a guard, not a measure)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _square(x: int) -> int:
    return x * x


def _env(home: Path, **extra: str) -> dict[str, str]:
    """A user's environment (no RAY_AUTH_MODE), with its own home (and so its
    own ~/.ray/auth_token) and Ray kept on the loopback."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env["HOME"] = str(home)
    env["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    env.update(extra)
    return env


class Head:
    """A Ray head of this test module: its addresses and its user's home."""

    def __init__(self, home: Path, port: int, client_port: int) -> None:
        self.home = home
        self.address = f"127.0.0.1:{port}"
        self.client_address = f"ray://127.0.0.1:{client_port}"


@pytest.fixture(scope="module")
def head() -> Iterator[Head]:
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (the [ray] extra)")
    ray_bin = Path(sys.executable).parent / "ray"
    if not ray_bin.exists():
        pytest.skip("no `ray` command beside this Python")
    # a short temp dir: Ray's socket paths must stay under the system's limit
    base = Path(tempfile.mkdtemp(prefix="rb-ray-", dir="/tmp"))
    home = base / "home"
    (home / ".ray").mkdir(parents=True)
    # the cluster's token, where `ray get-auth-token --generate` puts it
    (home / ".ray" / "auth_token").write_text(secrets.token_hex(32))
    port, client_port = _free_port(), _free_port()
    # ports Ray would otherwise take at fixed numbers (another head may have them)
    ports = {
        name: str(_free_port()) for name in ("--dashboard-port", "--dashboard-agent-listen-port")
    }
    command = [
        str(ray_bin),
        "start",
        "--head",
        "--block",
        "--node-ip-address=127.0.0.1",
        f"--port={port}",
        f"--ray-client-server-port={client_port}",
        "--num-cpus=1",
        "--include-dashboard=false",
        f"--temp-dir={base / 'ray'}",
        "--disable-usage-stats",
        *(f"{k}={v}" for k, v in ports.items()),
    ]
    log = (base / "head.log").open("w")
    # its own session: the head and everything it starts are one process group
    proc = subprocess.Popen(
        command,
        env=_env(home, RAY_AUTH_MODE="token"),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + HANG
        while True:  # wait for both ports to answer
            try:
                for p in (port, client_port):
                    socket.create_connection(("127.0.0.1", p), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail(f"the Ray head did not start:\n{(base / 'head.log').read_text()}")
                time.sleep(0.5)
        yield Head(home, port, client_port)
    finally:
        _stop(proc)
        log.close()
        shutil.rmtree(base, ignore_errors=True)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the head's process group: politely, then for sure."""
    group = proc.pid  # start_new_session: the group's id is the leader's pid
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        try:
            os.killpg(group, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        if sig == signal.SIGTERM:
            # the leader is gone: whatever it left in the group goes too
            with contextlib.suppress(ProcessLookupError):
                os.killpg(group, signal.SIGKILL)
            break


def _simulate(address: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "racebook", "simulate", "longshot", "--games", "6"]
    command += ["--seed", "3", "--backend", "ray", "--address", address]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=HANG)


def _local() -> str:
    command = [sys.executable, "-m", "racebook", "simulate", "longshot", "--games", "6"]
    done = subprocess.run(
        [*command, "--seed", "3"], capture_output=True, text=True, timeout=HANG, check=True
    )
    return done.stdout


def test_an_explicit_address_runs_jobs(head: Head) -> None:
    """``--address host:port`` of a head that asks for a token (Ray's
    default when a token exists), RAY_AUTH_MODE unset as a user has it: the
    token at ~/.ray is found and the summary is the local one."""
    done = _simulate(head.address, _env(head.home))
    assert done.returncode == 0, done.stderr
    assert done.stdout == _local()


def test_a_ray_client_address_runs_jobs(head: Head) -> None:
    if importlib.util.find_spec("grpc") is None:
        pytest.skip("Ray's client (grpcio, ray[client]) is not installed")
    done = _simulate(head.client_address, _env(head.home))
    if done.returncode != 0 and "Starting Ray client server failed" in done.stderr:
        # Ray's proxy starts a server process for each client; on a loaded
        # machine (the suite on two workers) that start can time out on Ray's
        # side before racebook runs a job: once more
        done = _simulate(head.client_address, _env(head.home))
    assert done.returncode == 0, done.stderr
    assert done.stdout == _local()


def test_a_refused_token_is_one_clear_line(head: Head) -> None:
    # fewer of Ray's retries (about a second each, 20 by default) keep it short
    env = _env(head.home, RAY_AUTH_TOKEN="0" * 32, RAY_NUM_REDIS_GET_RETRIES="3")
    done = _simulate(head.address, env)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"racebook: Ray at {head.address}") and "RAY_AUTH_TOKEN" in last


def test_a_wrong_address_is_one_clear_line(tmp_path: Path) -> None:
    """Nothing listens there: the connect fails at once (a timeout of
    RAY_CONNECT_TIMEOUT seconds covers a host that does not answer)."""
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (the [ray] extra)")
    address = f"127.0.0.1:{_free_port()}"
    done = _simulate(address, _env(tmp_path))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        f"racebook: no Ray head answers at {address} within {RAY_CONNECT_TIMEOUT:g} s "
        "([Errno 111] Connection refused); start one with `ray start --head` or check the address"
    )


def test_bad_addresses() -> None:
    port = _free_port()  # nothing listens there
    with pytest.raises(ConnectionError, match="no Ray head answers"):
        check_ray_address(f"127.0.0.1:{port}", timeout=2)
    with pytest.raises(ConfigError):
        check_ray_address("http://127.0.0.1:1")
    with pytest.raises(ConfigError):
        check_ray_address("127.0.0.1")


def test_a_ray_client_address_needs_the_client() -> None:
    if importlib.util.find_spec("grpc") is not None:
        pytest.skip("Ray's client is installed")
    with pytest.raises(ImportError, match="ray\\[client\\]"):
        check_ray_address("ray://127.0.0.1:10001")


def test_jobs_on_a_local_ray_head(monkeypatch: pytest.MonkeyPatch) -> None:
    """No address: run_jobs starts a Ray of its own (one CPU), shut down after."""
    ray = pytest.importorskip("ray")
    if ray.is_initialized():
        pytest.skip("Ray is already running in this process")
    monkeypatch.setenv("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    try:
        assert run_jobs(_square, [1, 2, 3], backend="ray", workers=1) == [1, 4, 9]
    finally:
        ray.shutdown()


def test_openspiel_states_travel_to_ray_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ray task given only OpenSpiel states (a worker that has imported
    nothing of racebook) plays a move in each and returns them: unpickling
    imports the adapter, which registers the game."""
    ray = pytest.importorskip("ray")
    pytest.importorskip("pyspiel")
    import random

    from racebook.adapters.openspiel import load

    if ray.is_initialized():
        pytest.skip("Ray is already running in this process")
    monkeypatch.setenv("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    paths = [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))  # the workers' interpreters
    states = []
    for game_id in ("trickrace", "forcehorse"):
        state = load(game_id).new_initial_state()
        rng = random.Random(1)
        while len(state.history()) < 50 or state.is_chance_node():
            if state.is_chance_node():
                ids, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)

    def first_move(state: object) -> object:
        state.apply_action(state.legal_actions()[0])  # type: ignore[attr-defined]
        return state

    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(first_move)
        back = ray.get([task.remote(s) for s in states], timeout=HANG)
    finally:
        ray.shutdown()
    for state, other in zip(states, back, strict=True):
        state.apply_action(state.legal_actions()[0])
        assert other.history() == state.history()
        assert other.racebook_state.digest() == state.racebook_state.digest()

"""A ``racebook serve`` process for the tests (tests/test_serve*.py): started
with ``python -m racebook serve --port 0``, its port read from its readiness
line; ``kill()`` is ``kill -9``."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def need_serve() -> None:
    """Skip the test, saying why, without the ``[serve]`` extra."""
    for module in ("starlette", "uvicorn", "httpx", "websockets"):
        try:
            __import__(module)
        except ImportError:
            pytest.skip(f"{module} is not installed: pip install -e '.[serve,dev]' to run it")


class Server:
    """One server process over the database ``db`` (an SQLite file)."""

    def __init__(self, db: Path | str, *options: str) -> None:
        """``db``: an SQLite file's path, or a ``postgresql://`` URL."""
        self.db = db
        self.url = db if isinstance(db, str) else f"sqlite:///{db}"
        self.options = options
        self.proc: subprocess.Popen[str] | None = None
        self.base = ""
        self.port = 0
        self.errors: list[str] = []

    def start(self, timeout: float = 60.0, port: int = 0) -> Server:
        """Start it (``port`` 0: any free port); return when it says it is ready."""
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        argv = [sys.executable, "-m", "racebook", "serve", "--port", str(port), "--db", self.url]
        self.proc = subprocess.Popen(
            [*argv, *self.options],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        found: list[str] = []
        reader = threading.Thread(target=lambda: found.append(self.proc.stdout.readline()))  # type: ignore[union-attr]
        reader.start()
        reader.join(timeout)
        line = found[0] if found else ""
        match = re.search(r"ready on (http://\S+:\d+)/", line)
        if match is None:
            self.kill()
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise AssertionError(f"no readiness line: {line!r}; stderr: {err[-2000:]}")
        self.base = match.group(1)
        self.port = int(self.base.rsplit(":", 1)[1])
        threading.Thread(target=self._drain, daemon=True).start()
        return self

    def _drain(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        for line in self.proc.stderr:
            self.errors.append(line)

    def kill(self) -> None:
        """``kill -9``: no goodbye, no closing line."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    # -- a plain client --

    def create(self, **ask: Any) -> dict[str, Any]:
        import httpx

        answer = httpx.post(f"{self.base}/api/tables", json=ask, timeout=30)
        assert answer.status_code == 201, (answer.text, "".join(self.errors)[-3000:])
        data: dict[str, Any] = answer.json()
        return data

    def picture(self, key: str, token: str | None) -> dict[str, Any]:
        import httpx

        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = httpx.get(f"{self.base}/api/tables/{key}", headers=headers, timeout=30)
        data: dict[str, Any] = answer.json()
        return data

    def act(self, key: str, token: str, data: Any) -> tuple[int, dict[str, Any]]:
        import httpx

        body = data if isinstance(data, bytes) else json.dumps(data).encode()
        answer = httpx.post(
            f"{self.base}/api/tables/{key}/act",
            content=body,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            timeout=30,
        )
        return answer.status_code, answer.json()

    def ws(self, key: str) -> Any:
        from websockets.sync.client import connect

        return connect(self.base.replace("http://", "ws://") + f"/ws/{key}", open_timeout=30)

    def log_text(self, key: str) -> str:
        """Table ``key``'s log, as the server stored it."""
        from racebook.serve.store import TableStore

        store = TableStore(self.url)
        try:
            return store.log_text(key)
        finally:
            store.close()

    def digest(self, key: str) -> str:
        """The digest of table ``key``'s state as its stored log has it."""
        import racebook

        return racebook.resume(self.log_text(key)).state.digest()


def wait_until(check: Any, timeout: float = 60.0, what: str = "") -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what or check}")

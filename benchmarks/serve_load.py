"""``racebook serve`` under load: one server process (``python -m racebook
serve``, bots at zero delay, Ready Set Bet's clock at --pace), N tables, and
clients over WebSocket in this process.

Each table is a trick race with two people (this script's clients, each
playing its seat's first legal move as soon as it may) and two bots, watched
by a spectator; every few tables are Ready Set Bet tables of bots only,
racing on the clock as background load.  Figures:

* actions a second: every action of every table (people's and bots'), from
  the tables' stored logs, over the run's wall time;
* latency: from a person's submit to the moment every connection of its
  table (both seats and the spectator) has the new state, median and p99;
* memory per table: the server's resident memory at its peak less before
  the tables, over the number of tables (their clients' buffers included).

Figures, not asserts.  ``python benchmarks/serve_load.py [--tables N]``;
``make bench`` runs it through benchmarks/run.py.  Needs the ``[serve]``
extra and websockets (skipped, saying so, without them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def rss(pid: int) -> int:
    """Resident memory of process ``pid`` in bytes."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


class Conn:
    """One connection: a reader that keeps its latest picture and verdicts."""

    def __init__(self, ws: Any, moved: asyncio.Condition) -> None:
        self.ws, self.moved = ws, moved
        self.position = -1
        self.state: dict[str, Any] | None = None
        self.over = False
        self.changed = asyncio.Event()
        self.verdicts: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        while True:
            try:
                message = json.loads(await self.ws.recv())
            except ConnectionClosed:
                return
            if message["type"] == "state":
                self.state, self.position = message, message["position"]
                self.over = message["over"]
                self.changed.set()
                async with self.moved:
                    self.moved.notify_all()
            elif message["type"] == "verdict":
                await self.verdicts.put(message)


async def person(me: Conn, conns: list[Conn], lat: list[float]) -> None:
    """One seat: plays its first legal move whenever it has one; records the
    time from each accepted submit until every connection has seen it."""
    while not me.over:
        await me.changed.wait()
        me.changed.clear()
        state = me.state
        if state is None or not state["actions"] or state["over"]:
            continue
        before = state["position"]
        start = time.perf_counter()
        await me.ws.send(json.dumps({"act": state["actions"][0]["data"]}))
        verdict = await me.verdicts.get()
        if verdict["accepted"]:
            async with me.moved:  # woken by every connection's new picture
                await me.moved.wait_for(
                    lambda b=before: all(c.position > b or c.over for c in conns)
                )
            lat.append(time.perf_counter() - start)
        me.changed.set()  # look again at the newest picture


async def table(base: str, key: str, tokens: dict[str, str], lat: list[float]) -> None:
    from websockets.asyncio.client import connect

    url = base.replace("http://", "ws://") + f"/ws/{key}"
    async with connect(url) as a, connect(url) as b, connect(url) as w:
        moved = asyncio.Condition()
        conns = [Conn(a, moved), Conn(b, moved), Conn(w, moved)]
        for ws, token in ((a, tokens["0"]), (b, tokens["1"]), (w, None)):
            await ws.send(json.dumps({"token": token}))
        readers = [asyncio.get_running_loop().create_task(c.read()) for c in conns]
        await asyncio.gather(person(conns[0], conns, lat), person(conns[1], conns, lat))
        for reader in readers:
            reader.cancel()


def run(tables: int, pace: float) -> dict[str, float]:
    import httpx

    import racebook
    from racebook.serve.store import TableStore

    folder = Path(tempfile.mkdtemp(prefix="racebook-serve-"))
    url = f"sqlite:///{folder}/t.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    limits = ["--rate", "1000", "--seat-rate", "1000", "--burst", "1000"]
    argv = [sys.executable, "-m", "racebook", "serve", "--port", "0", "--db", url]
    proc = subprocess.Popen(
        [*argv, "--bot-delay", "0", "--pace", str(pace), "--send-queue", "64", *limits],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        found = re.search(r"ready on (http://\S+:\d+)/", line)
        if found is None:
            raise SystemExit(f"serve_load: the server did not start: {line!r}")
        base = found.group(1)
        time.sleep(0.5)
        idle = rss(proc.pid)
        made = []
        with httpx.Client(timeout=60) as client:
            for i in range(tables):
                ask: dict[str, Any] = {"game": "trickrace", "people": [0, 1], "bots": "random"}
                if i % 5 == 4:
                    ask = {"game": "readysetbet", "people": [], "bots": "random"}
                made.append(client.post(f"{base}/api/tables", json=ask).json())
        latencies: list[float] = []
        peak = [idle]

        async def everything() -> None:
            async def watch_memory() -> None:
                while True:
                    peak[0] = max(peak[0], rss(proc.pid))
                    await asyncio.sleep(0.2)

            memory = asyncio.get_running_loop().create_task(watch_memory())
            people = [m for m in made if m["tokens"]]
            await asyncio.gather(*(table(base, m["table"], m["tokens"], latencies) for m in people))
            memory.cancel()

        start = time.perf_counter()
        asyncio.run(everything())
        with httpx.Client(timeout=60) as client:  # the bots-only races too
            while not all(t["over"] for t in client.get(f"{base}/api/tables").json()["tables"]):
                time.sleep(0.1)
        wall = time.perf_counter() - start
    finally:
        proc.kill()
        proc.wait(10)
    store = TableStore(url)
    actions = sum(len(racebook.replay(store.log_text(m["table"])).log) for m in made)
    store.close()
    latencies.sort()
    return {
        "tables": tables,
        "actions": actions,
        "seconds": wall,
        "actions_per_second": actions / wall,
        "median_ms": 1000 * statistics.median(latencies),
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
        "submits": len(latencies),
        "memory_per_table_kb": (peak[0] - idle) / tables / 1024,
    }


def report_serve(tables: int = 20, pace: float = 0.05) -> dict[str, float] | None:
    """Print the load run's figures (``None``: the extra is not installed)."""
    try:
        import httpx  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401
    except ImportError as exc:
        print(f"serve load: skipped ({exc.name} is not installed: pip install -e '.[serve,dev]')")
        return None
    figures = run(tables, pace)
    print(
        f"serve load: {tables} tables in one server process (4 of 5 a trick race of 2 people "
        f"over WebSocket, 2 bots and a spectator; 1 of 5 Ready Set Bet of bots, pace {pace:g} s)"
    )
    print(
        f"  {figures['actions']:,} actions in {figures['seconds']:.1f} s: "
        f"{figures['actions_per_second']:,.0f} actions/s"
    )
    print(
        f"  submit to every seat's update: median {figures['median_ms']:.1f} ms, "
        f"p99 {figures['p99_ms']:.1f} ms ({figures['submits']:,} submits)"
    )
    print(f"  memory: {figures['memory_per_table_kb']:,.0f} KiB a table (peak resident, server)")
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables (default: %(default)s)")
    parser.add_argument("--pace", type=float, default=0.05, help="RSB's seconds between rolls")
    args = parser.parse_args()
    report_serve(args.tables, args.pace)

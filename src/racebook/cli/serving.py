"""``racebook serve``: host tables of every game for people in browsers
(the ``[serve]`` extra; docs/serving.rst)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

DEFAULT_DB = "sqlite:///racebook-data/tables.sqlite3"


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:40]!r}") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"0 to 3600 seconds, got {value}")
    return value


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text[:40]!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {value}")
    return value


def cmd_serve(args: argparse.Namespace) -> int:
    """Run ``racebook serve``."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        print(
            "racebook serve needs Starlette and uvicorn, in the serve extra: "
            "pip install 'racebook[serve]'",
            file=sys.stderr,
        )
        return 2
    import asyncio
    import socket

    from racebook.cli.options import complain
    from racebook.cli.plugins import _plugins
    from racebook.serve.hub import Hub, Limits
    from racebook.serve.store import TableStore

    _plugins(args)
    limits = Limits(
        max_message=args.max_message,
        rate=args.rate,
        burst=args.burst,
        seat_rate=args.seat_rate,
        seat_burst=args.burst,
        send_queue=args.send_queue,
        send_timeout=args.send_timeout,
        connections=args.connections,
        tables=args.max_tables,
    )
    store = TableStore(args.db, fsync=args.fsync)
    hub = Hub(store, limits, pace=args.pace, bot_delay=args.bot_delay, hints=not args.no_hints)
    for problem in hub.load_all():
        complain(f"racebook serve: a stored table not loaded: {problem}")
    sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        complain(f"racebook serve: cannot listen on {args.host}:{args.port}: {exc.strerror}")
        return 2
    port = sock.getsockname()[1]
    return asyncio.run(_run(hub, sock, args.host, port, len(hub.tables), args.db))


async def _run(hub: Any, sock: Any, host: str, port: int, loaded: int, db: str) -> int:
    import asyncio

    import uvicorn

    from racebook.serve.app import build_app

    config = uvicorn.Config(
        build_app(hub),
        log_level="warning",
        ws_max_size=hub.limits.max_message,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        lifespan="off",
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    hub.start()
    serving = asyncio.get_running_loop().create_task(server.serve(sockets=[sock]))
    while not server.started and not serving.done():
        await asyncio.sleep(0.02)
    if server.started:
        shown = f"[{host}]" if ":" in host else host
        print(
            f"racebook serve: ready on http://{shown}:{port}/ ({loaded} stored tables, {db})",
            flush=True,
        )
    await serving
    await hub.close()
    return 0


def add_serve(
    command: Callable[[str, str], argparse.ArgumentParser],
    plugin: Callable[[argparse.ArgumentParser], None],
) -> None:
    """Register ``racebook serve``."""
    p = command(
        "serve",
        "host tables of every game over HTTP and WebSocket: people play in their browsers, "
        "bots in the empty seats (the serve extra)",
    )
    plugin(p)
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (0.0.0.0: every network of this machine)",
    )
    p.add_argument("--port", type=int, default=8000, help="the port (0: any free one)")
    p.add_argument(
        "--db",
        default=DEFAULT_DB,
        metavar="URL",
        help="the database every table is stored in (logs and seats): sqlite:///PATH, or "
        "postgresql://USER@HOST/DB (the postgres extra)",
    )
    p.add_argument(
        "--fsync",
        action="store_true",
        help="SQLite: flush every action to the disk, so that it survives a power loss too "
        "(default: it survives the server's crash or kill -9, at a fraction of the cost)",
    )
    p.add_argument(
        "--pace",
        type=_positive,
        default=3.0,
        metavar="SECONDS",
        help="Ready Set Bet: seconds between the host's rolls",
    )
    p.add_argument(
        "--bot-delay",
        type=_seconds,
        default=0.8,
        metavar="SECONDS",
        help="a pause before each bot move, at a person's pace",
    )
    p.add_argument(
        "--no-hints",
        action="store_true",
        help="give no hints (default: a seat may ask for the search bot's best moves)",
    )
    p.add_argument(
        "--max-message",
        type=int,
        default=8192,
        metavar="BYTES",
        help="the largest message a client may send (WebSocket frame or HTTP body)",
    )
    p.add_argument(
        "--rate",
        type=_positive,
        default=10.0,
        metavar="PER_SECOND",
        help="messages a second one connection may send",
    )
    p.add_argument(
        "--seat-rate",
        type=_positive,
        default=10.0,
        metavar="PER_SECOND",
        help="actions a second one seat may submit, over all its connections",
    )
    p.add_argument(
        "--burst",
        type=int,
        default=20,
        metavar="N",
        help="messages a connection (and actions a seat) may send at once",
    )
    p.add_argument(
        "--send-queue",
        type=int,
        default=16,
        metavar="N",
        help="messages waiting for one connection before it is closed as too slow",
    )
    p.add_argument(
        "--send-timeout",
        type=_positive,
        default=10.0,
        metavar="SECONDS",
        help="seconds one message may take to go out before its reader is closed",
    )
    p.add_argument(
        "--connections",
        type=int,
        default=32,
        metavar="N",
        help="connections one table takes at once",
    )
    p.add_argument(
        "--max-tables", type=int, default=1000, metavar="N", help="tables one server holds"
    )
    p.set_defaults(func=cmd_serve)

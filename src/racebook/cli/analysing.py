"""The command line for analysis: ``simulate --logs`` (every game's log, to a
folder or one JSON Lines file) and ``records`` (flat records of many logs,
read on workers or Ray: :mod:`racebook.analysis`)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import IO, Any

from racebook.cli.options import worker_options


def logs_option(sim: argparse.ArgumentParser) -> None:
    sim.add_argument(
        "--logs",
        default=None,
        metavar="DIR|FILE.jsonl",
        help="write every game's log (its header's meta names each seat's bot): one file a "
        "game in a folder, or all of them back to back in one .jsonl file (default: none)",
    )


class LogsOut:
    """Where ``simulate --logs`` writes: a folder (``game-000000.jsonl`` ...)
    or one JSON Lines file holding every log back to back."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.file: IO[str] | None = None
        if target.endswith(".jsonl"):
            self.file = open(target, "w", encoding="utf-8")  # noqa: SIM115 (closed in close())
        else:
            os.makedirs(target, exist_ok=True)

    def write(self, record: Any) -> None:
        text = record.log
        assert isinstance(text, str)
        if self.file is not None:
            self.file.write(text)
        else:
            path = Path(self.target) / f"game-{record.index:06d}.jsonl"
            path.write_text(text, encoding="utf-8")

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def open_logs(args: argparse.Namespace) -> LogsOut | None:
    """``simulate --logs``'s writer (``None`` without the option); an
    :class:`OSError` says what could not be made."""
    target = getattr(args, "logs", None)
    return LogsOut(target) if target else None


def records_command(command: Any) -> None:
    """Add ``racebook records SOURCE``."""
    rec = command(
        "records",
        "replay many logs (a folder, an archive or a .jsonl of logs) and write one JSON "
        "line per action and event",
    )
    rec.add_argument("source", help="a folder of logs, a .zip/.tar(.gz) archive or a .jsonl file")
    rec.add_argument(
        "--out", default="-", metavar="FILE", help="where to write the records (default: stdout)"
    )
    worker_options(rec)
    rec.set_defaults(func=cmd_records)


def cmd_records(args: argparse.Namespace) -> int:
    from racebook.analysis import log_records, log_sources, read_logs, write_jsonl
    from racebook.core.errors import ConfigError, LogError

    try:
        logs = log_sources(args.source)
    except (ConfigError, OSError) as exc:
        print(f"racebook records: {exc}", file=sys.stderr)
        return 1

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\r{done}/{total} logs", end="", file=sys.stderr, flush=True)

    try:
        per_log = read_logs(
            logs,
            log_records,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=progress,
        )
    except (LogError, ConfigError, ImportError) as exc:
        print(f"\nracebook records: {exc}", file=sys.stderr)
        return 1
    if sys.stderr.isatty():
        print(file=sys.stderr)
    out: IO[str] = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")  # noqa: SIM115
    try:
        for rows in per_log:
            write_jsonl(rows, out)
    finally:
        if out is not sys.stdout:
            out.close()
    return 0

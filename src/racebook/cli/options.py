"""Command-line options shared by the commands that run games on workers
(``simulate``, ``records``, ``tournament``)."""

from __future__ import annotations

import argparse


def count(text: str) -> int:
    """An argparse type: a whole number, at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def backend(text: str) -> str:
    """An argparse type: a worker backend."""
    if text not in ("local", "ray"):
        raise argparse.ArgumentTypeError(f"local or ray, not {text[:40]!r}")
    return text


def worker_options(parser: argparse.ArgumentParser) -> None:
    """``--workers``, ``--backend`` and ``--address``, as ``simulate`` has them."""
    parser.add_argument(
        "--workers", type=count, default=1, metavar="N", help="worker processes (or Ray CPUs)"
    )
    parser.add_argument(
        "--backend",
        type=backend,
        default="local",
        help="local (processes of this machine) or ray (the [ray] extra); same results either way",
    )
    parser.add_argument(
        "--address",
        default=None,
        metavar="ADDR",
        help="the Ray cluster to join (default: start a local one with --workers CPUs)",
    )


def complain(message: str) -> None:
    """Print an error ``message`` to stderr as one line, every character a
    terminal would obey or hide escaped (:func:`~racebook.core.errors.escape`):
    messages quote input (file and member names, keys of a log header or a
    variant file), other people's data.  Every error line of the command
    line goes through here."""
    import sys

    from racebook.core.errors import escape

    print(escape(message.strip("\n")), file=sys.stderr, flush=True)

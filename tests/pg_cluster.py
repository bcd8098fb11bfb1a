"""A throwaway PostgreSQL cluster for the sink tests (tests/test_sinks.py):
``initdb`` in a temporary folder, the server listening on a unix socket
there only, stopped and removed at the end.  As root (initdb refuses root),
the server runs as the ``postgres`` user, else ``nobody``, via ``runuser``.
``make tools`` installs Debian's ``postgresql`` (its binaries are in
/usr/lib/postgresql/<version>/bin)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = glob.glob(f"/usr/lib/postgresql/*/bin/{name}")
    candidates.sort(key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return candidates[-1] if candidates else None


def _runner() -> tuple[list[str], int | None, str | None]:
    """The command prefix to run the server's programs, the uid to own its
    folder (``None``: this user), or a reason it cannot be done."""
    if os.geteuid() != 0:
        return [], None, None
    runuser = shutil.which("runuser")
    if runuser is None:
        return [], None, "running as root without runuser: initdb refuses root"
    for user in ("postgres", "nobody"):
        try:
            uid = pwd.getpwnam(user).pw_uid
        except KeyError:
            continue
        return [runuser, "-u", user, "--"], uid, None
    return [], None, "running as root with neither a postgres nor a nobody user"


@contextmanager
def cluster() -> Iterator[str]:
    """A running server: yields the libpq URL of its ``postgres`` database
    (superuser ``racebook``), or raises ``RuntimeError`` saying why none
    could be had."""
    initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise RuntimeError("no PostgreSQL server here (initdb, pg_ctl): make tools installs it")
    prefix, uid, why = _runner()
    if why is not None:
        raise RuntimeError(why)
    folder = tempfile.mkdtemp(prefix="racebook-pg-")
    data = os.path.join(folder, "data")
    try:
        if uid is not None:
            os.chown(folder, uid, -1)
        run = [*prefix, initdb, "-D", data, "-A", "trust", "-U", "racebook", "-E", "UTF8"]
        done = subprocess.run(
            [*run, "--no-sync"], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {done.stderr.strip()[-300:]}")
        options = f"-c listen_addresses='' -k {folder} -c fsync=off"
        start = [*prefix, pg_ctl, "-D", data, "-o", options, "-l", f"{folder}/log", "-w"]
        done = subprocess.run(
            [*start, "start"], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()[-300:]}")
        try:
            yield f"postgresql://racebook@/postgres?host={folder}"
        finally:
            subprocess.run(
                [*prefix, pg_ctl, "-D", data, "-m", "immediate", "-w", "stop"],
                capture_output=True,
                timeout=120,
                check=False,
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)

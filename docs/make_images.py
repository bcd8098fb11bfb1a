"""Make the pictures of docs/watch.rst (committed under docs/images/watch/):

* the terminal table of ``racebook play``, from a real tmux pane (its text
  and colours, ``capture-pane -e``, drawn as SVG by rich);
* the replay page of one game of each kind at its last step, a PNG taken by
  headless chromium;
* the charts of the same games, SVG, and a simulation's spread of money.

Run from the repository: ``python docs/make_images.py`` (needs tmux,
chromium and the ``[cli]`` extra; not part of ``make test``)."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images" / "watch"
GAMES = ("longshot", "mafia", "readysetbet", "trickrace", "forcehorse")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--window-size=1100,820",
]


def racebook(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "racebook", *args], check=True, capture_output=True)


def terminal(name: str, argv: list[str], keys: list[str], wait: float) -> None:
    """Run ``racebook play`` in tmux, send ``keys``, draw the pane as SVG."""
    from rich.console import Console
    from rich.text import Text

    socket = f"racebook-docs-{name}"
    command = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "racebook", "play", *argv])
    tmux = ["tmux", "-L", socket]
    shell = f"env COLUMNS=110 LINES=52 {command}; sleep 60"
    subprocess.run([*tmux, "new-session", "-d", "-s", name, "-x", "110", "-y", "52", shell])
    try:
        time.sleep(1.5)
        for key in keys:
            subprocess.run([*tmux, "send-keys", "-t", name, key, "Enter"], check=True)
            time.sleep(0.5)
        time.sleep(wait)
        pane = subprocess.run(
            [*tmux, "capture-pane", "-p", "-e", "-t", name], capture_output=True, text=True
        ).stdout
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    console = Console(record=True, width=110, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(Text.from_ansi(pane.rstrip() + "\n"))
    svg = console.export_svg(title=f"racebook play {' '.join(argv[:1])}")
    (OUT / f"play-{name}.svg").write_text(svg, encoding="utf-8")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for game in GAMES:
            log = work / f"{game}.jsonl"
            page = work / f"{game}.html"
            racebook("demo", game, "--seed", "7", "--log", str(log))
            racebook("replay", str(log), "--html", str(page))
            racebook("chart", str(log), "--out", str(OUT / game))
            if browser:
                with tempfile.TemporaryDirectory() as profile:
                    subprocess.run(
                        [
                            browser,
                            *FLAGS,
                            f"--user-data-dir={profile}",
                            f"--screenshot={OUT / f'replay-{game}.png'}",
                            f"{page.as_uri()}#last",
                        ],
                        capture_output=True,
                    )
        racebook(
            "simulate",
            "longshot",
            "--games",
            "300",
            "--bots",
            "heuristic,random",
            "--chart",
            str(OUT / "simulate-longshot.svg"),
        )
        for game, keys, more, wait in (
            ("trickrace", ["1", "discard R9"], [], 0.5),
            ("readysetbet", ["3"], ["--pace", "0.6"], 2.0),
        ):
            argv = [game, "--seed", "3", "--bot-delay", "0", "--log", str(work / "play.jsonl")]
            terminal(game, argv + more, keys, wait)


if __name__ == "__main__":
    main()

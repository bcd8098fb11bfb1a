"""Two Long Shot tables of bots stored in SQLite, as a server keeps them: the
server stops halfway (its tables closed, not saved), starts again, lists its
tables from the database and resumes the unfinished ones to the end.

Run it: ``python examples/sqlite_table.py``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import racebook
from racebook import Table
from racebook.agents import make_bot
from racebook.games.longshot import LongShot, LongShotState

url = "sqlite:///" + str(Path(tempfile.mkdtemp()) / "tables.db")
bots = [make_bot("longshot", "heuristic", seed=seat) for seat in range(4)]


def play(table: Table[LongShotState], moves: int) -> None:
    """The server's loop: each seat's bot answers in turn."""
    for _ in range(moves):
        if table.is_over:
            return
        seat = table.to_act[0]
        verdict = table.submit(seat, bots[seat].choose(table.state(), seat))
        assert verdict.accepted, verdict.reason


# The server runs: two tables, each under its key in one database.
store = racebook.open_store(url)
for n, key in enumerate(["table-1", "table-2"]):
    state = racebook.load("longshot", players=4).new_state(seed=n)
    table = Table(state, log=store.sink(key))
    play(table, 40)
    table.close()  # the server stops: the log stays resumable, without a closing line
print("unfinished:", store.keys(finished=False))

# The server starts again: every unfinished table resumed from its stored lines.
store = racebook.open_store(url)
for key in store.keys(finished=False):
    resumed = Table.resume(store.sink(key), LongShot)
    play(resumed, 10_000)
    assert resumed.is_over  # its closing line is stored: the table is finished
    replayed = racebook.replay(store.sink(key).read(), LongShot)
    assert replayed.digest() == resumed.state().digest()
    print(f"{key}: {len(replayed.log)} actions, over: {replayed.is_over}")
print("finished:", store.keys(finished=True))

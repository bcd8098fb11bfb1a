"""A real-time Ready Set Bet table: four bettors on their own threads race to
the board, the host's chair rolls on a timer, the server serves bets first come
first served and writes the log as play goes; then it crashes and resumes.

Run it: ``python examples/app_readysetbet_table.py``.
"""

from __future__ import annotations

import json
import random
import tempfile
import threading
import time
from pathlib import Path

import racebook
from racebook import Table
from racebook.games.readysetbet import Bet, ReadySetBet

folder = Path(tempfile.mkdtemp())
log = folder / "rsb.jsonl"
game = racebook.load("readysetbet", players=4)
table = Table(game.new_state(seed=11), log=log)
host = game.host  # the host's chair: a seat that rolls, not a player


def bettor(seat: int, stop: threading.Event) -> None:
    """A remote bettor: looks at its view, sends a bet as JSON when it can."""
    rng = random.Random(seat)
    while not stop.is_set() and not table.is_over:
        view = table.view(seat).to_data()  # what this seat may see, as JSON data
        legal = table.legal_actions(seat) if seat in table.to_act else []
        bets = [a for a in legal if isinstance(a, Bet)]
        choice = rng.choice(bets or legal) if legal and rng.random() < 0.5 else None
        if choice is not None:
            message = json.dumps(choice.to_data())  # over the wire
            table.submit(seat, game.parse_action(json.loads(message)))
        assert view["money"][seat] >= 0
        time.sleep(0.001)


def run(rolls: int) -> None:
    stop = threading.Event()
    threads = [threading.Thread(target=bettor, args=(s, stop)) for s in range(4)]
    for t in threads:
        t.start()
    for _ in range(rolls):  # the host rolls every few milliseconds
        if table.is_over:
            break
        legal = table.legal_actions(host) if host in table.to_act else []
        if legal:
            table.submit(host, legal[0])
        time.sleep(0.003)
    stop.set()
    for t in threads:
        t.join()


run(rolls=40)
# after the header, each action is a line [seat, kind, fields...]; checkpoints are objects
rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:]]
bets = sum(1 for row in rows if isinstance(row, list) and row[1] == "bet")
print(f"{bets} bets on the log after 40 rolls")

del table  # the server process dies; the log on disk is all that is left
table = Table.resume(log, ReadySetBet)  # a Table[ReadySetBetState], for mypy too
view = table.view(None)  # a ReadySetBetView: races count from 1
print(f"resumed in race {view.race} of {view.races}")
run(rolls=100_000)

final = racebook.replay(log.read_text(encoding="utf-8"))
assert final.digest() == table.state().digest() and final.result is not None
print("money:", final.result.scores, "winner(s):", final.result.winners)

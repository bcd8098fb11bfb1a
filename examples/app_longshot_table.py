"""A Long Shot table as a server would host it: five remote players send
actions as JSON, each sees only their own view, the log is written to disk as
play goes, the server crashes halfway and resumes from that log.

The "network" here is a JSON string each way; a real server would put these
strings on a websocket.  Run it: ``python examples/app_longshot_table.py``.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import racebook
from racebook import MalformedAction, Table
from racebook.games.longshot import LongShot, LongShotState


def client_move(view_json: str, legal: list[str], rng: random.Random) -> str:
    """A remote player: reads its view, answers with one of its legal moves."""
    view = json.loads(view_json)
    assert len(view["hand"]) == view["hand_sizes"][view["seat"]]  # its own hand, no other
    return rng.choice(legal)


def serve(table: Table[LongShotState], rng: random.Random, moves: int) -> None:
    """The server loop: whose turn, their view and legal moves out, a move in."""
    for _ in range(moves):
        if table.is_over:
            return
        seat = table.to_act[0]  # Long Shot's quinella-free turns: one seat at a time
        view_json = json.dumps(table.view(seat).to_data())
        legal = [json.dumps(a.to_data()) for a in table.legal_actions(seat)]
        answer = client_move(view_json, legal, rng)
        verdict = table.submit(seat, table.game.parse_action(json.loads(answer)))
        assert verdict.accepted, verdict.reason


folder = Path(tempfile.mkdtemp())
log = folder / "table-7.jsonl"
game = racebook.load("longshot", players=5)
table = Table(game.new_state(seed=7), log=log)
rng = random.Random(7)

# A client that sends garbage is refused with the field named; nothing changes.
seat = table.to_act[0]
try:
    table.game.parse_action({"kind": "place", "seat": seat, "card": 12, "box": 0})
except MalformedAction as exc:
    print("refused:", exc)
verdict = table.submit(seat, table.game.parse_action({"kind": "pass", "seat": seat}))
print("pass before the boxes are full:", verdict.accepted, "-", verdict.reason)

serve(table, rng, moves=60)
print(f"after 60 moves: {len(log.read_text().splitlines())} log lines on disk")

# The server dies mid-write: the last line is half there.  Nothing else is lost.
with log.open("a", encoding="utf-8") as f:
    f.write('{"kind":"place","se')
del table

table = Table.resume(log, LongShot)  # chance is drawn afresh, unpredictably
print("resumed: to act", table.to_act)
serve(table, rng, moves=10_000)

final = racebook.replay(log.read_text(encoding="utf-8"))  # the whole log verifies
assert final.digest() == table.state().digest() and final.result is not None
print("money:", final.result.scores, "winner(s):", final.result.winners)
events, _ = table.events(seat=2)
print(f"seat 2 saw {len(events)} events; a spectator saw {len(table.events(None)[0])}")

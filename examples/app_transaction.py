"""A move as one transaction: apply it to a ``clone()`` of the game, store
the result in the database, and only then swap the clone in.  If the move is
refused or the store fails, the game in memory is the one the database
holds.  Each seat's screen gets its view and the live odds (``live_data``)
as JSON.

Run it: ``python examples/app_transaction.py``.
"""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import racebook
from racebook.games.readysetbet import ReadySetBetState

game = racebook.load("readysetbet", players=3, races=1)
db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, log TEXT NOT NULL)")
state = game.new_state(seed=4)
with db:
    db.execute("INSERT INTO games VALUES (?, ?)", ("table-1", state.log.dumps()))


def submit(state: ReadySetBetState, seat: int, message: str) -> ReadySetBetState:
    """The state after ``seat``'s move, stored; raises (and stores nothing)
    if the move is malformed or illegal or the store fails."""
    action = game.parse_action(json.loads(message))  # MalformedAction
    if action.seat != seat:
        raise racebook.IllegalAction(f"seat {seat} may not act for seat {action.seat}")
    trial = state.clone()  # copy-on-write: about an action's cost (docs/apps.rst)
    trial.apply(action)  # IllegalAction: trial is dropped, state untouched
    with db:  # one transaction: committed, or rolled back on any error
        db.execute("UPDATE games SET log = ? WHERE id = ?", (trial.log.dumps(), "table-1"))
    return trial  # the caller swaps it in


def screen(state: ReadySetBetState, seat: int) -> str:
    """What a seat's screen receives: its view and the live odds, as JSON."""
    odds = game.live_data(state.view(seat))  # chances to 4 places, money to the cent
    return json.dumps({"view": state.view(seat).to_data(), "odds": odds})


rng = random.Random(1)
refused = 0
shown: dict[str, Any] = {}
for _ in range(40):
    if state.is_over:
        break
    bettors = [s for s in state.to_act if s != game.host]
    seat = rng.choice(bettors) if bettors else game.host
    move = state.random_action(seat, rng)
    try:
        state = submit(state, seat, json.dumps(move.to_data()))
    except racebook.IllegalAction:
        refused += 1
    stale = json.dumps({**move.to_data(), "seat": (seat + 1) % game.seats})  # another's seat
    try:
        state = submit(state, seat, stale)
    except racebook.IllegalAction:
        refused += 1
    if not shown and not state.is_over and state.view(0).phase == "race":
        shown = json.loads(screen(state, 0))  # what seat 0's screen shows mid-race

(stored,) = db.execute("SELECT log FROM games WHERE id = ?", ("table-1",)).fetchone()
assert stored == state.log.dumps()  # memory and database agree after every move
print(f"{refused} moves refused; seat 0 ends with ${state.view(0).money[0]}")
odds = shown["odds"]
best = max(range(len(odds["win"])), key=lambda h: odds["win"][h])
print(f"mid-race favourite on seat 0's screen: {odds['horses'][best]} at {odds['win'][best]:.1%}")

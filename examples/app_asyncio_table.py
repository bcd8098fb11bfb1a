"""A trick race served from asyncio: four clients send JSON messages, the
server reads each within its limits, and the table is called off the event loop
(``asyncio.to_thread``), so a slow disk write never blocks the other clients.

Run it: ``python examples/app_asyncio_table.py``.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import racebook
from racebook import MalformedAction, Table

MAX_MESSAGE = 64 * 1024  # bytes: refuse a larger message before reading it


def read_message(raw: bytes, game: racebook.Game[Any, Any]) -> racebook.Action | str:
    """A client's message as an action, or why it is refused.  Python's JSON
    reader raises ValueError on an integer of more than 4,300 digits and
    RecursionError on deep nesting: catch both before racebook sees the data."""
    if len(raw) > MAX_MESSAGE:
        return f"message over {MAX_MESSAGE} bytes"
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        return f"not JSON: {type(exc).__name__}"
    try:
        return game.parse_action(data)
    except MalformedAction as exc:
        return f"field {exc.field}: refused"


async def client(table: Table[Any], seat: int, rng: random.Random) -> int:
    """One player's connection: sends a legal move as JSON whenever it may act."""
    sent = 0
    while not table.is_over:
        legal = await asyncio.to_thread(table.legal_actions, seat)
        if not legal:
            await asyncio.sleep(0.001)
            continue
        raw = json.dumps(rng.choice(legal).to_data()).encode()
        action = read_message(raw, table.game)
        assert not isinstance(action, str), action
        verdict = await asyncio.to_thread(table.submit, seat, action)
        sent += verdict.accepted
    return sent


async def main() -> None:
    log = Path(tempfile.mkdtemp()) / "trickrace.jsonl"
    game = racebook.load("trickrace")
    table = Table(game.new_state(seed=5), log=log)
    # what a server refuses before the table sees it, and what the table refuses
    print(read_message(b"[" * 50_000, game))
    print(read_message(b'{"kind": "bet", "seat": 0, "ticket": ' + b"9" * 5000 + b"}", game))
    print(read_message(b'{"kind": "play", "seat": 0, "card": "Z9"}', game))
    refused = table.submit(
        1, racebook.load("trickrace").parse_action({"kind": "play", "seat": 0, "card": "R5"})
    )
    print("seat 1 acting for seat 0:", refused.reason)
    moves = await asyncio.gather(*(client(table, s, random.Random(s)) for s in range(4)))
    print("moves per seat:", moves)
    print(f"log mode {log.stat().st_mode & 0o777:o}: only its owner reads it")
    final = racebook.replay(log.read_text(encoding="utf-8"), type(game))
    assert final.digest() == table.state().digest()
    print("points:", final.result.scores if final.result else None)


asyncio.run(main())

"""``racebook serve`` over HTTP and WebSocket with plain clients (httpx and
websockets): a server process, its tables' seats and tokens, and hostile
clients (a forged token, another seat's action, oversize and malformed
messages, floods, another table's token), each refused with its code and
leaving the table's digest (from its stored log) as it was."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serving import Server, need_serve, wait_until

LIMITS = ("--max-message", "2048", "--rate", "5", "--burst", "10", "--seat-rate", "5")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    need_serve()
    db = tmp_path_factory.mktemp("serve") / "tables.sqlite3"
    running = Server(db, "--bot-delay", "0", "--pace", "0.02", *LIMITS).start()
    try:
        yield running
    finally:
        running.stop()


def trick_table(server: Server) -> tuple[str, dict[str, str]]:
    """A trick race with people in seats 0 and 1, bots in 2 and 3, waiting
    for the people (every bot has discarded)."""
    made = server.create(game="trickrace", people=[0, 1], bots="random")
    key, tokens = made["table"], made["tokens"]
    wait_until(lambda: server.picture(key, tokens["0"])["to_act"] == [0, 1], what="the discards")
    return key, tokens


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send(json.dumps({"token": token}))
    return next_of(ws, "state", "error")


def next_of(ws: Any, *types: str, timeout: float = 30) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
        if message["type"] in types:
            return message


def test_a_table_gives_each_seat_its_view_and_moves(server: Server) -> None:
    key, tokens = trick_table(server)
    seat0, seat1 = server.picture(key, tokens["0"]), server.picture(key, tokens["1"])
    watcher = server.picture(key, None)
    assert (seat0["seat"], seat1["seat"], watcher["seat"]) == (0, 1, None)
    assert seat0["view"] != seat1["view"] and "your hand" in seat0["text"]
    assert seat0["actions"] and all(a["data"]["seat"] == 0 for a in seat0["actions"])
    assert watcher["actions"] == [] and "your hand" not in watcher["text"]
    assert seat0["seats"] == ["a person", "a person", "random bot", "random bot"]
    before = server.digest(key)
    code, verdict = server.act(key, tokens["0"], seat0["actions"][0]["data"])
    assert (code, verdict["accepted"]) == (200, True)
    assert server.digest(key) != before  # the digest moves with an action: the checks below see


def test_an_illegal_move_is_refused_with_its_code(server: Server) -> None:
    key, tokens = trick_table(server)
    before = server.digest(key)
    hand = server.picture(key, tokens["1"])["view"]
    theirs = server.picture(key, tokens["0"])["actions"][0]["data"]["card"]
    assert theirs not in json.dumps(hand.get("hand", hand))
    code, verdict = server.act(key, tokens["1"], {"kind": "discard", "seat": 1, "card": theirs})
    assert code == 409 and verdict["accepted"] is False and verdict["reason"]
    assert verdict["code"] not in (None, "", "illegal")  # the rules' own code (docs/refusals)
    assert server.digest(key) == before


def test_forged_token_and_another_seat_change_nothing(server: Server) -> None:
    key, tokens = trick_table(server)
    before = server.digest(key)
    move = server.picture(key, tokens["0"])["actions"][0]["data"]
    code, answer = server.act(key, "forged" + tokens["0"][6:], move)
    assert (code, answer["error"]) == (401, "token")
    code, answer = server.act(key, tokens["1"], move)  # seat 1's link, seat 0's move
    assert (code, answer["error"]) == (403, "seat")
    with server.ws(key) as ws:
        assert hello(ws, "x" * 40)["code"] == "token"
    with server.ws(key) as ws:
        assert hello(ws, tokens["1"])["seat"] == 1
        ws.send(json.dumps({"act": move}))
        assert next_of(ws, "error")["code"] == "seat"
    with server.ws(key) as ws:
        assert hello(ws, None)["seat"] is None
        ws.send(json.dumps({"act": move}))
        assert next_of(ws, "error")["code"] == "spectator"
    assert server.digest(key) == before


def test_another_tables_token_opens_nothing(server: Server) -> None:
    key, tokens = trick_table(server)
    other, other_tokens = trick_table(server)
    before = server.digest(key)
    move = server.picture(key, tokens["0"])["actions"][0]["data"]
    code, answer = server.act(key, other_tokens["0"], move)
    assert (code, answer["error"]) == (401, "token")
    assert server.picture(key, other_tokens["0"])["error"] == "token"
    with server.ws(key) as ws:
        assert hello(ws, other_tokens["0"])["code"] == "token"
    assert server.digest(key) == before and other != key


def test_oversize_and_malformed_messages_change_nothing(server: Server) -> None:
    key, tokens = trick_table(server)
    before = server.digest(key)
    move = server.picture(key, tokens["0"])["actions"][0]["data"]
    code, answer = server.act(key, tokens["0"], {**move, "pad": "x" * 4000})
    assert (code, answer["error"]) == (413, "size")
    code, answer = server.act(key, tokens["0"], b'{"kind": "discard", ')
    assert (code, answer["error"]) == (400, "json")
    code, answer = server.act(key, tokens["0"], {"kind": "discard", "seat": 0, "card": "Q99"})
    assert (code, answer["error"]) == (400, "malformed")
    code, answer = server.act(key, tokens["0"], [1, 2])
    assert (code, answer["error"]) == (400, "malformed")
    with server.ws(key) as ws:
        hello(ws, tokens["0"])
        ws.send("{not json")
        assert next_of(ws, "error")["code"] == "json"
        ws.send(json.dumps({"act": {"kind": "fly", "seat": 0}}))
        assert next_of(ws, "error")["code"] == "malformed"
        ws.send(json.dumps({"act": {**move, "pad": "x" * 4000}}))  # over the frame limit: closed
        from websockets.exceptions import ConnectionClosed

        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=30)
    assert server.digest(key) == before


def test_floods_are_rate_limited(server: Server) -> None:
    key, tokens = trick_table(server)
    before = server.digest(key)
    theirs = server.picture(key, tokens["0"])["actions"][0]["data"]["card"]
    bad = {"kind": "discard", "seat": 1, "card": theirs}  # refused: not in seat 1's hand
    import httpx

    with httpx.Client(headers={"Authorization": f"Bearer {tokens['1']}"}) as client:
        url = f"{server.base}/api/tables/{key}/act"
        codes = [client.post(url, json=bad).status_code for _ in range(40)]
    assert 429 in codes and set(codes) <= {409, 429}
    with server.ws(key) as ws:
        hello(ws, None)
        for _ in range(40):
            ws.send(json.dumps({"odds": True}))
        errors = [next_of(ws, "error")["code"] for _ in range(11)]
        assert errors == ["no-odds"] * 10 + ["rate"]  # the burst answered, then told once
        ws.send(json.dumps({"act": {"kind": "discard", "seat": 1, "card": theirs}}))
        with pytest.raises(TimeoutError):  # the rest of the flood, and this, dropped
            next_of(ws, "error", timeout=0.5)
    assert server.digest(key) == before


def play(server: Server, key: str, tokens: dict[str, str], until: Any) -> None:
    """The people of ``tokens`` play their first legal move each, over one
    HTTP client each, until ``until(picture)`` holds of seat 0's picture."""
    import httpx

    clients = {
        s: httpx.Client(headers={"Authorization": f"Bearer {t}"}, timeout=30)
        for s, t in tokens.items()
    }
    url = f"{server.base}/api/tables/{key}"
    try:
        while True:
            pictures = {s: c.get(url).json() for s, c in clients.items()}
            if until(pictures["0"]):
                return
            for s, picture in pictures.items():
                if picture["actions"]:
                    answer = clients[s].post(f"{url}/act", json=picture["actions"][0]["data"])
                    assert answer.status_code in (200, 409), answer.text
    finally:
        for c in clients.values():
            c.close()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path | str]:
    """An SQLite file, or a fresh database of a throwaway PostgreSQL cluster."""
    if request.param == "sqlite":
        yield tmp_path / "t.sqlite3"
        return
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed (pip install 'racebook[postgres]')")
    from tests.pg_cluster import cluster

    try:
        with cluster() as admin:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute("CREATE DATABASE serve")
            yield admin.replace("/postgres?", "/serve?")
    except RuntimeError as exc:
        pytest.skip(f"no PostgreSQL server: {exc}")


def test_kill_9_then_restart_keeps_every_table(database: Path | str) -> None:
    """Two people and two bots play a trick race over HTTP, the server is
    killed with ``kill -9`` mid-game and started again: the table is where it
    was (same digest, same view), the tokens still open their seats, the game
    goes on to its end, and its stored log replays (SQLite, and PostgreSQL
    where a server can be started)."""
    import racebook

    need_serve()
    first = Server(database, "--bot-delay", "0", "--pace", "0.02").start()
    try:
        key, tokens = trick_table(first)
        done = first.create(game="readysetbet", people=[])  # bots only: over soon
        play(first, key, tokens, lambda p: p["position"] > 60 and p["to_act"] in ([0], [1]))
        before, view = first.digest(key), first.picture(key, tokens["0"])
        wait_until(lambda: first.picture(done["table"], None)["over"], what="the bots' race")
    finally:
        first.kill()
    second = Server(database, "--bot-delay", "0", "--pace", "0.02").start()
    try:
        again = second.picture(key, tokens["0"])
        assert second.digest(key) == before
        assert (again["view"], again["actions"]) == (view["view"], view["actions"])
        assert second.picture(done["table"], None)["over"]
        assert racebook.replay(second.log_text(done["table"])).is_over
        play(second, key, tokens, lambda p: p["over"])
        state = racebook.replay(second.log_text(key))  # saved with its closing line
        assert state.is_over and state.result is not None
    finally:
        second.stop()


def test_a_seat_asks_for_the_live_odds_and_a_hint(server: Server) -> None:
    made = server.create(game="readysetbet", people=[0], bots="random")
    key, token = made["table"], made["tokens"]["0"]
    with server.ws(key) as ws:
        first = hello(ws, token)
        assert first["odds"] is True and first["hints"] is True
        ws.send(json.dumps({"odds": True}))
        odds = next_of(ws, "odds", "error", timeout=120)
        assert odds["type"] == "odds" and odds["text"]
    key, tokens = trick_table(server)
    with server.ws(key) as ws:
        legal = {a["label"] for a in hello(ws, tokens["0"])["actions"]}
        ws.send(json.dumps({"hint": True}))
        hint = next_of(ws, "hint", "error", timeout=120)
        assert hint["type"] == "hint" and hint["moves"]
        assert {m["label"] for m in hint["moves"]} <= legal
        ws.send(json.dumps({"odds": True}))  # the trick race has no live odds
        assert next_of(ws, "error")["code"] == "no-odds"

"""The server's limits on slow readers, in one process (no network): a
reader that never takes its messages is closed, by the queue's bound or by
the send timeout, and the table goes on without it; a seat's rate limit
refuses a flood of actions before the table sees them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import racebook
from tests.serving import need_serve


def hub_and_table(tmp_path: Path, **limits: Any) -> tuple[Any, Any, dict[int, str]]:
    need_serve()
    from racebook.serve.hub import Hub, Limits
    from racebook.serve.store import TableStore

    hub = Hub(TableStore(f"sqlite:///{tmp_path}/t.sqlite3"), Limits(**limits), bot_delay=0)
    seated, tokens = hub.create(racebook.load("trickrace"), [0, 1])
    return hub, seated, tokens


def test_a_reader_that_never_reads_is_closed_by_the_send_timeout(tmp_path: Path) -> None:
    async def run() -> None:
        hub, seated, _ = hub_and_table(tmp_path, send_timeout=0.2)
        stuck = asyncio.Event()

        async def never(message: dict[str, Any]) -> None:
            await stuck.wait()  # a socket whose reader reads nothing

        listener = hub.listen(seated, 0, never)
        await asyncio.wait_for(listener.pump(), 5)
        assert listener.closed is not None and "slow reader" in listener.closed
        await hub.close()

    asyncio.run(run())


def test_a_full_queue_closes_its_reader_and_holds_no_more(tmp_path: Path) -> None:
    async def run() -> None:
        hub, seated, _ = hub_and_table(tmp_path, send_queue=3)
        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        listener = hub.listen(seated, 0, send)  # its first picture waits
        for n in range(10):  # answers pile up: nobody pumps
            listener.put({"type": "verdict", "n": n})
        assert listener.closed is not None and listener.queue.qsize() == 1
        for _ in range(50):
            seated.changed()  # the table's changes add nothing for a closed reader
        assert listener.queue.qsize() == 1
        await asyncio.wait_for(listener.pump(), 5)
        assert [m["type"] for m in sent] == ["closed"]
        await hub.close()

    asyncio.run(run())


def test_a_seat_flooding_actions_is_refused_before_the_table(tmp_path: Path) -> None:
    async def run() -> None:
        from racebook.serve.hub import Refused

        hub, seated, _ = hub_and_table(tmp_path, seat_rate=1.0, seat_burst=3)
        await asyncio.sleep(0.3)  # the bots discard
        before = seated.table.state().digest()
        bad = {"kind": "discard", "seat": 0, "card": "Q1"}
        codes = []
        for _ in range(6):
            try:
                codes.append(seated.act(0, bad)["code"])
            except Refused as exc:
                codes.append(exc.code)
        assert codes[:3] == ["malformed"] * 3 and codes[3:] == ["rate"] * 3
        assert seated.table.state().digest() == before
        await hub.close()

    asyncio.run(run())


@pytest.mark.parametrize("token", ["", "x" * 300, "not-a-token"])
def test_a_bad_token_opens_no_seat(tmp_path: Path, token: str) -> None:
    async def run() -> None:
        from racebook.serve.hub import Refused

        hub, seated, tokens = hub_and_table(tmp_path)
        with pytest.raises(Refused) as refused:
            hub.enter(seated.key, token)
        assert refused.value.code == "token"
        assert hub.enter(seated.key, tokens[1]) == (seated, 1)
        await hub.close()

    asyncio.run(run())


def test_serve_help_gives_every_default() -> None:
    from tests.test_cli import test_help_gives_every_default_and_choice_in_plain_text as check

    check("serve")

"""The server's tables, framework-free: who sits where (a secret token per
seat, only its hash kept), the bots in the empty seats, the real-time clock
of Ready Set Bet, each connection's bounded queue and rate limits, and what
each seat is sent (its own view, its legal actions, the events it may see).

Every table is a :class:`racebook.table.Table` (its lock serves arrivals
first come, first served; its ``events(seat, since)`` gives each seat its
share); the hub adds no lock and no diffing of its own.  All of it runs on
one asyncio loop; bots' choices, hints and live odds run in worker threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from racebook.core.errors import ConfigError, IllegalAction, MalformedAction, RacebookError, clip
from racebook.core.game import Action, Game
from racebook.serve.store import KEY, TableStore
from racebook.table import Table
from racebook.watch.words import event_words

EVENTS_FIRST = 30
"""How many past events a connection is sent when it (re)connects."""
BET_CHANCE = 0.3
"""In the real-time race, the chance that a bot that may bet bets before a roll."""


@attrs.frozen
class Limits:
    """What one client may cost (``racebook serve --help`` names each option)."""

    max_message: int = 8192
    """Bytes in one message (a WebSocket frame or an HTTP body)."""
    rate: float = 10.0
    """Messages a second one connection may send (on average) ..."""
    burst: int = 20
    """... and at once."""
    seat_rate: float = 10.0
    """Actions a second one seat may submit over all its connections ..."""
    seat_burst: int = 20
    """... and at once."""
    send_queue: int = 16
    """Messages waiting for one connection; a reader that lets more wait is closed."""
    send_timeout: float = 10.0
    """Seconds one message may take to go out before its reader is closed as too slow."""
    connections: int = 32
    """Connections one table takes at once."""
    tables: int = 1000
    """Tables one server holds."""


class Refused(RacebookError):
    """A request the server refuses: ``code`` (stable, for programs) and
    ``status`` (the HTTP status it maps to)."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(clip(message))
        self.code = code
        self.status = status


class Bucket:
    """A token bucket: ``rate`` a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_key() -> str:
    return secrets.token_urlsafe(6)


class Listener:
    """One connection to one table, as one seat (``None``: a spectator): its
    queue of messages to send (bounded), its rate limit, its place in the
    table's events."""

    def __init__(
        self, seated: Seated, seat: int | None, send: Callable[[dict[str, Any]], Awaitable[None]]
    ) -> None:
        self.seated, self.seat, self._send = seated, seat, send
        limits = seated.hub.limits
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(limits.send_queue)
        self.bucket = Bucket(limits.rate, limits.burst)
        self.since: int | None = None
        self.dirty = False
        self.closed: str | None = None
        self.busy = False  # a hint or the odds being worked out
        self.warned = False  # told it sends too fast (and not since)

    def poke(self) -> None:
        """The table changed: send this seat's new picture (once, however
        many changes come before it goes)."""
        if not self.dirty:
            self.dirty = True
            self.put(None)

    def put(self, message: dict[str, Any] | None) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.closed = "slow reader: too many messages waiting"
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait({"type": "closed", "reason": self.closed})

    async def pump(self) -> None:
        """Send the queue's messages until the connection is closed."""
        timeout = self.seated.hub.limits.send_timeout
        while True:
            message = await self.queue.get()
            if message is None:
                self.dirty = False
                message = self.seated.picture(self)
            try:
                await asyncio.wait_for(self._send(message), timeout)
            except TimeoutError:
                self.closed = "slow reader: a message took too long to go out"
                return
            if message.get("type") == "closed":
                return


@attrs.define(eq=False)
class Seated:
    """One hosted table: the :class:`~racebook.table.Table`, its seats'
    token hashes and names, its bots, its connections."""

    hub: Hub
    key: str
    table: Table[Any]
    meta: dict[str, Any]
    bots: dict[int, Any]
    rng: random.Random
    listeners: set[Listener] = attrs.Factory(set)
    buckets: dict[int, Bucket] = attrs.Factory(dict)
    wake: asyncio.Event = attrs.Factory(asyncio.Event)
    task: asyncio.Task[None] | None = None

    @property
    def game(self) -> Game[Any, Any]:
        return self.table.game

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` opens at this table (``None``: none)."""
        given = token_hash(token)
        found = None
        for seat, digest in self.meta["tokens"].items():
            if hmac.compare_digest(given, digest):
                found = int(seat)
        return found

    def who(self, seat: int) -> str:
        names: dict[str, str] = self.meta.get("names", {})
        if str(seat) in names:
            return names[str(seat)]
        if str(seat) in self.meta["tokens"]:
            return "a person"
        if getattr(self.game, "host", None) == seat:
            return "the host's chair"
        bot = self.meta["bots"].get(str(seat))
        return f"{bot} bot" if bot else "empty"

    def picture(self, listener: Listener) -> dict[str, Any]:
        """What ``listener``'s seat is sent: its view (data and text), whose
        turn it is, its legal actions, the events it may see that are new to
        it."""
        seat, table = listener.seat, self.table
        view = table.view(seat)
        since = listener.since
        if since is None:
            _, end = table.events(seat, 0)
            since = max(0, end - EVENTS_FIRST * 4)
        events, listener.since = table.events(seat, since)
        to_act = table.to_act
        actions: list[Action] = []
        if seat is not None and seat in to_act and not table.is_over:
            actions = table.legal_actions(seat)
        state = {
            "type": "state",
            "table": self.key,
            "game": self.game.id,
            "title": self.game.title,
            "seat": seat,
            "seats": [self.who(s) for s in range(self.game.seats)],
            "to_act": list(to_act),
            "position": listener.since,
            "over": table.is_over,
            "view": view.to_data(),
            "text": view.render() if hasattr(view, "render") else repr(view),
            "events": [event_words(e.to_data()) for e in events][-EVENTS_FIRST:],
            "actions": [{"label": _label(a), "data": a.to_data()} for a in actions],
            "odds": callable(getattr(self.game, "live_notes", None)),
            "hints": seat is not None and self.hub.hints,
        }
        result = getattr(view, "result", None)
        if table.is_over and result is not None and hasattr(result, "to_data"):
            state["result"] = result.to_data()
        return state

    def changed(self) -> None:
        for listener in list(self.listeners):
            listener.poke()
        self.wake.set()

    # -- acting --

    def act(self, seat: int, data: Any) -> dict[str, Any]:
        """Submit ``data`` (an action's JSON) for ``seat``: the verdict as a
        message; raises :class:`Refused` for what is not even an action of
        this seat."""
        bucket = self.buckets.setdefault(
            seat, Bucket(self.hub.limits.seat_rate, self.hub.limits.seat_burst)
        )
        if not bucket.take():
            raise Refused("rate", f"seat {seat} sends actions too fast", 429)
        try:
            action = self.game.parse_action(data)
        except MalformedAction as exc:
            raise Refused("malformed", str(exc)) from None
        except (IllegalAction, ValueError, TypeError) as exc:
            raise Refused("malformed", f"not an action: {clip(str(exc))}") from None
        if action.seat != seat:
            raise Refused("seat", f"this link plays seat {seat}, not seat {action.seat}", 403)
        verdict = self.table.submit(seat, action)
        if verdict.accepted:
            self.changed()
            return {"type": "verdict", "accepted": True}
        error = getattr(verdict, "error", None)
        return {
            "type": "verdict",
            "accepted": False,
            "code": getattr(error, "code", None) or "illegal",
            "reason": verdict.reason,
        }

    # -- the bots and the clock --

    async def drive(self) -> None:
        """Play the bots' seats (a pause of ``bot_delay`` before each move)
        and Ready Set Bet's clock (a roll every ``pace`` seconds, bots betting
        between rolls), until the game is over."""
        table, hub = self.table, self.hub
        host = getattr(self.game, "host", None)
        from racebook.agents.base import ready

        while not table.is_over:
            to_act = table.to_act
            if host is not None and host in to_act and host in self.bots:
                await asyncio.sleep(hub.pace)
                for seat in table.to_act:
                    if seat in self.bots and seat != host and self.rng.random() < BET_CHANCE:
                        state = table.state()
                        if ready(self.bots[seat], state, seat):
                            await self._bot(seat)
                rolls = [a for a in table.legal_actions(host) if a.kind == "roll"]
                if rolls and host in table.to_act:
                    table.submit(host, rolls[0])
                    self.changed()
                elif host in table.to_act:
                    await self._bot(host)
                continue
            seats = [s for s in to_act if s in self.bots]
            if seats:
                await asyncio.sleep(hub.bot_delay)
                await self._bot(seats[0])
                continue
            self.wake.clear()
            if table.to_act == to_act and not table.is_over:
                await self.wake.wait()
        self.finish()

    async def _bot(self, seat: int) -> None:
        state = self.table.state()
        if seat not in state.to_act:
            return
        action = await asyncio.to_thread(self.bots[seat].choose, state, seat)
        if self.table.submit(seat, action).accepted:
            self.changed()

    def finish(self) -> None:
        """The game is over: its log saved with its closing line."""
        if not self.meta.get("over"):
            self.table.save()
            self.meta["over"] = True
            self.hub.store.put_meta(self.key, self.meta)
            self.changed()

    # -- on request --

    async def hint(self, seat: int) -> dict[str, Any]:
        from racebook.agents.search import level_bot

        bot = level_bot("normal")(self.rng.randrange(2**32))
        ranked = await asyncio.to_thread(bot.hint, self.table.state(), seat)
        return {
            "type": "hint",
            "moves": [{"label": _label(e.action), "value": round(e.value, 1)} for e in ranked[:5]],
        }

    async def odds(self, seat: int | None) -> dict[str, Any]:
        notes = getattr(self.game, "live_notes", None)
        if not callable(notes):
            raise Refused("no-odds", f"{self.game.title} has no live odds")
        view = self.table.view(seat)
        text = await asyncio.to_thread(notes, view)
        return {"type": "odds", "text": str(text).strip() or "no race running: no odds"}


def _label(action: Action) -> str:
    from racebook.cli.play import move_text

    return move_text(action)


class Hub:
    """Every table one server hosts, loaded from and stored in ``store``."""

    def __init__(
        self,
        store: TableStore,
        limits: Limits | None = None,
        *,
        pace: float = 3.0,
        bot_delay: float = 0.5,
        hints: bool = True,
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.pace, self.bot_delay, self.hints = pace, bot_delay, hints
        self.tables: dict[str, Seated] = {}

    def load_all(self) -> list[str]:
        """Every stored table, continued where its log ends (after a crash
        too); the keys of those that cannot be, each with its reason."""
        problems = []
        for key in self.store.keys():  # noqa: SIM118 (a store, not a dict)
            try:
                meta = self.store.meta(key)
                table = self.store.open(key, finished=bool(meta.get("over")))
            except (RacebookError, OSError, ValueError) as exc:
                problems.append(f"{key}: {clip(str(exc))}")
                continue
            self._seat(key, table, meta)
        return problems

    def start(self) -> None:
        """Start every table's bots (on the running loop)."""
        for seated in self.tables.values():
            if seated.task is None:
                seated.task = asyncio.get_running_loop().create_task(seated.drive())

    def _seat(self, key: str, table: Table[Any], meta: dict[str, Any]) -> Seated:
        from racebook.agents.base import make_bot

        seed = int(meta["seed"])
        bots = {int(s): make_bot(table.game.id, n, seed + int(s)) for s, n in meta["bots"].items()}
        seated = Seated(self, key, table, meta, bots, random.Random(seed ^ len(table.state().log)))
        self.tables[key] = seated
        return seated

    def create(
        self,
        game: Game[Any, Any],
        people: list[int],
        *,
        bots: str = "random",
        names: dict[int, str] | None = None,
        seed: int | None = None,
    ) -> tuple[Seated, dict[int, str]]:
        """A new table of ``game``: a person in each seat of ``people``, a
        ``bots`` bot in each other seat (and the host's chair); the secret
        token of each person's seat (only its hash is kept)."""
        from racebook.agents.base import make_bot

        if len(self.tables) >= self.limits.tables:
            raise Refused("full", f"this server holds {self.limits.tables} tables at most", 503)
        people = sorted(set(people))
        for s in people:
            if type(s) is not int or not 0 <= s < game.players:
                raise Refused(
                    "seats", f"seat {clip(repr(s), 20)}: players are 0 to {game.players - 1}"
                )
        try:
            make_bot(game.id, bots)
        except ConfigError as exc:
            raise Refused("bots", str(exc)) from None
        seed = random.randrange(2**32) if seed is None else seed
        tokens = {s: secrets.token_urlsafe(24) for s in people}
        key = new_key()
        while key in self.tables:
            key = new_key()
        meta: dict[str, Any] = {
            "seed": seed,
            "game": game.id,
            "tokens": {str(s): token_hash(t) for s, t in tokens.items()},
            "bots": {str(s): bots for s in range(game.seats) if s not in tokens},
            "names": {str(s): clip(n, 40) for s, n in (names or {}).items() if s in tokens},
            "over": False,
        }
        table = self.store.create(key, game.new_state(seed=seed), meta)
        seated = self._seat(key, table, meta)
        with contextlib.suppress(RuntimeError):  # no loop running: start() starts it
            seated.task = asyncio.get_running_loop().create_task(seated.drive())
        return seated, tokens

    def find(self, key: str) -> Seated:
        seated = self.tables.get(key) if KEY.fullmatch(key) else None
        if seated is None:
            raise Refused("no-table", f"no table {clip(key, 40)!r}", 404)
        return seated

    def enter(self, key: str, token: str | None) -> tuple[Seated, int | None]:
        """The table ``key`` and the seat ``token`` opens there (``None``
        token: a spectator); a token of no seat of *this* table is refused."""
        seated = self.find(key)
        if token is None:
            return seated, None
        if not isinstance(token, str) or len(token) > 200:
            raise Refused("token", "not a seat token", 401)
        seat = seated.seat_of(token)
        if seat is None:
            raise Refused("token", f"no seat of table {key} has this token", 401)
        return seated, seat

    def listen(
        self, seated: Seated, seat: int | None, send: Callable[[dict[str, Any]], Awaitable[None]]
    ) -> Listener:
        if len(seated.listeners) >= self.limits.connections:
            raise Refused(
                "busy", f"table {seated.key} has {self.limits.connections} connections", 503
            )
        listener = Listener(seated, seat, send)
        seated.listeners.add(listener)
        listener.poke()
        return listener

    async def close(self) -> None:
        for seated in self.tables.values():
            if seated.task is not None:
                seated.task.cancel()
            seated.table.close()
        self.store.close()

"""The HTTP and WebSocket face of the hub (Starlette, the ``[serve]`` extra).

Routes:

* ``GET /``: the lobby (create a table; the tables here, to watch);
* ``POST /api/tables``: create a table (JSON: ``game`` a preset name or
  ``variant`` a variant file's ``{"game", "settings"}``, ``players``,
  ``people`` the seats people take, ``bots``, ``names``); the answer holds
  each person's seat link (``/t/KEY#TOKEN``) and the spectators' link;
* ``GET /api/tables``: the tables, for the lobby;
* ``GET /api/tables/KEY`` and ``POST /api/tables/KEY/act``: a seat's picture
  and an action, for plain clients (``Authorization: Bearer TOKEN``);
* ``GET /t/KEY``: a table's page (the seat's token in the link's fragment,
  never sent in a request line);
* ``WS /ws/KEY``: the page's live connection: the first message is
  ``{"token": ...}`` (or ``{"token": null}`` to watch), then
  ``{"act": DATA}``, ``{"hint": true}``, ``{"odds": true}``.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

import racebook
from racebook.core.errors import ConfigError, RacebookError, clip
from racebook.serve.hub import Bucket, Hub, Listener, Refused, Seated
from racebook.serve.pages import asset, lobby_page, table_page

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
    "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _error(exc: Refused) -> JSONResponse:
    return JSONResponse({"error": exc.code, "reason": str(exc)}, exc.status, HEADERS)


async def _body(request: Request, limit: int) -> Any:
    """The request's JSON body, read no further than ``limit`` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise Refused("size", f"a body of at most {limit} bytes", 413)
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise Refused("size", f"a body of at most {limit} bytes", 413)
    return _json(data)


def _json(data: bytes | str) -> Any:
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise Refused("json", f"not JSON: {clip(str(exc), 80)}") from None


def _bearer(request: Request) -> str | None:
    value = request.headers.get("authorization", "")
    return value[7:].strip() if value.lower().startswith("bearer ") else None


def build_app(hub: Hub) -> Starlette:
    """The server's ASGI application over ``hub``."""
    limits = hub.limits

    async def lobby(request: Request) -> Response:
        return Response(lobby_page(list(racebook.presets())), 200, HEADERS, "text/html")

    async def page(request: Request) -> Response:
        try:
            hub.find(request.path_params["key"])
        except Refused as exc:
            return Response(exc.code, exc.status, HEADERS, "text/plain")
        return Response(table_page(), 200, HEADERS, "text/html")

    async def script(request: Request) -> Response:
        return Response(asset("table.js"), 200, HEADERS, "text/javascript")

    async def style(request: Request) -> Response:
        return Response(asset("style.css"), 200, HEADERS, "text/css")

    async def tables(request: Request) -> Response:
        rows = [
            {
                "table": s.key,
                "game": s.game.id,
                "title": s.game.title,
                "seats": [s.who(i) for i in range(s.game.seats)],
                "over": s.table.is_over,
                "watch": f"/t/{s.key}",
            }
            for s in hub.tables.values()
        ]
        return JSONResponse({"tables": rows}, 200, HEADERS)

    async def create(request: Request) -> Response:
        try:
            data = await _body(request, limits.max_message)
            seated, tokens = _create(hub, data)
        except Refused as exc:
            return _error(exc)
        base = str(request.base_url).rstrip("/")
        return JSONResponse(
            {
                "table": seated.key,
                "game": seated.game.id,
                "seats": {str(s): f"{base}/t/{seated.key}#{t}" for s, t in tokens.items()},
                "tokens": {str(s): t for s, t in tokens.items()},
                "watch": f"{base}/t/{seated.key}",
            },
            201,
            HEADERS,
        )

    async def seat_state(request: Request) -> Response:
        try:
            seated, seat = hub.enter(request.path_params["key"], _bearer(request))
        except Refused as exc:
            return _error(exc)
        return JSONResponse(seated.picture(_Once(seated, seat)), 200, HEADERS)

    async def act(request: Request) -> Response:
        try:
            token = _bearer(request)
            if token is None:
                raise Refused(
                    "token", "an action needs its seat's token (Authorization: Bearer)", 401
                )
            seated, seat = hub.enter(request.path_params["key"], token)
            data = await _body(request, limits.max_message)
            assert seat is not None
            verdict = seated.act(seat, data)
        except Refused as exc:
            return _error(exc)
        return JSONResponse(verdict, 200 if verdict["accepted"] else 409, HEADERS)

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        try:
            hello = await _receive(ws, limits.max_message)
            if not isinstance(hello, dict) or "token" not in hello:
                raise Refused("hello", 'the first message is {"token": ...}')
            seated, seat = hub.enter(ws.path_params["key"], hello["token"])
            listener = hub.listen(seated, seat, ws.send_json)
        except Refused as exc:
            await _refuse(ws, exc, close=True)
            return
        except WebSocketDisconnect:
            return
        await _serve(ws, seated, seat, listener)

    async def _serve(ws: WebSocket, seated: Seated, seat: int | None, listener: Listener) -> None:
        import asyncio

        pump = asyncio.get_running_loop().create_task(listener.pump())
        reader = asyncio.get_running_loop().create_task(_read(ws, seated, seat, listener))
        try:
            await asyncio.wait({pump, reader}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            seated.listeners.discard(listener)
            for task in (pump, reader):
                task.cancel()
            if listener.closed:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(1008, listener.closed[:120]), 1.0)

    async def _read(ws: WebSocket, seated: Seated, seat: int | None, listener: Listener) -> None:
        import asyncio

        while True:
            try:
                message = await _receive(ws, limits.max_message)
                if not listener.bucket.take():
                    if listener.warned:  # told once: the rest of a flood is dropped unanswered
                        continue
                    listener.warned = True
                    raise Refused("rate", "too many messages: slow down", 429)
                listener.warned = False
                if not isinstance(message, dict):
                    raise Refused("json", "a message is a JSON object")
                if "act" in message:
                    if seat is None:
                        raise Refused("spectator", "a spectator cannot act", 403)
                    listener.put(seated.act(seat, message["act"]))
                elif message.get("hint") or message.get("odds"):
                    if message.get("hint") and (seat is None or not hub.hints):
                        raise Refused("no-hints", "hints are for seats, when the server gives them")
                    if listener.busy:
                        raise Refused("busy", "one question at a time", 429)
                    listener.busy = True
                    try:
                        found = await (
                            seated.hint(seat)
                            if message.get("hint") and seat is not None
                            else seated.odds(seat)
                        )
                    finally:
                        listener.busy = False
                    listener.put(found)
                else:
                    raise Refused("unknown", "expected act, hint or odds")
            except Refused as exc:
                listener.put({"type": "error", "code": exc.code, "reason": str(exc)})
                if exc.code == "size":
                    listener.closed = str(exc)
                    return
            except WebSocketDisconnect:
                return
            if listener.closed:
                return
            await asyncio.sleep(0)  # the answer goes out before the next message is read

    async def _refuse(ws: WebSocket, exc: Refused, close: bool) -> None:
        try:
            await ws.send_json({"type": "error", "code": exc.code, "reason": str(exc)})
            if close:
                await ws.close(1008, exc.code)
        except Exception:
            pass

    routes = [
        Route("/", lobby),
        Route("/static/table.js", script),
        Route("/static/style.css", style),
        Route("/api/tables", tables, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{key}", seat_state, methods=["GET"]),
        Route("/api/tables/{key}/act", act, methods=["POST"]),
        Route("/t/{key}", page),
        WebSocketRoute("/ws/{key}", socket),
    ]
    return Starlette(routes=routes)


class _Once(Listener):
    """A one-off picture for a plain HTTP client (no queue, no events kept)."""

    def __init__(self, seated: Seated, seat: int | None) -> None:
        self.seated, self.seat, self.since = seated, seat, None


async def _receive(ws: WebSocket, limit: int) -> Any:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw = message.get("text")
    if raw is None:
        raw = message.get("bytes") or b""
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > limit:
        raise Refused("size", f"a message of at most {limit} bytes (this one: {size})", 413)
    return _json(raw)


def _create(hub: Hub, data: Any) -> tuple[Seated, dict[int, str]]:
    if not isinstance(data, dict):
        raise Refused("json", "a table is asked for with a JSON object")
    try:
        game = _game(data)
    except (ConfigError, RacebookError) as exc:
        raise Refused("config", str(exc)) from None
    people = data.get("people", [0])
    if not isinstance(people, list) or len(people) > game.players:
        raise Refused("seats", f"people: a list of seats, 0 to {game.players - 1}")
    bots = data.get("bots", "random")
    names = data.get("names", {})
    if not isinstance(bots, str) or not isinstance(names, dict):
        raise Refused("json", "bots is a bot name, names an object of seat: name")
    named = {}
    for k, v in names.items():
        if not (isinstance(k, str) and k.isdigit() and isinstance(v, str)):
            raise Refused("json", "names: seat number to name")
        named[int(k)] = v
    return hub.create(game, people, bots=bots, names=named)


def _game(data: dict[str, Any]) -> Any:
    """The game a create request asks for: a preset by name, or a variant
    file's content (rule modules only those the server's plugins registered)."""
    from racebook.core.registry import config_with
    from racebook.variants.files import read_variant

    players = data.get("players")
    if players is not None and type(players) is not int:
        raise Refused("json", "players is a whole number")
    settings = {} if players is None else {"players": players}
    if data.get("variant") is not None:
        game = read_variant(json.dumps(data["variant"]), "json", "variant")
        return type(game)(config_with(game.config, settings)) if settings else game
    name = data.get("game")
    if not isinstance(name, str) or name not in racebook.presets():
        raise Refused("config", f"game: one of {', '.join(racebook.presets())}")
    return racebook.load(name, **settings)


__all__ = ["Bucket", "build_app"]

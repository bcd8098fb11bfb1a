"""The pages ``racebook serve`` sends: the lobby and a table's page, their
one script and their style.  The pages hold no data: the script fills them
from the server's JSON with ``textContent`` (never as HTML), so a player's
name or a rule module's text can never become markup; the content security
policy (:data:`racebook.serve.app.HEADERS`) allows this script only.

A table's page reads its seat's token from the link's fragment
(``/t/KEY#TOKEN``: a fragment is never sent to a server, so it stays out of
logs and ``Referer`` headers), sends it as the WebSocket's first message, and
reconnects on its own: the link is the identity, on any device."""

from __future__ import annotations

import functools
from html import escape
from importlib import resources


def _page(title: str, kind: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        '<link rel=stylesheet href="/static/style.css">'
        f'<script src="/static/table.js" defer></script></head>'
        f'<body data-page="{kind}">{body}</body></html>\n'
    )


def lobby_page(presets: list[str]) -> str:
    """The lobby: a form that creates a table, the links it gives, the tables."""
    options = "".join(f"<option>{escape(p)}</option>" for p in presets)
    return _page(
        "racebook tables",
        "lobby",
        "<h1>racebook: a table for friends</h1>"
        "<form id=create><label>game <select id=game>" + options + "</select></label> "
        "<label>players <input id=players type=number min=1 max=12 placeholder=preset></label> "
        "<label>people in seats <input id=people value=0 size=8></label> "
        "<label>bots <select id=bots><option>random</option><option>heuristic</option>"
        "</select></label> <button type=submit>create a table</button></form>"
        "<p id=message></p><ul id=links></ul><h2>tables here</h2><ul id=tables></ul>",
    )


def table_page() -> str:
    """A table's page (one for every table and seat: the script asks for the rest)."""
    return _page(
        "racebook table",
        "table",
        "<header><h1 id=title>racebook</h1><span id=status>connecting</span></header>"
        "<p id=who></p><p id=turn></p><p id=over hidden></p>"
        "<main><pre id=text></pre><section><h2>your moves</h2><div id=actions></div>"
        "<p id=message></p><p><button id=hint hidden>hint</button> "
        "<button id=odds hidden>live odds</button></p><pre id=notes></pre>"
        "<h2>events</h2><ol id=events></ol></section></main>",
    )


@functools.cache
def asset(name: str) -> str:
    """One of the pages' files: ``table.js`` (the script) or ``style.css``."""
    return resources.files("racebook.serve").joinpath(name).read_text(encoding="utf-8")

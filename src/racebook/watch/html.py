"""A logged game as one static HTML page that steps through it.

The page is self-contained: its data (the steps of
:mod:`racebook.watch.steps`, as the watching seat saw them) is embedded as
JSON, its style and script are inline, and it loads nothing (its content
security policy forbids it).  A slider and the keys Left, Right, Home, End
and Space step through the game.

>>> import racebook
>>> state = racebook.load("longshot").new_state(seed=1)
>>> page = replay_html(state.log.dumps())
>>> page.startswith("<!DOCTYPE html>"), "src=" in page, page_data(page)["game"]
(True, False, 'longshot')
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
from importlib import resources
from typing import Any

from racebook.watch.steps import Watched, game_steps

MARK = "__RACEBOOK_DATA__"


SCRIPT_HASH = "__RACEBOOK_SCRIPT_HASH__"


@functools.cache
def _template() -> str:
    """The page, its content security policy allowing its one script by the
    script's hash (no inline script but that one runs, whatever a name holds)."""
    page = resources.files("racebook.watch").joinpath("viewer.html").read_text(encoding="utf-8")
    return page.replace(SCRIPT_HASH, f"'{script_hash(page)}'", 1)


def script_hash(page: str) -> str:
    """The CSP source (``sha256-...``) of the page's one executable script:
    the text between ``<script>`` and ``</script>``."""
    start = page.index("<script>") + len("<script>")
    end = page.index("</script>", start)
    digest = hashlib.sha256(page[start:end].encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def embedded_json(data: Any) -> str:
    """``data`` as JSON that is safe inside a ``<script>`` element: no ``<``,
    ``>`` or ``&`` appears raw (so no ``</script>`` can end it early).

    >>> embedded_json({"a": "</script>"})
    '{"a":"\\\\u003c/script\\\\u003e"}'
    """
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_html(watched: Watched) -> str:
    """The replay page of ``watched`` (a game's steps)."""
    return _template().replace(MARK, embedded_json(watched.to_data()), 1)


def page_data(page: str) -> Any:
    """The data embedded in a replay page (for tests and tools)."""
    start = page.index('id="racebook-data">') + len('id="racebook-data">')
    end = page.index("</script>", start)
    return json.loads(page[start:end])


def replay_html(log: str, seat: int | None = None) -> str:
    """The replay page of a logged game (a full log, verified first), as
    ``seat`` saw it (``None``: a spectator)."""
    return page_html(game_steps(log, seat))

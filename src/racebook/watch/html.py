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

from racebook.watch.steps import LIVE_BUDGET, Watched, game_steps

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


def compact(data: dict[str, Any]) -> dict[str, Any]:
    """:meth:`Watched.to_data` as the page embeds it, a tenth of the size: a
    step's ``view`` holds only the keys that changed since the step before
    (``changed``; the first step holds them all; a list that changed is
    ``spliced``: ``[p, q, middle]``, the new list being the old one's first
    ``p`` items, ``middle``, and its last ``q`` items), and its ``text`` is a list
    of indices into ``lines``, every distinct line of the text pictures once.
    :func:`expand` gives the full data back (the page's script does the same)."""
    out = {k: v for k, v in data.items() if k != "steps"}
    lines: dict[str, int] = {}
    steps = []
    before: Any = None
    for step in data["steps"]:
        view = _with_live(step["view"], step.get("live"))
        small = {k: v for k, v in step.items() if k != "live"}
        small["view"] = view
        if isinstance(view, dict) and isinstance(before, dict):
            changed = {k: v for k, v in view.items() if before.get(k, _GONE) != v}
            spliced = {}
            for k, v in list(changed.items()):
                old = before.get(k)
                if isinstance(v, list) and isinstance(old, list):
                    spliced[k] = _splice(old, v)
                    del changed[k]
            small["view"] = changed
            small["spliced"] = spliced
            small["gone"] = [k for k in before if k not in view]
            small["changed"] = True
        small["text"] = [lines.setdefault(line, len(lines)) for line in step["text"].split("\n")]
        steps.append(small)
        before = view
    out["lines"] = list(lines)
    out["steps"] = steps
    return out


_GONE = object()
_LIVE = "live:"
"""The prefix of the view keys a step's live figures travel in on the page
(each list diffed and spliced like the view's: a bet closes one spot, a few
bytes; the page's script takes them out again)."""


def _with_live(view: Any, live: dict[str, Any] | None) -> Any:
    if not isinstance(view, dict) or live is None:
        return view
    return {**view, **{_LIVE + k: v for k, v in live.items()}}


def _without_live(view: Any) -> tuple[Any, dict[str, Any] | None]:
    if not isinstance(view, dict):
        return view, None
    live = {k[len(_LIVE) :]: v for k, v in view.items() if k.startswith(_LIVE)}
    plain = {k: v for k, v in view.items() if not k.startswith(_LIVE)}
    return plain, live or None


def _splice(old: list[Any], new: list[Any]) -> list[Any]:
    """``[p, q, middle]``: ``new`` is ``old[:p] + middle + old[len(old) - q:]``
    (a spot taken from a list of open spots, a bet added: a few bytes)."""
    p = 0
    while p < len(old) and p < len(new) and old[p] == new[p]:
        p += 1
    q = 0
    while q < len(old) - p and q < len(new) - p and old[-1 - q] == new[-1 - q]:
        q += 1
    return [p, q, new[p : len(new) - q]]


def expand(data: dict[str, Any]) -> dict[str, Any]:
    """The full data of a :func:`compact` form (as :meth:`Watched.to_data`)."""
    out = {k: v for k, v in data.items() if k not in ("steps", "lines")}
    lines = data["lines"]
    steps = []
    view: Any = None
    for small in data["steps"]:
        step = {k: v for k, v in small.items() if k not in ("changed", "gone", "spliced")}
        if small.get("changed"):
            view = {**{k: v for k, v in view.items() if k not in small["gone"]}, **small["view"]}
            for k, (p, q, middle) in small["spliced"].items():
                old = view[k]
                view[k] = old[:p] + middle + old[len(old) - q :]
        else:
            view = small["view"]
        step["view"], step["live"] = _without_live(view)
        step["text"] = "\n".join(lines[i] for i in small["text"])
        steps.append(step)
    out["steps"] = steps
    return out


def page_html(watched: Watched) -> str:
    """The replay page of ``watched`` (a game's steps), its data
    :func:`compact`."""
    return _template().replace(MARK, embedded_json(compact(watched.to_data())), 1)


def page_data(page: str) -> Any:
    """The data embedded in a replay page, expanded (for tests and tools): as
    :meth:`Watched.to_data` gives it."""
    start = page.index('id="racebook-data">') + len('id="racebook-data">')
    end = page.index("</script>", start)
    return expand(json.loads(page[start:end]))


def replay_html(log: str, seat: int | None = None, *, budget: int = LIVE_BUDGET) -> str:
    """The replay page of a logged game (a full log, verified first), as
    ``seat`` saw it (``None``: a spectator), its live figures within
    ``budget`` (:data:`~racebook.watch.steps.LIVE_BUDGET`)."""
    return page_html(game_steps(log, seat, budget=budget))

"""The rule-by-rule map of Force of the Horse (docs/games/forcehorse-rulemap.rst):
a Sphinx directive, ``.. foth-rulemap::``, that writes a table for each section
of the comprehensive rules from two data files next to the page:

``forcehorse-rules.toml``
    every rule number with a short title, extracted from the rulebook by
    ``tests/data/extract_foth_rules.py`` (do not edit by hand);
``forcehorse-rulemap.toml``
    the map: one table per rule number, by hand.

An entry of the map is one of::

    ["702.6k-ii"]                      # implemented
    code = ["racebook.games.forcehorse.turn:_outcome"]
    tests = ["tests/test_forcehorse.py::test_run_success_draws_and_farms"]
    note = "..."                       # optional

    ["212.1"]
    status = "not applicable"          # or "heading", "reading", "missing", "partial"
    why = "..."
    setting = "hand_limit"             # optional: the config setting of a reading
    code = [...]                       # "reading" and "partial" may name code and tests too

``tests/test_forcehorse_rulemap.py`` checks that every rule has an entry,
that every function and test named exists and that every test named after a
rule is in the map.  This module needs only the
standard library (no Sphinx) but for :func:`setup`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RULES = HERE / "games" / "forcehorse-rules.toml"
MAP = HERE / "games" / "forcehorse-rulemap.toml"

STATUSES = ("implemented", "partial", "reading", "missing", "not applicable", "heading")
"""Every status an entry may have; one with ``code`` and no ``status`` is "implemented"."""

PACKAGE = "racebook.games.forcehorse."

SECTIONS = {
    "1": "the game",
    "2": "card information",
    "3": "game information",
    "4": "zones",
    "5": "rule terms",
    "6": "before the game",
    "7": "the turn",
    "8": "playing and resolving cards and abilities",
    "9": "rule processes",
    "10": "aptitude modifiers",
    "11": "force abilities",
    "12": "other rules",
    "A": "appendix A: special cards",
}
"""An English name for each section of the rulebook (its hundreds)."""


def load_rules(path: Path = RULES) -> list[tuple[str, str]]:
    """(number, title) of every rule, in the rulebook's order."""
    with path.open("rb") as f:
        return [(n, t) for n, t in tomllib.load(f)["rules"]]


def load_map(path: Path = MAP) -> dict[str, dict[str, Any]]:
    """The map: an entry for each rule number."""
    with path.open("rb") as f:
        return tomllib.load(f)


def status(entry: dict[str, Any]) -> str:
    """An entry's status ("implemented" when it names code and no status)."""
    return str(entry.get("status", "implemented" if entry.get("code") else ""))


def section(number: str) -> str:
    """The section (the hundreds) of a rule number: "7" for "702.6k-ii"."""
    head = number.split(".")[0]
    return head if not head.isdigit() else str(int(head) // 100)


def _cell(text: str) -> list[str]:
    """A list-table cell's lines (the caller indents them to the cell)."""
    return text.splitlines() or [""]


def _code(ref: str) -> str:
    module, _, name = ref.partition(":")
    short = module.removeprefix(PACKAGE)
    return f"``{short}.{name}``" if name else f"``{short}``"


def _test(ref: str) -> str:
    path, _, name = ref.partition("::")
    return f"``{name}`` ({Path(path).stem.removeprefix('test_forcehorse').lstrip('_') or 'main'})"


def describe(entry: dict[str, Any]) -> tuple[str, str]:
    """(implemented by / status, tested by) of an entry, as reST."""
    kind = status(entry)
    parts = []
    if kind != "implemented":
        parts.append(f"**{kind}**" + (f": {entry['why']}" if entry.get("why") else ""))
    if entry.get("setting"):
        parts.append(f"setting ``{entry['setting']}``")
    if entry.get("code"):
        parts.append(", ".join(_code(c) for c in entry["code"]))
    if entry.get("note"):
        parts.append(str(entry["note"]))
    tests = entry.get("tests", [])
    tested = "\n".join(f"| {_test(t)}" for t in tests) if tests else ""
    if not tests and kind in ("implemented", "partial"):
        tested = "(no test names it)"
    return "\n\n".join(parts), tested


def render(rules: list[tuple[str, str]], entries: dict[str, dict[str, Any]]) -> str:
    """The page's tables: one for each section of the rulebook."""
    out: list[str] = []
    counts: dict[str, int] = {}
    for number, _ in rules:
        k = status(entries.get(number, {})) or "no entry"
        counts[k] = counts.get(k, 0) + 1
    out += [
        f"{len(rules)} rule numbers: "
        + ", ".join(f"{counts[k]} {k}" for k in (*STATUSES, "no entry") if k in counts)
        + ".",
        "",
    ]
    groups: dict[str, list[tuple[str, str]]] = {}
    for number, title in rules:
        groups.setdefault(section(number), []).append((number, title))
    for key, rows in groups.items():
        first = rows[0]
        name = SECTIONS.get(key, "")
        heading = f"{first[0]} {first[1]} ({name})" if key.isdigit() else f"{name} ({first[1]})"
        out += [heading, "-" * (len(heading) * 2), ""]
        out += [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 12 28 40 20",
            "",
            "   * - rule",
            "     - title",
            "     - implemented by / status",
            "     - tested by",
        ]
        for number, title in rows:
            entry = entries.get(number, {})
            gloss = entry.get("gloss")
            label = f"{title} ({gloss})" if gloss else title
            how, tested = describe(entry) if entry else ("**no entry**", "")
            out.append(f"   * - {number}")
            for cell in (label, how, tested):
                lines = _cell(cell)
                out.append(f"     - {lines[0]}".rstrip())
                out += [f"       {x}".rstrip() for x in lines[1:]]
        out.append("")
    return "\n".join(out) + "\n"


def setup(app: Any) -> dict[str, Any]:
    """Register ``.. foth-rulemap::``."""
    from docutils.statemachine import StringList
    from sphinx.util.docutils import SphinxDirective

    class RuleMap(SphinxDirective):
        def run(self) -> list[Any]:
            self.env.note_dependency(str(RULES))
            self.env.note_dependency(str(MAP))
            text = render(load_rules(), load_map())
            lines = StringList(text.splitlines(), source=str(MAP))
            from docutils import nodes

            holder = nodes.section()
            holder.document = self.state.document
            self.state.nested_parse(lines, self.content_offset, holder, match_titles=True)
            return list(holder.children)

    app.add_directive("foth-rulemap", RuleMap)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

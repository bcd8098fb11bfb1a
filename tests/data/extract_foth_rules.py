"""Write docs/games/forcehorse-rules.toml: every numbered rule of Force of the
Horse's comprehensive rules (rule numbers 100 to 1201, and appendix A) with a
short title, read from the rulebook text.

Usage (from the repository root)::

    python tests/data/extract_foth_rules.py [RULEBOOK] > docs/games/forcehorse-rules.toml

RULEBOOK defaults to ``../shared/rules/001_757eea4cc4466edb.txt`` (looked
for above the repository).  The list is
committed because CI and users do not have the rulebook;
``tests/test_forcehorse_rulemap.py`` checks the committed list against this
extraction when the rulebook is there.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = "001_757eea4cc4466edb.txt"


def rulebook() -> Path | None:
    """The rulebook at ``../shared/rules/`` of the repository (or of a folder
    above it, for a git worktree), or None."""
    for folder in ROOT.parents:
        path = folder / "shared" / "rules" / NAME
        if path.is_file():
            return path
    return None


# A rule starts a line: "101.", "101.1.", "103.2a.", "702.6k-ii." then a space.
RULE = re.compile(r"^(\d{3,4}\.(?:\d+[a-z]?(?:-[ivx]+)?\.)?)\s")
MARK = re.compile(r"<\|[^|]*\|>")
"""A marker some copies of the text carry (not the rulebook's)."""
APPENDIX = re.compile(r"^付録\s*([A-Z])\.\s*(.*)$")
TITLE = 40
"""The most characters of a rule's text kept as its title."""


def extract(text: str) -> list[tuple[str, str]]:
    """(number, title) for every rule, in the rulebook's order; a number
    without its final dot ("702.6k-ii"), appendix A as "A"."""
    rules: list[tuple[str, list[str]]] = []
    for raw in text.splitlines():
        line = MARK.sub("", raw).strip()
        if not line:
            continue
        if m := RULE.match(line):
            rules.append((m.group(1).rstrip("."), [line[m.end() :].strip()]))
        elif m := APPENDIX.match(line):
            rules.append((m.group(1), [m.group(2).strip()]))
        elif rules and "." in rules[-1][0]:  # a heading's title is its line
            rules[-1][1].append(line)
    out = []
    for number, lines in rules:
        body = "".join(lines).replace("\u3000", " ").strip()
        if len(body) > TITLE:
            body = body[: TITLE - 1] + "…"
        out.append((number, body))
    return out


def to_toml(rules: list[tuple[str, str]]) -> str:
    """The committed file's text."""
    lines = [
        "# Every numbered rule of Force of the Horse's comprehensive rules, with",
        "# its text cut to a title.  Generated: python tests/data/extract_foth_rules.py",
        "# Do not edit by hand; the map is docs/games/forcehorse-rulemap.toml.",
        "",
        "rules = [",
    ]
    for number, title in rules:
        t = title.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'  ["{number}", "{t}"],')
    lines.append("]")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> None:
    path = Path(argv[1]) if len(argv) > 1 else rulebook()
    if path is None:
        sys.exit(f"no rulebook: give its path (../shared/rules/{NAME})")
    sys.stdout.write(to_toml(extract(path.read_text(encoding="utf-8"))))


if __name__ == "__main__":
    main(sys.argv)

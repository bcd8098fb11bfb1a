"""The refusal codes page (docs/refusals.rst): a Sphinx directive,
``.. refusal-codes::``, that writes one table per game from the games' own
declarations (each game's ``refusals``: code to rulebook section and
meaning) and one for the core's codes
(:data:`racebook.core.errors.CORE_REFUSALS`), so that the page cannot drift
from the code.  Needs only racebook (no Sphinx) but for :func:`setup`."""

from __future__ import annotations

from typing import Any

GAMES = ("longshot", "mafia", "readysetbet", "trickrace", "forcehorse")


def _table(rows: list[tuple[str, str, str]], heads: tuple[str, str, str]) -> list[str]:
    out = [".. list-table::", "   :header-rows: 1", "   :widths: 20 30 50", ""]
    for row in [heads, *rows]:
        out.append(f"   * - {row[0]}")
        out += [f"     - {cell}" for cell in row[1:]]
    return [*out, ""]


def render() -> str:
    """The page's tables, as reStructuredText."""
    import racebook
    from racebook.core.errors import CORE_REFUSALS

    lines = ["Every game", "----------", ""]
    lines += [
        "The core gives these for every game; their ``rule`` is the game's title,",
        "or the title and a section where the game declares the code too.",
        "",
    ]
    core = [(f"``{c}``", m) for c, (_, m) in CORE_REFUSALS.items()]
    lines += _table([(c, "", m) for c, m in core], ("code", "", "meaning"))
    for game_id in GAMES:
        game = racebook.load(game_id)
        title = f"{game.title} (``{game_id}``)"
        lines += [title, "-" * len(title), ""]
        declared: dict[str, tuple[str, str]] = game.refusals  # type: ignore[attr-defined]
        rows = [(f"``{code}``", s, m) for code, (s, m) in sorted(declared.items())]
        lines += _table(rows, ("code", "rule (section)", "meaning"))
    return "\n".join(lines)


def setup(app: Any) -> dict[str, Any]:
    """Register ``.. refusal-codes::``."""
    from docutils import nodes
    from docutils.statemachine import StringList
    from sphinx.util.docutils import SphinxDirective

    class RefusalCodes(SphinxDirective):
        def run(self) -> list[Any]:
            lines = StringList(render().splitlines(), source="racebook refusals")
            holder = nodes.section()
            holder.document = self.state.document
            self.state.nested_parse(lines, self.content_offset, holder, match_titles=True)
            return list(holder.children)

    app.add_directive("refusal-codes", RefusalCodes)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

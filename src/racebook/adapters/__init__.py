"""Adapters to other libraries, each an optional extra imported only here:
:mod:`racebook.adapters.openspiel` (``[openspiel]``),
:mod:`racebook.adapters.pettingzoo` (``[pettingzoo]``) and
:mod:`racebook.adapters.gymnasium` (``[pettingzoo]``, which brings Gymnasium).
Nothing in ``racebook.core`` or ``racebook.games`` imports them.

:func:`spaces_table` and :func:`facts_table` (pure Python) write the tables
of every game's sizes and of every preset's length and score bounds that
``docs/adapters.rst`` shows (tests keep them the same)."""

from __future__ import annotations

from collections.abc import Sequence

from racebook.core.registry import registered_games


def spaces_table() -> str:
    """Each game's seats, action ids, chance outcome ids, tensor size and
    action kinds with its default preset, as a reStructuredText table."""
    import racebook

    rows = [("Game", "Seats", "Actions", "Chance outcomes", "Tensor", "Action kinds, in id order")]
    for game_id in registered_games():
        game = racebook.load(game_id)
        kinds = ", ".join(kind for kind, _, _ in game.action_space.kinds)
        rows.append(
            (
                game_id,
                str(game.seats),
                f"{game.num_distinct_actions:,}",
                f"{game.num_chance_outcomes:,}",
                f"{game.observation_shape[0]:,}",
                kinds,
            )
        )
    return _rst(rows)


def facts_table() -> str:
    """Each preset's ``max_game_length`` (OpenSpiel actions) and final score
    range (:mod:`racebook.adapters.bounds`), as a reStructuredText table."""
    import racebook
    from racebook.adapters.bounds import game_facts
    from racebook.core.registry import presets

    rows = [("Preset", "Max game length", "Scores", "Derived")]
    for name in sorted(presets()):
        facts = game_facts(racebook.load(name))
        rows.append(
            (
                name,
                f"{facts.max_game_length:,}",
                f"{facts.min_score:,} to {facts.max_score:,}",
                "bound" if facts.derived else "length: a cap",
            )
        )
    return _rst(rows)


def _rst(rows: Sequence[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    rule = "  ".join("=" * w for w in widths)
    lines = [rule, "  ".join(c.ljust(w) for c, w in zip(rows[0], widths, strict=True)).rstrip()]
    lines.append(rule)
    lines += [
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows[1:]
    ]
    lines.append(rule)
    return "\n".join(lines)

"""Adapters to other libraries, each an optional extra imported only here:
:mod:`racebook.adapters.openspiel` (``[openspiel]``),
:mod:`racebook.adapters.pettingzoo` (``[pettingzoo]``) and
:mod:`racebook.adapters.gymnasium` (``[pettingzoo]``, which brings Gymnasium).
Nothing in ``racebook.core`` or ``racebook.games`` imports them.

:func:`spaces_table` (pure Python) writes the table of every game's sizes
that ``docs/adapters.rst`` shows (a test keeps the two the same)."""

from __future__ import annotations

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
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    rule = "  ".join("=" * w for w in widths)
    lines = [rule, "  ".join(c.ljust(w) for c, w in zip(rows[0], widths, strict=True)).rstrip()]
    lines.append(rule)
    lines += [
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows[1:]
    ]
    lines.append(rule)
    return "\n".join(lines)

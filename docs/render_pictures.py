"""The text pictures on the game pages (``state.render(seat)``), drawn from
the code when the docs build, so that they cannot drift from what
``render()`` draws: a Sphinx directive, ``.. render-picture:: NAME``, that
writes the picture of the position :data:`POSITIONS` names as a literal
block.  This module needs only racebook (no Sphinx) but for :func:`setup`;
``tests/test_render_pictures.py`` draws every picture and checks that each page
uses its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import racebook


def _rsb_race_2(state: Any) -> bool:
    view = state.view(0)
    return (
        view.race == 2 and view.phase == "race" and len(view.bets) >= 4 and sum(view.positions) >= 3
    )


def _longshot_round_5(state: Any) -> bool:
    return state.view(2).round == 5


def _trickrace_first_trick(state: Any) -> bool:
    view = state.view(1)
    return view.phase == "trick" and len(view.trick) == 2


POSITIONS: dict[str, tuple[str, int, int, Callable[[Any], bool]]] = {
    # name: (preset, seed, seat, where to stop)
    "readysetbet": ("readysetbet", 5, 0, _rsb_race_2),
    "longshot": ("longshot", 3, 2, _longshot_round_5),
    "trickrace": ("trickrace", 1, 1, _trickrace_first_trick),
}
"""Each picture's position: a game from a seed, played by random moves drawn
from the same seed until the position says stop, drawn for one seat."""


def picture(name: str) -> str:
    """The text picture :data:`POSITIONS` names."""
    preset, seed, seat, stop = POSITIONS[name]
    state = racebook.load(preset).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(10_000):
        if stop(state):
            return state.render(seat)
        if state.is_over:
            break
        acting = state.to_act
        state.apply(state.random_action(acting[int(rng.random() * len(acting))], rng))
    raise ValueError(f"the position of picture {name!r} is never reached")


def setup(app: Any) -> dict[str, Any]:
    from docutils import nodes
    from sphinx.util.docutils import SphinxDirective

    class RenderPicture(SphinxDirective):
        required_arguments = 1

        def run(self) -> list[Any]:
            text = picture(self.arguments[0])
            block = nodes.literal_block(text, text)
            block["language"] = "text"
            return [block]

    app.add_directive("render-picture", RenderPicture)
    return {"parallel_read_safe": True}

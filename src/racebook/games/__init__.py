"""One module per game, composing cards, board and scoring into its turn structure.

This package is also what ``racebook.games`` names once it is imported, so
the module itself is callable: ``racebook.games()`` lists the registered
games whichever of the two the name points to.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from racebook.core.registry import GameInfo


class _CallableModule(types.ModuleType):
    def __call__(self) -> dict[str, GameInfo]:
        from racebook.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableModule

from racebook.games import longshot, mafia, readysetbet, trickrace  # noqa: E402

__all__ = ["longshot", "mafia", "readysetbet", "trickrace"]

"""One module per game, composing cards, board and scoring into its turn structure."""

from racebook.games import longshot

__all__ = ["longshot"]

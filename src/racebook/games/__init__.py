"""The games: one package (or module) per game, composing the cards, board and
scoring parts into its turn structure.  Importing ``racebook`` imports this
package, which registers every built-in game, preset and rule module."""

from racebook.games import forcehorse, longshot, mafia, readysetbet, trickrace

__all__ = ["forcehorse", "longshot", "mafia", "readysetbet", "trickrace"]

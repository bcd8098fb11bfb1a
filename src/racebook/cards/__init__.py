"""Card models and deck compositions as data."""

from racebook.cards.horse import FREE, HorseCard

__all__ = ["FREE", "HorseCard"]

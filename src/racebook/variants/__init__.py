"""Variant configs: the shipped presets of every game (registered by each game
module) and the registry that ``racebook.load`` reads."""

from racebook.core.registry import Preset, load, presets

__all__ = ["Preset", "load", "presets"]

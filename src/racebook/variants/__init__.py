"""Variant configs: the shipped presets of every game, rule modules by name,
and variant files (TOML or JSON) checked when loaded."""

from racebook.core.registry import Preset, load, presets
from racebook.variants.files import dump_variant, load_variant, read_variant
from racebook.variants.rules import register_rule, rule_class, rule_names

__all__ = [
    "Preset",
    "dump_variant",
    "load",
    "load_variant",
    "presets",
    "read_variant",
    "register_rule",
    "rule_class",
    "rule_names",
]

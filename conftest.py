"""Collection of the doctests under src/: an adapter whose optional extra is
not installed is left out (its own tests skip then too)."""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
for module, path in [
    ("pyspiel", "src/racebook/adapters/openspiel.py"),
    ("pyspiel", "src/racebook/adapters/openspiel_observer.py"),
    ("pettingzoo", "src/racebook/adapters/pettingzoo.py"),
]:
    if importlib.util.find_spec(module) is None:
        collect_ignore.append(path)

"""OpenSpiel's and PettingZoo's own test functions on every preset and on
the house-rule variants of ``examples/variants`` (each skipped without its
extra): ``pyspiel.random_sim_test`` with serialization, PettingZoo's
``api_test`` and ``seed_test``.  Ready Set Bet's presets play two races, so
that the VIP draft (a bag with cards of the same name) comes up."""

from __future__ import annotations

import importlib
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from racebook.core.registry import presets

EXAMPLES = Path(__file__).parent.parent / "examples"
PLUGINS = ("house_rules", "readysetbet_house_rule", "trickrace_house_rule")


def _short(name: str) -> dict[str, Any]:
    """Settings that keep a preset's games short (the rules untouched)."""
    return {"races": 2} if name.startswith("readysetbet") else {}


PRESETS = [(name, _short(name)) for name in sorted(presets())]


def _variants() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for path in sorted((EXAMPLES / "variants").iterdir()):
        if path.suffix == ".toml":
            data = tomllib.loads(path.read_text())
        else:
            import json

            data = json.loads(path.read_text())
        settings = {**data.get("settings", {}), **_short(data["game"]), "file": path.name}
        out.append((str(data["game"]), settings))
    return out


VARIANTS = _variants()


@pytest.fixture(scope="module", autouse=True)
def _plugins() -> None:
    """The house rules the variant files name, registered."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        for module in PLUGINS:
            importlib.import_module(module)
    finally:
        sys.path.remove(str(EXAMPLES))


def _id(case: tuple[str, dict[str, Any]]) -> str:
    return str(case[1].get("file", case[0]))


def _settings(case: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    return {k: v for k, v in case[1].items() if k != "file"}


@pytest.mark.parametrize("case", PRESETS + VARIANTS, ids=_id)
def test_openspiel_random_sim_test(case: tuple[str, dict[str, Any]]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from racebook.adapters.openspiel import load

    name, settings = case[0], _settings(case)
    game = load(name, **settings)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    # the game's string loads the same game again
    assert pyspiel.load_game(str(game)).rb.config == game.rb.config


@pytest.mark.parametrize("case", PRESETS + VARIANTS, ids=_id)
def test_pettingzoo_api_and_seed(case: tuple[str, dict[str, Any]]) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from racebook.adapters.pettingzoo import env

    name, settings = case[0], _settings(case)
    with pytest.warns(UserWarning):  # PettingZoo's note on dict observations
        api_test(env(name, **settings), num_cycles=40)
    seed_test(lambda: env(name, **settings), num_cycles=20)

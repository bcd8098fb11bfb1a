"""Variant files: a preset (or game id) and the settings it changes, as TOML or JSON.

.. code-block:: toml

    game = "longshot"          # a preset name or game id

    [settings]
    players = 4
    spurt_threshold = 40
    rules = [{name = "house.sprint", settings = {threshold = 52, cards = 3}}]

Files are data: parsed, checked field by field, never executed.  A rule module
is named by its registered name only.  Anything wrong raises
:class:`~racebook.core.errors.ConfigError` naming the field.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from racebook.core.errors import ConfigError, clip
from racebook.core.game import Action, Game, State
from racebook.core.registry import load, presets
from racebook.core.serial import to_data

MAX_BYTES = 1024 * 1024


def read_variant(
    text: str, fmt: str = "toml", source: str = "<variant>"
) -> Game[Any, State[Any, Any, Action]]:
    """A game from a variant file's text (``fmt``: ``"toml"`` or ``"json"``)."""
    if len(text) > MAX_BYTES:
        raise ConfigError("file", f"{source}: larger than {MAX_BYTES} bytes")
    try:
        if fmt == "toml":
            data: Any = tomllib.loads(text)
        elif fmt == "json":
            data = json.loads(text)
        else:
            raise ConfigError("file", f"{source}: unknown format {fmt!r} (toml or json)")
    except RecursionError:
        raise ConfigError("file", f"{source}: nested too deeply") from None
    except ValueError as exc:  # TOMLDecodeError, JSONDecodeError, a 5,000-digit integer
        what = "TOML" if fmt == "toml" else "JSON"
        raise ConfigError("file", f"{source}: not valid {what}: {clip(str(exc))}") from None
    if not isinstance(data, dict):
        raise ConfigError("file", f"{source}: expected a table with 'game' and 'settings'")
    unknown = sorted(set(data) - {"game", "settings"})
    if unknown:
        raise ConfigError(unknown[0], f"{source}: unknown key (expected 'game' and 'settings')")
    name = data.get("game")
    if not isinstance(name, str):
        raise ConfigError("game", f'{source}: names no game (game = "longshot", ...)')
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise ConfigError("settings", f"{source}: must be a table of settings")
    return load(name, **settings)


def load_variant(path: str | Path) -> Game[Any, State[Any, Any, Action]]:
    """A game from a ``.toml`` or ``.json`` variant file."""
    p = Path(path)
    fmt = {".toml": "toml", ".json": "json"}.get(p.suffix.lower())
    if fmt is None:
        raise ConfigError("file", f"{p}: a variant file ends in .toml or .json")
    try:
        with p.open("rb") as f:  # at most the cap and one byte: /dev/zero or a pipe ends too
            data = f.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise ConfigError("file", f"{p}: larger than {MAX_BYTES} bytes")
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError("file", f"{p}: cannot read: {clip(str(exc))}") from None
    return read_variant(text, fmt, str(p))


def dump_variant(game: Game[Any, Any], fmt: str = "toml") -> str:
    """The variant file of ``game``: its game id and every setting that differs
    from that game's default preset.  ``read_variant`` gives the same config back.

    >>> import racebook
    >>> print(dump_variant(racebook.load("longshot", players=4, goal=70)), end="")
    game = "longshot"
    <BLANKLINE>
    [settings]
    players = 4
    goal = 70
    """
    base = to_data(presets()[game.id].config)
    data = to_data(game.config)
    settings = {k: v for k, v in data.items() if base.get(k) != v}
    if fmt == "json":
        return json.dumps({"game": game.id, "settings": settings}, indent=2) + "\n"
    if fmt != "toml":
        raise ConfigError("file", f"unknown format {fmt!r} (toml or json)")
    lines = [f"game = {json.dumps(game.id)}", "", "[settings]"]
    lines += [f"{_key(k)} = {_toml(v, k)}" for k, v in settings.items()]
    return "\n".join(lines) + "\n"


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key)


def _toml(value: Any, field: str) -> str:
    if value is None:
        raise ConfigError(field, "TOML has no None: save this variant as JSON")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v, field) for v in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{_key(str(k))} = {_toml(v, field)}" for k, v in value.items())
        return "{" + items + "}"
    raise ConfigError(field, f"cannot write {type(value).__name__} to TOML")

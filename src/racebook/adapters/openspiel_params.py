"""How a racebook game's config travels as OpenSpiel parameters (for
:mod:`racebook.adapters.openspiel`): each config field's kind, its value
encoded as a parameter value and decoded back, the parameter specification
of a game and the parameters ``str(game)`` shows."""

from __future__ import annotations

import functools
import json
import types
import typing
from typing import Any

import attrs

import racebook
from racebook.core.registry import presets
from racebook.core.serial import to_data

NONE_INT = -1
"""The value of an ``int | None`` setting's parameter that stands for ``None``."""


_ESCAPES = (("%", "%25"), (",", "%2C"), ("(", "%28"), (")", "%29"), ("=", "%3D"))
_JSON = "json:"


def _escape(text: str) -> str:
    for plain, escaped in _ESCAPES:
        text = text.replace(plain, escaped)
    return text


def _unescape(text: str) -> str:
    for plain, escaped in reversed(_ESCAPES):
        text = text.replace(escaped, plain)
    return text


def _kind(annotation: Any) -> str:
    """How a config field is carried as an OpenSpiel parameter."""
    for plain, kind in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str")):
        if annotation is plain:
            return kind
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal and all(isinstance(a, str) for a in args):
        return "str"
    if origin in (typing.Union, types.UnionType) and set(args) == {int, type(None)}:
        return "optint"
    return "json"


def _encode(kind: str, value: Any) -> Any:
    """A setting's value as an OpenSpiel parameter value."""
    if kind == "optint":
        return NONE_INT if value is None else int(value)
    if kind != "json":
        return value
    text = _escape(json.dumps(to_data(value), separators=(",", ":"), sort_keys=True))
    try:  # a text OpenSpiel would read as a number or a boolean is marked
        json.loads(text)
        plain = text[:1] not in '["{n'
    except ValueError:
        plain = False
    return _JSON + text if plain or text.startswith(_JSON) else text


def _decode(kind: str, value: Any) -> Any:
    """A setting's value from its OpenSpiel parameter value."""
    if kind == "optint":
        return None if value == NONE_INT else value
    if kind != "json":
        return value
    text = str(value)
    return json.loads(_unescape(text.removeprefix(_JSON)))


@functools.cache
def _fields(game_id: str) -> tuple[tuple[str, str, Any], ...]:
    """``(name, kind, default parameter value)`` of each config field of the
    game (the defaults are the game's own preset's values)."""
    config = racebook.load(game_id).config
    cls = type(config)
    attrs.resolve_types(cls)
    return tuple(
        (f.name, kind, _encode(kind, getattr(config, f.name)))
        for f in attrs.fields(cls)
        for kind in [_kind(f.type)]
    )


def _parameter_specification(game_id: str) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "preset": game_id,
        "returns": "places",
        "observation": "raw",
        "settings": "{}",
    }
    spec.update((name, default) for name, _, default in _fields(game_id))
    return spec


def _canonical(
    game_id: str, preset: str, config: Any, returns: str, observation: str = "raw"
) -> dict[str, Any]:
    """The parameters ``str(game)`` shows: the preset and the settings that
    differ from it, so that loading the string gives the same config."""
    fields = _fields(game_id)
    actual = {name: _encode(kind, getattr(config, name)) for name, kind, _ in fields}
    defaults = {name: default for name, _, default in fields}
    base = presets()[preset].config
    at_preset = {name: _encode(kind, getattr(base, name)) for name, kind, _ in fields}
    changed = {n: v for n, v in actual.items() if v != at_preset[n]}
    if any(v == defaults[n] for n, v in changed.items()):
        # a setting given its default value would read as "the preset's": the
        # game's own preset says it all
        preset = game_id
        changed = {n: v for n, v in actual.items() if v != defaults[n]}
    shown = {"preset": preset, "returns": returns, **changed}
    if observation != "raw":
        shown["observation"] = observation
    return shown

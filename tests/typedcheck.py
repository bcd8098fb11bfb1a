"""Check JSON data against a TypedDict (or any annotation built of ``int``,
``str``, ``bool``, ``None``, ``list``, ``dict``, ``tuple``, unions, ``Any``
and TypedDicts), for the tests of ``view.to_data()``'s types."""

from __future__ import annotations

import types
import typing
from typing import Any, is_typeddict


def problems(value: Any, hint: Any, where: str = "$") -> list[str]:
    """What in ``value`` does not fit ``hint`` (``[]``: all of it fits)."""
    if hint is Any:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: expected null, got {value!r}"]
    if is_typeddict(hint):
        if type(value) is not dict:
            return [f"{where}: expected an object, got {type(value).__name__}"]
        hints = typing.get_type_hints(hint)
        out = []
        if set(value) != set(hints):
            out.append(f"{where}: keys {sorted(value)} are not {sorted(hints)}")
        for key, sub in hints.items():
            if key in value:
                out += problems(value[key], sub, f"{where}.{key}")
        return out
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        tried = [problems(value, a, where) for a in args]
        return [] if any(not t for t in tried) else min(tried, key=len)
    if origin is typing.Literal:
        ok = any(type(value) is type(a) and value == a for a in args)
        return [] if ok else [f"{where}: expected one of {args}, got {value!r}"]
    if origin is list:
        if type(value) is not list:
            return [f"{where}: expected a list, got {type(value).__name__}"]
        return [p for i, v in enumerate(value) for p in problems(v, args[0], f"{where}[{i}]")]
    if origin is tuple:
        if type(value) is not tuple or len(value) != len(args):
            return [f"{where}: expected a tuple of {len(args)}, got {value!r}"]
        return [
            p
            for i, (v, a) in enumerate(zip(value, args, strict=True))
            for p in problems(v, a, f"{where}[{i}]")
        ]
    if origin is dict:
        if type(value) is not dict:
            return [f"{where}: expected a dict, got {type(value).__name__}"]
        return [p for k, v in value.items() for p in problems(v, args[1], f"{where}.{k}")]
    if hint in (int, str, bool, float):
        return [] if type(value) is hint else [f"{where}: expected {hint.__name__}, got {value!r}"]
    raise TypeError(f"{where}: no check for {hint!r}")

"""How Python types map to JSON Schema: the builder of every schema in
:mod:`racebook.schema`, with each attrs class once under ``$defs``, and the
value types written as strings (:func:`register_string_type`)."""

from __future__ import annotations

import ast
import collections.abc
import enum
import functools
import inspect
import itertools
import sys
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, Literal

import attrs

from racebook.cards.horse import HorseCard
from racebook.cards.race import RaceCard
from racebook.core.serial import FrozenDict, converter

JSON = dict[str, Any]
"""A JSON Schema (or any JSON object) as Python data."""

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The ``$schema`` of every schema made here."""

_STRING_TYPES: dict[type[Any], JSON] = {}


def register_string_type(cls: type[Any], pattern: str | None = None, description: str = "") -> None:
    """Map ``cls``, a value type the converter writes as a string (its
    ``__str__``, read back by a ``parse`` classmethod), to a JSON string
    matching ``pattern`` (an ECMA-262 regular expression, anchored with ``^``
    and ``$``).  A type written as ``str`` but not registered is a plain
    string."""
    schema: JSON = {"type": "string"}
    if pattern is not None:
        schema["pattern"] = pattern
    if description:
        schema["description"] = description
    _STRING_TYPES[cls] = schema


register_string_type(
    HorseCard,
    "^(?:F|[1-9]|[1-5][0-9]|6[0-3]):(?:[0-9]|1[0-5])$",
    'A horse card: its horse (1-63, or F for a free card), a colon, its MV (0-15): "3:5", "F:2".',
)
register_string_type(
    RaceCard,
    "^[RBYG](?:[1-9]|1[0-5])$",
    'A race card: its colour (R, B, Y or G) and its number (1-15): "R5", "G12".',
)


# -- types to schemas ----------------------------------------------------------------------


def _cleandoc(text: str | None) -> str:
    return inspect.cleandoc(text) if text else ""


@functools.cache
def _module_field_docs(module: str) -> dict[str, dict[str, str]]:
    """The docstrings written under class fields in ``module``, by class
    qualified name and field (read once: :func:`inspect.getsource` of each
    class would parse the module again every time)."""
    try:
        tree = ast.parse(inspect.getsource(sys.modules[module]))
    except (KeyError, OSError, TypeError, SyntaxError):
        return {}
    out: dict[str, dict[str, str]] = {}
    stack: list[tuple[str, list[ast.stmt]]] = [("", tree.body)]
    while stack:
        prefix, body = stack.pop()
        for node in body:
            if isinstance(node, ast.ClassDef):
                stack.append((f"{prefix}{node.name}.", node.body))
        if not prefix:
            continue
        docs = out.setdefault(prefix[:-1], {})
        for stmt, after in itertools.pairwise(body):
            if (
                isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[stmt.target.id] = inspect.cleandoc(after.value.value)
    return out


def _field_docs(cls: type[Any]) -> dict[str, str]:
    """The docstrings written under the fields of ``cls`` (and its bases)."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        docs.update(_module_field_docs(klass.__module__).get(klass.__qualname__, {}))
    return docs


class _Builder:
    """Schemas of types, with every attrs class once under ``$defs``.

    ``complete``: every field is required (what racebook writes); otherwise a
    field with a default may be left out and the schema gives the default (a
    config as racebook reads it).
    """

    def __init__(self) -> None:
        self.defs: dict[str, JSON] = {}
        self._names: dict[Any, str] = {}
        self.overrides: dict[tuple[type[Any], str], JSON] = {}
        """Schemas of fields that their type does not tell: (class, field name)."""

    def document(self, title: str, description: str, body: JSON) -> JSON:
        out: JSON = {"$schema": DIALECT, "title": title, "description": description}
        out.update(body)
        if self.defs:
            out["$defs"] = self.defs
        return out

    def define(self, base: str, key: Any, build: Callable[[], JSON]) -> JSON:
        """``{"$ref": ...}`` to the definition of ``key``, built once by ``build``
        under a name made from ``base`` (``Bet``, ``Bet2`` if taken)."""
        name = self._names.get(key)
        if name is None:
            name = base
            n = 1
            while name in self.defs:
                n += 1
                name = f"{base}{n}"
            self._names[key] = name
            self.defs[name] = {}  # taken (a class may refer to itself)
            self.defs[name] = build()
        return {"$ref": f"#/$defs/{name}"}

    def ref(self, cls: type[Any], complete: bool, tag: str | None = None) -> JSON:
        """``{"$ref": ...}`` to the object of attrs class ``cls``; ``tag``: the
        key (``kind``, ``event``) that holds ``cls.kind`` as a constant."""
        return self.define(
            cls.__name__, (cls, complete, tag), lambda: self._object(cls, complete, tag)
        )

    def _typed_dict(self, t: Any, complete: bool) -> JSON:
        hints = typing.get_type_hints(t)
        required = t.__required_keys__
        out: JSON = {"type": "object"}
        doc = _cleandoc(t.__dict__.get("__doc__"))
        if doc:
            out["description"] = doc
        out["properties"] = {k: self.of(v, complete) for k, v in hints.items()}
        out["required"] = [k for k in hints if k in required]
        out["additionalProperties"] = False
        return out

    def _object(self, cls: type[Any], complete: bool, tag: str | None) -> JSON:
        fields = attrs.fields(attrs.resolve_types(cls))
        docs = _field_docs(cls)
        properties: JSON = {}
        required: list[str] = []
        if tag is not None:
            properties[tag] = {"const": cls.kind}
            required.append(tag)
        for f in fields:
            if f.type is None:
                raise TypeError(f"{cls.__name__}.{f.name} has no type annotation")
            found = self.overrides.get((cls, f.name))
            schema = dict(found) if found is not None else self.of(f.type, complete)
            if f.name in docs and "description" not in schema:
                schema["description"] = docs[f.name]
            if complete or f.default is attrs.NOTHING:
                required.append(f.name)
            elif isinstance(f.default, attrs.Factory):  # type: ignore[arg-type]
                if not f.default.takes_self:
                    schema["default"] = converter.unstructure(f.default.factory())
            else:
                schema["default"] = converter.unstructure(f.default)
            properties[f.name] = schema
        out: JSON = {"type": "object"}
        doc = _cleandoc(cls.__dict__.get("__doc__"))
        if doc:
            out["description"] = doc
        out["properties"] = properties
        out["required"] = required
        out["additionalProperties"] = False
        return out

    def row(self, cls: type[Any]) -> JSON:
        """``{"$ref": ...}`` to the array form of action class ``cls`` (a log
        line of format 3, :func:`racebook.core.log.action_row`)."""
        return self.define(cls.__name__ + "Row", (cls, "row"), lambda: self._row(cls))

    def _row(self, cls: type[Any]) -> JSON:
        fields = attrs.fields(attrs.resolve_types(cls))
        docs = _field_docs(cls)
        items: list[JSON] = []
        least = 2
        for n, f in enumerate(fields):
            schema = dict(self.of(f.type, True))
            if f.name in docs and "description" not in schema:
                schema["description"] = docs[f.name]
            if f.default is attrs.NOTHING or isinstance(f.default, attrs.Factory):  # type: ignore[arg-type]
                least = max(least, n + 2)
            else:
                schema["default"] = converter.unstructure(f.default)
            items.append(schema)
            if n == 0:
                items.append({"const": cls.kind})
        names = ", ".join(f.name for f in fields[1:])
        return {
            "type": "array",
            "description": f"[seat, {cls.kind!r}{', ' if names else ''}{names}]: "
            "trailing fields at their default may be left out.",
            "prefixItems": items,
            "items": False,
            "minItems": least,
        }

    def of(self, t: Any, complete: bool) -> JSON:
        """The schema of the JSON form of type ``t``."""
        if t is Any or t is object:
            return {}
        if t is None or t is type(None):
            return {"type": "null"}
        if t is bool:
            return {"type": "boolean"}
        if t is int:
            return {"type": "integer"}
        if t is float:
            return {"type": "number"}
        if t is str:
            return {"type": "string"}
        origin, args = typing.get_origin(t), typing.get_args(t)
        if origin is Literal:
            return {"enum": list(args)}
        if origin is typing.Union or origin is types.UnionType:
            return {"anyOf": [self.of(a, complete) for a in args]}
        if origin is tuple or t is tuple:
            if not args or (len(args) == 2 and args[1] is Ellipsis):
                return {"type": "array", "items": self.of(args[0] if args else Any, complete)}
            if args == ((),):  # tuple[()]
                return {"type": "array", "maxItems": 0}
            return {
                "type": "array",
                "prefixItems": [self.of(a, complete) for a in args],
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin in (list, collections.abc.Sequence, collections.abc.MutableSequence):
            return {"type": "array", "items": self.of(args[0] if args else Any, complete)}
        if origin in (set, frozenset, collections.abc.Set, collections.abc.MutableSet):
            items = self.of(args[0] if args else Any, complete)
            return {"type": "array", "items": items, "uniqueItems": True}
        if origin in (dict, collections.abc.Mapping, collections.abc.MutableMapping):
            if args and args[0] is not str:
                raise TypeError(f"no JSON Schema for {t!r}: JSON object keys are strings")
            values = self.of(args[1], complete) if args else {}
            return (
                {"type": "object", "additionalProperties": values} if values else {"type": "object"}
            )
        if typing.is_typeddict(t):
            return self.define(t.__name__, (t, complete), lambda: self._typed_dict(t, complete))
        if isinstance(t, type):
            if t in _STRING_TYPES:
                return self.define(t.__name__, t, lambda: dict(_STRING_TYPES[t]))
            if issubclass(t, FrozenDict) or t is dict:
                return {"type": "object"}
            if issubclass(t, enum.Enum):
                return {"enum": [m.value for m in t]}
            if converter.get_unstructure_hook(t) is str:
                doc = _cleandoc(t.__dict__.get("__doc__"))
                return {"type": "string", "description": doc} if doc else {"type": "string"}
            if attrs.has(t):
                return self.ref(t, complete)
        raise TypeError(f"no JSON Schema for {t!r}")

    def tagged(self, classes: Iterable[type[Any]], tag: str, complete: bool = True) -> JSON:
        """One of the attrs ``classes``, told apart by ``tag`` (their ``kind``):
        ``tag`` is one of their kinds, and ``if`` it is a class's kind, ``then``
        the object is that class's.  A validator then names the field at
        fault (jsonschema's ``best_match``: "'x' is not of type 'integer'" at
        ``$.box``), not "not valid under any of the given schemas", as a
        ``oneOf`` made it say.  ``discriminator`` (OpenAPI's, which JSON Schema
        ignores) maps each kind to its definition for code generators."""
        refs = {cls.kind: self.ref(cls, complete, tag) for cls in classes}
        return {
            "type": "object",
            "properties": {tag: {"enum": list(refs)}},
            "required": [tag],
            "allOf": [
                {"if": {"properties": {tag: {"const": kind}}, "required": [tag]}, "then": ref}
                for kind, ref in refs.items()
            ],
            "discriminator": {
                "propertyName": tag,
                "mapping": {kind: ref["$ref"] for kind, ref in refs.items()},
            },
        }

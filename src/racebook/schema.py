"""JSON Schema (draft 2020-12) of each game's JSON forms, from its attrs classes.

An app in another language (a web or a mobile client) reads and writes the
JSON forms of a game: its config, its actions (a log line, or what a client
sends), its events (a seat's log), its views and its log lines.  Each is made
by the one cattrs converter (:mod:`racebook.core.serial`); the schemas here
are generated from the same attrs classes, so they follow the code:

>>> import racebook
>>> schema = action_schema(racebook.load("longshot"))
>>> schema["$defs"]["Place"]["properties"]["card"]
{'$ref': '#/$defs/HorseCard'}
>>> schema["$defs"]["HorseCard"]["type"]
'string'
>>> sorted(schema["$defs"]["Place"]["required"])
['box', 'card', 'kind', 'seat']

How types map: ``int`` is an integer, ``bool`` a boolean, ``str`` a string,
``float`` a number, ``X | None`` an ``anyOf`` with null, ``tuple[X, ...]`` an
array of ``X``, ``tuple[A, B]`` an array of exactly those items
(``prefixItems``), a ``Literal`` an ``enum``, a mapping an object, a value
type written as a string (a horse card ``"3:5"``, a race card ``"R5"``) a
string with its ``pattern``, and an attrs class an object (under ``$defs``)
that allows no other key.  What racebook writes has every field of a class
(cattrs writes them all), so in the schemas of actions, events, views and log
lines every field is required; a config may leave out a field that has a
default (the class's default fills it), and its schema says so.

The schemas of one game depend on the rule modules its config plugs in (Long
Shot with ``supply-quinella`` has Mafia's actions too): build them from the
game you play.
"""

from __future__ import annotations

import ast
import collections.abc
import enum
import functools
import inspect
import itertools
import json
import sys
import types
import typing
from collections.abc import Callable, Iterable
from os import PathLike
from pathlib import Path
from typing import Any, Literal, TypedDict

import attrs

from racebook.cards.horse import HorseCard
from racebook.cards.race import RaceCard
from racebook.core.game import Action, Event, Game
from racebook.core.log import FORMAT, VERSION
from racebook.core.registry import load, registered_games
from racebook.core.serial import FrozenDict, converter

JSON = dict[str, Any]
"""A JSON Schema (or any JSON object) as Python data."""

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The ``$schema`` of every schema made here."""

FORMS = ("config", "action", "event", "view", "log-line", "seat-log-line")
"""The forms :func:`schemas` and :func:`write_schemas` give for each game."""

DIGEST = {"type": "string", "pattern": "^[0-9a-f]{16}$"}
"""A state digest as the log writes it: 16 lowercase hex digits."""

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


class SupplyQuinellaView(TypedDict):
    """Mafia 5, supply and quinella bets (``extra["supply-quinella"]`` of a view):
    whether the supply came this race, its stage, the cards face down per seat,
    and the pairs per seat (``null``: another seat's pairs before the reveal)."""

    done: bool
    stage: Literal["", "shuffle", "supply", "quinella"]
    face_down: list[int]
    bets: list[list[tuple[HorseCard, HorseCard]] | None]


_RULE_VIEWS: dict[str, Any] = {"supply-quinella": SupplyQuinellaView}
"""The view types of built-in rule modules that do not give a ``view_type`` of
their own (see :func:`view_schema`)."""

_RULE_VIEW_FIELD = "extra"
"""The field of a box-race view that holds the rule modules' views, by name."""


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

    def tagged(self, classes: Iterable[type[Any]], tag: str) -> JSON:
        """``oneOf`` the attrs ``classes``, told apart by ``tag`` (their ``kind``)."""
        refs = {cls.kind: self.ref(cls, True, tag) for cls in classes}
        return {
            "oneOf": list(refs.values()),
            "discriminator": {
                "propertyName": tag,
                "mapping": {kind: ref["$ref"] for kind, ref in refs.items()},
            },
        }


def _check_kinds(classes: Iterable[type[Action] | type[Event]], what: str) -> None:
    kinds = [cls.kind for cls in classes]
    twice = sorted({k for k in kinds if kinds.count(k) > 1})
    if twice:
        raise ValueError(f"two {what} classes share the kind {twice[0]!r}")


def _view_type(game: Game[Any]) -> type[Any]:
    """The class of ``state.view(seat)`` for ``game``: the return type of its
    state's ``view``, or (if not an attrs class) the type of a spectator's view."""
    try:
        state_type = typing.get_type_hints(type(game)._make_state)["return"]
        found = typing.get_type_hints(state_type.view)["return"]
    except (AttributeError, KeyError, NameError, TypeError):
        found = None
    if isinstance(found, type) and attrs.has(found):
        return found
    return type(game.new_state(explicit_chance=True).view(None))


def _rule_views(b: _Builder, game: Game[Any], view: type[Any]) -> None:
    """The schema of a box-race view's ``extra``: each rule module's view by its
    name.  A rule module class may give the type its ``view`` returns the JSON
    form of as ``view_type`` (a TypedDict, say); otherwise it is any JSON."""
    rules = getattr(game, "rules", None)
    if not rules or _RULE_VIEW_FIELD not in attrs.fields_dict(view):
        return
    properties: JSON = {}
    for rule in rules:
        shown = getattr(rule, "view_type", None) or _RULE_VIEWS.get(rule.name, Any)
        properties[rule.name] = b.of(shown, complete=True)
    extra: JSON = {"type": "object", "properties": properties, "additionalProperties": False}
    b.overrides[(view, _RULE_VIEW_FIELD)] = extra


# -- the schemas -----------------------------------------------------------------------------


def config_schema(game: Game[Any]) -> JSON:
    """A full config of ``game``'s type as JSON (a log header's ``config``):
    every field with a default may be left out (``default`` gives the
    class's, which may differ from a preset's)."""
    b = _Builder()
    body = b.ref(game.config_type, complete=False)
    return b.document(
        f"{game.title} config",
        f"A config of {game.id} ({game.config_type.__name__}) as JSON: "
        "racebook.core.serial.to_data(game.config).",
        body,
    )


def action_schema(game: Game[Any]) -> JSON:
    """One action of ``game`` as JSON (what a client sends; an action line of
    log formats 1 and 2): ``kind`` and every field
    (:func:`racebook.core.log.action_data`)."""
    _check_kinds(game.action_types, "action")
    b = _Builder()
    body = b.tagged(game.action_types, "kind")
    return b.document(
        f"{game.title} action",
        f"An action of {game.id} as JSON: its kind and fields "
        "(racebook.core.log.action_data); a log of format 3 writes it as an array.",
        body,
    )


def event_schema(game: Game[Any]) -> JSON:
    """One event of ``game`` as JSON (a line of a seat's log): ``event`` (its
    kind) and every field (:func:`racebook.core.log.event_data`)."""
    _check_kinds(game.event_types, "event")
    b = _Builder()
    body = b.tagged(game.event_types, "event")
    return b.document(
        f"{game.title} event",
        f"An event of {game.id} as JSON: its kind under 'event', and its fields "
        "(racebook.core.log.event_data); one line of log.for_seat(seat).",
        body,
    )


def view_schema(game: Game[Any]) -> JSON:
    """What ``state.view(seat)`` of ``game`` is as JSON (``to_data(view)``)."""
    view = _view_type(game)
    b = _Builder()
    _rule_views(b, game, view)
    body = b.ref(view, complete=True)
    return b.document(
        f"{game.title} view",
        f"What one seat (or a spectator) of {game.id} may see, as JSON: "
        "racebook.core.serial.to_data(state.view(seat)).",
        body,
    )


def _header(b: _Builder, game: Game[Any], *, seat_log: bool) -> JSON:
    properties: JSON = {
        "format": {"const": FORMAT},
        "version": {
            "type": "integer",
            "minimum": 1,
            "maximum": VERSION,
            "description": "The log format version (this library writes the last).",
        },
        "library": {"type": "string", "description": "The racebook version that wrote it."},
        "game": {"const": game.id},
        "seats": {"type": "integer", "minimum": 1},
        "defaults": {
            "type": "integer",
            "minimum": 1,
            "description": "Format 4: the revision of the game's default config that "
            "'config' lists changes from (racebook.core.log.header_config); without "
            "it, 'config' lists every setting.",
        },
        "config": b.of(game.config_type, complete=False),
        "config_digest": {
            "type": "string",
            "pattern": "^[0-9a-f]{16}$",
            "description": "Format 6: a digest of the full effective config the game was "
            "played under (racebook.core.log.config_digest); replay refuses a log whose "
            "header reads as other settings.",
        },
        "meta": {
            "type": "object",
            "description": "Format 6, optional: facts about the game that are not part of "
            "its rules (which bot sat in which seat, a simulation's seed and game index), "
            "kept by replay (racebook.core.log.set_meta).",
        },
    }
    if seat_log:
        del properties["config_digest"]  # no digest in a seat's log
        properties["seat"] = {
            "anyOf": [{"type": "integer"}, {"type": "null"}],
            "description": "The seat this log was written for (null: a spectator).",
        }
        properties["redacted"] = {"const": True}
    return {
        "type": "object",
        "description": "Line 1: the header."
        + (" A seat's log (log.for_seat(seat)) cannot be replayed." if seat_log else ""),
        "properties": properties,
        "required": [k for k in properties if k not in ("defaults", "config_digest", "meta")],
        "additionalProperties": False,
    }


_LOG_LINES = ("header", "action-row", "action", "checkpoint", "closing")


def log_line_schema(game: Game[Any]) -> JSON:
    """One line of ``game``'s log (``state.log.dumps()``, which
    :func:`racebook.replay` reads): the header, an action, a checkpoint or the
    closing line."""
    _check_kinds(game.action_types, "action")
    b = _Builder()
    b.defs.update((name, {}) for name in _LOG_LINES)  # first, in this order
    b.defs["header"] = _header(b, game, seat_log=False)
    b.defs["action-row"] = {
        "description": "An action (format 3): [seat, kind, its fields in declared order].",
        "oneOf": [b.row(cls) for cls in game.action_types],
    }
    action = b.tagged(game.action_types, "kind")
    action["description"] = "An action as formats 1 and 2 wrote it: an object."
    b.defs["action"] = action
    b.defs["checkpoint"] = {
        "type": "object",
        "description": "A checkpoint: the state digest after that many actions "
        "(format 5 on: sealed with a running hash of the lines before it).",
        "properties": {"digest": dict(DIGEST), "after": {"type": "integer", "minimum": 1}},
        "required": ["digest", "after"],
        "additionalProperties": False,
    }
    b.defs["closing"] = {
        "type": "object",
        "description": "The last line: the number of actions and the final state's digest "
        "(format 5 on: sealed with a running hash of the lines before it).",
        "properties": {"end": {"type": "integer", "minimum": 0}, "digest": dict(DIGEST)},
        "required": ["end", "digest"],
        "additionalProperties": False,
    }
    body = {"oneOf": [{"$ref": f"#/$defs/{name}"} for name in _LOG_LINES]}
    return b.document(
        f"{game.title} log line",
        f"One line of a log of {game.id} (JSON Lines, state.log.dumps()): the header, "
        "an action (an array; an object in formats 1 and 2), a checkpoint or the closing line.",
        body,
    )


def seat_log_line_schema(game: Game[Any]) -> JSON:
    """One line of a seat's log of ``game`` (``state.log.for_seat(seat)``): the
    header (with ``seat`` and ``"redacted": true``) or an event."""
    _check_kinds(game.event_types, "event")
    b = _Builder()
    b.defs.update((name, {}) for name in ("header", "event"))  # first, in this order
    b.defs["header"] = _header(b, game, seat_log=True)
    b.defs["event"] = b.tagged(game.event_types, "event")
    body = {"oneOf": [{"$ref": "#/$defs/header"}, {"$ref": "#/$defs/event"}]}
    return b.document(
        f"{game.title} seat log line",
        f"One line of a seat's log of {game.id} (JSON Lines, state.log.for_seat(seat)): "
        "the header or an event the seat may see.",
        body,
    )


def schemas(game: Game[Any]) -> dict[str, JSON]:
    """Every schema of ``game`` by form (:data:`FORMS`)."""
    return {
        "config": config_schema(game),
        "action": action_schema(game),
        "event": event_schema(game),
        "view": view_schema(game),
        "log-line": log_line_schema(game),
        "seat-log-line": seat_log_line_schema(game),
    }


def dumps(schema: JSON) -> str:
    """A schema as the text :func:`write_schemas` writes (indented JSON, UTF-8)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(
    directory: str | PathLike[str], games: Iterable[Game[Any]] | None = None
) -> list[Path]:
    """Write every schema of every game (default: each registered game's
    default preset) to ``directory``, one file a game and form:
    ``longshot.action.schema.json``.  Returns the paths written."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    chosen = list(games) if games is not None else [load(g) for g in sorted(registered_games())]
    written = []
    for game in chosen:
        for form, schema in schemas(game).items():
            path = out / f"{game.id}.{form}.schema.json"
            path.write_text(dumps(schema), encoding="utf-8")
            written.append(path)
    return written

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
(cattrs writes them all), so in the schemas of events, views and log lines
every field is required; an action and a config may leave out a field that
has a default (the class's default fills it, as
:meth:`~racebook.core.game.Game.parse_action` and the config readers do), and
their schemas say so.  The ``client-action`` form is what a client may send:
the actions a seat takes, without chance's outcomes.

One action, event or log line is one of several classes, told apart by its
``kind`` (``event``): the schemas say so with ``if``/``then`` on that key, so
that a validator's best error names the field at fault.

The schemas of one game depend on the rule modules its config plugs in (Long
Shot with ``supply-quinella`` has Mafia's actions too): build them from the
game you play.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Iterable
from os import PathLike
from pathlib import Path
from typing import Any, Literal, TypedDict

import attrs

from racebook.cards.horse import HorseCard
from racebook.core.game import Action, Event, Game
from racebook.core.log import FORMAT, VERSION
from racebook.core.registry import load, registered_games
from racebook.schema.types import DIALECT as DIALECT
from racebook.schema.types import JSON as JSON
from racebook.schema.types import _Builder
from racebook.schema.types import _field_docs as _field_docs
from racebook.schema.types import register_string_type as register_string_type

FORMS = ("config", "action", "client-action", "event", "view", "log-line", "seat-log-line")
"""The forms :func:`schemas` and :func:`write_schemas` give for each game."""

DIGEST = {"type": "string", "pattern": "^[0-9a-f]{16}$"}
"""A state digest as the log writes it: 16 lowercase hex digits."""


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


def _check_kinds(classes: Iterable[type[Action] | type[Event]], what: str) -> None:
    kinds = [cls.kind for cls in classes]
    twice = sorted({k for k in kinds if kinds.count(k) > 1})
    if twice:
        raise ValueError(f"two {what} classes share the kind {twice[0]!r}")


def _view_type(game: Game[Any, Any]) -> type[Any]:
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


def _rule_views(b: _Builder, game: Game[Any, Any], view: type[Any]) -> None:
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


def config_schema(game: Game[Any, Any]) -> JSON:
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


def action_schema(game: Game[Any, Any]) -> JSON:
    """One action of ``game`` as JSON, chance's outcomes included (an action
    line of log formats 1 and 2): ``kind`` and its fields
    (:func:`racebook.core.log.action_data` writes every one).  A field with a
    default may be left out, as :meth:`~racebook.core.game.Game.parse_action`
    reads it (the trick race's ``whip``: ``false``): one rule for both."""
    _check_kinds(game.action_types, "action")
    b = _Builder()
    body = b.tagged(game.action_types, "kind", complete=False)
    return b.document(
        f"{game.title} action",
        f"An action of {game.id} as JSON: its kind and fields "
        "(racebook.core.log.action_data); a log of format 3 writes it as an array. "
        "A field with a default may be left out.",
        body,
    )


def client_action_schema(game: Game[Any, Any]) -> JSON:
    """What a client may send: one action of ``game`` that a seat takes, as
    JSON (:func:`action_schema` without chance's outcomes, the action
    classes whose ``chance`` is true: a deal, the dice).  A field with a
    default may be left out, as :meth:`~racebook.core.game.Game.parse_action`
    reads it."""
    chosen = [t for t in game.action_types if not t.chance]
    _check_kinds(chosen, "action")
    b = _Builder()
    body = b.tagged(chosen, "kind", complete=False)
    return b.document(
        f"{game.title} client action",
        f"An action a seat of {game.id} takes, as a client sends it: its kind and "
        "fields (a field with a default may be left out); never one of chance's outcomes.",
        body,
    )


def event_schema(game: Game[Any, Any]) -> JSON:
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


def view_schema(game: Game[Any, Any]) -> JSON:
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


def _header(b: _Builder, game: Game[Any, Any], *, seat_log: bool) -> JSON:
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


def log_line_schema(game: Game[Any, Any]) -> JSON:
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
    action = b.tagged(game.action_types, "kind", complete=False)
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


def seat_log_line_schema(game: Game[Any, Any]) -> JSON:
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


def schemas(game: Game[Any, Any]) -> dict[str, JSON]:
    """Every schema of ``game`` by form (:data:`FORMS`)."""
    return {
        "config": config_schema(game),
        "action": action_schema(game),
        "client-action": client_action_schema(game),
        "event": event_schema(game),
        "view": view_schema(game),
        "log-line": log_line_schema(game),
        "seat-log-line": seat_log_line_schema(game),
    }


def dumps(schema: JSON) -> str:
    """A schema as the text :func:`write_schemas` writes (indented JSON, UTF-8)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(
    directory: str | PathLike[str], games: Iterable[Game[Any, Any]] | None = None
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

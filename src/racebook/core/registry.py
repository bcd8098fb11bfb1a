"""The registry of games and their presets: ``racebook.load`` and ``racebook.games``."""

from __future__ import annotations

from typing import Any

import attrs

from racebook.core.errors import ConfigError, clip
from racebook.core.game import Action, Game, State
from racebook.core.serial import MAX_DEPTH, first_bad_field, from_data, nesting, to_data


@attrs.frozen
class Preset:
    """A named variant: a game id and a full config of that game's type."""

    name: str
    game: str
    config: Any
    description: str


@attrs.frozen
class GameInfo:
    """What :func:`registered_games` tells about one game."""

    id: str
    title: str
    presets: tuple[str, ...]


_GAMES: dict[str, type[Game[Any, Any]]] = {}
_PRESETS: dict[str, Preset] = {}


_GENERATION = [0]


def registry_changed() -> None:
    """Note that a name the registry resolves may mean something else now (a
    game, a preset or a rule module registered): a game built from a log
    header before is not reused (:func:`generation`)."""
    _GENERATION[0] += 1


def generation() -> int:
    """How many times the registry changed (:func:`registry_changed`)."""
    return _GENERATION[0]


def register_game(cls: type[Game[Any, Any]]) -> type[Game[Any, Any]]:
    """Register a game class under its ``id`` (used as a class decorator)."""
    _GAMES[cls.id] = cls
    registry_changed()
    return cls


def register_preset(name: str, game: str, config: Any, description: str) -> None:
    """Register a named variant.  The game's id itself names its default preset."""
    _PRESETS[name] = Preset(name, game, config, description)
    registry_changed()


def game_class(game_id: str) -> type[Game[Any, Any]]:
    """The class of a registered game id; :class:`ConfigError` if unknown."""
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ConfigError("game", f"unknown game {game_id!r}; known: {sorted(_GAMES)}") from None


def presets() -> dict[str, Preset]:
    """Every registered preset by name."""
    return dict(_PRESETS)


def registered_games() -> dict[str, GameInfo]:
    """Every registered game with its presets (the built-in games register
    when ``racebook`` is imported; a house rule's package may add more).

    >>> import racebook
    >>> racebook.registered_games()["longshot"].title
    'Long Shot'
    """
    return {
        gid: GameInfo(gid, cls.title, tuple(p.name for p in _PRESETS.values() if p.game == gid))
        for gid, cls in _GAMES.items()
    }


def config_with(config: Any, settings: dict[str, Any]) -> Any:
    """``config`` with ``settings`` applied, checked field by field.

    A setting the config type names in ``merged_settings`` (Long Shot's
    ``races``) is a list of tables that change the config's own at the same
    index: a table given as data may leave fields out, which keep their
    value; a table past the config's last must give every field."""
    known = {f.name for f in attrs.fields(type(config))}
    for key, value in settings.items():
        if key not in known:
            raise ConfigError(clip(key, 100), f"unknown setting; known settings: {sorted(known)}")
        if nesting(value) > MAX_DEPTH:
            raise ConfigError(key, f"nested more than {MAX_DEPTH} levels deep")
    data = to_data(config)
    given = to_data(settings)
    for key in getattr(type(config), "merged_settings", ()):
        if key in given:
            given[key] = _merged(key, getattr(config, key), data[key], given[key])
    data.update(given)
    try:
        return from_data(data, type(config))
    except ValueError as exc:
        raise ConfigError(first_bad_field(str(exc)), str(exc)) from None


def _merged(key: str, current: Any, old: Any, new: Any) -> Any:
    """``new`` tables (JSON data) over ``old`` ones, index by index."""
    if not isinstance(new, list) or not isinstance(old, list) or not current:
        return new
    fields = [f.name for f in attrs.fields(type(current[0]))]
    out = []
    for i, table in enumerate(new):
        if not isinstance(table, dict):
            out.append(table)
        elif i < len(old) and isinstance(old[i], dict):
            out.append({**old[i], **table})
        else:
            missing = [f for f in fields if f not in table]
            if missing:
                raise ConfigError(
                    f"{key}[{i}].{missing[0]}",
                    f"a table past the preset's {len(old)} must give every field; "
                    f"missing: {', '.join(missing)}",
                )
            out.append(table)
    return out


def load(name: str, **settings: Any) -> Game[Any, State[Any, Any, Action]]:
    """A game from a preset name (or game id) with settings overridden.

    >>> import racebook
    >>> racebook.load("longshot", players=4).config.players
    4
    """
    preset = _PRESETS.get(name)
    if preset is None:
        raise ConfigError("game", f"unknown game or preset {name!r}; known: {sorted(_PRESETS)}")
    config = config_with(preset.config, settings)
    return _GAMES[preset.game](config)


def game_from_data(
    game_id: str, data: Any, version: int | None = None
) -> Game[Any, State[Any, Any, Action]]:
    """A game from its id and a full config as JSON data (a log header, a file).

    ``version``: the log format the config was written in, when it comes from
    a log (see :meth:`~racebook.core.game.Game.upgrade_config`)."""
    cls = game_class(game_id)
    if nesting(data) > MAX_DEPTH:
        raise ConfigError("config", f"nested more than {MAX_DEPTH} levels deep")
    if version is not None:
        data = cls.upgrade_config(data, version)
    try:
        config = from_data(data, cls.config_type)
    except ValueError as exc:
        raise ConfigError(first_bad_field(str(exc)), str(exc)) from None
    return cls(config)

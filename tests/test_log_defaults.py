"""Log format 4: a header lists only the settings that differ from the game's
default config at a named revision, and a log stays readable after a default
changes (``Game.defaults_revision``, ``Game.past_defaults``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import racebook
from racebook import LogError
from racebook.agents.base import RandomBot
from racebook.core.log import (
    VERSION,
    config_changes,
    config_digest,
    effective_config,
    header_config,
)
from racebook.core.registry import game_class
from racebook.core.serial import from_data, to_data
from racebook.games.longshot import LongShot
from racebook.variants.rules import RuleRef
from tests.logtext import with_format_4_digests

# Each game's default config (its JSON data, hashed) at its current defaults
# revision.  If a test below fails because a default changed or a setting was
# added: raise the game's ``defaults_revision``, make its ``past_defaults``
# give the old values for the older revisions, and add the new digest here.
# Do not just replace a digest: every log written since would replay with
# the new default.
DEFAULTS: dict[str, dict[int, str]] = {
    "forcehorse": {1: "2eabd4b7df57b38b", 2: "b49b9ba19db6aab2", 3: "0fd685df99a67655"},
    "longshot": {1: "4513672b8eec3022"},
    "mafia": {1: "d3bcd7a61f173e24"},
    "readysetbet": {1: "870a3fb7c018df6e"},
    "trickrace": {1: "b099e3a5ab60466d", 2: "49aabd124e6616cc"},
}


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("game_id", sorted(DEFAULTS))
def test_defaults_are_those_of_their_revision(game_id: str) -> None:
    cls = game_class(game_id)
    assert cls.defaults_revision in DEFAULTS[game_id], (
        f"{game_id} is at defaults revision {cls.defaults_revision}, which has no digest here: "
        f"if {cls.__name__}'s own default config changed, record the new revision's digest; "
        "a revision is each game's own (never inherited), so a parent's new revision "
        "does not raise its children's"
    )
    assert _digest(to_data(cls.default_config())) == DEFAULTS[game_id][cls.defaults_revision], (
        f"{game_id}'s default config changed (its own, or a setting it inherits): raise "
        f"{cls.__name__}.defaults_revision (on {cls.__name__} itself) and say in its "
        "past_defaults what the older revisions had"
    )


def test_every_game_has_its_defaults_recorded() -> None:
    assert set(DEFAULTS) == {p.game for p in racebook.presets().values()}


@pytest.mark.parametrize("game_id", sorted(DEFAULTS))
def test_default_config_is_the_game_preset(game_id: str) -> None:
    assert game_class(game_id).default_config() == racebook.presets()[game_id].config


def _play(game: racebook.Game[Any, Any], seed: int = 4) -> racebook.State[Any, Any, Any]:
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    while not state.is_over:
        state.apply(bot.choose(state, state.to_act[0]))
    return state


@pytest.mark.parametrize("name", sorted(racebook.presets()))
def test_every_preset_round_trips_with_a_short_header(name: str) -> None:
    state = _play(racebook.load(name))
    text = state.log.dumps()
    header = json.loads(text.split("\n", 1)[0])
    assert header["version"] == VERSION == 6
    full = header_config(type(state.game), header)
    assert full == to_data(state.game.config) | {
        k: v for k, v in full.items() if k not in to_data(state.game.config)
    }
    again = racebook.replay(text)
    assert again.game.config == state.game.config and again.log.dumps() == text
    # the header is short: at most the settings the preset changes
    assert len(json.dumps(header["config"])) <= len(json.dumps(to_data(state.game.config)))


def test_header_lists_exactly_the_changed_settings() -> None:
    game = racebook.load("longshot", players=4, goal=50)
    assert config_changes(game) == (1, {"players": 4, "goal": 50})
    mafia = racebook.load("mafia")  # Mafia's defaults are its own preset's
    assert config_changes(mafia) == (1, {})
    rsb = racebook.load("readysetbet", races=2, rotating_host=True)
    assert config_changes(rsb) == (1, {"races": 2, "rotating_host": True})
    assert racebook.replay(_play(rsb).log.dumps()).game.config == rsb.config


def test_a_setting_back_at_the_class_default_is_written() -> None:
    """A field its converter leaves out at its class default (``rules``) is
    written when the game's default config has another value."""
    plain = racebook.load("readysetbet")
    ruled = attrs.evolve(plain.config, rules=(RuleRef("house.any"),))

    class Ruled(type(plain)):  # type: ignore[misc]
        @classmethod
        def default_config(cls) -> Any:
            return ruled

    assert "rules" not in to_data(plain.config)  # left out at its class default
    assert config_changes(Ruled(plain.config)) == (1, {"rules": []})


def test_an_older_defaults_revision_replays_with_its_old_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A log of revision 1 written before a default changed replays as it was
    played: ``past_defaults(1)`` gives the old value."""
    state = _play(racebook.load("longshot", goal=50))
    text = state.log.dumps()
    monkeypatch.setattr(LongShot, "defaults_revision", 2)
    monkeypatch.setattr(
        LongShot, "past_defaults", classmethod(lambda cls, revision: {"spurt_threshold": 44})
    )
    # revision 2's default spurt threshold is 40 (it was 44 at revision 1)
    new_default = racebook.load("longshot", spurt_threshold=40).config
    monkeypatch.setattr(LongShot, "default_config", classmethod(lambda cls: new_default))
    monkeypatch.setattr("racebook.core.log._DEFAULTS", {})
    again = racebook.replay(text)
    assert again.game.config == state.game.config and again.digest() == state.digest()
    assert again.game.config.spurt_threshold == 44
    # re-dumped at the revision it was read at: the same text, the same digests
    assert again.log.dumps() == text
    header = json.loads(again.log.dumps().split("\n", 1)[0])
    assert header["defaults"] == 1 and header["config"] == {"goal": 50}
    # a game made now is written at revision 2, its old value spelled out
    fresh = _play(racebook.load("longshot", goal=50, spurt_threshold=44))
    header = json.loads(fresh.log.dumps().split("\n", 1)[0])
    assert header["defaults"] == 2 and header["config"] == {"goal": 50, "spurt_threshold": 44}


@pytest.mark.parametrize("revision", [0, 3, "1", None, 1.0])
def test_unknown_defaults_revision_is_refused(revision: object) -> None:
    lines = _play(racebook.load("trickrace")).log.dumps().split("\n")
    header = json.loads(lines[0])
    header["defaults"] = revision
    lines[0] = json.dumps(header)
    with pytest.raises(LogError) as info:
        racebook.replay("\n".join(lines))
    assert info.value.line == 1 and "defaults" in info.value.reason


def test_format_3_header_is_a_full_config() -> None:
    """A header without ``defaults`` (formats 1 to 3) lists every setting."""
    state = _play(racebook.load("longshot", goal=50))
    lines = with_format_4_digests(state.log.dumps(), state).split("\n")
    header = json.loads(lines[0])
    old = {**header, "version": 3, "config": to_data(state.game.config)}
    del old["defaults"]
    lines[0] = json.dumps(old)
    again = racebook.replay("\n".join(lines))
    assert again.digest() == state.digest() and again.log.dumps() == state.log.dumps()


def _fixtures(game_ids: set[str]) -> list[Path]:
    data = Path(__file__).parent / "data"
    found = []
    for path in sorted(data.glob("logs-v*/*.jsonl")):
        if path.name.endswith(".seat0.jsonl"):
            continue
        header = json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0])
        if header["game"] in game_ids:
            found.append(path)
    return found


def test_a_parents_changed_default_replays_every_childs_logs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Long Shot changes a default the documented way (revision 2, the old
    value in ``past_defaults``): Mafia, which inherits Long Shot's rules but
    has defaults of its own, keeps its own revision, so every Mafia log
    replays as it was played (they failed with "illegal action" when Mafia
    inherited Long Shot's revision and past values)."""
    children = {
        cls.id for cls in (game_class(g) for g in DEFAULTS) if issubclass(cls, LongShot)
    } - {"longshot"}
    assert children == {"mafia"}
    paths = _fixtures(children)
    assert paths
    before = {}
    for path in paths:
        state = racebook.replay(path.read_text(encoding="utf-8"))
        before[path] = (state.digest(), state.log.dumps())
    monkeypatch.setattr(LongShot, "defaults_revision", 2)
    monkeypatch.setattr(
        LongShot, "past_defaults", classmethod(lambda cls, revision: {"spurt_threshold": 44})
    )
    new_default = racebook.load("longshot", spurt_threshold=40).config
    monkeypatch.setattr(LongShot, "default_config", classmethod(lambda cls: new_default))
    monkeypatch.setattr("racebook.core.log._DEFAULTS", {})
    monkeypatch.setattr("racebook.core.replay._GAMES_BUILT", {})
    for path in paths:
        text = path.read_text(encoding="utf-8")
        again = racebook.replay(text)  # a log of format 1 to 3 lists every setting
        assert (again.digest(), again.log.dumps()) == before[path], path
    for child in children:
        assert game_class(child).defaults_revision == 1
    # a new Mafia game is still written at Mafia's own revision 1
    assert config_changes(racebook.load("mafia")) == (1, {})


def test_a_revision_is_the_games_own() -> None:
    """A game that declares no revision of its own is at revision 1 with no
    past values, whatever its parent's."""

    class Parent(LongShot):
        defaults_revision = 3

        @classmethod
        def past_defaults(cls, revision: int) -> dict[str, Any]:
            return {"goal": 99}

    class Child(Parent):
        pass

    assert Parent.defaults_revision == 3 and Parent.past_defaults(1) == {"goal": 99}
    assert Child.defaults_revision == 1 and Child.past_defaults(1) == {}


def test_a_default_changed_without_a_revision_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A default changed without raising ``defaults_revision``: a log of
    format 6 binds the effective config it was played under
    (``config_digest``), so replay refuses it at the header (before, a log
    either failed somewhere in its body or replayed as verified under the
    wrong setting)."""
    state = _play(racebook.load("longshot", goal=50))
    text = state.log.dumps()
    header = json.loads(text.split("\n", 1)[0])
    assert header["version"] == 6 and header["config_digest"] == config_digest(state.game.config)
    new_default = racebook.load("longshot", spurt_threshold=40).config
    monkeypatch.setattr(LongShot, "default_config", classmethod(lambda cls: new_default))
    monkeypatch.setattr("racebook.core.log._DEFAULTS", {})
    monkeypatch.setattr("racebook.core.replay._GAMES_BUILT", {})
    with pytest.raises(LogError) as info:
        racebook.replay(text)
    assert info.value.line == 1 and "other settings" in info.value.reason


def test_the_config_digest_covers_settings_left_out_at_their_class_default() -> None:
    plain = racebook.load("readysetbet")
    ruled = attrs.evolve(plain.config, rules=(RuleRef("house.any"),))
    assert "rules" not in to_data(plain.config)
    assert effective_config(plain.config)["rules"] == []
    assert config_digest(plain.config) != config_digest(ruled)


@pytest.mark.parametrize("value", [None, "x", 3, [], {"a": 1}])
def test_a_missing_or_edited_config_digest_is_refused(value: object) -> None:
    lines = _play(racebook.load("trickrace")).log.dumps().split("\n")
    header = json.loads(lines[0])
    if value is None:
        del header["config_digest"]
    else:
        header["config_digest"] = value
    lines[0] = json.dumps(header)
    with pytest.raises(LogError) as info:
        racebook.replay("\n".join(lines))
    assert info.value.line == 1 and "config" in info.value.reason


V6 = sorted((Path(__file__).parent / "data" / "logs-v6").glob("*[!0].jsonl"))


@pytest.mark.parametrize("path", V6, ids=lambda p: p.stem)
def test_every_log_of_format_6_is_refused_under_a_silently_changed_default(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each committed log of format 6, replayed after one of its game's
    default settings (one the header does not list) changed without a new
    revision: refused on line 1, never replayed under the wrong setting."""
    text = path.read_text(encoding="utf-8")
    header = json.loads(text.split("\n", 1)[0])
    cls = game_class(header["game"])
    import racebook.core.log as log_module

    base = log_module._default_data(cls, header["defaults"])
    assert base is not None
    changed = None
    for key, value in base.items():
        if type(value) is int and key not in header["config"]:
            for other in (value + 1, value - 1):
                try:
                    cls(from_data({**base, key: other}, cls.config_type))
                except (ValueError, racebook.ConfigError):
                    continue
                changed = {**base, key: other}
                break
        if changed is not None:
            break
    assert changed is not None
    monkeypatch.setattr(log_module, "_DEFAULTS", {(cls, header["defaults"]): changed})
    monkeypatch.setattr("racebook.core.replay._GAMES_BUILT", {})
    monkeypatch.setattr(
        cls, "default_config", classmethod(lambda c: from_data(changed, c.config_type))
    )
    with pytest.raises(LogError) as info:
        racebook.replay(text)
    assert info.value.line == 1 and "other settings" in info.value.reason

"""Log format 4: a header lists only the settings that differ from the game's
default config at a named revision, and a log stays readable after a default
changes (``Game.defaults_revision``, ``Game.past_defaults``)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import attrs
import pytest

import racebook
from racebook import LogError
from racebook.agents.base import RandomBot
from racebook.core.log import VERSION, config_changes, header_config
from racebook.core.registry import game_class
from racebook.core.serial import to_data
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
    "forcehorse": {1: "2eabd4b7df57b38b", 2: "b49b9ba19db6aab2"},
    "longshot": {1: "4513672b8eec3022"},
    "mafia": {1: "d3bcd7a61f173e24"},
    "readysetbet": {1: "870a3fb7c018df6e"},
    "trickrace": {1: "b099e3a5ab60466d"},
}


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("game_id", sorted(DEFAULTS))
def test_defaults_are_those_of_their_revision(game_id: str) -> None:
    cls = game_class(game_id)
    assert cls.defaults_revision in DEFAULTS[game_id], "record the new revision's digest"
    assert _digest(to_data(cls.default_config())) == DEFAULTS[game_id][cls.defaults_revision], (
        f"{game_id}'s default config changed: raise defaults_revision and say in "
        "past_defaults what the older revisions had"
    )


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
    assert header["version"] == VERSION == 5
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


@pytest.mark.parametrize("revision", [0, 2, "1", None, 1.0])
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

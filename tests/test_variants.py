"""Variants as data (TOML/JSON files checked when loaded) and house rules as
rule modules named in the config and recorded in the log."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

import racebook
from racebook import ConfigError, LogError
from racebook.cli import main
from racebook.core.registry import registry_changed
from racebook.games.longshot import BoxRule, LongShotState
from racebook.variants import dump_variant, load_variant, read_variant, register_rule
from racebook.variants.rules import _RULES

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_shipped_variant_files_load() -> None:
    game = load_variant(EXAMPLES / "variants" / "longshot_spurt_quinella.toml")
    assert game.id == "longshot" and game.config.rules[0].name == "supply-quinella"
    assert game.config.rules[0].settings["supply"] is False
    quick = load_variant(EXAMPLES / "variants" / "mafia_quick.json")
    assert quick.id == "mafia" and quick.config.players == 4 and quick.config.goal == 50


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ('game = "longshot"\n[settings]\ncolour = 3\n', "colour", "unknown setting"),
        ('game = "longshot"\n[settings]\nplayers = 7\n', "players", "4 to 6"),
        (
            'game = "longshot"\n[settings]\nspurt_threshold = 99\n',
            "spurt_threshold",
            "past the goal",
        ),
        ('game = "longshot"\n[settings]\nhand_size = 30\n', "hand_size", "too small"),
        (
            'game = "mafia"\n[settings]\nplayers = 6\nhand_size_at_6 = 20\n',
            "hand_size_at_6",
            "too small",
        ),
        (
            'game = "longshot"\n[settings]\nraces = [{rewards = [1, 2, 3, 4], penalty = 1, '
            "tickets = [1], ticket_loss = 1}]\n",
            "races[0].rewards",
            "places",
        ),
        ('game = "longshot"\n[settings]\nrules = [{name = "nope"}]\n', "rules[0]", "unknown rule"),
        (
            'game = "longshot"\n[settings]\nrules = [{name = "supply-quinella", settings = '
            '{threshold = "x"}}]\n',
            "rules[0].settings.threshold",
            "expected",
        ),
        (
            'game = "longshot"\n[settings]\nrules = [{name = "supply-quinella", settings = '
            "{colour = 1}}]\n",
            "rules[0].settings.colour",
            "unknown setting",
        ),
        ('game = "chess"\n', "game", "unknown game"),
        ("[settings]\nplayers = 4\n", "game", "names no game"),
        ('game = "longshot"\nextra = 1\n', "extra", "unknown key"),
        ('game = "longshot\n', "file", "not valid TOML"),
    ],
)
def test_bad_files_name_the_field(text: str, field: str, words: str) -> None:
    with pytest.raises(ConfigError) as info:
        read_variant(text, "toml", "my.toml")
    assert info.value.field == field and words in str(info.value)


def test_bad_json_and_suffix(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid JSON"):
        read_variant("{", "json")
    bad = tmp_path / "v.yaml"
    bad.write_text("game: longshot")
    with pytest.raises(ConfigError, match=r"\.toml or \.json"):
        load_variant(bad)
    with pytest.raises(ConfigError, match="cannot read"):
        load_variant(tmp_path / "missing.toml")


def test_dump_and_read_back() -> None:
    game = racebook.load(
        "longshot",
        players=4,
        goal=70,
        spurt_cards=3,
        rules=[{"name": "supply-quinella", "settings": {"threshold": 44}}],
    )
    for fmt in ("toml", "json"):
        again = read_variant(dump_variant(game, fmt), fmt)
        assert again.config == game.config and again.id == "longshot"
    mafia = racebook.load("mafia", players=6)
    assert read_variant(dump_variant(mafia), "toml").config == mafia.config
    no_spurt = racebook.load("longshot", spurt_threshold=None)
    with pytest.raises(ConfigError, match="JSON"):
        dump_variant(no_spurt, "toml")
    assert read_variant(dump_variant(no_spurt, "json"), "json").config == no_spurt.config


@pytest.fixture
def temporary_rule() -> Iterator[type[BoxRule]]:
    @register_rule
    class Slow(BoxRule):
        name: ClassVar[str] = "test.slow-start"

        def cards_per_turn(self, state: LongShotState, seat: int, cards: int) -> int:
            return cards + (1 if state.round > 3 else 0)

    yield Slow
    _RULES.pop("test.slow-start", None)


def test_the_log_records_the_rules_and_needs_them_registered(temporary_rule: Any) -> None:
    game = racebook.load("longshot", rules=[{"name": "test.slow-start"}])
    state = game.new_state(seed=5)
    while not state.is_over:
        state.apply(state.legal_actions(state.to_act[0])[0])
    text = state.log.dumps()
    header = json.loads(text.splitlines()[0])
    assert header["config"]["rules"] == [{"name": "test.slow-start", "settings": {}}]
    assert racebook.replay(text).digest() == state.digest()
    _RULES.pop("test.slow-start")
    registry_changed()  # as register_rule does: a header's game is built afresh
    with pytest.raises(LogError) as info:
        racebook.replay(text)
    assert info.value.line == 1 and "test.slow-start" in info.value.reason


def test_a_rule_that_is_not_a_box_rule_is_refused() -> None:
    @register_rule
    class Odd:
        name = "test.odd"

    try:
        with pytest.raises(ConfigError, match="not a box-race rule"):
            racebook.load("longshot", rules=[{"name": "test.odd"}])
    finally:
        _RULES.pop("test.odd", None)


def test_the_examples_house_rules(tmp_path: Path) -> None:
    sys.path.insert(0, str(EXAMPLES))
    try:
        import house_rules  # noqa: F401
    finally:
        sys.path.remove(str(EXAMPLES))
    from racebook.testing import check_random_games

    for rule in ("house.sprint", "house.spurt-quinella"):
        game = racebook.load("longshot", rules=[{"name": rule}])
        check_random_games(game, games=15, seed=7, deep=2)


def test_cli_variant_and_plugin(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick = str(EXAMPLES / "variants" / "mafia_quick.json")
    assert main(["simulate", "--variant", quick, "--games", "3", "--bots", "heuristic,random"]) == 0
    assert "Horse Racing Mafia" in capsys.readouterr().out
    assert main(["simulate", "longshot", "--variant", quick, "--games", "1"]) == 2
    assert main(["simulate", "--games", "1"]) == 2
    monkeypatch.chdir(EXAMPLES)
    log = tmp_path / "sprint.jsonl"
    assert (
        main(
            [
                "demo",
                "--variant",
                "variants/longshot_sprint.toml",
                "--plugin",
                "house_rules",
                "--log",
                str(log),
            ]
        )
        == 0
    )
    assert main(["replay", "--plugin", "house_rules", str(log)]) == 0
    assert main(["replay", "--plugin", "no_such_module", str(log)]) == 2
    capsys.readouterr()
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert "mafia (mafia)" in out and "supply-quinella" in out


def test_a_race_table_may_give_only_what_it_changes_and_a_new_race_every_field() -> None:
    """Every field of a Long Shot race table alike: one left out keeps the
    preset's value at that race (orders_open silently became False, penalty
    was refused); a race past the preset's must give them all."""
    from racebook.variants.files import read_variant

    text = 'game = "longshot"\n[settings]\nraces = [{rewards = [1, 2, 3]}, {penalty = 5}]\n'
    game = read_variant(text)
    first, last = game.config.races
    preset = racebook.load("longshot").config.races
    assert first.rewards == (1, 2, 3) and first.penalty == preset[0].penalty
    assert last.penalty == 5 and last.orders_open is True and last.rewards == preset[1].rewards
    with pytest.raises(racebook.ConfigError) as caught:
        racebook.load("longshot", races=[{}, {}, {"rewards": [1]}])
    assert caught.value.field == "races[2].penalty"
    assert "must give every field" in str(caught.value)
    mafia = racebook.load("mafia", races=[{}, {}, {"penalty": 1}]).config.races
    assert (
        mafia[2].penalty == 1 and mafia[2].rewards == racebook.load("mafia").config.races[2].rewards
    )

"""What a house-rule designer reads in the docs works as written: one's own
Force of the Horse cards with the sample set (docs/games/forcehorse.rst, "Your
cards with the sample set"), and the hooks' arguments as documented."""

from __future__ import annotations

import pytest

import racebook
from racebook.games.forcehorse import SAMPLE_DECKS, parse_card_set, sample_set
from racebook.testing import check_random_games

MINE = """
[[card]]
name = "Tin Kite"
kind = "horse"
cost = 0
surfaces = ["turf"]
distances = ["sprint", "mile", "middle"]
styles = ["senko"]
favourites = ["firm"]
run = 1
guard = 1

[[deck]]
name = "kites"
cards = [["Force", 54], ["Tin Kite", 3], ["Silver Teapot", 3]]
"""


def test_own_cards_combine_with_the_sample_set_as_the_docs_say() -> None:
    sample_cards, _ = sample_set()
    mine, my_decks = parse_card_set(MINE)
    game = racebook.load(
        "forcehorse",
        cards=sample_cards + mine,
        decks=(my_decks[0], SAMPLE_DECKS["sample-middle"]),
    )
    assert game.config.decks[0].name == "kites"
    check_random_games(game, games=2, seed=1)
    with pytest.raises(racebook.ConfigError):
        racebook.load("forcehorse", cards=sample_cards + sample_cards[:1])


def test_the_docs_list_the_sample_set() -> None:
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "games" / "forcehorse.rst").read_text()
    assert "forcehorse/data/sample.toml" in page
    assert all(name in page for name in SAMPLE_DECKS)


def test_a_ready_set_bet_hooks_horse_is_an_index_into_horses() -> None:
    """RaceRule.bonus's ``horse`` is 0..8 into HORSES (documented), as the
    positions are."""
    from racebook.games.readysetbet import HORSES, RaceRule
    from racebook.variants import register_rule

    seen: list[tuple[int, int]] = []

    from racebook.variants.rules import _RULES

    @register_rule
    class Record(RaceRule):
        name = "test.record-bonus"

        def bonus(self, state, horse, move, *, paired, dice, pos):  # type: ignore[no-untyped-def]
            seen.append((horse, sum(dice)))
            return move

    try:
        assert "index 0..8 into ``HORSES``" in (RaceRule.bonus.__doc__ or "")
        game = racebook.load("readysetbet", rules=[{"name": "test.record-bonus"}])
        state = game.new_state(seed=2)
        while len(seen) < 20 and not state.is_over:
            state.apply(state.legal_actions(state.to_act[-1])[0])
    finally:
        _RULES.pop("test.record-bonus", None)
    assert seen
    for horse, total in seen:
        name = HORSES[horse]
        assert str(total) in name.split("/"), (horse, total)


def test_the_trick_race_views_horses_field_is_documented_and_means_what_it_says() -> None:
    from racebook.agents.base import RandomBot
    from racebook.games.trickrace import TrickRaceView
    from racebook.schema import _field_docs

    assert "1..4" in _field_docs(TrickRaceView)["horses"]
    state = racebook.load("trickrace").new_state(seed=4)
    bot = RandomBot(4)
    while state.view(None).horses[0] == 0:
        state.apply(bot.choose(state, state.to_act[0]))
    view = state.view(None)
    assert sorted(view.horses) == [1, 2, 3, 4]
    assert view.positions[view.horses[0] - 1] == state.pos[view.horses[0] - 1]  # type: ignore[attr-defined]

"""Force of the Horse: an action's cost is bounded by the config (issue #22).

Hostile card sets (a draw that replacements would turn into 20**8 draws, a
state trigger that piles up continuous effects forever, a rule process a
replacement keeps putting back) and random card sets from the whole
vocabulary: every action ends, does at most ``max_work`` steps of work,
leaves at most ``max_effects`` continuous effects, and the game's log
replays to the same state.  How long the worst action takes is measured in
``make bench`` (benchmarks/run.py), never asserted here."""

from __future__ import annotations

import random

import pytest

import racebook
from racebook.agents.base import RandomBot
from racebook.games.forcehorse import ForceHorseState, parse_card_set, sample_set
from tests.foth_cards import hostile_draws, hostile_pileup, random_card_set


def _game(text: str, **settings: object) -> racebook.Game[object]:
    cards, decks = parse_card_set(text)
    return racebook.load(  # type: ignore[no-any-return]
        "forcehorse", cards=(*sample_set()[0], *cards), decks=(decks[0], decks[-1]), **settings
    )


def _play_bounded(game: racebook.Game[object], seed: int, actions: int = 600) -> ForceHorseState:
    st = game.new_state(seed=seed)
    assert isinstance(st, ForceHorseState)
    bot = RandomBot(seed)
    config = st.game.config
    for _ in range(actions):
        if st.is_over:
            break
        st.apply(bot.choose(st, st.to_act[0]))
        assert st.ab.done <= config.max_work + 1
        assert len(st.ab.lasting) <= config.max_effects
    return st


def _ended_in_a_loop_draw(st: ForceHorseState, bound: str | None = None) -> bool:
    """Ended in a draw by 1201.1c (``bound`` None) or by the engine's limit ``bound``."""
    if bound is None:
        return st.is_over and any(e.kind == "loop-draw" for e in st.log.events(None))
    return st.is_over and any(
        e.kind == "engine-limit" and e.bound == bound  # type: ignore[attr-defined]
        for e in st.log.events(None)
    )


def test_1201_1c_a_draw_replaced_into_ever_more_draws_is_bounded_by_max_work() -> None:
    """Eight draw replacements on one card, one applying to any draw, each
    making 20 draws (809.2c stops only the same one along a chain): the game
    ends as a loop no one can stop within ``max_work`` steps of one action."""
    game = _game(hostile_draws(20), max_work=2_000)
    ends = [_play_bounded(game, seed) for seed in range(6)]
    assert any(_ended_in_a_loop_draw(st, "max_work") for st in ends)
    assert all(st.is_over for st in ends)


def test_1201_1c_a_state_trigger_piling_up_effects_is_bounded_by_max_effects() -> None:
    """Treadmill: a state trigger that always holds and makes a continuous
    effect each time it resolves (806.6a: it waits again): a perpetual forced
    loop; the game ends, never holding more than ``max_effects`` effects."""
    game = _game(hostile_pileup(), max_effects=50, loop_repeats=10_000)
    ends = [_play_bounded(game, seed) for seed in range(4)]
    assert any(_ended_in_a_loop_draw(st, "max_effects") for st in ends)


def test_1201_1c_loop_repeats_ends_a_forced_growing_loop_first() -> None:
    game = _game(hostile_pileup(), max_effects=10_000, loop_repeats=30)
    ends = [_play_bounded(game, seed) for seed in range(4)]
    assert any(_ended_in_a_loop_draw(st, "loop_repeats") for st in ends)
    for st in ends:
        assert len(st.ab.lasting) <= 31


@pytest.mark.parametrize("seed", range(12))
def test_random_card_sets_play_bounded_and_replay(seed: int) -> None:
    """A random card set of the whole vocabulary: bounded actions, and the
    log replays to the same state (digest).  Bounds a tenth of the shipped
    ones, so that a set that piles things up reaches them quickly (``make
    bench`` plays 500 sets at the shipped bounds)."""
    game = _game(
        random_card_set(random.Random(seed)), max_effects=2_000, max_work=40_000, loop_repeats=2_000
    )
    st = _play_bounded(game, seed, actions=300)
    again = racebook.replay(st.log.dumps())
    assert again.digest() == st.digest()


@pytest.mark.parametrize("field", ["loop_repeats", "max_work", "max_effects"])
def test_the_bounds_are_checked_settings(field: str) -> None:
    from racebook.core.errors import ConfigError

    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", **{field: 0})
    assert err.value.field == field


# -- hostile card set files: a typed error, quickly, whatever the text ----------------------

_HOSTILE_FILES = {
    "deep arrays": "a = " + "[" * 5000 + "]" * 5000,
    "deep inline tables": "a = " + "{b = " * 3000 + "1" + "}" * 3000,
    "an integer past the digit limit": "[set]\nname = 1" + "0" * 6000,
    "deck not a list": 'deck = 5\n[set]\nname = "x"',
    "deck cards not a list": '[set]\nname = "x"\n[[deck]]\nname = "d"\ncards = 5',
    "card not a list": 'card = "x"',
    "an odd key": '"\\u0000" = 1',
}


@pytest.mark.parametrize("what", sorted(_HOSTILE_FILES))
def test_parse_card_set_refuses_a_hostile_file_with_a_config_error(what: str) -> None:
    from racebook.core.errors import ConfigError

    with pytest.raises(ConfigError):
        parse_card_set(_HOSTILE_FILES[what])


def test_parse_card_set_caps_the_text_before_parsing() -> None:
    from racebook.core.errors import ConfigError
    from racebook.games.forcehorse.cards import MAX_CARD_SET_CHARS

    text = "# " + "x" * MAX_CARD_SET_CHARS  # a comment TOML would take seconds to skip
    with pytest.raises(ConfigError) as err:
        parse_card_set(text)
    assert "at most" in err.value.reason


def test_803_4_an_items_ability_that_is_never_valid_is_refused() -> None:
    """803.4b-d name no zone where an item's or jockey's abilities are valid:
    beside its text, only what it says about its own move (803.4a-i)."""
    from racebook.core.errors import ConfigError

    item = (
        '[set]\nname = "x"\n[[card]]\nname = "Lamp"\nkind = "support"\ncategory = "item"\n'
        'timing = "area"\n[[card.ability]]\n'
    )
    with pytest.raises(ConfigError) as err:
        parse_card_set(item + 'type = "auto"\non = "turn-start"\ndo = ["draw"]\n')
    assert err.value.field == "cards[Lamp].ability[0].type"
    (lamp,), _ = parse_card_set(
        item + 'type = "replace"\ninstead = "farm"\nwhose = "this"\n'
        'do = [{effect = "to-hand", target = "this"}]\n'
    )
    assert lamp.abilities[0].type == "replace"

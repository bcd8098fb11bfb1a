"""The trick race's listing loop speed-ups keep the contract: the plays kept
with the state (``tricks.hand_plays``) list exactly what the rules allow, at
every decision of random games, in clones and hidden variants too; a listed
play is applied without a second check, anything else is checked."""

from __future__ import annotations

import random

import pytest

import racebook
from racebook.cards.race import race_card
from racebook.core.errors import IllegalAction
from racebook.games.trickrace.actions import Play
from racebook.games.trickrace.phases import TRICK
from racebook.games.trickrace.state import TrickRaceState
from racebook.games.trickrace.tricks import may_whip, playable


def plays_from_the_rules(state: TrickRaceState, seat: int) -> list[Play]:
    """The plays of ``seat`` made from the rules alone, card by card, each
    without then with the whip."""
    whips = (False, True) if may_whip(state, seat) else (False,)
    return [Play(seat, race_card(x), w) for x in playable(state, seat) for w in whips]


def listing_game(state: TrickRaceState, rng: random.Random) -> int:
    """Play ``state`` out by listing; check every trick listing; return the checks."""
    checked = 0
    while not state.is_over:
        seat = state.to_act[0]
        listed = state.legal_actions(seat)
        if state.phase == TRICK:
            assert listed == plays_from_the_rules(state, seat)
            checked += 1
        if rng.random() < 0.05:  # a clone lists the same, and changes nothing here
            other = state.clone()
            assert other.legal_actions(seat) == listed
            other.play_random(random.Random(checked), 9)
        state.apply(listed[int(rng.random() * len(listed))])
    return checked


@pytest.mark.parametrize("players", [3, 4])
def test_kept_plays_are_the_rules_plays(players: int) -> None:
    game = racebook.load("trickrace", players=players)
    assert sum(listing_game(game.new_state(seed=s), random.Random(s)) for s in range(12)) > 500


def test_kept_plays_follow_a_hidden_variant() -> None:
    game = racebook.load("trickrace")
    rng = random.Random(7)
    for s in range(10):
        state = game.new_state(seed=s)
        state.play_random(rng, 30 + s)  # in the first race's tricks
        seat = state.to_act[0]
        state.legal_actions(seat)  # kept for this hand
        other = state.hidden_variant((seat + 1) % 4, rng)
        for t in range(4):
            if t in other.to_act and other.phase == TRICK:
                assert other.legal_actions(t) == plays_from_the_rules(other, t)


def test_the_listing_loop_logs_the_random_bots_games() -> None:
    game = racebook.load("trickrace")
    for s in range(5):
        listed, bot = game.new_state(seed=s), game.new_state(seed=s)
        rng = random.Random(s)
        while not listed.is_over:
            actions = listed.legal_actions(listed.to_act[0])
            listed.apply(actions[int(rng.random() * len(actions))])
        bot.play_random(random.Random(s))
        assert listed.log.dumps() == bot.log.dumps()


def test_a_listed_play_of_another_state_is_checked() -> None:
    game = racebook.load("trickrace")
    state = game.new_state(seed=3)
    state.play_random(random.Random(3), 20)
    while state.phase != TRICK:
        state.play_random(random.Random(3), 1)
    seat = state.to_act[0]
    stale = state.legal_actions(seat)
    state.apply(stale[0])
    assert stale[0] not in state.legal_actions(state.to_act[0])
    before = state.log.dumps()
    with pytest.raises(IllegalAction):
        state.apply(stale[0])  # listed for the state before: checked again, refused
    assert state.log.dumps() == before

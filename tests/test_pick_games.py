"""Each game's ``State._pick`` (the random bot's pick without listing every
legal action) gives exactly what the listing pick gives: at every decision of
many seeded random games, the same action from the same rng state, with the
same one draw; and a game's log is byte for byte the log of the same game
played by listing (``legal_actions(seat)[int(r.random() * n)]``)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import racebook
from racebook.core.game import State

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "longshot": ("longshot", {}),
    "longshot-4": ("longshot", {"players": 4}),
    "longshot-6-card-rule": ("longshot", {"players": 6, "golden_rule": "card"}),
    "longshot-no-spurt-3-cards": ("longshot", {"spurt_threshold": 30, "spurt_cards": 3}),
    "longshot-stuck": (
        "longshot",
        {"pass_when_full": False, "stuck_player_covers_same_mv": True, "stuck_player_draws": False},
    ),
    "mafia": ("mafia", {}),
    "mafia-6": ("mafia", {"players": 6}),
    "trickrace": ("trickrace", {}),
    "trickrace-4": ("trickrace", {"players": 4}),
    "forcehorse": ("forcehorse", {}),
    "forcehorse-random": ("forcehorse-random", {}),
}


def make(name: str) -> racebook.Game[Any, Any]:
    game_id, settings = GAMES[name]
    return racebook.load(game_id, **settings)


def without_abilities(game: racebook.Game[Any, Any]) -> racebook.Game[Any, Any]:
    """Force of the Horse as the benchmark plays it (benchmarks/run.py)."""
    config = game.config
    cards = tuple(attrs.evolve(c, abilities=()) for c in config.cards)
    return type(game)(attrs.evolve(config, cards=cards, aptitude=False))


def listing_pick(state: State[Any, Any, Any], seat: int, rng: random.Random) -> Any:
    legal = state.legal_actions(seat)
    return legal[int(rng.random() * len(legal))]


def check_games(game: racebook.Game[Any, Any], seeds: range) -> int:
    """Play ``seeds`` with ``random_action``, checking each pick against the
    listing pick of a clone; return the decisions checked."""
    decisions = 0
    for seed in seeds:
        state = game.new_state(seed=seed)
        twin = game.new_state(seed=seed)  # the same game, picked by listing
        rng, twin_rng = random.Random(seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            before = rng.getstate()
            action = state.random_action(seat, rng)
            expected = listing_pick(twin, seat, twin_rng)
            assert action == expected, (seed, decisions, action, expected)
            assert rng.getstate() == twin_rng.getstate(), "not exactly one draw"
            assert state.check(action) is None, (seed, action)
            probe = random.Random()
            probe.setstate(before)
            assert state.clone().random_action(seat, probe) == action
            state.apply(action)
            twin.apply(expected)
            decisions += 1
        assert state.log.dumps() == twin.log.dumps()
    return decisions


@pytest.mark.parametrize("name", sorted(GAMES))
def test_pick_equals_listing(name: str) -> None:
    game = make(name)
    seeds = range(6) if name.startswith("forcehorse") else range(25)
    assert check_games(game, seeds) > 0


def test_pick_equals_listing_without_abilities() -> None:
    assert check_games(without_abilities(make("forcehorse")), range(8)) > 0


def test_random_bot_logs_unchanged() -> None:
    """A RandomBot game's log is the listing pick's log (the bot calls random_action)."""
    from racebook.agents.base import RandomBot

    for name in ("longshot", "mafia", "trickrace", "forcehorse"):
        game = make(name)
        for seed in range(3):
            state = game.new_state(seed=seed)
            bot = RandomBot(seed)
            while not state.is_over:
                state.apply(bot.choose(state, state.to_act[0]))
            twin = game.new_state(seed=seed)
            rng = random.Random(seed)
            while not twin.is_over:
                twin.apply(listing_pick(twin, twin.to_act[0], rng))
            assert state.log.dumps() == twin.log.dumps(), (name, seed)

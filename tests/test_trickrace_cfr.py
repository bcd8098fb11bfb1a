"""The small trick race (``trickrace-mini``) and its settings: the game
between Kuhn and Leduc poker in size that tabular CFR solves (benchmarks/cfr.py, ``make cfr``),
and each setting of a small variant playing by its rule."""

from __future__ import annotations

import random
from typing import Any

import pytest

import racebook
from racebook import ConfigError
from racebook.agents.base import RandomBot
from racebook.games.trickrace import BET_DOWN, DISCARD, TRICK
from racebook.games.trickrace.hidden import hidden_variant, hidden_world


def _play(game: racebook.Game[Any, Any], seed: int) -> racebook.State[Any, Any, Any]:
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    while not state.is_over:
        state.audit()
        state.apply(bot.choose(state, state.to_act[0]))
    return state


def test_mini_plays_and_replays() -> None:
    game = racebook.load("trickrace-mini")
    assert game.seats == 3 and game.config.cards == 2 and len(game.deck) == 8
    for seed in range(30):
        state = _play(game, seed)
        assert racebook.replay(state.log.dumps()).digest() == state.digest()
        assert len(state.history) == 1  # one race


def test_mini_has_no_paddock_no_tickets_fixed_horses() -> None:
    state = racebook.load("trickrace-mini").new_state(seed=3)
    assert state.phase == TRICK  # no discards, no tickets: the race at once
    assert state.horse_of[:3] == [1, 2, 3] and state.start == 1  # Vanilla Beans' rider
    assert state.squares[0] == [1, 2, 3, 4]
    assert all(len(state.hands[s]) == 2 for s in range(4))
    view = state.view(0)
    assert view.discard_number == 0 and view.revealed is None
    # the piles deal: two pairs of piles with the same backs, dealt at random
    piles = sorted(tuple(c) for c in state.cards_of)
    assert piles == sorted([(1, 18), (2, 17), (33, 50), (34, 49)])  # R1 B2, R2 B1, Y1 G2, Y2 G1
    seen = {tuple(_play(racebook.load("trickrace-mini"), s).cards_of[0]) for s in range(40)}
    assert len(seen) == 4


def test_piles_hide_only_which_pile_of_the_same_backs() -> None:
    game = racebook.load("trickrace-mini")
    rng = random.Random(1)
    for seed in range(20):
        state = game.new_state(seed=seed)
        for seat in range(3):
            other = hidden_variant(state, seat, rng)
            other.audit()
            assert other.view(seat) == state.view(seat)
            assert sorted(map(tuple, other.cards_of)) == sorted(map(tuple, state.cards_of))
            world = game.new_state(explicit_chance=True)
            for action in hidden_world(state, seat, rng):
                world.apply(action)
            assert world.view(seat) == state.view(seat)


def test_fixed_deal_and_draw_are_one_outcome() -> None:
    game = racebook.load("trickrace", deal="fixed", horse_draw="fixed", players=3)
    a, b = game.new_state(seed=1), game.new_state(seed=2)
    assert a.cards_of == b.cards_of and a.horse_of == b.horse_of
    # horses 1 and 2 share red and blue, horse 1 the odd reds and even blues
    assert a.cards_of[0] == [1, 3, 5, 7, 9, 11, 18, 20, 22, 24, 26, 28]
    start = game.new_state(explicit_chance=True)
    assert len(start.chance_node().outcomes([]) or []) == 1  # the draw
    for seed in range(5):
        _play(game, seed)


def test_down_in_turn_lays_face_down_tickets_one_at_a_time() -> None:
    game = racebook.load("trickrace", players=3, races=1, down_in_turn=True)
    state = game.new_state(seed=5)
    bot = RandomBot(5)
    while state.phase != BET_DOWN:
        state.apply(bot.choose(state, state.to_act[0]))
    order = []
    while state.phase == BET_DOWN:
        assert len(state.to_act) == 1
        order.append(state.to_act[0])
        state.apply(bot.choose(state, state.to_act[0]))
    assert len(set(order)) == 3
    while not state.is_over:
        state.apply(bot.choose(state, state.to_act[0]))


@pytest.mark.parametrize("players", [3, 4])
def test_fewer_cards_with_the_paddock(players: int) -> None:
    game = racebook.load("trickrace", players=players, marks=(3, 2, 1), races=2)
    for seed in range(10):
        state = _play(game, seed)
        assert racebook.replay(state.log.dumps()).digest() == state.digest()
    state = game.new_state(seed=0)
    assert state.phase == DISCARD and len(state.hands[0]) == 2


def test_settings_are_checked() -> None:
    with pytest.raises(ConfigError, match="marks"):
        racebook.load("trickrace", marks=(1, 2))  # the paddock needs 3 cards
    with pytest.raises(ConfigError, match="deal"):
        racebook.load("trickrace", deal="sorted")
    with pytest.raises(ConfigError, match="horse_draw"):
        racebook.load("trickrace", horse_draw="chosen")


def test_defaults_are_the_printed_game() -> None:
    config = racebook.load("trickrace").config
    assert (config.cards, config.deal, config.horse_draw) == (12, "shuffle", "random")
    assert config.paddock and config.tickets and not config.down_in_turn


# -- OpenSpiel: the tree is small and CFR solves it ---------------------------------------


def test_mini_tree_is_small_and_cfr_converges() -> None:
    pytest.importorskip("pyspiel")
    from benchmarks.cfr import run, tree_size
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    from racebook.adapters.openspiel import load

    game = load("trickrace-mini")
    assert str(game) == "racebook_trickrace(preset=trickrace-mini,returns=places)"
    nodes, terminals, infos = tree_size(game)
    assert nodes < 1000 and terminals < 200 and infos < 600
    uniform = exploitability.nash_conv(game, policy.UniformRandomPolicy(game))
    assert uniform > 0.3
    ((three, conv3, _),) = run(game, [3])
    assert three == 3 and conv3 < uniform / 2

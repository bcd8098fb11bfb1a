"""The search bot (racebook.agents.search): it never reads what its seat may
not see, its levels and budgets, its hints; and the tournament."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook.agents import Estimate, SearchBot, bot_names, make_bot
from racebook.agents.search import LEVELS, determinize, level_bot
from racebook.core.errors import ConfigError
from racebook.core.game import CHANCE, State
from racebook.tournament import lineup, tournament, wilson

GAMES = ["longshot", "mafia", "readysetbet", "trickrace", "forcehorse"]


def positions(game_id: str, seed: int, count: int) -> list[tuple[State[Any, Any, Any], int]]:
    """``count`` states of a random game where a player has 2 legal actions or more."""
    game = racebook.load(game_id)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    found: list[tuple[State[Any, Any, Any], int]] = []
    while not state.is_over and len(found) < count:
        to_act = state.to_act
        seat = to_act[int(rng.random() * len(to_act))]
        actions = state.legal_actions(seat)
        if seat < game.players and len(actions) > 1:
            # mostly states where the seat does not see everything
            hidden = state.hidden_variant(seat, random.Random(1)).snapshot() != state.snapshot()
            if rng.random() < (0.5 if hidden else 0.05):
                found.append((state.clone(), seat))
        state.apply(actions[int(rng.random() * len(actions))])
    assert found, game_id
    return found


def other_world(state: State[Any, Any, Any], seat: int, seed: int) -> State[Any, Any, Any]:
    """``state`` with what ``seat`` may not see redealt, and other future chance."""
    other = state.hidden_variant(seat, random.Random(seed))
    other._rng = random.Random(seed)
    other._rng_shared = False
    return other


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_never_reads_what_its_seat_may_not_see(game_id: str) -> None:
    differed = 0
    for k, (state, seat) in enumerate(positions(game_id, seed=11, count=4)):
        other = other_world(state, seat, 1000 + k)
        assert other.view(seat) == state.view(seat)
        differed += other.snapshot() != state.snapshot()
        one = SearchBot(seed=5, iterations=6).hint(state, seat)
        two = SearchBot(seed=5, iterations=6).hint(other, seat)
        assert one == two
        assert SearchBot(seed=9, iterations=6).choose(state, seat) == SearchBot(
            seed=9, iterations=6
        ).choose(other, seat)
        # the hard level's settings (the heuristic's move as anchor, playouts by
        # the heuristic bots, the prior, horizons, exact odds), a smaller budget
        hard = {**LEVELS["hard"], "iterations": 6, "top": 3, "horizon": 8}
        assert SearchBot(seed=5, **hard).hint(state, seat) == SearchBot(seed=5, **hard).hint(
            other, seat
        )
        # when it bets in Ready Set Bet's race (elsewhere: always ready)
        assert SearchBot(seed=5, **hard).ready(state, seat) == SearchBot(seed=5, **hard).ready(
            other, seat
        )
    assert differed  # the hidden data did differ: the test tells something


@pytest.mark.parametrize("game_id", GAMES)
def test_a_determinization_starts_from_the_seats_view_alone(game_id: str) -> None:
    # twins (equal views, other hidden cards) redeal to the very same world
    # for the same generator: nothing of the real state's hidden order leaks
    for k, (state, seat) in enumerate(positions(game_id, seed=11, count=30)):
        for j in range(3):
            twin = other_world(state, seat, 100 + j)
            one = determinize(state, seat, random.Random(7))
            two = determinize(twin, seat, random.Random(7))
            assert one.snapshot() == two.snapshot(), (k, j)


def test_the_trick_race_search_chooses_the_same_in_twins() -> None:
    # the twins where the bot (same seed) chose differently: the face-down
    # discard's redeal followed where its card sat in the real hand
    found = positions("trickrace", seed=11, count=26)
    for k, j in ((19, 2), (25, 0)):
        state, seat = found[k]
        twin = other_world(state, seat, 100 + j)
        assert twin.view(seat) == state.view(seat)
        one = SearchBot(seed=5, iterations=6).choose(state, seat)
        assert one == SearchBot(seed=5, iterations=6).choose(twin, seat), k


@pytest.mark.parametrize("game_id", GAMES)
def test_a_determinization_looks_the_same_to_the_seat(game_id: str) -> None:
    state, seat = positions(game_id, seed=4, count=1)[0]
    det = determinize(state, seat, random.Random(1))
    assert det.view(seat) == state.view(seat)
    assert det.legal_actions(seat) == state.legal_actions(seat)
    assert det._rng is not state._rng


def test_the_levels_are_registered_for_every_game() -> None:
    for game_id in GAMES:
        names = bot_names(game_id)
        for level in LEVELS:
            assert f"search:{level}" in names
        assert "search" in names
    bot = make_bot("trickrace", "search:hard", 1)
    assert isinstance(bot, SearchBot)
    assert bot.iterations == LEVELS["hard"]["iterations"] and bot.playout == "heuristic"
    assert bot.anchor and bot.value == "margin" and bot.exact
    easy, normal, hard = (level_bot(level)(1) for level in ("easy", "normal", "hard"))
    # each level more than the one below: heuristic playouts, then more of them
    assert (easy.playout, normal.playout) == ("random", "heuristic")
    assert normal.iterations < hard.iterations and (normal.top or 0) < (hard.top or 0)
    assert not easy.exact and normal.exact and hard.exact
    # Ready Set Bet: easy bets when offered the turn, normal and hard wait for more
    assert easy.wait is None and (normal.wait or 0) < (hard.wait or 0)
    assert normal.margin > hard.margin  # normal trusts the heuristic's move more
    # a game's own hard level (GAME_LEVELS): Long Shot and Mafia search more
    for game in ("longshot", "mafia"):
        own = make_bot(game, "search:hard", 1)
        assert isinstance(own, SearchBot)
        assert own.iterations > hard.iterations and own.name == "search:hard"
    assert bot.name == "search:hard"


def test_a_hint_ranks_every_legal_action() -> None:
    state, seat = positions("longshot", seed=2, count=1)[0]
    ranked = SearchBot(seed=3, iterations=40).hint(state, seat)
    assert all(isinstance(e, Estimate) for e in ranked)
    assert sorted(map(repr, (e.action for e in ranked))) == sorted(
        map(repr, state.legal_actions(seat))
    )
    values = [e.value for e in ranked]
    assert values == sorted(values, reverse=True)
    # rounds of one playout per action, in one world per round
    n = len(ranked)
    assert [e.visits for e in ranked] == [max(1, 40 // n)] * n
    assert all(0.0 <= e.win_rate <= 1.0 for e in ranked)
    # the pick is the top of the ranking
    assert SearchBot(seed=3, iterations=40).choose(state, seat) == ranked[0].action


def test_the_same_seed_gives_the_same_decisions_and_the_state_is_untouched() -> None:
    state, seat = positions("trickrace", seed=6, count=1)[0]
    digest = state.digest()
    length = len(state.log)
    first = SearchBot(seed=1, iterations=12).hint(state, seat)
    assert first == SearchBot(seed=1, iterations=12).hint(state, seat)
    assert state.digest() == digest and len(state.log) == length


def test_the_heuristic_move_stands_unless_beaten_by_a_margin() -> None:
    for game_id in ["longshot", "trickrace", "forcehorse"]:
        state, seat = positions(game_id, seed=3, count=1)[0]
        heuristic = make_bot(game_id, "heuristic", 0)
        sure = SearchBot(
            seed=1, iterations=6, playout="heuristic", anchor=True, margin=1e9, horizon=10
        )
        assert sure.choose(state, seat) == heuristic.choose(state, seat)


def test_the_prior_leaves_out_the_clearly_bad_placements() -> None:
    state, seat = next(
        (s, seat) for s, seat in positions("longshot", seed=2, count=6)
        if len(s.legal_actions(seat)) > 4
    )  # fmt: skip
    ranked = SearchBot(seed=1, iterations=8, top=2, race_end=True).hint(state, seat)
    tried = [e for e in ranked if e.visits]
    assert len(tried) == 2 and ranked[:2] == tried
    assert all(e.visits == 4 for e in tried)


def test_ready_set_bet_bets_are_valued_by_the_odds() -> None:
    from racebook.games.readysetbet import Bet, odds

    state = racebook.load("readysetbet").new_state(seed=2)
    seat = 0
    ranked = SearchBot(seed=1).hint(state, seat)  # exact odds
    assert len(ranked) == len(state.legal_actions(seat))
    assert [e.value for e in ranked] == sorted((e.value for e in ranked), reverse=True)
    chance = {spot: p for spot, p, _ in odds(state, method="exact").spots}
    top = ranked[0].action
    assert isinstance(top, Bet)
    rate = state.spot_rate(top.spot)
    p = chance[top.spot]
    assert ranked[0].value == pytest.approx(p * top.token * rate.mult - (1 - p) * rate.loss)


def test_a_least_number_of_rounds() -> None:
    state, seat = positions("trickrace", seed=8, count=1)[0]
    ranked = SearchBot(seed=1, iterations=1, rounds=3).hint(state, seat)
    assert [e.visits for e in ranked] == [3] * len(ranked)


def test_a_time_budget() -> None:
    state, seat = positions("trickrace", seed=8, count=1)[0]
    ranked = SearchBot(seed=1, seconds=0.05).hint(state, seat)
    assert sum(e.visits for e in ranked) >= len(ranked)


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ConfigError):
        SearchBot(iterations=0)
    with pytest.raises(ConfigError):
        SearchBot(seconds=0)


def test_a_search_bot_plays_a_whole_game_of_each_kind() -> None:
    for game_id in ["trickrace", "readysetbet-simple"]:
        game = racebook.load(game_id)
        state = game.new_state(seed=3)
        bots = [SearchBot(seed=s, iterations=2) for s in range(game.seats)]
        rng = random.Random(0)
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[int(rng.random() * len(to_act))]
            assert seat != CHANCE
            state.apply(bots[seat].choose(state, seat))
        assert state.result is not None


def test_wilson_interval() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 < high < 0.35
    low, high = wilson(10, 10)
    assert 0.65 < low < high == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_lineups_rotate_every_bot_through_every_seat() -> None:
    bots = ["a", "b", "c"]
    seen = {(s, bots[b]) for i in range(3) for s, b in enumerate(lineup(bots, i, 3))}
    assert len(seen) == 9


def test_a_tournament_counts_every_seat_and_does_not_depend_on_the_workers() -> None:
    game = racebook.load("trickrace")
    one = tournament(game, ["random", "heuristic", "search:easy"], games=3, seed=2)
    two = tournament(game, ["random", "heuristic", "search:easy"], games=3, seed=2, workers=2)
    assert sum(r.seats for r in one.rows) == 3 * game.players
    for a, b in zip(one.rows, two.rows, strict=True):
        assert (a.bot, a.seats, a.win_rate, a.mean_score) == (
            b.bot,
            b.seats,
            b.win_rate,
            b.mean_score,
        )
        assert a.win_low <= a.win_rate <= a.win_high
        assert a.decisions > 0 and a.per_second > 0
    rates = [r.win_rate for r in one.rows]
    assert rates == sorted(rates, reverse=True)
    assert any("search:easy" in line for line in one.lines())
    with pytest.raises(ConfigError):
        tournament(game, ["nobody"], games=1)
    with pytest.raises(ConfigError):
        tournament(game, [], games=1)


def test_the_tournament_command() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "racebook",
            "tournament",
            "trickrace",
            "--bots",
            "random,search:easy",
            "--games",
            "2",
            "--seed",
            "4",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "win rate [95% CI]" in done.stdout
    assert "search:easy" in done.stdout and "random" in done.stdout
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "racebook",
            "tournament",
            "trickrace",
            "--bots",
            "nobody",
            "--games",
            "1",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "no bot 'nobody'" in bad.stderr


def test_the_search_benchmark_runs() -> None:
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "search.py"), "--quick", "--game", "trickrace"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "| Trick race | 2 |" in done.stdout

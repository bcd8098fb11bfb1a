"""When a bot acts where it need not: Ready Set Bet's race, where "players do
not take turns: when to bet is each player's own choice, first come, first
served" (rulebook, 投注 "betting").  The table (``simulate``, ``tournament``)
draws the next seat among the seats whose bot is ready
(:func:`racebook.agents.base.next_seat`)."""

from __future__ import annotations

import random
from typing import Any

import racebook
from racebook.agents.base import RandomBot, next_seat, ready
from racebook.agents.search import SearchBot
from racebook.core.game import State
from racebook.games.readysetbet import RACE, Bet, ReadySetBetState


class Waiting(RandomBot):
    """A random bot that never wants to act where it may wait."""

    def ready(self, state: State[Any, Any, Any], seat: int) -> bool:
        return False


def race_states(seed: int, count: int) -> list[ReadySetBetState]:
    """``count`` states of a random Ready Set Bet game in a race where several seats may act."""
    state = racebook.load("readysetbet").new_state(seed=seed)
    rng = random.Random(seed)
    found: list[ReadySetBetState] = []
    while not state.is_over and len(found) < count:
        assert isinstance(state, ReadySetBetState)
        if state.phase == RACE and len(state.to_act) > 2:
            found.append(state.clone())
        state.apply(state.random_action(state.to_act[int(rng.random() * len(state.to_act))], rng))
    assert len(found) == count
    return found


def test_a_bot_without_ready_is_always_ready() -> None:
    state = race_states(1, 1)[0]
    assert ready(RandomBot(1), state, state.to_act[0])
    assert not ready(Waiting(1), state, state.to_act[0])


def test_every_bot_ready_gives_the_uniform_draw_over_to_act() -> None:
    # the draw simulate and tournament made before bots could wait: the same
    # seat from the same one draw, so their games and logs are unchanged
    for state in race_states(2, 20):
        bots = [RandomBot(s) for s in range(state.game.seats)]
        for k in range(5):
            to_act = state.to_act
            want = to_act[int(random.Random(k).random() * len(to_act))]
            assert next_seat(state, bots, random.Random(k)) == want


def test_a_bettor_that_waits_is_not_given_the_turn() -> None:
    for state in race_states(3, 10):
        to_act = state.to_act
        waiting = to_act[0]
        bots: list[Any] = [RandomBot(s) for s in range(state.game.seats)]
        bots[waiting] = Waiting(0)
        rng = random.Random(4)
        drawn = {next_seat(state, bots, rng) for _ in range(60)}
        assert waiting not in drawn
        assert drawn == set(to_act) - {waiting}  # the others, each in turn
        # nobody ready: the table still goes on, the draw over every seat
        every = [Waiting(s) for s in range(state.game.seats)]
        assert {next_seat(state, every, rng) for _ in range(60)} == set(to_act)


def test_a_single_seat_to_act_acts_whether_ready_or_not() -> None:
    state = racebook.load("longshot").new_state(seed=1)
    assert len(state.to_act) == 1
    bots = [Waiting(s) for s in range(state.game.seats)]
    assert next_seat(state, bots, random.Random(0)) == state.to_act[0]


def test_the_search_bot_bets_only_when_the_best_bet_is_worth_more_than_wait() -> None:
    for state in race_states(5, 6):
        seat = next(s for s in state.to_act if s < state.game.players)
        ranked = SearchBot(seed=1, save=1.0).hint(state, seat)
        best = ranked[0].value
        assert isinstance(ranked[0].action, Bet) or best > 1e8 or best < -1e8
        assert SearchBot(seed=1, save=1.0).ready(state, seat)  # wait=None: always
        assert SearchBot(seed=1, save=1.0, wait=best - 0.01).ready(state, seat)
        assert not SearchBot(seed=1, save=1.0, wait=best + 0.01).ready(state, seat)


def test_the_search_bot_is_ready_outside_the_race() -> None:
    state = racebook.load("longshot").new_state(seed=1)
    assert SearchBot(seed=1, wait=1e9).ready(state, state.to_act[0])


def test_a_tournament_with_a_waiting_bettor_plays_to_the_end() -> None:
    from racebook.tournament import tournament

    game = racebook.load("readysetbet", players=3, races=1)
    result = tournament(game, ["search:hard", "random"], games=2, seed=1)
    assert sum(row.seats for row in result.rows) == 2 * game.players


def test_the_search_bot_samples_where_the_odds_cannot_be_exact() -> None:
    # a track longer than the exact method's (as a rule module changing the
    # moves would): the hard and normal levels value bets by sampled finishes
    from racebook.agents.base import make_bot
    from racebook.games.readysetbet.oddsmaker import exact_possible

    game = racebook.load("readysetbet", track=40, players=3, races=1)
    state = game.new_state(seed=1)
    assert isinstance(state, ReadySetBetState) and not exact_possible(state)
    names = ("search:hard", "search:normal", "search:easy")
    players: list[Any] = [make_bot(game.id, n, seed=s) for s, n in enumerate(names)]
    players += [RandomBot(9)] * (game.seats - game.players)
    rng = random.Random(1)
    while not state.is_over:
        seat = next_seat(state, players, rng)
        state.apply(players[seat].choose(state, seat))
    assert state.result is not None


def test_the_kept_exact_chances_are_not_the_callers_to_change() -> None:
    from racebook.agents.readysetbet_search import exact_chances

    state = race_states(6, 1)[0]
    mine = exact_chances(state)
    spot = next(iter(mine))
    mine[spot] = 5.0
    assert exact_chances(state)[spot] < 1.0

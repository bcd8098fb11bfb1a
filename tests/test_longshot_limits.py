"""Every size a Long Shot or Horse Racing Mafia variant sets is bounded (docs:
"Limits"), each field is checked alone before the relations between fields, and
any config that is accepted plays to its end."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import racebook
from racebook import CHANCE, ConfigError
from racebook.cards.horse import card
from racebook.core.serial import to_data
from racebook.games.longshot import (
    MAX_CARDS_A_TURN,
    MAX_FREE,
    MAX_GOAL,
    MAX_HAND,
    MAX_HORSES,
    MAX_INDICATED,
    MAX_MONEY,
    MAX_RACES,
    MAX_RESTOCK,
    MAX_RULES,
    MAX_STALL_ROUNDS,
    Deal,
    DealOrders,
    LongShotState,
    RaceStalled,
)
from racebook.games.mafia import MAFIA_RACE
from racebook.scoring.money import RaceTable
from racebook.testing import check_random_games

from .helpers import everyone_passes, new

LS = racebook.load("longshot").config.races[0]


def table(**changes: Any) -> list[Any]:
    return [to_data(attrs.evolve(LS, **changes))]


REFUSED: list[tuple[str, dict[str, Any], str]] = [
    ("longshot", {"players": 7}, "players"),
    ("longshot", {"horses": MAX_HORSES + 1}, "horses"),
    ("longshot", {"horses_at_4": MAX_HORSES + 1}, "horses_at_4"),
    ("longshot", {"hand_size": MAX_HAND + 1}, "hand_size"),
    ("longshot", {"hand_size": 0}, "hand_size"),
    ("longshot", {"players": 6, "hand_size_at_6": MAX_HAND + 1}, "hand_size_at_6"),
    ("longshot", {"starting_money": MAX_MONEY + 1}, "starting_money"),
    ("longshot", {"starting_money": -1}, "starting_money"),
    ("longshot", {"goal": MAX_GOAL + 1}, "goal"),
    ("longshot", {"goal": 0}, "goal"),
    ("longshot", {"goal": 10**18, "spurt_threshold": None}, "goal"),
    ("longshot", {"spurt_threshold": 0}, "spurt_threshold"),
    ("longshot", {"spurt_cards": MAX_CARDS_A_TURN + 1}, "spurt_cards"),
    ("longshot", {"spurt_cards": 0}, "spurt_cards"),
    ("longshot", {"draw": MAX_CARDS_A_TURN + 1}, "draw"),
    ("longshot", {"draw": -1}, "draw"),
    ("longshot", {"finishers": MAX_HORSES + 1}, "finishers"),
    ("longshot", {"finishers": 0}, "finishers"),
    ("longshot", {"tiebreaks": ["box_total", "highest_card", "box_total"]}, "tiebreaks"),
    ("longshot", {"tiebreaks": ["box_total", "box_total"]}, "tiebreaks"),
    ("longshot", {"tiebreaks": ["coin"]}, "tiebreaks"),
    ("longshot", {"golden_rule": "anyone"}, "golden_rule"),
    ("longshot", {"indicated_mvs": [1] * (MAX_INDICATED + 1)}, "indicated_mvs"),
    ("longshot", {"indicated_mvs": []}, "indicated_mvs"),
    ("longshot", {"indicated_mvs": [0, 0, 0]}, "indicated_mvs"),
    ("longshot", {"indicated_mvs": [1, 16]}, "indicated_mvs"),
    ("longshot", {"free_mvs": [1] * (MAX_FREE + 1)}, "free_mvs"),
    ("longshot", {"free_mvs": [-1]}, "free_mvs"),
    ("longshot", {"races": []}, "races"),
    ("longshot", {"races": table() * (MAX_RACES + 1)}, "races"),
    ("longshot", {"races": table(rewards=(1,) * (MAX_HORSES + 1))}, "races[0].rewards"),
    ("longshot", {"races": table(tickets=(1,) * (MAX_HORSES + 1))}, "races[0].tickets"),
    ("longshot", {"races": table(rewards=(1, MAX_MONEY + 1))}, "races[0].rewards[1]"),
    ("longshot", {"races": table(tickets=(-1,))}, "races[0].tickets[0]"),
    ("longshot", {"races": table(penalty=MAX_MONEY + 1)}, "races[0].penalty"),
    ("longshot", {"races": table(ticket_loss=-1)}, "races[0].ticket_loss"),
    ("longshot", {"races": table(unowned_ahead_penalty=10**15)}, "races[0].unowned_ahead_penalty"),
    ("longshot", {"races": table(last_place_penalty=10**15)}, "races[0].last_place_penalty"),
    ("longshot", {"restock_per_box": MAX_RESTOCK + 1}, "restock_per_box"),
    ("longshot", {"restock_per_box": -1}, "restock_per_box"),
    ("longshot", {"stall_rounds": 0}, "stall_rounds"),
    ("longshot", {"stall_rounds": MAX_STALL_ROUNDS + 1}, "stall_rounds"),
    ("longshot", {"rules": [{"name": "supply-quinella"}] * (MAX_RULES + 1)}, "rules"),
    # relations, each after every single field is in bounds
    ("longshot", {"horses": 5, "horses_at_4": 6}, "horses_at_4"),
    ("longshot", {"players": 6, "horses": 5}, "horses"),
    ("longshot", {"goal": 40}, "spurt_threshold"),
    ("longshot", {"finishers": 7}, "finishers"),
    ("longshot", {"hand_size": 23}, "hand_size"),
    ("longshot", {"first_player": 5}, "first_player"),
    # Mafia's supply-quinella module
    ("mafia", {"rules": [{"name": "supply-quinella", "settings": {"threshold": 0}}]}, "threshold"),
    (
        "mafia",
        {"rules": [{"name": "supply-quinella", "settings": {"threshold": 10**9}}]},
        "threshold",
    ),
    ("mafia", {"rules": [{"name": "supply-quinella", "settings": {"threshold": 61}}]}, "threshold"),
    ("mafia", {"rules": [{"name": "supply-quinella", "settings": {"price": 10**10}}]}, "price"),
    ("mafia", {"rules": [{"name": "supply-quinella", "settings": {"price": -1}}]}, "price"),
    ("mafia", {"rules": [{"name": "supply-quinella", "settings": {"pay": []}}]}, "pay"),
    ("mafia", {"rules": [{"name": "supply-quinella", "settings": {"pay": [1] * 11}}]}, "pay"),
    ("mafia", {"rules": [{"name": "supply-quinella", "settings": {"pay": [1, 10**10]}}]}, "pay[1]"),
]


@pytest.mark.parametrize(("game_id", "settings", "field"), REFUSED)
def test_every_size_is_bounded_and_named(
    game_id: str, settings: dict[str, Any], field: str
) -> None:
    with pytest.raises(ConfigError) as info:
        racebook.load(game_id, **settings)
    assert info.value.field.endswith(field), (info.value.field, str(info.value))


def test_single_fields_are_checked_before_relations() -> None:
    # a goal out of bounds is named as such, not as a spurt past the goal; a huge hand
    # as too big, not as a deck too small for it
    with pytest.raises(ConfigError, match="must be 1 to 1000") as info:
        racebook.load("longshot", goal=10**6, spurt_threshold=10**6 - 1)
    assert info.value.field == "goal"
    with pytest.raises(ConfigError, match="must be 1 to 50") as info:
        racebook.load("longshot", hand_size=10**6)
    assert info.value.field == "hand_size"
    with pytest.raises(ConfigError, match="must be 2 to 15") as info:
        racebook.load("longshot", horses=5, horses_at_4=99)
    assert info.value.field == "horses_at_4"


def test_the_printed_games_are_within_the_limits() -> None:
    for game_id in ("longshot", "mafia"):
        for players in (4, 5, 6):
            racebook.load(game_id, players=players)
    assert max(MAFIA_RACE.doubled().rewards) <= MAX_MONEY


# -- a race that can no longer change ------------------------------------------------


def stall_position(top_of_horse_1: int, pos: list[int], **settings: Any) -> LongShotState:
    """A variant deck where each horse has a 0 and a 1.  Each horse's upper box holds
    both (horse 1's with ``top_of_horse_1`` on top, the others' 0 on top), its lower
    box is empty; nothing is left to draw, open or restock, every hand is empty."""
    state = new(4, indicated_mvs=(0, 1), free_mvs=(), hand_size=1, restock_per_box=0, **settings)
    state.apply(Deal(CHANCE, tuple(card(x) for x in state.game.deck)))
    state.apply(DealOrders(CHANCE, (1, 2, 3, 4, 5)))
    state.hands = [[] for _ in range(4)]
    state.stack = []
    for h in range(1, 6):
        top = top_of_horse_1 if h == 1 else 0
        state.boxes[2 * h - 2] = [h * 16 + 1 - top, h * 16 + top]
        state.tops[2 * h - 2] = top
    state.pos = pos
    state.audit()
    return state


def test_a_race_that_stands_still_ends_as_it_stands() -> None:
    # no horse will ever move again: after stall_rounds (10) rounds the race ends
    state = stall_position(0, [59, 30, 20, 10, 0])
    assert state.game.config.stall_rounds == 10
    for _ in range(9):
        everyone_passes(state)
    assert state.race == 0 and state.idle == 9
    everyone_passes(state)
    assert state.race == 1 and state.history[0].places == (0, 0, 0, 0, 0)
    assert [e for e in state.log.events() if isinstance(e, RaceStalled)] == [RaceStalled(10)]


def test_stall_rounds_counts_rounds_in_a_row() -> None:
    # horse 1 moves one space a round: three rounds to the goal, no stall; then no
    # horse can move again, and 2 rounds later (stall_rounds=2) the race ends.
    state = stall_position(1, [57, 30, 20, 10, 0], stall_rounds=2)
    for _ in range(4):
        everyone_passes(state)
        assert state.race == 0
    assert state.fin == {1: state.fin[1]} and state.idle == 1
    everyone_passes(state)
    assert state.race == 1 and state.history[0].places == (1, 0, 0, 0, 0)
    assert any(isinstance(e, RaceStalled) for e in state.log.events())


# -- any accepted config plays to its end ----------------------------------------------


def play_to_the_end(game: racebook.Game[Any, Any], seed: int, max_steps: int = 300_000) -> int:
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        assert steps < max_steps, f"no end after {steps} steps"
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} has nothing to do"
        state.apply(legal[int(rng.random() * len(legal))])
        steps += 1
    state.audit()
    assert state.result is not None
    return steps


def edge(low: int, high: int, *common: int) -> st.SearchStrategy[int]:
    return st.sampled_from(sorted({low, high, *common}))


@st.composite
def extreme_configs(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    game_id = draw(st.sampled_from(["longshot", "mafia"]))
    players = draw(st.integers(4, 6))
    horses = draw(edge(players, MAX_HORSES, 6))
    s: dict[str, Any] = {"players": players, "horses": horses, "horses_at_4": horses}
    s["indicated_mvs"] = draw(
        st.sampled_from([[1], [0, 1], [15], [0] * (MAX_INDICATED - 1) + [1], list(range(16))])
    )
    s["free_mvs"] = draw(st.sampled_from([[], [0] * 10, [15] * MAX_FREE, [0, 8] * 20]))
    deck = horses * len(s["indicated_mvs"]) + len(s["free_mvs"])
    s["hand_size"] = draw(st.sampled_from(sorted({1, min(MAX_HAND, (deck - 1) // players)})))
    s["hand_size_at_6"] = None
    s["goal"] = draw(edge(1, MAX_GOAL, 60))
    s["spurt_threshold"] = draw(st.sampled_from([None, 1, s["goal"]]))
    s["spurt_cards"] = draw(edge(1, MAX_CARDS_A_TURN))
    s["draw"] = draw(edge(0, MAX_CARDS_A_TURN, 1))
    s["restock_per_box"] = draw(edge(0, MAX_RESTOCK, 2))
    s["finishers"] = draw(edge(1, horses))
    s["rank_unfinished"] = draw(st.booleans())
    s["pass_when_full"] = draw(st.booleans())
    s["golden_rule"] = draw(st.sampled_from(["player", "card"]))
    s["stuck_player_covers_same_mv"] = draw(st.booleans())
    s["stuck_player_draws"] = draw(st.booleans())
    s["opened_free_card_unavoidable"] = draw(st.booleans())
    s["open_money"] = draw(st.booleans())
    s["starting_money"] = draw(edge(0, MAX_MONEY))
    places = horses if s["rank_unfinished"] else s["finishers"]
    big = RaceTable(
        rewards=(MAX_MONEY,) * min(places, MAX_HORSES),
        penalty=MAX_MONEY,
        tickets=(MAX_MONEY,) * min(places, MAX_HORSES),
        ticket_loss=MAX_MONEY,
        unowned_ahead_penalty=MAX_MONEY,
        last_place_penalty=MAX_MONEY,
    )
    empty = RaceTable(rewards=(), penalty=0, tickets=(), ticket_loss=0)
    s["races"] = [to_data(t) for t in draw(st.sampled_from([[empty], [big, empty, big]]))]
    if game_id == "mafia":
        threshold = draw(st.sampled_from(sorted({1, s["goal"]})))
        rule = {"threshold": threshold, "price": draw(edge(0, MAX_MONEY)), "pay": [MAX_MONEY]}
        s["rules"] = [{"name": "supply-quinella", "settings": rule}]
    return game_id, s


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=extreme_configs(), seed=st.integers(0, 2**32))
def test_any_accepted_config_plays_to_its_end(case: tuple[str, dict[str, Any]], seed: int) -> None:
    game_id, s = case
    try:
        game = racebook.load(game_id, **s)
    except ConfigError:
        return  # refused: nothing to play
    play_to_the_end(game, seed)


def test_the_slowest_accepted_corner_ends() -> None:
    # the longest track, the most races, horses that move one space a round at best
    game = racebook.load(
        "longshot",
        players=4,
        horses=5,
        horses_at_4=5,
        indicated_mvs=[1],
        free_mvs=[],
        hand_size=1,
        goal=MAX_GOAL,
        spurt_threshold=None,
        finishers=5,
        races=[to_data(LS.__class__(rewards=(), penalty=0, tickets=(), ticket_loss=0))] * MAX_RACES,
    )
    state = game.new_state(seed=1)
    assert isinstance(state, LongShotState)
    assert play_to_the_end(game, 1) > MAX_GOAL * MAX_RACES


HARNESS_CASES: list[tuple[str, dict[str, Any]]] = [
    # the biggest deck (500 cards), hands, draws, spurt and restock; open money off
    (
        "longshot",
        {
            "players": 6,
            "horses": MAX_HORSES,
            "indicated_mvs": [*range(16), 1, 2, 3, 4],
            "free_mvs": [15] * MAX_FREE,
            "hand_size": MAX_HAND,
            "goal": 1,
            "spurt_threshold": 1,
            "spurt_cards": MAX_CARDS_A_TURN,
            "draw": MAX_CARDS_A_TURN,
            "restock_per_box": MAX_RESTOCK,
            "finishers": MAX_HORSES,
            "golden_rule": "card",
            "open_money": False,
        },
    ),
    # Mafia with 15 horses that rarely move: races end by standing still
    (
        "mafia",
        {
            "players": 4,
            "horses": MAX_HORSES,
            "horses_at_4": MAX_HORSES,
            "goal": 40,
            "finishers": MAX_HORSES,
            "stall_rounds": 1,
            "indicated_mvs": [0] * (MAX_INDICATED - 1) + [1],
            "free_mvs": [],
            "hand_size": 20,
        },
    ),
]


@pytest.mark.parametrize(("game_id", "settings"), HARNESS_CASES)
def test_extreme_configs_through_the_shared_harness(game_id: str, settings: dict[str, Any]) -> None:
    report = check_random_games(racebook.load(game_id, **settings), games=1, seed=3, deep=1)
    assert report.games == 1 and report.probes > 0


def test_the_heuristic_bot_plays_tables_that_pay_nothing() -> None:
    empty = to_data(RaceTable(rewards=(), penalty=0, tickets=(), ticket_loss=0))
    for game_id in ("longshot", "mafia"):
        game = racebook.load(game_id, players=4, races=[empty])
        summary = racebook.simulate(game, ["heuristic"] * 4, games=1, seed=1)
        assert summary.games == 1

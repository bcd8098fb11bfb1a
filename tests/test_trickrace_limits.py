"""The trick race's variant limits: every size has a documented bound, checked
field by field (docs/games/trickrace.rst, "Limits"), and every config the check
accepts plays to its end."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import racebook
from racebook import ConfigError, LogError
from racebook.games.trickrace import (
    MAX_COURSE,
    MAX_MARKS,
    MAX_POINTS,
    MAX_RACES,
    MAX_WHIPS,
)
from racebook.testing import check_random_games

BAD: list[tuple[str, dict[str, Any]]] = [
    ("players", {"players": 2}),
    ("players", {"players": 5}),
    ("races", {"races": 0}),
    ("races", {"races": MAX_RACES + 1}),
    ("races", {"races": 10**12}),
    ("course", {"course": 0}),
    ("course", {"course": MAX_COURSE + 1}),
    ("course", {"course": 10**12}),
    ("marks", {"marks": (2,) * 2}),  # the paddock needs 3 cards
    ("marks", {"marks": (), "paddock": False}),
    ("marks", {"marks": (2,) * 13}),
    ("marks", {"marks": (2,) * 10**5}),
    ("marks", {"marks": (2,) * 11 + (-1,)}),
    ("marks", {"marks": (2,) * 11 + (MAX_MARKS + 1,)}),
    ("prizes", {"prizes": (5, 3, 2, 1, 1)}),
    ("prizes", {"prizes": (5,) * 10**5}),
    ("prizes", {"prizes": (MAX_POINTS + 1, 3)}),
    ("prizes", {"prizes": (5, -MAX_POINTS - 1)}),
    ("start_odds", {"start_odds": MAX_POINTS + 1}),
    ("start_odds", {"start_odds": -MAX_POINTS - 1}),
    ("odds_steps", {"odds_steps": (0, 1, 2)}),
    ("odds_steps", {"odds_steps": (0, 1, 2, 3, 4)}),
    ("odds_steps", {"odds_steps": (0,) * 10**5}),
    ("odds_steps", {"odds_steps": (0, 1, 2, MAX_POINTS + 1)}),
    ("odds_steps", {"odds_steps": (-MAX_POINTS - 1, 1, 2, 3)}),
    ("whips", {"whips": -1}),
    ("whips", {"whips": MAX_WHIPS + 1}),
    ("whips", {"whips": 10**12}),
    ("finishers", {"finishers": 0}),
    ("finishers", {"finishers": 5}),
]


@pytest.mark.parametrize(
    ("field", "settings_"), BAD, ids=[f"{f}-{i}" for i, (f, _) in enumerate(BAD)]
)
def test_limits_every_size_is_bounded_and_named(field: str, settings_: dict[str, Any]) -> None:
    # a variant that cannot be played, or would allocate without end, is refused when it
    # is loaded, naming the field at fault (DESIGN: "Oversized ... input is refused
    # before it costs memory")
    with pytest.raises(ConfigError) as caught:
        racebook.load("trickrace", **settings_)
    assert caught.value.field == field


def test_limits_prizes_are_named_not_odds_steps() -> None:
    # five prizes used to be reported as a bad odds_steps
    with pytest.raises(ConfigError) as caught:
        racebook.load("trickrace", prizes=(5, 3, 1, 1, 1), odds_steps=(0, 1, 2, 3))
    assert caught.value.field == "prizes"


def test_limits_a_log_header_with_a_huge_course_is_refused() -> None:
    # every new state builds course + 1 squares: a header asking for 10**12 must be
    # refused before a state is made (the value here is just above the bound, so that
    # the test stays cheap if the check is missing)
    state = racebook.load("trickrace").new_state(seed=1)
    lines = state.log.dumps().splitlines()
    header = json.loads(lines[0])
    header["config"]["course"] = MAX_COURSE + 1
    text = "\n".join([json.dumps(header), *lines[1:]]) + "\n"
    with pytest.raises(LogError, match="setting course"):
        racebook.replay(text)


@pytest.mark.parametrize(
    "settings_",
    [
        {
            "races": MAX_RACES,
            "course": MAX_COURSE,
            "marks": (MAX_MARKS,) * 12,
            "prizes": (MAX_POINTS, -MAX_POINTS, 0, MAX_POINTS),
            "start_odds": -MAX_POINTS,
            "odds_steps": (MAX_POINTS, -MAX_POINTS, 0, 1),
            "whips": MAX_WHIPS,
            "finishers": 4,
        },
        {
            "players": 3,
            "races": 1,
            "course": 1,
            "marks": (0,) * 12,
            "prizes": (),
            "start_odds": MAX_POINTS,
            "whips": 0,
            "finishers": 1,
        },
    ],
)
def test_limits_the_bounds_themselves_are_accepted(settings_: dict[str, Any]) -> None:
    game = racebook.load("trickrace", **settings_)
    assert all(getattr(game.config, k) == v for k, v in settings_.items())


# -- every accepted config plays to its end ------------------------------------------------


def accepted_configs() -> st.SearchStrategy[dict[str, Any]]:
    points = st.sampled_from([-MAX_POINTS, -1, 0, 1, 5, MAX_POINTS])
    return st.fixed_dictionaries(
        {
            "players": st.sampled_from([3, 4]),
            "races": st.sampled_from([None, 1, 2, 5]),
            "course": st.sampled_from([1, 2, 7, 50, MAX_COURSE]),
            "marks": st.lists(st.sampled_from([0, 1, 3, MAX_MARKS]), min_size=12, max_size=12).map(
                tuple
            ),
            "prizes": st.lists(points, min_size=0, max_size=4).map(tuple),
            "start_odds": points,
            "odds_steps": st.lists(points, min_size=4, max_size=4).map(tuple),
            "whips": st.sampled_from([0, 1, 2, MAX_WHIPS]),
            "finishers": st.integers(1, 4),
            "discard_counts_top": st.booleans(),
            "revealed_is_discard": st.booleans(),
        }
    )


@settings(max_examples=25)
@given(accepted_configs(), st.integers(0, 2**16))
def test_limits_every_accepted_config_plays_to_its_end(config: dict[str, Any], seed: int) -> None:
    game = racebook.load("trickrace", **config)
    report = check_random_games(game, games=1, seed=seed, deep=1)
    assert report.games == 1


@pytest.mark.parametrize("players", [3, 4])
def test_limits_the_most_races_on_the_longest_course_play_to_the_end(players: int) -> None:
    game = racebook.load(
        "trickrace",
        players=players,
        races=MAX_RACES,
        course=MAX_COURSE,
        marks=(0,) * 11 + (MAX_MARKS,),
        whips=MAX_WHIPS,
        finishers=4,
    )
    report = check_random_games(game, games=1, seed=players, deep=0)
    assert report.steps >= MAX_RACES * (players * 3 + 30)  # discards, tickets, tricks

"""Ready Set Bet's settings: every size has a documented bound (docs: Limits), every
setting check_config accepts plays and replays, and an error names the field at fault."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import racebook
from racebook import CHANCE, ConfigError
from racebook.games.readysetbet import (
    BOARD,
    COLOUR_BETS,
    EXOTICS,
    PROPS,
    VIP_CARDS,
    ColourBet,
    ExoticCard,
    NewRace,
    PropCard,
    Rate,
    ReadySetBet,
    ReadySetBetConfig,
    Roll,
    VipCard,
)
from racebook.testing import check_random_games
from racebook.variants import read_variant

FIELDS = {f.name for f in attrs.fields(ReadySetBetConfig)}


def refused(settings: dict[str, Any]) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        racebook.load("readysetbet", **settings)
    return info.value


def row(cells: int) -> tuple[tuple[Rate, ...], ...]:
    return tuple(tuple(Rate(2, 1) for _ in range(cells)) for _ in range(3))


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        # single fields first: the field at fault, not one related to it
        ({"track": 0}, "track"),  # was blamed on red_line
        ({"track": 101}, "track"),
        ({"races": 10**9}, "races"),  # was blamed on props_per_race
        ({"races": 101, "props": PROPS * 40, "exotics": ()}, "races"),
        ({"races": 0}, "races"),
        ({"players": 0}, "players"),
        ({"players": 9}, "players"),
        ({"red_line": 0}, "red_line"),
        ({"red_line": 16}, "red_line"),  # beyond the track (15)
        ({"red_line": 16, "track": 0}, "track"),
        ({"close_after": 0}, "close_after"),
        ({"close_after": 10}, "close_after"),
        ({"bonus": (3,) * 8}, "bonus"),
        ({"bonus": (3, 3, 2, 1, 0, 1, 2, 3, 101)}, "bonus"),
        ({"bonus": (3, 3, 2, 1, -1, 1, 2, 3, 3)}, "bonus"),
        ({"board": BOARD[:8]}, "board"),
        ({"board": (*BOARD[:8], BOARD[0][:2])}, "board"),
        ({"board": (*BOARD[:8], row(11))}, "board"),
        ({"board": (*BOARD[:8], ((Rate(-1, 0),), (), ()))}, "board"),
        ({"board": (*BOARD[:8], ((Rate(2, 1001),), (), ()))}, "board"),
        ({"colour_bets": (*COLOUR_BETS, ColourBet("green", Rate(2, 1)))}, "colour_bets"),
        ({"colour_bets": (COLOUR_BETS[0], COLOUR_BETS[0])}, "colour_bets"),
        ({"colour_bets": (ColourBet("blue", Rate(5, -1)),)}, "colour_bets"),
        ({"props": PROPS * 36}, "props"),
        ({"props": (PropCard(9, (0,), Rate(2, 1)), *PROPS)}, "props"),
        ({"props": (PropCard(-1, (0,), Rate(2, 1)), *PROPS)}, "props"),
        ({"props": (PropCard(0, (9,), Rate(2, 1)), *PROPS)}, "props"),
        ({"props": (PropCard(0, (), Rate(2, 1)), *PROPS)}, "props"),
        ({"props": (PropCard(0, (0, 1), Rate(2, 1)), *PROPS)}, "props"),
        ({"props": (PropCard(0, (1,), Rate(2, -1)), *PROPS)}, "props"),
        ({"props_per_race": -1}, "props_per_race"),
        ({"props_per_race": 11, "races": 1}, "props_per_race"),
        ({"props_per_race": 8}, "props_per_race"),  # 4 races of 8: 32 > 28 cards
        ({"exotics": (EXOTICS[0], EXOTICS[0], *EXOTICS[1:])}, "exotics"),
        ({"exotics": (ExoticCard("hat-trick", Rate(2, 1)), *EXOTICS)}, "exotics"),
        ({"exotics": EXOTICS[:3]}, "exotics"),  # 4 races need 4 cards
        ({"exotics": (ExoticCard("blow-out", Rate(2, -2)), *EXOTICS[:4])}, "exotics"),
        ({"tokens": ()}, "tokens"),
        ({"tokens": (2, 3, 0)}, "tokens"),
        ({"tokens": (2, 3, 101)}, "tokens"),
        ({"tokens": (2,) * 21}, "tokens"),
        ({"tokens_at_7": (), "players": 7}, "tokens_at_7"),
        ({"tokens_at_7": (0,)}, "tokens_at_7"),
        (
            {"tokens_at_7": (), "players": 7, "rotating_host": True}
            | {"seven_or_eight_counts": "all"},
            "tokens_at_7",
        ),
        ({"seven_or_eight_counts": "everyone"}, "seven_or_eight_counts"),
        ({"seven_or_eight_counts": 7}, "seven_or_eight_counts"),
        ({"starting_money": -1}, "starting_money"),
        ({"starting_money": 10**6 + 1}, "starting_money"),
        ({"vip_cards": VIP_CARDS * 7}, "vip_cards"),
        ({"vip_cards": (VipCard("X", "bonus-token", value=101),)}, "vip_cards"),
        ({"vip_cards": (VipCard("X", "free-chips", amount=10**6 + 1),)}, "vip_cards"),
        ({"vip_cards": (VipCard("X", "late-bet", amount=21),)}, "vip_cards"),
        ({"vip_cards": (VipCard("X", "bonus-token", value=3, loss=1001),)}, "vip_cards"),
        ({"vip_cards": (VipCard("X" * 101, "snake-eyes", amount=1),)}, "vip_cards"),
        ({"vip_deal": -1}, "vip_deal"),
        ({"vip_deal": 11}, "vip_deal"),
        ({"host_money": 10**6 + 1}, "host_money"),
        ({"host_tokens": (1,) * 21, "host_bets": True}, "host_tokens"),
        ({"host_tokens": (), "host_bets": True}, "host_tokens"),
        ({"host_tokens": (0,)}, "host_tokens"),
        ({"host_pay": (0,) * 101}, "host_pay"),
        ({"host_pay": (0, 10**6 + 1)}, "host_pay"),
        # relations: the host's tokens need as many different spots in a race
        (
            {
                "host_bets": True,
                "host_tokens": (1,) * 10,  # 10 tokens, 9 spots
                "board": (((Rate(2, 1),), (), ()),) * 9,
                "colour_bets": (),
                "props_per_race": 0,
                "exotics": (),
            },
            "host_tokens",
        ),
    ],
)
def test_every_size_is_bounded_and_the_field_at_fault_is_named(
    settings: dict[str, Any], field: str
) -> None:
    assert refused(settings).field == field


def test_the_largest_accepted_sizes_load_and_play() -> None:
    # the documented maximums themselves are accepted (docs: Limits), all at once
    top = VipCard("Y" * 100, "bonus-token", value=100, loss=1000)
    game = racebook.load(
        "readysetbet",
        players=8,
        races=100,
        track=100,
        red_line=100,
        close_after=9,
        bonus=(100,) * 9,
        board=(tuple(tuple(Rate(1000, 1000) for _ in range(10)) for _ in range(3)),) * 9,
        props=PROPS * 35 + PROPS[:20],  # 1000 cards
        props_per_race=10,
        exotics=(),
        tokens=(2,) * 20,
        tokens_at_7=(100,) * 20,
        starting_money=10**6,
        vip_cards=(top, *VIP_CARDS * 6, *VIP_CARDS[:7]),  # 200 cards
        vip_deal=10,
        host_bets=True,
        host_money=10**6,
        host_tokens=(100,) * 20,
        host_pay=(10**6,) * 100,
    )
    assert len(game.config.props) == 1000 and len(game.config.vip_cards) == 200
    state = game.new_state(seed=1)
    host = game.seats - 1
    while state.phase != 1:  # the host's 20 tokens, then the race
        state.apply(state.legal_actions(host)[0])
    assert len(state.legal_actions(0)) == 9 * 30 + 4 + 10  # one token value, every spot
    while state.race == 0:  # nobody bets: the host rolls to the finish
        state.apply(Roll(host))
    assert state.view(None).race == 2


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        # each of these was accepted and then crashed the game
        ({"props": (PropCard(9, (0,), Rate(2, 1)), *PROPS[1:])}, "props"),  # IndexError
        ({"props": (PropCard(0, (9,), Rate(2, 1)), *PROPS[1:])}, "props"),  # IndexError
        ({"colour_bets": (ColourBet("green", Rate(2, 1)),)}, "colour_bets"),  # KeyError
        ({"props_per_race": -1}, "props_per_race"),  # ValueError
        ({"exotics": (EXOTICS[0], EXOTICS[0], *EXOTICS[1:3])}, "exotics"),  # a spot twice
        ({"starting_money": -5}, "starting_money"),  # money below $0
    ],
)
def test_an_accepted_setting_never_crashes_play_so_these_are_refused(
    settings: dict[str, Any], field: str
) -> None:
    assert refused(settings).field == field


def test_a_variant_file_prop_out_of_range_is_refused_by_name() -> None:
    card = {"ahead": 4, "behind": [12], "rate": {"mult": 2, "loss": 1}}
    text = json.dumps({"game": "readysetbet", "settings": {"props": [card] * 28}})
    with pytest.raises(ConfigError, match=r"props\[0\]") as info:
        read_variant(text, "json")
    assert info.value.field == "props"


def test_the_host_tokens_fit_the_spots_of_a_small_board() -> None:
    board = (((Rate(2, 1),), (), ()),) * 9  # 9 spots and 1 colour bet: room for 6
    game = racebook.load(
        "readysetbet", host_bets=True, board=board, colour_bets=COLOUR_BETS[:1], exotics=()
    )
    state = game.new_state(explicit_chance=True)
    state.apply(NewRace(CHANCE, (0, 1, 2, 3, 4), -1))
    assert len(state.legal_actions(game.seats - 1)) == 15  # 15 spots, one token value


# -- a little fuzzing: whatever check_config accepts plays and replays --------------------

rates = st.builds(Rate, st.integers(-1, 9), st.integers(-1, 5))
horses = st.integers(-1, 9)
VIP_KINDS = ["free-chips", "bonus-token", "piggyback", "late-bet", "snake-eyes", "box-cars"]
vip = st.builds(
    VipCard,
    name=st.sampled_from(["", "A", "B"]),
    kind=st.sampled_from([*VIP_KINDS, "x"]),
    amount=st.integers(-1, 3),
    value=st.integers(-1, 6),
    loss=st.integers(-1, 3),
    shield=st.booleans(),
)
board = st.lists(
    st.lists(st.lists(rates, max_size=2).map(tuple), min_size=2, max_size=3).map(tuple),
    min_size=8,
    max_size=10,
).map(tuple)
CHANGES: dict[str, st.SearchStrategy[Any]] = {
    "players": st.integers(0, 9),
    "races": st.integers(0, 3),
    "track": st.integers(0, 16),
    "red_line": st.integers(0, 17),
    "close_after": st.integers(0, 10),
    "bonus": st.lists(st.integers(-1, 20), min_size=8, max_size=10).map(tuple),
    "board": board,
    "colour_bets": st.lists(
        st.builds(ColourBet, st.sampled_from(["blue", "orange", "red", "7-out", "green"]), rates),
        max_size=5,
    ).map(tuple),
    "props": st.lists(
        st.builds(PropCard, horses, st.lists(horses, max_size=3).map(tuple), rates),
        max_size=12,
    ).map(tuple),
    "props_per_race": st.integers(-1, 6),
    "exotics": st.lists(
        st.builds(
            ExoticCard,
            st.sampled_from(
                ["by-a-nose", "blow-out", "tight-race", "late-start", "photo-finish", "hat-trick"]
            ),
            rates,
        ),
        max_size=6,
    ).map(tuple),
    "tokens": st.lists(st.integers(0, 6), max_size=6).map(tuple),
    "tokens_at_7": st.lists(st.integers(0, 6), max_size=6).map(tuple),
    "seven_or_eight_counts": st.sampled_from(["non-host", "all", "host"]),
    "starting_money": st.integers(-1, 5),
    "vip_cards": st.lists(vip, max_size=8).map(tuple),
    "vip_deal": st.integers(-1, 3),
    "free_chips_at_end": st.booleans(),
    "host_bets": st.booleans(),
    "host_money": st.integers(-1, 20),
    "host_tokens": st.lists(st.integers(0, 3), max_size=70).map(tuple),
    "rotating_host": st.booleans(),
    "host_pay": st.lists(st.integers(-1, 9), max_size=5).map(tuple),
}
BASE = ReadySetBetConfig(players=3, races=2)


@given(data=st.data(), seed=st.integers(0, 2**16))
def test_whatever_check_config_accepts_plays_and_replays(data: st.DataObject, seed: int) -> None:
    # a playable two-race game with one to four settings changed, edge values included
    fields = data.draw(st.lists(st.sampled_from(sorted(CHANGES)), min_size=1, max_size=4))
    config = attrs.evolve(BASE, **{f: data.draw(CHANGES[f], label=f) for f in fields})
    try:
        game = ReadySetBet(config)
    except ConfigError as exc:
        assert exc.field in FIELDS
        return
    report = check_random_games(game, games=1, seed=seed, deep=1, max_steps=50_000)
    assert report.games == 1

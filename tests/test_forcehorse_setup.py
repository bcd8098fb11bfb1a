"""Force of the Horse, part 1: card data (200s), race information (302,
601), deck building (602) and setup (603)."""

from __future__ import annotations

import attrs
import pytest

import racebook
import racebook.games.forcehorse
from racebook import ConfigError
from racebook.games.forcehorse import (
    SAMPLE_DECKS,
    Deck,
    DeckEntry,
    Mulligan,
    Race,
    parse_card_set,
    sample_set,
)
from racebook.games.forcehorse.events import FirstPlayerDecided, RaceDecided
from racebook.games.forcehorse.race import DISTANCE_CARDS
from racebook.games.forcehorse.setup import area_sizes
from racebook.games.forcehorse.zones import AREAS, FARM, HAND, SET_ASIDE, CardMoved
from racebook.testing import check_random_games


def started(race: Race | None, seed: int = 1, **settings: object) -> racebook.State[object]:
    """A game past its mulligans (nobody takes one), at the first turn."""
    st = racebook.load("forcehorse", race=race, **settings).new_state(seed=seed)
    for seat in list(st.to_act):
        st.apply(Mulligan(seat, False))
    return st


# -- 200s: cards as data ------------------------------------------------------------------


def test_200_sample_set_is_labelled_and_holds_legal_decks() -> None:
    cards, decks = sample_set()
    assert {c.kind for c in cards} == {"horse", "support", "force"}
    assert {c.category for c in cards if c.kind == "support"} == {"item", "jockey", "situation"}
    assert {c.category for c in cards if c.kind == "force"} == {"normal", "special"}
    sizes = sorted(len(d.names()) for d in decks)
    assert sizes == [60, 60, 80]
    text = racebook.games.forcehorse.cards.resources.files("racebook.games.forcehorse")
    assert "SAMPLE" in text.joinpath("data/sample.toml").read_text("utf-8")


H = '[[card]]\nname = "X"\nkind = "horse"\n'
S = '[[card]]\nname = "X"\nkind = "support"\ncategory = "item"\n'


@pytest.mark.parametrize(
    ("toml", "field"),
    [
        ('[[card]]\nname = "X"\nkind = "dragon"', "cards[X].kind"),
        (H + 'distances = ["medium"]', "cards[X].distances"),
        (H, "cards[X].distances"),
        (H + 'distances = ["all"]\nrun = "4"', "cards[X].run"),
        (H + 'distances = ["all"]\ntiming = "area"', "cards[X].timing"),
        (S + 'timing = "situation"', "cards[X].timing"),
        ('[[card]]\nname = "Big Force"\nkind = "force"', "cards[Big Force].category"),
        ('[[card]]\nname = "Force"\nkind = "force"\nforce = 2', "cards[Force].force"),
        (S + 'timing = "area"\n' + S + 'timing = "area"', "cards[X].name"),
        ("[[card]\n", "cards"),
    ],
)  # fmt: skip
def test_200_loader_errors_name_the_card_and_the_field(toml: str, field: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_card_set(toml)
    assert err.value.field == field


def test_206_1b_all_round_fits_every_distance() -> None:
    cards, _ = sample_set()
    teapot = next(c for c in cards if c.name == "Silver Teapot")
    assert all(teapot.fits_distance(d) for d in ("sprint", "mile", "middle", "long"))
    kite = next(c for c in cards if c.name == "Paper Kite")
    assert kite.fits_distance("mile") and not kite.fits_distance("long")  # 206.1a


def test_users_load_their_own_cards_and_decks() -> None:
    toml = "\n".join(
        [
            '[[card]]\nname = "Force"\nkind = "force"',
            '[[card]]\nname = "Plain Horse"\nkind = "horse"\ndistances = ["all"]',
            "run = 2\nguard = 1",
            '[[deck]]\nname = "mine"\ncards = [["Force", 57], ["Plain Horse", 3]]',
        ]
    )
    cards, decks = parse_card_set(toml)
    game = racebook.load("forcehorse", cards=cards, decks=(decks[0], decks[0]))
    report = check_random_games(game, games=2, deep=1)
    assert report.steps > 0


# -- 302, 601: race information --------------------------------------------------------


def test_601_2b_random_race_from_the_special_cards() -> None:
    seen = set()
    for seed in range(12):
        st = racebook.load("forcehorse-random").new_state(seed=seed)
        race = next(e for e in st.log.events(None) if isinstance(e, RaceDecided)).race
        assert race.distance in DISTANCE_CARDS and race.surface == "turf"
        size = 80 if race.distance_class == "long" else 60  # 602.1a
        assert len(st.table.cards) == 2 * size
        seen.add(race.distance)
    assert len(seen) > 3


def test_601_2a_agreed_race_and_its_errors() -> None:
    assert racebook.load("forcehorse").config.race == Race("tokyo", 1600, "firm")
    for bad, field in [
        (Race("tokyo", 1700, "firm"), "race.distance"),
        (Race("paris", 1600, "firm"), "race.racecourse"),
        (Race("tokyo", 1600, "wet"), "race.going"),
    ]:
        with pytest.raises(ConfigError) as err:
            racebook.load("forcehorse", race=bad)
        assert err.value.field == field


# -- 602: deck building -------------------------------------------------------------------


def test_602_1a_60_cards_or_80_at_a_long_distance() -> None:
    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", race=Race("tokyo", 3200, "firm"), long_decks=())
    assert err.value.field == "decks[0]" and "602.1a" in str(err.value)
    game = racebook.load("forcehorse", race=Race("tokyo", 3200, "firm"))
    assert len(game.deck_cards(Race("tokyo", 3200, "firm"))[0]) == 80


def test_602_1c_at_most_3_of_a_name_but_any_number_of_normal_force() -> None:
    deck = SAMPLE_DECKS["sample-sprint"]
    assert deck.cards[0] == DeckEntry("Force", 11)
    four = Deck("four", (DeckEntry("Force", 10), *deck.cards[1:], DeckEntry("Paper Kite", 1)))
    assert len(four.names()) == 60
    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", decks=(four, deck))
    assert err.value.field == "decks[0].Paper Kite" and "602.1c" in str(err.value)
    assert dict((e.card, e.count) for e in deck.cards)["Force"] == 11  # 602.1c-i


def test_602_unknown_card_is_named() -> None:
    bad = Deck("bad", (DeckEntry("Force", 59), DeckEntry("Nobody", 1)))
    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", decks=(bad, bad))
    assert err.value.field == "decks[0].Nobody"


# -- 603: before the game ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "aside", "sizes"),
    [
        (1200, 29, (6, 6, 6, 6)),
        (1600, 21, (8, 8, 8, 8)),
        (2200, 9, (11, 11, 11, 11)),  # inferred
        (2400, 5, (12, 12, 12, 12)),
        (2500, 3, (12, 13, 13, 12)),  # 603.1f-i
        (3000, 13, (15, 15, 15, 15)),
        (3200, 9, (16, 16, 16, 16)),
    ],
)
def test_603_1d_f_set_aside_by_distance_and_four_areas(
    distance: int, aside: int, sizes: tuple[int, ...]
) -> None:
    st = started(Race("kyoto", distance, "good"))
    other = 1 - st.turn_player
    assert tuple(len(st.table.zones[other][a]) for a in AREAS) == sizes
    farm = len(st.table.zones[other][FARM])
    assert farm == aside and len(st.table.zones[other][HAND]) == 7  # 603.1b, e
    assert len(st.table.zones[other][SET_ASIDE]) == 0


def test_603_1d_2200_is_a_setting() -> None:
    st = started(Race("kyoto", 2200, "good"), set_aside_2200=13)
    other = 1 - st.turn_player
    assert tuple(len(st.table.zones[other][a]) for a in AREAS) == (10, 10, 10, 10)
    with pytest.raises(ConfigError):
        racebook.load("forcehorse", set_aside_2200=54)


def test_603_1f_area_sizes() -> None:
    assert area_sizes(50) == [12, 13, 13, 12]
    assert area_sizes(45) == [11, 12, 11, 11]
    assert area_sizes(47) == [12, 12, 12, 11]


def test_603_1e_first_player_by_revealing_set_aside_cards() -> None:
    by_chance = by_reveal = 0
    for seed in range(40):
        st = started(Race("kyoto", 2500, "good"), seed=seed)
        events = list(st.log.events(None))
        decided = next(e for e in events if isinstance(e, FirstPlayerDecided))
        cut = events.index(decided)
        reveals = [e for e in events[:cut] if isinstance(e, CardMoved) and e.source == SET_ASIDE]
        kinds = [st.game.by_name[e.card].kind == "horse" for e in reveals if e.card]
        pairs = list(zip(kinds[::2], kinds[1::2], strict=True))
        assert all(a == b for a, b in pairs[:-1])
        if decided.by_chance:  # 603.1e-i: all 3 revealed, never one horse alone
            by_chance += 1
            assert len(pairs) == 3 and all(a == b for a, b in pairs)
        else:
            by_reveal += 1
            a, b = pairs[-1]
            assert a != b and decided.seat == (0 if a else 1)
        assert st.turn_player == decided.seat  # 603.1g
    assert by_chance and by_reveal


def test_603_1c_mulligan_returns_all_7_and_draws_7_anew() -> None:
    st = racebook.load("forcehorse").new_state(seed=5)
    before = st.view(0).hand
    st.apply(Mulligan(0, True))
    st.apply(Mulligan(1, False))
    moved_back = [e for e in st.log.events(0) if isinstance(e, CardMoved) and e.source == HAND]
    assert len(moved_back) == 7
    assert before  # a hand of 7 was there
    sizes = st.view(0).hand_sizes
    assert sorted(sizes) == [7, 8]  # 7 each, the first player drew 1 (702.3)


def test_200_cards_in_a_config_pass_the_loaders_checks() -> None:
    cards, _ = sample_set()
    bad = attrs.evolve(cards[-1], run=5)  # a support with a run value
    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", cards=(*cards[:-1], bad))
    assert err.value.field == f"cards[{bad.name}].run"
    odd = attrs.evolve(cards[0], kind="dragon")
    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", cards=(odd, *cards[1:]))
    assert err.value.field == "cards[Force].kind"


def test_a_variant_file_carries_the_race_and_the_decks() -> None:
    from racebook.variants.files import read_variant

    text = """
game = "forcehorse"

[settings]
race = {racecourse = "hanshin", distance = 2000, going = "good"}
hand_limit = 8

[[settings.decks]]
name = "teapots"
cards = [{card = "Force", count = 57}, {card = "Silver Teapot", count = 3}]

[[settings.decks]]
name = "bridges"
cards = [{card = "Force", count = 57}, {card = "Stone Bridge", count = 3}]
"""
    game = read_variant(text)
    assert game.config.race == Race("hanshin", 2000, "good") and game.config.hand_limit == 8
    assert [d.name for d in game.config.decks] == ["teapots", "bridges"]
    bad = text.replace("count = 3}]\n\n[[settings.decks]]", "count = 4}]\n\n[[settings.decks]]")
    bad = bad.replace(
        'Force", count = 57}, {card = "Silver Teapot", count = 4',
        'Force", count = 56}, {card = "Silver Teapot", count = 4',
    )
    with pytest.raises(ConfigError) as err:
        read_variant(bad)
    assert err.value.field == "decks[0].Silver Teapot"

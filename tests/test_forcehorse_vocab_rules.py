"""Force of the Horse: vocabulary words that work as the rules say, or are
refused when the card set is loaded.  Each test is named after its rule and
plays test cards (a card set's TOML) through ``racebook.load`` (the
abilities tests' ``position``), ``legal_actions`` and ``apply``."""

from __future__ import annotations

import re

import pytest

from racebook import ConfigError
from racebook.games.forcehorse import Pass, Run, Support, parse_card_set, sample_set
from racebook.games.forcehorse.effects import info
from racebook.games.forcehorse.loops import Choose
from racebook.games.forcehorse.zones import FARM, HAND, RUN
from tests.test_forcehorse_abilities import card, names, position
from tests.test_forcehorse_vocab import card_of


def _choose(st: object, seat: int, label: str) -> None:
    """Answer the pending choice with the option labelled ``label``, found
    among the legal actions."""
    view = st.view(seat)  # type: ignore[attr-defined]
    option = view.options.index(label)
    assert Choose(seat, option) in st.legal_actions(seat)  # type: ignore[attr-defined]
    st.apply(Choose(seat, option))  # type: ignore[attr-defined]


# -- 702.6a: only the turn player has a run count ------------------------------------


def test_702_6a_the_opponent_has_no_run_count_in_your_turn() -> None:
    """「相手の走破回数が 1 以上の時」 read in your own run: the opponent (the
    non-turn player) has no run count (702.6a), so it does not hold; your
    own run count (1, 702.6a-i) does."""
    probe = 'type = "force"\nwhen = ["opponent.run-count-at-least:1"]\ndo = [{effect = "draw"}]'
    theirs = card_of("horse", "Test Probe", probe)
    st = position(hands=(("Test Probe",), ()), phase="runner", extra=(theirs,), edition=3)
    assert Run(0, "Test Probe") in st.legal_actions(0)
    st.apply(Run(0, "Test Probe"))
    assert names(st, 0, HAND) == []
    mine = card_of("horse", "Test Probe", 'type = "force"\n'
                   'when = ["run-count-at-least:1"]\ndo = [{effect = "draw"}]')  # fmt: skip
    st = position(hands=(("Test Probe",), ()), phase="runner", extra=(mine,), edition=3)
    st.apply(Run(0, "Test Probe"))
    assert names(st, 0, HAND) == ["Force"]


# -- 805.2c: a cost of several cards ---------------------------------------------------


_TOLL = 'type = "force"\ncost = "farm-hand"\ncost_amount = 2\ndo = [{effect = "draw", amount = 3}]'


def test_805_2c_a_cost_of_several_cards_is_paid_in_full() -> None:
    """「手札を 2 枚ファームに置いてよい。そうしたら、カードを 3 枚引く」:
    all of the cost is paid (805.2c), any two cards of the hand."""
    toll = card_of("horse", "Test Toll", _TOLL)
    hand = ("Test Toll", "Force", "Paper Kite", "Spare Blinkers")
    st = position(hands=(hand, ()), phase="runner", extra=(toll,), edition=3)
    st.apply(Run(0, "Test Toll"))
    assert st.view(0).options == (
        "paying Force, Paper Kite",
        "paying Force, Spare Blinkers",
        "paying Paper Kite, Spare Blinkers",
        "decline",
    )
    farm = len(st.table.zones[0][FARM])
    _choose(st, 0, "paying Force, Spare Blinkers")
    assert sorted(names(st, 0, HAND)) == ["Force", "Force", "Force", "Paper Kite"]
    assert len(st.table.zones[0][FARM]) == farm + 2


def test_805_2c_a_cost_that_cannot_be_paid_in_full_is_not_paid() -> None:
    """One card in hand: two cannot be paid, so it is not played (806.3b)."""
    toll = card_of("horse", "Test Toll", _TOLL)
    st = position(hands=(("Test Toll", "Force"), ()), phase="runner", extra=(toll,), edition=3)
    events = st.apply(Run(0, "Test Toll"))
    assert [e.declined for e in events if e.kind == "ability-played"] == [True]  # type: ignore[attr-defined]
    assert names(st, 0, HAND) == ["Force"]


# -- 1102.5: "while this card is in the run area" --------------------------------------


def test_1102_5_until_run_area_is_refused_off_a_horse() -> None:
    """Only a horse is in the run area as itself: a situation card's effect
    lasting "while this card is in the run area" would never apply, so the
    loader refuses it, naming the card and the field."""
    text = (
        '[[card]]\nname = "Test Sun"\nkind = "support"\ncategory = "situation"\n'
        'timing = "situation"\n[[card.ability]]\ntype = "auto"\non = "turn-start"\n'
        'do = [{effect = "run", target = "your-run", until = "run-area"}]\n'
    )
    with pytest.raises(ConfigError, match=r"cards\[Test Sun\]\.ability\[0\]\.do\[0\]\.until"):
        parse_card_set(text)
    later = text.replace(
        'do = [{effect = "run", target = "your-run", until = "run-area"}]',
        'do = [{effect = "later", value = "run-failed", until = "run-area"}]\n'
        'later = [{effect = "draw"}]',
    )
    with pytest.raises(ConfigError, match=r"do\[0\]\.until"):
        parse_card_set(later)
    card_of("horse", "Test Horse", 'type = "force"\n'
            'do = [{effect = "run", target = "your-run", until = "run-area"}]')  # fmt: skip


def test_1102_5_until_run_area_on_a_horse_item_lasts_while_it_is_there() -> None:
    """A horse-type item is put in the run area after its text (805.2d-iv):
    "while this card is in the run area" means something there, and works."""
    text = (
        '[[card]]\nname = "Test Shoe"\nkind = "support"\ncategory = "item"\n'
        'timing = "horse"\n[[card.ability]]\ntype = "play"\n'
        'do = [{effect = "run", target = "named", amount = 2, until = "run-area"}]\n'
    )
    (shoe,), _ = parse_card_set(text)
    st = position(hands=(("Paper Kite", "Test Shoe"), ()), phase="runner", extra=(shoe,), edition=3)
    st.apply(Run(0, "Paper Kite"))
    st.apply(Pass(1))
    kite = card(st, 0, RUN, "Paper Kite")
    before = info(st, kite).run
    assert Support(0, "Test Shoe", 0, 0) in st.legal_actions(0)
    st.apply(Support(0, "Test Shoe", 0, 0))
    assert names(st, 0, RUN) == ["Paper Kite", "Test Shoe"]
    assert info(st, kite).run == before + 2


# -- 401.2b: the number of cards in every zone is public: counting them ------------------


def test_401_2b_a_counted_amount_for_each_card_in_a_zone() -> None:
    """「相手の手札 1 枚につき、カードを 1 枚引く」: ``per = "cards:opponent-hand"``."""
    count = card_of("area", "Test Count", 'type = "play"\n'
                    'do = [{effect = "draw", per = "cards:opponent-hand"}]')  # fmt: skip
    st = position(hands=(("Test Count",), ("Force", "Paper Kite")), extra=(count,), edition=3)
    assert Support(0, "Test Count") in st.legal_actions(0)
    st.apply(Support(0, "Test Count"))
    assert names(st, 0, HAND) == ["Force", "Force"]
    twice = 'type = "play"\ndo = [{effect = "draw", amount = 2, per = "cards:opponent-hand"}]'
    double = card_of("area", "Test Count", twice)
    st = position(hands=(("Test Count",), ("Force",)), extra=(double,), edition=3)
    st.apply(Support(0, "Test Count"))
    assert names(st, 0, HAND) == ["Force", "Force"]
    st = position(hands=(("Test Count",), ()), extra=(count,), edition=3)
    assert Support(0, "Test Count") not in st.legal_actions(0)  # 805.3: it would draw 0


def test_401_2b_a_threshold_on_the_cards_in_a_zone() -> None:
    """「相手のファームが 5 枚以上の時」 and 「手札が 1 枚以下の時」."""
    rich = card_of("area", "Test Rich", 'type = "play"\n'
                   'when = ["opponent.cards-at-least:hand,2", "cards-at-most:hand,1"]\n'
                   'do = [{effect = "draw"}]')  # fmt: skip
    st = position(hands=(("Test Rich",), ("Force", "Force")), extra=(rich,), edition=3)
    assert Support(0, "Test Rich") in st.legal_actions(0)
    st.apply(Support(0, "Test Rich"))
    assert names(st, 0, HAND) == ["Force"]
    st = position(hands=(("Test Rich",), ("Force",)), extra=(rich,), edition=3)
    assert Support(0, "Test Rich") not in st.legal_actions(0)  # the opponent has 1
    st = position(
        hands=(("Test Rich", "Force", "Force"), ("Force", "Force")), extra=(rich,), edition=3
    )
    assert Support(0, "Test Rich") not in st.legal_actions(0)  # 2 left in your hand


@pytest.mark.parametrize(
    ("ability", "field"),
    [
        ('when = ["cards-at-least:farm"]\ndo = [{effect = "draw"}]', "when"),
        ('when = ["cards-at-least:library,5"]\ndo = [{effect = "draw"}]', "when"),
        ('do = [{effect = "draw", per = "cards:opponent-library"}]', "do[0].per"),
        ('do = [{effect = "run", per = "cards:farm"}]', "do[0].per"),
    ],
)
def test_401_2b_counted_words_are_checked_at_load(ability: str, field: str) -> None:
    text = (
        '[[card]]\nname = "Test Bad"\nkind = "support"\ncategory = "item"\n'
        f'timing = "area"\n[[card.ability]]\ntype = "play"\n{ability}\n'
    )
    with pytest.raises(ConfigError, match=re.escape(f"cards[Test Bad].ability[0].{field}:")):
        parse_card_set(text)


# -- 1101.1: a horse card's text is force abilities ------------------------------------


_GUARDIAN_TEXT = (
    '[[card]]\nname = "Test Guardian"\nkind = "horse"\ncost = 0\nsurfaces = ["turf"]\n'
    'distances = ["all"]\nstyles = ["senko"]\nrun = 1\nguard = 1\n'
    '[[card.ability]]\ntype = "auto"\non = "not-guarded"\nwhose = "this"\n'
    'do = [{effect = "draw"}]\n'
)


@pytest.mark.parametrize("kind", ["auto", "state", "continuous", "replace"])
def test_1101_1_a_horses_text_is_force_abilities(kind: str) -> None:
    """A horse card's text is its force abilities (1101.1): another type of
    ability on a horse is refused where the card set is loaded, so that
    "cannot use force abilities" (1102.6) covers all of a horse's text."""
    bodies = {
        "auto": 'type = "auto"\non = "not-guarded"\nwhose = "this"\ndo = [{effect = "draw"}]',
        "state": 'type = "state"\nwhen = ["hand-empty"]\ndo = [{effect = "draw"}]',
        "continuous": 'type = "continuous"\ndo = [{effect = "guard", target = "your-run"}]',
        "replace": 'type = "replace"\ninstead = "draw"\ndo = [{effect = "going"}]',
    }
    with pytest.raises(ConfigError, match=re.escape("cards[Test Horse].ability[0].type:")):
        card_of("horse", "Test Horse", bodies[kind])
    card_of("horse", "Test Horse", 'type = "force"\non = "not-guarded"\nwhose = "this"\n'
            'do = [{effect = "draw"}]')  # fmt: skip
    card_of("horse", "Test Horse", 'type = "deck"\ncopies = 4')  # 602.2: before the game


def test_1101_1_the_sample_horses_text_is_force_abilities() -> None:
    """The sample set follows 1101.1: every horse's ability is a force
    ability (or deck building, 602.2), so 1102.6 covers all of it (Gift
    Giver's "when it enters the run area, your opponent draws" included)."""
    cards = sample_set()[0]
    gift = next(c for c in cards if c.name == "Gift Giver")
    assert {a.type for a in gift.abilities} == {"force"}
    horses = [a.type for c in cards if c.kind == "horse" for a in c.abilities]
    assert set(horses) == {"force", "deck"}


def test_1101_1_an_older_edition_keeps_its_horses() -> None:
    """A config of edition 2 (a log written before, defaults revision 2)
    still loads a horse with an automatic ability, and plays it."""
    (old,), _ = parse_card_set(_GUARDIAN_TEXT, current=False)
    with pytest.raises(ConfigError, match=re.escape("cards[Test Guardian].ability[0].type:")):
        parse_card_set(_GUARDIAN_TEXT)
    st = position(hands=(("Test Guardian",), ()), phase="runner", extra=(old,), edition=2)
    st.apply(Run(0, "Test Guardian"))
    st.apply(Pass(1))
    assert names(st, 0, HAND) == ["Force"]
    with pytest.raises(ConfigError, match=re.escape("cards[Test Guardian].ability[0].type:")):
        position(hands=(("Test Guardian",), ()), phase="runner", extra=(old,), edition=3)

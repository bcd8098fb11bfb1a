"""Force of the Horse, part 2: continuous effects (FotH 808), the aptitude
modifiers (1000s), force abilities (1100s), deck-building abilities (602.2),
the card loader's ability vocabulary, and property tests over random play
with decks full of ability cards.  The position helper and TEST_DECK are
``test_forcehorse_abilities``'s."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st_hyp

import racebook
import racebook.games.forcehorse
from racebook.core.errors import ConfigError
from racebook.games.forcehorse import Card, Deck, DeckEntry, Guard, Pass, Race, Run, Support
from racebook.games.forcehorse.abilities import (
    CONDITIONS,
    TRIGGERS,
    WHOSE,
    Ability,
    ability_from_data,
    ability_to_data,
)
from racebook.games.forcehorse.cards import WORDS, check_card, parse_card_set
from racebook.games.forcehorse.deck import copies_allowed
from racebook.games.forcehorse.effects import info, printed
from racebook.games.forcehorse.loops import Choose
from racebook.games.forcehorse.zones import FARM, HAND, RUN, SITUATION, move
from tests.test_forcehorse_abilities import (
    CURRENT_CARDS,
    SAMPLE_CARDS,
    TEST_DECK,
    TOKYO_MILE,
    card,
    log,
    names,
    passes,
    played,
    position,
    sample_card,
)

YIELDING_MILE = Race("tokyo", 1600, "yielding")


def horse(base: str, **changes: Any) -> Card:
    return attrs.evolve(sample_card(base), **changes)


# -- 808: continuous effects ---------------------------------------------------------------


def test_808_1a_the_printed_information_is_the_base() -> None:
    st = position(runs=(("Paper Kite", "Long Letter"), ()), aptitude=False)
    for c in st.table.zones[0][RUN]:
        assert info(st, c) == printed(st.table.cards[c])
    with_gate = position(runs=(("Ninth Gate", "Paper Kite"), ()), aptitude=False)
    kite = card(with_gate, 0, RUN, "Paper Kite")
    assert info(with_gate, kite).guard == sample_card("Paper Kite").guard + 1


def _spooked_gate() -> racebook.games.forcehorse.ForceHorseState:
    """Seat 0 runs Ninth Gate beside Paper Kite, then names it with Spooked."""
    hand = ("Ninth Gate", "Force", "Force", "Spooked")
    st = position(hands=(hand, ()), runs=(("Paper Kite",), ()), phase="runner")
    st.apply(Run(0, "Ninth Gate", ("Force", "Force")))
    gate, kite = card(st, 0, RUN, "Ninth Gate"), card(st, 0, RUN, "Paper Kite")
    assert (info(st, gate).guard, info(st, kite).guard) == (3, 2)
    st.apply(Pass(1))
    st.apply(Support(0, "Spooked", 0, 0))
    return st


def test_808_1b_and_808_1e_spooked_ninth_gate_loses_its_abilities_and_guards_3() -> None:
    """Spooked names Ninth Gate: it loses its abilities (808.1b), its own +1
    with them; its guard is set to 3 (808.1e)."""
    st = _spooked_gate()
    gate = card(st, 0, RUN, "Ninth Gate")
    assert info(st, gate).abilities == () and info(st, gate).guard == 3
    assert "Spooked" in names(st, 0, RUN)  # 805.2d-iv: until the run is done


def test_808_1b_a_card_that_lost_its_abilities_no_longer_affects_others() -> None:
    st = _spooked_gate()
    assert info(st, card(st, 0, RUN, "Paper Kite")).guard == 1


def test_808_1e_and_808_1f_numbers_set_before_numbers_moved() -> None:
    """Spooked (guard set to 3, played later) and Ninth Gate (+1, earlier):
    set first (808.1e), then +1 (808.1f): 4 whatever the timestamps."""
    hand = ("Paper Kite", "Spooked")
    st = position(hands=(hand, ()), runs=(("Ninth Gate",), ()), phase="runner")
    st.apply(Run(0, "Paper Kite"))
    st.apply(Pass(1))
    st.apply(Support(0, "Spooked", 0, 0))
    kite = card(st, 0, RUN, "Paper Kite")
    assert info(st, kite).guard == 4
    assert ("Paper Kite", 1, 4) in st.view(1).values[0]


def test_808_1c_non_number_information_set_salt_meadow_is_sashi() -> None:
    st = position(runs=(("Salt Meadow",), ()))
    assert info(st, card(st, 0, RUN, "Salt Meadow")).styles == ("sashi",)
    in_hand = position(hands=(("Salt Meadow",), ()))
    assert info(in_hand, card(in_hand, 0, HAND, "Salt Meadow")).styles == ("oikomi",)  # 803.4b


def test_808_1d_aptitude_after_words_set_salt_meadow_in_a_sashi_area() -> None:
    """Salt Meadow (run 4, middle/long, printed oikomi) at a mile in the sashi
    area: -1 (1002.1b) and, being sashi after 808.1c, +1 (1002.1c)."""
    st = position(runs=(("Salt Meadow",), ()), areas=((0, 0, 3, 3), (3, 3, 3, 3)))
    assert st.run_value(card(st, 0, RUN, "Salt Meadow")) == 4 - 1 + 1
    in_hand = position(hands=(("Salt Meadow",), ()), areas=((0, 0, 3, 3), (3, 3, 3, 3)))
    assert in_hand.run_value(card(in_hand, 0, HAND, "Salt Meadow")) == 4 - 1  # oikomi


def test_808_1f_i_style_steps_pace_maker_keeps_the_order_in_range() -> None:
    """Pace Maker: this turn, your hand's horses are one running style further
    back: senko to sashi; oikomi stays oikomi.  The step is applied at 808.1f,
    after the aptitude modifiers (808.1d): Paper Kite, senko then, gets no
    1002.1c +1 in the sashi area from being sashi now."""
    hand = ("Pace Maker", "Paper Kite", "Silver Teapot")
    st = position(hands=(hand, ()), areas=((0, 0, 3, 3), (3, 3, 3, 3)))
    kite, teapot = card(st, 0, HAND, "Paper Kite"), card(st, 0, HAND, "Silver Teapot")
    assert info(st, kite).styles == ("senko",) and st.run_value(kite) == 1
    st.apply(Support(0, "Pace Maker"))
    assert info(st, kite).styles == ("sashi",) and info(st, teapot).styles == ("oikomi",)
    assert st.run_value(kite) == 1
    assert ("Paper Kite", 0, 1, 1) in st.view(0).hand_values
    passes(st, 0, 0)
    assert st.turn_player == 1 and info(st, kite).styles == ("senko",)  # until the turn ends
    senko = position(hands=(hand, ()), areas=((0, 3, 3, 3), (3, 3, 3, 3)))
    kite = card(senko, 0, HAND, "Paper Kite")
    assert senko.run_value(kite) == 2  # 1002.1c in the hidden hand (1002.2)
    senko.apply(Support(0, "Pace Maker"))
    assert info(senko, kite).styles == ("sashi",) and senko.run_value(kite) == 2


@pytest.mark.parametrize("path_first", [True, False])
def test_808_1g_a_dependent_effect_after_salt_meadow_and_winding_path(path_first: bool) -> None:
    """Scenario 3: Winding Path (your sashi horses in the run area have
    yielding as a favourite) depends on Salt Meadow (its style is sashi):
    applied after it whatever their timestamps (808.1h only breaks the rest)."""
    st = position(
        situation=(("Winding Path",), ()),
        runs=(("Salt Meadow", "Paper Kite"), ()),
        race=YIELDING_MILE,
        favourite_conditions_bonus=True,
    )
    meadow, path = card(st, 0, RUN, "Salt Meadow"), card(st, 0, SITUATION, "Winding Path")
    t = st.table
    t.entered[path], t.entered[meadow] = (1, 2) if path_first else (2, 1)
    now = info(st, meadow)
    assert now.styles == ("sashi",) and "yielding" in now.favourites
    assert "yielding" not in info(st, card(st, 0, RUN, "Paper Kite")).favourites  # senko
    # favourite going +1 (the bonus setting), off-distance -1
    assert st.run_value(meadow) == 4 - 1 + 1


def test_808_1g_a_filter_reads_the_effects_it_depends_on_winter_almanac() -> None:
    """Winter Almanac (your run-area horses with run 4 or more run 1 more)
    depends on Lucky Horseshoe's +1 in the same step (808.1f): Ninth Gate,
    run 3, +1 from the later Horseshoe is 4, so the Almanac applies: 5."""
    hand = ("Ninth Gate", "Force", "Force", "Lucky Horseshoe")
    st = position(hands=(hand, ()), runs=(("Winter Almanac",), ()), phase="runner")
    st.apply(Run(0, "Ninth Gate", ("Force", "Force")))
    gate = card(st, 0, RUN, "Ninth Gate")
    assert st.run_value(gate) == 3  # under 4: no Almanac
    st.apply(Pass(1))
    st.apply(Support(0, "Lucky Horseshoe", 0, 0))
    assert st.run_value(gate) == 5
    almanac = card(st, 0, RUN, "Winter Almanac")
    assert st.run_value(almanac) == 5 - 1 + 1  # itself: middle at a mile, 4, then +1


BANNER = Card(
    "Test Banner", "support", "situation", timing="situation", text="Your horses are nige.",
    abilities=(Ability("continuous", do=(attrs.evolve(
        sample_card("Salt Meadow").abilities[0].do[0], value="nige", target="your-run"),)),),
)  # fmt: skip
"""A test-only situation card: 'your horses in the run area are nige' (808.1c)."""


@pytest.mark.parametrize("banner_later", [True, False])
def test_808_1h_and_808_1h_i_independent_effects_apply_in_timestamp_order(
    banner_later: bool,
) -> None:
    """Salt Meadow (its style is sashi) and a banner (your horses are nige)
    set the same information in the same step and depend on nothing: the
    later one (the card put in its zone later) wins."""
    st = position(situation=(("Test Banner",), ()), runs=(("Salt Meadow",), ()), extra=(BANNER,))
    meadow, banner = card(st, 0, RUN, "Salt Meadow"), card(st, 0, SITUATION, "Test Banner")
    st.table.entered[banner], st.table.entered[meadow] = (5, 4) if banner_later else (4, 5)
    assert info(st, meadow).styles == (("nige",) if banner_later else ("sashi",))


def test_808_2_an_effect_made_by_playing_skips_cards_that_moved_after() -> None:
    """Rewind: the horses in your hand run 1 more this turn, but not a horse
    drawn after it was played."""
    st = position(
        hands=(("Paper Kite", "Rewind", "Spare Blinkers"), ()),
        areas=((["Force", "Silver Teapot"], 3, 3, 3), (3, 3, 3, 3)),
    )
    kite = card(st, 0, HAND, "Paper Kite")
    st.apply(Support(0, "Rewind"))
    st.apply(Support(0, "Spare Blinkers"))  # draws Silver Teapot
    teapot = card(st, 0, HAND, "Silver Teapot")
    assert st.run_value(kite) == 1 + 1
    assert st.run_value(teapot) == 1  # printed 1, all-round, turf: no change


def test_808_3_an_effect_on_a_zone_applies_as_a_card_enters_it() -> None:
    st = position(hands=(("Paper Kite",), ()), runs=(("Ninth Gate",), ()), phase="runner")
    st.apply(Run(0, "Paper Kite"))
    assert ("Paper Kite", 1, 2) in st.view(1).values[0]


DUSK = horse(
    "Morning Lantern", name="Dusk Lantern", styles=("sashi",), favourites=(),
    distances=("mile",), text="Force: when its going is a favourite, +2 run.",
)  # fmt: skip
"""A test-only sashi horse with Morning Lantern's force ability (1102.2 form)."""


@pytest.mark.parametrize(("with_path", "bonus"), [(True, 2), (False, 0)])
def test_808_3a_and_1102_2_an_entry_trigger_reads_the_zones_effects(
    with_path: bool, bonus: int
) -> None:
    """Dusk Lantern enters the run area; Winding Path makes it favour yielding
    there (808.3a), so its 1102.2 condition holds: +2 run."""
    st = position(
        hands=(("Dusk Lantern", "Force"), ()),
        situation=(("Winding Path",), ()) if with_path else ((), ()),
        race=YIELDING_MILE, phase="runner", extra=(DUSK,),
    )  # fmt: skip
    st.apply(Run(0, "Dusk Lantern", ("Force",)))
    lantern = card(st, 0, RUN, "Dusk Lantern")
    assert st.run_value(lantern) == 2 + bonus
    assert played(st.log.events(None)) == [(0, "Dusk Lantern", False)]  # 1102.2: it triggers


# -- 1000s: aptitude ------------------------------------------------------------------------


def test_1001_1_and_1002_2_aptitude_applies_in_every_zone_hidden_ones_too() -> None:
    """Long Letter (run 4, long) at a mile runs 3 in hand, in a distance
    area and on the farm."""
    st = position(hands=(("Long Letter",), ()))
    area = position(areas=((["Long Letter"], 3, 3, 3), (3, 3, 3, 3)))
    in_hand = card(st, 0, HAND, "Long Letter")
    in_area = card(area, 0, "nige", "Long Letter")
    assert area.run_value(in_area) == 3
    assert st.run_value(in_hand) == 3
    assert ("Long Letter", 3, 3, 3) in st.view(0).hand_values
    move(st.table, in_hand, 0, HAND, FARM, [])
    assert st.run_value(in_hand) == 3


def test_1002_1a_off_its_surface_minus_1() -> None:
    st = position(runs=(("Copper Wheel",), ()), areas=((0, 3, 3, 3), (3, 3, 3, 3)),
                  race=Race("tokyo", 1200, "firm"))  # fmt: skip
    assert st.run_value(card(st, 0, RUN, "Copper Wheel")) == 2 - 1  # dirt at a turf race


def test_1002_1b_off_its_distance_minus_1() -> None:
    st = position(runs=(("Paper Kite", "Lapis Runner"), ()), race=Race("tokyo", 2000, "firm"))
    assert st.run_value(card(st, 0, RUN, "Paper Kite")) == 1 - 1  # sprint/mile at middle
    assert st.run_value(card(st, 0, RUN, "Lapis Runner")) == 4 - 1


def test_1002_1c_in_a_favourite_running_style_area_plus_1() -> None:
    at_senko = position(runs=(("Paper Kite",), ()), areas=((0, 3, 3, 3), (3, 3, 3, 3)))
    at_nige = position(runs=(("Paper Kite",), ()))
    assert at_senko.run_value(card(at_senko, 0, RUN, "Paper Kite")) == 2
    assert at_nige.run_value(card(at_nige, 0, RUN, "Paper Kite")) == 1


def test_1002_the_aptitude_and_bonus_settings() -> None:
    off = position(runs=(("Long Letter",), ()), aptitude=False)
    assert off.run_value(card(off, 0, RUN, "Long Letter")) == 4
    bonus = position(runs=(("Paper Kite",), ()), favourite_conditions_bonus=True)
    assert bonus.run_value(card(bonus, 0, RUN, "Paper Kite")) == 1 + 1  # favours firm


# -- 1100s: force abilities -------------------------------------------------------------------


def test_1102_1a_and_1102_2_the_state_form_lapis_runner_paid_special() -> None:
    """「（状態）時」: when put in the run area, if a special force was paid, run
    one more horse; paid with normal force only, nothing."""
    special = position(hands=(("Lapis Runner", "Mud Force", "Force"), ()), phase="runner",
                       race=YIELDING_MILE)  # fmt: skip
    special.apply(Run(0, "Lapis Runner", ("Force", "Mud Force")))
    assert special.run_count == 2 and log(special, "runs-added")
    normal = position(hands=(("Lapis Runner", "Force", "Force", "Force"), ()), phase="runner")
    normal.apply(Run(0, "Lapis Runner", ("Force", "Force", "Force")))
    assert normal.run_count == 1 and not log(normal, "runs-added")


def test_1102_1b_and_1102_3_the_action_form_copper_wheel() -> None:
    """「（行動）時」: when this run succeeds, draw a card (before the distance)."""
    st = position(hands=(("Copper Wheel", "Force"), ()), phase="runner",
                  race=Race("tokyo", 1200, "firm"), areas=((5, 5, 5, 5), (3, 3, 3, 3)))  # fmt: skip
    st.apply(Run(0, "Copper Wheel", ("Force",)))
    passes(st, 1, 0, 1)  # run 2 (dirt -1, nige area +1): distance 2
    assert played(st.log.events(None)) == [(0, "Copper Wheel", False)]
    assert len(names(st, 0, HAND)) == 1 + 2 and st.to_farm == 1


TWIN = horse(
    "Morning Lantern",
    name="Twin Lantern",
    favourites=("good",),
    abilities=(
        sample_card("Morning Lantern").abilities[0],
        sample_card("Copper Wheel").abilities[0],
    ),
)
"""A test-only horse with two force abilities: +2 run at a favourite going
(1102.2), draw when this run succeeds (1102.3)."""


def test_1102_4_each_condition_of_a_force_ability_is_its_own_ability() -> None:
    """At firm (not a favourite) the first does nothing; the second still draws."""
    st = position(hands=(("Twin Lantern", "Force"), ()), phase="runner", extra=(TWIN,),
                  race=Race("tokyo", 1200, "firm"), areas=((5, 5, 5, 5), (3, 3, 3, 3)))  # fmt: skip
    st.apply(Run(0, "Twin Lantern", ("Force",)))
    lantern = card(st, 0, RUN, "Twin Lantern")
    assert st.run_value(lantern) == 2 + 1  # nige area, no +2
    passes(st, 1, 0, 1)
    assert [n for _, n, _ in played(st.log.events(None))] == ["Twin Lantern"] * 2
    assert len(names(st, 0, HAND)) == 1 + 3
    good = position(hands=(("Twin Lantern", "Force"), ()), phase="runner", extra=(TWIN,),
                    race=Race("tokyo", 1200, "good"))  # fmt: skip
    good.apply(Run(0, "Twin Lantern", ("Force",)))
    assert good.run_value(card(good, 0, RUN, "Twin Lantern")) == 2 + 1 + 2


def test_1102_5_a_force_abilitys_effect_lasts_while_the_horse_is_in_the_run_area() -> None:
    """Red Umbrella: when the going changes, +1 run while it runs."""
    st = position(
        hands=(("Sudden Shower", "Paper Kite"), ()),
        runs=(("Red Umbrella",), ()),
        areas=((8, 3, 3, 3), (3, 3, 3, 3)),
    )
    umbrella = card(st, 0, RUN, "Red Umbrella")
    base = st.run_value(umbrella)
    st.apply(Support(0, "Sudden Shower"))  # the going changes (511)
    assert st.run_value(umbrella) == base + 1
    assert any("Red Umbrella" in e for e in st.view(1).effects)
    st.apply(Pass(0))
    st.apply(Run(0, "Paper Kite"))
    passes(st, 1, 0, 1)  # succeeds by 1; 702.6m: the run area to the farm
    assert umbrella in st.table.zones[0][FARM]
    assert not any("Red Umbrella" in e for e in st.view(1).effects)
    move(st.table, umbrella, 0, FARM, RUN, [])
    assert st.run_value(umbrella) == base  # back in the run area: the effect has ended


def test_1102_6_a_force_ability_that_cannot_be_used_does_not_trigger() -> None:
    """Blindfold names Copper Wheel: its 'draw when this run succeeds' does not trigger."""
    st = position(hands=(("Copper Wheel", "Force", "Blindfold"), ()), phase="runner",
                  race=Race("tokyo", 1200, "firm"), areas=((5, 5, 5, 5), (3, 3, 3, 3)))  # fmt: skip
    st.apply(Run(0, "Copper Wheel", ("Force",)))
    st.apply(Pass(1))
    st.apply(Support(0, "Blindfold", 0, 0))
    assert info(st, card(st, 0, RUN, "Copper Wheel")).force_usable is False
    passes(st, 0, 1)
    assert not log(st, "ability-triggered") and len(names(st, 0, HAND)) == 2


def test_1101_1_force_abilities_are_horse_text_only() -> None:
    with pytest.raises(ConfigError) as err:
        parse_card_set(_one_card("support", 'type = "force"\ndo = [{effect = "draw"}]'))
    assert err.value.field == "cards[Bad].ability[0].type"


# -- 602.2: deck-building abilities ----------------------------------------------------------


def test_602_2_a_deck_building_ability_replaces_the_3_copies_condition() -> None:
    cards = {c.name: c for c in SAMPLE_CARDS}
    assert copies_allowed(cards["Blue Sextant"]) == 4
    assert copies_allowed(cards["Paper Kite"]) == 3 and copies_allowed(cards["Force"]) is None
    assert TEST_DECK.names().count("Blue Sextant") == 4
    racebook.load("forcehorse", decks=(TEST_DECK, TEST_DECK))  # 4 Blue Sextants: fine
    five = Deck("five", (*TEST_DECK.cards[:-1], DeckEntry("Blue Sextant", 5)))
    five = Deck("five", (DeckEntry("Force", 19), *five.cards[1:]))
    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", decks=(five, TEST_DECK))
    assert err.value.field == "decks[0].Blue Sextant" and "602.2" in err.value.reason
    kites = Deck("kites", (DeckEntry("Force", 56), DeckEntry("Paper Kite", 4)))
    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", decks=(kites, TEST_DECK))
    assert "602.1c" in err.value.reason


def test_602_2_the_deck_ability_is_invalid_once_the_game_has_begun() -> None:
    st = position(runs=(("Blue Sextant", "Paper Kite"), ()))
    events: list[racebook.Event] = []
    from racebook.games.forcehorse.processes import rule_check

    rule_check(st, events)
    kite = card(st, 0, RUN, "Paper Kite")
    assert not events and info(st, kite) == info(position(runs=(("Paper Kite",), ())), kite)


# -- the card loader: abilities are checked data, never code -------------------------------


def _one_card(kind: str, ability: str, name: str = "Bad") -> str:
    body = {
        "horse": 'cost = 1\nsurfaces = ["turf"]\ndistances = ["mile"]\nstyles = ["nige"]\n'
        "run = 1\nguard = 1",
        "support": 'category = "item"\ntiming = "area"',
        "force": 'category = "special"\nforce = 2',
    }[kind]
    return f'[[card]]\nname = "{name}"\nkind = "{kind}"\n{body}\n[[card.ability]]\n{ability}\n'


BAD_ABILITIES = [
    ("horse", 'type = "auto"\non = "sunrise"\ndo = [{effect = "draw"}]', "on"),
    ("horse", 'type = "auto"\non = "drawn"\ndo = [{effect = "explode"}]', "do[0].effect"),
    ("horse", 'type = "state"\nwhen = ["going"]\ndo = [{effect = "draw"}]', "when"),
    ("horse", 'type = "state"\nwhen = ["hand-at-least"]\ndo = ["draw"]', "when"),
    ("horse", 'type = "state"\nwhen = ["lucky"]\ndo = ["draw"]', "when"),
    ("horse", 'type = "state"\nwhen = ["hand-empty:3"]\ndo = ["draw"]', "when"),
    ("horse", 'type = "state"\ndo = ["draw"]', "when"),
    ("horse", 'type = "auto"\non = "drawn"\nunless = ["going:swamp"]\ndo = ["draw"]', "unless"),
    ("horse", 'type = "play"\ndo = [{effect = "draw"}]', "type"),
    ("force", 'type = "force"\ndo = [{effect = "draw"}]', "type"),
    ("support", 'type = "magic"\ndo = ["draw"]', "type"),
    ("support", 'type = "play"\ncolour = "red"\ndo = ["draw"]', "colour"),
    ("support", 'type = "play"\ndo = [{effect = "draw", target = "everyone"}]', "do[0].target"),
    ("support", 'type = "play"\ndo = [{effect = "going", target = "you"}]', "do[0].target"),
    ("support", 'type = "play"\ndo = [{effect = "draw", amount = 99}]', "do[0].amount"),
    ("support", 'type = "play"\ndo = [{effect = "draw", until = "turn"}]', "do[0].until"),
    ("support", 'type = "play"\ndo = [{effect = "run", only = "style:sashi"}]', "do[0].only"),
    ("support", 'type = "play"\ndo = [{effect = "later", value = "never"}]', "do[0].value"),
    ("support", 'type = "play"\ndo = ["draw"]\nlater = [{effect = "keep"}]', "later"),
    ("support", 'type = "play"\ndo = []', "do"),
    ("support", 'type = "continuous"\ndo = [{effect = "draw"}]', "do"),
    ("support", 'type = "auto"\ndo = ["draw"]', "on"),
    ("support", 'type = "play"\non = "drawn"\ndo = ["draw"]', "on"),
    ("support", 'type = "play"\ninstead = "draw"\ndo = ["draw"]', "instead"),
    ("support", 'type = "replace"\ninstead = "draw"\nmay = true\ndo = ["draw"]', "cost"),
    ("support", 'type = "replace"\ninstead = "sneeze"\ndo = ["draw"]', "instead"),
    ("support", 'type = "play"\ncost = "soul"\ndo = ["draw"]', "cost"),
    ("support", 'type = "play"\nchoose = "anything"\ndo = ["draw"]', "choose"),
    ("support", 'type = "deck"\ncopies = 4\ndo = ["draw"]', "do"),
    ("support", 'type = "play"\ncopies = 4\ndo = ["draw"]', "copies"),
    ("support", 'type = "play"\ntext = 5\ndo = ["draw"]', "text"),
    ("horse", 'type = "auto"\non = "drawn"\nsource = "run"\ndo = ["draw"]', "source"),
]


@pytest.mark.parametrize(("kind", "ability", "field"), BAD_ABILITIES)
def test_the_loader_refuses_a_bad_ability_naming_the_card_and_field(
    kind: str, ability: str, field: str
) -> None:
    with pytest.raises(ConfigError) as err:
        parse_card_set(_one_card(kind, ability))
    assert err.value.field == f"cards[Bad].ability[0].{field}"


def test_the_loader_names_the_ability_by_its_index() -> None:
    text = _one_card("support", 'type = "play"\ndo = ["draw"]')
    text += '[[card.ability]]\ntype = "auto"\non = "never"\ndo = ["draw"]\n'
    with pytest.raises(ConfigError) as err:
        parse_card_set(text)
    assert err.value.field == "cards[Bad].ability[1].on"


def test_a_card_built_in_code_with_a_bad_ability_is_refused_too() -> None:
    bad = attrs.evolve(sample_card("Spare Blinkers"), abilities=(Ability("play", do=()),))
    with pytest.raises(ConfigError):
        check_card(bad)
    with pytest.raises(ConfigError):
        racebook.load("forcehorse", cards=(*SAMPLE_CARDS[:-1], bad))


def test_no_card_text_is_ever_executed(tmp_path: Path) -> None:
    """A card's text and an ability's text are inert strings: only the
    vocabulary acts."""
    marker = tmp_path / "pwned"
    code = f"__import__('pathlib').Path({str(marker)!r}).touch()"
    text = _one_card(
        "support",
        f'type = "play"\ntext = "{code}"\ndo = [{{effect = "draw"}}]',
        name="Spare Blinkers",
    ).replace('timing = "area"', f'timing = "area"\ntext = "{code}; going = 4"')
    (loaded,), _ = parse_card_set(text)
    assert loaded.text.startswith("__import__") and loaded.abilities[0].text == code
    cards = tuple(loaded if c.name == "Spare Blinkers" else c for c in SAMPLE_CARDS)
    st = position(hands=(("Spare Blinkers",), ()), cards=cards)
    st.apply(Support(0, "Spare Blinkers"))
    assert names(st, 0, HAND) == ["Force"] and st.race == TOKYO_MILE
    assert not marker.exists()


# -- the vocabulary round-trips ------------------------------------------------------------


def test_every_sample_ability_round_trips_through_its_data() -> None:
    """The sample sets of revision 2 (edition 2's checks) and now (edition 3's)."""
    count = 0
    for cards, current in ((SAMPLE_CARDS, False), (CURRENT_CARDS, True)):
        for c in cards:
            for i, a in enumerate(c.abilities):
                again = ability_from_data(c.name, c.kind, i, ability_to_data(a), WORDS)
                assert again == a
                count += 1
            check_card(c, current=current)
    assert count >= 50


_ARGS = {
    "": [""], "n": ["0", "3", "12"], "pair": ["run,guard", "hand,opponent-area"],
    "count": ["farm,5", "hand,0", "removed,12"],
    **{k: sorted(v) for k, v in WORDS.items()},
}  # fmt: skip
_CONDITION = st_hyp.sampled_from(sorted(CONDITIONS)).flatmap(
    lambda n: st_hyp.sampled_from(_ARGS[CONDITIONS[n]]).map(lambda a: f"{n}:{a}" if a else n)
)
_ONE_SHOT = st_hyp.one_of(
    st_hyp.builds(
        lambda e, a, t: {"effect": e, "amount": a, "target": t},
        st_hyp.sampled_from(["draw", "add-runs"]),
        st_hyp.integers(0, 20),  # counts (a negative one is refused: see the loader tests)
        st_hyp.sampled_from(["you", "opponent"]),
    ),
    st_hyp.builds(lambda a: {"effect": "going", "amount": a}, st_hyp.integers(-20, 20)),
    st_hyp.builds(
        lambda e, t, p: {"effect": e, "target": t, **({"per": p} if p else {})},
        st_hyp.sampled_from(["farm", "to-hand", "run", "guard", "cost", "lose-abilities"]),
        st_hyp.sampled_from(["this", "chosen", "named", "triggering"]),
        st_hyp.sampled_from(["", "run", "guard", "cost"]),
    ),
)


@given(
    st_hyp.sampled_from(TRIGGERS),
    st_hyp.sampled_from(WHOSE),
    st_hyp.lists(_CONDITION, max_size=3),
    st_hyp.lists(_CONDITION, max_size=2),
    st_hyp.lists(_ONE_SHOT, min_size=1, max_size=4),
    st_hyp.text(max_size=40),
)
def test_random_abilities_round_trip(
    on: str, whose: str, when: list[str], unless: list[str], do: list[Any], text: str
) -> None:
    data = {"type": "auto", "on": on, "whose": whose, "when": when, "unless": unless,
            "do": do, "text": text}  # fmt: skip
    ability = ability_from_data("Card", "horse", 0, data, WORDS)
    assert ability_from_data("Card", "horse", 0, ability_to_data(ability), WORDS) == ability
    assert len(ability.do) == len(do) and ability.when == tuple(when)


# -- properties of random play with decks full of ability cards ----------------------------


def _legal_play(seed: int, steps: int) -> racebook.games.forcehorse.ForceHorseState:
    game = racebook.load("forcehorse", decks=(TEST_DECK, TEST_DECK), race=YIELDING_MILE)
    st = game.new_state(seed=seed)
    rng = random.Random(seed)
    for step in range(steps):
        if st.is_over:
            break
        seat = st.to_act[0]
        actions = st.legal_actions(seat)
        assert actions, f"seat {seat} has nothing to do in {st.phase}"
        choices = [a for a in actions if not isinstance(a, Pass)] or actions
        action = rng.choice(choices if rng.random() < 0.8 else actions)
        st.apply(action)
        st.audit()
        if step % 7 == 0:
            for s in (0, 1, None):
                other = st.hidden_variant(-2 if s is None else s, random.Random(step))
                assert other.view(s) == st.view(s)
    return st


@given(st_hyp.integers(0, 2**31))
def test_random_play_conserves_cards_replays_and_never_leaks_a_hand(seed: int) -> None:
    st = _legal_play(seed, 90)
    again = racebook.replay(st.log.dumps())
    assert again.digest() == st.digest()
    for seat in (0, 1):
        other = 1 - seat
        assert st.view(seat).hand_sizes[other] == len(st.table.zones[other][HAND])
        assert st.view(seat).hand == tuple(names(st, seat, HAND))
        for event in st.log.events(seat):
            if event.kind == "secret-move":
                assert event.seat == seat  # type: ignore[attr-defined]


def test_random_play_reaches_the_ability_engine() -> None:
    """The property test above is not vacuous: abilities trigger, choices come up."""
    kinds: set[str] = set()
    for seed in range(6):
        st = _legal_play(seed, 150)
        kinds |= {e.kind for e in st.log.events(None)}
    assert {"ability-triggered", "ability-played", "replaced"} <= kinds


def test_choose_is_only_legal_for_the_choosing_seat() -> None:
    st = position(hands=(("Spare Blinkers", "Force"), ()), runs=(("Quiet Harbour",), ()),
                  situation=(("Paddock Rumour",), ()))  # fmt: skip
    st.apply(Support(0, "Spare Blinkers"))
    assert st.to_act == (0,) and st.legal_actions(1) == []
    assert st.check(Choose(0, 7)) is not None and st.check(Choose(0, 0)) is None
    assert Guard(0, "Paper Kite") not in st.legal_actions(0)


GATE_TWO = attrs.evolve(sample_card("Ninth Gate"), name="Ninth Gate II")
"""A test-only second Ninth Gate (the same continuous ability, another name)."""


def test_808_1b_losing_abilities_keeps_another_cards_identical_effect() -> None:
    """Spooked names Ninth Gate beside Ninth Gate II: Ninth Gate's own +1 is
    gone, Ninth Gate II's +1 still applies after the set: 3 + 1."""
    hand = ("Ninth Gate", "Force", "Force", "Spooked")
    st = position(hands=(hand, ()), runs=(("Ninth Gate II",), ()), phase="runner",
                  extra=(GATE_TWO,))  # fmt: skip
    st.apply(Run(0, "Ninth Gate", ("Force", "Force")))
    gate = card(st, 0, RUN, "Ninth Gate")
    assert info(st, gate).guard == 2 + 2
    st.apply(Pass(1))
    st.apply(Support(0, "Spooked", 0, 0))
    assert info(st, gate).guard == 3 + 1


def test_1201_1b_legal_actions_do_not_depend_on_what_the_seat_cannot_see() -> None:
    st = position(hands=(("Paper Kite", "Rewind"), ("Force", "Silver Teapot")),
                  areas=((["Silver Teapot", "Force"], 3, 3, 3), (3, 3, 3, 3)))  # fmt: skip
    st.apply(Support(0, "Rewind"))
    others = [st.hidden_variant(0, random.Random(k)) for k in range(5)]  # before any query
    assert Support(0, "Rewind") not in st.legal_actions(0)
    for other in others:
        assert other.view(0) == st.view(0)
        assert other.legal_actions(0) == st.legal_actions(0)


HEAVY_SHOE = Card(
    "Heavy Shoe", "support", "item", timing="horse", text="The horse it names guards 1.",
    abilities=(Ability("play", do=(attrs.evolve(
        sample_card("Spooked").abilities[0].do[1], amount=1),)),),
)  # fmt: skip
"""A test-only horse item: 'the horse it names guards 1' (guard-set, 808.1e)."""


@pytest.mark.parametrize(("first", "second", "guard"), [
    ("Heavy Shoe", "Spooked", 3), ("Spooked", "Heavy Shoe", 1),
])  # fmt: skip
def test_808_1h_ii_effects_made_by_playing_apply_in_the_order_they_were_played(
    first: str, second: str, guard: int
) -> None:
    """Two 'guard becomes N' effects on one horse: the one played later wins."""
    st = position(hands=(("Paper Kite", first, second), ()), phase="runner", extra=(HEAVY_SHOE,))
    st.apply(Run(0, "Paper Kite"))
    st.apply(Pass(1))
    st.apply(Support(0, first, 0, 0))
    st.apply(Support(0, second, 0, 0))
    assert st.guard_value(card(st, 0, RUN, "Paper Kite")) == guard


WET_WHEEL = horse(
    "Copper Wheel",
    name="Wet Wheel",
    abilities=(attrs.evolve(sample_card("Copper Wheel").abilities[0], when=("going:good",)),),
)
"""A test-only Copper Wheel whose 'draw when this run succeeds' holds at good only."""


@pytest.mark.parametrize(("race_going", "draws"), [("good", 1), ("firm", 0)])
def test_1102_3_and_803_3_an_action_form_ability_with_a_condition(
    race_going: str, draws: int
) -> None:
    st = position(
        hands=(("Wet Wheel", "Force"), ()),
        phase="runner",
        race=Race("tokyo", 1200, race_going),
        areas=((5, 5, 5, 5), (3, 3, 3, 3)),
        extra=(WET_WHEEL,),
    )
    st.apply(Run(0, "Wet Wheel", ("Force",)))
    passes(st, 1, 0, 1)  # run 2: distance 2
    assert len(played(st.log.events(None))) == draws
    assert len(names(st, 0, HAND)) == 2 + draws

"""Force of the Horse, part 2: card abilities (FotH 801-807, 809-811, 1201).

One test (at least) per numbered rule with behaviour, built like part 1's
tests: put these cards in these zones (:func:`position`), act through the
public API, assert on zones, values, events and views.  The continuous
effects (808), the aptitude modifiers (1000s), force abilities (1100s), deck
building (602.2), the card loader and the property tests are in
``test_forcehorse_effects.py``."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import racebook
import racebook.games.forcehorse
from racebook import IllegalAction
from racebook.core.game import Event
from racebook.games.forcehorse import (
    Card,
    Deck,
    DeckEntry,
    ForceHorseState,
    Guard,
    Pass,
    Race,
    Run,
    Support,
    sample_set,
)
from racebook.games.forcehorse.config import past_sample
from racebook.games.forcehorse.effects import info
from racebook.games.forcehorse.loops import Choose, Loop, LoopCount
from racebook.games.forcehorse.processes import rule_check
from racebook.games.forcehorse.state import EDITION_1, EDITION_2
from racebook.games.forcehorse.zones import AREAS, FARM, HAND, RUN, SITUATION, move

TOKYO_MILE = Race("tokyo", 1600, "firm")
_EXTRA = {
    "Paper Kite": 2, "Silver Teapot": 2, "Mud Force": 2, "Home Force": 2,
    "Stone Bridge": 2, "Blue Sextant": 4,
}  # fmt: skip
_ONE = (
    "Morning Lantern", "Quiet Harbour", "Copper Wheel", "Ninth Gate", "Winter Almanac",
    "Salt Meadow", "Long Letter", "Spare Blinkers", "Apprentice Rider", "Sudden Shower",
    "Clear Skies", "Paddock Rumour", "Winding Path", "Sponsor Day", "Evening Bell",
    "Blindfold", "Spooked", "Pace Maker", "Rewind", "Mirror Pond", "Sprint Force",
    "Lucky Horseshoe", "Old Lighthouse", "Lapis Runner", "Red Umbrella", "Veteran Rider",
)  # fmt: skip
_ENTRIES = [*((n, 1) for n in _ONE), *_EXTRA.items()]
TEST_DECK = Deck(
    "abilities",
    (
        DeckEntry("Force", 60 - sum(c for _, c in _ENTRIES)),
        *(DeckEntry(n, c) for n, c in _ENTRIES),
    ),
)
"""60 cards: every sample card with an ability (Blue Sextant 4 times, 602.2),
20 normal Force cards (the filler of distance areas)."""
SAMPLE_CARDS = past_sample(2)["cards"]
"""The sample set of defaults revision 2, which these tests were written on:
its horses carry every type of ability (an automatic one, a state trigger, a
continuous ability, replacements), which edition 3 refuses on a horse
(1101.1).  :func:`position` plays it under ``edition = 2``: the engine reads
those abilities as it always did (only the loader's checks and 702.6a's run
count differ).  A test of edition 3 passes ``edition=3`` and gets the
current sample set (:data:`CURRENT_CARDS`)."""
CURRENT_CARDS = sample_set()[0]
Areas = Sequence[int | Sequence[str]]
Names = Sequence[Sequence[str]]


def position(
    *,
    hands: Names = ((), ()),
    areas: Sequence[Areas] = ((3, 3, 3, 3), (3, 3, 3, 3)),
    situation: Names = ((), ()),
    runs: Names = ((), ()),
    turn_player: int = 0,
    phase: str = "support",
    race: Race = TOKYO_MILE,
    extra: Sequence[Card] = (),
    deck: Deck | None = None,
    **settings: object,
) -> ForceHorseState:
    """Part 1's helper with a run area: a state at ``turn_player``'s turn in
    ``phase`` with exactly these cards in hands, distance areas (names, or a
    count of filler cards, normal Force first; the top card is a list's last),
    situation areas and run areas (each placed in list order: situation cards
    first, so later-listed cards have later timestamps, 808.1h-i); every other
    card is on its owner's farm.  ``extra``: test-only cards, one copy each in
    both decks (in place of a Force); ``deck``: both players' deck list in place
    of the test deck (its first entry is card instance 0).  ``edition`` 2
    unless given: the sample set of revision 2 (:data:`SAMPLE_CARDS`); 3: the
    current one."""
    if deck is None:
        deck = TEST_DECK
    edition = settings.setdefault("edition", 2)
    if edition in (1, 2):  # played as then: its limits too (state.EDITION_1, EDITION_2)
        for key, value in (EDITION_1 if edition == 1 else EDITION_2).items():
            settings.setdefault(key, value)
    base = SAMPLE_CARDS if edition in (1, 2) else CURRENT_CARDS
    settings.setdefault("cards", base)
    if extra:
        force = DeckEntry("Force", deck.cards[0].count - len(extra))
        deck = Deck("extra", (force, *deck.cards[1:], *(DeckEntry(c.name, 1) for c in extra)))
        settings["cards"] = (*base, *extra)
    game = racebook.load("forcehorse", race=race, decks=(deck, deck), **settings)
    st = game.new_state(seed=7)
    for seat in list(st.to_act):
        st.apply(racebook.games.forcehorse.Mulligan(seat, False))
    t = st.table
    t.placed.clear()
    t.entered.clear()
    st.ab = type(st.ab)()  # nothing waiting, no effects, no history
    for s in range(2):
        pool = [c for c in range(len(t.cards)) if t.owners[c] == s]
        for zone in t.zones[s]:
            t.zones[s][zone] = []

        def take(name: str, pool: list[int] = pool) -> int:
            card = next(c for c in pool if t.cards[c].name == name)
            pool.remove(card)
            return card

        def filler(pool: list[int] = pool) -> int:
            card = next((c for c in pool if t.cards[c].name == "Force"), pool[-1])
            pool.remove(card)
            return card

        t.zones[s][HAND] = [take(n) for n in hands[s]]
        for zone, listed in ((SITUATION, situation[s]), (RUN, runs[s])):
            for n in listed:
                card = take(n)
                if zone == SITUATION:
                    t.clock += 1
                    t.placed[card] = t.clock
                t.stamp += 1
                t.entered[card] = t.stamp
                t.zones[s][zone].append(card)
        named = [[take(n) for n in a] if not isinstance(a, int) else None for a in areas[s]]
        for area, spec, cards in zip(AREAS, areas[s], named, strict=True):
            if cards is None:
                assert isinstance(spec, int)
                cards = [filler() for _ in range(spec)]
            t.zones[s][area] = cards
        t.zones[s][FARM] = pool
    st.turn_player = turn_player
    st.phase = phase
    st.turn = 3
    st.pairs = []
    st.run_count = 1 if phase not in ("support",) else 0
    st.audit()
    return st


def sample_card(name: str) -> Card:
    return next(c for c in SAMPLE_CARDS if c.name == name)


def names(st: ForceHorseState, seat: int, zone: str) -> list[str]:
    return st.table.names(seat, zone)


def card(st: ForceHorseState, seat: int, zone: str, name: str) -> int:
    found = st.table.find(seat, zone, name)
    assert found is not None, f"no {name} in seat {seat}'s {zone}"
    return found


def kinds(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def log(st: ForceHorseState, kind: str) -> list[Event]:
    return kinds(st.log.events(None), kind)


def played(events: Sequence[Event]) -> list[tuple[int, str, bool]]:
    """Abilities played, in order: (seat, card, declined)."""
    return [(e.seat, e.card, e.declined) for e in kinds(events, "ability-played")]  # type: ignore[attr-defined]


def passes(st: ForceHorseState, *seats: int) -> list[Event]:
    out: list[Event] = []
    for s in seats:
        out += st.apply(Pass(s))
    return out


def refused(st: ForceHorseState, action: object) -> None:
    before = st.snapshot()
    with pytest.raises(IllegalAction):
        st.apply(action)  # type: ignore[arg-type]
    assert st.snapshot() == before


def going(st: ForceHorseState) -> str:
    assert st.race is not None
    return st.race.going


# -- 801: kinds of abilities ------------------------------------------------------------


def test_801_1a_an_automatic_ability_plays_itself_when_its_event_happens() -> None:
    """Clear Skies (seat 0's situation card): 「ターン開始時」 at every turn's
    start, the other player's too, make the going 1 step better."""
    st = position(situation=(("Clear Skies",), ()), race=Race("tokyo", 1600, "yielding"))
    events = passes(st, 0, 0)  # no runner: seat 0's turn ends, seat 1's starts
    assert st.turn_player == 1
    assert going(st) == "good"
    assert played(events) == [(0, "Clear Skies", False)]  # its user is its owner


def test_801_1a_i_no_trigger_without_its_event() -> None:
    """Copper Wheel's 「走破成功時」 does not trigger when the run fails."""
    hands = (("Copper Wheel", "Force"), ("Stone Bridge",))
    st = position(hands=hands, phase="runner", race=Race("tokyo", 1200, "firm"))
    st.apply(Run(0, "Copper Wheel", ("Force",)))
    st.apply(Guard(1, "Stone Bridge"))
    events = passes(st, 0, 1)
    assert [e.outcome for e in kinds(events, "run-result")] == ["failed", "guard-won"]  # type: ignore[attr-defined]
    assert not kinds(st.log.events(None), "ability-triggered")
    assert names(st, 0, HAND) == []


def test_801_1b_and_805_1_a_continuous_ability_acts_without_being_played() -> None:
    """Ninth Gate: your horses in the run area guard 1 more, always, never played."""
    st = position(runs=(("Ninth Gate", "Paper Kite"), ("Paper Kite",)))
    gate, kite = card(st, 0, RUN, "Ninth Gate"), card(st, 0, RUN, "Paper Kite")
    assert info(st, kite).guard == 2 and info(st, gate).guard == 3
    assert info(st, card(st, 1, RUN, "Paper Kite")).guard == 1  # not the other player's
    assert st.view(1).values[0] == (("Ninth Gate", 3, 3), ("Paper Kite", 1, 2))
    rule_check(st, [])
    passes(st, 0, 0)
    assert not log(st, "ability-played") and not log(st, "ability-triggered")


# -- 802: kinds of effects ---------------------------------------------------------------


def test_802_1a_and_807_1_a_one_shot_effect_is_done_once() -> None:
    st = position(hands=(("Spare Blinkers",), ()), areas=((4, 3, 3, 3), (3, 3, 3, 3)))
    st.apply(Support(0, "Spare Blinkers"))
    assert names(st, 0, HAND) == ["Force"] and st.view(0).areas[0] == (3, 3, 3, 3)
    passes(st, 0, 0)  # nothing more comes of it later
    assert st.view(0).areas[0] == (3, 3, 3, 3) and st.view(0).hand_sizes[0] == 1


def test_802_1b_a_continuous_effect_lasts_its_period() -> None:
    """Rewind: this turn, the horses in your hand run 1 more (until the turn ends)."""
    st = position(hands=(("Rewind", "Paper Kite"), ()))
    kite = card(st, 0, HAND, "Paper Kite")
    before = info(st, kite).run
    st.apply(Support(0, "Rewind"))
    assert info(st, kite).run == before + 1
    assert ("Paper Kite", 0, before + 1, 1) in st.view(0).hand_values
    assert "Rewind" in names(st, 0, HAND)  # its second effect
    passes(st, 0, 0)  # the turn ends
    assert st.turn_player == 1 and info(st, kite).run == before
    assert st.view(0).effects == ()


def test_802_1c_802_1c_i_and_809_1_a_replacement_effect_does_another_event_instead() -> None:
    """Quiet Harbour: when you would draw, instead draw and make the going worse."""
    st = position(hands=(("Spare Blinkers",), ()), runs=(("Quiet Harbour",), ()))
    events = st.apply(Support(0, "Spare Blinkers"))
    assert [(e.seat, e.card, e.what) for e in kinds(events, "replaced")] == [  # type: ignore[attr-defined]
        (0, "Quiet Harbour", "draw")
    ]
    assert going(st) == "good"
    assert names(st, 0, HAND) == ["Force"]  # 809.1a, 809.2c: one card, not two, not a loop


def _stone_bridge_guard(hand: Sequence[str]) -> ForceHorseState:
    """Seat 0's Paper Kite (run 1) guarded by seat 1's Stone Bridge (guard 4):
    the run fails; at 702.6m both go to the farm."""
    st = position(hands=(("Paper Kite",), ("Stone Bridge", *hand)), phase="runner")
    st.apply(Run(0, "Paper Kite"))
    st.apply(Guard(1, "Stone Bridge"))
    passes(st, 0, 1)
    return st


def test_802_1c_ii_and_809_2b_the_user_may_make_the_choice_to_replace() -> None:
    """Stone Bridge: when it would go to the farm you may farm a card from hand;
    if you do, it returns to your hand instead.  Its user (seat 1) decides,
    in seat 0's turn (809.2b: the user of the card the action applies to)."""
    st = _stone_bridge_guard(["Force"])
    bridge = card(st, 1, RUN, "Stone Bridge")
    assert st.to_act == (1,) and st.view(1).choosing == (1, "may")
    assert st.view(1).options == ("replace, paying Force", "do not replace")
    assert st.view(0).options == ()  # the other seat sees that, not what
    events = st.apply(Choose(1, 0))
    assert kinds(events, "replaced")
    assert st.turn_player == 1  # then seat 1's turn: it drew a Force (702.3)
    assert names(st, 1, HAND) == ["Force", "Stone Bridge"] and "Force" in names(st, 1, FARM)
    assert bridge in st.table.zones[1][HAND] and bridge not in st.table.zones[1][FARM]
    assert names(st, 0, RUN) == []


def test_802_1c_ii_declining_lets_the_event_happen() -> None:
    st = _stone_bridge_guard(["Force"])
    bridge = card(st, 1, RUN, "Stone Bridge")
    events = st.apply(Choose(1, 1))
    assert not kinds(events, "replaced")
    assert bridge in st.table.zones[1][FARM] and names(st, 1, HAND) == ["Force", "Force"]


def test_809_3_a_choose_to_replace_effect_whose_choice_cannot_be_made_does_not_apply() -> None:
    st = position(hands=(("Paper Kite",), ("Stone Bridge",)), phase="runner")
    st.apply(Run(0, "Paper Kite"))
    st.apply(Guard(1, "Stone Bridge"))
    bridge = card(st, 1, RUN, "Stone Bridge")
    passes(st, 0, 1)  # no card in hand to farm
    assert st.ab.choice is None and st.turn_player == 1
    assert bridge in st.table.zones[1][FARM]
    assert not log(st, "replaced")


# -- 803: valid and invalid abilities ---------------------------------------------------


def test_803_2_a_part_invalid_under_a_condition_does_nothing_there() -> None:
    """An ``unless`` condition: the ability exists but makes no effect while it holds."""
    skies = sample_card("Clear Skies")
    shy = attrs.evolve(
        skies,
        name="Shy Skies",
        abilities=(attrs.evolve(skies.abilities[0], unless=("going:yielding",)),),
    )
    for race_going, after in (("yielding", "yielding"), ("good", "firm")):
        st = position(situation=(("Shy Skies",), ()), race=Race("tokyo", 1600, race_going),
                      extra=(shy,))  # fmt: skip
        passes(st, 0, 0)
        assert st.turn_player == 1 and going(st) == after


def test_803_3_a_condition_makes_it_valid_only_while_it_holds() -> None:
    """Mirror Pond (state trigger 'going:soft') and Silver Teapot ('hand-empty')
    do nothing while their conditions do not hold."""
    st = position(
        hands=(("Force",), ()),
        situation=(("Mirror Pond",), ()),
        runs=(("Silver Teapot",), ()),
        race=Race("tokyo", 1600, "yielding"),
    )
    events: list[Event] = []
    rule_check(st, events)
    assert not kinds(events, "ability-triggered") and not st.over
    assert names(st, 0, HAND) == ["Force"] and going(st) == "yielding"


def test_803_4a_i_a_support_cards_text_is_valid_when_it_is_played() -> None:
    st = position(hands=(("Spare Blinkers",), ()), runs=((), ()))
    rule_check(st, [])  # in hand it does nothing
    assert names(st, 0, HAND) == ["Spare Blinkers"]
    st.apply(Support(0, "Spare Blinkers"))
    assert names(st, 0, HAND) == ["Force"]


def test_803_4b_a_horses_abilities_are_valid_in_the_run_area_only() -> None:
    st = position(hands=(("Ninth Gate",), ()), runs=(("Paper Kite",), ()))
    kite = card(st, 0, RUN, "Paper Kite")
    assert info(st, kite).guard == 1  # Ninth Gate in hand
    gate = card(st, 0, HAND, "Ninth Gate")
    move(st.table, gate, 0, HAND, FARM, [])
    assert info(st, kite).guard == 1  # on the farm
    move(st.table, gate, 0, FARM, RUN, [])
    assert info(st, kite).guard == 2  # in the run area


def test_803_4c_a_situation_cards_abilities_are_valid_in_the_situation_area() -> None:
    """Sponsor Day: horses in your hand cost 1 less, only from the situation area."""
    hand = ("Lapis Runner", "Force", "Force", "Force", "Sponsor Day")
    st = position(hands=(hand, ()))
    runner = card(st, 0, HAND, "Lapis Runner")
    assert info(st, runner).cost == 3
    st.apply(Support(0, "Sponsor Day"))
    assert names(st, 0, SITUATION) == ["Sponsor Day"] and info(st, runner).cost == 2
    assert ("Lapis Runner", 2, 4, 2) in st.view(0).hand_values
    st.apply(Pass(0))
    runs = [a for a in st.legal_actions(0) if isinstance(a, Run)]
    assert runs == [Run(0, "Lapis Runner", ("Force", "Force"))]  # 805.2c-i: the cost now


def test_803_4d_a_force_cards_ability_is_valid_in_the_resolution_area() -> None:
    """Home Force: 'when paid' (it is in the resolution area then), draw a card."""
    hand = ("Lapis Runner", "Home Force", "Force")
    st = position(hands=(hand, ()), phase="runner", areas=((5, 5, 5, 5), (3, 3, 3, 3)))
    st.apply(Run(0, "Lapis Runner", ("Force", "Home Force")))
    if st.ab.choice is not None:  # with Lapis Runner's ability: either order
        st.apply(Choose(0, 0))
    assert [e.card for e in log(st, "ability-played")].count("Home Force") == 1  # type: ignore[attr-defined]
    assert st.view(0).areas[0] == (4, 5, 5, 5) and len(names(st, 0, HAND)) == 1
    home = card(st, 0, RUN, "Home Force")
    before = len(log(st, "ability-triggered"))
    move(st.table, home, 0, RUN, FARM, [])  # not valid in the run area or on the farm
    rule_check(st, [])
    assert len(log(st, "ability-triggered")) == before


# -- 804: the rule check ------------------------------------------------------------------


def test_804_1a_and_804_2a_rule_processes_first_then_automatic_abilities() -> None:
    """Sudden Shower put in the situation area triggers (806.4b); the rule
    process of 903 (the older Clear Skies to the farm) is done before it is played."""
    st = position(hands=(("Sudden Shower",), ()), situation=(("Clear Skies",), ()))
    events = st.apply(Support(0, "Sudden Shower"))
    order = [e.kind for e in events if e.kind in ("rule-process", "ability-played")]
    assert order == ["rule-process", "ability-played"]
    assert names(st, 0, SITUATION) == ["Sudden Shower"] and going(st) == "good"


def test_804_2b_c_the_turn_players_waiting_ability_first_then_the_other_players() -> None:
    """Both players' Red Umbrellas trigger on one going change."""
    for tp in (0, 1):
        st = position(
            hands=(("Sudden Shower",), ("Sudden Shower",)),
            runs=(("Red Umbrella",), ("Red Umbrella",)),
            turn_player=tp,
        )
        events = st.apply(Support(tp, "Sudden Shower"))
        umbrellas = [s for s, n, _ in played(events) if n == "Red Umbrella"]
        assert umbrellas == [tp, 1 - tp]
        for s in range(2):
            umbrella = card(st, s, RUN, "Red Umbrella")
            assert info(st, umbrella).run == 3 - 1 + 1  # middle at a mile (1002.1b), +1


def test_804_2b_and_806_3a_the_player_picks_which_own_waiting_ability_first() -> None:
    """Lapis Runner paid with a special force (1102.2) and Home Force paid
    (803.4d): two of seat 0's abilities wait; seat 0 picks the order, and
    cannot pick none (806.3a: playing them is compulsory)."""
    for first in (0, 1):
        hand = ("Lapis Runner", "Home Force", "Force")
        st = position(hands=(hand, ()), phase="runner", areas=((5, 5, 5, 5), (3, 3, 3, 3)))
        st.apply(Run(0, "Lapis Runner", ("Force", "Home Force")))
        assert st.view(0).choosing == (0, "ability")
        labels = st.view(0).options
        assert len(labels) == 2 and not any("decline" in x for x in labels)
        assert st.legal_actions(0) == [Choose(0, 0), Choose(0, 1)]
        pick = labels[first].split(" #")[0]
        st.apply(Choose(0, first))
        order = [n for _, n, _ in played(st.log.events(None))]
        assert order[0] == pick and sorted(order) == ["Home Force", "Lapis Runner"]
        assert st.run_count == 2  # Lapis Runner: add a run
        assert len(names(st, 0, HAND)) == 1  # Home Force: drew one


def test_804_2d_the_rule_check_ends_when_nothing_waits() -> None:
    st = position(runs=(("Silver Teapot",), ()))
    events: list[Event] = []
    rule_check(st, events)  # hand empty: Silver Teapot draws once, then nothing waits
    assert len(kinds(events, "ability-played")) == 1 and st.ab.waiting == []
    assert st.ab.work == [] and st.ab.choice is None


# -- 805: playing and resolving ---------------------------------------------------------


def test_805_2a_i_a_played_card_is_revealed_and_goes_to_the_resolution_area() -> None:
    st = position(hands=(("Spare Blinkers", "Force"), ()))
    events = st.apply(Support(0, "Spare Blinkers"))
    seen = [(e.card, e.source, e.target) for e in st.log.events(1) if e.kind == "moved"]  # type: ignore[attr-defined]
    assert ("Spare Blinkers", HAND, "resolution") in seen  # public to the other seat
    assert ("Spare Blinkers", "resolution", FARM) in seen  # 805.2d-v
    assert kinds(events, "support-played")


def _long_letter(hand1: Sequence[str] = ("Force",)) -> ForceHorseState:
    """Seat 0 runs Long Letter (run 3 at a mile) against seat 1's Paper Kite
    (guard 1); the run succeeds and Long Letter's force ability waits."""
    hand = ("Long Letter", "Force", "Force", "Force", *hand1)
    st = position(hands=(hand, ("Paper Kite",)), phase="runner")
    st.apply(Run(0, "Long Letter", ("Force", "Force", "Force")))
    st.apply(Guard(1, "Paper Kite"))
    assert names(st, 1, RUN) == ["Paper Kite"]  # 805.2d-ii
    passes(st, 0, 1)
    return st


def test_805_2b_and_805_2c_a_choice_then_its_cost() -> None:
    """Long Letter: choose a horse of the opponent's run area, pay 1 force,
    farm it."""
    st = _long_letter()
    assert st.view(0).choosing == (0, "play")
    assert st.view(0).options == ("Paper Kite paying Force", "decline")
    events = st.apply(Choose(0, 0))
    assert [(e.card, e.chosen) for e in kinds(events, "ability-played")] == [  # type: ignore[attr-defined]
        ("Long Letter", "Paper Kite")
    ]
    assert "Paper Kite" in names(st, 1, FARM) and names(st, 1, RUN) == []
    assert "Force" in names(st, 0, FARM) or names(st, 0, RUN).count("Force") == 3
    assert st.view(0).hand_sizes[0] == 2  # the force paid, then distance 2 drawn


def test_806_3a_i_and_806_3b_i_an_optional_cost_may_be_declined() -> None:
    st = _long_letter()
    events = st.apply(Choose(0, 1))
    assert played(events) == [(0, "Long Letter", True)]
    assert st.ab.waiting == []  # its waiting is cancelled once
    assert st.view(0).hand_sizes[0] == 3  # the Force kept, distance 2 drawn


def test_806_3b_an_ability_that_cannot_be_played_is_cancelled() -> None:
    st = _long_letter(hand1=())  # no force left to pay
    # asked all the same (only "decline"): whether the hand could pay stays hidden
    assert st.view(0).options == ("decline",) and st.view(1).options == ()
    assert st.view(1).choosing == (0, "play")
    st.apply(Choose(0, 0))
    assert played(st.log.events(None)) == [(0, "Long Letter", True)]
    assert st.phase == "farm" and st.to_farm == 1  # on with the success: distance 2
    assert names(st, 1, RUN) == ["Paper Kite"]


def test_805_2c_i_and_805_2d_i_a_runner_pays_its_cost_and_goes_with_it_to_the_run_area() -> None:
    st = position(hands=(("Lapis Runner", "Force", "Force", "Force", "Force"), ()), phase="runner")
    events = st.apply(Run(0, "Lapis Runner", ("Force", "Force", "Force")))
    assert names(st, 0, RUN) == ["Force", "Force", "Force", "Lapis Runner"]
    moves = [(e.card, e.source, e.target) for e in kinds(events, "moved")]  # type: ignore[attr-defined]
    assert moves.count(("Force", "resolution", RUN)) == 3
    assert names(st, 0, HAND) == ["Force"]


def test_805_2d_iii_a_situation_card_goes_to_the_situation_area() -> None:
    st = position(hands=(("Sudden Shower",), ()))
    st.apply(Support(0, "Sudden Shower"))
    assert names(st, 0, SITUATION) == ["Sudden Shower"] and st.table.resolution == []


def test_805_2d_iv_a_horse_item_does_its_text_then_goes_to_the_run_area_then_the_farm() -> None:
    st = position(hands=(("Paper Kite", "Lucky Horseshoe"), ()), phase="runner")
    st.apply(Run(0, "Paper Kite"))
    st.apply(Pass(1))
    kite = card(st, 0, RUN, "Paper Kite")
    before = info(st, kite).run
    events = st.apply(Support(0, "Lucky Horseshoe", 0, 0))
    moves = [(e.card, e.source, e.target) for e in kinds(events, "moved")]  # type: ignore[attr-defined]
    assert ("Lucky Horseshoe", "resolution", RUN) in moves
    assert ("Lucky Horseshoe", RUN, FARM) not in moves  # it stays until the run is done
    assert info(st, kite).run == before + 1
    while st.turn_player == 0 and not st.is_over:  # to the end of the run (farms, if any)
        acts = st.legal_actions(st.to_act[0])
        st.apply(next((a for a in acts if isinstance(a, Pass)), acts[0]))
    assert "Lucky Horseshoe" in names(st, 0, FARM)  # 702.6m


def test_805_2d_iv_and_904_1_the_other_reading_farms_it_at_the_next_rule_check() -> None:
    """``horse_supports = "904.1"``: 904.1 moves a card neither horse nor
    force from the run area at the next rule check (rules notes)."""
    st = position(
        hands=(("Paper Kite", "Lucky Horseshoe"), ()), phase="runner", horse_supports="904.1"
    )
    st.apply(Run(0, "Paper Kite"))
    st.apply(Pass(1))
    events = st.apply(Support(0, "Lucky Horseshoe", 0, 0))
    moves = [(e.card, e.source, e.target) for e in kinds(events, "moved")]  # type: ignore[attr-defined]
    assert ("Lucky Horseshoe", RUN, FARM) in moves


def test_805_2d_v_an_area_item_does_its_text_then_goes_to_the_farm() -> None:
    st = position(hands=(("Spare Blinkers",), ()))
    st.apply(Support(0, "Spare Blinkers"))
    assert "Spare Blinkers" in names(st, 0, FARM) and names(st, 0, HAND) == ["Force"]


def test_805_2d_vi_an_abilitys_effects_are_done_in_order() -> None:
    """Quiet Harbour's replacement: draw, then make the going worse."""
    st = position(hands=(("Spare Blinkers",), ()), runs=(("Quiet Harbour",), ()))
    events = st.apply(Support(0, "Spare Blinkers"))
    order = [e.kind for e in events if e.kind in ("secret-move", "going-changed")]
    assert order == ["secret-move", "going-changed"]


def test_805_3_a_support_card_whose_text_would_do_nothing_may_not_be_played() -> None:
    assert Support(0, "Spare Blinkers") in position(hands=(("Spare Blinkers",), ())).legal_actions(
        0
    )
    st = position(hands=(("Spare Blinkers", "Rewind"), ()))
    for area in AREAS:  # nothing to draw: its text would do nothing at all
        st.table.zones[0][FARM] += st.table.zones[0][area]
        st.table.zones[0][area] = []
    assert Support(0, "Spare Blinkers") not in st.legal_actions(0)
    assert Support(0, "Rewind") in st.legal_actions(0)


# -- 806: automatic abilities -------------------------------------------------------------


def test_806_1_and_806_2_a_triggered_ability_waits_for_the_next_rule_check() -> None:
    st = position(runs=(("Silver Teapot",), ()), hands=(("Force",), ()))
    t = st.table
    move(t, card(st, 0, HAND, "Force"), 0, HAND, FARM, [])  # hand empty: the state holds
    assert names(st, 0, HAND) == []  # nothing happens outside a rule check
    events: list[Event] = []
    rule_check(st, events)
    assert [e.kind for e in events if e.kind.startswith("ability")] == [
        "ability-triggered", "ability-played",
    ]  # fmt: skip
    assert names(st, 0, HAND) == ["Force"]


def test_806_2a_triggered_twice_it_waits_twice() -> None:
    """Two Home Forces paid at once: two draws."""
    hand = ("Lapis Runner", "Home Force", "Home Force")
    st = position(hands=(hand, ()), phase="runner", areas=((5, 5, 5, 5), (3, 3, 3, 3)))
    st.apply(Run(0, "Lapis Runner", ("Home Force", "Home Force")))
    homes = [w for w in st.ab.waiting if st.table.name(w.source) == "Home Force"]
    assert len(homes) == 2 and len(st.view(0).waiting) == 3
    while st.ab.choice is not None:
        st.apply(Choose(0, 0))
    assert [n for _, n, _ in played(st.log.events(None))].count("Home Force") == 2
    assert len(names(st, 0, HAND)) == 2


def test_806_4a_ii_and_806_7_a_public_to_public_move_trigger_reads_the_card_in_its_new_zone() -> (
    None
):
    """Old Lighthouse runs with Veteran Rider (guard 2 + 1); at 702.6m it
    goes from the run area to the farm (public to public) and draws as many
    cards as its guard, read as it is in the farm (806.4a-ii): 2, not the
    run area's 3."""
    hands = (("Old Lighthouse", "Veteran Rider", *["Force"] * 5), ("Stone Bridge",))
    st = position(hands=hands, phase="runner", areas=((5, 5, 5, 5), (3, 3, 3, 3)))
    st.apply(Run(0, "Old Lighthouse", ("Force",) * 5))  # run 6 - 1 (long at a mile)
    st.apply(Guard(1, "Stone Bridge"))  # guard 4
    st.apply(Support(0, "Veteran Rider", 0, 0))
    lighthouse = card(st, 0, RUN, "Old Lighthouse")
    assert info(st, lighthouse).guard == 3
    passes(st, 0, 1)  # succeeds by 1: draw 1, farm 0; then 702.6m
    assert [(e.card, e.seat) for e in log(st, "ability-played")] == [("Old Lighthouse", 0)]  # type: ignore[attr-defined]
    assert lighthouse in st.table.zones[0][FARM]  # 806.7: played from the farm
    assert info(st, lighthouse).guard == 2
    assert st.view(0).areas[0] == (2, 5, 5, 5) and st.view(0).hand_sizes[0] == 1 + 2
    assert st.turn_player == 1


def test_806_4b_a_card_triggers_on_its_own_entry_into_the_zone_where_it_is_valid() -> None:
    st = position(hands=(("Sudden Shower",), ()))
    events = st.apply(Support(0, "Sudden Shower"))
    assert played(events) == [(0, "Sudden Shower", False)]
    assert going(st) == "good"


def test_806_5_a_delayed_trigger_and_513_keep_and_811_2_its_source() -> None:
    """Apprentice Rider: the next time your run succeeds, keep 1 more card.
    Its source is Apprentice Rider (811.2), though it is on the farm by then;
    it triggers once only (806.5a)."""
    hand = ("Apprentice Rider", "Lapis Runner", "Force", "Force", "Force", "Paper Kite")
    st = position(hands=(hand, ()), areas=((9, 9, 9, 9), (9, 9, 9, 9)))
    st.apply(Support(0, "Apprentice Rider"))
    assert "Apprentice Rider" in names(st, 0, FARM)
    st.apply(Pass(0))
    st.apply(Run(0, "Lapis Runner", ("Force", "Force", "Force")))  # run 4, not guarded
    events = passes(st, 1, 0, 1)
    assert [(e.card, e.ability) for e in kinds(events, "ability-triggered")] == [  # type: ignore[attr-defined]
        ("Apprentice Rider", -1)
    ]
    assert st.phase == "farm" and st.to_farm == 4 - 1 - 1  # 702.6k-iii, 513.1
    assert st.ab.delayed == []  # 806.5a
    while st.phase == "farm":
        st.apply(racebook.games.forcehorse.Farm(0, st.view(0).hand[0]))
    assert st.turn_player == 1


def test_806_5a_the_delayed_trigger_does_not_come_back() -> None:
    hand = ("Apprentice Rider", "Paper Kite", "Silver Teapot")
    st = position(hands=(hand, ()), areas=((9, 9, 9, 9), (9, 9, 9, 9)))
    st.apply(Support(0, "Apprentice Rider"))
    st.apply(Pass(0))
    st.apply(Run(0, "Paper Kite"))  # run 1: distance 1, nothing to farm anyway
    passes(st, 1, 0)
    from racebook.games.forcehorse.turn import add_runs

    add_runs(st, 1, [])
    st.apply(Pass(1))
    st.apply(Run(0, "Silver Teapot"))
    passes(st, 1, 0, 1)
    assert len(log(st, "run-result")) == 2
    assert len([e for e in log(st, "ability-triggered") if e.card == "Apprentice Rider"]) == 1  # type: ignore[attr-defined]


def test_806_6_and_806_6a_a_state_trigger_waits_once_and_again_when_the_state_comes_back() -> None:
    """Silver Teapot: when your hand is empty, draw a card."""
    st = position(runs=(("Silver Teapot",), ()))
    events: list[Event] = []
    rule_check(st, events)
    assert len(kinds(events, "ability-triggered")) == 1  # once, not at every pass
    assert names(st, 0, HAND) == ["Force"]
    rule_check(st, events)
    assert len(kinds(events, "ability-triggered")) == 1  # the state no longer holds
    move(st.table, card(st, 0, HAND, "Force"), 0, HAND, FARM, [])
    rule_check(st, events)
    assert len(kinds(events, "ability-triggered")) == 2 and names(st, 0, HAND) == ["Force"]


def _two_replacements() -> ForceHorseState:
    """Seat 0 would draw one card (Spare Blinkers) with Quiet Harbour (draw
    instead, and the going 1 step worse) and Paddock Rumour (may farm a card
    from hand: draw 2 instead) both applying."""
    st = position(
        hands=(("Spare Blinkers", "Force"), ()),
        runs=(("Quiet Harbour",), ()),
        situation=(("Paddock Rumour",), ()),
    )
    st.apply(Support(0, "Spare Blinkers"))
    return st


def test_809_2_two_replacements_on_one_draw_paddock_rumour_first() -> None:
    st = _two_replacements()
    view = st.view(0)
    assert view.choosing == (0, "replace")  # 809.2: the drawing player chooses
    assert sorted(view.options) == ["Paddock Rumour #0", "Quiet Harbour #0"]
    st.apply(Choose(0, view.options.index("Paddock Rumour #0")))
    assert st.view(0).choosing == (0, "may")
    st.apply(Choose(0, 0))  # farm the Force: draw 2 instead
    # each of the 2 draws is a new event: Quiet Harbour replaces each (809.2c is per event)
    assert len(names(st, 0, HAND)) == 2 and going(st) == "yielding"
    assert [e.card for e in log(st, "replaced")] == [  # type: ignore[attr-defined]
        "Paddock Rumour", "Quiet Harbour", "Quiet Harbour",
    ]  # fmt: skip
    assert st.ab.choice is None and st.phase == "support"


def test_809_2_two_replacements_on_one_draw_quiet_harbour_first() -> None:
    st = _two_replacements()
    st.apply(Choose(0, st.view(0).options.index("Quiet Harbour #0")))
    # Quiet Harbour's draw may still be replaced by Paddock Rumour (not yet applied)
    assert st.view(0).choosing == (0, "may") and going(st) == "firm"  # draw, then going
    st.apply(Choose(0, 0))
    assert len(names(st, 0, HAND)) == 2 and going(st) == "good"
    assert [e.card for e in log(st, "replaced")] == ["Quiet Harbour", "Paddock Rumour"]  # type: ignore[attr-defined]


def test_809_2c_each_replacement_at_most_once_on_one_event() -> None:
    st = _two_replacements()
    st.apply(Choose(0, st.view(0).options.index("Quiet Harbour #0")))
    st.apply(Choose(0, 1))  # do not replace with Paddock Rumour
    assert st.ab.choice is None  # neither is offered again on this draw
    assert names(st, 0, HAND) == ["Force", "Force"] and going(st) == "good"
    assert len(log(st, "replaced")) == 1


def test_809_1a_the_replaced_event_did_not_happen() -> None:
    """A replaced draw is no draw: nothing that watches 'drawn' sees it, and
    the hand grows only by what the replacement does."""
    st = position(hands=(("Spare Blinkers",), ()), runs=(("Quiet Harbour",), ()),
                  areas=((["Force", "Silver Teapot"], 3, 3, 3), (3, 3, 3, 3)))  # fmt: skip
    st.apply(Support(0, "Spare Blinkers"))
    assert names(st, 0, HAND) == ["Silver Teapot"] and st.view(0).areas[0] == (1, 3, 3, 3)


# -- 1201: infinite loops ------------------------------------------------------------------


def _rewound(hand: Sequence[str] = ("Paper Kite", "Rewind")) -> ForceHorseState:
    st = position(hands=(hand, ()))
    st.apply(Support(0, "Rewind"))  # back in hand: every card where it was
    return st


def test_1201_1a_the_turn_player_proposes_a_loop_and_the_other_answers_a_number() -> None:
    st = _rewound()
    assert Loop(0, 5) in st.legal_actions(0)
    assert not [a for a in st.legal_actions(1) if isinstance(a, (Loop, LoopCount))]
    st.apply(Loop(0, 5))
    assert st.to_act == (1,) and st.view(0).loop == (0, 5) and st.view(1).loop == (0, 5)
    assert st.legal_actions(1) == [LoopCount(1, k) for k in range(6)]
    assert st.legal_actions(0) == []
    refused(st, LoopCount(1, 6))  # the proposal's number or fewer
    st.apply(LoopCount(1, 0))
    assert st.to_act == (0,) and st.ab.proposal is None
    assert not [a for a in st.legal_actions(0) if isinstance(a, Loop)]  # once per point


def test_1201_1a_the_agreed_repetitions_are_done() -> None:
    st = _rewound()
    kite = card(st, 0, HAND, "Paper Kite")
    once = info(st, kite).run
    st.apply(Loop(0, 5))
    st.apply(LoopCount(1, 2))  # fewer than proposed
    assert len(log(st, "support-played")) == 3  # once by hand, twice by the loop
    assert info(st, kite).run == once + 2
    assert "Rewind" in names(st, 0, HAND) and st.to_act == (0,)


def test_1201_1b_the_same_action_from_the_same_game_is_barred() -> None:
    st = _rewound()
    assert Support(0, "Rewind") not in st.legal_actions(0)
    problem = st.check(Support(0, "Rewind"))
    assert problem is not None and "1201.1b" in problem
    assert Pass(0) in st.legal_actions(0)  # something else ends the loop
    st.apply(Pass(0))
    assert st.phase == "runner"


def test_1201_1b_the_order_of_cards_in_hand_is_no_part_of_the_game() -> None:
    st = _rewound(("Rewind", "Paper Kite"))
    assert Support(0, "Rewind") not in st.legal_actions(0)
    assert Loop(0, 1) in st.legal_actions(0)


def test_1201_1c_a_loop_no_one_can_stop_is_a_draw() -> None:
    """Mirror Pond at soft: make the going worse, which it cannot be (511.2a),
    so the state trigger waits again and again (806.6a)."""
    st = position(situation=(("Mirror Pond",), ()), race=Race("tokyo", 1600, "soft"))
    st.apply(Pass(0))
    events = st.apply(Pass(0))
    assert kinds(events, "loop-draw")
    assert st.is_over and st.winners == ()
    assert st.result is not None and st.result.scores == (0, 0) and st.result.places == (1, 1)
    assert st.legal_actions(0) == [] and st.legal_actions(1) == []


def test_1201_1c_reached_from_a_replacement_the_going_made_soft() -> None:
    st = position(
        hands=(("Spare Blinkers",), ()),
        runs=(("Quiet Harbour",), ()),
        situation=(("Mirror Pond",), ()),
        race=Race("tokyo", 1600, "yielding"),
    )
    events = st.apply(Support(0, "Spare Blinkers"))
    assert [e.kind for e in events][-2:] == ["loop-draw", "game-ended"]
    assert st.is_over and st.winners == ()


def test_801_1a_i_a_trigger_watches_its_users_events_evening_bell() -> None:
    """Evening Bell: at the end of *your* turn, draw a card: seat 0's turn
    end triggers it, seat 1's does not."""
    st = position(situation=(("Evening Bell",), ()))
    events = passes(st, 0, 0)  # seat 0's turn ends
    assert played(events) == [(0, "Evening Bell", False)]
    assert names(st, 0, HAND) == ["Force"]
    events = passes(st, 1, 1)  # seat 1's turn ends: seat 0 draws at its turn start only
    assert played(events) == []
    assert st.turn_player == 0 and names(st, 0, HAND) == ["Force", "Force"]


def test_806_5_the_delayed_trigger_waits_for_its_users_success_only() -> None:
    """Seat 0's Apprentice Rider: seat 1's successful run does not spend it."""
    st = position(
        hands=(("Apprentice Rider",), ("Paper Kite",)), areas=((9, 9, 9, 9), (9, 9, 9, 9))
    )
    st.apply(Support(0, "Apprentice Rider"))
    passes(st, 0, 0)  # seat 1's turn
    st.apply(Pass(1))
    st.apply(Run(1, "Paper Kite"))
    passes(st, 0, 1, 0)
    assert [e.outcome for e in log(st, "run-result")] == ["succeeded"]  # type: ignore[attr-defined]
    assert not log(st, "ability-triggered") and len(st.ab.delayed) == 1


def test_809_2b_the_owner_of_the_card_put_on_the_farm_decides_its_replacement() -> None:
    """Seat 0's Long Letter farms seat 1's guard Stone Bridge: the event is
    seat 0's ability's, but Stone Bridge's [choice] is made by its user, seat 1."""
    hand = ("Long Letter", "Force", "Force", "Force", "Force", "Lucky Horseshoe")
    st = position(
        hands=(hand, ("Stone Bridge", "Force")), phase="runner", areas=((0, 0, 0, 9), (3, 3, 3, 3))
    )
    st.apply(Run(0, "Long Letter", ("Force", "Force", "Force")))  # 4 - 1 + 1 (oikomi area)
    st.apply(Guard(1, "Stone Bridge"))  # guard 4
    st.apply(Support(0, "Lucky Horseshoe", 0, 0))  # run 5
    passes(st, 0, 1)
    assert st.view(0).choosing == (0, "play")
    assert st.view(0).options == ("Stone Bridge paying Force", "decline")
    st.apply(Choose(0, 0))
    assert st.to_act == (1,) and st.view(1).choosing == (1, "may")
    bridge = card(st, 1, RUN, "Stone Bridge")
    st.apply(Choose(1, 0))
    assert bridge in st.table.zones[1][HAND]
    assert [e.card for e in log(st, "replaced")] == ["Stone Bridge"]  # type: ignore[attr-defined]


HARBOUR_WATCH = Card(
    "Harbour Watch",
    "support",
    "situation",
    timing="situation",
    text="When a card leaves a run area, draw as many cards as its guard.",
    abilities=(
        attrs.evolve(
            sample_card("Old Lighthouse").abilities[0],
            whose="any",
            to="",
            do=(
                attrs.evolve(
                    sample_card("Old Lighthouse").abilities[0].do[0], per="triggering-guard"
                ),
            ),
        ),
    ),
)
"""A test-only situation card whose zone-move trigger reads the triggering card (806.4a)."""


def test_806_4a_ii_public_to_public_the_trigger_sees_the_card_in_its_new_zone() -> None:
    """Paper Kite guards 2 with Veteran Rider in the run area; it goes to the
    farm (public to public): Harbour Watch sees it there, guard 1."""
    st = position(
        hands=(("Paper Kite", "Veteran Rider"), ()),
        situation=(("Harbour Watch",), ()),
        phase="runner",
        areas=((5, 5, 5, 5), (3, 3, 3, 3)),
        extra=(HARBOUR_WATCH,),
    )
    st.apply(Run(0, "Paper Kite"))
    st.apply(Pass(1))
    st.apply(Support(0, "Veteran Rider", 0, 0))
    kite = card(st, 0, RUN, "Paper Kite")
    assert st.guard_value(kite) == 2
    passes(st, 0, 1)  # succeeds by 1: draw 1; then 702.6m
    while st.ab.choice is not None:  # Paper Kite and Veteran Rider both left (805.2d-iv)
        st.apply(Choose(st.ab.choice.seat, 0))
    assert kite in st.table.zones[0][FARM]
    assert st.view(0).hand_sizes[0] == 1 + 1  # the distance, then the guard seen on the farm


def test_806_4a_i_public_to_hidden_the_trigger_sees_the_card_in_the_public_zone() -> None:
    """Stone Bridge guards 5 with Veteran Rider; at 702.6m its replacement
    returns it to the hand (public to hidden): Harbour Watch sees it as it
    was in the run area, guard 5."""
    st = position(
        hands=(("Paper Kite",), ("Stone Bridge", "Veteran Rider", "Force")),
        situation=((), ("Harbour Watch",)),
        phase="runner",
        areas=((3, 3, 3, 3), (9, 3, 3, 3)),
        extra=(HARBOUR_WATCH,),
    )
    st.apply(Run(0, "Paper Kite"))
    st.apply(Guard(1, "Stone Bridge"))
    st.apply(Pass(0))
    st.apply(Support(1, "Veteran Rider", 1, 0))
    bridge = card(st, 1, RUN, "Stone Bridge")
    assert st.guard_value(bridge) == 5
    passes(st, 1, 0)  # the run fails; 702.6m: Paper Kite to the farm (guard 1 there)
    assert st.view(1).choosing == (1, "may")
    assert names(st, 1, HAND) == ["Force"]
    st.apply(Choose(1, 0))  # pay the Force: Stone Bridge returns to the hand
    assert bridge in st.table.zones[1][HAND]
    while st.ab.choice is not None:  # the two Harbour Watch triggers, in either order
        st.apply(Choose(1, 0))
    # Stone Bridge + 1 (Paper Kite's farm guard) + 5 (Stone Bridge's run-area guard)
    # + 1 (seat 1's turn starts, 702.3)
    assert st.turn_player == 1 and st.view(1).hand_sizes[1] == 1 + 1 + 5 + 1


def test_805_2b_and_806_3b_nothing_to_choose_the_ability_cannot_be_played() -> None:
    """Long Letter's run is not guarded: no horse of the opponent's to choose."""
    hand = ("Long Letter", "Force", "Force", "Force", "Force")
    st = position(hands=(hand, ()), phase="runner")
    st.apply(Run(0, "Long Letter", ("Force",) * 3))
    passes(st, 1, 0, 1)
    assert played(st.log.events(None)) == [(0, "Long Letter", True)]
    assert names(st, 0, HAND) == ["Force", "Force", "Force", "Force"]  # no force paid


GIFT = Card(
    "Gift Horse",
    "support",
    "item",
    timing="area",
    text="Your opponent draws a card.",
    abilities=(
        attrs.evolve(
            sample_card("Spare Blinkers").abilities[0],
            do=(attrs.evolve(sample_card("Spare Blinkers").abilities[0].do[0], target="opponent"),),
        ),
    ),
)
"""A test-only area item: the opponent draws (502)."""


def test_809_2b_the_drawing_player_orders_the_replacements_of_their_draw() -> None:
    """Seat 0's Gift Horse makes seat 1 draw: seat 1's Quiet Harbour and
    Paddock Rumour both apply; seat 1, who draws, picks the order, in seat 0's turn."""
    st = position(
        hands=(("Gift Horse",), ("Force",)),
        runs=((), ("Quiet Harbour",)),
        situation=((), ("Paddock Rumour",)),
        extra=(GIFT,),
    )
    st.apply(Support(0, "Gift Horse"))
    assert st.turn_player == 0 and st.to_act == (1,)
    assert st.view(1).choosing == (1, "replace") and st.view(0).options == ()
    st.apply(Choose(1, st.view(1).options.index("Quiet Harbour #0")))
    st.apply(Choose(1, 1))  # Paddock Rumour: do not replace
    assert names(st, 1, HAND) == ["Force", "Force"] and going(st) == "good"
    assert st.to_act == (0,)

"""Force of the Horse, part 1: one test (at least) per numbered rule with
behaviour, built on a small position helper (put these cards in these zones,
act, assert)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_hyp

import racebook
import racebook.games.forcehorse
from racebook import IllegalAction
from racebook.games.forcehorse import (
    Deck,
    DeckEntry,
    Farm,
    ForceHorseState,
    Guard,
    Pass,
    Race,
    Run,
    Support,
)
from racebook.games.forcehorse.events import RunResult, RunsAdded
from racebook.games.forcehorse.force import force_value, payments
from racebook.games.forcehorse.processes import rule_check
from racebook.games.forcehorse.turn import add_runs
from racebook.games.forcehorse.zones import AREAS, FARM, HAND, RUN, SITUATION

TOKYO_MILE = Race("tokyo", 1600, "firm")
TEST_DECK = Deck(
    "test",
    tuple(
        DeckEntry(name, 15 if name == "Force" else 3)
        for name in (
            "Force", "Paper Kite", "Lapis Runner", "Ninth Gate", "Silver Teapot",
            "Winter Almanac", "Red Umbrella", "Long Letter", "Stone Bridge", "Mud Force",
            "Sprint Force", "Lucky Horseshoe", "Spare Blinkers", "Sudden Shower",
            "Clear Skies", "Veteran Rider",
        )
    ),
)  # fmt: skip
"""60 cards holding every card the tests below name, for both seats."""
Areas = Sequence[int | Sequence[str]]


def position(
    *,
    hands: Sequence[Sequence[str]] = ((), ()),
    areas: Sequence[Areas] = ((3, 3, 3, 3), (3, 3, 3, 3)),
    situation: Sequence[Sequence[str]] = ((), ()),
    turn_player: int = 0,
    phase: str = "support",
    race: Race = TOKYO_MILE,
    **settings: object,
) -> ForceHorseState:
    """A state at ``turn_player``'s turn in ``phase`` with exactly these cards
    in hands, distance areas (names, or a count of filler cards; the top card is
    a list's last) and situation areas; every other card is on its owner's farm."""
    game = racebook.load("forcehorse", race=race, decks=(TEST_DECK, TEST_DECK), **settings)
    st = game.new_state(seed=7)
    for seat in list(st.to_act):
        st.apply(racebook.games.forcehorse.Mulligan(seat, False))
    t = st.table
    t.placed.clear()
    for s in range(2):
        pool = [c for c in range(len(t.cards)) if t.owners[c] == s]
        for zone in t.zones[s]:
            t.zones[s][zone] = []

        def take(name: str, pool: list[int] = pool) -> int:
            card = next(c for c in pool if t.cards[c].name == name)
            pool.remove(card)
            return card

        t.zones[s][HAND] = [take(n) for n in hands[s]]
        for n in situation[s]:
            card = take(n)
            t.clock += 1
            t.placed[card] = t.clock
            t.zones[s][SITUATION].append(card)
        named = [[take(n) for n in a] if not isinstance(a, int) else None for a in areas[s]]
        for area, spec, cards in zip(AREAS, areas[s], named, strict=True):
            if cards is None:
                assert isinstance(spec, int)
                cards = [pool.pop() for _ in range(spec)]
            t.zones[s][area] = cards
        t.zones[s][FARM] = pool
    st.turn_player = turn_player
    st.phase = phase
    st.turn = 3
    st.pairs = []
    st.run_count = 1 if phase not in ("support",) else 0
    st.audit()
    return st


def names(st: ForceHorseState, seat: int, zone: str) -> list[str]:
    return st.table.names(seat, zone)


def refused(st: ForceHorseState, action: object) -> None:
    before = st.snapshot()
    with pytest.raises(IllegalAction):
        st.apply(action)  # type: ignore[arg-type]
    assert st.snapshot() == before


# -- 403.4, 502: drawing from the current area -----------------------------------------


def test_403_4_current_area_is_the_lowest_numbered_with_cards() -> None:
    st = position(areas=((0, 0, 2, 3), (1, 0, 0, 0)))
    assert st.table.current_area(0) == "sashi"
    assert st.table.current_area(1) == "nige"


def test_702_3_and_502_1_draw_the_top_card_of_the_current_area() -> None:
    st = position(areas=((["Force", "Paper Kite"], 2, 2, 2), (3, 3, 3, 3)), turn_player=1)
    st.phase = "support"
    st.apply(Pass(1))  # to the run sequence
    st.apply(Pass(1))  # no runner: 702.6b-i, 702.6n, then seat 0's turn starts
    assert st.turn_player == 0
    assert "Paper Kite" in names(st, 0, HAND)  # the top (last) card of 逃げ
    assert st.view(0).areas[0] == (1, 2, 2, 2)


def test_502_2_drawing_moves_on_to_the_next_area() -> None:
    st = position(
        hands=(("Paper Kite",), ()),
        areas=((1, 0, 2, 0), (3, 3, 3, 3)),
        phase="runner",
    )
    st.apply(Run(0, "Paper Kite"))  # cost 0, run 1: not guarded -> distance 1
    st.apply(Pass(1))
    st.apply(Pass(0))
    st.apply(Pass(1))
    assert st.view(0).areas[0] == (0, 0, 2, 0)
    assert len(names(st, 0, HAND)) == 1


# -- 503: paying force ------------------------------------------------------------------


def test_503_3b_exact_payment_only() -> None:
    st = position(hands=(("Lapis Runner", "Force", "Force", "Force", "Force"), ()), phase="runner")
    runs = [a for a in st.legal_actions(0) if isinstance(a, Run)]
    assert runs == [Run(0, "Lapis Runner", ("Force", "Force", "Force"))]  # cost 3
    refused(st, Run(0, "Lapis Runner", ("Force", "Force")))  # not enough
    refused(st, Run(0, "Lapis Runner", ("Force",) * 4))  # one could be removed
    refused(st, Run(0, "Lapis Runner", ("Force",) * 5))  # not in hand


def test_503_3a_special_force_counts_more_under_its_condition() -> None:
    hand = ("Winter Almanac", "Mud Force", "Mud Force", "Force")  # cost 4; Mud Force 2 on soft
    soft = position(hands=(hand, ()), phase="runner", race=Race("tokyo", 1600, "soft"))
    runs = {a.force for a in soft.legal_actions(0) if isinstance(a, Run)}
    assert runs == {("Mud Force", "Mud Force")}
    firm = position(hands=(hand, ()), phase="runner")
    assert not [a for a in firm.legal_actions(0) if isinstance(a, Run)]  # 0 when unmet
    counted = position(hands=(hand, ()), phase="runner", special_unmet=1)
    assert {a.force for a in counted.legal_actions(0) if isinstance(a, Run)} == set()
    refused(firm, Run(0, "Winter Almanac", ("Force", "Mud Force", "Mud Force")))


def test_503_3b_a_special_card_over_paying_alone_is_proper() -> None:
    hand = ("Paper Kite", "Ninth Gate", "Sprint Force")  # Ninth Gate cost 2; Sprint Force 2
    st = position(hands=(hand, ()), phase="runner", race=Race("tokyo", 1200, "firm"))
    assert Run(0, "Ninth Gate", ("Sprint Force",)) in st.legal_actions(0)
    assert Run(0, "Paper Kite") in st.legal_actions(0)  # cost 0: pay nothing
    refused(st, Run(0, "Paper Kite", ("Sprint Force",)))


# -- 702.5, 805.2d: supports outside the run ---------------------------------------------


def test_702_5_situation_support_to_the_situation_area_area_support_to_the_farm() -> None:
    st = position(hands=(("Sudden Shower", "Spare Blinkers", "Lucky Horseshoe"), ()))
    legal = st.legal_actions(0)
    assert Support(0, "Lucky Horseshoe") not in legal  # horse timing: only while running (205.1a)
    st.apply(Support(0, "Sudden Shower"))
    st.apply(Support(0, "Spare Blinkers"))
    assert names(st, 0, SITUATION) == ["Sudden Shower"]
    assert "Spare Blinkers" in names(st, 0, FARM)


# -- 702.6: the run sequence --------------------------------------------------------------


def test_702_6d_i_guard_needs_the_race_distance_aptitude() -> None:
    hands = (("Paper Kite",), ("Long Letter", "Silver Teapot", "Red Umbrella"))
    st = position(hands=hands, phase="runner")  # a mile race
    st.apply(Run(0, "Paper Kite"))
    guards = {a.card for a in st.legal_actions(1) if isinstance(a, Guard)}
    assert guards == {"Silver Teapot"}  # all-round (206.1b); the others are long / middle
    refused(st, Guard(1, "Long Letter"))


def test_702_6k_success_draws_the_distance_then_farms_one_less() -> None:
    hands = (("Lapis Runner", "Force", "Force", "Force"), ("Paper Kite",))
    st = position(hands=hands, phase="runner", areas=((5, 5, 5, 5), (3, 3, 3, 3)))
    st.apply(Run(0, "Lapis Runner", ("Force", "Force", "Force")))  # run 4
    st.apply(Guard(1, "Paper Kite"))  # guard 1
    st.apply(Pass(0))
    st.apply(Pass(1))
    result = [e for e in st.log.events(None) if isinstance(e, RunResult)][-1]
    assert (result.outcome, result.distance) == ("succeeded", 3)  # 702.6k-ii
    assert st.phase == "farm" and st.to_farm == 2  # 702.6k-iii
    assert len(names(st, 0, HAND)) == 3
    assert st.view(0).areas[0] == (2, 5, 5, 5)
    st.apply(Farm(0, st.view(0).hand[0]))
    st.apply(Farm(0, st.view(0).hand[0]))
    assert names(st, 0, RUN) == names(st, 1, RUN) == []  # 702.6m
    assert "Lapis Runner" in names(st, 0, FARM) and "Paper Kite" in names(st, 1, FARM)
    assert st.turn_player == 1  # 702.7


def test_702_6l_failure_and_guard_won() -> None:
    hands = (("Paper Kite",), ("Stone Bridge",))
    st = position(hands=hands, phase="runner")
    st.apply(Run(0, "Paper Kite"))  # run 1
    st.apply(Guard(1, "Stone Bridge"))  # guard 4
    st.apply(Pass(0))
    st.apply(Pass(1))
    outcomes = [e.outcome for e in st.log.events(None) if isinstance(e, RunResult)]
    assert outcomes == ["failed", "guard-won"]
    assert st.view(0).areas[0] == (3, 3, 3, 3)  # no draw
    assert st.turn_player == 1


def test_702_6j_values_below_0_count_as_0_and_run_must_be_1_or_more() -> None:
    st = position(hands=(("Paper Kite",), ()), phase="runner")
    st.apply(Run(0, "Paper Kite"))
    st.run_value = lambda card: -3  # type: ignore[method-assign]
    st.apply(Pass(1))  # not guarded: guard value 0 (702.6j-i)
    st.apply(Pass(0))
    st.apply(Pass(1))
    result = [e for e in st.log.events(None) if isinstance(e, RunResult)][-1]
    assert (result.outcome, result.run, result.guard) == ("failed", 0, 0)


def test_702_6d_ii_not_guarded_event() -> None:
    st = position(hands=(("Paper Kite",), ()), phase="runner")
    st.apply(Run(0, "Paper Kite"))
    events = st.apply(Pass(1))
    assert any(e.kind == "not-guarded" for e in events)


def test_702_6g_h_priority_exchange_and_805_2d_iv() -> None:
    hands = (("Paper Kite", "Lucky Horseshoe"), ("Silver Teapot", "Veteran Rider"))
    st = position(hands=hands, phase="runner")
    st.apply(Run(0, "Paper Kite"))
    st.apply(Guard(1, "Silver Teapot"))
    assert st.to_act == (0,) and st.phase == "priority"  # 702.6f
    assert Support(0, "Lucky Horseshoe", 0, 0) in st.legal_actions(0)
    assert Support(0, "Lucky Horseshoe", 1, 0) in st.legal_actions(0)  # the guard too
    st.apply(Pass(0))
    assert st.to_act == (1,) and st.phase == "respond"  # 702.6h
    st.apply(Support(1, "Veteran Rider", 1, 0))  # becomes the priority player
    assert st.to_act == (1,) and st.phase == "priority"
    # 805.2d-iv puts it in the run area until the run is done (702.6m)
    assert "Veteran Rider" in names(st, 1, RUN)
    st.apply(Pass(1))
    assert st.to_act == (0,)
    st.apply(Support(0, "Lucky Horseshoe", 0, 0))
    st.apply(Pass(0))
    st.apply(Pass(1))
    assert any(isinstance(e, RunResult) for e in st.log.events(None))


def test_512_and_702_6i_additional_runs_loop_back_to_702_6b() -> None:
    hands = (("Paper Kite", "Silver Teapot"), ())
    st = position(hands=hands, phase="runner", areas=((5, 5, 5, 5), (3, 3, 3, 3)))
    st.apply(Run(0, "Paper Kite"))
    events: list[racebook.Event] = []
    add_runs(st, 1, events)
    assert st.run_count == 2 and isinstance(events[0], RunsAdded)
    st.apply(Pass(1))
    st.apply(Pass(0))
    st.apply(Pass(1))  # 702.6i: 1 left, back to 702.6b
    assert st.phase == "runner"
    st.apply(Run(0, "Silver Teapot"))
    st.apply(Pass(1))
    st.apply(Pass(0))
    st.apply(Pass(1))
    results = [e for e in st.log.events(None) if isinstance(e, RunResult)]
    assert [(r.card, r.distance) for r in results] == [("Paper Kite", 1), ("Silver Teapot", 1)]


def test_702_6j_several_runners_sum_setting() -> None:
    hands = (("Paper Kite", "Silver Teapot"), ("Stone Bridge",))
    st = position(hands=hands, phase="runner", several_runners="sum")
    st.apply(Run(0, "Paper Kite"))
    add_runs(st, 1, [])
    st.apply(Guard(1, "Stone Bridge"))  # guard 4 against the first
    for seat in (0, 1):
        st.apply(Pass(seat))
    st.apply(Run(0, "Silver Teapot"))
    for seat in (1, 0, 1):
        st.apply(Pass(seat))
    results = [e for e in st.log.events(None) if isinstance(e, RunResult)]
    assert (results[0].run, results[0].guard, results[0].outcome) == (2, 4, "failed")


def test_hand_limit_10_at_the_end_of_ones_own_turn() -> None:
    hand = ("Force",) * 12
    st = position(hands=(hand, hand), turn_player=0)
    st.apply(Pass(0))
    st.apply(Pass(0))  # no runner: the turn ends with 12 cards
    assert st.phase == "limit" and st.to_farm == 2
    st.apply(Farm(0, "Force"))
    st.apply(Farm(0, "Force"))
    assert st.turn_player == 1 and len(names(st, 1, HAND)) == 13  # the other keeps its 12 + 1
    off = position(hands=(hand, ()), hand_limit=None)
    off.apply(Pass(0))
    off.apply(Pass(0))
    assert off.turn_player == 1


# -- 900s: rule processes -------------------------------------------------------------


def test_902_1_victory_when_all_four_areas_are_empty() -> None:
    st = position(hands=(("Paper Kite",), ()), phase="runner", areas=((1, 0, 0, 0), (3, 3, 3, 3)))
    st.apply(Run(0, "Paper Kite"))
    for seat in (1, 0, 1):
        st.apply(Pass(seat))
    assert st.is_over and st.result is not None and st.result.winners == (0,)
    assert st.legal_actions(0) == [] and st.legal_actions(1) == []


def test_702_4_drawing_the_last_card_at_turn_start_wins_at_once() -> None:
    st = position(areas=((3, 3, 3, 3), (1, 0, 0, 0)))
    st.apply(Pass(0))
    st.apply(Pass(0))  # no runner: seat 1's turn, it draws its last card (702.3)
    assert st.is_over and st.phase == "over"
    assert st.result is not None and st.result.winners == (1,)
    assert st.to_act == ()


def test_902_1_both_at_once_is_a_draw() -> None:
    st = position(areas=((1, 0, 0, 0), (1, 0, 0, 0)))
    for s in range(2):
        st.table.zones[s][HAND].extend(st.table.zones[s]["nige"])
        st.table.zones[s]["nige"].clear()
    rule_check(st, [])
    assert st.result is not None and st.result.winners == (0, 1) and st.result.scores == (0, 0)


def test_902_1_both_at_once_the_turn_player_reading() -> None:
    """``both_empty = "turn-player"`` (rules notes): the turn player wins."""
    st = position(areas=((1, 0, 0, 0), (1, 0, 0, 0)), both_empty="turn-player", turn_player=1)
    for s in range(2):
        st.table.zones[s][HAND].extend(st.table.zones[s]["nige"])
        st.table.zones[s]["nige"].clear()
    rule_check(st, [])
    assert st.result is not None and st.result.winners == (1,)


def test_901_2_rule_processes_only_at_a_rule_check() -> None:
    st = position(situation=(("Sudden Shower", "Clear Skies"), ()))
    assert len(names(st, 0, SITUATION)) == 2  # nothing happens before a rule check
    rule_check(st, [])
    assert names(st, 0, SITUATION) == ["Clear Skies"]  # 903.1: the latest stays


def test_903_2_both_players_situation_cards_the_later_stays() -> None:
    st = position(situation=(("Sudden Shower",), ("Clear Skies",)))
    rule_check(st, [])
    assert names(st, 0, SITUATION) == [] and names(st, 1, SITUATION) == ["Clear Skies"]
    both = position(situation=(("Sudden Shower",), ("Clear Skies",)))
    both.table.placed = dict.fromkeys(both.table.placed, 5)  # placed at the same time
    rule_check(both, [])
    assert names(both, 0, SITUATION) == names(both, 1, SITUATION) == []  # 903.2c


def test_904_2_and_905_1_misplaced_cards_go_to_the_farm() -> None:
    st = position(hands=(("Spare Blinkers", "Force"), ()))
    t = st.table
    blinkers = t.find(0, HAND, "Spare Blinkers")
    force = t.find(0, HAND, "Force")
    assert blinkers is not None and force is not None
    t.zones[0][HAND].remove(blinkers)
    t.zones[0][SITUATION].append(blinkers)
    t.placed[blinkers] = 99
    t.zones[0][HAND].remove(force)
    t.resolution.append(force)
    events: list[racebook.Event] = []
    rule_check(st, events)
    rules = sorted(e.rule for e in events if e.kind == "rule-process")  # type: ignore[attr-defined]
    assert rules == ["904.2", "905.1"]
    assert t.resolution == [] and "Spare Blinkers" in names(st, 0, FARM)


def test_511_going_steps_stop_at_the_ends() -> None:
    st = position(race=Race("tokyo", 1600, "firm"))
    events: list[racebook.Event] = []
    st.change_going(-1, events)
    assert st.race is not None and st.race.going == "firm" and events == []  # 511.1a
    st.change_going(2, events)
    assert st.race.going == "yielding"
    st.change_going(5, events)
    assert st.race.going == "soft" and st.race.going_number == 4  # 511.2a


def test_402_407_secrets_hands_and_mulligans_never_reach_the_other_seat() -> None:
    st = racebook.load("forcehorse").new_state(seed=3)
    st.apply(racebook.games.forcehorse.Mulligan(0, True))
    assert st.view(1).my_mulligan is None and st.view(0).my_mulligan is True  # 603.1c-i
    assert "mulligan-chosen" not in st.log.for_seat(1)
    st.apply(racebook.games.forcehorse.Mulligan(1, False))
    for seat in (0, 1):
        for event in st.log.events(seat):
            if event.kind == "secret-move":
                assert event.seat == seat  # type: ignore[attr-defined]
            if event.kind == "moved" and event.target == HAND:  # type: ignore[attr-defined]
                assert event.card is None  # type: ignore[attr-defined]
    sizes = st.view(1).hand_sizes  # 401.2b: counts are public
    assert sizes[st.turn_player] == 8 and sizes[1 - st.turn_player] == 7  # 7, + 702.3
    revealed = [e for e in st.log.events(1) if e.kind == "mulligans"]
    assert revealed and revealed[0].redo == (True, False)  # type: ignore[attr-defined]


def test_render_shows_only_the_view() -> None:
    st = position(hands=(("Paper Kite",), ("Silver Teapot",)), phase="runner")
    st.apply(Run(0, "Paper Kite"))
    text = st.render(1)
    assert "Paper Kite vs no guard" in text and "your hand: Silver Teapot" in text
    assert "Silver Teapot" not in st.render(0)


def test_103_2_draw_as_many_as_there_are_then_win_after_farming() -> None:
    hands = (("Lapis Runner", "Force", "Force", "Force"), ())
    st = position(hands=hands, phase="runner", areas=((0, 0, 1, 1), (3, 3, 3, 3)))
    st.apply(Run(0, "Lapis Runner", ("Force", "Force", "Force")))  # run 4, not guarded
    for seat in (1, 0, 1):
        st.apply(Pass(seat))
    assert len(names(st, 0, HAND)) == 2  # 2 of the 4 could be drawn
    assert st.phase == "farm" and st.to_farm == 2 and not st.is_over  # 702.6k-iii first
    st.apply(Farm(0, st.view(0).hand[0]))
    st.apply(Farm(0, st.view(0).hand[0]))
    assert st.result is not None and st.result.winners == (0,)  # 702.6k-iv, 902.1


def test_103_2b_adding_0_runs_does_nothing() -> None:
    st = position(hands=(("Paper Kite",), ()), phase="runner")
    events: list[racebook.Event] = []
    add_runs(st, 0, events)
    add_runs(st, -2, events)
    assert events == [] and st.run_count == 1


@settings(max_examples=200, deadline=None)
@given(
    st_hyp.lists(st_hyp.sampled_from(["Force", "Mud Force", "Sprint Force"]), max_size=7),
    st_hyp.integers(0, 6),
    st_hyp.sampled_from(["firm", "soft"]),
)
def test_503_3b_every_listed_payment_is_exact_and_none_is_missing(
    hand: list[str], amount: int, going: str
) -> None:
    cards = {c.name: c for c in racebook.games.forcehorse.sample_set()[0]}
    race = Race("tokyo", 1200, going)
    value = {n: force_value(cards[n], race, 0) for n in cards}
    listed = set(payments([cards[n] for n in hand], amount, race, 0))
    proper = set()
    for k in range(len(hand) + 1):
        for combo in combinations(hand, k):
            total = sum(value[n] for n in combo)
            if total >= amount and all(total - value[n] < amount for n in combo):
                proper.add(tuple(sorted(combo)))
    assert listed == proper


def test_503_2_a_payment_is_a_set_of_cards_in_any_order() -> None:
    from racebook.games.forcehorse.race import Race

    state = position(
        hands=(("Lapis Runner", "Force", "Sprint Force"), ()),
        phase="runner",
        race=Race("tokyo", 1200, "firm"),
    )
    listed = Run(0, "Lapis Runner", ("Force", "Sprint Force"))
    swapped = Run(0, "Lapis Runner", ("Sprint Force", "Force"))
    assert state.check(listed) is None and state.check(swapped) is None
    state.apply(swapped)


def test_503_3b_proper_payments_are_found_without_trying_every_subset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from racebook.games.forcehorse import force as force_module
    from racebook.games.forcehorse.cards import FORCE
    from racebook.games.forcehorse.race import Race

    game = racebook.load("forcehorse")
    forces = [c for c in game.by_name.values() if c.kind == FORCE]
    hand = [c for c in forces for _ in range(8)]  # 40 force cards in hand
    calls = 0
    real = force_module.payment_problem

    def counting(*args: object) -> str | None:
        nonlocal calls
        calls += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(force_module, "payment_problem", counting)
    found = payments(hand, 4, Race("tokyo", 2500, "soft"), 0)
    assert found and calls < 200  # every subset would be 9**5 = 59,049 tries

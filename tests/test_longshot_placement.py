"""Long Shot, "How to place Horse cards", one test per clause, plus the Mafia Q&A
example (Horse Racing Mafia, 9.0 Q2), whose clauses are Long Shot's (its Golden Rule read per
card, Long Shot's per player)."""

from __future__ import annotations

from typing import ClassVar

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from racebook import IllegalAction
from racebook.board.boxes import EMPTY, legal_boxes, why_not
from racebook.cards.horse import HorseCard
from racebook.games.longshot import Pass, Place

from .helpers import deal, everyone_passes, full_boxes, new

E = EMPTY


def test_golden_rule_free_card_must_fill_an_empty_box() -> None:
    # "Golden Rule: You must place Horse card at the empty box if possible."
    tops = [3, 4] + [E] * 10
    assert legal_boxes(tops, 0, 5) == list(range(2, 12))
    assert "Golden Rule" in (why_not(tops, 0, 5, 0) or "")


def test_indicated_card_runs_only_its_own_horse() -> None:
    # "Indicated Horse cards ... can only be placed to run the horse of the number."
    tops = [E] * 12
    assert legal_boxes(tops, 3, 5) == [4, 5]
    assert "runs only horse 3" in (why_not(tops, 3, 5, 0) or "")


def test_indicated_card_fills_its_own_empty_box_first() -> None:
    # Golden rule for an indicated card: one of its horse's boxes empty -> that one.
    tops = [E] * 12
    tops[4] = 2
    assert legal_boxes(tops, 3, 5) == [5]
    assert "Golden Rule" in (why_not(tops, 3, 5, 4) or "")


def test_indicated_card_covers_when_both_its_boxes_are_full() -> None:
    # "You can place the Horse card on an already placed card if both boxes for
    # the horse are not empty" -- even while other horses' boxes are empty.
    tops = [E] * 12
    tops[4], tops[5] = 2, 6
    assert legal_boxes(tops, 3, 5) == [4, 5]


def test_free_card_covers_only_when_all_boxes_are_full() -> None:
    # "Free Horse cards: ... on an already placed card if all 12 racing boxes are not empty."
    tops = [1] * 11 + [E]
    assert legal_boxes(tops, 0, 5) == [11]
    tops[11] = 2
    assert legal_boxes(tops, 0, 5) == list(range(12))


def test_never_on_the_same_mv() -> None:
    # "you cannot place your card directly on the already placed card with the same MV"
    tops = [5, 2] + [3] * 10
    assert legal_boxes(tops, 1, 5) == [1]
    assert "same MV" in (why_not(tops, 1, 5, 0) or "")
    assert legal_boxes(tops, 0, 3) == [0, 1]
    tops[1] = 5
    assert legal_boxes(tops, 1, 5) == []  # from hand: no box for it


def test_opened_indicated_card_exception() -> None:
    # "(the only exception is when first player opened Indicated Horse card from the
    # Stack and the MV is same as both cards already placed on boxes of the horse)"
    tops = [5, 5] + [E] * 10
    assert legal_boxes(tops, 1, 5) == []
    assert legal_boxes(tops, 1, 5, unavoidable=True) == [0, 1]
    tops[1] = 4  # only one box shares the MV: it must go on the other
    assert legal_boxes(tops, 1, 5, unavoidable=True) == [1]


def test_opened_free_card_when_absolutely_unavoidable() -> None:
    # Inferred (rules notes): Mafia 4.4 / Q&A e "except when absolutely unavoidable".
    tops = [4] * 12
    assert legal_boxes(tops, 0, 4) == []
    assert legal_boxes(tops, 0, 4, unavoidable=True) == list(range(12))


class TestMafiaQAExample:
    """All boxes are full except the lower box for horse #6 (box 11)."""

    tops: ClassVar[list[int]] = [3, 5, 1, 2, 3, 4, 5, 6, 7, 1, 2, E]

    def test_a_free_card_must_go_in_horse_6_lower_box(self) -> None:
        for mv in range(9):
            assert legal_boxes(self.tops, 0, mv) == [11]

    def test_b_indicated_6_must_go_in_horse_6_lower_box(self) -> None:
        assert legal_boxes(self.tops, 6, 2) == [11]
        assert legal_boxes(self.tops, 6, 4) == [11]

    def test_c_other_indicated_cards_any_own_box_without_the_same_mv(self) -> None:
        assert legal_boxes(self.tops, 1, 3) == [1]
        assert legal_boxes(self.tops, 1, 4) == [0, 1]
        assert legal_boxes(self.tops, 4, 7) == [6, 7]
        assert legal_boxes(self.tops, 5, 7) == [9]

    def test_through_the_api(self) -> None:
        # the Q&A's own reading, per card (Long Shot's default is per player: below)
        tops = [3, 5, 1, 2, 3, 4, 5, 6, 7, 1, 2]
        state = deal(
            new(golden_rule="card"),
            hands={0: "F:2 6:4 1:3 1:4 5:7 2:6 3:6 4:1"},
            boxes=full_boxes(tops),
        )
        assert state.tops[11] == EMPTY
        legal = set(state.legal_actions(0))
        assert Place(0, HorseCard.parse("F:2"), 11) in legal
        assert Place(0, HorseCard.parse("F:2"), 3) not in legal
        assert Place(0, HorseCard.parse("6:4"), 11) in legal
        assert Place(0, HorseCard.parse("6:4"), 10) not in legal
        assert Place(0, HorseCard.parse("1:3"), 1) in legal
        assert Place(0, HorseCard.parse("1:3"), 0) not in legal
        assert Place(0, HorseCard.parse("1:4"), 0) in legal
        assert Pass(0) not in legal  # a box is empty and the hand can fill it
        before = state.snapshot()
        with pytest.raises(IllegalAction, match="Golden Rule"):
            state.apply(Place(0, HorseCard.parse("F:2"), 3))
        with pytest.raises(IllegalAction, match="same MV"):
            state.apply(Place(0, HorseCard.parse("1:3"), 0))
        with pytest.raises(IllegalAction, match="PASS only once every box is full"):
            state.apply(Pass(0))
        with pytest.raises(IllegalAction, match="not in seat 0's hand"):
            state.apply(Place(0, HorseCard.parse("2:1"), 2))
        with pytest.raises(IllegalAction, match="may not act"):
            state.apply(Place(1, HorseCard.parse("F:0"), 11))
        assert state.snapshot() == before


# Long Shot's Golden Rule, read per player: 「12のマスに空いた場所があれば、そのマスを埋める
# ように置かなければなりません」; for an indicated card whose two boxes are full: 「どちらかの
# カードの上に置いてかまいませんが、空いているマスがあれば必ずそちらを埋めます」; "You must
# place Horse card at the empty box if possible."
GOLDEN_TOPS = [3, 5, 1, 2, 3, 4, 5, 6, 7, 1, 2]  # every box full but box 11 (horse 6's lower)


def test_longshot_golden_rule_a_player_who_can_fill_an_empty_box_must() -> None:
    state = deal(new(), hands={0: "F:2 6:4 1:3 1:4 5:7 2:6 3:6 4:1"}, boxes=full_boxes(GOLDEN_TOPS))
    legal = state.legal_actions(0)
    assert {(str(a.card), a.box) for a in legal if isinstance(a, Place)} == {
        ("F:2", 11),
        ("6:4", 11),
    }
    assert Pass(0) not in legal
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="Golden Rule"):
        state.apply(Place(0, HorseCard.parse("1:4"), 0))
    assert state.snapshot() == before
    state.apply(Place(0, HorseCard.parse("6:4"), 11))


def test_longshot_golden_rule_no_card_fits_an_empty_box_then_cover() -> None:
    # no free card and no horse-6 card: the player cannot fill box 11, so an indicated
    # card whose horse's boxes are both full covers one ("if both boxes ... are not empty")
    state = deal(new(), hands={0: "1:3 1:4 5:7 2:6 3:6 4:1 4:2 2:7"}, boxes=full_boxes(GOLDEN_TOPS))
    legal = {(str(a.card), a.box) for a in state.legal_actions(0) if isinstance(a, Place)}
    assert ("1:4", 0) in legal and ("1:3", 1) in legal and ("1:3", 0) not in legal
    assert all(box != 11 for _, box in legal)
    state.apply(Place(0, HorseCard.parse("1:4"), 0))


def test_longshot_golden_rule_setting_per_card() -> None:
    # golden_rule="card": each card keeps to its own clause (the Mafia Q&A's reading):
    # an indicated card whose horse is full may cover while box 11 is empty.
    state = deal(
        new(golden_rule="card"),
        hands={0: "F:2 6:4 1:3 1:4 5:7 2:6 3:6 4:1"},
        boxes=full_boxes(GOLDEN_TOPS),
    )
    legal = {(str(a.card), a.box) for a in state.legal_actions(0) if isinstance(a, Place)}
    assert {("F:2", 11), ("6:4", 11), ("1:4", 0), ("1:4", 1), ("1:3", 1)} <= legal
    state.apply(Place(0, HorseCard.parse("1:4"), 0))


def test_longshot_golden_rule_spurt_second_card_fills_first() -> None:
    # the spurt's second card is placed under the same rule (in another box)
    state = deal(
        new(),
        hands={0: "F:2 6:4 1:3 1:4 5:7 2:6 3:6 4:1"},
        boxes=full_boxes([*GOLDEN_TOPS[:9], 6]),
        pos=[44, 0, 0, 0, 0, 0],
    )
    assert state.tops[10] == EMPTY and state.tops[11] == EMPTY
    state.apply(Place(0, HorseCard.parse("6:4"), 11))
    legal = {(str(a.card), a.box) for a in state.legal_actions(0) if isinstance(a, Place)}
    assert legal == {("F:2", 10)}


def test_pass_once_all_boxes_are_full_and_still_draw() -> None:
    # "If all boxes are not empty, you may declare PASS ... and draw 1 Horse card".
    state = deal(new(), stack_top="2:7", boxes=full_boxes([1, 2] * 6))
    assert Pass(0) in state.legal_actions(0)
    state.apply(Pass(0))
    assert sorted(state.hands[0])[-1] == HorseCard.parse("2:7").code
    assert len(state.hands[0]) == 9
    assert state.to_act == (1,)


def test_a_stuck_player_places_nothing_and_draws() -> None:
    # Assumed (the rulebook is silent): no legal card while a box is empty -> PASS, still draw.
    hand = "1:5 1:5 2:3 2:3 3:4 3:4 4:6 4:6"
    boxes = {0: "1:2 F:5", 1: "F:5", 2: "F:3", 3: "F:3", 4: "F:4", 5: "F:4", 6: "F:6", 7: "F:6"}
    state = deal(new(), hands={0: hand}, boxes=boxes, stack_top="5:1")
    assert state.legal_actions(0) == [Pass(0)]
    state.apply(Pass(0))
    assert len(state.hands[0]) == 9
    other = deal(new(stuck_player_draws=False), hands={0: hand}, boxes=boxes)
    other.apply(Pass(0))
    assert len(other.hands[0]) == 8


def test_spurt_two_cards_in_different_boxes_one_draw() -> None:
    # "After any horse piece is on or over 44th space, each player may places 2 Horse
    # cards ... You cannot place both cards at the same box ... draw only 1".
    state = deal(
        new(),
        hands={0: "F:1 F:2 F:3 F:4 F:5 F:6 F:7 F:8"},
        pos=[44, 0, 0, 0, 0, 0],
        stack_top="3:3",
    )
    assert state.spurt
    state.apply(Place(0, HorseCard.parse("F:1"), 0))
    assert state.to_act == (0,)
    legal = state.legal_actions(0)
    assert Pass(0) in legal
    assert all(a.box != 0 for a in legal if isinstance(a, Place))
    with pytest.raises(IllegalAction, match="different boxes"):
        state.apply(Place(0, HorseCard.parse("F:2"), 0))
    state.apply(Place(0, HorseCard.parse("F:2"), 1))
    assert state.to_act == (1,)
    assert len(state.hands[0]) == 7  # two placed, one drawn


def test_spurt_second_card_is_optional() -> None:
    state = deal(new(), pos=[0, 0, 50, 0, 0, 0])
    (first, *_) = state.legal_actions(0)
    state.apply(first)
    state.apply(Pass(0))
    assert state.to_act == (1,) and len(state.hands[0]) == 8


def test_no_spurt_below_the_threshold_and_a_setting_for_three() -> None:
    state = deal(new(), pos=[43, 0, 0, 0, 0, 0])
    state.apply(state.legal_actions(0)[0])
    assert state.to_act == (1,)
    three = deal(
        new(spurt_cards=3), hands={0: "F:1 F:2 F:3 F:4 F:5 F:6 F:7 F:8"}, pos=[44, 0, 0, 0, 0, 0]
    )
    for box in (0, 1, 2):
        assert three.to_act == (0,)
        three.apply(Place(0, HorseCard.parse(f"F:{box + 1}"), box))
    assert three.to_act == (1,)


def test_spurt_starts_the_round_after_a_horse_reaches_44() -> None:
    state = deal(
        new(),
        stack_top="F:0 F:0 F:2 F:2 F:2 5:2",
        boxes=full_boxes([3, 4] + [1] * 10),
        pos=[37, 0, 0, 0, 0, 0],
    )
    everyone_passes(state)
    assert not state.spurt
    state.apply(Place(0, HorseCard.parse("5:2"), 9))
    assert state.pos[0] == 44 and state.round == 2 and state.spurt
    assert state.to_act == (1,)  # the first player moved left


def test_opened_free_card_setting_off_goes_under_the_stack() -> None:
    tops = [4] * 12
    for unavoidable in (True, False):
        state = deal(
            new(opened_free_card_unavoidable=unavoidable),
            boxes=full_boxes(tops),
            stack_top="F:0 F:0 F:1 F:1 F:1 F:4",
        )
        everyone_passes(state)
        if unavoidable:
            assert state.opened == HorseCard.parse("F:4").code
            assert len(state.legal_actions(0)) == 12
        else:
            assert state.opened == -1 and state.stack[0] == HorseCard.parse("F:4").code
            assert state.round == 2


@given(
    tops=st.lists(st.integers(-1, 8), min_size=12, max_size=12),
    codes=st.sets(st.sampled_from([h * 16 + mv for h in range(7) for mv in range(9)])),
    skip=st.sets(st.integers(0, 11), max_size=2),
)
def test_batch_placements_agree_with_the_clause_by_clause_rule(
    tops: list[int], codes: set[int], skip: set[int]
) -> None:
    from racebook.board.boxes import placements

    assume(all(tops[b] != EMPTY for b in skip))  # a box used this turn holds a card
    ordered = sorted(codes)
    expected = [(x, b) for x in ordered for b in legal_boxes(tops, x >> 4, x & 15, skip=skip)]
    assert [(x, b) for x, boxes in placements(tops, ordered, skip) for b in boxes] == expected
    for x in ordered:
        for b in range(12):
            ok = why_not(tops, x >> 4, x & 15, b, skip=skip) is None
            assert ok == ((x, b) in expected)


@given(
    tops=st.lists(st.integers(-1, 8), min_size=12, max_size=12),
    codes=st.lists(st.sampled_from([h * 16 + mv for h in range(7) for mv in range(9)])),
    skip=st.sets(st.integers(0, 11), max_size=2),
)
def test_can_fill_agrees_with_the_listed_placements(
    tops: list[int], codes: list[int], skip: set[int]
) -> None:
    from racebook.board.boxes import can_fill, fill_first, placements

    assume(all(tops[b] != EMPTY for b in skip))
    found = placements(tops, sorted(set(codes)), skip)
    fill = any(tops[b] == EMPTY for _, bs in found for b in bs)
    assert can_fill(tops, codes, skip) == fill
    # fill_first: only the cards that fill, into empty boxes, when any can
    expected = [(x, [b for b in bs if tops[b] == EMPTY]) for x, bs in found] if fill else found
    assert fill_first(tops, found) == [(x, bs) for x, bs in expected if bs]

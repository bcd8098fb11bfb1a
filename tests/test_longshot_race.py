"""Long Shot: setup, the round, restocking, running, the end of the race, the
settlement tables and the last race (Long Shot), from hand-made positions."""

from __future__ import annotations

import pytest

import racebook
from racebook.cards.horse import HorseCard
from racebook.core.game import CHANCE
from racebook.games.longshot import (
    FIRST_RACE,
    LAST_RACE,
    Deal,
    LongShotState,
    Money,
    Opened,
    Pass,
    Restock,
    Restocked,
)

from .helpers import cards, deal, everyone_passes, full_boxes, new, place_opened


def test_setup_five_players() -> None:
    # "deal 8 cards to each player", "$20,000 to each player", one order each,
    # with 4 or 5 players one order card is left aside face down.
    state = racebook.load("longshot").new_state(seed=3)
    assert isinstance(state, LongShotState)
    assert [len(h) for h in state.hands] == [8] * 5
    assert state.money == [20_000] * 5
    assert len(state.stack) == 112 - 40
    assert len(state.aside) == 1 and sorted(state.orders + state.aside) == [1, 2, 3, 4, 5, 6]
    assert state.view(0).orders.count(None) == 4  # race 1: hidden


def test_four_players_remove_horse_six() -> None:
    # "You can play with 4 players and back all cards for horse number 6 to the game box."
    state = racebook.load("longshot", players=4).new_state(seed=3)
    assert isinstance(state, LongShotState)
    assert len(state.game.deck) == 98 and all(x >> 4 != 6 for x in state.game.deck)
    assert len(state.boxes) == 10 and len(state.pos) == 5
    assert sorted(state.orders + state.aside) == [1, 2, 3, 4, 5]


def test_six_players_no_order_aside() -> None:
    state = racebook.load("longshot", players=6).new_state(seed=3)
    assert isinstance(state, LongShotState)
    assert state.aside == [] and sorted(state.orders) == [1, 2, 3, 4, 5, 6]


def test_first_player_chosen_by_chance_is_logged() -> None:
    state = racebook.load("longshot").new_state(seed=11)
    first = state.log.actions[0]
    assert first.seat == CHANCE and first.kind == "first-player"
    assert state.to_act == (first.player,)  # type: ignore[attr-defined]


def test_round_order_and_opened_card() -> None:
    # "Starting with the first player, each player places 1 Horse card ... and draw 1";
    # then "the first player draws 1 card from the Stack, and places it".
    state = deal(new(first=2), stack_top="F:0 F:0 F:1 F:1 F:1 3:6")
    seen = []
    for _ in range(5):
        (seat,) = state.to_act
        seen.append(seat)
        state.apply(state.legal_actions(seat)[0])
    assert seen == [2, 3, 4, 0, 1]
    assert state.to_act == (2,) and state.opened == HorseCard.parse("3:6").code
    assert {a.box for a in state.legal_actions(2)} <= {4, 5}


def test_horses_run_the_sum_of_their_top_cards() -> None:
    # "if two boxes for the horse no.1 are placed by Horse cards of 5 MV and 3 MV,
    # Piece of the horse no.1 must move 8 spaces forward"; only the top card counts;
    # "If both of two boxes are empty, the horse was late and did not start".
    state = racebook.load("longshot").new_state(seed=21)
    assert isinstance(state, LongShotState)
    checked = 0
    while state.race == 0:
        (seat,) = state.to_act
        action = state.legal_actions(seat)[0]
        if state.opened >= 0:
            trial = state.clone()
            before = list(trial.pos)
            finished = set(trial.fin)
            trial.boxes[action.box].append(trial.opened)  # type: ignore[attr-defined]
            expected = [
                0
                if h + 1 in finished
                else sum(b[-1] & 15 for b in trial.boxes[2 * h : 2 * h + 2] if b)
                for h in range(6)
            ]
            state.apply(action)
            ran = [e for e in state.log.events() if e.kind == "ran"][-1]
            assert list(ran.moves) == expected  # type: ignore[attr-defined]
            if state.race == 0:
                assert state.pos == [p + m for p, m in zip(before, expected, strict=True)]
            checked += 1
        else:
            state.apply(action)
    assert checked > 5


def test_restock_takes_up_to_two_buried_cards_never_the_top() -> None:
    # "Gather 2 cards from beneath each box ... If a box has only 2 cards, gather just
    # 1 card ... If a box has only 1 card, gather no card".
    boxes = full_boxes([0, 0, 0, 0, 3, 3, 4, 4, 5, 5, 6, 6])
    boxes.update({0: "F:1 F:2 F:3 F:4", 1: "1:1 1:2", 2: "2:5", 3: "F:5 F:6 F:7"})
    state = deal(new(), boxes=boxes)
    # the stack runs out: its cards go under box 11, where restocking finds them
    state.boxes[11] = state.stack + state.boxes[11]
    state.stack = []
    state.audit()
    under_11 = state.boxes[11][:2]
    state.apply(Pass(0))
    assert state.to_act == (CHANCE,)
    gathered = sorted(cards("F:1 F:2 1:1 F:5 F:6") + under_11)
    with pytest.raises(racebook.IllegalAction, match="buried"):
        state.apply(Restock(CHANCE, tuple(HorseCard.parse(t) for t in ["F:1", "F:2", "F:3"])))
    events = state.apply(Restock(CHANCE, tuple(HorseCard(x >> 4, x & 15) for x in gathered)))
    assert Restocked(7) in events
    assert [len(b) for b in state.boxes[:4]] == [2, 1, 1, 1]
    assert state.boxes[0] == cards("F:3 F:4")
    assert len(state.hands[0]) == 9 and len(state.stack) == 6
    state.audit()


def test_race_ends_when_three_horses_have_finished() -> None:
    # "When first 3 or more horses enter the goal, the race is finished."
    boxes = full_boxes([5, 5, 4, 4, 3, 3, 1, 1, 1, 2, 2, 2])
    two = deal(
        new(),
        boxes=boxes,
        pos=[55, 55, 0, 0, 0, 0],
        stack_top="F:0 F:0 F:2 F:2 F:2 F:3 F:3 F:3 F:3 F:4 F:4 F:4",
    )
    everyone_passes(two)
    place_opened(two, 11)
    assert sorted(two.fin) == [1, 2] and two.race == 0 and two.round == 2
    held = list(two.pos)
    everyone_passes(two)
    place_opened(two, 10)
    assert two.pos[:2] == held[:2]  # finished horses stay where they crossed
    assert two.race == 0 and two.round == 3


def settle_position(**kw: object) -> tuple[LongShotState, list[racebook.Event]]:
    """One round to the end of the race, everybody passing; the opened card goes
    on box 11 (horse 6)."""
    state = deal(new(), **kw)  # type: ignore[arg-type]
    everyone_passes(state)
    events = place_opened(state, 11)
    return state, events


HANDS = {
    0: "2:7 2:1 1:4 3:2 4:5 F:8 F:0 6:1",
    1: "F:3 F:4 F:5 F:5 F:6 F:6 F:7 F:7",
    2: "5:3 5:3 5:4 5:4 4:3 4:3 4:4 4:4",
    3: "2:6 6:3 F:3 F:3 F:4 F:4 F:5 F:5",
    4: "1:2 5:7 F:0 F:2 F:6 F:7 F:8 F:3",
}
DRAWS = "F:1 F:1 F:1 F:2 F:2 F:4"  # five draws (seats 0..4), then the opened card
# tops per horse: 1: 3+3, 2: 5+5, 3: 6+4, 4: 1+1, 5: 1+2, 6: 2+2
TOPS = [3, 3, 5, 5, 6, 4, 1, 1, 1, 2, 2, 2]
POS = [55, 52, 50, 40, 30, 20]  # after the run: horse 2 62, horse 1 61, horse 3 60


def test_first_race_settlement_in_the_rulebook_order() -> None:
    state, events = settle_position(
        hands=HANDS,
        boxes=full_boxes(TOPS),
        pos=POS,
        orders=[2, 1, 3, 4, 5],
        money=[20_000, 20_000, 20_000, 20_000, 5_000],
        stack_top=DRAWS,
    )
    assert state.history[0].places == (2, 1, 3, 0, 0, 0)
    # seat 0: reward 60,000; tickets 2:7+2:1 -> 8 x 5,000, 1:4 -> 4 x 3,000,
    # 3:2 -> 2 x 2,000; losing 4:5 and 6:1 -> 6 x 1,000; free cards are worth nothing.
    assert state.money[0] == 20_000 + 60_000 + 40_000 + 12_000 + 4_000 - 6_000
    assert state.money[1] == 20_000 + 30_000  # 2nd-place order, no tickets
    assert state.money[2] == 20_000 + 10_000 - 28_000  # 3rd-place order, losing tickets
    # seat 3: order out: penalty 20,000 (to $0), then 2:6 wins 30,000, 6:3 loses 3,000.
    assert state.money[3] == 27_000
    # seat 4 has $5,000: the penalty takes it all ($0), then +6,000 (1:2 on the 2nd),
    # then the 5:7 loss of 7,000 is paid as far as it can: $0.
    assert state.money[4] == 0
    four = [e for e in events if isinstance(e, Money) and e.seat == 4]
    assert [(e.reason, e.amount) for e in four] == [
        ("penalty", -5_000),
        ("tickets", 6_000),
        ("losing tickets", -6_000),
    ]
    assert state.race == 1 and state.to_act == (CHANCE,)  # the last race is dealt next


def rewards(events: list[racebook.Event]) -> dict[int, int]:
    return {e.seat: e.amount for e in events if isinstance(e, Money) and e.reason == "reward"}


def test_ties_past_the_goal_then_box_total_then_shared_place() -> None:
    # "further past the goal is considered as the faster"; then "higher total MV in
    # its both boxes"; "If still tied, the horses share the same place."
    tops = [5, 5, 4, 4, 3, 5, 4, 4, 1, 1, 2, 2]
    # horse 1: 50+10 = 60 (0 past, total 10); horse 2: 52+8 = 60 (0, 8);
    # horse 3: 52+8 (0, 8) ties with horse 2; horse 4: 53+8 = 61 (1 past).
    state, events = settle_position(
        boxes=full_boxes(tops),
        pos=[50, 52, 52, 53, 0, 0],
        orders=[1, 2, 3, 4, 5],
        stack_top="F:0 F:0 F:1 F:1 F:1 F:3",
    )
    assert state.history[0].places == (2, 3, 3, 1, 0, 0)
    assert rewards(events) == {0: 30_000, 1: 10_000, 2: 10_000, 3: 60_000}


def test_a_tie_for_first_skips_second() -> None:
    tops = [5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 2, 2]
    state, events = settle_position(
        boxes=full_boxes(tops),
        pos=[55, 55, 58, 0, 0, 0],
        orders=[1, 2, 3, 4, 5],
        stack_top="F:0 F:0 F:1 F:1 F:1 F:3",
    )
    assert state.history[0].places == (1, 1, 3, 0, 0, 0)
    assert rewards(events) == {0: 60_000, 1: 60_000, 2: 10_000}


def test_an_earlier_round_beats_a_bigger_overshoot() -> None:
    tops = [5, 5, 1, 1, 1, 1, 4, 4, 1, 1, 2, 2]
    state = deal(
        new(),
        boxes=full_boxes(tops),
        pos=[55, 0, 0, 45, 52, 0],
        stack_top="F:0 F:0 F:1 F:1 F:1 F:3 F:2 F:2 F:2 F:3 F:3 F:4 F:4 F:4 F:5 F:5 F:6 F:5",
    )
    everyone_passes(state)
    place_opened(state, 11)  # horse 1 finishes (65); horse 4 at 53, horse 5 at 54
    assert list(state.fin) == [1]
    everyone_passes(state)
    place_opened(state, 11)
    assert sorted(state.fin) == [1, 4]  # horse 4: 61, 1 past; horse 5 at 56
    everyone_passes(state)
    place_opened(state, 11)  # horse 5 at 58: still two finishers
    assert len(state.fin) == 2 and state.horse_places()[:5] == [1, 0, 0, 2, 0]


def pay_in_order(money: int, steps: list[int]) -> int:
    for amount in steps:
        money = money + amount if amount > 0 else max(0, money + amount)
    return money


def test_the_last_race() -> None:
    # "The beginning first player of the last race is directly left player of the last
    # first player of the first race"; "Deal no money"; orders open; the last table.
    state, _ = settle_position(
        hands=HANDS, boxes=full_boxes(TOPS), pos=POS, orders=[2, 1, 3, 4, 5], stack_top=DRAWS
    )
    after_first = list(state.money)
    assert state.first == 1  # race 1 ended in its first round (first player 0)
    hands = {(s + 1) % 5: h for s, h in HANDS.items()}  # the deal starts from seat 0
    deal(
        state, hands=hands, boxes=full_boxes(TOPS), pos=POS, orders=[5, 4, 1, 3, 2], stack_top=DRAWS
    )
    assert state.to_act == (1,) and state.money == after_first
    assert state.view(0).orders == (5, 4, 1, 3, 2) and state.view(0).race == 2
    everyone_passes(state)  # seats 1, 2, 3, 4, 0 draw F:1 F:1 F:1 F:2 F:2
    place_opened(state, 11)
    assert state.is_over
    assert state.history[1].places == (2, 1, 3, 0, 0, 0)
    expected = [
        # seat 0 holds seat 4's old hand: order 5 out; 1:2 on the 2nd, 5:7 out
        pay_in_order(after_first[0], [-40_000, 2 * 5_000, -7 * 2_000]),
        # seat 1 holds seat 0's: order 4 out; 8 x 10,000 + 4 x 5,000 + 2 x 3,000, 6 lost
        pay_in_order(after_first[1], [-40_000, 80_000 + 20_000 + 6_000, -6 * 2_000]),
        # seat 2 holds seat 1's (free cards): order 1, 2nd
        after_first[2] + 50_000,
        # seat 3 holds seat 2's: order 3, 3rd; 28 MV of losing tickets
        pay_in_order(after_first[3], [20_000, -28 * 2_000]),
        # seat 4 holds seat 3's: order 2, 1st; 2:6 wins 6 x 10,000; 6:3 loses 3 x 2,000
        pay_in_order(after_first[4], [100_000, 60_000, -3 * 2_000]),
    ]
    assert state.money == expected
    result = state.result
    assert result is not None and result.scores == tuple(expected)
    assert result.winners == (max(range(5), key=expected.__getitem__),)


def test_tables_are_the_rulebooks() -> None:
    assert FIRST_RACE.rewards == (60_000, 30_000, 10_000) and FIRST_RACE.penalty == 20_000
    assert FIRST_RACE.tickets == (5_000, 3_000, 2_000) and FIRST_RACE.ticket_loss == 1_000
    assert LAST_RACE.rewards == (100_000, 50_000, 20_000) and LAST_RACE.penalty == 40_000
    assert LAST_RACE.tickets == (10_000, 5_000, 3_000) and LAST_RACE.ticket_loss == 2_000
    assert not FIRST_RACE.orders_open and LAST_RACE.orders_open


def test_every_card_is_reshuffled_for_the_last_race() -> None:
    state = racebook.load("longshot").new_state(seed=5)
    while state.race == 0:  # type: ignore[attr-defined]
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[0])
    deals = [a for a in state.log.actions if isinstance(a, Deal)]
    assert len(deals) == 2 and len(deals[1].cards) == 112
    assert any(isinstance(e, Opened) for e in state.log.events())

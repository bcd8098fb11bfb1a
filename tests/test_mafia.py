"""Horse Racing Mafia: setup, the race, ties, supply and quinella, settlement
in the rulebook's order, and every case of the Q&A (9.0)."""

from __future__ import annotations

import random

import attrs
import pytest

import racebook
from racebook import CHANCE, IllegalAction
from racebook.board.boxes import legal_boxes
from racebook.cards.horse import HorseCard, card
from racebook.games.longshot import LongShotState, Money, Pass, Place
from racebook.games.mafia import MAFIA_RACE, THIRD_RACE, Quinella, Resupply, Supply
from racebook.testing import check_random_games

from .helpers import deal, full_boxes, new, play_round

Q = "supply-quinella"


def mafia(players: int = 5, **settings: object) -> LongShotState:
    return new(players, 0, "mafia", **settings)


# -- 2, 3: contents and preparation ------------------------------------------------


def test_contents_and_preparation() -> None:
    game = racebook.load("mafia")
    deck = [card(x) for x in game.deck]  # type: ignore[attr-defined]
    assert len(deck) == 90
    for h in range(1, 7):
        assert sorted(c.mv for c in deck if c.horse == h) == list(range(9))
    free = sorted(c.mv for c in deck if c.is_free)
    assert free == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4 + [4] * 5 + [5] * 5 + [6] * 5 + [7] * 5
    state = game.new_state(seed=1)
    assert isinstance(state, LongShotState)
    assert [len(h) for h in state.hands] == [13] * 5 and state.money == [500_000] * 5
    six = racebook.load("mafia", players=6).new_state(seed=1)
    assert [len(h) for h in six.hands] == [12] * 6  # type: ignore[attr-defined]
    four = racebook.load("mafia", players=4)
    assert four.config.running == 6 and len(four.deck) == 90  # type: ignore[attr-defined]
    assert len(game.config.races) == 3
    assert [t.orders_open for t in game.config.races] == [False, False, True]


def test_no_draw_after_placing() -> None:
    state = deal(mafia())
    seat = state.to_act[0]
    state.apply(state.legal_actions(seat)[0])
    assert len(state.hands[seat]) == 12


# -- 4: the race ----------------------------------------------------------------------

ROUND = ["F:0@11", "F:1@11", "F:0@11", "F:1@11", "F:0@11"]


def race_position(players: int = 5, **kw: object) -> LongShotState:
    # 4.4, Q&A: boxes full; each player covers box 11 (horse 6) with a free card
    return deal(mafia(players, hand_size=3, hand_size_at_6=3), **kw)  # type: ignore[arg-type]


HANDS = {0: "F:0 1:8 2:3", 1: "F:1 F:2 F:3", 2: "F:0 3:5 6:2", 3: "F:1 4:0 5:4", 4: "F:0 1:7 F:2"}
TOPS = [4, 6, 5, 7, 2, 3, 1, 2, 1, 3, 1, 4]  # horse totals 10, 12, 5, 3, 4; horse 6 ends 1+1


def test_race_ends_once_second_place_is_decided_and_settles_in_order() -> None:
    # 4.6: "Once 2nd place is determined, 3rd place and lower are determined based on
    # the distance traveled"; 6: rewards, penalties, allotments, then ticket prices;
    # 7.0: each paid as far as it goes.
    state = race_position(
        hands=HANDS,
        boxes=full_boxes(TOPS),
        pos=[50, 48, 45, 40, 30, 10],
        orders=[1, 2, 3, 4, 5],
        money=[500_000] * 4 + [50_000],
        stack_top="F:1",
    )
    events = play_round(state, ROUND, 11)
    assert state.history[0].places == (2, 1, 3, 4, 5, 6)
    assert state.money == [
        500_000 + 300_000 + 3 * 40_000 + 8 * 20_000 - 11 * 10_000,  # 2nd; 2:3 1st, 1:8 2nd
        500_000 + 500_000,  # 1st, only free cards
        500_000 + 100_000 - 7 * 10_000,  # 3rd; every ticket pays its price
        500_000 - 100_000 - 4 * 10_000,  # 4th: penalty
        140_000 - 70_000,  # $50,000 - 100,000 -> $0; +7 x 20,000; -7 x 10,000
    ]
    four = [(e.reason, e.amount) for e in events if isinstance(e, Money) and e.seat == 4]
    assert four == [("penalty", -50_000), ("tickets", 140_000), ("ticket price", -70_000)]
    assert state.race == 1


def test_extra_penalty_when_nobodys_horse_is_ahead() -> None:
    # 6.2b: horse 6 is nobody's order and finishes 3rd: owners of horses behind it pay
    # an extra $100,000 (all of them are 4th or lower here: both readings agree).
    state = race_position(
        hands=HANDS,
        boxes=full_boxes(TOPS),
        pos=[50, 48, 45, 40, 30, 58],
        orders=[1, 2, 3, 4, 5],
        stack_top="F:1",
    )
    events = play_round(state, ROUND, 11)
    assert state.history[0].places == (2, 1, 4, 5, 6, 3)
    extra = {e.seat for e in events if isinstance(e, Money) and e.reason == "nobody's horse ahead"}
    assert extra == {2, 3, 4}


def nobodys_horse_first(**settings: object) -> tuple[LongShotState, set[int]]:
    # horse 6, nobody's order, finishes 1st (1 past the goal); horse 2 (seat 1) is 2nd,
    # horse 1 (seat 0) 3rd, horses 3-5 (seats 2-4) 4th to 6th.
    state = deal(
        mafia(hand_size=3, hand_size_at_6=3, **settings),
        hands=HANDS,
        boxes=full_boxes(TOPS),
        pos=[50, 48, 45, 40, 30, 59],
        orders=[1, 2, 3, 4, 5],
        stack_top="F:1",
    )
    events = play_round(state, ROUND, 11)
    assert state.history[0].places == (3, 2, 4, 5, 6, 1)
    extra = {e.seat for e in events if isinstance(e, Money) and e.reason == "nobody's horse ahead"}
    return state, extra


def test_mafia_6_2b_extra_penalty_only_on_top_of_the_penalty() -> None:
    # 1: "You receive a reward if it finishes 3rd or better, but any lower than that
    # and you must pay a penalty"; 6.2b is "An extra $100,000" under "Penalties paid",
    # like 6.2c (always 4th or lower): it comes on top of 6.2a.  Seats 0 and 1 (3rd
    # and 2nd, rewarded) pay no extra; seats 2-4 (4th or lower) do.
    state, extra = nobodys_horse_first()
    assert extra == {2, 3, 4}
    assert state.money[0] == 500_000 + 100_000 + 3 * 20_000 - (8 + 3) * 10_000  # 3rd
    assert state.money[1] == 500_000 + 300_000  # 2nd, free cards only
    assert all(t.unowned_ahead_only_out for t in state.game.config.races)


def test_mafia_6_2b_setting_charges_it_at_any_place() -> None:
    # the literal reading of 6.2b alone, as a setting: every seat whose horse is behind
    # nobody's horse pays, rewarded or not.
    races = [
        attrs.evolve(t, unowned_ahead_only_out=False) for t in (MAFIA_RACE, MAFIA_RACE, THIRD_RACE)
    ]
    _, extra = nobodys_horse_first(races=races)
    assert extra == {0, 1, 2, 3, 4}


def test_sixth_place_penalty_only_with_six_players() -> None:
    # 6.2c: "For getting 6th in a 6-player game ... An extra $100,000"
    hands = {**HANDS, 5: "F:3 F:4 F:5"}
    state = race_position(
        6,
        hands=hands,
        boxes=full_boxes(TOPS),
        pos=[50, 48, 45, 40, 30, 10],
        orders=[1, 2, 3, 4, 5, 6],
        stack_top="F:1",
    )
    events = play_round(state, [*ROUND, "F:3@10"], 11)
    assert state.history[0].places[5] == 6
    last = [e.seat for e in events if isinstance(e, Money) and e.reason == "last place"]
    assert last == [5]


SLOW = ["3:2", "3:1", "4:1", "4:2", "5:1", "5:2", "6:1", "6:4"]  # horses 3-6, boxes 4-11
COVER = ["6:5@11", "6:6@11", "6:7@11", "6:8@11", "6:3@11"]  # each player covers box 11


@pytest.mark.parametrize(
    ("first_two", "pos", "places"),
    [
        # same distance past the goal and box total: the single highest card (4.5)
        (["1:5", "1:1", "F:3", "F:3"], [54, 54, 0, 0, 0, 0], (1, 2)),
        # everything equal: both 1st, the next horse is 3rd
        (["1:5", "1:1", "2:5", "2:1"], [54, 54, 30, 0, 0, 0], (1, 1, 3)),
        # two horses tie for 2nd: no 3rd place finisher (the next is 4th)
        (["1:5", "1:3", "2:5", "2:1", "3:5", "3:1"], [54, 54, 54, 30, 0, 0], (1, 2, 2, 4)),
    ],
)
def test_ties(first_two: list[str], pos: list[int], places: tuple[int, ...]) -> None:
    cards_ = first_two + SLOW[len(first_two) - 4 :]
    boxes = dict(enumerate(cards_))
    hands = {s: COVER[s].split("@")[0] for s in range(5)}
    state = race_position(boxes=boxes, pos=pos, hands=hands, stack_top="F:6")
    play_round(state, COVER, 11)
    assert state.history[0].places[: len(places)] == places


def test_lower_places_by_distance_then_box_total() -> None:
    # horses 3 and 4 end on the same space: the higher box total is ahead (4.6)
    boxes = dict(
        enumerate(
            ["1:5", "1:5", "2:6", "2:6", "3:2", "3:4", "4:1", "4:3", "5:1", "5:2", "6:1", "6:4"]
        )
    )
    boxes.update({0: "1:5", 1: "F:5", 2: "2:6", 3: "F:6"})
    hands = {s: COVER[s].split("@")[0] for s in range(5)}
    state = race_position(boxes=boxes, pos=[50, 48, 20, 22, 0, 0], hands=hands, stack_top="F:6")
    play_round(state, COVER, 11)
    assert state.history[0].places[:4] == (2, 1, 3, 4)


# -- 5.9 and Q&A Q2(e): a player who may not pass and has no legal card ---------------------

# seat 0 holds 1:3 and 2:4; horse 1's boxes both show a 3, horse 2's both a 4; the other
# boxes are empty, so neither card has a box under the usual rules (4.4, Q&A b and e).
CORNERED = {"hands": {0: "1:3 2:4"}, "boxes": {0: "F:3", 1: "F:3", 2: "F:4", 3: "F:4"}}


def test_mafia_5_9_no_legal_card_before_the_supply_must_cover_the_same_mv() -> None:
    # 5.9: passing is allowed only after the supply; Q&A Q2(e): "Except for when it is
    # absolutely unavoidable, a card cannot be played over another card with the same
    # movement number": here it is unavoidable, so the player places over the same MV.
    state = deal(mafia(hand_size=2), **CORNERED)  # type: ignore[arg-type]
    legal = state.legal_actions(0)
    assert Pass(0) not in legal
    assert sorted((str(a.card), a.box) for a in legal if isinstance(a, Place)) == [
        ("1:3", 0),
        ("1:3", 1),
        ("2:4", 2),
        ("2:4", 3),
    ]
    with pytest.raises(IllegalAction, match="must be placed"):
        state.apply(Pass(0))
    with pytest.raises(IllegalAction, match="runs only horse 1"):
        state.apply(Place(0, HorseCard.parse("1:3"), 4))
    state.apply(Place(0, HorseCard.parse("1:3"), 1))
    assert state.tops[1] == 3 and state.hands[0] == [HorseCard.parse("2:4").code]
    assert state.game.config.stuck_player_covers_same_mv  # the setting's Mafia default


def test_mafia_5_9_after_the_supply_the_cornered_player_passes() -> None:
    # after the supply passing is allowed (5.9): covering the same MV is avoidable.
    state = deal(mafia(hand_size=2), **CORNERED)  # type: ignore[arg-type]
    state.ext[Q]["done"] = True
    assert state.legal_actions(0) == [Pass(0)]
    with pytest.raises(IllegalAction, match="same MV"):
        state.apply(Place(0, HorseCard.parse("1:3"), 1))


def test_mafia_5_9_setting_off_the_cornered_player_places_nothing() -> None:
    # today's reading, kept as a setting: no legal card -> the player passes (no draw).
    state = deal(mafia(hand_size=2, stuck_player_covers_same_mv=False), **CORNERED)  # type: ignore[arg-type]
    assert state.legal_actions(0) == [Pass(0)]
    with pytest.raises(IllegalAction, match="same MV"):
        state.apply(Place(0, HorseCard.parse("1:3"), 1))
    state.apply(Pass(0))
    assert len(state.hands[0]) == 2 and state.to_act == (1,)


def test_mafia_an_empty_hand_passes() -> None:
    # assumed (the rulebook is silent): with no card at all there is nothing to place.
    state = deal(mafia(hand_size=2), **CORNERED)  # type: ignore[arg-type]
    state.hands[0] = []
    state.stack += [HorseCard.parse(t).code for t in ("1:3", "2:4")]
    assert state.legal_actions(0) == [Pass(0)]
    state.apply(Pass(0))
    assert state.to_act == (1,)


# -- 5: supplying your hand + quinella bets ------------------------------------------------

QHANDS = {
    0: "F:0 1:8 2:3 F:3",
    1: "F:1 F:2 F:2 F:3",
    2: "F:0 3:5 6:2 F:3",
    3: "F:1 4:0 5:4 F:3",
    4: "F:0 1:7 F:2 F:2",
}


def supply_position() -> LongShotState:
    state = deal(
        mafia(hand_size=4),
        hands=QHANDS,
        boxes=full_boxes(TOPS),
        pos=[44, 42, 20, 20, 10, 10],
        orders=[1, 2, 3, 4, 5],
        money=[500_000, 500_000, 0, 500_000, 50_000],
        stack_top="F:1",
    )
    play_round(state, ROUND, 11)  # horses 1 and 2 reach 54: supply and quinella
    return state


def test_supply_and_quinella() -> None:
    state = supply_position()
    rule = state.game.rules[0]
    assert state.to_act == (CHANCE,) and state.ext[Q]["done"]
    gathered = rule._gathered(state)  # type: ignore[attr-defined]
    assert len(gathered) == len(state.stack) + 6  # box 11's buried cards, and the stack
    with pytest.raises(IllegalAction, match=r"5\.2"):
        state.apply(Resupply(CHANCE, ()))
    order = sorted(gathered, key=lambda x: x != 0)  # two F:0 first: bought, then opened
    state.apply(Resupply(CHANCE, tuple(card(x) for x in order)))
    assert all(len(b) == 1 for b in state.boxes)
    # 5.3: from the first player's left; 5.4: up to the hand size; 7.0: $0 cannot buy
    assert state.to_act == (1,)
    assert state.legal_actions(1) == [Supply(1, 0), Supply(1, 1)]
    state.apply(Supply(1, 0))
    assert state.legal_actions(2) == [Supply(2, 0)]
    with pytest.raises(IllegalAction, match="0 to 0"):
        state.apply(Supply(2, 1))
    state.apply(Supply(2, 0))
    state.apply(Supply(3, 1))
    assert state.money[3] == 490_000 and len(state.hands[3]) == 4
    state.apply(Supply(4, 0))
    state.apply(Supply(0, 0))
    # 5.6-5.7: everyone at once, face down, revealed together
    assert state.to_act == (0, 1, 2, 3, 4)
    with pytest.raises(IllegalAction, match="different horses"):
        state.apply(Quinella(0, HorseCard.parse("F:3"), HorseCard.parse("1:8")))
    state.apply(Quinella(0, HorseCard.parse("1:8"), HorseCard.parse("2:3")))
    mine = state.view(0).extra[Q]
    theirs = state.view(1).extra[Q]
    assert mine["bets"][0] == [["1:8", "2:3"]] and mine["face_down"][0] == 2
    assert theirs["bets"][0] is None and theirs["face_down"][0] == 2
    assert (
        "1:8"
        not in state.log.for_seat(1).split('"quinella-revealed"')[0].split('"quinella-laid"')[-1]
    )
    for seat in (4, 2, 1, 3):
        state.apply(Pass(seat))
    assert state.view(1).extra[Q]["bets"][0] is None
    state.apply(Pass(0))
    assert state.view(1).extra[Q]["bets"][0] == [["1:8", "2:3"]]
    # 5.9: from now on a player may pass instead of placing
    assert state.to_act == (1,) and Pass(1) in state.legal_actions(1)
    return_state = state
    # round 2: everyone passes; horses 2 (66) and 1 (64) finish
    play_round(return_state, ["pass"] * 5, 11)
    assert state.history[0].places == (2, 1, 3, 4, 5, 6)
    assert state.money == [
        500_000 + 300_000 + (8 + 3) * 100_000 - 11 * 10_000,  # quinella won; its price
        500_000 + 500_000,
        0 + 100_000 - 7 * 10_000,
        490_000 - 100_000 - 4 * 10_000,
        140_000 - 70_000,
    ]


def test_supply_once_per_race_and_not_before_35() -> None:
    state = deal(
        mafia(hand_size=4),
        hands=QHANDS,
        boxes=full_boxes(TOPS),
        pos=[20, 20, 20, 20, 10, 10],
        orders=[1, 2, 3, 4, 5],
        stack_top="F:1",
    )
    play_round(state, ROUND, 11)
    assert not state.ext[Q]["done"] and state.to_act == (1,)  # 30 < 35: play goes on
    assert Pass(1) not in state.legal_actions(1)


def test_qa_q1_supply_price_is_not_doubled() -> None:
    # Q1: "In the 3rd race, are supply costs doubled?  A: No"
    assert THIRD_RACE.rewards == tuple(2 * x for x in MAFIA_RACE.rewards)
    assert THIRD_RACE.penalty == 2 * MAFIA_RACE.penalty
    assert THIRD_RACE.ticket_loss == 2 * MAFIA_RACE.ticket_loss
    state = supply_position()
    state.race = 2  # the same position in the third race
    rng = random.Random(1)
    state.apply(state.sample_chance(rng))
    state.apply(Supply(1, 1))
    assert state.money[1] == 490_000


# -- Q&A 9.0 Q2 -------------------------------------------------------------------------

QA_BOXES = {
    0: "F:3",
    1: "F:5",
    2: "F:1",
    3: "F:2",
    4: "F:3",
    5: "F:4",
    6: "F:5",
    7: "F:6",
    8: "F:7",
    9: "F:1",
    10: "F:2",
}
QA_HAND = "F:0 6:4 1:3 1:4 5:7 2:6 3:6 4:1 6:0 1:0 2:0 3:0 4:0"


def test_qa_q2_example_through_the_api() -> None:
    # "All boxes for all horses other than the lower box for horse #6 are full."
    state = deal(mafia(), hands={0: QA_HAND}, boxes=QA_BOXES)
    legal = state.legal_actions(0)

    def boxes(text: str) -> list[int]:
        return [a.box for a in legal if isinstance(a, Place) and str(a.card) == text]

    assert boxes("F:0") == [11]  # a) a free card must go in horse 6's lower box
    assert boxes("6:4") == [11] and boxes("6:0") == [11]  # b) so must a horse-6 card
    assert boxes("1:3") == [1]  # c) not on the same MV (box 0 shows a 3)
    assert boxes("1:4") == [0, 1] and boxes("2:6") == [2, 3]
    assert boxes("5:7") == [9]  # box 8 shows a 7
    assert Pass(0) not in legal
    with pytest.raises(IllegalAction, match=r"Mafia 4\.1"):
        state.apply(Place(0, HorseCard.parse("F:0"), 3))


def test_mafia_qa_q2_c_golden_rule_per_card_and_per_player_as_a_setting() -> None:
    # Q&A Q2 example (c): while box 11 is empty, "Any indicated horse cards not for horse
    # #6 can be played on any box for their indicated horse" -- whatever else the player
    # holds (QA_HAND has F:0 and 6:4, which could fill box 11): per card.  Long Shot's
    # per-player reading is a setting.
    assert racebook.load("mafia").config.golden_rule == "card"
    state = deal(mafia(golden_rule="player"), hands={0: QA_HAND}, boxes=QA_BOXES)
    legal = {(str(a.card), a.box) for a in state.legal_actions(0) if isinstance(a, Place)}
    assert legal == {("F:0", 11), ("6:4", 11), ("6:0", 11)}
    with pytest.raises(IllegalAction, match="Golden Rule"):
        state.apply(Place(0, HorseCard.parse("1:4"), 0))


def test_qa_q2_clauses() -> None:
    full = [3, 5, 1, 2, 3, 4, 5, 6, 7, 1, 2, 4]
    # a) two boxes per horse; b) covering needs both of the horse's boxes full
    assert legal_boxes([-1, 5, *full[2:]], 1, 4) == [0]
    # c) a free card covers only when all 12 are full, then on any box (not the same MV)
    assert legal_boxes(full, 0, 4) == [b for b in range(12) if full[b] != 4]
    # d) an indicated card, both boxes full: either of its two boxes
    assert legal_boxes(full, 2, 7) == [2, 3]
    # e) never on the same MV unless absolutely unavoidable (the opened card)
    same = [3, 3, *full[2:]]
    assert legal_boxes(same, 1, 3) == [] and legal_boxes(same, 1, 3, unavoidable=True) == [0, 1]


# -- the shared harness --------------------------------------------------------------------


@pytest.mark.parametrize(("players", "games"), [(5, 250), (4, 100), (6, 100)])
def test_random_games(players: int, games: int) -> None:
    report = check_random_games(
        racebook.load("mafia", players=players), games=games, seed=players + 10, deep=3
    )
    assert report.games == games and report.probes > 0


# -- the text picture --------------------------------------------------------------


def test_render_shows_the_supply_and_quinella_as_the_seat_may_see_them() -> None:
    # the rule module's view data is part of the picture: before the reveal a seat
    # sees its own quinella pairs and only how many cards the others laid ("?")
    state = racebook.load("mafia").new_state(seed=5)
    assert isinstance(state, LongShotState)
    rng = random.Random(1)
    laid = False
    while not laid:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        pairs = [a for a in legal if isinstance(a, Quinella)]
        action = pairs[0] if pairs else legal[int(rng.random() * len(legal))]
        state.apply(action)
        laid = bool(pairs) and seat == 0
    text = state.render(0)
    assert text.startswith("Horse Racing Mafia, race 1 of 3, round ")
    line = next(x for x in text.splitlines() if x.startswith(f"{Q}: "))
    assert "stage quinella" in line and "?" in line
    assert f"[[{action.first} {action.second}]]" in line  # type: ignore[attr-defined]
    twin = state.hidden_variant(0, rng)
    assert twin.render(0) == text
    assert "?" not in state.render(None).splitlines()[-1].split("bets ")[0]

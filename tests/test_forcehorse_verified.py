"""Force of the Horse: the eight rules a fresh set of rulebook cases found
wrong (issue 34), each by a test named after its rule, through the public
API (positions built by the abilities tests' helper, actions applied, values
read from the seat's view).  Each fails on edition 2 of racebook's reading
(the ``edition = 2`` runs below show the old answer where it differs)."""

from __future__ import annotations

import pytest

from racebook.games.forcehorse import (
    Card,
    Deck,
    DeckEntry,
    Pass,
    Race,
    Run,
    Support,
    parse_card_set,
)
from racebook.games.forcehorse.zones import HAND
from tests.test_forcehorse_abilities import TEST_DECK, log, names, position

GOOD_MILE = Race("tokyo", 1600, "good")


def cards(text: str) -> tuple[Card, ...]:
    """Test cards from a card set file's TOML."""
    found, _ = parse_card_set(text)
    return tuple(found)


def horse(name: str, *, cost: int = 0, run: int = 1, guard: int = 1, ability: str = "") -> str:
    """A horse card's TOML (turf, every distance, senko), with abilities."""
    return (
        f'[[card]]\nname = "{name}"\nkind = "horse"\ncost = {cost}\nsurfaces = ["turf"]\n'
        f'distances = ["all"]\nstyles = ["senko"]\nfavourites = []\nrun = {run}\n'
        f"guard = {guard}\n{ability}"
    )


def support(name: str, timing: str, ability: str) -> str:
    """A support card's TOML: an item (``timing`` area or horse) or a situation card."""
    category = "situation" if timing == "situation" else "item"
    return (
        f'[[card]]\nname = "{name}"\nkind = "support"\ncategory = "{category}"\n'
        f'timing = "{timing}"\n{ability}'
    )


def hand_values(st: object, seat: int) -> dict[str, tuple[int, int, int]]:
    """(cost, run, guard) of each horse in ``seat``'s hand, as its view shows them."""
    view = st.view(seat)  # type: ignore[attr-defined]
    return {name: (cost, run, guard) for name, cost, run, guard in view.hand_values}


def run_values(st: object, seat: int) -> dict[str, tuple[int, int]]:
    """(run, guard) of each horse in ``seat``'s run area, as every view shows them."""
    view = st.view(None)  # type: ignore[attr-defined]
    return {name: (run, guard) for name, run, guard in view.values[seat]}


# -- 1. 103.2d: numbers may be below 0 while effects apply ------------------------------

_CHEAPER = support(
    "Test Cheaper", "situation",
    '[[card.ability]]\ntype = "continuous"\n'
    'do = [{effect = "cost", amount = -2, target = "your-hand"}]\n',
)  # fmt: skip
_DEARER = support(
    "Test Dearer", "area",
    '[[card.ability]]\ntype = "play"\n'
    'do = [{effect = "cost", amount = 1, target = "your-hand", until = "turn"}]\n',
)  # fmt: skip


@pytest.mark.parametrize(("edition", "cost"), [(3, 0), (2, 1)])
def test_103_2d_a_cost_lowered_below_0_stays_below_0_while_later_effects_apply(
    edition: int, cost: int
) -> None:
    """「プレイヤーやカードが持つ数値情報は、特に上下限の指定があるものを除き、0 や
    負の値をとることが可能です」: cost 1, then -2 (Test Cheaper, a situation card),
    then +1 (Test Dearer, played after) is 0, not 1 (edition 2 kept the cost at
    0 after each step)."""
    extra = cards(_CHEAPER + _DEARER + horse("Test Colt", cost=1))
    st = position(
        hands=(("Test Colt", "Test Dearer"), ()),
        situation=(("Test Cheaper",), ()),
        extra=extra,
        edition=edition,
    )
    assert hand_values(st, 0)["Test Colt"][0] == (-1 if edition == 3 else 0)
    st.apply(Support(0, "Test Dearer"))
    assert hand_values(st, 0)["Test Colt"][0] == cost


def test_103_2d_a_negative_cost_is_paid_with_nothing() -> None:
    """805.2c reads the cost to pay: a cost below 0 asks no force (103.2b)."""
    extra = cards(_CHEAPER + horse("Test Colt", cost=1))
    st = position(
        hands=(("Test Colt", "Force"), ()),
        situation=(("Test Cheaper",), ()),
        phase="runner",
        extra=extra,
        edition=3,
    )
    assert hand_values(st, 0)["Test Colt"][0] == -1
    runs = [a for a in st.legal_actions(0) if isinstance(a, Run) and a.card == "Test Colt"]
    assert [a.force for a in runs] == [()]
    st.apply(Run(0, "Test Colt"))
    assert names(st, 0, HAND) == ["Force"]


# -- 2. 103.2b: a count of 0 or less does nothing ----------------------------------------

_MUDDY = horse(
    "Test Muddler", run=1,
    ability='[[card.ability]]\ntype = "force"\ndo = [{effect = "going", per = "run"}]\n',
)  # fmt: skip
_HEAVY = support(
    "Test Heavy Track", "situation",
    '[[card.ability]]\ntype = "continuous"\n'
    'do = [{effect = "run", amount = -3, target = "your-run"}]\n',
)  # fmt: skip


@pytest.mark.parametrize(("edition", "going"), [(3, "good"), (2, "firm")])
def test_103_2b_a_count_below_1_does_nothing_never_the_opposite(edition: int, going: str) -> None:
    """「単位数や回数が 0 以下である場合…その行動はまったく行われません。マイナスで
    あっても逆の行動を求められることもありません」: "make the going worse by its
    run" with its run below 0 leaves the going as it is (edition 2 made it better)."""
    extra = cards(_MUDDY + _HEAVY)
    st = position(
        hands=(("Test Muddler",), ()),
        situation=(("Test Heavy Track",), ()),
        phase="runner",
        race=GOOD_MILE,
        extra=extra,
        aptitude=False,
        edition=edition,
    )
    st.apply(Run(0, "Test Muddler"))
    assert run_values(st, 0)["Test Muddler"][0] == -2
    assert log(st, "ability-played")
    assert st.race is not None and st.race.going == going


# -- 3. 803.3 with 1102.1a: a condition reading what its effect changes -------------------

_PRIDE = support(
    "Test Pride", "situation",
    '[[card.ability]]\ntype = "continuous"\nwhen = ["your-run.run-at-least:3"]\n'
    'do = [{effect = "run", amount = 1, target = "your-run"}]\n',
)  # fmt: skip
_SHY = support(
    "Test Shy", "situation",
    '[[card.ability]]\ntype = "continuous"\nunless = ["your-run.run-at-least:3"]\n'
    'do = [{effect = "run", amount = 2, target = "your-run"}]\n',
)  # fmt: skip
_HORSES = horse("Test Big", run=3) + horse("Test Small", run=2)


def test_803_3_a_condition_reading_the_value_its_own_effect_changes_terminates() -> None:
    """「その条件が満たされていない状態では、その部分は無効です」, with 808.1:
    the condition is read as the effect applies, on the information as the
    effects before it made it.  "While a horse in your run area runs 3 or
    more, your horses run 1 more" with Test Big (3) makes it 4; "unless a
    horse in your run area runs 3 or more, your horses run 2 more" with Test
    Small (2) makes it 4, which then no longer meets it, and it stays 4 (one
    answer, no endless reading)."""
    for situation, horse_, run in (("Test Pride", "Test Big", 4), ("Test Shy", "Test Small", 4)):
        st = position(
            situation=((situation,), ()),
            runs=((horse_,), ()),
            extra=cards(_PRIDE + _SHY + _HORSES),
            aptitude=False,
            edition=3,
        )
        assert run_values(st, 0) == {horse_: (run, 1)}


@pytest.mark.parametrize("edition", [3, 2])
def test_803_3_a_condition_reading_its_own_effect_never_crashes_an_action(edition: int) -> None:
    """Test Pride, Test Big running: Pride's condition holds, so your horses
    run 1 more: Big 4, and Small 3 once Small is run.  A legal card set never
    crashes an action (edition 2 read such a condition endlessly)."""
    st = position(
        hands=(("Test Small",), ()),
        situation=(("Test Pride",), ()),
        runs=(("Test Big",), ()),
        phase="runner",
        extra=cards(_PRIDE + _HORSES),
        aptitude=False,
        edition=edition,
    )
    if edition == 2:
        with pytest.raises(RecursionError):
            st.apply(Run(0, "Test Small"))
        return
    st.apply(Run(0, "Test Small"))
    assert run_values(st, 0) == {"Test Big": (4, 1), "Test Small": (3, 1)}
    st.audit()


# -- 4. 808.1g: a dependency inside one step -------------------------------------------

_STEADY = support(
    "Test Steady", "situation",
    '[[card.ability]]\ntype = "continuous"\nwhen = ["your-run.run-at-least:4"]\n'
    'do = [{effect = "guard", amount = 2, target = "your-run"}]\n',
)  # fmt: skip
_LIFT = support(
    "Test Lift", "area",
    '[[card.ability]]\ntype = "play"\n'
    'do = [{effect = "run", amount = 1, target = "your-run", until = "turn"}]\n',
)  # fmt: skip


@pytest.mark.parametrize(("edition", "guard"), [(3, 3), (2, None)])
def test_808_1g_an_effect_whose_condition_another_changes_applies_after_it(
    edition: int, guard: int | None
) -> None:
    """「効果 A を先に適用するか否かによって効果 B が何に対して適用されるか…変わる
    場合、効果 B は効果 A に依存している」: "while a horse in your run area runs
    4 or more, your horses guard 2 more" (Test Steady, the earlier timestamp)
    depends on "your horses run 1 more this turn" (Test Lift, played after)
    in the same step (808.1f), Test Big running 3: applied after it, guard 3
    (edition 2 read the condition endlessly)."""
    st = position(
        hands=(("Test Lift",), ()),
        situation=(("Test Steady",), ()),
        runs=(("Test Big",), ()),
        extra=cards(_STEADY + _LIFT + _HORSES),
        aptitude=False,
        edition=edition,
    )
    if guard is None:
        with pytest.raises(RecursionError):
            st.apply(Support(0, "Test Lift"))
        return
    assert run_values(st, 0)["Test Big"] == (3, 1)
    st.apply(Support(0, "Test Lift"))
    assert run_values(st, 0)["Test Big"] == (4, guard)


# -- 5. 806.4: a card moved between hidden zones is still that card ----------------------

_DISCOUNT = support(
    "Test Discount", "situation",
    '[[card.ability]]\ntype = "auto"\non = "moved"\nwhose = "yours"\nsource = "area"\n'
    'to = "hand"\ndo = [{effect = "cost", amount = -1, target = "triggering", until = "turn"}]\n',
)  # fmt: skip
_DRAW = support("Test Draw", "area", '[[card.ability]]\ntype = "play"\ndo = [{effect = "draw"}]\n')


@pytest.mark.parametrize(("edition", "cost"), [(3, 1), (2, 2)])
def test_806_4_the_card_you_draw_costs_1_less_this_turn(edition: int, cost: int) -> None:
    """806.4a says only where a moved card's information is read: a trigger on
    a card drawn (a hidden zone to the hand) still has that card.  "When you
    draw a card, it costs 1 less this turn" applies to the drawn card (edition
    2 listed the effect as in force and applied it to nothing)."""
    extra = cards(_DISCOUNT + _DRAW + horse("Test Colt", cost=2))
    st = position(
        hands=(("Test Draw",), ()),
        areas=((["Test Colt"], 3, 3, 3), (3, 3, 3, 3)),
        situation=(("Test Discount",), ()),
        extra=extra,
        edition=edition,
    )
    st.apply(Support(0, "Test Draw"))
    assert names(st, 0, HAND) == ["Test Colt"]
    assert hand_values(st, 0)["Test Colt"][0] == cost
    assert not any("Test Colt" in label for label in st.view(1).options)


# -- 6. 806.6a: a state trigger waits when its state arises, also while a text resolves --

_EMPTY_HANDED = support(
    "Test Empty Handed", "situation",
    '[[card.ability]]\ntype = "state"\nwhen = ["hand-empty"]\ndo = [{effect = "draw"}]\n',
)  # fmt: skip
_SWAP = support(
    "Test Swap", "area",
    '[[card.ability]]\ntype = "play"\n'
    'do = [{effect = "farm", target = "your-hand"}, {effect = "draw"}]\n',
)  # fmt: skip


@pytest.mark.parametrize(("edition", "waited"), [(3, True), (2, False)])
def test_806_6a_a_state_that_arises_while_a_text_resolves_makes_its_trigger_wait(
    edition: int, waited: bool
) -> None:
    """「状態誘発は、その状態が発生したときに 1度だけ待機状態になります」: Test
    Swap puts your hand's horses on the farm (the hand is empty: the state
    arises), then draws (it ends) before the rule check; the state trigger
    waited once all the same and draws when played (reading: rules notes)."""
    st = position(
        hands=(("Test Swap", "Paper Kite"), ()),
        situation=(("Test Empty Handed",), ()),
        extra=cards(_EMPTY_HANDED + _SWAP),
        edition=edition,
    )
    st.apply(Support(0, "Test Swap"))
    played = [e.card for e in log(st, "ability-played")]  # type: ignore[attr-defined]
    assert ("Test Empty Handed" in played) is waited
    assert len(names(st, 0, HAND)) == (2 if waited else 1)


# -- 7. 1201.1: a finite chain is no loop ------------------------------------------------

_CLIMB = support(
    "Test Climb", "situation",
    '[[card.ability]]\ntype = "state"\nwhen = ["your-turn"]\n'
    'unless = ["your-run.run-at-least:700"]\n'
    'do = [{effect = "run", amount = 1, target = "your-run", until = "turn"}]\n',
)  # fmt: skip


def test_1201_1_a_finite_chain_of_hundreds_of_effects_is_no_loop() -> None:
    """「ある行動を永久に実行…」: only a loop no player can stop is a draw.  A
    state trigger making "+1 run this turn" until a horse runs 700 is a
    chain of about 700 effects that ends: the game goes on (edition 2's bound
    of 500 effects ended it in a draw)."""
    st = position(
        situation=(("Test Climb",), ()), hands=(("Paper Kite",), ()), extra=cards(_CLIMB),
        aptitude=False, phase="runner", edition=3,
    )  # fmt: skip
    st.apply(Run(0, "Paper Kite"))  # then a rule check: the chain runs to its end
    assert not st.is_over
    assert run_values(st, 0)["Paper Kite"][0] == 700


def test_1201_1_an_engine_limit_is_said_as_such_not_as_a_loop() -> None:
    """The same chain under a small ``max_effects``: the game ends in a draw
    said as the engine's limit (``engine-limit``), not as 1201.1c's loop."""
    st = position(
        situation=(("Test Climb",), ()), hands=(("Paper Kite",), ()), extra=cards(_CLIMB),
        aptitude=False, phase="runner", max_effects=50, edition=3,
    )  # fmt: skip
    st.apply(Run(0, "Paper Kite"))
    assert st.is_over and st.winners == ()
    assert [e.bound for e in log(st, "engine-limit")] == ["max_effects"]  # type: ignore[attr-defined]
    assert not log(st, "loop-draw")


# -- 8. 702.6g-i: card instance 0 is a card ----------------------------------------------

ZERO_DECK = Deck(
    "zero",
    (
        *(e for e in TEST_DECK.cards if e.card == "Paper Kite"),
        *(e for e in TEST_DECK.cards if e.card != "Paper Kite"),
    ),
)
"""The test deck with Paper Kite listed first: seat 0's card instance 0 is a Paper Kite."""


@pytest.mark.parametrize(("edition", "run"), [(3, 2), (2, 1)])
def test_702_6g_i_a_horse_support_names_the_runner_even_card_instance_0(
    edition: int, run: int
) -> None:
    """702.6g-i: a horse-type support names the runner or guard.  Lucky
    Horseshoe ("the horse it names runs 1 more") named seat 0's runner, card
    instance 0: it runs 1 more (edition 2 read card 0 as no horse)."""
    st = position(
        hands=(("Paper Kite", "Lucky Horseshoe"), ()),
        phase="runner",
        deck=Deck("zero", ZERO_DECK.cards),
        aptitude=False,
        edition=edition,
    )
    kite = st.table.find(0, HAND, "Paper Kite")
    assert kite == 0
    st.apply(Run(0, "Paper Kite"))
    st.apply(Pass(1))
    horseshoe = [
        a for a in st.legal_actions(0) if isinstance(a, Support) and a.card == "Lucky Horseshoe"
    ]
    assert horseshoe, st.legal_actions(0)
    st.apply(horseshoe[0])
    assert run_values(st, 0)["Paper Kite"][0] == run


def test_the_zero_deck_puts_paper_kite_at_instance_0() -> None:
    """The deck above really puts Paper Kite at instance 0 of seat 0 (a check
    of the test's own premise, so that the test above cannot pass vacuously)."""
    assert ZERO_DECK.cards[0] == DeckEntry("Paper Kite", 2)

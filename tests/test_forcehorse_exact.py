"""Force of the Horse, exact: the ten rules issue #22 found the engine got
wrong, each against its rule text (every test here failed before its mend).

Cards are written in the documented vocabulary (test-only cards beside the
sample set) and put in zones with :func:`position`; everything else goes
through the public API."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from racebook import IllegalAction
from racebook.games.forcehorse import (
    Card,
    Farm,
    Guard,
    Pass,
    Race,
    Run,
    Support,
    parse_card_set,
)
from racebook.games.forcehorse.effects import info
from racebook.games.forcehorse.loops import Choose
from racebook.games.forcehorse.zones import FARM, HAND, RUN, SITUATION
from tests.test_forcehorse_abilities import card, log, names, position, sample_card

TOKYO_MILE = Race("tokyo", 1600, "firm")


def cards(toml: str) -> Sequence[Card]:
    # edition 2 (a horse with any ability), as position plays them
    return parse_card_set('[set]\nname = "exact"\n' + toml, current=False)[0]


def horse(name: str, ability: str = "", run: int = 3, guard: int = 1) -> str:
    text = f"\n[[card.ability]]\n{ability}\n" if ability else "\n"
    return (
        f'[[card]]\nname = "{name}"\nkind = "horse"\ncost = 0\nsurfaces = ["turf"]\n'
        f'distances = ["all"]\nstyles = ["oikomi"]\nrun = {run}\nguard = {guard}{text}'
    )


def support(name: str, timing: str, *abilities: str, category: str = "item") -> str:
    body = "".join(f"\n[[card.ability]]\n{a}\n" for a in abilities)
    if timing == "situation":
        category = "situation"
    return (
        f'[[card]]\nname = "{name}"\nkind = "support"\ncategory = "{category}"\n'
        f'timing = "{timing}"{body}\n'
    )


def settle(st: object, seat: int | None = None, option: int = 0) -> None:
    """Answer every pending choice (of ``seat``, or anyone's) with ``option``."""
    ab = st.ab  # type: ignore[attr-defined]
    while ab.choice is not None and (seat is None or ab.choice.seat == seat):
        st.apply(Choose(ab.choice.seat, min(option, len(ab.choice.labels) - 1)))  # type: ignore[attr-defined]


# -- 702.6k-i / 702.6k-ii: the distance is taken after the run-succeeded rule check -------


def test_702_6k_ii_the_run_distance_is_taken_after_the_702_6k_i_rule_check() -> None:
    """702.6k-i 「走破に成功した」事象が発生し、ルールチェックを実行します。
    702.6k-ii 走破馬の走破数からガード馬のガード値を引きます: a runner whose
    success ability raises its run by 2 draws (and farms) by the raised value."""
    extra = cards(
        horse(
            "Second Wind",
            'type = "auto"\non = "run-succeeded"\nwhose = "this"\n'
            'do = [{effect = "run", amount = 2, target = "this", until = "turn"}]',
        )
    )
    hands = (("Second Wind", "Force", "Force", "Force"), ("Paper Kite",))
    st = position(hands=hands, phase="runner", areas=((8, 8, 8, 8), (3, 3, 3, 3)), extra=extra)
    st.apply(Run(0, "Second Wind"))
    st.apply(Guard(1, "Paper Kite"))  # guard 1
    st.apply(Pass(0))
    st.apply(Pass(1))
    settle(st)
    result = log(st, "run-result")[-1]
    distance = log(st, "run-distance")[-1]
    assert result.outcome == "succeeded"  # type: ignore[attr-defined]
    assert distance.run == result.run + 2  # type: ignore[attr-defined]
    assert distance.distance == result.distance + 2  # type: ignore[attr-defined]
    assert st.to_farm == distance.distance - 1  # type: ignore[attr-defined]  # 702.6k-iii
    assert len(names(st, 0, HAND)) == 3 + distance.distance  # type: ignore[attr-defined]


def test_702_6k_ii_a_guard_raised_in_the_702_6k_i_check_shortens_the_distance() -> None:
    """The guard's value is read at 702.6k-ii too: a guard that gains 1
    guard when the run against it succeeds takes 1 off the distance."""
    extra = cards(
        horse(
            "Stubborn Mule",
            'type = "auto"\non = "run-succeeded"\nwhose = "opponents"\n'
            'do = [{effect = "guard", amount = 1, target = "your-run", until = "turn"}]',
            run=0,
            guard=1,
        )
    )
    hands = (("Lapis Runner", "Force", "Force", "Force"), ("Stubborn Mule",))
    st = position(hands=hands, phase="runner", areas=((8, 8, 8, 8), (3, 3, 3, 3)), extra=extra)
    st.apply(Run(0, "Lapis Runner", ("Force", "Force", "Force")))
    st.apply(Guard(1, "Stubborn Mule"))
    st.apply(Pass(0))
    st.apply(Pass(1))
    settle(st)
    result, distance = log(st, "run-result")[-1], log(st, "run-distance")[-1]
    assert distance.guard == result.guard + 1  # type: ignore[attr-defined]
    assert distance.distance == result.distance - 1  # type: ignore[attr-defined]


# -- 512.1 / 702.6a: runs are added to that player's run count ---------------------------

_ONE_MORE = 'type = "play"\ndo = [{{effect = "add-runs", target = "{whose}"}}]'


def _priority_for(seat: int, extra: Sequence[Card], hand: str) -> object:
    hands = (("Paper Kite", hand) if seat == 0 else ("Paper Kite",), (hand,) if seat else ())
    st = position(hands=hands, phase="runner", extra=extra)
    st.apply(Run(0, "Paper Kite"))
    st.apply(Pass(1))  # no guard (702.6d-ii)
    if seat == 1:
        st.apply(Pass(0))  # 702.6h: the other player may take priority
    return st


def test_512_1_a_non_turn_players_you_run_one_more_adds_no_run() -> None:
    """512.1 そのプレイヤーの走破回数に加えます; 702.6a only the turn player
    has a run count: the non-turn player's "you run one more" does nothing,
    so it is no legal play (805.3)."""
    extra = cards(support("Spur", "horse", _ONE_MORE.format(whose="you"), category="jockey"))
    st = _priority_for(1, extra, "Spur")
    with pytest.raises(IllegalAction):
        st.apply(Support(1, "Spur", 0, 0))  # type: ignore[attr-defined]


def test_512_1_the_non_turn_players_your_opponent_runs_one_more_adds_to_the_turn_player() -> None:
    extra = cards(support("Goad", "horse", _ONE_MORE.format(whose="opponent"), category="jockey"))
    st = _priority_for(1, extra, "Goad")
    before = st.run_count  # type: ignore[attr-defined]
    st.apply(Support(1, "Goad", 0, 0))  # type: ignore[attr-defined]
    assert st.run_count == before + 1  # type: ignore[attr-defined]


def test_512_1_the_turn_players_your_opponent_runs_one_more_adds_nothing() -> None:
    extra = cards(support("Goad", "horse", _ONE_MORE.format(whose="opponent"), category="jockey"))
    st = _priority_for(0, extra, "Goad")
    with pytest.raises(IllegalAction):  # it would do nothing (805.3)
        st.apply(Support(0, "Goad", 0, 0))  # type: ignore[attr-defined]
    extra = cards(support("Spur", "horse", _ONE_MORE.format(whose="you"), category="jockey"))
    st = _priority_for(0, extra, "Spur")
    before = st.run_count  # type: ignore[attr-defined]
    st.apply(Support(0, "Spur", 0, 0))  # type: ignore[attr-defined]
    assert st.run_count == before + 1  # type: ignore[attr-defined]


# -- 513.1: keep N farms distance - N ------------------------------------------------------


def test_513_1_keep_n_farms_the_distance_less_n() -> None:
    """513.1 走破距離から 1 を引いた枚数のカードを…置く代わりに、（数値）を引いた
    枚数のカードを置く: Apprentice Rider ("keep 2 cards in hand") then a run
    of distance 3 farms 3 - 2 = 1 card, not 3 - 1 - 2 = 0."""
    hands = (("Apprentice Rider", "Lapis Runner", "Force", "Force", "Force"), ("Paper Kite",))
    st = position(hands=hands, areas=((8, 8, 8, 8), (3, 3, 3, 3)))
    st.apply(Support(0, "Apprentice Rider"))
    st.apply(Pass(0))  # to the run step
    st.apply(Run(0, "Lapis Runner", ("Force", "Force", "Force")))
    st.apply(Guard(1, "Paper Kite"))
    st.apply(Pass(0))
    st.apply(Pass(1))
    settle(st)
    distance = log(st, "run-distance")[-1].distance  # type: ignore[attr-defined]
    assert distance >= 2
    assert st.to_farm == distance - 2


def test_513_1_keep_is_at_least_one_card() -> None:
    from racebook.core.errors import ConfigError

    with pytest.raises(ConfigError) as err:
        cards(support("Leak", "area", 'type = "play"\ndo = [{effect = "keep", amount = 0}]'))
    assert err.value.field == "cards[Leak].ability[0].do[0].amount"


# -- 809.1: a replacement effect replaces any event it names ------------------------------

_BOOMERANG = support(
    "Boomerang",
    "area",
    'type = "play"\ndo = ["draw"]',
    'type = "replace"\ninstead = "farm"\nwhose = "this"\n'
    'do = [{effect = "to-hand", target = "this"}]',
)


def test_809_1_an_area_items_own_replacement_replaces_its_805_2d_v_move_to_the_farm() -> None:
    """805.2d-v そのカードをファームに置きます; 803.4a-i an ability about
    putting this card somewhere is valid as it is put there; 809.1: so
    Boomerang ("instead of going to the farm, return to your hand") returns."""
    st = position(hands=(("Boomerang",), ()), extra=cards(_BOOMERANG))
    events = st.apply(Support(0, "Boomerang"))
    assert [e.what for e in events if e.kind == "replaced"] == ["farm"]  # type: ignore[attr-defined]
    assert "Boomerang" in names(st, 0, HAND) and "Boomerang" not in names(st, 0, FARM)


def test_809_1_and_903_1_a_rule_process_move_is_replaced_too() -> None:
    """903.1 puts the older situation card on the farm; 809.1 names no
    exemption for rule processes: Anchor's "instead, to your hand" applies
    (901.3: replacing one card's move leaves the process otherwise whole)."""
    extra = cards(
        support(
            "Anchor",
            "situation",
            'type = "replace"\ninstead = "farm"\nwhose = "this"\n'
            'do = [{effect = "to-hand", target = "this"}]',
        )
        + support("Wind Sock", "situation", 'type = "continuous"\ndo = [{effect = "guard"}]')
    )
    st = position(hands=(("Wind Sock",), ()), situation=(("Anchor",), ()), extra=extra)
    events = st.apply(Support(0, "Wind Sock"))
    assert [e.rule for e in events if e.kind == "rule-process"] == ["903"]  # type: ignore[attr-defined]
    assert names(st, 0, SITUATION) == ["Wind Sock"]
    assert "Anchor" in names(st, 0, HAND)


# -- 806.4a-ii: public to public, the card as it is in the new zone -----------------------


def test_806_4a_ii_per_guard_and_per_triggering_guard_agree_for_the_moved_card() -> None:
    """Twin Lamp draws per its guard and per the triggering card's guard when
    it goes from the run area to the farm: both read it on the farm."""
    ability = (
        'type = "auto"\non = "moved"\nwhose = "this"\nsource = "run"\nto = "farm"\n'
        'do = [{effect = "draw", per = "%s"}]'
    )
    extra = cards(
        horse("Twin Lamp", ability % "guard", run=6, guard=2)
        + f"[[card.ability]]\n{ability % 'triggering-guard'}\n"
    )
    hands = (("Twin Lamp", "Veteran Rider"), ("Stone Bridge",))
    st = position(hands=hands, phase="runner", areas=((9, 9, 9, 9), (3, 3, 3, 3)), extra=extra)
    st.apply(Run(0, "Twin Lamp"))
    st.apply(Guard(1, "Stone Bridge"))
    st.apply(Support(0, "Veteran Rider", 0, 0))  # guard 2 + 1 in the run area
    lamp = card(st, 0, RUN, "Twin Lamp")
    assert info(st, lamp).guard == 3
    st.apply(Pass(0))
    st.apply(Pass(1))
    while st.ab.choice is None and not st.is_over:  # farm after the success, then 702.6m
        seat = st.to_act[0]
        acts = st.legal_actions(seat)
        st.apply(next((a for a in acts if isinstance(a, Pass)), acts[0]))
    assert lamp in st.table.zones[0][FARM] and info(st, lamp).guard == 2
    before = len(names(st, 0, HAND))
    settle(st, 0)
    plays = [e for e in log(st, "ability-played") if e.card == "Twin Lamp"]  # type: ignore[attr-defined]
    assert len(plays) == 2
    assert len(names(st, 0, HAND)) - before == 2 + 2  # the farm's guard, twice


# -- 803.4b / 808.1b: a horse that lost its abilities does not trigger on leaving ----------


def test_803_4b_a_horse_without_abilities_in_the_run_area_does_not_trigger_on_leaving_it() -> None:
    """Hush (seat 1's situation card): the opponent's horses in the run area
    lose their abilities.  Old Lighthouse's "when it goes from the run area
    to the farm" must not trigger at 702.6m: as it leaves it has none; the
    loss ending once it is on the farm does not give them back for that move."""
    extra = cards(
        support(
            "Hush",
            "situation",
            'type = "continuous"\ndo = [{effect = "lose-abilities", target = "opponent-run"}]',
        )
    )
    hands = (("Old Lighthouse", *["Force"] * 5), ("Stone Bridge",))
    st = position(
        hands=hands, phase="runner", situation=((), ("Hush",)), extra=extra,
        areas=((5, 5, 5, 5), (3, 3, 3, 3)),
    )  # fmt: skip
    st.apply(Run(0, "Old Lighthouse", ("Force",) * 5))
    lighthouse = card(st, 0, RUN, "Old Lighthouse")
    assert info(st, lighthouse).abilities == ()
    st.apply(Guard(1, "Stone Bridge"))
    st.apply(Pass(0))
    st.apply(Pass(1))
    settle(st)
    assert lighthouse in st.table.zones[0][FARM]
    assert not [e for e in log(st, "ability-triggered") if e.card == "Old Lighthouse"]  # type: ignore[attr-defined]


# -- 808.1g: dependency among ability-removing effects ------------------------------------


def test_808_1g_an_effect_whose_source_loses_its_abilities_depends_on_that_loss() -> None:
    """Mute Colt (seat 1, in the run area first): the opponent's horses lose
    their abilities.  Hush (seat 0's situation, later): the opponent's horses
    lose theirs, Mute Colt's included.  Applying Hush first changes whether
    Mute Colt's effect exists, so it depends on Hush (808.1g) and comes after
    it, whatever the timestamps: it no longer exists, Old Lighthouse keeps
    its abilities."""
    extra = cards(
        horse(
            "Mute Colt",
            'type = "continuous"\ndo = [{effect = "lose-abilities", target = "opponent-run"}]',
        )
        + support(
            "Hush",
            "situation",
            'type = "continuous"\ndo = [{effect = "lose-abilities", target = "opponent-run"}]',
        )
    )
    st = position(
        runs=(("Old Lighthouse",), ("Mute Colt",)), situation=(("Hush",), ()), extra=extra
    )
    mute = card(st, 1, RUN, "Mute Colt")
    lighthouse = card(st, 0, RUN, "Old Lighthouse")
    st.table.entered[mute] = 0  # Mute Colt's effect is the older one (808.1h-i)
    assert info(st, mute).abilities == ()
    assert info(st, lighthouse).abilities != ()


# -- 808.1 / 508.4: a continuous ability's condition reads current information ------------


def test_808_1_and_508_4_a_continuous_abilitys_condition_reads_the_cards_current_favourites() -> (
    None
):
    """Mudlark: while its going is a favourite (508.4), it runs 2 more.  Rain
    Charm gives the player's horses the favourite going "soft" (808.1c): the
    condition reads Mudlark's information with it (808.1), so +2 applies."""
    extra = cards(
        horse(
            "Mudlark",
            'type = "continuous"\nwhen = ["favourite-going"]\n'
            'do = [{effect = "run", amount = 2, target = "this"}]',
        )
        + support(
            "Rain Charm",
            "situation",
            'type = "continuous"\n'
            'do = [{effect = "favourite", value = "soft", target = "your-run"}]',
        )
    )
    race = Race("tokyo", 1600, "soft")
    plain = position(runs=(("Mudlark",), ()), extra=extra, race=race)
    charmed = position(
        runs=(("Mudlark",), ()), situation=(("Rain Charm",), ()), extra=extra, race=race
    )
    a, b = card(plain, 0, RUN, "Mudlark"), card(charmed, 0, RUN, "Mudlark")
    assert "soft" in info(charmed, b).favourites
    assert info(charmed, b).run == info(plain, a).run + 2


# -- 1201.1c: only a loop no one can stop is a draw ---------------------------------------


def test_1201_1c_a_long_finite_chain_with_real_choices_is_not_a_draw() -> None:
    """Three counters of seat 1 (the non-turn player), horses in the run area
    each with a state trigger that chooses a horse and raises its own run by
    1 until it reaches 99: a finite chain of about 290 abilities, each with a
    real choice.  It is no perpetual loop (1201.1c), so the game goes on, even
    with ``loop_repeats`` far below its length: each real choice ends a forced
    chain, so the same placement coming back across choices is no repeat."""
    ability = (
        'type = "state"\nwhen = ["hand-at-most:99"]\nunless = ["run-at-least:99"]\n'
        'choose = "any-run"\ndo = [{effect = "run", amount = 1, target = "this"}]'
    )
    extra = cards("".join(horse(f"Abacus {i}", ability, run=0) for i in (1, 2, 3)))
    st = position(
        hands=(("Paper Kite",), ()),
        runs=((), ("Abacus 1", "Abacus 2", "Abacus 3")),
        phase="runner",
        extra=extra,
        loop_repeats=20,
    )
    st.apply(Run(0, "Paper Kite"))  # 702.6c: a rule check
    plays = 0
    while st.ab.choice is not None and st.ab.choice.seat == 1 and plays < 2000:
        st.apply(Choose(1, plays % len(st.ab.choice.labels)))
        plays += 1
    assert plays > 200
    assert not [e for e in log(st, "loop-draw")] and not st.is_over


# -- 805.3 / 809.1a: a text replaced into nothing is not a legal play ----------------------


def test_805_3_and_809_1a_a_support_whose_text_would_be_replaced_into_nothing_is_not_legal() -> (
    None
):
    """Null Ink (seat 1's situation): every draw is replaced by nothing.
    Spare Blinkers' whole text is "draw a card": it would never happen
    (809.1a), so its play is not legal (805.3)."""
    extra = cards(
        support("Null Ink", "situation", 'type = "replace"\ninstead = "draw"\nwhose = "any"')
    )
    st = position(hands=(("Spare Blinkers",), ()), situation=((), ("Null Ink",)), extra=extra)
    assert Support(0, "Spare Blinkers") not in st.legal_actions(0)
    with pytest.raises(IllegalAction):
        st.apply(Support(0, "Spare Blinkers"))
    plain = position(hands=(("Spare Blinkers",), ()))
    assert Support(0, "Spare Blinkers") in plain.legal_actions(0)


# -- 506.1a and 503.2 (found by the rule-by-rule map) -------------------------------------


def test_506_1a_a_played_card_is_put_from_the_hand_into_its_zone() -> None:
    """506.1a ある領域 Aにあるカードがプレイされ、その結果としてそのカードが
    領域 Bに置かれた場合、領域 Aから領域 Bに「出された」: a runner played
    from the hand triggers "when your horse is put from the hand into the run
    area", though it passed through the resolution area (805.2a-i)."""
    extra = cards(
        support(
            "Starting Gate",
            "situation",
            'type = "auto"\non = "moved"\nsource = "hand"\nto = "run"\ndo = ["draw"]',
        )
    )
    hands = (("Paper Kite",), ())
    st = position(hands=hands, phase="runner", situation=(("Starting Gate",), ()), extra=extra)
    events = st.apply(Run(0, "Paper Kite"))
    assert [e.card for e in events if e.kind == "ability-triggered"] == ["Starting Gate"]  # type: ignore[attr-defined]


def test_503_2_force_paid_for_an_ability_goes_to_the_resolution_area_and_triggers_paid() -> None:
    """503.2 手札のフォースカードを望む枚数解決エリアに移動します: a force
    card paid for an ability's cost is in the resolution area as it is paid,
    so its own "when paid" (803.4d) triggers, then it goes to the farm."""
    extra = cards(
        support(
            "Turnpike",
            "situation",
            'type = "auto"\non = "turn-start"\ncost = "pay-force"\ndo = ["draw"]',
        )
    )
    st = position(
        hands=(("Home Force",), ()), situation=(("Turnpike",), ()), turn_player=1, extra=extra
    )
    st.apply(Pass(1))
    st.apply(Pass(1))  # seat 1's turn ends; seat 0's starts: Toll Gate asks for its cost
    assert st.ab.choice is not None and st.ab.choice.seat == 0
    paying = next(i for i, label in enumerate(st.ab.choice.labels) if "Home Force" in label)
    st.apply(Choose(0, paying))
    settle(st, 0)
    plays = [e.card for e in log(st, "ability-played")]  # type: ignore[attr-defined]
    assert "Home Force" in plays  # its "paid" ability (a draw), valid in the resolution area
    assert "Home Force" in names(st, 0, FARM)


# -- readings kept as settings -------------------------------------------------------------


def test_702_6b_i_declining_a_later_runner_compares_what_ran() -> None:
    """702.6b-i after a run was added (512): declining the next runner goes
    to the comparison (``declined_runner = "compare"``), so what ran is
    compared and the run area cleared; ``"702.6n"`` goes straight on."""
    for reading, compared in (("compare", True), ("702.6n", False)):
        st = position(
            hands=(("Lapis Runner", "Home Force", "Force"), ()),
            phase="runner",
            declined_runner=reading,
        )
        st.apply(Run(0, "Lapis Runner", ("Home Force", "Force")))  # a special force: +1 run
        while st.ab.choice is not None:
            st.apply(Choose(st.ab.choice.seat, 0))
        st.apply(Pass(1))  # no guard
        st.apply(Pass(0))
        st.apply(Pass(1))
        while st.ab.choice is not None:
            st.apply(Choose(st.ab.choice.seat, 0))
        assert st.phase == "runner" and st.run_count == 1  # the added run
        st.apply(Pass(0))  # declines the second runner
        while st.ab.choice is not None or st.phase == "farm":
            if st.ab.choice is not None:
                st.apply(Choose(st.ab.choice.seat, 0))
            else:
                st.apply(Farm(0, st.view(0).hand[0]))
        results = [e for e in st.log.events(None) if e.kind == "run-result"]
        assert bool(results) == compared
        assert ("Lapis Runner" in names(st, 0, RUN)) != compared


# -- 809.1, 802.1c-i: a move to the hand is replaceable too --------------------------------


def test_809_1_a_return_to_the_hand_is_replaced() -> None:
    """802.1c-i 「（行動 A）する時、かわりに（行動B）する」 names any action:
    Customs (seat 1's situation, a sample card) replaces a card of the
    opponent's going back to the hand by a draw of its own.  Rewind ("return this card to your
    hand") then stays in the resolution area and goes to the farm
    (805.2d-v)."""
    post = attrs.evolve(sample_card("Customs"), name="Border Post")  # beside the test deck
    st = position(hands=(("Rewind",), ()), situation=((), ("Border Post",)), extra=(post,))
    before = len(names(st, 1, HAND))
    events = st.apply(Support(0, "Rewind"))
    assert [(e.card, e.what) for e in events if e.kind == "replaced"] == [
        ("Border Post", "to-hand")
    ]  # type: ignore[attr-defined]
    assert "Rewind" in names(st, 0, FARM) and "Rewind" not in names(st, 0, HAND)
    assert len(names(st, 1, HAND)) == before + 1

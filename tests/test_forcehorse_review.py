"""Force of the Horse part 2: regression tests for a rule-by-rule review of
the ability engine (each failed before its mend)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from racebook.games.forcehorse import Card, Pass, Race, Run, Support, parse_card_set
from racebook.games.forcehorse.loops import Choose
from racebook.games.forcehorse.zones import FARM, HAND, RUN
from tests.test_forcehorse_abilities import names, position


def cards(toml: str) -> Sequence[Card]:
    # edition 2 (a horse with any ability), as position plays them
    return parse_card_set('[set]\nname = "review"\n' + toml, current=False)[0]


def situation_card(name: str, ability: str) -> Sequence[Card]:
    return cards(
        f'[[card]]\nname = "{name}"\nkind = "support"\ncategory = "situation"\n'
        f'timing = "situation"\n[[card.ability]]\n{ability}\n'
    )


@pytest.mark.parametrize("edition", [2, 3])
def test_806_6a_a_declined_state_trigger_waits_again_only_when_its_state_arises_anew(
    edition: int,
) -> None:
    extra = situation_card(
        "Ledger", 'type = "state"\nwhen = ["hand-at-least:1"]\ncost = "farm-hand"\ndo = ["draw"]'
    )
    st = position(
        hands=(("Paper Kite", "Force", "Force"), ()), situation=(("Ledger",), ()), extra=extra,
        phase="runner", edition=edition,
    )  # fmt: skip
    st.apply(Run(0, "Paper Kite"))  # a rule check comes: the state trigger waits and asks
    assert st.ab.choice is not None, "the state trigger asks (the test's premise)"
    declined = 0
    for _ in range(3):
        if st.ab.choice is None:
            break
        st.apply(Choose(0, len(st.ab.choice.labels) - 1))  # decline (806.3b-i)
        declined += 1
    assert declined == 1, "declined once, it waits again only when its state arises anew"
    assert not st.is_over, "declining is no loop (1201.1c)"
    assert st.ab.choice is None and (st.ab.waiting == [])


def test_1201_1c_a_forced_loop_that_only_grows_is_a_draw_not_a_hang() -> None:
    for do in (
        'do = [{effect = "guard", amount = 1}]',
        'do = [{effect = "add-runs", amount = 1}]',
        'do = [{effect = "later", value = "turn-end"}]\nlater = ["draw"]',
    ):
        extra = situation_card("Treadmill", f'type = "state"\nwhen = ["hand-at-most:99"]\n{do}')
        st = position(hands=(("Force",), ()), situation=(("Treadmill",), ()), extra=extra)
        st.apply(Pass(0))
        if not st.is_over:
            st.apply(Pass(0))
        assert st.is_over and st.result is not None and st.result.scores == (0, 0)
        assert st.log.events(None)[-2].kind == "loop-draw"


def test_702_6m_a_card_that_left_the_run_area_is_not_farmed_by_the_cleanup() -> None:
    extra = cards(
        '[[card]]\nname = "Homing Pigeon"\nkind = "horse"\ncost = 0\nsurfaces = ["turf"]\n'
        'distances = ["all"]\nstyles = ["nige"]\nrun = 0\nguard = 0\n'
        '[[card.ability]]\ntype = "replace"\ninstead = "farm"\nwhose = "this"\n'
        'do = [{effect = "to-hand", target = "your-run"}]\n'
    )
    st = position(
        hands=(("Copper Wheel", "Force", "Force", "Force"), ()),
        runs=(("Homing Pigeon", "Salt Meadow"), ()),
        phase="runner",
        extra=extra,
        race=Race("tokyo", 1600, "firm"),
    )
    st.apply(Run(0, "Copper Wheel", ("Force",)))
    while not st.is_over and st.turn_player == 0:
        seat = st.to_act[0]
        acts = st.legal_actions(seat)
        st.apply(next((a for a in acts if isinstance(a, Pass)), acts[0]))
    hand, farm = names(st, 0, HAND), names(st, 0, FARM)
    assert "Salt Meadow" in hand and "Salt Meadow" not in farm  # returned, then left alone


def test_803_4b_a_horse_does_not_trigger_on_moves_before_it_entered_the_run_area() -> None:
    extra = cards(
        '[[card]]\nname = "Eager Colt"\nkind = "horse"\ncost = 1\nsurfaces = ["turf"]\n'
        'distances = ["all"]\nstyles = ["nige"]\nrun = 3\nguard = 0\n'
        '[[card.ability]]\ntype = "auto"\non = "moved"\nsource = "hand"\ndo = ["draw"]\n'
    )
    st = position(hands=(("Eager Colt", "Force", "Force"), ()), phase="runner", extra=extra)
    events = st.apply(Run(0, "Eager Colt", ("Force",)))
    # the moves before it entered (to the resolution area, the force paid) do
    # not trigger it; its own arrival does: played from the hand, it is put
    # from the hand into the run area (506.1a), as it enters (806.4b)
    triggered = [e for e in events if e.kind == "ability-triggered"]
    assert [e.card for e in triggered] == ["Eager Colt"]  # type: ignore[attr-defined]
    assert names(st, 0, RUN) == ["Eager Colt", "Force"]


def test_806_4a_a_move_between_hidden_zones_gives_no_information() -> None:
    extra = situation_card(
        "Spyglass",
        'type = "auto"\non = "moved"\nwhose = "opponents"\nsource = "area"\nto = "hand"\n'
        'do = [{effect = "draw", per = "triggering-run"}]',
    )
    drawn = set()
    for top in ("Copper Wheel", "Force", "Old Lighthouse"):
        st = position(
            situation=(("Spyglass",), ()), areas=((5, 5, 5, 5), ([top], 3, 3, 3)), extra=extra
        )
        before = len(names(st, 0, HAND))
        st.apply(Pass(0))
        st.apply(Pass(0))  # seat 1 draws its top card at 702.3
        drawn.add(len(names(st, 0, HAND)) - before)
    assert drawn == {0}  # whatever the hidden card was


def test_805_3_judged_with_the_card_in_the_resolution_area() -> None:
    extra = cards(
        '[[card]]\nname = "Full Hand"\nkind = "support"\ncategory = "item"\ntiming = "area"\n'
        '[[card.ability]]\ntype = "play"\nwhen = ["hand-at-least:3"]\ndo = ["draw"]\n'
    )
    st = position(hands=(("Full Hand", "Force", "Force"), ()), extra=extra)
    assert Support(0, "Full Hand") not in st.legal_actions(0)  # 2 cards left: it would do nothing
    st = position(hands=(("Full Hand", "Force", "Force", "Force"), ()), extra=extra)
    assert Support(0, "Full Hand") in st.legal_actions(0)


def test_513_1_keep_is_never_negative() -> None:
    import pytest

    from racebook.core.errors import ConfigError

    with pytest.raises(ConfigError) as err:
        situation_card(
            "Leak", 'type = "auto"\non = "turn-start"\ndo = [{effect = "keep", amount = -2}]'
        )
    assert err.value.field == "cards[Leak].ability[0].do[0].amount"

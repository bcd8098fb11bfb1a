"""Force of the Horse: the vocabulary as wide as the rules (issue 22).

One test per word the card data gained, named after its rule: test cards
(made from TOML, as a card set file writes them) in positions built by the
abilities tests' helper."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook import ConfigError, IllegalAction
from racebook.agents.base import RandomBot
from racebook.core.game import Event
from racebook.games.forcehorse import (
    Card,
    ForceHorseState,
    Guard,
    Pass,
    Run,
    Support,
    abilities,
    actions,
    engine,
    layers,
    parse_card_set,
    replacement,
    sample_set,
    triggers,
)
from racebook.games.forcehorse import effects as effects_mod
from racebook.games.forcehorse.abilities import Ability, Effect
from racebook.games.forcehorse.actions import distinct
from racebook.games.forcehorse.loops import Choose
from racebook.games.forcehorse.records import Context, Waiting
from racebook.games.forcehorse.zones import AREAS, FARM, HAND, REMOVED
from tests.test_forcehorse_abilities import TOKYO_MILE, going, kinds, log, names, passes, position


def card_of(kind: str, name: str, ability: str, extra: str = "", *, current: bool = True) -> Card:
    """One test card from TOML: a support card (``kind`` its timing: area,
    situation or horse) or a horse (``kind`` = "horse", cost 0, runs 1);
    ``current=False``: read as a card of edition 2 (a horse with any ability)."""
    if kind == "horse":
        head = (
            'kind = "horse"\ncost = 0\nsurfaces = ["turf"]\ndistances = ["all"]\n'
            'styles = ["senko"]\nfavourites = []\nrun = 1\nguard = 1\n'
        )
    else:
        category = "situation" if kind == "situation" else "item"
        head = f'kind = "support"\ncategory = "{category}"\ntiming = "{kind}"\n'
    text = f'[[card]]\nname = "{name}"\n{head}{extra}[[card.ability]]\n{ability}\n'
    (card,), _ = parse_card_set(text, current=current)
    return card


def test_702_6d_ii_a_trigger_on_not_guarded() -> None:
    """「ガードされなかった時」: the runner's own force ability, when no guard is played."""
    lone = card_of("horse", "Test Lone Star", 'type = "force"\non = "not-guarded"\nwhose = "this"\n'
                   'do = [{effect = "draw"}]')  # fmt: skip
    st = position(hands=(("Test Lone Star",), ("Paper Kite",)), phase="runner", extra=(lone,))
    st.apply(Run(0, "Test Lone Star"))
    st.apply(Pass(1))  # no guard: 702.6d-ii
    assert [e.card for e in log(st, "ability-played")] == ["Test Lone Star"]  # type: ignore[attr-defined]
    assert names(st, 0, HAND) == ["Force"]


def test_702_6d_ii_no_trigger_when_guarded() -> None:
    lone = card_of("horse", "Test Lone Star", 'type = "force"\non = "not-guarded"\nwhose = "this"\n'
                   'do = [{effect = "draw"}]')  # fmt: skip
    st = position(hands=(("Test Lone Star",), ("Paper Kite",)), phase="runner", extra=(lone,))
    st.apply(Run(0, "Test Lone Star"))
    st.apply(Guard(1, "Paper Kite"))
    assert not log(st, "ability-played")


_SCOUT = (
    'type = "auto"\non = "moved"\nwhose = "any"\nto = "run"\ncard_when = ["style:nige"]\n'
    'do = [{effect = "draw"}]'
)


def test_806_4a_a_trigger_conditioned_on_the_entering_cards_information() -> None:
    """A situation card: when a nige horse is put in a run area, draw.  A
    senko horse does not trigger it; Stone Bridge (nige) does."""
    scout = card_of("situation", "Test Scout", _SCOUT)
    st = position(hands=(("Paper Kite", "Stone Bridge", "Force", "Force"), ()),
                  situation=(("Test Scout",), ()), phase="runner", extra=(scout,))  # fmt: skip
    st.apply(Run(0, "Paper Kite"))
    assert not log(st, "ability-triggered")
    st.apply(Pass(1))
    passes(st, 0, 1)  # run 1 - guard 0: success, then the turn goes on
    assert len(log(st, "ability-triggered")) == 0
    st2 = position(hands=(("Stone Bridge", "Force", "Force"), ()),
                   situation=(("Test Scout",), ()), phase="runner", extra=(scout,))  # fmt: skip
    st2.apply(Run(0, "Stone Bridge", ("Force", "Force")))
    assert [e.card for e in log(st2, "ability-played")] == ["Test Scout"]  # type: ignore[attr-defined]


def test_808_3a_the_entering_card_is_read_with_the_effects_of_its_new_zone() -> None:
    """Paper Kite is senko; in the run area, Nige Lane makes your horses nige:
    Scout's 「逃げの馬が走破エリアに置かれた時」 sees it nige (808.3a)."""
    scout = card_of("situation", "Test Scout", _SCOUT)
    lane = card_of(
        "horse",
        "Nige Lane",
        'type = "continuous"\ndo = [{effect = "style", value = "nige", target = "your-run"}]',
        current=False,
    )  # fmt: skip  (edition 2, as position plays)
    st = position(hands=(("Paper Kite",), ()), situation=(("Test Scout",), ()),
                  runs=(("Nige Lane",), ()), phase="runner", extra=(scout, lane))  # fmt: skip
    st.apply(Run(0, "Paper Kite"))
    assert [e.card for e in log(st, "ability-played")] == ["Test Scout"]  # type: ignore[attr-defined]


def test_1102_1a_a_condition_about_the_opponent_and_another_card() -> None:
    """「相手の手札がない時」 and 「相手の走破エリアに先行の馬がいる時」."""
    ability = (
        'type = "force"\nwhen = ["opponent.hand-empty", "opponent-run.style:senko"]\n'
        'do = [{effect = "draw"}]'
    )
    peek = card_of("horse", "Peek", ability)
    st = position(hands=((), ("Peek",)), runs=(("Paper Kite",), ()), phase="guard",
                  extra=(peek,))  # fmt: skip
    st.pairs = [[st.table.find(0, "run", "Paper Kite"), None]]
    st.apply(Guard(1, "Peek"))  # seat 0's hand is empty, its runner is senko
    assert names(st, 1, HAND) == ["Force"]
    st = position(hands=(("Force",), ("Peek",)), runs=(("Paper Kite",), ()), phase="guard",
                  extra=(peek,))  # fmt: skip
    st.pairs = [[st.table.find(0, "run", "Paper Kite"), None]]
    st.apply(Guard(1, "Peek"))
    assert names(st, 1, HAND) == []


def test_515_1_same_number() -> None:
    """「手札の枚数が相手と同じ数字の時」: equal values."""
    even = card_of("area", "Even Odds", 'type = "play"\nwhen = ["same-number:hand,opponent-hand"]\n'
                   'do = [{effect = "draw"}]')  # fmt: skip
    st = position(hands=(("Even Odds", "Force"), ("Force",)), extra=(even,))
    st.apply(Support(0, "Even Odds"))  # in the resolution area: 1 card each in hand
    assert names(st, 0, HAND) == ["Force", "Force"]
    st = position(hands=(("Even Odds", "Force"), ()), extra=(even,))
    with pytest.raises(IllegalAction):  # 805.3: it would do nothing
        st.apply(Support(0, "Even Odds"))


def test_505_2_506_3_using_a_situation_card_and_the_horse_put_out_to_run() -> None:
    ability = 'type = "force"\nwhen = ["using-situation", "is-runner"]\ndo = [{effect = "draw"}]'
    star = card_of("horse", "Show Star", ability)
    st = position(hands=(("Show Star",), ()), situation=(("Clear Skies",), ()),
                  phase="runner", extra=(star,))  # fmt: skip
    st.apply(Run(0, "Show Star"))
    assert names(st, 0, HAND) == ["Force"]
    st = position(hands=(("Show Star",), ()), phase="runner", extra=(star,))
    st.apply(Run(0, "Show Star"))
    assert names(st, 0, HAND) == []  # no situation card in use


def test_506_4_the_horse_put_out_to_guard() -> None:
    ability = 'type = "force"\nwhen = ["is-guard"]\ndo = [{effect = "draw"}]'
    star = card_of("horse", "Show Star", ability)
    st = position(hands=(("Show Star",), ("Show Star",)), phase="runner", extra=(star,))
    st.apply(Run(0, "Show Star"))
    assert names(st, 0, HAND) == []  # the runner is not a guard
    st.apply(Guard(1, "Show Star"))
    assert names(st, 1, HAND) == ["Force"]


def test_806_5a_a_delayed_trigger_with_a_stated_period() -> None:
    """「このターン、あなたがサポートカードをプレイするたび」: it triggers
    every time until the turn ends, then no more."""
    ability = (
        'type = "play"\ndo = [{effect = "later", value = "support-played", until = "turn"}]\n'
        'later = [{effect = "going", amount = 1}]'
    )
    rain = card_of("area", "Rain Dance", ability)
    st = position(hands=(("Rain Dance", "Spare Blinkers", "Rewind", "Paper Kite"), ()),
                  areas=((5, 5, 5, 5), (5, 5, 5, 5)), extra=(rain,))  # fmt: skip
    st.apply(Support(0, "Rain Dance"))
    st.apply(Support(0, "Spare Blinkers"))
    assert going(st) == "good"
    st.apply(Support(0, "Rewind"))
    assert going(st) == "yielding"
    passes(st, 0, 0)  # the turn ends
    assert st.turn_player == 1 and st.ab.delayed == []


def test_103_3_a_prohibition_wins_over_the_instruction() -> None:
    """「相手はカードを引けない」: seat 1's turn-start draw (702.3) is not done;
    「相手はサポートカードをプレイできない」: Spare Blinkers is not legal."""
    ability = (
        'type = "continuous"\ndo = [{effect = "forbid", value = "draw", target = "opponent"},'
        ' {effect = "forbid", value = "support", target = "opponent"}]'
    )
    gag = card_of("situation", "Gag Order", ability)
    st = position(hands=((), ("Spare Blinkers",)), situation=(("Gag Order",), ()), extra=(gag,))
    passes(st, 0, 0)
    assert st.turn_player == 1 and names(st, 1, HAND) == ["Spare Blinkers"]
    assert Support(1, "Spare Blinkers") not in st.legal_actions(1)
    with pytest.raises(IllegalAction):
        st.apply(Support(1, "Spare Blinkers"))


def test_103_3_and_805_3_a_card_whose_only_act_is_forbidden_may_not_be_played() -> None:
    """「相手はカードを引けない」 in force: the opponent's Spare Blinkers ("Draw a
    card") would do nothing, so it is not legal (805.3)."""
    ability = 'type = "continuous"\ndo = [{effect = "forbid", value = "draw", target = "opponent"}]'
    gag = card_of("situation", "Gag Order", ability)
    st = position(hands=((), ("Spare Blinkers",)), situation=(("Gag Order",), ()), extra=(gag,))
    passes(st, 0, 0)
    assert st.turn_player == 1 and Support(1, "Spare Blinkers") not in st.legal_actions(1)


def test_103_3_a_prohibition_made_by_resolving_lasts_its_period() -> None:
    ability = (
        'type = "play"\ndo = [{effect = "forbid", value = "run", target = "you", until = "turn"}]'
    )
    rest = card_of("area", "Rest Day", ability)
    st = position(hands=(("Rest Day", "Paper Kite"), ()), extra=(rest,))
    st.apply(Support(0, "Rest Day"))
    st.apply(Pass(0))
    assert st.phase == "runner" and Run(0, "Paper Kite") not in st.legal_actions(0)


def test_102_3_a_win_effect_ends_the_game_at_once() -> None:
    win = card_of("area", "Test Photo Finish", 'type = "play"\ndo = [{effect = "win"}]')
    st = position(hands=(("Test Photo Finish",), ()), extra=(win,))
    st.apply(Support(0, "Test Photo Finish"))
    assert st.is_over and st.result is not None and st.result.winners == (0,)


def test_102_3_a_lose_effect_ends_the_game_at_once() -> None:
    lose = card_of(
        "area", "Disqualified", 'type = "play"\ndo = [{effect = "lose", target = "opponent"}]'
    )
    st = position(hands=(("Disqualified",), ()), extra=(lose,))
    st.apply(Support(0, "Disqualified"))
    assert st.is_over and st.result is not None and st.result.winners == (0,)


def test_409_remove_from_game() -> None:
    """「このカードをゲームから取り除く」: to the removed zone (409.1), not the farm."""
    gone = card_of("area", "Vanish", 'type = "play"\ndo = [{effect = "draw"}, {effect = "remove"}]')
    st = position(hands=(("Vanish",), ()), extra=(gone,))
    st.apply(Support(0, "Vanish"))
    assert names(st, 0, REMOVED) == ["Vanish"] and "Vanish" not in names(st, 0, FARM)
    assert st.view(1).removed[0] == ("Vanish",)


def test_507_1_put_a_card_into_the_current_area() -> None:
    """「このカードをデッキの上に置く」: the deck is the current area's (507.1);
    the next draw takes it."""
    back = card_of(
        "area", "Boomerang", 'type = "play"\ndo = [{effect = "draw"}, {effect = "to-area"}]'
    )
    st = position(hands=(("Boomerang",), ()), extra=(back,))
    area = st.table.current_area(0)
    st.apply(Support(0, "Boomerang"))
    assert area is not None and st.table.cards[st.table.zones[0][area][-1]].name == "Boomerang"
    area_to = card_of(
        "area", "Far Post", 'type = "play"\ndo = [{effect = "to-area", value = "oikomi"}]'
    )
    st = position(hands=(("Far Post",), ()), extra=(area_to,))
    st.apply(Support(0, "Far Post"))
    assert st.table.cards[st.table.zones[0][AREAS[3]][-1]].name == "Far Post"


def test_803_2_a_condition_on_one_effect() -> None:
    """「カードを 1 枚引く。手札がない場合、さらに馬場を 1 段階悪くする」: the
    second effect alone is conditioned."""
    ability = (
        'type = "play"\ndo = [{effect = "going", amount = 1, when = ["hand-at-least:2"]},'
        ' {effect = "draw"}]'
    )
    wet = card_of("area", "Wet Start", ability)
    st = position(hands=(("Wet Start",), ()), extra=(wet,))
    st.apply(Support(0, "Wet Start"))
    assert going(st) == "firm" and names(st, 0, HAND) == ["Force"]
    st = position(hands=(("Wet Start", "Force", "Force"), ()), extra=(wet,))
    st.apply(Support(0, "Wet Start"))
    assert going(st) == "good"


_TAX = (
    'type = "force"\nchoose = "opponent-hand"\nchooser = "opponent"\n'
    'do = [{effect = "farm", target = "chosen"}]'
)


def test_103_4_the_opponent_makes_the_choice_from_their_hand() -> None:
    """「相手は手札を 1 枚選び、ファームに置く」: seat 1 chooses from its own hand;
    seat 0 sees no option (407.2), and the event does not name the card."""
    tax = card_of("horse", "Test Tax Man", _TAX)
    st = position(hands=(("Test Tax Man",), ("Force", "Paper Kite")), phase="runner", extra=(tax,))
    st.apply(Run(0, "Test Tax Man"))
    assert st.view(1).choosing == (1, "pick") and st.view(0).options == ()
    assert st.view(1).options == ("Force", "Paper Kite")
    st.apply(Choose(1, 1))
    assert names(st, 1, FARM).count("Paper Kite") == 2  # one more on the farm
    assert names(st, 1, HAND) == ["Force"]
    played = kinds(st.log.events(0), "ability-played")
    assert played and played[0].chosen is None  # type: ignore[attr-defined]


def test_103_4_a_hand_choice_does_not_show_the_hand() -> None:
    """Your own hand: you choose; the other seat's view has no options."""
    ability = 'type = "force"\nchoose = "your-hand"\ndo = [{effect = "remove", target = "chosen"}]'
    purge = card_of("horse", "Purge", ability)
    st = position(hands=(("Purge", "Force", "Spare Blinkers"), ()), phase="runner", extra=(purge,))
    st.apply(Run(0, "Purge"))
    assert st.view(0).options == ("Force", "Spare Blinkers") and st.view(1).options == ()
    st.apply(Choose(0, 1))
    assert names(st, 0, REMOVED) == ["Spare Blinkers"]


def test_301_2d_i_a_player_chosen() -> None:
    ability = 'type = "force"\nchoose = "player"\ndo = [{effect = "draw", target = "chosen"}]'
    gift = card_of("horse", "Test Gift Giver", ability)
    st = position(hands=(("Test Gift Giver",), ()), phase="runner", extra=(gift,))
    st.apply(Run(0, "Test Gift Giver"))
    assert st.view(0).options == ("you", "your opponent")
    st.apply(Choose(0, 1))
    assert names(st, 1, HAND) == ["Force"] and names(st, 0, HAND) == []


def test_103_5_a_number_chosen_from_0() -> None:
    """「3 枚まで好きな数のカードを引く」: 0 .. 3 (103.5a)."""
    ability = (
        'type = "force"\nchoose = "number"\nupto = 3\ndo = [{effect = "draw", per = "chosen"}]'
    )
    greed = card_of("horse", "Test Greed", ability)
    st = position(hands=(("Test Greed",), ()), phase="runner", extra=(greed,))
    st.apply(Run(0, "Test Greed"))
    assert st.view(0).options == ("0", "1", "2", "3")
    st.apply(Choose(0, 2))
    assert names(st, 0, HAND) == ["Force", "Force"]


def test_805_2c_a_mandatory_cost_cannot_be_declined() -> None:
    ability = (
        'type = "force"\ncost = "farm-hand"\nmandatory = true\ndo = [{effect = "draw", amount = 2}]'
    )
    toll = card_of("horse", "Toll", ability)
    st = position(hands=(("Toll", "Force", "Spare Blinkers"), ()), phase="runner", extra=(toll,))
    st.apply(Run(0, "Toll"))
    assert "decline" not in st.view(0).options and len(st.view(0).options) == 2
    optional = card_of("horse", "Toll", ability.replace("mandatory = true\n", ""))
    st = position(hands=(("Toll", "Force"), ()), phase="runner", extra=(optional,))
    st.apply(Run(0, "Toll"))
    assert st.view(0).options[-1] == "decline"


def test_806_3a_identical_waiting_copies_are_labelled_apart() -> None:
    """Tally: when a card of yours goes to the farm, keep 1 more.  At 702.6m
    Paper Kite and three Force cards go at once: four copies wait, three of
    them alike but for the Force card each is for; the labels tell them apart."""
    tally = card_of("situation", "Tally", 'type = "auto"\non = "moved"\nto = "farm"\n'
                    'do = [{effect = "keep"}]')  # fmt: skip
    st = position(hands=(("Paper Kite",), ()), situation=(("Tally",), ()),
                  runs=(("Force", "Force", "Force"), ()), phase="runner",
                  extra=(tally,))  # fmt: skip
    st.apply(Run(0, "Paper Kite"))
    passes(st, 1, 0, 1)  # not guarded; both pass: success by 1, then 702.6m
    assert st.view(0).choosing == (0, "ability") and st.view(1).options == ()
    options = st.view(0).options
    assert len(options) == 4 and len(set(options)) == 4
    assert "Tally #0: keep (for Force) [3]" in options
    assert "Tally #0: keep (for Paper Kite)" in options
    waiting = [Waiting(0, 0, 0, card=c) for c in (1, 2)]
    assert distinct(st, ["x", "y"], waiting) == ("x", "y")  # labels apart already: as they are


def test_loader_refuses_bad_new_words() -> None:
    cases = {
        'type = "force"\nchoose = "opponent-hand"\ndo = [{effect = "draw"}]': "chooser",
        'type = "force"\nchoose = "number"\ndo = [{effect = "draw", per = "chosen"}]': "upto",
        'type = "force"\nmandatory = true\ndo = [{effect = "draw"}]': "mandatory",
        'type = "auto"\non = "turn-start"\ncard_when = ["style:nige"]\ndo = ["draw"]': "card_when",
        'type = "force"\nwhen = ["nobody.hand-empty"]\ndo = [{effect = "draw"}]': "when",
        'type = "force"\nwhen = ["same-number:run,height"]\ndo = [{effect = "draw"}]': "when",
        'type = "force"\ndo = [{effect = "forbid", value = "sleep"}]': "do[0].value",
        'type = "force"\ndo = [{effect = "draw", target = "chosen"}]': "do[0].target",
    }
    for ability, field in cases.items():
        with pytest.raises(ConfigError) as err:
            card_of("horse", "Bad", ability)
        assert f"cards[Bad].ability[0].{field}" in str(err.value), ability


def test_race_default_unchanged() -> None:
    assert TOKYO_MILE.going == "firm"


# -- the sample set uses every word, and random play meets each ------------------------


def words_of(ability: Ability) -> set[tuple[str, str]]:
    """The vocabulary's words an ability writes (its fields' values)."""
    out = {("type", ability.type)}
    if ability.type in ("auto", "force"):
        out.add(("on", ability.on or "enters-run"))
        out.add(("whose", ability.whose))
    out |= {("zone", z) for z in (ability.source, ability.to) if z}
    conditions = [*ability.when, *ability.unless, *ability.card_when]
    for e in (*ability.do, *ability.later):
        conditions += [*e.when, *e.unless, *([e.only] if e.only else [])]
        out |= effect_words(e)
    for c in conditions:
        out |= condition_words(c)
    for field in ("choose", "chooser", "cost", "instead"):
        if getattr(ability, field):
            out.add((field, getattr(ability, field)))
    out |= {(f, "true") for f in ("may", "mandatory") if getattr(ability, f)}
    if ability.card_when:
        out.add(("card_when", "true"))
    return out


def effect_words(e: Effect) -> set[tuple[str, str]]:
    out = {("effect", e.effect)}
    if e.target:
        out.add(("target", e.target))
    if e.until:
        out.add(("until", e.until))
    if e.per in abilities.COUNTED:  # a counted amount: the word, and the zone counted
        out |= {("per", "cards"), ("count-zone", e.per.split(":")[1].removeprefix("opponent-"))}
    elif e.per:
        out.add(("per", e.per))
    if e.effect == "forbid":
        out.add(("forbid", e.value))
    if e.when or e.unless:
        out.add(("effect-when", "true"))
    return out


def condition_words(c: str) -> set[tuple[str, str]]:
    who, dot, rest = c.partition(".")
    if dot:
        return {("subject", who), *condition_words(rest)}
    name, _, arg = c.partition(":")
    if abilities.CONDITIONS.get(name) == "count":  # a zone's cards counted (401.2b)
        return {("condition", name), ("count-zone", arg.partition(",")[0])}
    return {("condition", name)}


def every_word() -> set[tuple[str, str]]:
    targets = {*abilities.CARD_TARGETS, *abilities.PLAYER_TARGETS}
    return (
        {("type", w) for w in abilities.TYPES}
        | {("on", w) for w in abilities.TRIGGERS}
        | {("whose", w) for w in abilities.WHOSE}
        | {("zone", w) for w in abilities.ZONE_WORDS}
        | {("condition", w) for w in abilities.CONDITIONS}
        | {("subject", w) for w in abilities.SUBJECTS}
        | {("choose", w) for w in abilities.CHOICES}
        | {("chooser", w) for w in abilities.CHOOSERS if w}
        | {("cost", w) for w in abilities.COSTS}
        | {("instead", w) for w in abilities.INSTEAD}
        | {("effect", w) for w in abilities.EFFECTS}
        | {("target", w) for w in targets}
        | {("until", w) for w in abilities.UNTIL if w}
        | {("per", w) for w in abilities.PER if w not in abilities.COUNTED}
        | {("per", "cards")}
        | {("count-zone", z) for z in abilities.COUNT_ZONES}
        | {("forbid", w) for w in abilities.FORBIDS}
        | {(f, "true") for f in ("may", "mandatory", "card_when", "effect-when")}
    )


def test_the_sample_set_uses_every_word() -> None:
    used: set[tuple[str, str]] = set()
    for c in sample_set()[0]:
        for a in c.abilities:
            used |= words_of(a)
    assert every_word() - used == set()


def test_random_play_with_the_sample_set_meets_every_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded random games (the default race, and races drawn at random with
    the long decks): every trigger waits, every condition is read, every
    effect is done, every choice, cost and replacement is made."""
    met: set[tuple[str, str]] = set()
    real_wait, real_holds, real_do = triggers._wait, effects_mod.holds, engine.do_effect
    real_choices, real_resolve, real_replace = engine._choices, engine.resolve, replacement.replace

    def wait(st: ForceHorseState, w: Waiting, events: list[Event]) -> None:
        a = w.delayed or st.table.cards[w.source].abilities[w.ability]
        met.update({("type", a.type), ("on", a.on or "enters-run"), ("whose", a.whose)})
        met.update(("zone", z) for z in (a.source, a.to) if z)
        if a.card_when:
            met.add(("card_when", "true"))
        real_wait(st, w, events)

    def holds(st: ForceHorseState, condition: str, *args: Any, **kw: Any) -> bool:
        met.update(condition_words(condition))
        return real_holds(st, condition, *args, **kw)

    def do_effect(st: ForceHorseState, e: Effect, ctx: Context, *args: Any) -> None:
        met.update(effect_words(e))
        if ctx.ability is not None:
            met.add(("type", ctx.ability.type))
        real_do(st, e, ctx, *args)

    def choices(st: ForceHorseState, w: Waiting, a: Ability) -> list[int] | None:
        if a.choose:
            met.add(("choose", a.choose))
        if a.chooser:
            met.add(("chooser", a.chooser))
        return real_choices(st, w, a)

    def resolve(st: ForceHorseState, w: Waiting, option: tuple[int, ...], events: Any) -> None:
        a = engine._ability(st, w)
        if a.cost and option[1] >= 0:
            met.add(("cost", a.cost))
            if a.mandatory:
                met.add(("mandatory", "true"))
        real_resolve(st, w, option, events)

    def replace(st: ForceHorseState, op: Any, card: int, i: int, *args: Any) -> None:
        a = st.table.cards[card].abilities[i]
        met.update({("type", "replace"), ("instead", a.instead)})
        if a.may:
            met.update({("may", "true"), ("cost", a.cost)})
        real_replace(st, op, card, i, *args)

    monkeypatch.setattr(triggers, "_wait", wait)
    for module in (effects_mod, actions):
        monkeypatch.setattr(module, "holds", holds)
    monkeypatch.setattr(engine, "do_effect", do_effect)
    monkeypatch.setattr(engine, "_choices", choices)
    monkeypatch.setattr(engine, "resolve", resolve)
    monkeypatch.setattr(replacement, "replace", replace)
    monkeypatch.setattr(engine, "replace", replace)
    real_apply = effects_mod._apply

    def apply(effect: Effect, now: Any, amount: int) -> Any:
        met.update(effect_words(effect))
        return real_apply(effect, now, amount)

    monkeypatch.setattr(effects_mod, "_apply", apply)
    monkeypatch.setattr(layers, "_apply", apply)  # edition 3's 808.1 (layers.py)
    for name in ("forcehorse", "forcehorse-random"):
        game = racebook.load(name)
        for seed in range(GAMES):
            state = game.new_state(seed=seed)
            bot = RandomBot(seed)
            while not state.is_over:
                state.apply(bot.choose(state, state.to_act[0]))
    # a deck-building ability acts when a deck is checked (602.2), a
    # continuous one whenever information is read: both are in every game
    met |= {("type", "deck"), ("type", "continuous")}
    missing = sorted(every_word() - met)
    assert not missing, " ".join(f"{k}={v}" for k, v in missing)


GAMES = 100


DOCS = Path(__file__).parent.parent / "docs" / "games" / "forcehorse-abilities.rst"


def docs_examples() -> list[Ability]:
    """Every ``[[card.ability]]`` example of the docs' vocabulary page, loaded."""
    out: list[Ability] = []
    blocks = DOCS.read_text(encoding="utf-8").split(".. code-block:: toml\n")[1:]
    for n, block in enumerate(blocks):
        lines = []
        for line in block.split("\n")[1:]:
            if line.strip() and not line.startswith(" "):
                break
            lines.append(line)
        text = textwrap.dedent("\n".join(lines))
        if "[[card.ability]]" not in text or "[[card]]" in text:
            continue
        kind = "area" if 'type = "play"' in text else "situation"
        if 'type = "force"' in text or 'type = "deck"' in text:
            kind = "horse"  # 1101.1: a horse's text is force abilities
        ability = text.split("[[card.ability]]\n", 1)[1]
        card = card_of(
            kind, f"Example {n}", ability.replace("[[card.ability]]", "[[card.ability]]")
        )
        out += card.abilities
    return out


def test_the_docs_have_an_example_of_every_word() -> None:
    used: set[tuple[str, str]] = set()
    for a in docs_examples():
        used |= words_of(a)
    used.add(("type", "deck"))  # its example is a deck ability: ``copies`` alone
    missing = sorted(every_word() - used)
    assert not missing, " ".join(f"{k}={v}" for k, v in missing)


def test_103_4_and_407_2_random_play_with_hand_choices_never_leaks_a_hand() -> None:
    """Seeded random games of the default sample decks (Tax Man, Spring
    Cleaning choose in hands): each seat's view is the same in every redeal
    of what it cannot see, a choice's options are the chooser's alone, and
    no public event names a card chosen in a hand."""
    game = racebook.load("forcehorse")
    hand_choices = 0
    for seed in range(12):
        st = game.new_state(seed=seed)
        bot = RandomBot(seed)
        step = 0
        while not st.is_over:
            c = st.ab.choice
            if c is not None and c.waiting is not None:
                choose = engine._ability(st, c.waiting).choose
                if choose in abilities.HAND_CHOICES:
                    hand_choices += 1
                    assert st.view(1 - c.seat).options == ()
                    for s in (0, 1):
                        other = st.hidden_variant(s, random.Random(step))
                        assert other.view(s) == st.view(s)
            st.apply(bot.choose(st, st.to_act[0]))
            step += 1
        for e in kinds(st.log.events(None), "ability-played"):
            if e.card in ("Tax Man", "Spring Cleaning"):  # type: ignore[attr-defined]
                assert e.chosen is None  # type: ignore[attr-defined]
    assert hand_choices > 0


_TOLL_GATE = (
    'type = "continuous"\ndo = [{effect = "require", value = "ability", target = "opponent"}]'
)


def test_510_1_a_required_action_before_the_process() -> None:
    """「相手の自動能力はプレイする際に手札を 1 枚ファームに置くことを必要とさせる」:
    before seat 1's Lone Star ability is played, seat 1 puts a card from hand
    on the farm, then plays it."""
    gate = card_of("situation", "Test Toll Gate", _TOLL_GATE)
    lone = card_of(
        "horse", "Test Lone Star", 'type = "force"\ndo = [{effect = "draw", amount = 2}]'
    )
    st = position(hands=((), ("Test Lone Star", "Force")), situation=(("Test Toll Gate",), ()),
                  phase="guard", extra=(gate, lone))  # fmt: skip
    st.pairs = [[0, None]]
    st.apply(Guard(1, "Test Lone Star"))
    assert st.view(1).choosing == (1, "require")
    assert st.view(1).options == ("put Force on your farm", "do not play it (510.3)")
    st.apply(Choose(1, 0))
    assert names(st, 1, HAND) == ["Force", "Force"] and "Force" in names(st, 1, FARM)


def test_510_3_the_user_may_decline_and_not_do_the_process() -> None:
    gate = card_of("situation", "Test Toll Gate", _TOLL_GATE)
    lone = card_of(
        "horse", "Test Lone Star", 'type = "force"\ndo = [{effect = "draw", amount = 2}]'
    )
    st = position(hands=((), ("Test Lone Star", "Force")), situation=(("Test Toll Gate",), ()),
                  phase="guard", extra=(gate, lone))  # fmt: skip
    st.pairs = [[0, None]]
    st.apply(Guard(1, "Test Lone Star"))
    st.apply(Choose(1, 1))
    assert names(st, 1, HAND) == ["Force"]
    assert [e.declined for e in log(st, "ability-played")] == [True]  # type: ignore[attr-defined]


def test_510_2_a_required_action_that_cannot_be_done_bars_the_process() -> None:
    gate = card_of("situation", "Test Toll Gate", _TOLL_GATE)
    lone = card_of(
        "horse", "Test Lone Star", 'type = "force"\ndo = [{effect = "draw", amount = 2}]'
    )
    st = position(hands=((), ("Test Lone Star",)), situation=(("Test Toll Gate",), ()),
                  phase="guard", extra=(gate, lone))  # fmt: skip
    st.pairs = [[0, None]]
    st.apply(Guard(1, "Test Lone Star"))  # no card left in hand to put on the farm
    assert st.ab.choice is None and names(st, 1, HAND) == []
    assert [e.declined for e in log(st, "ability-played")] == [True]  # type: ignore[attr-defined]

"""Force of the Horse: an independent referee of card information (FotH 808).

``tests/foth_referee.py`` computes every card's information from the rules'
words alone; these tests hold it to hand-built cases from the rulebook, then
hold the engine's :func:`racebook.games.forcehorse.effects.info` (called, never
read) to the referee at every step of random play with random card sets of the
whole vocabulary.

Every card set is legal in edition 3 (the default): a horse's text is force
abilities only (1101.1), so the continuous effects come from the one
situation card on the table (903.2) and its continuous abilities, from
effects made by resolving (support plays, situation cards' automatic
abilities, horses' force abilities lasting while the horse runs, 1102.5) and
from force cards in the resolution area.

Known engine bugs: where the engine disagrees with the referee and matches
one of the engine's known wrong readings (``KNOWN_ENGINE_BUGS``, each citing
the rule it breaks), the position is collected and the test ends in
``pytest.xfail`` naming the rule and the count, never skipped silently.  Any
other disagreement fails.  Once the engine is fixed, nothing is collected
and the tests pass: then delete the entry of ``KNOWN_ENGINE_BUGS``.

A second property holds the engine's trigger timing to the rules (806.2,
806.2a, 1102.2, 1102.6): which automatic abilities became waiting (or were
played) after each action.

Profiles: ``HYPOTHESIS_PROFILE=ci`` (25 examples), ``dev`` (60), ``long``
(1,000 games of up to 60 actions each, per property).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st_hyp

import racebook
from racebook.games.forcehorse import Mulligan, Race, parse_card_set, sample_set
from racebook.games.forcehorse.abilities import Effect
from racebook.games.forcehorse.effects import info
from racebook.games.forcehorse.records import Info, Lasting
from tests.foth_cards import random_card_set
from tests.foth_referee import AREAS, Referee, referee_infos

FIELDS = tuple(a.name for a in attrs.fields(Info))
TOKYO_MILE = Race("tokyo", 1600, "firm")  # turf, mile, firm

KNOWN_ENGINE_BUGS: dict[str, dict[str, str]] = {}
"""The engine's known wrong readings, each a switch of the referee that makes
it compute as the engine did, with the rule it breaks.  Found by this
referee and fixed in edition 3 (103.2d, 808.1g, 803.3 for an effect's own
condition, ``per`` in a continuous ability, 808.1 for a condition about
another horse, conditions read endlessly, and 803.3 for the own condition
of an 808.1b effect): none is left.  A position
where the engine gives exactly what the referee gives under some of these
readings is collected as known (xfail), never as a pass; delete an entry
once the engine is fixed."""
RECURSION = "803.3-recursion"
RECURSION_RULE = (
    "FotH 803.3 and 808.1: the engine raises RecursionError when a continuous "
    "ability's condition reads information its own effects change (the rules "
    "give an answer: the condition is read at its point of 808.1's order)"
)


def known_bug(st: Any, cards: Sequence[int], engine: Sequence[Info]) -> str | None:
    """The known engine bugs (fewest first) whose readings give the engine's
    answers for ``cards``, as "KEY+KEY", or None."""
    keys = list(KNOWN_ENGINE_BUGS)
    for size in range(1, len(keys) + 1):
        for combo in itertools.combinations(keys, size):
            reading = {KNOWN_ENGINE_BUGS[k]["reading"]: True for k in combo}
            wrong = referee_infos(st, **reading)
            if all(wrong[c] == e for c, e in zip(cards, engine, strict=True)):
                return "+".join(combo)
    return None


def rule_of(key: str) -> str:
    if key == RECURSION:
        return RECURSION_RULE
    return "; ".join(KNOWN_ENGINE_BUGS[k]["rule"] for k in key.split("+"))


# --- positions -----------------------------------------------------------------


def _deck_text(names: Sequence[str]) -> str:
    entries = [[n, 3] for n in names]
    entries.append(["Force", 60 - 3 * len(names)])
    body = ", ".join(f'["{n}", {c}]' for n, c in entries)
    return f'[[deck]]\nname = "d"\ncards = [{body}]\n'


def build(
    cards_text: str,
    *,
    runs: Sequence[Sequence[str]] = ((), ()),
    hands: Sequence[Sequence[str]] = ((), ()),
    situation: Sequence[Sequence[str]] = ((), ()),
    areas: Sequence[str] = ("nige", "nige"),
    race: Race = TOKYO_MILE,
    turn_player: int = 0,
    **config: Any,
) -> Any:
    """A hand-built position: the cards of ``cards_text`` (TOML, without the
    normal force) placed by name: situation areas first, then run areas, each
    in list order (so later-listed cards have later timestamps, 808.1h-i),
    then hands; each player's current area (403.4) is ``areas[seat]`` (3
    normal forces in it and in every later area); the rest on the farms."""
    # a card with an ability, never placed: so the game is one with abilities
    cards_text += IDLE
    names = [line.split('"')[1] for line in cards_text.splitlines() if line.startswith("name =")]
    text = (
        '[set]\nname = "hand-built"\n[[card]]\nname = "Force"\nkind = "force"\n'
        'category = "normal"\n' + cards_text + "\n" + _deck_text(names)
    )
    cards, decks = parse_card_set(text)
    game = racebook.load("forcehorse", race=race, cards=cards, decks=(decks[0], decks[0]), **config)
    st = game.new_state(seed=1)
    for seat in list(st.to_act):
        st.apply(Mulligan(seat, False))
    t = st.table
    st.ab = type(st.ab)()
    t.entered.clear()
    t.placed.clear()
    for s in range(2):
        pool = [c for c in range(len(t.cards)) if t.owners[c] == s]
        for zone in t.zones[s]:
            t.zones[s][zone] = []

        def take(name: str, pool: list[int] = pool) -> int:
            card = next(c for c in pool if t.cards[c].name == name)
            pool.remove(card)
            return card

        for zone, listed in (("situation", situation[s]), ("run", runs[s]), ("hand", hands[s])):
            for n in listed:
                card = take(n)
                t.stamp += 1
                t.entered[card] = t.stamp
                if zone == "situation":
                    t.clock += 1
                    t.placed[card] = t.clock
                t.zones[s][zone].append(card)
        first = AREAS.index(areas[s])
        for area in AREAS[first:]:
            for _ in range(3):
                t.zones[s][area].append(take("Force"))
        t.zones[s]["farm"] = pool
    st.turn_player = turn_player
    st.turn = 3
    st.phase = "priority"
    st.pairs = []
    t.moves += 1
    return st


def find(st: Any, seat: int, zone: str, name: str) -> int:
    return next(c for c in st.table.zones[seat][zone] if st.table.cards[c].name == name)


def place(st: Any, seat: int, zone: str, name: str) -> int:
    """Move a card of ``name`` from wherever it is to ``zone`` now (a new timestamp)."""
    t = st.table
    card = next(
        c for z in t.zones[seat] for c in t.zones[seat][z] if t.cards[c].name == name and z != zone
    )
    for pile in t.zones[seat].values():
        if card in pile:
            pile.remove(card)
    t.zones[seat][zone].append(card)
    t.stamp += 1
    t.entered[card] = t.stamp
    t.moves += 1
    return card


def add_lasting(
    st: Any, effect: Effect, source: int, targets: tuple[int, ...] | None, **kw: Any
) -> None:
    """A continuous effect made by resolving an ability (802.1b), played now (808.1h-ii)."""
    st.table.stamp += 1
    made = Lasting(
        effect, kw.get("user", 0), source, targets, st.table.stamp, st.turn, kw.get("until", "")
    )
    st.ab.lasting = (*st.ab.lasting, made)
    st.table.moves += 1


def check(st: Any, card: int, **expected: Any) -> None:
    """The referee gives ``expected``; then the engine must agree, or the
    disagreement must be a known engine bug (xfail naming the rule)."""
    ref = referee_infos(st)[card]
    for field, value in expected.items():
        assert getattr(ref, field) == value, (field, getattr(ref, field), value)
    try:
        engine = info(st, card)
    except RecursionError:
        pytest.xfail(f"known engine bug {RECURSION}: {RECURSION_RULE}")
    if engine != ref:
        bug = known_bug(st, [card], [engine])
        diff = {
            f: (getattr(engine, f), getattr(ref, f))
            for f in FIELDS
            if getattr(engine, f) != getattr(ref, f)
        }
        if bug is not None:
            pytest.xfail(f"known engine bug {bug}: engine vs referee {diff}; {rule_of(bug)}")
        raise AssertionError(f"engine vs referee: {diff}")


HORSE = """
[[card]]
name = "{name}"
kind = "horse"
cost = {cost}
surfaces = {surfaces}
distances = {distances}
styles = {styles}
favourites = {favourites}
run = {run}
guard = {guard}
"""


def horse(name: str, abilities: str = "", **fields: Any) -> str:
    values: dict[str, Any] = {
        "cost": 1, "surfaces": '["turf"]', "distances": '["mile"]', "styles": '["oikomi"]',
        "favourites": "[]", "run": 3, "guard": 1,
    }  # fmt: skip
    values.update(fields)
    return HORSE.format(name=name, **values) + abilities


def situation(name: str, abilities: str) -> str:
    return (
        f'\n[[card]]\nname = "{name}"\nkind = "support"\ncategory = "situation"\n'
        f'timing = "situation"\n{abilities}'
    )


def continuous(*effects: str, when: str = "", unless: str = "") -> str:
    out = '[[card.ability]]\ntype = "continuous"\n'
    if when:
        out += f"when = {when}\n"
    if unless:
        out += f"unless = {unless}\n"
    return out + "do = [" + ", ".join(effects) + "]\n"


def force(*effects: str, when: str = "", on: str = "") -> str:
    """A horse's force ability (1101.1): without ``on`` the 「（状態）時」 form."""
    out = '[[card.ability]]\ntype = "force"\n'
    if on:
        out += f'on = "{on}"\nwhose = "any"\n'
    if when:
        out += f"when = {when}\n"
    return out + "do = [" + ", ".join(effects) + "]\n"


IDLE = situation("Idle", continuous('{effect = "forbid", value = "going", target = "you"}'))


# --- hand-built cases from the rulebook ------------------------------------------


def test_808_1a_printed_information_is_the_base() -> None:
    """808.1a: カード自身に表記されている情報が、常に基準の値となります (the printed
    information is always the base).  A horse fitting surface and distance,
    not in its style's area: no modifier (1002.1)."""
    st = build(horse("Plain"), runs=(("Plain",), ()))
    c = find(st, 0, "run", "Plain")
    check(st, c, cost=1, run=3, guard=1, styles=("oikomi",), favourites=(), force_usable=True)


def test_1002_1_the_aptitude_modifiers_in_every_zone() -> None:
    """1002.1a: 得意馬場でない場合、走破数に－1 (not its surface: -1); 1002.1b:
    得意距離でない場合、－1 (not its distance: -1); 1002.1c: 現在得意脚質エリアである場合、
    ＋1 (in a favourite running-style area: +1); 1002.2: 非公開領域を含めてすべての領域
    において適用します (in every zone, hidden ones too)."""
    cards = horse("Off", surfaces='["dirt"]', distances='["sprint"]', styles='["nige"]')
    st = build(cards, hands=(("Off",), ()), areas=("nige", "sashi"))
    check(st, find(st, 0, "hand", "Off"), run=3 - 1 - 1 + 1)
    st = build(cards, hands=(("Off",), ()), areas=("senko", "nige"))
    check(st, find(st, 0, "hand", "Off"), run=3 - 1 - 1)
    st = build(cards, hands=(("Off",), ()), aptitude=False)
    check(st, find(st, 0, "hand", "Off"), run=3)


def test_808_1c_before_808_1d_a_style_set_earns_the_style_modifier() -> None:
    """808.1c (words set) comes before 808.1d (the aptitude modifiers): a
    horse whose style becomes sashi while its player is in the sashi area
    runs 1 more (1002.1c), whether the style is set by a situation card's
    continuous ability or by a horse's force ability (1102.5: while it is in
    the run area); 808.1f-i's style step comes after 808.1d."""
    salt = situation("Salt", continuous('{effect = "style", value = "sashi", target = "your-run"}'))
    cards = horse("H", styles='["oikomi"]') + salt
    st = build(cards, runs=(("H",), ()), situation=(("Salt",), ()), areas=("sashi", "nige"))
    check(st, find(st, 0, "run", "H"), styles=("sashi",), run=4)
    st = build(cards, runs=(("H",), ()), areas=("sashi", "nige"))
    h = find(st, 0, "run", "H")
    add_lasting(st, Effect("style", target="this", value="sashi"), h, None, until="run-area")
    check(st, h, styles=("sashi",), run=4)
    step = situation(
        "Step", continuous('{effect = "style-step", amount = -1, target = "your-run"}')
    )
    st = build(
        horse("H", styles='["oikomi"]') + step,
        runs=(("H",), ()),
        situation=(("Step",), ()),
        areas=("sashi", "nige"),
    )
    check(st, find(st, 0, "run", "H"), styles=("sashi",), run=3)


def test_808_1e_before_808_1f_whatever_the_timestamps() -> None:
    """808.1e: 数値の情報を特定の値にするもの (numbers set), then 808.1f: 一定の値上下
    させるもの (numbers moved): guard set to 3 (a support's effect) and +1 (a
    situation card) give 4 in both timestamp orders (808.1h only orders what
    808.1b-g leave open)."""
    cards = situation("Gate", continuous('{effect = "guard", target = "your-run"}')) + horse("Held")
    for lasting_first in (True, False):
        st = build(
            cards, runs=(("Held",), ()), situation=((), ()) if lasting_first else (("Gate",), ())
        )
        c = find(st, 0, "run", "Held")
        add_lasting(st, Effect("guard-set", 3, "named"), c, (c,))
        if lasting_first:
            place(st, 0, "situation", "Gate")
        check(st, c, guard=4)


def test_808_1h_later_timestamp_wins_among_sets() -> None:
    """808.1h: 効果が発生した順に従って順番に適用します (in the order the effects
    were made); 808.1h-i: a continuous ability's timestamp is when its card
    was put in its zone; 808.1h-ii: a resolved ability's when it was played.
    A situation card's run set 5 and a support's run set 2: the later decides."""
    cards = situation(
        "Five", continuous('{effect = "run-set", amount = 5, target = "your-run"}')
    ) + horse("H")
    st = build(cards, runs=(("H",), ()), situation=(("Five",), ()))
    h = find(st, 0, "run", "H")
    add_lasting(st, Effect("run-set", 2, "named"), h, (h,))
    check(st, h, run=2)
    st = build(cards, runs=(("H",), ()))
    h = find(st, 0, "run", "H")
    add_lasting(st, Effect("run-set", 2, "named"), h, (h,))
    place(st, 0, "situation", "Five")
    check(st, h, run=5)
    # two effects made by resolving: the later one decides
    st = build(cards, runs=(("H",), ()))
    h = find(st, 0, "run", "H")
    add_lasting(st, Effect("run-set", 1, "this"), h, None, until="run-area")
    add_lasting(st, Effect("run-set", 4, "named"), h, (h,))
    check(st, h, run=4)


def test_808_1g_a_condition_read_after_the_effect_it_depends_on() -> None:
    """808.1g: a situation card's "your horses guard 2 more while one of them
    runs 4 or more" and a force ability's run +1 on a run-3 horse are both in
    808.1f; applying the +1 first changes whether the +2 applies, so the +2
    depends on it and comes after: guard 1 + 2 = 3, in both timestamp orders.
    Likewise with the condition on the effect itself (803.3) and with ``only``."""
    for eff, cond in (
        ('{effect = "guard", amount = 2, target = "your-run"}', '["your-run.run-at-least:4"]'),
        (
            '{effect = "guard", amount = 2, target = "your-run", '
            'when = ["your-run.run-at-least:4"]}',
            "",
        ),
        ('{effect = "guard", amount = 2, target = "your-run", only = "run-at-least:4"}', ""),
    ):
        cards = horse("Climber") + situation("Lift", continuous(eff, when=cond))
        for situation_first in (True, False):
            st = build(
                cards,
                runs=(("Climber",), ()),
                situation=(("Lift",), ()) if situation_first else ((), ()),
            )
            c = find(st, 0, "run", "Climber")
            add_lasting(st, Effect("run", 1, "this"), c, None, until="run-area")
            if not situation_first:
                place(st, 0, "situation", "Lift")
            check(st, c, run=4, guard=3)


def test_808_1g_a_style_condition_after_the_style_set() -> None:
    """808.1g in 808.1c: "your horses have good as a favourite while one of
    them is sashi" (a situation card) depends on a support's "its style is
    sashi" (808.1c too): applied after it, whatever the timestamps."""
    sit = situation(
        "Fan",
        continuous('{effect = "favourite", value = "good", target = "your-run", '
                   'when = ["your-run.style:sashi"]}'),
    )  # fmt: skip
    for situation_first in (True, False):
        st = build(
            horse("H") + sit,
            runs=(("H",), ()),
            situation=(("Fan",), ()) if situation_first else ((), ()),
        )
        h = find(st, 0, "run", "H")
        add_lasting(st, Effect("style", target="named", value="sashi"), h, (h,))
        if not situation_first:
            place(st, 0, "situation", "Fan")
        check(st, h, styles=("sashi",), favourites=("good",))


def test_808_1g_the_docs_almanac_and_horseshoe() -> None:
    """808.1g, the documented example: a run-3 horse named by Lucky Horseshoe
    (+1) while Winter Almanac (+1 to your horses with run 4 or more) is in
    play: the Almanac depends on the Horseshoe, so the horse runs 5."""
    almanac = situation(
        "Almanac", continuous('{effect = "run", target = "your-run", only = "run-at-least:4"}')
    )
    st = build(horse("Three") + almanac, runs=(("Three",), ()), situation=(("Almanac",), ()))
    c = find(st, 0, "run", "Three")
    add_lasting(st, Effect("run", 1, "named"), c, (c,))
    check(st, c, run=5)


def test_803_3_a_condition_reading_what_its_own_effect_changes_terminates() -> None:
    """803.3: その条件が満たされていない状態では、その部分は無効です (invalid in a state
    where its condition fails).  "Your horses running 3 or more run 2 less":
    read when the effect is applied in 808.1's order, before it applies: run
    1, and the reading terminates (each effect applies once).  The same for a
    style set while the horse is oikomi."""
    sit = situation(
        "Tired",
        continuous('{effect = "run", amount = -2, target = "your-run", only = "run-at-least:3"}'),
    )
    st = build(horse("H") + sit, runs=(("H",), ()), situation=(("Tired",), ()))
    check(st, find(st, 0, "run", "H"), run=1)
    sit = situation(
        "Drift",
        continuous(
            '{effect = "style", value = "nige", target = "your-run"}',
            when='["your-run.style:oikomi"]',
        ),
    )
    st = build(
        horse("H") + sit, runs=(("H",), ()), situation=(("Drift",), ()), areas=("nige", "nige")
    )
    check(st, find(st, 0, "run", "H"), styles=("nige",), run=4)


def test_803_3_an_effects_own_condition() -> None:
    """803.3: 何らかの効果の一部...が特定の条件下で有効であると表記されている場合、その
    条件が満たされていない状態では、その部分は無効です; 803.2 for 'unless'.  The docs:
    an effect's own when / unless make that effect alone valid while they hold.
    On firm going, "your horses guard 1 less while the going is soft" does nothing."""
    for eff in (
        '{effect = "guard", target = "your-run", amount = -1, when = ["going:soft"]}',
        '{effect = "guard", target = "your-run", amount = -1, unless = ["going:firm"]}',
    ):
        st = build(
            horse("H", run=2, guard=0) + situation("S", continuous(eff)),
            runs=(("H",), ()),
            situation=(("S",), ()),
        )
        check(st, find(st, 0, "run", "H"), guard=0)


def test_803_3_a_condition_on_the_run_area_it_changes() -> None:
    """803.3 with 1102.1a's subject: "while one of your horses runs 4 or more,
    your horses guard 1 less" reads the horses' run at its point of 808.1
    (the guard effect changes no run): run 2, so guard 0.  Terminates."""
    eff = '{effect = "guard", target = "your-run", amount = -1}'
    cards = horse("H", run=2, guard=0) + situation(
        "S", continuous(eff, when='["your-run.run-at-least:4"]')
    )
    st = build(cards, runs=(("H",), ()), situation=(("S",), ()))
    check(st, find(st, 0, "run", "H"), guard=0)
    cards = horse("H", run=4, guard=0) + situation(
        "S", continuous(eff, when='["your-run.run-at-least:4"]')
    )
    st = build(cards, runs=(("H",), ()), situation=(("S",), ()))
    check(st, find(st, 0, "run", "H"), guard=-1)


def test_per_the_amount_is_the_cards_value() -> None:
    """The documented word ``per``: "the amount is the source card's run,
    guard or cost", in a continuous ability the source card's current value
    as the effect applies.  A situation card (no printed cost: 0) "costs 3
    more; your horses guard as much more as its cost": the guard effect
    depends on the cost effect (808.1g, both 808.1f), so guard 1 + 3 = 4, in
    either order of the effects."""
    cost = '{effect = "cost", amount = 3, target = "this"}'
    guard = '{effect = "guard", target = "your-run", per = "cost"}'
    for effects in ((cost, guard), (guard, cost)):
        sit = situation("Mirror", continuous(*effects))
        st = build(horse("H") + sit, runs=(("H",), ()), situation=(("Mirror",), ()))
        check(st, find(st, 0, "situation", "Mirror"), cost=3)
        check(st, find(st, 0, "run", "H"), guard=4)


def test_808_1_a_condition_about_another_horse_reads_it_at_its_step() -> None:
    """808.1: the steps' order (c before f) is fixed; 808.1g orders only within
    a step.  A situation card "has firm as a favourite while an opponent's
    horse is oikomi" (808.1c) and a style step making that sashi horse
    oikomi (808.1f-i): at 808.1c the horse is still sashi, so no favourite."""
    sit = situation(
        "Watcher",
        continuous('{effect = "favourite", value = "good"}', when='["opponent-run.style:oikomi"]'),
    )
    st = build(
        horse("Runner", styles='["sashi"]') + sit,
        runs=(("Runner",), ()),
        situation=((), ("Watcher",)),
    )
    runner = find(st, 0, "run", "Runner")
    add_lasting(st, Effect("style-step", 1, "named"), runner, (runner,))
    check(st, runner, styles=("oikomi",))
    check(st, find(st, 1, "situation", "Watcher"), favourites=())


def test_103_2d_numbers_may_be_negative_meanwhile_and_at_the_end() -> None:
    """103.2d: 数値情報は、特に上下限の指定があるものを除き、0 や負の値をとることが可能です
    (numbers may be 0 or negative unless a bound is stated; no card states
    one).  A run may be negative (702.6j-ii counts it as 0 only when
    comparing).  A cost-0 horse in hand with a situation card's "cost 2 less"
    (earlier) and a support's "cost 1 more" (later, until the turn ends): -2
    then +1 is -1; flooring after each effect would give 1, at the end 0."""
    slow = situation("Slow", continuous('{effect = "run", amount = -5, target = "your-run"}'))
    st = build(horse("H", run=2) + slow, runs=(("H",), ()), situation=(("Slow",), ()))
    check(st, find(st, 0, "run", "H"), run=-3)
    cheap = situation("Cheap", continuous('{effect = "cost", amount = -2, target = "your-hand"}'))
    st = build(horse("Zero", cost=0) + cheap, hands=(("Zero",), ()), situation=(("Cheap",), ()))
    zero = find(st, 0, "hand", "Zero")
    add_lasting(st, Effect("cost", 1, "your-hand", until="turn"), zero, None, until="turn")
    check(st, zero, cost=-1)


def test_808_1b_an_ability_lost_makes_no_effect() -> None:
    """808.1b: 能力を与える/失わせる...効果を適用します first; an effect of an ability
    the card no longer has is not made.  A situation card whose abilities a
    support's effect took away gives nothing; but 808.2: if the situation
    card entered its area after that effect was made, the effect does not
    apply to it and it gives its +2."""
    sit = situation("Booster", continuous('{effect = "guard", amount = 2, target = "your-run"}'))
    cards = horse("H") + sit
    for loss_first in (True, False):
        st = build(
            cards, runs=(("H",), ()), situation=((), ()) if loss_first else (("Booster",), ())
        )
        h = find(st, 0, "run", "H")
        if loss_first:
            booster = find(st, 0, "farm", "Booster")
            add_lasting(st, Effect("lose-abilities", target="named"), h, (booster,), user=1)
            place(st, 0, "situation", "Booster")
            check(st, booster, abilities=st.table.cards[booster].abilities)
            check(st, h, guard=1 + 2)
        else:
            booster = find(st, 0, "situation", "Booster")
            add_lasting(st, Effect("lose-abilities", target="named"), h, (booster,), user=1)
            check(st, booster, abilities=())
            check(st, h, guard=1)


def test_808_1b_a_horse_that_lost_its_abilities_keeps_its_force_abilities_effects() -> None:
    """808.1b takes a horse's abilities (its force abilities, 1101.1) away; a
    continuous effect its force ability made by resolving is not an ability
    of the card (802.1b) and lasts while the horse is in the run area
    (1102.5).  A situation card's "the opponent's horses lose their
    abilities": the horse has none, and its earlier force ability's guard
    +2 for your horses still applies.  A reading: 1102.5's
    「そのフォース能力を持っている馬カード」 names the source horse; it is
    not read as a condition that the horse still has the ability."""
    hush = situation("Hush", continuous('{effect = "lose-abilities", target = "opponent-run"}'))
    booster = horse("Booster", force('{effect = "guard", amount = 2, target = "your-run"}'))
    st = build(booster + hush, runs=(("Booster",), ()), situation=((), ("Hush",)))
    c = find(st, 0, "run", "Booster")
    add_lasting(st, Effect("guard", 2, "your-run"), c, None, until="run-area")
    check(st, c, guard=3, abilities=())


def test_803_3_an_808_1b_effects_own_condition_is_read() -> None:
    """803.3: その条件が満たされていない状態では、その部分は無効です;
    803.2 for 'unless'; the docs: an effect's own ``when`` / ``unless`` make
    that effect alone valid while they hold.  A situation card "your
    opponent's horses lose their abilities (or cannot use their force
    abilities) while the going is soft": on firm going, the horse keeps its
    abilities and can use them (edition 2 applied the 808.1b effect anyway,
    found by this referee)."""
    failures = []
    for eff in (
        '{effect = "lose-abilities", target = "opponent-run", when = ["going:soft"]}',
        '{effect = "lose-abilities", target = "opponent-run", unless = ["going:firm"]}',
        '{effect = "no-force-abilities", target = "opponent-run", when = ["going:soft"]}',
        '{effect = "lose-abilities", target = "opponent-run", when = ["run-at-least:1"]}',
    ):
        cards = horse("H", force('{effect = "guard", amount = 2}'), run=2) + situation(
            "S", continuous(eff)
        )
        st = build(cards, runs=(("H",), ()), situation=((), ("S",)))
        h = find(st, 0, "run", "H")
        ref = referee_infos(st)[h]
        assert ref.abilities == st.table.cards[h].abilities and ref.force_usable
        engine = info(st, h)
        if engine != ref:
            failures.append(
                f"{eff}: engine abilities {len(engine.abilities)}, force usable "
                f"{engine.force_usable}; the rules: {len(ref.abilities)}, {ref.force_usable}"
            )
    assert not failures, "; ".join(failures)


def test_1102_6_force_abilities_cannot_be_used() -> None:
    """1102.6: フォース能力が‘使用できない’場合 (force abilities 'cannot be used'):
    808.1b's step, the card keeps its abilities."""
    st = build(horse("Blind"), runs=(("Blind",), ()))
    c = find(st, 0, "run", "Blind")
    add_lasting(st, Effect("no-force-abilities", 1, "named"), c, (c,))
    check(st, c, force_usable=False)


def test_808_2_not_a_card_that_moved_after_the_ability_was_played() -> None:
    """808.2: 常時能力以外で発生している継続効果は、その能力がプレイされた時点よりも後に
    領域移動を行ったカードに対しては適用されません (a continuous effect not of a
    continuous ability does not apply to a card that changed zones after the
    ability was played)."""
    st = build(horse("Early") + horse("Late"), hands=(("Early",), ()), runs=(("Late",), ()))
    early, late = find(st, 0, "hand", "Early"), find(st, 0, "run", "Late")
    add_lasting(st, Effect("run", 1, "your-hand", until="turn"), early, None, until="turn")
    st.table.zones[0]["run"].remove(late)
    st.table.zones[0]["hand"].append(late)
    st.table.stamp += 1
    st.table.entered[late] = st.table.stamp
    st.table.moves += 1
    check(st, early, run=4)
    check(st, late, run=3)


def test_1102_5_a_force_abilitys_effect_lasts_while_its_horse_runs() -> None:
    """1102.5: a force ability's continuous effect lasts while its horse is
    in the run area; 803.4c: a situation card's abilities act in the
    situation area only."""
    cards = horse("Home", force('{effect = "guard", amount = 5}')) + horse("Mate")
    st = build(cards, runs=(("Home", "Mate"), ()))
    home = find(st, 0, "run", "Home")
    add_lasting(st, Effect("guard", 5, "your-run"), home, None, until="run-area")
    check(st, home, guard=6)
    check(st, find(st, 0, "run", "Mate"), guard=6)
    place(st, 0, "hand", "Home")
    check(st, home, guard=1)
    check(st, find(st, 0, "run", "Mate"), guard=1)
    sit = situation("Far", continuous('{effect = "guard", amount = 5, target = "your-run"}'))
    st = build(horse("H") + sit, runs=(("H",), ()), hands=(("Far",), ()))
    check(st, find(st, 0, "run", "H"), guard=1)


def test_counting_cards_conditions() -> None:
    """401.2b: every zone's count is public; ``cards-at-least:ZONE,N`` and
    ``cards-at-most:ZONE,N`` read the user's zone (``opponent.``: the
    opponent's); ``areas`` is the four distance areas together (403)."""
    for cond, hand, area, holds in (
        ("cards-at-most:hand,1", ("A",), "nige", True),
        ("cards-at-most:hand,1", ("A", "B"), "nige", False),
        ("cards-at-least:areas,12", (), "nige", True),
        ("cards-at-least:areas,12", (), "senko", False),
        ("opponent.cards-at-least:areas,12", (), "nige", False),
        ("cards-at-least:run,2", (), "nige", False),
        ("cards-at-least:situation,1", (), "nige", True),
    ):
        sit = situation(
            "Count", continuous(f'{{effect = "run", target = "your-run", when = ["{cond}"]}}')
        )
        st = build(
            horse("H") + horse("A") + horse("B") + sit,
            runs=(("H",), ()),
            hands=(hand, ()),
            situation=(("Count",), ()),
            areas=(area, "sashi"),
        )
        check(st, find(st, 0, "run", "H"), run=3 + holds)


def test_702_6a_the_run_count_of_the_player_it_is_read_for() -> None:
    """702.6a: 走破回数 belongs to the turn player; ``run-count-at-least:N``
    reads it for the player it is read for (the docs): the turn player's
    situation card counts it, the other player's does not, and with
    ``opponent.`` the other player's does."""
    for seat, cond, holds in (
        (0, "run-count-at-least:1", True),
        (1, "run-count-at-least:1", False),
        (1, "opponent.run-count-at-least:1", True),
        (0, "opponent.run-count-at-least:1", False),
        (0, "run-count-at-least:3", False),
    ):
        sit = situation(
            "Count", continuous(f'{{effect = "run", target = "your-run", when = ["{cond}"]}}')
        )
        runs: list[tuple[str, ...]] = [(), ()]
        runs[seat] = ("H",)
        sits: list[tuple[str, ...]] = [(), ()]
        sits[seat] = ("Count",)
        st = build(horse("H") + sit, runs=runs, situation=sits, turn_player=0)
        st.run_count = 2
        check(st, find(st, seat, "run", "H"), run=3 + holds)


# --- the property: the engine agrees with the referee at every step ---------------

GOING_WORDS = ("firm", "good", "yielding", "soft")
STYLE_WORDS = AREAS
CARD_CONDITIONS = (
    "run-at-least:{n}", "style:{s}", "favourite-going", "favourite-racecourse",
    "favourite-style-area", "favourite-surface", "favourite-distance", "distance-and-style-fit",
    "same-number:run,guard", "same-number:run,cost", "same-number:cost,guard", "is-runner",
    "is-guard", "paid-at-least:1", "your-run.run-at-least:{n}", "opponent-run.style:{s}",
    "hand-at-least:3", "your-turn", "in-front", "behind", "going:{g}", "using-situation",
    "opponent.hand-at-most:4", "same-number:guard,hand", "cards-at-least:hand,{n}",
    "cards-at-most:farm,{n}", "opponent.cards-at-least:run,1", "cards-at-least:situation,1",
    "cards-at-most:areas,{m}", "run-count-at-least:{r}", "opponent.run-count-at-least:{r}",
    "opponent-run.run-at-least:{n}", "your-run.style:{s}", "opponent-run.is-runner",
)  # fmt: skip
"""``run-count-at-least`` with N of 1 or more only: outside the run no
player has a run count (702.6a), which the referee cannot tell from the
state's plain data when N is 0."""


def _cond(rng: random.Random) -> str:
    return rng.choice(CARD_CONDITIONS).format(
        n=rng.randrange(0, 6),
        s=rng.choice(STYLE_WORDS),
        g=rng.choice(GOING_WORDS),
        m=rng.randrange(20, 45),
        r=rng.randrange(1, 4),
    )


def _q(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_q(v) for v in value) + "]"
    return "{" + ", ".join(f"{k} = {_q(v)}" for k, v in value.items()) + "}"


def _cont_effect(
    rng: random.Random, targets: Sequence[str], until: Sequence[str], per: bool
) -> dict[str, Any]:
    """One effect on card information (808.1b-f) with, at random, an
    ``only``, its own ``when`` / ``unless`` (803.2-803.3), a ``per`` and an
    ``until`` of ``until``."""
    name = rng.choice(
        ("run", "run", "guard", "guard", "cost", "run-set", "guard-set", "style", "style-step",
         "favourite", "lose-abilities", "no-force-abilities")
    )  # fmt: skip
    out: dict[str, Any] = {"effect": name, "target": rng.choice(targets)}
    if name in ("run", "guard", "cost", "style-step"):
        out["amount"] = rng.choice((-2, -1, 1, 1, 2, 3))
    if name in ("run-set", "guard-set"):
        out["amount"] = rng.randrange(0, 6)
    if name == "style":
        out["value"] = rng.choice(STYLE_WORDS)
    if name == "favourite":
        out["value"] = rng.choice((*GOING_WORDS, "tokyo", "kyoto"))
    if out["target"] in ("your-run", "opponent-run", "your-hand") and rng.random() < 0.35:
        out["only"] = _cond(rng).split(".")[-1]
    if rng.random() < 0.3:
        out[rng.choice(("when", "unless"))] = [_cond(rng)]
    if per and name in ("run", "guard", "cost") and rng.random() < 0.2:
        out["per"] = rng.choice(("run", "guard", "cost"))
    if until and rng.random() < 0.6:
        out["until"] = rng.choice(until)
    return out


def _rich_ability(rng: random.Random, kind: str, timing: str) -> dict[str, Any]:
    """One ability legal in edition 3: a horse's force abilities (1101.1,
    both forms of 1102.2-1102.3, lasting while it runs, 1102.5); a situation
    card's continuous and automatic abilities; a support's play text."""
    if kind == "support" and timing != "situation":
        targets = ("named",) if timing == "horse" else ("your-hand", "your-run", "opponent-run")
        until = ("turn", "run-area", "") if timing == "horse" else ()
        do = [_cont_effect(rng, targets, until, True) for _ in range(rng.randrange(1, 3))]
        if timing == "area":
            for e in do:
                e["until"] = "turn"
        out: dict[str, Any] = {"type": "play", "do": do}
        if rng.random() < 0.3:
            out[rng.choice(("when", "unless"))] = [_cond(rng)]
        return out
    targets: tuple[str, ...] = ("this", "your-run", "opponent-run", "your-hand")
    if kind == "horse":
        out = {"type": "force"}
        if rng.random() < 0.4:
            out["on"] = rng.choice(("not-guarded", "support-played", "turn-start", "moved"))
            out["whose"] = "any"
        until: tuple[str, ...] = ()
    else:  # a situation card (903.2: one on the table)
        out = {"type": rng.choice(("continuous", "continuous", "continuous", "auto"))}
        until = ("turn", "")
        if out["type"] == "auto":
            out["on"] = rng.choice(("moved", "support-played", "turn-start", "drawn"))
            out["whose"] = rng.choice(("yours", "opponents", "any"))
            targets = (*targets, "triggering")
        else:
            until = ()
            targets = ("your-run", "your-run", "opponent-run", "your-hand", "this")
    if rng.random() < 0.4:
        out[rng.choice(("when", "unless"))] = [_cond(rng)]
    out["do"] = [_cont_effect(rng, targets, until, True) for _ in range(rng.randrange(1, 4))]
    return out


def rich_card_set(rng: random.Random, cards: int = 12) -> str:
    """Horses with force abilities, situation cards with continuous and
    automatic abilities, horse-type and area supports, all legal in edition
    3 (1101.1), whose effects are of every step of 808.1 (b, c, e, f with
    style steps; d the aptitude), with conditions on card information, on
    other horses (1102.1a's subjects), ``only`` and ``per`` (so effects of
    one step depend on each other, 808.1g), and effects made by resolving
    (802.1b, 808.2, 1102.5)."""
    from racebook.core.errors import ConfigError
    from racebook.games.forcehorse.cards import card_from_data

    text = ['[set]\nname = "rich"\n']
    names = []
    for i in range(cards):
        name = f"Q{i}"
        names.append(name)
        role = i % 4
        card: dict[str, Any] = {"name": name}
        if role < 2:
            card |= {
                "kind": "horse", "cost": rng.randrange(0, 3),
                "surfaces": rng.choice((["turf"], ["dirt"], ["turf", "dirt"])),
                "distances": rng.choice(
                    (["all"], ["mile"], ["sprint", "middle"], ["mile", "long"])
                ),
                "styles": rng.sample(STYLE_WORDS, rng.choice((1, 1, 2))),
                "favourites": rng.sample(("firm", "good", "tokyo", "kyoto"), rng.randrange(0, 3)),
                "run": rng.randrange(0, 6), "guard": rng.randrange(0, 5),
            }  # fmt: skip
            timing = ""
        elif role == 2:
            card |= {"kind": "support", "category": "situation", "timing": "situation"}
            timing = "situation"
        else:
            timing = rng.choice(("horse", "area"))
            card |= {
                "kind": "support",
                "category": rng.choice(("item", "jockey")),
                "timing": timing,
            }
        count = 1 if timing in ("horse", "area") else rng.randrange(1, 3)
        abilities: list[dict[str, Any]] = []
        while len(abilities) < count:
            data = _rich_ability(rng, card["kind"], timing)
            try:
                card_from_data({**card, "ability": [*abilities, data]})
            except ConfigError:
                continue
            abilities.append(data)
        text.append("[[card]]\n" + "".join(f"{k} = {_q(v)}\n" for k, v in card.items()))
        for data in abilities:
            text.append("[[card.ability]]\n" + "".join(f"{k} = {_q(v)}\n" for k, v in data.items()))
    for deck in ("a", "b"):
        entries: list[Any] = [[n, 3] for n in names]
        entries.append(["Force", 60 - 3 * len(names)])
        text.append(f'[[deck]]\nname = "{deck}"\ncards = {_q(entries)}\n')
    return "\n".join(text)


RACES = (
    TOKYO_MILE,
    Race("kyoto", 2400, "soft"),
    Race("nakayama", 1200, "good"),
    Race("hanshin", 2000, "yielding"),
)
"""Races for the 60-card random decks (602.1a: a long race needs 80 cards)."""


def with_card_set(text: str, race: Race, **config: Any) -> Any:
    """The game of a generated card set (beside the sample set's cards, so
    that their abilities are known), its first and last decks playing."""
    own, decks = parse_card_set(text)
    cards, playing = (*sample_set()[0], *own), (decks[0], decks[-1])
    return racebook.load("forcehorse", race=race, cards=cards, decks=playing, **config)


def play_and_compare(
    text: str, race: Race, seed: int, actions: int, found: Counter[str], **config: Any
) -> int:
    """Random play by the public API; at every step the engine's information
    of every card against the referee's.  Known bugs are counted in
    ``found``; any other disagreement raises.  Returns the positions checked."""
    if race.distance_class == "long":  # 602.1a: long races need 80 cards; these decks have 60
        return 0
    game = with_card_set(text, race, **config)
    st = game.new_state(seed=seed)
    rng = random.Random(seed)
    positions = 0
    for _ in range(actions):
        if st.is_over:
            break
        seat = st.to_act[0]
        try:
            st.apply(rng.choice(list(st.legal_actions(seat))))
        except RecursionError:  # the engine's play reads information it cannot compute
            found[RECURSION] += 1
            break
        positions += 1
        try:
            engine = [info(st, c) for c in range(len(st.table.cards))]
        except RecursionError:
            found[RECURSION] += 1
            continue
        ref = referee_infos(st)
        wrong = [c for c in range(len(ref)) if engine[c] != ref[c]]
        if not wrong:
            continue
        bug = known_bug(st, wrong, [engine[c] for c in wrong])
        if bug is None:
            t = st.table
            lines = [
                f"card set:\n{text}\nseed {seed}, race {race}, config {config}, step {positions}"
            ]
            for c in wrong:
                diff = {
                    f: (getattr(engine[c], f), getattr(ref[c], f))
                    for f in FIELDS
                    if getattr(engine[c], f) != getattr(ref[c], f)
                }
                lines.append(
                    f"card {c} {t.cards[c].name} in {Referee(st).zone(c)}: engine vs referee {diff}"
                )
            raise AssertionError("\n".join(lines))
        found[bug] += 1
    return positions


def _finish(found: Counter[str], positions: int) -> None:
    print(f"referee: {positions} positions checked; known engine bugs: {dict(found)}")
    if found:
        reasons = "; ".join(f"{n} positions: {key}: {rule_of(key)}" for key, n in found.items())
        pytest.xfail(f"known engine bugs in {positions} positions: {reasons}")


PROPERTY_ACTIONS = 60
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
"""Each example is a whole game: the failure message prints the card set, the
seeds and the step, and shrinking games takes minutes."""


def test_engine_agrees_with_the_referee_on_random_vocabulary_sets() -> None:
    """tests/foth_cards.py's random card sets (the whole vocabulary)."""
    found: Counter[str] = Counter()
    total = [0]

    @given(st_hyp.integers(0, 2**32 - 1), st_hyp.integers(0, 2**32 - 1), st_hyp.sampled_from(RACES))
    @settings(phases=NO_SHRINK)
    def run(set_seed: int, game_seed: int, race: Race) -> None:
        text = random_card_set(random.Random(set_seed))
        total[0] += play_and_compare(text, race, game_seed, PROPERTY_ACTIONS, found)

    run()
    _finish(found, total[0])


def test_engine_agrees_with_the_referee_on_rich_continuous_sets() -> None:
    """Card sets dense in continuous effects of every step of 808.1, with
    conditions on card information, resolved effects and the settings."""
    found: Counter[str] = Counter()
    total = [0]

    @given(
        st_hyp.integers(0, 2**32 - 1),
        st_hyp.integers(0, 2**32 - 1),
        st_hyp.sampled_from(RACES),
        st_hyp.booleans(),
        st_hyp.booleans(),
    )
    @settings(phases=NO_SHRINK)
    def run(set_seed: int, game_seed: int, race: Race, aptitude: bool, bonus: bool) -> None:
        text = rich_card_set(random.Random(set_seed))
        total[0] += play_and_compare(
            text,
            race,
            game_seed,
            PROPERTY_ACTIONS,
            found,
            aptitude=aptitude,
            favourite_conditions_bonus=bonus,
        )

    run()
    _finish(found, total[0])


def test_the_sample_decks_agree() -> None:
    """The sample set's own decks (force abilities' resolved effects with
    ``per``, named supports, situation cards), random races, random play."""
    found: Counter[str] = Counter()
    total = [0]

    @settings(phases=NO_SHRINK)
    @given(
        st_hyp.integers(0, 2**32 - 1), st_hyp.sampled_from((*RACES, Race("kyoto", 3000, "soft")))
    )
    def run(seed: int, race: Race) -> None:
        st = racebook.load("forcehorse", race=race).new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(PROPERTY_ACTIONS):
            if st.is_over:
                break
            st.apply(rng.choice(list(st.legal_actions(st.to_act[0]))))
            total[0] += 1
            ref = referee_infos(st)
            engine = [info(st, c) for c in range(len(ref))]
            wrong = [c for c in range(len(ref)) if engine[c] != ref[c]]
            if wrong:
                bug = known_bug(st, wrong, [engine[c] for c in wrong])
                assert bug is not None, (
                    seed,
                    race,
                    total[0],
                    [(c, engine[c], ref[c]) for c in wrong],
                )
                found[bug] += 1

    run()
    _finish(found, total[0])


def test_the_long_profile_exists() -> None:
    settings.get_profile("long")


def test_the_referee_reads_no_engine_logic() -> None:
    """The referee imports only the plain data records (its independence)."""
    import ast
    from pathlib import Path

    tree = ast.parse((Path(__file__).parent / "foth_referee.py").read_text("utf-8"))
    imported = {
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    forbidden = ("effects", "actions", "engine", "triggers", "turn", "terms", "replacement",
                 "processes", "loops", "work")  # fmt: skip
    games = {m.rsplit(".", 1)[-1] for m in imported if m.startswith("racebook.games.forcehorse")}
    assert games <= {"abilities", "records"}, games
    assert not games & set(forbidden)


# --- the second property: when automatic abilities trigger (806) -------------------


def trigger_card_set(rng: random.Random) -> str:
    """Cards whose automatic abilities are seen when they trigger: each
    horse's first ability is a force ability of 1102.2's form ("when this
    card is put in the run area", no condition) giving it ``guard`` as much
    as its number, some with a second force ability taking abilities away
    or making force abilities unusable (808.1b, 1102.6); each situation
    card's first ability an automatic "at the start of a turn" or "when a
    card is drawn" (yours, your opponent's, any) the same way, some with a continuous ability taking
    horses' abilities or their force abilities away."""
    text = ['[set]\nname = "triggers"\n']
    names = []
    for i in range(12):
        name = f"T{i}"
        names.append(name)
        mark = {"effect": "guard", "amount": i + 1, "target": "this"}
        card: dict[str, Any] = {"name": name}
        if i % 3 != 2:
            card |= {
                "kind": "horse", "cost": rng.randrange(0, 2), "surfaces": ["turf", "dirt"],
                "distances": ["all"], "styles": [rng.choice(STYLE_WORDS)], "favourites": [],
                "run": rng.randrange(1, 5), "guard": rng.randrange(0, 3),
            }  # fmt: skip
            abilities: list[dict[str, Any]] = [{"type": "force", "do": [mark]}]
            for word in ("lose-abilities", "no-force-abilities"):
                if rng.random() < 0.25:
                    target = rng.choice(("opponent-run", "your-run"))
                    abilities.append({"type": "force", "do": [{"effect": word, "target": target}]})
        else:
            card |= {"kind": "support", "category": "situation", "timing": "situation"}
            whose = rng.choice(("yours", "opponents", "any"))
            on = rng.choice(("turn-start", "drawn"))
            abilities = [{"type": "auto", "on": on, "whose": whose, "do": [mark]}]
            if rng.random() < 0.5:
                word = rng.choice(("lose-abilities", "no-force-abilities"))
                target = rng.choice(("opponent-run", "your-run"))
                abilities.append({"type": "continuous", "do": [{"effect": word, "target": target}]})
        text.append("[[card]]\n" + "".join(f"{k} = {_q(v)}\n" for k, v in card.items()))
        for data in abilities:
            text.append("[[card.ability]]\n" + "".join(f"{k} = {_q(v)}\n" for k, v in data.items()))
    for deck in ("a", "b"):
        entries: list[Any] = [[n, 3] for n in names]
        entries.append(["Force", 60 - 3 * len(names)])
        text.append(f'[[deck]]\nname = "{deck}"\ncards = {_q(entries)}\n')
    return "\n".join(text)


def triggered(before: Any, after: Any) -> Counter[int]:
    """The first abilities that triggered between two positions, by source:
    those waiting now and not before (806.2, 806.2a counts each time), and
    those already played, seen by the continuous effect they made (802.1b)."""
    out: Counter[int] = Counter()
    for made in after.ab.lasting:
        if made.stamp > before.table.stamp and made.effect.effect == "guard":
            out[made.source] += 1
    out.update(w.source for w in after.ab.waiting if w.ability == 0 and w.delayed is None)
    out.subtract(w.source for w in before.ab.waiting if w.ability == 0 and w.delayed is None)
    return +out


def expected_triggers(before: Any, after: Any) -> tuple[Counter[int], Counter[int]]:
    """By the rules, how many times each first ability must have triggered
    between two positions, and how many more times it may have (where the
    plain data do not show the order of what happened within the action).

    * 1102.2: a horse's 「（状態）時」 force ability is "when this card is put
      in the run area": a horse put in the run area since ``before`` (its
      entered stamp is later) and in it now triggers it once, unless its
      force abilities cannot be used (1102.6) or it has lost the ability
      (808.1b), read in the run area (806.4b: the ability is looked at in
      the zone where it is valid).  A horse now on the farm or removed that
      was moved in the action may have gone through the run area (702.6m).
    * 806.1-806.2: a situation card's "at the start of a turn" triggers when
      a turn starts (the turn number moved on) if it was in its situation
      area then (803.4c) with the ability, for ``whose`` the new turn
      player's: ``yours`` its user's turn, ``opponents`` the other's.
    * 806.2a, 502: "when a card is drawn" triggers once for each card drawn
      (the docs: one event a card) by the player ``whose`` names: the cards
      now in a hand that were in a distance area before.
    * A situation card put in its area in the action may have been there
      for each of those events or not."""
    must: Counter[int] = Counter()
    may: Counter[int] = Counter()
    t = after.table
    infos = referee_infos(after)
    ref, old = Referee(after), Referee(before)
    drawn = [
        sum(1 for c in t.zones[seat]["hand"] if old.zone(c) in AREAS and old.user(c) == seat)
        for seat in range(2)
    ]
    for card, c in enumerate(t.cards):
        ability = c.abilities[0] if c.abilities else None
        if ability is None or ability.do[0].effect != "guard":
            continue
        has = ability in infos[card].abilities
        moved = t.entered.get(card, 0) > before.table.stamp
        if c.kind == "horse":
            if moved and ref.zone(card) == "run":
                if has and infos[card].force_usable:
                    must[card] += 1
            elif moved and ref.zone(card) in ("farm", "removed"):
                may[card] += 1
            continue
        if ref.zone(card) != "situation" or not has:
            continue
        you = ref.user(card)
        seats = {"yours": [you], "opponents": [1 - you], "any": [0, 1]}[ability.whose]
        if ability.on == "turn-start":
            events = int(after.turn != before.turn and after.turn_player in seats)
        else:
            events = sum(drawn[seat] for seat in seats)
        if moved:
            may[card] += events
        else:
            must[card] += events
    return must, may


def test_automatic_abilities_trigger_when_the_rules_say() -> None:
    """806.1-806.2, 1102.2, 1102.6: at every step of random play, the first
    abilities that became waiting (or were already played) since the step
    before are those the rules make trigger."""
    total = [0]

    @given(st_hyp.integers(0, 2**32 - 1), st_hyp.integers(0, 2**32 - 1))
    @settings(phases=NO_SHRINK)
    def run(set_seed: int, game_seed: int) -> None:
        text = trigger_card_set(random.Random(set_seed))
        game = with_card_set(text, TOKYO_MILE)
        st = game.new_state(seed=game_seed)
        rng = random.Random(game_seed)
        for step in range(PROPERTY_ACTIONS):
            if st.is_over:
                break
            before = st.clone()
            action = rng.choice(list(st.legal_actions(st.to_act[0])))
            st.apply(action)
            total[0] += 1
            seen = triggered(before, st)
            must, may = expected_triggers(before, st)
            for card in set(seen) | set(must) | set(may):
                low, high = must[card], must[card] + may[card]
                assert low <= seen[card] <= high, (
                    f"card set:\n{text}\nseed {game_seed}, step {step}, {action}: card {card} "
                    f"{st.table.cards[card].name} triggered {seen[card]} times, the rules "
                    f"{low}..{high}"
                )

    run()
    print(f"triggers: {total[0]} steps checked")

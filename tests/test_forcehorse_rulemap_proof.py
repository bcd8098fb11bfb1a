"""Force of the Horse: tests that show rules a review of the rule map found
shown by no test (docs/games/forcehorse-rulemap.rst, "How the map proves
itself").  One test per rule, named after it; each fails when the code its
map entry cites is broken (tests/rulemap_mutation.py checks it)."""

from __future__ import annotations

from collections import Counter

import pytest

import racebook
from racebook import ConfigError
from racebook.agents.base import RandomBot
from racebook.core.game import CHANCE
from racebook.games.forcehorse import (
    Deck,
    DeckEntry,
    DrawRace,
    Guard,
    Pass,
    Race,
    Run,
    Support,
    parse_card_set,
)
from racebook.games.forcehorse.cards import GOINGS, RACECOURSES
from racebook.games.forcehorse.race import DISTANCE_CARDS
from racebook.games.forcehorse.zones import FARM, HAND, REMOVED, RESOLUTION, RUN, SITUATION, ZONES
from tests.test_forcehorse import refused
from tests.test_forcehorse_abilities import kinds, log, names, position
from tests.test_forcehorse_vocab import card_of

SOFT_MILE = Race("tokyo", 1600, "soft")


# -- 101, 102: the players, winning and losing --------------------------------------------------


def test_101_1_a_game_of_two_players() -> None:
    assert racebook.load("forcehorse").new_state(seed=1).game.config.players == 2
    for players in (1, 3, 4):
        with pytest.raises(ConfigError) as err:
            racebook.load("forcehorse", players=players)
        assert err.value.field == "players"


# -- 102: winning and losing ------------------------------------------------------------


def test_102_2_two_lose_effects_never_apply_at_once() -> None:
    """「すべてのプレイヤーが同時に敗北する」: a lose effect ends the game while it
    is done (102.3), so a second one, even in the same ability, is never done:
    the first player made to lose has lost, the other wins; no draw."""
    both = card_of(
        "area",
        "Double Fault",
        'type = "play"\n'
        'do = [{effect = "lose", target = "you"}, {effect = "lose", target = "opponent"}]',
    )
    st = position(hands=(("Double Fault",), ()), extra=(both,))
    st.apply(Support(0, "Double Fault"))
    assert st.is_over and st.result is not None and st.result.winners == (1,)


# -- 301, 303: owners and running styles ---------------------------------------------------


def test_301_1_a_card_s_owner_is_the_player_whose_deck_it_came_in() -> None:
    """Each seat's deck (two different decks) is all the cards that seat
    owns; in a game, every card is in its owner's zones (a card that leaves
    the shared resolution area goes back to its owner's)."""
    game = racebook.load("forcehorse")
    decks = game.config.decks
    assert decks[0].name != decks[1].name
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    st = game.new_state(seed=5)
    t = st.table
    for seat, deck in enumerate(decks):
        owned = Counter(t.cards[c].name for c in range(len(t.cards)) if t.owners[c] == seat)
        assert owned == Counter({e.card: e.count for e in deck.cards})
    for _ in range(400):
        if st.is_over:
            break
        seat = st.to_act[0]
        st.apply(bots[seat].choose(st, seat))
        for s in range(2):
            for zone, cards in st.table.zones[s].items():
                assert all(st.table.owners[c] == s for c in cards), (s, zone)
    assert st.turn > 2


def test_303_1_the_running_style_follows_the_race_s_progress() -> None:
    """A running style names the distance area a player has reached (303.2:
    1 nige .. 4 oikomi, 403.2a): Paper Kite (senko) runs one more while its
    player's current area is the senko area (1002.1c), not before, not after."""
    runs = []
    for areas in ((3, 3, 3, 3), (0, 3, 3, 3), (0, 0, 3, 3)):
        st = position(runs=(("Paper Kite",), ()), areas=(areas, (3, 3, 3, 3)))
        runs.append(st.view(1).values[0])
    assert runs == [(("Paper Kite", 1, 1),), (("Paper Kite", 2, 1),), (("Paper Kite", 1, 1),)]


# -- 401-409: zones ----------------------------------------------------------------------------


def test_401_1_and_408_2_a_zone_of_each_kind_for_each_player_and_one_resolution_area() -> None:
    """Every zone but the resolution area is each player's own (a card put
    in seat 1's run area is not in seat 0's); both players' plays go through
    the one resolution area."""
    st = position(hands=(("Paper Kite",), ("Silver Teapot",)), phase="runner")
    t = st.table
    assert list(t.zones[0]) == list(t.zones[1]) == list(ZONES)
    assert all(t.zones[0][z] is not t.zones[1][z] for z in ZONES)
    assert RESOLUTION not in t.zones[0] and t.resolution == []
    st.apply(Run(0, "Paper Kite"))
    st.apply(Guard(1, "Silver Teapot"))
    assert st.view(0).run_area == (("Paper Kite",), ("Silver Teapot",))
    moves = {(e.owner, e.source, e.target) for e in log(st, "moved")}  # type: ignore[attr-defined]
    assert {(0, HAND, RESOLUTION), (1, HAND, RESOLUTION)} <= moves
    assert {(0, RESOLUTION, RUN), (1, RESOLUTION, RUN)} <= moves


def test_402_1_a_card_is_public_or_hidden_as_its_zone() -> None:
    """A card moved from a hidden zone to a hidden one is not named to the
    other player (a draw: 403.3, 407.2); to or from a public zone, it is."""
    st = position(hands=(("Spare Blinkers",), ()), areas=((3, 3, 3, 3), (3, 3, 3, 3)))
    st.apply(Support(0, "Spare Blinkers"))
    st.apply(Pass(0))
    st.apply(Pass(0))
    other = [e for e in st.log.events(1) if e.kind == "moved" and e.owner == 0]  # type: ignore[attr-defined]
    public = {SITUATION, RUN, FARM, REMOVED, RESOLUTION}
    assert other and all((e.card is not None) == bool({e.source, e.target} & public) for e in other)  # type: ignore[attr-defined]
    assert any(e.card is None for e in other) and any(e.card == "Spare Blinkers" for e in other)  # type: ignore[attr-defined]


def test_405_2_408_3_409_2_the_run_resolution_and_removed_areas_are_public() -> None:
    """The other player's log names the cards put in the run area (405.2),
    the resolution area (408.3) and the removed area (409.2)."""
    gone = card_of("area", "Vanish", 'type = "play"\ndo = [{effect = "draw"}, {effect = "remove"}]')
    st = position(hands=(("Vanish", "Paper Kite"), ()), extra=(gone,))
    st.apply(Support(0, "Vanish"))
    st.apply(Pass(0))
    st.apply(Run(0, "Paper Kite"))
    seen = {(e.card, e.target) for e in st.log.events(1) if e.kind == "moved"}  # type: ignore[attr-defined]
    assert {
        ("Vanish", RESOLUTION),
        ("Vanish", REMOVED),
        ("Paper Kite", RESOLUTION),
        ("Paper Kite", RUN),
    } <= seen
    assert st.view(1).removed == (("Vanish",), ())


# -- 402: who sees a card -------------------------------------------------------------------


def test_402_2_public_cards_are_seen_by_every_player() -> None:
    """The situation areas, run areas, farms and the runs are alike in both
    players' views and an onlooker's, card by card, and the other player's
    log names the cards moved to a public zone."""
    st = position(hands=(("Sudden Shower", "Paper Kite", "Spare Blinkers"), ("Silver Teapot",)))
    st.apply(Support(0, "Sudden Shower"))
    st.apply(Pass(0))
    st.apply(Run(0, "Paper Kite"))
    st.apply(Guard(1, "Silver Teapot"))
    views = [st.view(0), st.view(1), st.view(None)]
    expected = {
        "situation": (("Sudden Shower",), ()),
        "run_area": (("Paper Kite",), ("Silver Teapot",)),
        "runs": (("Paper Kite", "Silver Teapot"),),
        "values": ((("Paper Kite", 1, 1),), (("Silver Teapot", 1, 2),)),
    }
    for view in views:
        for key, value in expected.items():
            assert getattr(view, key) == value, (view.seat, key)
        assert view.farms == views[0].farms and view.removed == views[0].removed
    assert "Spare Blinkers" not in st.view(1).render()  # a hand stays hidden (407.2)
    seen = {e.card for e in st.log.events(1) if e.kind == "moved" and e.target in (SITUATION, RUN)}  # type: ignore[attr-defined]
    assert {"Sudden Shower", "Paper Kite", "Silver Teapot"} <= seen


# -- 506: put out to guard ----------------------------------------------------------------------

_WATCH_GUARD = (
    'type = "auto"\non = "moved"\nwhose = "opponents"\nto = "run"\ncard_when = ["is-guard"]\n'
    'do = [{effect = "draw"}]'
)


def test_506_5_the_opponent_puts_out_a_guard_horse() -> None:
    """「相手がガード馬を出した時」: seat 0's situation card watches the other
    player's horses put in the run area that are guards (506.4): seat 1's
    guard triggers it; seat 1's runner on its own turn, and seat 0's own
    runner, do not."""
    watch = card_of("situation", "Guard Watch", _WATCH_GUARD)
    st = position(hands=(("Paper Kite",), ("Silver Teapot",)), situation=(("Guard Watch",), ()),
                  phase="runner", extra=(watch,))  # fmt: skip
    st.apply(Run(0, "Paper Kite"))
    assert not log(st, "ability-played") and names(st, 0, HAND) == []
    st.apply(Guard(1, "Silver Teapot"))
    played = [e.card for e in log(st, "ability-played")]  # type: ignore[attr-defined]
    assert played.count("Guard Watch") == 1 and names(st, 0, HAND) == ["Force"]
    st = position(hands=((), ("Silver Teapot",)), situation=(("Guard Watch",), ()),
                  phase="runner", turn_player=1, extra=(watch,))  # fmt: skip
    st.apply(Run(1, "Silver Teapot"))
    st.apply(Pass(0))
    assert "Guard Watch" not in [e.card for e in log(st, "ability-played")]  # type: ignore[attr-defined]
    assert names(st, 0, HAND) == []


# -- 601: the race ---------------------------------------------------------------------------------


def test_601_2b_the_race_is_one_card_of_each_kind_drawn_at_random() -> None:
    """A racecourse card, a distance card and a going card, each drawn at
    random: all three vary from game to game, each is one of its cards; chance
    may draw any race of the special cards and no other."""
    game = racebook.load("forcehorse-random")
    races = {game.new_state(seed=seed).race for seed in range(40)}
    for race in races:
        assert race is not None
        assert race.racecourse in RACECOURSES and race.distance in DISTANCE_CARDS
        assert race.going in GOINGS
        assert (race.surface, race.distance_class) == DISTANCE_CARDS[race.distance]  # 214.2a
    assert len({r.racecourse for r in races if r}) >= 4
    assert len({r.distance for r in races if r}) >= 4
    assert len({r.going for r in races if r}) >= 3
    st = game.new_state(explicit_chance=True)
    assert st.to_act == (CHANCE,)
    for bad in (("tokyo", 1700, "firm"), ("paris", 1600, "firm"), ("tokyo", 1600, "wet")):
        refused(st, DrawRace(CHANCE, *bad))
    st.apply(DrawRace(CHANCE, "kokura", 3200, "soft"))
    assert st.race == Race("kokura", 3200, "soft")
    assert len(st.table.cards) == 2 * 80  # a long race: 80-card decks (602.1a)


# -- 602, 603: decks ------------------------------------------------------------------------------


def test_602_1b_no_special_card_in_a_deck() -> None:
    """Special cards (214: racecourse, distance, going) are no card of the
    card list: a card set cannot define one, a deck cannot name one."""
    with pytest.raises(ConfigError) as err:
        parse_card_set('[[card]]\nname = "Tokyo"\nkind = "special"\n')
    assert "kind" in err.value.field
    game = racebook.load("forcehorse")
    deck = game.config.decks[0]
    first = deck.cards[0]
    special = Deck(
        "special", (DeckEntry(first.card, first.count - 1), *deck.cards[1:], DeckEntry("tokyo", 1))
    )
    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", decks=(special, deck))
    assert err.value.field == "decks[0].tokyo"


def test_603_1a_each_player_presents_its_deck() -> None:
    """Both players (and onlookers) see each deck's list, by card names, once
    the race is drawn (an agreed race's decks are in the log's config)."""
    game = racebook.load("forcehorse-random")
    for seed in (2, 3):
        st = game.new_state(seed=seed)
        assert st.race is not None
        decks = game.config.long_decks if st.race.distance_class == "long" else game.config.decks
        for seat in (0, 1, None):
            shown = {e.seat: e.cards for e in st.log.events(seat) if e.kind == "deck-presented"}  # type: ignore[attr-defined]
            assert sorted(shown) == [0, 1]
            for s, deck in enumerate(decks):
                assert Counter(shown[s]) == Counter({e.card: e.count for e in deck.cards})


# -- 805: playing a horse -----------------------------------------------------------------


def test_805_2c_i_a_runner_is_paid_with_exactly_its_cost_in_force() -> None:
    """Lapis Runner costs 3: on a soft going Mud Force counts 2 (503.3a), so
    three Force, or Mud Force and one Force, pay it; paying less, more, or
    with a card to spare (503.3b) is refused, and the runner is not played."""
    hand = ("Lapis Runner", "Force", "Force", "Force", "Force", "Mud Force")
    st = position(hands=(hand, ()), phase="runner", race=SOFT_MILE)
    runs = sorted(
        a.force for a in st.legal_actions(0) if isinstance(a, Run) and a.card == "Lapis Runner"
    )
    assert runs == [("Force", "Force", "Force"), ("Force", "Mud Force")]
    three = ("Force", "Force", "Force")
    for wrong in [(), ("Force",), ("Force", "Force"), (*three, "Force"), ("Mud Force",),
                  ("Force", "Force", "Mud Force"), (*three, "Mud Force")]:  # fmt: skip
        refused(st, Run(0, "Lapis Runner", wrong))
    st.apply(Run(0, "Lapis Runner", ("Force", "Mud Force")))
    assert names(st, 0, RUN) == ["Force", "Lapis Runner", "Mud Force"]
    assert sorted(names(st, 0, HAND)) == ["Force", "Force", "Force"]


def test_805_2d_ii_a_guard_goes_to_its_player_s_run_area_against_the_runner() -> None:
    """The guard horse is put in its own player's run area (not the
    runner's), paired with the runner it guards, with no force paid."""
    st = position(hands=(("Paper Kite",), ("Silver Teapot", "Force")), phase="runner")
    st.apply(Run(0, "Paper Kite"))
    events = st.apply(Guard(1, "Silver Teapot"))
    assert names(st, 1, RUN) == ["Silver Teapot"] and names(st, 0, RUN) == ["Paper Kite"]
    assert names(st, 1, HAND) == ["Force"] and st.table.resolution == []
    moves = [(e.owner, e.card, e.source, e.target) for e in kinds(events, "moved")]  # type: ignore[attr-defined]
    assert moves == [
        (1, "Silver Teapot", HAND, "resolution"),
        (1, "Silver Teapot", "resolution", RUN),
    ]
    assert st.view(0).runs == (("Paper Kite", "Silver Teapot"),)
    assert FARM not in {m[3] for m in moves}


# -- 508, 514: the conditions a card's ability reads ----------------------------------------


def _star(condition: str, surfaces: str = "turf", distances: str = "all", styles: str = "senko"):
    """A test horse (cost 0) whose force ability draws a card when ``condition`` holds."""
    text = (
        f'[[card]]\nname = "Test Star"\nkind = "horse"\ncost = 0\nsurfaces = ["{surfaces}"]\n'
        f'distances = ["{distances}"]\nstyles = ["{styles}"]\nfavourites = []\nrun = 1\nguard = 1\n'
        f'[[card.ability]]\ntype = "force"\nwhen = ["{condition}"]\ndo = [{{effect = "draw"}}]\n'
    )
    (card,), _ = parse_card_set(text)
    return card


Areas = tuple[int, ...]


def _draws(star: object, areas: Areas = (3, 3, 3, 3), other: Areas = (3, 3, 3, 3),
           runs: tuple[str, ...] = ()) -> bool:  # fmt: skip
    """Whether seat 0 draws when Test Star runs (Tokyo, turf, mile)."""
    st = position(hands=(("Test Star",), ()), areas=(areas, other), runs=(runs, ()),
                  phase="runner", extra=(star,))  # fmt: skip
    st.apply(Run(0, "Test Star"))
    return names(st, 0, HAND) == ["Force"]


def test_508_1_the_favourite_surface_condition_reads_the_race_s_surface() -> None:
    assert _draws(_star("favourite-surface", surfaces="turf"))
    assert not _draws(_star("favourite-surface", surfaces="dirt"))


def test_508_2_the_favourite_distance_condition_reads_the_race_s_distance() -> None:
    assert _draws(_star("favourite-distance", distances="mile"))
    assert _draws(_star("favourite-distance", distances="all"))
    assert not _draws(_star("favourite-distance", distances="sprint"))


def test_508_3_the_favourite_style_area_condition_reads_the_user_s_current_area() -> None:
    star = _star("favourite-style-area", styles="senko")
    assert not _draws(star, areas=(3, 3, 3, 3))  # nige area
    assert _draws(star, areas=(0, 3, 3, 3))  # senko area
    assert not _draws(star, areas=(0, 0, 3, 3))  # sashi area


def test_508_5_a_condition_with_no_card_named_reads_the_horse_with_the_ability() -> None:
    """A dirt horse's 「適正馬場」 is not met because another horse (Paper Kite,
    turf) in the same run area has it."""
    assert not _draws(_star("favourite-surface", surfaces="dirt"), runs=("Paper Kite",))


def test_508_6_distance_and_style_fit_needs_both() -> None:
    assert _draws(_star("distance-and-style-fit", distances="mile"), areas=(0, 3, 3, 3))
    assert not _draws(_star("distance-and-style-fit", distances="sprint"), areas=(0, 3, 3, 3))
    assert not _draws(_star("distance-and-style-fit", distances="mile"), areas=(3, 3, 3, 3))


def test_514_1_in_front_is_a_greater_distance_number_than_the_opponent_s() -> None:
    star = _star("in-front")
    assert _draws(star, areas=(0, 3, 3, 3), other=(3, 3, 3, 3))  # senko (2) before nige (1)
    assert not _draws(star, areas=(0, 3, 3, 3), other=(0, 3, 3, 3))  # equal: neither (514.3)
    assert not _draws(star, areas=(3, 3, 3, 3), other=(0, 3, 3, 3))


def test_514_2_behind_is_a_smaller_distance_number_than_the_opponent_s() -> None:
    star = _star("behind")
    assert _draws(star, areas=(3, 3, 3, 3), other=(0, 0, 3, 3))
    assert not _draws(star, areas=(0, 0, 3, 3), other=(0, 0, 3, 3))
    assert not _draws(star, areas=(0, 0, 3, 3), other=(3, 3, 3, 3))


# -- 702.6: the run phase -------------------------------------------------------------------


def test_702_6a_i_the_run_phase_starts_with_a_run_count_of_1() -> None:
    """The turn player's run count (走破回数) is 1 as the run phase begins,
    whatever it was: 1 runner, then the phase goes on to the next step."""
    st = position(hands=(("Paper Kite", "Stone Bridge"), ()))
    st.apply(Pass(0))  # the support phase ends: 702.6a
    assert st.phase == "runner" and st.view(1).run_count == 1 and st.view(1).runs == ()
    st.apply(Run(0, "Paper Kite"))
    assert st.view(1).runs == (("Paper Kite", None),)

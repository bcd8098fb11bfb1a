"""Force of the Horse rule terms (FotH 500s, ``terms``): one test (at least)
per term, on the sample cards and the position helper."""

from __future__ import annotations

import random

import racebook
from racebook.games.forcehorse import Pass, Race
from racebook.games.forcehorse.terms import (
    Requirement,
    area_behind,
    area_in_front,
    cards_to_farm,
    deck,
    deck_cards,
    distance_and_style_fit,
    distance_number,
    farm_sample,
    favourite_distance,
    favourite_going,
    favourite_racecourse,
    favourite_style_area,
    favourite_subject,
    favourite_surface,
    perform_required,
    runs_in_area,
    same_number,
)
from racebook.games.forcehorse.zones import FARM
from tests.test_forcehorse import position

GAME = racebook.load("forcehorse")
CARD = GAME.by_name
TOKYO_MILE = Race("tokyo", 1600, "firm")
SAPPORO_SPRINT = Race("sapporo", 1200, "yielding")


def test_504_2_farm_sample_picks_n_random_cards_of_the_farm() -> None:
    """504.2 ファームを「裏向きにシャッフルして、上から（数値）枚」…ランダムに選んだ
    （数値）枚のカードを参照します (N farm cards picked at random)."""
    st = position()
    farm = st.table.zones[0][FARM]
    assert len(farm) > 5
    before = list(farm)
    picked = farm_sample(st.table, 0, 3, random.Random(1))
    assert len(picked) == 3 and len(set(picked)) == 3
    assert set(picked) <= set(farm)
    assert farm == before  # only looked at
    seen = {tuple(sorted(farm_sample(st.table, 0, 3, random.Random(i)))) for i in range(20)}
    assert len(seen) > 1  # at random


def test_504_2a_fewer_farm_cards_than_asked_all_of_them() -> None:
    """504.2a ファームにあるカードの枚数が（数値）枚未満である場合、そのすべてのカードを
    参照します (fewer than N: all of them)."""
    st = position()
    farm = st.table.zones[1][FARM]
    assert sorted(farm_sample(st.table, 1, len(farm) + 5, random.Random(0))) == sorted(farm)
    st.table.zones[1][FARM] = []
    assert farm_sample(st.table, 1, 2, random.Random(0)) == []


def test_507_1_the_deck_is_the_current_areas_distance_deck() -> None:
    """507.1 脚質区分を指定せずに「デッキ」や「距離デッキ」…現在のエリアの距離デッキに
    対してその処理を実行します (the deck is the current area's distance deck)."""
    st = position(areas=((0, ["Force", "Paper Kite"], 2, 2), (0, 0, 0, 1)))
    assert deck(st.table, 0) == "senko"
    assert [st.table.name(c) for c in deck_cards(st.table, 0)] == ["Force", "Paper Kite"]
    assert deck(st.table, 1) == "oikomi"
    st.table.zones[1]["oikomi"] = []
    assert deck(st.table, 1) is None and deck_cards(st.table, 1) == []


def test_508_1_favourite_surface() -> None:
    """508.1 適正馬場に現在のレース情報の馬場が含まれる
    (the race's surface is one of its surfaces)."""
    assert favourite_surface(CARD["Paper Kite"], TOKYO_MILE)  # turf
    assert not favourite_surface(CARD["Copper Wheel"], TOKYO_MILE)  # dirt only
    assert favourite_surface(CARD["Silver Teapot"], TOKYO_MILE)  # turf and dirt


def test_508_2_favourite_distance() -> None:
    """508.2 適正距離に現在のレース情報の距離が含まれる
    (the race's distance is one of its distances)."""
    assert favourite_distance(CARD["Paper Kite"], TOKYO_MILE)  # sprint, mile
    assert favourite_distance(CARD["Paper Kite"], SAPPORO_SPRINT)
    assert not favourite_distance(CARD["Winter Almanac"], TOKYO_MILE)  # middle
    assert favourite_distance(CARD["Silver Teapot"], TOKYO_MILE)  # all-round (206.1b)


def test_508_2_guard_uses_the_favourite_distance() -> None:
    """508.2 as wired: only horses of favourite distance may guard (702.6d-i)."""
    st = position(hands=((), ("Paper Kite", "Winter Almanac")), phase="guard")
    st.pairs = [[0, None]]
    guards = {a.card for a in st.legal_actions(1) if not isinstance(a, Pass)}
    assert guards == {"Paper Kite"}


def test_508_3_favourite_style_area_is_the_users_current_area() -> None:
    """508.3 使用者の現在のエリアがその馬カードの脚質に含まれている
    (the user's current area is one of its running styles)."""
    st = position(areas=((0, 2, 2, 2), (2, 2, 2, 2)))
    kite = CARD["Paper Kite"]  # senko
    assert favourite_style_area(kite, st.table, 0)  # seat 0 is in senko
    assert not favourite_style_area(kite, st.table, 1)  # seat 1 is in nige
    st.table.zones[0]["senko"] = []
    assert not favourite_style_area(kite, st.table, 0)  # now sashi


def test_508_4_favourite_racecourse_and_going() -> None:
    """508.4 得意競馬場や得意馬場状態…得意条件にその情報が含まれる
    (the racecourse / going is among its favourites)."""
    lapis = CARD["Lapis Runner"]  # favourites: tokyo
    assert favourite_racecourse(lapis, TOKYO_MILE)
    assert not favourite_racecourse(lapis, SAPPORO_SPRINT)
    kite = CARD["Paper Kite"]  # favourites: firm
    assert favourite_going(kite, TOKYO_MILE)
    assert not favourite_going(kite, SAPPORO_SPRINT)
    assert not favourite_going(lapis, TOKYO_MILE)


def test_508_5_no_card_named_means_the_horse_itself() -> None:
    """508.5 どのカードかを参照せずに…その能力を持つ馬カード自身
    (no card named: the horse itself)."""
    kite, lapis = CARD["Paper Kite"], CARD["Lapis Runner"]
    assert favourite_subject(kite) is kite
    assert favourite_subject(kite, lapis) is lapis


def test_508_6_distance_and_style_fit() -> None:
    """508.6 得意距離であり、かつ現在得意脚質エリアである (favourite distance and style area)."""
    st = position(areas=((0, 2, 2, 2), (2, 2, 2, 2)))
    kite, almanac = CARD["Paper Kite"], CARD["Winter Almanac"]
    assert distance_and_style_fit(kite, TOKYO_MILE, st.table, 0)
    assert not distance_and_style_fit(kite, TOKYO_MILE, st.table, 1)  # style area not
    st.table.zones[0]["senko"] = []  # seat 0 now in sashi, Winter Almanac's style
    assert favourite_style_area(almanac, st.table, 0)
    assert not distance_and_style_fit(almanac, TOKYO_MILE, st.table, 0)  # distance not


def test_509_1_runs_in_area_is_the_runners_current_area() -> None:
    """509.1 走破のために出したプレイヤーの現在のエリアが（エリア）である
    (the runner's player's current area is that area)."""
    st = position(areas=((0, 0, 2, 2), (2, 2, 2, 2)))
    assert runs_in_area(st.table, 0, "sashi")
    assert not runs_in_area(st.table, 0, "nige")
    assert runs_in_area(st.table, 1, "nige")


def test_510_1_required_actions_run_just_before_the_process() -> None:
    """510.1 その処理を実行する直前に、その必要とさせる行動を実行する (required first)."""
    log: list[str] = []
    reqs = [
        Requirement(lambda: True, lambda: log.append("a")),
        Requirement(lambda: True, lambda: log.append("b")),
    ]
    assert perform_required(reqs, lambda: log.append("process"))
    assert log == ["a", "b", "process"]


def test_510_2_all_or_none() -> None:
    """510.2 必要とさせる行動がすべて実行できない場合、その行動はまったく実行できません
    (if not all can be done, none is)."""
    log: list[str] = []
    reqs = [
        Requirement(lambda: True, lambda: log.append("a")),
        Requirement(lambda: False, lambda: log.append("b")),
    ]
    assert not perform_required(reqs, lambda: log.append("process"))
    assert log == []


def test_510_3_the_user_may_decline() -> None:
    """510.3 実行できる場合でも、それを実行しないことを宣言して指定の処理を実行しない
    (may decline; then the process is not performed)."""
    log: list[str] = []
    reqs = [Requirement(lambda: True, lambda: log.append("a"))]
    assert not perform_required(reqs, lambda: log.append("process"), decline=True)
    assert log == []


def test_513_1_keep_in_hand_farms_that_many_fewer() -> None:
    """513.1 走破距離から 1 を引いた枚数…の代わりに、（数値）を引いた枚数のカードを置く
    (farm distance - N instead of distance - 1: "keep 1" is the rule itself)."""
    assert cards_to_farm(4) == 3  # 702.6k-iii, no keep
    assert cards_to_farm(4, 1) == 3
    assert cards_to_farm(4, 2) == 2
    assert cards_to_farm(4, 5) == 0
    assert cards_to_farm(1) == 0


def test_514_1_area_in_front() -> None:
    """514.1 プレイヤー1 の現在のエリアの距離番号が、プレイヤー2 の…よりも大きい
    (greater number: in front)."""
    st = position(areas=((0, 0, 2, 2), (2, 2, 2, 2)))
    assert distance_number(st.table, 0) == 3 and distance_number(st.table, 1) == 1
    assert area_in_front(st.table, 0, 1)
    assert not area_in_front(st.table, 1, 0)


def test_514_2_area_behind() -> None:
    """514.2 距離番号よりも小さい (smaller number: behind)."""
    st = position(areas=((0, 0, 2, 2), (2, 2, 2, 2)))
    assert area_behind(st.table, 1, 0)
    assert not area_behind(st.table, 0, 1)


def test_514_3_same_number_neither_in_front_nor_behind() -> None:
    """514.3 距離番号が同じ場合、いずれのプレイヤーも…前や後ではありません (equal: neither)."""
    st = position(areas=((0, 2, 2, 2), (0, 1, 2, 2)))
    for a, b in ((0, 1), (1, 0)):
        assert not area_in_front(st.table, a, b)
        assert not area_behind(st.table, a, b)


def test_515_1_same_number_means_equal_values() -> None:
    """515.1 2 つの情報の値が等しいこと (the two values are equal)."""
    kite, lapis = CARD["Paper Kite"], CARD["Lapis Runner"]
    assert same_number(kite.run, GAME.by_name["Paper Kite"].run)
    assert same_number(kite.guard, lapis.guard) == (kite.guard == lapis.guard)
    assert same_number(3, 3) and not same_number(1, 2)

"""The trick-taking horse race: the rulebook's worked examples, every
phase's rules, the 3-player dummy's printed rules, and the shared harness."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import racebook
from racebook import CHANCE, IllegalAction
from racebook.cards.race import RaceCard
from racebook.games.trickrace import (
    WIN,
    Bet,
    DealCards,
    Discard,
    DrawHorses,
    Paddock,
    Play,
    TrickRaceState,
)
from racebook.testing import check_random_games


def rc(text: str) -> list[RaceCard]:
    return [RaceCard.parse(t) for t in text.split()]


# each horse's 12 cards for the trick example (horse 4 holds no red)
TRICK_DEAL = {
    1: "R1 R2 R3 R4 Y1 Y2 Y3 Y4 G1 G2 G3 G4",
    2: "R5 R6 R7 R12 Y5 Y6 Y7 Y8 G5 G6 G7 G8",
    3: "R8 R9 R10 R11 Y9 Y10 Y11 Y12 G9 G10 G11 G12",
    4: "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12",
}
# the whip example: horses 1 and 3 hold no yellow
WHIP_DEAL = {
    1: "R1 R2 R3 R4 G7 G8 G9 G10 B1 B2 B3 B4",
    2: "Y11 Y12 Y1 Y2 R5 R6 R7 R8 B5 B6 B7 B8",
    3: "G1 G2 G3 G4 G5 G6 R9 R10 R11 R12 B9 B10",
    4: "Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 G11 G12 B11 B12",
}


def build(
    horses: Sequence[int],
    deal: dict[int, str],
    *,
    top: str,
    players: int = 4,
    gate: Sequence[int] = (1, 2, 3, 4),
    keep: dict[int, str] | None = None,
    **settings: object,
) -> TrickRaceState:
    """Draw ``horses`` (by seat), deal each horse its cards, and run the paddock:
    the start player's pile starts with ``top``; cards in ``keep[h]`` are put first
    in horse h's pile so the N-th card is never one of them (N <= 12 - len(keep))."""
    game = racebook.load("trickrace", players=players, **settings)
    state = game.new_state(explicit_chance=True)
    assert isinstance(state, TrickRaceState)
    state.apply(DrawHorses(CHANCE, tuple(horses)))
    cards = [c for h in (1, 2, 3, 4) for c in rc(deal[h])]
    state.apply(DealCards(CHANCE, tuple(cards)))
    start_horse = state.horse_of[state.start]
    piles = []
    for h in (1, 2, 3, 4):
        own = rc(deal[h])
        first = rc(keep.get(h, "")) if keep else []
        if h == start_horse:
            first = [RaceCard.parse(top), *[c for c in first if str(c) != top]]
        rest = [c for c in own if c not in first]
        piles.append(tuple(first + rest))
    state.apply(Paddock(CHANCE, tuple(gate), tuple(piles)))
    return state


def discard_and_bet(
    state: TrickRaceState, discards: dict[int, str], up: dict[int, int], down: dict[int, int]
) -> None:
    for seat, card in discards.items():
        state.apply(Discard(seat, RaceCard.parse(card)))
    while state.phase == 4:  # face up, in the betting order
        (seat,) = state.to_act
        state.apply(Bet(seat, up[seat]))
    for seat, ticket in down.items():
        state.apply(Bet(seat, ticket))


def play(state: TrickRaceState, seat: int, card: str, whip: bool = False) -> list[racebook.Event]:
    return state.apply(Play(seat, RaceCard.parse(card), whip))


# -- the rulebook's worked examples ------------------------------------------------------


def test_trick_example() -> None:
    # "A red 5, B red 2, C blue 10, D red 8: ... プレイヤー D がこのトリックで勝ちました。
    # 進行マークが 2 つあるので ... シルバーアラザン ... 2 マス進めます"
    keep = {2: "R5", 1: "R2", 4: "B10", 3: "R8"}
    state = build([2, 1, 4, 3], TRICK_DEAL, top="G8", keep=keep)  # A rides Vanilla Beans
    assert state.start == 0 and state.number == 8
    discard_and_bet(
        state,
        {0: "G7", 1: "G4", 2: "B1", 3: "G12"},
        up={1: 1, 2: 2, 3: 3, 0: 4},
        down={0: WIN, 1: WIN, 2: WIN, 3: WIN},
    )
    assert state.to_act == (0,)
    play(state, 0, "R5")
    with pytest.raises(IllegalAction, match="follow suit"):
        play(state, 1, "G1")
    play(state, 1, "R2")
    play(state, 2, "B10")  # no red in hand: free choice, but it cannot win
    events = play(state, 3, "R8")
    won = next(e for e in events if e.kind == "trick")
    assert (won.seat, won.horse, won.moved) == (3, 3, 2)  # type: ignore[attr-defined]
    assert state.pos[2] == 2 and state.leader == 3


def test_whip_example() -> None:
    # "A yellow 11, B green 7, C yellow 4, D green 2 with a whip: ... 緑 7 を出した
    # プレイヤー B が勝ちました" (D whips to help B's Forêt Noire)
    keep = {2: "Y11", 1: "G7", 4: "Y4", 3: "G2"}
    state = build([2, 1, 4, 3], WHIP_DEAL, top="B8", keep=keep)
    discard_and_bet(
        state,
        {0: "B5", 1: "B1", 2: "B11", 3: "B9"},
        up={1: 1, 2: 2, 3: 3, 0: 4},
        down={0: WIN, 1: WIN, 2: WIN, 3: WIN},
    )
    play(state, 0, "Y11")
    play(state, 1, "G7")
    play(state, 2, "Y4")
    assert Play(3, RaceCard.parse("G2"), True) in state.legal_actions(3)
    events = play(state, 3, "G2", whip=True)
    won = next(e for e in events if e.kind == "trick")
    assert won.seat == 1 and won.horse == 1  # type: ignore[attr-defined]
    assert state.whips_up[3] == 1


def at_last_race_trick(seed: int, race: int) -> TrickRaceState:
    """A random game played up to the first trick of race ``race`` (0-based)."""
    state = racebook.load("trickrace").new_state(seed=seed)
    assert isinstance(state, TrickRaceState)
    rng = random.Random(seed)
    while not (state.race == race and state.phase == 6):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    return state


def test_race_two_payout_example() -> None:
    # "1着はゴールに到着した「ガトーオペラ」、2着は5マス進んだうち、より上に重ねられて
    # いる「シルバーアラザン」... 1着馬の配当は2、2着馬の配当は4 ... A 2点 ... B,C 6点";
    # the position is set on a race-2 state (the example's tickets cannot all be laid
    # under the face-up rule: see the rules notes).
    state = at_last_race_trick(seed=3, race=1)
    state.horse_of = [2, 1, 4, 3]
    state.odds = [3, 5, 4, 2]
    state.pos = [1, 4, 5, 6]
    state.squares = [[], [1], [], [], [2], [3], [4], []]
    state.arrived = []
    state.up, state.down = [4, 3, 3, 1], [WIN, 4, 4, 2]
    # one card each: C leads R12 and wins, moving Gâteau Opéra 1 mark to the goal
    state.hands = [[0 * 16 + 2], [0 * 16 + 3], [0 * 16 + 12], [2 * 16 + 1]]
    state.leader, state.trick = 2, []
    before = list(state.points)
    play(state, 2, "R12")
    play(state, 3, "Y1")
    play(state, 0, "R2")
    play(state, 1, "R3")
    record = state.history[-1]
    assert record.places == (4, 3, 2, 1)  # Gâteau Opéra 1st, Silver Arazan 2nd
    gained = [p - b for p, b in zip(state.points, before, strict=True)]
    assert gained == [2, 6, 6 + 5, 3]  # A win bet 2; B, C quinella 2 + 4; prizes 5, 3


# -- phases ------------------------------------------------------------------------------


def test_setup() -> None:
    state = racebook.load("trickrace").new_state(seed=1)
    assert isinstance(state, TrickRaceState)
    assert sorted(state.horse_of) == [1, 2, 3, 4]
    assert state.start == state.horse_of.index(2)  # Vanilla Beans' rider starts
    assert all(len(cs) == 12 for cs in state.cards_of)
    assert state.whips_up == [2, 2, 2, 2]
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]  # the face-up discard is out


# each horse's pile in ``build`` with nothing kept: the start player's ``top``, then its
# dealt cards in order
@pytest.mark.parametrize(
    ("counts_top", "top", "start_discard", "others"),
    [
        # N = 5.  Start pile R5 R6 R7 R12 Y5 Y6 ...: counted with the revealed R5 -> Y5,
        # below it -> Y6.  The untouched piles give their 5th card either way.
        (True, "R5", "Y5", ("Y1", "B5", "Y9")),
        (False, "R5", "Y6", ("Y1", "B5", "Y9")),
        # N = 12.  Start pile R12 R5 R6 R7 Y5 ... G8: the 12th card G8, or counting below
        # the revealed card and wrapping, the revealed R12 itself; the others' 12th cards.
        (True, "R12", "G8", ("G4", "B12", "G12")),
        (False, "R12", "R12", ("G4", "B12", "G12")),
    ],
)
def test_paddock_only_the_start_players_count_depends_on_the_revealed_card(
    counts_top: bool, top: str, start_discard: str, others: tuple[str, str, str]
) -> None:
    # パドックフェイズ: "スタートプレイヤーは、一番上のレースカードを1枚取り ...
    # 各プレイヤーは、自分の手元に重ねたレースカードの、上から数えて「捨てナンバー」に
    # 該当する順番のカード": only the start player took a card off their pile, so only
    # their count can depend on whether that card counts; every other player counts
    # from the top of an untouched pile.
    keep = {h: "" for h in (1, 2, 3, 4)}
    state = build([2, 1, 4, 3], TRICK_DEAL, top=top, keep=keep, discard_counts_top=counts_top)
    assert state.start == 0 and state.number == int(top[1:])
    shown = [str(d[0]) for d in state.view(None).face_up_discards]
    assert shown == [start_discard, *others]  # seats 0 (start), 1, 2, 3


@pytest.mark.parametrize("counts_top", [True, False])
def test_paddock_three_players_the_others_and_the_dummy_count_from_the_top(
    counts_top: bool,
) -> None:
    # 3 players: seat 2 rides Vanilla Beans and starts; seats 0 and 1 and the dummy
    # (3人プレイ時: "「捨てナンバー」で決められた枚数目のカードと、その1枚下のカード") count from
    # the top of their own untouched piles whatever the setting.
    keep = {h: "" for h in (1, 2, 3, 4)}
    state = build(
        [1, 3, 2], TRICK_DEAL, top="R5", players=3, keep=keep, discard_counts_top=counts_top
    )
    assert state.start == 2 and state.number == 5
    shown = [[str(c) for c in d] for d in state.view(None).face_up_discards]
    start = "Y5" if counts_top else "Y6"
    assert shown == [["Y1"], ["Y9"], [start], ["B5", "B6"]]


@pytest.mark.parametrize("counts_top", [True, False])
def test_the_third_reading_the_revealed_card_is_the_start_players_face_up_card(
    counts_top: bool,
) -> None:
    # パドックフェイズ: "これで、各プレイヤーが1枚ずつレースカードをオモテ向きにしている状態に
    # なります": with revealed_is_discard the start player's revealed card is their one
    # face-up card (whatever discard_counts_top says); the others take their N-th card.
    keep = {h: "" for h in (1, 2, 3, 4)}
    state = build(
        [2, 1, 4, 3],
        TRICK_DEAL,
        top="R5",
        keep=keep,
        discard_counts_top=counts_top,
        revealed_is_discard=True,
    )
    view = state.view(None)
    assert [str(d[0]) for d in view.face_up_discards] == ["R5", "Y1", "B5", "Y9"]
    assert view.revealed is None  # it is the face-up discard, shown there
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]
    assert RaceCard.parse("R5").code not in state.hands[0]


@pytest.mark.parametrize(
    ("counts_top", "top", "in_hand"),
    [(True, "R5", True), (True, "R1", False), (False, "R5", True), (False, "R12", False)],
)
def test_the_revealed_card_is_public_while_it_stays_in_the_start_players_hand(
    counts_top: bool, top: str, in_hand: bool
) -> None:
    # パドックフェイズ: "一番上のレースカードを1枚取り、オモテ向きにして全員に見せます": the
    # card is in the race-begins event every seat sees; unless it became the face-up
    # discard (N = 1, or N = 12 counted below it) it stays in the start player's hand,
    # and every view shows it there until it is played.
    deal = {h: " ".join(f"{c}{n}" for n in range(1, 13)) for h, c in enumerate("YRGB", 1)}
    keep = {h: "" for h in (1, 2, 3, 4)}
    state = build([2, 1, 4, 3], deal, top=top, keep=keep, discard_counts_top=counts_top)
    card = RaceCard.parse(top)
    begins = [e for e in state.log.events(None) if e.kind == "race-begins"]
    assert begins[0].revealed == card  # type: ignore[attr-defined]
    assert (card.code in state.hands[0]) == in_hand
    for seat in (0, 1, 2, 3, None):
        assert state.view(seat).revealed == (card if in_hand else None)
    if not in_hand:
        return
    # set face down as the second discard: others cannot tell, so it is still shown
    discard_and_bet(
        state,
        {0: top, 1: "Y12", 2: "B12", 3: "G12"},
        up={1: 1, 2: 2, 3: 3, 0: 4},
        down={0: WIN, 1: WIN, 2: WIN, 3: WIN},
    )
    assert state.secret[0] == card.code and state.view(1).revealed == card


def test_the_revealed_card_once_played_is_simply_played() -> None:
    keep = {2: "R5", 1: "R2", 4: "B10", 3: "R8"}
    state = build([2, 1, 4, 3], TRICK_DEAL, top="R5", keep=keep)
    assert state.view(1).revealed == RaceCard.parse("R5")
    discard_and_bet(
        state,
        {0: "G7", 1: "G4", 2: "B1", 3: "G12"},
        up={1: 1, 2: 2, 3: 3, 0: 4},
        down={0: WIN, 1: WIN, 2: WIN, 3: WIN},
    )
    play(state, 0, "R5")
    assert all(state.view(s).revealed is None for s in (0, 1, 2, 3, None))
    assert state.view(1).trick[0][1] == RaceCard.parse("R5")


def test_betting_rules() -> None:
    state = build([2, 1, 4, 3], TRICK_DEAL, top="G8", keep={h: "" for h in (1, 2, 3, 4)})
    for seat, card in {0: "G7", 1: "G4", 2: "B1", 3: "G12"}.items():
        state.apply(Discard(seat, RaceCard.parse(card)))
    assert state.to_act == (1,)  # from the start player's left
    with pytest.raises(IllegalAction, match="win ticket"):
        state.apply(Bet(1, WIN))
    state.apply(Bet(1, 3))
    with pytest.raises(IllegalAction, match="already face up"):
        state.apply(Bet(2, 3))
    for seat, t in ((2, 1), (3, 2), (0, 4)):
        state.apply(Bet(seat, t))
    assert state.to_act == (0, 1, 2, 3)  # face down: everyone at once
    with pytest.raises(IllegalAction, match="already face up"):
        state.apply(Bet(1, 3))
    state.apply(Bet(1, 4))  # may match another's face-up ticket
    assert state.view(2).tickets_down_laid[1] and state.view(2).my_ticket_down is None
    assert state.view(1).my_ticket_down == 4


def test_whip_limits_and_recovery() -> None:
    state = build([2, 1, 4, 3], WHIP_DEAL, top="B8", keep={2: "Y11", 1: "G7", 4: "Y4", 3: "G2"})
    discard_and_bet(
        state,
        {0: "B5", 1: "B1", 2: "B11", 3: "B9"},
        up={1: 1, 2: 2, 3: 3, 0: 4},
        down={0: WIN, 1: WIN, 2: WIN, 3: WIN},
    )
    play(state, 0, "Y11", whip=True)  # the leader may whip too
    with pytest.raises(IllegalAction, match="only one whip"):
        play(state, 1, "G7", whip=True)
    state.whips_up[1] = 0
    assert all(not a.whip for a in state.legal_actions(1))  # type: ignore[attr-defined]


def test_goal_and_stacking_and_places() -> None:
    state = at_last_race_trick(seed=5, race=0)
    state.squares = [[1], [], [], [], [], [], [4], [2]]
    state.squares[6] = [4]
    state.pos = [0, 7, 0, 6]
    state.squares[0] = [1, 3]
    state.arrived = [2]
    # horse 3 and horse 1 at the gate: horse 3 on top ranks higher
    places = state.horse_places()
    assert places == [4, 1, 3, 2]


def test_odds_and_hand_off() -> None:
    state = racebook.load("trickrace").new_state(seed=8)
    assert isinstance(state, TrickRaceState)
    rng = random.Random(8)
    horses, start = list(state.horse_of), state.start
    cards = [sorted(c) for c in state.cards_of]
    while state.race == 0:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    places = state.history[0].places
    assert state.odds == [2 + (0, 1, 2, 3)[p - 1] for p in places]
    assert state.horse_of == [horses[(s - 1) % 4] for s in range(4)]  # passed to the left
    assert state.start == (start + 1) % 4
    assert [sorted(c) for c in state.cards_of] == cards  # a horse keeps its 12 cards


def test_game_length_and_tiebreak() -> None:
    # "4人プレイで、4レース目が終わったらゲーム終了"; "同点の場合、4レース目で担当していた
    # 馬の着順が上位であるプレイヤー"
    state = at_last_race_trick(seed=11, race=3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[0])
    assert len(state.history) == 4
    last = state.history[-1].places
    riders = state.horse_of_last
    order = sorted(range(4), key=lambda s: last[riders[s] - 1])  # by last race's place
    state.points = [7, 7, 7, 7]
    result = state.result
    assert result is not None and result.winners == (order[0],)
    assert [result.places[s] for s in order] == [1, 2, 3, 4]
    assert result.tiebreak is not None
    state.points = [1, 9, 3, 4]
    result = state.result
    assert result is not None and result.winners == (1,) and result.places[1] == 1


# -- three players and the dummy -----------------------------------------------------------


def test_dummy_seat_and_redraw() -> None:
    state = build([1, 3, 2], TRICK_DEAL, top="G8", players=3, keep={h: "" for h in (1, 2, 3, 4)})
    # the dummy sits to the right of Vanilla Beans' rider (seat 2), takes horse 4
    assert state.ring == [2, 0, 1, 3] and state.horse_of[3] == 4 and state.start == 2
    game = racebook.load("trickrace", players=3)
    fresh = game.new_state(explicit_chance=True)
    with pytest.raises(IllegalAction, match="Vanilla Beans"):
        fresh.apply(DrawHorses(CHANCE, (1, 3, 4)))
    rng = random.Random(0)
    for _ in range(200):
        assert 2 in fresh.sample_chance(rng).horses  # type: ignore[attr-defined]


def test_dummy_paddock_discards_n_and_below_and_whips() -> None:
    # "「捨てナンバー」で決められた枚数目のカードと、その1枚下のカード ... 12枚目と1枚目"
    for top, expected in (("R12", (11, 0)), ("R5", (4, 5))):
        deal = dict(TRICK_DEAL)
        state = build([1, 3, 2], deal, top=top, players=3, keep={h: "" for h in (1, 2, 3, 4)})
        pile = rc(TRICK_DEAL[4])
        shown = state.view(0).face_up_discards[3]
        assert sorted(map(str, shown)) == sorted(str(pile[i]) for i in expected)
        assert state.view(0).dummy_cards == tuple(
            c for i, c in enumerate(pile) if i not in expected
        )
        assert state.whips_up[3] == 2


def three_player_trick(leader_dummy: bool = False) -> TrickRaceState:
    deal = {
        1: "R1 R2 R3 R4 Y1 Y2 Y3 Y4 G1 G2 G3 G4",
        2: "R5 R6 R7 R12 Y5 Y6 Y7 Y8 G5 G6 G7 G8",
        3: "R8 R9 R10 R11 Y9 Y10 Y11 Y12 G9 G10 G11 G12",
        4: "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12",
    }
    state = build([1, 3, 2], deal, top="G8", players=3, keep={h: "" for h in (1, 2, 3, 4)})
    discard_and_bet(
        state, {0: "G1", 1: "G9", 2: "G5"}, up={0: 1, 1: 2, 2: 3}, down={0: WIN, 1: WIN, 2: WIN}
    )
    return state


def test_dummy_plays_last_and_follows_with_its_highest() -> None:
    state = three_player_trick()
    # ring [2, 0, 1, dummy]: the leader is seat 2; the dummy plays last
    assert state.play_order() == (2, 0, 1, 3)
    state.hands[3] = [1 * 16 + 3, 0 * 16 + 9, 1 * 16 + 11, 0 * 16 + 1]  # B3 R9 B11 R1
    play(state, 2, "R12")
    play(state, 0, "R4")
    events = play(state, 1, "R8")
    dummy = next(e for e in events if e.kind == "played" and e.seat == 3)  # type: ignore[attr-defined]
    assert str(dummy.card) == "R9" and not dummy.whip  # type: ignore[attr-defined]


def test_dummy_off_colour_top_card_with_whip() -> None:
    state = three_player_trick()
    state.hands[3] = [1 * 16 + 3, 1 * 16 + 11]  # B3 B11: no red
    play(state, 2, "R12")
    play(state, 0, "R4")
    events = play(state, 1, "R8")
    dummy = next(e for e in events if e.kind == "played" and e.seat == 3)  # type: ignore[attr-defined]
    assert str(dummy.card) == "B3" and dummy.whip  # type: ignore[attr-defined]
    won = next(e for e in events if e.kind == "trick")
    assert won.seat == 3  # its whip makes blue win: B3 is the only blue  # type: ignore[attr-defined]


def test_dummy_no_whip_when_someone_whipped_or_none_up() -> None:
    for someone, up in ((True, 2), (False, 0)):
        state = three_player_trick()
        state.hands[3] = [1 * 16 + 3, 1 * 16 + 11]
        state.whips_up[3] = up
        play(state, 2, "R12", whip=someone)
        play(state, 0, "R4")
        events = play(state, 1, "R8")
        dummy = next(e for e in events if e.kind == "played" and e.seat == 3)  # type: ignore[attr-defined]
        assert str(dummy.card) == "B3" and not dummy.whip  # type: ignore[attr-defined]


def test_dummy_leads_its_top_card() -> None:
    state = three_player_trick()
    state.hands[3] = [1 * 16 + 3, 0 * 16 + 1]  # B3 R1
    state.leader = 3
    state.advance([])
    assert state.trick[0][0] == 3 and state.trick[0][1] == 1 * 16 + 3
    assert state.to_act == (2,)  # then clockwise from the dummy's left


def test_hand_off_around_the_dummy() -> None:
    state = racebook.load("trickrace", players=3).new_state(seed=4)
    assert isinstance(state, TrickRaceState)
    rng = random.Random(4)
    before = list(state.horse_of)
    ring = list(state.ring)
    while state.race == 0:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    for i, s in enumerate(ring):
        assert state.horse_of[ring[(i + 1) % 4]] == before[s]
    assert state.start == ring[1]


# -- the shared harness ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "games"), [(4, 300), (3, 300)])
def test_random_games(players: int, games: int) -> None:
    report = check_random_games(
        racebook.load("trickrace", players=players), games=games, seed=players, deep=4
    )
    assert report.games == games and report.views > 0


def test_the_heuristic_beats_random_play() -> None:
    for players in (4, 3):
        game = racebook.load("trickrace", players=players)
        summary = racebook.simulate(
            game, ["heuristic"] + ["random"] * (players - 1), games=60, seed=9
        )
        assert summary.seats[0].mean_score > max(s.mean_score for s in summary.seats[1:])


def test_views_show_colours_not_numbers_of_other_hands() -> None:
    state = racebook.load("trickrace").new_state(seed=2)
    assert isinstance(state, TrickRaceState)
    view = state.view(0)
    assert len(view.hand) == 11 and view.hand_colours[1] != ()
    assert sum(view.hand_colours[1]) == 11
    other = state.view(1)
    assert set(map(str, view.hand)).isdisjoint(map(str, other.hand))

"""The trick race's secrets: the face-down discard (パドックフェイズ) stays face down
for the rest of the game; only the tickets are turned face up at the payout
(配当フェイズ).

Two states that differ only in one seat's face-down discard must look the same
to every other seat, in ``view`` and in ``log.for_seat``, at the payout and
after it, including the next rider of that horse (次レース準備フェイズ: it receives the horse's
12 cards, not which of them was set aside)."""

from __future__ import annotations

import random

import pytest

import racebook
from racebook import CHANCE
from racebook.cards.race import RaceCard
from racebook.core.game import Action
from racebook.games.trickrace import WIN, Discard, Paddock, TrickRaceState
from racebook.games.trickrace.hidden import cards_seen

from .test_trickrace import build, discard_and_bet, play

# one colour per horse: each leader wins the tricks it leads with its own colour
COLOUR_DEAL = {
    1: "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12",
    2: "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12",
    3: "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 G12",
    4: "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12",
}
OTHERS = (0, 1, 3, None)  # every seat but seat 2, whose discard differs, and a spectator


def first_race(secret: str, races: int | None) -> TrickRaceState:
    """Seat 0 (Vanilla Beans, red) starts; seat 2 (Gâteau Opéra, blue) sets ``secret``
    face down.  Six tricks: seat 0 wins three with R1 R2 R3 (goal), seat 1 whips Y1
    and wins Y2 Y3 (goal): the race ends with seat 2 still holding B11 or B12."""
    keep = {2: "R1 R2 R3", 1: "Y1 Y2 Y3"}
    state = build([2, 1, 4, 3], COLOUR_DEAL, top="R8", keep=keep, races=races)
    assert state.number == 8
    discard_and_bet(
        state,
        {0: "R12", 1: "Y12", 2: secret, 3: "G12"},
        up={1: 1, 2: 2, 3: 3, 0: 4},
        down={0: WIN, 1: 4, 2: WIN, 3: 2},
    )
    return state


TRICKS = [
    [(0, "R1", False), (1, "Y4", False), (2, "B1", False), (3, "G1", False)],
    [(0, "R2", False), (1, "Y5", False), (2, "B2", False), (3, "G2", False)],
    [(0, "R3", False), (1, "Y6", False), (2, "B3", False), (3, "G3", False)],
    [(0, "R4", False), (1, "Y1", True), (2, "B4", False), (3, "G4", False)],
    [(1, "Y2", False), (2, "B5", False), (3, "G5", False), (0, "R5", False)],
    [(1, "Y3", False), (2, "B6", False), (3, "G6", False), (0, "R6", False)],
]


def same_for_others(a: TrickRaceState, b: TrickRaceState) -> None:
    for seat in OTHERS:
        assert a.view(seat) == b.view(seat), f"view({seat})"
        assert a.log.for_seat(seat) == b.log.for_seat(seat), f"for_seat({seat})"


@pytest.mark.parametrize("races", [None, 1])
def test_the_face_down_discard_stays_hidden_at_the_payout_and_after(
    races: int | None,
) -> None:
    # 配当フェイズ: "各プレイヤーは、手元に置いた馬券カードを2枚ともオモテ向きにします": the
    # tickets, not the discards, which were set face down "オモテが他のプレイヤーに見えない
    # ように" (パドックフェイズ).  races=1: the payout ends the game; None: the game goes
    # on, and the horse with its 12 cards passes to seat 3 (次レース準備フェイズ).
    a, b = first_race("B11", races), first_race("B12", races)
    assert a.secret[2] != b.secret[2]
    same_for_others(a, b)
    for trick in TRICKS:
        for seat, card, whip in trick:
            play(a, seat, card, whip)
            play(b, seat, card, whip)
        same_for_others(a, b)
    assert len(a.history) == 1  # the payout was made: two horses reached the goal
    assert a.view(2).my_discard != b.view(2).my_discard  # the owner still knows its own
    result = next(e for e in a.log.events(None) if e.kind == "race-result")
    assert result.tickets == ((4, WIN), (1, 4), (2, WIN), (3, 2))  # type: ignore[attr-defined]
    if races == 1:
        assert a.is_over and b.is_over
        return
    # the rest of the game, with the same chance and the same decisions
    rng = random.Random(5)
    steps = 0
    while not a.is_over:
        seat = a.to_act[0]
        action: Action
        if seat == CHANCE:
            action = a.sample_chance(rng)
        else:
            legal = a.legal_actions(seat)
            assert legal == b.legal_actions(seat)
            action = legal[int(rng.random() * len(legal))]
        a.apply(action)
        b.apply(action)
        same_for_others(a, b)
        steps += 1
    assert b.is_over and steps > 100


def twin_games(players: int, seed: int) -> list[tuple[list[Action], list[Action], int]]:
    """A random game's actions, and for each race whose payout leaves some seat
    holding a card of its face-down discard's colour, the same actions with that
    card discarded instead (and the seat).  A short course (4) ends most races
    with cards left in hand."""
    game = racebook.load("trickrace", players=players, course=4)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    actions = list(state.log.actions)
    replayed = game.new_state(explicit_chance=True)
    assert isinstance(replayed, TrickRaceState)
    twins = []
    discard_at: dict[int, int] = {}
    for i, action in enumerate(actions):
        if isinstance(action, Paddock):
            discard_at = {}
        if isinstance(action, Discard):
            discard_at[action.seat] = i
        events = replayed.apply(action)
        if any(e.kind == "race-result" for e in events):
            for seat, at in sorted(discard_at.items()):
                x = replayed.secret[seat]
                same = [y for y in replayed.hands[seat] if y >> 4 == x >> 4]
                if same:
                    card = RaceCard(same[0] >> 4, same[0] & 15)
                    twin = list(actions)
                    twin[at] = Discard(seat, card)
                    twins.append((actions, twin, seat))
                    break
    return twins


@pytest.mark.parametrize("players", [4, 3])
def test_random_games_never_show_another_seats_discard(players: int) -> None:
    # every other seat sees the same game whichever card of that colour was set aside
    found = 0
    for seed in range(6):
        for actions, twin, owner in twin_games(players, seed)[:2]:
            found += 1
            game = racebook.load("trickrace", players=players, course=4)
            a = game.new_state(explicit_chance=True)
            b = game.new_state(explicit_chance=True)
            others = [s for s in (*range(players), None) if s != owner]
            for x, y in zip(actions, twin, strict=True):
                a.apply(x)
                b.apply(y)
                for seat in others:
                    assert a.view(seat) == b.view(seat)
            for seat in others:
                assert a.log.for_seat(seat) == b.log.for_seat(seat)
    assert found >= 4


def hidden(state: TrickRaceState, seat: int) -> list[int]:
    secret = [state.secret[seat]] if state.secret[seat] >= 0 else []
    return sorted(state.hands[seat] + secret)


@pytest.mark.parametrize("players", [4, 3])
def test_hidden_variant_redeals_discards_at_and_after_the_payout(players: int) -> None:
    # The harness's hidden_variant must redeal, at each payout and after it, what a seat
    # may not see (others' hands and face-down discards, by colour), keep the tickets
    # the payout turned face up (配当フェイズ), keep every card the seat saw with its horse's
    # rider, keep every card with its horse (audit), and give the seat the same view.
    game = racebook.load("trickrace", players=players, course=4)
    changed = 0
    for seed in range(6):
        state = game.new_state(explicit_chance=True)
        assert isinstance(state, TrickRaceState)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions(seat)
            events = state.apply(legal[int(rng.random() * len(legal))])
            if not any(e.kind == "race-result" for e in events):
                continue
            for viewer in (*range(players), -2):
                variant = state.hidden_variant(viewer, rng)
                variant.audit()
                who = None if viewer == -2 else viewer
                assert variant.view(who) == state.view(who)
                assert variant.down == state.down  # face up since the payout
                seen = cards_seen(state, who)
                for s in range(players):
                    if s == viewer:
                        assert hidden(variant, s) == hidden(state, s)
                        assert variant.secret[s] == state.secret[s]
                    else:
                        assert set(hidden(state, s)) & seen <= set(hidden(variant, s))
                changed += variant.secret != state.secret
    assert changed > 0


@pytest.mark.parametrize(
    ("players", "settings"),
    [
        (4, {}),
        (4, {"discard_counts_top": False}),
        (3, {}),
        (3, {"discard_counts_top": False}),
    ],
)
def test_hidden_variant_keeps_the_revealed_card_with_the_start_player(
    players: int, settings: dict[str, object]
) -> None:
    # パドックフェイズ: the start player's top card is shown to everyone ("オモテ向きにして
    # 全員に見せます") and, unless it is their face-up discard, stays in their hand: no
    # twin of another seat may deal it to someone else.  After the start player's
    # face-down discard it may be that card (others cannot tell): hand or face down.
    game = racebook.load("trickrace", players=players, **settings)
    checked = strict = 0
    for seed in range(10):
        state = game.new_state(seed=seed)  # random paddocks
        assert isinstance(state, TrickRaceState)
        rng = random.Random(seed)
        while not state.is_over:
            x, start = state.revealed, state.start
            if x >= 0 and (state.phase == 3 or rng.random() < 0.2):  # 3: the discards
                assert x in state.hands[start] or x == state.secret[start]
                for viewer in (*range(players), -2):
                    if viewer == start:
                        continue
                    twin = state.hidden_variant(viewer, rng)
                    twin.audit()
                    if state.secret[start] < 0:
                        assert x in twin.hands[start]
                        strict += 1
                    else:
                        assert x in twin.hands[start] or x == twin.secret[start]
                    who = None if viewer == -2 else viewer
                    assert twin.view(who) == state.view(who)
                    assert twin.view(who).revealed is not None
                    checked += 1
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 50 and strict > 10

"""Ready Set Bet's exact odds (racebook.games.readysetbet.exact): the maths against
brute force in rational arithmetic (every roll sequence, small tracks), the
float quadrature against the exact polynomials on the printed track, and the
default ``odds()`` against a large simulation mid-race."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

import pytest

import racebook
from racebook.core.game import CHANCE, places_from_keys
from racebook.games.readysetbet import NewRace, ReadySetBetState, odds
from racebook.games.readysetbet.algebra import Coefficients, Nodes, laguerre
from racebook.games.readysetbet.exact import WAYS, Race, exact_table, float_table, run_moves
from racebook.games.readysetbet.oddsmaker import chances, race_of

Final = dict[tuple[int, ...], Fraction]


def brute(
    probs: Sequence[Fraction], bonus: Sequence[int], pos: Sequence[int], pending: int, track: int
) -> tuple[Final, Fraction]:
    """Every roll sequence from a position, rolled forward in rational arithmetic
    with the game's move rule (dice.advance: a roll pairing with the unpaired
    one before it gets the bonus): the chance of each final position, and the
    expected number of rolls."""
    live: dict[tuple[tuple[int, ...], int], Fraction] = {(tuple(pos), pending): Fraction(1)}
    final: Final = defaultdict(Fraction)
    rolls = Fraction(0)
    while live:
        rolls += sum(live.values())
        after: dict[tuple[tuple[int, ...], int], Fraction] = defaultdict(Fraction)
        for (now, last), chance in live.items():
            for h, p in enumerate(probs):
                moved = list(now)
                step = 1 + bonus[h] if last == h else 1
                moved[h] = min(track, moved[h] + step)
                if moved[h] >= track:
                    final[tuple(moved)] += chance * p
                else:
                    after[(tuple(moved), -1 if last == h else h)] += chance * p
        live = after
    return final, rolls


def ranks(final: Final, horses: int) -> tuple[list[Fraction], ...]:
    """Win, place and show per horse by competition ranking (ties share a rank)."""
    out = tuple([Fraction(0)] * horses for _ in range(3))
    for where, chance in final.items():
        places = places_from_keys([-p for p in where])
        for h in range(horses):
            for k in range(3):
                if places[h] <= k + 1:
                    out[k][h] += chance
    return out


def test_run_moves_follow_the_pairs() -> None:
    # 獎勵移動: the 2nd and 4th roll of a run pair; the 3rd does not
    assert [run_moves(2, n) for n in range(6)] == [0, 1, 4, 5, 8, 9]


@pytest.mark.parametrize("seed", range(6))
def test_the_model_equals_brute_force_exactly(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(12):
        horses = rng.randint(1, 4)
        track = rng.randint(1, 7)
        weights = [rng.randint(1, 6) for _ in range(horses)]
        probs = [Fraction(w, sum(weights)) for w in weights]
        bonus = [rng.randint(0, 4) for _ in range(horses)]
        pos = [rng.randint(0, track - 1) for _ in range(horses)]
        pending = rng.choice([-1] + [h for h in range(horses) if pos[h] > 0])
        final, rolls = brute(probs, bonus, pos, pending, track)
        win, place, show = ranks(final, horses)
        tables = [exact_table(p, b, track) for p, b in zip(probs, bonus, strict=True)]
        race = Race(Coefficients(Fraction), tables, pos, pending, track)
        got = race.win()
        assert got == win
        assert race.place_show(got) == (place, show)
        assert race.rolls() == rolls


def small_race(track: int, pos: Sequence[int], pending: int, exotic: int) -> ReadySetBetState:
    state = racebook.load("readysetbet", players=3, track=track, red_line=track).new_state(
        explicit_chance=True
    )
    assert isinstance(state, ReadySetBetState)
    state.apply(NewRace(CHANCE, (0, 1, 2, 3, 4), exotic))
    state.pos[:] = pos
    state.pending = pending
    return state


@pytest.mark.parametrize(
    ("track", "pos", "pending", "exotic"),
    [
        (3, (1, 2, 0, 2, 1, 2, 2, 1, 2), 4, 0),
        (4, (3, 2, 2, 3, 1, 2, 3, 3, 2), 6, 1),
        (4, (2, 3, 3, 2, 3, 1, 2, 3, 3), -1, 2),
        (7, (6, 6, 5, 6, 3, 6, 6, 5, 6), 2, 3),
        (7, (6, 5, 6, 6, 6, 4, 6, 6, 6), -1, 4),
        (8, (7, 7, 7, 6, 6, 7, 7, 2, 7), 3, 0),
        (5, (4, 0, 4, 1, 2, 0, 3, 1, 4), -1, 1),  # 7 with 2 or 3 ahead
        (5, (4, 4, 3, 4, 1, 4, 3, 4, 4), 4, 2),
    ],
)
def test_every_spot_equals_brute_force_on_a_small_track(
    track: int, pos: tuple[int, ...], pending: int, exotic: int
) -> None:
    state = small_race(track, pos, pending, exotic)
    c = state.game.config
    probs = [Fraction(w, 36) for w in WAYS]
    final, rolls = brute(probs, c.bonus, pos, pending, track)
    win, place, show = ranks(final, 9)
    race = race_of(state, Coefficients(Fraction), exact_table)
    got = chances(race, state.game, state.spots)
    assert (got[0], got[1], got[2], got[4]) == (win, place, show, rolls)
    for spot in state.spots:  # the game's own judge of each bet, on every finish
        wins = state.game.spot(spot)[1]
        expected = sum(
            (p for where, p in final.items() if wins(where, places_from_keys([-x for x in where]))),
            Fraction(0),
        )
        assert got[3][spot] == expected, spot
    # the default odds() (floats, the quadrature) agree to rounding
    found = odds(state)
    assert found.method == "exact"
    for a, b in zip([*found.win, *found.place, *found.show], [*win, *place, *show], strict=True):
        assert a == pytest.approx(float(b), abs=1e-12)
    for spot, p, _ in found.spots:
        assert p == pytest.approx(float(got[3][spot]), abs=1e-12)
    assert found.mean_rolls == pytest.approx(float(rolls), rel=1e-12)


def test_quadrature_is_exact_for_its_degrees() -> None:
    for m in (1, 5, 64, 131):
        nodes, weights = laguerre(m)
        for n in range(0, 2 * m, 7):
            moment = math.fsum(  # Σ w t^n / n!, in logarithms (t^n overflows)
                math.exp(math.log(w) + n * math.log(t) - math.lgamma(n + 1))
                for t, w in zip(nodes, weights, strict=True)
            )
            assert moment == pytest.approx(1.0, rel=1e-10)


@pytest.mark.parametrize("seed", range(4))
def test_nodes_equal_the_polynomials_on_the_printed_track(seed: int) -> None:
    rng = random.Random(seed)
    state = small_race(15, [0] * 9, -1, seed)
    if seed:
        state.pos[:] = [rng.randint(0, 13) for _ in range(9)]
        state.pending = rng.choice([-1] + [h for h in range(9) if state.pos[h]])
    fast = chances(race_of(state, Nodes(64), float_table), state.game, state.spots)
    slow = chances(race_of(state, Coefficients(float), float_table), state.game, state.spots)
    for a, b in zip([*fast[0], *fast[1], *fast[2]], [*slow[0], *slow[1], *slow[2]], strict=True):
        assert a == pytest.approx(b, abs=1e-12)
    for spot in state.spots:
        assert fast[3][spot] == pytest.approx(slow[3][spot], abs=1e-12)
    assert math.fsum(fast[0]) == pytest.approx(1.0, abs=1e-12)
    assert math.fsum(fast[1]) >= 2 - 1e-12 and math.fsum(fast[2]) >= 3 - 1e-12


def test_odds_are_exact_by_default_and_say_so() -> None:
    state = small_race(15, [0] * 9, -1, 0)
    found = odds(state)
    assert found.method == "exact" and found.samples == 0
    assert set(found.win_error) == {0.0}
    # 7 is the favourite; 6 and 8 (same chance a roll, same bonus) tie exactly
    assert max(found.win) == found.win[4]
    assert found.win[3] == pytest.approx(found.win[5], abs=1e-14)
    assert 63 < found.mean_rolls < 65
    assert odds(state, samples=100, seed=1).method == "sample"
    assert odds(state, method="sample", samples=100, seed=1).samples == 100


def test_exact_odds_within_three_errors_of_a_simulation_mid_race() -> None:
    state = small_race(15, [0] * 9, -1, 2)
    state.pos[:] = [3, 8, 6, 9, 11, 7, 4, 10, 2]
    state.pending = 3  # the last roll moved 6 and waits for its pair
    exact = odds(state)
    sampled = odds(state, method="sample", samples=60_000, seed=7)
    pairs = [
        *zip(exact.win, sampled.win, strict=True),
        *zip(exact.place, sampled.place, strict=True),
        *zip(exact.show, sampled.show, strict=True),
        *((p, q) for (_, p, _), (_, q, _) in zip(exact.spots, sampled.spots, strict=True)),
    ]
    n = sampled.samples
    for p, q in pairs:
        se = math.sqrt(max(p * (1 - p), 1e-12) / n)
        assert abs(p - q) <= 3 * se + 1e-9
    # the expected value of an open spot follows from its chance
    value = next(v for v in exact.values if v.spot == "win:6:0" and v.token == 3)
    rate = state.spot_rate("win:6:0")
    p = exact.win[3]
    assert value.value == pytest.approx(p * 3 * rate.mult - (1 - p) * rate.loss)
    assert value.error == 0


def test_a_finished_race_is_certain() -> None:
    state = small_race(15, [15, 3, 14, 0, 0, 0, 0, 0, 0], -1, 0)
    found = odds(state)
    assert found.win[0] == 1 and found.place[2] == 1 and found.show[1] == 1
    assert found.show[3] == 0


def test_the_longest_exact_track_keeps_its_precision() -> None:
    # track 30 (MAX_EXACT_TRACK): degree 261, 131 nodes; more nodes change nothing
    track = 30
    bonus = (3, 3, 2, 1, 0, 1, 2, 3, 3)
    tables = [float_table(Fraction(w, 36), b, track) for w, b in zip(WAYS, bonus, strict=True)]
    pos = [0, 4, 9, 0, 2, 13, 0, 21, 5]
    figures = []
    for m in (9 * (track - 1) // 2 + 1, 9 * (track - 1) // 2 + 25):
        race = Race(Nodes(m), tables, pos, 7, track)
        win = race.win()
        figures.append([*win, *race.place_show(win)[0], race.rolls()])
        assert math.fsum(win) == pytest.approx(1.0, abs=1e-12)
    assert figures[0] == pytest.approx(figures[1], abs=1e-11)


@pytest.mark.parametrize(
    ("pos", "pending"),
    [((2, 0, 4, 1, 3, 0, 4, 1, 4), -1), ((4, 4, 3, 4, 1, 4, 3, 4, 4), 4), ((0,) * 9, -1)],
)
def test_seven_out_from_the_place_pass_equals_its_own_pass(
    pos: tuple[int, ...], pending: int
) -> None:
    # place_show(deep=7) counts 7's finishes with 0-2 non-winners ahead in its
    # pass; seven_out then reads them instead of a pass of its own
    state = small_race(5, pos, pending, 0)
    alone = race_of(state, Coefficients(Fraction), exact_table)
    shared = race_of(state, Coefficients(Fraction), exact_table)
    win = shared.win()
    assert shared.place_show(win, 4) == alone.place_show(win)
    for need in (1, 2, 3):
        assert shared.seven_out(4, need) == alone.seven_out(4, need)
    assert shared._ranked[4] and not alone._ranked


@pytest.mark.parametrize("track", [15, 30])
def test_quotients_equal_prefix_and_suffix_products(
    track: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # place_show by quotients (every horse's "ends on y or below" at least 1 at
    # every node: the start) against the prefix and suffix products alone
    from racebook.games.readysetbet import quotient

    state = small_race(track, [0] * 9, -1, 0)
    m = 9 * (track - 1) // 2 + 1
    used = []
    real = quotient.space_counts

    def counting(*args: object) -> object:
        out = real(*args)  # type: ignore[arg-type]
        used.append(out is not None)
        return out

    monkeypatch.setattr("racebook.games.readysetbet.exact.space_counts", counting)
    fast = race_of(state, Nodes(m), float_table)
    win = fast.win()
    by_quotients = (*fast.place_show(win, 4), fast.seven_out(4, 3))
    assert used and all(used)
    monkeypatch.setattr(quotient, "SAFE", math.inf)  # every space: prefix and suffix
    monkeypatch.setattr("racebook.games.readysetbet.exact.space_counts", quotient.space_counts)
    slow = race_of(state, Nodes(m), float_table)
    by_products = (*slow.place_show(win, 4), slow.seven_out(4, 3))
    assert by_quotients[0] == pytest.approx(by_products[0], abs=1e-13)
    assert by_quotients[1] == pytest.approx(by_products[1], abs=1e-13)
    assert by_quotients[2] == pytest.approx(by_products[2], abs=1e-13)

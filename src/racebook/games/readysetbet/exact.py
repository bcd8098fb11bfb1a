"""Exact odds of a race from any position: win, place and show chance of every
horse, the chance of every spot, and the expected number of rolls left,
without sampling (:func:`~racebook.games.readysetbet.odds` uses it
by default).

The rules the model relies on (*Ready Set Bet* rulebook, Traditional Chinese
edition, 賽馬大亨):

* 進行賽馬: each roll of two dice moves the horse of the total one space (2 and
  3 move 2/3, 11 and 12 move 11/12), so a roll is horse ``i`` with chance
  ``ways_i / 36``, independently of the past.
* 獎勵移動: "連續兩次擲骰都出現相同點數" gives the second roll the horse's bonus;
  a third roll in a row gives none and pairs with a fourth.  In a maximal run
  of ``L`` rolls of one horse the horse moves ``L + bonus * (L // 2)``; a run
  that continues an unpaired roll of the state (``state.pending``) pairs its
  first roll with it.
* 賽事結束: "一旦有馬匹到達終點線…賽事就會立即完結": the race ends at the roll
  that brings a horse to the finish (its move cut there), and every horse
  stays where it is.
* 就獨贏、位置、前三名作投注: the winner wins, places and shows; a horse second
  or tied for second places and shows, a horse third or tied for third shows
  (ties share a rank: a horse places when no horse but the winner is strictly
  ahead of it, shows when at most one is).

The maths (derived and checked in ``tests/test_readysetbet_exact.py`` against
brute force in rational arithmetic).  Write a roll sequence as its maximal runs
of one horse.  One run of horse ``i`` has the generating function
``R_i = Σ_L p_i^L x_i^(L + b_i⌊L/2⌋)`` in a position variable ``x_i``; the
sequences of runs with no two neighbours of the same horse (every roll
sequence, once) have ``S = 1 / (1 − Σ A_i)`` with
``A_i = R_i / (1 + R_i) = (p x + p² x^(2+b)) / (1 + p x)``, and
``S = Σ_n n! [s^n] Π_i exp(s A_i)``: a term of ``S`` is a product of one
series per horse, so "horse ``j`` ends below ``Y``" truncates horse ``j``'s
series alone.  Horse ``h`` wins when the sequence is a word not ending in an
``h`` run (``S (1 − A_h)``) followed by a last run of ``h`` that reaches the
finish at its last roll; with ``e_j(k)`` the truncated coefficients of
``A_j^k`` and ``w_h(k)`` those of ``A_h^k (1 − A_h)`` weighted by the chance
of the last run,

``P(h wins) = Σ_n n! [s^n] W_h(s) Π_(j≠h) E_j(s)``, with ``E_j(s) = Σ_k e_j(k) s^k / k!``.

A state whose last roll of horse ``g`` is unpaired is the sequence with that
roll put back (``g`` one space behind): its words start with a ``g`` run
(``A_g S``: ``g``'s series gets one more factor ``A_g``), divided by ``p_g``.

The sum ``Σ_n n! c_n`` of a polynomial ``Σ c_n s^n`` is ``∫ e^(-t) c(t) dt``,
which Gauss–Laguerre quadrature with ``m`` nodes gives exactly for degree
``< 2m`` (degree here ≤ Σ_j (distance_j − 1) ≤ 126 on the printed track):
each horse's series becomes its values at the nodes and every product a
pointwise one (``Nodes``, floats); ``Coefficients`` keeps the
polynomials themselves (exact with ``Fraction``, for tests).
Place and show need every other horse's final position when the winner
finishes: the same series, split by position.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Generic

import attrs

from racebook.games.readysetbet.algebra import Algebra, E, N, Nodes
from racebook.games.readysetbet.quotient import space_counts

WAYS = (3, 3, 4, 5, 6, 5, 4, 3, 3)
"""Ways out of 36 that a roll of two dice moves each horse (2/3 … 11/12)."""

MAX_EXACT_TRACK = 30
"""The longest track the exact odds take (longer ones are sampled): the
quadrature needs about 4.5 nodes a space of track."""


# -- one horse's series -------------------------------------------------------------------


def run_moves(bonus: int, rolls: int) -> int:
    """Spaces a run of ``rolls`` rolls of one horse moves it (獎勵移動: every
    second roll of the run pairs with the one before).

    >>> [run_moves(3, n) for n in range(5)]
    [0, 1, 5, 6, 10]
    """
    return rolls + bonus * (rolls // 2)


@attrs.frozen
class HorseTable(Generic[N]):
    """One horse's series up to degree ``size``: ``p`` its chance a roll,
    ``powers[k][y]`` the coefficient of ``x^y`` in ``A^k`` (``k ≤ size + 2``)
    and ``last[r]`` the chance-weight of the rolls of a fresh run that reaches
    ``r`` spaces exactly at its last roll (``p^L`` for the one such ``L``)."""

    p: N
    powers: tuple[tuple[N, ...], ...]
    last: tuple[N, ...]
    bonus: int = 0
    """The horse's bonus (``A``'s shape: see :meth:`.Algebra.runs`)."""


@functools.cache
def _whole_table(p: Fraction, bonus: int, size: int) -> tuple[list[list[int]], list[int]]:
    """:class:`HorseTable`'s ``powers`` and ``last`` in whole numbers: the
    coefficient of ``x^y`` times ``d^y`` and the chance of ``r`` times
    ``d^rolls``, with ``d`` the denominator of ``p`` (``A``'s coefficient of
    ``x^y`` is a polynomial in ``p`` of degree at most ``y``, so each is a
    whole number: rational arithmetic without a gcd at every step)."""
    n, d = p.numerator, p.denominator
    powers = [[1] + [0] * size]
    # A = (p x + p² x^(2+b)) / (1 + p x), so Q = prev A by
    # (1 + p x) Q = prev (p x + p² x^(2+b)), each coefficient times d^y:
    # Q_y = n prev_(y-1) + n² d^b prev_(y-2-b) - n Q_(y-1) (whole numbers, exact)
    n2 = n * n * d**bonus
    for _ in range(size + 2):
        prev = powers[-1]
        row = [0] * (size + 1)
        for y in range(1, size + 1):
            q = n * (prev[y - 1] - row[y - 1])
            if y >= 2 + bonus:
                q += n2 * prev[y - 2 - bonus]
            row[y] = q
        powers.append(row)
    rolls = [0]
    for r in range(1, size + 2):
        k = 1
        while run_moves(bonus, k) < r:
            k += 1
        rolls.append(k)
    return powers, rolls


@functools.cache
def exact_table(p: Fraction, bonus: int, size: int) -> HorseTable[Fraction]:
    """:class:`HorseTable` in rational arithmetic (cached)."""
    powers, rolls = _whole_table(p, bonus, size)
    d = p.denominator
    scale = [Fraction(1, d**y) for y in range(size + 1)]
    return HorseTable(
        p,
        tuple(tuple([x * f for x, f in zip(row, scale, strict=True)]) for row in powers),
        (Fraction(0), *[p**k for k in rolls[1:]]),
        bonus,
    )


@functools.cache
def float_table(p: Fraction, bonus: int, size: int) -> HorseTable[float]:
    """:class:`HorseTable` in floats: each number the exact one rounded (a
    whole number over a power of the denominator, divided once; cached)."""
    powers, rolls = _whole_table(p, bonus, size)
    n, d = p.numerator, p.denominator
    scale = [d**y for y in range(size + 1)]
    return HorseTable(
        n / d,
        tuple(tuple([x / f for x, f in zip(row, scale, strict=True)]) for row in powers),
        (0.0, *[n**k / d**k for k in rolls[1:]]),
        bonus,
    )


# -- the algebras ----------------------------------------------------------------------


# -- a race ------------------------------------------------------------------------------


Series = tuple[list["E | None"], list["E | None"], "E", "N"]


def _series(alg: Algebra[N, E], table: HorseTable[N], shift: int, reach: int) -> Series[E, N]:
    """One horse's series, ``reach`` spaces from the finish (counted from one space
    behind with an unpaired last roll, ``shift``): the not-winning ones by the
    space ``y`` it ends on (``at``, ``below``: on or before ``y``), the winning
    one, and the weight of its lone words (see :attr:`Race.lone`)."""
    inverse = [alg.number(1) / alg.number(math.factorial(k)) for k in range(reach + 1)]
    scale = alg.number(1) / table.p if shift else alg.number(1)
    P, last = table.powers, table.last
    at: list[E | None] = []
    below: list[E | None] = []
    run: E | None = None
    fast = alg.runs(table.p, table.bonus, reach, shift)
    for y in range(reach):
        if fast is not None:  # [x^y] exp(s A) (or A exp(s A) / p), by a recurrence
            at.append(fast[y])
        else:
            coeffs = [P[k + shift][y] * scale * inverse[k] for k in range(y + 1 - shift)]
            at.append(alg.lift(coeffs) if any(coeffs) else None)
        run = _add(alg, run, at[-1])
        below.append(run)
    win = []
    for k in range(reach - shift):
        total = sum(
            (
                (P[k + shift][y] - P[k + shift + 1][y]) * last[reach - y]
                for y in range(k + shift, reach)
            ),
            alg.number(0),
        )
        win.append(total * scale * inverse[k])
    lone = alg.number(0)
    if shift:
        lone = scale * sum(
            ((P[0][y] - P[1][y]) * last[reach - y] for y in range(reach)), alg.number(0)
        )
    return at, below, alg.lift(win), lone


def _mul(alg: Algebra[N, E], a: E | None, b: E | None) -> E | None:
    return None if a is None or b is None else alg.mul(a, b)


def _dot(alg: Algebra[N, E], *pairs: tuple[E | None, E | None]) -> E | None:
    """``Σ a b``, ``None`` standing for zero."""
    kept = [(a, b) for a, b in pairs if a is not None and b is not None]
    return alg.dot(kept) if kept else None


def _add(alg: Algebra[N, E], a: E | None, b: E | None) -> E | None:
    if a is None:
        return b
    return a if b is None else alg.add(a, b)


Factor = tuple["E | None", "E | None", "E | None", "E | None"]


class Race(Generic[N, E]):
    """The series of one position: ``at[j][y]`` horse ``j`` ends (not winning) on
    space ``y``, ``below[j][y]`` on a space ``≤ y``, ``wins[j]`` it wins (each
    ``None`` where impossible); queries multiply them and take the total."""

    def __init__(
        self,
        alg: Algebra[N, E],
        tables: Sequence[HorseTable[N]],
        pos: Sequence[int],
        pending: int,
        track: int,
    ) -> None:
        self.alg: Algebra[N, E] = alg
        self.track, self.horses = track, len(pos)
        self.at: list[list[E | None]] = []
        self.below: list[list[E | None]] = []
        self.wins: list[E] = []
        self.lone: N = alg.number(0)
        """With an unpaired last roll of horse ``g``: the weight of the words of
        ``g``'s rolls alone that ``wins[g]`` leaves out (the pure term of
        ``(1 - A_g)(1 + A_g S)``); they end with every other horse where it is
        (``lone_final``).  Every query but :meth:`count` adds it."""
        self.lone_final: tuple[int, ...] = tuple(pos)
        self._ranked: dict[int, list[N]] = {}
        """By horse: its finishes with 0, 1, 2 non-winners strictly ahead (and
        a winner), from :meth:`place_show` asked ``deep``."""
        for j, table in enumerate(tables):
            shift = 1 if j == pending and pos[j] > 0 else 0  # (a roll moved it)
            base = pos[j] - shift  # the unpaired roll put back: one space behind
            key = (id(table), shift, track - base)
            series = alg.cache.get(key)
            if series is None:
                series = alg.cache[key] = _series(alg, table, shift, track - base)
            ats, belows, wins, lone = series
            before: list[E | None] = [None] * base
            self.at.append(before + ats)
            self.below.append(before + belows)
            self.wins.append(wins)
            if shift:  # the words of this horse's runs alone
                self.lone = lone
                self.lone_final = tuple(track if i == j else p for i, p in enumerate(pos))

    def _product(self, factors: Sequence[E | None]) -> E | None:
        out: E | None = self.alg.one
        for f in factors:
            out = _mul(self.alg, out, f)
        return out

    def _total(self, a: E | None) -> N:
        return self.alg.number(0) if a is None else self.alg.total(a)

    def win(self) -> list[N]:
        """Each horse's chance to win."""
        last = [b[-1] for b in self.below]
        out = [
            self._total(
                self._product([self.wins[j] if j == h else last[j] for j in range(len(last))])
            )
            for h in range(self.horses)
        ]
        if self.lone:
            out[self.lone_final.index(self.track)] += self.lone
        return out

    def rolls(self) -> N:
        """The expected number of rolls to the finish (the total weight of the
        roll sequences that leave every horse short of it)."""
        return self._total(self._product([b[-1] for b in self.below]))

    def count(self, factors: Sequence[Factor[E]], upto: int) -> list[N]:
        """``P(one winner and c counted horses)`` for ``c < upto``: each horse's
        factor is ``(not winning and not counted, not winning and counted,
        winning and not counted, winning and counted)``.  Without :attr:`lone`
        (the caller adds it where the lone final positions count)."""
        alg = self.alg
        zero: list[E | None] = [alg.one] + [None] * (upto - 1)  # no winner yet, by count
        one: list[E | None] = [None] * upto  # a winner
        for v0, v1, g0, g1 in factors:
            nz: list[E | None] = []
            no: list[E | None] = []
            for c in range(upto):
                if c:
                    z = _dot(alg, (zero[c], v0), (zero[c - 1], v1))
                    o = _dot(alg, (one[c], v0), (zero[c], g0), (one[c - 1], v1), (zero[c - 1], g1))
                else:
                    z = _mul(alg, zero[c], v0)
                    o = _dot(alg, (one[c], v0), (zero[c], g0))
                nz.append(z)
                no.append(o)
            zero, one = nz, no
        return [self._total(x) for x in one]

    def place_show(self, win: Sequence[N], deep: int | None = None) -> tuple[list[N], list[N]]:
        """Each horse's chance to place and to show (ties share the rank).

        With ``deep``, the same pass also counts that horse's finishes with
        two non-winners strictly ahead (kept for :meth:`seven_out`: the 7-out
        spot, at the cost of two more products a horse instead of a pass of
        its own)."""
        alg, n, top = self.alg, self.horses, self.track - 1
        place = list(win)
        show = list(win)
        if self.lone:  # every horse but the winner where it is now
            final = self.lone_final
            for h in range(n):
                if final[h] < self.track:
                    ahead = sum(1 for p in final if p > final[h])
                    place[h] += self.lone if ahead <= 1 else 0
                    show[h] += self.lone if ahead <= 2 else 0
        ranked = [alg.number(0)] * 3  # deep: 0, 1, 2 non-winners ahead, a winner, no lone
        d = -1 if deep is None else deep
        for y in range(self.track):
            if isinstance(alg, Nodes):  # by quotients where they are safe
                rows: Any = [a[y] for a in self.at]  # (E is list[float] here)
                ends: Any = [
                    (b[y], w, None if y == top else b[top])
                    for b, w in zip(self.below, self.wins, strict=True)
                ]
                counted = space_counts(alg.weights, rows, ends, d)
                if counted is not None:
                    for h in range(n):
                        place[h] += counted[0][h]
                        show[h] += counted[0][h] + counted[1][h]
                    if d >= 0:
                        ranked[0] += counted[0][d]
                        ranked[1] += counted[1][d]
                        ranked[2] += counted[2]
                    continue
            # every horse: ends on ≤ y (v), wins (z), ends above y (u)
            parts = []
            for j in range(n):
                v = self.below[j][y]
                full = self.below[j][top]
                if y == top or full is None:  # (on the last space: none above, exactly)
                    above = None
                else:
                    above = full if v is None else alg.sub(full, v)
                parts.append((v, self.wins[j], above))
            prefix: list[tuple[E | None, E | None, E | None, E | None]] = [
                (alg.one, None, None, None)
            ]
            pu2: E | None = None  # before deep: u², z u²
            pzu2: E | None = None
            for j, (v, g, u) in enumerate(parts[:-1]):  # (all n: never read)
                p0, pz, pu, pzu = prefix[-1]
                if j < d:
                    pu2, pzu2 = (
                        _dot(alg, (pu2, v), (pu, u)),
                        _dot(alg, (pzu2, v), (pzu, u), (pu2, g)),
                    )
                prefix.append(
                    (
                        _mul(alg, p0, v),
                        _dot(alg, (p0, g), (pz, v)),
                        _dot(alg, (p0, u), (pu, v)),
                        _dot(alg, (pz, u), (pu, g), (pzu, v)),
                    )
                )
            suffix: tuple[E | None, E | None, E | None, E | None] = (alg.one, None, None, None)
            su2: E | None = None  # after deep: u², z u²
            szu2: E | None = None
            for h in range(n - 1, -1, -1):
                at = self.at[h][y]
                if at is not None:
                    p0, pz, pu, pzu = prefix[h]
                    s0, sz, su, szu = suffix
                    first = self._inner_dot(at, (p0, sz), (pz, s0))
                    second = self._inner_dot(at, (p0, szu), (pz, su), (pu, sz), (pzu, s0))
                    place[h] += first
                    show[h] += first + second
                    if h == d:
                        ranked[0] += first
                        ranked[1] += second
                        ranked[2] += self._inner_dot(
                            at, (p0, szu2), (pz, su2), (pu, szu), (pzu, su), (pu2, sz), (pzu2, s0)
                        )
                if h == 0:  # (the suffix of every horse: never read)
                    break
                v, g, u = parts[h]
                s0, sz, su, szu = suffix
                if h > d:
                    su2, szu2 = (
                        _dot(alg, (su2, v), (su, u)),
                        _dot(alg, (szu2, v), (szu, u), (su2, g)),
                    )
                suffix = (
                    _mul(alg, s0, v),
                    _dot(alg, (s0, g), (sz, v)),
                    _dot(alg, (s0, u), (su, v)),
                    _dot(alg, (sz, u), (su, g), (szu, v)),
                )
        if deep is not None:
            self._ranked[deep] = ranked
        return place, show

    def _inner_dot(self, a: E | None, *pairs: tuple[E | None, E | None]) -> N:
        """The total of ``a Σ b c`` (``None`` standing for zero)."""
        kept = [(b, c) for b, c in pairs if b is not None and c is not None]
        if a is None or not kept:
            return self.alg.number(0)
        return self.alg.inner_dot(a, kept)

    def _inner(self, a: E | None, b: E | None) -> N:
        """The total of ``a b`` (``None`` standing for zero)."""
        if a is None or b is None:
            return self.alg.number(0)
        return self.alg.inner(a, b)

    # -- helpers for the spots -------------------------------------------------------------

    def ends(self, j: int, lo: int, hi: int) -> E | None:
        """Horse ``j`` ends (not winning) on a space from ``lo`` to ``hi``."""
        hi = min(hi, self.track - 1)
        if hi < lo or hi < 0:
            return None
        top = self.below[j][hi]
        if lo <= 0:
            return top
        under = self.below[j][lo - 1]
        if under is None or top is None:
            return top
        return self.alg.sub(top, under)

    def classed(self, lo: int, hi: int, upto: int) -> list[N]:
        """``P(c)`` for ``c < upto`` horses ending on a space from ``lo`` to ``hi``
        (the winner on the finish counted if it is in the range), :attr:`lone` left out."""
        top = self.track - 1
        factors: list[Factor[E]] = []
        for j in range(self.horses):
            inside = self.ends(j, lo, hi)
            outside = _add(self.alg, self.ends(j, 0, lo - 1), self.ends(j, hi + 1, top))
            won: tuple[E | None, E | None] = (
                (None, self.wins[j]) if lo <= self.track <= hi else (self.wins[j], None)
            )
            factors.append((outside, inside, *won))
        return self.count(factors, upto)

    def seven_out(self, seven: int, need: int) -> N:
        """``P(seven does not win and at least need other non-winners end strictly
        ahead of it)`` (the winner is ahead too), :attr:`lone` left out."""
        top = self.track - 1
        others = [j for j in range(self.horses) if j != seven]
        # seven ends on y, the others anywhere, one of them wins: the same for every y
        anywhere = self._one_wins(others)
        ranked = self._ranked.get(seven)
        if ranked is not None and need <= len(ranked):  # counted by place_show
            out = self._inner(self.below[seven][top], anywhere)
            return out - sum(ranked[:need], self.alg.number(0))
        out = self.alg.number(0)
        for y in range(top + 1):
            at = self.at[seven][y]
            if at is None:
                continue
            split: list[Factor[E]] = [(at, None, None, None)]
            for j in others:
                split.append((self.ends(j, 0, y), self.ends(j, y + 1, top), self.wins[j], None))
            out += self._total(_mul(self.alg, at, anywhere))
            out -= sum(self.count(split, need), self.alg.number(0))
        return out

    def _one_wins(self, horses: Sequence[int]) -> E | None:
        """``Σ_w wins[w] Π_(j≠w) below[j][top]`` over ``horses``."""
        top = self.track - 1
        none: E | None = self.alg.one
        one: E | None = None
        for j in horses:
            none, one = (
                _mul(self.alg, none, self.below[j][top]),
                _dot(self.alg, (one, self.below[j][top]), (none, self.wins[j])),
            )
        return one

    def ahead(self, first: int, behind: Sequence[int]) -> N:
        """``P(horse first ends strictly ahead of every horse of behind)``, no
        :attr:`lone`."""
        top = self.track - 1
        free = [j for j in range(self.horses) if j != first and j not in behind]
        out = self._total(
            self._product(
                [self.wins[j] if j == first else self.below[j][top] for j in range(self.horses)]
            )
        )
        anyone = self._one_wins(free)  # first not winning: one of the free horses wins
        ahead: E | None = None  # Σ_y first on y, behind below y (the total is linear)
        for y in range(top + 1):
            part = self.at[first][y]
            for b in behind:
                part = _mul(self.alg, part, self.ends(b, 0, y - 1))
            ahead = _add(self.alg, ahead, part)
        return out + self._inner(ahead, anyone)

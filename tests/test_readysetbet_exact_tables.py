"""The exact odds' cached parts, made fast (issue #38): each horse's table in
whole numbers is the rational one, its floats are the rational numbers
rounded, and the Gauss-Laguerre nodes found by Newton's method are the
quadrature (its moments) and the nodes the bisection finds."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from racebook.games.readysetbet import algebra, exact


def rational_table(
    p: Fraction, bonus: int, size: int
) -> tuple[list[list[Fraction]], list[Fraction]]:
    """The table by its definition in rational arithmetic, written plainly:
    ``A = (p x + p² x^(2+b)) / (1 + p x)`` as a power series, its powers, and
    ``p^L`` for the one run length ``L`` that reaches ``r`` spaces."""
    num = [Fraction(0)] * (size + 1)
    if size >= 1:
        num[1] += p
    if 2 + bonus <= size:
        num[2 + bonus] += p * p
    a: list[Fraction] = []
    for y in range(size + 1):  # A (1 + p x) = num
        a.append(num[y] - (p * a[y - 1] if y else 0))
    powers = [[Fraction(int(y == 0)) for y in range(size + 1)]]
    for _ in range(size + 2):
        prev = powers[-1]
        powers.append(
            [sum((prev[i] * a[y - i] for i in range(y + 1)), Fraction(0)) for y in range(size + 1)]
        )
    last = [Fraction(0)]
    for r in range(1, size + 2):
        rolls = next(k for k in range(1, r + 1) if k + bonus * (k // 2) >= r)
        last.append(p**rolls)
    return powers, last


@pytest.mark.parametrize(
    ("ways", "bonus", "size"),
    [(3, 3, 15), (4, 2, 9), (5, 1, 12), (6, 0, 15), (18, 2, 7), (1, 0, 1), (2, 5, 3)],
)
def test_tables_are_the_rational_ones_and_their_floats_rounded(
    ways: int, bonus: int, size: int
) -> None:
    p = Fraction(ways, 36)
    exact.exact_table.cache_clear()
    exact.float_table.cache_clear()
    powers, last = rational_table(p, bonus, size)
    table = exact.exact_table(p, bonus, size)
    assert table.p == p
    assert [list(row) for row in table.powers] == powers
    assert list(table.last) == last
    floats = exact.float_table(p, bonus, size)
    assert floats.p == float(p)
    assert [list(row) for row in floats.powers] == [[float(x) for x in row] for row in powers]
    assert list(floats.last) == [float(x) for x in last]


@pytest.mark.parametrize("m", [1, 2, 3, 8, 40, 64, 136])
def test_laguerre_nodes_integrate_polynomials(m: int) -> None:
    algebra.laguerre.cache_clear()
    nodes, weights = algebra.laguerre(m)
    assert len(nodes) == m and list(nodes) == sorted(set(nodes))
    for n in range(min(2 * m, 12)):  # ∫ e^(-t) t^n dt = n!
        got = math.fsum(w * t**n for t, w in zip(nodes, weights, strict=True))
        assert got == pytest.approx(math.factorial(n), rel=1e-10)


@pytest.mark.parametrize("m", [8, 40, 88, 136])
def test_newton_nodes_are_the_bisections(m: int, monkeypatch: pytest.MonkeyPatch) -> None:
    algebra.laguerre.cache_clear()
    newton = algebra.laguerre(m)
    assert algebra._newton_zeros(m, lambda x: _values(m, x)) is not None  # no fallback
    monkeypatch.setattr(algebra, "_newton_zeros", lambda m, values: None)
    algebra.laguerre.cache_clear()
    bisected = algebra.laguerre(m)
    algebra.laguerre.cache_clear()
    for a, b in zip(newton[0] + newton[1], bisected[0] + bisected[1], strict=True):
        assert a == pytest.approx(b, rel=1e-11)


def _values(m: int, x: float) -> tuple[float, float]:
    prev, cur = 1.0, 1.0 - x
    for n in range(1, m):
        prev, cur = cur, ((2 * n + 1 - x) * cur - n * prev) / (n + 1)
    return cur, prev

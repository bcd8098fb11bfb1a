"""The algebras the exact odds compute in (:mod:`.exact`): polynomials in
``s`` (exponential generating functions) with the linear map
``Σ c_n s^n ↦ Σ n! c_n``, as exact coefficients (:class:`Coefficients`,
rational arithmetic, for the tests against brute force) or as values at the
nodes of a Gauss-Laguerre quadrature (:class:`Nodes`, floats, the default:
every product a pointwise one)."""

from __future__ import annotations

import abc
import functools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Generic, TypeVar

N = TypeVar("N", Fraction, float)
E = TypeVar("E")


class Algebra(abc.ABC, Generic[N, E]):
    """Polynomials in ``s`` (exponential generating functions) as an algebra
    element type ``E``, with the linear map ``Σ c_n s^n ↦ Σ n! c_n``."""

    one: E
    cache: dict[tuple[int, int, int], tuple[list[E | None], list[E | None], E, N]]
    """Each horse's series by (table, shift, reach), kept by a long-lived algebra."""

    @abc.abstractmethod
    def lift(self, coeffs: Sequence[N]) -> E:
        """The element of ``Σ coeffs[k] s^k``."""
        ...

    @abc.abstractmethod
    def mul(self, a: E, b: E) -> E: ...

    @abc.abstractmethod
    def add(self, a: E, b: E) -> E: ...

    @abc.abstractmethod
    def sub(self, a: E, b: E) -> E: ...

    @abc.abstractmethod
    def total(self, a: E) -> N:
        """``Σ n! c_n``."""
        ...

    def runs(self, p: N, bonus: int, size: int, shift: int = 0) -> list[E | None] | None:
        """``[x^y] exp(s A(x))`` for ``y < size``, ``A = (p x + p² x^(2+b)) /
        (1 + p x)`` one horse's run series (:mod:`.exact`), or with ``shift``
        ``[x^y] A exp(s A) / p`` (after an unpaired roll; ``None`` at ``y = 0``),
        where the algebra has a shortcut (else ``None``: lift the coefficients)."""
        return None

    def inner(self, a: E, b: E) -> N:
        """The total of ``a b``."""
        return self.total(self.mul(a, b))

    def inner_dot(self, a: E, pairs: Sequence[tuple[E, E]]) -> N:
        """The total of ``a Σ b c`` over ``pairs`` (at least one)."""
        return self.inner(a, self.dot(pairs))

    def dot(self, pairs: Sequence[tuple[E, E]]) -> E:
        """``Σ a b`` over ``pairs`` (at least one)."""
        out = self.mul(*pairs[0])
        for a, b in pairs[1:]:
            out = self.add(out, self.mul(a, b))
        return out

    @abc.abstractmethod
    def number(self, value: int) -> N: ...


class Coefficients(Algebra[N, list[N]]):
    """The polynomials' coefficients (exact with Fractions; slow: for tests)."""

    def __init__(self, kind: type[N]) -> None:
        self.kind: type[N] = kind
        self.one = [kind(1)]
        self.cache = {}

    def lift(self, coeffs: Sequence[N]) -> list[N]:
        return list(coeffs)

    def mul(self, a: list[N], b: list[N]) -> list[N]:
        out = [self.kind(0)] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return out

    def add(self, a: list[N], b: list[N]) -> list[N]:
        if len(a) < len(b):
            a, b = b, a
        return [x + y for x, y in zip(a, b, strict=False)] + a[len(b) :]

    def sub(self, a: list[N], b: list[N]) -> list[N]:
        return self.add(a, [-y for y in b])

    def total(self, a: list[N]) -> N:
        out = self.kind(0)
        for n, c in enumerate(a):
            out += c * math.factorial(n)
        return out

    def number(self, value: int) -> N:
        return self.kind(value)


@functools.cache
def laguerre(m: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Gauss–Laguerre nodes and weights of order ``m``: ``Σ w_i f(t_i) =
    ∫_0^∞ e^(-t) f(t) dt`` for polynomials of degree ``< 2m`` (``t^n`` ↦ ``n!``).

    The nodes are the eigenvalues of the Jacobi matrix of the Laguerre
    polynomials (diagonal ``2i + 1``, off-diagonal ``i``), found by bisection
    on Sturm counts and polished by Newton steps on ``L_m``; the weights are
    ``1 / (t L_m'(t)²)``."""

    def below(x: float) -> int:  # eigenvalues of the Jacobi matrix less than x
        count = 0
        q = 1.0 - x
        count += q < 0
        for i in range(1, m):
            if q == 0:
                q = 1e-300
            q = (2 * i + 1 - x) - i * i / q
            count += q < 0
        return count

    # the three-term recurrence's coefficients, divided once
    steps = [((2 * n + 1) / (n + 1), 1 / (n + 1), n / (n + 1)) for n in range(1, m)]

    def values(x: float) -> tuple[float, float]:  # L_m(x), L_(m-1)(x)
        prev, cur = 1.0, 1.0 - x
        for a, b, c in steps:
            prev, cur = cur, (a - b * x) * cur - c * prev
        return cur, prev

    found = _newton_zeros(m, values)
    if found is not None:
        return tuple(found[0]), tuple(found[1])
    nodes: list[float] = []
    weights: list[float] = []
    top = 4.0 * m + 2.0
    for k in range(m):
        lo, hi = 0.0, top
        for _ in range(200):
            mid = (lo + hi) / 2
            if mid in (lo, hi):
                break
            if below(mid) > k:
                hi = mid
            else:
                lo = mid
        t = (lo + hi) / 2
        for _ in range(3):  # Newton on L_m: L_m' = m (L_m - L_(m-1)) / t
            lm, lm1 = values(t)
            d = m * (lm - lm1) / t
            if d == 0:
                break
            step = lm / d
            if abs(step) > (hi - lo) + 1e-12 * t:
                break
            t -= step
        lm, lm1 = values(t)
        d = m * (lm - lm1) / t
        nodes.append(t)
        weights.append(1.0 / (t * d * d))
    return tuple(nodes), tuple(weights)


def _newton_zeros(
    m: int, values: Callable[[float], tuple[float, float]]
) -> tuple[list[float], list[float]] | None:
    """The zeros of ``L_m`` in increasing order and their weights, by Halley's
    method (``L_m''`` from Laguerre's equation ``t L'' = (t - 1) L' - m L``:
    cubic convergence: a step of at most ``1e-8`` of the zero leaves an
    error far below rounding), each started from the ones before it (from
    the fifth on, the cubic through the last four: about three evaluations a
    zero), then a last
    Newton step whose derivative gives the weight.  ``None`` unless every one
    converges, they increase and they sum to ``m²`` (the Jacobi matrix's
    trace): then :func:`laguerre` bisects."""
    out: list[float] = []
    weights: list[float] = []
    for i in range(m):
        if i == 0:
            z = 3.0 / (1.0 + 2.4 * m)
        elif i == 1:
            z = out[0] + 15.0 / (1.0 + 2.5 * m)
        elif i < 4:
            z = out[-1] + (1.0 + 2.55 * (i - 1)) / (1.9 * (i - 1)) * (out[-1] - out[-2])
        else:  # the zeros lie on a smooth curve: the cubic through the last four
            z = 4.0 * out[-1] - 6.0 * out[-2] + 4.0 * out[-3] - out[-4]
        for _ in range(40):
            lm, lm1 = values(z)
            d = m * (lm - lm1) / z
            if d == 0 or not math.isfinite(d):
                return None
            step = lm / d
            bend = 1.0 - step * ((z - 1.0) * d - m * lm) / (2.0 * z * d)  # 1 - L L'' / (2 L'²)
            if bend > 0.5:  # Halley's step where it is safe, else Newton's
                step /= bend
            z -= step
            if abs(step) <= 1e-8 * z:  # cubic: what is left is below rounding
                break
        else:
            return None
        lm, lm1 = values(z)  # a last Newton step, and the weight's derivative
        d = m * (lm - lm1) / z
        if d == 0 or not math.isfinite(d):
            return None
        z -= lm / d
        if not (z > 0 and (not out or z > out[-1])):
            return None
        out.append(z)
        weights.append(1.0 / (z * d * d))
    if abs(math.fsum(out) - m * m) > 1e-9 * m * m:
        return None
    return out, weights


@functools.cache
def nodes(size: int) -> Nodes:
    """The ``Nodes`` algebra of ``size`` nodes or a few more (a multiple of
    8: a handful of sizes, each keeping its horses' series)."""
    return Nodes(-(-size // 8) * 8)


class Nodes(Algebra[float, list[float]]):
    """The polynomials' values at the ``m`` Gauss–Laguerre nodes (floats, fast):
    a product is pointwise, the total a weighted sum; exact for degree ``< 2m``."""

    def __init__(self, m: int) -> None:
        self.nodes, self.weights = laguerre(m)
        self.cache = {}
        self.one = [1.0] * m
        self._powers: list[list[float]] = [list(self.one)]

    def _power(self, k: int) -> list[float]:
        while len(self._powers) <= k:
            last = self._powers[-1]
            self._powers.append([x * t for x, t in zip(last, self.nodes, strict=True)])
        return self._powers[k]

    def lift(self, coeffs: Sequence[float]) -> list[float]:
        out = [coeffs[0]] * len(self.nodes) if coeffs else [0.0] * len(self.nodes)
        for k in range(1, len(coeffs)):
            c = coeffs[k]
            if c:
                out = [x + c * t for x, t in zip(out, self._power(k), strict=True)]
        return out

    def runs(
        self, p: float, bonus: int, size: int, shift: int = 0
    ) -> list[list[float] | None] | None:
        # F = exp(t A) solves (1 + p x)² F' = t (p + (2+b) p² x^(1+b) + (1+b) p³ x^(2+b)) F
        # (d/dx; A' times (1 + p x)²), so its coefficients follow a short recurrence:
        # (y+1) F_(y+1) = t (p F_y + (2+b) p² F_(y-1-b) + (1+b) p³ F_(y-2-b))
        #                 - 2 p y F_y - p² (y-1) F_(y-1)
        b, t = bonus, self.nodes
        zero = [0.0] * len(t)
        out = [self.one]
        for y in range(size - 1 - shift):
            f0 = out[y]
            f1 = out[y - 1] if y >= 1 else zero
            f2 = out[y - 1 - b] if y - 1 - b >= 0 else zero
            f3 = out[y - 2 - b] if y - 2 - b >= 0 else zero
            c1, c2, c3, inv = p * p * (y - 1), (2 + b) * p * p, (1 + b) * p * p * p, 1 / (y + 1)
            out.append(
                [
                    (p * (x - 2 * y) * a0 - c1 * a1 + x * (c2 * a2 + c3 * a3)) * inv
                    for x, a0, a1, a2, a3 in zip(t, f0, f1, f2, f3, strict=True)
                ]
            )
        if not shift:
            return list(out)
        # G = A F: (1 + p x) G = (p x + p² x^(2+b)) F, so with H = G / p
        # H_y = F_(y-1) + p F_(y-2-b) - p H_(y-1), H_0 = 0
        shifted: list[list[float] | None] = [None]
        prev = zero
        for y in range(1, size):
            f2 = out[y - 2 - b] if y - 2 - b >= 0 else zero
            prev = [a + p * (c - h) for a, c, h in zip(out[y - 1], f2, prev, strict=True)]
            shifted.append(prev)
        return shifted

    def mul(self, a: list[float], b: list[float]) -> list[float]:
        return [x * y for x, y in zip(a, b, strict=True)]

    def add(self, a: list[float], b: list[float]) -> list[float]:
        return [x + y for x, y in zip(a, b, strict=True)]

    def sub(self, a: list[float], b: list[float]) -> list[float]:
        return [x - y for x, y in zip(a, b, strict=True)]

    def dot(self, pairs: Sequence[tuple[list[float], list[float]]]) -> list[float]:
        # fused: one pass for up to four products (most of the time goes here)
        n = len(pairs)
        if n == 1:
            ((a, b),) = pairs
            return [x * y for x, y in zip(a, b, strict=True)]
        if n == 2:
            (a, b), (c, d) = pairs
            return [x * y + u * v for x, y, u, v in zip(a, b, c, d, strict=True)]
        if n == 3:
            (a, b), (c, d), (e, f) = pairs
            return [
                x * y + u * v + w * z for x, y, u, v, w, z in zip(a, b, c, d, e, f, strict=True)
            ]
        (a, b), (c, d), (e, f), (g, h) = pairs[:4]
        out = [
            x * y + u * v + w * z + q * r
            for x, y, u, v, w, z, q, r in zip(a, b, c, d, e, f, g, h, strict=True)
        ]
        return self.add(out, self.dot(pairs[4:])) if n > 4 else out

    def total(self, a: list[float]) -> float:
        return math.fsum([w * x for w, x in zip(self.weights, a, strict=True)])

    def inner(self, a: list[float], b: list[float]) -> float:
        return math.fsum([w * x * y for w, x, y in zip(self.weights, a, b, strict=True)])

    def inner_dot(self, a: list[float], pairs: Sequence[tuple[list[float], list[float]]]) -> float:
        # fused: no list for the sum of products (place and show's totals)
        w = self.weights
        if len(pairs) == 2:
            (b, c), (d, e) = pairs
            return math.fsum(
                [t * x * (p * q + r * s) for t, x, p, q, r, s in zip(w, a, b, c, d, e, strict=True)]
            )
        if len(pairs) == 4:
            (b, c), (d, e), (f, g), (h, i) = pairs
            return math.fsum(
                [
                    t * x * (p * q + r * s + u * v + y * z)
                    for t, x, p, q, r, s, u, v, y, z in zip(
                        w, a, b, c, d, e, f, g, h, i, strict=True
                    )
                ]
            )
        return self.inner(a, self.dot(pairs))

    def number(self, value: int) -> float:
        return float(value)

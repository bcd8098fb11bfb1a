""":meth:`~racebook.games.readysetbet.exact.Race.place_show` on one space in
the :class:`~racebook.games.readysetbet.algebra.Nodes` algebra, by quotients
instead of prefix and suffix products.

On space ``y`` every horse ``j`` contributes the factor ``v_j + z g_j + ζ u_j``
(ends on ``y`` or below, wins, ends above ``y``); horse ``h`` places when the
product over the other horses is taken at ``z¹ ζ⁰`` and shows at ``z¹ ζ⁰`` or
``z¹ ζ¹``.  Where every ``v_j`` is well away from zero at every node (it holds
the horse's words that never move it, worth 1, so it is at least 1 where no
horse was ahead of ``y`` and no roll is unpaired: the start of a race, the
costliest position), the product over the others is ``V / v_h`` with ``V``
the product over all, and with ``a_j = g_j / v_j`` and ``b_j = u_j / v_j``

* ``[z¹ ζ⁰] = V/v_h (SA - a_h)``,
* ``[z¹ ζ¹] = V/v_h ((SA - a_h)(SB - b_h) - (SAB - a_h b_h))``,
* ``[z¹ ζ²]`` (one horse, ``deep``) ``= V/v_h (SA' e₂(B') - SB' SAB' + SABB')``,
  the sums taken over the horses but ``h``,

``SA = Σ a_j``, ``SB = Σ b_j``, ``SAB = Σ a_j b_j``: about 60 products of the
node values a space instead of 110 (the same answer to rounding:
``tests/test_readysetbet_exact.py``).  Elsewhere (a horse ahead of ``y``, an
unpaired roll) the caller takes the prefix and suffix products."""

from __future__ import annotations

import math
from collections.abc import Sequence

Values = list[float]

SAFE = 1e-3
"""The smallest ``v_j`` value the quotients take (below it: prefix and suffix)."""


def space_counts(
    weights: Sequence[float],
    at: Sequence[Values | None],
    ends: Sequence[tuple[Values | None, Values, Values | None]],
    deep: int,
) -> tuple[list[float], list[float], float] | None:
    """Horse ``h``'s totals on this space: ``at_h [z¹ ζ⁰]`` and ``at_h [z¹ ζ¹]``
    of the product over the other horses, and for ``deep`` (``-1``: none)
    ``at_h [z¹ ζ²]``; ``None`` where a ``v_j`` is missing or small.  ``ends``:
    each horse's ``v`` (ends on ``y`` or below), ``g`` (wins) and ``F`` (ends
    anywhere not winning; ``None`` on the last space: nothing is above it),
    so that ``b = F / v - 1``."""
    parts, n = ends, len(ends)
    if any(v is None or min(v) < SAFE for v, _, _ in parts):
        return None
    vs: list[Values] = [v for v, _, _ in parts]  # type: ignore[misc]
    rs = [[1.0 / x for x in v] for v in vs]
    as_ = [
        [x * y for x, y in zip(g, r, strict=True)] for (_, g, _), r in zip(parts, rs, strict=True)
    ]
    bs = [
        [0.0] * len(r) if f is None else [x * y - 1.0 for x, y in zip(f, r, strict=True)]
        for (_, _, f), r in zip(parts, rs, strict=True)
    ]
    abs_ = [[x * y for x, y in zip(a, b, strict=True)] for a, b in zip(as_, bs, strict=True)]
    sa = list(map(sum, zip(*as_, strict=True)))
    sb = list(map(sum, zip(*bs, strict=True)))
    sab = list(map(sum, zip(*abs_, strict=True)))
    whole = [w * x for w, x in zip(weights, map(math.prod, zip(*vs, strict=True)), strict=True)]
    first, second, third = [0.0] * n, [0.0] * n, 0.0
    for h in range(n):
        a_h = at[h]
        if a_h is None:
            continue
        scaled = [w * x * r for w, x, r in zip(whole, a_h, rs[h], strict=True)]
        ah, bh = as_[h], bs[h]
        first[h] = math.fsum([c * (s - a) for c, s, a in zip(scaled, sa, ah, strict=True)])
        second[h] = math.fsum(
            [
                c * ((s - a) * (t - b) - (q - a * b))
                for c, s, a, t, b, q in zip(scaled, sa, ah, sb, bh, sab, strict=True)
            ]
        )
        if h == deep:  # the sums over the other horses
            others = [j for j in range(n) if j != h]
            sa1 = [s - a for s, a in zip(sa, ah, strict=True)]
            sb1 = [t - b for t, b in zip(sb, bh, strict=True)]
            sab1 = [q - a * b for q, a, b in zip(sab, ah, bh, strict=True)]
            sbb1 = list(map(sum, zip(*([x * x for x in bs[j]] for j in others), strict=True)))
            sabb1 = list(
                map(
                    sum,
                    zip(
                        *([x * y for x, y in zip(abs_[j], bs[j], strict=True)] for j in others),
                        strict=True,
                    ),
                )
            )
            third = math.fsum(
                [
                    c * (s * (t * t - tt) / 2 - t * q + qq)
                    for c, s, t, tt, q, qq in zip(scaled, sa1, sb1, sbb1, sab1, sabb1, strict=True)
                ]
            )
    return first, second, third

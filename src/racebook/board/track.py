"""The track: finishing order with tie-breaks, and places that may be shared."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from racebook.core.game import places_from_keys


def places(keys: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """Competition places from finishing keys (smaller key = faster horse).

    Equal keys share a place and the places they cover are skipped
    (two horses in 1st: the next one is 3rd).

    >>> places({1: (3, -2), 2: (3, -5), 4: (3, -2), 6: (4, 0)})
    {1: 2, 2: 1, 4: 2, 6: 4}
    """
    return dict(zip(keys, places_from_keys([tuple(k) for k in keys.values()]), strict=True))

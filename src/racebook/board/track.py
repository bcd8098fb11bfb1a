"""The track: finishing order with tie-breaks, and places that may be shared.

A horse that reaches the goal gets a finishing record (the round, how far past
the goal, and its tie-breaks); horses still running are ranked after every
finisher, by distance run.  The keys sort smaller-is-better and equal keys
share a place (:func:`places`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from racebook.core.game import places_from_keys

TIEBREAKS = ("box_total", "highest_card")
"""Tie-breaks after the distance: the box total (the two top cards' MV), then
the single highest top card (Mafia 4.5)."""


def finish_record(round: int, past: int, total: int, high: int) -> tuple[int, int, int, int]:
    """The finishing record of a horse that reached the goal in ``round``,
    ``past`` spaces beyond it, with box total ``total`` and highest top card
    ``high``: smaller is better (Long Shot, "End of the Race": same round ->
    further past the goal -> higher box total; Mafia 4.5: the single highest card).

    >>> finish_record(7, 3, 9, 5)
    (7, -3, -9, -5)
    """
    return (round, -past, -total, -high)


def finishing_keys(
    finished: Mapping[int, Sequence[int]],
    running: Mapping[int, tuple[int, int, int]],
    tiebreaks: Collection[str],
) -> dict[int, tuple[int, ...]]:
    """The finishing key of every placed horse (smaller is better).

    ``finished``: each finished horse's :func:`finish_record`; ``running``:
    each horse still running that is ranked (Mafia 4.6) with its
    ``(distance, box total, highest card)``, placed after every finisher;
    ``tiebreaks``: any of :data:`TIEBREAKS`, in order.

    >>> finishing_keys({2: finish_record(5, 1, 9, 5)}, {1: (40, 6, 4)}, ("box_total",))
    {2: (0, 5, -1, -9), 1: (1, 0, -40, -6)}
    """
    pick = [TIEBREAKS.index(t) for t in tiebreaks]
    keys: dict[int, tuple[int, ...]] = {}
    for h, (rnd, past, total, high) in finished.items():
        tb = (total, high)
        keys[h] = (0, rnd, past, *(tb[k] for k in pick))
    for h, (distance, total, high) in running.items():
        tb = (-total, -high)
        keys[h] = (1, 0, -distance, *(tb[k] for k in pick))
    return keys


def places(keys: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """Competition places from finishing keys (smaller key = faster horse).

    Equal keys share a place and the places they cover are skipped
    (two horses in 1st: the next one is 3rd).

    >>> places({1: (3, -2), 2: (3, -5), 4: (3, -2), 6: (4, 0)})
    {1: 2, 2: 1, 4: 2, 6: 4}
    """
    return dict(zip(keys, places_from_keys([tuple(k) for k in keys.values()]), strict=True))

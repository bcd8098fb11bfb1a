"""The trick race's observation tensor written straight into a list of zeros
(issue #38: the RL loops' cost is the tensor).

:func:`observe` gives exactly what
:func:`racebook.games.trickrace.spaces.observe_segments` gives (the
layout's definition, segment by segment; ``tests/test_adapters_tensors.py``
checks the two equal at every step of random games, for every seat): from
the seat's view alone, each value written at its offset in a list made
once of zeros, instead of a list per segment copied into the tensor.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from racebook.core.spaces import Observation

if TYPE_CHECKING:
    from racebook.games.trickrace.state import TrickRaceState

_COLOURS = ("R", "B", "Y", "G")
_FIVE, _SIX = range(5), range(6)  # indexing a range checks a one-hot's index as a list does


@functools.cache
def layout(races: int) -> tuple[tuple[tuple[str, int], ...], dict[str, int], int]:
    """The segments ``(name, size)``, each one's offset, and the size."""
    segments = (
        ("phase", 8),
        ("race", races),
        ("seat", 4),
        ("to_act", 4),
        ("start", 4),
        ("leader", 4),
        ("dummy", 4),
        ("horses", 20),
        ("odds", 4),
        ("points", 4),
        ("positions", 4),
        ("arrived", 4),
        ("hand", 48),
        ("hand_colours", 16),
        ("dummy_cards", 48),
        ("face_up_discards", 4 * 48),
        ("my_discard", 48),
        ("discard_colours", 20),
        ("whips_up", 4),
        ("tickets_up", 24),
        ("my_ticket_down", 6),
        ("tickets_down_laid", 4),
        ("trick", 4 * 48),
        ("trick_whips", 4),
        ("discard_number", 1),
        ("revealed", 48),
    )
    offsets, at = {}, 0
    for name, size in segments:
        offsets[name] = at
        at += size
    return segments, offsets, at


def observe(state: TrickRaceState, seat: int | None) -> Observation:
    """The observation tensor of ``seat`` (the layout of
    :mod:`racebook.games.trickrace.spaces`): what its view shows, read from
    the state as :func:`~racebook.games.trickrace.view.make_view` reads it
    (no view is made; equal to the view's tensor, checked by the tests)."""
    segments, _, size = layout(state.game.config.race_count)
    values = [0.0] * size
    write(state, seat, values)
    obs = Observation()
    obs.values = values
    obs.layout = list(segments)
    return obs


def write(state: TrickRaceState, seat: int | None, values: Any) -> None:
    """Write :func:`observe`'s values into ``values``, the tensor's size of
    zeros (a list, or an array that takes items: the adapters' float32
    arrays, written without a list between)."""
    state._check_seat(seat)
    c = state.game.config
    races = c.race_count
    _, o, size = layout(races)
    me = seat if seat is not None and 0 <= seat < c.players else None
    assert len(values) == size, "the trick race's tensor: a buffer of its size"

    def one_hot(name: str, n: int, i: int | None) -> None:
        if i is not None and 0 <= i < n:
            values[o[name] + i] = 1.0

    def four(name: str, xs: list[int] | list[bool]) -> None:
        at = o[name]
        for i, x in enumerate(xs[:4]):
            values[at + i] = float(x)

    def cards(
        at: int, codes: list[int]
    ) -> None:  # counts of each card (code: colour * 16 + number)
        for x in codes:
            values[at + (x >> 4) * 12 + (x & 15) - 1] += 1.0

    one_hot("phase", 8, state.phase)
    one_hot("race", races, min(state.race + 1, races) - 1)
    one_hot("seat", 4, me)
    at = o["to_act"]
    for s in state.to_act:
        if 0 <= s < 4:
            values[at + s] = 1.0
    one_hot("start", 4, state.start)
    one_hot("leader", 4, state.leader)
    one_hot("dummy", 4, state.dummy if state.dummy >= 0 else None)
    at, horses = o["horses"], state.horse_of
    for e in range(4):
        values[at + 5 * e + _FIVE[horses[e] if e < len(horses) else 0]] = 1.0
    four("odds", state.odds)
    four("points", state.points)
    four("positions", state.pos)
    at = o["arrived"]
    for rank, h in enumerate(state.arrived, start=1):
        if 1 <= h <= 4:
            values[at + h - 1] = float(rank)
    hands = state.hands
    if me is not None:
        cards(o["hand"], hands[me])
    at = o["hand_colours"]
    for s in range(4):
        for x in hands[s]:
            values[at + 4 * s + (x >> 4)] += 1.0
    if state.dummy >= 0:
        cards(o["dummy_cards"], hands[state.dummy])
    at = o["face_up_discards"]
    for e, codes in enumerate(state.open_discards[:4]):
        for x in codes:
            values[at + 48 * e + (x >> 4) * 12 + (x & 15) - 1] = 1.0
    secret = state.secret
    if me is not None and secret[me] >= 0:
        x = secret[me]
        values[o["my_discard"] + (x >> 4) * 12 + (x & 15) - 1] = 1.0
    at = o["discard_colours"]
    for e in range(4):
        values[at + 5 * e + (1 + (secret[e] >> 4) if secret[e] >= 0 else 0)] = 1.0
    four("whips_up", state.whips_up)
    at, up = o["tickets_up"], state.up
    for e in range(4):
        t = up[e] if e < len(up) and up[e] >= 0 else None
        values[at + 6 * e + _SIX[0 if t is None else 1 + t]] = 1.0
    down = state.down
    one_hot("my_ticket_down", 6, 1 + down[me] if me is not None and down[me] >= 0 else 0)
    four("tickets_down_laid", [d >= 0 for d in down])
    at, whips = o["trick"], o["trick_whips"]
    for s, x, w in state.trick:
        if 0 <= s < 4:
            values[at + s * 48 + (x >> 4) * 12 + (x & 15) - 1] = 1.0
            values[whips + s] = 1.0 if w else 0.0
    values[o["discard_number"]] = float(state.number)
    x = state.revealed
    if x >= 0:
        values[o["revealed"] + (x >> 4) * 12 + (x & 15) - 1] = 1.0
    assert len(values) == size, "the trick race's tensor changed size"


def observe_into(state: TrickRaceState, seat: int | None, values: Any) -> bool:
    """The spaces' hook for the adapters: :func:`write`; true (written)."""
    write(state, seat, values)
    return True

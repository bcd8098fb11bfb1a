"""Long Shot's observation tensor written straight into a list of zeros
(issue #38: the RL loops' cost is the tensor).

:func:`observe` gives exactly what
:func:`racebook.games.longshot.spaces.observe_segments` gives (the layout's
definition, from the seat's view, segment by segment;
``tests/test_adapters_tensors.py`` checks the two equal at every step of
random games, for every seat and a spectator): each value written at its
offset in a list made once of zeros, read from the state where
:func:`~racebook.games.longshot.view.make_view` reads it, instead of a view
and a list per segment copied into the tensor.  Rule modules (house rules,
Horse Racing Mafia's) add their own segments after these, from the view
(:func:`racebook.games.longshot.spaces.observe`).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from racebook.core.spaces import Observation
from racebook.games.longshot.phases import OVER
from racebook.games.longshot.race import spurt

if TYPE_CHECKING:
    from racebook.games.longshot.state import LongShotState

PHASES = 9
"""The state's phase numbers (its ``phase`` one-hot)."""


@functools.cache
def layout(
    players: int, races: int, running: int, kinds: int
) -> tuple[tuple[tuple[str, int], ...], dict[str, int], int]:
    """The segments ``(name, size)`` (``kinds`` distinct cards), each one's
    offset, and the size."""
    n, boxes = players, 2 * running
    segments = (
        ("phase", PHASES),
        ("race", races),
        ("round", 1),
        ("seat", n),
        ("to_act", n),
        ("first_player", n),
        ("spurt", 1),
        ("positions", running),
        ("finished", running),
        ("box_tops", boxes * kinds),
        ("box_sizes", boxes),
        ("hand", kinds),
        ("hand_sizes", n),
        ("stack_size", 1),
        ("orders", n * (running + 1)),
        ("money", n),
        ("opened", kinds),
    )
    offsets, at = {}, 0
    for name, size in segments:
        offsets[name] = at
        at += size
    return segments, offsets, at


def observe(state: LongShotState, seat: int | None) -> Observation:
    """The observation tensor of ``seat`` but for rule modules' segments
    (the layout of :mod:`racebook.games.longshot.spaces`): what its view
    shows, read from the state (no view is made)."""
    c = state.game.config
    segments, _, size = layout(c.players, len(c.races), c.running, len(state.game.deck_index))
    values = [0.0] * size
    write(state, seat, values)
    obs = Observation()
    obs.values = values
    obs.layout = list(segments)
    return obs


def write(state: LongShotState, seat: int | None, values: Any) -> None:
    """Write :func:`observe`'s values into ``values``, the tensor's size of
    zeros (a list, or an array that takes items: the adapters' float32
    arrays, written without a list between)."""
    state._check_seat(seat)
    game = state.game
    c = game.config
    n, running, races = c.players, c.running, len(c.races)
    index = game.deck_index
    k = len(index)
    _, o, size = layout(n, races, running, k)
    me = seat if seat is not None and 0 <= seat < n else None
    assert len(values) == size, "Long Shot's tensor: a buffer of its size"

    def one_hot(name: str, width: int, i: int | None) -> None:
        if i is not None and 0 <= i < width:
            values[o[name] + i] = 1.0

    one_hot("phase", PHASES, state.phase)
    one_hot("race", races, min(state.race + 1, races) - 1)
    values[o["round"]] = float(state.round)
    one_hot("seat", n, me)
    at = o["to_act"]
    for s in state.to_act:
        if 0 <= s < n:
            values[at + s] = 1.0
    one_hot("first_player", n, state.first)
    values[o["spurt"]] = 1.0 if spurt(state) else 0.0
    at = o["positions"]
    for h, x in enumerate(state.pos[:running]):
        values[at + h] = float(x)
    at, fin = o["finished"], state.fin
    for place, horse in enumerate(sorted(fin, key=fin.__getitem__), start=1):
        values[at + range(running)[horse - 1]] = float(place)
    at, sizes = o["box_tops"], o["box_sizes"]
    for b, box in enumerate(state.boxes):
        if box:
            values[at + b * k + index[box[-1]]] = 1.0
            values[sizes + b] = float(len(box))
    if me is not None:
        at = o["hand"]
        for x in state.hands[me]:
            values[at + index[x]] += 1.0
    at = o["hand_sizes"]
    for s, hand in enumerate(state.hands):
        values[at + s] = float(len(hand))
    values[o["stack_size"]] = float(len(state.stack))
    at, open_orders, width = o["orders"], state.table.orders_open, running + 1
    for s, horse in enumerate(state.orders):
        seen = horse if horse and (open_orders or s == me) else 0
        values[at + s * width + range(width)[seen]] = 1.0
    at = o["money"]
    shown = c.open_money or state.phase == OVER
    for s, m in enumerate(state.money):
        values[at + s] = m / 1000 if shown or s == me else -1.0
    one_hot("opened", k, index[state.opened] if state.opened >= 0 else None)
    assert len(values) == size, "Long Shot's tensor changed size"


def observe_into(state: LongShotState, seat: int | None, values: Any) -> bool:
    """The spaces' hook for the adapters: :func:`write` the tensor into
    ``values`` and say so, or false (nothing written) where rule modules
    add segments of their own."""
    if state.game.rules:
        return False
    write(state, seat, values)
    return True

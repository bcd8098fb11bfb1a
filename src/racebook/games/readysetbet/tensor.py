"""Ready Set Bet's observation tensor written from the seat's view straight
into a zeroed buffer (issue #38: the RL loops' cost is the tensor): the
adapters' float32 arrays, with no list of floats between and no list per
segment.

:func:`observe_into` writes exactly what
:func:`racebook.games.readysetbet.spaces.observe` gives (the layout's
definition; ``tests/test_adapters_tensors.py`` checks the two equal at
every step of random games, for every seat and a spectator).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from racebook.games.readysetbet.phases import PHASE_NAMES

if TYPE_CHECKING:
    from racebook.games.readysetbet.game import ReadySetBet
    from racebook.games.readysetbet.state import ReadySetBetState


def _offsets(game: ReadySetBet) -> dict[str, tuple[int, int]]:
    """Each segment's offset and size (the game's layout), made once a game."""
    found: dict[str, tuple[int, int]] | None = game.__dict__.get("_tensor_offsets")
    if found is None:
        found, at = {}, 0
        for name, size in game.observation_layout:
            found[name] = (at, size)
            at += size
        game.__dict__["_tensor_offsets"] = found
    return found


def observe_into(state: ReadySetBetState, seat: int | None, values: Any) -> bool:
    """Write the tensor of ``seat`` into ``values`` (zeros, the tensor's
    size) from its view; true (written)."""
    from racebook.games.readysetbet.spaces import _rows

    game = state.game
    c = game.config
    n, seats = c.players, game.seats
    at, value_row = _rows(game)
    o = _offsets(game)
    nv = len(c.vip_cards)
    v = state.view(seat)

    def one_hot(name: str, i: int | None) -> None:
        start, size = o[name]
        if i is not None and 0 <= i < size:
            values[start + i] = 1.0

    def dense(name: str, xs: Any) -> None:
        start, size = o[name]
        for i, x in enumerate(xs):
            if i < size:
                values[start + i] = float(x)

    one_hot("phase", state.phase if state.phase < len(PHASE_NAMES) else None)
    one_hot("race", v.race - 1)
    one_hot("seat", v.seat)
    start = o["to_act"][0]
    for s in v.to_act:
        if 0 <= s < seats:
            values[start + s] = 1.0
    dense("positions", v.positions)
    start, size = o["crossed"]
    for rank, h in enumerate(v.crossed, start=1):
        values[start + range(size)[h]] = float(rank)
    values[o["betting_open"][0]] = 1.0 if v.betting_open else 0.0
    roll = v.last_roll or (0, 0)
    one_hot("last_roll_first", roll[0] - 1 if roll[0] else None)
    one_hot("last_roll_second", roll[1] - 1 if roll[1] else None)
    start = o["spot_open"][0]
    for spot in v.open_spots:
        values[start + at[spot]] = 1.0
    owner, token, vip = o["spot_owner"][0], o["spot_token"][0], o["spot_vip"][0]
    for spot, who, t, k in v.bets:
        i = at[spot]
        if 0 <= who < n:
            values[owner + i * n + who] = 1.0
        values[token + i] += t
        if k >= 0:
            values[vip + i] = 1.0
    start = o["host_bets"][0]
    for spot, t in v.host_bets:
        values[start + at[spot]] = float(t)
    start, width = o["tokens"][0], len(value_row)
    for s, hand in enumerate(v.tokens):
        for t in hand:
            values[start + s * width + value_row[t]] += 1.0
    start = o["bonus_tokens"][0]
    for s, cards in enumerate(v.bonus_tokens):
        for k in cards:
            values[start + s * nv + range(nv)[k]] = 1.0
    dense("late_bets", v.late_bets)
    dense("money", v.money)
    start = o["vip"][0]
    for s, cards_held in enumerate(v.vip):
        for one in cards_held:
            values[start + s * nv + range(nv)[one.card]] = 2.0 if one.played else 1.0
    start = o["offer"][0]
    for offered in v.offer:
        if 0 <= offered.card < nv:
            values[start + offered.card] += 1.0
    start = o["choosing"][0]
    for s in v.choosing:
        if 0 <= s < n:
            values[start + s] = 1.0
    values[o["vip_deck"][0]] = float(v.vip_deck)
    values[o["vip_discards"][0]] = float(v.vip_discards)
    one_hot("host", v.host)
    one_hot("asked", v.asked)
    return True

"""2 馬券購入フェイズ (buying tickets): one face-up ticket each, clockwise from
the start player's left, then one face-down ticket each, all at once.  Ticket
``0`` is the win ticket (単勝), ``1..4`` name horses."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from racebook.core.errors import refuse
from racebook.core.game import Event
from racebook.games.trickrace.actions import Bet, MyTicket, TicketHidden, TicketShown
from racebook.games.trickrace.config import WIN
from racebook.games.trickrace.phases import BET_DOWN, BET_UP, TRICK

if TYPE_CHECKING:
    from racebook.games.trickrace.state import TrickRaceState


def bettors(state: TrickRaceState) -> list[int]:
    """Who lays a face-up ticket, in order: "スタートプレイヤーの左隣の人から時計回りの
    順番で" (the dummy does not bet)."""
    i = state.ring.index(state.start)
    order = [state.ring[(i + k) % 4] for k in range(1, 5)]
    return [s for s in order if s != state.dummy]


BETS = [[Bet(seat, t) for t in range(5)] for seat in range(4)]
"""Every ticket a seat may lay, ``BETS[seat][ticket]``: actions are values,
shared."""
SHOWN = [[TicketShown(seat, t) for t in range(5)] for seat in range(4)]
MINE = [[MyTicket(seat, t) for t in range(5)] for seat in range(4)]
HIDDEN = [TicketHidden(seat) for seat in range(4)]
"""The events of a ticket, shared the same way."""


def legal_bets(state: TrickRaceState, seat: int) -> list[Bet]:
    bets = BETS[seat]
    if state.phase == BET_UP:
        shown = state.up  # -1 or a horse 1..4
        return [bets[t] for t in range(1, 5) if t not in shown]
    return [bets[t] for t in range(5) if t != state.up[seat]]


def pick_bet(state: TrickRaceState, seat: int, rng: random.Random) -> Bet:
    # legal_bets(state, seat)[int(rng.random() * n)], one action made.  (No
    # docstring: the docs would have to resolve ``Bet``, which Ready Set Bet has too.)
    if state.phase == BET_UP:
        shown = state.up
        tickets = [t for t in range(1, 5) if t not in shown]  # up holds -1 or 1..4
    else:
        tickets = [t for t in range(5) if t != state.up[seat]]
    return BETS[seat][tickets[int(rng.random() * len(tickets))]]


def check_bet(state: TrickRaceState, action: Bet) -> str | None:
    seat = action.seat
    if state.phase == BET_UP:
        if action.ticket == WIN:
            return refuse(
                "win-ticket-face-up",
                "the face-up ticket may not be the win ticket (馬券購入フェイズ)",
            )
        if not 1 <= action.ticket <= 4:
            return refuse("unknown-ticket", f"no ticket {action.ticket} (0 win, 1..4 horses)")
        if action.ticket in state.up:
            return refuse(
                "ticket-taken",
                f"ticket {action.ticket} is already face up in front of another player",
            )
        return None
    if state.phase == BET_DOWN:
        if not 0 <= action.ticket <= 4:
            return refuse("unknown-ticket", f"no ticket {action.ticket} (0 win, 1..4 horses)")
        if action.ticket == state.up[seat]:
            return refuse(
                "ticket-repeated", f"seat {seat}'s ticket {action.ticket} is already face up"
            )
        return None
    return refuse("not-playable-now", "no tickets are being bought now")


def bet(state: TrickRaceState, action: Bet, events: list[Event]) -> None:
    # Lay a ticket; the last face-down ticket starts the race.  (No docstring: the
    # docs would have to resolve ``Bet``, which Ready Set Bet has too.)
    s = action.seat
    if state.phase == BET_UP:
        state.up[s] = t = action.ticket
        events.append(SHOWN[s][t] if 0 <= t <= 4 else TicketShown(s, t))
        state.bet_turn += 1
        if state.bet_turn == state.game.config.players:  # every bettor (not the dummy)
            state.ready = [p >= state.game.config.players for p in range(4)]
            state.phase = BET_DOWN
    else:
        state.down[s] = t = action.ticket
        state.ready[s] = True
        events.append(MINE[s][t] if 0 <= t <= 4 else MyTicket(s, t))
        events.append(HIDDEN[s])
        if all(state.ready):
            state.leader = state.start
            state.trick = []
            state.whip_by = -1
            state.phase = TRICK
            state.advance(events)

"""The dummy (ダミープレイヤー) of a 3-player game: its printed rules
(3人プレイ時での変更点).  It is seat id 3, sits to the right of Vanilla Beans'
rider, never bets, never appears in ``to_act`` and plays inside ``apply``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.core.game import Event

if TYPE_CHECKING:
    from racebook.games.trickrace.state import TrickRaceState


def dummy_paddock(state: TrickRaceState, pile: list[int], n: int) -> None:
    """パドックフェイズ: the dummy discards the N-th card and the one below
    (12 -> 12 and 1), counted from the top of its own pile, keeps the rest
    fanned face up, top first, and turns both whips face up."""
    s = state.dummy
    below = n % state.game.config.cards  # the card below the N-th: 12 -> 1
    state.open_discards[s] = [pile[i] for i in sorted({n - 1, below})]
    for i in sorted({n - 1, below}, reverse=True):
        del pile[i]
    state.hands[s] = pile  # order kept
    state.whips_up[s] = state.game.config.whips


def dummy_last(state: TrickRaceState, order: list[int]) -> list[int]:
    """レースフェイズ: the dummy plays first when it leads, else last."""
    if state.dummy >= 0 and state.leader != state.dummy:
        order.remove(state.dummy)
        order.append(state.dummy)
    return order


def dummy_play(state: TrickRaceState, events: list[Event]) -> None:
    """ダミープレイヤーのルール: lead its top card; else follow with the highest
    of the led colour; else its top card, with a whip if it has one face up and
    nobody whipped."""
    hand = state.hands[state.dummy]
    whip = False
    if not state.trick:
        x = hand[0]
    else:
        led = state.trick[0][1] >> 4
        follow = [y for y in hand if y >> 4 == led]
        if follow:
            x = max(follow)
        else:
            x = hand[0]
            whip = state.whips_up[state.dummy] > 0 and state.whip_by < 0
            hooks = state.game.hooks
            if whip and hooks.may_whip:
                whip = hooks.whip_allowed(state, state.dummy)
    state.play(state.dummy, x, whip, events)

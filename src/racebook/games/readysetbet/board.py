"""The betting board (投注): the horses, the spots and their rates, colour bets
(就馬匹顏色投注), prop bets (特定主題投注) and exotic finishes (特別彩池), and
placing a token on a spot, first come first served."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import reduce
from itertools import filterfalse
from operator import iconcat
from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.cards.readysetbet import (
    BLUE,
    HORSES,
    ORANGE,
    RED,
    SEVEN,
    Rate,
)
from racebook.core.errors import refuse
from racebook.core.game import Action, Event
from racebook.games.readysetbet.phases import RACE
from racebook.games.readysetbet.vip import Cash, piggyback

if TYPE_CHECKING:
    from racebook.games.readysetbet.config import ReadySetBetConfig
    from racebook.games.readysetbet.state import ReadySetBetMove, ReadySetBetState


def horse_of(total: int) -> int:
    """The horse a dice total moves: 2 and 3 move 2/3, 11 and 12 move 11/12.

    >>> [horse_of(t) for t in (2, 3, 7, 11, 12)]
    [0, 0, 4, 8, 8]
    """
    return 0 if total <= 3 else 8 if total >= 11 else total - 3


def exotic_wins(name: str, positions: Sequence[int], track: int) -> bool:
    """Whether an exotic finish card wins for final ``positions``.

    >>> exotic_wins("by-a-nose", [15, 14, 3, 0, 0, 0, 0, 0, 0], 15)
    True
    """
    ranked = sorted(positions, reverse=True)
    if name == "by-a-nose":
        return ranked[0] - ranked[1] == 1
    if name == "blow-out":
        return ranked[0] - ranked[1] > 5
    if name == "tight-race":
        return min(positions) >= 6
    if name == "late-start":
        return sum(1 for p in positions if p <= 3) >= 2
    if name == "photo-finish":
        return ranked[0] - ranked[2] <= 3
    raise ValueError(f"unknown exotic finish {name!r}")


# -- spots -----------------------------------------------------------------------------


def spot_ids(config: ReadySetBetConfig, props: Sequence[int], exotics: Sequence[int]) -> list[str]:
    """Every betting spot of a race: ``win:7:0`` (horse 7's first win spot),
    ``place:…``, ``show:…``, ``colour:blue``, ``prop:3`` (prop card 3),
    ``exotic:by-a-nose:0``.

    >>> from racebook.games.readysetbet import ReadySetBetConfig
    >>> len(spot_ids(ReadySetBetConfig(), [0, 1, 2, 3, 4], [0]))  # 9 x 7 + 4 + 5 + 3
    75
    """
    return [*board_spots(config), *card_spots(config, props, exotics)]


def board_spots(config: ReadySetBetConfig) -> list[str]:
    """The spots printed on the board: win, place, show and colour bets."""
    out = []
    for h, row in enumerate(config.board):
        for kind, rates in zip(("show", "place", "win"), row, strict=True):
            out += [f"{kind}:{HORSES[h]}:{i}" for i in range(len(rates))]
    return out + [f"colour:{c.name}" for c in config.colour_bets]


def card_spots(
    config: ReadySetBetConfig, props: Sequence[int], exotics: Sequence[int]
) -> list[str]:
    """The spots of this race's prop and exotic-finish cards."""
    out = [f"prop:{p}" for p in props]
    return out + [f"exotic:{config.exotics[e].name}:{i}" for e in exotics for i in range(3)]


Judge = Callable[[Sequence[int], Sequence[int]], bool]
"""Whether a bet wins, from final positions and places."""


def spot_rate(c: ReadySetBetConfig, spot: str) -> Rate:
    """The multiplier and red-circle loss of ``spot`` (see :func:`spot_ids`)."""
    kind, _, rest = spot.partition(":")
    if kind in ("win", "place", "show"):
        name, i = rest.rsplit(":", 1)
        row = c.board[HORSES.index(name)]
        return row[("show", "place", "win").index(kind)][int(i)]
    if kind == "colour":
        return next(b.rate for b in c.colour_bets if b.name == rest)
    if kind == "prop":
        return c.props[int(rest)].rate
    name = rest.rsplit(":", 1)[0]
    return next(e.rate for e in c.exotics if e.name == name)


def judge(c: ReadySetBetConfig, spot: str) -> Judge:
    """Whether a bet on ``spot`` wins, as a function of final positions and places
    (結算投注結果; ties: 就獨贏、位置、前三名作投注; props lose on a tie)."""
    kind, _, rest = spot.partition(":")
    if kind in ("win", "place", "show"):
        h = HORSES.index(rest.rsplit(":", 1)[0])
        k = {"win": 1, "place": 2, "show": 3}[kind]
        return lambda pos, places: places[h] <= k
    if kind == "colour":
        if rest == "7-out":  # "至少四匹馬排在7號馬前面"
            return lambda pos, places: sum(1 for p in pos if p > pos[SEVEN]) >= 4
        group = {"blue": BLUE, "orange": ORANGE, "red": RED}[rest]
        return lambda pos, places: places.index(1) in group
    if kind == "prop":
        card = c.props[int(rest)]
        a, behind = card.ahead, card.behind
        return lambda pos, places: all(pos[a] > pos[b] for b in behind)
    if kind == "exotic":
        name = rest.rsplit(":", 1)[0]
        return lambda pos, places: exotic_wins(name, pos, c.track)
    raise ValueError(f"unknown spot {spot!r}")


# -- betting (投注) ----------------------------------------------------------------------


@attrs.frozen
class Bet(Action):
    """Put the token of value ``token`` on ``spot`` (see :func:`spot_ids`)."""

    kind: ClassVar[str] = "bet"
    token: int
    spot: str


@attrs.frozen
class BonusBet(Action):
    """Put the bonus token of VIP card ``card`` (an index into ``vip_cards``) on ``spot``."""

    kind: ClassVar[str] = "bonus-bet"
    card: int
    spot: str


@attrs.frozen
class BetPlaced(Event):
    """A token went down; ``vip`` names the VIP card that allowed or provided it."""

    kind: ClassVar[str] = "bet"
    seat: int
    token: int
    spot: str
    vip: str = ""


def exotic_taken(state: ReadySetBetState, seat: int, spot: str) -> bool:
    """Whether ``seat`` already has a token on the exotic card of ``spot``."""
    # "每位玩家不得在同一張特別彩池牌上放置超過1枚投注標記"
    return spot in state.barred[seat]


def card_of(spot: str) -> str:
    """The exotic card of an exotic spot: ``exotic:by-a-nose`` for ``exotic:by-a-nose:2``."""
    return spot.rsplit(":", 1)[0]


def open_spots(state: ReadySetBetState, seat: int) -> list[str]:
    """The spots ``seat`` may bet on (read only: it may be the free list itself)."""
    barred = state.barred[seat]
    if not barred:
        return state.free
    # only exotic spots are barred, and they come last: the ``plain`` free spots
    # before them are all open
    plain = state.plain
    free = state.free
    return free[:plain] + list(filterfalse(barred.__contains__, free[plain:]))


def stack_spots(state: ReadySetBetState, seat: int) -> list[str]:
    """Spots where another player's token lies alone (a piggyback card's targets)."""
    stacked, barred = state.stacked, state.barred[seat]
    return [
        s
        for s, (who, _, _) in state.bets.items()
        if who != seat and s not in stacked and s not in barred
    ]


def stack_count(state: ReadySetBetState, seat: int) -> int:
    """``len(stack_spots(state, seat))`` from the tokens each seat has alone on a
    spot (``state.lone``), less those on spots barred to ``seat``."""
    bets, stacked = state.bets, state.stacked
    barred = [x for x in state.barred[seat] if x in bets and x not in stacked]
    return (
        sum(state.lone)
        - state.lone[seat]
        - sum(1 for x in barred if bets[x][0] != seat)  # an exotic card's other spots
    )


def place_bet(state: ReadySetBetState, action: Bet | BonusBet, events: list[Event]) -> None:
    """A bettor's token goes down on ``spot`` (on another's token: a piggyback card)."""
    seat, spot = action.seat, action.spot
    note = ""
    if isinstance(action, BonusBet):
        card = action.card
        token = state.game.config.vip_cards[card].value
        state.bonus[seat].remove(card)
        note = state.game.config.vip_cards[card].name
    else:
        card, token = -1, action.token
        state.hands[seat].remove(token)
    if spot in state.bets:  # a piggyback card's token, on another player's
        state.stacked[spot] = (seat, token, card)
        state.lone[state.bets[spot][0]] -= 1
        note = note or f"Piggyback {token}"
    else:
        state.bets[spot] = (seat, token, card)
        state.lone[seat] += 1
        i = state.taken_at = state.free.index(spot)  # (the seat's kept listing cuts there)
        del state.free[i]
        if spot[0] != "e":
            state.plain -= 1
    if not state.open:  # a late-bet card's bet after the close
        state.late[seat] -= 1
        note = note or "Late bet"
    if spot[0] == "e":  # the seat's other spots on this exotic card are barred to it
        barred = state.barred[seat] = state.barred[seat] | state.game.exotic_spots[card_of(spot)]
        if len(barred) > state.widest:
            state.widest = len(barred)
    placed = state.game.placed_events.get((seat, token, spot, note))  # game.placed(), inline
    events.append(placed if placed is not None else state.game.placed(seat, token, spot, note))


def check_host_bet(state: ReadySetBetState, action: Bet) -> str | None:
    """Why a host token may not go on a spot now (``None``: it may)."""
    # "選擇將它們各自放在投注版圖上六個不同下注區"
    if action.token not in state.host_hand:
        return refuse("host-token-not-held", f"the host has no host token {action.token} left")
    if action.spot not in state.spot_set:
        return refuse("unknown-spot", f"no betting spot {action.spot!r} this race")
    if action.spot in state.host_bets:
        return refuse("host-spot-repeated", "the host's six tokens go on six different spots")
    return None


def legal_bets(state: ReadySetBetState, seat: int) -> list[ReadySetBetMove]:
    """A bettor's actions during a race: its bets, and its free-chips cards."""
    out: list[ReadySetBetMove] = []
    if state.open or state.late[seat]:
        spots = open_spots(state, seat)
        hand = state.hands[seat]
        grid = state.game.grid
        if hand:
            values = tuple(sorted(set(hand)))
            # each spot's bets appended whole (list += tuple): a third faster than
            # list(chain.from_iterable(...)), 2.4 us instead of 3.5 us for 268 bets
            out = reduce(iconcat, map(grid(seat, values).__getitem__, spots), out)
        for k in state.bonus[seat]:
            out += map(grid(seat, -1 - k).__getitem__, spots)
        stacking = piggyback(state, seat) if state.piggy[seat] else ()
        if stacking:
            stack = stack_spots(state, seat)
            out += [state.game.bet(seat, v, spot) for v in stacking for spot in stack]
    if state.cash[seat]:
        out += [Cash(seat, k) for k in state.cash[seat]]
    return out


Listing = tuple[int, int, list["ReadySetBetMove"], list[str], tuple[int, ...], list[int]]
"""A seat's kept listing: (state version, seat, the bets, its open spots, its
token values, its bonus cards)."""


def listed_bets(state: ReadySetBetState, seat: int) -> list[ReadySetBetMove]:
    """:func:`legal_bets` (the same actions in the same order), kept with the
    state: when the one action since the seat's last listing was its own bet or
    free-chips card, that listing is cut to the new one (the spots taken or
    barred, the token value or bonus token spent; its piggyback bets and
    free-chips cards, a few, listed again) instead of made anew.  The list is
    the state's own (``legal_actions`` hands out copies)."""
    kept = state.listing
    last = state._bet_by
    if kept is not None and kept[1] == seat and last[1] == seat and kept[0] == last[0]:
        cut = _cut(state, seat, kept, last[2])
        if cut is not None:
            state.listing = cut
            return cut[2]
    out = legal_bets(state, seat)
    if state.open:
        hand = state.hands[seat]
        spots = list(open_spots(state, seat))
        values = tuple(sorted(set(hand))) if hand else ()
        state.listing = (state._version, seat, out, spots, values, list(state.bonus[seat]))
    return out


def _cut(state: ReadySetBetState, seat: int, kept: Listing, action: object) -> Listing | None:
    """The seat's listing after its own ``action`` (``None``: list anew); the
    kept lists are the state's own, cut in place."""
    _, _, out, spots, values, bonus = kept
    kind = type(action)
    nv = len(values)
    if kind is Bet and not bonus and state.open and len(out) == nv * len(spots):
        spot: str = action.spot  # type: ignore[attr-defined]
        if spot[0] != "e" and spot not in state.stacked:  # most cuts: tokens alone
            # where place_bet took it from the free spots: the seat's too, where only
            # exotic spots, the last ones, may be barred to it
            i = state.taken_at
            del out[i * nv : (i + 1) * nv]
            del spots[i]
            token = action.token  # type: ignore[attr-defined]
            if token not in state.hands[seat]:
                j = values.index(token)
                del out[j::nv]
                values = values[:j] + values[j + 1 :]
            return (state._version, seat, out, spots, values, bonus)
    if not state.open or not (kind is Bet or kind is BonusBet or kind is Cash):
        return None
    ns = len(spots)
    head = (nv + len(bonus)) * ns
    tail = None  # its piggyback bets and free-chips cards, a few, last: listed again
    if len(out) > head:
        tail = out[head:]
        del out[head:]
    if kind is not Cash:
        spot = action.spot  # type: ignore[attr-defined]
        if spot[0] == "e":  # its other spots on this exotic card are barred to it now
            barred = state.barred[seat]
            gone = [i for i, x in enumerate(spots) if x in barred]
        elif spot in state.stacked:  # a piggyback token leaves the spots as they were
            gone = []
        else:  # where place_bet took it from the free spots (as above)
            gone = [state.taken_at]
        if kind is BonusBet:  # its block goes
            b = bonus.index(action.card)  # type: ignore[attr-defined]
            at = (nv + b) * ns
            del out[at : at + ns]
            del bonus[b]
        nb = len(bonus)
        for i in reversed(gone):  # from each block, the last first
            if nb:
                at = nv * ns + i
                for b in range(nb - 1, -1, -1):
                    del out[at + b * ns]
            del out[i * nv : (i + 1) * nv]
            del spots[i]
            ns -= 1
        if kind is Bet:
            token = action.token  # type: ignore[attr-defined]
            if token not in state.hands[seat]:  # the last token of that value: its bets go
                j = values.index(token)
                del out[j : nv * ns : nv]
                values = values[:j] + values[j + 1 :]
    if tail:  # (none before, none after: the seat's own action adds none)
        stacking = piggyback(state, seat) if state.piggy[seat] else ()
        if stacking:
            stack = stack_spots(state, seat)
            out += [state.game.bet(seat, v, x) for v in stacking for x in stack]
        cash = state.cash[seat]
        if kind is Cash:
            out += [Cash(seat, k) for k in cash]
        elif cash:  # the same cards
            out += tail[len(tail) - len(cash) :]
    return (state._version, seat, out, spots, values, bonus)


def pick_bet(state: ReadySetBetState, seat: int, rng: random.Random) -> ReadySetBetMove:
    """``legal_bets(state, seat)[int(rng.random() * n)]`` without listing the
    ``n`` bets (``State.random_action``): the same order, counted by parts."""
    r = rng.random()
    cash = state.cash[seat]
    if not (state.open or state.late[seat]):
        return Cash(seat, cash[int(r * len(cash))])
    free = state.free
    barred = state.barred[seat]
    ns = len(free)
    plain, tail = ns, free  # the spots open to the seat: free[:plain] + tail
    if barred:  # only exotic spots are barred, the last ones (open_spots)
        plain = state.plain
        tail = list(filterfalse(barred.__contains__, free[plain:]))
        ns = plain + len(tail)
    hand = state.hands[seat]
    bonus = state.bonus[seat]
    values: tuple[int, ...] = ()
    grid: dict[str, tuple[Bet, ...]] = {}
    if hand:
        found = state.game.hands.get((seat, tuple(hand)))  # hand_grid(), inline
        values, grid = found if found is not None else state.game.hand_grid(seat, hand)
    nv = len(values)
    if not (bonus or cash or state.piggy[seat]):  # tokens alone (half the picks)
        k = int(r * (ns * nv))
        j = k // nv
        return grid[free[j] if j < plain else tail[j - plain]][k % nv]
    stacking = piggyback(state, seat) if state.piggy[seat] else ()
    lone = stack_count(state, seat) if stacking else 0  # the stack spots, listed if picked
    own, cards, piggy = ns * nv, len(bonus) * ns, len(stacking) * lone
    k = int(r * (own + cards + piggy + len(cash)))
    if k < own:  # spot by spot, each spot's bets by token value
        j = k // nv
        return grid[free[j] if j < plain else tail[j - plain]][k % nv]
    k -= own
    if k < cards:  # bonus token by bonus token, each on every spot
        j = k % ns
        spot = free[j] if j < plain else tail[j - plain]
        bonus_bet: BonusBet = state.game.grid(seat, -1 - bonus[k // ns])[spot]
        return bonus_bet
    k -= cards
    if k < piggy:
        stack = stack_spots(state, seat)
        return state.game.bet(seat, stacking[k // lone], stack[k % lone])
    return Cash(seat, cash[k - piggy])


def legal_bet_ids(
    state: ReadySetBetState, seat: int, spot_row: dict[str, int], value_row: dict[int, int]
) -> list[int]:
    """The action ids of :func:`legal_bets` without making the actions
    (``spot_row``, ``value_row``: rows of the action space, see
    :mod:`~racebook.games.readysetbet.spaces`)."""
    spots_n = len(spot_row)
    nvip = len(state.game.config.vip_cards)
    bonus_at = len(value_row) * spots_n
    cash_at = bonus_at + nvip * spots_n
    out: list[int] = []
    if state.open or state.late[seat]:
        rows = [spot_row[s] for s in open_spots(state, seat)]
        for v in sorted(set(state.hands[seat])):
            base = value_row[v] * spots_n
            out += [base + r for r in rows]
        for k in state.bonus[seat]:
            base = bonus_at + k * spots_n
            out += [base + r for r in rows]
        stacking = piggyback(state, seat) if state.piggy[seat] else ()
        if stacking:
            stack = [spot_row[s] for s in stack_spots(state, seat)]
            for v in stacking:
                base = value_row[v] * spots_n
                out += [base + r for r in stack]
    out += [cash_at + k for k in state.cash[seat]]
    return out


def listable(state: ReadySetBetState, action: Bet | BonusBet) -> bool:
    """Whether a bettor's bet is in :func:`legal_bets` now, by identity: an
    action the game made (interned by its ``bet`` and ``grid``) that
    :func:`check_bet` allows, without scanning the list."""
    game = state.game
    seat, spot = action.seat, action.spot
    if type(seat) is not int or type(spot) is not str:  # (any field may be anything)
        return False
    made: Bet | BonusBet | None = None
    if type(action) is Bet:
        if type(action.token) is int:
            made = game._bets.get((seat, action.token, spot))
    elif type(action.card) is int:  # type: ignore[union-attr]
        made = game.grids.get((seat, -1 - action.card), {}).get(spot)  # type: ignore[union-attr]
    return made is action and check_bet(state, action) is None


def check_bet(state: ReadySetBetState, action: Bet | BonusBet) -> str | None:
    """Why a bettor's bet is refused now (``None``: it is legal)."""
    seat = action.seat
    if seat == state.hosting:
        return refuse("host-does-not-bet", "the host does not bet during the race")
    if not state.open and not state.late[seat]:
        return refuse("betting-closed", "no more bets (截止投注)")
    if isinstance(action, BonusBet):
        if action.card not in state.bonus[seat]:
            return refuse(
                "bonus-not-held",
                f"seat {seat} has no bonus token of VIP card {action.card} in hand",
            )
    elif action.token not in state.hands[seat]:
        return refuse("token-not-held", f"seat {seat} has no token {action.token} left")
    spot = action.spot
    if spot not in state.spot_set:
        return refuse("unknown-spot", f"no betting spot {spot!r} this race")
    if spot in state.bets:
        if (
            isinstance(action, Bet)
            and action.token in piggyback(state, seat)
            # spot in stack_spots(state, seat), without listing them
            and spot not in state.stacked
            and state.bets[spot][0] != seat
            and spot not in state.barred[seat]
        ):
            return None
        return refuse("spot-taken", f"{spot} is taken: one token per spot, first come first served")
    if spot in state.barred[seat]:  # exotic_taken(), inline
        # "每位玩家不得在同一張特別彩池牌上放置超過1枚投注標記"
        return refuse("exotic-once", "at most one of a player's tokens on each exotic finish card")
    return None


def place_host_token(state: ReadySetBetState, action: Bet, events: list[Event]) -> None:
    """A host token goes down (the host variants); the race starts with the last."""
    state.host_hand.remove(action.token)
    state.host_bets[action.spot] = action.token
    events.append(BetPlaced(action.seat, action.token, action.spot))
    if not state.host_hand:
        state.phase = RACE

"""The checks the test harness runs on a state: the audit of what is conserved
(money, VIP cards, tokens), and probe actions, legal or not."""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.core.game import CHANCE, Action
from racebook.games.readysetbet.board import Bet, BonusBet, card_of
from racebook.games.readysetbet.host import FirstHost, Host
from racebook.games.readysetbet.phases import HOST_BETS, OVER, RACE, ROLLING
from racebook.games.readysetbet.race import Dice, DiceRun, NewRace, Roll, RollOut
from racebook.games.readysetbet.vip import Cash, DealVip, Keep, cashable, vip_of

if TYPE_CHECKING:
    from racebook.games.readysetbet.state import ReadySetBetState


def audit(state: ReadySetBetState) -> None:
    """Assert what the rules conserve (the harness calls it after every action)."""
    assert all(m >= 0 for m in state.money), f"money below $0: {state.money}"
    c = state.game.config
    cards = c.vip_cards
    held = state.deck + state.discards + [k for v in state.vip for k in v]
    held += [k for o in state.offers for k in o]
    assert sorted(held) == list(range(len(cards))), "VIP cards lost or doubled"
    assert all(k in state.vip[s] for s in range(c.players) for k in cashable(state, s)) and all(
        cards[k].kind == "free-chips" for k in state.cashed
    ), "cashed cards"
    assert all(0 <= p <= c.track for p in state.pos), "positions"
    if state.phase not in (RACE, ROLLING, HOST_BETS, OVER):
        assert not state.bets and not state.host_bets, "tokens left on the board"
        return
    if state.phase != OVER:
        assert state.cash == [cashable(state, s) for s in range(c.players)], "playable cash"
    assert state.free == [x for x in state.spots if x not in state.bets], "the free spots"
    plain = state.plain
    assert all(x[0] != "e" for x in state.free[:plain]), "the free spots before the exotic ones"
    assert all(x[0] == "e" for x in state.free[plain:]), "the free exotic spots, last"
    barred: list[set[str]] = [set() for _ in range(c.players)]
    for spot, (who, _, _) in [*state.bets.items(), *state.stacked.items()]:
        if spot[0] == "e":
            barred[who] |= {x for x in state.spots if card_of(x) == card_of(spot)}
    assert state.barred == barred, "the exotic cards each seat holds a token on"
    assert state.widest == max(map(len, barred), default=0), "the most spots barred to a seat"
    assert state.piggy == [
        tuple(cards[k].value for k in vip_of(state, s, "piggyback")) for s in range(c.players)
    ], "piggyback values"
    alone = [who for spot, (who, _, _) in state.bets.items() if spot not in state.stacked]
    assert state.lone == [alone.count(s) for s in range(c.players)], "tokens alone on a spot"
    placed = list(state.bets.values()) + list(state.stacked.values())
    for s in range(c.players):
        mine = sorted([t for (who, t, k) in placed if who == s and k < 0] + state.hands[s])
        bonus = sorted([k for (who, _, k) in placed if who == s and k >= 0] + state.bonus[s])
        if s == state.hosting:
            assert not mine and not bonus, f"the host (seat {s}) bet"
        else:
            assert mine == sorted(c.token_set), f"seat {s}'s tokens"
            assert bonus == sorted(vip_of(state, s, "bonus-token")), f"seat {s}'s bonus tokens"
    if c.host_bets or c.rotating_host:
        tokens = sorted(state.host_hand + list(state.host_bets.values()))
        assert tokens == sorted(c.host_tokens), "the host's tokens"


def probes(state: ReadySetBetState, seat: int) -> list[Action]:
    """Actions for the harness to try at ``seat``, legal or not."""
    host = state.game.host
    out: list[Action] = [
        Roll(seat),
        Roll(host),
        Bet(host, 2, "win:7:0"),
        Bet(seat, 9, "win:7:0"),
        Host(seat, True),
        Keep(seat, 0),
        Cash(seat, 0),
        BonusBet(seat, 0, "win:7:0"),
    ]
    out += [
        Bet(seat, t, s)
        for s in [*state.spots[::7], *list(state.bets)[:3], "win:13:0", "colour:green"]
        for t in (2, 3, 5)
    ]
    n = state.game.config.players
    if 0 <= seat < n:
        out += [Keep(seat, k) for k in state.deck[:2] + state.offers[(seat + 1) % n]]
        out += [Cash(seat, k) for k in state.vip[seat] + state.vip[(seat + 1) % n]]
        out += [BonusBet(seat, k, s) for k in state.vip[seat] for s in state.spots[:3]]
    out += [
        RollOut(seat),
        RollOut(host),
        Dice(CHANCE, 0, 7),
        DiceRun(CHANCE, "34"),
        DiceRun(CHANCE, "3x"),
        NewRace(CHANCE, (), -1),
        FirstHost(CHANCE, 0),
        DealVip(CHANCE, tuple(state.deck[:2])),
    ]
    return out

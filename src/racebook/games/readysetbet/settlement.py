"""The end of a race (賽事結束) and settlement (結算投注結果), then the next
race (整理) or the end of the game (遊戲結束)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.cards.readysetbet import HORSES
from racebook.core.game import Event
from racebook.games.readysetbet.host import after_draft
from racebook.games.readysetbet.phases import DEAL, OVER
from racebook.games.readysetbet.rules import SettledBet
from racebook.games.readysetbet.vip import cash

if TYPE_CHECKING:
    from racebook.games.readysetbet.state import ReadySetBetState


@attrs.frozen
class Finished(Event):
    """A horse reached the finish: the race is over.  ``places`` and
    ``positions`` per horse (index 0 = 2/3)."""

    kind: ClassVar[str] = "finish"
    horse: str
    places: tuple[int, ...]
    positions: tuple[int, ...]


@attrs.frozen
class Settled(Event):
    """One player's settlement: ``won`` and ``lost`` (paid, after the $0 floor)."""

    kind: ClassVar[str] = "settled"
    seat: int
    won: int
    lost: int
    money: int


def horse_places(state: ReadySetBetState) -> list[int]:
    """Place per horse: 1 + how many horses are strictly ahead (ties share;
    two tied 2nd are 2nd and 3rd, and nobody behind them shows)."""
    ranked = sorted(state.pos, reverse=True)
    return [ranked.index(p) + 1 for p in state.pos]  # places_from_keys, 4x faster


def pay_by_rules(
    state: ReadySetBetState, places: list[int], won: list[int], lost: list[int]
) -> None:
    """:func:`settle`'s payouts with rule modules' ``pays`` hooks, told of each
    token in spot order."""
    c = state.game.config
    bets = [(spot, *b) for spot, b in state.bets.items()]
    bets += [(spot, *b) for spot, b in state.stacked.items()]
    bets += [(spot, state.host_player, token, -1) for spot, token in state.host_bets.items()]
    pos = state.pos
    paying = state.game.hooks.pays
    for spot, seat, token, card in sorted(bets):
        rate, wins = state.game.spot(spot)
        win, loss, hit = 0, 0, wins(pos, places)
        if hit:
            win = token * rate.mult
        elif card < 0:
            loss = rate.loss
        else:
            vip = c.vip_cards[card]
            loss = 0 if vip.shield else rate.loss + vip.loss
        bet = SettledBet(spot, seat, token, card, hit)
        for rule in paying:
            win, loss = rule.pays(state, bet, win, loss)
        won[seat] += win
        lost[seat] += loss


def settle(state: ReadySetBetState, winner: int, events: list[Event]) -> None:
    """結算投注結果: a win pays token x multiplier; a loss pays the red circle,
    whatever the token, plus a bonus token's own red circle; a shielded token (the
    2's Ⓢ) pays neither: "若玩家使用了這類標記下注且輸掉，是不須向供應堆支付任何籌碼的";
    nobody goes below $0 (winnings are collected first).  Then 整理: the next race
    (after the VIP draft), or 遊戲結束."""
    c = state.game.config
    places = horse_places(state)
    events.append(Finished(HORSES[winner], tuple(places), tuple(state.pos)))
    won = [0] * len(state.money)
    lost = [0] * len(state.money)
    if state.game.hooks.pays:
        pay_by_rules(state, places, won, lost)
    else:  # each token on its own: the sums do not depend on the order
        pos, table, cards = state.pos, state.game.payouts, c.vip_cards
        host = [(state.host_player, token, -1) for token in state.host_bets.values()]
        for spot, (seat, token, card) in [
            *state.bets.items(),
            *state.stacked.items(),
            *zip(state.host_bets, host, strict=True),
        ]:
            mult, loss, wins = table.get(spot) or state.game.payout(spot)
            if wins(pos, places):
                won[seat] += token * mult
            elif card < 0:
                lost[seat] += loss
            elif not cards[card].shield:
                lost[seat] += loss + cards[card].loss
    for s in range(len(state.money)):
        state.money[s] += won[s]
        paid = min(state.money[s], lost[s])
        state.money[s] -= paid
        events.append(Settled(s, won[s], paid, state.money[s]))
    state._mark()
    state.race += 1
    if state.race >= c.races:
        if c.free_chips_at_end:  # the last race's host too: the game is over
            kinds = state.game.kinds
            for s in range(c.players):
                for k in state.vip[s]:
                    if kinds[k] == "free-chips" and k not in state.cashed:
                        cash(state, s, k, events)
        state.phase = OVER
        events.append(state._game_ended())
        return
    state._reset_race()  # 整理: horses back, tokens back, new props, one more exotic
    if c.vip_cards and c.vip_deal and (state.deck or state.discards):
        state.phase = DEAL
    else:
        after_draft(state)

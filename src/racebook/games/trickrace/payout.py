"""4 配当フェイズ (the payout): places, prizes (賞金) and bets (配当: 単勝 the win
bet, 連勝複式 the quinella); 5 次レース準備フェイズ (the next race): odds grow
by place, horses pass to the left, the start player moves left; and the end
(ゲームの終了・勝敗の決定).  A rule module may change the prizes by place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.core.game import Event, Result, places_from_keys
from racebook.games.trickrace.actions import Points, RaceResult
from racebook.games.trickrace.config import WIN
from racebook.games.trickrace.phases import OVER, PADDOCK
from racebook.games.trickrace.view import RaceRecord

if TYPE_CHECKING:
    from racebook.games.trickrace.state import TrickRaceState


def horse_places(state: TrickRaceState) -> list[int]:
    """Place per horse (index 0 = horse 1): goal arrivals in order, then by
    square, the upper card on a square first (配当フェイズ)."""
    order = list(state.arrived)
    for sq in range(len(state.squares) - 1, -1, -1):
        for h in reversed(state.squares[sq]):
            if h not in order:
                order.append(h)
    places = [0] * 4
    for i, h in enumerate(order):
        places[h - 1] = i + 1
    return places


def payout(state: TrickRaceState, events: list[Event]) -> None:
    """The race is over: tickets face up, prizes and bets paid, the record kept;
    then the next race is prepared, or the game ends."""
    c = state.game.config
    places = state.horse_places()
    by_place = {p: h for h, p in enumerate(places, start=1)}
    # "各プレイヤーは、手元に置いた馬券カードを2枚ともオモテ向きにします": the
    # tickets turn face up, nothing else.  The discard was set face down so that
    # "オモテが他のプレイヤーに見えないように" (パドックフェイズ) and stays so for the
    # rest of the game.  At the hand-off (次レース準備フェイズ) the next rider
    # receives the horse's 12 cards as a hand ("受け取った手札12枚を使い"): the
    # set, not which of them was set aside.  That is exactly what the next
    # paddock's Hand event gives it (11 cards, plus the N-th face up); nothing
    # marks the previous discard.
    events.append(
        RaceResult(
            state.race + 1,
            tuple(places),
            tuple((state.up[s], state.down[s]) for s in range(c.players)),
        )
    )
    prizes = c.prizes
    for hook in state.game.hooks.prizes:
        prizes = tuple(hook(state, prizes))[:4]
    for i, prize in enumerate(prizes):
        rider = state.horse_of.index(by_place[i + 1])
        if rider != state.dummy:
            score(state, rider, prize, f"{i + 1}. place prize", events)
    first, second = by_place[1], by_place[2]
    for s in range(c.players):
        up, down = state.up[s], state.down[s]
        if down == WIN:
            if up == first:  # 単勝
                score(state, s, state.odds[first - 1], "win bet", events)
        elif {up, down} == {first, second}:  # 連勝複式
            score(state, s, state.odds[first - 1] + state.odds[second - 1], "quinella", events)
    state.history.append(
        RaceRecord(
            state.race + 1,
            tuple(places),
            tuple(state.moved),
            tuple(state.odds),
            tuple(state.points),
        )
    )
    state.horse_of_last = list(state.horse_of)
    state._mark()
    if state.race + 1 >= c.race_count:
        state.phase = OVER
        events.append(state._game_ended())
        return
    next_race(state, places)


def next_race(state: TrickRaceState, places: list[int]) -> None:
    """次レース準備フェイズ: odds, horses passed left, the start player moves left."""
    c = state.game.config
    for h in range(1, 5):
        state.odds[h - 1] += c.odds_steps[places[h - 1] - 1]
    passed = [0] * 4
    for s in range(4):
        passed[state.left_of(s)] = state.horse_of[s]
    state.horse_of = passed
    nxt = state.left_of(state.start)
    while nxt == state.dummy:  # cannot happen in the printed game (rules notes)
        nxt = state.left_of(nxt)
    state.start = nxt
    state.race += 1
    state.phase = PADDOCK


def score(state: TrickRaceState, seat: int, points: int, reason: str, events: list[Event]) -> None:
    if points:
        state.points[seat] += points
        events.append(Points(seat, points, reason))


def final_result(state: TrickRaceState) -> Result:
    """The most points wins; "同点の場合、4レース目で担当していた馬の着順が上位である
    プレイヤー" (the place of the horse ridden in the last race)."""
    last = state.history[-1].places
    keys = [(-state.points[s], last[state.horse_of_last[s] - 1]) for s in range(len(state.points))]
    places = places_from_keys(keys)
    tied = len(set(state.points)) < len(state.points)
    return Result(
        scores=tuple(state.points),
        places=places,
        winners=tuple(s for s, p in enumerate(places) if p == 1),
        tiebreak="place of the horse ridden in the last race" if tied else None,
    )

"""Ready Set Bet before VIP cards come in: the race, the bonus pairs, real-time
betting, settlement, ties, colour/prop/exotic bets, commentary and odds."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import racebook
from racebook import CHANCE, IllegalAction
from racebook.agents.base import RandomBot
from racebook.games.readysetbet import (
    HORSES,
    PROPS,
    Bet,
    Dice,
    NewRace,
    ReadySetBetState,
    Roll,
    VipPaid,
    exotic_wins,
    horse_of,
    odds,
)
from racebook.testing import check_random_games

H = {name: i for i, name in enumerate(HORSES)}


def race(
    players: int = 3, props: tuple[int, ...] = (0, 1, 2, 3, 4), exotic: int = 0, **settings: object
) -> ReadySetBetState:
    state = racebook.load("readysetbet", players=players, **settings).new_state(
        explicit_chance=True
    )
    assert isinstance(state, ReadySetBetState)
    state.apply(NewRace(CHANCE, props, exotic))
    return state


def roll(state: ReadySetBetState, a: int, b: int) -> list[racebook.Event]:
    host = state.game.host
    events = state.apply(Roll(host))
    return events + state.apply(Dice(CHANCE, a, b))


def rolls(state: ReadySetBetState, *dice: tuple[int, int]) -> list[racebook.Event]:
    out: list[racebook.Event] = []
    for a, b in dice:
        out += roll(state, a, b)
    return out


def test_horses_and_bonus_values() -> None:
    assert [horse_of(t) for t in range(2, 13)] == [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8]
    assert racebook.load("readysetbet").config.bonus == (3, 3, 2, 1, 0, 1, 2, 3, 3)


@pytest.mark.parametrize(
    ("dice", "horse", "expected"),
    [
        ([(3, 4), (2, 5)], "7", 2),  # 7 twice: no bonus for 7
        ([(2, 4), (3, 3)], "6", 3),  # 6 twice: +1
        ([(2, 3), (1, 4)], "5", 4),  # 5 twice: +2
        ([(1, 2), (1, 1)], "2/3", 5),  # 3 then 2: either number of 2/3 pairs: +3
        ([(5, 6), (6, 6)], "11/12", 5),  # 11 then 12: +3
        ([(2, 4), (2, 4), (2, 4)], "6", 4),  # a third in a row gives none
        ([(2, 4), (2, 4), (2, 4), (2, 4)], "6", 6),  # ... and pairs with the fourth
        ([(2, 4), (3, 4), (2, 4)], "6", 2),  # another horse between: no pair
    ],
)
def test_bonus_pairs(dice: list[tuple[int, int]], horse: str, expected: int) -> None:
    state = race()
    rolls(state, *dice)
    assert state.pos[H[horse]] == expected


def test_bonus_event_and_snake_eyes_box_cars() -> None:
    state = race()
    events = rolls(state, (1, 1), (1, 2), (6, 6))
    kinds = [e.kind for e in events]
    assert "snake-eyes" in kinds and "box-cars" in kinds and "bonus" in kinds
    assert "lead" in kinds


def test_the_race_ends_on_the_15th_space_and_the_commentary_says_so() -> None:
    # Ready Set Bet, 賽事結束: "一旦有馬匹到達終點線(賽道上第15個格子)，賽事就會立即完結":
    # a 4 on 12 rolled twice in a row moves 1 + its bonus of 3, cut at the finish; the
    # events tell the 3 spaces it moved (2 of them the bonus), not 4 (and 3)
    state = race()
    state.pos[H["4"]] = 11
    first = roll(state, 1, 3)
    assert [(e.moved, e.position) for e in first if e.kind == "rolled"] == [(1, 12)]  # type: ignore[attr-defined]
    events = roll(state, 2, 2)
    assert [(e.moved, e.position) for e in events if e.kind == "rolled"] == [(3, 15)]  # type: ignore[attr-defined]
    assert [e.spaces for e in events if e.kind == "bonus"] == [2]  # type: ignore[attr-defined]
    assert next(e for e in events if e.kind == "finish").positions[H["4"]] == 15  # type: ignore[attr-defined]


def test_a_bonus_cut_to_nothing_at_the_finish_is_not_told() -> None:
    # a 6 on 14 paired: 1 + 1 would be 16; it moves 1 and the bonus moves it no further
    state = race()
    state.pos[H["6"]] = 13
    roll(state, 2, 4)
    events = roll(state, 3, 3)
    assert [(e.moved, e.position) for e in events if e.kind == "rolled"] == [(1, 15)]  # type: ignore[attr-defined]
    assert not [e for e in events if e.kind == "bonus"]


def test_red_line_and_no_more_bets() -> None:
    state = race()
    state.pos[H["6"]], state.pos[H["8"]], state.pos[H["7"]] = 9, 9, 9
    events = roll(state, 2, 4)
    assert [(e.horse, e.count) for e in events if e.kind == "red-line"] == [("6", 1)]
    roll(state, 3, 5)
    assert state.open
    events = roll(state, 3, 4)
    assert any(e.kind == "no-more-bets" for e in events) and not state.open
    assert state.to_act == (state.game.host,)
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="no more bets"):
        state.apply(Bet(0, 2, "win:7:0"))
    assert state.snapshot() == before


def test_first_come_first_served_and_tokens() -> None:
    state = race()
    assert state.hands[0] == [2, 3, 3, 4, 5]
    assert set(state.to_act) == {0, 1, 2, 3}  # every bettor and the host at once
    state.apply(Bet(1, 5, "win:2/3:2"))
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="taken"):
        state.apply(Bet(0, 4, "win:2/3:2"))
    with pytest.raises(IllegalAction, match="no token 5"):
        state.apply(Bet(1, 5, "win:7:0"))
    with pytest.raises(IllegalAction, match="host does not bet"):
        state.apply(Bet(3, 2, "win:7:0"))
    assert state.snapshot() == before
    state.apply(Bet(1, 3, "win:2/3:1"))  # several spots of one horse are fine
    state.apply(Bet(1, 3, "win:2/3:0"))
    seven = racebook.load("readysetbet", players=7).new_state(seed=1)
    assert seven.hands[0] == [2, 3, 4, 5]  # type: ignore[attr-defined]


def finish(state: ReadySetBetState, horse: str) -> list[racebook.Event]:
    """Move ``horse`` to 14 and roll it once (no pair: the roll before is another)."""
    state.pos[H[horse]] = 14
    state.pending = -1
    totals = {
        "2/3": (1, 2),
        "4": (1, 3),
        "5": (1, 4),
        "6": (2, 4),
        "7": (3, 4),
        "8": (4, 4),
        "9": (4, 5),
        "10": (4, 6),
        "11/12": (5, 6),
    }
    return roll(state, *totals[horse])


def test_the_rulebooks_payout_example() -> None:
    # "如果2/3號馬獲勝：紫色玩家就從供應堆拿取45元(9 x 5)。如果2/3號馬輸了：按照紅圈所示的
    # 「-2」，向供應堆支付2元籌碼。"
    state = race()
    state.money[0] = 10
    state.apply(Bet(0, 5, "win:2/3:2"))
    finish(state, "2/3")
    assert state.money[0] == 10 + 45
    lose = race()
    lose.money[0] = 10
    lose.apply(Bet(0, 5, "win:2/3:2"))
    finish(lose, "7")
    assert lose.money[0] == 8


def test_nobody_below_zero_and_winnings_first() -> None:
    state = race()
    state.apply(Bet(0, 2, "win:7:0"))  # 3/-4: loses
    state.apply(Bet(0, 5, "show:6:0"))  # 1/-2: wins 5
    state.pos[H["6"]] = 13
    events = finish(state, "8")
    settled = next(e for e in events if e.kind == "settled" and e.seat == 0)
    assert (settled.won, settled.lost, state.money[0]) == (5, 4, 1)  # type: ignore[attr-defined]
    broke = race()
    broke.apply(Bet(1, 2, "place:7:0"))  # 2/-6 with $0: pays nothing
    broke.pos[H["6"]] = broke.pos[H["9"]] = 3  # 7 is 4th
    finish(broke, "8")
    assert broke.money[1] == 0


def test_ties_for_second() -> None:
    # two tied 2nd: both place and show, nobody behind them shows
    state = race()
    state.pos[H["6"]], state.pos[H["8"]], state.pos[H["5"]] = 10, 10, 9
    for spot, seat in (("place:6:0", 0), ("show:8:0", 1), ("show:5:0", 2)):
        state.apply(Bet(seat, 2, spot))
    events = finish(state, "7")
    places = next(e for e in events if e.kind == "finish").places  # type: ignore[attr-defined]
    assert places[H["6"]] == places[H["8"]] == 2 and places[H["5"]] == 4
    assert state.money == [4, 2, 0]
    # three tied 2nd: all count as 2nd and 3rd
    state = race()
    for name in ("6", "8", "9"):
        state.pos[H[name]] = 10
    state.apply(Bet(0, 2, "place:9:0"))
    finish(state, "7")
    assert state.money[0] == 4


def test_colour_bets_and_seven_out() -> None:
    state = race()
    state.apply(Bet(0, 2, "colour:blue"))
    state.apply(Bet(1, 2, "colour:7-out"))
    for name in ("6", "8", "5", "9"):
        state.pos[H[name]] = 5
    state.pos[H["7"]] = 4  # four horses strictly ahead of 7
    finish(state, "10")
    assert state.money[:2] == [10, 8]
    tie = race()
    tie.apply(Bet(1, 2, "colour:7-out"))
    for name in ("6", "8"):
        tie.pos[H[name]] = 5
    tie.pos[H["9"]], tie.pos[H["7"]] = 4, 4  # a tie is not "ahead": 6, 8 and 10 are
    finish(tie, "10")
    assert tie.money[1] == 0


def test_props_lose_on_a_tie() -> None:
    card = next(i for i, p in enumerate(PROPS) if str(p) == "9 > 7")
    state = race(props=(card, 1, 2, 3, 4))
    state.apply(Bet(0, 3, f"prop:{card}"))
    state.pos[H["9"]], state.pos[H["7"]] = 6, 6
    finish(state, "8")
    assert state.money[0] == 0
    state = race(props=(card, 1, 2, 3, 4))
    state.money[0] = 10
    state.apply(Bet(0, 3, f"prop:{card}"))
    state.pos[H["9"]], state.pos[H["7"]] = 7, 6
    finish(state, "8")
    assert state.money[0] == 10 + 3 * 4  # 9 > 7 pays 4x


def test_exotic_finishes() -> None:
    nine = [0] * 9
    assert exotic_wins("by-a-nose", [15, 14, *nine[2:]], 15)
    assert not exotic_wins("by-a-nose", [15, 13, *nine[2:]], 15)
    assert exotic_wins("blow-out", [15, 9, *nine[2:]], 15)
    assert not exotic_wins("blow-out", [15, 10, *nine[2:]], 15)
    assert exotic_wins("tight-race", [15] + [6] * 8, 15)
    assert not exotic_wins("tight-race", [15, 5] + [6] * 7, 15)
    assert exotic_wins("late-start", [15, 3, 3] + [6] * 6, 15)
    assert not exotic_wins("late-start", [15, 3] + [6] * 7, 15)
    assert exotic_wins("photo-finish", [15, 13, 12, *nine[3:]], 15)
    assert not exotic_wins("photo-finish", [15, 13, 11, *nine[3:]], 15)


def test_one_token_of_a_player_per_exotic_card() -> None:
    state = race(exotic=0)
    state.apply(Bet(0, 2, "exotic:by-a-nose:0"))
    with pytest.raises(IllegalAction, match="exotic finish card"):
        state.apply(Bet(0, 3, "exotic:by-a-nose:1"))
    state.apply(Bet(1, 3, "exotic:by-a-nose:1"))


def test_four_races_props_change_exotics_accumulate() -> None:
    state = racebook.load("readysetbet").new_state(seed=4)
    assert isinstance(state, ReadySetBetState)
    seen: list[int] = []
    counts = []
    paid = [0] * 5
    while not state.is_over:
        if state.phase == 1 and (not seen or seen[-5:] != state.props):
            seen += state.props
            counts.append(len(state.exotics))
        seat = state.to_act[-1]  # the host rolls every time: nobody bets
        for event in state.apply(state.legal_actions(seat)[0]):
            if isinstance(event, VipPaid):  # only snake eyes and box cars pay
                paid[event.seat] += event.amount
    assert counts == [1, 2, 3, 4] and len(set(seen)) == 20
    assert state.money == paid


def test_odds_match_the_reference_within_sampling_error() -> None:
    # reference odds (a Monte Carlo of 40M races): win 2/3 .047, 4 .048, 5 .110,
    # 6 .184, 7 .221, 8 .183, 9 .110, 10 .049, 11/12 .048; about 64 rolls a race
    state = race()
    result = odds(state, samples=20_000, seed=1)
    reference = (0.047, 0.048, 0.110, 0.184, 0.221, 0.183, 0.110, 0.049, 0.048)
    for p, ref, err in zip(result.win, reference, result.win_error, strict=True):
        assert abs(p - ref) < 4 * err + 0.002
    assert 60 < result.mean_rolls < 68
    assert abs(sum(result.win) - 1) < 1e-9


def test_odds_mid_race_and_spot_values() -> None:
    state = race()
    state.pos[H["2/3"]] = 14
    result = odds(state, samples=2_000, seed=2)
    assert result.win[H["2/3"]] > 0.5
    value = next(v for v in result.values if v.spot == "win:2/3:2" and v.token == 5)
    p = result.win[H["2/3"]]
    assert value.value == pytest.approx(p * 45 - (1 - p) * 2)
    assert value.error > 0


def test_random_games_through_the_harness() -> None:
    for players in (2, 5, 8):
        report = check_random_games(
            racebook.load("readysetbet", players=players), games=20, seed=players, deep=2
        )
        assert report.games == 20


def test_a_logged_game_replays_bets_in_arrival_order() -> None:
    state = racebook.load("readysetbet", players=3).new_state(seed=2)
    state.apply(Bet(2, 5, "win:7:0"))
    state.apply(Bet(0, 5, "win:7:1"))
    text = state.log.dumps()
    again = racebook.replay(text)
    assert again.view(None).bets == state.view(None).bets
    kinds = [line for line in text.splitlines() if '"bet"' in line]
    assert kinds[0].startswith('[2,"bet"') and kinds[1].startswith('[0,"bet"')


def test_host_betting_variant() -> None:
    # "主持人...必須在每場賽馬開始之前拿取6枚主持人投注標記...六個不同下注區...這些下注區
    # 仍被視為空置...主持人注碼的結算方式與一般玩家的投注結果結算方式完全相同...18元籌碼"
    state = race(host_bets=True)
    host = state.game.host
    assert state.money == [0, 0, 0, 18] and state.to_act == (host,)
    with pytest.raises(IllegalAction, match="host's six tokens"):
        state.apply(Roll(host))
    state.apply(Bet(host, 1, "win:2/3:2"))
    with pytest.raises(IllegalAction, match="six different spots"):
        state.apply(Bet(host, 1, "win:2/3:2"))
    for spot in ("win:7:0", "show:6:0", "colour:red", "prop:0", "exotic:by-a-nose:0"):
        state.apply(Bet(host, 1, spot))
    assert state.phase == 1 and host in state.to_act  # the race is on
    state.apply(Bet(0, 5, "win:2/3:2"))  # host tokens do not block a spot
    with pytest.raises(IllegalAction, match="during the race"):
        state.apply(Bet(host, 1, "win:8:0"))
    events = finish(state, "2/3")
    settled = {e.seat: e for e in events if e.kind == "settled"}
    assert settled[0].won == 45  # type: ignore[attr-defined]
    # the host's 1-tokens: win 2/3 (9x) wins 9; show 6 wins 1 (every other horse is tied
    # 2nd at 0); win 7 loses 4, red loses 1, the prop "8 > 5 & 9" ties and loses 3,
    # by a nose loses 3
    assert (settled[host].won, settled[host].lost) == (10, 11)  # type: ignore[attr-defined]
    assert state.money[host] == 18 + 10 - 11


def test_host_betting_through_the_harness() -> None:
    game = racebook.load("readysetbet", players=3, host_bets=True)
    report = check_random_games(game, games=10, seed=5, deep=2)
    assert report.games == 10
    result = racebook.simulate(game, games=3, seed=1)
    assert len(result.seats) == 4


def test_the_heuristic_beats_random_betting() -> None:
    game = racebook.load("readysetbet", players=3)
    summary = racebook.simulate(game, ["heuristic", "random", "random"], games=12, seed=3)
    assert len(summary.seats) == 3  # the host's chair rolls; it is not a player
    assert summary.seats[0].mean_score > max(s.mean_score for s in summary.seats[1:])


# -- one Game shared by many tables (threads) ----------------------------------------------


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Threads switch as often as the interpreter allows, so races show up."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


class Crowded(dict[Any, Any]):
    """A cache whose first lookup in each thread waits until every thread has
    looked: they all miss at once, the worst interleaving for a check-then-fill."""

    def __init__(self, parties: int) -> None:
        super().__init__()
        self.barrier = threading.Barrier(parties, timeout=20)
        self.waited: set[int] = set()

    def get(self, key: Any, default: Any = None) -> Any:
        found = super().get(key, default)
        me = threading.get_ident()
        if me not in self.waited:  # looked, now wait for the others to look
            self.waited.add(me)
            self.barrier.wait()
        return found


def run_threads(work: Any, count: int) -> list[str]:
    errors: list[str] = []

    def guarded(i: int) -> None:
        try:
            work(i)
        except Exception as exc:  # reported by the test
            errors.append(f"thread {i}: {exc!r}")

    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return errors


def test_states_sharing_a_game_in_threads_all_miss_the_grid_cache_at_once() -> None:
    # a Game is shared by design: four tables (states) of one game, each its own race
    # cards, all ask for seat 0's bets in the same instant
    game = racebook.load("readysetbet", players=3, vip_cards=())
    game.grids = Crowded(4)  # type: ignore[attr-defined]
    ready = threading.Barrier(4, timeout=20)

    def table(i: int) -> None:
        state = game.new_state(explicit_chance=True)
        assert isinstance(state, ReadySetBetState)
        state.apply(NewRace(CHANCE, tuple(range(5 * i, 5 * i + 5)), i))
        first = state.legal_actions(0)
        ready.wait()  # every table has filled (or replaced) the shared cache
        assert Bet(0, 5, f"prop:{5 * i}") in first
        state.apply(Bet(1, 2, "win:7:0"))  # seat 0 still holds the same tokens
        again = state.legal_actions(0)
        assert Bet(0, 5, f"prop:{5 * i}") in again and Bet(0, 5, "win:7:0") not in again
        state.audit()

    assert run_threads(table, 4) == []


def test_threads_playing_one_shared_game_play_as_if_alone(busy_switching: None) -> None:
    def play(game: racebook.Game[Any, Any], seed: int) -> str:
        state = game.new_state(seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.seats)]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(bots[seat].choose(state, seat))
        return state.digest()

    shared = racebook.load("readysetbet", players=4)
    seen: dict[int, str] = {}

    def table(i: int) -> None:
        for g in range(2):
            seen[2 * i + g] = play(shared, 2 * i + g)

    assert run_threads(table, 6) == []
    alone = {seed: play(racebook.load("readysetbet", players=4), seed) for seed in range(12)}
    assert seen == alone

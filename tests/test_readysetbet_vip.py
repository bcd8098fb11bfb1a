"""Ready Set Bet's VIP cards (貴賓牌, 獎勵投注標記) and the rotating host (主持人輪換)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import racebook
from racebook import CHANCE, ConfigError, IllegalAction
from racebook.agents.base import RandomBot
from racebook.core.log import header_config, parse_action
from racebook.games.readysetbet import (
    HORSES,
    VIP_CARDS,
    Bet,
    BonusBet,
    BonusMove,
    Cash,
    DealVip,
    Dice,
    DiceRun,
    Finished,
    FirstHost,
    Host,
    Keep,
    NewRace,
    ReadySetBet,
    ReadySetBetState,
    Roll,
    Rolled,
    RolledOut,
    RollOut,
    VipCard,
    VipDealt,
    advance,
    horse_of,
    roll_to_finish,
    run_race,
)
from racebook.testing import check_random_games
from racebook.variants import load_variant, read_variant

H = {name: i for i, name in enumerate(HORSES)}
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def card(name: str, nth: int = 0) -> int:
    """The index of the ``nth`` card called ``name`` in the illustrative deck."""
    return [i for i, c in enumerate(VIP_CARDS) if c.name == name][nth]


def new(players: int = 3, **settings: object) -> ReadySetBetState:
    state = racebook.load("readysetbet", players=players, **settings).new_state(
        explicit_chance=True
    )
    assert isinstance(state, ReadySetBetState)
    return state


def start(state: ReadySetBetState) -> None:
    """Chance deals the next race's cards: the first five unused props, an unused exotic."""
    c = state.game.config
    props = tuple([p for p in range(len(c.props)) if p not in state.used_props][:5])
    state.apply(NewRace(CHANCE, props, len(state.exotics)))


def roll(state: ReadySetBetState, a: int, b: int) -> list[racebook.Event]:
    return state.apply(Roll(state.game.host)) + state.apply(Dice(CHANCE, a, b))


def finish(state: ReadySetBetState, horse: str) -> list[racebook.Event]:
    """Move ``horse`` to 14 and roll it once more (no pair)."""
    totals = {"2/3": (1, 2), "6": (2, 4), "7": (3, 4), "8": (4, 4), "11/12": (5, 6)}
    state.pos[H[horse]] = 14
    state.pending = -1
    return roll(state, *totals[horse])


def draft(state: ReadySetBetState, wanted: list[int]) -> list[racebook.Event]:
    """Deal each player ``wanted[seat]`` and a filler from the deck; each keeps ``wanted``."""
    filler = [k for k in (state.deck or state.discards) if k not in wanted]
    cards: list[int] = []
    for k in wanted:
        cards += [k, filler.pop(0)]
    events = state.apply(DealVip(CHANCE, tuple(cards)))
    for seat, k in enumerate(wanted):
        events += state.apply(Keep(seat, k))
    return events


def played(wanted: list[int], players: int = 3, **settings: object) -> ReadySetBetState:
    """A game after race 1 (won by 7, no bets) and a draft keeping ``wanted``: race 2 is on."""
    state = new(players, **settings)
    start(state)
    finish(state, "7")
    draft(state, wanted)
    start(state)
    return state


def test_the_illustrative_deck_has_every_effect_kind() -> None:
    kinds = {c.kind for c in VIP_CARDS}
    assert len(VIP_CARDS) == 32  # "將32張貴賓牌洗勻"
    assert kinds == {"free-chips", "bonus-token", "piggyback", "late-bet", "snake-eyes", "box-cars"}
    bonus = [c for c in VIP_CARDS if c.kind == "bonus-token"]
    assert len(bonus) == 12 and {c.value for c in bonus} == {2, 3, 4, 5, 6, 7}
    assert all(c.shield == (c.value == 2) for c in bonus)  # the 2's Ⓢ


def test_after_race_one_each_player_is_dealt_two_and_keeps_one() -> None:
    # "在第一場賽事結算完所有投注結果後，每位玩家會獲發2張面朝下的貴賓牌，玩家查看後自行
    # 選擇保留其中一張，而另一張則要放到共用的棄牌堆中"
    state = new()
    start(state)
    assert state.to_act[:-1] == (0, 1, 2)
    finish(state, "7")
    assert state.to_act == (CHANCE,)
    events = state.apply(DealVip(CHANCE, (0, 7, 12, 22, 26, 29)))
    assert [e.seat for e in events if isinstance(e, VipDealt)] == [0, 1, 2]
    assert state.to_act == (0, 1, 2)  # all choose at once
    assert [h.card for h in state.view(1).offer] == [12, 22]
    assert state.view(0).offer != state.view(1).offer and state.view(None).offer == ()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="not dealt"):
        state.apply(Keep(0, 12))
    assert state.snapshot() == before
    kept = state.apply(Keep(1, 22))
    assert [(e.kind, e.name) for e in kept] == [("vip-kept", "Late bet")]  # type: ignore[attr-defined]
    assert state.discards == [12] and state.to_act == (0, 2)
    state.apply(Keep(0, 7))
    state.apply(Keep(2, 29))
    assert state.to_act == (CHANCE,)  # the next race's cards
    assert [[h.name for h in v] for v in state.view(None).vip] == [
        ["Bonus token 3 (white)"],
        ["Late bet"],
        ["Box cars"],
    ]
    assert len(state.deck) == 32 - 6 and sorted(state.discards) == [0, 12, 26]


def test_the_dealt_cards_are_secret() -> None:
    state = new()
    start(state)
    finish(state, "7")
    state.apply(DealVip(CHANCE, (0, 7, 12, 22, 26, 29)))
    log = state.log
    mine = [json.loads(line) for line in log.for_seat(1).splitlines()[1:]]
    dealt = [e for e in mine if e["event"] == "vip-dealt"]
    assert [e["cards"] for e in dealt] == [[12, 22]]
    spectator = log.for_seat(None)
    assert "vip-dealt" not in spectator


def test_a_bad_deal_is_refused() -> None:
    state = new()
    start(state)
    finish(state, "7")
    before = state.snapshot()
    for cards in ((0, 0, 1, 2, 3, 4), (0, 1, 2, 3, 4), (0, 1, 2, 3, 4, 40)):
        with pytest.raises(IllegalAction, match="VIP cards"):
            state.apply(DealVip(CHANCE, cards))
    assert state.snapshot() == before


def test_the_discards_are_reshuffled_when_the_deck_runs_out() -> None:
    # "當貴賓牌庫用光，將其棄牌堆的牌洗勻疊好以形成新牌庫" - 8 players take 16 cards a draft
    state = new(8)
    for _ in range(2):
        start(state)
        finish(state, "7")
        draft(state, list(state.deck[:8]))
    assert state.deck == [] and len(state.discards) == 16
    start(state)
    finish(state, "7")
    with pytest.raises(IllegalAction, match="reshuffled discards"):
        state.apply(DealVip(CHANCE, tuple(state.vip[0] + state.discards[:14])))
    discards = list(state.discards)
    draft(state, discards[:8])
    assert sorted(state.deck + state.discards) == sorted(discards[8:]) and state.deck == []
    assert sum(len(v) for v in state.vip) == 24


def test_free_chips_pay_once_when_played() -> None:
    # "免費籌碼：打出這張牌以獲得一次性派彩，之後玩家仍保留這張牌在自己前面"
    chips = card("Free chips $5")
    state = played([chips, card("Late bet"), card("Snake eyes")])
    assert state.to_act == (0, 1, 2, 3)
    assert Cash(0, chips) in state.legal_actions(0)
    state.apply(Cash(0, chips))
    assert state.money[0] == 5 and state.view(None).vip[0][0].played
    with pytest.raises(IllegalAction, match="no unplayed free-chips"):
        state.apply(Cash(0, chips))
    with pytest.raises(IllegalAction, match="no unplayed free-chips"):
        state.apply(Cash(1, chips))


@pytest.mark.parametrize(("at_end", "money"), [(False, 0), (True, 6)])
def test_free_chips_never_played(at_end: bool, money: int) -> None:
    state = played([card("Free chips $6"), 6, 7], races=2, free_chips_at_end=at_end)
    finish(state, "7")
    assert state.is_over and state.money[0] == money


def test_bonus_tokens_pay_and_lose_their_red_circle() -> None:
    # "如果使用這些標記投注且輸掉，該下注玩家除了要支付等同於下注區上紅圈數字的籌碼外，
    # 還要就其押下的獎勵投注標記所示的紅圈數字支付相應的籌碼"
    five = card("Bonus token 5 (white)")  # value 5, its own loss 2
    state = played([five, card("Bonus token 7 (black)"), 6])
    assert state.bonus[0] == [five] and BonusBet(0, five, "win:7:0") in state.legal_actions(0)
    state.apply(BonusBet(0, five, "win:7:0"))  # 3/-4
    state.apply(BonusBet(1, card("Bonus token 7 (black)"), "win:8:0"))  # 3/-2, its own -3
    with pytest.raises(IllegalAction, match="no bonus token"):
        state.apply(BonusBet(0, five, "win:6:0"))
    state.money[1] = 20
    events = finish(state, "7")
    settled = {e.seat: e for e in events if e.kind == "settled"}
    assert settled[0].won == 15  # type: ignore[attr-defined]
    assert settled[1].lost == 2 + 3 and state.money[1] == 15  # type: ignore[attr-defined]


def test_the_two_tokens_shield_cancels_the_spots_loss() -> None:
    # "面值為2的獎勵投注標記...會使這些獎勵投注標記所在的下注區的虧本值失效"
    two = card("Bonus token 2 (white)")
    state = played([two, 6 + 6, 7])
    state.money[0] = 10
    state.apply(BonusBet(0, two, "win:7:0"))  # 3/-4, cancelled
    finish(state, "2/3")
    assert state.money[0] == 10


def test_a_shielded_token_pays_nothing_to_the_supply_even_with_its_own_loss() -> None:
    # "它會使這些獎勵投注標記所在的下注區的虧本值失效，換言之，若玩家使用了這類標記下注且
    # 輸掉，是不須向供應堆支付任何籌碼的": a variant's shielded token with a red circle of
    # its own still pays nothing when it loses
    deck = (VipCard("Shielded 2", "bonus-token", value=2, loss=3, shield=True), *VIP_CARDS[:6])
    state = played([0, 1, 2], vip_cards=deck)
    state.money[0] = 10
    state.apply(BonusBet(0, 0, "win:7:0"))  # 3/-4: cancelled, and so is the token's -3
    events = finish(state, "2/3")
    assert [e.lost for e in events if e.kind == "settled" and e.seat == 0] == [0]  # type: ignore[attr-defined]
    assert state.money[0] == 10


def test_piggyback_puts_a_token_on_another_players_token() -> None:
    # "在另一位玩家的投注標記上放置指定的投注標記"
    pig = card("Piggyback 3")
    state = played([pig, 6, 7])
    state.apply(Bet(1, 5, "win:2/3:2"))
    state.apply(Bet(0, 4, "win:7:0"))
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="taken"):
        state.apply(Bet(0, 2, "win:2/3:2"))  # only the card's token, the 3
    with pytest.raises(IllegalAction, match="taken"):
        state.apply(Bet(0, 3, "win:7:0"))  # not on one's own token
    assert state.snapshot() == before
    assert Bet(0, 3, "win:2/3:2") in state.legal_actions(0)
    events = state.apply(Bet(0, 3, "win:2/3:2"))
    assert events[0].vip == "Piggyback 3"  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="taken"):
        state.apply(Bet(2, 2, "win:2/3:2"))  # one extra token a spot
    with pytest.raises(IllegalAction, match="taken"):
        state.apply(Bet(0, 3, "win:2/3:2"))
    assert [b[:3] for b in state.view(None).bets if b[0] == "win:2/3:2"] == [
        ("win:2/3:2", 0, 3),
        ("win:2/3:2", 1, 5),
    ]
    events = finish(state, "2/3")
    settled = {e.seat: e for e in events if e.kind == "settled"}
    assert (settled[0].won, settled[1].won) == (27, 45)  # type: ignore[attr-defined]


def test_a_late_bet_after_no_more_bets() -> None:
    # "在三匹馬已越過紅線之後仍可以下注"
    late = card("Late bet")
    state = played([late, 6, 7])
    state.pos[H["6"]] = state.pos[H["8"]] = state.pos[H["5"]] = 9
    roll(state, 2, 4)
    roll(state, 3, 5)
    roll(state, 1, 4)
    assert not state.open and state.to_act == (0, state.game.host)
    with pytest.raises(IllegalAction, match="no more bets"):
        state.apply(Bet(1, 5, "win:7:0"))
    events = state.apply(Bet(0, 5, "win:7:0"))
    assert events[0].vip == "Late bet"  # type: ignore[attr-defined]
    assert state.late[0] == 0 and state.to_act == (state.game.host,)
    with pytest.raises(IllegalAction, match="no more bets"):
        state.apply(Bet(0, 4, "win:7:1"))


def test_snake_eyes_and_box_cars_pay_their_holders() -> None:
    state = played([card("Snake eyes"), card("Box cars"), card("Snake eyes", 1)])
    events = roll(state, 1, 1)
    paid = [(e.seat, e.amount) for e in events if e.kind == "vip-paid"]  # type: ignore[attr-defined]
    assert paid == [(0, 1), (2, 1)] and state.money == [1, 0, 1]
    roll(state, 6, 6)
    roll(state, 3, 4)
    roll(state, 1, 1)
    assert state.money == [2, 1, 2]


def test_the_heuristic_and_random_bots_play_the_full_game() -> None:
    game = racebook.load("readysetbet", players=4)
    bots = ["heuristic", "random", "heuristic", "random"]
    summary = racebook.simulate(game, bots, games=3, seed=2)
    assert len(summary.seats) == 4


def test_vip_games_through_the_harness() -> None:
    for players in (3, 8):
        game = racebook.load("readysetbet", players=players)
        assert check_random_games(game, games=8, seed=players, deep=2).games == 8


# -- the rotating host ---------------------------------------------------------------------


def rotating(players: int = 3, **settings: object) -> ReadySetBetState:
    state = new(players, rotating_host=True, **settings)
    assert state.to_act == (CHANCE,)
    state.apply(FirstHost(CHANCE, 1))  # "首先隨機決定第一位主持人玩家"
    return state


def host_tokens(state: ReadySetBetState) -> None:
    seat = state.hosting
    for spot in ("win:2/3:0", "win:7:0", "show:6:0", "colour:red", "colour:orange", "place:8:0"):
        state.apply(Bet(seat, 1, spot))


def test_the_rotating_host_bets_host_tokens_and_not_the_race() -> None:
    # "該玩家須要使用6枚主持人投注標記"
    state = rotating()
    start(state)
    assert state.hosting == 1 and state.to_act == (1,) and state.hands[1] == []
    host_tokens(state)
    assert state.to_act == (0, 2, 3)  # the host's chair rolls, the host player does not bet
    with pytest.raises(IllegalAction, match="may not act"):
        state.apply(Bet(1, 5, "win:7:1"))
    state.apply(Bet(0, 5, "win:2/3:0"))  # host tokens do not block
    events = finish(state, "2/3")
    settled = {e.seat: e for e in events if e.kind == "settled"}
    # win 2/3 (7x) 7; every other horse ties 2nd at 0: show 6 (1x) 1, place 8 (2x) 2
    assert settled[1].won == 7 + 1 + 2  # type: ignore[attr-defined]
    assert settled[0].won == 35  # type: ignore[attr-defined]


def test_the_offer_goes_to_the_left_and_the_last_resort_is_forced() -> None:
    # "當前主持人左邊的第一位玩家就有權選擇成為主持人，若受到拒絕，就由順時針方向的下一位
    # 玩家有權選擇...假如最終無人應允，當前主持人左邊的第一位玩家就會強制成為主持人"
    state = rotating(4, vip_cards=())
    start(state)
    host_tokens(state)
    finish(state, "7")
    assert state.to_act == (1,) and state.view(None).asked == 1  # the host first
    state.apply(Host(1, True))
    assert state.hosting == 1 and state.to_act == (CHANCE,)
    money = list(state.money)
    start(state)
    assert state.money[1] - money[1] == 3  # "第二場賽事主持人的玩家會從供應堆獲得3元籌碼"
    host_tokens(state)
    finish(state, "7")
    state.apply(Host(1, False))
    assert state.to_act == (2,)
    state.apply(Host(2, False))
    events = state.apply(Host(3, True))
    assert state.hosting == 3 and [e.how for e in events] == ["accepts"]  # type: ignore[attr-defined]
    money = list(state.money)
    start(state)
    assert state.money[3] - money[3] == 6
    host_tokens(state)
    finish(state, "7")
    for seat in (3, 0, 1, 2):  # the host, then everyone to the left, all decline
        state.apply(Host(seat, False))
    assert state.hosting == 0  # forced: the first to the left of 3
    money = list(state.money)
    start(state)
    assert state.money[0] - money[0] == 9 and state.money[1:] == money[1:]


def test_the_host_uses_no_vip_card_that_race() -> None:
    # "成為主持人的玩家不得在該場賽事中使用自己的貴賓牌"
    chips, snake = card("Free chips $3"), card("Snake eyes")
    state = rotating()
    start(state)
    host_tokens(state)
    finish(state, "7")
    # the host keeps free chips: "必須立即結算其效果"
    events = draft(state, [snake, chips, card("Snake eyes", 1)])
    assert [(e.seat, e.amount) for e in events if e.kind == "vip-paid"] == [(1, 3)]  # type: ignore[attr-defined]
    assert state.view(None).vip[1][0].played
    state.apply(Host(1, False))
    state.apply(Host(2, False))
    state.apply(Host(0, True))
    start(state)  # seat 0 hosts race 2 with a snake-eyes card
    host_tokens(state)
    assert 0 not in state.to_act
    roll(state, 1, 1)
    assert state.money[0] == 3 and state.money[2] == 1  # 0 was paid to host, not for 1+1
    with pytest.raises(IllegalAction):
        state.apply(Cash(0, chips))


@pytest.mark.parametrize(
    ("players", "rotating", "tokens"),
    [
        (6, False, [2, 3, 3, 4, 5]),
        (7, False, [2, 3, 4, 5]),  # 7 bettors and the host
        (8, False, [2, 3, 4, 5]),
        (7, True, [2, 3, 3, 4, 5]),  # 7 players, one hosts: 6 bettors a race
        (8, True, [2, 3, 4, 5]),  # 8 players, one hosts: 7 bettors a race
    ],
)
def test_setup_step_9_seven_or_eight_non_host_players_return_a_3(
    players: int, rotating: bool, tokens: list[int]
) -> None:
    # Ready Set Bet, setup step 9: "主持人以外的每位玩家拿取一組5枚相同顏色的玩家投注標記。
    # 如果有七或八位非主持人的玩家，每位玩家就要將其3號標記放回盒中": the non-host players count
    state = new(players, rotating_host=rotating, vip_cards=())
    if rotating:
        state.apply(FirstHost(CHANCE, 0))
    start(state)
    assert state.game.config.token_set == tuple(tokens)
    bettors = [s for s in range(players) if s != state.hosting]
    assert all(state.hands[s] == tokens for s in bettors)
    assert len(bettors) == (players - 1 if rotating else players)


@pytest.mark.parametrize(
    ("players", "rotating", "tokens"),
    [
        (6, False, [2, 3, 3, 4, 5]),
        (7, False, [2, 3, 4, 5]),  # a fixed host's chair is not a player: the same
        (6, True, [2, 3, 3, 4, 5]),
        (7, True, [2, 3, 4, 5]),  # 7 players, one hosts: all 7 count
    ],
)
def test_seven_or_eight_counts_all_the_betting_sections_reading(
    players: int, rotating: bool, tokens: list[int]
) -> None:
    # 投注: "在七或八人遊戲時，每位非主持人玩家須在遊戲開始前交回一枚3號投注標記"
    state = new(players, rotating_host=rotating, vip_cards=(), seven_or_eight_counts="all")
    if rotating:
        state.apply(FirstHost(CHANCE, 0))
    start(state)
    assert state.game.config.token_set == tuple(tokens)
    assert all(state.hands[s] == tokens for s in range(players) if s != state.hosting)


def test_seven_or_eight_counts_is_one_of_the_two_readings() -> None:
    with pytest.raises(ConfigError) as info:
        racebook.load("readysetbet", seven_or_eight_counts="host")
    assert info.value.field == "seven_or_eight_counts"


def as_format_1(text: str) -> str:
    """A log of this library rewritten as racebook 0.1 wrote it: header version 1,
    no ``seven_or_eight_counts`` in the config, and at each checkpoint the full
    state's digest (format 1) instead of the chain."""
    lines = [json.loads(line) for line in text.splitlines()]
    header = lines[0]
    header["version"] = 1
    header["config"] = header_config(ReadySetBet, header)  # formats 1-3: every setting
    del header["defaults"], header["config"]["seven_or_eight_counts"]
    game = racebook.replay(text).game
    state = game.new_state(explicit_chance=True)
    out = [header]
    for obj in lines[1:]:
        if "end" in obj:  # formats 1 to 4: the state's digest (5 seals it with the lines)
            out.append({"end": obj["end"], "digest": state.digest()})
        elif "digest" in obj:
            assert obj["after"] == len(state.log)
            out.append({"digest": state.digest(), "after": obj["after"]})
        else:
            action = parse_action(game, obj, 0)
            state.apply(action)
            out.append(action.to_data())  # formats 1 and 2 wrote an object
    return "".join(json.dumps(obj, ensure_ascii=False) + "\n" for obj in out)


def test_a_format_1_log_replays_with_the_reading_it_was_played_with() -> None:
    # racebook 0.1 counted all 7 players with the rotating host (4 tokens each); its
    # logs have no seven_or_eight_counts and replay with "all" (upgrade_config)
    game = racebook.load("readysetbet", players=7, rotating_host=True, seven_or_eight_counts="all")
    state = game.new_state(seed=11)
    rng = random.Random(11)
    while not state.is_over:
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    assert state.game.config.token_set == (2, 3, 4, 5)
    old = as_format_1(state.log.dumps())
    assert sum('"digest"' in line for line in old.splitlines()) == 5  # 4 races + the end
    again = racebook.replay(old)
    assert again.game.config.seven_or_eight_counts == "all"
    assert again.digest() == state.digest()
    # the same log read as a later format (3, a full config) gets today's default
    # ("non-host": 5 tokens for 6 bettors), which is not the game that was played
    lines = state.log.dumps().splitlines()
    header = json.loads(lines[0])
    header["version"] = 3  # a full config without the setting
    header["config"] = header_config(ReadySetBet, header)
    del header["defaults"], header["config"]["seven_or_eight_counts"]
    edited = "\n".join([json.dumps(header, ensure_ascii=False), *lines[1:]]) + "\n"
    with pytest.raises(racebook.LogError):
        racebook.replay(edited)


def test_rotating_games_through_the_harness() -> None:
    for players in (2, 5):
        game = racebook.load("readysetbet", players=players, rotating_host=True)
        assert check_random_games(game, games=6, seed=players, deep=2).games == 6


# -- data ------------------------------------------------------------------------------------


def test_a_real_vip_list_loads_from_a_variant_file() -> None:
    game = load_variant(EXAMPLES / "variants" / "readysetbet_vip.toml")
    cards = game.config.vip_cards
    assert all(isinstance(c, VipCard) for c in cards) and len(cards) >= 4
    assert check_random_games(game, games=3, seed=1, deep=1).games == 3


@pytest.mark.parametrize(
    ("settings", "field", "words"),
    [
        ({"vip_cards": [{"name": "X", "kind": "teleport"}]}, "vip_cards", "unknown kind"),
        ({"vip_cards": [{"name": "X", "kind": "free-chips"}]}, "vip_cards", "amount >= 1"),
        ({"vip_cards": [{"name": "X", "kind": "bonus-token", "loss": 2}]}, "vip_cards", "value"),
        ({"rotating_host": True, "host_bets": True}, "rotating_host", "host_bets"),
        ({"rotating_host": True, "players": 1}, "rotating_host", "2 or more"),
        ({"host_pay": [0, -3]}, "host_pay", "0 or more"),
    ],
)
def test_unplayable_vip_and_host_settings_are_refused(
    settings: dict[str, object], field: str, words: str
) -> None:
    text = json.dumps({"game": "readysetbet", "settings": settings})
    with pytest.raises(ConfigError, match=words) as info:
        read_variant(text, "json")
    assert info.value.field == field


# -- the roll-out ------------------------------------------------------------------------------


def all_down(**settings: object) -> ReadySetBetState:
    """One bettor, every token down: only the host may act."""
    state = new(1, vip_cards=(), **settings)
    start(state)
    for token, spot in zip(
        (2, 3, 3, 4, 5), ("win:7:0", "win:6:0", "show:8:0", "colour:red", "prop:0"), strict=True
    ):
        state.apply(Bet(0, token, spot))
    return state


def test_a_roll_out_only_when_nobody_else_may_act() -> None:
    state = new(2, vip_cards=())
    start(state)
    host = state.game.host
    assert RollOut(host) not in state.legal_actions(host)
    with pytest.raises(IllegalAction, match="one roll at a time"):
        state.apply(RollOut(host))
    down = all_down()
    host = down.game.host
    assert down.to_act == (host,) and down.legal_actions(host) == [Roll(host), RollOut(host)]
    with pytest.raises(IllegalAction, match="may not act"):
        down.apply(RollOut(0))


@pytest.mark.parametrize(
    ("dice", "words"), [("3", "pairs"), ("3x", "pairs"), ("07", "pairs"), ("3434", "finish")]
)
def test_a_broken_dice_run_is_refused(dice: str, words: str) -> None:
    state = all_down()
    state.apply(RollOut(state.game.host))
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=words):
        state.apply(DiceRun(CHANCE, dice))
    state.pos[4] = 14  # one more 7 finishes: a run going on past it is refused
    with pytest.raises(IllegalAction, match="finish"):
        state.apply(DiceRun(CHANCE, "3434"))
    state.pos[4] = 0
    assert state.snapshot() == before


@given(
    seed=st.integers(0, 2**32),
    start_at=st.lists(st.integers(0, 13), min_size=9, max_size=9),
    pending=st.integers(-1, 8),
)
def test_a_roll_out_is_the_same_rolls_one_by_one(
    seed: int, start_at: list[int], pending: int
) -> None:
    one, run = all_down(), all_down()
    for state in (one, run):
        state.pos[:] = start_at
        state.pending = pending
        state.money[0] = 7
    c = one.game.config
    dice = roll_to_finish(start_at, pending, random.Random(seed), c.track, c.bonus)
    told = run.apply(RollOut(run.game.host)) + run.apply(DiceRun(CHANCE, dice))
    said: list[racebook.Event] = []
    for i in range(0, len(dice), 2):
        said += roll(one, int(dice[i]), int(dice[i + 1]))
    assert run.snapshot() == one.snapshot()
    kept = ("red-line", "no-more-bets", "snake-eyes", "box-cars", "finish", "settled")
    assert [e for e in told if e.kind in kept] == [e for e in said if e.kind in kept]


def test_a_roll_out_tells_the_spaces_moved_cut_at_the_finish() -> None:
    # "一旦有馬匹到達終點線(賽道上第15個格子)，賽事就會立即完結": a 4 on 11 rolled twice
    # moves 1, then 3 of its 1 + 3
    state = all_down()
    state.pos[H["4"]] = 11
    state.apply(RollOut(state.game.host))
    events = state.apply(DiceRun(CHANCE, "1322"))
    told = [e for e in events if isinstance(e, RolledOut)]
    assert [(e.dice, e.moved) for e in told] == [("1322", (1, 3))]
    assert events[0] == told[0] and state.view(None).positions == (0,) * 9  # the next race


def replay_moves(events: list[racebook.Event], pos: list[int]) -> None:
    """Move ``pos`` as the commentary says: ``rolled`` (with its ``bonus``) and ``rolled-out``."""
    bonus = 0
    for e in events:
        if isinstance(e, Rolled):
            assert bonus == 0, "a bonus event belongs to the roll before it"
            pos[H[e.horse]] += e.moved
            assert pos[H[e.horse]] == e.position
            bonus = e.moved - 1
        elif isinstance(e, BonusMove):
            assert e.spaces == bonus > 0
            bonus = 0
        elif isinstance(e, RolledOut):
            it = iter(e.dice)
            pairs = [horse_of(int(x) + int(y)) for x, y in zip(it, it, strict=True)]
            for h, moved in zip(pairs, e.moved, strict=True):
                assert moved >= 1
                pos[h] += moved
    assert bonus == 0, "a roll that moved more than one space has its bonus event"


@given(seed=st.integers(0, 2**32), one_by_one=st.integers(0, 200))
def test_the_commentary_moves_the_horses_where_the_state_has_them(
    seed: int, one_by_one: int
) -> None:
    # an app animating the race from the events lands where the state says, at every
    # roll and at the finish ("賽道上第15個格子"), for rolls one by one and a roll-out
    state = all_down()
    c = state.game.config
    dice = roll_to_finish([0] * 9, -1, random.Random(seed), c.track, c.bonus)
    head, tail = dice[: 2 * one_by_one], dice[2 * one_by_one :]
    shown = [0] * 9
    events: list[racebook.Event] = []
    for i in range(0, len(head), 2):
        events = roll(state, int(head[i]), int(head[i + 1]))
        replay_moves(events, shown)
        if state.phase == 1:  # still racing
            assert shown == state.pos
    if tail:
        events = state.apply(RollOut(state.game.host)) + state.apply(DiceRun(CHANCE, tail))
        replay_moves(events, shown)
    final = next(e for e in events if isinstance(e, Finished))
    assert shown == list(final.positions) and max(shown) == c.track


def test_random_games_roll_out_and_replay() -> None:
    state = racebook.load("readysetbet", players=3).new_state(seed=3)
    bots = [RandomBot(s) for s in range(4)]
    while not state.is_over:
        seat = state.to_act[0]  # bettors first: every race ends in a roll-out
        state.apply(bots[seat].choose(state, seat))
    kinds = [a.kind for a in state._entries]
    assert kinds.count("roll-out") >= 1
    assert racebook.replay(state.log.dumps()).digest() == state.digest()


def test_hidden_variants_redeal_what_a_seat_cannot_see() -> None:
    state = new(4)
    start(state)
    finish(state, "7")
    state.apply(DealVip(CHANCE, tuple(range(8))))
    rng = random.Random(1)
    variants = [state.hidden_variant(0, rng) for _ in range(20)]
    assert all(v.view(0) == state.view(0) for v in variants)
    assert all(v.offers[0] == state.offers[0] for v in variants)
    assert any(v.offers[1] != state.offers[1] for v in variants)  # the check has teeth
    assert any(v.view(1) != state.view(1) for v in variants)
    for v in variants:
        v.audit()


@given(seed=st.integers(0, 2**32), pending=st.integers(-1, 8))
def test_the_fast_path_is_the_validated_path(seed: int, pending: int) -> None:
    # run_race and roll_to_finish write advance() inline, and draw the same dice: the
    # dice replayed through advance() itself move the horses as run_race did
    c = racebook.load("readysetbet").config
    fast = [0] * 9
    rolls = run_race(fast, pending, random.Random(seed), c.track, c.bonus)
    dice = roll_to_finish([0] * 9, pending, random.Random(seed), c.track, c.bonus)
    assert len(dice) == 2 * rolls
    slow = [0] * 9
    it = iter(dice)
    for x, y in zip(it, it, strict=True):
        pending = advance(slow, pending, horse_of(int(x) + int(y)), c.bonus, c.track)
    assert slow == fast

"""A full Ready Set Bet game without an API: five random bettors, four races.

Left out: no validation, no log, no events, no views; no host variants (the
host only rolls: no host tokens, no rotating host), no rule modules; the
default settings only (5 bettors, $0 to start, track 15, red line 10, betting
closes when the third horse crosses it, tokens 2 3 3 4 5, 5 prop cards a race,
one more exotic finish card a race, the illustrative 32-card VIP deck dealt
two a player after races 1-3).  The roll and the roll-out are one loop here
(the library's roll-out is one action for the rest of the race's dice).

The yardstick of ``benchmarks/run.py`` for a whole Ready Set Bet game (issue
#38): the same game racebook plays, with the same random choices, and nothing
else.  ``readysetbet.py`` beside it is one race's dice alone.

Rules: the Ready Set Bet rulebook (Traditional Chinese edition), sections
投注 (one token per spot, first come first served), 就馬匹顏色投注 (colour
bets), 特定主題投注 (prop bets), 特別彩池 (exotic finishes: at most one of a
player's tokens on each card), 進行賽馬 and 獎勵移動 (the host's dice and the
pair bonus), 截止投注 (no more bets once the third horse crosses the red
line), 賽事結束 and 結算投注結果 (a win pays token x multiplier, a loss the red
circle, nobody below $0), 貴賓牌 (the VIP draft: two dealt, one kept; free
chips, bonus tokens, piggyback, late bets, snake eyes and box cars) and 整理.
Where the rulebook prints no list (the board's rates, the prop and exotic
cards, the VIP deck), racebook's defaults are used as data here.

Every choice is uniform over the legal ones, as racebook's random bot makes
it, and made in the order its benchmark loop asks (the first seat of
``to_act``): each bettor in seat order while it may act, among its token
values times its open spots, its bonus tokens times its open spots, its
piggyback values times the spots another player's token holds alone, and its
free-chips cards; then the host, alone, rolls one roll or the rest of the race
(one chance in two); after a race, each player keeps one of its two VIP cards.

    python benchmarks/reference/readysetbet_game.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time

PLAYERS = 5
RACES = 4
TRACK = 15
RED_LINE = 10
CLOSE_AFTER = 3
TOKENS = (2, 3, 3, 4, 5)
BONUS = (3, 3, 2, 1, 0, 1, 2, 3, 3)  # horses 2/3, 4, 5, 6, 7, 8, 9, 10, 11/12
HORSE_OF_ROLL = tuple(min(max(a + b - 3, 0), 8) for a in range(1, 7) for b in range(1, 7))
BLUE, ORANGE, RED, SEVEN = (0, 1, 7, 8), (2, 6), (3, 5), 4

# the board: per horse, (multiplier, red-circle loss) of show x2, place x2, win x3
OUTER = ((4, 4), (4, 3), (5, 4), (5, 3), (7, 2), (8, 2), (9, 2))
FOURTEN = ((3, 1), (3, 0), (4, 1), (4, 0), (5, 1), (6, 0), (7, 0))
FIVENINE = ((2, 3), (2, 0), (2, 2), (3, 2), (4, 2), (4, 0), (5, 0))
SIXEIGHT = ((1, 2), (1, 0), (2, 5), (2, 4), (3, 2), (3, 1), (3, 0))
SEVENS = ((1, 3), (1, 1), (2, 6), (2, 5), (3, 4), (3, 3), (3, 2))
BOARD = (OUTER, FOURTEN, FIVENINE, SIXEIGHT, SEVENS, SIXEIGHT, FIVENINE, FOURTEN, OUTER)
PLACE_NEEDED = (3, 3, 2, 2, 1, 1, 1)  # show, show, place, place, win, win, win
COLOURS = ((5, 1), (3, 1), (2, 1), (4, 0))  # blue, orange, red, "7 finishes 5th or worse"
BOARD_SPOTS = 9 * 7 + 4
BOARD_RATES = [r for row in BOARD for r in row] + list(COLOURS)

# the 28 prop cards: (ahead, horses it must beat, multiplier, loss)
PROPS = tuple(
    (a, tuple(b for b in behind if b != a), m, loss)
    for a, behind, m, loss in (
        (5, (2, 6), 3, 3), (1, (6,), 2, 1), (5, BLUE, 2, 3), (6, (5,), 2, 1),
        (2, (5,), 3, 3), (1, (2,), 3, 3), (8, (5,), 4, 3), (6, (3,), 3, 3),
        (6, (4,), 4, 4), (4, BLUE, 2, 6), (0, (2,), 2, 1), (7, (5,), 3, 2),
        (8, (6,), 3, 3), (0, (5,), 4, 3), (1, (3,), 4, 3), (7, (6,), 2, 1),
        (2, (3,), 2, 1), (8, (3,), 3, 2), (8, (2,), 2, 1), (1, (5,), 3, 2),
        (3, BLUE, 3, 5), (2, (4,), 3, 2), (0, (6,), 3, 3), (3, (2, 6), 3, 3),
        (7, (2,), 3, 3), (0, (3,), 3, 2), (7, (3,), 4, 3), (4, (2, 6), 2, 5),
    )
)  # fmt: skip
# the 5 exotic finish cards: (multiplier, loss); 0 by a nose, 1 blow-out,
# 2 tight race, 3 late start, 4 photo finish
EXOTICS = ((5, 3), (4, 2), (6, 2), (4, 1), (5, 3))

# the illustrative VIP deck: (kind, value or amount, extra loss, shield)
FREE, BONUS_TOKEN, PIGGYBACK, LATE, SNAKE, BOXCARS = range(6)
VIP = (
    *((FREE, a, 0, False) for a in (3, 3, 4, 4, 5, 6)),
    *(
        (BONUS_TOKEN, v, loss, v == 2)
        for _ in range(2)
        for v, loss in ((2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3))
    ),
    *((PIGGYBACK, v, 0, False) for v in (2, 3, 4, 5)),
    *((LATE, 1, 0, False) for _ in range(4)),
    *((SNAKE, 1, 0, False) for _ in range(3)),
    *((BOXCARS, 1, 0, False) for _ in range(3)),
)
VIP_DEAL = 2


def wins(
    spot: int, pos: list[int], places: list[int], props: list[int], exotics: list[int]
) -> bool:
    """Whether a token on ``spot`` wins, from the final positions."""
    if spot < 63:  # win, place and show: a tie for 2nd shares, nobody behind it shows
        return places[spot // 7] <= PLACE_NEEDED[spot % 7]
    if spot < BOARD_SPOTS:
        if spot == 66:  # "7 finishes 5th or worse": four horses strictly ahead of 7
            return sum(1 for p in pos if p > pos[SEVEN]) >= 4
        return places.index(1) in (BLUE, ORANGE, RED)[spot - 63]
    card = spot - BOARD_SPOTS
    if card < len(props):  # a prop: strictly ahead of every horse named (a tie loses)
        a, behind, _, _ = PROPS[props[card]]
        return all(pos[a] > pos[b] for b in behind)
    name = exotics[(card - len(props)) // 3]
    ranked = sorted(pos, reverse=True)
    if name == 0:
        return ranked[0] - ranked[1] == 1
    if name == 1:
        return ranked[0] - ranked[1] > 5
    if name == 2:
        return min(pos) >= 6
    if name == 3:
        return sum(1 for p in pos if p <= 3) >= 2
    return ranked[0] - ranked[2] <= 3


def race(
    rng: random.Random,
    money: list[int],
    vip: list[list[int]],
    cashed: set[int],
    props: list[int],
    exotics: list[int],
    stats: list[int],
) -> None:
    """One race, settled into ``money``; ``stats[0]`` counts the decisions."""
    rand = rng.random
    nprops = len(props)
    nspots = BOARD_SPOTS + nprops + 3 * len(exotics)
    rates = BOARD_RATES + [PROPS[p][2:] for p in props]
    rates += [EXOTICS[e] for e in exotics for _ in range(3)]
    plain_end = BOARD_SPOTS + nprops  # exotic spots come after it
    free = list(range(nspots))
    plain = plain_end  # free spots before the exotic ones
    owner = [-1] * nspots  # the seat of the token alone on a spot
    bets: list[tuple[int, int, int, int]] = []  # (spot, seat, token, VIP card or -1)
    stacked = [False] * nspots
    hands = [list(TOKENS) for _ in range(PLAYERS)]
    bonus: list[list[int]] = [[] for _ in range(PLAYERS)]
    cash: list[list[int]] = [[] for _ in range(PLAYERS)]
    piggy: list[tuple[int, ...]] = [()] * PLAYERS
    late = [0] * PLAYERS
    doubles = [[0] * PLAYERS, [0] * PLAYERS]  # snake eyes, box cars: what each seat collects
    barred: list[set[int]] = [set() for _ in range(PLAYERS)]  # exotic spots barred to a seat
    for s in range(PLAYERS):
        for k in vip[s]:
            kind, amount = VIP[k][0], VIP[k][1]
            if kind == BONUS_TOKEN:
                bonus[s].append(k)
            elif kind == LATE:
                late[s] += amount
            elif kind == FREE and k not in cashed:
                cash[s].append(k)
            elif kind == PIGGYBACK:
                piggy[s] = tuple(sorted({*piggy[s], amount}))
            elif kind == SNAKE:
                doubles[0][s] += amount
            elif kind == BOXCARS:
                doubles[1][s] += amount
    is_open = True
    pos = [0] * 9
    pending = -1
    crossed = 0
    decisions = 0
    while True:
        # the bettors, in seat order, while one may act
        for s in range(PLAYERS):
            hand, bon, csh, bar = hands[s], bonus[s], cash[s], barred[s]
            while True:
                may_bet = (is_open or late[s]) and (hand or bon)
                if may_bet and not (bon or csh or bar or piggy[s]):  # tokens alone: most bets
                    values = sorted(set(hand))
                    nv = len(values)
                    k = int(rand() * (nv * len(free)))
                    spot, token, card = free[k // nv], values[k % nv], -1
                    hand.remove(token)
                elif may_bet or csh:
                    spots = free
                    if bar:
                        spots = free[:plain] + [x for x in free[plain:] if x not in bar]
                    values = sorted(set(hand)) if may_bet else []
                    stacking = [v for v in piggy[s] if v in hand] if may_bet else []
                    stack = (
                        [
                            x
                            for x, _, _, _ in bets
                            if owner[x] != s and not stacked[x] and x not in bar
                        ]
                        if stacking
                        else []
                    )
                    ns = len(spots) if may_bet else 0
                    own = len(values) * ns
                    cards = len(bon) * ns
                    pig = len(stacking) * len(stack)
                    total = own + cards + pig + len(csh)
                    if not total:
                        break
                    k = int(rand() * total)
                    if k < own:
                        spot, token, card = spots[k // len(values)], values[k % len(values)], -1
                        hand.remove(token)
                    elif k < own + cards:
                        k -= own
                        card = bon.pop(k // ns)
                        spot, token = spots[k % ns], VIP[card][1]
                    elif k < own + cards + pig:
                        k -= own + cards
                        spot, token, card = stack[k % len(stack)], stacking[k // len(stack)], -1
                        hand.remove(token)
                    else:  # a free-chips card: its payout now
                        card = csh.pop(k - own - cards - pig)
                        cashed.add(card)
                        money[s] += VIP[card][1]
                        decisions += 1
                        continue
                else:
                    break
                decisions += 1
                if not is_open:
                    late[s] -= 1
                if owner[spot] >= 0:  # a piggyback token, on another player's
                    stacked[spot] = True
                else:
                    owner[spot] = s
                    free.remove(spot)
                    if spot < plain_end:
                        plain -= 1
                bets.append((spot, s, token, card))
                if spot >= plain_end:  # one token of a player per exotic card
                    first = plain_end + (spot - plain_end) // 3 * 3
                    bar.update((first, first + 1, first + 2))
        # the host: one roll, or the rest of the race (one chance in two)
        decisions += 1
        out = int(rand() * 2)
        while True:
            i = int(rand() * 36)
            h = HORSE_OF_ROLL[i]
            was = pos[h]
            if pending == h:
                p = was + 1 + BONUS[h]
                pending = -1
            else:
                p = was + 1
                pending = h
            if i == 0 or i == 35:  # snake eyes, box cars
                paid = doubles[i == 35]
                for s in range(PLAYERS):
                    money[s] += paid[s]
            if p < RED_LINE:  # most rolls
                pos[h] = p
            else:
                if was < RED_LINE:
                    crossed += 1
                    if crossed == CLOSE_AFTER:
                        is_open = False
                if p >= TRACK:
                    pos[h] = TRACK
                    stats[0] += decisions
                    settle(money, pos, bets, rates, props, exotics)
                    return
                pos[h] = p
            if not out:
                break


def settle(
    money: list[int],
    pos: list[int],
    bets: list[tuple[int, int, int, int]],
    rates: list[tuple[int, int]],
    props: list[int],
    exotics: list[int],
) -> None:
    """結算投注結果: wins first, then losses, nobody below $0."""
    ranked = sorted(pos, reverse=True)
    places = [ranked.index(p) + 1 for p in pos]
    won = [0] * PLAYERS
    lost = [0] * PLAYERS
    for spot, seat, token, card in bets:
        mult, loss = rates[spot]
        if (
            places[spot // 7] <= PLACE_NEEDED[spot % 7]  # wins(), inline for the board
            if spot < 63
            else wins(spot, pos, places, props, exotics)
        ):
            won[seat] += token * mult
        elif card < 0:
            lost[seat] += loss
        elif not VIP[card][3]:  # a bonus token's own red circle; the shield pays nothing
            lost[seat] += loss + VIP[card][2]
    for s in range(PLAYERS):
        m = money[s] + won[s]
        money[s] = m - min(m, lost[s])


def game(rng: random.Random, stats: list[int]) -> list[int]:
    """One random game; each player's final money (``stats[0]`` counts the decisions)."""
    money = [0] * PLAYERS
    vip: list[list[int]] = [[] for _ in range(PLAYERS)]
    cashed: set[int] = set()
    deck = list(range(len(VIP)))
    discards: list[int] = []
    used: set[int] = set()
    exotics: list[int] = []
    for r in range(RACES):
        props = sorted(rng.sample([p for p in range(len(PROPS)) if p not in used], 5))
        used.update(props)
        exotics.append(rng.choice([e for e in range(len(EXOTICS)) if e not in exotics]))
        race(rng, money, vip, cashed, props, exotics, stats)
        if r == RACES - 1:
            break
        # 貴賓牌: two cards dealt to each player, from the deck, then the discards
        need = VIP_DEAL * PLAYERS
        cards = rng.sample(deck, min(need, len(deck)))
        if len(cards) < need:
            cards += rng.sample(discards, min(need - len(cards), len(discards)))
            deck, discards = [k for k in discards if k not in cards], []
        else:
            deck = [k for k in deck if k not in cards]
        for s in range(PLAYERS):
            offer = cards[s * VIP_DEAL : (s + 1) * VIP_DEAL]
            if offer:
                stats[0] += 1
                kept = offer[int(rng.random() * len(offer))]
                vip[s].append(kept)
                discards += [k for k in offer if k != kept]
    return money


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(1)
    stats = [0]
    total = 0
    start = time.perf_counter()
    for _ in range(games):
        total += sum(game(rng, stats))
    seconds = time.perf_counter() - start
    print(
        f"Ready Set Bet game reference: {games / seconds:,.0f} games/s, "
        f"{stats[0] / games:.1f} decisions a game, mean money {total / games / PLAYERS:.1f}"
    )


if __name__ == "__main__":
    main()

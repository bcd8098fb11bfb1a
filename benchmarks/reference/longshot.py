"""Long Shot without an API: one random 5-player game in plain Python.

The yardstick of ``benchmarks/run.py``: the same game racebook plays, with the
same random choices, and nothing else (no validation, no log, no views, no
events).  What the library costs is measured against it.

Rules: the Long Shot rulebook (2012), English part, sections "Preparation of
the first race", "Basic of the Race Round", "How to place Horse cards",
"After all boxes are full", "The Last Spurt", "When the stack is exhausted",
"End of the Race", "Aftermath of the first race" and "Preparation of / Aftermath
of the last race".  Where the rulebook is silent, racebook's default settings
(goal 60; 84 indicated cards, MV 1-7 twice per horse, and 28 free cards;
a player whose hand cannot be placed while a box is empty places nothing and
still draws; a race in which no horse moves for 10 rounds ends as it stands).

Every choice is uniform over the legal ones, as racebook's random bot makes
it: one (card, box) pair, or PASS once every box is full; in the spurt, a
further card in another box or stop; the opened card's box.

    python benchmarks/reference/longshot.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time

PLAYERS = 5
HORSES = 6
BOXES = 2 * HORSES  # horse h runs by the top cards of boxes 2h and 2h + 1
HAND = 8
MONEY = 20_000
GOAL = 60
SPURT = 44
SPURT_CARDS = 2
FINISHERS = 3
STALL_ROUNDS = 10
EMPTY = -1

# A card is horse * 16 + MV; horse FREE marks a free (Syndicate) card.
FREE = 15
INDICATED_MVS = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7)
FREE_COUNTS = (2, 3, 3, 4, 4, 4, 3, 3, 2)  # free cards of MV 0, 1, ..., 8
FREE_MVS = tuple(mv for mv, count in enumerate(FREE_COUNTS) for _ in range(count))
DECK = tuple(h * 16 + mv for h in range(HORSES) for mv in INDICATED_MVS) + tuple(
    FREE * 16 + mv for mv in FREE_MVS
)

OWN = [
    tuple(range(BOXES)) if c >> 4 == FREE else (2 * (c >> 4), 2 * (c >> 4) + 1) for c in range(256)
]
"""The boxes a card may go to, by card."""

# Per race: rewards for 1st-3rd, penalty, ticket pay for 1st-3rd (x MV), ticket price (x MV).
TABLES = (
    ((60_000, 30_000, 10_000), 20_000, (5_000, 3_000, 2_000), 1_000),
    ((100_000, 50_000, 20_000), 40_000, (10_000, 5_000, 3_000), 2_000),
)


def placements(hand: list[int], top: list[int], used: int) -> list[tuple[int, int]]:
    """Every legal (card index, box) of a hand; ``used``: the box already
    played this turn.  Golden rule: while some card of the hand can fill an
    empty box, only such fills are legal.  Otherwise a card covers one of its
    boxes (an indicated card's own two, then both full; a free card's twelve,
    then all full) whose top card has another MV."""
    if EMPTY in top:
        fills = [(i, b) for i, c in enumerate(hand) for b in OWN[c] if top[b] == EMPTY]
        if fills:
            return fills
    return [(i, b) for i, c in enumerate(hand) for b in OWN[c] if b != used and top[b] != c & 15]


def race(rng: random.Random, money: list[int], first: int, table: int) -> int:
    """One race, settled into ``money``; returns its last first player."""
    rand = rng.random
    stack = list(DECK)
    rng.shuffle(stack)
    hands = [[stack.pop() for _ in range(HAND)] for _ in range(PLAYERS)]
    orders = list(range(HORSES))
    rng.shuffle(orders)  # orders[p]: seat p's secret order; one is left aside
    boxes: list[list[int]] = [[] for _ in range(BOXES)]
    top = [EMPTY] * BOXES
    pos = [0] * HORSES
    finished: dict[int, tuple[int, int, int]] = {}  # horse: (round, -past goal, -box total)
    spurt = False
    rounds = still = 0

    def draw() -> int:
        if not stack:  # restock: up to two buried cards from under each box, never the top
            for box in boxes:
                take = min(2, len(box) - 1)
                if take > 0:
                    stack.extend(box[:take])
                    del box[:take]
            rng.shuffle(stack)
        return stack.pop() if stack else -1

    def place(card: int, box: int) -> None:
        boxes[box].append(card)
        top[box] = card & 15

    while True:
        rounds += 1
        for turn in range(PLAYERS):
            hand = hands[(first + turn) % PLAYERS]
            moves = placements(hand, top, -1)
            n = len(moves) + (EMPTY not in top)  # the last choice is PASS
            if n:
                pick = int(rand() * n)
                if pick < len(moves):
                    i, box = moves[pick]
                    place(hand.pop(i), box)
                    for _ in range(SPURT_CARDS - 1 if spurt else 0):
                        more = placements(hand, top, box)
                        pick = int(rand() * (len(more) + 1))  # the last choice is stop
                        if pick == len(more):
                            break
                        i, box = more[pick]
                        place(hand.pop(i), box)
            card = draw()
            if card >= 0:
                hand.append(card)
        card = draw()  # the first player opens the stack's top card and places it
        if card >= 0:
            own, mv = OWN[card], card & 15
            # an empty box of its own first; else cover another MV; else (the
            # only exception to the MV rule) any box of its own
            options = [b for b in own if top[b] == EMPTY]
            options = options or [b for b in own if top[b] != mv] or list(own)
            place(card, options[int(rand() * len(options))])
        moved = False
        for h in range(HORSES):
            if h in finished:
                continue
            a, b = top[2 * h], top[2 * h + 1]
            run = (a if a > 0 else 0) + (b if b > 0 else 0)
            if run:
                moved = True
                pos[h] += run
                spurt = spurt or pos[h] >= SPURT  # two cards a turn from the next round
                if pos[h] >= GOAL:
                    finished[h] = (rounds, GOAL - pos[h], -run)
        still = 0 if moved else still + 1
        if len(finished) >= FINISHERS or still >= STALL_ROUNDS:
            break
        first = (first + 1) % PLAYERS

    place_of = [0] * HORSES  # 0: not placed
    for h, key in finished.items():
        place_of[h] = 1 + sum(1 for other in finished.values() if other < key)
    rewards, penalty, pays, price = TABLES[table]
    for p in range(PLAYERS):
        placed = place_of[orders[p]]
        if 1 <= placed <= len(rewards):
            money[p] += rewards[placed - 1]
        else:
            money[p] = max(0, money[p] - penalty)
        gain = loss = 0
        for card in hands[p]:
            h = card >> 4
            if h != FREE:
                placed = place_of[h]
                if 1 <= placed <= len(pays):
                    gain += (card & 15) * pays[placed - 1]
                else:
                    loss += (card & 15) * price
        money[p] = max(0, money[p] + gain - loss)
    return first


def game(rng: random.Random) -> list[int]:
    """One random game; each player's final money."""
    money = [MONEY] * PLAYERS
    last = race(rng, money, int(rng.random() * PLAYERS), 0)
    race(rng, money, (last + 1) % PLAYERS, 1)
    return money


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = random.Random(1)
    total = 0
    start = time.perf_counter()
    for _ in range(games):
        total += sum(game(rng))
    seconds = time.perf_counter() - start
    mean = total / games / PLAYERS
    print(f"Long Shot reference: {games / seconds:,.0f} games/s, mean money {mean:,.0f}")


if __name__ == "__main__":
    main()

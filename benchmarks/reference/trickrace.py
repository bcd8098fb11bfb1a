"""The trick-taking horse race without an API: one random 4-player game in
plain Python.

The yardstick of ``benchmarks/run.py``: the same game racebook plays, with the
same random choices, and nothing else (no validation, no log, no views).

Rules: the Kawasaki Factory rulebook, sections ゲームの準備 (setup),
1 パドックフェイズ (paddock: the discard number, two discards, a whip turns
face up), 2 馬券購入フェイズ (tickets: one face up, one face down),
3 レースフェイズ (tricks: follow the led colour; the ムチ入れ whip rule),
4 配当フェイズ (payout) and 5 次レース準備フェイズ (odds and horses move on).
Progress marks per card number are racebook's default reading (1-4: 3,
5-8: 2, 9-12: 1); the course has 7 spaces.

Every choice is uniform over the legal ones, as racebook's random bot makes
it: the second discard, each ticket, and each play, a card with or without the
whip (the whip is offered while the player has one face up and nobody has
whipped in this trick).

    python benchmarks/reference/trickrace.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time

PLAYERS = HORSES = RACES = 4
COURSE = 7
FINISHERS = 2
WHIPS = 2
WIN_TICKET = HORSES  # tickets 0..3 name a horse; this one makes the pair a win bet
MARKS = (0, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1)  # by card number 1..12
PRIZES = (5, 3)
START_ODDS = 2
ODDS_STEPS = (0, 1, 2, 3)

# A card is colour * 16 + number (colour 0..3, number 1..12).
CARDS = tuple(colour * 16 + number for colour in range(4) for number in range(1, 13))


def race(
    rng: random.Random,
    rider: list[int],
    piles: list[list[int]],
    start: int,
    whips: list[int],
    odds: list[int],
    points: list[int],
) -> list[int]:
    """One race; returns the horses in finishing order."""
    rand = rng.random
    # 1 paddock: the horses' gate order, each rider shuffles their horse's 12 cards
    height = list(range(HORSES))
    rng.shuffle(height)  # on one space the later arrival (greater height) is ahead
    hands = []
    for horse_pile in piles:
        rng.shuffle(horse_pile)
    number = piles[rider.index(start)][0] & 15  # the start player's top card
    for p in range(PLAYERS):
        pile = list(piles[rider.index(p)])
        del pile[number - 1]  # the discard number's card, face up
        del pile[int(rand() * len(pile))]  # a second discard, chosen
        hands.append(pile)
        whips[p] = min(WHIPS, whips[p] + 1)
    # 2 tickets: face up from the start player's left, a horse not yet face up;
    # then face down, any other ticket
    up: list[int] = []
    bets = []
    for k in range(1, PLAYERS + 1):
        p = (start + k) % PLAYERS
        free = [h for h in range(HORSES) if h not in up]
        ticket = free[int(rand() * len(free))]
        up.append(ticket)
        others = [t for t in range(HORSES + 1) if t != ticket]
        bets.append((p, ticket, others[int(rand() * len(others))]))
    # 3 race: tricks until two horses reach the goal or the hands are empty
    horse_of = [0] * PLAYERS
    for h, p in enumerate(rider):
        horse_of[p] = h
    space = [0] * HORSES
    goal: list[int] = []
    arrivals = HORSES
    lead = start
    while hands[lead] and len(goal) < FINISHERS:
        led = whipped = -1
        best = best_player = -1
        played = []
        for k in range(PLAYERS):
            p = (lead + k) % PLAYERS
            hand = hands[p]
            allowed = (
                [i for i, c in enumerate(hand) if c >> 4 == led] if led >= 0 else []
            ) or range(len(hand))
            may_whip = whipped < 0 and whips[p] > 0
            pick = int(rand() * len(allowed) * (2 if may_whip else 1))
            card = hand.pop(allowed[pick >> 1 if may_whip else pick])
            if may_whip and pick & 1:
                whips[p] -= 1
                whipped = card >> 4
            if led < 0:
                led = card >> 4
            played.append((p, card))
        colour = whipped if whipped >= 0 else led
        for p, card in played:
            if card >> 4 == colour and card & 15 > best:
                best, best_player = card & 15, p
        h = horse_of[best_player]
        if space[h] < COURSE:
            space[h] = min(COURSE, space[h] + MARKS[best])
            arrivals += 1
            height[h] = arrivals
            if space[h] == COURSE:
                goal.append(h)
        lead = best_player
    # 4 payout: goal order, then by space, the upper horse first
    rest = sorted(
        (h for h in range(HORSES) if h not in goal), key=lambda h: (-space[h], -height[h])
    )
    order = goal + rest
    for place, prize in enumerate(PRIZES):
        points[rider[order[place]]] += prize
    for p, a, b in bets:
        if b == WIN_TICKET:
            if a == order[0]:
                points[p] += odds[a]
        elif {a, b} == {order[0], order[1]}:
            points[p] += odds[a] + odds[b]
    return order


def game(rng: random.Random) -> list[int]:
    """One random game; each player's points."""
    cards = list(CARDS)
    rng.shuffle(cards)
    piles = [cards[12 * h : 12 * h + 12] for h in range(HORSES)]  # each horse's cards, all game
    rider = list(range(PLAYERS))
    rng.shuffle(rider)  # rider[h]: the player on horse h
    start = rider[1]  # Vanilla Beans' rider starts
    whips = [WHIPS] * PLAYERS  # face up
    odds = [START_ODDS] * HORSES
    points = [0] * PLAYERS
    for _ in range(RACES):
        order = race(rng, rider, piles, start, whips, odds, points)
        # 5 next race: odds grow by place, every horse and its cards pass left
        for place, h in enumerate(order):
            odds[h] += ODDS_STEPS[place]
        rider = [(p + 1) % PLAYERS for p in rider]
        start = (start + 1) % PLAYERS
    return points


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = random.Random(1)
    total = 0
    start = time.perf_counter()
    for _ in range(games):
        total += sum(game(rng))
    seconds = time.perf_counter() - start
    mean = total / games / PLAYERS
    print(f"trick race reference: {games / seconds:,.0f} games/s, mean points {mean:.2f}")


if __name__ == "__main__":
    main()

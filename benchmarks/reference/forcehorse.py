"""Force of the Horse without an API: one random 2-player game in plain Python.

The yardstick of ``benchmarks/run.py``: the game racebook's ``forcehorse``
preset plays (part 1, no card abilities: the sample decks ``sample-sprint``
and ``sample-middle``, Tokyo turf 1600 m, firm), with the same random choices,
and nothing else (no validation, no log, no views, no zones beyond what the
rules read).  The card data is read from racebook's sample set with
``tomllib``; no racebook code is imported.

Rules as racebook implements them (FotH numbers):

* setup (603): shuffle, draw 7, each player keeps or mulligans (a new 7 from
  the reshuffled deck), set aside cards by distance (21 at 1600 m), reveal
  them pairwise until exactly one is a horse (its owner goes first; else
  chance), split the rest of the deck into the four areas (逃げ first);
* a turn (702): draw one from the current area; play area and situation
  supports or pass; then the run sequence: a runner with a proper force
  payment (503.3b: it counts at least the cost and no card could be taken
  away) or pass; the other player's guard (a horse with the race's distance
  aptitude) or pass; priority: horse-timing supports on a runner or guard,
  passed back and forth until both pass in a row; the comparison (702.6j):
  run value above guard value succeeds, the turn player draws the difference
  and farms one card less than that from hand; then the FAQ's hand limit of 10;
* a player whose four areas are empty wins (902.1).

Supports have no text in part 1: each only leaves the hand (a situation card
stays on the table until a later one replaces it, which nothing reads).

Every choice is uniform over the legal ones, as racebook's random bot makes
it; like racebook's action lists, copies of a card are one choice (a farm,
a support, a guard or a runner names a card, a payment is a multiset of
force card names).

    python benchmarks/reference/forcehorse.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time
import tomllib
from itertools import product
from pathlib import Path

SAMPLE = (
    Path(__file__).resolve().parents[2]
    / "src"
    / "racebook"
    / "games"
    / "forcehorse"
    / "data"
    / "sample.toml"
)
DECKS = ("sample-sprint", "sample-middle")
RACE = {"tokyo", "turf", "mile", "firm"}  # Tokyo turf 1600 m (mile), firm: 503.3a's words
DISTANCE = "mile"
SET_ASIDE = 21  # 603.1d at 1600 m
HAND_SIZE = 7
HAND_LIMIT = 10
AREAS = 4

_data = tomllib.loads(SAMPLE.read_text("utf-8"))
NAMES = sorted(c["name"] for c in _data["card"])  # card ids in name order, as racebook sorts
_by = {c["name"]: c for c in _data["card"]}
KIND = [_by[n]["kind"] for n in NAMES]
IS_HORSE = [k == "horse" for k in KIND]
COST = [_by[n].get("cost", 0) for n in NAMES]
RUN = [_by[n].get("run", 0) for n in NAMES]
GUARD = [_by[n].get("guard", 0) for n in NAMES]
FITS = [
    IS_HORSE[i] and bool({"all", DISTANCE} & set(_by[n].get("distances", ())))
    for i, n in enumerate(NAMES)
]
TIMING = [_by[n].get("timing", "") for n in NAMES]
TURN_SUPPORT = [t in ("area", "situation") for t in TIMING]
HORSE_SUPPORT = [t == "horse" for t in TIMING]


def _force(name: str) -> int:
    card = _by[name]
    if card["kind"] != "force":
        return 0
    if card.get("category", "normal") == "normal":
        return 1
    when = card.get("force_when", [])
    return card.get("force", 1) if not when or RACE & set(when) else 0  # unmet: 0


FORCE = [_force(n) for n in NAMES]
IS_FORCE = [k == "force" for k in KIND]
_lists = {d["name"]: d["cards"] for d in _data["deck"]}
DECK_CARDS = [[NAMES.index(name) for name, k in _lists[deck] for _ in range(k)] for deck in DECKS]


def payments(hand: list[int], cost: int) -> int:
    """How many proper payments (multisets of force names, 503.3b) pay ``cost``."""
    if cost <= 0:
        return 1  # nothing paid; any card paid could be taken away
    counts: dict[int, int] = {}  # a 0-force card could always be taken away: never paid
    for c in hand:
        if IS_FORCE[c] and FORCE[c]:
            counts[c] = counts.get(c, 0) + 1
    kinds = list(counts)
    n = 0
    for take in product(*(range(counts[c] + 1) for c in kinds)):
        total = 0
        low = 99
        for c, k in zip(kinds, take, strict=True):
            if k:
                total += k * FORCE[c]
                if FORCE[c] < low:
                    low = FORCE[c]
        if total >= cost and total - low < cost:
            n += 1
    return n


def pay(hand: list[int], cost: int, pick: int) -> None:
    """Take the ``pick``-th proper payment of ``cost`` out of ``hand``."""
    if cost <= 0:
        return
    counts: dict[int, int] = {}
    for c in hand:
        if IS_FORCE[c] and FORCE[c]:
            counts[c] = counts.get(c, 0) + 1
    kinds = list(counts)
    for take in product(*(range(counts[c] + 1) for c in kinds)):
        total = 0
        low = 99
        for c, k in zip(kinds, take, strict=True):
            if k:
                total += k * FORCE[c]
                if FORCE[c] < low:
                    low = FORCE[c]
        if total >= cost and total - low < cost:
            if pick == 0:
                for c, k in zip(kinds, take, strict=True):
                    for _ in range(k):
                        hand.remove(c)
                return
            pick -= 1


def game(rng: random.Random) -> tuple[int, int]:
    """One random game; the winner and the number of turns."""
    rand = rng.random
    decks = [list(d) for d in DECK_CARDS]
    for d in decks:
        rng.shuffle(d)
    hands = [d[-HAND_SIZE:] for d in decks]
    for s in range(2):
        del decks[s][-HAND_SIZE:]
    # 603.1c: mulligans, chosen at random; the hand back, a reshuffle, a new 7
    for s in range(2):
        if rand() < 0.5:
            decks[s] += hands[s]
            rng.shuffle(decks[s])
            hands[s] = decks[s][-HAND_SIZE:]
            del decks[s][-HAND_SIZE:]
    # 603.1d-e: set aside; the tops revealed pairwise decide who goes first
    aside = [d[-SET_ASIDE:] for d in decks]
    for s in range(2):
        del decks[s][-SET_ASIDE:]
    first = -1
    while aside[0] and first < 0:
        h0, h1 = IS_HORSE[aside[0].pop()], IS_HORSE[aside[1].pop()]
        if h0 != h1:
            first = 0 if h0 else 1
    if first < 0:
        first = int(rand() * 2)
    # 603.1f: the deck into four areas; one draw pile, since a draw takes the
    # current (lowest) area's top card and the areas were dealt from one shuffled deck
    areas = decks
    player = first
    turns = 0
    while True:
        turns += 1
        hand = hands[player]
        area = areas[player]
        if area:  # 702.3
            hand.append(area.pop())
        if not area:  # 902.1
            return player, turns
        # 702.5: supports (area, situation), one at a time, or pass
        while True:
            kinds = list({c for c in hand if TURN_SUPPORT[c]})
            pick = int(rand() * (len(kinds) + 1))
            if pick == 0:
                break
            hand.remove(kinds[pick - 1])
        # 702.6b: a runner and its payment, or pass
        horses = sorted({c for c in hand if IS_HORSE[c]})
        options = [(h, payments(hand, COST[h])) for h in horses]
        pick = int(rand() * (1 + sum(n for _, n in options)))
        if pick:
            pick -= 1
            i = 0
            while pick >= options[i][1]:
                pick -= options[i][1]
                i += 1
            runner = options[i][0]
            hand.remove(runner)
            pay(hand, COST[runner], pick)
            # 702.6d: the other player's guard, or pass
            other = hands[1 - player]
            guards = sorted({c for c in other if FITS[c]})
            pick = int(rand() * (len(guards) + 1))
            guard = 0
            targets = 1
            if pick:
                g = guards[pick - 1]
                other.remove(g)
                guard = GUARD[g]
                targets = 2
            # 702.6g-h: horse supports on a runner or guard until both pass in a row
            prio = player
            responding = False
            while True:
                h = hands[prio if not responding else 1 - prio]
                kinds = list({c for c in h if HORSE_SUPPORT[c]})
                pick = int(rand() * (1 + len(kinds) * targets))
                if pick == 0:
                    if responding:
                        break
                    responding = True
                    continue
                if responding:
                    prio = 1 - prio
                    responding = False
                h.remove(kinds[(pick - 1) // targets])
            # 702.6j-l: the comparison
            run = max(0, RUN[runner])
            if run >= 1 and run > guard:
                distance = run - guard
                for _ in range(distance):
                    if area:
                        hand.append(area.pop())
                for _ in range(min(distance - 1, len(hand))):  # 702.6k-iii
                    kinds = list(set(hand))
                    hand.remove(kinds[int(rand() * len(kinds))])
                if not area:
                    return player, turns
        # the FAQ's hand limit, at the end of one's own turn
        while len(hand) > HAND_LIMIT:
            kinds = list(set(hand))
            hand.remove(kinds[int(rand() * len(kinds))])
        player = 1 - player


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = random.Random(1)
    turns = 0
    wins = [0, 0]
    start = time.perf_counter()
    for _ in range(games):
        winner, n = game(rng)
        wins[winner] += 1
        turns += n
    seconds = time.perf_counter() - start
    print(
        f"Force of the Horse reference: {games / seconds:,.0f} games/s, "
        f"mean turns {turns / games:.1f}, wins {wins[0]}:{wins[1]}"
    )


if __name__ == "__main__":
    main()

"""A Ready Set Bet race without an API: the host's dice in plain Python.

The yardstick of ``benchmarks/run.py`` for Ready Set Bet: one race from the
gate to the finish, and nothing else (no bets, no validation, no log).

Rules: the Ready Set Bet rulebook (Traditional Chinese edition), sections
進行賽馬 (the host rolls two dice; the horse of the total moves one space),
獎勵移動 (two rolls in a row for the same horse, 2 or 3 for 2/3 and 11 or 12
for 11/12, give the second its bonus: +3 for the blue horses 2/3, 4, 10,
11/12, +2 for the orange 5 and 9, +1 for the red 6 and 8, none for 7; a third
roll in a row gives none and pairs with the fourth) and 賽事結束 (the race ends
the moment a horse reaches the 15th space).

    python benchmarks/reference/readysetbet.py [RACES]
"""

from __future__ import annotations

import random
import sys
import time

TRACK = 15
HORSES = 9  # 2/3, 4, 5, 6, 7, 8, 9, 10, 11/12
BONUS = (3, 3, 2, 1, 0, 1, 2, 3, 3)
# the horse of each of the 36 equally likely rolls of two dice
HORSE_OF_ROLL = tuple(min(max(a + b - 3, 0), HORSES - 1) for a in range(1, 7) for b in range(1, 7))


def race(rng: random.Random) -> list[int]:
    """One race; the horses' final spaces (the winner's is 15)."""
    rand = rng.random
    space = [0] * HORSES
    last = -1  # the horse of the previous roll, if that roll can start a pair
    while True:
        horse = HORSE_OF_ROLL[int(rand() * 36)]
        if horse == last:
            space[horse] += 1 + BONUS[horse]
            last = -1  # a pair is done: the next roll starts afresh
        else:
            space[horse] += 1
            last = horse
        if space[horse] >= TRACK:
            space[horse] = TRACK  # the race ends there, the move is cut
            return space


def main() -> None:
    races = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rng = random.Random(1)
    wins = [0] * HORSES
    start = time.perf_counter()
    for _ in range(races):
        space = race(rng)
        wins[space.index(TRACK)] += 1
    seconds = time.perf_counter() - start
    shares = " ".join(f"{w / races:.3f}" for w in wins)
    print(f"Ready Set Bet race reference: {races / seconds:,.0f} races/s, win shares {shares}")


if __name__ == "__main__":
    main()

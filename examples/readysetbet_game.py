"""Ready Set Bet in real time: the app decides who arrives first, the library
decides what is legal.  Four bettors (one heuristic bot, three random) and the
library as host; the first race is narrated, the VIP draft shown, then the log
replays to the same game.  The odds of a race in progress come last."""

import random

import racebook
from racebook import IllegalAction
from racebook.agents import make_bot
from racebook.core.serial import to_data
from racebook.games.readysetbet import Bet, odds

game = racebook.load("readysetbet", players=4)
state = game.new_state(seed=5)
host = game.host  # the host's chair: it only rolls
bots = [make_bot("readysetbet", "heuristic" if s == 0 else "random", seed=s) for s in range(4)]
arrivals = random.Random(5)  # who reaches the board first: the app's business

while not state.is_over:
    seat = arrivals.choice(state.to_act)  # every bettor who may act, and the host
    action = state.legal_actions(seat)[0] if seat == host else bots[seat].choose(state, seat)
    for event in state.apply(action):
        kind = event.kind
        if state.race == 0 and kind in ("bonus", "red-line", "no-more-bets", "lead"):
            print("  ", kind, to_data(event))
        elif kind in ("finish", "vip-kept", "settled", "vip-paid"):
            print(kind, to_data(event))

result = state.result
assert result is not None
print("money:", result.scores, "winner(s):", result.winners)

# a taken spot is refused and nothing changes: first come, first served
fresh = game.new_state(seed=1)
fresh.apply(Bet(2, 5, "win:7:0"))
before = fresh.digest()
try:
    fresh.apply(Bet(0, 5, "win:7:0"))
except IllegalAction as exc:
    print("refused:", exc)
assert fresh.digest() == before

# the log records every bet and roll in arrival order; it replays to the same game
assert racebook.replay(state.log.dumps()).digest() == state.digest()

# the odds from a position: horse 7 far ahead after a few rolls
fresh.pos[4] = 9
found = odds(fresh)  # exact (found.method == "exact"), a few milliseconds
print("7 wins with p =", round(found.win[4], 4), "places", round(found.place[4], 4))
sampled = odds(fresh, samples=2_000, seed=1)  # a simulation, with standard errors
print("sampled:", round(sampled.win[4], 2), "+-", round(sampled.win_error[4], 3))

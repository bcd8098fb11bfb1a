"""Bots that choose when to bet: a Ready Set Bet table with one person and
three bots, driven as ``simulate`` and ``tournament`` drive it.

Nobody has to bet (rulebook, 投注: "players do not take turns: when to bet is
each player's own choice"), so a bot offered the turn may let it pass: its
``ready(state, seat)`` says whether it wants to bet now, and
``next_seat(state, bots, rng)`` draws the next seat among the seats whose bot
is ready (the host's chair rolls when it is drawn).  The search bot waits for
a bet worth its ``wait`` by the exact odds ($3 at the hard level); the
heuristic bot bets whenever it is offered the turn.  The "person" here is a
random bettor; a real app would ask them.

Run it: ``python examples/readysetbet_bots_wait.py``.
"""

from __future__ import annotations

import random

import racebook
from racebook.agents import make_bot
from racebook.agents.base import RandomBot, next_seat, ready

game = racebook.load("readysetbet", players=4, races=2)
names = ["person", "search:hard", "search:normal", "heuristic"]
players = [RandomBot(0), *(make_bot(game.id, n, seed=s) for s, n in enumerate(names[1:], 1))]
players += [RandomBot(9)] * (game.seats - game.players)  # the host's chair
rng = random.Random(3)

state = game.new_state(seed=3)
offered = [0] * game.players  # turns a bettor could have taken in the race
passed = [0] * game.players  # ... and let pass
while not state.is_over:
    if len(state.to_act) > 1:  # the race: several bettors and the host's roll
        for seat in state.to_act:
            if seat < game.players:
                offered[seat] += 1
                passed[seat] += not ready(players[seat], state, seat)
    seat = next_seat(state, players, rng)
    state.apply(players[seat].choose(state, seat))

result = state.result
assert result is not None
for seat, name in enumerate(names):
    print(
        f"{name:<14} ${result.scores[seat]:>4}  "
        f"let {passed[seat]} of {offered[seat]} chances to bet pass"
    )
print("winner(s):", [names[s] for s in result.winners if s < game.players])

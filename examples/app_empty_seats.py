"""An app's table with one person and three empty seats given to bots: the
search bot at a level the person chose, a hint button for the person, and a
short tournament that ranks the bots.

The "person" here answers with the hint's first move half the time; a real
app would wait for a tap.  Run it: ``python examples/app_empty_seats.py``.
"""

from __future__ import annotations

import random

import racebook
from racebook.agents import SearchBot, make_bot
from racebook.tournament import tournament

game = racebook.load("trickrace")  # four seats
person = 0
level = "easy"  # what the person picked: easy, normal or hard
bots = {seat: make_bot(game.id, f"search:{level}", seed=seat) for seat in (1, 2, 3)}
helper = SearchBot(seed=99, iterations=24)  # the hint button's bot
rng = random.Random(5)

state = game.new_state(seed=5)
hints = 0
while not state.is_over:
    seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
    if seat in bots:
        # a bot decides from what its seat may see: state.view(seat) and the
        # events shown to it; the hidden cards are redealt in its head
        state.apply(bots[seat].choose(state, seat))
        continue
    legal = state.legal_actions(seat)
    if len(legal) > 1 and rng.random() < 0.5:  # the person presses "hint"
        ranked = helper.hint(state, seat)
        if hints == 0:
            print("hint for seat 0 (expected final points after each move):")
            for estimate in ranked[:3]:
                print(f"  {estimate.action.to_data()}  ~ {estimate.value:.1f} points")
        hints += 1
        state.apply(ranked[0].action)
    else:
        state.apply(rng.choice(legal))

result = state.result
assert result is not None
print(f"scores {result.scores}; winners {result.winners}; {hints} hints taken")

# Which bots to offer as easy / hard?  A tiny tournament (seats rotated);
# racebook tournament runs the big ones.
ranking = tournament(game, ["random", "heuristic", "search:easy"], games=2, seed=1)
print("\n".join(ranking.lines()))

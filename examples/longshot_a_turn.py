"""One turn by hand: what a seat sees, what it may do, and a refused move."""

import racebook
from racebook.games.longshot import Pass

state = racebook.load("longshot").new_state(seed=7)
(seat,) = state.to_act
view = state.view(seat)
print(f"race {view.race}, round {view.round}: seat {seat} to act")
print("my hand:", " ".join(str(c) for c in view.hand))
print("my order: horse", view.orders[seat])

legal = state.legal_actions(seat)
print(f"{len(legal)} legal actions, e.g. {legal[0]}")

try:
    state.apply(Pass(seat))  # boxes are empty: PASS is not allowed yet
except racebook.IllegalAction as err:
    print("refused:", err)

events = state.apply(legal[0])
print("events seat", seat, "may see:", [e for e in events if e.visible_to(seat)])
print("what the next seat may see of it:", [e for e in events if e.visible_to(state.to_act[0])])

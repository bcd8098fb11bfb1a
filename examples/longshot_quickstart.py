"""Play one game of Long Shot between bots, move by move, through the public API."""

import racebook
from racebook.agents import make_bot

game = racebook.load("longshot", players=5)
state = game.new_state(seed=2026)
bots = [
    make_bot("longshot", "heuristic" if seat == 0 else "random", seed=seat) for seat in range(5)
]

while not state.is_over:
    (seat,) = state.to_act  # Long Shot: one seat at a time
    action = bots[seat].choose(state, seat)
    for event in state.apply(action):
        if event.kind in ("finished", "race-ended"):
            print(event)

result = state.result
assert result is not None
print("money:", result.scores, "winners:", result.winners)

# The log replays to the very same game.
again = racebook.replay(state.log.dumps())
assert again.digest() == state.digest()
print(f"replayed {len(again.log)} actions: identical")

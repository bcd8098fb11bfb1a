"""Play Long Shot with the Sprint house rule (examples/house_rules.py), check it
with the shared harness, and replay its log."""

import house_rules  # noqa: F401  (registers house.sprint)

import racebook
from racebook.testing import check_random_games

game = racebook.load("longshot", rules=[{"name": "house.sprint", "settings": {"cards": 3}}])

# The shared harness checks the house variant like any built-in game.
print(check_random_games(game, games=20, seed=1, deep=1))

state = game.new_state(seed=4)
while not state.is_over:
    (seat,) = state.to_act
    state.apply(state.legal_actions(seat)[0])

# the longest run of cards one player placed in one turn (public events)
most = run = 0
last = None
for event in state.log.events():
    if event.kind == "placed" and not event.opened:  # type: ignore[attr-defined]
        run = run + 1 if event.seat == last else 1  # type: ignore[attr-defined]
        last = event.seat  # type: ignore[attr-defined]
        most = max(most, run)
    elif event.kind in ("passed", "opened", "ran"):
        run, last = 0, None
print("most cards placed in one turn:", most)
assert most == 3

again = racebook.replay(state.log.dumps())
assert again.digest() == state.digest()
print("replayed with the house rule:", again.game.config.rules)

try:
    racebook.load("longshot", rules=[{"name": "house.sprint", "settings": {"cards": "many"}}])
except racebook.ConfigError as err:
    print("refused:", err)

"""A 3-player trick race with the dummy: a heuristic bot against two random ones,
narrated from the public events, then replayed."""

import racebook
from racebook.agents import make_bot

game = racebook.load("trickrace", players=3)
state = game.new_state(seed=12)
bots = [make_bot("trickrace", "heuristic" if s == 0 else "random", seed=s) for s in range(3)]

while not state.is_over:
    seat = state.to_act[0]  # in the discard and ticket phases several seats may act
    for event in state.apply(bots[seat].choose(state, seat)):
        if event.kind == "race-result":
            print("race", event.race, "places by horse:", event.places)  # type: ignore[attr-defined]
        elif event.kind == "points":
            print("   seat", event.seat, f"+{event.points}", event.reason)  # type: ignore[attr-defined]

result = state.result
assert result is not None
print("points:", result.scores, "winner(s):", result.winners)
view = state.view(1)
print("the dummy (seat", view.dummy, ") still shows its cards:", view.dummy_cards)
assert racebook.replay(state.log.dumps()).digest() == state.digest()

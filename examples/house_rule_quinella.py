"""Play Long Shot with Mafia's quinella bets at the spurt (examples/house_rules.py).

python examples/house_rule_quinella.py [LOG]   # optionally write the log
"""

import sys
from pathlib import Path

import house_rules  # noqa: F401  (registers house.spurt-quinella)

import racebook

game = racebook.load("longshot", rules=[{"name": "house.spurt-quinella"}])
bots = ["heuristic", "random", "random", "random", "random"]
summary = racebook.simulate(game, bots, games=40, seed=2)
for s in summary.seats:
    print(f"seat {s.seat} {s.bot:>9}: mean ${s.mean_score:,.0f}")

state = game.new_state(seed=3)
laid = 0
while not state.is_over:
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    bets = [a for a in legal if a.kind == "quinella"]
    # lay two pairs in the whole game, else pass (Pass is listed last)
    action = (bets[0] if laid < 2 else legal[-1]) if bets else legal[0]
    laid += action.kind == "quinella"
    state.apply(action)
revealed = [e for e in state.log.events() if e.kind == "quinella-revealed"]
print("quinella bets revealed:", len(revealed), "times; pairs laid:", laid)
assert racebook.replay(state.log.dumps()).digest() == state.digest()

if len(sys.argv) > 1:
    Path(sys.argv[1]).write_text(state.log.dumps(), encoding="utf-8")

"""A house variant from settings alone: 4 players, an earlier spurt, three spurt
cards, and a richer last race.  It is checked when loaded and written into the log."""

import json

import attrs

import racebook
from racebook.games.longshot import LAST_RACE

richer = attrs.evolve(LAST_RACE, rewards=(150_000, 60_000, 20_000))
game = racebook.load(
    "longshot",
    players=4,
    spurt_threshold=36,
    spurt_cards=3,
    races=[attrs.asdict(racebook.load("longshot").config.races[0]), attrs.asdict(richer)],
)
summary = racebook.simulate(game, ["heuristic", "random", "random", "random"], games=50, seed=3)
for s in summary.seats:
    print(f"seat {s.seat} {s.bot:>9}: mean ${s.mean_score:,.0f}, wins {s.win_rate:.0%}")

state = game.new_state(seed=1)
header = json.loads(state.log.dumps().splitlines()[0])
print(
    "the log header records the variant:",
    header["config"]["spurt_cards"],
    header["config"]["races"][1]["rewards"],
)

try:
    racebook.load("longshot", spurt_threshold=70)
except racebook.ConfigError as err:
    print("refused:", err)

"""A Ready Set Bet house rule written outside the library, as a rule module.

``house.hot-dice``, two hooks of :class:`~racebook.games.readysetbet.RaceRule`:

* ``bonus``: doubles move their horse ``doubles`` more spaces (default 1),
  paired with the last roll or not, the 7 included;
* ``betting_closes``: "last call": betting also closes as soon as a horse is
  ``last_call`` spaces or fewer from the finish (default 3), whatever the red
  line says.

Import this module (or pass ``--plugin readysetbet_house_rule`` to the
``racebook`` command from this folder), then name the rule in a variant's
``rules`` (``examples/variants/readysetbet_house.toml``).  Run as a script, it
plays a game with the rule, checks it with the shared harness and replays it.
"""

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from racebook.games.readysetbet import RaceRule, ReadySetBetConfig, ReadySetBetState
from racebook.variants import register_rule


@register_rule
class HotDice(RaceRule):
    name: ClassVar[str] = "house.hot-dice"

    def __init__(self, settings: Mapping[str, Any], config: ReadySetBetConfig, where: str) -> None:
        super().__init__(settings, config, where)
        self.check_settings({"doubles", "last_call"})
        self.doubles = self.setting("doubles", 1, int)
        self.last_call = self.setting("last_call", 3, int)

    def bonus(
        self,
        state: ReadySetBetState,
        horse: int,
        move: int,
        *,
        paired: bool,
        dice: tuple[int, int],
        pos: Sequence[int],
    ) -> int:
        return move + self.doubles if dice[0] == dice[1] else move

    def betting_closes(self, state: ReadySetBetState, closes: bool) -> bool:
        return closes or max(state.pos) >= state.game.config.track - self.last_call


if __name__ == "__main__":
    from pathlib import Path

    import racebook
    from racebook.testing import check_random_games
    from racebook.variants import load_variant

    game = load_variant(Path(__file__).parent / "variants" / "readysetbet_house.toml")
    print("rules:", [ref.name for ref in game.config.rules])
    print(check_random_games(game, games=5, seed=1, deep=1))
    state = game.new_state(seed=3)
    while not state.is_over:
        seat = state.to_act[-1]  # the host's chair rolls; bettors wait
        state.apply(state.legal_actions(seat)[0])
    closed = [e for e in state.log.events() if e.kind == "no-more-bets"]
    print("betting closed", len(closed), "times in", game.config.races, "races")
    again = racebook.replay(state.log.dumps())
    assert again.digest() == state.digest()
    print("replayed with the house rule:", again.digest() == state.digest())

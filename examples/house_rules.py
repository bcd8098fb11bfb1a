"""Two house rules written outside the library, as rule modules.

Import this module (or pass ``--plugin house_rules`` to the ``racebook``
command from this folder) and name them in a variant's ``rules``:

* ``house.sprint``: from the round after a horse reaches ``threshold``
  (default 52), a player may place up to ``cards`` (default 3) cards a turn,
  in different boxes, still drawing one.
* ``house.spurt-quinella``: Long Shot with Horse Racing Mafia's quinella bets.
  When the Last Spurt begins, everyone lays quinella bets face down at once,
  revealed together (Mafia 5.6-5.8), without Mafia's card supply.  A winning
  pair (both horses 1st or 2nd) pays its MV sum times $20,000 in race 1 and
  $40,000 in the last race; its cards pay Long Shot's losing-ticket price.

Each is a class with a name and a hook or two; the library is not edited.
"""

from collections.abc import Mapping
from typing import Any, ClassVar

from racebook.games.longshot import BoxRule, LongShotConfig, LongShotState
from racebook.games.mafia import SupplyQuinella
from racebook.variants import register_rule


@register_rule
class Sprint(BoxRule):
    name: ClassVar[str] = "house.sprint"

    def __init__(self, settings: Mapping[str, Any], config: LongShotConfig, where: str) -> None:
        super().__init__(settings, config, where)
        self.check_settings({"threshold", "cards"})
        self.threshold = self.setting("threshold", 52, int)
        self.cards = self.setting("cards", 3, int)

    def cards_per_turn(self, state: LongShotState, seat: int, cards: int) -> int:
        return max(cards, self.cards) if max(state.pos) >= self.threshold else cards


@register_rule
class SpurtQuinella(SupplyQuinella):
    name: ClassVar[str] = "house.spurt-quinella"

    def __init__(self, settings: Mapping[str, Any], config: LongShotConfig, where: str) -> None:
        defaults = {
            "threshold": config.spurt_threshold or 44,
            "supply": False,
            "pay": [20_000, 40_000],
        }
        super().__init__({**defaults, **settings}, config, where)


if __name__ == "__main__":
    import racebook.variants

    print("registered rule modules:", racebook.variants.rule_names())

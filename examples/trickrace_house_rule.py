"""Two house rules of the trick race written outside the library, as rule modules.

Import this module (or pass ``--plugin trickrace_house_rule`` to the
``racebook`` command from this folder) and name them in a variant's ``rules``
(``variants/trickrace_house.toml``):

* ``house.no-whips``: nobody whips, players or the dummy (the ムチ入れ rule is
  off): the led colour always wins the trick.
* ``house.places``: the prize by place is ``points`` (default 5, 3, 1: the
  rider of the 3rd horse scores too), instead of the config's ``prizes``.

Each is a class with a name and one hook; the library is not edited.  Run as a
script, it plays the house variant through the shared harness, checks both
rules in a game's events and replays its log.
"""

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from racebook.core.errors import ConfigError
from racebook.games.trickrace import TrickRaceConfig, TrickRaceState, TrickRule
from racebook.variants import register_rule


@register_rule
class NoWhips(TrickRule):
    name: ClassVar[str] = "house.no-whips"

    def __init__(self, settings: Mapping[str, Any], config: TrickRaceConfig, where: str) -> None:
        super().__init__(settings, config, where)
        self.check_settings(set())

    def may_whip(self, state: TrickRaceState, seat: int) -> bool:
        return False


@register_rule
class Places(TrickRule):
    name: ClassVar[str] = "house.places"

    def __init__(self, settings: Mapping[str, Any], config: TrickRaceConfig, where: str) -> None:
        super().__init__(settings, config, where)
        self.check_settings({"points"})
        points = self.setting("points", (5, 3, 1), (list, tuple))
        if len(points) > 4 or not all(type(p) is int and 0 <= p <= 1000 for p in points):
            raise ConfigError(f"{where}.settings.points", "at most 4 points from 0 to 1000")
        self.points = tuple(points)

    def prizes(self, state: TrickRaceState, prizes: tuple[int, ...]) -> tuple[int, ...]:
        return self.points


def main() -> None:
    import racebook
    from racebook.testing import check_random_games
    from racebook.variants import load_variant

    game = load_variant(Path(__file__).parent / "variants" / "trickrace_house.toml")
    print("rules:", [ref.name for ref in game.config.rules])

    # The shared harness checks the house variant like any built-in game.
    print(check_random_games(game, games=10, seed=1, deep=1))

    state = game.new_state(seed=4)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[-1])  # the last legal action: a whip if any
    events = state.log.events()
    assert not any(e.kind == "played" and e.whip for e in events)  # type: ignore[attr-defined]
    thirds = [e for e in events if e.kind == "points" and e.reason == "3. place prize"]  # type: ignore[attr-defined]
    print("3rd-place prizes paid:", len(thirds))
    assert thirds

    again = racebook.replay(state.log.dumps())
    assert again.digest() == state.digest()
    print("replayed with the house rules:", again.game.config.rules)

    try:
        racebook.load("trickrace", rules=[{"name": "house.places", "settings": {"points": 7}}])
    except racebook.ConfigError as err:
        print("refused:", err)


if __name__ == "__main__":
    main()

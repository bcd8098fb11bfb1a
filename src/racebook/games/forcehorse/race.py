"""Race information (FotH 302, 601, appendix A) and going steps (511)."""

from __future__ import annotations

import attrs

from racebook.core.errors import ConfigError
from racebook.games.forcehorse.cards import GOINGS, RACECOURSES

DISTANCE_CARDS: dict[int, tuple[str, str]] = {
    1200: ("turf", "sprint"),
    1400: ("turf", "sprint"),
    1600: ("turf", "mile"),
    1800: ("turf", "mile"),
    2000: ("turf", "middle"),
    2200: ("turf", "middle"),
    2400: ("turf", "middle"),
    2500: ("turf", "middle"),
    3000: ("turf", "long"),
    3200: ("turf", "long"),
}
"""FotH appendix A: the distance cards, each a surface and a distance (214.2a)."""

SET_ASIDE: dict[int, int | None] = {
    1200: 29, 1400: 25, 1600: 21, 1800: 17, 2000: 13,
    2200: None, 2400: 5, 2500: 3, 3000: 13, 3200: 9,
}  # fmt: skip
"""FotH 603.1d: cards set aside by distance; 2200 m is missing from the table
(the config's ``set_aside_2200``, 9 by default, an inferred setting)."""


@attrs.frozen
class Race:
    """The race information (302.2): racecourse, distance in metres (its
    distance card gives surface and distance class) and going."""

    racecourse: str
    distance: int
    going: str

    @property
    def surface(self) -> str:
        return DISTANCE_CARDS[self.distance][0]

    @property
    def distance_class(self) -> str:
        return DISTANCE_CARDS[self.distance][1]

    @property
    def going_number(self) -> int:
        """FotH 302.2d: 1 good (良) .. 4 (不良)."""
        return GOINGS.index(self.going) + 1

    def conditions(self) -> set[str]:
        """Every word a special force card's condition may name (503.3a)."""
        return {self.racecourse, self.going, self.surface, self.distance_class}

    def text(self) -> str:
        where = f"{self.racecourse} {self.surface} {self.distance} m"
        return f"{where} ({self.distance_class}), {self.going}"


def check_race(race: Race) -> None:
    """A race made of appendix A's special cards (601.2a), or ConfigError."""
    if race.racecourse not in RACECOURSES:
        raise ConfigError("race.racecourse", f"one of {', '.join(RACECOURSES)} (302.2a)")
    if race.distance not in DISTANCE_CARDS:
        raise ConfigError("race.distance", f"one of {sorted(DISTANCE_CARDS)} (appendix A)")
    if race.going not in GOINGS:
        raise ConfigError("race.going", f"one of {', '.join(GOINGS)} (302.2d)")


def stepped_going(going: str, steps: int) -> str:
    """FotH 511: ``steps`` > 0 makes the going worse, < 0 better, one step at
    a time; good stays good (511.1a), the worst stays the worst (511.2a)."""
    number = GOINGS.index(going) + steps
    return GOINGS[max(0, min(len(GOINGS) - 1, number))]

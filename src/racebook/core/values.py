"""The values a game passes around: :class:`Action`, :class:`Event`,
:class:`View`, :class:`Result`, and the seat of chance, :data:`CHANCE`.

Chance is a seat of its own: every random outcome (a shuffle, a die roll, the
first player) is an action of that seat, recorded in the log like any
decision, so replay never draws from a random generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from racebook.core.serial import to_data

CHANCE = -1
"""The seat of chance: shuffles, dice and other random outcomes act from it."""


@attrs.frozen
class Action:
    """Base of every action.  ``seat`` is who acts (:data:`CHANCE` for chance)."""

    kind: ClassVar[str] = "action"
    chance: ClassVar[bool] = False
    """Whether this is an outcome of chance, taken only by the seat
    :data:`CHANCE` (a shuffle, the dice): a client never sends one, and the
    client schema (``racebook.schema.client_action_schema``) leaves it out."""
    seat: int

    def to_data(self) -> dict[str, Any]:
        """This action as JSON data, the log's form: its ``kind``, then its fields.
        :meth:`Game.parse_action` reads it back."""
        data: dict[str, Any] = {"kind": self.kind}
        data.update(to_data(self))
        return data


@attrs.frozen
class Event:
    """Base of every event.  Public unless a subclass narrows who may see it."""

    kind: ClassVar[str] = "event"

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return True

    def to_data(self) -> dict[str, Any]:
        """This event as JSON data, the form of a seat's log: ``event``, then its fields."""
        data: dict[str, Any] = {"event": self.kind}
        data.update(to_data(self))
        return data


class View:
    """Base of every game's view (what one seat may see): an attrs value."""

    def to_data(self) -> Any:
        """This view as JSON data (every field; cards in their short text form)."""
        return to_data(self)

    def render(self) -> str:
        """A compact text picture of this view; games draw their own."""
        return repr(self)

    def __str__(self) -> str:
        return self.render()


@attrs.frozen
class PrivateEvent(Event):
    """An event only ``seat`` may see (a card dealt or drawn into a hand)."""

    seat: int

    def visible_to(self, seat: int | None) -> bool:
        return seat == self.seat


@attrs.frozen
class GameEnded(Event):
    """The game is over: final ``scores`` (money or points) and ``winners``."""

    kind: ClassVar[str] = "game-ended"
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@attrs.frozen
class Result:
    """Final standings.

    ``scores`` is money or points per seat; ``places`` the final place per seat
    (1 = best, equal scores share a place); ``winners`` the seats in place 1;
    ``tiebreak`` names the rule used to split equal scores, if any.
    """

    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str | None = None


def places_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranking: 1 + how many keys are strictly better (smaller).

    >>> places_from_keys([(0, -3), (0, -5), (0, -3), (1, 0)])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)

"""Rule modules of the box race: behaviour a variant plugs in by name
(docs: "Writing a house rule").  :class:`BoxRule` is the set of slots, each a
no-op; :func:`make_rules` builds the modules a config names."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from racebook.core.errors import refuse
from racebook.core.game import Action, Event
from racebook.games.longshot.config import LongShotConfig
from racebook.variants.rules import RuleModule, build_rules

if TYPE_CHECKING:
    from racebook.core.spaces import ActionTable, ChanceNode, Observation
    from racebook.games.longshot.game import LongShot
    from racebook.games.longshot.state import LongShotState
    from racebook.games.longshot.view import LongShotView


class BoxRule(RuleModule):
    """A rule module of the box race: behaviour a variant plugs in by name.

    Subclass it, give it a ``name``, register it with
    :func:`racebook.variants.register_rule`, and name it in a config's
    ``rules``.  Every hook is a no-op here; override the ones the rule needs.
    A module keeps its own game data (JSON-able: ints, strings, lists, dicts)
    in ``state.ext[self.name]``, which is copied, hashed and replayed with the
    state.  A module that needs the players' decisions opens an *interlude*
    from :meth:`after_run` and answers ``to_act``/``legal``/``check``/``apply``
    until it calls :meth:`~racebook.games.longshot.state.LongShotState.end_interlude`.
    """

    config: LongShotConfig
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    event_types: ClassVar[tuple[type[Event], ...]] = ()

    # -- hooks of the race -------------------------------------------------------
    def start_race(self, state: LongShotState) -> None:
        """A race is being dealt."""

    def after_run(self, state: LongShotState, events: list[Event]) -> bool:
        """The horses ran and the race goes on; return ``True`` to open an interlude."""
        return False

    def cards_per_turn(self, state: LongShotState, seat: int, cards: int) -> int:
        """How many cards ``seat`` may place this turn (``cards``: the rule so far)."""
        return cards

    def may_pass(self, state: LongShotState, seat: int) -> bool:
        """Whether ``seat`` may PASS now although a box is empty."""
        return False

    def settle(
        self, state: LongShotState, seat: int, places: list[int], events: list[Event]
    ) -> None:
        """Pay this module's bets for ``seat`` (after tickets, before ticket prices)."""

    def price_mv(self, state: LongShotState, seat: int) -> int:
        """MVs of ``seat``'s cards held by this module that pay the ticket price."""
        return 0

    def held_cards(self, state: LongShotState) -> list[int]:
        """Card codes this module holds out of hands, stack and boxes."""
        return []

    def hidden_lists(self, state: LongShotState, seat: int) -> list[list[int]]:
        """Lists of card codes in ``state`` that ``seat`` may not see (redealt by
        :meth:`~racebook.core.game.State.hidden_variant`)."""
        return []

    def view(self, state: LongShotState, seat: int | None) -> Any:
        """What ``seat`` may see of this module (JSON-able), or ``None``."""
        return None

    def probes(self, state: LongShotState, seat: int) -> list[Action]:
        """Actions of this module, legal or not, for the harness to try."""
        return []

    # -- an interlude (only while this module is in control) --------------------
    def to_act(self, state: LongShotState) -> tuple[int, ...]:
        raise AssertionError(f"{self.name} opened an interlude without to_act")

    def legal(self, state: LongShotState, seat: int) -> list[Action]:
        return []

    def pick(self, state: LongShotState, seat: int, rng: random.Random) -> Action:
        """``legal(state, seat)[int(rng.random() * n)]`` (the random bot's
        pick): a module may find the same action without the list, with the
        same one draw of ``rng``."""
        legal = self.legal(state, seat)
        return legal[int(rng.random() * len(legal))]

    def check(self, state: LongShotState, action: Action) -> str | None:
        return refuse("not-playable-now", f"{action.kind} is not playable now")

    def apply(self, state: LongShotState, action: Action, events: list[Event]) -> None:
        raise AssertionError(f"{self.name} cannot apply {action}")

    def sample_chance(self, state: LongShotState, rng: random.Random) -> Action:
        raise AssertionError(f"{self.name} has no chance node")

    # -- integer actions and tensors (racebook.core.spaces) ------------------------
    def action_tables(self, game: LongShot) -> list[ActionTable]:
        """This module's action kinds, appended after the box race's (new kinds
        go at the end, so existing ids stay)."""
        return []

    def chance_node(self, state: LongShotState) -> ChanceNode:
        """This module's chance node in its interlude, as outcome ids."""
        raise AssertionError(f"{self.name} has no chance node")

    def observe(self, state: LongShotState, view: LongShotView, obs: Observation) -> None:
        """Add this module's segments to ``seat``'s observation tensor (from
        ``view`` alone; the same sizes in every state)."""


def make_rules(config: LongShotConfig) -> tuple[BoxRule, ...]:
    """The rule modules a config names, built and checked."""
    return build_rules(config, BoxRule, "a box-race rule module")

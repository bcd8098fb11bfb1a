"""Force of the Horse's game and state: a table of contents.

Setup is in :mod:`racebook.games.forcehorse.setup` (601, 603), the turn in
:mod:`racebook.games.forcehorse.turn` (702), rule processes in
:mod:`racebook.games.forcehorse.processes` (900s), paying force in
:mod:`racebook.games.forcehorse.force` (503), zones in
:mod:`racebook.games.forcehorse.zones` (400s), what a seat sees in
:mod:`racebook.games.forcehorse.view`.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, cast

import attrs

from racebook.core.errors import ConfigError
from racebook.core.game import (
    CHANCE,
    Action,
    Event,
    Game,
    GameEnded,
    Result,
    State,
    places_from_keys,
)
from racebook.core.log import digest_leaves_out
from racebook.core.registry import register_game
from racebook.core.serial import to_data
from racebook.games.forcehorse import picks, setup, turn
from racebook.games.forcehorse import spaces as forcehorse_spaces
from racebook.games.forcehorse.cards import Card
from racebook.games.forcehorse.config import ForceHorseConfig, check_config, past_sample
from racebook.games.forcehorse.deck import check_deck
from racebook.games.forcehorse.effects import info
from racebook.games.forcehorse.engine import drive, drive_plain
from racebook.games.forcehorse.events import (
    ACTIONS,
    EVENTS,
    DeckPresented,
    DrawRace,
    Farm,
    FirstPlayer,
    GoingChanged,
    Guard,
    Mulligan,
    MulliganChosen,
    Pass,
    Run,
    Shuffle,
    Support,
    shared,
)
from racebook.games.forcehorse.loops import (
    LOOP_ACTIONS,
    Choose,
    Loop,
    LoopCount,
    act,
    record,
    stuck,
)
from racebook.games.forcehorse.race import Race, stepped_going
from racebook.games.forcehorse.refusals import REFUSALS
from racebook.games.forcehorse.rules import check_action, legal_actions, probe_actions
from racebook.games.forcehorse.triggers import on_move
from racebook.games.forcehorse.view import ForceHorseView, hidden_variant, make_view
from racebook.games.forcehorse.work import ENGINE_EVENTS, AbilityState
from racebook.games.forcehorse.zones import DECK, ZONES, CardMoved, SecretMove, Table

EDITION_1: dict[str, Any] = {
    "edition": 1,
    "max_turns": None,
    "horse_supports": "904.1",
    "max_work": 10_000_000,
    "max_effects": 10_000,
    "loop_repeats": 100_000,
}
"""The settings that play a log written before edition 2 as it was played:
racebook's old reading of the rules, and no bound it did not have."""

EDITION_2: dict[str, Any] = {
    "edition": 2,
    "max_turns": None,
    "max_work": 20_000,
    "max_effects": 500,
    "loop_repeats": 1000,
}
"""The settings of defaults revision 2 (edition 2 of the reading and its
bounds), for a log whose header was written against them."""


digest_leaves_out(ForceHorseConfig, {"max_turns": None})  # added at defaults revision 3

_CHANCE_PHASES = frozenset({"race", "setup", "first"})
"""The phases where chance acts (601.2b, 603.1b-c, 603.1e-i)."""
_TURN_PLAYERS = frozenset({"support", "runner", "farm", "limit", "outcome", "turn-end"})
"""The phases where the turn player acts (702.5, 702.6b, 702.6k-iii, the hand limit)."""


ForceHorseMove = Mulligan | Run | Guard | Support | Pass | Farm | Choose | Loop | LoopCount
"""What a seat may do: what ``legal_actions`` of a :class:`ForceHorseState`
lists.  The outcomes only chance takes (``DrawRace``, ``Shuffle``,
``FirstPlayer``) are left out."""

ForceHorseAction = DrawRace | Shuffle | FirstPlayer | ForceHorseMove
"""Every action of Force of the Horse, chance's outcomes too: what
:meth:`ForceHorse.parse_action` gives and a log holds."""


@register_game
class ForceHorse(Game[ForceHorseConfig, "ForceHorseState"]):
    """Force of the Horse (FRAMELUNCH 2025): the comprehensive rules, card
    abilities included (800s, 1000s, 1100s, 1201)."""

    id = "forcehorse"
    title = "Force of the Horse"
    refusals: ClassVar[dict[str, tuple[str, str]]] = REFUSALS  # code: (rule, meaning)
    spaces: ClassVar[Any] = forcehorse_spaces  # integer actions and tensors (racebook.core.spaces)
    config_type = ForceHorseConfig
    action_types = (*ACTIONS, *LOOP_ACTIONS)
    event_types = (*EVENTS, *ENGINE_EVENTS, CardMoved, SecretMove, GameEnded)

    defaults_revision: ClassVar[int] = 3
    """3 (issue 34): racebook's ``edition`` 3 of the rules reading (the fixes
    of 103.2b, 103.2d, 803.3 with 808.1g, 806.4, 806.6a, 702.6g-i; a horse
    card's text is force abilities, 1101.1), the sample set's horses
    rewritten so (``data/sample-r2.toml`` before), counting cards (401.2b),
    and the engine's limits raised far above any finite chain (``max_work``,
    ``max_effects``, ``loop_repeats``).  2 (issue 22): the sample set grown
    to use every word of the vocabulary, its Apprentice Rider keeping 2
    (513.1 read exactly); racebook's ``edition`` 2 of the rules reading; the
    1201.1c bounds ``loop_repeats``, ``max_work`` and ``max_effects``; the
    readings ``both_empty``, ``horse_supports`` (now ``run-end``, before as
    ``904.1``) and ``declined_runner``."""

    @classmethod
    def past_defaults(cls, revision: int) -> dict[str, Any]:
        """Revision 2: the sample set before edition 3 (``data/sample-r2.toml``),
        edition 2 of the rules reading and its bounds (:data:`EDITION_2`);
        revision 1: the sample set before issue 22 (``data/sample-r1.toml``)
        and edition 1 (:data:`EDITION_1`)."""
        if revision >= 3:
            return {}
        sample = {k: to_data(v) for k, v in past_sample(revision).items()}
        if revision == 2:
            return {**sample, **EDITION_2}
        return {**sample, **EDITION_1}

    def __init__(self, config: ForceHorseConfig) -> None:
        check_config(config)
        super().__init__(config)
        self.by_name: dict[str, Card] = {c.name: c for c in config.cards}
        self._decks: dict[str, list[list[Card]]] = {}  # deck_cards() by distance class
        self._presented: dict[str, tuple[tuple[str, ...], ...]] = {}  # by distance class
        self._told: dict[str, dict[Any, Any]] = {}  # by distance class
        self.legacy = config.edition < 2
        """Edition 1: racebook's reading of the rules before the fixes of
        edition 2, for logs written then (each fix says where it differs)."""
        self.force_values: dict[Race, tuple[dict[str, int], dict[Any, Any]]] = {}
        self.force_last: tuple[Race | None, tuple[dict[str, int], dict[Any, Any]]] = (
            None,
            ({}, {}),
        )
        """Each force card's count by race (503.3a), made as read, and the
        runner steps' actions found for it (picks.py)."""
        self.has_state = any(a.type == "state" for c in config.cards for a in c.abilities)
        """Whether any card has a state trigger (806.6): watched after every step."""
        self.has_abilities = any(c.abilities for c in config.cards)
        """Whether any card has abilities: a game without keeps part 1's state
        record (its logs' digests) exactly."""
        if config.race is not None:
            self.deck_cards(config.race)
        elif config.long_decks:
            self.deck_cards(Race("tokyo", 1600, "firm"))
            self.deck_cards(Race("tokyo", 3200, "firm"))
        else:
            raise ConfigError("long_decks", "a random race (race = None) needs long decks too")

    def deck_cards(self, race: Race) -> list[list[Card]]:
        """Both decks for ``race``, checked (602) once per distance class (the
        config is a value: every game of it deals the same decks)."""
        kept = self._decks.get(race.distance_class)
        if kept is None:
            c = self.config
            decks = c.long_decks if race.distance_class == "long" and c.long_decks else c.decks
            kind = race.distance_class
            kept = [check_deck(d, self.by_name, kind, s) for s, d in enumerate(decks)]
            self._decks[race.distance_class] = kept
        return [list(d) for d in kept]

    def told(self, race: Race) -> dict[Any, Any]:
        """The events of each move (zones.Table.told) for the cards dealt for
        ``race``: the same cards every game of a distance class."""
        return self._told.setdefault(race.distance_class, {})

    def presented(self, race: Race) -> tuple[tuple[str, ...], ...]:
        """Each deck's card names in order, as presented (603.1a), for ``race``."""
        kept = self._presented.get(race.distance_class)
        if kept is None:
            decks = self.deck_cards(race)
            kept = tuple(tuple(sorted(c.name for c in deck)) for deck in decks)
            self._presented[race.distance_class] = kept
        return kept

    @property
    def seats(self) -> int:
        return 2

    @classmethod
    def upgrade_config(cls, data: Any, version: int) -> Any:
        """A config from before part 2 (a full config of format 3 or older
        without an ``aptitude`` key): the game as it was then, without the
        aptitude modifiers of the 1000s.  (A header of format 4 leaves out
        settings at their default.)"""
        if version < 4 and isinstance(data, dict) and "aptitude" not in data:
            data = {**data, "aptitude": False}
        if version < 4 and isinstance(data, dict) and "edition" not in data:
            data = {**EDITION_1, **data}  # written before edition 2: played as then
        return data

    def _make_state(self) -> ForceHorseState:
        return ForceHorseState(self)

    def parse_action(self, data: Any) -> ForceHorseAction:
        """An action of this game from its JSON data, typed as
        ``ForceHorseAction`` (a union of the action classes: the kinds are
        exactly :attr:`action_types`); bad client input raises
        :class:`~racebook.core.errors.MalformedAction` naming the field."""
        return cast("ForceHorseAction", super().parse_action(data))


class ForceHorseState(State[ForceHorseConfig, ForceHorseView, ForceHorseMove]):
    game: ForceHorse

    def __init__(self, game: ForceHorse) -> None:
        super().__init__(game)
        self.table = Table([], [])
        self.race: Race | None = None
        self.phase = "race"
        self.shuffles: list[int] = []
        self.mulligan: list[bool | None] = [None, None]
        self.first = -1
        self.turn = 0
        self.turn_player = -1
        self.run_count = 0
        self.pairs: list[list[int | None]] = []
        self.outcomes: list[tuple[int, int | None, int, int]] = []
        self.priority = -1
        self.to_farm = 0
        self.winners: tuple[int, ...] | None = None
        self.ab = AbilityState()
        if game.config.race is not None:
            self.race = game.config.race
            self.deal_decks([])

    # -- setup hooks ---------------------------------------------------------------------
    def deal_decks(self, events: list[Event]) -> None:
        """FotH 603.1a: each deck presented, then shuffled (chance)."""
        assert self.race is not None
        decks = self.game.deck_cards(self.race)
        cards = decks[0] + decks[1]
        owners = [0] * len(decks[0]) + [1] * len(decks[1])
        self.table = Table(cards, owners, self.game.told(self.race))
        self._hook()
        first = len(decks[0])
        self.table.zones[0][DECK] = list(range(first))  # the cards of each owner
        self.table.zones[1][DECK] = list(range(first, len(cards)))
        for s, names in enumerate(self.game.presented(self.race)):
            events.append(shared(DeckPresented, s, names))
        self.shuffles = [0, 1]
        self.phase = "setup"

    def _hook(self) -> None:
        if self.game.has_abilities:
            self.table.hook = _MoveHook(self)

    def start_turn(self, events: list[Event]) -> None:
        turn.start_turn(self, events)

    def finish(self, winners: tuple[int, ...], events: list[Event]) -> None:
        """FotH 102: the game ends at once; both winning at once: a draw (notes)."""
        self.winners = winners if len(winners) == 1 else ()
        self.phase = "over"
        self._mark()
        events.append(self._game_ended())

    # -- card values (808, 1000s) -------------------------------------------------------
    def run_value(self, card: int) -> int:
        """FotH 209: the run value now (808.1, the aptitude modifiers of 1002)."""
        return info(self, card).run

    def guard_value(self, card: int) -> int:
        """FotH 210: the guard value now (808.1)."""
        return info(self, card).guard

    def change_going(self, steps: int, events: list[Event]) -> None:
        """FotH 511: make the going ``steps`` better (< 0) or worse (> 0)."""
        assert self.race is not None
        going = stepped_going(self.race.going, steps)
        if going != self.race.going:  # 103.2a
            self.race = attrs.evolve(self.race, going=going)
            events.append(GoingChanged(going))

    # -- reading -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def to_act(self) -> tuple[int, ...]:
        p = self.phase
        ab = self.ab
        if ab.choice is None and ab.proposal is None:  # the most frequent first
            if p in _TURN_PLAYERS:
                return (self.turn_player,)
            if p == "priority":
                return (self.priority,)
            if p == "respond":
                return (1 - self.priority,)
        if p == "over":
            return ()
        if ab.choice is not None:
            return (ab.choice.seat,)
        if ab.proposal is not None:
            return (1 - self.turn_player,)  # 1201.1a: the other player answers
        if p in _CHANCE_PHASES:
            return (CHANCE,)
        if p == "mulligan":
            return tuple(s for s in range(2) if self.mulligan[s] is None)
        if p == "guard":
            return (1 - self.turn_player,)
        if p == "priority":
            return (self.priority,)
        if p == "respond":
            return (1 - self.priority,)
        return (self.turn_player,)

    def _at_chance(self) -> bool:
        # to_act == (CHANCE,), read without making it (after every action)
        ab = self.ab
        return self.phase in _CHANCE_PHASES and ab.choice is None and ab.proposal is None

    @property
    def result(self) -> Result | None:
        if self.winners is None:
            return None
        scores = tuple(1 if s in self.winners else 0 for s in range(2))
        places = places_from_keys([-x for x in scores])
        return Result(scores, places, tuple(s for s in range(2) if places[s] == 1))

    def view(self, seat: int | None) -> ForceHorseView:
        self._check_seat(seat)
        return make_view(self, seat)

    def render(self, seat: int | None = None) -> str:
        return self.view(seat).render()

    def snapshot(self) -> dict[str, Any]:
        return self.record_of(full=True)

    def record_of(self, *, full: bool) -> dict[str, Any]:
        """The state as data; ``full=False`` leaves out bookkeeping that is
        not the game itself (last known information, entry times): what
        1201 compares."""
        t = self.table
        return {
            "phase": self.phase,
            "race": None
            if self.race is None
            else [self.race.racecourse, self.race.distance, self.race.going],
            "zones": [{z: list(t.zones[s][z]) for z in ZONES} for s in range(2)],
            "resolution": list(t.resolution),
            "placed": sorted(t.placed.items()),
            "clock": t.clock,
            "shuffles": list(self.shuffles),
            "mulligan": list(self.mulligan),
            "first": self.first,
            "turn": [self.turn, self.turn_player, self.run_count, self.priority, self.to_farm],
            "pairs": [list(p) for p in self.pairs],
            "outcomes": [list(o) for o in self.outcomes],
            "winners": None if self.winners is None else list(self.winners),
        } | self._part2(full)

    def _part2(self, full: bool) -> dict[str, Any]:
        if not self.game.has_abilities:
            return {}
        t = self.table
        if not full:
            return {"abilities": self.ab.snapshot(full=False)}
        return {
            "abilities": self.ab.snapshot(),
            "entered": sorted(t.entered.items()),
            "stamp": t.stamp,
        }

    # -- acting --------------------------------------------------------------------------
    def _legal(self, seat: int) -> list[ForceHorseMove]:
        if seat == CHANCE:  # a shuffle or a draw: too many outcomes to list
            return []  # (the rules' listing gave chance a Pass, which check refuses)
        # a seat's moves only (tests/test_typing_edge.py holds them so)
        return cast("list[ForceHorseMove]", legal_actions(self, seat))

    # the listing's pick, without the list (a test holds them equal): a move
    _pick = picks.pick  # type: ignore[assignment]

    def _check(self, action: Action) -> str | None:
        return check_action(self, action)

    def _sample_chance(self, rng: random.Random) -> Action:
        if self.phase == "race":
            return setup.sample_race(rng)
        if self.phase == "first":
            return FirstPlayer(CHANCE, rng.randrange(2))
        return setup.sample_shuffle(self, rng)

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        s = action.seat
        self.ab.done = 0  # max_work counts the work of one action
        self.table.settled = -1  # rule checks' answers are kept within one action
        if self.game.has_abilities and s >= 0:
            record(self, action)  # 1201
        # the action kinds are disjoint classes: the most frequent asked first
        if isinstance(action, Pass):
            if self.phase == "support":
                turn.begin_runs(self, events)
            elif self.phase == "runner":
                turn.no_runner(self, events)
            elif self.phase == "guard":
                turn.no_guard(self, events)
            else:
                turn.pass_priority(self, s, events)
        elif isinstance(action, Support):
            if self.phase == "respond":
                turn.respond_support(self, s, events)
            turn.play_support(self, s, action.card, action.target, action.pair, events)
        elif isinstance(action, Run):
            turn.play_horse(self, s, action.card, action.force, events)
        elif isinstance(action, Farm):
            turn.farm_card(self, s, action.card, events)
        elif isinstance(action, Guard):
            turn.play_horse(self, s, action.card, (), events)
        elif act(self, action, events):  # Choose, Loop, LoopCount
            pass
        elif isinstance(action, DrawRace):
            setup.apply_race(self, action, events)
        elif isinstance(action, Shuffle):
            setup.apply_shuffle(self, action, events)
        elif isinstance(action, FirstPlayer):
            setup.apply_first(self, action, events)
        elif isinstance(action, Mulligan):
            events.append(MulliganChosen(s, action.redo))
            setup.apply_mulligan(self, s, action.redo, events)
        if not self.game.has_abilities:
            drive_plain(self, events)  # drive(), nothing of part 2 to look for
            return events  # stuck() does nothing without abilities (1201 needs them)
        drive(self, events)
        self.ab.keys = None
        stuck(self, events)  # 1201.1c
        # the loop keys stuck() took of the state this action made are kept for
        # the next action's record() (taking them twice was 8% of a game, profiled)
        return events

    def _copy_into(self, other: ForceHorseState) -> None:
        other.table = self.table.copy()
        other.shuffles = list(self.shuffles)
        other.mulligan = list(self.mulligan)
        other.pairs = [list(p) for p in self.pairs]
        other.outcomes = list(self.outcomes)
        other.ab = self.ab.copy()
        other._hook()

    # -- for the test harness ------------------------------------------------------------
    def audit(self) -> None:
        t = self.table
        seen = list(t.resolution)
        for s in range(2):
            for z in ZONES:
                for c in t.zones[s][z]:
                    assert t.owners[c] == s, f"card {c} in seat {s}'s {z}"
                seen += t.zones[s][z]
        assert sorted(seen) == list(range(len(t.cards))), "cards lost or doubled"
        assert (self.winners is None) == (self.phase != "over"), "a game over is over"
        assert self.phase not in ("support", "runner") or self.table.area_cards(self.turn_player)
        assert not self.ab.work or self.ab.choice is not None or self.over, "work left undone"

    def probes(self, seat: int) -> list[Action]:
        return probe_actions(self, seat)

    def hidden_variant(self, seat: int, rng: random.Random) -> ForceHorseState:
        return hidden_variant(self, seat, rng)

    def hidden_world(self, seat: int, rng: random.Random) -> list[Action] | None:
        from racebook.games.forcehorse.worlds import hidden_world  # (issue 37)

        return hidden_world(self, seat, rng)


class _MoveHook:
    """The table's hook on a card moving (:func:`on_move`): an object rather
    than a closure, so that a state pickles."""

    __slots__ = ("state",)

    def __init__(self, state: ForceHorseState) -> None:
        self.state = state

    def __call__(self, card: int, source: str, target: str) -> None:
        on_move(self.state, card, source, target)

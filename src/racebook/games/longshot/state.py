"""A game of the box race in progress, :class:`LongShotState`: a table of
contents of the rulebook that hands each step to the module of its section,
in the order of play:

* "Preparation of the first race": :mod:`~racebook.games.longshot.setup`;
* "Basic of the Race Round", "When the stack is exhausted":
  :mod:`~racebook.games.longshot.rounds`;
* "How to place Horse cards", "After all boxes are full":
  :mod:`~racebook.games.longshot.placement`;
* running, "The Last Spurt", "End of the Race":
  :mod:`~racebook.games.longshot.race`;
* "Aftermath", "Preparation of the last race", "Winning":
  :mod:`~racebook.games.longshot.settlement`;
* what a seat sees: :mod:`~racebook.games.longshot.view`; rule modules:
  :mod:`~racebook.games.longshot.rules`.

Seats are numbered 0..n-1 clockwise: "the player to the left" of seat ``s``
is seat ``s + 1``.  Horses are numbered 1..6 as on the board.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from racebook.board.boxes import EMPTY
from racebook.cards.horse import card
from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Action, Event, Result, State
from racebook.games.longshot import placement, race, rounds, settlement, setup, worlds
from racebook.games.longshot.config import LongShotConfig
from racebook.games.longshot.phases import (
    AFTER_DRAW,
    CHANCE_PHASES,
    DEAL,
    FIRST,
    INTERLUDE,
    OPENED,
    ORDERS,
    OVER,
    RACING,
    SECOND,
    TURN,
)
from racebook.games.longshot.placement import Pass, Place
from racebook.games.longshot.rounds import Restock
from racebook.games.longshot.settlement import RaceRecord
from racebook.games.longshot.setup import Deal, DealOrders, FirstPlayer
from racebook.games.longshot.view import LongShotView, hidden_variant, make_view
from racebook.scoring.money import RaceTable

if TYPE_CHECKING:
    from racebook.games.longshot.game import LongShot


class LongShotState(State[LongShotConfig, LongShotView, Action]):
    """A game of Long Shot (or a variant) in progress.  Drive it through the contract."""

    game: LongShot

    def __init__(self, game: LongShot) -> None:
        super().__init__(game)
        c = game.config
        n = c.players
        self.race = 0
        self.round = 0
        self.first = 0 if c.first_player is None else c.first_player
        self.phase = FIRST if c.first_player is None else DEAL
        self.turn = 0
        self.placed: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stack: list[int] = list(game.deck)
        self.boxes: list[list[int]] = [[] for _ in range(2 * c.running)]
        self.tops: list[int] = [EMPTY] * (2 * c.running)
        self.pos: list[int] = [0] * c.running
        self.fin: dict[int, tuple[int, ...]] = {}
        self.orders: list[int] = [0] * n
        self.aside: list[int] = []
        self.money: list[int] = [c.starting_money] * n
        self.opened = -1
        self.after_restock = AFTER_DRAW
        self.drawing = 0
        self.history: list[RaceRecord] = []
        self.ext: dict[str, Any] = {}
        self.interlude = -1
        self.idle = 0
        """Rounds in a row, this race, in which no horse moved."""

    # -- reading ---------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        p = self.phase
        if p in (TURN, SECOND):
            return ((self.first + self.turn) % self.game.config.players,)
        if p == OPENED:
            return (self.first,)
        if p == OVER:
            return ()
        if p == INTERLUDE:
            return self.game.rules[self.interlude].to_act(self)
        return (CHANCE,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _at_chance(self) -> bool:
        if self.phase == INTERLUDE:
            return self.game.rules[self.interlude].to_act(self) == (CHANCE,)
        return self.phase in CHANCE_PHASES

    @property
    def result(self) -> Result | None:
        return settlement.result(self) if self.phase == OVER else None

    @property
    def spurt(self) -> bool:
        """The Last Spurt is on: some horse stood on or past the threshold when
        this round began (Long Shot: "The Last Spurt")."""
        return race.spurt(self)

    @property
    def table(self) -> RaceTable:
        """The payout table of the race being played."""
        return self.game.config.races[self.race]

    def render(self, seat: int | None = None) -> str:
        """A compact text picture of the game as ``seat`` may see it (``None``:
        a spectator), built from :meth:`view` alone
        (:meth:`~racebook.games.longshot.view.LongShotView.render`), so nothing hidden can show.

        >>> import racebook
        >>> state = racebook.load("longshot", players=4).new_state(seed=2)
        >>> print(state.render(1))
        Long Shot, race 1 of 2, round 1: turn (seat 1's view)
        to act: seat 0; first player: seat 0
        horse  pos  boxes (top card, cards in the box)
            1    0  -         -
            2    0  -         -
            3    0  -         -
            4    0  -         -
            5    0  -         -
        stack 66 cards
        seat  cards  order  money
           0      8      ?    $20,000
           1      8      4    $20,000  (you)
           2      8      ?    $20,000
           3      8      ?    $20,000
        your hand: F:3 F:4 F:4 F:5 F:5 F:7 2:4 4:3
        """
        return self.view(seat).render(self.game.title)

    def view(self, seat: int | None) -> LongShotView:
        self._check_seat(seat)
        return make_view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        return {
            "race": self.race,
            "round": self.round,
            "first": self.first,
            "phase": self.phase,
            "turn": self.turn,
            "placed": self.placed,
            "hands": self.hands,
            "stack": self.stack,
            "boxes": self.boxes,
            "pos": self.pos,
            "fin": sorted((h, list(k)) for h, k in self.fin.items()),
            "orders": self.orders,
            "aside": self.aside,
            "money": self.money,
            "opened": self.opened,
            "after": self.after_restock,
            "drawing": self.drawing,
            "history": [[r.race, r.places, r.orders, r.money] for r in self.history],
            "ext": self.ext,
            "interlude": self.interlude,
            # only when set, so that games without a stalled round keep the
            # digests format-1 logs recorded before the stall stop existed
            **({"idle": self.idle} if self.idle else {}),
        }

    # -- legality: each step's section says what may be done ------------------------
    def _legal(self, seat: int) -> list[Action]:
        p = self.phase
        if p == INTERLUDE:
            return self.game.rules[self.interlude].legal(self, seat)
        if seat == CHANCE:
            if p == FIRST:
                return [FirstPlayer(CHANCE, s) for s in range(self.game.config.players)]
            return []
        return placement.legal(self, seat)

    def _pick(self, seat: int, rng: random.Random) -> Action:
        # the listing's pick, without the list (a test holds them equal)
        p = self.phase
        if p in (TURN, SECOND, OPENED):
            return placement.pick(self, seat, rng)
        if p == INTERLUDE:
            return self.game.rules[self.interlude].pick(self, seat, rng)
        return super()._pick(seat, rng)

    def _check(self, action: Action) -> str | None:
        if self.phase == INTERLUDE:
            return self.game.rules[self.interlude].check(self, action)
        if action.seat == CHANCE:
            if isinstance(action, Restock):
                return rounds.check_restock(self, action)
            return setup.check_chance(self, action)
        if isinstance(action, Place):
            return placement.check_place(self, action)
        if isinstance(action, Pass):
            return placement.check_pass(self, action)
        return refuse("not-playable-now", f"{action.kind} is not playable now")

    def _sample_chance(self, rng: random.Random) -> Action:
        p = self.phase
        if p == INTERLUDE:
            return self.game.rules[self.interlude].sample_chance(self, rng)
        if p in (FIRST, DEAL, ORDERS):
            return setup.sample_chance(self, rng)
        return rounds.sample_restock(self, rng)

    def chance_outcomes(self) -> list[tuple[Action, float]] | None:
        if self.phase == FIRST:
            n = self.game.config.players
            return [(a, 1 / n) for a in self._legal(CHANCE)]
        return None

    # -- play: the steps in the order of play ---------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.phase == INTERLUDE:
            self.game.rules[self.interlude].apply(self, action, events)
        elif isinstance(action, Place):
            placement.place(self, action, events)
        elif isinstance(action, Pass):
            placement.pass_turn(self, action, events)
        elif isinstance(action, FirstPlayer):
            setup.choose_first(self, action)
        elif isinstance(action, Deal):
            setup.deal(self, action, events)
        elif isinstance(action, DealOrders):
            setup.deal_orders(self, action, events)
        elif isinstance(action, Restock):
            rounds.restock(self, action, events)
        return events

    def start_round(self, number: int) -> None:
        """Round ``number`` begins (:func:`~racebook.games.longshot.rounds.start_round`)."""
        rounds.start_round(self, number)

    def cards_this_turn(self, seat: int) -> int:
        """How many cards ``seat`` may place this turn: 1, or ``spurt_cards`` in
        "The Last Spurt", as the rule modules may change it."""
        return race.cards_this_turn(self, seat)

    def end_turn(self, events: list[Event], *, draw: bool = True) -> None:
        """The turn ends: draw, and the next player
        (:func:`~racebook.games.longshot.rounds.end_turn`)."""
        rounds.end_turn(self, events, draw=draw)

    def run(self, events: list[Event]) -> None:
        """The horses run (:func:`~racebook.games.longshot.race.run`)."""
        race.run(self, events)

    def next_round(self) -> None:
        """The player to the left becomes the first player
        (:func:`~racebook.games.longshot.rounds.next_round`)."""
        rounds.next_round(self)

    def end_interlude(self, events: list[Event]) -> None:
        """A rule module hands control back: the next round begins."""
        self.interlude = -1
        self.next_round()

    def rank_keys(self) -> dict[int, tuple[int, ...]]:
        """The finishing key of every placed horse (smaller is better)."""
        return race.rank_keys(self)

    def horse_places(self) -> list[int]:
        """Place per horse (index 0 = horse 1); 0 = no place (did not finish)."""
        return race.horse_places(self)

    def settle(self, events: list[Event]) -> None:
        """The race is over: "Aftermath" (:func:`~racebook.games.longshot.settlement.settle`)."""
        settlement.settle(self, events)

    def gain(self, seat: int, amount: int, reason: str, events: list[Event]) -> None:
        """Pay ``seat`` from the bank (a ``money`` event)."""
        settlement.gain(self, seat, amount, reason, events)

    def lose(self, seat: int, amount: int, reason: str, events: list[Event]) -> None:
        """``seat`` pays as far as it can (a ``money`` event with what was paid)."""
        settlement.lose(self, seat, amount, reason, events)

    # -- copies, audits and hidden information ------------------------------------
    def _copy_into(self, other: LongShotState) -> None:
        other.placed = list(self.placed)
        other.hands = [list(h) for h in self.hands]
        other.stack = list(self.stack)
        other.boxes = [list(b) for b in self.boxes]
        other.tops = list(self.tops)
        other.pos = list(self.pos)
        other.fin = dict(self.fin)
        other.orders = list(self.orders)
        other.aside = list(self.aside)
        other.money = list(self.money)
        other.history = list(self.history)
        other.ext = copy.deepcopy(self.ext)

    def audit(self) -> None:
        everything: list[int] = [x for h in self.hands for x in h] + self.stack
        everything += [x for b in self.boxes for x in b]
        if self.opened >= 0:
            everything.append(self.opened)
        for rule in self.game.rules:
            everything += rule.held_cards(self)
        assert Counter(everything) == Counter(self.game.deck), "horse cards lost or duplicated"
        assert all(m >= 0 for m in self.money), f"money below $0: {self.money}"
        assert self.tops == [b[-1] & 15 if b else EMPTY for b in self.boxes], "tops out of sync"
        if self.phase in RACING:
            dealt = sorted(self.orders + self.aside)
            assert dealt == list(range(1, self.game.config.running + 1)), "orders lost"

    def probes(self, seat: int) -> list[Action]:
        kinds = [*sorted(set(self.game.deck)), 7 * 16 + 3, 15]
        nboxes = len(self.boxes)
        out: list[Action] = [Pass(seat), Pass((seat + 1) % self.game.config.players)]
        out += [Place(seat, card(x), b) for x in kinds for b in range(-1, nboxes + 1)]
        out += [FirstPlayer(CHANCE, 0), DealOrders(CHANCE, (1,)), Restock(CHANCE, ())]
        for rule in self.game.rules:
            out += rule.probes(self, seat)
        return out

    def hidden_variant(self, seat: int, rng: random.Random) -> LongShotState:
        return hidden_variant(self, seat, rng)

    def hidden_world(self, seat: int, rng: random.Random) -> list[Action] | None:
        """The actions of a game ``seat`` cannot tell from this one, the cards
        and orders it never saw dealt anew
        (:func:`racebook.games.longshot.worlds.hidden_world`)."""
        return worlds.hidden_world(self, seat, rng)

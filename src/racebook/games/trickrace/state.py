"""The trick race's state: its data, and a table of contents that hands each
step of play to the module of its rulebook section."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Action, Event, Result, State
from racebook.games.trickrace import hidden, paddock, payout, setup, tickets, tricks
from racebook.games.trickrace.actions import (
    Bet,
    DealCards,
    Discard,
    DrawHorses,
    Paddock,
    Play,
    TrickRaceMove,
)
from racebook.games.trickrace.config import DUMMY, TrickRaceConfig
from racebook.games.trickrace.phases import (
    BET_DOWN,
    BET_UP,
    CHANCE_PHASES,
    DEAL,
    DISCARD,
    DRAW,
    OVER,
    TRICK,
)
from racebook.games.trickrace.view import RaceRecord, TrickRaceView, make_view

if TYPE_CHECKING:
    from racebook.games.trickrace.game import TrickRace


class TrickRaceState(State[TrickRaceConfig, TrickRaceView, TrickRaceMove]):
    """A trick race in progress.

    The state holds the game's data; each step of play is handed to the module
    of its rulebook section: :mod:`~racebook.games.trickrace.setup` (ゲームの準備),
    :mod:`~racebook.games.trickrace.paddock` (パドックフェイズ),
    :mod:`~racebook.games.trickrace.tickets` (馬券購入フェイズ),
    :mod:`~racebook.games.trickrace.tricks` (レースフェイズ),
    :mod:`~racebook.games.trickrace.payout` (配当フェイズ, 次レース準備フェイズ),
    :mod:`~racebook.games.trickrace.dummy` (3人プレイ時).
    """

    game: TrickRace

    def __init__(self, game: TrickRace) -> None:
        super().__init__(game)
        n = game.config.players
        self.dummy = DUMMY if n == 3 else -1
        self.ring: list[int] = list(range(4))  # clockwise seat ids
        self.horse_of: list[int] = [0] * 4  # by seat id
        self.cards_of: list[list[int]] = [[] for _ in range(4)]  # by horse - 1
        self.phase = DRAW
        self.race = 0
        self.start = 0
        self.odds = [game.config.start_odds] * 4
        self.points = [0] * n
        self.history: list[RaceRecord] = []
        self.horse_of_last: list[int] = []
        self._order_leader = -1  # play_order() was worked out for this leader
        self._order_first = -1  # and this first seat of the ring
        self._order: tuple[int, ...] = ()
        self._order_acts: tuple[tuple[int], ...] = ()  # to_act of each play of the trick
        self._bettors_start = -1  # tickets.bettors() was worked out for this start
        self._bettors_first = -1  # and this first seat of the ring
        self._waiting: tuple[int, tuple[int, ...]] = (-1, ())  # (version, to_act) all at once
        self._bettors: list[tuple[int]] = []  # and gave these (to_act of each in turn)
        self.whips_up: list[int] = [game.config.whips] * 4  # face up; one recovers a race
        # each seat's plays, kept until its hand changes (tricks.hand_plays; not copied by clone)
        self.plays_of: list[tricks.Kept | None] = [None] * 4
        self.clear_race()

    def clear_race(self) -> None:
        """The state of one race, cleared at each paddock."""
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.open_discards: list[list[int]] = [[] for _ in range(4)]
        self.secret: list[int] = [-1] * 4
        self.played: list[list[int]] = [[] for _ in range(4)]
        self.up: list[int] = [-1] * 4
        self.down: list[int] = [-1] * 4
        self.ready: list[bool] = [False] * 4
        self.bet_turn = 0
        self.pos = [0] * 4
        self.squares: list[list[int]] = [[] for _ in range(self.game.config.course + 1)]
        self.arrived: list[int] = []
        self.leader = self.start
        self.trick: list[tuple[int, int, bool]] = []
        self.whip_by = -1
        self.number = 0
        self.moved = [0] * 4
        # The start player's revealed card while it is in their hand (or face
        # down): -1 if none.  Not in the snapshot: it follows from the paddock
        # line, and the digests of logs written before it existed stay valid.
        self.revealed = -1

    # -- reading -------------------------------------------------------------------------
    def humans(self) -> list[int]:
        return [s for s in self.ring if s != self.dummy]

    def left_of(self, seat: int) -> int:
        return self.ring[(self.ring.index(seat) + 1) % 4]

    def play_order(self) -> tuple[int, ...]:
        """Who plays in this trick, in order: clockwise from the leader; the dummy
        plays first when it leads, else last (3人プレイ時).  A tuple: the game
        keeps one per leader and seating, shared by its states."""
        leader = self.leader
        first = self.ring[0]
        if self._order_leader != leader or self._order_first != first:
            self._order_leader = leader
            self._order_first = first
            key = (leader, tuple(self.ring))  # the game's dummy, if any, is the same
            found = self.game.orders.get(key)
            if found is None:
                order = tricks.compute_order(self)
                found = self.game.orders[key] = (tuple(order), tuple([(s,) for s in order]))
            self._order, self._order_acts = found
        return self._order

    def horse_places(self) -> list[int]:
        """Place per horse (index 0 = horse 1), see :func:`.payout.horse_places`."""
        return payout.horse_places(self)

    @property
    def to_act(self) -> tuple[int, ...]:
        p = self.phase
        if p == TRICK:  # the most frequent first; play_order(), its check inline
            if self._order_leader == self.leader and self._order_first == self.ring[0]:
                return self._order_acts[len(self.trick)]
            self.play_order()
            return self._order_acts[len(self.trick)]
        if p in (DISCARD, BET_DOWN):  # who is not ready yet: kept until the next action
            version, acting = self._waiting
            if version != self._version:
                ready = self.ready
                if p == BET_DOWN and self.game.config.down_in_turn:  # one at a time
                    acting = tuple([s for s in tickets.bettors(self) if not ready[s]][:1])
                else:
                    acting = tuple([s for s in range(self.game.config.players) if not ready[s]])
                self._waiting = (self._version, acting)
            return acting
        if p == BET_UP:
            if self._bettors_start != self.start or self._bettors_first != self.ring[0]:
                self._bettors_start, self._bettors_first = self.start, self.ring[0]
                self._bettors = [(s,) for s in tickets.bettors(self)]
            return self._bettors[self.bet_turn]
        if p == OVER:
            return ()
        return (CHANCE,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _at_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    @property
    def result(self) -> Result | None:
        return payout.final_result(self) if self.phase == OVER else None

    def render(self, seat: int | None = None) -> str:
        """A compact text picture of the game as ``seat`` may see it (``None``:
        a spectator), built from :meth:`view` alone
        (:meth:`TrickRaceView.render`), so nothing hidden can show.

        >>> import racebook
        >>> state = racebook.load("trickrace").new_state(seed=2)
        >>> print(state.render(0))
        Trick race, race 1 of 4: discard (seat 0's view)
        to act: seats 0, 1, 2, 3; start player: seat 0; leader: seat 0; discard number 9
        horse                pos  odds  rider
        1 Forêt Noire          0     2  seat 3
        2 Vanilla Beans        0     2  seat 0
        3 Silver Arazan        0     2  seat 1
        4 Gâteau Opéra         0     2  seat 2
        course of 7 (bottom first): gate: 4 1 2 3
        seat    horse  points  whips  tickets  hand R B Y G  face up  face down
        0           2       0      2    - + -       2 3 3 3       G4          -  (you)
        1           3       0      2    - + -       3 2 4 2       G5          -
        2           4       0      2    - + -       1 4 1 5      R11          -
        3           1       0      2    - + -       4 3 4 0       R9          -
        revealed card: B9, with seat 0
        your hand: R6 R8 B1 B7 B9 Y7 Y8 Y12 G6 G8 G9
        """
        return self.view(seat).render(self.game.title)

    def view(self, seat: int | None) -> TrickRaceView:
        self._check_seat(seat)
        return make_view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        return {
            "ring": self.ring,
            "horse_of": self.horse_of,
            "cards_of": self.cards_of,
            "phase": self.phase,
            "race": self.race,
            "start": self.start,
            "odds": self.odds,
            "points": self.points,
            "hands": self.hands,
            "open": self.open_discards,
            "secret": self.secret,
            "played": self.played,
            "whips": self.whips_up,
            "up": self.up,
            "down": self.down,
            "ready": self.ready,
            "bet_turn": self.bet_turn,
            "pos": self.pos,
            "squares": self.squares,
            "arrived": self.arrived,
            "leader": self.leader,
            "trick": self.trick,
            "whip_by": self.whip_by,
            "number": self.number,
            "moved": self.moved,
            "history": [(r.race, r.places, r.spaces, r.odds, r.points) for r in self.history],
            "last": self.horse_of_last,
        }

    # -- legality: each step's module ----------------------------------------------------
    def _legal(self, seat: int) -> list[TrickRaceMove]:
        p = self.phase
        if seat == CHANCE:
            return []
        if p == DISCARD:
            return list(paddock.legal_discards(self, seat))
        if p in (BET_UP, BET_DOWN):
            return list(tickets.legal_bets(self, seat))
        if p == TRICK:
            return tricks.legal_plays(self, seat)
        return []

    def legal_actions(self, seat: int) -> list[TrickRaceMove]:
        # a play in a trick, the most frequent listing: the core's steps inline
        # (to_act's play order, its check inline), the plays kept with the state
        if (
            self.phase == TRICK
            and self._order_leader == self.leader
            and self._order_first == self.ring[0]
            and type(seat) is int
            and self._order[len(self.trick)] == seat
        ):
            actions = tricks.legal_plays(self, seat)
            self._legal_cache = (self._version, seat, actions)
            return actions[:]
        return super().legal_actions(seat)

    def _pick(self, seat: int, rng: random.Random) -> TrickRaceMove:
        # the listing's pick, without the list (a test holds them equal)
        p = self.phase
        if p == TRICK:
            return tricks.pick(self, seat, rng)
        if p == DISCARD:
            return paddock.pick_discard(self, seat, rng)
        if p in (BET_UP, BET_DOWN):
            return tickets.pick_bet(self, seat, rng)
        return super()._pick(seat, rng)

    def _acts(self, seat: int) -> bool:
        if self.phase == TRICK and (  # to_act's play order, its check inline
            self._order_leader == self.leader and self._order_first == self.ring[0]
        ):
            return self._order[len(self.trick)] == seat
        return seat in self.to_act

    def _check_rules(self, action: Action) -> str | None:
        # a play in a trick, the most frequent check (replay): the core's steps inline
        if (
            self.phase == TRICK
            and type(action) is Play
            and self._order_leader == self.leader
            and self._order_first == self.ring[0]
            and self._order[len(self.trick)] == action.seat
        ):
            return tricks.check_play(self, action)
        return super()._check_rules(action)

    def _check(self, action: Action) -> str | None:
        if action.seat == CHANCE:
            return self._check_chance(action)
        if isinstance(action, Play):  # the most frequent first
            return tricks.check_play(self, action)
        if isinstance(action, Discard):
            return paddock.check_discard(self, action)
        if isinstance(action, Bet):
            return tickets.check_bet(self, action)
        return refuse("not-playable-now", f"{action.kind} is not a player's action")

    def _check_chance(self, action: Action) -> str | None:
        if isinstance(action, DrawHorses):
            return setup.check_draw(self, action)
        if isinstance(action, DealCards):
            return setup.check_deal(self, action)
        if isinstance(action, Paddock):
            return paddock.check_paddock(self, action)
        return refuse("chance-not-now", f"{action.kind} is not a chance outcome now")

    def _sample_chance(self, rng: random.Random) -> Action:
        if self.phase == DRAW:
            return setup.sample_draw(self, rng)
        if self.phase == DEAL:
            return setup.sample_deal(self, rng)
        return paddock.sample_paddock(self, rng)

    # -- play: in the order of the rulebook ----------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Play):  # 3 レースフェイズ
            card = action.card
            tricks.play(self, action.seat, card.colour * 16 + card.number, action.whip, events)
            if len(self.trick) == 4 or self.dummy >= 0:  # else the next player plays
                tricks.advance(self, events)
        elif isinstance(action, Bet):  # 2 馬券購入フェイズ
            tickets.bet(self, action, events)
        elif isinstance(action, Discard):  # 1 パドックフェイズ
            paddock.discard(self, action, events)
        elif isinstance(action, DrawHorses):  # ゲームの準備
            setup.draw_horses(self, action, events)
        elif isinstance(action, DealCards):
            setup.deal(self, action)
        elif isinstance(action, Paddock):
            paddock.paddock(self, action, events)
        return events

    def play(self, seat: int, x: int, whip: bool, events: list[Event]) -> None:
        """``seat`` plays card code ``x`` (:func:`.tricks.play`)."""
        tricks.play(self, seat, x, whip, events)

    def advance(self, events: list[Event]) -> None:
        """Play on until a player must act (:func:`.tricks.advance`)."""
        tricks.advance(self, events)

    def payout(self, events: list[Event]) -> None:
        """The race's payout, then the next race (:func:`.payout.payout`)."""
        payout.payout(self, events)

    # -- copies, audits, hidden information: hidden ----------------------------------------
    def _copy_into(self, other: TrickRaceState) -> None:
        hidden.copy_into(self, other)

    def audit(self) -> None:
        hidden.audit(self)

    def probes(self, seat: int) -> list[Action]:
        return hidden.probes(self, seat)

    def hidden_variant(self, seat: int, rng: random.Random) -> TrickRaceState:
        """A clone that differs only in what ``seat`` may not see
        (:func:`.hidden.hidden_variant`)."""
        return hidden.hidden_variant(self, seat, rng)

    def hidden_world(self, seat: int, rng: random.Random) -> list[Action] | None:
        """The actions of a game ``seat`` cannot tell from this one, what it
        may not see drawn anew (:func:`.hidden.hidden_world`)."""
        return hidden.hidden_world(self, seat, rng)

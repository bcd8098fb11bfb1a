"""The state of a game in progress: a table of contents of the play, each step
handed to the module of its rulebook section (``race``, ``board``, ``vip``,
``host``, ``settlement``, ``view``)."""

from __future__ import annotations

import random
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from racebook.cards.readysetbet import Rate
from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Action, Event, Result, State, places_from_keys
from racebook.games.readysetbet import board, checks, host, race, vip
from racebook.games.readysetbet.board import Bet, BonusBet
from racebook.games.readysetbet.config import ReadySetBetConfig
from racebook.games.readysetbet.host import FirstHost, Host
from racebook.games.readysetbet.phases import (
    AT_CHANCE,
    DEAL,
    FIRST,
    HOST_BETS,
    KEEP,
    OFFER,
    OVER,
    RACE,
    ROLLING,
    ROLLOUT,
    SETUP,
)
from racebook.games.readysetbet.race import Dice, DiceRun, Drawn, NewRace, Roll, RollOut
from racebook.games.readysetbet.settlement import horse_places
from racebook.games.readysetbet.view import ReadySetBetView, view
from racebook.games.readysetbet.vip import Cash, DealVip, Keep

if TYPE_CHECKING:
    from racebook.games.readysetbet.game import ReadySetBet


BETS = (Bet, BonusBet)  # isinstance with a tuple: a union is built at each call
ROLLS = (Roll, RollOut)
NO_BET = (-2, -1, None)  # no cached to_act is of version -2

ReadySetBetAction = (
    NewRace
    | Roll
    | Dice
    | Bet
    | BonusBet
    | Cash
    | DealVip
    | Keep
    | FirstHost
    | Host
    | RollOut
    | DiceRun
)
"""Every action of Ready Set Bet, chance's outcomes too: what
:meth:`ReadySetBet.parse_action <racebook.games.readysetbet.game.ReadySetBet.parse_action>`
gives and a log holds."""

ReadySetBetMove = Roll | Bet | BonusBet | Cash | Keep | Host | RollOut
"""What a seat may do (a bettor's bet or VIP card, the host's roll, a VIP
card kept, hosting or not): what :meth:`ReadySetBetState.legal_actions`
lists.  The outcomes only chance takes (:class:`Dice`, :class:`DiceRun`,
:class:`NewRace`, :class:`DealVip`, :class:`FirstHost`) are left out."""


class ReadySetBetState(State[ReadySetBetConfig, ReadySetBetView, ReadySetBetMove]):
    """A game of Ready Set Bet in progress.  Drive it through the contract; every
    bettor and the host's chair may be in ``to_act`` at once (real time)."""

    game: ReadySetBet

    def __init__(self, game: ReadySetBet) -> None:
        super().__init__(game)
        c = game.config
        n = c.players
        self.race = 0
        self.money = [c.starting_money] * n
        if c.host_bets:
            self.money.append(c.host_money)
        self.used_props: list[int] = []
        self.exotics: list[int] = []
        self.props: list[int] = []
        self.vip: list[list[int]] = [[] for _ in range(n)]  # kept, in order
        self.cashed: list[int] = []  # free-chips cards played
        self.deck: list[int] = list(range(len(c.vip_cards)))  # a set: kept sorted
        self.discards: list[int] = []
        self.offers: list[list[int]] = [[] for _ in range(n)]
        self.hosting = -1  # rotating host: the player hosting
        self.asked = -1  # rotating host: the player asked
        self._acting: tuple[int, tuple[int, ...]] = (-1, ())  # to_act, by state version
        self.drawn: Drawn | None = None  # a roll-out's dice as drawn, worked out (race.py)
        # (state version, seat, action) of the last bet or free-chips card during a race:
        # to_act then asks only that seat again (see to_act), the seat's listing is cut
        self._bet_by: tuple[int, int, object] = NO_BET
        self.listing: board.Listing | None = None  # a seat's legal bets, kept (board.py)
        self.taken_at = -1  # where the last bet took its spot from ``free`` (board.py)
        self._reset_race()
        self.phase = FIRST if c.rotating_host else SETUP

    def _reset_race(self) -> None:
        n = self.game.config.players
        self.pos = [0] * 9
        self.crossed: list[int] = []
        self.open = True
        self.pending = -1  # the horse of an unpaired roll (獎勵移動)
        self.last: tuple[int, int] | None = None
        # spot -> (seat, token value, VIP card of a bonus token or -1)
        self.bets: dict[str, tuple[int, int, int]] = {}
        self.stacked: dict[str, tuple[int, int, int]] = {}  # piggyback tokens on top
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.bonus: list[list[int]] = [[] for _ in range(n)]  # bonus-token cards in hand
        self.late: list[int] = [0] * n  # bets left after the close (late-bet cards)
        self.cash: list[list[int]] = [[] for _ in range(n)]  # free chips playable this race
        self.spots: list[str] = []
        self._spot_set: frozenset[str] | None = frozenset()  # None: not made yet
        self.free: list[str] = []  # the spots without a token, in board order
        self.plain = 0  # how many of them are not exotic spots (which come last)
        self.host_hand: list[int] = []
        self.host_bets: dict[str, int] = {}  # spot -> token: do not block the spot
        # kept as tokens go down, so that to_act and the legal bets need not search the
        # board: the spots of the exotic cards each seat has a token on, barred to it
        # ("每位玩家不得在同一張特別彩池牌上放置超過1枚投注標記"), and each seat's piggyback
        # values this race (VIP cards do not change during a race)
        self.barred: list[frozenset[str]] = [frozenset()] * n
        self.widest = 0  # the most spots barred to one seat (to_act)
        self.lone = [0] * n  # each seat's tokens alone on a spot (piggyback targets)
        self.piggy: list[tuple[int, ...]] = [()] * n

    # -- reading ----------------------------------------------------------------------
    @property
    def spot_set(self) -> frozenset[str]:
        """This race's spots as a set, made when a check first asks (a random game
        never does: its bets are legal as they are picked)."""
        found = self._spot_set
        if found is None:
            found = self._spot_set = frozenset(self.spots)
        return found

    @property
    def host_player(self) -> int:
        """The seat whose money the host tokens use (-1: no host tokens)."""
        c = self.game.config
        return self.game.host if c.host_bets else self.hosting if c.rotating_host else -1

    @property
    def to_act(self) -> tuple[int, ...]:
        version, acting = self._acting
        if version == self._version:
            return acting
        phase = self.phase
        if phase == RACE:
            since, seat, _ = self._bet_by
            if since == version and len(self.free) > self.widest:
                # one action since ``acting`` was worked out, a bet or free-chips card of
                # ``seat``; every bettor still has a free spot it may take (more free spots
                # than any seat has barred), so no other bettor's answer changed
                # (and ``seat``, which just acted, is not the host: _may_act, shortened)
                if not (
                    self.cash[seat]
                    or ((self.open or self.late[seat]) and (self.hands[seat] or self.bonus[seat]))
                ):
                    acting = tuple([s for s in acting if s != seat])
            else:
                acting = (*filter(self._may_act, range(self.game.config.players)), self.game.host)
        elif phase == HOST_BETS:
            acting = (self.host_player,)
        elif phase == KEEP:
            acting = tuple([s for s, offer in enumerate(self.offers) if offer])
        elif phase == OFFER:
            acting = (self.asked,)
        elif phase == OVER:
            acting = ()
        else:
            acting = (CHANCE,)
        self._acting = (self._version, acting)
        return acting

    def _acts(self, seat: int) -> bool:
        # a check during the race (replay) asks of one seat: not every seat's _may_act
        if self.phase == RACE and self._acting[0] != self._version:
            if seat == self.game.host:
                return True
            return 0 <= seat < self.game.config.players and self._may_act(seat)
        return seat in self.to_act

    def _may_act(self, seat: int) -> bool:
        if seat == self.hosting:
            return False
        if self.cash[seat]:
            return True
        if not (self.open or self.late[seat]) or not (self.hands[seat] or self.bonus[seat]):
            return False
        # a free spot not barred to the seat (issuperset stops at the first one it lacks)
        if self.free and not self.barred[seat].issuperset(self.free):
            return True
        stacking = self.piggy[seat] and vip.piggyback(self, seat)
        return bool(stacking and board.stack_count(self, seat))

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _at_chance(self) -> bool:
        return AT_CHANCE[self.phase]

    @property
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        places = places_from_keys([-m for m in self.money])
        return Result(tuple(self.money), places, tuple(s for s, p in enumerate(places) if p == 1))

    def render(self, seat: int | None = None) -> str:
        """A compact text picture of the game as ``seat`` may see it (``None``:
        a spectator; the last seat: the host's chair), built from :meth:`view`
        alone (:meth:`ReadySetBetView.render`), so nothing hidden can show.

        >>> import racebook
        >>> state = racebook.load("readysetbet-simple", players=3).new_state(seed=1)
        >>> print(state.render(0))  # doctest: +ELLIPSIS
        Ready Set Bet, race 1 of 4: race (seat 0's view)
        to act: seats 0, 1, 2 and the host's chair; betting open
        horse  pos
          2/3    0
        ...
        seat   money  tokens        late  VIP cards
        0         $0  2 3 3 4 5        0  -  (you)
        1         $0  2 3 3 4 5        0  -
        2         $0  2 3 3 4 5        0  -

        (The whole picture: "Views" on the game's page, drawn by the docs' build.)
        """
        return self.view(seat).render(self.game.title)

    def view(self, seat: int | None) -> ReadySetBetView:
        self._check_seat(seat)
        return view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        return {
            "race": self.race,
            "phase": self.phase,
            "money": self.money,
            "pos": self.pos,
            "crossed": self.crossed,
            "open": self.open,
            "pending": self.pending,
            "last": self.last,
            "bets": sorted((s, list(b)) for s, b in self.bets.items()),
            "stacked": sorted((s, list(b)) for s, b in self.stacked.items()),
            "hands": self.hands,
            "bonus": self.bonus,
            "late": self.late,
            "props": self.props,
            "used": self.used_props,
            "exotics": self.exotics,
            "host_hand": self.host_hand,
            "host_bets": sorted(self.host_bets.items()),
            "vip": self.vip,
            "cashed": self.cashed,
            "deck": self.deck,
            "discards": self.discards,
            "offers": self.offers,
            "hosting": self.hosting,
            "asked": self.asked,
        }

    # -- legality -----------------------------------------------------------------------
    def _legal(self, seat: int) -> list[ReadySetBetMove]:
        phase = self.phase
        if phase == HOST_BETS:
            tokens = sorted(set(self.host_hand))
            return [Bet(seat, t, s) for s in self.spots if s not in self.host_bets for t in tokens]
        if phase == KEEP:  # the game's interned actions (values: equal to new ones)
            keeps = self.game.keeps(seat)
            return [keeps[k] for k in self.offers[seat]]
        if phase == OFFER:
            return [Host(seat, True), Host(seat, False)]
        if phase != RACE:
            return []
        if seat == self.game.host:
            roll, roll_out = self.game.rolls
            if self.to_act == (seat,):
                return [roll, roll_out]
            return [roll]
        return board.listed_bets(self, seat)

    def _listed(self, action: Action, listed: list[ReadySetBetMove]) -> bool:
        kind = type(action)  # a bet: one the game made and the rules allow, without a scan
        if (kind is Bet or kind is BonusBet) and listed and self.phase == RACE:
            return action.seat == self._legal_cache[1] and board.listable(self, action)  # type: ignore[arg-type]
        return super()._listed(action, listed)

    def _pick(self, seat: int, rng: random.Random) -> ReadySetBetMove:
        # _legal(seat)[int(rng.random() * n)], without listing: the same order
        phase = self.phase
        if phase == RACE:
            if seat != self.game.host:  # ~150 bets: not listed
                return board.pick_bet(self, seat, rng)
            roll, roll_out = self.game.rolls  # [roll, roll_out] once nobody else acts
            r = rng.random()
            return roll_out if self.to_act == (seat,) and int(r * 2) == 1 else roll
        if phase == KEEP:
            offer = self.offers[seat]
            return self.game.keeps(seat)[offer[int(rng.random() * len(offer))]]
        return super()._pick(seat, rng)

    def _check(self, action: Action) -> str | None:
        seat = action.seat
        # a bettor's bet during the race (3 actions in 4) first: the answer the chain
        # below gives it, without the 8 isinstance tests before it
        kind = type(action)
        if (kind is Bet or kind is BonusBet) and self.phase == RACE and 0 <= seat != self.game.host:
            return board.check_bet(self, action)  # type: ignore[arg-type]
        if seat == CHANCE:
            return self._check_chance(action)
        if isinstance(action, ROLLS):
            if action.seat != self.game.host:
                return refuse("host-only-rolls", "only the host rolls")
            if self.phase != RACE:
                return refuse(
                    "race-not-started", "the race starts once the host's six tokens are down"
                )
            if isinstance(action, RollOut) and self.to_act != (action.seat,):
                return refuse("roll-out-not-now", "others may still act: roll one roll at a time")
            return None
        if isinstance(action, Bet) and self.phase == HOST_BETS:
            return board.check_host_bet(self, action)
        if isinstance(action, Keep):
            if self.phase != KEEP or action.card not in self.offers[action.seat]:
                return refuse(
                    "vip-not-dealt", f"VIP card {action.card} was not dealt to seat {action.seat}"
                )
            return None
        if isinstance(action, Host):
            return (
                None
                if self.phase == OFFER
                else refuse("no-host-asked", "nobody is being asked to host")
            )
        if self.phase != RACE:
            return refuse("not-playable-now", f"{action.kind} is not playable now")
        if seat == self.game.host:
            if isinstance(action, BETS):
                return refuse("host-does-not-bet", "the host does not bet during the race")
            return refuse("host-only-rolls", "the host's chair only rolls")
        if isinstance(action, Cash):
            if action.card not in self.cash[seat]:
                return refuse(
                    "card-not-held",
                    f"seat {seat} holds no unplayed free-chips card {action.card} it may use",
                )
            return None
        if isinstance(action, BETS):
            return board.check_bet(self, action)
        return refuse("not-playable-now", f"{action.kind} is not playable now")

    def _check_chance(self, action: Action) -> str | None:
        phase = self.phase
        if isinstance(action, NewRace):
            return (
                None
                if phase == SETUP and race.new_race_ok(self, action)
                else refuse(
                    "bad-new-race",
                    "not this race's cards (5 unused prop cards and a new exotic card)",
                )
            )
        if isinstance(action, Dice):
            if phase != ROLLING:
                return refuse("chance-not-now", "no roll is under way")
            if not (1 <= action.first <= 6 and 1 <= action.second <= 6):
                return refuse("bad-dice", "each die shows 1 to 6")
            return None
        if isinstance(action, DiceRun):
            return (
                race.check_dice_run(self, action.dice)
                if phase == ROLLOUT
                else refuse("chance-not-now", "no roll-out is under way")
            )
        if isinstance(action, DealVip):
            if phase != DEAL:
                return refuse("chance-not-now", "no VIP cards are being dealt")
            return vip.deal_problem(self, action.cards)
        if isinstance(action, FirstHost):
            if phase != FIRST:
                return refuse("chance-not-now", "the first host is already chosen")
            if not 0 <= action.host < self.game.config.players:
                return refuse("unknown-player", f"no player {action.host}")
            return None
        return refuse("chance-not-now", f"{action.kind} is not a chance outcome")

    def _not_now(self, action: Action) -> str | None:
        if isinstance(action, BETS) and self.phase == RACE and not self.open:
            return refuse(
                "betting-closed", "no more bets (截止投注): the third horse crossed the red line"
            )
        return None

    def _sample_chance(self, rng: random.Random) -> Action:
        phase = self.phase
        if phase == ROLLING:
            return Dice(CHANCE, rng.randint(1, 6), rng.randint(1, 6))
        if phase == ROLLOUT:
            return DiceRun(CHANCE, race.sample_roll_out(self, rng))
        if phase == SETUP:
            return race.sample_new_race(self, rng)
        if phase == DEAL:
            return vip.sample_deal(self, rng)
        return FirstHost(CHANCE, rng.randrange(self.game.config.players))

    def chance_outcomes(self) -> list[tuple[Action, float]] | None:
        if self.phase == ROLLING:
            return [(Dice(CHANCE, a, b), 1 / 36) for a in range(1, 7) for b in range(1, 7)]
        if self.phase == FIRST:
            n = self.game.config.players
            return [(FirstHost(CHANCE, s), 1 / n) for s in range(n)]
        return None

    # -- play: each action to the module of its rulebook section ------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = type(action)
        if (kind is Bet or kind is BonusBet) and self.phase == RACE:  # 3 actions in 4: first
            self._bet_by = (self._version, action.seat, action)
            board.place_bet(self, action, events)  # type: ignore[arg-type]
            return events
        self._bet_by = NO_BET  # the last action was not a bet (to_act)
        play = PLAY.get(kind)  # the others by their exact class: the chain below, found at once
        if play is not None:
            play(self, action, events)
            return events
        if isinstance(action, BETS):
            if isinstance(action, Bet) and self.phase == HOST_BETS:
                board.place_host_token(self, action, events)
            else:
                board.place_bet(self, action, events)
        elif isinstance(action, Dice):
            race.roll(self, action, events)
        elif isinstance(action, Roll):
            self.phase = ROLLING
        elif isinstance(action, RollOut):
            self.phase = ROLLOUT
        elif isinstance(action, DiceRun):
            race.roll_out(self, action.dice, events)
        elif isinstance(action, Cash):
            if self.phase == RACE:
                self._bet_by = (self._version, action.seat, action)
            vip.cash(self, action.seat, action.card, events)
        elif isinstance(action, NewRace):
            race.start_race(self, action, events)
        elif isinstance(action, DealVip):
            vip.deal(self, action.cards, events)
        elif isinstance(action, Keep):
            vip.keep(self, action.seat, action.card, events)
        elif isinstance(action, Host):
            host.answer(self, action.seat, action.yes, events)
        elif isinstance(action, FirstHost):
            host.first_host(self, action.host, events)
        return events

    def horse_places(self) -> list[int]:
        """Place per horse: 1 + how many horses are strictly ahead (ties share;
        two tied 2nd are 2nd and 3rd, and nobody behind them shows)."""
        return horse_places(self)

    def spot_wins(self, spot: str) -> bool:
        """Whether the bet on ``spot`` wins, at the end of the race."""
        return self.game.spot(spot)[1](self.pos, self.horse_places())

    def spot_rate(self, spot: str) -> Rate:
        """The multiplier and red-circle loss of ``spot``."""
        return self.game.spot(spot)[0]

    # -- copies, audits ---------------------------------------------------------------------
    def _copy_into(self, other: ReadySetBetState) -> None:
        other.listing = None  # a list each side cuts: never shared
        other.money = list(self.money)
        other.used_props = list(self.used_props)
        other.exotics = list(self.exotics)
        other.props = list(self.props)
        other.pos = list(self.pos)
        other.crossed = list(self.crossed)
        other.bets = dict(self.bets)
        other.stacked = dict(self.stacked)
        other.hands = [list(h) for h in self.hands]
        other.bonus = [list(b) for b in self.bonus]
        other.late = list(self.late)
        other.cash = [list(k) for k in self.cash]
        other.spots = list(self.spots)
        other.free = list(self.free)
        other.barred = list(self.barred)
        other.piggy = list(self.piggy)
        other.lone = list(self.lone)
        other.host_hand = list(self.host_hand)
        other.host_bets = dict(self.host_bets)
        other.vip = [list(v) for v in self.vip]
        other.cashed = list(self.cashed)
        other.deck = list(self.deck)
        other.discards = list(self.discards)
        other.offers = [list(o) for o in self.offers]

    def audit(self) -> None:
        checks.audit(self)

    def hidden_variant(self, seat: int, rng: random.Random) -> ReadySetBetState:
        """Redeal the VIP deck and the other players' undecided cards among themselves."""
        other = self.clone()
        lists = [other.offers[s] for s in range(len(other.offers)) if s != seat]
        # sorted first: the redeal depends on what seat sees and on rng alone
        pool = sorted(list(other.deck) + [k for lst in lists for k in lst])
        rng.shuffle(pool)
        for lst in lists:
            lst[:], pool = pool[: len(lst)], pool[len(lst) :]
        other.deck = sorted(pool)
        return other

    def hidden_world(self, seat: int, rng: random.Random) -> list[Action] | None:
        """The actions of a game ``seat`` cannot tell from this one: the last
        VIP deal's cards that went to other players still choosing, from the
        deck, redrawn among themselves and what is left of the deck (the
        cards ``seat`` saw in an event kept where they are).  The rest of
        what it does not see, the cards others discarded unseen, stays as
        it was, as :meth:`hidden_variant` leaves it."""
        actions = list(self._entries)
        last = max((i for i, a in enumerate(actions) if isinstance(a, DealVip)), default=-1)
        if last < 0 or not any(self.offers[s] for s in range(len(self.offers)) if s != seat):
            return actions
        before = self.game.new_state(explicit_chance=True)
        for action in actions[:last]:
            before.apply(action)
        c = self.game.config
        cards = list(typing.cast(DealVip, actions[last]).cards)
        from_deck = set(before.deck)
        seen: set[int] = set()
        for event in self.log.events(seat):
            if isinstance(event, vip.VipDealt):
                seen.update(event.cards)
            elif isinstance(event, vip.VipKept):
                seen.add(event.card)
        places = [
            i
            for i, x in enumerate(cards)
            if i // c.vip_deal != seat
            and self.offers[i // c.vip_deal]
            and x in from_deck
            and x not in seen
        ]
        pool = sorted([cards[i] for i in places] + [x for x in self.deck if x in from_deck])
        pool = [x for x in pool if x not in seen]
        rng.shuffle(pool)
        for i, x in zip(places, pool, strict=False):
            cards[i] = x
        actions[last] = DealVip(CHANCE, tuple(cards))
        return actions

    def probes(self, seat: int) -> list[Action]:
        return checks.probes(self, seat)


def _cash(state: ReadySetBetState, action: Cash, events: list[Event]) -> None:
    if state.phase == RACE:
        state._bet_by = (state._version, action.seat, action)  # to_act asks this seat again
    vip.cash(state, action.seat, action.card, events)


def _set_phase(phase: int) -> Callable[[ReadySetBetState, Action, list[Event]], None]:
    def play(state: ReadySetBetState, action: Action, events: list[Event]) -> None:
        state.phase = phase

    return play


PLAY: dict[type[Action], Callable[[ReadySetBetState, Any, list[Event]], None]] = {
    Keep: lambda state, a, events: vip.keep(state, a.seat, a.card, events),
    Dice: race.roll,
    Roll: _set_phase(ROLLING),
    RollOut: _set_phase(ROLLOUT),
    DiceRun: lambda state, a, events: race.roll_out(state, a.dice, events),
    NewRace: race.start_race,
    DealVip: lambda state, a, events: vip.deal(state, a.cards, events),
    Cash: _cash,
}
"""The actions other than bets by class, each to its rulebook section (what
``_apply``'s chain does for them)."""

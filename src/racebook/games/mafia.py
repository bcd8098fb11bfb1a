"""Horse Racing Mafia (競馬マフィア, Ginichiro Suzuki, Grimpeur 2003).

Long Shot's predecessor, built as Long Shot's box race plus its differences,
in the rulebook's order (its numbered sections); it reads as that list, the
way python-chess's variants read as their differences:

* 2 Contents: 90 cards, indicated 0-8 for each of six horses, free 0-3 x4
  and 4-7 x5.
* 3 Preparation: $500,000 each; hands of 13 (12 with six players); all six
  horses run whatever the player count; orders dealt each race, face up in
  the third; every card reshuffled before each race; three races.
* 4 Race: no draw after placing, no spurt, no PASS when the boxes are full;
  a player who may not pass and has no other card covers its own MV (Q&A
  Q2(e), "absolutely unavoidable"); the race ends once 2nd place is decided,
  lower places by distance; ties by distance past the goal, box total, then
  the single highest card.
* 5 Supplying your hand + quinella bets: the rule module
  :class:`SupplyQuinella` (``"supply-quinella"``), which a Long Shot house
  variant can plug in too.
* 6 Rewards, penalties, allotments: the race tables (the 3rd race doubled,
  the supply price not: Q&A Q1), paid in the rulebook's order (7.0
  Bankruptcy).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from racebook.cards.horse import FREE, HorseCard, card
from racebook.core.errors import ConfigError, check_between, check_length
from racebook.core.game import CHANCE, Action, Event, PrivateEvent
from racebook.core.registry import register_game, register_preset
from racebook.games.longshot import (
    MAX_GOAL,
    MAX_MONEY,
    MAX_RACES,
    BoxRule,
    Drew,
    LongShot,
    LongShotConfig,
    LongShotState,
    Pass,
    RuleRef,
)
from racebook.scoring.money import RaceTable
from racebook.variants.rules import register_rule

# -- 5: supplying your hand + quinella bets ------------------------------------------


@attrs.frozen
class Resupply(Action):
    """Chance: every card beneath a top card, shuffled with the stack: the new
    stack, top first (5.2)."""

    kind: ClassVar[str] = "resupply"
    cards: tuple[HorseCard, ...]


@attrs.frozen
class Supply(Action):
    """Buy ``cards`` cards from the stack at the supply price each (5.3-5.4)."""

    kind: ClassVar[str] = "supply"
    cards: int


@attrs.frozen
class Quinella(Action):
    """Lay a quinella bet face down: two indicated cards of different horses (5.7),
    the lower-numbered horse's card ``first`` (one way to name each bet)."""

    kind: ClassVar[str] = "quinella"
    first: HorseCard
    second: HorseCard


@attrs.frozen
class SupplyBegins(Event):
    """The supply and quinella bets begin (Mafia 5.1): a horse has run 35 or more."""

    kind: ClassVar[str] = "supply-begins"


@attrs.frozen
class Resupplied(Event):
    """The buried cards were shuffled with the stack: ``cards`` in the new stack
    (Mafia 5.2)."""

    kind: ClassVar[str] = "resupplied"
    cards: int


@attrs.frozen
class Bought(Event):
    """``seat`` bought ``cards`` cards at the supply price (Mafia 5.3-5.4)."""

    kind: ClassVar[str] = "bought"
    seat: int
    cards: int


@attrs.frozen
class QuinellaLaid(Event):
    """Public: ``seat`` now has ``cards`` cards face down in front of it."""

    kind: ClassVar[str] = "quinella-laid"
    seat: int
    cards: int


@attrs.frozen
class QuinellaBet(PrivateEvent):
    """Private to the bettor until the reveal: the pair laid."""

    kind: ClassVar[str] = "quinella-bet"
    first: HorseCard
    second: HorseCard


@attrs.frozen
class QuinellaRevealed(Event):
    """Every seat's pairs, flipped face up together (5.7)."""

    kind: ClassVar[str] = "quinella-revealed"
    bets: tuple[tuple[tuple[HorseCard, HorseCard], ...], ...]


_SETTINGS = {"threshold", "price", "supply", "quinella", "pay"}


@register_rule
class SupplyQuinella(BoxRule):
    """Mafia 5: once per race, the first time any horse has run ``threshold``
    (35) or more, after the horses run: the buried cards are shuffled with the
    stack; from the first player's left each player buys cards at ``price``
    ($10,000) up to the hand size (a player at $0 cannot buy); then everyone
    lays quinella bets face down at once, revealed together; from then on a
    player may pass instead of placing.  A winning pair (both horses 1st or 2nd)
    pays the sum of its MVs times ``pay[race]``; its cards pay the ticket price.

    Settings: ``threshold``, ``price``, ``supply`` and ``quinella`` (either part
    can be switched off), ``pay`` (per race; the last value repeats).
    View (``extra["supply-quinella"]``): ``done``, ``stage``, ``face_down``
    (cards per seat), ``bets`` (pairs per seat; ``None`` for another seat's
    pairs before the reveal).
    """

    name: ClassVar[str] = "supply-quinella"
    action_types: ClassVar[tuple[type[Action], ...]] = (Resupply, Supply, Quinella)
    event_types: ClassVar[tuple[type[Event], ...]] = (
        SupplyBegins,
        Resupplied,
        Bought,
        QuinellaLaid,
        QuinellaBet,
        QuinellaRevealed,
    )

    def __init__(self, settings: Mapping[str, Any], config: LongShotConfig, where: str) -> None:
        super().__init__(settings, config, where)
        self.check_settings(_SETTINGS)
        at = f"{where}.settings"
        self.threshold: int = self.setting("threshold", 35, int)
        self.price: int = self.setting("price", 10_000, int)
        self.supply: bool = self.setting("supply", True, bool)
        self.quinella: bool = self.setting("quinella", True, bool)
        pay = self.setting("pay", [100_000, 100_000, 200_000], (list, tuple))
        # limits (docs: "Limits"): each setting alone, then against the config
        check_between(f"{at}.threshold", self.threshold, 1, MAX_GOAL)
        check_between(f"{at}.price", self.price, 0, MAX_MONEY)
        check_length(f"{at}.pay", pay, 1, MAX_RACES)
        for k, x in enumerate(pay):
            if not isinstance(x, int) or isinstance(x, bool):
                raise ConfigError(f"{at}.pay[{k}]", f"expected an amount, got {x!r}")
            check_between(f"{at}.pay[{k}]", x, 0, MAX_MONEY)
        self.pay: tuple[int, ...] = tuple(pay)
        if self.threshold > config.goal:
            raise ConfigError(
                f"{at}.threshold",
                f"must be 1..goal ({config.goal}): a supply past the goal never comes, "
                f"got {self.threshold}",
            )

    # -- module data ------------------------------------------------------------------
    def data(self, state: LongShotState) -> dict[str, Any]:
        found: dict[str, Any] = state.ext[self.name]
        return found

    def start_race(self, state: LongShotState) -> None:
        n = state.game.config.players
        state.ext[self.name] = {
            "done": False,
            "stage": "",
            "turn": 0,
            "bets": [[] for _ in range(n)],
            "ready": [False] * n,
            "revealed": False,
        }

    # 5.1: "The 1st time each race that any horse has traveled 35 or more spaces
    # (and only at this time) ... after the horses are done running for the turn."
    def after_run(self, state: LongShotState, events: list[Event]) -> bool:
        d = state.ext.get(self.name)
        if d is None or d["done"] or max(state.pos) < self.threshold:
            return False
        d["done"] = True
        events.append(SupplyBegins())
        if self.supply:
            d["stage"] = "shuffle"
        elif self.quinella:
            d["stage"] = "quinella"
        else:
            return False
        return True

    # 5.9: "each player now for the rest of the race has the option to declare 'pass'"
    def may_pass(self, state: LongShotState, seat: int) -> bool:
        d = state.ext.get(self.name)
        return bool(d and d["done"] and not d["stage"])

    # -- the interlude ----------------------------------------------------------------
    def to_act(self, state: LongShotState) -> tuple[int, ...]:
        d = self.data(state)
        n = state.game.config.players
        if d["stage"] == "shuffle":
            return (CHANCE,)
        if d["stage"] == "supply":
            # 5.3: "Starting with the player to the left of the first player"
            return ((state.first + 1 + d["turn"]) % n,)
        return tuple(s for s in range(n) if not d["ready"][s])

    def _gathered(self, state: LongShotState) -> list[int]:
        # 5.2: "all cards beneath the top card in each box ... shuffled together with
        # the remaining cards from the stack"
        return [x for box in state.boxes for x in box[:-1]] + state.stack

    def most(self, state: LongShotState, seat: int) -> int:
        """How many cards ``seat`` may buy now (5.4 hand limit, 7.0 money)."""
        room = state.game.config.hand - len(state.hands[seat])
        money = state.money[seat] // self.price if self.price else room
        return max(0, min(room, money, len(state.stack)))

    def legal(self, state: LongShotState, seat: int) -> list[Action]:
        d = self.data(state)
        if d["stage"] == "supply" and seat >= 0:
            return [Supply(seat, k) for k in range(self.most(state, seat) + 1)]
        if d["stage"] == "quinella" and seat >= 0:
            hand = sorted(set(x for x in state.hands[seat] if x >> 4 != FREE))
            pairs: list[Action] = [
                Quinella(seat, card(a), card(b))
                for i, a in enumerate(hand)
                for b in hand[i + 1 :]
                if a >> 4 != b >> 4
            ]
            return [*pairs, Pass(seat)]
        return []

    def check(self, state: LongShotState, action: Action) -> str | None:
        d = self.data(state)
        stage = d["stage"]
        if isinstance(action, Resupply):
            if stage != "shuffle":
                return "no cards are being gathered now"
            got = sorted(x.horse * 16 + x.mv for x in action.cards)
            if got != sorted(self._gathered(state)):
                return "the new stack is not exactly the buried cards and the stack (Mafia 5.2)"
            return None
        if isinstance(action, Supply):
            if stage != "supply":
                return "no cards are being supplied now (Mafia 5)"
            most = self.most(state, action.seat)
            if not 0 <= action.cards <= most:
                return (
                    f"seat {action.seat} may buy 0 to {most} cards now: hand limit "
                    f"{state.game.config.hand} (Mafia 5.4), ${self.price:,} each, "
                    f"{len(state.stack)} in the stack"
                )
            return None
        if isinstance(action, Quinella):
            if stage != "quinella":
                return "no quinella bets are being laid now (Mafia 5.6)"
            a, b = action.first, action.second
            if a.is_free or b.is_free or a.horse == b.horse:
                return "a quinella bet is two indicated cards of two different horses (Mafia 5.7)"
            if a.horse > b.horse:
                return "name the lower-numbered horse's card first"
            hand = state.hands[action.seat]
            if a.code not in hand or b.code not in hand:
                return f"seat {action.seat} does not hold both cards"
            return None
        if isinstance(action, Pass):
            if stage != "quinella":
                return "a player may not pass now (Mafia 5)"
            return None
        return f"{action.kind} is not playable during the supply and quinella bets (Mafia 5)"

    def apply(self, state: LongShotState, action: Action, events: list[Event]) -> None:
        d = self.data(state)
        n = state.game.config.players
        if isinstance(action, Resupply):
            for box in state.boxes:
                del box[:-1]
            stack = [x.horse * 16 + x.mv for x in action.cards]
            stack.reverse()
            state.stack = stack
            events.append(Resupplied(len(stack)))
            d["stage"], d["turn"] = "supply", 0
        elif isinstance(action, Supply):
            state.lose(action.seat, action.cards * self.price, "supply", events)
            events.append(Bought(action.seat, action.cards))
            for _ in range(action.cards):
                x = state.stack.pop()
                state.hands[action.seat].append(x)
                events.append(Drew(action.seat, card(x)))
            d["turn"] += 1
            if d["turn"] == n:
                if self.quinella:
                    d["stage"] = "quinella"
                else:
                    self._finish(state, events)
        elif isinstance(action, Quinella):
            hand = state.hands[action.seat]
            hand.remove(action.first.code)
            hand.remove(action.second.code)
            d["bets"][action.seat] += [action.first.code, action.second.code]
            events.append(QuinellaBet(action.seat, action.first, action.second))
            events.append(QuinellaLaid(action.seat, len(d["bets"][action.seat])))
        elif isinstance(action, Pass):
            d["ready"][action.seat] = True
            if all(d["ready"]):
                # 5.7: "When all players are done playing cards, they are flipped face up"
                d["revealed"] = True
                events.append(QuinellaRevealed(tuple(self._pairs(b) for b in d["bets"])))
                self._finish(state, events)

    def _finish(self, state: LongShotState, events: list[Event]) -> None:
        self.data(state)["stage"] = ""
        state.end_interlude(events)

    def sample_chance(self, state: LongShotState, rng: random.Random) -> Action:
        cards = self._gathered(state)
        rng.shuffle(cards)
        return Resupply(CHANCE, tuple(card(x) for x in cards))

    @staticmethod
    def _pairs(codes: list[int]) -> tuple[tuple[HorseCard, HorseCard], ...]:
        return tuple((card(codes[i]), card(codes[i + 1])) for i in range(0, len(codes), 2))

    # -- 6.4, 6.5: quinella winnings, and the price of the quinella cards ------------
    def settle(
        self, state: LongShotState, seat: int, places: list[int], events: list[Event]
    ) -> None:
        d = state.ext.get(self.name)
        if not d:
            return
        rate = self.pay[min(state.race, len(self.pay) - 1)]
        codes = d["bets"][seat]
        win = 0
        for i in range(0, len(codes), 2):
            a, b = codes[i], codes[i + 1]
            if 1 <= places[(a >> 4) - 1] <= 2 and 1 <= places[(b >> 4) - 1] <= 2:
                win += ((a & 15) + (b & 15)) * rate
        state.gain(seat, win, "quinella", events)

    def price_mv(self, state: LongShotState, seat: int) -> int:
        d = state.ext.get(self.name)
        return sum(x & 15 for x in d["bets"][seat]) if d else 0

    def held_cards(self, state: LongShotState) -> list[int]:
        d = state.ext.get(self.name)
        return [x for bet in d["bets"] for x in bet] if d else []

    def hidden_lists(self, state: LongShotState, seat: int) -> list[list[int]]:
        d = state.ext.get(self.name)
        if not d or d["revealed"]:
            return []
        return [b for s, b in enumerate(d["bets"]) if s != seat]

    def view(self, state: LongShotState, seat: int | None) -> Any:
        d = state.ext.get(self.name)
        if not d:
            return None
        return {
            "done": d["done"],
            "stage": d["stage"],
            "face_down": [len(b) for b in d["bets"]],
            "bets": [
                [[str(a), str(b)] for a, b in self._pairs(bet)]
                if d["revealed"] or s == seat
                else None
                for s, bet in enumerate(d["bets"])
            ],
        }

    def probes(self, state: LongShotState, seat: int) -> list[Action]:
        kinds = sorted(set(state.game.deck))[:: max(1, len(state.game.deck) // 20)]
        out: list[Action] = [Supply(seat, k) for k in range(-1, 16)]
        out += [Quinella(seat, card(a), card(b)) for a in kinds for b in kinds]
        out.append(Resupply(CHANCE, ()))
        return out


# -- the preset --------------------------------------------------------------------

MAFIA_RACE = RaceTable(
    rewards=(500_000, 300_000, 100_000),  # 6.1
    penalty=100_000,  # 6.2a
    tickets=(40_000, 20_000),  # 6.3
    ticket_loss=10_000,  # 6.5: the price of every ticket and quinella card held
    # 6.2b "An extra $100,000", on top of 6.2a: only when the order's horse is 4th or
    # lower (1: "a reward if it finishes 3rd or better, ... any lower than that and you
    # must pay a penalty"; rules notes)
    unowned_ahead_penalty=100_000,
    unowned_ahead_only_out=True,
    last_place_penalty=100_000,  # 6.2c
    ticket_price_all=True,
)
"""Mafia 6, the 1st and 2nd race."""

THIRD_RACE = attrs.evolve(MAFIA_RACE.doubled(), orders_open=True)
"""Mafia 6.6: "For the 3rd race, all payments and penalties above ... are doubled";
3.3: the orders are dealt face up."""

MAFIA = LongShotConfig(
    players=5,
    horses=6,
    horses_at_4=6,  # 3.7: "All 6 horses are used regardless of the number of players"
    hand_size=13,
    hand_size_at_6=12,  # 3.4
    starting_money=500_000,  # 3.2
    goal=60,  # assumed: the rulebook gives no track length
    spurt_threshold=None,
    draw=0,  # 4.1: no draw step; hands refill only through supply
    pass_when_full=False,
    finishers=2,  # 4.6: "Once 2nd place is determined"
    rank_unfinished=True,
    tiebreaks=("box_total", "highest_card"),  # 4.5
    indicated_mvs=tuple(range(9)),  # 2: indicated 0..8 for each horse
    free_mvs=tuple(mv for mv in range(8) for _ in range(4 if mv < 4 else 5)),  # 2
    races=(MAFIA_RACE, MAFIA_RACE, THIRD_RACE),
    restock_per_box=0,  # assumed: the rulebook has no restock; nothing is opened
    # 5.9 + Q&A Q2(e): before the supply nobody may pass; a card goes over its own MV
    # when "absolutely unavoidable"
    stuck_player_covers_same_mv=True,
    # Q&A Q2 example (c): while box 11 is empty, "Any indicated horse cards not for horse
    # #6 can be played on any box for their indicated horse": the Golden Rule per card
    golden_rule="card",
    rules=(RuleRef("supply-quinella", {}),),
)


@register_game
class Mafia(LongShot):
    """Horse Racing Mafia: Long Shot's engine with :data:`MAFIA`'s settings and
    the :class:`SupplyQuinella` module.

    >>> import racebook
    >>> game = racebook.load("mafia")
    >>> len(game.deck), game.config.hand, game.config.starting_money
    (90, 13, 500000)
    """

    id: ClassVar[str] = "mafia"
    title: ClassVar[str] = "Horse Racing Mafia"
    placing: ClassVar[str] = "Mafia 4.1, 4.4 and Q&A 9.0 Q2"


register_preset(
    "mafia",
    "mafia",
    MAFIA,
    "Horse Racing Mafia as printed: 5 players (4-6), 3 races, $500,000, supply and "
    "quinella at 35, goal 60 (assumed).",
)

__all__ = [
    "MAFIA",
    "MAFIA_RACE",
    "THIRD_RACE",
    "Bought",
    "Mafia",
    "Quinella",
    "QuinellaBet",
    "QuinellaLaid",
    "QuinellaRevealed",
    "Resupplied",
    "Resupply",
    "Supply",
    "SupplyBegins",
    "SupplyQuinella",
]

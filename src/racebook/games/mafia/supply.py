"""Horse Racing Mafia 5, "Supplying your hand + quinella bets": the rule module
:class:`SupplyQuinella` (``"supply-quinella"``), which a Long Shot house
variant can plug in too."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from racebook.cards.horse import FREE, HorseCard, card, card_text
from racebook.core.errors import ConfigError, check_between, check_length, refuse
from racebook.core.game import CHANCE, Action, Event, PrivateEvent
from racebook.core.spaces import ActionTable, ChanceNode, Observation, shuffle
from racebook.games.longshot.config import MAX_GOAL, MAX_MONEY, MAX_RACES, LongShotConfig
from racebook.games.longshot.placement import Pass
from racebook.games.longshot.rounds import drew
from racebook.games.longshot.rules import BoxRule
from racebook.games.longshot.spaces import drawn_codes
from racebook.games.longshot.state import LongShotState
from racebook.variants.rules import register_rule

if TYPE_CHECKING:
    from racebook.games.longshot.game import LongShot
    from racebook.games.longshot.view import LongShotView


@attrs.frozen
class Resupply(Action):
    """Chance: every card beneath a top card, shuffled with the stack: the new
    stack, top first (5.2)."""

    kind: ClassVar[str] = "resupply"
    chance: ClassVar[bool] = True
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


QUINELLAS: dict[tuple[int, int, int], Quinella] = {}
"""Interned ``Quinella`` actions (values), by seat and the two card codes."""


def quinella(seat: int, a: int, b: int) -> Quinella:
    """The shared ``Quinella(seat, card(a), card(b))``: listed at every quinella
    decision, made once (at most 2**16 kept)."""
    key = (seat, a, b)
    found = QUINELLAS.get(key)
    if found is None:
        found = Quinella(seat, card(a), card(b))
        if len(QUINELLAS) < 1 << 16:
            QUINELLAS[key] = found
    return found


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
                quinella(seat, a, b)
                for i, a in enumerate(hand)
                for b in hand[i + 1 :]
                if a >> 4 != b >> 4
            ]
            return [*pairs, state.game.passes[seat]]
        return []

    def pick(self, state: LongShotState, seat: int, rng: random.Random) -> Action:
        """``legal``'s random pick without the list: a number of cards, or
        the k-th pair of the quinella listing (then PASS), one draw."""
        d = self.data(state)
        if d["stage"] == "supply" and seat >= 0:
            return Supply(seat, int(rng.random() * (self.most(state, seat) + 1)))
        if d["stage"] != "quinella" or seat < 0:
            return super().pick(state, seat, rng)
        hand = sorted({x for x in state.hands[seat] if x >> 4 != FREE})
        m = len(hand)
        # a card pairs with every later card of another horse: the cards from
        # the end of its horse's run in the sorted hand
        ends = [m] * m
        for i in range(m - 2, -1, -1):
            ends[i] = i + 1 if hand[i] >> 4 != hand[i + 1] >> 4 else ends[i + 1]
        k = int(rng.random() * (sum(m - e for e in ends) + 1))
        for i in range(m):
            if k < m - ends[i]:
                return quinella(seat, hand[i], hand[ends[i] + k])
            k -= m - ends[i]
        return state.game.passes[seat]

    def check(self, state: LongShotState, action: Action) -> str | None:
        d = self.data(state)
        stage = d["stage"]
        if isinstance(action, Resupply):
            if stage != "shuffle":
                return refuse("chance-not-now", "no cards are being gathered now")
            got = sorted(x.horse * 16 + x.mv for x in action.cards)
            if got != sorted(self._gathered(state)):
                return refuse(
                    "bad-resupply",
                    "the new stack is not exactly the buried cards and the stack (Mafia 5.2)",
                )
            return None
        if isinstance(action, Supply):
            if stage != "supply":
                return refuse("supply-not-now", "no cards are being supplied now (Mafia 5)")
            most = self.most(state, action.seat)
            if not 0 <= action.cards <= most:
                return refuse(
                    "bad-supply-count",
                    (
                        f"seat {action.seat} may buy 0 to {most} cards now: hand limit "
                        f"{state.game.config.hand} (Mafia 5.4), ${self.price:,} each, "
                        f"{len(state.stack)} in the stack"
                    ),
                )
            return None
        if isinstance(action, Quinella):
            if stage != "quinella":
                return refuse("quinella-not-now", "no quinella bets are being laid now (Mafia 5.6)")
            a, b = action.first, action.second
            if a.is_free or b.is_free or a.horse == b.horse:
                return refuse(
                    "bad-quinella",
                    "a quinella bet is two indicated cards of two different horses (Mafia 5.7)",
                )
            if a.horse > b.horse:
                return refuse("bad-quinella", "name the lower-numbered horse's card first")
            hand = state.hands[action.seat]
            if a.code not in hand or b.code not in hand:
                return refuse("card-not-in-hand", f"seat {action.seat} does not hold both cards")
            return None
        if isinstance(action, Pass):
            if stage != "quinella":
                return refuse("must-place", "a player may not pass now (Mafia 5)")
            return None
        return refuse(
            "not-playable-now",
            f"{action.kind} is not playable during the supply and quinella bets (Mafia 5)",
        )

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
                events.append(drew(action.seat, x))
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
                [[card_text(bet[i]), card_text(bet[i + 1])] for i in range(0, len(bet), 2)]
                if d["revealed"] or s == seat
                else None
                for s, bet in enumerate(d["bets"])
            ],
        }

    # -- integer actions and tensors (racebook.core.spaces) ------------------------
    def action_tables(self, game: LongShot) -> list[ActionTable]:
        """``supply``: buying ``k`` cards is id ``k`` (0 .. the hand size) of its
        table; ``quinella``: every pair of indicated cards of different horses,
        by code, lower code first."""
        codes = sorted(set(x for x in game.deck if x >> 4 != FREE))
        return [
            ActionTable(Supply, tuple((k,) for k in range(game.config.hand + 1))),
            ActionTable(
                Quinella,
                tuple(
                    (card(a), card(b))
                    for i, a in enumerate(codes)
                    for b in codes[i + 1 :]
                    if a >> 4 != b >> 4
                ),
            ),
        ]

    def chance_node(self, state: LongShotState) -> ChanceNode:
        """5.2: the gathered cards shuffled, one card (its code) at a time."""
        return shuffle(
            self._gathered(state),
            lambda xs: Resupply(CHANCE, tuple(card(x) for x in xs)),
            unbuild=drawn_codes,
        )

    def observe(self, state: LongShotState, view: LongShotView, obs: Observation) -> None:
        """``supply_stage`` one-hot (none, shuffle, supply, quinella), ``supply_done``
        (1), ``quinella_face_down`` (players), ``quinella_horses`` (players x
        horses: how often each seen quinella names each horse)."""
        n, running = state.game.config.players, state.game.config.running
        shown = view.extra.get(self.name) or {}
        stages = ("", "shuffle", "supply", "quinella")
        stage = shown.get("stage", "")
        obs.one_hot("supply_stage", len(stages), stages.index(stage) if stage in stages else 0)
        obs.add("supply_done", [1.0 if shown.get("done") else 0.0])
        obs.add("quinella_face_down", shown.get("face_down") or [0] * n)
        horses = [0.0] * (n * running)
        for s, bets in enumerate(shown.get("bets") or [None] * n):
            for pair in bets or ():
                for text in pair:
                    h = HorseCard.parse(text).horse
                    if 1 <= h <= running:
                        horses[s * running + h - 1] += 1.0
        obs.add("quinella_horses", horses)

    def probes(self, state: LongShotState, seat: int) -> list[Action]:
        kinds = sorted(set(state.game.deck))[:: max(1, len(state.game.deck) // 20)]
        out: list[Action] = [Supply(seat, k) for k in range(-1, 16)]
        out += [Quinella(seat, card(a), card(b)) for a in kinds for b in kinds]
        out.append(Resupply(CHANCE, ()))
        return out


__all__ = [
    "Bought",
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

"""The trick race's integer actions, chance outcome ids and observation tensor
(:mod:`racebook.core.spaces`).

Race cards are numbered ``c * 12 + (number - 1)`` (colour ``c`` 0..3: red,
blue, yellow, green; 48 cards).  Action ids, in this order: ``discard``
(card ``k``: id ``k``), ``bet`` (ticket 0..4: ``48 + t``), ``play`` (card
``k`` without the whip: ``53 + 2k``, with it: ``54 + 2k``).

Chance outcome ids: the horse draw is one step, the ``i``-th of the possible
draws (the 24 orders of the 4 horses; with 3 players the 18 ordered triples
holding Vanilla Beans, as the redraw rule makes them equally likely); the
deal and the paddock's piles draw one card at a time (the card's code
``colour * 16 + number``), the paddock's gate one horse at a time (its
number).  So ``num_chance_outcomes`` is 64.  The variants for small games
(``horse_draw="fixed"``, ``deal="fixed"``) make the draw and the deal one
outcome, ``deal="piles"`` the deal one step of 24 (the fixed deal's piles
in each order); without the paddock (``paddock=False``) the paddock is one
outcome.

The observation tensor (:func:`observe_segments` defines it segment by
segment; :func:`~racebook.games.trickrace.tensor.observe`, what the game
gives, writes the same values into a list made once); entries are the
players and, with 3 players, the dummy (id 3), always 4: ``phase`` one-hot (8), ``race`` one-hot
(races), ``seat`` one-hot (4), ``to_act`` (4), ``start`` one-hot (4),
``leader`` one-hot (4), ``dummy`` one-hot (4), ``horses`` (4 x 5: each
entry's horse, one-hot, 0 = none yet), ``odds`` (4 horses), ``points`` (4),
``positions`` (4 horses), ``arrived`` (4 horses: the arrival order, 0 if
not), ``hand`` (48), ``hand_colours`` (4 x 4 counts), ``dummy_cards`` (48),
``face_up_discards`` (4 x 48), ``my_discard`` (48), ``discard_colours``
(4 x 5 one-hot, 0 = none), ``whips_up`` (4), ``tickets_up`` (4 x 6 one-hot,
0 = none), ``my_ticket_down`` (6 one-hot, 0 = none), ``tickets_down_laid``
(4), ``trick`` (4 x 48: the card each entry played to this trick),
``trick_whips`` (4), ``discard_number`` (1), ``revealed`` (48).
"""

from __future__ import annotations

import itertools
import random
import typing
from typing import TYPE_CHECKING

from racebook.cards.race import RaceCard, race_card, race_cards
from racebook.core.game import CHANCE, Action
from racebook.core.spaces import ActionTable, ChanceNode, Draws, Enumerated, Observation, shuffle
from racebook.games.trickrace import paddock, setup, tickets, tricks
from racebook.games.trickrace.actions import Bet, DealCards, Discard, DrawHorses, Paddock, Play
from racebook.games.trickrace.config import VANILLA
from racebook.games.trickrace.phases import BET_DOWN, BET_UP, DEAL, DISCARD, DRAW, PADDOCK, TRICK
from racebook.games.trickrace.tensor import observe as observe
from racebook.games.trickrace.tensor import observe_into as observe_into

if TYPE_CHECKING:
    from racebook.games.trickrace.game import TrickRace
    from racebook.games.trickrace.state import TrickRaceState

CARDS = tuple(RaceCard(c, n) for c in range(4) for n in range(1, 13))
"""The 48 race cards in id order."""
COLOURS = ("R", "B", "Y", "G")


def index(card: RaceCard) -> int:
    return card.colour * 12 + card.number - 1


def action_tables(game: TrickRace) -> list[ActionTable]:
    return [
        ActionTable(Discard, tuple((x,) for x in CARDS)),
        ActionTable(Bet, tuple((t,) for t in range(5))),
        ActionTable(Play, tuple((x, w) for x in CARDS for w in (False, True))),
    ]


def legal_ids(state: TrickRaceState, seat: int) -> list[int] | None:
    """The ids of the legal discards, tickets and plays, the plays made
    without the actions (``None``: chance or over)."""
    phase = state.phase
    if seat not in state.to_act:
        return None
    if phase == DISCARD:
        return [index(a.card) for a in paddock.legal_discards(state, seat)]
    if phase in (BET_UP, BET_DOWN):
        return [48 + a.ticket for a in tickets.legal_bets(state, seat)]
    if phase != TRICK:
        return None
    whips = tricks.whip_options(state, seat)
    return [
        53 + 2 * ((x >> 4) * 12 + (x & 15) - 1) + w
        for x in tricks.playable(state, seat)
        for w in whips
    ]


def chance_node(state: TrickRaceState) -> ChanceNode:
    phase = state.phase
    config = state.game.config
    if phase == DRAW:
        n = config.players
        if config.horse_draw == "fixed":
            return Enumerated([(setup.sample_draw(state, random.Random(0)), 1.0)])
        draws = [p for p in itertools.permutations((1, 2, 3, 4), n) if n == 4 or VANILLA in p]
        return Enumerated([(DrawHorses(CHANCE, p), 1 / len(draws)) for p in draws])
    if phase == DEAL:
        if config.deal == "fixed":
            return Enumerated([(setup.sample_deal(state, random.Random(0)), 1.0)])
        if config.deal == "piles":
            orders = list(itertools.permutations(range(4)))
            return Enumerated([(setup.piles_deal(state, o), 1 / len(orders)) for o in orders])
        return shuffle(
            state.game.deck,
            lambda xs: DealCards(CHANCE, tuple(race_card(x) for x in xs)),
            lambda x: str(race_card(x)),
            lambda a: [c.code for c in typing.cast(DealCards, a).cards],
        )
    assert phase == PADDOCK, f"no chance node in phase {phase}"
    if not config.paddock:  # no chance: the gate in number order, the piles as dealt
        piles = tuple(race_cards(state.cards_of[h]) for h in range(4))
        return Enumerated([(Paddock(CHANCE, (1, 2, 3, 4), piles), 1.0)])
    k = config.cards
    bags = [([1, 2, 3, 4], 4)] + [(list(state.cards_of[h]), k) for h in range(4)]
    return Draws(
        bags,
        lambda parts: Paddock(
            CHANCE,
            tuple(parts[0]),
            tuple(tuple(race_card(x) for x in pile) for pile in parts[1:]),
        ),
        lambda bag, x: f"horse {x}" if bag == 0 else str(race_card(x)),
        _paddock_draws,
    )


def _paddock_draws(action: Action) -> list[list[int]]:
    """The ids of a paddock's draws (the gate, then each pile)."""
    paddock = typing.cast(Paddock, action)
    return [list(paddock.gate), *([c.code for c in pile] for pile in paddock.piles)]


def observe_segments(state: TrickRaceState, seat: int | None) -> Observation:
    """The observation tensor of ``seat``, from its view alone (layout above),
    segment by segment: the definition
    :func:`~racebook.games.trickrace.tensor.observe` is checked against."""
    v = state.view(seat)
    obs = Observation()
    obs.one_hot("phase", 8, state.phase)
    obs.one_hot("race", state.game.config.race_count, v.race - 1)
    obs.one_hot("seat", 4, v.seat)
    obs.add("to_act", [1.0 if s in v.to_act else 0.0 for s in range(4)])
    obs.one_hot("start", 4, v.start)
    obs.one_hot("leader", 4, v.leader)
    obs.one_hot("dummy", 4, v.dummy)
    horses: list[float] = []
    for e in range(4):
        seg = [0.0] * 5
        seg[v.horses[e] if e < len(v.horses) else 0] = 1.0
        horses += seg
    obs.add("horses", horses)
    obs.add("odds", _four(v.odds))
    obs.add("points", _four(v.points))
    obs.add("positions", _four(v.positions))
    arrived = [0.0] * 4
    for rank, h in enumerate(v.arrived, start=1):
        if 1 <= h <= 4:
            arrived[h - 1] = rank
    obs.add("arrived", arrived)
    obs.counts("hand", 48, [index(x) for x in v.hand])
    obs.add("hand_colours", [x for row in v.hand_colours for x in row])
    obs.counts("dummy_cards", 48, [index(x) for x in v.dummy_cards])
    discards: list[float] = []
    for e in range(4):
        seg = [0.0] * 48
        for x in v.face_up_discards[e] if e < len(v.face_up_discards) else ():
            seg[index(x)] = 1.0
        discards += seg
    obs.add("face_up_discards", discards)
    obs.one_hot("my_discard", 48, None if v.my_discard is None else index(v.my_discard))
    colours: list[float] = []
    for e in range(4):
        seg = [0.0] * 5
        c = v.discard_colours[e] if e < len(v.discard_colours) else None
        seg[0 if c is None else 1 + COLOURS.index(c)] = 1.0
        colours += seg
    obs.add("discard_colours", colours)
    obs.add("whips_up", _four(v.whips_up))
    up: list[float] = []
    for e in range(4):
        seg = [0.0] * 6
        t = v.tickets_up[e] if e < len(v.tickets_up) else None
        seg[0 if t is None else 1 + t] = 1.0
        up += seg
    obs.add("tickets_up", up)
    obs.one_hot("my_ticket_down", 6, 0 if v.my_ticket_down is None else 1 + v.my_ticket_down)
    obs.add("tickets_down_laid", _four([1.0 if d else 0.0 for d in v.tickets_down_laid]))
    trick = [0.0] * (4 * 48)
    whips = [0.0] * 4
    for s, x, w in v.trick:
        if 0 <= s < 4:
            trick[s * 48 + index(x)] = 1.0
            whips[s] = 1.0 if w else 0.0
    obs.add("trick", trick)
    obs.add("trick_whips", whips)
    obs.add("discard_number", [v.discard_number])
    obs.one_hot("revealed", 48, None if v.revealed is None else index(v.revealed))
    return obs


def _four(values: tuple[float, ...] | list[float]) -> list[float]:
    return [float(x) for x in values[:4]] + [0.0] * (4 - min(4, len(values)))

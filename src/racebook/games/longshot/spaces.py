"""Long Shot's integer actions, chance outcome ids and observation tensor
(:mod:`racebook.core.spaces`); rule modules append their own action kinds and
chance nodes (:class:`~racebook.games.longshot.rules.BoxRule`).

Action ids, in this order (``K`` distinct horse cards of the deck, sorted by
code ``horse * 16 + mv``; ``B = 2 * running`` boxes):

* ``place``: card ``k`` in box ``b`` is id ``k * B + b``;
* ``pass``: id ``K * B``;
* then each rule module's kinds, in the order of the config's ``rules``.

Chance outcome ids: the first player is the seat; a deal, a restock or a
resupply draws one card at a time and the outcome id is the card's code
``horse * 16 + mv``; the secret orders draw one horse at a time (the horse
number).  So ``num_chance_outcomes`` is ``16 * (running + 1)``.

The observation tensor (:func:`observe_segments` defines it segment by
segment; :func:`observe`, what the game gives, writes the same values into a
list made once where the config has no rule modules:
:mod:`racebook.games.longshot.tensor`), with ``n`` players, ``H`` horses
(``running``) and ``K`` and ``B`` as above: ``phase`` one-hot (9, the
state's phase numbers), ``race`` one-hot (races), ``round`` (1), ``seat``
one-hot (n, the viewer), ``to_act`` (n), ``first_player`` one-hot (n),
``spurt`` (1), ``positions`` (H), ``finished`` (H: the finishing place of
each horse, 0 if none), ``box_tops`` (B x K one-hot of each box's top card),
``box_sizes`` (B), ``hand`` (K counts), ``hand_sizes`` (n), ``stack_size``
(1), ``orders`` (n x (H + 1): one-hot horse of each seat's secret order, index
0 when not seen), ``money`` (n, in thousands, -1 when not seen) and
``opened`` (K one-hot).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.cards.horse import card
from racebook.core.game import CHANCE, Action
from racebook.core.spaces import ActionTable, ChanceNode, Enumerated, Observation, shuffle
from racebook.games.longshot import placement
from racebook.games.longshot.phases import (
    DEAL,
    FIRST,
    INTERLUDE,
    OPENED,
    ORDERS,
    RESTOCK,
    SECOND,
    TURN,
)
from racebook.games.longshot.placement import Pass, Place
from racebook.games.longshot.rounds import Restock, buried
from racebook.games.longshot.setup import Deal, DealOrders
from racebook.games.longshot.tensor import PHASES
from racebook.games.longshot.tensor import observe as _written
from racebook.games.longshot.tensor import observe_into as observe_into

if TYPE_CHECKING:
    from racebook.games.longshot.game import LongShot
    from racebook.games.longshot.state import LongShotState


def action_tables(game: LongShot) -> list[ActionTable]:
    """Place and Pass, then the rule modules' kinds."""
    boxes = 2 * game.config.running
    codes = sorted(set(game.deck))
    tables = [
        ActionTable(Place, tuple((card(x), b) for x in codes for b in range(boxes))),
        ActionTable(Pass, ((),)),
    ]
    for rule in game.rules:
        tables += rule.action_tables(game)
    return tables


def legal_ids(state: LongShotState, seat: int) -> list[int] | None:
    """The ids of the legal placements and PASS in a turn, made without the
    actions (``None``: another phase, ask the actions)."""
    if state.phase not in (TURN, SECOND, OPENED) or seat not in state.to_act:
        return None
    game = state.game
    index = game.__dict__.get("_card_rows")
    if index is None:
        index = game.__dict__["_card_rows"] = {x: i for i, x in enumerate(sorted(set(game.deck)))}
    return placement.legal_ids(state, seat, index)


def num_chance_outcomes(game: LongShot) -> int:
    return max(16 * (game.config.running + 1), game.config.players)


def chance_node(state: LongShotState) -> ChanceNode:
    """The chance node now: the first player, a deal, the orders or a restock."""
    p = state.phase
    if p == INTERLUDE:
        return state.game.rules[state.interlude].chance_node(state)
    if p == FIRST:
        listed = state.chance_outcomes()
        assert listed is not None
        return Enumerated(listed)
    if p == DEAL:
        return shuffle(
            state.game.deck,
            lambda xs: Deal(CHANCE, tuple(card(x) for x in xs)),
            lambda x: str(card(x)),
            drawn_codes,
        )
    if p == ORDERS:
        running = state.game.config.running
        return shuffle(
            range(1, running + 1),
            lambda hs: DealOrders(CHANCE, tuple(hs)),
            lambda h: f"horse {h}",
            _horses,
        )
    assert p == RESTOCK, f"no chance node in phase {p}"
    return shuffle(
        buried(state),
        lambda xs: Restock(CHANCE, tuple(card(x) for x in xs)),
        lambda x: str(card(x)),
        drawn_codes,
    )


def drawn_codes(action: Action) -> list[int]:
    """The codes a deal or a reshuffle drew, in order (its chance node's inverse)."""
    cards = getattr(action, "cards", None)
    if not isinstance(cards, tuple):
        raise ValueError(f"not a deal of cards: {action!r}")
    return [c.code for c in cards]


def _horses(action: Action) -> list[int]:
    """The horses a deal of the orders drew, in order (its chance node's inverse)."""
    if not isinstance(action, DealOrders):
        raise ValueError(f"not a deal of the orders: {action!r}")
    return list(action.horses)


def observe(state: LongShotState, seat: int | None) -> Observation:
    """The observation tensor of ``seat`` (layout above): written into one
    list (:mod:`racebook.games.longshot.tensor`), then each rule module's
    segments from the seat's view."""
    obs = _written(state, seat)
    rules = state.game.rules
    if rules:
        v = state.view(seat)
        for rule in rules:
            rule.observe(state, v, obs)
    return obs


def observe_segments(state: LongShotState, seat: int | None) -> Observation:
    """The observation tensor of ``seat``, from its view alone (layout above),
    segment by segment: the definition :func:`observe` is checked against."""
    game = state.game
    c = game.config
    n, running = c.players, c.running
    index = game.deck_index
    k = len(index)
    v = state.view(seat)
    obs = Observation()
    obs.one_hot("phase", PHASES, state.phase)
    obs.one_hot("race", len(c.races), v.race - 1)
    obs.add("round", [v.round])
    obs.one_hot("seat", n, v.seat)
    obs.add("to_act", [1.0 if s in v.to_act else 0.0 for s in range(n)])
    obs.one_hot("first_player", n, v.first_player)
    obs.add("spurt", [1.0 if v.spurt else 0.0])
    obs.add("positions", v.positions)
    places = [0] * running
    for place, horse in enumerate(v.finished, start=1):
        places[horse - 1] = place
    obs.add("finished", places)
    tops: list[float] = []
    for box in v.boxes:
        seg = [0.0] * k
        if box:
            seg[index[box[-1].code]] = 1.0
        tops += seg
    obs.add("box_tops", tops)
    obs.add("box_sizes", [len(box) for box in v.boxes])
    obs.counts("hand", k, [index[x.code] for x in v.hand])
    obs.add("hand_sizes", v.hand_sizes)
    obs.add("stack_size", [v.stack_size])
    orders: list[float] = []
    for o in v.orders:
        seg = [0.0] * (running + 1)
        seg[o or 0] = 1.0
        orders += seg
    obs.add("orders", orders)
    obs.add("money", [-1.0 if m is None else m / 1000 for m in v.money])
    obs.one_hot("opened", k, None if v.opened is None else index[v.opened.code])
    for rule in game.rules:
        rule.observe(state, v, obs)
    return obs

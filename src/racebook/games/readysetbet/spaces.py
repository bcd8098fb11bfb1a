"""Ready Set Bet's integer actions, chance outcome ids and observation tensor
(:mod:`racebook.core.spaces`).

Spots: every spot any race may have, in this order (``S`` in all): the board's
spots (:func:`~racebook.games.readysetbet.board.board_spots`), then
``prop:p`` for every prop card ``p`` of the config, then ``exotic:name:i``
for every exotic finish card and ``i`` in 0..2.  Token values: the sorted
set of every (positive) value in ``tokens``, ``tokens_at_7``, ``host_tokens`` and the
VIP cards (``T`` in all); ``V`` VIP cards.

Action ids, in this order: ``bet`` (value ``t``, spot ``s``: ``t * S + s``),
``bonus-bet`` (VIP card ``k``, spot ``s``), ``cash`` (``V``), ``keep``
(``V``), ``host`` (yes, no), ``roll``, ``roll-out``.

Chance outcome ids: the dice are ``6 * (a - 1) + (b - 1)`` (36, 1/36 each);
a roll-out draws one roll at a time (the same ids) until a horse reaches
the finish; a new race draws its prop cards one at a time (the prop
index), then its exotic card (the exotic index); a VIP deal draws one card
at a time from the deck, then from the discards (the card index); the first
host is the seat.

Real time: several seats may be in ``to_act`` at once (the bettors and the
host's chair, who rolls).  The library leaves who acts first to whoever
drives the state; the adapters draw it uniformly among ``to_act`` (see
:mod:`racebook.adapters`).

The observation tensor (:func:`observe`), with ``n`` players and ``n + 1``
seats: ``phase`` one-hot (10), ``race`` one-hot (races), ``seat`` one-hot
(n + 1), ``to_act`` (n + 1), ``positions`` (9), ``crossed`` (9: the order
in which each horse crossed the red line, 0 if not), ``betting_open`` (1),
``last_roll`` (2 x 6 one-hot dice), ``spot_open`` (S: the spot is in play
and free), ``spot_owner`` (S x n one-hot), ``spot_token`` (S: the value on
it), ``spot_vip`` (S: 1 if a VIP card provided it), ``host_bets`` (S: the
host token's value), ``tokens`` (n x T counts), ``bonus_tokens`` (n x V),
``late_bets`` (n), ``money`` (n + 1, in dollars, 0 when no host money),
``vip`` (n x V: 1 kept, 2 kept and played), ``offer`` (V), ``choosing``
(n), ``vip_deck`` (1), ``vip_discards`` (1), ``host`` one-hot (n), ``asked``
one-hot (n).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from racebook.core.game import CHANCE, Action
from racebook.core.spaces import ActionTable, ChanceNode, Draws, Enumerated, Observation
from racebook.games.readysetbet.board import Bet, BonusBet, board_spots, legal_bet_ids
from racebook.games.readysetbet.dice import PAIRS
from racebook.games.readysetbet.host import Host
from racebook.games.readysetbet.phases import (
    DEAL,
    FIRST,
    PHASE_NAMES,
    RACE,
    ROLLING,
    ROLLOUT,
    SETUP,
)
from racebook.games.readysetbet.race import DiceRun, NewRace, Roll, RollOut, check_dice_run
from racebook.games.readysetbet.tensor import observe_into as observe_into
from racebook.games.readysetbet.vip import Cash, DealVip, Keep

if TYPE_CHECKING:
    from racebook.games.readysetbet.config import ReadySetBetConfig
    from racebook.games.readysetbet.game import ReadySetBet
    from racebook.games.readysetbet.state import ReadySetBetState


def all_spots(c: ReadySetBetConfig) -> list[str]:
    """Every spot any race of ``c`` may have, in id order."""
    out = board_spots(c) + [f"prop:{p}" for p in range(len(c.props))]
    return out + [f"exotic:{e.name}:{i}" for e in c.exotics for i in range(3)]


def token_values(c: ReadySetBetConfig) -> list[int]:
    """Every token value a bet may use, sorted."""
    values = {*c.tokens, *c.tokens_at_7, *c.host_tokens}
    values.update(v.value for v in c.vip_cards if isinstance(getattr(v, "value", None), int))
    return sorted(v for v in values if v > 0)


def action_tables(game: ReadySetBet) -> list[ActionTable]:
    c = game.config
    spots = all_spots(c)
    vips = range(len(c.vip_cards))
    return [
        ActionTable(Bet, tuple((t, s) for t in token_values(c) for s in spots)),
        ActionTable(BonusBet, tuple((k, s) for k in vips for s in spots)),
        ActionTable(Cash, tuple((k,) for k in vips)),
        ActionTable(Keep, tuple((k,) for k in vips)),
        ActionTable(Host, ((True,), (False,))),
        ActionTable(Roll, ((),)),
        ActionTable(RollOut, ((),)),
    ]


def legal_ids(state: ReadySetBetState, seat: int) -> list[int] | None:
    """The ids of a bettor's legal actions during a race, made without the
    actions (``None``: another phase or seat, ask the actions)."""
    if state.phase != RACE or seat == state.game.host or seat not in state.to_act:
        return None
    return legal_bet_ids(state, seat, *_rows(state.game))


def _rows(game: ReadySetBet) -> tuple[dict[str, int], dict[int, int]]:
    """Each spot's row (:func:`all_spots`) and each token value's
    (:func:`token_values`), made once a game."""
    rows: tuple[dict[str, int], dict[int, int]] | None = game.__dict__.get("_space_rows")
    if rows is None:
        c = game.config
        rows = game.__dict__["_space_rows"] = (
            {s: i for i, s in enumerate(all_spots(c))},
            {v: i for i, v in enumerate(token_values(c))},
        )
    return rows


def num_chance_outcomes(game: ReadySetBet) -> int:
    c = game.config
    return max(36, c.players, len(c.props), len(c.exotics), len(c.vip_cards))


class RollOutDice(ChanceNode):
    """A roll-out: one roll (36 ids) at a time until a horse reaches the finish."""

    def __init__(self, state: ReadySetBetState) -> None:
        self.state = state

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]] | None:
        if drawn and check_dice_run(self.state, self._dice(drawn)) is None:
            return None
        return [(i, 1 / 36) for i in range(36)]

    @staticmethod
    def _dice(drawn: Sequence[int]) -> str:
        return "".join(PAIRS[i] for i in drawn)

    def action(self, drawn: Sequence[int]) -> Action:
        return DiceRun(CHANCE, self._dice(drawn))

    def describe(self, drawn: Sequence[int], outcome: int) -> str:
        return f"roll {len(drawn) + 1}: dice {PAIRS[outcome]}"

    def drawn_of(self, action: Action) -> list[int] | None:
        if not isinstance(action, DiceRun) or len(action.dice) % 2:
            return None
        pairs = [action.dice[i : i + 2] for i in range(0, len(action.dice), 2)]
        if any(p not in PAIRS for p in pairs):
            return None
        return [PAIRS.index(p) for p in pairs]


def chance_node(state: ReadySetBetState) -> ChanceNode:
    c = state.game.config
    phase = state.phase
    if phase in (ROLLING, FIRST):
        listed = state.chance_outcomes()
        assert listed is not None
        return Enumerated(listed)
    if phase == ROLLOUT:
        return RollOutDice(state)
    if phase == SETUP:
        free = [p for p in range(len(c.props)) if p not in state.used_props]
        rest = [e for e in range(len(c.exotics)) if e not in state.exotics]
        return Draws(
            [(free, min(c.props_per_race, len(free))), (rest, 1 if rest else 0)],
            lambda parts: NewRace(CHANCE, tuple(sorted(parts[0])), (parts[1] or [-1])[0]),
            lambda bag, x: f"prop card {x}" if bag == 0 else f"exotic {c.exotics[x].name}",
            lambda a: [
                list(_as(NewRace, a).props),
                [e for e in [_as(NewRace, a).exotic] if e >= 0],
            ],
        )
    assert phase == DEAL, f"no chance node in phase {phase}"
    need = c.vip_deal * c.players
    first = min(need, len(state.deck))
    return Draws(
        [(state.deck, first), (state.discards, min(need - first, len(state.discards)))],
        lambda parts: DealVip(CHANCE, tuple(parts[0] + parts[1])),
        lambda _bag, x: f"VIP {c.vip_cards[x].name}",
        lambda a: [list(_as(DealVip, a).cards[:first]), list(_as(DealVip, a).cards[first:])],
    )


T = TypeVar("T")


def _new_race_draws(action: Action) -> list[list[int]]:
    """The ids of a new race's draws: its prop cards, then its exotic finish."""
    race = _as(NewRace, action)
    return [list(race.props), [race.exotic] if race.exotic >= 0 else []]


def _as(kind: type[T], action: Action) -> T:
    """``action`` as a ``kind``: a chance node's inverse is given its own
    kind of action; another kind is a ``ValueError`` (no draws make it)."""
    if not isinstance(action, kind):
        raise ValueError(f"not a {kind.__name__}: {action!r}")
    return action


def observe(state: ReadySetBetState, seat: int | None) -> Observation:
    """The observation tensor of ``seat``, from its view alone (layout above)."""
    c = state.game.config
    n, seats = c.players, state.game.seats
    at, value_row = _rows(state.game)  # made once a game
    spots, values = at, value_row
    nv = len(c.vip_cards)
    v = state.view(seat)
    obs = Observation()
    obs.one_hot("phase", len(PHASE_NAMES), state.phase)
    obs.one_hot("race", c.races, v.race - 1)
    obs.one_hot("seat", seats, v.seat)
    obs.add("to_act", [1.0 if s in v.to_act else 0.0 for s in range(seats)])
    obs.add("positions", v.positions)
    crossed = [0] * len(v.positions)
    for rank, h in enumerate(v.crossed, start=1):
        crossed[h] = rank
    obs.add("crossed", crossed)
    obs.add("betting_open", [1.0 if v.betting_open else 0.0])
    roll = v.last_roll or (0, 0)
    obs.one_hot("last_roll_first", 6, roll[0] - 1 if roll[0] else None)
    obs.one_hot("last_roll_second", 6, roll[1] - 1 if roll[1] else None)
    obs.add("spot_open", [0.0] * len(spots))
    seg_open = obs.values
    base = len(seg_open) - len(spots)
    for spot in v.open_spots:
        seg_open[base + at[spot]] = 1.0
    owner = [0.0] * (len(spots) * n)
    token = [0.0] * len(spots)
    vip = [0.0] * len(spots)
    for spot, who, t, k in v.bets:
        i = at[spot]
        if 0 <= who < n:
            owner[i * n + who] = 1.0
        token[i] += t
        if k >= 0:
            vip[i] = 1.0
    obs.add("spot_owner", owner)
    obs.add("spot_token", token)
    obs.add("spot_vip", vip)
    host_bets = [0.0] * len(spots)
    for spot, t in v.host_bets:
        host_bets[at[spot]] = t
    obs.add("host_bets", host_bets)
    tokens: list[float] = []
    for hand in v.tokens:
        seg = [0.0] * len(values)
        for t in hand:
            seg[value_row[t]] += 1.0
        tokens += seg
    obs.add("tokens", tokens)
    bonus: list[float] = []
    for cards in v.bonus_tokens:
        seg = [0.0] * nv
        for k in cards:
            seg[k] = 1.0
        bonus += seg
    obs.add("bonus_tokens", bonus)
    obs.add("late_bets", v.late_bets)
    money = list(v.money) + [0] * (seats - len(v.money))
    obs.add("money", money)
    kept: list[float] = []
    for cards_held in v.vip:
        seg = [0.0] * nv
        for one in cards_held:
            seg[one.card] = 2.0 if one.played else 1.0
        kept += seg
    obs.add("vip", kept)
    obs.counts("offer", nv, [h.card for h in v.offer])
    obs.add("choosing", [1.0 if s in v.choosing else 0.0 for s in range(n)])
    obs.add("vip_deck", [v.vip_deck])
    obs.add("vip_discards", [v.vip_discards])
    obs.one_hot("host", n, v.host)
    obs.one_hot("asked", n, v.asked)
    return obs

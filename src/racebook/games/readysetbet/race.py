"""The race (進行賽馬): setting a race up, each roll and what it tells, the red
line and "no more bets" (截止投注), the finish, and the roll-out.  How the dice
move a horse (the pair bonus, 獎勵移動) is :mod:`~racebook.games.readysetbet.dice`."""

from __future__ import annotations

import random
from collections.abc import Iterator
from operator import add
from typing import TYPE_CHECKING, ClassVar, NamedTuple

import attrs

from racebook.cards.readysetbet import HORSES
from racebook.core.errors import refuse
from racebook.core.game import CHANCE, Action, Event
from racebook.games.readysetbet.board import horse_of
from racebook.games.readysetbet.dice import (
    DIGITS,
    HORSE36,
    HORSE_OF,
    PAIRS,
    ROLL_ID,
    advance,
    advance_ruled,
    dice_to_finish,
    finish_ruled,
    roll_ruled,
    roll_to_finish,
)
from racebook.games.readysetbet.host import HostPaid
from racebook.games.readysetbet.phases import HOST_BETS, RACE
from racebook.games.readysetbet.settlement import settle
from racebook.games.readysetbet.vip import pay_doubles, take_up

if TYPE_CHECKING:
    from racebook.games.readysetbet.state import ReadySetBetState


# -- actions and events ---------------------------------------------------------------


@attrs.frozen
class NewRace(Action):
    """Chance: this race's prop cards (indices into ``props``) and the new exotic
    finish card (index into ``exotics``, -1 if none)."""

    kind: ClassVar[str] = "new-race"
    chance: ClassVar[bool] = True
    props: tuple[int, ...]
    exotic: int


@attrs.frozen
class Roll(Action):
    """The host rolls (the dice are the chance line that follows)."""

    kind: ClassVar[str] = "roll"


@attrs.frozen
class Dice(Action):
    """Chance: the two dice."""

    kind: ClassVar[str] = "dice"
    chance: ClassVar[bool] = True
    first: int
    second: int


@attrs.frozen
class RollOut(Action):
    """The host rolls on to the finish without a pause: allowed only once nobody
    else may act (every token down or betting closed, no VIP card to use).  The
    dice follow as one chance line (:class:`DiceRun`)."""

    kind: ClassVar[str] = "roll-out"


@attrs.frozen
class DiceRun(Action):
    """Chance: the dice of a roll-out, two digits a roll (``"3412"``: 3+4, then
    1+2), ending with the roll that brings a horse to the finish."""

    kind: ClassVar[str] = "dice-run"
    chance: ClassVar[bool] = True
    dice: str


@attrs.frozen
class RaceReady(Event):
    """A race is set up: its number, this race's prop cards and the exotic-finish
    cards on the table (one more each race)."""

    kind: ClassVar[str] = "race-ready"
    race: int
    props: tuple[str, ...]
    exotics: tuple[str, ...]


@attrs.frozen
class Rolled(Event):
    """A roll: ``horse`` moved ``moved`` spaces on the track (its bonus included)
    to ``position``.  A move the finish cuts short is told as cut: the spaces
    the horse really moved, so ``position`` is always the old one + ``moved``."""

    kind: ClassVar[str] = "rolled"
    dice: tuple[int, int]
    horse: str
    moved: int
    position: int


@attrs.frozen
class RolledOut(Event):
    """A roll-out: every roll to the finish (two digits a roll) and the spaces
    each moved its horse (``moved``, one entry a roll, bonus included, cut at the
    finish as in ``rolled``).  It stands for the ``rolled``, ``bonus`` and
    ``lead`` events of those rolls; ``red-line``, ``no-more-bets``, doubles and
    VIP payouts are still told one by one, after it."""

    kind: ClassVar[str] = "rolled-out"
    dice: str
    moved: tuple[int, ...]


@attrs.frozen
class BonusMove(Event):
    """The bonus part of the ``rolled`` event before it: ``spaces`` the bonus
    moved the horse on the track (cut at the finish; a bonus the finish cuts to
    nothing is not told)."""

    kind: ClassVar[str] = "bonus"
    horse: str
    spaces: int


@attrs.frozen
class LeadChange(Event):
    """The horse(s) now in the lead."""

    kind: ClassVar[str] = "lead"
    leaders: tuple[str, ...]


@attrs.frozen
class RedLine(Event):
    """A horse crossed the red line; ``count`` horses have crossed it."""

    kind: ClassVar[str] = "red-line"
    horse: str
    count: int


@attrs.frozen
class NoMoreBets(Event):
    """Betting closes ("截止投注!"): the third horse crossed the red line."""

    kind: ClassVar[str] = "no-more-bets"


# -- a race in play ----------------------------------------------------------------------


def new_race_ok(state: ReadySetBetState, action: NewRace) -> bool:
    """Whether a race's cards are 5 unused prop cards and a new exotic card."""
    c = state.game.config
    props = action.props
    if len(props) != min(c.props_per_race, len(c.props)) or len(set(props)) != len(props):
        return False
    if any(not 0 <= p < len(c.props) or p in state.used_props for p in props):
        return False
    if not c.exotics:
        return action.exotic == -1
    return 0 <= action.exotic < len(c.exotics) and action.exotic not in state.exotics


def start_race(state: ReadySetBetState, action: NewRace, events: list[Event]) -> None:
    """A race is set up: its cards and spots, every bettor's tokens, host pay and host tokens."""
    c = state.game.config
    state.props = list(action.props)
    state.used_props += state.props
    if action.exotic >= 0:
        state.exotics.append(action.exotic)  # accumulating: one more card a race
    spots, state.plain, names, exotics = state.game.race_spots(action.props, state.exotics)
    state.spots = list(spots)
    state._spot_set = None  # made when a check asks (spot_set)
    state.free = list(spots)
    events.append(RaceReady(state.race + 1, names, exotics))
    # every player takes their tokens back, with their bonus tokens; the host
    # bets none ("成為主持人的玩家不得在該場賽事中使用自己的貴賓牌")
    tokens = c.token_set
    for s in range(c.players):
        if s == state.hosting:
            continue
        state.hands[s] = list(tokens)
        if state.vip[s]:  # else none, as _reset_race left them
            take_up(state, s)
    if c.rotating_host and state.race < len(c.host_pay) and c.host_pay[state.race]:
        # "第二場賽事主持人的玩家會從供應堆獲得3元籌碼...這些補償在每場賽事開始之前派發"
        pay = c.host_pay[state.race]
        state.money[state.hosting] += pay
        events.append(HostPaid(state.hosting, pay))
    if c.host_bets or c.rotating_host:
        state.host_hand = list(c.host_tokens)
        state.phase = HOST_BETS
    else:
        state.phase = RACE


def roll(state: ReadySetBetState, action: Dice, events: list[Event]) -> None:
    """One roll (進行賽馬): the horse moves, the table hears of it, the race may end."""
    c = state.game.config
    a, b = action.first, action.second
    state.last = (a, b)
    h = horse_of(a + b)
    before = leaders(state)
    was = state.pos[h]
    if state.game.hooks.bonus:
        state.pending = advance_ruled(state, state.pos, state.pending, h, (a, b))
    else:
        state.pending = advance(state.pos, state.pending, h, c.bonus, c.track)
    # what happened on the track: "一旦有馬匹到達終點線(賽道上第15個格子)，賽事就會
    # 立即完結" cuts a move (its bonus first) at the finish, and so does the commentary
    moved = state.pos[h] - was
    events.append(Rolled((a, b), HORSES[h], moved, state.pos[h]))
    if moved > 1:  # the roll's own space always fits: the rest is the bonus
        events.append(BonusMove(HORSES[h], moved - 1))
    if a == b and a in (1, 6):
        pay_doubles(state, a, events)
    now = leaders(state)
    if now != before:
        events.append(LeadChange(tuple([HORSES[x] for x in now])))
    if state.pos[h] >= c.red_line and h not in state.crossed:
        cross(state, h, events)
    if state.open and state.game.hooks.betting_closes:
        close_by_rules(state, events)
    state.phase = RACE
    if state.pos[h] >= c.track:  # "一旦有馬匹到達終點線...賽事就會立即完結"
        state.open = False
        settle(state, h, events)


def cross(state: ReadySetBetState, h: int, events: list[Event]) -> None:
    """Horse ``h`` crossed the red line; the ``close_after``-th closes betting (截止投注)."""
    state.crossed.append(h)
    events.append(RedLine(HORSES[h], len(state.crossed)))
    game = state.game
    if (
        len(state.crossed) == game.config.close_after
        and state.open
        and not game.hooks.betting_closes
    ):
        state.open = False
        events.append(NoMoreBets())  # "截止投注!"


def roll_out(state: ReadySetBetState, dice: str, events: list[Event]) -> None:
    """The rolls of a roll-out, as :func:`roll` plays them, narrated by one event."""
    drawn = state.drawn
    if (
        drawn is not None
        and drawn.dice is dice
        and drawn.version == state._version
        and drawn.start == state.pos
        and drawn.pending == state.pending
        and drawn.crossed == state.crossed
    ):
        state.drawn = None
        roll_out_drawn(state, drawn, events)
        return
    c = state.game.config
    pos, pending, track, bonus, red = state.pos, state.pending, c.track, c.bonus, c.red_line
    crossed = state.crossed
    horse = HORSE_OF
    ruled, closing = state.game.hooks.bonus, state.game.hooks.betting_closes
    told: list[Event] = []  # after the rolled-out event
    moved = []
    pair = ""
    h = 0
    it = iter(dice)
    for x, y in zip(it, it, strict=True):
        pair = x + y
        h = horse[pair]
        was = pos[h]
        if ruled:
            pending = state.pending = advance_ruled(state, pos, pending, h, (int(x), int(y)))
        else:  # advance(), inline: half the loop's time (measured)
            if pending == h:
                p, pending = was + 1 + bonus[h], -1
            else:
                p, pending = was + 1, h
            pos[h] = p if p < track else track
        moved.append(pos[h] - was)  # on the track, cut at the finish as in _roll
        if x == y and (x == "1" or x == "6"):
            pay_doubles(state, int(x), told)
        if pos[h] >= red and h not in crossed:
            cross(state, h, told)
        if closing and state.open:
            close_by_rules(state, told)
    events.append(RolledOut(dice, tuple(moved)))
    events += told
    state.pending = pending
    state.last = (int(pair[0]), int(pair[1]))
    state.phase = RACE
    state.open = False
    settle(state, h, events)


class Drawn(NamedTuple):  # a tuple: made twice as fast as a frozen attrs class
    """A roll-out's dice drawn by :func:`sample_roll_out`, with the rolls worked
    out on a copy of the track as :func:`roll_out` plays them: kept on the state
    for the :class:`DiceRun` of these very dice (the same object) applied next to
    the same track, which then need not be rolled a second time."""

    version: int
    dice: str
    start: list[int]  # the track it was drawn from: positions, pair, red line
    pending: int
    crossed: list[int]
    moved: tuple[int, ...]
    told: tuple[tuple[int, int], ...]  # (roll id, horse crossing the red line or -1)
    pos: list[int]  # the track at the finish
    after: int  # the horse waiting for its pair at the finish
    horse: int  # the winner
    last: tuple[int, int]


def draw_roll_out(state: ReadySetBetState, rng: random.Random) -> Drawn:
    """The dice of a roll-out (the draws of :func:`roll_to_finish`) and their
    rolls on a copy of the track (no rule module changes them: the caller asks)."""
    # the same draws as roll_to_finish's, int(random() * 36), until the finish
    drawn = _work_out(state, map(int, map((36.0).__mul__, iter(rng.random, None))), None)
    assert drawn is not None  # endless dice end only at the finish
    return drawn


def read_roll_out(state: ReadySetBetState, dice: str) -> Drawn | None:
    """The rolls of ``dice`` (digits 1 to 6, two a roll) worked out as
    :func:`draw_roll_out` works out the dice it draws; ``None`` unless their
    last roll, and no other, reaches the finish (:func:`dice_to_finish`)."""
    digits = iter(dice)
    ids = list(map(ROLL_ID.__getitem__, map(add, digits, digits)))  # two digits a roll
    drawn = _work_out(state, iter(ids), dice)
    return drawn if drawn is not None and len(drawn.moved) == len(ids) else None


def _work_out(state: ReadySetBetState, rolls: Iterator[int], dice: str | None) -> Drawn | None:
    """The roll ids ``rolls`` played on a copy of the track up to the finish, as
    :func:`roll_out` plays them (``dice``: their text, else made from them);
    ``None`` if they run out first."""
    c = state.game.config
    pos = list(state.pos)
    pending = state.pending
    track, bonus, red = c.track, c.bonus, c.red_line  # red <= track (check_config)
    crossed = list(state.crossed)
    horse = HORSE36
    ids: list[int] = []
    moved: list[int] = []
    told: list[tuple[int, int]] = []
    roll, move = ids.append, moved.append
    for i in rolls:
        roll(i)
        h = horse[i]
        was = pos[h]
        if pending == h:  # advance(), inline
            p = was + 1 + bonus[h]
            pending = -1
        else:
            p = was + 1
            pending = h
        if p < red:  # most rolls: short of the red line, and of the finish
            pos[h] = p
            move(p - was)
            if i == 0 or i == 35:  # 1+1, 6+6: doubles pay
                told.append((i, -1))
            continue
        if p > track:
            p = track
        pos[h] = p
        move(p - was)
        if h not in crossed:
            crossed.append(h)
            told.append((i, h))
        elif i == 0 or i == 35:
            told.append((i, -1))
        if p == track:
            return Drawn(
                state._version,
                "".join([PAIRS[i] for i in ids]) if dice is None else dice,
                list(state.pos),
                state.pending,
                list(state.crossed),
                tuple(moved),
                tuple(told),
                pos,
                pending,
                h,
                (i // 6 + 1, i % 6 + 1),
            )
    return None


def roll_out_drawn(state: ReadySetBetState, drawn: Drawn, events: list[Event]) -> None:
    """:func:`roll_out` of dice :func:`draw_roll_out` worked out: the same state
    and events, told in the same order (doubles, then the red line, roll by roll)."""
    told: list[Event] = []
    for i, h in drawn.told:
        if i == 0 or i == 35:
            pay_doubles(state, 1 if i == 0 else 6, told)
        if h >= 0:
            cross(state, h, told)
    events.append(RolledOut(drawn.dice, drawn.moved))
    events += told
    state.pos[:] = drawn.pos
    state.pending = drawn.after
    state.last = drawn.last
    state.phase = RACE
    state.open = False
    settle(state, drawn.horse, events)


def leaders(state: ReadySetBetState) -> tuple[int, ...]:
    """The horses in the lead (none before any has moved)."""
    top = max(state.pos)
    return tuple([i for i, p in enumerate(state.pos) if p == top]) if top else ()


def check_dice_run(state: ReadySetBetState, dice: str) -> str | None:
    """Why the dice of a roll-out are refused (``None``: they are the dice of one)."""
    c = state.game.config
    if not dice or len(dice) % 2 or not DIGITS.issuperset(dice):
        return refuse("bad-dice", "a roll-out's dice are pairs of digits 1 to 6, at least one roll")
    hooks = state.game.hooks
    if hooks.bonus:
        rolls = finish_ruled(state, dice)
    elif hooks.betting_closes:
        rolls = dice_to_finish(state.pos, state.pending, dice, c.track, c.bonus)
    else:  # worked out as it is checked, kept for roll_out (replay rolls it once)
        drawn = read_roll_out(state, dice)
        if drawn is not None:
            state.drawn = drawn
            return None
        rolls = 0
    if rolls * 2 != len(dice):
        return refuse("bad-dice", "a roll-out's dice end with the roll that reaches the finish")
    return None


def sample_roll_out(state: ReadySetBetState, rng: random.Random) -> str:
    """Random dice of a roll-out from ``state``'s position; without rule modules
    their rolls are worked out as they are drawn, kept for :func:`roll_out`
    (``state.drawn``): a random game rolls each roll-out once, not twice."""
    c = state.game.config
    hooks = state.game.hooks
    if hooks.bonus:
        return roll_ruled(state, rng)
    if hooks.betting_closes:
        return roll_to_finish(state.pos, state.pending, rng, c.track, c.bonus)
    drawn = draw_roll_out(state, rng)
    state.drawn = drawn
    return drawn.dice


def sample_new_race(state: ReadySetBetState, rng: random.Random) -> NewRace:
    """A race's random cards: unused prop cards and a new exotic finish card."""
    c = state.game.config
    used, shown = set(state.used_props), set(state.exotics)
    free = [p for p in range(len(c.props)) if p not in used]
    props = tuple(sorted(rng.sample(free, min(c.props_per_race, len(free)))))
    rest = [e for e in range(len(c.exotics)) if e not in shown]
    return NewRace(CHANCE, props, rng.choice(rest) if rest else -1)


# -- with rule modules (rules.py) -----------------------------------------------------


def close_by_rules(state: ReadySetBetState, events: list[Event]) -> None:
    """After a roll, betting still open: close it if the rule modules say so."""
    closes = len(state.crossed) >= state.game.config.close_after
    for rule in state.game.hooks.betting_closes:
        closes = rule.betting_closes(state, closes)
    if closes:
        state.open = False
        events.append(NoMoreBets())  # "截止投注!"

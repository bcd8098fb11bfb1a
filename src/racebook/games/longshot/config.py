"""Long Shot's settings: "Number of players and Length" and "Horse cards".

Every number of the box race is a field of :class:`LongShotConfig`, with Long
Shot's value as default (Horse Racing Mafia is a config of the same type);
the limits bound every size a variant sets (docs: "Limits"), and
:func:`check_config` refuses a config that cannot be played.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from racebook.board.track import TIEBREAKS
from racebook.core.errors import ConfigError, check_between, check_length
from racebook.scoring.money import RaceTable
from racebook.variants.rules import RuleRef

# -- the variant ---------------------------------------------------------------

FIRST_RACE = RaceTable(
    rewards=(60_000, 30_000, 10_000),
    penalty=20_000,
    tickets=(5_000, 3_000, 2_000),
    ticket_loss=1_000,
    orders_open=False,
)
"""Long Shot, "Aftermath of the first race"."""

LAST_RACE = RaceTable(
    rewards=(100_000, 50_000, 20_000),
    penalty=40_000,
    tickets=(10_000, 5_000, 3_000),
    ticket_loss=2_000,
    orders_open=True,
)
"""Long Shot, "Aftermath of the last race"; orders face up ("Preparation of the last race")."""

INDICATED_MVS = tuple(mv for mv in range(1, 8) for _ in range(2))
"""*Assumed* (no public card list): each horse has indicated MV 1..7 twice.
The rulebook gives 112 cards, indicated MV 1-7 and free MV 0-8, but not how
many of each."""

FREE_MVS = tuple(
    mv
    for mv, k in ((0, 2), (1, 3), (2, 3), (3, 4), (4, 4), (5, 4), (6, 3), (7, 3), (8, 2))
    for _ in range(k)
)
"""*Assumed* (no public card list): the 28 free cards' MVs, 0:2, 1:3, 2:3, 3:4,
4:4, 5:4, 6:3, 7:3, 8:2."""

GOLDEN_RULES = ("player", "card")
"""How the Golden Rule is read (``golden_rule``): ``"player"``, a player who holds
a card that can fill an empty box must fill one; ``"card"``, only the card being
placed is asked (an indicated card whose two boxes are full may cover while
other boxes are empty)."""


@attrs.frozen
class LongShotConfig:
    """Every number of the box race, with Long Shot's value as default.

    Horse Racing Mafia is a config of this same type (``racebook.load("mafia")``).
    Fields marked *assumed* are not in the rulebook and no public source
    settles them; the docs' rules-notes page gives the reason for each.
    """

    players: int = 5
    """4 to 6 ("Number of players")."""
    horses: int = 6
    """Horses on the board with 5 or 6 players."""
    horses_at_4: int = 5
    """Horses running with 4 players (Long Shot removes horse 6 and its cards)."""
    hand_size: int = 8
    hand_size_at_6: int | None = None
    """The hand with 6 players, if different (Mafia: 12)."""
    starting_money: int = 20_000
    goal: int = 60
    """*Assumed*: the finish space (the rulebook gives only SPURT at 44)."""
    spurt_threshold: int | None = 44
    """The Last Spurt's line; ``None``: no spurt."""
    spurt_cards: int = 2
    """How many cards a player may place in a turn once the spurt is on."""
    draw: int = 1
    """Cards drawn after each turn (also after a PASS)."""
    pass_when_full: bool = True
    """PASS is allowed once every box is full ("After all boxes are full")."""
    finishers: int = 3
    """The race ends when this many horses have reached the goal."""
    rank_unfinished: bool = False
    """Horses that did not finish are ranked by distance (Mafia 4.6); else they
    have no place."""
    tiebreaks: tuple[str, ...] = ("box_total",)
    """After distance past the goal: any of ``TIEBREAKS``, in order."""
    indicated_mvs: tuple[int, ...] = INDICATED_MVS
    """*Assumed*: MVs of one horse's indicated cards."""
    free_mvs: tuple[int, ...] = FREE_MVS
    """*Assumed*: MVs of the free cards."""
    races: tuple[RaceTable, ...] = (FIRST_RACE, LAST_RACE)
    """One payout table a race.  In a variant file (or ``racebook.load``
    settings) a table may give only what it changes: the fields it leaves out
    are the preset's table's at the same race (the last race's orders stay
    face up); a race past the preset's last must give every field."""
    merged_settings: ClassVar[tuple[str, ...]] = ("races",)
    """Settings whose tables, given as data, change the preset's table at the
    same index field by field (``racebook.core.registry.config_with``)."""
    first_player: int | None = None
    """The beginning first player; ``None``: chosen by chance (a log line)."""
    restock_per_box: int = 2
    """Buried cards taken from under each box to restock (never the top card)."""
    golden_rule: str = "player"
    """How the Golden Rule is read, one of ``GOLDEN_RULES``: ``"player"`` (Long
    Shot's Japanese text: 「12のマスに空いた場所があれば、そのマスを埋めるように置かなければ
    なりません」) or ``"card"`` (Mafia's Q&A Q2 example); see the rules notes."""
    stuck_player_draws: bool = True
    """*Assumed*: a player with no legal card while a box is empty places
    nothing (PASS) and still draws; ``False``: passes without drawing."""
    stuck_player_covers_same_mv: bool = False
    """A player who may not pass and has no legal card places one over a card
    of the same MV, as for the opened card (Mafia 5.9 with Q&A Q2(e): "except
    for when it is absolutely unavoidable"; the Mafia preset's reading).
    ``False`` (Long Shot: only the opened card is excepted): the player places
    nothing (PASS)."""
    opened_free_card_unavoidable: bool = True
    """*Inferred*: an opened free card that no box may take (every top has its
    MV) covers a card of its MV anyway, as Mafia 4.4 allows when "absolutely
    unavoidable"; ``False``: it goes under the stack instead."""
    stall_rounds: int = 10
    """Not in the rulebooks: a race in which no horse has moved for this many
    rounds in a row ends as it stands (places as at the end of a race), so
    every game ends, whatever the deck and the play.  The printed decks never
    get there (too few MV-0 cards to stop enough horses)."""
    open_money: bool = True
    """*Assumed*: money is counted in the open (views, race records and
    ``money`` events show everyone's); ``False``: each seat sees only its own
    until the game ends, when the final standings are public (``game-ended``,
    ``view.money`` and the last race's record; earlier records stay closed)."""
    rules: tuple[RuleRef, ...] = ()
    """Rule modules plugged in, by registered name (see "Writing a house rule")."""

    @property
    def running(self) -> int:
        """How many horses run with this player count."""
        return self.horses_at_4 if self.players == 4 else self.horses

    @property
    def hand(self) -> int:
        """The hand size with this player count."""
        if self.players == 6 and self.hand_size_at_6 is not None:
            return self.hand_size_at_6
        return self.hand_size


# -- limits: every size a variant sets is bounded (docs: "Limits") ---------------

MAX_HORSES = 15
"""``horses``, ``horses_at_4`` and ``finishers`` (6 horses in print)."""
MAX_HAND = 50
"""``hand_size`` and ``hand_size_at_6`` (8, Mafia 13)."""
MAX_MV = 15
"""Every card's MV (Long Shot 0..8, Mafia 0..8); a card is ``horse * 16 + mv``."""
MAX_INDICATED = 20
"""Indicated cards per horse, ``len(indicated_mvs)`` (Long Shot 14, Mafia 9)."""
MAX_FREE = 200
"""Free cards, ``len(free_mvs)`` (Long Shot 28, Mafia 36); with
:data:`MAX_INDICATED` and :data:`MAX_HORSES` a deck holds at most 500 cards."""
MAX_GOAL = 1000
"""``goal``, the spurt's line and a rule module's threshold (60 in print)."""
MAX_CARDS_A_TURN = 10
"""``spurt_cards`` (2) and ``draw`` (1)."""
MAX_RESTOCK = 10
"""``restock_per_box`` (2)."""
MAX_RACES = 10
"""``len(races)`` (Long Shot 2, Mafia 3), and a rule module's per-race list."""
MAX_MONEY = 10**9
"""Every amount: ``starting_money``, each entry of a race table, a rule module's
price or rate (Mafia's largest: $1,000,000).  Money then stays far below 2**53,
exact in any JSON reader."""
MAX_STALL_ROUNDS = 100
"""``stall_rounds`` (10)."""
MAX_RULES = 10
"""``len(rules)``: rule modules plugged into one config."""


def check_config(c: LongShotConfig) -> None:
    """Refuse a config that cannot be played, naming the field: every single
    field against its bounds first, then the relations between fields."""
    # single fields
    check_between("players", c.players, 4, 6)
    check_between("horses", c.horses, 2, MAX_HORSES)
    check_between("horses_at_4", c.horses_at_4, 2, MAX_HORSES)
    check_between("hand_size", c.hand_size, 1, MAX_HAND)
    if c.hand_size_at_6 is not None:
        check_between("hand_size_at_6", c.hand_size_at_6, 1, MAX_HAND)
    check_between("starting_money", c.starting_money, 0, MAX_MONEY)
    check_between("goal", c.goal, 1, MAX_GOAL)
    if c.spurt_threshold is not None:
        check_between("spurt_threshold", c.spurt_threshold, 1, MAX_GOAL)
    check_between("spurt_cards", c.spurt_cards, 1, MAX_CARDS_A_TURN)
    check_between("draw", c.draw, 0, MAX_CARDS_A_TURN)
    check_between("finishers", c.finishers, 1, MAX_HORSES)
    if c.golden_rule not in GOLDEN_RULES:
        raise ConfigError(
            "golden_rule", f"unknown reading {c.golden_rule!r}; known: {GOLDEN_RULES}"
        )
    check_length("tiebreaks", c.tiebreaks, 0, len(TIEBREAKS))
    for name in c.tiebreaks:
        if name not in TIEBREAKS:
            raise ConfigError("tiebreaks", f"unknown tie-break {name!r}; known: {TIEBREAKS}")
    if len(set(c.tiebreaks)) != len(c.tiebreaks):
        raise ConfigError("tiebreaks", f"a tie-break is named twice: {c.tiebreaks}")
    check_length("indicated_mvs", c.indicated_mvs, 1, MAX_INDICATED)
    check_length("free_mvs", c.free_mvs, 0, MAX_FREE)
    for field, mvs in (("indicated_mvs", c.indicated_mvs), ("free_mvs", c.free_mvs)):
        bad = [mv for mv in mvs if not 0 <= mv <= MAX_MV]
        if bad:
            raise ConfigError(field, f"MVs must be 0..{MAX_MV}, got {bad}")
    if max(c.indicated_mvs) < 1:
        raise ConfigError("indicated_mvs", "each horse needs a card that moves it (an MV of 1+)")
    check_length("races", c.races, 1, MAX_RACES)
    for i, t in enumerate(c.races):
        check_length(f"races[{i}].rewards", t.rewards, 0, MAX_HORSES)
        check_length(f"races[{i}].tickets", t.tickets, 0, MAX_HORSES)
        for name in ("rewards", "tickets"):
            for k, amount in enumerate(getattr(t, name)):
                check_between(f"races[{i}].{name}[{k}]", amount, 0, MAX_MONEY)
        for name in ("penalty", "ticket_loss", "unowned_ahead_penalty", "last_place_penalty"):
            check_between(f"races[{i}].{name}", getattr(t, name), 0, MAX_MONEY)
    check_between("restock_per_box", c.restock_per_box, 0, MAX_RESTOCK)
    check_between("stall_rounds", c.stall_rounds, 1, MAX_STALL_ROUNDS)
    check_length("rules", c.rules, 0, MAX_RULES)
    # relations between fields
    if c.horses_at_4 > c.horses:
        raise ConfigError("horses_at_4", f"must be 2..horses ({c.horses}), got {c.horses_at_4}")
    if c.running < c.players:
        raise ConfigError(
            "horses", f"{c.running} horses give too few order cards for {c.players} players"
        )
    if c.spurt_threshold is not None and c.spurt_threshold > c.goal:
        raise ConfigError(
            "spurt_threshold",
            f"must be 1..goal ({c.goal}): a spurt past the goal never comes, "
            f"got {c.spurt_threshold}",
        )
    if c.finishers > c.running:
        raise ConfigError("finishers", f"must be 1..{c.running} horses, got {c.finishers}")
    size = c.running * len(c.indicated_mvs) + len(c.free_mvs)
    if size < c.players * c.hand + 1:
        field = "hand_size_at_6" if c.hand != c.hand_size else "hand_size"
        raise ConfigError(
            field,
            f"a deck of {size} cards is too small for {c.players} hands of {c.hand} and the stack",
        )
    places = c.running if c.rank_unfinished else c.finishers
    for i, t in enumerate(c.races):
        if len(t.tickets) > places:
            raise ConfigError(
                f"races[{i}].tickets", f"pays {len(t.tickets)} places but only {places} are placed"
            )
        if len(t.rewards) > places:
            raise ConfigError(
                f"races[{i}].rewards", f"pays {len(t.rewards)} places but only {places} are placed"
            )
    if c.first_player is not None and not 0 <= c.first_player < c.players:
        raise ConfigError("first_player", f"must be a seat 0..{c.players - 1} or None")


def upgrade_config(data: Any, version: int) -> Any:
    """A config as written in a log of format ``version``, read as today's.

    Logs of format 1 were written before ``golden_rule`` (then read per
    card), ``stall_rounds`` and ``stuck_player_covers_same_mv`` (then off)
    existed: they replay with those readings.  A race then had no stop for
    standing still; such a log gets the longest stop there is,
    ``MAX_STALL_ROUNDS`` rounds (100), which none of its races reached
    (a race that had stood still that long would never have ended)."""
    if version < 2 and isinstance(data, dict):
        data = {"golden_rule": "card", "stall_rounds": MAX_STALL_ROUNDS, **data}
    return data


__all__ = [
    "FIRST_RACE",
    "FREE_MVS",
    "GOLDEN_RULES",
    "INDICATED_MVS",
    "LAST_RACE",
    "MAX_CARDS_A_TURN",
    "MAX_FREE",
    "MAX_GOAL",
    "MAX_HAND",
    "MAX_HORSES",
    "MAX_INDICATED",
    "MAX_MONEY",
    "MAX_MV",
    "MAX_RACES",
    "MAX_RESTOCK",
    "MAX_RULES",
    "MAX_STALL_ROUNDS",
    "TIEBREAKS",
    "LongShotConfig",
    "RuleRef",
    "check_config",
    "upgrade_config",
]

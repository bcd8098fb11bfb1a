"""Settings and limits of the trick race (内容物, ゲームの準備): the horses, the
marks, :class:`TrickRaceConfig` and :func:`check_config`."""

from __future__ import annotations

import attrs
from cattrs.gen import make_dict_unstructure_fn, override

from racebook.core.errors import check_between, check_length
from racebook.core.serial import converter
from racebook.variants.rules import RuleRef

HORSES = ("Forêt Noire", "Vanilla Beans", "Silver Arazan", "Gâteau Opéra")
"""The four horses by number, as the rulebook's score sheet (点数計算シート)
numbers them; the rulebook spells Vanilla Beans several ways (パニラビーンズ,
パノラビーンズ, バナラビーンズ)."""
VANILLA = 2
WIN = 0
"""The win ticket (単勝); tickets 1..4 name horses."""
DUMMY = 3
"""The dummy's seat id in a 3-player game."""

MARKS = (3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1)
"""*Assumed*: progress marks of numbers 1..12.  The rulebook says only that
they differ by number (内容物) and its trick example moves 2 for an 8; no
public card list gives the rest."""

# Limits of a variant (docs: "Limits"), far above any real use; a state holds
# course + 1 squares and a game runs races x ~50 actions.
MAX_RACES = 100
"""Most races a game may have (the rulebook: one per player, 3 or 4)."""
MAX_COURSE = 1000
"""Longest course, in spaces (the rulebook: 7)."""
MAX_MARKS = 1000
"""Most progress marks on one card (the assumed marks: 1 to 3)."""
MAX_WHIPS = 100
"""Most whip cards a player may have (the rulebook: 2)."""
MAX_POINTS = 1_000_000
"""Largest prize, odds or odds step, either sign (the rulebook: 5 and 3; 2; 0 to 3)."""
MAX_RULES = 16
"""Most rule modules a config may name."""


@attrs.frozen
class TrickRaceConfig:
    """Every number of the trick race, with the rulebook's value as default;
    :func:`check_config` bounds each (``MAX_RACES``, ``MAX_COURSE``, ...)."""

    players: int = 4
    """3 (with the dummy) or 4."""
    races: int | None = None
    """How many races; ``None``: as many as players."""
    course: int = 7
    """Spaces from the gate to the goal."""
    marks: tuple[int, ...] = MARKS
    """*Assumed*: progress marks of each card number 1..12."""
    prizes: tuple[int, ...] = (5, 3)
    """Points to the riders of the 1st and 2nd horse."""
    start_odds: int = 2
    odds_steps: tuple[int, ...] = (0, 1, 2, 3)
    """Odds added after each race by place."""
    whips: int = 2
    finishers: int = 2
    """The race ends when this many horses reach the goal."""
    discard_counts_top: bool = True
    """The paddock's ambiguity: whether the start player's revealed top card
    counts as the first card of their pile when they take their N-th card
    (``False``: counting starts below it and wraps, 12 -> the revealed card).
    Only the start player took a card off their pile: every other player takes
    the N-th card of their own untouched pile either way (rules notes)."""
    revealed_is_discard: bool = False
    """A third reading of the paddock: the start player's revealed top card is
    itself their face-up discard, and they take no N-th card ("これで、各プレイヤーが
    1枚ずつレースカードをオモテ向きにしている状態になります": one face-up card each).
    ``True`` makes ``discard_counts_top`` moot (rules notes)."""
    rules: tuple[RuleRef, ...] = ()
    """Rule modules (house rules) by registered name, with their settings
    (:mod:`racebook.games.trickrace.rules`).  Left out of a log header when
    empty, so that logs written before it re-dump to the same text."""

    @property
    def race_count(self) -> int:
        return self.players if self.races is None else self.races


def check_config(c: TrickRaceConfig) -> None:
    """Refuse a config that cannot be played, naming the field.

    Every size has a bound (docs: "Limits"), so that a variant file or a log
    header cannot make a game allocate or run without end.  Single fields
    only: no setting depends on another (the 4 horses fix the lengths).
    """
    check_between("players", c.players, 3, 4)  # ゲームの進め方; 3人プレイ時
    if c.races is not None:
        check_between("races", c.races, 1, MAX_RACES)
    check_between("course", c.course, 1, MAX_COURSE)
    check_length("marks", c.marks, 12, 12)  # one per card number 1..12
    for marks in c.marks:
        check_between("marks", marks, 0, MAX_MARKS)
    check_length("prizes", c.prizes, 0, 4)  # at most one per horse's place
    for prize in c.prizes:
        check_between("prizes", prize, -MAX_POINTS, MAX_POINTS)
    check_between("start_odds", c.start_odds, -MAX_POINTS, MAX_POINTS)
    check_length("odds_steps", c.odds_steps, 4, 4)  # one per place
    for step in c.odds_steps:
        check_between("odds_steps", step, -MAX_POINTS, MAX_POINTS)
    check_between("whips", c.whips, 0, MAX_WHIPS)
    check_between("finishers", c.finishers, 1, 4)
    check_length("rules", c.rules, 0, MAX_RULES)


# A log header lists the config's fields: ``rules`` only when some are named.
converter.register_unstructure_hook(
    TrickRaceConfig,
    make_dict_unstructure_fn(TrickRaceConfig, converter, rules=override(omit_if_default=True)),
)

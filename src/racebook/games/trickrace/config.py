"""Settings and limits of the trick race (内容物, ゲームの準備): the horses, the
marks, :class:`TrickRaceConfig` and :func:`check_config`."""

from __future__ import annotations

import attrs
from cattrs.gen import make_dict_unstructure_fn, override

from racebook.core.errors import ConfigError, check_between, check_length
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
    """*Assumed*: progress marks of each card number 1..12.  Its length is the
    number of cards of each colour, so each horse's pile (the rulebook: 12);
    a shorter tuple (at least 1, at least 3 with the paddock) plays with
    fewer cards, numbered 1..len(marks) (a variant for small games)."""
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
    deal: str = "shuffle"
    """How the race cards are dealt (ゲームの準備): ``"shuffle"`` (the
    rulebook: the deck shuffled, a pile a horse), or variants for small
    games: ``"fixed"`` (one known deal: horses 1 and 2 share red and blue,
    horse 1 the odd red and even blue numbers, horse 2 the others; horses 3
    and 4 yellow and green the same way: one chance outcome) or ``"piles"``
    (the fixed deal's four piles, one to each horse at random: 24 chance
    outcomes; a rider sees its own pile, the dummy's and the backs, so which
    of the two piles of the other colours is which stays hidden)."""
    horse_draw: str = "random"
    """How the horse cards are drawn (ゲームの準備): ``"random"`` (the
    rulebook) or ``"fixed"`` (a variant for small games: seat ``s`` rides
    horse ``s + 1``, so Vanilla Beans' rider, seat 1, starts; one chance
    outcome)."""
    paddock: bool = True
    """The paddock (パドックフェイズ: the runners' order at the gate, the piles,
    the discard number, the face-up and the face-down discard).  ``False`` (a
    variant for small games): the runners line up at the gate in number
    order (horse 1 at the bottom, horse 4 on top), each rider's hand is its
    horse's whole pile and nobody discards (the dummy's cards, in number
    order colour by colour, face up as always); the paddock's chance action has
    one outcome."""
    tickets: bool = True
    """The tickets (馬券購入フェイズ).  ``False`` (a variant for small games):
    nobody buys a ticket, the race pays its prizes alone."""
    down_in_turn: bool = False
    """The face-down tickets laid one at a time, in the face-up tickets' order,
    instead of all at once (a variant: the same game, as nobody sees another's
    face-down ticket, with no arrival order to draw; small trees for CFR)."""
    rules: tuple[RuleRef, ...] = ()
    """Rule modules (house rules) by registered name, with their settings
    (:mod:`racebook.games.trickrace.rules`).  Left out of a log header when
    empty, so that logs written before it re-dump to the same text."""

    @property
    def race_count(self) -> int:
        return self.players if self.races is None else self.races

    @property
    def cards(self) -> int:
        """Cards of each colour, so each horse's pile: one per mark."""
        return len(self.marks)


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
    # one per card number 1..12; the paddock needs a face-up and a face-down
    # discard and a card to play
    check_length("marks", c.marks, 3 if c.paddock else 1, 12)
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
    check_one_of("deal", c.deal, ("shuffle", "fixed", "piles"))
    check_one_of("horse_draw", c.horse_draw, ("random", "fixed"))


def check_one_of(field: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ConfigError(field, f"one of {', '.join(map(repr, allowed))}, not {value!r}")


# A log header lists the config's fields: ``rules`` only when some are named.
converter.register_unstructure_hook(
    TrickRaceConfig,
    make_dict_unstructure_fn(TrickRaceConfig, converter, rules=override(omit_if_default=True)),
)

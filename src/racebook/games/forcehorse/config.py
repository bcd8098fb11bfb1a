"""The variant config of Force of the Horse: every setting bounded."""

from __future__ import annotations

from importlib import resources
from typing import Any, Literal

import attrs

from racebook.core.errors import ConfigError, check_between, check_length
from racebook.games.forcehorse.cards import Card, Deck, check_card, parse_card_set, sample_set
from racebook.games.forcehorse.race import Race, check_race
from racebook.variants.rules import RuleRef

_SAMPLE_CARDS, _SAMPLE_DECKS = sample_set()
SAMPLE_DECKS = {d.name: d for d in _SAMPLE_DECKS}
MAX_CARDS = 1000
"""Most card definitions a config may carry."""
MAX_DECK_ENTRIES = 200
MAX_HAND_LIMIT = 1000


@attrs.frozen
class ForceHorseConfig:
    """Force of the Horse.  ``cards`` is the card list (the sample set by
    default), ``decks`` each seat's deck list by card names, ``race`` the
    agreed race (``None``: drawn at random from the special cards, 601.2b)."""

    players: int = 2
    """FotH 101.1: 2 players (the only count these rules cover)."""
    cards: tuple[Card, ...] = _SAMPLE_CARDS
    decks: tuple[Deck, ...] = (SAMPLE_DECKS["sample-sprint"], SAMPLE_DECKS["sample-middle"])
    long_decks: tuple[Deck, ...] = (SAMPLE_DECKS["sample-stayer"], SAMPLE_DECKS["sample-stayer"])
    """The decks of a long race (602.1a: 80 cards), when ``race`` is long or random."""
    race: Race | None = attrs.field(default=Race("tokyo", 1600, "firm"))
    set_aside_2200: int = 9
    """*Inferred*: cards set aside at 2200 m (603.1d omits it)."""
    hand_limit: int | None = 10
    """Official FAQ: at the end of one's own turn, the excess goes to the farm
    (``None``: no limit, the rules text alone)."""
    several_runners: Literal["pairs", "sum"] = "pairs"
    """FotH 702.6j with several runners (512): each runner against the guard
    played against it (``pairs``), or all run values against all guard values
    (``sum``).  See the rules notes."""
    both_empty: Literal["draw", "turn-player"] = "draw"
    """FotH 902.1 for both players at the same rule check: neither has won
    while the other has not lost (102.1), so a draw (``draw``, 102.2's end
    for all losing at once); ``turn-player``: the turn player wins."""
    horse_supports: Literal["run-end", "904.1"] = "run-end"
    """FotH 805.2d-iv vs 904.1: a played horse-type item or jockey is put in
    the run area and "goes to the farm when the run is done" (``run-end``,
    805.2d-iv's own words, 702.6m); ``904.1``: the general rule process moves
    it at the next rule check, as a card neither horse nor force."""
    declined_runner: Literal["compare", "702.6n"] = "compare"
    """FotH 702.6b-i after runs were added (512): declining the next runner
    goes on to the comparison of what ran (``compare``: 702.6j-m, so the run
    area is cleared); ``702.6n``: straight to 702.6n as written, what ran
    never compared and left in the run area."""
    special_unmet: int = 0
    """FotH 503.3a: what a special force card counts as when its condition
    does not hold (the rules give only the met case)."""
    aptitude: bool = True
    """FotH 1000s: the aptitude modifiers of 1002.1 change run values (a config
    written before part 2, without this key, plays as it did: off)."""
    favourite_conditions_bonus: bool = False
    """Not in 1002.1: also +1 run each for a favourite racecourse and going
    (508.4).  Off: the rules text (see the rules notes)."""
    edition: int = 3
    """racebook's reading of the comprehensive rules: 3, this release's (the
    fixes of 103.2b, 103.2d, 803.3 with 808.1g, 806.4, 806.6a and 702.6g-i;
    a horse card's text is force abilities, 1101.1; a run count is only the
    turn player's, 702.6a; ``until = "run-area"`` only where the card can be
    in the run area, 1102.5); 2, the fixes of 702.6k-ii, 512.1, 513.1, 809.1,
    806.4a-ii, 803.4, 808.1, 808.1g, 1201.1c, 805.3, 506.1a and 503.2; 1, as
    racebook read them before those, so that a log written then replays as
    it was played.  Not a house rule."""
    max_loop: int = 20
    """FotH 1201.1a: the most repetitions a loop proposal may name."""
    loop_repeats: int = 20_000
    """FotH 1201.1c, *a reading*, and the engine's limit: a forced chain (no
    player choosing between two options) that comes back to the same
    placement of every card, in the same step, more than this many times
    (something only growing meanwhile) is taken for a loop no one can stop.
    The very same state twice is one at once (1201.1c itself).  Far above
    any finite chain a card set makes in practice."""
    max_work: int = 400_000
    """The engine's limit (not a rule): the most steps of work (draws, moves,
    effects, rule checks) one action may cause; past it the game ends in a
    draw with :class:`~racebook.games.forcehorse.work.EngineLimit`.  Bounds
    every action's cost by the config."""
    max_effects: int = 20_000
    """The engine's limit (not a rule): the most continuous effects made by
    resolving abilities (802.1b) that may exist at once; one more, and the
    game ends in a draw with :class:`~racebook.games.forcehorse.work.EngineLimit`.
    Bounds the cost of reading a card's information (808.1) by the config."""
    max_turns: int | None = 1000
    """The engine's limit (not a rule): the most turns a game may have; the
    game ends in a draw with :class:`~racebook.games.forcehorse.work.EngineLimit`
    as one more would begin.  No rule ends a game whose card list takes every
    draw away (a replacement of each draw by nothing): this bounds every game.
    ``None``: no limit (logs written before it)."""
    rules: tuple[RuleRef, ...] = ()


def past_sample(revision: int) -> dict[str, Any]:
    """The sample set's settings at an older defaults revision (1: before
    issue 22, ``data/sample-r1.toml``; 2: before edition 3, its horses with
    other abilities than force ones, ``data/sample-r2.toml``): cards, decks
    and long decks."""
    assert revision in (1, 2)
    path = f"data/sample-r{revision}.toml"
    text = resources.files(__package__).joinpath(path).read_text("utf-8")
    cards, decks = parse_card_set(text, current=False)
    by = {d.name: d for d in decks}
    return {
        "cards": cards,
        "decks": (by["sample-sprint"], by["sample-middle"]),
        "long_decks": (by["sample-stayer"], by["sample-stayer"]),
    }


def check_config(c: ForceHorseConfig) -> None:
    check_between("players", c.players, 2, 2)  # 101.1
    check_length("cards", c.cards, 1, MAX_CARDS)
    check_length("decks", c.decks, 2, 2)
    check_length("long_decks", c.long_decks, 0, 2)
    if c.long_decks and len(c.long_decks) != 2:
        raise ConfigError("long_decks", "none, or one deck per seat")
    for field, decks in (("decks", c.decks), ("long_decks", c.long_decks)):
        for deck in decks:
            check_length(f"{field}[{deck.name}].cards", deck.cards, 1, MAX_DECK_ENTRIES)
            for entry in deck.cards:
                check_between(f"{field}[{deck.name}].{entry.card}", entry.count, 1, 80)
    if c.race is not None:
        check_race(c.race)
    check_between("set_aside_2200", c.set_aside_2200, 0, 49)  # 60 - 7 - 49: a card an area
    if c.hand_limit is not None:
        check_between("hand_limit", c.hand_limit, 0, MAX_HAND_LIMIT)
    check_between("special_unmet", c.special_unmet, 0, 99)
    check_between("edition", c.edition, 1, 3)
    check_between("max_loop", c.max_loop, 1, 100)
    check_between("loop_repeats", c.loop_repeats, 1, 1_000_000)
    check_between("max_work", c.max_work, 100, 10_000_000)
    check_between("max_effects", c.max_effects, 1, 100_000)
    if c.max_turns is not None:
        check_between("max_turns", c.max_turns, 1, 1_000_000)
    check_length("rules", c.rules, 0, 0)  # no rule module slot yet (cards vary the game)
    for card in c.cards:
        check_card(card, strict=c.edition >= 2, current=c.edition >= 3)
    names = [card.name for card in c.cards]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ConfigError(f"cards[{dup}].name", "two cards have this name")

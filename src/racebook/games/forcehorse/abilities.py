"""The ability vocabulary (FotH 800s, 1100s, 602.2): card text as data.

A card's abilities are ``[[card.ability]]`` tables in its card set file,
written in a small closed vocabulary of ability types, triggers, conditions,
costs, targets and effects.  :func:`ability_from_data` checks every word
when the file is loaded (errors name the card and the field); nothing a
card says is ever executed as code.  The docs page "Force of the Horse
abilities" has an example of every word.

* ``type``: ``play`` (a support card's text, done on resolution, 805.2d-iv/v),
  ``auto`` (an automatic ability, 801.1a, 806), ``state`` (a state trigger,
  806.6), ``continuous`` (801.1b, 808), ``replace`` (a replacement effect,
  802.1c, 809), ``force`` (a horse's force ability, 1100s) or ``deck`` (a
  deck-building ability, 602.2).
* ``on``: the trigger of an ``auto`` ability or of a force ability in its
  「（行動）時」 form (1102.3); a force ability without ``on`` is the
  「（状態）時」 form (1102.2): "when this card is put in the run area, if
  (``when``), (``do``)".
* ``when`` / ``unless``: conditions; the ability is valid only while every
  ``when`` holds (803.3) and invalid while any ``unless`` holds (803.2).
* ``choose``: a choice made when it is played (805.2b).
* ``cost``: a cost the user may pay (806.3a-i), or the [choice] of the
  choose-to-replace form (802.1c-ii, ``may = true``).
* ``do``: the effects, in order.  ``later`` holds the effects of a delayed
  trigger (806.5) that the ``later`` effect creates.
* ``chooser`` (the opponent makes the choice, 103.4), ``upto`` (a number
  choice's bound, 103.5a), ``mandatory`` (a cost that must be paid, 805.2c),
  ``card_when`` (conditions on the triggering card, 806.4a, 808.3a); an
  effect's own ``when`` / ``unless`` (803.2).  The words they use are in
  :mod:`.actions` (issue 22).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from racebook.core.errors import ConfigError

TYPES = ("play", "auto", "state", "continuous", "replace", "force", "deck")
"""Ability types (801, 802.1c, 1100s, 602.2): see the module docstring."""

TRIGGERS = (
    "enters-run",  # this card was put in the run area (805.2d-i/ii; 1102.2's moment)
    "moved",  # a card moved between zones (806.4): ``card``, ``source``, ``to``
    "paid",  # this force card was paid as force (503.2, 805.2c-i; live in 408, 803.4d)
    "turn-start",  # 702.2 「ターン開始時」
    "turn-end",  # 702.7
    "drawn",  # a player drew a card (502)
    "run-succeeded",  # 702.6k
    "run-failed",  # 702.6l
    "guard-won",  # 702.6l-ii
    "runs-added",  # 512
    "going-changed",  # 511
    "support-played",  # 702.5, 702.6g
    "not-guarded",  # 702.6d-ii 「ガードされなかった」: the runner (``card``) was not guarded
)
"""Automatic abilities' triggers (801.1a-i)."""

WHOSE = ("yours", "opponents", "any", "this")
"""Whose event or card a trigger watches: the ability's user's, the other
player's, either, or (cards only) the card with the ability."""

INSTEAD = ("draw", "farm", "going", "add-runs", "to-hand")
"""What a replacement effect replaces (809.1): a draw of one card (502), a
card put on a farm (406), a change of the going (511), runs added (512), a
card returned to its owner's hand by an effect (802.1c-i)."""

ZONE_WORDS = (
    "nige", "senko", "sashi", "oikomi", "area", "hand", "situation", "run",
    "farm", "removed", "resolution",
)  # fmt: skip
"""Zones a zone-move trigger can name (400s); ``area`` is any distance area."""

CONDITIONS: dict[str, str] = {
    # name -> the kind of argument ("" none, "n" a number, "w" a word)
    "favourite-surface": "",  # 508.1
    "favourite-distance": "",  # 508.2
    "favourite-style-area": "",  # 508.3
    "favourite-racecourse": "",  # 508.4
    "favourite-going": "",  # 508.4
    "distance-and-style-fit": "",  # 508.6
    "runs-in": "area",  # 509.1: an area
    "in-front": "",  # 514.1
    "behind": "",  # 514.2
    "going": "going",
    "surface": "surface",
    "distance": "distance",
    "racecourse": "racecourse",
    "hand-empty": "",
    "hand-at-least": "n",
    "hand-at-most": "n",
    "run-count-at-least": "n",
    "paid-special": "",  # 1100s: a special force was paid for this horse
    "paid-at-least": "n",  # 1100s: at least n force cards were paid for this horse
    "style": "style",  # the card has this running style
    "run-at-least": "n",
    "your-turn": "",
    "opponents-turn": "",
    "using-situation": "",  # 505.2: a card is in the user's situation area
    "is-runner": "",  # 506.3: the card was put out to run (a runner of this turn)
    "is-guard": "",  # 506.4: the card was put out to guard
    "same-number": "pair",  # 515.1: two numbers (NUMBERS) are equal, 'same-number:run,guard'
    "cards-at-least": "count",  # 401.2b: the player's zone holds N or more, 'cards-at-least:farm,5'
    "cards-at-most": "count",  # ... N or fewer cards: 'cards-at-most:hand,2'
}
"""Conditions (803.2-803.3, 1102.1a), written ``"name"`` or ``"name:argument"``;
the value says what the argument is: none, ``n`` a number, else the word
list it comes from (``going``, ``surface``, ``distance``, ``racecourse``,
``style``, ``area``); ``count`` a zone of :data:`COUNT_ZONES` and a number
(``"cards-at-least:farm,5"``: the player's farm holds 5 or more cards)."""

COUNT_ZONES = ("hand", "areas", "farm", "run", "situation", "removed")
"""The zones of a player whose cards a card may count (400s): the number of
cards in each is public, hidden zones too (401.2b); ``areas`` is all four
of the player's distance areas (403: the cards left to draw).
``cards-at-least`` / ``cards-at-most`` read the user's (``opponent.`` the
opponent's); ``per = "cards:farm"`` / ``"cards:opponent-farm"`` count them."""

ONE_SHOT = (
    "draw", "going", "add-runs", "keep", "farm", "to-hand", "later",
    "win", "lose", "remove", "to-area",
)  # fmt: skip
"""One-shot effects (802.1a, 807): draw (502), going steps (511), runs added
(512), cards kept in hand (513), a card to its owner's farm or hand, a
delayed trigger (806.5); a player wins or loses at once (102.3), a card
removed from the game (409), a card put on top of a distance area (its
owner's current one, 507.1, or the one ``value`` names)."""
CONTINUOUS = (
    "run", "guard", "cost", "run-set", "guard-set", "style", "style-step",
    "favourite", "lose-abilities", "no-force-abilities", "forbid", "require",
)  # fmt: skip
"""Continuous effects (802.1b, 808): see :data:`LAYER` for their step of 808.1."""
EFFECTS = ONE_SHOT + CONTINUOUS
"""Effects (802.1): one-shot (807) and continuous (808)."""

LAYER = {
    "lose-abilities": 1, "no-force-abilities": 1,  # 808.1b
    "style": 2, "favourite": 2,  # 808.1c
    "run-set": 4, "guard-set": 4,  # 808.1e (808.1d, layer 3: the aptitude modifiers)
    "run": 5, "guard": 5, "cost": 5, "style-step": 5,  # 808.1f, 808.1f-i
    "forbid": 0,  # 103.3: acts on a player, no card's information
    "require": 0,  # 510: likewise
}  # fmt: skip
"""Where each continuous effect applies in 808.1's order."""

PLAYER_TARGETS = ("you", "opponent", "chosen")
"""Whom ``draw``, ``add-runs``, ``win``, ``lose`` and ``forbid`` act for: the
ability's user, the other player, or the player chosen (``choose = 'player'``)."""
CARD_TARGETS = (
    "this", "chosen", "named", "your-run", "opponent-run", "your-hand", "triggering",
)  # fmt: skip
"""Targets: players, or cards: the card with the ability, the card chosen when
it was played (805.2b), the horse a horse-type support names (702.6g), horses
in a run area, horses in your hand (hidden zone, 1002.2), the card that
triggered the ability (806.4a)."""

CHOICES = (
    "opponent-run", "your-run", "any-run", "your-farm",
    "your-hand", "opponent-hand", "player", "number",
)  # fmt: skip
"""What ``choose`` can pick (805.2b): a horse in a run area, a card in your
farm, a card in your hand or (chosen by that player, ``chooser =
'opponent'``) in the opponent's (hidden from the other player, 407.2), a
player (301.2d-i), a number from 0 up to ``upto`` (103.5, 103.5a)."""
CHOOSERS = ("", "opponent")
"""Who makes an ability's choice (103.4, 301.2d-i): its user, or the other player."""
HAND_CHOICES = ("your-hand", "opponent-hand")
NUMBERS = (
    "run", "guard", "cost", "hand", "opponent-hand", "area", "opponent-area",
    "run-count", "farm", "opponent-farm",
)  # fmt: skip
"""What ``same-number`` (515.1) compares: the card's run, guard and cost (808),
the user's and the opponent's hand sizes, distance numbers of their current
areas (403.2a; 0 with none), the run count (702.6a), farm sizes."""
SUBJECTS = ("opponent", "your-run", "opponent-run")
"""A condition's other subject (1102.1a), written ``"opponent.hand-empty"``:
the opponent (a player condition read for them), or some horse in your or
the opponent's run area (a card condition read for it)."""
COUNTS = frozenset({"draw", "going", "add-runs", "keep"})
"""One-shot effects whose amount counts an action (cards, steps, runs): with
``per``, a count of 0 or less does nothing (103.2b)."""

FORBIDS = ("draw", "support", "run", "guard", "going", "add-runs")
"""What ``forbid`` (103.3) prohibits a player: drawing (502), playing support
cards (702.5, 702.6g), running or guarding (702.6b, 702.6d), changing the
going (511), adding runs (512)."""
REQUIRES = ("ability",)
"""What ``require`` (510) puts an action before: playing an automatic ability
(805.2); the action is putting ``amount`` cards from the hand on the farm."""

COSTS = ("pay-force", "farm-hand", "farm-this")
"""Costs (805.2c, 806.3a-i) and the [choice] of 802.1c-ii: pay force (503),
put a card from your hand on your farm, put this card on your farm."""

UNTIL = ("", "turn", "run-area")
"""How long a continuous effect made by resolving lasts: this game (802.1b,
the default), this turn, or while its source is in the run area (1102.5)."""

COUNTED = tuple(f"cards:{whose}{zone}" for whose in ("", "opponent-") for zone in COUNT_ZONES)
"""``per`` words that count cards: ``amount`` for each card in that zone of the
user (``cards:farm``) or of the opponent (``cards:opponent-farm``), counted
when the effect is done."""
PER = (
    "run", "guard", "cost", "triggering-run", "triggering-guard", "triggering-cost", "chosen",
    *COUNTED,
)  # fmt: skip
"""``per``: the amount is this card's value (as last seen in its zone, 810.1),
the triggering card's (as 806.4a sees it), or the number chosen (103.5); or
(:data:`COUNTED`) ``amount`` times the number of cards in a zone."""
COUNTED_EFFECTS = ("draw", "add-runs", "going", "keep")
"""The one-shot effects with a number that a counted amount may set."""

MAX_ABILITIES = 8
MAX_EFFECTS = 8
MAX_AMOUNT = 20


@attrs.frozen(cache_hash=True)
class Effect:
    """One effect (802): ``effect`` from :data:`EFFECTS`, an ``amount``
    (signed where it moves a value), a ``target``, a word ``value`` (a
    style, a going, a favourite, a trigger for ``later``), how long it lasts
    (``until``), ``only`` a condition the affected card must meet, and
    ``per`` (:data:`PER`): the amount is a card's value."""

    effect: str
    amount: int = 1
    target: str = ""
    value: str = ""
    until: str = ""
    only: str = ""
    per: str = ""
    when: tuple[str, ...] = ()
    """803.3: this one effect is valid only while these hold (803.2: ``unless``)."""
    unless: tuple[str, ...] = ()


@attrs.frozen(cache_hash=True)
class Ability:
    """One ability of a card (801)."""

    type: str
    on: str = ""
    whose: str = "yours"
    source: str = ""
    to: str = ""
    when: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()
    choose: str = ""
    cost: str = ""
    cost_amount: int = 1
    may: bool = False
    instead: str = ""
    do: tuple[Effect, ...] = ()
    later: tuple[Effect, ...] = ()
    copies: int = 0
    text: str = ""
    chooser: str = ""
    """Who makes the choice (:data:`CHOOSERS`, 103.4, 301.2d-i)."""
    upto: int = 0
    """The largest number ``choose = 'number'`` may pick (103.5a)."""
    mandatory: bool = False
    """805.2c: the cost must be paid to play it (not the optional cost of 806.3a-i)."""
    card_when: tuple[str, ...] = ()
    """Conditions on the triggering card, read as 806.4a and 808.3a see it."""

    @property
    def is_triggered(self) -> bool:
        """Played when triggered (806): ``auto``, ``state`` and force abilities."""
        return self.type in ("auto", "state", "force")


def _bad(card: str, field: str, reason: str) -> ConfigError:
    return ConfigError(f"cards[{card}].{field}", reason)


def _word(card: str, field: str, value: Any, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise _bad(card, field, f"expected one of {', '.join(w or '(empty)' for w in allowed)}")
    return value


def _int(card: str, field: str, value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(card, field, f"expected a whole number from {low} to {high}")
    return value


Words = Mapping[str, frozenset[str]]
"""The word lists conditions and effects may name, by list name (the card module's)."""


def check_condition(card: str, field: str, text: Any, words: Words) -> str:
    """A condition ``name`` or ``name:argument`` (:data:`CONDITIONS`)."""
    if not isinstance(text, str) or len(text) > 40:
        raise _bad(card, field, "expected a condition such as 'favourite-going' or 'going:soft'")
    subject, dot, rest = text.partition(".")
    if dot:  # 1102.1a: about another card or the opponent
        if subject not in SUBJECTS or "." in rest:
            raise _bad(card, field, f"a condition's subject is one of {', '.join(SUBJECTS)}")
        check_condition(card, field, rest, words)
        return text
    name, _, arg = text.partition(":")
    if CONDITIONS.get(name) == "pair":  # 515.1
        pair = arg.split(",")
        if len(pair) != 2 or any(x not in NUMBERS for x in pair):
            raise _bad(card, field, f"{name!r} compares two of {', '.join(NUMBERS)}: 'run,guard'")
        return text
    kind = CONDITIONS.get(name)
    if kind is None:
        raise _bad(card, field, f"unknown condition {name!r}; one of {', '.join(CONDITIONS)}")
    if kind == "" and arg:
        raise _bad(card, field, f"{name!r} takes no argument")
    if kind == "n" and not (arg.isdigit() and len(arg) <= 4):
        raise _bad(card, field, f"{name!r} needs a number, as in '{name}:2'")
    if kind == "count":
        zone, _, n = arg.partition(",")
        if zone not in COUNT_ZONES or not (n.isdigit() and len(n) <= 2):
            zones = ", ".join(COUNT_ZONES)
            raise _bad(
                card, field, f"{name!r} needs a zone ({zones}) and a number: '{name}:farm,5'"
            )
        return text
    if kind not in ("", "n") and arg not in words[kind]:
        allowed = ", ".join(sorted(words[kind]))
        raise _bad(card, field, f"{name!r} needs a {kind}: one of {allowed}")
    return text


def _conditions(card: str, field: str, value: Any, words: Words) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or len(value) > 6:
        raise _bad(card, field, "expected a list of at most 6 conditions")
    return tuple(check_condition(card, field, v, words) for v in value)


_EFFECT_FIELDS = {"effect", "amount", "target", "value", "until", "only", "per", "when", "unless"}


def effect_from_data(card: str, field: str, data: Any, words: Words) -> Effect:
    if isinstance(data, str):
        data = {"effect": data}
    if not isinstance(data, dict):
        raise _bad(card, field, "expected an effect table such as {effect = 'draw', amount = 1}")
    extra = set(data) - _EFFECT_FIELDS
    if extra:
        raise _bad(card, f"{field}.{sorted(extra)[0]}", "not a field of an effect")
    name = _word(card, f"{field}.effect", data.get("effect"), EFFECTS)
    amount = _int(card, f"{field}.amount", data.get("amount", 1), -MAX_AMOUNT, MAX_AMOUNT)
    if name in ("draw", "add-runs") and amount < 0:
        raise _bad(card, f"{field}.amount", f"{name!r} counts 0 or more")
    if name == "keep" and amount < 1:
        raise _bad(card, f"{field}.amount", "'keep' keeps 1 or more cards in hand (513.1)")
    players = ("draw", "add-runs", "win", "lose", "forbid", "require")
    targets: tuple[str, ...] = PLAYER_TARGETS if name in players else CARD_TARGETS
    if name in ("going", "keep", "later"):
        targets = ()
    default = dict.fromkeys(players, "you").get(name, "this" if targets else "")
    target = data.get("target", default)
    if targets:
        target = _word(card, f"{field}.target", target, targets)
    elif target:
        raise _bad(card, f"{field}.target", f"{name!r} takes no target")
    value = data.get("value", "")
    if name == "later":
        value = _word(card, f"{field}.value", value, TRIGGERS)
    elif name == "style":
        value = _word(card, f"{field}.value", value, ("nige", "senko", "sashi", "oikomi"))
    elif name == "favourite":
        value = _word(card, f"{field}.value", value, tuple(sorted(words["favourite"])))
    elif name == "forbid":
        value = _word(card, f"{field}.value", value, FORBIDS)
    elif name == "require":
        value = _word(card, f"{field}.value", value, REQUIRES)
        if amount < 1:
            raise _bad(card, f"{field}.amount", "'require' puts 1 or more cards on the farm (510)")
    elif name == "to-area":
        value = _word(card, f"{field}.value", value, ("", "nige", "senko", "sashi", "oikomi"))
    elif value:
        raise _bad(card, f"{field}.value", f"{name!r} takes no value")
    until = _word(card, f"{field}.until", data.get("until", ""), UNTIL)
    if until and name not in (*CONTINUOUS, "later"):  # 806.5a: a delayed trigger's period
        raise _bad(card, f"{field}.until", "only a continuous effect lasts")
    only = data.get("only", "")
    if only:
        if target not in ("your-run", "opponent-run", "your-hand"):
            raise _bad(card, f"{field}.only", "only a group of cards is filtered")
        only = check_condition(card, f"{field}.only", only, words)
    per = data.get("per", "")
    if per:
        per = _word(card, f"{field}.per", per, PER)
        if per in COUNTED and name not in COUNTED_EFFECTS:
            allowed = ", ".join(COUNTED_EFFECTS)
            raise _bad(card, f"{field}.per", f"a counted amount is for {allowed} (not {name!r})")
    when = _conditions(card, f"{field}.when", data.get("when", []), words)
    unless = _conditions(card, f"{field}.unless", data.get("unless", []), words)
    return Effect(name, amount, target, value, until, only, per, when, unless)


def _effects(card: str, field: str, value: Any, words: Words) -> tuple[Effect, ...]:
    if not isinstance(value, list) or len(value) > MAX_EFFECTS:
        raise _bad(card, field, f"expected a list of at most {MAX_EFFECTS} effects")
    return tuple(effect_from_data(card, f"{field}[{i}]", e, words) for i, e in enumerate(value))


_ABILITY_FIELDS = {
    "type", "on", "whose", "source", "to", "when", "unless", "choose", "cost",
    "cost_amount", "may", "instead", "do", "later", "copies", "text",
    "chooser", "upto", "mandatory", "card_when",
}  # fmt: skip


def ability_from_data(card: str, kind: str, index: int, data: Any, words: Words) -> Ability:
    """One ``[[card.ability]]`` table of a ``kind`` card; ConfigError naming
    the card and the field (``cards[NAME].ability[I].FIELD``)."""
    f = f"ability[{index}]"
    if not isinstance(data, dict):
        raise _bad(card, f, "expected a table")
    extra = set(data) - _ABILITY_FIELDS
    if extra:
        raise _bad(card, f"{f}.{sorted(extra)[0]}", "not a field of an ability")
    type_ = _word(card, f"{f}.type", data.get("type"), TYPES)
    if type_ == "play" and kind != "support":
        raise _bad(card, f"{f}.type", "only a support card's text is played (805.2d-iv/v)")
    if type_ == "force" and kind != "horse":
        raise _bad(card, f"{f}.type", "force abilities are horse cards' text (1101.1)")
    on = data.get("on", "")
    if on or type_ == "auto":
        on = _word(card, f"{f}.on", on, TRIGGERS)
        if type_ not in ("auto", "force"):
            raise _bad(card, f"{f}.on", "only automatic and force abilities trigger")
    whose = _word(card, f"{f}.whose", data.get("whose", "yours"), WHOSE)
    zones = ("", *ZONE_WORDS)
    source = _word(card, f"{f}.source", data.get("source", ""), zones)
    to = _word(card, f"{f}.to", data.get("to", ""), zones)
    if (source or to) and on != "moved":
        raise _bad(card, f"{f}.source", "only a zone-move trigger names zones (806.4)")
    when = _conditions(card, f"{f}.when", data.get("when", []), words)
    unless = _conditions(card, f"{f}.unless", data.get("unless", []), words)
    if type_ == "state" and not when:
        raise _bad(card, f"{f}.when", "a state trigger is its condition (806.6)")
    choose = data.get("choose", "")
    if choose:
        choose = _word(card, f"{f}.choose", choose, CHOICES)
    cost = data.get("cost", "")
    if cost:
        cost = _word(card, f"{f}.cost", cost, COSTS)
    cost_amount = _int(card, f"{f}.cost_amount", data.get("cost_amount", 1), 1, 9)
    if cost == "farm-this" and cost_amount != 1:
        raise _bad(card, f"{f}.cost_amount", "farm-this is this one card (cost_amount = 1)")
    may = data.get("may", False)
    if type(may) is not bool:
        raise _bad(card, f"{f}.may", "expected true or false")
    instead = data.get("instead", "")
    if type_ == "replace":
        instead = _word(card, f"{f}.instead", instead, INSTEAD)
    elif instead or may:
        raise _bad(card, f"{f}.instead", "only a replacement effect replaces (809)")
    if may and not cost:
        raise _bad(card, f"{f}.cost", "the choose-to-replace form names its [choice] (802.1c-ii)")
    if type_ == "replace" and cost and not may:
        raise _bad(
            card, f"{f}.may", "a replacement's cost is the [choice] of 802.1c-ii: may = true"
        )
    if type_ in ("play", "continuous", "deck") and (choose or cost):
        raise _bad(card, f"{f}.choose", f"a {type_} ability makes no choice and pays no cost")
    do = _effects(card, f"{f}.do", data.get("do", []), words)
    later = _effects(card, f"{f}.later", data.get("later", []), words)
    if any(e.effect == "later" for e in later):
        raise _bad(card, f"{f}.later", "a delayed trigger makes no other (806.5)")
    if later and not any(e.effect == "later" for e in do):
        raise _bad(card, f"{f}.later", "no 'later' effect makes this delayed trigger")
    if type_ == "continuous" and any(e.effect not in CONTINUOUS for e in do):
        raise _bad(card, f"{f}.do", "a continuous ability has continuous effects only (801.1b)")
    if type_ == "continuous" and any(e.until for e in do):
        raise _bad(card, f"{f}.do", "a continuous ability lasts while it is valid (803.4)")
    if type_ in ("auto", "state", "force", "play", "continuous") and not do:
        raise _bad(card, f"{f}.do", "an ability does something")
    copies = data.get("copies", 0)
    if type_ == "deck":
        copies = _int(card, f"{f}.copies", copies, 1, 80)
        if do or on or when:
            raise _bad(card, f"{f}.do", "a deck-building ability only sets copies (602.2)")
    elif copies:
        raise _bad(card, f"{f}.copies", "only a deck-building ability sets copies (602.2)")
    text = data.get("text", "")
    if not isinstance(text, str) or len(text) > 300:
        raise _bad(card, f"{f}.text", "expected a text of at most 300 characters")
    more = _more_fields(card, f, data, type_, on, choose, cost, do, later, words)
    return Ability(
        type_, on, whose, source, to, when, unless, choose, cost, cost_amount, may, instead,
        do, later, copies, text, *more,
    )  # fmt: skip


def check_until_run_area(card: str, abilities: tuple[Ability, ...], what: str) -> None:
    """``until = "run-area"`` (1102.5) lasts while its source is in the run
    area: on a card that is never put there (``what`` says which, 805.2d-iii,
    805.2d-v) such an effect would be in force and never apply: refused."""
    for i, a in enumerate(abilities):
        for j, e in enumerate((*a.do, *a.later)):
            if e.until != "run-area":
                continue
            n = len(a.do)
            g = f"ability[{i}].do[{j}]" if j < n else f"ability[{i}].later[{j - n}]"
            raise _bad(
                card,
                f"{g}.until",
                f"'run-area' lasts while this card is in the run area (1102.5), and {what} "
                "is never put there: use '' (this game) or 'turn'",
            )


_CARD_TRIGGERS = ("moved", "paid", "run-succeeded", "run-failed", "guard-won", "support-played",
                  "not-guarded", "enters-run")  # fmt: skip
"""Triggers with a triggering card (806.4a): those ``card_when`` may read."""


def _more_fields(
    card: str,
    f: str,
    data: dict[str, Any],
    type_: str,
    on: str,
    choose: str,
    cost: str,
    do: tuple[Effect, ...],
    later: tuple[Effect, ...],
    words: Words,
) -> tuple[str, int, bool, tuple[str, ...]]:
    """``chooser``, ``upto``, ``mandatory`` and ``card_when``, checked with
    what they go with (the choice's targets, the trigger)."""
    chooser = _word(card, f"{f}.chooser", data.get("chooser", ""), CHOOSERS)
    if chooser and not choose:
        raise _bad(card, f"{f}.chooser", "only a choice has a chooser (103.4)")
    if choose == "opponent-hand" and chooser != "opponent":
        raise _bad(card, f"{f}.chooser", "a hidden hand is chosen from by its owner (407.2)")
    if choose == "your-hand" and chooser:
        raise _bad(card, f"{f}.chooser", "a hidden hand is chosen from by its owner (407.2)")
    upto = _int(card, f"{f}.upto", data.get("upto", 0), 0, 20)
    if (choose == "number") != (upto > 0):
        raise _bad(card, f"{f}.upto", "a number choice (only) names its upper bound (103.5a)")
    mandatory = data.get("mandatory", False)
    if type(mandatory) is not bool:
        raise _bad(card, f"{f}.mandatory", "expected true or false")
    if mandatory and (not cost or type_ == "replace"):
        raise _bad(card, f"{f}.mandatory", "only an ability's cost is mandatory (805.2c)")
    card_when = _conditions(card, f"{f}.card_when", data.get("card_when", []), words)
    if card_when and on not in _CARD_TRIGGERS and not (type_ == "force" and not on):
        raise _bad(card, f"{f}.card_when", "only a trigger with a card reads it (806.4a)")
    for i, e in enumerate((*do, *later)):
        g = f"{f}.do[{i}]" if i < len(do) else f"{f}.later[{i - len(do)}]"
        chosen = e.target == "chosen" or e.per == "chosen"
        if not chosen:
            continue
        player = e.effect in ("draw", "add-runs", "win", "lose", "forbid", "require")
        if e.per == "chosen" and choose != "number":
            raise _bad(card, f"{g}.per", "'chosen' counts the number chosen: choose = 'number'")
        if e.target == "chosen" and player != (choose == "player"):
            want = "'player'" if player else "a card"
            raise _bad(card, f"{g}.target", f"the chosen target needs choose = {want}")
    return chooser, upto, mandatory, card_when


def abilities_from_data(card: str, kind: str, value: Any, words: Words) -> tuple[Ability, ...]:
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list) or len(value) > MAX_ABILITIES:
        raise _bad(card, "ability", f"expected at most {MAX_ABILITIES} [[card.ability]] tables")
    return tuple(ability_from_data(card, kind, i, a, words) for i, a in enumerate(value))


def ability_to_data(ability: Ability) -> dict[str, Any]:
    """The table :func:`ability_from_data` reads back (defaults left out)."""
    out: dict[str, Any] = {}
    for field in attrs.fields(Ability):
        value = getattr(ability, field.name)
        if value == field.default:
            continue
        if field.name in ("do", "later"):
            value = [_effect_to_data(e) for e in value]
        elif isinstance(value, tuple):
            value = list(value)
        out[field.name] = value
    return out


def _effect_to_data(effect: Effect) -> dict[str, Any]:
    return {
        f.name: list(v) if isinstance(v := getattr(effect, f.name), tuple) else v
        for f in attrs.fields(Effect)
        if f.name == "effect" or getattr(effect, f.name) != f.default
    }

"""Game facts for the adapters, derived from a game's config and rules: the
most OpenSpiel actions a game can take (``max_game_length``) and the range of
its final scores (``min_utility``/``max_utility`` with ``returns="scores"``).

Each is a *bound*, proved from the rules as the comments say, not an estimate:
a game never goes past it, and it is usually far above a typical game (a Long
Shot race bound allows for races that stand still for ``stall_rounds`` rounds
again and again).  OpenSpiel counts every action: the players', each chance
step (a shuffle draws one card a step; a roll is one step) and the *arrival*
(which seat acts first when several may: a chance step before that seat's
action).  Below, every player action is counted as two steps (it may follow
an arrival), so the bounds hold whatever the order of the seats.

Two cases have no bound, and say so (:attr:`Facts.derived` is ``False``):

* Force of the Horse: no rule ends the game after a number of turns (cards
  come back from the farm to the hand, and a turn need not draw from the
  distance areas), so its length is the cap :data:`FORCEHORSE_LENGTH_CAP`,
  not a bound.  Its scores are 1 (won) or 0, a bound.
* a config with a rule module (a house rule) outside the ones named here: a
  rule module may add actions, chance and money of its own, so the length and
  scores are the caps :data:`LENGTH_CAP` and :data:`SCORE_CAP`.

>>> import racebook
>>> facts = game_facts(racebook.load("trickrace"))
>>> facts.max_game_length, facts.min_score, facts.max_score, facts.derived
(737, 0, 72, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from racebook.core.game import Game

LENGTH_CAP = 1_000_000
"""``max_game_length`` of a game with no derived bound (a cap)."""
SCORE_CAP = 10**12
"""The score range ``[-SCORE_CAP, SCORE_CAP]`` of a game with no derived bound."""
FORCEHORSE_LENGTH_CAP = 100_000
"""Force of the Horse's ``max_game_length``: a cap, not a bound (see the module text)."""

# rule modules whose actions, chance and money the bounds below take in
_KNOWN_RULES = {"longshot": {"supply-quinella"}, "mafia": {"supply-quinella"}}


@attrs.frozen
class Facts:
    """``max_game_length`` in OpenSpiel actions, and the range of the final scores."""

    max_game_length: int
    min_score: int
    max_score: int
    derived: bool
    """``True``: bounds derived from the rules; ``False``: caps (see the module text)."""


def place_returns(places: Sequence[int], seats: int) -> list[float]:
    """Each seat's return from the final ``places`` (1 is first) of the
    scored seats: ``1 - 2 * (place - 1) / (players - 1)``, 1 for a lone
    winner and -1 for a lone last, where seats that tie share the places they
    take (two seats tied for first of four each get the mean of 1 and 1/3),
    so that the returns always sum to 0.  A seat after ``places`` (Ready Set
    Bet's host chair, which is not scored) gets 0.

    >>> place_returns([1, 2, 3], 3), place_returns([1, 1], 2), place_returns([2, 1, 2], 4)
    ([1.0, 0.0, -1.0], [0.0, 0.0], [-0.5, 1.0, -0.5, 0.0])
    """
    n = len(places)
    out = [0.0] * seats
    if n < 2:
        return out
    for s, place in enumerate(places):
        tied = sum(1 for p in places if p == place)
        # the places taken by the tie are place .. place + tied - 1
        mean = place + (tied - 1) / 2
        out[s] = 1.0 - 2.0 * (mean - 1) / (n - 1)
    return out


def game_facts(game: Game[Any, Any]) -> Facts:
    """The length and score bounds of ``game`` (its config and rule modules)."""
    config = game.config
    names = {rule.name for rule in getattr(config, "rules", ())}
    if not names <= _KNOWN_RULES.get(game.id, set()):
        return Facts(LENGTH_CAP, -SCORE_CAP, SCORE_CAP, derived=False)
    if game.id in ("longshot", "mafia"):
        return _longshot(game)
    if game.id == "trickrace":
        return _trickrace(game)
    if game.id == "readysetbet":
        return _readysetbet(game)
    if game.id == "forcehorse":
        # scores: 1 for a winner, 0 otherwise (ForceHorseState.result)
        return Facts(FORCEHORSE_LENGTH_CAP, 0, 1, derived=False)
    return Facts(LENGTH_CAP, -SCORE_CAP, SCORE_CAP, derived=False)


def _longshot(game: Any) -> Facts:
    """Long Shot and Horse Racing Mafia (and its supply and quinella bets)."""
    c = game.config
    n, running, deck = c.players, c.running, list(game.deck)
    d = len(deck)
    # Rounds of a race.  Let P be the sum over the horses of min(position,
    # goal), at most running * goal.  A round in which some horse moves raises
    # P by 1 or more (a horse that has not finished moves forward, and one
    # that has does not move).  A race ends after stall_rounds rounds in a row
    # in which no horse moves, so at most stall_rounds - 1 such rounds come
    # before each moving round, and stall_rounds after the last.
    rounds = (running * c.goal + 1) * c.stall_rounds
    # A round: each seat's turn places at most max(1, spurt_cards) cards or
    # passes (one action a card), and the opened card is placed: player
    # actions.  The stack gives each seat ``draw`` cards and opens one; a
    # restock shuffles buried cards into the stack, one chance step a card,
    # and each card so put there is later taken (counted in the round) or is
    # still there when the race ends (at most the deck).
    per_round = 2 * (n * max(1, c.spurt_cards) + 1) + (n * c.draw + 1)
    # A race's setup: the first player (one step), the deal (the whole deck,
    # a step a card) and the secret orders (a step a horse).
    per_race = 1 + d + running + d + rounds * per_round
    tickets = sum(x & 15 for x in deck if x >> 4 != 0)  # the indicated cards' MVs
    supply = [rule for rule in game.rules if rule.name == "supply-quinella"]
    if supply:
        # Mafia 5, once a race: the resupply shuffles at most the deck, each
        # seat buys once (the cards bought leave the stack: a later restock
        # may put as many back, at most the deck), the quinella bets take two
        # cards of a hand each (at most d // 2 bets) and each seat passes once.
        per_race += d + 2 * n + d + 2 * (d // 2 + n)
    length = len(c.races) * per_race
    # Money: never below 0 ("you only pay all of your money").  A race pays a
    # seat at most its order's best reward, and tickets (or quinella bets)
    # made of cards of the deck: at most every indicated card's MV times the
    # best allotment (or quinella rate).
    high = c.starting_money
    for i, table in enumerate(c.races):
        high += max(0, *table.rewards) + max(0, *table.tickets) * tickets
        for rule in supply:
            high += rule.pay[min(i, len(rule.pay) - 1)] * tickets
    return Facts(length, min(0, c.starting_money), high, derived=True)


def _trickrace(game: Any) -> Facts:
    """The trick race."""
    c = game.config
    n, cards = c.players, len(c.marks)  # each horse's pile: one card a mark
    deck = len(game.deck)
    # Setup: the horses drawn (one step) and the deal (a step a card).  Each
    # race: the paddock draws the horses' order and each horse's pile (a step
    # each), then each seat discards once and lays two tickets, and plays
    # at most its hand (a pile) in tricks.
    per_race = 4 + 4 * cards + 2 * n * (1 + 2 + cards)
    length = 1 + deck + c.race_count * per_race
    # Points: each race a seat's horse earns at most the best prize (a dummy
    # rider earns none) and its tickets at most a win bet or a quinella, the
    # odds of one or two horses; the odds start at start_odds and change by
    # one of odds_steps a race.
    high = low = 0
    for race in range(c.race_count):
        top = c.start_odds + race * max(c.odds_steps)
        bottom = c.start_odds + race * min(c.odds_steps)
        high += max(0, *c.prizes) + max(0, top, 2 * top)
        low += min(0, *c.prizes) + min(0, bottom, 2 * bottom)
    return Facts(length, low, high, derived=True)


def _readysetbet(game: Any) -> Facts:
    """Ready Set Bet (its host variants and VIP cards)."""
    c = game.config
    n, seats = c.players, game.seats
    horses = len(c.board)
    tokens = max(len(c.tokens), len(c.tokens_at_7))
    kinds = [card.kind for card in c.vip_cards]
    bonus = kinds.count("bonus-token")
    free = kinds.count("free-chips")
    # Rolls of a race: each roll moves a horse one space or more, and the race
    # ends when a horse reaches the finish: at most every horse one space short
    # of it, then one roll.  A roll while betting is an arrival, the host's
    # roll and the dice; in a roll-out one step a roll.
    rolls = horses * (c.track - 1) + 1
    # A race: its prop cards and exotic finish (a step each), the first host
    # and the host chosen, the host's tokens, the rolls; each bettor bets its
    # tokens and bonus tokens (a piggyback or late bet uses a token) and plays
    # its free-chips cards; the VIP draft deals vip_deal a seat (a step a
    # card) and each seat keeps one; the host's roll-out call.
    per_race = (
        c.props_per_race
        + 1
        + 2 * 2
        + 2 * len(c.host_tokens)
        + 3 * rolls
        + 2 * n * (tokens + bonus + free)
        + c.vip_deal * n
        + 2 * n
        + 2 * seats
    )
    length = c.races * per_race
    # Money: never below 0 (winnings first, then losses as far as a seat can
    # pay).  A race pays a seat at most its bets (tokens, bonus tokens,
    # piggybacks on a token of its own, the host's tokens for a host) each
    # worth at most the largest token times the best multiplier of any spot,
    # the snake eyes and box cars cards at each roll, and a host's pay; the
    # free-chips cards pay once.
    rates = [rate for row in c.board for group in row for rate in group]
    rates += [b.rate for b in c.colour_bets] + [p.rate for p in c.props]
    rates += [e.rate for e in c.exotics]
    mult = max((r.mult for r in rates), default=0)
    value = max([*c.tokens, *c.tokens_at_7, *c.host_tokens, *(v.value for v in c.vip_cards), 0])
    bets = tokens + bonus + len(c.host_tokens)
    doubles = sum(v.amount for v in c.vip_cards if v.kind in ("snake-eyes", "box-cars"))
    high = max(c.starting_money, c.host_money) + sum(
        v.amount for v in c.vip_cards if v.kind == "free-chips"
    )
    for race in range(c.races):
        pay = c.host_pay[race] if race < len(c.host_pay) else 0
        high += bets * value * mult + rolls * doubles + pay
    return Facts(length, min(0, c.starting_money), high, derived=True)

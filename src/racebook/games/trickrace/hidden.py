"""Copies, audits and hidden information of the trick race: what a seat cannot
see (the others' hands and face-down discards: their backs show the colour,
内容物; face-down tickets until the payout, 配当フェイズ), for the harness."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from racebook.cards.race import RaceCard, race_card
from racebook.core.game import CHANCE, Action
from racebook.games.trickrace.actions import Bet, DealCards, Discard, DrawHorses, Paddock, Play
from racebook.games.trickrace.phases import BET_DOWN, DEAL, DRAW, PADDOCK, TRICK

if TYPE_CHECKING:
    from racebook.games.trickrace.state import TrickRaceState


def copy_into(state: TrickRaceState, other: TrickRaceState) -> None:
    other.ring = list(state.ring)
    other.horse_of = list(state.horse_of)
    other.cards_of = [list(c) for c in state.cards_of]
    other.odds = list(state.odds)
    other.points = list(state.points)
    other.history = list(state.history)
    other.hands = [list(h) for h in state.hands]
    other.open_discards = [list(d) for d in state.open_discards]
    other.secret = list(state.secret)
    other.played = [list(p) for p in state.played]
    other.whips_up = list(state.whips_up)
    other.up = list(state.up)
    other.down = list(state.down)
    other.ready = list(state.ready)
    other.pos = list(state.pos)
    other.squares = [list(q) for q in state.squares]
    other.arrived = list(state.arrived)
    other.trick = list(state.trick)
    other.moved = list(state.moved)
    other.horse_of_last = list(state.horse_of_last)
    other.plays_of = [None] * 4  # made anew as the clone lists (hidden_variant redeals)


def audit(state: TrickRaceState) -> None:
    if state.phase in (DRAW, DEAL):
        return
    assert sorted(x for cs in state.cards_of for x in cs) == state.game.deck, "cards lost"
    if state.phase == PADDOCK:
        return
    for s in range(4):
        held = state.hands[s] + state.open_discards[s] + state.played[s]
        held += [state.secret[s]] if state.secret[s] >= 0 else []
        assert sorted(held) == state.cards_of[state.horse_of[s] - 1], f"seat {s}'s cards"
    assert all(0 <= w <= state.game.config.whips for w in state.whips_up), "whips"
    assert sorted(h for sq in state.squares for h in sq) == [1, 2, 3, 4], "runners"


def probes(state: TrickRaceState, seat: int) -> list[Action]:
    out: list[Action] = [Bet(seat, t) for t in range(-1, 6)]
    out += [Discard(seat, race_card(x)) for x in state.game.deck[::5]]
    out += [Play(seat, race_card(x), w) for x in state.game.deck for w in (False, True)]
    n = state.game.config.players
    out += [Play((seat + 1) % n, race_card(state.game.deck[0]), False)]
    out += [DrawHorses(CHANCE, (1, 1, 1, 1)[:n]), Paddock(CHANCE, (1, 2, 3, 4), ())]
    return out


def hidden_variant(state: TrickRaceState, seat: int, rng: random.Random) -> TrickRaceState:
    """A clone that differs only in what ``seat`` may not see.

    The other players' hands and face-down discards keep their colours (card
    backs show them: 内容物, ゲームの準備) and their numbers are redealt: a card ``seat``
    never saw goes to any other player's unseen place of its colour; a card
    it saw in an event (played, face up, the start player's revealed top
    card, in a hand it held: it knows whose horse that card belongs to,
    次レース準備フェイズ)
    stays with that horse's rider, who may have set it face down instead of
    one of its colour.  Face-down discards
    are never shown (パドックフェイズ; 配当フェイズ turns up only the tickets), so
    this holds at the payout and after it.  Face-down tickets are redrawn
    until the payout turns them up (配当フェイズ).
    Every horse's 12 cards follow the redeal, so the clone passes ``audit``.
    With a fixed deal (``deal="fixed"``) every card is known
    (:func:`cards_seen`): only the face-down choices are redrawn; with its
    piles dealt at random (``deal="piles"``) the unseen piles are swapped
    among those of the same colours (:func:`pile_relabel`).
    """
    other = state.clone()
    n = state.game.config.players
    others = [s for s in range(n) if s != seat]
    seen = cards_seen(state, None if seat < 0 else seat)
    # each other seat's hand and face-down discard as one group: which of its
    # cards of a colour lies face down is hidden too, so the redeal starts
    # from what ``seat`` sees alone (the seen cards a seat holds, how many
    # unseen cards of each colour it holds), never from where a card sat in
    # the real state (tests/test_search.py: twins give the same redeal)
    groups = {
        s: [*other.hands[s], *([other.secret[s]] if other.secret[s] >= 0 else [])] for s in others
    }
    if state.game.config.deal == "piles":  # whole piles of the same backs swapped
        relabel = pile_relabel(state, seen, rng)
        dealt = {s: [relabel.get(x, x) for x in groups[s]] for s in others}
        colours: range = range(0)
    else:
        dealt = {s: sorted(x for x in groups[s] if x in seen) for s in others}
        colours = range(4)
    for colour in colours:
        counts: list[int] = []
        pool: list[int] = []
        for s in others:
            unseen = [x for x in groups[s] if x >> 4 == colour and x not in seen]
            counts.append(len(unseen))
            pool.extend(unseen)
        pool.sort()  # the redeal depends on what seat sees and on rng alone
        rng.shuffle(pool)
        at = 0
        for s, k in zip(others, counts, strict=True):
            dealt[s].extend(pool[at : at + k])
            at += k
    for s in others:
        cards = sorted(dealt[s])
        x = other.secret[s]
        if x >= 0:  # which card of that colour went face down
            same = [y for y in cards if y >> 4 == x >> 4]
            x = same[rng.randrange(len(same))]
            cards.remove(x)
            other.secret[s] = x
        other.hands[s] = cards
        if other.down[s] >= 0 and state.phase in (BET_DOWN, TRICK):
            other.down[s] = rng.choice([t for t in range(5) if t != other.up[s]])
    # after the payout (PADDOCK) the cards in front of a seat are last race's horse's
    riders = state.horse_of_last if state.phase == PADDOCK else state.horse_of
    if state.phase not in (DRAW, DEAL) and riders:
        for s in others:
            held = other.hands[s] + other.open_discards[s] + other.played[s]
            held += [other.secret[s]] if other.secret[s] >= 0 else []
            other.cards_of[riders[s] - 1] = sorted(held)
    return other


def pile_relabel(state: TrickRaceState, seen: set[int], rng: random.Random) -> dict[int, int]:
    """With the fixed deal's piles dealt at random (``deal="piles"``): the
    piles none of whose cards were ``seen`` swapped at random among those of
    the same colours (card backs show them), card for card in code order."""
    groups: dict[tuple[int, ...], list[list[int]]] = {}
    for pile in state.cards_of:
        if pile and not seen.intersection(pile):
            groups.setdefault(tuple(x >> 4 for x in pile), []).append(pile)
    relabel: dict[int, int] = {}
    for piles in groups.values():
        drawn = list(piles)
        rng.shuffle(drawn)
        for a, b in zip(piles, drawn, strict=True):
            relabel.update(zip(a, b, strict=True))
    return relabel


def cards_seen(state: TrickRaceState, seat: int | None) -> set[int]:
    """Every race card in an event ``seat`` may see (``None``: a spectator);
    with a fixed deal (``deal="fixed"``) every card: everyone knows whose
    horse each card belongs to."""
    if state.game.config.deal == "fixed":
        return set(state.game.deck)
    seen: set[int] = set()
    for event in state.log.events(seat):
        for field in attrs.fields(type(event)):
            _collect_cards(getattr(event, field.name), seen)
    return seen


def _collect_cards(value: object, into: set[int]) -> None:
    if isinstance(value, RaceCard):
        into.add(value.code)
    elif isinstance(value, tuple):
        for item in value:
            _collect_cards(item, into)


def hidden_world(state: TrickRaceState, seat: int, rng: random.Random) -> list[Action]:
    """The actions of a game ``seat`` cannot tell from this one, with what it
    may not see drawn anew (:meth:`TrickRaceState.hidden_world`): the same
    redeal as :func:`hidden_variant`, made in the log.

    * The cards in the other players' hands and face-down discards that
      ``seat`` never saw are relabelled: a random bijection among those of
      each colour (card backs show the colour), applied to every action of
      the game: the deal, each paddock's piles, each face-down discard.  No
      event ``seat`` saw holds such a card, so it sees the same game; the
      rules do not read a card's number until it is played face up, and
      such a card never was.
    * Which card of its colour each other player set face down this race
      (its :class:`~racebook.games.trickrace.actions.Discard`) may change to
      another card of that colour in its hand.
    * Each other player's face-down ticket of this race (its second
      :class:`~racebook.games.trickrace.actions.Bet`) is drawn anew until
      the payout turns it up.
    """
    n = state.game.config.players
    others = [s for s in range(n) if s != seat]
    seen = cards_seen(state, seat)
    relabel: dict[int, int] = {}
    if state.game.config.deal == "piles":  # whole piles, not cards
        relabel = pile_relabel(state, seen, rng)
    for colour in range(4) if state.game.config.deal != "piles" else ():
        pool = sorted(
            x
            for s in others
            for x in [*state.hands[s], state.secret[s]]
            if x >= 0 and x >> 4 == colour and x not in seen
        )
        drawn = list(pool)
        rng.shuffle(drawn)
        relabel.update(zip(pool, drawn, strict=True))
    discards: dict[int, int] = {}
    for s in others:
        x = state.secret[s]
        if x >= 0:  # which card of that colour went face down
            x = relabel.get(x, x)
            same = sorted(relabel.get(y, y) for y in state.hands[s] if y >> 4 == x >> 4)
            k = rng.randrange(len(same) + 1)
            discards[s] = same[k] if k < len(same) else x
    tickets: dict[int, int] = {}
    if state.phase in (BET_DOWN, TRICK):
        for s in others:
            if state.down[s] >= 0:
                tickets[s] = rng.choice([t for t in range(5) if t != state.up[s]])

    def card(c: RaceCard) -> RaceCard:
        return race_card(relabel.get(c.code, c.code))

    actions = list(state._entries)
    last_discard: dict[int, int] = {}
    last_bet: dict[int, int] = {}
    for i, action in enumerate(actions):
        if isinstance(action, DealCards):
            actions[i] = DealCards(CHANCE, tuple(map(card, action.cards)))
        elif isinstance(action, Paddock):
            piles = tuple(tuple(map(card, pile)) for pile in action.piles)
            actions[i] = Paddock(CHANCE, action.gate, piles)
        elif isinstance(action, Discard):
            actions[i] = Discard(action.seat, card(action.card))
            last_discard[action.seat] = i
        elif isinstance(action, Play):
            actions[i] = Play(action.seat, card(action.card), action.whip)
        elif isinstance(action, Bet):
            last_bet[action.seat] = i
    for s, x in discards.items():
        actions[last_discard[s]] = Discard(s, race_card(x))
    for s, t in tickets.items():
        actions[last_bet[s]] = Bet(s, t)
    return actions

"""Live odds for a seat's screen: each horse's win, place and show chance and
each open spot's expected value, exact (:mod:`~racebook.games.readysetbet.exact`),
from what a view shows (public: positions, the horse waiting for its pair,
the spots) and the game's rules, so a seat's odds use nothing hidden from it.
``racebook play readysetbet`` prints them under the table after every roll;
the HTML replay page shows them in a panel (``live_data``).

**The one way for an app to show the odds** is :func:`live_data`
(``game.live_data(view)``): JSON data (:class:`LiveOddsData`) made from the
seat's own view, so it can be sent to that seat as it is, rounded to a stated
precision (``places``: 4 decimal places for a chance, ``money_places``: 2 for
an expected value in dollars; ``None`` keeps the floats as computed), and
cached by position (the bets between two rolls cost nothing more).
:func:`live_odds` is the same figures unrounded, as a Python value, for an
app that draws them itself; :func:`~racebook.games.readysetbet.odds` is for
bots and analysis: it reads the whole state (the server's, not a seat's),
values every spot taken or not, and samples where a rule module changes the
moves (where :func:`live_data` gives ``None``).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Literal, TypedDict

import attrs

from racebook.cards.readysetbet import HORSES
from racebook.games.readysetbet.algebra import nodes
from racebook.games.readysetbet.exact import Race, float_table
from racebook.games.readysetbet.oddsmaker import exact_possible_config, race_at, spot_chances

if TYPE_CHECKING:
    from racebook.games.readysetbet.game import ReadySetBet
    from racebook.games.readysetbet.view import ReadySetBetView


@attrs.frozen
class LiveOdds:
    """``win``, ``place``, ``show`` per horse; per open spot, its chance and the
    expected value of each token value ``tokens`` (the seat's own tokens in
    hand, or every token value for a spectator or the host)."""

    win: tuple[float, ...]
    place: tuple[float, ...]
    show: tuple[float, ...]
    tokens: tuple[int, ...]
    spots: tuple[tuple[str, float, tuple[float, ...]], ...]
    """(spot, chance, expected value of each of ``tokens``) of every open spot;
    no values (``()``) where a rule module changes what a bet pays (its
    ``pays`` hook: what it pays depends on the state at settlement)."""


@attrs.define
class _Position:
    """A position's exact race, its horses' chances and the chances of the
    spots asked for so far (a bet between two rolls closes a spot, and leaves
    the position, so all of these, as they are)."""

    race: Race[float, Any]
    win: tuple[float, ...]
    place: tuple[float, ...]
    show: tuple[float, ...]
    chance: dict[str, float]


@functools.lru_cache(maxsize=8)
def _position(game: ReadySetBet, pos: tuple[int, ...], pending: int) -> _Position:
    c = game.config
    race = race_at(c, pos, pending, nodes(sum(c.track - 1 - p for p in pos) // 2 + 1), float_table)
    win = race.win()
    place, show = race.place_show(win)
    return _Position(race, tuple(win), tuple(place), tuple(show), {})


def _exact(
    game: ReadySetBet, pos: tuple[int, ...], pending: int, spots: tuple[str, ...]
) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
    """Win, place, show and each spot's chance (cached by position: bets
    between two rolls leave it as it is)."""
    at = _position(game, pos, pending)
    missing = [s for s in spots if s not in at.chance]
    if missing:
        at.chance.update(spot_chances(at.race, game, missing, at.win, at.place, at.show))
    return at.win, at.place, at.show, tuple(at.chance[s] for s in spots)


def live_work(game: ReadySetBet, view: ReadySetBetView) -> tuple[Hashable, int] | None:
    """What the live odds of ``view`` cost, without computing them: the
    position they are computed for (steps of one position share them) and an
    estimate of the work, the square of the spaces the horses have left
    (about 18 µs a unit on one core of 2024: 1.3 s for a new race at track
    30, 0.3 s at track 15); ``None`` where :func:`live_odds` gives none."""
    if not _racing(game, view):
        return None
    depth = sum(game.config.track - 1 - p for p in view.positions)
    return (tuple(view.positions), view.pending), max(1, depth * depth)


def _racing(game: ReadySetBet, view: ReadySetBetView) -> bool:
    racing = view.phase in ("race", "host bets", "chance") and (view.open_spots or view.bets)
    return bool(racing) and exact_possible_config(game) and max(view.positions) < game.config.track


def live_odds(game: ReadySetBet, view: ReadySetBetView) -> LiveOdds | None:
    """The live odds of ``view``, or ``None`` outside a race (or with a rule
    module that changes the moves, where only sampling applies): the figures
    of :func:`live_data` unrounded, as floats (exact up to about 1e-12).  To
    send them to a seat, use :func:`live_data` (JSON data, rounded as it
    says)."""
    c = game.config
    if not _racing(game, view):
        return None
    spots = tuple(view.open_spots)
    win, place, show, chance = _exact(game, tuple(view.positions), view.pending, spots)
    players = len(view.tokens)
    if view.seat is not None and 0 <= view.seat < players:
        tokens = tuple(sorted(set(view.tokens[view.seat])))
    else:
        tokens = tuple(sorted(set(c.token_set)))
    values: list[tuple[str, float, tuple[float, ...]]] = []
    for spot, p in zip(spots, chance, strict=True):
        rate = game.spot(spot)[0]
        if game.hooks.pays:  # a rule module pays otherwise: no value is known
            values.append((spot, p, ()))
            continue
        values.append((spot, p, tuple(p * t * rate.mult - (1 - p) * rate.loss for t in tokens)))
    return LiveOdds(win, place, show, tokens, tuple(values))


def live_notes(game: ReadySetBet, view: ReadySetBetView, best: int = 6) -> str:
    """The live odds of ``view`` as a few lines of text (empty outside a race):
    each horse's space and win / place / show chance in percent, three horses
    a line, then the ``best`` open spots by the expected value of the seat's
    largest token (its chance in brackets)."""
    found = live_odds(game, view)
    if found is None:
        return ""
    lines = ["", "live odds (exact): horse @ space  win place show (%)"]
    cells = [
        f"{name:>5} @{view.positions[h]:>3} {100 * found.win[h]:5.1f} "
        f"{100 * found.place[h]:5.1f} {100 * found.show[h]:5.1f}"
        for h, name in enumerate(HORSES)
    ]
    lines += [" | ".join(cells[i : i + 3]) for i in range(0, len(cells), 3)]
    if game.hooks.pays and found.spots:
        lines.append("a rule module changes what bets pay: no expected values")
    elif found.tokens and found.spots:
        ranked = sorted(found.spots, key=lambda s: -s[2][-1])[:best]
        lines.append(
            f"best open spots for a {found.tokens[-1]} token (expected $, chance)"
            f" of {len(found.spots)}:"
        )
        cells = [f"{spot} {values[-1]:+.2f} ({p:.0%})" for spot, p, values in ranked]
        width = max(len(x) for x in cells)
        for i in range(0, len(cells), 3):
            lines.append("  " + "   ".join(f"{x:<{width}}" for x in cells[i : i + 3]).rstrip())
    return "\n".join(lines)


class LiveSpotData(TypedDict):
    """One open spot in :class:`LiveOddsData`: its chance of winning and the
    expected value in dollars of each token value of ``tokens`` (empty where
    a rule module changes what a bet pays)."""

    spot: str
    chance: float
    values: list[float]


class LiveOddsData(TypedDict):
    """:func:`live_data`: the live odds of a view as JSON data.  ``win``,
    ``place`` and ``show`` are per horse, in the order of ``horses``;
    ``payout`` is ``"printed"`` (the values are the board's payouts) or
    ``"unknown"`` (a rule module pays otherwise: no values)."""

    method: Literal["exact"]
    payout: Literal["printed", "unknown"]
    horses: list[str]
    win: list[float]
    place: list[float]
    show: list[float]
    tokens: list[int]
    spots: list[LiveSpotData]


def _rounded(x: float, places: int | None) -> float:
    return x if places is None else round(x, places)


def live_data(
    game: ReadySetBet,
    view: ReadySetBetView,
    *,
    places: int | None = 4,
    money_places: int | None = 2,
) -> LiveOddsData | None:
    """The live odds of ``view`` as JSON data (``None`` outside a race, or
    where a rule module changes the moves: then only
    :func:`~racebook.games.readysetbet.odds` by sampling applies): what an
    app shows a seat (see the module's text).

    Rounded, and said so: each chance to ``places`` decimal places (4: within
    0.00005 of the exact figure, which is exact up to about 1e-12) and each
    expected value to ``money_places`` (2: the cent); ``None`` leaves that
    figure unrounded.  The replay page keeps a step's figures for every step,
    at the defaults.

    >>> import racebook
    >>> game = racebook.load("readysetbet")
    >>> data = game.live_data(game.new_state(seed=1).view(0))
    >>> data is not None and data["win"][4]  # the 7, from the start
    0.2223
    """
    found = live_odds(game, view)
    if found is None:
        return None
    return {
        "method": "exact",
        "payout": "unknown" if game.hooks.pays else "printed",
        "horses": list(HORSES),
        "win": [_rounded(x, places) for x in found.win],
        "place": [_rounded(x, places) for x in found.place],
        "show": [_rounded(x, places) for x in found.show],
        "tokens": list(found.tokens),
        "spots": [
            {
                "spot": spot,
                "chance": _rounded(p, places),
                "values": [_rounded(v, money_places) for v in values],
            }
            for spot, p, values in found.spots
        ],
    }

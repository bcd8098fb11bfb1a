"""What one seat may see (FotH 401.2, 402, 403.3, 407.2) and the harness's
hidden variants."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypedDict

import attrs

from racebook.core.game import View
from racebook.core.serial import to_data
from racebook.games.forcehorse.race import Race
from racebook.games.forcehorse.zones import (
    AREAS,
    DECK,
    FARM,
    HAND,
    REMOVED,
    RUN,
    SET_ASIDE,
    SITUATION,
)

if TYPE_CHECKING:
    from racebook.games.forcehorse.records import Info
    from racebook.games.forcehorse.state import ForceHorseState


class RaceData(TypedDict):
    """The race information (:class:`~racebook.games.forcehorse.race.Race`)
    as JSON data (in :class:`ForceHorseViewData`)."""

    racecourse: str
    distance: int
    going: str


class ForceHorseViewData(TypedDict):
    """:meth:`ForceHorseView.to_data`: the view as JSON data, one key per
    field of :class:`ForceHorseView`, as the schema
    ``forcehorse.view.schema.json`` says.  A tuple of any length is a
    ``list``, one of fixed length (a run, a horse's values, a choice) a
    ``tuple`` (a JSON array once dumped)."""

    seat: int | None
    phase: str
    to_act: list[int]
    race: RaceData | None
    turn: int
    turn_player: int
    first_player: int
    run_count: int
    priority: int
    to_farm: int
    areas: list[list[int]]
    decks: list[int]
    set_aside: list[int]
    hand_sizes: list[int]
    hand: list[str]
    my_mulligan: bool | None
    situation: list[list[str]]
    run_area: list[list[str]]
    farms: list[list[str]]
    removed: list[list[str]]
    resolution: list[str]
    runs: list[tuple[str, str | None]]
    winners: list[int] | None
    values: list[list[tuple[str, int, int]]]
    hand_values: list[tuple[str, int, int, int]]
    waiting: list[str]
    effects: list[str]
    choosing: tuple[int, str] | None
    options: list[str]
    loop: tuple[int, int] | None


@attrs.frozen
class ForceHorseView(View):
    """Per-seat tuples are indexed by seat.  Every count is public (401.2b);
    no one sees inside a distance area or deck (403.3), only you your hand."""

    seat: int | None
    phase: str
    to_act: tuple[int, ...]
    race: Race | None
    turn: int
    turn_player: int
    first_player: int
    run_count: int
    priority: int
    to_farm: int
    areas: tuple[tuple[int, ...], ...]
    decks: tuple[int, ...]
    set_aside: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    hand: tuple[str, ...]
    my_mulligan: bool | None
    situation: tuple[tuple[str, ...], ...]
    run_area: tuple[tuple[str, ...], ...]
    farms: tuple[tuple[str, ...], ...]
    removed: tuple[tuple[str, ...], ...]
    resolution: tuple[str, ...]
    runs: tuple[tuple[str, str | None], ...]
    winners: tuple[int, ...] | None
    values: tuple[tuple[tuple[str, int, int], ...], ...] = ((), ())
    """Each seat's run area horses as (name, run, guard) now (808, 1002)."""
    hand_values: tuple[tuple[str, int, int, int], ...] = ()
    """Your hand's horses as (name, cost, run, guard) now (1002.2: hidden zones too)."""
    waiting: tuple[str, ...] = ()
    """Automatic abilities waiting to be played (806.2), with their users' seats."""
    effects: tuple[str, ...] = ()
    """Continuous effects made by resolved abilities (802.1b), in force now."""
    choosing: tuple[int, str] | None = None
    """Who must answer the engine's choice, and its kind (see ``Choose``)."""
    options: tuple[str, ...] = ()
    """The choice's options, for the seat choosing only (they may name hand cards)."""
    loop: tuple[int, int] | None = None
    """A loop proposal (1201.1a): the proposing seat and the number of times."""

    def to_data(self) -> ForceHorseViewData:
        """This view as JSON data (:class:`ForceHorseViewData`)."""
        data: ForceHorseViewData = to_data(self)
        return data

    def render(self) -> str:
        who = "a spectator" if self.seat is None else f"seat {self.seat}"
        race = self.race.text() if self.race else "to be drawn"
        lines = [
            f"Force of the Horse ({who}'s view): {race}",
            f"turn {self.turn}, turn player {self.turn_player}, step {self.phase}, "
            f"to act {self.to_act}",
        ]
        for s in range(2):
            areas = "/".join(map(str, self.areas[s]))
            pile = f", deck {self.decks[s]}" if self.decks[s] else ""
            lines.append(
                f"seat {s}: areas {areas}{pile}, hand {self.hand_sizes[s]}, "
                f"farm {len(self.farms[s])}, situation {', '.join(self.situation[s]) or '-'}, "
                f"run area {', '.join(self.run_area[s]) or '-'}"
            )
        if self.runs:
            pairs = "; ".join(f"{r} vs {g or 'no guard'}" for r, g in self.runs)
            lines.append(f"run count {self.run_count}: {pairs}")
        if self.to_farm:
            lines.append(f"cards to farm: {self.to_farm}")
        for s in range(2):
            if self.values[s]:
                shown = ", ".join(f"{n} run {r} guard {g}" for n, r, g in self.values[s])
                lines.append(f"seat {s} horses now: {shown}")
        if self.waiting:
            lines.append(f"waiting abilities: {'; '.join(self.waiting)}")
        if self.effects:
            lines.append(f"effects: {'; '.join(self.effects)}")
        if self.choosing is not None:
            lines.append(f"seat {self.choosing[0]} chooses ({self.choosing[1]})")
            lines += [f"  {i}: {label}" for i, label in enumerate(self.options)]
        if self.loop is not None:
            lines.append(f"seat {self.loop[0]} proposes a loop {self.loop[1]} times (1201.1a)")
        if self.seat is not None:
            lines.append(f"your hand: {', '.join(self.hand) or '-'}")
        if self.winners is not None:
            lines.append(f"winners: {self.winners or 'none (a draw)'}")
        return "\n".join(lines)


def make_view(st: ForceHorseState, seat: int | None) -> ForceHorseView:
    t = st.table
    z = t.zones
    return ForceHorseView(
        seat=seat,
        phase=st.phase,
        to_act=st.to_act,
        race=st.race,
        turn=st.turn,
        turn_player=st.turn_player,
        first_player=st.first,
        run_count=st.run_count,
        priority=st.priority,
        to_farm=st.to_farm,
        areas=tuple(tuple(len(z[s][a]) for a in AREAS) for s in range(2)),
        decks=tuple(len(z[s][DECK]) for s in range(2)),
        set_aside=tuple(len(z[s][SET_ASIDE]) for s in range(2)),
        hand_sizes=tuple(len(z[s][HAND]) for s in range(2)),
        hand=tuple(t.names(seat, HAND)) if seat is not None else (),
        my_mulligan=st.mulligan[seat] if seat is not None else None,
        situation=tuple(tuple(t.names(s, SITUATION)) for s in range(2)),
        run_area=tuple(tuple(t.names(s, RUN)) for s in range(2)),
        farms=tuple(tuple(t.names(s, FARM)) for s in range(2)),
        removed=tuple(tuple(t.names(s, REMOVED)) for s in range(2)),
        resolution=tuple(sorted(t.name(c) for c in t.resolution)),
        runs=tuple(
            (t.name(r), None if g is None else t.name(g)) for r, g in st.pairs if r is not None
        ),
        winners=st.winners,
        **_abilities(st, seat),
    )


def _abilities(st: ForceHorseState, seat: int | None) -> dict[str, Any]:
    if not st.game.has_abilities or st.race is None:
        return {}
    from racebook.games.forcehorse.effects import info

    t = st.table
    ab = st.ab

    def now(c: int) -> Info:
        return info(st, c)

    values = tuple(
        tuple(sorted((t.name(c), now(c).run, now(c).guard) for c in t.zones[s][RUN]
                     if t.cards[c].kind == "horse"))
        for s in range(2)
    )  # fmt: skip
    hand: tuple[tuple[str, int, int, int], ...] = ()
    if seat is not None:
        hand = tuple(sorted({
            (t.name(c), now(c).cost, now(c).run, now(c).guard)
            for c in t.zones[seat][HAND] if t.cards[c].kind == "horse"
        }))  # fmt: skip
    waiting = tuple(f"seat {w.user}: {t.name(w.source)}" for w in ab.waiting)
    effects = tuple(
        f"{t.name(x.source)}: {x.effect.effect} {x.effect.amount:+d} on {x.effect.target}"
        + (f" until {x.until}" if x.until else "")
        for x in ab.lasting
    )
    c = ab.choice
    return {
        "values": values,
        "hand_values": hand,
        "waiting": waiting,
        "effects": effects,
        "choosing": None if c is None else (c.seat, c.kind),
        "options": _options(st, seat),
        "loop": ab.proposal,
    }


def hidden_variant(st: ForceHorseState, seat: int, rng: random.Random) -> ForceHorseState:
    """A clone where every card ``seat`` cannot see is redealt among the same
    owner's hidden places: decks, set-aside piles, distance areas (hidden to
    all, 403.3) and the other's hand; the other's undisclosed mulligan too."""
    other = st.clone()
    for owner in range(2):
        zones = [*AREAS, DECK, SET_ASIDE] + ([HAND] if owner != seat else [])
        slots = [(zn, i) for zn in zones for i in range(len(other.table.zones[owner][zn]))]
        # sorted first: the redeal depends on what seat sees and on rng alone
        pool = sorted(other.table.zones[owner][zn][i] for zn, i in slots)
        rng.shuffle(pool)
        for (zn, i), card in zip(slots, pool, strict=True):
            other.table.zones[owner][zn][i] = card
        other.table.moves += 1
        if owner != seat and st.phase == "mulligan" and st.mulligan[owner] is not None:
            other.mulligan[owner] = rng.random() < 0.5
    return other


def _options(st: ForceHorseState, seat: int | None) -> tuple[str, ...]:
    """The pending choice's options, for the seat choosing only; waiting
    abilities alike in their labels told apart (806.3a: by the card that
    triggered each, then an ordinal)."""
    from racebook.games.forcehorse.actions import distinct

    c = st.ab.choice
    if c is None or seat != c.seat:
        return ()
    if c.kind != "ability" or len(set(c.labels)) == len(c.labels):
        return c.labels
    return distinct(st, list(c.labels), [st.ab.waiting[o[0]] for o in c.options])

"""What one seat may see (FotH 401.2, 402, 403.3, 407.2) and the harness's
hidden variants."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from racebook.core.game import View
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
    from racebook.games.forcehorse.state import ForceHorseState


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
    )


def hidden_variant(st: ForceHorseState, seat: int, rng: random.Random) -> ForceHorseState:
    """A clone where every card ``seat`` cannot see is redealt among the same
    owner's hidden places: decks, set-aside piles, distance areas (hidden to
    all, 403.3) and the other's hand; the other's undisclosed mulligan too."""
    other = st.clone()
    for owner in range(2):
        zones = [*AREAS, DECK, SET_ASIDE] + ([HAND] if owner != seat else [])
        slots = [(zn, i) for zn in zones for i in range(len(other.table.zones[owner][zn]))]
        pool = [other.table.zones[owner][zn][i] for zn, i in slots]
        rng.shuffle(pool)
        for (zn, i), card in zip(slots, pool, strict=True):
            other.table.zones[owner][zn][i] = card
        if owner != seat and st.phase == "mulligan" and st.mulligan[owner] is not None:
            other.mulligan[owner] = rng.random() < 0.5
    return other

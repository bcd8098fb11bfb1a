"""An independent referee for Force of the Horse card information (FotH 808).

Written from the comprehensive rules' words and the documented card
vocabulary alone (docs/games/forcehorse-abilities.rst): it shares no code with
the engine and never imports its logic (effects, engine, terms, ...).  It reads
the state's plain data only: the table (cards, owners, zones, entered stamps,
the resolution area), the race, the run count, the turn player, the pairs of
this turn's runs, the continuous effects made by resolving abilities
(``st.ab.lasting``), what was paid for each horse (``st.ab.paid``) and the
config's settings.  Deliberately naive: it favours the rules' words over speed.

How a card's information is found (808.1), for every card of the table at once
(a condition of one card's effect may read another card's information, so all
cards are carried through the steps together):

* 808.1a: each card starts from its printed information.
* The continuous effects that exist now: the effects of every ``continuous``
  ability of a card in the zone where its abilities are valid (803.4b-d), and
  every continuous effect made by resolving an ability (802.1b) still within
  its period.
* Each is put in its step: 808.1b (``lose-abilities``, ``no-force-abilities``),
  808.1c (``style``, ``favourite``), 808.1d (the aptitude modifiers of 1002.1,
  not an effect of a card), 808.1e (``run-set``, ``guard-set``), 808.1f
  (``run``, ``guard``, ``cost``, and 808.1f-i's ``style-step``).  Player
  effects (``forbid``, ``require``) change no card information.
* Inside a step, 808.1g by trying both orders: effect B depends on effect A
  when what B would do (whether it applies, to which cards, with which
  change) differs between the state now and the state with A applied first.
  An effect depending on another still waiting is applied after it; the rest
  by timestamp (808.1h: a continuous ability's when its card entered its
  zone, 808.1h-i; a resolved ability's when it was played, 808.1h-ii).
  Dependencies are determined again after each effect is applied.  When every
  remaining effect depends on another remaining one (a loop the rules do not
  settle), the earliest timestamp goes first.
* Conditions (803.2, 803.3; a continuous ability's and its effects' own
  ``when`` / ``unless``) and an effect's ``only`` are read at the moment the
  effect is applied (a resolved effect's own ``when`` / ``unless`` were read
  when it was made, 803.2's "makes no effect"), from the information as it
  stands at that point of 808.1 (the steps before, and the effects of this
  step already applied).  Each effect is
  applied at most once, so the definition terminates even when a condition
  reads a value its own effect changes: it reads the value before the effect.
* An effect from an ability exists only while its card has that ability
  (808.1b): a ``continuous`` ability of a card that lost its abilities applies
  nothing (808.1g orders the losing effect first, as it changes whether the
  other applies).
* 808.2: an effect made by resolving never applies to a card that moved zones
  after the ability was played (its entered stamp is later).
* Conditions read for a player: ``run-count-at-least`` only for the turn
  player, who alone has a run count (702.6a); ``cards-at-least`` /
  ``cards-at-most`` count a zone of the player (401.2b; ``areas``: the four
  distance areas together).
* 103.2d: numbers may be 0 or negative, a cost too, also once 808.1 is
  done (``COST_FLOOR_AT_END`` off: no card states a bound; 805.2c pays a cost
  of 0 or less with no force).

Readings where the rules leave a choice (each reported with the referee):

* A dependency loop (808.1g: A depends on B and B on A) is not settled by the
  rules; the earliest timestamp goes first, then the source card, the ability
  and the effect in the card's order (808.1h's "the order the effects were
  made", the same moment for the effects of one ability).
* A resolved effect's own ``when`` / ``unless`` are read when it is made
  (803.2: the part "makes no effect"; the docs read a play text's conditions
  when it resolves), not again while it lasts; a ``continuous`` ability's are
  read whenever the information is.
* ``in-front`` / ``behind`` (514.1-514.3) compare the distance numbers of the
  two players' current areas; a player with no current area (403.4: no area
  holds a card) has no distance number, so neither holds.
* ``until = "run-area"`` (1102.5): the effect lasts while its source is in a
  run area.
* The user of a card (301.2) is the player whose zone holds it; in the shared
  resolution area, its owner.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from racebook.games.forcehorse.abilities import Ability, Effect
from racebook.games.forcehorse.records import Info, Lasting

AREAS = ("nige", "senko", "sashi", "oikomi")
"""FotH 403.2a: the distance areas left to right; a distance number 1..4."""
STYLES = AREAS
GOINGS = ("firm", "good", "yielding", "soft")

COST_FLOOR_AT_END = False
"""On: a cost is read as bounded at 0 once all of 808.1 is done (a reading
the referee first took from an older docs line); off, the rules' 103.2d."""

STEP_OF: dict[str, str] = {
    # 808.1b: abilities given / lost, force abilities made unusable (1102.6)
    "lose-abilities": "b",
    "no-force-abilities": "b",
    # 808.1c: information that is not a number set to something
    "style": "c",
    "favourite": "c",
    # 808.1e: numbers set
    "run-set": "e",
    "guard-set": "e",
    # 808.1f: numbers moved up or down; 808.1f-i ordered information by steps
    "run": "f",
    "guard": "f",
    "cost": "f",
    "style-step": "f",
}
"""Decided from the rules' words and the docs' meaning of each word (not the
engine's table)."""
STEPS = ("b", "c", "e", "f")


@attrs.define
class Now:
    """A card's information at some point of 808.1 (mutable working copy)."""

    cost: int
    surfaces: tuple[str, ...]
    distances: tuple[str, ...]
    styles: tuple[str, ...]
    favourites: tuple[str, ...]
    run: int
    guard: int
    abilities: tuple[Ability, ...]
    force_usable: bool = True

    def copy(self) -> Now:
        return attrs.evolve(self)


@attrs.frozen
class Cont:
    """One continuous effect that exists now."""

    effect: Effect
    user: int
    source: int
    stamp: int
    order: tuple[int, ...]
    """Tie-break after the timestamp: source, ability index, effect index."""
    ability: Ability | None = None
    """The ``continuous`` ability it comes from; None for a resolved one."""
    ability_index: int = -1
    targets: tuple[int, ...] | None = None
    """Resolved effects: the cards fixed when made (None: a group read now)."""
    resolved: bool = False


class Referee:
    """The information of every card of a state, by the rules (808)."""

    def __init__(
        self,
        st: Any,
        *,
        floor_each_step: bool = False,
        conditions_before_step: bool = False,
        effect_conditions_ignored: bool = False,
        per_ignored: bool = False,
        subjects_read_final: bool = False,
        loss_conditions_ignored: bool = False,
    ) -> None:
        """The keywords are the engine's known wrong readings, for telling a
        known disagreement from a new one; all False is the referee."""
        self.floor_each_step = floor_each_step
        self.effect_conditions_ignored = effect_conditions_ignored
        self.per_ignored = per_ignored
        self.subjects_read_final = subjects_read_final
        self.loss_conditions_ignored = loss_conditions_ignored
        self.final: dict[int, Now] | None = None
        self.conditions_before_step = conditions_before_step
        self.step_start: dict[int, Now] = {}
        self.st = st
        self.table = st.table
        self.race = st.race
        self.config = st.game.config
        self.cards = self.table.cards
        self.where: dict[int, tuple[int, str]] = {}
        """card -> (the seat whose zone holds it, the zone)."""
        for seat in range(2):
            for zone, pile in self.table.zones[seat].items():
                for c in pile:
                    self.where[c] = (seat, zone)
        for c in self.table.resolution:
            self.where[c] = (self.table.owners[c], "resolution")
        self.paid: dict[int, tuple[int, ...]] = dict(getattr(st.ab, "paid", {}) or {})
        self.pairs = [list(p) for p in (st.pairs or [])]

    # --- who and where (301.2, 403.4) ---------------------------------------

    def user(self, card: int) -> int:
        """301.2: the user of a card in a zone is the player the zone belongs to."""
        seat_zone = self.where.get(card)
        return seat_zone[0] if seat_zone is not None else self.table.owners[card]

    def zone(self, card: int) -> str | None:
        seat_zone = self.where.get(card)
        return seat_zone[1] if seat_zone is not None else None

    def current_area(self, seat: int) -> str | None:
        """403.4: the lowest-numbered distance area of the player holding a card."""
        for area in AREAS:
            if self.table.zones[seat][area]:
                return area
        return None

    def area_number(self, seat: int) -> int:
        """403.2a: the current area's distance number (0 with none)."""
        area = self.current_area(seat)
        return 0 if area is None else AREAS.index(area) + 1

    def horses(self, seat: int, zone: str) -> list[int]:
        return [c for c in self.table.zones[seat][zone] if self.cards[c].kind == "horse"]

    # --- conditions (803.2, 803.3, 1102.1a, 500s) ---------------------------

    def holds(self, cond: str, card: int, you: int, now: dict[int, Now]) -> bool:
        """Whether ``cond`` holds for ``card`` (its information as it stands in
        ``now``) and the player ``you``."""
        if "." in cond.split(":", 1)[0]:
            subject, rest = cond.split(".", 1)
            if subject == "opponent":
                return self.holds(rest, card, 1 - you, now)
            seat = you if subject == "your-run" else 1 - you
            seen = self.final if self.final is not None else now
            return any(self.holds(rest, h, you, seen) for h in self.horses(seat, "run"))
        name, _, arg = cond.partition(":")
        info = now[card]
        race = self.race
        if name == "favourite-surface":  # 508.1
            return race.surface in info.surfaces
        if name == "favourite-distance":  # 508.2, 206.1b
            return race.distance_class in info.distances or "all" in info.distances
        if name == "favourite-style-area":  # 508.3
            area = self.current_area(you)
            return area is not None and area in info.styles
        if name == "favourite-racecourse":  # 508.4
            return race.racecourse in info.favourites
        if name == "favourite-going":  # 508.4
            return race.going in info.favourites
        if name == "distance-and-style-fit":  # 508.6
            return self.holds("favourite-distance", card, you, now) and self.holds(
                "favourite-style-area", card, you, now
            )
        if name == "runs-in":  # 509.1
            return self.current_area(you) == arg
        if name in ("in-front", "behind"):  # 514.1, 514.2, 514.3
            mine, theirs = self.current_area(you), self.current_area(1 - you)
            if mine is None or theirs is None:
                return False  # a reading: no current area, no distance number to compare
            if name == "in-front":
                return AREAS.index(mine) > AREAS.index(theirs)
            return AREAS.index(mine) < AREAS.index(theirs)
        if name == "going":
            return race.going == arg
        if name == "surface":
            return race.surface == arg
        if name == "distance":
            return race.distance_class == arg
        if name == "racecourse":
            return race.racecourse == arg
        hand = len(self.table.zones[you]["hand"])
        if name == "hand-empty":
            return hand == 0
        if name == "hand-at-least":
            return hand >= int(arg)
        if name == "hand-at-most":
            return hand <= int(arg)
        if name == "run-count-at-least":  # 702.6a, 512
            # 702.6a: only the turn player has a run count (during the run); the
            # condition is read for ``you``, so it never holds for the other player
            return self.st.turn_player == you and int(self.st.run_count) >= int(arg)
        if name in ("cards-at-least", "cards-at-most"):  # 401.2b: counts are public
            zone, n = arg.split(",")
            count = self.count(you, zone)
            return count >= int(n) if name == "cards-at-least" else count <= int(n)
        if name == "paid-special":  # 503.3a, 805.2c-i
            return any(
                self.cards[f].kind == "force" and self.cards[f].category == "special"
                for f in self.paid.get(card, ())
            )
        if name == "paid-at-least":
            return len(self.paid.get(card, ())) >= int(arg)
        if name == "style":
            return arg in info.styles
        if name == "run-at-least":
            return info.run >= int(arg)
        if name == "your-turn":
            return self.st.turn_player == you
        if name == "opponents-turn":
            return self.st.turn_player == 1 - you
        if name == "using-situation":  # 505.2
            return bool(self.table.zones[you]["situation"])
        if name == "is-runner":  # 506.3
            return any(p and p[0] == card for p in self.pairs)
        if name == "is-guard":  # 506.4, 506.5
            return any(len(p) > 1 and p[1] == card for p in self.pairs)
        if name == "same-number":  # 515.1
            a, b = arg.split(",")
            return self.number(a, card, you, now) == self.number(b, card, you, now)
        raise ValueError(f"referee: unknown condition {cond!r}")

    def count(self, seat: int, zone: str) -> int:
        """The cards in a zone of ``seat`` (401.2b); ``areas``: the four
        distance areas together (403.2)."""
        if zone == "areas":
            return sum(len(self.table.zones[seat][a]) for a in AREAS)
        return len(self.table.zones[seat][zone])

    def number(self, what: str, card: int, you: int, now: dict[int, Now]) -> int:
        info = now[card]
        zones = self.table.zones
        values: dict[str, Callable[[], int]] = {
            "run": lambda: info.run,
            "guard": lambda: info.guard,
            "cost": lambda: info.cost,
            "hand": lambda: len(zones[you]["hand"]),
            "opponent-hand": lambda: len(zones[1 - you]["hand"]),
            "area": lambda: self.area_number(you),
            "opponent-area": lambda: self.area_number(1 - you),
            "run-count": lambda: int(self.st.run_count),
            "farm": lambda: len(zones[you]["farm"]),
            "opponent-farm": lambda: len(zones[1 - you]["farm"]),
        }
        return values[what]()

    def all_hold(
        self, when: Iterable[str], unless: Iterable[str], card: int, you: int, now: dict[int, Now]
    ) -> bool:
        """803.3: valid only while every ``when`` holds; 803.2: not while an ``unless`` does."""
        return all(self.holds(c, card, you, now) for c in when) and not any(
            self.holds(c, card, you, now) for c in unless
        )

    # --- the continuous effects that exist now (802.1b, 803.4, 808.2) --------

    def valid_zone(self, card: int) -> bool:
        """803.4b-d: where a card's abilities are valid."""
        c = self.cards[card]
        zone = self.zone(card)
        if c.kind == "horse":
            return zone == "run"  # 803.4b
        if c.kind == "support":
            return c.timing == "situation" and zone == "situation"  # 803.4c
        if c.kind == "force":
            return zone == "resolution"  # 803.4d
        return False

    def continuous_effects(self) -> list[Cont]:
        out: list[Cont] = []
        for card in range(len(self.cards)):
            if not self.valid_zone(card):
                continue
            stamp = self.table.entered.get(card, 0)  # 808.1h-i
            for i, ability in enumerate(self.cards[card].abilities):
                if ability.type != "continuous":
                    continue
                for j, effect in enumerate(ability.do):
                    if effect.effect not in STEP_OF:
                        continue  # forbid, require: no card information
                    out.append(
                        Cont(effect, self.user(card), card, stamp, (0, card, i, j), ability, i)
                    )
        lasting: Iterable[Lasting] = getattr(self.st.ab, "lasting", ()) or ()
        for k, made in enumerate(lasting):
            if made.effect.effect not in STEP_OF or not self.in_period(made):
                continue
            out.append(
                Cont(
                    made.effect, made.user, made.source, made.stamp, (1, k), None, -1,
                    made.targets, True,
                )
            )  # fmt: skip
        return out

    def in_period(self, made: Lasting) -> bool:
        """802.1b: a resolved effect lasts its stated period (``until``)."""
        if made.until == "turn":
            return bool(made.turn == self.st.turn)
        if made.until == "run-area":  # 1102.5: while its source is in the run area
            return self.zone(made.source) == "run"
        return True

    def moved_after(self, card: int, eff: Cont) -> bool:
        """808.2: a card that changed zones after the ability was played."""
        return eff.resolved and self.table.entered.get(card, 0) > eff.stamp

    # --- one effect: what it would do in a state ------------------------------

    def targets(self, eff: Cont, now: dict[int, Now]) -> list[int]:
        e = eff.effect
        if eff.targets is not None:
            cards = list(eff.targets)
        else:
            target = e.target or "this"
            if target == "this":
                cards = [eff.source]
            elif target == "your-run":
                cards = self.horses(eff.user, "run")
            elif target == "opponent-run":
                cards = self.horses(1 - eff.user, "run")
            elif target == "your-hand":
                cards = self.horses(eff.user, "hand")
            else:
                cards = []  # chosen / named / triggering without fixed targets
        cards = [c for c in cards if not self.moved_after(c, eff)]
        if e.only:  # read for the card it would apply to, at this point
            cards = [c for c in cards if self.holds(e.only, c, eff.user, now)]
        return cards

    def amount(self, eff: Cont, now: dict[int, Now]) -> int:
        e = eff.effect
        if not eff.resolved and e.per in ("run", "guard", "cost") and not self.per_ignored:
            return int(getattr(now[eff.source], e.per))
        return e.amount

    def plan(self, eff: Cont, now: dict[int, Now]) -> tuple[tuple[int, str, Any], ...]:
        """What ``eff`` would do if applied now: () when it does not apply."""
        seen = self.step_start if self.conditions_before_step else now
        if eff.ability is not None:
            # 808.1b: the ability must still be there; 803.2-803.3: its conditions
            if eff.ability not in now[eff.source].abilities:
                return ()
            if not self.all_hold(eff.ability.when, eff.ability.unless, eff.source, eff.user, seen):
                return ()
        e = eff.effect
        # 803.2: a part invalid under a condition "効果を発生することはありません" (makes no
        # effect): a continuous ability makes its effects all the time, so its effects'
        # own conditions are read now; a resolved ability made its effect once, when it
        # resolved (the docs: a play text's conditions are read then), so a resolved
        # effect's own conditions were read when it was made and are not read again.
        ignored = eff.resolved or (
            eff.ability is not None
            and (
                self.effect_conditions_ignored
                or (self.loss_conditions_ignored and STEP_OF[e.effect] == "b")
            )
        )
        if not ignored and not self.all_hold(e.when, e.unless, eff.source, eff.user, seen):
            return ()
        cards = self.targets(eff, now)
        value: Any
        if e.effect in ("style", "favourite"):
            value = e.value
        elif e.effect in ("lose-abilities", "no-force-abilities"):
            value = True
        else:
            value = self.amount(eff, now)
        return tuple((c, e.effect, value) for c in cards)

    def apply(self, plan: tuple[tuple[int, str, Any], ...], now: dict[int, Now]) -> dict[int, Now]:
        out = dict(now)
        for card, word, value in plan:
            info = out[card].copy()
            if word == "lose-abilities":
                info.abilities = ()
            elif word == "no-force-abilities":
                info.force_usable = False
            elif word == "style":
                info.styles = (value,)
            elif word == "favourite":
                if value not in info.favourites:
                    info.favourites = (*info.favourites, value)
            elif word == "run-set":
                info.run = value
            elif word == "guard-set":
                info.guard = value
            elif word == "run":
                info.run += value
            elif word == "guard":
                info.guard += value
            elif word == "cost":
                info.cost += value  # 103.2d: may go below 0 meanwhile
                if self.floor_each_step:
                    info.cost = max(0, info.cost)
            elif word == "style-step":  # 808.1f-i, kept in range
                moved = []
                for s in info.styles:
                    k = max(0, min(len(STYLES) - 1, STYLES.index(s) + value))
                    if STYLES[k] not in moved:
                        moved.append(STYLES[k])
                info.styles = tuple(moved)
            else:
                raise ValueError(word)
            out[card] = info
        return out

    # --- 808.1 ---------------------------------------------------------------

    def aptitude(self, now: dict[int, Now]) -> dict[int, Now]:
        """808.1d, 1002: every horse card, in every zone (1002.2)."""
        if not getattr(self.config, "aptitude", True):
            return now
        out = dict(now)
        for card in range(len(self.cards)):
            if self.cards[card].kind != "horse":
                continue
            info = now[card]
            you = self.user(card)
            delta = 0
            if not self.holds("favourite-surface", card, you, now):
                delta -= 1  # 1002.1a
            if not self.holds("favourite-distance", card, you, now):
                delta -= 1  # 1002.1b
            if self.holds("favourite-style-area", card, you, now):
                delta += 1  # 1002.1c
            if getattr(self.config, "favourite_conditions_bonus", False):
                # the setting's reading (not in 1002.1): +1 each for 508.4's favourites
                delta += self.holds("favourite-racecourse", card, you, now)
                delta += self.holds("favourite-going", card, you, now)
            if delta:
                info = info.copy()
                info.run += delta
                out[card] = info
        return out

    def depends(self, b: Cont, a: Cont, now: dict[int, Now]) -> bool:
        """808.1g: B depends on A when applying A first changes what B applies
        to or how B applies."""
        return self.plan(b, now) != self.plan(b, self.apply(self.plan(a, now), now))

    @staticmethod
    def reads_information(eff: Cont, step: str) -> bool:
        """Whether what ``eff`` does could change with the cards' information:
        in 808.1b an ability lost takes its effects away; otherwise only its
        conditions, its ``only`` and its ``per`` read information.  (A shortcut
        of 808.1g's test: an effect reading nothing depends on nothing.)"""
        if step == "b" and eff.ability is not None:
            return True
        e = eff.effect
        conditions = bool(e.when or e.unless) and not eff.resolved
        if eff.ability is not None:
            conditions = conditions or bool(eff.ability.when or eff.ability.unless)
        return conditions or bool(e.only) or (bool(e.per) and not eff.resolved)

    def read_cards(self, eff: Cont) -> set[int]:
        """Every card whose information ``eff``'s plan may read: its source
        (conditions, ``per``, its abilities), the cards it may apply to
        (``only``), and with a run-area subject (1102.1a) the run areas' horses.
        A shortcut of 808.1g's test: A cannot change B's plan without
        changing one of these."""
        cards = {eff.source}
        if eff.targets is not None:
            cards.update(eff.targets)
        else:
            target = eff.effect.target or "this"
            seat = {"your-run": eff.user, "opponent-run": 1 - eff.user, "your-hand": eff.user}
            if target in seat:
                zone = "hand" if target == "your-hand" else "run"
                cards.update(self.horses(seat[target], zone))
        conditions = [*eff.effect.when, *eff.effect.unless, eff.effect.only]
        if eff.ability is not None:
            conditions += [*eff.ability.when, *eff.ability.unless]
        if any("run." in c for c in conditions):
            cards.update(self.horses(0, "run") + self.horses(1, "run"))
        return cards

    def run_step(self, effects: list[Cont], now: dict[int, Now], step: str) -> dict[int, Now]:
        """One step of 808.1: 808.1g's dependencies (both orders tried, again
        after each effect applied), else 808.1h's timestamps.  Plans are kept
        while no card they read has changed (the same answer, computed once)."""
        self.step_start = now
        remaining = sorted(effects, key=lambda e: (e.stamp, e.order))  # 808.1h
        reads = {id(e): self.read_cards(e) for e in remaining}
        plans = {id(e): self.plan(e, now) for e in remaining}
        while remaining:
            chosen = remaining[0]
            readers = [b for b in remaining if self.reads_information(b, step)]
            if readers:
                after: dict[int, dict[int, Now]] = {}
                dependent = set()
                for b in readers:
                    for a in remaining:
                        touched = {c for c, _, _ in plans[id(a)]}
                        if a is b or touched.isdisjoint(reads[id(b)]):
                            continue  # A changes nothing B reads: B's plan is the same
                        if id(a) not in after:
                            after[id(a)] = self.apply(plans[id(a)], now)
                        if self.plan(b, after[id(a)]) != plans[id(b)]:
                            dependent.add(id(b))
                            break
                free = [e for e in remaining if id(e) not in dependent]
                chosen = (free or remaining)[0]
            remaining.remove(chosen)
            changed = {c for c, _, _ in plans[id(chosen)]}
            now = self.apply(plans[id(chosen)], now)
            for e in remaining:
                if not changed.isdisjoint(reads[id(e)]):
                    plans[id(e)] = self.plan(e, now)
        return now

    def infos(self) -> list[Info]:
        if self.subjects_read_final and self.final is None:
            first = Referee(
                self.st,
                floor_each_step=self.floor_each_step,
                conditions_before_step=self.conditions_before_step,
                effect_conditions_ignored=self.effect_conditions_ignored,
                per_ignored=self.per_ignored,
                loss_conditions_ignored=self.loss_conditions_ignored,
            )
            self.final = first.nows()
        return self.to_infos(self.nows())

    def nows(self) -> dict[int, Now]:
        now: dict[int, Now] = {}
        for card, c in enumerate(self.cards):  # 808.1a
            now[card] = Now(
                c.cost, c.surfaces, c.distances, c.styles, c.favourites, c.run, c.guard,
                c.abilities,
            )  # fmt: skip
        effects = self.continuous_effects()
        for step in STEPS:
            if step == "e":
                now = self.aptitude(now)  # 808.1d comes between c and e
            mine = [e for e in effects if STEP_OF[e.effect.effect] == step]
            now = self.run_step(mine, now, step)
        return now

    def to_infos(self, now: dict[int, Now]) -> list[Info]:
        out = []
        for card in range(len(self.cards)):
            i = now[card]
            cost = max(0, i.cost) if COST_FLOOR_AT_END else i.cost
            out.append(
                Info(
                    cost, i.surfaces, i.distances, i.styles, i.favourites, i.run, i.guard,
                    i.abilities, i.force_usable,
                )
            )  # fmt: skip
        return out


def referee_infos(st: Any, **reading: bool) -> list[Info]:
    """Every card's information now, by the referee (808); ``reading``: a
    known wrong reading of the engine's instead (``Referee``'s keywords)."""
    return Referee(st, **reading).infos()

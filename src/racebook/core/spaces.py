"""Integer action spaces, chance outcome ids and observation tensors.

What learning and search libraries (OpenSpiel, PettingZoo) need from a game,
in pure Python (no numpy: tensors are flat lists of floats; the adapters in
:mod:`racebook.adapters` convert them):

* an :class:`ActionSpace`: every action that can ever be legal in a game and
  variant, numbered ``0 .. size-1``.  It is built from an ordered list of
  :class:`ActionTable` s, one per action kind, each listing the action's
  fields (after ``seat``) in a fixed order: an action's id is its table's
  start plus its row.  The ids do not depend on the seat (the seat acting is
  known from the state), and new action kinds are only ever *appended* as new
  tables, so the ids of existing actions stay the same across library
  versions (tests pin a few per game);
* a :class:`ChanceNode` for every chance node: its outcomes as small integer
  ids with their probabilities, drawn in steps (a shuffle of 48 cards is 48
  draws, one card at a time, with probability *copies left / cards left*),
  the same distribution as the state's own sampler and as the log records
  (the whole shuffle is one log line: :meth:`ChanceNode.action`);
* an :class:`Observation`: a flat numeric tensor built from what one seat may
  see (:meth:`~racebook.core.game.State.view`), made of named segments whose
  sizes depend only on the game's config, so the shape is fixed per game.
"""

from __future__ import annotations

import abc
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from racebook.core.values import Action

_CACHED = 1 << 16
"""Actions an :class:`ActionSpace` remembers (by identity, and made from ids)."""
MAX_ACTIONS = 1_000_000
"""An action space has at most this many ids (a config that would need more is
refused when the space is built)."""


@attrs.frozen
class ActionTable:
    """One action kind's rows: ``action`` (the class) and ``rows``, each the
    values of the action's fields after ``seat``, in declaration order."""

    action: type[Action]
    rows: tuple[tuple[Any, ...], ...]


class ActionSpace:
    """Every action a game and variant may ever make legal, numbered.

    >>> from racebook.games.longshot import Pass
    >>> space = ActionSpace([ActionTable(Pass, ((),))])
    >>> space.size, space.id(Pass(3)), space.action(0, 1)
    (1, 0, Pass(seat=1))
    """

    def __init__(self, tables: Sequence[ActionTable]) -> None:
        self.tables = tuple(tables)
        self._index: dict[tuple[Any, ...], int] = {}
        self._rows: list[tuple[type[Action], tuple[Any, ...]]] = []
        self.kinds: list[tuple[str, int, int]] = []
        """``(kind, first id, how many)`` per table, in id order."""
        for table in self.tables:
            start = len(self._rows)
            for row in table.rows:
                key = (table.action, *row)
                if key in self._index:
                    raise ValueError(f"{table.action.kind} {row} is listed twice")
                self._index[key] = len(self._rows)
                self._rows.append((table.action, row))
            self.kinds.append((table.action.kind, start, len(table.rows)))
            if len(self._rows) > MAX_ACTIONS:
                raise ValueError(f"more than {MAX_ACTIONS:,} actions")
        self._fields: dict[type[Action], tuple[str, ...]] = {
            t.action: tuple(f.name for f in attrs.fields(t.action))[1:] for t in self.tables
        }
        self._by_object: dict[int, tuple[Action, int]] = {}
        self._made: dict[int, list[Action | None]] = {}  # by seat, by id

    @property
    def size(self) -> int:
        """How many ids (OpenSpiel's ``num_distinct_actions``)."""
        return len(self._rows)

    def id(self, action: Action) -> int:
        """The id of ``action`` (whatever its seat); :class:`ValueError` if the
        space does not hold it."""
        # games hand out the same (interned) action objects again and again:
        # known by identity first, with the object kept so that its id() stays its own
        seen = self._by_object.get(id(action))
        if seen is not None and seen[0] is action:
            return seen[1]
        cls = type(action)
        names = self._fields.get(cls)
        found = None
        if names is not None:
            found = self._index.get((cls, *(getattr(action, n) for n in names)))
        if found is None:
            raise ValueError(f"{action} is not in this game's action space")
        if len(self._by_object) >= _CACHED:
            self._by_object.clear()
        self._by_object[id(action)] = (action, found)
        return found

    def action(self, i: int, seat: int) -> Action:
        """The action of id ``i`` made by ``seat``."""
        made = self._made.get(seat)
        if made is None:
            made = self._made[seat] = [None] * len(self._rows)
        if type(i) is int and 0 <= i < len(made):
            action = made[i]
            if action is not None:
                return action
        if not 0 <= i < len(self._rows):
            raise ValueError(f"no action id {i} (0..{len(self._rows) - 1})")
        cls, row = self._rows[i]
        action = made[i] = cls(seat, *row)
        if len(self._by_object) >= _CACHED:
            self._by_object.clear()
        self._by_object[id(action)] = (action, i)
        return action

    def describe(self, i: int) -> str:
        """A short text for id ``i``: its kind and field values."""
        cls, row = self._rows[i]
        names = self._fields[cls]
        fields = ", ".join(f"{n}={_text(v)}" for n, v in zip(names, row, strict=True))
        return f"{cls.kind}({fields})"


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return "(" + " ".join(_text(v) for v in value) + ")"
    return str(value)


# -- chance ---------------------------------------------------------------------------


Outcomes = list[tuple[int, float]]
"""Outcome ids with their probabilities (summing to 1)."""


class ChanceNode(abc.ABC):
    """A chance node's outcome drawn in one or more steps.

    :meth:`outcomes` gives the next step's outcome ids and probabilities given
    the ids ``drawn`` so far at this node (``None`` once complete), and
    :meth:`action` the chance action the completed draws make."""

    @abc.abstractmethod
    def outcomes(self, drawn: Sequence[int]) -> Outcomes | None:
        """The next step's outcome ids and probabilities after ``drawn``
        (``None``: the draw is complete)."""

    @abc.abstractmethod
    def action(self, drawn: Sequence[int]) -> Action:
        """The chance action the complete draw ``drawn`` makes."""

    def describe(self, drawn: Sequence[int], outcome: int) -> str:
        """A short text for the next step's ``outcome`` after ``drawn`` (what
        OpenSpiel's ``action_to_string`` shows for chance)."""
        return f"outcome {outcome}"

    def drawn_of(self, action: Action) -> list[int] | None:
        """The outcome ids whose draws make ``action`` (:meth:`action`'s
        inverse), ``None`` where the node cannot tell them."""
        return None


class Enumerated(ChanceNode):
    """One step: outcome ``i`` is the ``i``-th ``(action, probability)`` pair."""

    def __init__(self, outcomes: Sequence[tuple[Action, float]]) -> None:
        self.listed = list(outcomes)

    def outcomes(self, drawn: Sequence[int]) -> Outcomes | None:
        if drawn:
            return None
        return [(i, p) for i, (_, p) in enumerate(self.listed) if p > 0]

    def action(self, drawn: Sequence[int]) -> Action:
        return self.listed[drawn[0]][0]

    def describe(self, drawn: Sequence[int], outcome: int) -> str:
        return str(self.listed[outcome][0])

    def drawn_of(self, action: Action) -> list[int] | None:
        for i, (listed, p) in enumerate(self.listed):
            if p > 0 and listed == action:
                return [i]
        return None


class Draws(ChanceNode):
    """Draws without replacement from one bag after another: ``bags`` is a list
    of ``(items, count)`` (``items`` a multiset of ids, ``count`` how many are
    drawn from it, in order); a step's outcomes are the distinct ids left in
    the current bag, each with probability *copies left / items left*, so a
    full draw is a uniform shuffle (of a multiset).  ``build`` makes the
    action from the ids drawn from each bag; ``name`` (optional) names an id
    of a bag, ``name(bag, id)``, for :meth:`describe`; ``unbuild``
    (optional) is ``build``'s inverse, the ids drawn from each bag, for
    :meth:`drawn_of`."""

    def __init__(
        self,
        bags: Sequence[tuple[Sequence[int], int]],
        build: Callable[[list[list[int]]], Action],
        name: Callable[[int, int], str] | None = None,
        unbuild: Callable[[Action], list[list[int]]] | None = None,
    ) -> None:
        self.bags = [(list(items), count) for items, count in bags]
        self.build = build
        self.name = name
        self.unbuild = unbuild
        # the last step's bag, its draws and what they left (a step that
        # adds one draw to them takes that one off, not every draw again)
        self._left: tuple[int, list[int], Counter[int]] | None = None

    def drawn_of(self, action: Action) -> list[int] | None:
        if self.unbuild is None:
            return None
        try:
            parts = self.unbuild(action)
        except ValueError:  # not an action of this node
            return None
        drawn = [x for part in parts for x in part]
        return drawn if self.action(drawn) == action else None

    def describe(self, drawn: Sequence[int], outcome: int) -> str:
        start = 0
        for bag, (_, count) in enumerate(self.bags):
            if len(drawn) < start + count:
                named = str(outcome) if self.name is None else self.name(bag, outcome)
                where = f" of bag {bag + 1}" if len(self.bags) > 1 else ""
                return f"draw {len(drawn) - start + 1}{where}: {named}"
            start += count
        return f"outcome {outcome}"

    def _split(self, drawn: Sequence[int]) -> list[list[int]]:
        out: list[list[int]] = []
        at = 0
        for _, count in self.bags:
            out.append(list(drawn[at : at + count]))
            at += count
        return out

    def outcomes(self, drawn: Sequence[int]) -> Outcomes | None:
        start = 0
        for bag, (items, count) in enumerate(self.bags):
            if len(drawn) < start + count:
                taken = list(drawn[start:])
                last = self._left
                if last is not None and last[0] == bag and taken == last[1]:
                    left = last[2]  # the same step asked again (OpenSpiel asks twice)
                elif (
                    last is not None
                    and last[0] == bag
                    and len(taken) == len(last[1]) + 1
                    and taken[:-1] == last[1]
                ):
                    left = last[2]
                    left[taken[-1]] -= 1
                else:
                    left = Counter(items)
                    left.subtract(taken)
                self._left = (bag, taken, left)
                total = len(items) - len(taken)
                return [(x, n / total) for x, n in sorted(left.items()) if n > 0]
            start += count
        return None

    def action(self, drawn: Sequence[int]) -> Action:
        return self.build(self._split(drawn))


def shuffle(
    items: Iterable[int],
    build: Callable[[list[int]], Action],
    name: Callable[[int], str] | None = None,
    unbuild: Callable[[Action], list[int]] | None = None,
) -> Draws:
    """A uniform shuffle of the multiset ``items``: every item drawn in turn
    (``name`` names an item for :meth:`Draws.describe`; ``unbuild``, the
    items in the order ``build`` was given them, for :meth:`Draws.drawn_of`)."""
    listed = list(items)
    named = None if name is None else (lambda _bag, x: name(x))
    back = None if unbuild is None else (lambda action: [unbuild(action)])
    return Draws([(listed, len(listed))], lambda parts: build(parts[0]), named, back)


def chance_probabilities(node: ChanceNode, drawn: Sequence[int]) -> dict[int, float]:
    """The next step's outcomes of ``node`` as a dict (empty when complete)."""
    found = node.outcomes(drawn)
    return {} if found is None else dict(found)


# -- observations --------------------------------------------------------------------


class Observation:
    """A flat tensor built segment by segment: each :meth:`add` names a segment
    (its layout is the list of ``(name, size)``)."""

    def __init__(self) -> None:
        self.values: list[float] = []
        self.layout: list[tuple[str, int]] = []

    def add(self, name: str, values: Iterable[float]) -> None:
        """A segment of plain numbers."""
        before = len(self.values)
        self.values.extend(map(float, values))  # map: a third of a generator's cost
        self.layout.append((name, len(self.values) - before))

    def _floats(self, name: str, seg: list[float]) -> None:
        """A segment already of floats (no conversion)."""
        self.values.extend(seg)
        self.layout.append((name, len(seg)))

    def one_hot(self, name: str, size: int, index: int | None) -> None:
        """A segment of ``size`` zeros with a 1 at ``index`` (none if ``None`` or
        out of range)."""
        seg = [0.0] * size
        if index is not None and 0 <= index < size:
            seg[index] = 1.0
        self._floats(name, seg)

    def counts(self, name: str, size: int, items: Iterable[int]) -> None:
        """A segment of ``size`` counters: how many of ``items`` equal each index."""
        seg = [0.0] * size
        for x in items:
            if 0 <= x < size:
                seg[x] += 1.0
        self._floats(name, seg)


def layout_text(layout: Sequence[tuple[str, int]]) -> str:
    """A layout as ``name [start:end]`` lines (for docs and error messages)."""
    lines, at = [], 0
    for name, size in layout:
        lines.append(f"{name} [{at}:{at + size}]")
        at += size
    return "\n".join(lines)

"""The racebook state inside an OpenSpiel state (for
:mod:`racebook.adapters.openspiel`): what the adapter keeps beside it, its
tensors made once a version, its copies and its pickled form."""

from __future__ import annotations

from typing import Any

import numpy as np

import racebook
from racebook.adapters.openspiel_observer import event_id
from racebook.adapters.tensors import tensor_array
from racebook.core.game import State
from racebook.core.spaces import ChanceNode

_Undo = tuple[int, list[int], "int | None", "_Undo | None"]
"""An undo record: the racebook log's length, the draws of the chance node
and the arrival's seat before an action, and the records before it."""


class _Holder:
    """The racebook state inside an OpenSpiel state, with what the adapter
    keeps beside it: the chance node being drawn, the arrival's seat, the
    history of OpenSpiel actions (for :meth:`RacebookState.undo_action`) and
    each seat's information-state string so far.

    OpenSpiel clones states with ``copy.deepcopy``; this copies the state with
    :meth:`~racebook.core.game.State.clone` and shares the immutable game, the
    undo records (a linked list) and ``base``, the state undoing starts from
    (``None``: a new game; a resampled state is its own base)."""

    shared = False
    """The start every new state of a game shares until its first action
    (:meth:`RacebookState._own` copies it then): never changed."""

    def __init__(self, state: State[Any, Any, Any]) -> None:
        self.state = state
        self.node: ChanceNode | None = None
        self.drawn: list[int] = []
        self.actor: int | None = None
        self.history: list[tuple[int, int]] = []
        self.undo: _Undo | None = None
        self.base: State[Any, Any, Any] | None = None
        self.world = False
        """Resampled (:meth:`RacebookState.resample_from_infostate`): the
        racebook state's hidden data was drawn anew, so its log no longer
        replays to it, and it travels as the state itself."""
        self.seen: dict[int | None, tuple[int, str]] = {}
        self.names: tuple[ChanceNode, int, dict[int, str]] | None = None
        # each seat's tensor, kept while the racebook state is unchanged
        self.tensors: dict[int | None, list[float]] = {}
        self.tensors_of: tuple[State[Any, Any, Any] | None, int] = (None, -1)
        # the same as float32 arrays, as given or squashed: (seat, squashed)
        self.arrays: dict[tuple[int | None, bool], Any] = {}
        # each seat's counts of its own actions (the information state's
        # recall), with the undo record and history length they count to
        self.own: dict[int, tuple[_Undo | None, int, Any]] = {}

    def tensor(self, seat: int | None) -> list[float]:
        """The racebook state's observation tensor of ``seat``, made once
        for each version of the state (OpenSpiel asks for it again and again:
        for the observation, the information state, each player in turn)."""
        state = self.state
        if self.tensors_of[0] is not state or self.tensors_of[1] != state._version:
            self.tensors, self.arrays = {}, {}
            self.tensors_of = (state, state._version)
        found = self.tensors.get(seat)
        if found is None:
            found = self.tensors[seat] = state.observation_tensor(seat)
        return found

    def array(self, seat: int | None, squashed: bool) -> Any:
        """:meth:`tensor` as a float32 array (not to be changed), squashed
        (``x / (1 + x)``, a negative value as 0) if asked, made once for
        each version of the state."""
        state = self.state
        if self.tensors_of[0] is not state or self.tensors_of[1] != state._version:
            self.tensors, self.arrays = {}, {}
            self.tensors_of = (state, state._version)
        found = self.arrays.get((seat, squashed))
        if found is not None:
            return found
        listed = self.tensors.get(seat)
        # written by the game into the array where it can (no list between)
        values = tensor_array(state, seat) if listed is None else np.array(listed, np.float32)
        if squashed:
            np.maximum(values, 0.0, out=values)
            values /= 1.0 + values
        self.arrays[seat, squashed] = values
        return values

    def own_actions(self, player: int, size: int) -> Any:
        """How many times ``player`` has made each action id (``size`` ids),
        a float32 array (not to be changed): counted once, then each call
        adds only the action since the last (an undo or another history
        counts again from the start)."""
        undo, history = self.undo, self.history
        found = self.own.get(player)
        if found is not None and found[0] is undo and found[1] == len(history):
            return found[2]
        if (
            found is not None
            and undo is not None
            and undo[3] is found[0]
            and (found[1] + 1 == len(history))
        ):
            counts = found[2].copy()
            p, a = history[-1]
            if p == player:
                counts[a] += 1
        else:
            counts = np.zeros(size, np.float32)
            for p, a in history:
                if p == player:
                    counts[a] += 1
        self.own[player] = (undo, len(history), counts)
        return counts

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        other = _Holder(self.state.clone())
        other.drawn = list(self.drawn)
        other.actor = self.actor
        other.history = list(self.history)
        other.undo = self.undo
        other.base = self.base
        other.world = self.world
        other.seen = dict(self.seen)
        # a chance node may hold the state it was made from: made anew when needed
        return other

    def __getstate__(self) -> dict[str, Any]:
        # OpenSpiel serializes a Python state by pickling its attributes: the
        # racebook state goes as its log (full information), replayed on load;
        # a resampled state, whose log no longer replays to it, as itself
        # (with the state undoing starts from).  The undo stack is not kept.
        data: dict[str, Any] = {
            "drawn": self.drawn,
            "actor": self.actor,
            "history": self.history,
        }
        if self.world:
            data["world"] = (self.state, self.base)
        else:
            data["log"] = self.state.log.dumps()
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        world = data.get("world")
        self.world = world is not None
        if world is not None:
            self.state, base = world
        else:
            self.state = racebook.replay(data["log"])
            base = self.state.clone()  # undoing starts here: not the state played on
        self.node = None
        self.drawn = list(data["drawn"])
        self.actor = data["actor"]
        self.history = [(int(p), int(a)) for p, a in data.get("history", [])]
        self.undo = None
        self.base = base
        self.seen = {}
        self.names = None
        self.tensors, self.tensors_of = {}, (None, -1)
        self.arrays, self.own = {}, {}

    def info_events(self, seat: int | None) -> str:
        """The events ``seat`` has seen, an id each
        (:func:`~racebook.adapters.openspiel_observer.event_id`), made once:
        each call adds only the events since the last."""
        groups = self.state._events
        done, text = self.seen.get(seat, (0, ""))
        if done > len(groups):
            done, text = 0, ""
        if done < len(groups):
            ids = [event_id(e) for group in groups[done:] for e in group if e.visible_to(seat)]
            text += "".join(ids)
            self.seen[seat] = (len(groups), text)
        return text

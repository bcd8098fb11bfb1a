"""OpenSpiel's Python observer of a racebook game (the ``[openspiel]`` extra;
:mod:`racebook.adapters.openspiel` makes it for ``make_py_observer``)."""

from __future__ import annotations

import base64
import functools
import hashlib
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from racebook.core.game import Game

if TYPE_CHECKING:
    from racebook.adapters.openspiel import RacebookState


EVENT_ID_CHARS = 8
"""The characters of an event's id in an information-state string."""


@functools.lru_cache(maxsize=1 << 16)
def _text_id(text: str) -> str:
    digest = hashlib.blake2b(text.encode(), digest_size=EVENT_ID_CHARS * 3 // 4).digest()
    return base64.b64encode(digest, b"-_").decode()


def event_id(event: Any) -> str:
    """An event's id in information-state strings: 8 characters of a hash
    of its text (48 bits: two distinct events of a game share an id with a
    chance of about one in 10**14), the same in every process."""
    return _text_id(repr(event))


def text_id(text: str) -> str:
    """The same id (:func:`event_id`) of a text: the seat's view in an
    information-state string."""
    return _text_id(text)


class RacebookObserver:
    """OpenSpiel's Python observer for an observation type
    (``pyspiel.IIGObservationType``):

    * the default (``private_info=SINGLE_PLAYER``, no perfect recall): the
      seat's tensor and text picture;
    * ``perfect_recall=True`` (the information state): the seat's tensor
      followed by ``own_actions``, how many times the seat has made each
      action id; the string is compact: the seat, an 8-character id of its
      view and one of every event it has seen, in order
      (:func:`~racebook.adapters.openspiel_observer.event_id`), not their text;
    * ``private_info=NONE`` (public information only): what a spectator sees
      (:meth:`~racebook.core.game.State.view` of ``None``), whatever the
      player; with perfect recall the string holds the public events' ids.

    Other types (every player's private information, or private information
    without the public) raise :class:`ValueError`.  ``squashed`` (the game's
    ``observation="squashed"`` parameter) gives each value ``x`` as
    ``x / (1 + x)`` in [0, 1] (a negative value as 0), as the PettingZoo and
    Gymnasium environments do.
    """

    def __init__(
        self, game: Game[Any, Any], iig_obs_type: Any = None, *, squashed: bool = False
    ) -> None:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        public = True
        if iig_obs_type is not None:
            private, public = iig_obs_type.private_info, bool(iig_obs_type.public_info)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("racebook observers: no view holds every player's private information")
        if not public:
            raise ValueError("racebook observers: private information comes with the public")
        self.perfect_recall = perfect_recall
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        size = game.observation_shape[0]
        recall = game.num_distinct_actions if perfect_recall and not self.public_only else 0
        self.tensor = np.zeros(size + recall, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor[:size]}
        if recall:
            self.dict["own_actions"] = self.tensor[size:]
        self._size = size
        self.squashed = squashed

    def set_from(self, state: RacebookState, player: int) -> None:
        # from the parts the state's holder keeps: the seat's tensor made
        # once a version (squashed there: x / (1 + x), as the PettingZoo
        # environment gives it) and the counts of its own actions, kept as
        # the history grows
        h = state._h
        seat = None if self.public_only else player
        self.tensor[: self._size] = h.array(seat, self.squashed)
        if self.perfect_recall and not self.public_only:
            own = h.own_actions(player, len(self.tensor) - self._size)
            if self.squashed:
                self.tensor[self._size :] = own / (1.0 + own)
            else:
                self.tensor[self._size :] = own

    def string_from(self, state: RacebookState, player: int) -> str:
        h = state._h
        seat = None if self.public_only else player
        text = h.state.render(seat)
        if self.perfect_recall:
            # compact: the seat, an id of its view and an id per event it saw
            who = "public" if seat is None else f"p{seat}"
            return f"{who} {text_id(text)} {h.info_events(seat)}"
        return text

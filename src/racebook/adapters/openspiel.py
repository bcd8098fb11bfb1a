"""Every racebook game as an OpenSpiel Python game (the ``[openspiel]`` extra).

>>> import pyspiel
>>> from racebook.adapters.openspiel import register
>>> names = register()
>>> game = pyspiel.load_game("racebook_trickrace")
>>> game.num_players(), game.num_distinct_actions()
(4, 149)

Each game id ``g`` is registered as ``racebook_g`` with the parameters
``preset`` (a preset name, by default the game's own) and ``settings`` (a
JSON object of config overrides, ``'{"players": 4}'``), and ``returns``:

* ``"places"`` (the default): each player's return is ``1 - 2 * (place - 1)
  / (players - 1)`` from the result's ``places`` (1 for a
  winner, -1 for the last place), a seat that is not scored (Ready Set Bet's
  host chair) gets 0;
* ``"scores"``: the final scores (money or points) as they are.

How the game maps onto OpenSpiel:

* actions are the game's integer ids (:attr:`~racebook.core.game.Game.action_space`);
* chance is explicit (``EXPLICIT_STOCHASTIC``): every chance node of the game
  is played as the steps of its :class:`~racebook.core.spaces.ChanceNode`
  (a shuffle one card at a time), each with its probabilities, and the whole
  outcome is applied to the racebook state once drawn;
* several seats acting at once (Ready Set Bet's real-time betting, Horse
  Racing Mafia's quinella bets) are *sequentialised*: an extra chance node
  (the *arrival*) picks which of the seats in ``to_act`` acts next, each with
  the same probability, as :func:`racebook.simulate` does; its outcome id is
  the seat.  What the others do meanwhile stays as hidden as the game makes
  it (face-down quinellas are in no other seat's view);
* observations: ``observation_string`` is the seat's text picture
  (:meth:`~racebook.core.game.State.render`), ``observation_tensor`` the
  game's tensor (:meth:`~racebook.core.game.State.observation_tensor`),
  ``information_state_string`` the picture with every event the seat has
  seen.  There is no information-state tensor.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(
        "racebook.adapters.openspiel needs OpenSpiel: pip install 'racebook[openspiel]'"
    ) from exc

import racebook
from racebook.core.game import CHANCE, Game, State
from racebook.core.registry import registered_games
from racebook.core.spaces import ChanceNode

PREFIX = "racebook_"
_KEPT: list[type[Any]] = []
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
MAX_GAME_LENGTH = 1_000_000
"""OpenSpiel's ``max_game_length``: a bound, not an estimate (chance steps count)."""


def _game_type(game_id: str, title: str) -> Any:
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"racebook {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=16,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": game_id, "settings": "{}", "returns": "places"},
    )


class RacebookGame(pyspiel.Game):  # type: ignore[misc]
    """A racebook game as an OpenSpiel game (see the module text)."""

    GAME_ID = ""
    """The game id of a registered subclass."""

    def __init__(self, params: dict[str, Any] | None = None, *, game_id: str = "") -> None:
        params = dict(params or {})
        game_id = game_id or self.GAME_ID
        preset = str(params.get("preset", game_id))
        settings = json.loads(str(params.get("settings", "{}")))
        self.returns_kind = str(params.get("returns", "places"))
        if self.returns_kind not in ("places", "scores"):
            raise ValueError(f"returns: 'places' or 'scores', not {self.returns_kind!r}")
        self.rb: Game[Any, Any] = racebook.load(preset, **settings)
        rb = self.rb
        if self.returns_kind == "places":
            low, high = -1.0, 1.0
        else:
            low, high = -1e12, 1e12
        info = pyspiel.GameInfo(
            num_distinct_actions=rb.num_distinct_actions,
            max_chance_outcomes=max(rb.num_chance_outcomes, rb.seats),
            num_players=rb.seats,
            min_utility=low,
            max_utility=high,
            max_game_length=MAX_GAME_LENGTH,
        )
        game_type = _game_type(game_id or rb.id, rb.title)
        super().__init__(game_type, info, {**params, "preset": preset})

    @property
    def racebook_players(self) -> int:
        """The seats that play and are scored (OpenSpiel's players may add a
        seat that acts without playing: Ready Set Bet's host chair)."""
        return self.rb.players

    def new_initial_state(self) -> RacebookState:
        return RacebookState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RacebookObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return RacebookObserver(self.rb, perfect_recall)


class _Holder:
    """The racebook state inside an OpenSpiel state: OpenSpiel clones states
    with ``copy.deepcopy``; this copies the state with
    :meth:`~racebook.core.game.State.clone` and shares the immutable game."""

    def __init__(self, state: State[Any, Any, Any]) -> None:
        self.state = state
        self.node: ChanceNode | None = None
        self.drawn: list[int] = []
        self.actor: int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        other = _Holder(self.state.clone())
        other.drawn = list(self.drawn)
        other.actor = self.actor
        # a chance node may hold the state it was made from: made anew when needed
        return other

    def __getstate__(self) -> dict[str, Any]:
        # OpenSpiel serializes a Python state by pickling its attributes: the
        # racebook state goes as its log (full information), replayed on load
        return {"log": self.state.log.dumps(), "drawn": self.drawn, "actor": self.actor}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.state = racebook.replay(data["log"])
        self.node = None
        self.drawn = list(data["drawn"])
        self.actor = data["actor"]


class RacebookState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a racebook state (made with explicit chance)."""

    def __init__(self, game: RacebookGame) -> None:
        super().__init__(game)
        self._returns_kind = game.returns_kind
        self._h = _Holder(game.rb.new_state(explicit_chance=True))
        self._settle()

    @property
    def _rb_game(self) -> Game[Any, Any]:
        return self._h.state.game

    @property
    def racebook_state(self) -> State[Any, Any, Any]:
        """The racebook state (not to be changed from outside)."""
        return self._h.state

    def _node(self) -> ChanceNode:
        h = self._h
        if h.node is None:
            h.node = h.state.chance_node()
        return h.node

    def _settle(self) -> None:
        """Apply chance nodes that draw nothing (an empty deal) at once."""
        h = self._h
        while not h.state.is_over and h.state.to_act == (CHANCE,) and not h.drawn:
            node = self._node()
            if node.outcomes([]) is not None:
                return
            h.state.apply(node.action([]))
            h.node = None

    def _arrival(self) -> bool:
        h = self._h
        return h.actor is None and len(h.state.to_act) > 1

    def current_player(self) -> int:
        h = self._h
        if h.state.is_over:
            return _TERMINAL
        to_act = h.state.to_act
        if to_act[0] == CHANCE:
            return _CHANCE
        if h.actor is not None:
            return h.actor
        return to_act[0] if len(to_act) == 1 else _CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        return self._h.state.legal_action_ids(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        h = self._h
        if self._arrival():
            seats = sorted(h.state.to_act)
            return [(s, 1 / len(seats)) for s in seats]
        found = self._node().outcomes(h.drawn)
        assert found is not None
        return found

    def _apply_action(self, action: int) -> None:
        h = self._h
        if self._arrival():
            h.actor = action
            return
        if h.state.to_act == (CHANCE,):
            h.drawn.append(action)
            node = self._node()
            if node.outcomes(h.drawn) is None:
                h.state.apply(node.action(h.drawn))
                h.node, h.drawn = None, []
                self._settle()
            return
        seat = self.current_player()
        h.state.apply_id(int(action), seat)  # checked once: by the mask, or here
        h.actor = None
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            if self._arrival():
                return f"arrival: seat {action}"
            return f"chance outcome {action}"
        return self._rb_game.action_space.describe(action)

    def is_terminal(self) -> bool:
        return self._h.state.is_over

    def returns(self) -> list[float]:
        rb = self._rb_game
        result = self._h.state.result
        out = [0.0] * rb.seats
        if result is None:
            return out
        n = rb.players
        for s in range(n):
            if self._returns_kind == "scores":
                out[s] = float(result.scores[s])
            else:
                out[s] = 1.0 - 2.0 * (result.places[s] - 1) / max(1, n - 1)
        return out

    def __str__(self) -> str:
        h = self._h
        text = h.state.render(None)
        if h.drawn:
            text += f"\n(chance: {len(h.drawn)} outcomes drawn of this node)"
        return text


class RacebookObserver:
    """OpenSpiel's Python observer: the seat's tensor and strings."""

    def __init__(self, game: Game[Any, Any], perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else game.observation_shape[0]
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RacebookState, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = state.racebook_state.observation_tensor(player)

    def string_from(self, state: RacebookState, player: int) -> str:
        rb = state.racebook_state
        if self.perfect_recall:
            return rb.information_state_string(player)
        return rb.observation_string(player)


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register ``racebook_<id>`` with OpenSpiel for each game (all by default);
    returns the names (registering twice is harmless)."""
    names = []
    for game_id in game_ids or registered_games():
        name = PREFIX + game_id
        if name not in pyspiel.registered_names():
            title = racebook.load(game_id).title
            # a class, kept here for good: OpenSpiel's registry outlives the
            # interpreter, and a plain function freed at exit aborts it
            cls = type(f"RacebookGame_{game_id}", (RacebookGame,), {"GAME_ID": game_id})
            _KEPT.append(cls)
            pyspiel.register_game(_game_type(game_id, title), cls)
        names.append(name)
    return names


def load(game_id: str, *, returns: str = "places", **settings: Any) -> RacebookGame:
    """An OpenSpiel game for ``game_id`` (a game id or preset) with config
    ``settings``; registers it first.

    >>> load("longshot", players=4).num_players()
    4
    """
    base = racebook.load(game_id).id
    register([base])
    params = {"preset": game_id, "settings": json.dumps(settings), "returns": returns}
    game = pyspiel.load_game(PREFIX + base, params)
    assert isinstance(game, RacebookGame)
    return game

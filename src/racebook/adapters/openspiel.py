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
  seen;
* ``max_game_length`` (every action counts: the players', each chance step
  and each arrival) and, with ``returns="scores"``, ``min_utility`` and
  ``max_utility`` are bounds derived from the config and rules
  (:mod:`racebook.adapters.bounds`), or caps where a game has none (Force of
  the Horse's length, a config with a house rule module).
"""

from __future__ import annotations

import copy
import functools
import json
import random
import typing
from typing import Any

try:
    import numpy  # noqa: F401  (the observer's tensors)
    import pyspiel
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(
        "racebook.adapters.openspiel needs OpenSpiel: pip install 'racebook[openspiel]'"
    ) from exc

import racebook
from racebook.adapters.bounds import game_facts, place_returns
from racebook.adapters.openspiel_observer import RacebookObserver
from racebook.adapters.openspiel_params import (
    NONE_INT as _NONE_INT,
)
from racebook.adapters.openspiel_params import (
    _canonical,
    _decode,
    _encode,
    _fields,
    _parameter_specification,
)
from racebook.adapters.openspiel_state import _Holder
from racebook.core.game import CHANCE, Game, State
from racebook.core.registry import presets, registered_games
from racebook.core.spaces import ChanceNode

PREFIX = "racebook_"
_KEPT: list[type[Any]] = []
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
MAX_TRIED_PLAYERS = 16
"""The most players :func:`seat_range` tries."""
NONE_INT = _NONE_INT
"""The value of an ``int | None`` setting's parameter that stands for ``None``
(:mod:`racebook.adapters.openspiel_params` encodes the settings)."""


@functools.cache
def seat_range(game_id: str) -> tuple[int, int]:
    """The fewest and most OpenSpiel players (seats) of the game: the player
    counts its config accepts (tried from 1 to :data:`MAX_TRIED_PLAYERS`),
    as seats (Ready Set Bet adds the host's chair)."""
    seats = []
    for players in range(1, MAX_TRIED_PLAYERS + 1):
        try:
            seats.append(racebook.load(game_id, players=players).seats)
        except (ValueError, TypeError):  # a ConfigError, or no players setting
            continue
    if not seats:  # a game without a players setting: its own seats
        seats = [racebook.load(game_id).seats]
    return min(seats), max(seats)


def _game_type(game_id: str, title: str, returns: str = "places") -> Any:
    low, high = seat_range(game_id)
    # place returns share a tie's places (see returns()): they sum to 0
    utility = pyspiel.GameType.Utility.ZERO_SUM
    if returns == "scores":
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"racebook {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_specification(game_id),
    )


def _load_string(text: str) -> RacebookGame:
    """The game of ``str(game)`` (what a pickle of a game holds)."""
    name = text.split("(", 1)[0]
    register([name.removeprefix(PREFIX)])
    game = pyspiel.load_game(text)
    assert isinstance(game, RacebookGame)
    return game


class RacebookGame(pyspiel.Game):  # type: ignore[misc]
    """A racebook game as an OpenSpiel game (see the module text)."""

    GAME_ID = ""
    """The game id of a registered subclass."""

    def __init__(self, params: dict[str, Any] | None = None, *, game_id: str = "") -> None:
        params = dict(params or {})
        known = presets()
        game_id = game_id or self.GAME_ID
        if not game_id:
            game_id = known[str(params.get("preset", "longshot"))].game
        preset = str(params.get("preset", game_id))
        if preset not in known:
            raise ValueError(f"preset: unknown preset {preset!r}; known: {sorted(known)}")
        if known[preset].game != game_id:
            raise ValueError(
                f"preset: {preset!r} is a preset of {known[preset].game}, "
                f"not of {game_id} (load {PREFIX}{known[preset].game})"
            )
        settings = json.loads(str(params.get("settings", "{}")))
        for name, kind, default in _fields(game_id):
            if name in params and params[name] != default:
                settings[name] = _decode(kind, params[name])
        self.returns_kind = str(params.get("returns", "places"))
        if self.returns_kind not in ("places", "scores"):
            raise ValueError(f"returns: 'places' or 'scores', not {self.returns_kind!r}")
        self.observation_kind = str(params.get("observation", "raw"))
        if self.observation_kind not in ("raw", "squashed"):
            raise ValueError(f"observation: 'raw' or 'squashed', not {self.observation_kind!r}")
        self.rb: Game[Any, Any] = racebook.load(preset, **settings)
        self._first: _Holder | None = None  # the start of every game (RacebookState)
        rb = self.rb
        self.facts = game_facts(rb)
        if self.returns_kind == "places":
            low, high = -1.0, 1.0
        else:
            low, high = float(self.facts.min_score), float(self.facts.max_score)
        info = pyspiel.GameInfo(
            num_distinct_actions=rb.num_distinct_actions,
            max_chance_outcomes=max(rb.num_chance_outcomes, rb.seats),
            num_players=rb.seats,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if self.returns_kind == "places" else None,
            max_game_length=self.facts.max_game_length,
        )
        game_type = _game_type(game_id, rb.title, self.returns_kind)
        shown = _canonical(game_id, preset, rb.config, self.returns_kind, self.observation_kind)
        super().__init__(game_type, info, shown)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_string, (str(self),))

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
        return RacebookObserver(self.rb, iig_obs_type, squashed=self.observation_kind == "squashed")


class RacebookState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a racebook state (made with explicit chance)."""

    def __init__(self, game: RacebookGame) -> None:
        super().__init__(game)
        self._returns_kind = game.returns_kind
        first = game._first
        if first is None:
            self._h = _Holder(game.rb.new_state(explicit_chance=True))
            self._settle()
            # every game starts alike (chance is explicit): this start, kept
            # aside, is shared by each later new state until its first action
            # (_own): OpenSpiel makes an initial state for the size of each
            # tensor it is asked for, and reads that state's tensor
            first = game._first = copy.deepcopy(self._h)
            first.shared = True
        self._h = first

    def _own(self) -> _Holder:
        """This state's holder, copied first if it is still the shared start."""
        h = self._h
        if h.shared:
            h = self._h = copy.deepcopy(h)
        return h

    def __reduce__(self) -> tuple[Any, ...]:
        # the game's string and the adapter's data, loaded by a function of
        # this module: unpickling imports the adapter, which registers the
        # game, in a process that has imported nothing else
        return (_load_state, (str(self.get_game()), self._h.__getstate__()))

    @property
    def _rb_game(self) -> Game[Any, Any]:
        return self._h.state.game

    @property
    def racebook_state(self) -> State[Any, Any, Any]:
        """The racebook state (not to be changed from outside; a new state's
        own copy of the game's start, never the start itself)."""
        return self._own().state

    @property
    def own_world(self) -> bool:
        """Whether this state's log and ``history()`` are its own: true of
        every state but a resampled one that fell back to a copy with its
        hidden data changed (:meth:`resample_from_infostate`), whose log and
        ``history()`` are still the real game's."""
        return not self._h.world

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
        h = self._own()
        player = self.current_player()
        action = int(action)
        h.undo = (len(h.state._entries), list(h.drawn), h.actor, h.undo)
        h.history.append((player, action))
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
        h.state.apply_id(action, player)  # checked once: by the mask, or here
        h.actor = None
        self._settle()

    def undo_action(self, player: int, action: int) -> None:
        """Undo the last action (``player`` and ``action`` must be it), as
        OpenSpiel's ``UndoAction``.  An action that changed the racebook state
        is undone by playing the log again up to it (from the start, or from
        where the state was resampled or loaded: a state made by
        :meth:`resample_from_infostate` or loaded from a serialization has
        nothing to undo before that point), so an undo costs a replay."""
        h = self._h
        if h.undo is None or not h.history:
            raise pyspiel.SpielError("undo_action: nothing to undo")
        if h.history[-1] != (int(player), int(action)):
            raise pyspiel.SpielError(
                f"undo_action: the last action is {h.history[-1]}, not {(player, action)}"
            )
        length, drawn, actor, rest = h.undo
        if len(h.state._entries) != length:
            h.state = self._rebuild(length)
            h.seen = {}
        h.node, h.drawn, h.actor, h.undo = None, list(drawn), actor, rest
        h.history.pop()

    def _rebuild(self, length: int) -> State[Any, Any, Any]:
        """The racebook state when its log had ``length`` entries."""
        h = self._h
        entries = h.state._entries
        base = h.base
        state = self._rb_game.new_state(explicit_chance=True) if base is None else base.clone()
        for action in entries[len(state._entries) : length]:
            state.apply(action)
        return state

    def history(self) -> list[int]:
        """The actions so far (kept by the adapter, so that
        :meth:`undo_action` takes the last off)."""
        return [a for _, a in self._h.history]

    def move_number(self) -> int:
        return len(self._h.history)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RacebookState:
        """A state that ``player_id`` cannot tell from this one, with what the
        seat does not see (others' cards, the decks' order, face-down bets)
        drawn anew, seeded from ``probability_sampler()``: a determinization
        for IS-MCTS and friends.  Its information-state string and tensor for
        ``player_id`` are this state's.

        Where the game gives one (:meth:`~racebook.core.game.State.hidden_world`:
        every game does; Long Shot, Mafia and Force of the Horse when the
        rules allow the world they deal), it is a game of its own world: its
        actions, log and ``history()`` are those of a game with the redrawn
        hidden data, played from the start, and hold no trace of this
        game's hidden data.  Otherwise (no such world, or a chance step
        part-drawn) the hidden data of a copy change
        (:meth:`~racebook.core.game.State.hidden_variant`), whose log and
        ``history()`` are still this game's (see the adapters page)."""
        seed = int(float(probability_sampler()) * 2**53)
        rng = random.Random(seed)
        # (a chance node part-drawn: its draws would tell the real outcome)
        actions = None if self._h.drawn else self._h.state.hidden_world(int(player_id), rng)
        if actions is not None:
            world = self._world(actions)
            if world is not None:
                return world
        other = self.clone()
        h = other._h
        h.state = h.state.hidden_variant(int(player_id), rng)
        h.node, h.undo, h.base, h.world = None, None, h.state.clone(), True
        return typing.cast(RacebookState, other)

    def _world(self, actions: list[Any]) -> RacebookState | None:
        """A new game of this OpenSpiel game played through ``actions`` (a
        racebook game's actions, every chance outcome among them), step by
        step as OpenSpiel plays it: each chance outcome as its draws, each
        seat's action after its arrival when several may act, and this
        state's chance node part-drawn and arrival as they are.  ``None``
        if a chance node cannot tell the draws of its outcome."""
        h = self._h
        world = typing.cast(RacebookState, self.get_game().new_initial_state())
        w = world._own()
        for i, action in enumerate(actions):
            if i < len(w.state._entries):
                continue  # applied already: a chance node that draws nothing (_settle)
            if action.seat == CHANCE:
                drawn = world._node().drawn_of(action)
                if drawn is None:
                    return None
                for outcome in drawn:
                    world._apply_action(outcome)
            else:
                if world._arrival():
                    world._apply_action(action.seat)
                world._apply_action(w.state.game.action_id(action))
        if h.actor is not None and world._arrival():
            world._apply_action(h.actor)
        return world

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            if self._arrival():
                return f"arrival: seat {action}"
            return self._chance_names().get(action, f"chance outcome {action}")
        return self._rb_game.action_space.describe(action)

    def _chance_names(self) -> dict[int, str]:
        """Each outcome of the chance step by name, unique in the step: an
        outcome whose name another outcome shares (two VIP cards of one name
        in Ready Set Bet's bag) has its id added (OpenSpiel requires a
        distinct string for each action of a state)."""
        h = self._h
        node = self._node()
        if h.names is not None and h.names[0] is node and h.names[1] == len(h.drawn):
            return h.names[2]
        found = node.outcomes(h.drawn)
        ids = [i for i, _ in found or []]
        names = {i: f"chance: {node.describe(h.drawn, i)}" for i in ids}
        counts: dict[str, int] = {}
        for name in names.values():
            counts[name] = counts.get(name, 0) + 1
        unique = {i: name if counts[name] == 1 else f"{name} (#{i})" for i, name in names.items()}
        h.names = (node, len(h.drawn), unique)
        return unique

    def is_terminal(self) -> bool:
        return self._h.state.is_over

    def returns(self) -> list[float]:
        rb = self._rb_game
        result = self._h.state.result
        if result is None:
            return [0.0] * rb.seats
        if self._returns_kind == "places":
            return place_returns(result.places[: rb.players], rb.seats)
        out = [0.0] * rb.seats
        for s in range(rb.players):
            out[s] = float(result.scores[s])
        return out

    def __str__(self) -> str:
        h = self._h
        text = h.state.render(None)
        if h.drawn:
            text += f"\n(chance: {len(h.drawn)} outcomes drawn of this node)"
        return text


def seed_resampler(bot: Any) -> Any:
    """Make OpenSpiel's ``ISMCTSBot`` reproducible from its ``random_state``:
    the bot resamples with an unseeded ``UniformProbabilitySampler`` of its
    own; this sets its resampler (``bot.set_resampler``) to draw the
    determinization's seed from the bot's random state instead.  Returns
    the bot.

    >>> import numpy as np
    >>> from open_spiel.python.algorithms import ismcts, mcts
    >>> rs = np.random.RandomState(0)
    >>> game = load("trickrace")
    >>> bot = seed_resampler(ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 10,
    ...                                       random_state=rs))
    """

    def resample(state: RacebookState, player: int) -> RacebookState:
        return state.resample_from_infostate(player, bot.random_number)

    bot.set_resampler(resample)
    return bot


def _load_state(game_text: str, data: dict[str, Any]) -> RacebookState:
    """The state a pickle holds (:meth:`RacebookState.__reduce__`)."""
    game = _load_string(game_text)
    state = game.new_initial_state()
    state._own().__setstate__(data)
    return state


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


def load(
    game_id: str, *, returns: str = "places", observation: str = "raw", **settings: Any
) -> RacebookGame:
    """An OpenSpiel game for ``game_id`` (a game id or preset) with config
    ``settings``; registers it first.  Each setting is its own OpenSpiel
    parameter, so ``str(game)`` loads the same game again.

    >>> game = load("longshot", players=4)
    >>> game.num_players(), str(game)
    (4, 'racebook_longshot(players=4,preset=longshot,returns=places)')
    """
    base = racebook.load(game_id).id
    register([base])
    kinds = {name: kind for name, kind, _ in _fields(base)}
    params: dict[str, Any] = {"preset": game_id, "returns": returns}
    if observation != "raw":
        params["observation"] = observation
    legacy = {}
    for name, value in settings.items():
        if name in kinds:
            params[name] = _encode(kinds[name], value)
        else:  # an unknown setting: refused by the config with its own message
            legacy[name] = value
    if legacy:
        params["settings"] = json.dumps(legacy)
    game = pyspiel.load_game(PREFIX + base, params)
    assert isinstance(game, RacebookGame)
    return game


# Importing the adapter registers every game, as OpenSpiel's own Python games
# do: pyspiel.load_game("racebook_trickrace") works after the import, and a
# pickled state loads in a process that has imported nothing but pickle.
register()

"""One seat of a racebook game as a single-agent Gymnasium environment (the
``[pettingzoo]`` extra, which brings Gymnasium and numpy).

>>> from racebook.adapters.gymnasium import SingleSeatEnv
>>> env = SingleSeatEnv("trickrace", seat=0)
>>> observation, info = env.reset(seed=1)
>>> observation.shape, bool(info["action_mask"].any())
((723,), True)

The learner plays ``seat`` (``None``: a seat drawn at each reset); every other
seat is played by an *opponent*: ``"random"`` (uniform over the legal
actions, the default), a bot name of :func:`racebook.agents.make_bot`
(``"heuristic"``), a racebook :class:`~racebook.agents.Bot` object, or a
callable ``policy(observation, action_mask) -> action id`` (what
:func:`policy_opponent` makes of a trained model: self-play).  ``opponents``
may also list one per seat.

* observations: the seat's tensor (:meth:`~racebook.core.game.State.observation_tensor`),
  a ``Box`` of ``float32`` in [0, 1] (``x / (1 + x)``, as the PettingZoo
  environment gives it; ``observation="raw"`` for the game's own values);
  ``env.observation_layout`` names its segments;
* actions: the game's ids (``Discrete(num_distinct_actions)``); the legal ones
  are ``info["action_mask"]`` and :meth:`SingleSeatEnv.action_masks` (the
  method sb3-contrib's ``MaskablePPO`` calls); an illegal id ends the episode
  with ``illegal_reward`` (-1 by default);
* reward: 0 until the game ends, then the seat's place reward
  ``1 - 2 * (place - 1) / (players - 1)``, seats that tie sharing the places
  they take (:func:`racebook.adapters.bounds.place_returns`); ``info["won"]``
  says whether the seat is among the winners;
* chance and real time (several seats may act) are drawn from the reset's
  seed, as :func:`racebook.simulate` and the PettingZoo environment draw them.

Importing this module registers an id with Gymnasium for every preset,
``racebook/<preset>-v0`` (:func:`register_envs`), so ``gymnasium.make``
works; the ``module:id`` form imports the module itself:

>>> import gymnasium
>>> env = gymnasium.make("racebook.adapters.gymnasium:racebook/trickrace-v0", seat=1)
>>> env.unwrapped.seat, env.unwrapped.game.id
(1, 'trickrace')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(
        "racebook.adapters.gymnasium needs Gymnasium: pip install 'racebook[pettingzoo]'"
    ) from exc

import racebook
from racebook.adapters.bounds import place_returns
from racebook.agents import make_bot
from racebook.core.game import CHANCE, Game, State

Policy = Callable[[Any, Any], int]
"""``policy(observation, action_mask) -> action id``."""


class _Opponent:
    """Plays a seat: a bot (``choose``) or a policy over tensors."""

    def __init__(self, spec: Any, game: Game[Any, Any], seed: int, squashed: bool) -> None:
        self.bot: Any = None
        self.policy: Policy | None = None
        self.rng = random.Random(seed)
        self.squashed = squashed
        if spec == "random":
            pass
        elif isinstance(spec, str):
            self.bot = make_bot(game.id, spec, seed=seed)
        elif hasattr(spec, "choose"):
            self.bot = spec
        elif callable(spec):
            self.policy = spec
        else:
            raise ValueError(f"opponent: 'random', a bot name, a bot or a policy, not {spec!r}")

    def act(self, state: State[Any, Any, Any], seat: int) -> None:
        if self.bot is not None:
            state.apply(self.bot.choose(state, seat))
            return
        ids = state.legal_action_ids(seat)
        if self.policy is None:
            state.apply_id(ids[int(self.rng.random() * len(ids))], seat)
            return
        mask = np.frombuffer(state.legal_action_mask(seat), np.int8)
        action = int(self.policy(_tensor(state, seat, self.squashed), mask))
        state.apply_id(action, seat)


def _tensor(state: State[Any, Any, Any], seat: int, squashed: bool) -> Any:
    values = np.asarray(state.observation_tensor(seat), dtype=np.float32)
    if squashed:  # a negative value (a run value an effect lowered) reads as 0
        np.maximum(values, 0.0, out=values)
        values /= 1.0 + values
    return values


def policy_opponent(predict: Callable[..., Any]) -> Policy:
    """An opponent from a model's ``predict``: self-play.  ``predict`` is
    called as ``predict(observation, action_masks=mask)`` (sb3-contrib's
    ``MaskablePPO.predict``) and may return an action or ``(action, state)``;
    a plain ``predict(observation, mask)`` is tried when the keyword is not
    taken."""

    def policy(observation: Any, mask: Any) -> int:
        try:
            out = predict(observation, action_masks=mask.astype(bool))
        except TypeError:
            out = predict(observation, mask)
        if isinstance(out, tuple):
            out = out[0]
        return int(np.asarray(out).reshape(-1)[0])

    return policy


class SingleSeatEnv(gymnasium.Env[Any, Any]):
    """One seat of a racebook game against fixed opponents (see the module text)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(
        self,
        game: str = "trickrace",
        seat: int | None = 0,
        opponents: Any = "random",
        *,
        render_mode: str | None = None,
        observation: str = "squashed",
        illegal_reward: float = -1.0,
        **settings: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: one of {self.metadata['render_modes']}")
        if observation not in ("squashed", "raw"):
            raise ValueError(f"observation: 'squashed' or 'raw', not {observation!r}")
        self.render_mode = render_mode
        self.game: Game[Any, Any] = racebook.load(game, **settings)
        players = self.game.players
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat: 0 to {players - 1} or None, not {seat!r}")
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self._squashed = observation == "squashed"
        self._opponent_specs = opponents
        self.illegal_reward = float(illegal_reward)
        self.observation_layout: list[tuple[str, int]] = list(self.game.observation_layout)
        low, high = (0.0, 1.0) if self._squashed else (-np.inf, np.inf)
        self.observation_space = spaces.Box(low, high, self.game.observation_shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._rng = random.Random(0)
        self.racebook_state: State[Any, Any, Any] = self.game.new_state(seed=0)
        self._opponents: dict[int, _Opponent] = {}

    def _make_opponents(self) -> None:
        specs = self._opponent_specs
        seats = range(self.game.seats)
        if isinstance(specs, Sequence) and not isinstance(specs, str):
            listed = list(specs)
            others = [s for s in seats if s != self.seat]
            if len(listed) != len(others):
                raise ValueError(
                    f"opponents: one per other seat ({len(others)}), got {len(listed)}"
                )
            by_seat = dict(zip(others, listed, strict=True))
        else:
            by_seat = {s: specs for s in seats if s != self.seat}
        self._opponents = {
            s: _Opponent(spec, self.game, self._rng.randrange(2**63), self._squashed)
            for s, spec in by_seat.items()
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game (seeded by ``seed``), played by the opponents up to the
        seat's first decision: ``(observation, info)``."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        if self.fixed_seat is None:
            self.seat = self._rng.randrange(self.game.players)
        self._make_opponents()
        self.racebook_state = self.game.new_state(seed=self._rng.randrange(2**63))
        self._advance()
        return self._observation(), self._info()

    def _next_seat(self) -> int | None:
        """The seat to act next (the arrival drawn among several), ``None`` at the end."""
        state = self.racebook_state
        if state.is_over:
            return None
        to_act = state.to_act
        if len(to_act) == 1:
            return to_act[0]
        return to_act[int(self._rng.random() * len(to_act))]

    def _advance(self) -> None:
        """Let the opponents play until the learner's seat is to act or the game ends."""
        self._pending: int | None = None
        while True:
            seat = self._next_seat()
            if seat is None or seat == self.seat:
                self._pending = seat
                return
            assert seat != CHANCE
            self._opponents[seat].act(self.racebook_state, seat)

    def _observation(self) -> Any:
        return _tensor(self.racebook_state, self.seat, self._squashed)

    def action_masks(self) -> Any:
        """The legal actions of the seat as booleans (all ``False`` at the end)."""
        if self._pending is None:
            return np.zeros(self.game.num_distinct_actions, dtype=bool)
        return np.frombuffer(self.racebook_state.legal_action_mask(self.seat), np.int8).astype(bool)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks().astype(np.int8)}
        result = self.racebook_state.result
        if result is not None:
            info["won"] = self.seat in result.winners
            info["place"] = result.places[self.seat]
        return info

    def _reward(self) -> float:
        result = self.racebook_state.result
        if result is None:
            return 0.0
        return place_returns(result.places[: self.game.players], self.game.seats)[self.seat]

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an id), then the opponents up to the seat's next
        decision or the end: ``(observation, reward, terminated, False, info)``."""
        if self._pending is None:
            raise RuntimeError("step: the game is over (call reset)")
        action = int(action)
        if not self.racebook_state.legal_action_mask(self.seat)[action]:
            info = self._info()
            info["illegal"] = True
            self._pending = None
            return self._observation(), self.illegal_reward, True, False, info
        self.racebook_state.apply_id(action, self.seat)
        self._advance()
        over = self._pending is None
        return self._observation(), self._reward(), over, False, self._info()

    def render(self) -> str | None:
        """The game's text picture as the seat sees it (``"ansi"`` returns it,
        ``"human"`` prints it)."""
        if self.render_mode is None:
            return None
        text = self.racebook_state.render(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


ENV_NAMESPACE = "racebook"
"""The Gymnasium namespace of the ids :func:`register_envs` registers."""


def register_envs(names: Sequence[str] | None = None) -> list[str]:
    """Register ``racebook/<name>-v0`` with Gymnasium for each preset name
    (every preset by default; a plugin's presets may be added later), a
    :class:`SingleSeatEnv` of that preset whose other settings are
    ``gymnasium.make``'s keyword arguments; returns the ids (registering
    twice is harmless)."""
    from racebook.core.registry import presets

    ids = []
    for name in names if names is not None else sorted(presets()):
        env_id = f"{ENV_NAMESPACE}/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="racebook.adapters.gymnasium:SingleSeatEnv",
                kwargs={"game": name},
                disable_env_checker=True,  # tests/test_adapters.py runs check_env
            )
        ids.append(env_id)
    return ids


register_envs()

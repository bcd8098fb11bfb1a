"""Every racebook game as a PettingZoo AEC environment (the ``[pettingzoo]`` extra).

>>> from racebook.adapters.pettingzoo import env
>>> e = env("trickrace")
>>> e.reset(seed=1)
>>> agent = e.agent_selection  # the start player: Vanilla Beans' rider
>>> observation = e.observe(agent)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((723,), True)
>>> float(observation["observation"].max()) <= 1.0
True

:func:`env` is the environment with the checks PettingZoo's classic games
get from their wrappers (order enforcing, an action out of bounds refused,
and an illegal action ending the game with ``illegal_reward`` for the agent
that made it, -1 by default, 0 for the others), made by the environment
itself (:class:`CheckedEnv`, a :class:`RacebookEnv`) rather than by three
wrapper layers, which forwarded every attribute through ``__getattr__`` at
each step (``env(..., wrappers=True)`` gives those wrappers around
:func:`raw_env`, :class:`RacebookEnv` without checks).  ``env.unwrapped`` is
the :class:`RacebookEnv`.

Agents are ``seat_0 .. seat_{seats-1}`` (Ready Set Bet adds the host's
chair, the seat after the players, which rolls the dice).  Each agent's
observation is a dict: ``observation``, the game's tensor for that seat
(:meth:`~racebook.core.game.State.observation_tensor`, laid out as
``env.observation_layout`` says, a ``gymnasium.spaces.Box`` of ``float32``
in [0, 1] as in PettingZoo's classic games: each value ``x`` (flags,
counts, positions, money: 0 or more, but for Force of the Horse's run and
guard values, which effects may lower below 0 and which read as 0 here) is
given as ``x / (1 + x)``, so 0 stays 0, a flag's 1 is 0.5 and large counts
come near 1; with ``observation="raw"`` the values are the game's own, in a
``Box(-inf, inf)``),
and ``action_mask``, 1 at the id of
every legal action (:meth:`~racebook.core.game.State.legal_action_mask`) for
the agent to act, all 0 for the others.  Actions are the game's integer ids
(``gymnasium.spaces.Discrete``).  ``render()`` is the game's text picture
as a spectator sees it (``render_mode="ansi"`` returns it, ``"human"``
prints it).

Chance (shuffles, dice) is drawn by the racebook state from the seed given
to :meth:`RacebookEnv.reset`.  Rewards come only at the end, from the final
places: ``1 - 2 * (place - 1) / (players - 1)`` (1 for a lone winner, -1
for a lone last, seats that tie sharing the places they take, so that the
rewards sum to 0: :func:`racebook.adapters.bounds.place_returns`; 0 for a
seat that is not scored); they stay readable in
``env.final_rewards`` after the agents are gone.  ``state()`` is the
spectator's tensor (what every seat may see; ``state_space``), and the
racebook state itself is ``env.racebook_state``.

Real time: when several seats may act at once (Ready Set Bet's bettors and
the host's chair during a race, Horse Racing Mafia's quinella bets), the
environment draws who acts next (the *arrival*), each seat in
``to_act`` equally likely, from the same seeded generator, and asks that
agent alone; after its action the arrival is drawn again among the seats
that may then act.  So in Ready Set Bet within one roll the bettors are
asked one at a time in a random order, each bet going to whoever arrives
first, until the host's chair arrives and rolls (a bettor who has no token
left is no longer in ``to_act``).  This is how :func:`racebook.simulate`
plays real time too.
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers as pz_wrappers
    from pettingzoo.utils.env import AECIterable, AECIterator
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(
        "racebook.adapters.pettingzoo needs PettingZoo: pip install 'racebook[pettingzoo]'"
    ) from exc

import racebook
from racebook.adapters.bounds import place_returns
from racebook.adapters.tensors import tensor_array
from racebook.core.game import Game, State


class RacebookEnv(AECEnv):  # type: ignore[misc]
    """A racebook game as a PettingZoo AEC environment (see the module text)."""

    def __init__(
        self,
        game: str = "longshot",
        render_mode: str | None = None,
        observation: str = "squashed",
        **settings: Any,
    ):
        super().__init__()
        modes = ["ansi", "human"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode: one of {modes}, not {render_mode!r}")
        if observation not in ("squashed", "raw"):
            raise ValueError(f"observation: 'squashed' or 'raw', not {observation!r}")
        self.render_mode = render_mode
        self._squashed = observation == "squashed"
        self.game: Game[Any, Any] = racebook.load(game, **settings)
        self.metadata = {
            "render_modes": modes,
            "name": f"racebook_{self.game.id}_v0",
            "is_parallelizable": False,
        }
        seats = self.game.seats
        self.possible_agents = [f"seat_{s}" for s in range(seats)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = self.game.num_distinct_actions
        shape = self.game.observation_shape
        self.observation_layout: list[tuple[str, int]] = list(self.game.observation_layout)
        """The tensor's segments, ``(name, size)`` in order."""
        low, high = (0.0, 1.0) if self._squashed else (-np.inf, np.inf)
        self.state_space = spaces.Box(low, high, shape, np.float32)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(size)
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self._rng = random.Random()
        self.racebook_state: State[Any, Any, Any] = self.game.new_state(seed=0)
        # the mask of the agents not to act: one array, read-only
        self._no_mask = np.zeros(size, dtype=np.int8)
        self._no_mask.flags.writeable = False
        self.final_rewards: dict[str, float] = {}
        """Each agent's reward once the game is over (empty before)."""

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = random.Random(seed)
        self.racebook_state = self.game.new_state(seed=self._rng.randrange(2**63))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.final_rewards = {}
        self._select()

    def _select(self) -> None:
        """The next agent: the seat to act, or the arrival among several."""
        to_act = self.racebook_state.to_act
        if not to_act:
            return
        seat = to_act[0] if len(to_act) == 1 else to_act[int(self._rng.random() * len(to_act))]
        self.agent_selection = self.possible_agents[seat]

    def _tensor(self, seat: int | None) -> Any:
        values = tensor_array(self.racebook_state, seat)
        if self._squashed:  # a negative value (a run value an effect lowered) reads as 0
            np.maximum(values, 0.0, out=values)
            values /= 1.0 + values
        return values

    def state(self) -> Any:
        """The spectator's tensor (what every seat may see), scaled as the
        observations are."""
        return self._tensor(None)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        observation = self._tensor(seat)
        if agent == self.agent_selection and not self.racebook_state.is_over:
            # the bytearray as it is, without a copy (a fresh one each call)
            mask = np.frombuffer(self.racebook_state.legal_action_mask(seat), np.int8)
        else:
            mask = self._no_mask
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "a live agent must act"
        seat = self._seat[agent]
        self.racebook_state.apply_id(int(action), seat)  # checked once: by the mask, or here
        self._cumulative_rewards[agent] = 0.0
        if self.racebook_state.is_over:
            result = self.racebook_state.result
            assert result is not None
            returns = place_returns(result.places[: self.game.players], self.game.seats)
            for s, a in enumerate(self.agents):
                self.rewards[a] = returns[s]
                self.terminations[a] = True
            self.final_rewards = dict(self.rewards)
            self.agent_selection = self.agents[0]
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.racebook_state.render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class CheckedEnv(RacebookEnv):
    """:class:`RacebookEnv` with the checks of PettingZoo's
    ``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper`` and
    ``TerminateIllegalWrapper`` made in its own methods, with the same errors,
    warnings and rewards (what :func:`env` gives)."""

    def __init__(
        self,
        game: str = "longshot",
        render_mode: str | None = None,
        observation: str = "squashed",
        *,
        illegal_reward: float = -1.0,
        **settings: Any,
    ):
        super().__init__(game, render_mode, observation, **settings)
        self._illegal_reward = float(illegal_reward)
        self._has_reset = False
        self._has_updated = False
        self._terminated = False  # ended by an illegal action

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        self._terminated = False
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, Any]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().observe(agent)

    def state(self) -> Any:
        if not self._has_reset:
            EnvLogger.error_state_before_reset()
        return super().state()

    def render(self) -> str | None:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _CheckedIterable(self, max_iter)

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
            return  # pragma: no cover - the call above raises
        if not self.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # as AssertOutOfBoundsWrapper and _was_dead_step
                assert self._action_space.contains(action), "action is not in action space"
            self._was_dead_step(action)
            return
        if type(action) is int or isinstance(action, np.integer):
            assert 0 <= action < self._action_space.n, "action is not in action space"
        else:
            assert self._action_space.contains(action), "action is not in action space"
        assert action is not None  # the space holds no None
        state, seat = self.racebook_state, self._seat[agent]
        version, listed, ids = state._ids_cache  # the ids the mask was made from
        if version != state._version or listed != seat:
            state._legal_ids(seat)
            ids = state._ids_cache[2]
        if int(action) not in ids:
            # as TerminateIllegalWrapper: the game ends, the agent gets the penalty
            EnvLogger.warn_on_illegal_move()
            self._cumulative_rewards[agent] = 0
            self.terminations = dict.fromkeys(self.agents, True)
            self.truncations = dict.fromkeys(self.agents, True)
            self.rewards = dict.fromkeys(self.truncations, 0.0)
            self.rewards[agent] = self._illegal_reward
            self._accumulate_rewards()
            self._deads_step_first()
            self._terminated = True
            return
        super().step(action)


class _CheckedIterable(AECIterable):  # type: ignore[misc]
    def __iter__(self) -> _CheckedIterator:
        return _CheckedIterator(self.env, self.max_iter)


class _CheckedIterator(AECIterator):  # type: ignore[misc]
    """``agent_iter``'s iterator, checking (as PettingZoo's order enforcing
    does) that each agent it gives was stepped."""

    def __next__(self) -> str:
        agent: str = super().__next__()
        assert self.env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        self.env._has_updated = False
        return agent


def raw_env(game: str = "longshot", render_mode: str | None = None, **settings: Any) -> RacebookEnv:
    """The environment without PettingZoo's wrappers (:class:`RacebookEnv`)."""
    return RacebookEnv(game, render_mode=render_mode, **settings)


def env(
    game: str = "longshot",
    render_mode: str | None = None,
    *,
    illegal_reward: float = -1.0,
    wrappers: bool = False,
    **settings: Any,
) -> Any:
    """A PettingZoo AEC environment for ``game`` (a game id or preset) with
    config ``settings``, checked as PettingZoo's classic environments are:
    an illegal action ends the game with ``illegal_reward`` for its agent,
    an action outside the action space is refused, and the calls must come
    in order (reset first).  The checks are the environment's own
    (:class:`CheckedEnv`); ``wrappers=True`` gives PettingZoo's three
    wrappers around :func:`raw_env` instead (the same behaviour, slower).
    ``.unwrapped`` is the :class:`RacebookEnv`."""
    if not wrappers:
        return CheckedEnv(game, render_mode, illegal_reward=illegal_reward, **settings)
    return _wrapped(game, render_mode, illegal_reward, **settings)


def _wrapped(game: str, render_mode: str | None, illegal_reward: float, **settings: Any) -> Any:
    """:func:`raw_env` inside PettingZoo's wrappers, as its classic games are."""
    inner = raw_env(game, render_mode=render_mode, **settings)
    wrapped = pz_wrappers.TerminateIllegalWrapper(inner, illegal_reward=illegal_reward)
    wrapped = pz_wrappers.AssertOutOfBoundsWrapper(wrapped)
    return pz_wrappers.OrderEnforcingWrapper(wrapped)

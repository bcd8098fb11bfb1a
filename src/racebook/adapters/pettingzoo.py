"""Every racebook game as a PettingZoo AEC environment (the ``[pettingzoo]`` extra).

>>> from racebook.adapters.pettingzoo import env
>>> e = env("trickrace")
>>> e.reset(seed=1)
>>> agent = e.agent_selection  # the start player: Vanilla Beans' rider
>>> observation = e.observe(agent)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((723,), True)

Agents are ``seat_0 .. seat_{seats-1}`` (Ready Set Bet adds the host's
chair, the seat after the players, which rolls the dice).  Each agent's
observation is a dict: ``observation``, the game's tensor for that seat
(:meth:`~racebook.core.game.State.observation_tensor`, a
``gymnasium.spaces.Box`` of ``float32``), and ``action_mask``, 1 at the id of
every legal action (:meth:`~racebook.core.game.State.legal_action_mask`) for
the agent to act, all 0 for the others.  Actions are the game's integer ids
(``gymnasium.spaces.Discrete``).  ``render()`` is the game's text picture
as a spectator sees it (``render_mode="ansi"`` returns it, ``"human"``
prints it).

Chance (shuffles, dice) is drawn by the racebook state from the seed given
to :meth:`RacebookEnv.reset`.  Rewards come only at the end, from the final
places: ``1 - 2 * (place - 1) / (players - 1)`` (1 for a winner, -1 for last;
0 for a seat that is not scored).

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
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(
        "racebook.adapters.pettingzoo needs PettingZoo: pip install 'racebook[pettingzoo]'"
    ) from exc

import racebook
from racebook.core.game import Game, State


class RacebookEnv(AECEnv):  # type: ignore[misc]
    """A racebook game as a PettingZoo AEC environment (see the module text)."""

    def __init__(self, game: str = "longshot", render_mode: str | None = None, **settings: Any):
        super().__init__()
        modes = ["ansi", "human"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode: one of {modes}, not {render_mode!r}")
        self.render_mode = render_mode
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
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(size)
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State[Any, Any, Any] = self.game.new_state(seed=0)

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = random.Random(seed)
        self.state = self.game.new_state(seed=self._rng.randrange(2**63))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """The next agent: the seat to act, or the arrival among several."""
        to_act = self.state.to_act
        if not to_act:
            return
        seat = to_act[0] if len(to_act) == 1 else to_act[int(self._rng.random() * len(to_act))]
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        observation = np.asarray(self.state.observation_tensor(seat), dtype=np.float32)
        if agent == self.agent_selection and not self.state.is_over:
            mask = np.asarray(self.state.legal_action_mask(seat), dtype=np.int8)
        else:
            mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "a live agent must act"
        seat = self._seat[agent]
        self.state.apply_id(int(action), seat)  # checked once: by the mask, or here
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_over:
            result = self.state.result
            assert result is not None
            n = self.game.players
            for s, a in enumerate(self.agents):
                if s < n:
                    self.rewards[a] = 1.0 - 2.0 * (result.places[s] - 1) / max(1, n - 1)
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.state.render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str = "longshot", render_mode: str | None = None, **settings: Any) -> RacebookEnv:
    """A PettingZoo AEC environment for ``game`` (a game id or preset) with
    config ``settings``."""
    return RacebookEnv(game, render_mode=render_mode, **settings)

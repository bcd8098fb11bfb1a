"""A heuristic Force of the Horse bot.

It reads only its view, the legal actions and the public card list.
Mulligan: when the 7 hold no horse it can pay for.  Runner: the horse with
the highest run value now (its view's ``hand_values``: aptitude and effects
applied), paying with the fewest cards.  Guard: the horse with the highest
guard value, only if it stops the runner.  Supports: a horse-type one on its
own runner, an area-type one in the support step, a situation card when its
situation area is empty; never Rewind twice.  Choices: the first option
(declining costs last); loop proposals: never made, answered with 0.
Farm: supports first, then the weakest horses, force cards last.
"""

from __future__ import annotations

import random
from typing import Any

from racebook.agents.base import register_bot
from racebook.core.game import Action, State
from racebook.games.forcehorse import Farm, ForceHorseView, Guard, Mulligan, Pass, Run, Support
from racebook.games.forcehorse.loops import Choose, Loop, LoopCount


class ForceHorseHeuristic:
    """Runs its best horse, guards when that stops the run (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State[Any, Any, Action], seat: int) -> Action:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        view = state.view(seat)
        assert isinstance(view, ForceHorseView)
        cards = {c.name: c for c in state.game.config.cards}
        first = actions[0]
        if isinstance(first, Mulligan):
            forces = sum(1 for n in view.hand if cards[n].kind == "force")
            payable = any(cards[n].is_horse and cards[n].cost <= forces for n in view.hand)
            return Mulligan(seat, not payable)
        if isinstance(first, Farm):
            return min(actions, key=lambda a: _keep(cards[a.card]))  # type: ignore[attr-defined]
        if isinstance(first, Choose):
            return first
        if isinstance(first, LoopCount):
            return first  # 0 repetitions
        actions = [a for a in actions if not isinstance(a, Loop)]
        run_now = {n: r for n, _, r, _ in view.hand_values}
        runs = [a for a in actions if isinstance(a, Run)]
        if runs:
            return max(
                runs, key=lambda a: (run_now.get(a.card, cards[a.card].run), -len(a.force), a.card)
            )
        supports = [a for a in actions if isinstance(a, Support) and a.card != "Rewind"]
        mine = [a for a in supports if a.target == seat or cards[a.card].timing != "horse"]
        if view.phase == "support":
            mine = [
                a for a in mine
                if cards[a.card].timing == "area" or not view.situation[seat]
            ]  # fmt: skip
        if mine:
            return mine[0]
        guards = [a for a in actions if isinstance(a, Guard)]
        if guards and view.runs:
            runner = cards[view.runs[-1][0]].run
            best = max(guards, key=lambda a: (cards[a.card].guard, a.card))
            if cards[best.card].guard >= runner or cards[best.card].guard >= 2:
                return best
        return Pass(seat)


def _keep(card: Any) -> tuple[int, int]:
    """How much it wants to keep a card (lowest is farmed first)."""
    if card.kind == "support":
        return (0, 0)
    if card.kind == "horse":
        return (1, card.run)
    return (2, card.force)


register_bot("forcehorse", "heuristic", ForceHorseHeuristic)

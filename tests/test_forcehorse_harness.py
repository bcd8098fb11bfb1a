"""Force of the Horse through the shared harness (replay at every step,
illegal probes refused with the state unchanged, audit, views equal under
hidden variants) at several distances, and the bots."""

from __future__ import annotations

import json

import pytest

import racebook
import racebook.agents.forcehorse  # registers the bot
import racebook.games.forcehorse  # registers the game
from racebook.core.game import MAX_CONFIG
from racebook.games.forcehorse import Race
from racebook.testing import check_random_games


@pytest.mark.parametrize("distance", [1200, 2200, 2500, 3200])
def test_harness_at_several_distances(distance: int) -> None:
    game = racebook.load("forcehorse", race=Race("hanshin", distance, "yielding"))
    report = check_random_games(game, games=4, seed=distance, deep=2)
    assert report.steps > 100 and report.probes > 0 and report.views > 0


def test_harness_random_race_and_80_card_long_distance() -> None:
    report = check_random_games(racebook.load("forcehorse-random"), games=4, seed=3, deep=2)
    assert report.views > 0


def test_harness_without_hand_limit_and_sum_reading() -> None:
    game = racebook.load("forcehorse", hand_limit=None, several_runners="sum")
    assert check_random_games(game, games=3, seed=5, deep=1).steps > 0


def test_config_fits_a_log_header() -> None:
    game = racebook.load("forcehorse-random")
    header = json.loads(game.new_state(seed=1).log.dumps().splitlines()[0])
    assert len(json.dumps(header["config"])) < MAX_CONFIG
    again = racebook.replay(game.new_state(seed=1).log.dumps())
    assert again.game.config == game.config


def test_bots_simulate() -> None:
    summary = racebook.simulate(racebook.load("forcehorse"), ["heuristic", "random"], games=20)
    assert summary.games == 20
    assert summary.seats[0].win_rate > summary.seats[1].win_rate  # the heuristic is better


@pytest.mark.parametrize("preset", ["forcehorse", "forcehorse-random"])
def test_an_action_is_checked_by_itself_exactly_as_the_list_says(preset: str) -> None:
    """rules._listed (the check replay makes of every action) agrees with
    legal_actions: every listed action passes it, and no action it passes is
    missing from the list (the probes, other payments, other supports)."""
    from racebook.agents.base import RandomBot
    from racebook.core.game import Action
    from racebook.games.forcehorse import ForceHorse, Run, Support
    from racebook.games.forcehorse.rules import _listed, legal_actions, probe_actions

    game = racebook.load(preset)
    assert isinstance(game, ForceHorse)
    names = sorted(game.by_name)
    for seed in range(3):
        st = game.new_state(seed=seed)
        bot = RandomBot(seed)
        while not st.is_over:
            seat = st.to_act[0]
            legal = legal_actions(st, seat)
            assert all(_listed(st, a) for a in legal if a.kind not in ("loop", "loop-count"))
            runs = [a for a in legal if isinstance(a, Run)]
            others: list[Action] = [
                Run(seat, a.card, tuple(sorted((*a.force, "Force")))) for a in runs
            ]
            others += [Run(seat, a.card, a.force[1:]) for a in runs]
            others += [Support(seat, n, t, i) for n in names for t in (-1, 0, 1) for i in (0, 1)]
            for a in [*probe_actions(st, seat), *others]:
                if a.seat in st.to_act and _listed(st, a):
                    assert a in legal, a
            st.apply(bot.choose(st, seat))

"""The bare Ready Set Bet game of the benchmarks (benchmarks/reference/
readysetbet_game.py) stays runnable and stays the game racebook plays: the
same components, about the same number of decisions and the same money."""

from __future__ import annotations

import importlib.util
import random
import statistics
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import racebook
from racebook.agents.base import RandomBot
from racebook.cards.readysetbet import BOARD, COLOUR_BETS, EXOTICS, PROPS, VIP_CARDS, VIP_KINDS

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "reference" / "readysetbet_game.py"
GAMES = 40


@pytest.fixture(scope="module")
def bare() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference_readysetbet_game", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bare_games(bare: Any, games: int) -> tuple[float, list[int]]:
    rng = random.Random(7)
    stats = [0]
    money: list[int] = []
    for _ in range(games):
        money += bare.game(rng, stats)
    return stats[0] / games, money


def library_games(games: int) -> tuple[float, list[int]]:
    """Random games as the benchmark plays them: the first seat to act, a random bot."""
    game = racebook.load("readysetbet")
    decisions = 0
    money: list[int] = []
    for g in range(games):
        state = game.new_state(seed=1000 + g)
        bot = RandomBot(g)
        while not state.is_over:
            state.apply(bot.choose(state, state.to_act[0]))
            decisions += 1
        assert state.result is not None
        money += state.result.scores
    return decisions / games, money


def test_components_are_the_librarys(bare: Any) -> None:
    assert list(bare.BOARD) == [
        tuple((r.mult, r.loss) for rates in row for r in rates) for row in BOARD
    ]
    assert list(bare.COLOURS) == [(c.rate.mult, c.rate.loss) for c in COLOUR_BETS]
    assert list(bare.EXOTICS) == [(e.rate.mult, e.rate.loss) for e in EXOTICS]
    assert [(a, tuple(b), m, loss) for a, b, m, loss in bare.PROPS] == [
        (p.ahead, p.behind, p.rate.mult, p.rate.loss) for p in PROPS
    ]
    amount = ("bonus-token", "piggyback")
    assert list(bare.VIP) == [
        (
            VIP_KINDS.index(v.kind),
            v.value if v.kind in amount else v.amount,
            v.loss,
            v.shield,
        )
        for v in VIP_CARDS
    ]


def test_plays_the_librarys_game(bare: Any) -> None:
    ours, ours_money = bare_games(bare, GAMES)
    theirs, their_money = library_games(GAMES)
    # the same decisions a game, within 10% (about 137: 111 bets, 15 VIP cards
    # kept, 3 free-chips cards, 8 host decisions)
    assert abs(ours - theirs) <= 0.1 * theirs, (ours, theirs)
    assert min(ours_money) == 0  # nobody below $0, and some end there
    # the money's shape: its quartiles within a few dollars of the library's
    for q_ours, q_theirs in zip(
        statistics.quantiles(ours_money, n=4),
        statistics.quantiles(their_money, n=4),
        strict=True,
    ):
        assert abs(q_ours - q_theirs) <= 8, (q_ours, q_theirs)
    assert abs(statistics.mean(ours_money) - statistics.mean(their_money)) <= 6


def test_runs_from_the_command_line(bare: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    argv = sys.argv
    sys.argv = [str(PATH), "3"]
    try:
        bare.main()
    finally:
        sys.argv = argv
    assert "decisions a game" in capsys.readouterr().out

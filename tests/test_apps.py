"""Apps on racebook: one seat model, resume after a crash, the wire format,
the table helper."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook.agents.base import RandomBot
from racebook.core.errors import UnknownSeat

PRESETS = sorted(racebook.presets())


@pytest.mark.parametrize("name", PRESETS)
def test_unknown_seats_are_refused(name: str) -> None:
    state = racebook.load(name).new_state(seed=1)
    seats = state.game.seats
    for bad in (seats, 17, -2):
        with pytest.raises(UnknownSeat):
            state.view(bad)
        with pytest.raises(UnknownSeat):
            state.legal_actions(bad)
    state.view(None)  # a spectator
    for seat in range(seats):
        state.view(seat)
        state.legal_actions(seat)


@pytest.mark.parametrize("name", PRESETS)
def test_players_are_the_seats_of_the_result(name: str) -> None:
    game = racebook.load(name)
    summary = racebook.simulate(game, games=1, seed=2)
    assert len(summary.seats) == game.players <= game.seats
    state = game.new_state(seed=3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[-1])
    assert state.result is not None and len(state.result.scores) == game.players


def test_ready_set_bet_host_chair_is_a_seat_not_a_player() -> None:
    plain = racebook.load("readysetbet", players=4)
    assert (plain.seats, plain.players) == (5, 4)
    betting_host = racebook.load("readysetbet", players=4, host_bets=True)
    assert (betting_host.seats, betting_host.players) == (5, 5)


# -- resume after a crash ----------------------------------------------------------------------


def _played(name: str, seed: int, steps: int | None = None) -> Any:
    state = racebook.load(name).new_state(seed=seed)
    bot = RandomBot(seed)
    n = 0
    while not state.is_over and (steps is None or n < steps):
        state.apply(bot.choose(state, state.to_act[0]))
        n += 1
    return state


@pytest.mark.parametrize("name", PRESETS)
def test_resume_continues_with_its_own_chance(name: str) -> None:
    state = _played(name, seed=4, steps=40)
    text = state.log.dumps()
    with pytest.raises(racebook.LogError):
        racebook.replay(text.rsplit("\n", 2)[0] + "\n")  # replay wants the closing line
    resumed = racebook.resume(text.rsplit("\n", 2)[0] + "\n", seed=9)
    assert not resumed.closed and resumed.dropped is None
    again = resumed.state
    assert again.digest() == state.digest()
    bot = RandomBot(5)
    while not again.is_over:  # the README's loop: chance is drawn, never fed
        again.apply(bot.choose(again, again.to_act[0]))
    assert racebook.replay(again.log.dumps()).digest() == again.digest()


def test_resume_without_a_seed_is_not_predictable_from_the_log() -> None:
    text = _played("longshot", seed=4, steps=5).log.dumps()
    draws = set()
    for _ in range(3):
        state = racebook.resume(text).state
        while state.race == 0 and not state.is_over:  # play to the next shuffle
            state.apply(state.legal_actions(state.to_act[0])[0])
        draws.add(state.digest())
    assert len(draws) > 1


def test_resume_a_closed_log_and_a_finished_game() -> None:
    state = _played("trickrace", seed=2)
    resumed = racebook.resume(state.log.dumps())
    assert resumed.closed and resumed.state.is_over
    assert resumed.state.digest() == state.digest()


def test_resume_from_a_log_cut_at_any_byte() -> None:
    state = _played("longshot", seed=6)
    text = state.log.dumps()
    header_end = text.index("\n") + 1
    rng = random.Random(1)
    for cut in sorted(rng.sample(range(header_end, len(text)), 120)):
        resumed = racebook.resume(text[:cut])
        complete = text[:cut].count("\n")  # whole lines kept
        assert len(resumed.state.log) >= complete - 1 - text[:cut].count('"digest"')
        assert (resumed.dropped is not None) == (
            not text[:cut].endswith("\n") and not _is_json(text[:cut].rsplit("\n", 1)[-1])
        )
    with pytest.raises(racebook.LogError) as info:
        racebook.resume(text[: header_end // 2])
    assert info.value.line == 1


def _is_json(line: str) -> bool:
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def test_the_log_writer_follows_the_state(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    state = racebook.load("readysetbet", players=3).new_state(seed=3)
    writer = racebook.LogWriter(state, path)
    bot = RandomBot(3)
    for _ in range(30):
        state.apply(bot.choose(state, state.to_act[0]))
    assert path.read_text(encoding="utf-8") == state.log.dumps().rsplit("\n", 2)[0] + "\n"
    clone = state.clone()  # a clone does not write to the file
    clone.apply(bot.choose(clone, clone.to_act[0]))
    assert path.read_text(encoding="utf-8") == state.log.dumps().rsplit("\n", 2)[0] + "\n"
    writer.close()
    resumed = racebook.resume(path.read_text(encoding="utf-8"), seed=1).state
    with racebook.LogWriter(resumed, path):
        while not resumed.is_over:
            resumed.apply(bot.choose(resumed, resumed.to_act[0]))
    text = path.read_text(encoding="utf-8")
    assert racebook.replay(text).digest() == resumed.digest() and text == resumed.log.dumps()


CHILD = """
import random, sys, time
import racebook
from racebook.agents.base import RandomBot
path, seed, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
state = racebook.load(name).new_state(seed=seed)
racebook.LogWriter(state, path)
bot, rng = RandomBot(seed), random.Random(seed)
while not state.is_over:
    state.apply(bot.choose(state, state.to_act[0]))
    print(len(state.log), flush=True)  # every line of these actions is flushed
    time.sleep(rng.random() * 0.004)
"""


@pytest.mark.parametrize("name", ["longshot", "readysetbet"])
def test_a_killed_writer_resumes_losing_nothing_flushed(tmp_path: Path, name: str) -> None:
    rng = random.Random(name)
    for attempt in range(8):
        path = tmp_path / f"{attempt}.jsonl"
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(attempt), name],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        target = rng.randrange(1, 120)
        seen = 0
        for line in child.stdout:  # the child reports how many actions it has flushed
            seen = int(line)
            if seen >= target:
                break
        time.sleep(rng.random() * 0.01)  # kill at a random instant, maybe mid-line
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        resumed = racebook.resume(path.read_text(encoding="utf-8"))
        assert len(resumed.state.log) >= seen
        state = resumed.state
        with racebook.LogWriter(state, path):
            bot = RandomBot(attempt)
            while not state.is_over:
                state.apply(bot.choose(state, state.to_act[0]))
        assert racebook.replay(path.read_text(encoding="utf-8")).digest() == state.digest()


# -- the table helper ---------------------------------------------------------------------------


def test_table_serves_concurrent_real_time_bets_first_come_first_served(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from racebook.games.readysetbet import Bet
    from racebook.table import Table

    path = tmp_path / "table.jsonl"
    table = Table(racebook.load("readysetbet", players=4).new_state(seed=8), log=path)
    host = table.game.seats - 1
    accepted: list[Any] = []
    refused = 0

    def bettor(seat: int) -> tuple[list[Any], int]:
        rng = random.Random(seat)
        mine, no = [], 0
        while not table.is_over:
            legal = (
                [a for a in table.legal_actions(seat) if isinstance(a, Bet)]
                if (seat in table.to_act)
                else []
            )
            if not legal:
                other = table.legal_actions(seat) if seat in table.to_act else []
                if other:  # keep a VIP card, cash chips...
                    table.submit(seat, rng.choice(other))
                time.sleep(0.0005)
                continue
            action = rng.choice(legal)
            verdict = table.submit(seat, action)
            if verdict.accepted:
                mine.append(action)
            else:
                no += 1
        return mine, no

    def roller() -> None:
        rng = random.Random(99)
        while not table.is_over:
            legal = table.legal_actions(host) if host in table.to_act else []
            if legal:
                table.submit(host, rng.choice(legal))
            time.sleep(0.002)

    with ThreadPoolExecutor(max_workers=5) as pool:
        futures = [pool.submit(bettor, s) for s in range(4)]
        pool.submit(roller).result(timeout=120)
        for f in futures:
            mine, no = f.result(timeout=120)
            accepted += mine
            refused += no
    logged = [
        a
        for a in racebook.replay(path.read_text(encoding="utf-8")).log.actions
        if isinstance(a, Bet)
    ]
    assert sorted(map(repr, logged)) == sorted(map(repr, accepted))  # none lost, none twice
    assert racebook.replay(path.read_text(encoding="utf-8")).digest() == table.state().digest()
    assert accepted


def test_table_refuses_acting_for_another_seat_and_streams_events_per_seat() -> None:
    from racebook.table import Table

    table = Table(racebook.load("longshot").new_state(seed=3))
    seat = table.to_act[0]
    action = table.legal_actions(seat)[0]
    other = (seat + 1) % table.game.seats
    assert not table.submit(other, action).accepted
    verdict = table.submit(seat, action)
    assert verdict.accepted and verdict.events
    mine, position = table.events(seat)
    theirs, same = table.events(other)
    assert (position == same and len(mine) > len(theirs)) or mine != theirs
    assert all(e.visible_to(other) for e in theirs)
    later, _ = table.events(seat, position)
    assert later == []
    with pytest.raises(UnknownSeat):
        table.events(17)


def test_table_resumes_from_its_own_log(tmp_path: Path) -> None:
    from racebook.table import Table

    path = tmp_path / "t.jsonl"
    table = Table(racebook.load("trickrace").new_state(seed=5), log=path)
    for _ in range(20):
        seat = table.to_act[0]
        assert table.submit(seat, table.legal_actions(seat)[0]).accepted
    digest = table.state().digest()
    table.close()  # the old server is gone (a live one would keep the log: LogInUse)
    again = Table.resume(path, seed=2)  # the server restarted
    assert again.state().digest() == digest
    while not again.is_over:
        seat = again.to_act[0]
        again.submit(seat, again.legal_actions(seat)[-1])
    assert racebook.replay(path.read_text(encoding="utf-8")).is_over


def test_the_ready_set_bet_table_example_prints_what_happened() -> None:
    """examples/app_readysetbet_table.py (shown whole in "Writing an app") counts
    the bets on its log and names the race it resumed in: both must be true."""
    path = Path(__file__).parent.parent / "examples" / "app_readysetbet_table.py"
    done = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    bets = int(lines[0].split(" bets on the log")[0])
    # four bettors, five tokens each, betting at every chance for 40 rolls
    assert 0 < bets <= 20
    # the dice come from seed 11 whoever bets: 40 rolls of the host, as the example
    game = racebook.load("readysetbet", players=4)
    state = game.new_state(seed=11)
    for _ in range(40):
        if state.is_over:
            break
        legal = state.legal_actions(game.host) if game.host in state.to_act else []
        if legal:
            state.apply(legal[0])
    view = state.view(None)
    assert lines[1] == f"resumed in race {view.race} of {view.races}"
    assert lines[2].startswith("money: (")


def test_the_asyncio_example_reads_input_within_limits_and_refuses_another_seats_action() -> None:
    """examples/app_asyncio_table.py ("Writing an app", "asyncio"): the JSON
    limits caught before racebook, submit refusing an action for another seat,
    the table called from asyncio to the end, the log created 0600."""
    path = Path(__file__).parent.parent / "examples" / "app_asyncio_table.py"
    done = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:4] == [
        "not JSON: RecursionError",
        "not JSON: ValueError",
        "field card: refused",
        "seat 1 acting for seat 0: seat 1 may not act for seat 0",
    ]
    assert lines[4].startswith("moves per seat: [") and "0" not in lines[4].split("[")[1][:1]
    assert lines[5] == "log mode 600: only its owner reads it"
    assert lines[6].startswith("points: (")

"""Watching a logged game: its steps as one seat saw them, the replay page's
data (nothing hidden from the seat), the command line, and the SVG charts."""

from __future__ import annotations

import itertools
import json
import math
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook.agents.base import make_bot
from racebook.cli import main
from racebook.core.game import CHANCE, State
from racebook.watch.charts import (
    distribution_chart,
    game_charts,
    money_by_race,
    simulated_scores,
)
from racebook.watch.html import embedded_json, page_data, replay_html
from racebook.watch.steps import game_steps, state_steps
from tests.longlogs import one_roll_at_a_time

GAMES = ("longshot", "mafia", "readysetbet", "trickrace", "forcehorse")
SVG = "{http://www.w3.org/2000/svg}"


@cache
def played(game_id: str, seed: int = 5) -> State[Any, Any, Any]:
    """One whole game between random bots (the same game every time)."""
    game = racebook.load(game_id)
    state = game.new_state(seed=seed)
    bots = [make_bot(game_id, "random", seed + s) for s in range(game.seats)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(bots[seat].choose(state, seat))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_steps_follow_the_log(game_id: str) -> None:
    state = played(game_id)
    watched = game_steps(state.log.dumps(), seat=None)
    decisions = sum(1 for a in state.log.actions if a.seat != CHANCE)
    assert len(watched.steps) == decisions + 1
    assert [s.index for s in watched.steps] == list(range(len(watched.steps)))
    assert watched.steps[0].actor is None and watched.steps[0].result is None
    assert watched.steps[-1].actions == len(state.log)
    assert watched.steps[-1].view == state.view(None).to_data()
    assert watched.steps[-1].text == state.view(None).render()
    result = state.result
    assert result is not None
    assert watched.steps[-1].result == {
        "scores": list(result.scores),
        "places": list(result.places),
        "winners": list(result.winners),
    }
    assert all(len(s.words) == len(s.events) for s in watched.steps)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_a_seats_page_tells_what_its_seat_log_tells(game_id: str, seat: int | None) -> None:
    """The page's events, step after step, are exactly the events of the
    seat's own log (``for_seat``), and each step's view is that seat's view."""
    state = played(game_id)
    data = page_data(replay_html(state.log.dumps(), seat))
    assert data["seat"] == seat
    lines = state.log.for_seat(seat).splitlines()[1:]
    events = [e for step in data["steps"] for e in step["events"]]
    assert events == [json.loads(line) for line in lines]
    assert data["steps"][-1]["view"] == json.loads(json.dumps(state.view(seat).to_data()))


def test_no_other_hand_is_in_a_seats_page() -> None:
    """Trick race cards are all different: no card in another seat's hand,
    nor its face-down discard, is anywhere in seat 0's step of that moment
    (but the card revealed to everyone for the discard number)."""
    state = played("trickrace")
    mine = page_data(replay_html(state.log.dumps(), 0))["steps"]
    theirs = {s: state_steps(state, s).steps for s in (1, 2, 3)}
    checked = 0
    for k, step in enumerate(mine):
        text = json.dumps(step["view"]) + step["text"]  # (its events may be of the last deal)
        for s, steps in theirs.items():
            view = steps[k].view
            secret = [*view["hand"], *([view["my_discard"]] if view["my_discard"] else [])]
            for card in secret:
                if card == step["view"]["revealed"]:  # shown to all to set the discard number
                    continue
                assert f'"{card}"' not in text and f" {card} " not in text, (k, s, card)
                checked += 1
    assert checked > 100
    spectator = page_data(replay_html(state.log.dumps(), None))["steps"]
    assert all(not step["view"]["hand"] for step in spectator)


def test_no_action_of_the_log_is_in_the_page() -> None:
    """The page holds views and events, never the log's actions (the deal is one)."""
    state = played("longshot")
    page = replay_html(state.log.dumps(), 1)
    assert '"kind"' not in json.dumps(page_data(page))
    assert "<script src" not in page and "<link" not in page


def test_embedded_json_cannot_close_the_script() -> None:
    text = embedded_json({"a": "</script><b>&"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"a": "</script><b>&"}


def test_replay_html_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text(played("trickrace").log.dumps(), encoding="utf-8")
    out = tmp_path / "page.html"
    assert main(["replay", str(log), "--html", str(out), "--seat", "2"]) == 0
    assert "as seat 2 saw it" in capsys.readouterr().out
    assert page_data(out.read_text(encoding="utf-8"))["seat"] == 2
    assert main(["replay", str(log), "--html", str(out), "--seat", "9"]) == 2
    assert "--seat 9" in capsys.readouterr().err


# -- charts ---------------------------------------------------------------------------------


def series(svg: str) -> dict[str, list[float]]:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    found = {}
    for g in root.iter(SVG + "g"):
        if g.get("class") == "series":
            found[g.get("data-name", "")] = [float(v) for v in g.get("data-values", "").split()]
    return found


@pytest.mark.parametrize("game_id", ["longshot", "mafia", "readysetbet", "trickrace"])
def test_positions_chart_has_a_line_per_horse_from_the_log(game_id: str) -> None:
    state = played(game_id)
    lines = series(game_charts(state)["positions"])
    assert len(lines) == len(state.view(None).positions)
    # replayed here by hand: a step ends just before each decision, and at the end
    actions = state.log.actions
    cuts = [i for i, a in enumerate(actions) if a.seat != CHANCE] + [len(actions)]
    replayed = state.game.new_state(explicit_chance=True)
    expected: list[list[int]] = []
    done = 0
    for cut in cuts:
        for action in actions[done:cut]:
            replayed.apply(action)
        done = cut
        expected.append(list(replayed.view(None).positions))
    for h, (name, values) in enumerate(lines.items()):
        assert name.startswith("horse ")
        assert values == [float(p[h]) for p in expected]


@pytest.mark.parametrize("game_id", ["longshot", "mafia", "readysetbet", "trickrace"])
def test_money_chart_has_a_line_per_seat_ending_at_the_result(game_id: str) -> None:
    state = played(game_id)
    lines = series(game_charts(state)["money"])
    result = state.result
    assert result is not None
    assert list(lines) == [f"seat {s}" for s in range(state.game.players)]
    assert [v[-1] for v in lines.values()] == [float(x) for x in result.scores]
    found = money_by_race(state_steps(state))
    assert found is not None
    assert len(found[1]) == state.view(None).races


def test_money_after_the_first_race_is_the_money_when_the_second_begins() -> None:
    state = played("longshot")
    lines = series(game_charts(state)["money"])
    replayed = state.game.new_state(explicit_chance=True)
    for action in state.log.actions:
        replayed.apply(action)
        if replayed.view(None).race == 2:
            break
    assert [v[0] for v in lines.values()] == [float(m) for m in replayed.view(None).money]


def y_axis(svg: str) -> list[tuple[float, float]]:
    """The y axis's ticks read back from the SVG: (value its label shows, y)."""
    root = ET.fromstring(svg)
    return [
        (float((t.text or "").replace(",", "")), float(t.get("y", "")) - 4)
        for t in root.iter(SVG + "text")
        if t.get("class") == "y-tick"
    ]


def drawn_ys(svg: str) -> dict[str, list[float]]:
    """Each series' points' y coordinates as drawn (its polyline)."""
    root = ET.fromstring(svg)
    found = {}
    for g in root.iter(SVG + "g"):
        if g.get("class") == "series":
            line = g.find(SVG + "polyline")
            if line is not None:
                points = line.get("points", "").split()
                found[g.get("data-name", "")] = [float(p.split(",")[1]) for p in points]
    return found


@pytest.mark.parametrize("game_id", ["longshot", "readysetbet", "trickrace", "forcehorse"])
def test_chart_axes_have_nice_ticks_where_the_lines_are_drawn(game_id: str) -> None:
    """Tick labels step by 1, 2 or 5 times a power of ten, evenly spaced, and a
    line's point with value v sits where the axis puts v (the trick race's axis
    once read 0, 1, 2, 4, 5 at equal spacing, its lines unrounded)."""
    state = played(game_id)
    for name, svg in game_charts(state).items():
        ticks = y_axis(svg)
        values = [v for v, _ in ticks]
        assert len(ticks) >= 2, name
        steps = {round(b - a, 9) for a, b in itertools.pairwise(values)}
        assert len(steps) == 1, (name, values)
        (step,) = steps
        mantissa = step / 10 ** math.floor(math.log10(step))
        assert round(mantissa, 9) in (1, 2, 5), (name, values)
        gaps = {round(a - b, 1) for (_, a), (_, b) in itertools.pairwise(ticks)}
        assert max(gaps) - min(gaps) <= 0.2, (name, ticks)
        (v0, y0), (v1, y1) = ticks[0], ticks[-1]
        lines = series(svg)
        for line, ys in drawn_ys(svg).items():
            data = lines[line]
            assert min(data) >= v0 and max(data) <= v1, (name, line)
            for v, y in zip(data, ys, strict=True):
                assert abs(y - (y0 + (v - v0) * (y1 - y0) / (v1 - v0))) <= 0.2, (name, line, v)


def test_force_of_the_horse_charts_its_areas() -> None:
    state = played("forcehorse")
    charts = game_charts(state)
    assert list(charts) == ["areas"]
    lines = series(charts["areas"])
    assert [v[-1] for v in lines.values()] == [float(sum(a)) for a in state.view(None).areas]


def test_distribution_chart_of_simulated_games() -> None:
    game = racebook.load("longshot")
    scores = simulated_scores(game, ["heuristic", "random"] + ["random"] * 3, games=6, seed=3)
    assert list(scores) == [f"seat {s} ({'heuristic' if s == 0 else 'random'})" for s in range(5)]
    summary = racebook.simulate(game, ["heuristic", "random"] + ["random"] * 3, games=1, seed=5)
    assert [v[2] for v in scores.values()] == [round(s.mean_score) for s in summary.seats]
    drawn = series(distribution_chart("t", scores))
    assert {k: sorted(v) for k, v in drawn.items()} == {
        k: sorted(float(x) for x in v) for k, v in scores.items()
    }


def test_chart_command_writes_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "ls.jsonl"
    log.write_text(played("longshot").log.dumps(), encoding="utf-8")
    assert main(["chart", str(log)]) == 0
    for name in ("positions", "money"):
        assert series((tmp_path / f"ls-{name}.svg").read_text(encoding="utf-8"))
    assert main(["chart", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
    out = tmp_path / "sim.svg"
    argv = ["simulate", "longshot", "--games", "3", "--chart", str(out)]
    assert main(argv) == 0
    assert len(series(out.read_text(encoding="utf-8"))) == 5


def test_the_page_is_small_and_its_compact_data_expands_to_every_step() -> None:
    """The page embedded every step's full view and text picture (1.27 MB for a
    9.4 KB log); it embeds what changed, and page_data gives it all back."""
    for game_id in ("readysetbet", "trickrace", "longshot"):
        state = played(game_id)
        log = state.log.dumps()
        for seat in (None, 0):
            page = replay_html(log, seat)
            # Ready Set Bet's page also holds the live odds after every roll
            # (issue 24: nine horses' chances and every open spot's value;
            # a bet splices one spot out): twice the room
            room = 60 if game_id == "readysetbet" else 30
            assert len(page) < room * len(log) + 40_000, (game_id, len(page), len(log))
            expected = json.loads(json.dumps(game_steps(log, seat).to_data()))
            assert page_data(page) == expected


def test_the_page_data_names_the_course_and_the_rules_in_play() -> None:
    data = game_steps(played("mafia").log.dumps()).to_data()
    assert data["course"] == racebook.load("mafia").config.goal
    assert data["rules"] == ["supply-quinella"]
    data = game_steps(played("trickrace").log.dumps()).to_data()
    assert data["course"] == 7 and data["rules"] == []
    assert game_steps(played("forcehorse").log.dumps()).to_data()["course"] is None


def test_the_pages_live_odds_stay_within_their_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: exact odds at every step of a 411 KB log (track 30, one roll
    at a time) took 424 s and a 79 MB page; the page spends at most its
    budget on them, the same positions once, and says what it left out."""
    from racebook.games.readysetbet import live

    spent: list[int] = []
    real = live.race_at

    def counted(c: Any, pos: Any, *rest: Any) -> Any:
        spent.append(sum(c.track - 1 - p for p in pos) ** 2)
        return real(c, pos, *rest)

    monkeypatch.setattr(live, "race_at", counted)
    live._position.cache_clear()
    log = one_roll_at_a_time(1, track=20)
    budget = 40_000  # a small part of what every position would cost
    page = replay_html(log, budget=budget)
    assert 0 < sum(spent) <= budget
    data = page_data(page)
    methods = [s["live"]["method"] for s in data["steps"] if s["live"] is not None]
    assert methods.count("exact") >= 2 and methods.count("left out") > 2 * methods.count("exact")
    assert "live odds at" in data["live_note"] and f"budget is {budget:,}" in data["live_note"]
    assert len(spent) == len(
        set(
            map(
                tuple,
                (
                    s["view"]["positions"]
                    for s in data["steps"]
                    if s["live"] and s["live"]["method"] == "exact"
                ),
            )
        )
    )


def test_a_page_within_its_budget_has_every_positions_odds_and_no_note() -> None:
    log = played("readysetbet").log.dumps()
    whole = game_steps(log)
    assert whole.live_note is None and page_data(replay_html(log))["live_note"] is None
    assert any(s.live for s in whole.steps)
    assert all(s.live is None or s.live["method"] == "exact" for s in whole.steps)

"""Charts of games as SVG, drawn with the standard library alone.

* :func:`positions_chart`: each horse's position by step of a game;
* :func:`money_chart`: every seat's money (or points) after each race;
* :func:`areas_chart`: Force of the Horse's cards in distance areas by step;
* :func:`distribution_chart`: the spread of final money per seat and bot over
  many simulated games (:func:`simulated_scores`).

Each series is an SVG group ``<g class="series" data-name="...">`` whose
``data-values`` attribute lists its values, so that a program (or a test) can
read back what was drawn.

>>> import racebook, xml.etree.ElementTree as ET
>>> from racebook.agents.base import RandomBot
>>> state = racebook.load("trickrace").new_state(seed=2)
>>> bot = RandomBot(seed=1)
>>> while not state.is_over:
...     _ = state.apply(bot.choose(state, state.to_act[0]))
>>> sorted(game_charts(state))
['money', 'positions']
>>> ET.fromstring(game_charts(state)["money"]).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from racebook.core.game import Game, State
from racebook.watch.steps import Watched, state_steps

WIDTH = 720
HEIGHT = 360
LEFT, RIGHT, TOP, BOTTOM = 64, 150, 36, 40
COLOURS = (
    "#1565c0",
    "#c62828",
    "#2e7d32",
    "#6a1b9a",
    "#ef6c00",
    "#455a64",
    "#00838f",
    "#8d6e63",
    "#ad1457",
    "#9e9d24",
)
RSB_HORSES = ("2/3", "4", "5", "6", "7", "8", "9", "10", "11/12")


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _frame(title: str, y_label: str, body: list[str], legend: Sequence[str]) -> str:
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        f'<text x="{WIDTH // 2}" y="20" text-anchor="middle" font-size="15">{escape(title)}</text>',
        f'<text x="14" y="{HEIGHT // 2}" transform="rotate(-90 14 {HEIGHT // 2})" '
        f'text-anchor="middle">{escape(y_label)}</text>',
        *body,
    ]
    for i, name in enumerate(legend):
        y = TOP + 8 + 18 * i
        x = WIDTH - RIGHT + 14
        colour = COLOURS[i % len(COLOURS)]
        parts.append(f'<rect x="{x}" y="{y - 9}" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{x + 18}" y="{y + 1}">{escape(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def nice_ticks(low: float, high: float, most: int = 6, *, whole: bool = True) -> list[float]:
    """Axis ticks from ``low`` to ``high``, both included (the axis is widened
    to whole steps), at a step of 1, 2 or 5 times a power of ten (at least 1
    if ``whole``: positions, money and counts are whole numbers), at most
    ``most + 1`` ticks.  The y axes of every chart use them, and the lines are
    drawn to the same scale: a label sits exactly where its value is.

    >>> nice_ticks(0, 5.3)
    [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    >>> nice_ticks(-3, 180)
    [-50.0, 0.0, 50.0, 100.0, 150.0, 200.0]
    >>> nice_ticks(0, 0)
    [0.0, 1.0]
    >>> nice_ticks(0, 0.3, whole=False)
    [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / most
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw * (1 - 1e-9))
    if whole:
        step = max(step, 1.0)
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    return [round(k * step, 10) + 0.0 for k in range(first, last + 1)]


def _tick_label(value: float) -> str:
    return f"{value:,.0f}" if value == int(value) else f"{value:,.10f}".rstrip("0")


def _axes(
    x_ticks: Sequence[tuple[float, str]], y_low: float, y_high: float, x_label: str
) -> tuple[list[str], Any, Any]:
    """Axes, ticks and grid; returns the parts and the x and y scales.  The y
    axis runs from the first to the last of :func:`nice_ticks` (``y_low``,
    ``y_high``): each tick is a ``<text class="y-tick" data-value=...>``."""
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    xs = [x for x, _ in x_ticks] or [0.0]
    x_low, x_high = min(xs), max(xs)
    x_span = (x_high - x_low) or 1.0
    y_ticks = nice_ticks(y_low, y_high)
    y_low, y_high = y_ticks[0], y_ticks[-1]
    y_span = y_high - y_low

    def sx(x: float) -> float:
        return LEFT + plot_w * (x - x_low) / x_span

    def sy(y: float) -> float:
        return TOP + plot_h * (1 - (y - y_low) / y_span)

    parts = [
        f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}" '
        'stroke="#333"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#333"/>',
        f'<text x="{LEFT + plot_w // 2}" y="{HEIGHT - 6}" text-anchor="middle">'
        f"{escape(x_label)}</text>",
    ]
    for value in y_ticks:
        y = sy(value)
        parts.append(
            f'<line x1="{LEFT}" y1="{_number(y)}" x2="{LEFT + plot_w}" y2="{_number(y)}" '
            'stroke="#e0e0e0"/>'
        )
        parts.append(
            f'<text class="y-tick" data-value="{value:g}" data-y="{_number(y)}" '
            f'x="{LEFT - 6}" y="{_number(y + 4)}" text-anchor="end">'
            f"{escape(_tick_label(value))}</text>"
        )
    for x, label in x_ticks:
        parts.append(
            f'<text x="{_number(sx(x))}" y="{TOP + plot_h + 16}" text-anchor="middle">'
            f"{escape(label)}</text>"
        )
    return parts, sx, sy


def _ticks(count: int, most: int = 10) -> list[tuple[float, str]]:
    step = max(1, -(-count // most))
    ticks = [(float(i), str(i)) for i in range(0, count, step)]
    if count and ticks[-1][0] != count - 1:
        ticks.append((float(count - 1), str(count - 1)))
    return ticks


def _series_attr(name: str, values: Sequence[float]) -> str:
    text = " ".join(_number(v) for v in values)
    return f'<g class="series" data-name={quoteattr(name)} data-values={quoteattr(text)}>'


def line_chart(
    title: str,
    series: Mapping[str, Sequence[float]],
    *,
    x_labels: Sequence[str] | None = None,
    x_label: str = "step",
    y_label: str = "",
    marks: Sequence[int] = (),
) -> str:
    """A line chart, one line a series (all of the same length); ``marks``
    draws dashed vertical lines at those x positions (a new race)."""
    length = max((len(v) for v in series.values()), default=0)
    if x_labels is not None:
        ticks = [(float(i), label) for i, label in enumerate(x_labels)]
    else:
        ticks = _ticks(length)
    values = [v for vs in series.values() for v in vs] or [0.0]
    low = min(0.0, min(values))
    high = max(values) if max(values) > low else low + 1
    parts, sx, sy = _axes(ticks or [(0.0, "0")], low, high, x_label)
    for m in marks:
        parts.append(
            f'<line x1="{_number(sx(m))}" y1="{TOP}" x2="{_number(sx(m))}" '
            f'y2="{HEIGHT - BOTTOM}" stroke="#999" stroke-dasharray="4 4"/>'
        )
    for i, (name, vs) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        points = " ".join(f"{_number(sx(x))},{_number(sy(v))}" for x, v in enumerate(vs))
        parts.append(_series_attr(name, vs))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>'
        )
        if len(vs) <= 12:
            parts.extend(
                f'<circle cx="{_number(sx(x))}" cy="{_number(sy(v))}" r="3" fill="{colour}"/>'
                for x, v in enumerate(vs)
            )
        parts.append("</g>")
    return _frame(title, y_label, parts, list(series))


def _horse_names(game: str, count: int) -> list[str]:
    if game == "readysetbet" and count == len(RSB_HORSES):
        return [f"horse {h}" for h in RSB_HORSES]
    return [f"horse {h + 1}" for h in range(count)]


def _race_marks(watched: Watched) -> list[int]:
    marks = []
    for a, b in itertools.pairwise(watched.steps):
        if (
            isinstance(a.view, dict)
            and isinstance(b.view, dict)
            and a.view.get("race") != b.view.get("race")
        ):
            marks.append(b.index)
    return marks


def positions_chart(watched: Watched) -> str | None:
    """Each horse's position by step (``None`` if the game has no track)."""
    views = [s.view for s in watched.steps]
    if not views or not all(isinstance(v, dict) and "positions" in v for v in views):
        return None
    count = len(views[0]["positions"])
    names = _horse_names(watched.game, count)
    series = {names[h]: [float(v["positions"][h]) for v in views] for h in range(count)}
    return line_chart(
        f"{watched.title}: each horse's position by step",
        series,
        y_label="position",
        marks=_race_marks(watched),
    )


def money_by_race(watched: Watched) -> tuple[str, list[str], dict[str, list[float]]] | None:
    """Every seat's money (or points) after each race: the quantity's name,
    the race labels and the values by seat; ``None`` if the game has none.
    After race ``r`` is read at the first step of race ``r + 1`` (the race is
    settled then), and after the last race from the result."""
    steps = watched.steps
    views = [s.view for s in steps]
    if not views or not all(isinstance(v, dict) for v in views):
        return None
    key = "money" if "money" in views[0] else "points" if "points" in views[0] else None
    if key is None or "race" not in views[0]:
        return None
    players = watched.players
    after: list[list[float]] = []
    result = steps[-1].result
    ended = views[:-1] if result is not None else views  # the result is after the last race
    for a, b in itertools.pairwise(ended):
        if a["race"] != b["race"]:
            after.append([float(x) for x in b[key][:players]])
    if result is not None:
        after.append([float(x) for x in result["scores"][:players]])
    labels = [f"race {i + 1}" for i in range(len(after))]
    if result is not None and labels:
        labels[-1] = "end"
    series = {f"seat {s}": [row[s] for row in after] for s in range(players)}
    return key, labels, series


def money_chart(watched: Watched) -> str | None:
    """Every seat's money (or points) after each race, as SVG."""
    found = money_by_race(watched)
    if found is None:
        return None
    key, labels, series = found
    return line_chart(
        f"{watched.title}: {key} after each race",
        series,
        x_labels=labels,
        x_label="race",
        y_label=key,
    )


def areas_chart(watched: Watched) -> str | None:
    """Force of the Horse: each seat's cards in its distance areas by step."""
    views = [s.view for s in watched.steps]
    if not views or not all(isinstance(v, dict) and "areas" in v for v in views):
        return None
    seats = len(views[0]["areas"])
    series = {f"seat {s}": [float(sum(v["areas"][s])) for v in views] for s in range(seats)}
    return line_chart(
        f"{watched.title}: cards in each seat's distance areas by step",
        series,
        y_label="cards",
    )


def game_charts(state: State[Any, Any, Any]) -> dict[str, str]:
    """Every chart of one game (finished or not) that its views allow, by
    name: ``positions``, ``money`` and ``areas``, as a spectator saw it."""
    watched = state_steps(state, None)
    charts = {
        "positions": positions_chart(watched),
        "money": money_chart(watched),
        "areas": areas_chart(watched),
    }
    return {name: svg for name, svg in charts.items() if svg is not None}


def simulated_scores(
    game: Game[Any, Any], bots: Sequence[str], *, games: int, seed: int
) -> dict[str, list[int]]:
    """Final money (score) of every game by seat and bot (``"seat 0
    (heuristic)"``): game ``i`` is :func:`racebook.simulate` of one game
    with seed ``seed + i``, so each is reproducible alone."""
    from racebook.simulation import simulate

    scores: dict[str, list[int]] = {}
    for i in range(games):
        summary = simulate(game, list(bots), games=1, seed=seed + i)
        for stats in summary.seats:
            scores.setdefault(f"seat {stats.seat} ({stats.bot})", []).append(
                round(stats.mean_score)
            )
    return scores


def distribution_chart(title: str, scores: Mapping[str, Sequence[float]]) -> str:
    """The spread of final money per seat and bot: a box (quartiles), the
    median line, whiskers to the extremes and the mean as a dot."""
    names = list(scores)
    values = [v for vs in scores.values() for v in vs] or [0.0]
    low, high = min(0.0, min(values)), max(values)
    high = high if high > low else low + 1
    ticks = [(float(i), f"seat {i}") for i in range(len(names))]
    padded = [(-0.5, ""), *ticks, (len(names) - 0.5, "")]
    parts, sx, sy = _axes(padded, low, high, "seat (bot)")
    for i, name in enumerate(names):
        data = sorted(scores[name])
        if not data:
            continue
        colour = COLOURS[i % len(COLOURS)]
        q1, median, q3 = (_quantile(data, q) for q in (0.25, 0.5, 0.75))
        mean = sum(data) / len(data)
        x = sx(i)
        half = 0.3 * (sx(1) - sx(0))
        parts.append(_series_attr(name, data))
        parts.append(
            f'<line x1="{_number(x)}" y1="{_number(sy(data[0]))}" x2="{_number(x)}" '
            f'y2="{_number(sy(data[-1]))}" stroke="{colour}"/>'
        )
        parts.append(
            f'<rect x="{_number(x - half)}" y="{_number(sy(q3))}" width="{_number(2 * half)}" '
            f'height="{_number(max(sy(q1) - sy(q3), 1))}" fill="{colour}" fill-opacity="0.3" '
            f'stroke="{colour}"/>'
        )
        parts.append(
            f'<line x1="{_number(x - half)}" y1="{_number(sy(median))}" '
            f'x2="{_number(x + half)}" y2="{_number(sy(median))}" stroke="{colour}" '
            'stroke-width="2"/>'
        )
        parts.append(
            f'<circle cx="{_number(x)}" cy="{_number(sy(mean))}" r="3" fill="{colour}"/></g>'
        )
    return _frame(title, "final money", parts, names)


def _quantile(data: Sequence[float], q: float) -> float:
    """Linear interpolation between the closest ranks of sorted ``data``."""
    pos = q * (len(data) - 1)
    low = int(pos)
    high = min(low + 1, len(data) - 1)
    return data[low] + (data[high] - data[low]) * (pos - low)

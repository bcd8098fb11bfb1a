"""The replay page in a real headless browser: Debian's chromium, driven by
selenium through Debian's chromedriver (``make test`` installs both where
apt is available; nothing is downloaded at run time).  Without them these
tests are skipped, saying what is missing."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from racebook.core.game import CHANCE
from racebook.watch.html import replay_html
from tests.test_watch import GAMES, played

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1200,900",
)


def start_browser(profile: str) -> Any:
    """A headless chromium under selenium (skips the test if there is none)."""
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.skip(
            "no chromium/chromedriver on PATH: install Debian's chromium and "
            "chromium-driver (make tools does, with apt-get) to run the replay page in a browser"
        )
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed: pip install -e '.[dev]' to run the browser tests")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    from selenium.common.exceptions import WebDriverException

    try:
        return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except WebDriverException as exc:  # a chromium that cannot start here (a snap stub)
        pytest.skip(f"{CHROMIUM} does not start under {CHROMEDRIVER}: {exc.msg}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with tempfile.TemporaryDirectory() as profile:
        driver = start_browser(profile)
        try:
            yield driver
        finally:
            driver.quit()


def problems(driver: Any) -> list[str]:
    """Console errors and warnings since the last call (the log is drained)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def text_of(driver: Any, element: str) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.ID, element).text)


def press(driver: Any, key: str, times: int = 1) -> None:
    from selenium.webdriver.common.by import By

    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(times):
        body.send_keys(key)


def shown_positions(driver: Any) -> list[int]:
    from selenium.webdriver.common.by import By

    lanes = driver.find_elements(By.CSS_SELECTOR, "#track .lane .pos")
    return [int(lane.text) for lane in lanes]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_page_steps_through_the_game(browser: Any, tmp_path: Path, game_id: str) -> None:
    from selenium.webdriver.common.keys import Keys

    state = played(game_id)
    page = tmp_path / f"{game_id}.html"
    page.write_text(replay_html(state.log.dumps(), None), encoding="utf-8")
    problems(browser)
    browser.get(page.as_uri())
    assert browser.title == f"{state.game.title} replay"
    assert text_of(browser, "counter").startswith("step 0 of ")
    first_board = text_of(browser, "board")
    if game_id != "forcehorse":  # a card game without a track: its areas change instead
        start = shown_positions(browser)
        assert start == list(state.game.new_state(seed=1).view(None).positions)
        step = 0
        while shown_positions(browser) == start and step < 60:
            press(browser, Keys.ARROW_RIGHT)
            step += 1
        assert shown_positions(browser) != start, "positions never changed"
        assert text_of(browser, "counter").startswith(f"step {step} of ")
    else:
        press(browser, Keys.ARROW_RIGHT, 30)
        assert text_of(browser, "board") != first_board
    press(browser, Keys.END)
    result = state.result
    assert result is not None
    shown = text_of(browser, "result")
    assert f"scores {', '.join(map(str, result.scores))}" in shown
    assert ", ".join(f"seat {s}" for s in result.winners) in shown
    if game_id != "forcehorse":
        assert shown_positions(browser) == list(state.view(None).positions)
    press(browser, Keys.HOME)
    assert text_of(browser, "counter").startswith("step 0 of ")
    assert problems(browser) == []


def test_a_seats_page_shows_its_hand_only(browser: Any, tmp_path: Path) -> None:
    state = played("longshot")
    page = tmp_path / "seat2.html"
    page.write_text(replay_html(state.log.dumps(), 2), encoding="utf-8")
    browser.get(page.as_uri())
    assert text_of(browser, "who") == "seat 2's view"
    dealt = state.game.new_state(explicit_chance=True)
    for action in state.log.actions:  # the deal: chance acts until the first decision
        if action.seat != CHANCE:
            break
        dealt.apply(action)
    assert text_of(browser, "hand") == "your hand: " + " ".join(map(str, dealt.view(2).hand))
    assert problems(browser) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seats_page_runs_to_its_end(browser: Any, tmp_path: Path, game_id: str) -> None:
    from selenium.webdriver.common.keys import Keys

    state = played(game_id)
    page = tmp_path / f"{game_id}-seat1.html"
    page.write_text(replay_html(state.log.dumps(), 1), encoding="utf-8")
    problems(browser)
    browser.get(page.as_uri() + "#last")
    assert text_of(browser, "who").startswith("seat 1's view")
    result = state.result
    assert result is not None
    assert f"scores {', '.join(map(str, result.scores))}" in text_of(browser, "result")
    press(browser, Keys.HOME)
    assert text_of(browser, "result") == ""
    assert problems(browser) == []


def test_the_track_is_drawn_to_the_course_and_a_seats_labels_fit(
    browser: Any, tmp_path: Path
) -> None:
    """The trick race's horses at 5 of a 7-space course sit at 5/7 of the lane,
    not at its end (the track was scaled to the farthest horse); a seat's own
    page names its horse in full ("horse 2, yours"), never clipped."""
    from selenium.webdriver.common.by import By

    state = played("trickrace")
    page = tmp_path / "trickrace-seat0.html"
    page.write_text(replay_html(state.log.dumps(), 0), encoding="utf-8")
    browser.get(page.as_uri() + "#last")
    course = state.game.config.course
    lanes = browser.find_elements(By.CSS_SELECTOR, "#track .lane")
    farthest = max(max(state.view(None).positions), course)
    for lane, pos in zip(lanes, state.view(None).positions, strict=True):
        bar = lane.find_element(By.CSS_SELECTOR, ".bar")
        horse = lane.find_element(By.CSS_SELECTOR, ".horse")
        share = (horse.rect["x"] - bar.rect["x"]) / max(1, bar.rect["width"] - horse.rect["width"])
        assert abs(share - pos / farthest) < 0.03, (pos, share)
        name = lane.find_element(By.CSS_SELECTOR, ".name")
        assert browser.execute_script(
            "return arguments[0].scrollWidth <= arguments[0].clientWidth", name
        ), name.text
        assert lane.find_element(By.CSS_SELECTOR, ".of").text == f"of {course}"
    names = [lane.find_element(By.CSS_SELECTOR, ".name").text for lane in lanes]
    mine = state.view(0).horses[0]
    assert names[mine - 1] == f"horse {mine}, yours"
    assert problems(browser) == []


def test_the_ready_set_bet_board_shows_rates_and_a_token_legend(
    browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    state = played("readysetbet")
    page = tmp_path / "rsb.html"
    page.write_text(replay_html(state.log.dumps(), None), encoding="utf-8")
    browser.get(page.as_uri() + "#step=3")
    legend = text_of(browser, "legend")
    for seat in range(state.game.players):
        assert f"seat {seat}" in legend
    shown = {
        spot.get_attribute("data-spot"): spot.find_element(By.CSS_SELECTOR, ".pays").text
        for spot in browser.find_elements(By.CSS_SELECTOR, "#board .spot")
    }
    rates = {s: f"{m}/{loss}" if loss else f"{m}" for s, m, loss in state.view(None).rates}
    assert shown and all(rates[s] == text for s, text in shown.items() if s in rates)
    assert shown["win:7:0"] == rates["win:7:0"]
    assert problems(browser) == []


def test_a_house_rule_games_page_names_its_rules(browser: Any, tmp_path: Path) -> None:
    state = played("mafia")
    page = tmp_path / "mafia.html"
    page.write_text(replay_html(state.log.dumps(), None), encoding="utf-8")
    browser.get(page.as_uri())
    assert text_of(browser, "who") == "spectator's view; rules in play: supply-quinella"


def test_ready_set_bet_page_shows_the_live_odds(browser: Any, tmp_path: Path) -> None:
    """After each roll the page shows each horse's win / place / show chance and
    the open spots' expected values, the step's own figures (exact odds of the
    seat's view); outside a race the panel is hidden."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from racebook.watch.html import page_data

    state = played("readysetbet")
    html = replay_html(state.log.dumps(), 1)
    page = tmp_path / "rsb.html"
    page.write_text(html, encoding="utf-8")
    steps = page_data(html)["steps"]
    problems(browser)
    browser.get(page.as_uri())
    section = browser.find_element(By.ID, "live-section")
    seen = 0
    for index, step in enumerate(steps[:80]):
        if index:
            press(browser, Keys.ARROW_RIGHT)
        live = step["live"]
        assert section.is_displayed() == (live is not None)
        if live is None:
            continue
        rows = browser.find_elements(By.CSS_SELECTOR, "#live-horses tr")[1:]
        assert len(rows) == 9
        for h, row in enumerate(rows):
            cells = [c.text for c in row.find_elements(By.TAG_NAME, "td")]
            assert cells == [f"{100 * live[k][h]:.1f}%" for k in ("win", "place", "show")]
        spots = browser.find_elements(By.CSS_SELECTOR, "#live-spots tr")[1:]
        assert len(spots) == len(live["spots"]) == len(step["view"]["open_spots"])
        assert live["tokens"] == sorted(set(step["view"]["tokens"][1]))  # seat 1's own tokens
        seen += 1
    assert seen > 20
    press(browser, Keys.END)
    assert not section.is_displayed()  # the game is over
    assert problems(browser) == []


def test_a_page_says_where_its_budget_left_the_odds_out(browser: Any, tmp_path: Path) -> None:
    """Past the page's budget of live odds, a step without them says so in
    the odds panel, and the page's header says how many positions have them."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from racebook.watch.html import page_data
    from tests.longlogs import one_roll_at_a_time

    html = replay_html(one_roll_at_a_time(1, track=20), budget=40_000)
    page = tmp_path / "rsb.html"
    page.write_text(html, encoding="utf-8")
    data = page_data(html)
    note = data["live_note"]
    problems(browser)
    browser.get(page.as_uri())
    assert note in text_of(browser, "who")
    index = next(
        i for i, s in enumerate(data["steps"]) if (s["live"] or {}).get("method") == "left out"
    )
    press(browser, Keys.ARROW_RIGHT, index)
    assert browser.find_element(By.ID, "live-section").is_displayed()
    assert text_of(browser, "live-note") == note
    assert problems(browser) == []

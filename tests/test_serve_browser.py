"""People play in headless chromium against each other and bots, through
``racebook serve``'s pages: a whole Ready Set Bet (the race in real time,
bets while the host's dice roll) and a whole trick race, the second one with
the server killed by ``kill -9`` mid-game and started again (the pages
reconnect by themselves and the game ends).  Each browser clicks its seat's
first legal control whenever it has one."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serving import Server, need_serve, wait_until
from tests.test_watch_browser import problems, start_browser


@pytest.fixture(scope="module")
def browsers() -> Iterator[list[Any]]:
    need_serve()
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as two:
        drivers = [start_browser(one)]
        try:
            drivers.append(start_browser(two))
            yield drivers
        finally:
            for d in drivers:
                d.quit()


def click_first(driver: Any) -> str | None:
    """Click the first enabled move button of the page; its label (``None``: none)."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By

    try:
        for button in driver.find_elements(By.CSS_SELECTOR, "#actions button.act"):
            if button.is_enabled():
                label = str(button.text)
                button.click()
                return label
    except WebDriverException:  # the page redrew under the click: try again next time
        return None
    return None


def is_over(driver: Any) -> bool:
    from selenium.common.exceptions import WebDriverException

    try:
        return bool(driver.execute_script("return !document.getElementById('over').hidden"))
    except WebDriverException:
        return False


def text(driver: Any, element: str) -> str:
    return str(driver.execute_script(f"return document.getElementById('{element}').textContent"))


def play(drivers: list[Any], until: Any, timeout: float = 240) -> list[list[str]]:
    """Every browser clicks its first move until ``until()``; the labels clicked."""
    clicked: list[list[str]] = [[] for _ in drivers]
    end = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < end, "the game did not end in time"
        for i, driver in enumerate(drivers):
            label = click_first(driver)
            if label is not None:
                clicked[i].append(label)
        time.sleep(0.02)
    return clicked


def open_seats(drivers: list[Any], links: dict[str, str]) -> None:
    for driver, seat in zip(drivers, ("0", "1"), strict=True):
        driver.get(links[seat])
        wait_until(lambda d=driver: text(d, "who"), what="the page's first picture")
        problems(driver)  # drained


def test_ready_set_bet_in_browsers(browsers: list[Any], tmp_path: Path) -> None:
    import racebook

    server = Server(tmp_path / "t.sqlite3", "--bot-delay", "0", "--pace", "0.1").start()
    try:
        made = server.create(game="readysetbet", people=[0, 1], bots="heuristic")
        open_seats(browsers, made["seats"])
        for seat, driver in enumerate(browsers):
            assert f"you are seat {seat}." in text(driver, "who")
            assert "odds" in driver.find_element("id", "odds").text
        clicked = play(browsers, lambda: all(is_over(d) for d in browsers))
        assert all(any(c.startswith("bet ") for c in mine) for mine in clicked), clicked
        state = racebook.replay(server.log_text(made["table"]))
        people = {a.seat for a in state.log.actions if a.kind == "bet"}
        assert {0, 1} <= people and state.is_over
        assert "the game is over" in text(browsers[0], "over")
        assert not [p for d in browsers for p in problems(d) if "favicon" not in p]
    finally:
        server.stop()


def test_trick_race_in_browsers_survives_kill_9(browsers: list[Any], tmp_path: Path) -> None:
    import racebook

    db = tmp_path / "t.sqlite3"
    server = Server(db, "--bot-delay", "0").start()
    made = server.create(game="trickrace", people=[0, 1], bots="random")
    key = made["table"]
    try:
        open_seats(browsers, made["seats"])
        for seat, driver in enumerate(browsers):
            assert "your hand" in text(driver, "text") and f"you are seat {seat}." in text(
                driver, "who"
            )
        play(browsers, lambda: server.picture(key, None)["position"] > 80)
        server.kill()
        before = server.digest(key)
        wait_until(
            lambda: all("reconnecting" in text(d, "status") for d in browsers), what="the drop"
        )
        server = Server(db, "--bot-delay", "0").start(port=server.port)
        assert server.digest(key) == before
        wait_until(lambda: all(text(d, "status") == "connected" for d in browsers), what="back")
        play(browsers, lambda: all(is_over(d) for d in browsers))
        state = racebook.replay(server.log_text(key))
        assert state.is_over and {a.seat for a in state.log.actions} >= {0, 1, 2, 3}
    finally:
        server.stop()


def test_the_lobby_creates_a_table_and_gives_its_links(browsers: list[Any], tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    server = Server(tmp_path / "t.sqlite3", "--bot-delay", "0").start()
    try:
        driver = browsers[0]
        problems(driver)  # drained: an earlier test's server drops are not this page's
        driver.get(server.base + "/")
        Select(driver.find_element(By.ID, "game")).select_by_visible_text("trickrace")
        people = driver.find_element(By.ID, "people")
        people.clear()
        people.send_keys("0,2")
        driver.find_element(By.CSS_SELECTOR, "#create button").click()
        wait_until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#links a")) == 3, 30)
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#links a")]
        assert [link.split("#")[0] == links[-1] for link in links[:2]] == [True, True]
        (row,) = wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "#tables a"), 30)
        assert "a person" in row.text and "random bot" in row.text
        driver.get(links[1])  # seat 2's link
        wait_until(lambda: "you are seat 2." in text(driver, "who"), what="seat 2's page")
        assert not [p for p in problems(driver) if "favicon" not in p]
    finally:
        server.stop()

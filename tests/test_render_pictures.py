"""The game pages' text pictures are drawn from ``render()`` when the docs
build (docs/render_pictures.py), so they cannot drift: every position is
reached, every page's picture names one, and each is the real picture."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def pictures() -> object:
    sys.path.insert(0, str(DOCS))
    try:
        import render_pictures
    finally:
        sys.path.remove(str(DOCS))
    return render_pictures


def test_every_page_picture_is_drawn_and_every_position_used(pictures: object) -> None:
    named = {
        m.group(1)
        for page in (DOCS / "games").glob("*.rst")
        for m in re.finditer(r"^\.\. render-picture:: (\S+)$", page.read_text("utf-8"), re.M)
    }
    positions = pictures.POSITIONS  # type: ignore[attr-defined]
    assert named == set(positions) == {"readysetbet", "longshot", "trickrace"}
    for name in positions:
        text = pictures.picture(name)  # type: ignore[attr-defined]
        assert text.splitlines()[0].startswith(
            ("Ready Set Bet, race 2", "Long Shot, race 1", "Trick race, race 1")
        )
    rsb = pictures.picture("readysetbet")  # type: ignore[attr-defined]
    assert "board: a spot's pays=tokens" in rsb and "7/2=" in rsb  # the legend and the rates
    for page in (DOCS / "games").glob("*.rst"):  # no hand-drawn picture left behind
        assert "(seat 0's view)\n" not in page.read_text("utf-8")


def test_a_position_never_reached_is_an_error(
    pictures: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    positions = dict(pictures.POSITIONS)  # type: ignore[attr-defined]
    positions["never"] = ("trickrace", 1, 0, lambda state: False)
    monkeypatch.setattr(pictures, "POSITIONS", positions)
    with pytest.raises(ValueError, match="never reached"):
        pictures.picture("never")  # type: ignore[attr-defined]

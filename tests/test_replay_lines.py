"""Replay splits a log into lines a chunk at a time (issue #38): the lines,
their numbers and whether each is complete are those of the log reader's
line by line split, for any chunk size."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racebook.core import replay as replay_module
from racebook.core.log import _numbered_lines

PIECES = ["a", "{}", "\n", "\r", "\r\n", "x" * 40, "\u2028", "\n\n"]


@given(
    pieces=st.lists(st.sampled_from(PIECES), max_size=30),
    chunk=st.sampled_from([1, 2, 3, 7, 64, 1 << 16]),
    data=st.data(),
)
def test_chunked_lines_are_the_lines(pieces: list[str], chunk: int, data: st.DataObject) -> None:
    text = "".join(pieces)
    start = data.draw(st.integers(0, len(text)))
    with pytest.MonkeyPatch.context() as m:
        m.setattr(replay_module, "CHUNK", chunk)
        got = list(replay_module._lines(text, start, 2))
    assert got == list(_numbered_lines(text, start, 2))


def test_logs_differing_only_in_meta_share_their_game() -> None:
    """A simulation's logs differ in their header's ``meta`` alone: the game
    is built once, and each replay keeps its own meta."""
    import racebook
    from racebook.core.errors import LogError
    from racebook.core.log import meta_of

    texts: list[str] = []
    game = racebook.load("longshot", players=4)
    racebook.simulate(game, games=3, seed=2, on_game=lambda r: texts.append(r.log), logs=True)
    states = [racebook.replay(t) for t in texts]
    assert len({id(s.game) for s in states}) == 1
    assert [meta_of(s)["simulate"]["game"] for s in states] == [0, 1, 2]  # type: ignore[index]
    head, rest = texts[0].split("\n", 1)
    header = json.loads(head)
    header["meta"] = [header["meta"]]
    bad = json.dumps(header, separators=(",", ":"))
    with pytest.raises(LogError, match="meta is a JSON object"):
        racebook.replay(bad + "\n" + rest)

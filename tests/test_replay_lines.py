"""Replay splits a log into lines a chunk at a time (issue #38): the lines,
their numbers and whether each is complete are those of the log reader's
line by line split, for any chunk size."""

from __future__ import annotations

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

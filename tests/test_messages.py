"""Messages for bad input say what and where (issue: a token of 10**30 passed
parse_action; a long card value lost its field; a half-written line read
"at at")."""

from __future__ import annotations

import pytest

import racebook
from racebook import LogError, MalformedAction


def test_an_integer_too_large_is_refused_by_parse_action_naming_its_field() -> None:
    game = racebook.load("readysetbet")
    with pytest.raises(MalformedAction) as caught:
        game.parse_action({"kind": "bet", "seat": 0, "token": 10**30, "spot": "win:7:0"})
    assert caught.value.field == "token"
    assert "-(2**63-1) to 2**63-1" in str(caught.value)


def test_a_long_bad_value_keeps_its_field_and_the_message_is_bounded() -> None:
    game = racebook.load("trickrace")
    with pytest.raises(MalformedAction) as caught:
        game.parse_action({"kind": "play", "seat": 0, "card": "R" * 5000})
    assert caught.value.field == "card"
    assert str(caught.value).endswith("@ $.card") and len(str(caught.value)) < 400


def test_a_half_written_last_line_says_so_and_json_errors_read_well() -> None:
    text = racebook.load("longshot").new_state(seed=1).log.dumps().rsplit("\n", 2)[0]
    with pytest.raises(LogError) as cut:
        racebook.replay(text + '\n[0,"pla')
    assert cut.value.line == 5 and "half-written" in str(cut.value)
    assert "resume() continues it" in str(cut.value)
    with pytest.raises(LogError) as broken:
        racebook.replay(text + '\n[0,"pla\n')
    assert "at at" not in str(broken.value) and "column 4" in str(broken.value)

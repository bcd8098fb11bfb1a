"""Force of the Horse bounded for real (issue 35, items 1 and 7): every kind
of thing an action can make counts against a bound of the config, a forced
chain's keys do not grow with its history, and every game ends.

The worst card sets here are built to pile up one kind of thing each; the
tests assert counts, never times (``make bench`` measures the times)."""

from __future__ import annotations

import pytest

import racebook
from racebook import ConfigError
from racebook.games.forcehorse import ForceHorseState, Run
from racebook.games.forcehorse.work import state_key
from racebook.simulation import play_game
from tests.test_forcehorse_abilities import log
from tests.test_forcehorse_verified import cards, position, support

_LATER = support(
    "Test Reminder", "situation",
    '[[card.ability]]\ntype = "state"\nwhen = ["hand-at-most:99"]\n'
    'do = [{effect = "later", value = "turn-end"}]\nlater = [{effect = "draw"}]\n',
)  # fmt: skip
"""A state trigger that always holds and makes a delayed trigger each time it
resolves (806.6a: it waits again; 806.5: each delayed trigger waits for the
turn's end): a pile of delayed triggers no one can stop."""

_PILE = support(
    "Test Tread", "situation",
    '[[card.ability]]\ntype = "state"\nwhen = ["hand-at-most:99"]\n'
    'do = [{effect = "guard", amount = 1, target = "your-run", only = "run-at-least:1"}]\n',
)  # fmt: skip
"""The same, making a continuous effect that every horse in the run area reads."""


def _chain(text: str, **settings: object) -> ForceHorseState:
    """``text``'s situation card in play, a horse run: the forced chain runs."""
    name = text.split('"')[1]
    st = position(
        situation=((name,), ()), hands=(("Paper Kite",), ()), runs=(("Stone Bridge",), ()),
        extra=cards(text), phase="runner", edition=3, **settings,
    )  # fmt: skip
    st.apply(Run(0, "Paper Kite"))
    return st


def _made(st: ForceHorseState) -> int:
    ab = st.ab
    return len(ab.lasting) + len(ab.delayed) + len(ab.waiting)


def test_delayed_triggers_count_against_max_effects() -> None:
    """Edition 2 counted continuous effects only: this chain grew its delayed
    triggers without bound (its only limit was the steps of work)."""
    st = _chain(_LATER, max_effects=300, max_work=400_000)
    assert st.is_over and st.winners == ()
    assert [e.bound for e in log(st, "engine-limit")] == ["max_effects"]  # type: ignore[attr-defined]
    assert len(st.ab.delayed) <= 300 and _made(st) <= 300
    assert st.ab.done < 400_000  # ended by what it made, long before the work bound


def test_effects_count_against_max_effects_and_are_read_by_every_card() -> None:
    st = _chain(_PILE, max_effects=400)
    assert st.is_over and [e.bound for e in log(st, "engine-limit")] == ["max_effects"]  # type: ignore[attr-defined]
    assert len(st.ab.lasting) == 400 and _made(st) <= 400


def test_a_forced_chain_s_keys_hold_no_copy_of_what_grows() -> None:
    """The loop keys (1201.1c) hold what grows as counts and hashes: the keys
    of a chain of n passes take memory by n, not n squared."""
    st = _chain(_PILE, max_effects=200)
    here, rest = state_key(st)

    def sizes(x: object) -> int:
        if isinstance(x, tuple):
            return len(x) + sum(sizes(y) for y in x)
        return 1

    assert len(st.ab.lasting) == 200
    assert sizes(rest) < 200  # the 200 effects are not in the key
    assert all(not isinstance(x, tuple) or len(x) < 50 for x in here)


_NO_DRAWS = support(
    "Test Drought", "situation",
    '[[card.ability]]\ntype = "replace"\ninstead = "draw"\nwhose = "any"\ndo = []\n',
)  # fmt: skip
"""Every draw replaced by nothing: no player's areas ever empty (902.1)."""


def test_a_game_no_rule_ends_ends_at_max_turns_in_a_draw() -> None:
    """A card list that takes every draw away: no rule ends the game; the
    setting ``max_turns`` does, a draw said as the engine's limit."""
    st = position(situation=(("Test Drought",), ()), extra=cards(_NO_DRAWS), edition=3, max_turns=6)
    for _ in range(400):
        if st.is_over:
            break
        st.apply(st.legal_actions(st.to_act[0])[0])
    assert st.is_over and st.winners == () and st.turn == 6
    assert [e.bound for e in log(st, "engine-limit")] == ["max_turns"]  # type: ignore[attr-defined]


def test_max_turns_is_a_checked_setting() -> None:
    with pytest.raises(ConfigError) as err:
        racebook.load("forcehorse", max_turns=0)
    assert err.value.field == "max_turns"
    assert racebook.load("forcehorse", max_turns=None).config.max_turns is None


def test_simulate_bounds_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that does not end within the harness's bound of actions is
    refused by name, never played for ever."""
    import racebook.simulation as sim

    game = racebook.load("longshot")
    monkeypatch.setattr(sim, "MAX_GAME_ACTIONS", 5)
    with pytest.raises(ConfigError, match="did not end within 5 actions"):
        play_game(game, ["random"], seed=1, index=0)

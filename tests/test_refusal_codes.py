"""Refusal codes (issue #36): every refusal of every game carries a stable
``code`` that its game declares (``Game.refusals``: code to rulebook section
and meaning), and every declared code is given somewhere.

The table test runs per (game, code): the positions come from
:func:`tests.refusal_finder.codes_found` (seeded random games of the game and
of the variants that have the rule, with actions likely to be refused) and,
for the few codes that need a built position, from :data:`BUILT`.  A code
given but not declared fails :func:`test_every_code_given_is_declared`; a
declared code never given fails :func:`test_every_declared_code_is_given`."""

from __future__ import annotations

import importlib
import pickle
import random
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import racebook
from racebook import IllegalAction, MalformedAction, Table
from racebook.core.errors import CORE_REFUSALS, Refusal, named
from racebook.core.game import CHANCE, Action, Game, State
from racebook.games.forcehorse.loops import Loop, LoopCount
from racebook.games.forcehorse.state import ForceHorseState
from racebook.games.readysetbet import Bet
from tests.refusal_finder import Found, codes_found, game_over_refusal
from tests.refusal_finder import load as load_game

GAMES = ("longshot", "mafia", "readysetbet", "trickrace", "forcehorse")
EXAMPLES = Path(__file__).parent.parent / "examples"

# The settings each game's codes are looked for under: the defaults, and the
# variants that have a rule the defaults do not (a pass before every box is
# full, the host's tokens, the rotating host's first draw, a random race).
SETTINGS: dict[str, tuple[dict[str, Any], ...]] = {
    "longshot": ({}, {"pass_when_full": False}),
    "mafia": ({},),
    "readysetbet": ({}, {"host_bets": True}, {"rotating_host": True, "players": 4}),
    "trickrace": ({}, {"players": 3}),
    "forcehorse": ({}, {"race": None}),
}

# Codes no position of the rules reaches: a check's last line, kept so that
# an inconsistent state is refused, not crashed on.  Each is declared (an app
# may still see one from a variant's rule module) and said to be defensive.
DEFENSIVE = {("longshot", "box-closed"), ("mafia", "box-closed")}


def _whip_forbidden() -> tuple[State[Any, Any, Any], Action] | None:
    """The example house rule that forbids whips (examples/trickrace_house_rule.py)."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        importlib.import_module("trickrace_house_rule")
    finally:
        sys.path.remove(str(EXAMPLES))
    game = racebook.load("trickrace", rules=[{"name": "house.no-whips"}])
    hit = codes_found(game, range(1), extra=_whips).get("whip-forbidden")
    return None if hit is None else (hit[3], hit[1])


def _whips(state: State[Any, Any, Any]) -> list[Action]:
    return [
        type(a)(a.seat, a.card, True)
        for s in state.to_act
        if s != CHANCE
        for a in state.legal_actions(s)
        if a.kind == "play"
    ]


def _foth_position(code: str) -> tuple[State[Any, Any, Any], Action]:
    from tests.test_forcehorse_abilities import _rewound, position
    from tests.test_forcehorse_vocab import card_of

    if code == "repeated-position":  # 1201.1b: Rewind put every card back
        return _rewound(), racebook.games.forcehorse.Support(0, "Rewind")
    if code == "bad-loop-count":  # 1201.1a: more than the proposal's number
        st = _rewound()
        st.apply(Loop(0, 5))
        return st, LoopCount(1, 6)
    # 103.3: an effect forbids running this turn, the payment is fine
    rest = card_of(
        "area",
        "Rest Day",
        'type = "play"\ndo = [{effect = "forbid", value = "run", target = "you", until = "turn"}]',
    )
    st = position(hands=(("Rest Day", "Paper Kite"), ()), extra=(rest,))
    st.apply(racebook.games.forcehorse.Support(0, "Rest Day"))
    st.apply(racebook.games.forcehorse.Pass(0))
    assert isinstance(st, ForceHorseState)
    return st, racebook.games.forcehorse.Run(0, "Paper Kite")


def _bad_restock() -> tuple[State[Any, Any, Any], Action]:
    """The stack ran out (tests/test_longshot_race.py): a restock of other cards."""
    from racebook.cards.horse import HorseCard
    from racebook.games.longshot import Pass, Restock
    from tests.helpers import deal, full_boxes, new

    boxes = full_boxes([0, 0, 0, 0, 3, 3, 4, 4, 5, 5, 6, 6])
    boxes.update({0: "F:1 F:2 F:3 F:4", 1: "1:1 1:2", 2: "2:5", 3: "F:5 F:6 F:7"})
    state = deal(new(), boxes=boxes)
    state.boxes[11] = state.stack + state.boxes[11]
    state.stack = []
    state.apply(Pass(0))
    return state, Restock(CHANCE, tuple(HorseCard.parse(t) for t in ["F:1", "F:2", "F:3"]))


def _betting_closed() -> tuple[State[Any, Any, Any], Action] | None:
    """A bettor's bet once the third horse crossed the red line."""
    from racebook.games.readysetbet.phases import RACE

    state = racebook.load("readysetbet").new_state(seed=1)
    rng = random.Random(1)
    host = state.game.host
    while not state.is_over:
        if state.phase == RACE and not state.open:
            return state, Bet(0, 5, "win:7:0")
        # the host rolls one roll at a time while the bettors hold their tokens
        rolls = [a for a in state.legal_actions(host) if a.kind == "roll"]
        state.apply(rolls[0] if rolls else state.random_action(state.to_act[0], rng))
    return None


def _host_spot_repeated() -> tuple[State[Any, Any, Any], Action]:
    """The host-betting variant: a second host token on the same spot."""
    state = racebook.load("readysetbet", host_bets=True).new_state(seed=1)
    rng = random.Random(1)
    while not any(isinstance(a, Bet) for a in state.legal_actions(state.to_act[0])):
        state.apply(state.random_action(state.to_act[0], rng))
    first = state.legal_actions(state.to_act[0])[0]
    assert isinstance(first, Bet)
    state.apply(first)
    return state, Bet(first.seat, first.token, first.spot)


def _foth_first_player() -> tuple[State[Any, Any, Any], Action]:
    """603.1e-i: chance draws the first player when the set-aside cards tie
    all the way (no seed of the sample decks does: the phase is set here)."""
    from racebook.games.forcehorse import FirstPlayer

    state = racebook.load("forcehorse").new_state(seed=0)
    assert isinstance(state, ForceHorseState)
    state.phase, state.first = "first", -1
    assert state.to_act == (CHANCE,)
    return state, FirstPlayer(CHANCE, 2)


BUILT: dict[tuple[str, str], Callable[[], tuple[State[Any, Any, Any], Action] | None]] = {
    ("longshot", "bad-restock"): _bad_restock,
    ("readysetbet", "betting-closed"): _betting_closed,
    ("readysetbet", "host-spot-repeated"): _host_spot_repeated,
    ("forcehorse", "unknown-player"): _foth_first_player,
    ("trickrace", "whip-forbidden"): _whip_forbidden,
    ("forcehorse", "repeated-position"): lambda: _foth_position("repeated-position"),
    ("forcehorse", "bad-loop-count"): lambda: _foth_position("bad-loop-count"),
    ("forcehorse", "illegal-run"): lambda: _foth_position("illegal-run"),
}


@cache
def found(game_id: str) -> Found:
    """Every code found for ``game_id``, under each of its settings."""
    out: Found = {}
    for i, extra in enumerate(SETTINGS[game_id]):
        game = load_game(game_id, **extra)
        for code, hit in codes_found(game, range(2), every=2).items():
            out.setdefault(code, (hit[0], hit[1], f"settings {extra}, {hit[2]}", hit[3]))
        del i
    return out


def _cases() -> Iterator[tuple[str, str]]:
    for game_id in GAMES:
        for code in racebook.load(game_id).refusals:  # type: ignore[attr-defined]
            yield game_id, code


@pytest.mark.parametrize(("game_id", "code"), list(_cases()))
def test_every_declared_code_is_given(game_id: str, code: str) -> None:
    """A position where an action is refused with ``code``, and the refusal
    names the declared section; apply raises it with that code, leaving the
    state as it was."""
    section = racebook.load(game_id).refusals[code][0]  # type: ignore[attr-defined]
    if (game_id, code) in DEFENSIVE:
        assert code not in found(game_id)  # reachable now: take it off DEFENSIVE
        return
    where = "built"
    if (game_id, code) in BUILT:
        built = BUILT[game_id, code]()
        assert built is not None, f"no position gives {code}"
        state, action = built
    else:
        assert code in found(game_id), f"{game_id}: no position refuses an action with {code}"
        _, action, where, state = found(game_id)[code]
        state = state.clone()
    refusal = state.refusal(action)
    assert refusal is not None and refusal.code == code, (action, where)
    assert refusal.rule == f"{state.game.title}: {section}"
    before = state.digest()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code and info.value.rule == refusal.rule
    assert state.digest() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_every_code_given_is_declared(game_id: str) -> None:
    declared = set(racebook.load(game_id).refusals)  # type: ignore[attr-defined]
    core = set(CORE_REFUSALS) - {"refused"}
    undeclared = {code: hit[0] for code, hit in found(game_id).items()}
    undeclared = {k: v for k, v in undeclared.items() if k not in declared | core}
    assert undeclared == {}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_core_refusals_have_codes(game_id: str) -> None:
    game = racebook.load(game_id)
    over = game_over_refusal(game)
    assert over is not None and over.code == "game-over"
    state = game.new_state(seed=1)
    assert state.refusal("no action").code == "not-an-action"  # type: ignore[arg-type, union-attr]
    with pytest.raises(MalformedAction) as info:
        state.apply("no action")  # type: ignore[arg-type]
    assert info.value.code == "not-an-action" and info.value.field == "kind"
    if state.to_act != (CHANCE,):
        with pytest.raises(IllegalAction) as chance:
            state.sample_chance(random.Random(1))
        assert chance.value.code == "not-a-chance-node"
        with pytest.raises(IllegalAction) as node:
            state.chance_node()
        assert node.value.code == "not-a-chance-node"
    idle = [s for s in range(game.seats) if s not in state.to_act]
    if idle:
        with pytest.raises(IllegalAction) as turn:
            state.random_action(idle[0], random.Random(1))
        assert turn.value.code == "not-your-turn"
        assert turn.value.rule.startswith(game.title)


def test_a_bad_field_is_malformed_with_its_code_and_field() -> None:
    state = racebook.load("readysetbet", players=3).new_state(seed=4)
    bad = Bet(1, 10**30, "win:7:0")
    refusal = state.refusal(bad)
    assert refusal is not None and refusal.code == "bad-field"
    with pytest.raises(MalformedAction) as info:
        state.apply(bad)
    assert info.value.code == "bad-field" and info.value.field == "token"
    assert info.value.rule == "Ready Set Bet"


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"kind": "nope", "seat": 1}, "unknown-kind", "kind"),
        ([1, 2], "not-an-action", "kind"),
        ({"kind": "bet", "seat": 1, "token": "five", "spot": "win:7:0"}, "bad-field", "token"),
        ({"kind": "bet", "seat": 1, "token": 5}, "bad-field", "spot"),
    ],
)
def test_parse_action_refuses_bad_json_with_a_code(data: Any, code: str, field: str) -> None:
    game = racebook.load("readysetbet", players=3)
    with pytest.raises(MalformedAction) as info:
        game.parse_action(data)
    assert info.value.code == code and info.value.field == field


def test_table_verdicts_carry_the_typed_error() -> None:
    table = Table(racebook.load("readysetbet", players=3).new_state(seed=4))
    assert table.submit(1, Bet(1, 5, "win:7:0")).code is None
    taken = table.submit(2, Bet(2, 5, "win:7:0"))
    assert not taken.accepted and taken.code == "spot-taken"
    assert taken.error is not None and taken.reason == str(taken.error)
    assert taken.error.rule == "Ready Set Bet: 投注 (Betting)"
    wrong = table.submit(2, Bet(1, 3, "win:6:0"))
    assert wrong.code == "wrong-seat" and wrong.reason == "seat 2 may not act for seat 1"
    nothing = table.submit(1, "bet")  # type: ignore[arg-type]
    assert nothing.code == "not-an-action" and isinstance(nothing.error, MalformedAction)
    assert table.submit(17, Bet(17, 5, "win:6:0")).code == "unknown-seat"


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_errors_and_refusals_pickle_with_code_and_rule(protocol: int) -> None:
    state = racebook.load("readysetbet", players=3).new_state(seed=4)
    state.apply(Bet(1, 5, "win:7:0"))
    refusal = state.refusal(Bet(2, 5, "win:7:0"))
    assert refusal is not None
    again = pickle.loads(pickle.dumps(refusal, protocol))
    assert (again, again.code, again.rule) == (refusal, "spot-taken", refusal.rule)
    with pytest.raises(IllegalAction) as info:
        state.apply(Bet(2, 5, "win:7:0"))
    error = pickle.loads(pickle.dumps(info.value, protocol))
    assert type(error) is IllegalAction and str(error) == str(info.value)
    assert (error.code, error.rule, error.action) == ("spot-taken", refusal.rule, info.value.action)
    bad = MalformedAction("token", "too big", rule="Ready Set Bet")
    back = pickle.loads(pickle.dumps(bad, protocol))
    assert (back.code, back.field, str(back)) == ("bad-field", "token", str(bad))


def test_a_plain_reason_gets_the_code_refused() -> None:
    """A game outside the library whose check returns a plain ``str``."""
    game = racebook.load("trickrace")
    refusal = named(game, "no")
    assert isinstance(refusal, Refusal) and refusal.code == "refused"
    assert refusal.rule == "Trick race"


@st.composite
def _refused(draw: st.DrawFn) -> tuple[str, int, int, int]:
    return (
        draw(st.sampled_from(GAMES)),
        draw(st.integers(0, 2**16)),
        draw(st.integers(0, 60)),
        draw(st.integers(0, 10**6)),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_refused())
def test_a_refused_random_action_leaves_the_state_and_has_a_declared_code(
    case: tuple[str, int, int, int],
) -> None:
    """Play ``moves`` random actions, then try a random probe of a random
    seat: if refused, the digest is unchanged and the code is declared."""
    game_id, seed, moves, pick = case
    game: Game[Any, Any] = racebook.load(game_id)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(state.random_action(state.to_act[0], rng))
    seat = pick % game.seats
    probes = state.probes(seat)
    if not probes:
        return
    action = probes[pick % len(probes)]
    refusal = state.refusal(action)
    if refusal is None:
        return
    declared = set(game.refusals) | set(CORE_REFUSALS) - {"refused"}  # type: ignore[attr-defined]
    assert refusal.code in declared
    before, log = state.digest(), state.log.dumps()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == refusal.code
    assert state.digest() == before and state.log.dumps() == log


def test_a_kept_refusal_does_not_keep_the_table_alive(tmp_path: Any) -> None:
    """A refused verdict's error carries no traceback: kept by the app, it
    does not hold the table's state (nor, so, its log writer's lock)."""
    import gc
    import weakref

    from racebook.table import Table

    game = racebook.load("longshot", players=4)
    table = Table(game.new_state(seed=3), log=tmp_path / "t.jsonl")
    seat = table.to_act[0]
    verdict = table.submit(seat, game.parse_action({"kind": "pass", "seat": seat}))
    assert not verdict.accepted and verdict.error is not None
    assert verdict.error.__traceback__ is None
    state = weakref.ref(table._state)
    del table
    gc.collect()
    assert state() is None
    Table.resume(tmp_path / "t.jsonl").close()  # the log is free

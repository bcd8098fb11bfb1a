"""Integer action spaces, chance outcome ids and observation tensors
(racebook.core.spaces): stable ids, masks equal to the legal actions, chance
steps that make legal outcomes, and tensors that show nothing hidden."""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook.core.game import CHANCE, State
from racebook.core.spaces import ActionSpace, ActionTable, Draws, shuffle
from racebook.games.forcehorse import Mulligan
from racebook.games.longshot import Pass, Place
from racebook.variants import load_variant

GAMES = ["longshot", "mafia", "readysetbet", "trickrace", "forcehorse"]

# A few ids per game, pinned: they must not change across library versions.
PINNED: dict[str, list[tuple[int, str]]] = {
    "longshot": [
        (0, "place(card=F:0, box=0)"),
        (1, "place(card=F:0, box=1)"),
        (204, "place(card=2:2, box=0)"),
        (612, "pass()"),
    ],
    "mafia": [
        (0, "place(card=F:0, box=0)"),
        (744, "pass()"),
        (745, "supply(cards=0)"),
        (1973, "quinella(first=5:8, second=6:8)"),
    ],
    "readysetbet": [
        (0, "bet(token=1, spot=show:2/3:0)"),
        (770, "bonus-bet(card=0, spot=show:2/3:0)"),
        (4290, "cash(card=0)"),
        (4356, "roll()"),
        (4357, "roll-out()"),
    ],
    "trickrace": [
        (0, "discard(card=R1)"),
        (49, "bet(ticket=1)"),
        (53, "play(card=R1, whip=False)"),
        (148, "play(card=G12, whip=True)"),
    ],
    "forcehorse": [
        (0, "mulligan(redo=False)"),
        (2, "pass()"),
        (144, "run(card=Morning Lantern, force=(Force))"),
        (753, "run(card=Stone Bridge, force=(Stayer Force Stayer Force))"),
        (754, "choose(option=0)"),
        (858, "loop-count(times=20)"),
    ],
    "forcehorse-now": [  # the sample set of defaults revision 2 (issue 22: 18 cards more)
        (180, "support(card=Sudden Shower, target=0, pair=7)"),
        (1127, "run(card=Stone Bridge, force=(Stayer Force Stayer Force))"),
        (1267, "choose(option=63)"),
        (1308, "loop-count(times=20)"),
    ],
}
"""Force of the Horse's ids are pinned on the config of the committed
format-2 log (the sample card set before card abilities), which must keep
them, and on today's sample set ("forcehorse-now"): a card set that gains
cards renumbers the kinds after them, as the spaces module documents."""


def _pinned_game(game_id: str) -> racebook.Game[Any, Any]:
    if game_id == "forcehorse":
        text = (Path(__file__).parent / "data" / "logs-v2" / "forcehorse.jsonl").read_text()
        return racebook.replay(text).game
    return racebook.load(game_id.removesuffix("-now"))


@pytest.mark.parametrize("game_id", [*GAMES, "forcehorse-now"])
def test_pinned_ids(game_id: str) -> None:
    game = _pinned_game(game_id)
    for i, text in PINNED[game_id]:
        assert game.action_space.describe(i) == text
        action = game.action_from_id(i, 1)
        assert action.seat == 1
        assert game.action_id(action) == i


def test_forcehorse_kinds_in_order() -> None:
    """New Force of the Horse kinds are appended: these tables keep their place."""
    game = racebook.load("forcehorse")
    kinds = [k for k, _, _ in game.action_space.kinds]
    assert kinds[:6] == ["mulligan", "pass", "farm", "guard", "support", "run"]
    assert game.num_distinct_actions < 1_000_000


def test_action_space_basics() -> None:
    space = ActionSpace([ActionTable(Pass, ((),)), ActionTable(Mulligan, ((False,), (True,)))])
    assert space.size == 3
    assert space.id(Mulligan(0, True)) == 2
    with pytest.raises(ValueError, match="not in this game"):
        space.id(Place(0, racebook.load("longshot").action_from_id(0, 0).card, 0))  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="no action id"):
        space.action(3, 0)
    with pytest.raises(ValueError, match="twice"):
        ActionSpace([ActionTable(Pass, ((), ()))])


def test_draws_is_a_uniform_shuffle_of_a_multiset() -> None:
    node = shuffle([1, 1, 2], lambda xs: Pass(CHANCE))
    assert node.outcomes([]) == [(1, 2 / 3), (2, 1 / 3)]
    assert node.outcomes([1]) == [(1, 0.5), (2, 0.5)]
    assert node.outcomes([1, 2]) == [(1, 1.0)]
    assert node.outcomes([1, 2, 1]) is None
    bags = Draws([([5, 6], 1), ([], 0), ([7, 8, 9], 2)], lambda parts: Pass(CHANCE))
    assert bags.outcomes([6]) == [(7, 1 / 3), (8, 1 / 3), (9, 1 / 3)]
    assert bags.outcomes([6, 9]) == [(7, 0.5), (8, 0.5)]
    assert bags._split([6, 9, 7]) == [[6], [], [9, 7]]


def _play_explicit(state: State[Any, Any, Any], rng: random.Random, check: Any) -> int:
    """Play ``state`` (explicit chance) to the end through ids; ``check(state,
    seat)`` at every decision; returns the steps."""
    game = state.game
    steps = 0
    while not state.is_over:
        if state.to_act == (CHANCE,):
            node = state.chance_node()
            drawn: list[int] = []
            while (outcomes := node.outcomes(drawn)) is not None:
                assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
                assert all(0 <= i < game.num_chance_outcomes for i, _ in outcomes)
                ids, weights = zip(*outcomes, strict=True)
                drawn.append(rng.choices(ids, weights)[0])
            action = node.action(drawn)
            assert state.check(action) is None, action
            state.apply(action)
            continue
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        check(state, seat)
        state.apply(game.action_from_id(rng.choice(state.legal_action_ids(seat)), seat))
        steps += 1
    return steps


@pytest.mark.parametrize("game_id", GAMES)
def test_masks_are_the_legal_actions(game_id: str) -> None:
    game = racebook.load(game_id)
    size = game.num_distinct_actions

    def check(state: State[Any, Any, Any], seat: int) -> None:
        legal = state.legal_actions(seat)
        mask = state.legal_action_mask(seat)
        assert len(mask) == size
        assert sorted(game.action_id(a) for a in legal) == [i for i, m in enumerate(mask) if m]
        assert [game.action_from_id(i, seat) for i in state.legal_action_ids(seat)] == sorted(
            legal, key=game.action_id
        )
        for other in range(game.seats):  # a seat that may not act has an empty mask
            if other not in state.to_act:
                assert not any(state.legal_action_mask(other))

    for seed in range(2):
        state = game.new_state(explicit_chance=True)
        assert _play_explicit(state, random.Random(seed), check) > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_tensors_and_strings_show_nothing_hidden(game_id: str) -> None:
    game = racebook.load(game_id)
    shape = game.observation_shape
    rng = random.Random(7)
    state = game.new_state(seed=11)
    checked = 0
    while not state.is_over:
        if rng.random() < 0.3:
            for seat in range(game.seats):
                tensor = state.observation_tensor(seat)
                assert len(tensor) == shape[0]
                assert tuple(state._observe(seat).layout) == game.observation_layout
                other = state.hidden_variant(seat, rng)
                assert other.observation_tensor(seat) == tensor, f"seat {seat} tensor leaks"
                assert other.observation_string(seat) == state.observation_string(seat)
                assert other.information_state_string(seat) == state.information_state_string(seat)
                checked += 1
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 10


def test_tensor_changes_with_what_a_seat_sees() -> None:
    """The tensor is not blind: a hand shows in its own seat's tensor."""
    game = racebook.load("trickrace")
    state = game.new_state(seed=3)
    layout = dict(game.observation_layout)
    assert layout["hand"] == 48
    tensors = [state.observation_tensor(s) for s in range(4)]
    assert len({tuple(t) for t in tensors}) == 4
    start = 0
    for name, size in game.observation_layout:
        if name == "hand":
            break
        start += size
    assert sum(tensors[0][start : start + 48]) == len(state.view(0).hand)


def test_chance_ids_match_the_small_chance_nodes() -> None:
    game = racebook.load("readysetbet")
    state = game.new_state(explicit_chance=True)
    rng = random.Random(1)
    while state.to_act != (CHANCE,) or state.chance_outcomes() is None:
        if state.to_act == (CHANCE,):
            state.apply(state.sample_chance(rng))
        else:
            seat = state.to_act[-1]  # the host's chair rolls: the dice are next
            state.apply(rng.choice(state.legal_actions(seat)))
    listed = state.chance_outcomes()
    assert listed is not None
    node = state.chance_node()
    assert node.outcomes([]) == [(i, p) for i, (_, p) in enumerate(listed)]
    assert node.action([0]) == listed[0][0]


def test_not_a_chance_node() -> None:
    state = racebook.load("longshot").new_state(seed=1)
    with pytest.raises(racebook.IllegalAction):
        state.chance_node()


VARIANTS = sorted((Path(__file__).parent.parent / "examples" / "variants").iterdir())


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.name)
def test_variant_files_have_spaces_too(path: Path) -> None:
    """House rules' variants (rule modules from the examples): ids, masks, tensors."""
    examples = str(path.parent.parent)
    sys.path.insert(0, examples)
    try:
        for module in ("house_rules", "readysetbet_house_rule", "trickrace_house_rule"):
            importlib.import_module(module)
    finally:
        sys.path.remove(examples)
    game = load_variant(path)
    rng = random.Random(5)
    state = game.new_state(seed=5)
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            assert sorted(game.action_id(a) for a in legal) == state.legal_action_ids(seat)
        assert len(state.observation_tensor(state.to_act[0])) == game.observation_shape[0]
        seat = rng.choice(state.to_act)
        state.apply(rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_id_plays_the_masked_game(game_id: str) -> None:
    """``apply_id`` plays the action of an id: the same game as ``apply`` of
    ``action_from_id``; an id the mask did not list is checked and refused,
    the state left as it was."""
    game = racebook.load(game_id)
    rng = random.Random(3)
    by_id, by_action = game.new_state(seed=5), game.new_state(seed=5)
    while not by_id.is_over:
        seat = by_id.to_act[0]
        ids = by_id.legal_action_ids(seat)
        illegal = [i for i in range(game.num_distinct_actions) if i not in set(ids)][:3]
        before = by_id.digest()
        for i in illegal:
            with pytest.raises(racebook.IllegalAction):
                by_id.apply_id(i, seat)
        assert by_id.digest() == before
        i = rng.choice(ids)
        events = by_id.apply_id(i, seat)
        assert events == by_action.apply(game.action_from_id(i, seat))
    assert by_id.digest() == by_action.digest()
    assert racebook.replay(by_id.log.dumps()).digest() == by_id.digest()


def test_apply_id_refuses_bad_ids_and_seats() -> None:
    state = racebook.load("longshot").new_state(seed=1)
    seat = state.to_act[0]
    before = state.digest()
    for bad in (-1, 10**6, True, 1.0, "3"):
        with pytest.raises(racebook.MalformedAction) as info:
            state.apply_id(bad, seat)  # type: ignore[arg-type]
        assert info.value.field == "id"
    with pytest.raises(racebook.UnknownSeat):
        state.apply_id(0, 99)
    # a mask of another state (or seat) proves nothing here: checked, refused
    other = (seat + 1) % state.game.seats
    listed = state.legal_action_ids(seat)
    with pytest.raises(racebook.IllegalAction):
        state.apply_id(listed[0], other)
    assert state.digest() == before


def test_draws_outcomes_kept_step_by_step_equal_fresh() -> None:
    """A bag's outcomes kept from the last step (one draw taken off) equal
    those of a new node, step after step, after a step back and after a
    different draw at the same step, in every bag."""
    rng = random.Random(5)
    bags = [([1, 1, 2, 3, 3, 3, 7], 4), ([4, 4, 5, 6], 4)]
    kept = Draws(bags, lambda parts: Mulligan(0, True))
    for _ in range(30):
        drawn: list[int] = []
        while True:
            fresh = Draws(bags, lambda parts: Mulligan(0, True)).outcomes(drawn)
            assert kept.outcomes(drawn) == fresh
            if fresh is None:
                break
            if drawn and rng.random() < 0.3:  # back a step, then another draw
                drawn.pop()
                assert kept.outcomes(drawn) == Draws(bags, lambda p: Mulligan(0, True)).outcomes(
                    drawn
                )
            ids = [x for x, _ in kept.outcomes(drawn) or []]
            drawn.append(rng.choice(ids))
    kept.outcomes([1])  # then a sequence one longer that does not extend it
    assert kept.outcomes([3, 1]) == Draws(bags, lambda p: Mulligan(0, True)).outcomes([3, 1])

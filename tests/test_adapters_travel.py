"""OpenSpiel states that travel (pickles loaded where nothing was imported,
spawn and forkserver pools), registration at import, distinct chance
strings, the game types (players, zero-sum), tensor scaling and seeded
IS-MCTS (each skipped without pyspiel)."""

from __future__ import annotations

import copy
import multiprocessing
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from racebook.adapters.openspiel import load  # noqa: E402

SRC = str(Path(__file__).parent.parent / "src")
GAMES = ["longshot", "mafia", "readysetbet", "trickrace", "forcehorse"]


def _env() -> dict[str, str]:
    """This environment, with the package's source first on the path (a
    fresh interpreter sees the tree under test)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([SRC, *filter(None, [env.get("PYTHONPATH")])])
    return env


def _mid_game(game_id: str, steps: int = 60, seed: int = 1) -> Any:
    game = load(game_id, **({"races": 2} if game_id == "readysetbet" else {}))
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _fresh(code: str, data: bytes) -> str:
    """Run ``code`` in a new interpreter with ``data`` on its stdin."""
    done = subprocess.run(
        [sys.executable, "-c", code], input=data, capture_output=True, env=_env(), timeout=120
    )
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode().strip()


def test_a_state_pickled_alone_loads_in_a_fresh_interpreter() -> None:
    """The new process imports only pickle: unpickling imports the adapter,
    which registers the game."""
    states = [_mid_game(g) for g in GAMES]
    code = (
        "import pickle, sys\n"
        "states = pickle.loads(sys.stdin.buffer.read())\n"
        "print(' '.join(s.racebook_state.digest() + ':' + str(len(s.history())) for s in states))"
    )
    seen = _fresh(code, pickle.dumps(states))
    assert seen == " ".join(f"{s.racebook_state.digest()}:{len(s.history())}" for s in states)


def test_importing_the_adapter_registers_every_game() -> None:
    code = (
        "import pyspiel, racebook.adapters.openspiel\n"
        "print(sorted(n for n in pyspiel.registered_names() if n.startswith('racebook_')))\n"
        "print(pyspiel.load_game('racebook_trickrace').num_players())"
    )
    names, players = _fresh(code, b"").splitlines()
    assert names == repr(sorted(f"racebook_{g}" for g in GAMES))
    assert players == "4"


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_states_travel_through_a_pool(method: str) -> None:
    """A worker started afresh receives states and sends them back (its
    result pickled again): the same states."""
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} start method here")
    states = [_mid_game(g, seed=2) for g in ("trickrace", "readysetbet")]
    context = multiprocessing.get_context(method)
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = _env()["PYTHONPATH"]  # the workers' interpreters
    try:
        with context.Pool(1) as pool:
            back = pool.map_async(copy.deepcopy, states).get(timeout=120)
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
    for state, other in zip(states, back, strict=True):
        assert other.racebook_state.digest() == state.racebook_state.digest()
        assert other.history() == state.history()
        assert other.legal_actions() == state.legal_actions()


def _outcome_names(state: Any) -> list[str]:
    return [state.action_to_string(state.current_player(), a) for a, _ in state.chance_outcomes()]


def test_chance_outcomes_have_distinct_strings() -> None:
    """Ready Set Bet's VIP bag holds cards of one name: each outcome of a
    step still gets its own string (OpenSpiel's random_sim_test asks it)."""
    game = load("readysetbet", races=2)
    rng = random.Random(0)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                names = _outcome_names(state)
                assert len(set(names)) == len(names), names
                checked += any("VIP" in n for n in names)
                ids, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0  # the VIP draft came up


def test_game_types_say_players_and_zero_sum() -> None:
    expected = {"forcehorse": (2, 2), "longshot": (4, 6), "trickrace": (3, 4)}
    for game_id, (low, high) in expected.items():
        kind = load(game_id).get_type()
        assert (kind.min_num_players, kind.max_num_players) == (low, high)
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    # Ready Set Bet: 1 to 8 players, and the host's chair
    kind = load("readysetbet").get_type()
    assert (kind.min_num_players, kind.max_num_players) == (2, 9)
    scores = load("trickrace", returns="scores")
    assert scores.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert load("forcehorse").utility_sum() == 0.0


def test_place_returns_sum_to_zero_even_with_ties() -> None:
    from racebook.adapters.bounds import place_returns

    assert place_returns([1, 1], 2) == [0.0, 0.0]  # a Force of the Horse draw
    assert place_returns([1, 1, 3, 4], 4) == pytest.approx([2 / 3, 2 / 3, -1 / 3, -1.0])
    assert place_returns([2, 1, 3], 4) == [0.0, 1.0, -1.0, 0.0]  # the host's chair: 0
    game = load("trickrace", players=3)
    for seed in range(4):
        state = _mid_game("trickrace", steps=10**6, seed=seed)
        assert state.is_terminal()
        assert abs(sum(state.returns())) < 1e-9
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_squashed_tensors_match_pettingzoo() -> None:
    """``observation="squashed"`` gives OpenSpiel's tensors in [0, 1], the
    values the PettingZoo environment gives; ``"raw"`` (the default) the
    game's own, and the string of the game keeps the setting."""
    import numpy as np

    game = load("mafia", observation="squashed")
    assert "observation=squashed" in str(game)
    again = pyspiel.load_game(str(game))
    state = again.new_initial_state()
    rng = random.Random(3)
    for _ in range(80):
        if state.is_chance_node():
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raw = np.asarray(state.racebook_state.observation_tensor(0), np.float32)
    assert raw.max() > 1  # money, counts
    seen = np.asarray(state.observation_tensor(0), np.float32)
    assert seen.min() >= 0 and seen.max() <= 1
    np.testing.assert_allclose(seen, np.maximum(raw, 0) / (1 + np.maximum(raw, 0)), rtol=1e-6)
    info = np.asarray(state.information_state_tensor(0), np.float32)
    assert info.min() >= 0 and info.max() <= 1
    plain = load("mafia").new_initial_state()
    assert str(plain.get_game()).count("observation") == 0


def test_tensors_are_made_once_per_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel asks for a seat's tensor again and again (observation,
    information state, each player in turn): it is made once for each
    version of the state (written by the game into the adapter's array),
    and a new one after an action."""
    state = _mid_game("trickrace", steps=70)
    while state.is_chance_node():  # a chance step drawn changes no racebook state
        state.apply_action(state.chance_outcomes()[0][0])
    spaces = state.racebook_state.game.spaces
    start = state.get_game()._first.state  # OpenSpiel's size queries read its tensor
    calls = []
    real = spaces.observe_into

    def counted(rb: Any, seat: int | None, values: Any) -> bool:
        if rb is not start:
            calls.append(seat)
        return bool(real(rb, seat, values))

    monkeypatch.setattr(spaces, "observe_into", counted)
    first = state.observation_tensor(0)
    assert state.observation_tensor(0) == first
    state.information_state_tensor(0)
    assert calls == [0]
    clone = state.clone()  # a racebook state of its own: made anew
    assert clone.observation_tensor(0) == first
    _ = [state.observation_tensor(p) for p in range(4)]
    assert calls == [0, 0, 1, 2, 3]
    state.apply_action(state.legal_actions()[0])
    state.observation_tensor(0)
    assert calls == [0, 0, 1, 2, 3, 0]


def test_seeded_ismcts_bots_choose_the_same() -> None:
    """OpenSpiel's ISMCTSBot resamples with an unseeded sampler;
    :func:`seed_resampler` draws from the bot's own random state, so two bots
    with one seed choose alike."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from racebook.adapters.openspiel import seed_resampler

    game = load("trickrace")
    state = _mid_game("trickrace", steps=80, seed=4)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    picks = []
    for _ in range(2):
        rs = np.random.RandomState(7)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
        seed_resampler(bot)
        picks.append([int(bot.step(state.clone())) for _ in range(2)])
    assert picks[0] == picks[1]


@pytest.mark.parametrize("game_id", GAMES)
def test_resampled_states_pickle_and_serialize(game_id: str) -> None:
    """A determinization (hidden data drawn anew) travels like any state:
    pickled, serialized with its game, and played on after loading."""
    state = _mid_game(game_id, steps=0)
    rng = random.Random(5)
    sampler = random.Random(3).random
    worlds: list[Any] = []
    while not worlds:  # on to a decision with something hidden from the seat
        assert not state.is_terminal()
        if state.is_chance_node():
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, weights)[0])
            continue
        seat = state.current_player()
        found = [state.resample_from_infostate(seat, sampler) for _ in range(3)]
        if any(w.racebook_state.digest() != state.racebook_state.digest() for w in found):
            worlds = found
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for world in worlds:
        back = pickle.loads(pickle.dumps(world))
        assert back.racebook_state.digest() == world.racebook_state.digest()
        assert back.information_state_string(seat) == state.information_state_string(seat)
        text = pyspiel.serialize_game_and_state(world.get_game(), world)
        _, again = pyspiel.deserialize_game_and_state(text)
        assert again.racebook_state.digest() == world.racebook_state.digest()
        action = again.legal_actions()[0]
        again.apply_action(action)
        world.apply_action(action)
        assert again.racebook_state.digest() == world.racebook_state.digest()
        again.undo_action(seat, action)
        assert again.legal_actions() == state.legal_actions()


def _deal(state: Any) -> str:
    """The log's line of the (last) deal."""
    return [line for line in state.log.dumps().splitlines() if '"deal' in line][-1]


WORLDS = [
    ("trickrace", {"players": 4}),
    ("trickrace", {"players": 3}),
    ("readysetbet", {"races": 3}),
    ("longshot", {"players": 4}),
    ("mafia", {"players": 4}),
]


@pytest.mark.parametrize(("game_id", "settings"), WORLDS)
def test_a_resampled_state_is_a_world_of_its_own(game_id: str, settings: dict[str, Any]) -> None:
    """Where the game gives one (the trick race, Ready Set Bet), a
    determinization is a game of its own: its log replays to it, its
    history() played on a new state gives it, and its deal is not the real
    one (the real game's hidden cards are not in it); the seat sees the same
    game (information state, tensor, legal actions)."""
    import racebook

    game = load(game_id, **settings)
    rng = random.Random(settings.get("players", 0))
    sampler = random.Random(9).random
    checked = deals = 0
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, weights)[0])
                continue
            seat = state.current_player()
            rb_phase = getattr(state.racebook_state, "phase", None)
            keeping = game_id == "readysetbet" and rb_phase == 6  # the VIP draft: KEEP
            if rng.random() < (0.5 if keeping else 0.1):
                world = state.resample_from_infostate(seat, sampler)
                assert not world._h.world  # a world of its own, not a changed copy
                assert world.information_state_string(seat) == state.information_state_string(seat)
                assert world.observation_tensor(seat) == state.observation_tensor(seat)
                assert world.legal_actions() == state.legal_actions()
                assert world.current_player() == seat
                rb, real = world.racebook_state, state.racebook_state
                assert racebook.replay(rb.log.dumps()).digest() == rb.digest()
                again = game.new_initial_state()
                for action in world.history():
                    again.apply_action(action)
                assert again.racebook_state.digest() == rb.digest()
                if rb.digest() != real.digest():
                    assert rb.log.dumps() != real.log.dumps()
                    assert world.history() != state.history()
                    checked += 1
                    deals += _deal(rb) != _deal(real)  # the cards dealt, redrawn
            state.apply_action(rng.choice(state.legal_actions()))
    # the trick race's later races: nearly every card was seen in tricks
    assert checked > 5 and deals > 0


def _twin(state: Any, seat: int) -> Any:
    """A game ``seat`` cannot tell from ``state`` whose hidden cards differ:
    two cards of the last deal, still in two other players' hands (each the
    only one of its kind there, never placed by them), swapped; ``None`` if
    no such pair keeps the game legal."""
    from racebook.games.longshot.placement import Placed
    from racebook.games.longshot.setup import Deal

    rb = state.racebook_state
    n, hand = rb.game.config.players, rb.game.config.hand
    actions = list(rb._entries)
    last = max(i for i, a in enumerate(actions) if isinstance(a, Deal))
    placed = {(e.seat, e.card.code) for g in rb._events[last:] for e in g if isinstance(e, Placed)}
    cards = list(actions[last].cards)
    spots = [
        (p, s)
        for s in range(n)
        if s != seat
        for p in range(s * hand, (s + 1) * hand)
        if rb.hands[s].count(cards[p].code) == 1 and (s, cards[p].code) not in placed
    ]
    for p, s in spots:
        for q, t in spots:
            if s < t and cards[p].code != cards[q].code:
                swapped = list(cards)
                swapped[p], swapped[q] = cards[q], cards[p]
                actions[last] = type(actions[last])(actions[last].seat, tuple(swapped))
                try:
                    twin = state._world(actions)
                except ValueError:  # the rules refuse it
                    continue
                if twin.information_state_string(seat) == state.information_state_string(seat):
                    return twin
    return None


def _own_world(game: Any, state: Any, seat: int, steps: int) -> Any:
    """``state`` resampled for ``seat``, checked a world of its own: the
    seat's information and legal actions unchanged, its log replays to it,
    its history() rebuilds it, and its history is not the real game's."""
    import racebook

    world = state.resample_from_infostate(seat, random.Random(steps).random)
    assert world.own_world  # a world of its own, not a changed copy
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.legal_actions() == state.legal_actions()
    rb = world.racebook_state
    assert racebook.replay(rb.log.dumps()).digest() == rb.digest()
    again = game.new_initial_state()
    for action in world.history():
        again.apply_action(action)
    assert again.racebook_state.digest() == rb.digest()
    assert world.history() != state.history()
    return world


def _same_world_from_twin(twin: Any, state: Any, world: Any, seat: int, steps: int) -> int:
    """1 if ``twin`` (a game ``seat`` cannot tell from ``state``) resamples
    to the very same world for the same seed, 0 if there is no twin."""
    if twin is None:
        return 0
    assert twin.history() != state.history()
    other = twin.resample_from_infostate(seat, random.Random(steps).random)
    assert other.history() == world.history()
    assert other.racebook_state.log.dumps() == world.racebook_state.log.dumps()
    return 1


@pytest.mark.parametrize("game_id", ["longshot", "mafia"])
def test_a_resampled_box_race_is_a_world_of_its_own(game_id: str) -> None:
    """Long Shot and Mafia: a determinization's log replays to it and its
    history() rebuilds it; it does not hold the real hidden cards: a twin
    game whose hidden cards differ (two unseen cards swapped between hands)
    gives the very same world for the same seed, and the real game's deal
    is not the world's."""

    game = load(game_id, players=4)
    rng = random.Random(4)
    twins = 0
    for steps in (20, 45, 70, 120, 170):
        state = game.new_initial_state()
        for _ in range(steps):
            if state.is_chance_node():
                ids, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        while state.is_chance_node():
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, weights)[0])
        seat = state.current_player()
        world = _own_world(game, state, seat, steps)
        rb = world.racebook_state
        assert _deal(rb) != _deal(state.racebook_state)
        twin = _twin(state, seat)
        twins += _same_world_from_twin(twin, state, world, seat, steps)
    assert twins >= 3


def _forcehorse_twin(state: Any, seat: int) -> Any:
    """A Force of the Horse game ``seat`` cannot tell from ``state`` whose
    hidden cards differ: two instances of other names it never saw swapped
    in the other player's first shuffle; ``None`` if no swap keeps the
    seat's information state."""
    from racebook.games.forcehorse.events import Shuffle
    from racebook.games.forcehorse.worlds import _walk

    rb = state.racebook_state
    seen, first = _walk(rb, seat)
    names = rb.table.cards
    for i, deck in first.items():
        shuffle = rb._entries[i]
        if shuffle.player == seat:
            continue
        hidden = [k for k, p in enumerate(shuffle.order) if deck[p] not in seen]
        for a in hidden:
            for b in hidden:
                if (
                    a < b
                    and names[deck[shuffle.order[a]]].name != names[deck[shuffle.order[b]]].name
                ):
                    order = list(shuffle.order)
                    order[a], order[b] = order[b], order[a]
                    actions = list(rb._entries)
                    actions[i] = Shuffle(shuffle.seat, shuffle.player, tuple(order))
                    try:
                        twin = state._world(actions)
                    except ValueError:  # the rules refuse it
                        continue
                    info = twin.information_state_string(seat)
                    if info == state.information_state_string(seat):
                        return twin
    return None


def test_a_resampled_force_of_the_horse_is_a_world_of_its_own() -> None:
    """Force of the Horse: a determinization's log replays to it and its
    history() rebuilds it; a twin game whose hidden cards differ (two unseen
    cards of the other player swapped) gives the very same world for the
    same seed, and the real game's shuffles are not the world's."""

    game = load("forcehorse")
    twins = 0
    for steps in (12, 25, 40, 60):
        state = _mid_game("forcehorse", steps=steps, seed=steps)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        seat = state.current_player()
        world = _own_world(game, state, seat, steps)
        twin = _forcehorse_twin(state, seat)
        twins += _same_world_from_twin(twin, state, world, seat, steps)
    assert twins >= 3


def test_a_resample_without_a_world_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the game finds no world, the resampled state is a copy with
    its hidden data changed, and ``own_world`` says its log is not its own."""
    from racebook.games.longshot.state import LongShotState

    state = _mid_game("longshot", steps=30)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    assert state.own_world
    assert state.resample_from_infostate(seat, random.Random(1).random).own_world
    monkeypatch.setattr(LongShotState, "hidden_world", lambda self, seat, rng: None)
    copy_ = state.resample_from_infostate(seat, random.Random(1).random)
    assert not copy_.own_world
    assert copy_.information_state_string(seat) == state.information_state_string(seat)
    assert copy_.history() == state.history()

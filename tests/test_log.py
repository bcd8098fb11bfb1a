"""The log: JSON Lines with a versioned header; replay verifies; broken logs are
refused with LogError and the line number."""

from __future__ import annotations

import json

import pytest

import racebook
from racebook import LogError
from racebook.agents.base import RandomBot
from racebook.core.game import State
from racebook.core.log import VERSION, header_config
from racebook.games.longshot import LongShot


def played(seed: int = 4, players: int = 5, steps: int | None = None) -> State:  # type: ignore[type-arg]
    state = racebook.load("longshot", players=players).new_state(seed=seed)
    bot = RandomBot(seed)
    n = 0
    while not state.is_over and (steps is None or n < steps):
        seat = state.to_act[0]
        state.apply(bot.choose(state, seat))
        n += 1
    return state


@pytest.fixture(scope="module")
def game_log() -> str:
    return played().log.dumps()


def lines(text: str) -> list[str]:
    return text.splitlines()


def refused(text: str) -> LogError:
    with pytest.raises(LogError) as info:
        racebook.replay(text)
    return info.value


def test_header_and_round_trip(game_log: str) -> None:
    header = json.loads(lines(game_log)[0])
    assert header["format"] == "racebook-log" and header["version"] == VERSION == 6
    assert header["game"] == "longshot" and header["seats"] == 5
    # format 4: only the settings that differ from the game's defaults (none here)
    assert header["defaults"] == 1 and header["config"] == {}
    full = header_config(LongShot, header)
    assert full["players"] == 5 and full["goal"] == 60
    assert "seed" not in game_log
    state = racebook.replay(game_log)
    assert state.is_over and state.log.dumps() == game_log


def test_chance_is_data_in_the_log(game_log: str) -> None:
    rows = [json.loads(line) for line in lines(game_log)[1:]]
    kinds = [row[1] for row in rows if isinstance(row, list)]
    assert kinds[0] == "first-player" and kinds[1] == "deal" and kinds[2] == "orders"
    assert kinds.count("deal") == 2  # one shuffle per race
    deal = json.loads(lines(game_log)[2])  # [seat, kind, cards]
    assert deal[:2] == [-1, "deal"] and len(deal[2]) == 112


def test_digest_lines_at_each_race_end(game_log: str) -> None:
    objs = [json.loads(line) for line in lines(game_log)]
    assert sum(1 for o in objs if "digest" in o and "after" in o) == 2
    assert "end" in objs[-1]


def test_a_game_in_progress_replays() -> None:
    state = played(steps=40)
    again = racebook.replay(state.log.dumps())
    assert again.snapshot() == state.snapshot() and not again.is_over
    # and it can go on from there
    seat = again.to_act[0]
    again.apply(again.legal_actions(seat)[0])


def test_truncated_at_a_line(game_log: str) -> None:
    text = "\n".join(lines(game_log)[:60]) + "\n"
    err = refused(text)
    assert err.line == 61 and "cut short" in err.reason


def test_truncated_mid_line(game_log: str) -> None:
    cut = game_log.index("\n", len(game_log) // 2) - 5  # inside a line
    text = game_log[:cut]
    err = refused(text)
    assert "half-written" in err.reason and err.line == len(text.splitlines())


def test_reordered_lines(game_log: str) -> None:
    ls = lines(game_log)
    i = next(k for k in range(5, len(ls)) if '"place"' in ls[k] and '"place"' in ls[k + 1])
    ls[i], ls[i + 1] = ls[i + 1], ls[i]
    err = refused("\n".join(ls))
    assert err.line == i + 1 and "illegal action" in err.reason


def test_edited_action_illegal(game_log: str) -> None:
    ls = lines(game_log)
    i = next(k for k, line in enumerate(ls) if '"place"' in line)
    row = json.loads(ls[i])  # [seat, "place", card, box]
    row[3] = 99
    ls[i] = json.dumps(row)
    err = refused("\n".join(ls))
    assert err.line == i + 1 and "no box 99" in err.reason


def test_edited_action_legal_but_different(game_log: str) -> None:
    # a different legal choice: replay goes on, and the next digest catches it
    state = racebook.replay(game_log)
    ls = lines(game_log)
    entries = [k for k, line in enumerate(ls) if k and line.startswith("[")]
    probe = racebook.load("longshot").new_state(explicit_chance=True)
    target = None
    for idx, k in enumerate(entries):
        action = state.log.actions[idx]
        if action.seat >= 0:
            options = probe.legal_actions(action.seat)
            other = next((a for a in options if a != action), None)
            if other is not None and idx > 20:
                target = (k, other)
                break
        probe.apply(action)
    assert target is not None
    k, other = target
    from racebook.core.log import action_row

    ls[k] = json.dumps(action_row(other))
    err = refused("\n".join(ls))
    assert err.line > k + 1
    assert "digest" in err.reason or "illegal action" in err.reason


def test_edited_chance_outcome(game_log: str) -> None:
    ls = lines(game_log)
    row = json.loads(ls[2])
    cards = row[2]
    cards[0], cards[-1] = cards[-1], cards[0]
    if cards[0] == cards[-1]:
        cards[1], cards[-1] = cards[-1], cards[1]
    ls[2] = json.dumps(row)
    err = refused("\n".join(ls))
    assert err.line >= 3


def test_wrong_game_id(game_log: str) -> None:
    ls = lines(game_log)
    header = json.loads(ls[0])
    header["game"] = "chess"
    ls[0] = json.dumps(header)
    err = refused("\n".join(ls))
    assert err.line == 1 and "unknown game 'chess'" in err.reason


def test_future_format_version(game_log: str) -> None:
    ls = lines(game_log)
    header = json.loads(ls[0])
    header["version"] = VERSION + 1
    ls[0] = json.dumps(header)
    err = refused("\n".join(ls))
    assert err.line == 1 and "newer" in err.reason


def test_not_a_log_and_empty() -> None:
    assert refused("").line == 1
    assert refused('{"format": "other"}\n').line == 1
    assert refused("[1, 2]\n").line == 1
    assert refused("[" * 100_000 + "\n").line == 1


def test_bad_config_in_header(game_log: str) -> None:
    ls = lines(game_log)
    header = json.loads(ls[0])
    header["config"]["players"] = 7
    ls[0] = json.dumps(header)
    err = refused("\n".join(ls))
    assert err.line == 1 and "players" in err.reason
    header["config"]["players"] = 5
    header["config"]["house_rule"] = "x"
    ls[0] = json.dumps(header)
    err = refused("\n".join(ls))
    assert err.line == 1 and "house_rule" in err.reason


def test_unknown_kind_and_malformed_fields(game_log: str) -> None:
    ls = lines(game_log)
    ls[4] = '[0, "teleport"]'
    assert refused("\n".join(ls)).line == 5
    ls = lines(game_log)
    row = json.loads(ls[4])
    row[2] = "9:99"
    ls[4] = json.dumps(row)
    err = refused("\n".join(ls))
    assert err.line == 5 and "malformed" in err.reason


def test_lines_after_the_end_and_digest_moved(game_log: str) -> None:
    err = refused(game_log + '[0, "pass"]\n')
    assert "after the closing line" in err.reason
    ls = lines(game_log)
    k = next(i for i, line in enumerate(ls) if '"after"' in line)
    ls.insert(k - 1, ls.pop(k))
    err = refused("\n".join(ls))
    assert err.line == k and "checkpoint" in err.reason


def test_a_seats_log_is_redacted_and_not_replayable() -> None:
    state = played(seed=9)
    mine = state.log.for_seat(2)
    header = json.loads(mine.splitlines()[0])
    assert header["redacted"] and header["seat"] == 2
    events = [json.loads(line) for line in mine.splitlines()[1:]]
    dealt = [e for e in events if e["event"] in ("dealt", "drew")]
    assert dealt and all(e["seat"] == 2 for e in dealt)
    orders = [e for e in events if e["event"] == "order"]
    assert all(e["seat"] == 2 or e["face_up"] for e in orders)
    assert '"deal"' not in mine and '"restock"' not in mine and "digest" not in mine
    assert refused(mine).line == 1


def test_for_seat_hides_what_others_hold() -> None:
    # two games dealt differently except for seat 0's hand: seat 0's redacted log of
    # the deal is the same text.
    from racebook.cards.horse import card
    from racebook.core.game import CHANCE
    from racebook.games.longshot import Deal, DealOrders, FirstPlayer

    game = racebook.load("longshot")
    texts = []
    for rotate in (0, 7):
        state = game.new_state(explicit_chance=True)
        state.apply(FirstPlayer(CHANCE, 0))
        deck = list(game.deck)  # type: ignore[attr-defined]
        rest = deck[8:]
        rest = rest[rotate:] + rest[:rotate]
        state.apply(Deal(CHANCE, tuple(card(x) for x in deck[:8] + rest)))
        state.apply(DealOrders(CHANCE, (1, 2, 3, 4, 5, 6) if rotate else (1, 3, 2, 5, 4, 6)))
        texts.append(state.log.for_seat(0))
    assert texts[0] == texts[1]


def test_action_lines_are_read_once_and_the_table_is_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Replay keeps short action lines it has read, per set of action kinds,
    for every later log; the table is bounded and holds only lines that were
    read without error."""
    from racebook.core import replay as log

    monkeypatch.setattr(log, "_LINES", {})
    game = racebook.load("trickrace")
    state = game.new_state(seed=2)
    bot = RandomBot(2)
    while not state.is_over:
        state.apply(bot.choose(state, state.to_act[0]))
    text = state.log.dumps()
    assert racebook.replay(text).digest() == state.digest()
    (table,) = log._LINES.values()
    kept = len(table)
    assert kept > 0 and all(len(line) <= log.MAX_LINE_KEPT for line in table)
    assert all(action in state.log.actions for action, _ in table.values())
    assert racebook.replay(text).digest() == state.digest() and len(table) == kept
    # a line refused is never kept: an unknown card
    bad = text.replace('"play","', '"play","Q', 1)
    with pytest.raises(LogError):
        racebook.replay(bad)
    assert all('"Q' not in line for line in table)
    monkeypatch.setattr(log, "MAX_LINES_KEPT", kept - 1)
    racebook.replay(text)  # over the bound: the table starts afresh
    assert log._LINES[tuple(game.action_types)] is not table


def test_a_header_line_met_before_gives_the_same_game_until_the_registry_changes() -> None:
    from racebook.core.registry import registry_changed

    text = racebook.load("readysetbet", races=1).new_state(seed=1).log.dumps()
    first, second = racebook.replay(text), racebook.replay(text)
    assert second.game is first.game and second is not first
    assert second.digest() == first.digest()
    registry_changed()  # e.g. a rule module registered: names may resolve anew
    third = racebook.replay(text)
    assert third.game is not first.game and third.game.config == first.game.config


def test_header_meta_is_kept_by_replay_and_not_part_of_the_rules() -> None:
    from racebook.core.log import meta_of, set_meta

    state = racebook.load("trickrace").new_state(seed=2)
    set_meta(state, {"bots": ["random", "heuristic", "random", "random"], "index": 7})
    bot = RandomBot(2)
    while not state.is_over:
        state.apply(bot.choose(state, state.to_act[0]))
    text = state.log.dumps()
    header = json.loads(text.split("\n", 1)[0])
    assert header["meta"]["index"] == 7
    again = racebook.replay(text)
    assert meta_of(again) == {"bots": ["random", "heuristic", "random", "random"], "index": 7}
    assert again.log.dumps() == text
    assert json.loads(again.log.for_seat(0).split("\n", 1)[0])["meta"]["index"] == 7
    # the same game without meta: the same digest, the same game
    plain = racebook.load("trickrace").new_state(seed=2)
    bot = RandomBot(2)
    while not plain.is_over:
        plain.apply(bot.choose(plain, plain.to_act[0]))
    assert plain.digest() == again.digest() and meta_of(plain) is None


@pytest.mark.parametrize("meta", [[1], "x", 3])
def test_header_meta_that_is_not_an_object_is_refused(meta: object) -> None:
    lines = played(seed=3).log.dumps().split("\n")
    header = json.loads(lines[0])
    header["meta"] = meta
    lines[0] = json.dumps(header)
    info = refused("\n".join(lines))
    assert info.line == 1 and "meta" in info.reason
    from racebook.core.errors import ConfigError
    from racebook.core.log import set_meta

    with pytest.raises(ConfigError, match="meta"):
        set_meta(played(seed=3), meta)  # type: ignore[arg-type]

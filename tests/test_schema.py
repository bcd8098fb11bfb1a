"""The JSON Schemas of :mod:`racebook.schema` hold what racebook writes (views,
logs and seat logs of random games of every preset, the logs of format 1) and
refuse obvious bad data, as racebook's own reader does."""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar, Literal, TypedDict

import pytest

import racebook
from racebook import LogError, schema
from racebook.agents.base import RandomBot
from racebook.cards.horse import HorseCard
from racebook.cards.race import COLOURS, RaceCard
from racebook.core.log import parse_action
from racebook.core.registry import game_from_data
from racebook.core.serial import to_data
from racebook.games.longshot import BoxRule, LongShotState
from racebook.variants import register_rule
from racebook.variants.rules import _RULES

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent
PRESETS = sorted(racebook.presets())
GAMES = sorted(racebook.registered_games())
VIEWS_PER_GAME = 1000
"""Random views checked per game, shared among its presets."""


def views_per_preset(name: str) -> int:
    presets = racebook.presets()
    same = sum(1 for p in presets.values() if p.game == presets[name].game)
    return -(-VIEWS_PER_GAME // same)


@functools.cache
def validators(name: str) -> dict[str, Any]:
    """A validator per form for preset ``name`` (each schema checked first)."""
    return compiled(racebook.load(name))


def compiled(game: racebook.Game[Any, Any]) -> dict[str, Any]:
    out = {}
    for form, s in schema.schemas(game).items():
        jsonschema.Draft202012Validator.check_schema(s)
        out[form] = jsonschema.Draft202012Validator(s)
    return out


def check(validator: Any, data: Any, what: str) -> None:
    if not validator.is_valid(data):
        error = jsonschema.exceptions.best_match(validator.iter_errors(data))
        pytest.fail(f"{what}: {error.message} at {error.json_path}: {json.dumps(data)[:300]}")


def refused(validator: Any, data: Any) -> bool:
    return not validator.is_valid(data)


def wire(value: Any) -> Any:
    """``value``'s JSON form as an app receives it."""
    return json.loads(json.dumps(to_data(value)))


def lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def play(game: racebook.Game[Any, Any], rng: random.Random) -> Iterator[LongShotState | Any]:
    """A random game, yielding the state before every decision and at the end."""
    state = game.new_state(seed=rng.randrange(2**32))
    bot = RandomBot(seed=rng.randrange(2**32))
    while not state.is_over:
        yield state
        state.apply(bot.choose(state, rng.choice(state.to_act)))
    yield state


# -- what racebook writes validates --------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_random_views_and_logs_validate(name: str) -> None:
    game = racebook.load(name)
    v = validators(name)
    rng = random.Random(f"schema {name}")
    seats = [None, *range(game.seats)]
    want, views, extras = views_per_preset(name), 0, 0
    while views < want:
        for state in play(game, rng):
            if rng.random() < 0.8 or state.is_over:
                seat = rng.choice(seats)
                data = wire(state.view(seat))
                check(v["view"], data, f"{name} view of seat {seat}")
                views += 1
                extras += bool(data.get("extra"))
        for n, line in enumerate(lines(state.log.dumps()), start=1):
            check(v["log-line"], line, f"{name} log line {n}")
        seat = rng.choice(seats)
        for n, line in enumerate(lines(state.log.for_seat(seat)), start=1):
            check(v["seat-log-line"], line, f"{name} seat {seat}'s log line {n}")
    if game.id == "mafia":
        assert extras > 0, "no view showed the supply-quinella module"


def test_every_seat_log_validates() -> None:
    """Every seat's log of a game of each game (the random test draws one seat a game)."""
    for gid in GAMES:
        game = racebook.load(gid)
        v = validators(gid)
        *_, state = play(game, random.Random(gid))
        texts = {
            text
            for seat in [None, *range(game.seats)]
            for text in state.log.for_seat(seat).splitlines()
        }
        for text in texts:
            check(v["seat-log-line"], json.loads(text), f"{gid}: {text}")


@pytest.mark.parametrize("path", sorted((ROOT / "tests" / "data" / "logs-v1").glob("*.jsonl")))
def test_logs_of_format_1_validate(path: Path) -> None:
    """A log header may hold a config written before a setting existed: the
    config schema leaves out what has a default, as replay does."""
    text = path.read_text(encoding="utf-8")
    state = racebook.replay(text)
    v = compiled(state.game)
    for n, line in enumerate(lines(text), start=1):
        check(v["log-line"], line, f"{path.name} line {n}")
    check(v["config"], lines(text)[0]["config"], f"{path.name} config")


def test_the_forms_name_every_kind() -> None:
    for gid in GAMES:
        game = racebook.load(gid)
        actions = schema.action_schema(game)["discriminator"]["mapping"]
        events = schema.event_schema(game)["discriminator"]["mapping"]
        assert set(actions) == set(game.action_kinds)
        assert set(events) == {t.kind for t in game.event_types}
        assert schema.config_schema(game)["$ref"] == f"#/$defs/{game.config_type.__name__}"


def test_rule_modules_bring_their_kinds_and_views() -> None:
    """Long Shot with Mafia's module takes Mafia's actions; the plain game does not."""
    plain = racebook.load("longshot")
    with_module = racebook.load("longshot", rules=[{"name": "supply-quinella"}])
    quinella = {"kind": "quinella", "seat": 0, "first": "1:3", "second": "2:4"}
    assert refused(compiled(plain)["action"], quinella)
    check(compiled(with_module)["action"], quinella, "a quinella with the module")
    extra = schema.view_schema(with_module)["$defs"]["LongShotView"]["properties"]["extra"]
    assert extra["properties"]["supply-quinella"] == {"$ref": "#/$defs/SupplyQuinellaView"}


class _CountView(TypedDict):
    rounds: int
    mood: Literal["calm", "wild"]


@pytest.fixture
def viewed_rule() -> Iterator[type[BoxRule]]:
    @register_rule
    class Count(BoxRule):
        name: ClassVar[str] = "test.schema-count"
        view_type: ClassVar[Any] = _CountView

        def view(self, state: LongShotState, seat: int | None) -> Any:
            return {"rounds": state.round, "mood": "wild" if state.spurt else "calm"}

    yield Count
    _RULES.pop("test.schema-count", None)


def test_a_rule_module_gives_its_view_type(viewed_rule: type[BoxRule]) -> None:
    game = racebook.load("longshot", rules=[{"name": "test.schema-count"}])
    v = compiled(game)
    rng = random.Random(3)
    for state in play(game, rng):
        data = wire(state.view(0))
        check(v["view"], data, "a view with the rule's part")
    assert data["extra"]["test.schema-count"]["mood"] in ("calm", "wild")
    data["extra"]["test.schema-count"]["mood"] = "sad"
    assert refused(v["view"], data)
    data["extra"] = {"no-such-rule": 1}
    assert refused(v["view"], data)


# -- bad data is refused -------------------------------------------------------------------


def a_game(name: str) -> Any:
    *_, state = play(racebook.load(name), random.Random(f"bad {name}"))
    return state


@pytest.mark.parametrize("name", PRESETS)
def test_bad_actions_are_refused_as_replay_refuses_them(name: str) -> None:
    state = a_game(name)
    game = state.game
    v = validators(name)["action"]
    line_v = validators(name)["log-line"]
    actions = [a.to_data() for a in state.log.actions]  # the object form (formats 1, 2)
    kinds = {a["kind"]: a for a in actions}
    for good in kinds.values():
        check(v, good, "a real action")
        other = next(k for k, a in kinds.items() if set(a) != set(good))
        bad = [
            {**good, "kind": "no-such-kind"},
            {**good, "kind": other},
            {**good, "unknown_field": 1},
            {k: x for k, x in good.items() if k != "seat"},
            {**good, "seat": str(good["seat"])},
            {**good, "seat": True},
            {**good, "seat": None},
        ]
        for data in bad:
            assert refused(v, data), data
            assert refused(line_v, data), data
            with pytest.raises(LogError):
                parse_action(game, data, 2)
    rows = {row[1]: row for row in lines(state.log.dumps()) if isinstance(row, list)}
    assert rows.keys() == kinds.keys()
    for good in rows.values():
        check(line_v, good, "a real action line")
        bad_rows = [
            [good[0], "no-such-kind", *good[2:]],
            [*good, *[0] * 9],  # more fields than the action has
            [str(good[0]), *good[1:]],
            [True, *good[1:]],
            good[:1],
        ]
        for data in bad_rows:
            assert refused(line_v, data), data
            with pytest.raises(LogError):
                parse_action(game, data, 2)


@pytest.mark.parametrize("name", PRESETS)
def test_bad_views_are_refused(name: str) -> None:
    state = a_game(name)
    v = validators(name)["view"]
    good = wire(state.view(0))
    check(v, good, "a real view")
    int_field = next(k for k, x in good.items() if type(x) is int)
    list_field = next(k for k, x in good.items() if isinstance(x, list) and x)
    for data in (
        {**good, int_field: str(good[int_field])},
        {**good, int_field: 1.5},
        {**good, int_field: False},
        {**good, "unknown_field": 0},
        {k: x for k, x in good.items() if k != int_field},
        {**good, list_field: {"0": good[list_field][0]}},
        {**good, list_field: [*good[list_field], {"an": "object"}]},
        {**good, "seat": "0"},
    ):
        assert refused(v, data), data
    path = nested_object(good)
    if path is not None:  # a value of an attrs class inside the view (a race record)
        inner = functools.reduce(lambda d, k: d[k], path, good)
        for change in ({next(iter(inner)): "a string"}, {"unknown_field": 1}):
            bad = json.loads(json.dumps(good))
            functools.reduce(lambda d, k: d[k], path, bad).update(change)
            assert refused(v, bad), bad


def nested_object(data: Any, path: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The path to the first object inside the view's lists (not its ``extra``)."""
    items: Any = enumerate(data) if isinstance(data, list) else data.items()
    for key, value in items:
        if isinstance(value, dict) and path and key != "extra":
            return (*path, key)
        if isinstance(value, list | dict) and key != "extra":
            found = nested_object(value, (*path, key))
            if found is not None:
                return found
    return None


@pytest.mark.parametrize("name", PRESETS)
def test_bad_log_lines_and_events_are_refused(name: str) -> None:
    state = a_game(name)
    v = validators(name)
    full = lines(state.log.dumps())
    header, closing = full[0], full[-1]
    checkpoint = next(line for line in full if "after" in line)
    seat_log = lines(state.log.for_seat(0))
    event = seat_log[-1]
    assert event["event"] == "game-ended"
    refused_lines = [
        {**header, "format": "other-log"},
        {**header, "game": "no-such-game"},
        {**header, "seats": "5"},
        {**header, "version": 99},
        {**header, "seat": 0, "redacted": True},  # a seat's log is not replayed
        {k: x for k, x in header.items() if k != "config"},
        {**header, "config": {**header["config"], "unknown_setting": 1}},
        {**header, "config": {**header["config"], "players": "2"}},
        {**header, "defaults": 0},
        {**checkpoint, "digest": "not a digest"},
        {**checkpoint, "after": "3"},
        {**closing, "end": -1},
        {**closing, "extra": 1},
        {"digest": closing["digest"]},
        event,  # an event is not a line of the full log
    ]
    for data in refused_lines:
        assert refused(v["log-line"], data), data
    for data in (
        {**event, "event": "no-such-event"},
        {**event, "scores": "1,2"},
        {**event, "winners": [0.5]},
        {k: x for k, x in event.items() if k != "winners"},
        {**event, "kind": "game-ended"},
        header,  # not redacted
        {**seat_log[0], "redacted": False},
        {**seat_log[0], "seat": "0"},
    ):
        assert refused(v["seat-log-line"], data), data
    assert refused(v["event"], seat_log[0])


@pytest.mark.parametrize("gid", GAMES)
def test_configs_may_leave_out_defaults_as_racebook_reads_them(gid: str) -> None:
    game = racebook.load(gid)
    v = compiled(game)["config"]
    data = wire(game.config)
    check(v, data, "a full config")
    for key in list(data)[:3]:
        short = {k: x for k, x in data.items() if k != key}
        check(v, short, f"a config without {key}")
        game_from_data(gid, short)  # racebook fills the default too
    defaults = schema.config_schema(game)["$defs"][game.config_type.__name__]["properties"]
    assert defaults["players"]["default"] == type(game.config)().players
    assert refused(v, {**data, "players": str(data["players"])})
    assert refused(v, {**data, "unknown_setting": 1})


def test_an_integer_written_as_a_float_is_the_one_gap() -> None:
    """JSON Schema counts 1.0 as an integer; racebook's reader does not (the docs say so)."""
    game = racebook.load("longshot")
    v = compiled(game)["action"]
    data = {"kind": "place", "seat": 1.0, "card": "3:5", "box": 4}
    assert v.is_valid(data)
    with pytest.raises(LogError):
        parse_action(game, data, 2)


# -- value types written as strings -------------------------------------------------------


def ecma_search(pattern: str, text: str) -> bool:
    """``re.search`` as ECMA-262 reads ``pattern``: ``$`` is the end of the text
    (Python's ``$`` also matches before a final newline)."""
    return re.search(pattern.replace("$", r"\Z"), text) is not None


def test_horse_card_pattern_is_exactly_the_cards_racebook_writes() -> None:
    pattern = schema.view_schema(racebook.load("longshot"))["$defs"]["HorseCard"]["pattern"]
    written = {str(HorseCard(h, mv)) for h in range(64) for mv in range(16)}
    heads = ["F", "f", "0", "00", "01", "64", "99", "100", *map(str, range(64))]
    tails = ["", "00", "05", "16", "99", "-1", *map(str, range(16))]
    candidates = {f"{h}:{t}" for h in heads for t in tails} | {"3:5 ", " 3:5", "3:5\n", "35"}
    assert written <= candidates
    assert {c for c in candidates if ecma_search(pattern, c)} == written
    for text in written:
        assert str(HorseCard.parse(text)) == text


def test_race_card_pattern_is_exactly_the_cards_racebook_writes() -> None:
    pattern = schema.view_schema(racebook.load("trickrace"))["$defs"]["RaceCard"]["pattern"]
    written = {str(RaceCard(c, n)) for c in range(4) for n in range(1, 16)}
    candidates = {
        f"{c}{n}"
        for c in [*COLOURS, "X", "r", ""]
        for n in ["0", "01", "16", *map(str, range(1, 16))]
    } | {"R5 ", "R", "R5\n"}
    assert {c for c in candidates if ecma_search(pattern, c)} == written


def test_an_unmappable_type_is_an_error() -> None:
    with pytest.raises(TypeError, match="no JSON Schema"):
        schema._Builder().of(complex, complete=True)
    with pytest.raises(TypeError, match="keys are strings"):
        schema._Builder().of(dict[int, int], complete=True)


# -- publishing ------------------------------------------------------------------------------


def test_write_schemas_and_the_committed_copy(tmp_path: Path) -> None:
    written = schema.write_schemas(tmp_path)
    assert len(written) == len(GAMES) * len(schema.FORMS)
    committed = ROOT / "docs" / "schema"
    for path in written:
        s = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(s)
        assert s["$schema"] == schema.DIALECT and s["title"] and "$id" not in s
        copy = committed / path.name
        assert copy.exists() and copy.read_text(encoding="utf-8") == path.read_text(
            encoding="utf-8"
        ), (
            f"docs/schema/{path.name} is stale: regenerate with "
            "python -c 'import racebook.schema as s; s.write_schemas(\"docs/schema\")'"
        )
    assert sorted(p.name for p in committed.glob("*.json")) == sorted(p.name for p in written)


@pytest.mark.parametrize("gid", GAMES)
def test_the_client_schema_has_the_seats_actions_not_chances(gid: str) -> None:
    """An action class's ``chance`` says who takes it: in random games every
    action of the seat CHANCE is a chance class, and no other is; the client
    schema lists exactly the others."""
    game = racebook.load(gid)
    *_, state = play(game, random.Random(gid))
    for action in state.log.actions:
        assert type(action).chance == (action.seat == racebook.CHANCE), action
    client = schema.client_action_schema(game)
    kinds = set(client["properties"]["kind"]["enum"])
    assert kinds == {t.kind for t in game.action_types if not t.chance}
    assert {a.kind for a in state.log.actions if a.seat != racebook.CHANCE} <= kinds
    validator = jsonschema.Draft202012Validator(client)
    for action in state.log.actions:
        assert validator.is_valid(wire(action.to_data())) == (action.seat != racebook.CHANCE)


@pytest.mark.parametrize("gid", GAMES)
def test_a_bad_field_is_named_by_the_validators_best_error(gid: str) -> None:
    """if/then on ``kind``: jsonschema's best_match names the field at fault,
    never "is not valid under any of the given schemas"."""
    state = a_game(gid)
    v = validators(gid)["client-action"]
    seen = set()
    for action in state.log.actions:
        if action.seat == racebook.CHANCE or action.kind in seen:
            continue
        seen.add(action.kind)
        good = wire(action.to_data())
        for field in [k for k in good if k != "kind"]:
            bad = {**good, field: {"not": "a value"}}
            error = jsonschema.exceptions.best_match(v.iter_errors(bad))
            assert error.json_path == f"$.{field}", (good, field, error.message)
            assert "any of the given schemas" not in error.message
        error = jsonschema.exceptions.best_match(v.iter_errors({**good, "kind": "no-such"}))
        assert error.json_path == "$.kind" and "is not one of" in error.message
    assert seen


def test_a_field_with_a_default_may_be_left_out_of_an_action_in_both() -> None:
    """One rule for the schema and parse_action: the trick race's ``whip``
    has a default (no whip) and may be left out; ``card`` has none."""
    game = racebook.load("trickrace")
    for form in ("action", "client-action"):
        v = validators("trickrace")[form]
        assert v.is_valid({"kind": "play", "seat": 0, "card": "R5"})
        assert not v.is_valid({"kind": "play", "seat": 0, "whip": True})
    assert game.parse_action({"kind": "play", "seat": 0, "card": "R5"}).whip is False  # type: ignore[attr-defined]
    with pytest.raises(racebook.MalformedAction):
        game.parse_action({"kind": "play", "seat": 0, "whip": True})

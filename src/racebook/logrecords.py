"""The records of logged games (for :mod:`racebook.analysis`, which
re-exports every name here): a :class:`Record` is one row, an action or an
event; :func:`records` gives the records of one replayed game,
:func:`text_records` those of a log's text as it is replayed,
:func:`bet_records` one per Ready Set Bet bet settled and :func:`game_meta`
one per game; :func:`frame` makes a ``pandas`` frame of them and
:func:`write_jsonl` writes them as JSON Lines."""

from __future__ import annotations

import bisect
import importlib
import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, SupportsIndex

import attrs

from racebook.core.errors import RacebookError
from racebook.core.log import meta_of
from racebook.core.replay import replay
from racebook.core.serial import converter
from racebook.core.state import State
from racebook.core.values import Action, Event

COLUMNS = ("game", "log", "race", "step", "seat", "type", "kind")
"""A record's columns before its fields."""


@attrs.frozen
class Record:
    """One row of a logged game.

    ``type`` is ``"action"`` or ``"event"``; ``step`` the 1-based number of
    the action (an event has the step of the action that caused it); ``race``
    the 1-based race it belongs to (1 + the checkpoints before it: each game
    makes one at the end of each race); ``seat`` the acting seat of an
    action (``-1``: chance), the ``seat`` field of an event that has one, or
    ``None``; ``kind`` the action's kind or the event's name; ``fields``
    the other fields as JSON data (:meth:`~racebook.core.game.Action.to_data`
    without ``kind`` and ``seat``), made when first read (a record of a log
    holds its action or event until then) and kept.
    """

    game: str
    log: str
    race: int
    step: int
    seat: int | None
    type: str
    kind: str
    fields: dict[str, Any]

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        # Records cross from worker processes in the millions (read_logs with
        # workers): pickled as the class and its values, rebuilt by __init__,
        # they cost half what attrs' state dict does (make bench, "Reading
        # logs").  A subclass of yours (more fields) is pickled as usual.
        if type(self) is not Record:
            return super().__reduce_ex__(protocol)
        values = (self.game, self.log, self.race, self.step, self.seat, self.type, self.kind)
        return (Record, (*values, self.fields))

    def to_data(self) -> dict[str, Any]:
        """This record as one flat dict: its columns, then its fields (a
        field named like a column is prefixed with ``field_``)."""
        row: dict[str, Any] = {
            "game": self.game,
            "log": self.log,
            "race": self.race,
            "step": self.step,
            "seat": self.seat,
            "type": self.type,
            "kind": self.kind,
        }
        for key, value in self.fields.items():
            row[f"field_{key}" if key in row else key] = value
        return row


def records(state: State[Any, Any, Any], log_id: str = "") -> list[Record]:
    """Every action and event of ``state`` (a live game or one replayed from
    its log) as :class:`Record` rows, in the order they happened: each
    action, then the events it caused (:func:`iter_records`, all kept)."""
    out: list[Record] = []
    game = state.game.id
    marks = [n for n, _ in state._marks]
    for step, (action, events) in enumerate(zip(state._entries, state._events, strict=True), 1):
        _add_rows(out, game, log_id, 1 + bisect.bisect_left(marks, step), step, action, events)
    return out


def iter_records(state: State[Any, Any, Any], log_id: str = "") -> Iterator[Record]:
    """:func:`records`, one at a time: a reader that keeps some of them
    holds only those (:func:`bet_records` does)."""
    game = state.game.id
    marks = [n for n, _ in state._marks]
    rows: list[Record] = []
    for step, (action, events) in enumerate(zip(state._entries, state._events, strict=True), 1):
        _add_rows(rows, game, log_id, 1 + bisect.bisect_left(marks, step), step, action, events)
        yield from rows
        rows.clear()


class _Fields:
    """:attr:`Record.fields` made on first reading: the slot holds the action
    or event itself until then (every record of a log is made, few of their
    fields are read: ``make bench``, "Reading logs"); reading it unstructures
    the value (:func:`_data`) into the slot, and every reader (``==``,
    ``repr``, pickling, ``attrs.astuple``) reads through here.  The slot's
    own descriptor is ``Record._fields_slot``: read by name, a C lookup (its
    ``__get__`` called from Python costs three times as much)."""

    __slots__ = ()

    def __get__(self, row: Record | None, owner: type | None = None) -> Any:
        if row is None:
            return self
        value = row._fields_slot  # type: ignore[attr-defined]
        if type(value) is dict or not isinstance(value, _VALUES):
            return value
        data = _data(value)
        _SLOTS[-1](row, data)
        return data

    def __set__(self, row: Record, value: Any) -> None:
        _SLOTS[-1](row, value)

    def __delete__(self, row: Record) -> None:  # pragma: no cover - frozen
        Record._fields_slot.__delete__(row)  # type: ignore[attr-defined]


_VALUES = (Action, Event)
Record._fields_slot = Record.__dict__["fields"]  # type: ignore[attr-defined]
Record.fields = _Fields()  # type: ignore[assignment]

_SLOTS = tuple(
    Record.__dict__["_fields_slot" if name == "fields" else name].__set__
    for name in (*COLUMNS, "fields")
)
"""The slots' setters of a :class:`Record`, in field order: a record has no
validators or converters, and its frozen ``__init__`` (a bound
``object.__setattr__`` per field) took a third of reading every record
(``make bench``, "Reading logs"), so :func:`_add_rows` sets them directly (a
test holds the records equal to ones made by ``Record(...)``)."""


_NEW = object.__new__

_PARTS: dict[type, Callable[[Any], dict[str, Any]]] = {}
"""Each action or event class's unstructure function (cattrs' own, made
once), asked for directly instead of through the converter's dispatch."""

_SEATS: dict[type, bool] = {}
"""Whether each action or event class has a ``seat`` field."""


def _data(value: Any) -> dict[str, Any]:
    """``value``'s fields as JSON data but its ``seat`` (a record's ``fields``)."""
    hook = _PARTS.get(type(value))
    if hook is None:
        hook = _PARTS[type(value)] = converter.get_unstructure_hook(type(value))
    data = hook(value)
    data.pop("seat", None)
    return data


def _seat(value: Any) -> int | None:
    """An event's ``seat`` field if it has one that is an integer, else ``None``."""
    has = _SEATS.get(type(value))
    if has is None:
        has = _SEATS[type(value)] = any(a.name == "seat" for a in attrs.fields(type(value)))
    if not has:
        return None
    seat = value.seat
    return seat if type(seat) is int else None


def _add_rows(
    out: list[Record],
    game: str,
    log_id: str,
    race: int,
    step: int,
    action: Any,
    events: Sequence[Any],
) -> None:
    """The records of one action and the events it caused, added to ``out``,
    their slots set directly (:data:`_SLOTS`), each one's ``fields`` the
    value itself until read (:class:`_Fields`)."""
    new = _NEW
    g, lg, r, st, se, ty, k, f = _SLOTS
    row = new(Record)
    g(row, game)
    lg(row, log_id)
    r(row, race)
    st(row, step)
    se(row, action.seat)
    ty(row, "action")
    k(row, action.kind)
    f(row, action)
    out.append(row)
    seats = _SEATS
    for value in events:
        row = new(Record)
        g(row, game)
        lg(row, log_id)
        r(row, race)
        st(row, step)
        has = seats.get(type(value))  # _seat, inline but for a class's first event
        if has is None:
            seat = _seat(value)
        else:
            seat = value.seat if has else None
            if type(seat) is not int:
                seat = None
        se(row, seat)
        ty(row, "event")
        k(row, value.kind)
        f(row, value)
        out.append(row)


def text_records(
    text: str, log_id: str = "", keep: Callable[[Record], bool] | None = None
) -> list[Record]:
    """The records of a log's text (replayed and verified as
    :func:`~racebook.core.replay.replay` does) that ``keep`` keeps (all by
    default), read as the replay goes: the game's history is not kept
    (``history=False``), so the memory this takes is that of one state and of
    the records kept, whatever the log's length
    (``tests/test_replay_memory.py``).

    >>> import racebook
    >>> text = racebook.load("trickrace").new_state(seed=1).log.dumps()
    >>> [r.kind for r in text_records(text, keep=lambda r: r.type == "action")][:2]
    ['draw-horses', 'deal']
    """
    out: list[Record] = []
    rows: list[Record] = out if keep is None else []
    before = 0  # checkpoints before this action: the race is 1 + them
    game = ""

    def read(state: State[Any, Any, Any], action: Any, events: list[Any]) -> None:
        nonlocal before, game
        if not game:
            game = state.game.id
        _add_rows(rows, game, log_id, 1 + before, len(state._entries), action, events)
        if keep is not None:
            out.extend(filter(keep, rows))
            rows.clear()
        before = state._mark_count

    replay(text, history=False, on_action=read)
    return out


def game_meta(state: State[Any, Any, Any], log_id: str = "") -> dict[str, Any]:
    """One row per game: its log id, game, the header's ``meta`` (who sat
    where, :func:`~racebook.core.log.set_meta`), final scores and winners."""
    result = state.result
    return {
        "log": log_id,
        "game": state.game.id,
        "meta": meta_of(state) or {},
        "scores": list(result.scores) if result is not None else None,
        "winners": list(result.winners) if result is not None else None,
    }


def frame(rows: Sequence[Record] | Sequence[dict[str, Any]]) -> Any:
    """A ``pandas`` frame of ``rows`` (records, or dicts such as
    :meth:`Record.to_data` makes), one column per column and field.  Each
    column is typed by what it holds: integers stay integers
    (``Int64``, missing values as ``<NA>``, never floats), booleans
    ``boolean``, text ``string``; anything else (lists, dicts) is kept as
    Python objects.  Needs the ``analysis`` extra (``pip install
    'racebook[analysis]'``): a ``pandas.DataFrame``."""
    try:
        pd = importlib.import_module("pandas")
    except ImportError as exc:  # pragma: no cover - the extra is missing
        raise ImportError("frame() needs pandas: pip install 'racebook[analysis]'") from exc
    data = [r.to_data() if isinstance(r, Record) else r for r in rows]
    names: dict[str, None] = dict.fromkeys(COLUMNS if data and "kind" in data[0] else ())
    for row in data:
        names.update(dict.fromkeys(row))
    columns: dict[str, Any] = {}
    for name in names:
        values = [row.get(name) for row in data]
        columns[name] = pd.Series(values, dtype=_dtype(values))
    return pd.DataFrame(columns)


def _dtype(values: list[Any]) -> str:
    kinds = {type(v) for v in values if v is not None}
    if kinds == {int}:
        return "Int64"
    if kinds == {bool}:
        return "boolean"
    if kinds == {str}:
        return "string"
    if kinds == {float} or kinds == {int, float}:
        return "Float64"
    return "object"


def write_jsonl(rows: Sequence[Record], out: Any) -> None:
    """Write ``rows`` as JSON Lines to the text file ``out``, one
    :meth:`Record.to_data` a line."""
    for row in rows:
        out.write(json.dumps(row.to_data(), separators=(",", ":"), ensure_ascii=False) + "\n")


class PayoutsChanged(RacebookError, ValueError):
    """:func:`bet_records` of a Ready Set Bet game whose rule modules change
    what a bet pays (a ``pays`` hook, :doc:`/house-rules`): a bet's record
    would give the printed payout, which that game does not pay, so none is
    given.  ``game`` is the game's id and ``rules`` the names of the modules
    that pay otherwise; the game's ``settled`` events still give each seat's
    sum as the modules paid it.

    >>> error = PayoutsChanged("readysetbet", ("my.no-losses",))
    >>> str(error).split(":", 2)[:2]
    ['readysetbet', ' rule module(s) my.no-losses change what a bet pays']
    """

    def __init__(self, game: str, rules: tuple[str, ...]) -> None:
        self.game = game
        self.rules = rules
        super().__init__(
            f"{game}: rule module(s) {', '.join(rules)} change what a bet pays: per-bet "
            "records would give the printed payouts; read each seat's 'settled' event instead"
        )


def bet_records(state: State[Any, Any, Any], log_id: str = "") -> list[Record]:
    """Ready Set Bet: one record per bet settled (``kind`` ``"bet-settled"``,
    ``type`` ``"bet"``, the step of the race's last action), with its
    ``spot``, ``token``, ``card`` (the VIP card of a bonus bet, -1 for
    none), ``hit`` and what it ``won`` (token x multiplier) or ``lost`` (the
    spot's red circle, and a bonus token's own), before the $0 floor: the
    game's ``settled`` event gives each seat's sum, after it.  Per-bet payouts
    follow the rules as printed: a game with a rule module that changes what
    a bet pays raises :class:`PayoutsChanged` (its records would not be
    true); any other game than Ready Set Bet has no bet records (``[]``)."""
    game: Any = state.game
    if game.id != "readysetbet" or getattr(game, "hooks", None) is None:
        return []
    if game.hooks.pays:
        raise PayoutsChanged(game.id, tuple(str(r.name) for r in game.hooks.pays))
    config: Any = game.config
    out: list[Record] = []
    bets: list[tuple[str, int, int, int]] = []
    for row in iter_records(state, log_id):  # only the bets kept
        if row.type == "action" and row.kind == "bet":
            bets.append((row.fields["spot"], row.seat or 0, row.fields["token"], -1))
        elif row.type == "action" and row.kind == "bonus-bet":
            card = row.fields["card"]
            value = config.vip_cards[card].value
            bets.append((row.fields["spot"], row.seat or 0, value, card))
        elif row.type == "event" and row.kind == "finish":
            pos, places = tuple(row.fields["positions"]), list(row.fields["places"])
            for spot, seat, token, card in sorted(bets):
                rate, wins = game.spot(spot)
                hit = bool(wins(pos, places))
                won = token * rate.mult if hit else 0
                if hit or card < 0:
                    lost = 0 if hit else rate.loss
                else:
                    vip = config.vip_cards[card]
                    lost = 0 if vip.shield else rate.loss + vip.loss
                fields = {"spot": spot, "token": token, "card": card, "hit": hit}
                fields |= {"won": won, "lost": lost}
                out.append(
                    Record(game.id, log_id, row.race, row.step, seat, "bet", "bet-settled", fields)
                )
            bets = []
    return out

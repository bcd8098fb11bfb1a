"""The host variants: the host who bets (主持人投注之變體規則) and the
rotating host (主持人輪換之變體規則): who hosts the next race, and the
compensation for hosting."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from racebook.core.game import Action, Event
from racebook.games.readysetbet.phases import OFFER, SETUP

if TYPE_CHECKING:
    from racebook.games.readysetbet.state import ReadySetBetState


@attrs.frozen
class FirstHost(Action):
    """Chance, rotating host: "首先隨機決定第一位主持人玩家"."""

    kind: ClassVar[str] = "first-host"
    chance: ClassVar[bool] = True
    host: int


@attrs.frozen
class Host(Action):
    """Rotating host: the player asked says whether they host the next race."""

    kind: ClassVar[str] = "host"
    yes: bool


@attrs.frozen
class HostChosen(Event):
    """Rotating host: ``seat`` hosts the next race (``how``: drawn, stays,
    accepts, forced)."""

    kind: ClassVar[str] = "host-chosen"
    seat: int
    how: str


@attrs.frozen
class HostPaid(Event):
    """Rotating host: compensation for hosting, paid before the race."""

    kind: ClassVar[str] = "host-paid"
    seat: int
    amount: int


def after_draft(state: ReadySetBetState) -> None:
    """After the VIP draft: with the rotating host, ask the host whether they stay; else set up
    the race."""
    if state.game.config.rotating_host:
        # "當前的主持人玩家可以選擇繼續擔任下一場賽馬的主持人"
        state.phase = OFFER
        state.asked = state.hosting
    else:
        state.phase = SETUP


def answer(state: ReadySetBetState, seat: int, yes: bool, events: list[Event]) -> None:
    """Rotating host: ``seat`` says whether they host the next race."""
    n = state.game.config.players
    host = state.hosting
    if yes:
        state.hosting = seat
        events.append(HostChosen(seat, "stays" if seat == host else "accepts"))
    elif (seat + 1) % n == host:
        # "假如最終無人應允，當前主持人左邊的第一位玩家就會強制成為主持人"
        state.hosting = (host + 1) % n
        events.append(HostChosen(state.hosting, "forced"))
    else:
        # "當前主持人左邊的第一位玩家就有權選擇成為主持人...順時針方向的下一位"
        state.asked = (seat + 1) % n
        return
    state.asked = -1
    state.phase = SETUP


def first_host(state: ReadySetBetState, seat: int, events: list[Event]) -> None:
    """The first host, drawn at random ("首先隨機決定第一位主持人玩家")."""
    state.hosting = seat
    events.append(HostChosen(seat, "drawn"))
    state.phase = SETUP

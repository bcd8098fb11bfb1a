"""Force of the Horse's refusal codes: every way its rules refuse an
action, each with the comprehensive rules' number (and heading) it comes
from and what it means (stable API: an app acts on the code,
:class:`~racebook.core.errors.IllegalAction`'s ``code``; the docs' refusal
codes page is made from this table)."""

from __future__ import annotations

TURN = "702 (ターンの進行, the turn)"
LOOPS = "1201.1 (永久循環, endless loops)"
PLAYING = "800 (カードや能力のプレイと解決, playing and resolving)"
PAYING = "503 (フォースを支払う, paying force)"

REFUSALS: dict[str, tuple[str, str]] = {
    "not-your-turn": (TURN, "the seat may not act now"),
    "not-playable-now": (TURN, "not an action of the turn's current step"),
    "horse-not-in-hand": ("702.6b (ターンの進行, the turn)", "no such horse card in hand to run"),
    "illegal-run": ("702.6b (ターンの進行, the turn)", "the horse may not run now"),
    "cannot-guard": (
        "702.6d (ターンの進行, the turn)",
        "no horse in hand of that name with the race's distance aptitude",
    ),
    "force-not-in-hand": (
        "503.2 (フォースを支払う, paying force)",
        "a force card paid is not in hand",
    ),
    "improper-payment": (
        "503.3 (フォースを支払う, paying force)",
        "the force cards paid do not meet the cost and the conditions",
    ),
    "choice-pending": (PLAYING, "an ability's choice is pending: answer it first"),
    "no-choice-pending": (PLAYING, "nothing to choose now"),
    "unknown-option": (PLAYING, "no such option of the pending choice"),
    "repeated-position": (
        "1201.1b (永久循環, endless loops)",
        "the game is just as it was when the player did this in this turn",
    ),
    "bad-loop-count": (LOOPS, "a loop proposal answered with a count out of range"),
    "no-loop": (LOOPS, "no loop to propose: the cards are not where they were this turn"),
    "chance-not-now": (
        "600 (ゲームの準備, setup)",
        "a chance outcome of another moment of the game",
    ),
    "bad-race": ("601 (レース情報の決定, race information)", "not a race of the special cards"),
    "bad-shuffle": ("504 (シャッフルする, shuffling)", "not a shuffle of the expected deck"),
    "unknown-player": (
        "603 (ゲーム前の手順, before the game)",
        "the first player drawn is no seat",
    ),
}
"""Code: (rule of the Force of the Horse comprehensive rules, what the refusal means)."""

"""The trick race's refusal codes: every way its rules refuse an action,
each with the section of the rulebook (Japanese) it comes from and what it
means (stable API: an app acts on the code,
:class:`~racebook.core.errors.IllegalAction`'s ``code``; the docs' refusal
codes page is made from this table)."""

from __future__ import annotations

SETUP = "ゲームの準備 (Setup)"
PLAY = "ゲームの進め方 (How to play)"
PADDOCK = "1 パドックフェイズ (Paddock phase)"
TICKETS = "2 馬券購入フェイズ (Ticket phase)"
TRICK = "1 トリックの流れ (How a trick goes)"
WHIP = "「ムチ入れ」ルール (The whip rule)"

REFUSALS: dict[str, tuple[str, str]] = {
    "not-your-turn": (PLAY, "the seat may not act now: another player's turn"),
    "not-playable-now": (PLAY, "an action kind that is not played at this moment"),
    "card-not-in-hand": (PLAY, "the card is not in the seat's hand"),
    "follow-suit": (TRICK, "a player holding the led colour must play it"),
    "one-whip-per-trick": (WHIP, "only one whip per trick"),
    "no-whip": (WHIP, "the player has no face-up whip card"),
    "whip-forbidden": (WHIP, "a rule module of the variant forbids this whip"),
    "win-ticket-face-up": (TICKETS, "the face-up ticket may not be the win ticket"),
    "unknown-ticket": (TICKETS, "no such ticket (0 the win ticket, 1..4 the horses)"),
    "ticket-taken": (TICKETS, "another player's face-up ticket is already that one"),
    "ticket-repeated": (TICKETS, "the face-down ticket may not repeat the player's face-up one"),
    "chance-not-now": (SETUP, "a chance outcome of another moment of the game"),
    "bad-draw": (SETUP, "not a draw of the horse cards the game allows"),
    "bad-deal": (SETUP, "not a deal of exactly the race cards the game allows"),
    "bad-paddock": (PADDOCK, "not a gate order and piles of the paddock"),
}
"""Code: (section of the trick race's rulebook, what the refusal means)."""

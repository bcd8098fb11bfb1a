"""Long Shot's refusal codes: every way its rules refuse an action, each
with the rulebook's section it comes from and what it means (stable API:
an app acts on the code, :class:`~racebook.core.errors.IllegalAction`'s
``code``; the docs' refusal codes page is made from this table)."""

from __future__ import annotations

PREPARATION = "Preparation of the first race"
ROUND = "Basic of the Race Round"
PLACING = "How to place Horse cards"
FULL = "After all boxes are full"
SPURT = "The Last Spurt"
STACK = "When the stack is exhausted"

REFUSALS: dict[str, tuple[str, str]] = {
    "not-your-turn": (ROUND, "another player's turn: the seat may not act now"),
    "not-playable-now": (ROUND, "an action kind that is not played at this moment"),
    "must-place-opened": (
        ROUND,
        "the card opened from the stack must be placed now (the first player), and no other card",
    ),
    "card-not-in-hand": (PLACING, "the card is not in the seat's hand"),
    "unknown-box": (PLACING, "no such box"),
    "wrong-horse-box": (PLACING, "an indicated card goes only in its own horse's two boxes"),
    "golden-rule": (
        PLACING,
        "an empty box must be filled before a full one is covered (the Golden Rule)",
    ),
    "same-mv": (PLACING, "a card may not cover a card of the same MV"),
    "box-closed": (PLACING, "the box is not open to this card now"),
    "spurt-same-box": (SPURT, "a spurt's two cards go in different boxes"),
    "must-place": (PLACING, "a player who can place a card may not pass"),
    "pass-before-full": (FULL, "PASS only once every box is full"),
    "chance-not-now": (PREPARATION, "a chance outcome of another moment of the game"),
    "unknown-player": (PREPARATION, "the first player drawn is no seat of the game"),
    "bad-deal": (PREPARATION, "the dealt cards or orders are not exactly the race's"),
    "bad-restock": (STACK, "the restocked stack is not exactly the buried cards"),
}
"""Code: (section of the Long Shot rulebook, what the refusal means)."""

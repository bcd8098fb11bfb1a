"""Horse Racing Mafia's refusal codes: Long Shot's box race (the same codes,
cited by Mafia's own sections) and the supply and quinella bets, each with
the rulebook's section and what it means (stable API: the docs' refusal
codes page is made from this table)."""

from __future__ import annotations

PREPARATION = "3 (Preparation)"
RACE = "4 (Race)"
PLACING = "4.1, 4.4 and Q&A 9.0 Q2 (placing cards)"
SUPPLY = "5 (Supplying your hand + quinella bets)"

REFUSALS: dict[str, tuple[str, str]] = {
    "not-your-turn": (RACE, "another player's turn: the seat may not act now"),
    "not-playable-now": (RACE, "an action kind that is not played at this moment"),
    "must-place-opened": (
        RACE,
        "the card drawn from the stack (4.2) must be placed now, and no other card",
    ),
    "card-not-in-hand": (PLACING, "the card (or a quinella bet's cards) is not in the hand"),
    "unknown-box": (PLACING, "no such box"),
    "wrong-horse-box": (PLACING, "an indicated card goes only in its own horse's two boxes"),
    "golden-rule": (
        PLACING,
        "an empty box must be filled before a full one is covered",
    ),
    "same-mv": (PLACING, "a card may not cover a card of the same MV (4.4)"),
    "box-closed": (PLACING, "the box is not open to this card now"),
    "must-place": (
        "5.9 (Supplying your hand + quinella bets)",
        "nobody may pass before the supply, nor during it but at a quinella bet",
    ),
    "chance-not-now": (PREPARATION, "a chance outcome of another moment of the game"),
    "unknown-player": (PREPARATION, "the first player drawn is no seat of the game"),
    "bad-deal": (PREPARATION, "the dealt cards or orders are not exactly the race's"),
    "bad-resupply": (
        "5.2 (Supplying your hand + quinella bets)",
        "the new stack is not exactly the buried cards and the stack",
    ),
    "supply-not-now": (SUPPLY, "no hand is being supplied now"),
    "bad-supply-count": (
        "5.4 (Supplying your hand + quinella bets)",
        "more cards than the hand limit, the stack or the money allow",
    ),
    "quinella-not-now": (
        "5.6 (Supplying your hand + quinella bets)",
        "quinella bets are laid only at the supply",
    ),
    "bad-quinella": (
        "5.7 (Supplying your hand + quinella bets)",
        "a quinella bet is two indicated cards of two different horses, the lower first",
    ),
}
"""Code: (section of the Horse Racing Mafia rulebook, what the refusal means)."""

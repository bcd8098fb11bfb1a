"""Ready Set Bet's refusal codes: every way its rules refuse an action, each
with the section of the rulebook (賽馬大亨, Traditional Chinese) it comes
from and what it means (stable API: an app acts on the code,
:class:`~racebook.core.errors.IllegalAction`'s ``code``; the docs' refusal
codes page is made from this table)."""

from __future__ import annotations

SETUP = "遊戲設置 (Game setup)"
RACING = "進行賽馬 (Running the race)"
HOST = "主持人 (The host)"
BETTING = "投注 (Betting)"
EXOTIC = "特別彩池投注 (Exotic finish bets)"
VIP = "貴賓牌 (VIP cards)"
BONUS = "獎勵投注標記 (Bonus bet tokens)"

REFUSALS: dict[str, tuple[str, str]] = {
    "not-your-turn": (RACING, "the seat may not act now"),
    "not-playable-now": (RACING, "an action kind that is not played at this moment"),
    "betting-closed": (BETTING, "no more bets: the third horse crossed the red line (截止投注)"),
    "spot-taken": (BETTING, "the spot already holds a token: first come, first served"),
    "unknown-spot": (BETTING, "no such betting spot in this race"),
    "token-not-held": (BETTING, "the bettor has no such token left"),
    "host-does-not-bet": (BETTING, "the host does not bet during the race"),
    "exotic-once": (EXOTIC, "at most one of a player's tokens on each exotic finish card"),
    "bonus-not-held": (BONUS, "the bettor holds no bonus token of that VIP card"),
    "host-only-rolls": (RACING, "only the host rolls, and the host's chair does nothing else"),
    "roll-out-not-now": (RACING, "others may still act: the host rolls one roll at a time"),
    "race-not-started": (HOST, "the race starts once the host's tokens are down"),
    "host-token-not-held": (HOST, "the host has no such host token left"),
    "host-spot-repeated": (HOST, "the host's tokens go on different spots"),
    "no-host-asked": (HOST, "nobody is being asked to host now"),
    "vip-not-dealt": (VIP, "the VIP card to keep was not dealt to the seat (or none is kept now)"),
    "card-not-held": (VIP, "the seat holds no such unplayed free-chips card"),
    "chance-not-now": (SETUP, "a chance outcome of another moment of the game"),
    "unknown-player": (SETUP, "the first host drawn is no seat of the game"),
    "bad-new-race": (SETUP, "not this race's cards (unused prop cards and a new exotic card)"),
    "bad-dice": (RACING, "dice that no roll (or roll-out) of the game can show"),
    "bad-vip-deal": (VIP, "not a deal of VIP cards from the deck, then the discards"),
}
"""Code: (section of the Ready Set Bet rulebook, what the refusal means)."""

"""Ready Set Bet's printed components as data (賽馬大亨): the nine horses and
their colours, the betting board's rates, the colour bets, the prop bet cards
(特定主題投注), the exotic finish cards (特別彩池) and the VIP cards (貴賓牌).

The rulebook prints none of these lists: where they come from is said at
each one.  A variant file may replace any of them (``board``,
``colour_bets``, ``props``, ``exotics``, ``vip_cards``); the game
(:mod:`racebook.games.readysetbet`) reads them from its config.
"""

from __future__ import annotations

import attrs

HORSES = ("2/3", "4", "5", "6", "7", "8", "9", "10", "11/12")
"""The nine horses by index."""
BLUE, ORANGE, RED, SEVEN = (0, 1, 7, 8), (2, 6), (3, 5), 4
"""Horse colours: blue 2/3, 4, 10, 11/12; orange 5, 9; red 6, 8 (Ready Set Bet,
獎勵移動); 7, the one left, is black."""


@attrs.frozen
class Rate:
    """A betting spot's multiplier and red-circle loss (0: no circle).  As
    JSON (a variant file, a config, the schema): a table of two integers,
    ``{"mult": 4, "loss": 3}`` (the board's "4 to 1, lose 3": the loss is
    written as the money lost, 0 or more, not as the board's -3); anything
    else is refused with a :class:`~racebook.core.errors.ConfigError` naming
    the setting, where in it, and this shape."""

    mult: int
    """What a winning token is multiplied by (0 or more)."""
    loss: int
    """What a losing token costs its owner (the red circle), 0 or more; 0: no circle."""


def _row(show: str, place: str, win: str) -> tuple[tuple[Rate, ...], ...]:
    def rates(text: str) -> tuple[Rate, ...]:
        out = []
        for cell in text.split():
            mult, _, loss = cell.partition("/")
            out.append(Rate(int(mult), -int(loss) if loss and loss != "0" else 0))
        return tuple(out)

    return (rates(show), rates(place), rates(win))


_OUTER = _row("4/-4 4/-3", "5/-4 5/-3", "7/-2 8/-2 9/-2")
_FOURTEN = _row("3/-1 3/0", "4/-1 4/0", "5/-1 6/0 7/0")
_FIVENINE = _row("2/-3 2/0", "2/-2 3/-2", "4/-2 4/0 5/0")
_SIXEIGHT = _row("1/-2 1/0", "2/-5 2/-4", "3/-2 3/-1 3/0")
_SEVEN = _row("1/-3 1/-1", "2/-6 2/-5", "3/-4 3/-3 3/-2")
BOARD: tuple[tuple[tuple[Rate, ...], ...], ...] = (
    _OUTER,
    _FOURTEN,
    _FIVENINE,
    _SIXEIGHT,
    _SEVEN,
    _SIXEIGHT,
    _FIVENINE,
    _FOURTEN,
    _OUTER,
)
"""The betting board per horse: (show x2, place x2, win x3) rates.  Not in the
rulebook's text: four independent fan implementations and a board photo agree,
except on the third win spot of 2/3 and 11/12, 9/-2 here (one source has 9/-3)."""


@attrs.frozen
class ColourBet:
    """A colour bet spot (就馬匹顏色投注): ``name`` (``blue``, ``orange``, ``red``,
    ``7-out``) and its multiplier and red-circle loss."""

    name: str
    rate: Rate


COLOUR_BETS = (
    ColourBet("blue", Rate(5, 1)),
    ColourBet("orange", Rate(3, 1)),
    ColourBet("red", Rate(2, 1)),
    ColourBet("7-out", Rate(4, 0)),
)
"""Colour bets (就馬匹顏色投注): the winner's colour, and "7 finishes 5th or worse"."""


@attrs.frozen
class PropCard:
    """A prop bet (特定主題投注): horse ``ahead`` finishes strictly ahead of every
    horse in ``behind`` (a tie loses)."""

    ahead: int
    behind: tuple[int, ...]
    rate: Rate

    def __str__(self) -> str:
        return f"{HORSES[self.ahead]} > {' & '.join(HORSES[h] for h in self.behind)}"


def _props() -> tuple[PropCard, ...]:
    names = {h: i for i, h in enumerate(HORSES)}
    groups = {"blues": BLUE, "5&9": (2, 6)}
    text = (
        "8>5&9 3/-3; 4>9 2/-1; 8>blues 2/-3; 9>8 2/-1; 5>8 3/-3; 4>5 3/-3; 11/12>8 4/-3; "
        "9>6 3/-3; 9>7 4/-4; 7>blues 2/-6; 2/3>5 2/-1; 10>8 3/-2; 11/12>9 3/-3; 2/3>8 4/-3; "
        "4>6 4/-3; 10>9 2/-1; 5>6 2/-1; 11/12>6 3/-2; 11/12>5 2/-1; 4>8 3/-2; 6>blues 3/-5; "
        "5>7 3/-2; 2/3>9 3/-3; 6>5&9 3/-3; 10>5 3/-3; 2/3>6 3/-2; 10>6 4/-3; 7>5&9 2/-5"
    )
    out = []
    for item in text.split("; "):
        bet, rate = item.split(" ")
        a, b = bet.split(">")
        m, loss = rate.split("/")
        behind = groups.get(b, (names[b],) if b in names else ())
        behind = tuple(h for h in behind if h != names[a])
        out.append(PropCard(names[a], behind, Rate(int(m), -int(loss))))
    return tuple(out)


PROPS = _props()
"""The 28 prop bet cards, from a fan transcription (unverified: the rulebook
describes two in an example, 特定主題投注, and lists none)."""


@attrs.frozen
class ExoticCard:
    """An exotic finish (特別彩池): ``name`` picks the condition; 3 spots, at most
    one token of a player per card."""

    name: str
    rate: Rate


EXOTICS = (
    ExoticCard("by-a-nose", Rate(5, 3)),
    ExoticCard("blow-out", Rate(4, 2)),
    ExoticCard("tight-race", Rate(6, 2)),
    ExoticCard("late-start", Rate(4, 1)),
    ExoticCard("photo-finish", Rate(5, 3)),
)
"""The 5 exotic finish cards, from a fan transcription (unverified):
by a nose (2nd loses by exactly 1), blow out (2nd loses by more than 5),
tight race (every horse moved 6 or more), late start (at least 2 horses moved
3 or fewer), photo finish (3rd loses by 3 or fewer)."""


COLOUR_NAMES = ("blue", "orange", "red", "7-out")
"""The colour bets the rules know (就馬匹顏色投注); a deck may leave some out."""
EXOTIC_NAMES = ("by-a-nose", "blow-out", "tight-race", "late-start", "photo-finish")
"""The exotic finishes the rules know (特別彩池)."""


VIP_KINDS = ("free-chips", "bonus-token", "piggyback", "late-bet", "snake-eyes", "box-cars")
"""Every VIP effect the rulebook names (貴賓牌, 獎勵投注標記, 蛇眼, 柵車)."""


@attrs.frozen
class VipCard:
    """One VIP card (貴賓牌) as data; a deck is a list of these in a variant file.

    ``kind`` says what the card does (``amount``, ``value``, ``loss`` and
    ``shield`` are read by the kinds that need them):

    * ``free-chips``: "打出這張牌以獲得一次性派彩": play it once (the ``Cash`` action)
      during a race to collect ``amount``;
    * ``bonus-token``: a bonus bet token (獎勵投注標記) of value ``value`` for the
      rest of the game; when it loses its owner pays ``loss`` more (its red
      circle); ``shield`` (the 2's Ⓢ): a losing token pays nothing at all,
      neither the spot's loss nor its own ("是不須向供應堆支付任何籌碼的");
    * ``piggyback``: "在另一位玩家的投注標記上放置指定的投注標記": each race
      your token of value ``value`` may go on a spot another player's token
      holds (one extra token a spot);
    * ``late-bet``: "在三匹馬已越過紅線之後仍可以下注": each race, ``amount``
      bets after "no more bets";
    * ``snake-eyes`` / ``box-cars``: collect ``amount`` each time 1+1 / 6+6 is
      rolled.
    """

    name: str
    kind: str
    amount: int = 0
    value: int = 0
    loss: int = 0
    shield: bool = False


def _illustrative_vip() -> tuple[VipCard, ...]:
    cards = [VipCard(f"Free chips ${a}", "free-chips", amount=a) for a in (3, 3, 4, 4, 5, 6)]
    for colour in ("white", "black"):
        for value, loss in ((2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3)):
            cards.append(
                VipCard(
                    f"Bonus token {value} ({colour})",
                    "bonus-token",
                    value=value,
                    loss=loss,
                    shield=value == 2,
                )
            )
    cards += [VipCard(f"Piggyback {v}", "piggyback", value=v) for v in (2, 3, 4, 5)]
    cards += [VipCard("Late bet", "late-bet", amount=1) for _ in range(4)]
    cards += [VipCard("Snake eyes", "snake-eyes", amount=1) for _ in range(3)]
    cards += [VipCard("Box cars", "box-cars", amount=1) for _ in range(3)]
    return tuple(cards)


VIP_CARDS = _illustrative_vip()
"""An **illustrative** VIP deck of 32 cards, *not* the printed texts (which are
not public): 6 free chips ($3-$6), 12 bonus tokens (values 2-7, white and black,
as the fan source has them; their extra losses are invented; the 2s carry the
Ⓢ), 4 piggyback, 4 late bet, 3 snake eyes and 3 box cars ($1 a roll).  Load the
real list with a variant file (``vip_cards``; see the docs)."""

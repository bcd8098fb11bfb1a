"""Force of the Horse card sets for the cost benchmark (make bench) and its
test: random card sets drawn from the whole ability vocabulary, and hostile
ones built to make one action do as much work as the rules allow.

Every set is plain TOML in the documented card format, loaded by
``parse_card_set`` like a user's file."""

from __future__ import annotations

import random
from typing import Any

from racebook.games.forcehorse import abilities as vocab

GOINGS = ("firm", "good", "yielding", "soft")
STYLES = ("nige", "senko", "sashi", "oikomi")


def _q(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_q(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{k} = {_q(v)}" for k, v in value.items()) + "}"


def _table(fields: dict[str, Any]) -> str:
    return "".join(f"{k} = {_q(v)}\n" for k, v in fields.items())


def _condition(rng: random.Random) -> str:
    name = rng.choice(sorted(vocab.CONDITIONS))
    kind = vocab.CONDITIONS[name]
    if kind == "":
        return name
    if kind == "n":
        return f"{name}:{rng.randrange(0, 6)}"
    if kind == "count":  # 401.2b: a zone of the user's (or, opponent., the opponent's)
        whose = rng.choice(("", "opponent."))
        return f"{whose}{name}:{rng.choice(vocab.COUNT_ZONES)},{rng.randrange(0, 12)}"
    words = {
        "going": GOINGS, "surface": ("turf", "dirt"), "style": STYLES, "area": STYLES,
        "distance": ("sprint", "mile", "middle", "long"),
        "racecourse": ("tokyo", "nakayama", "kyoto"),
    }.get(kind)  # fmt: skip
    if words is None:  # a word whose argument this generator does not write
        return "hand-at-least:1"
    return f"{name}:{rng.choice(words)}"


_ONE_SHOT = ("draw", "going", "add-runs", "keep", "farm", "to-hand", "remove", "to-area", "lose")
_PLAYERS = ("draw", "add-runs", "win", "lose", "forbid", "require")


def _effect(rng: random.Random, continuous: bool) -> dict[str, Any]:
    name = rng.choice(vocab.CONTINUOUS if continuous else _ONE_SHOT)
    out: dict[str, Any] = {"effect": name}
    if name in _PLAYERS:
        out["target"] = rng.choice(("you", "opponent"))
        out["amount"] = rng.randrange(0, 4)
        if name == "forbid":
            out["value"] = rng.choice(vocab.FORBIDS)
        if name == "require":
            out["value"] = "ability"
            out["amount"] = rng.randrange(1, 3)
    elif name == "keep":
        out["amount"] = rng.randrange(1, 4)
    elif name == "going":
        out["amount"] = rng.choice((-1, 1))
    else:
        out["target"] = rng.choice(("this", "your-run", "opponent-run", "triggering"))
        if name in ("run", "guard", "cost", "run-set", "guard-set", "style-step"):
            out["amount"] = rng.randrange(-2, 4)
        if name == "style":
            out["value"] = rng.choice(STYLES)
        if name == "favourite":
            out["value"] = rng.choice(GOINGS)
        if name == "to-area":
            out["value"] = rng.choice(("", *STYLES))
        if out["target"] in ("your-run", "opponent-run") and rng.random() < 0.3:
            out["only"] = rng.choice(("style:nige", "run-at-least:3", "favourite-going"))
    if name in vocab.COUNTED_EFFECTS and rng.random() < 0.3:
        out["per"] = rng.choice(vocab.COUNTED)  # amount for each card in a zone (401.2b)
    if continuous and out.get("target") == "triggering":
        out["target"] = "this"
    return out


def _ability(rng: random.Random, kind: str) -> dict[str, Any]:
    """A random ability the loader accepts (drawn again until it does)."""
    from racebook.core.errors import ConfigError
    from racebook.games.forcehorse.abilities import ability_from_data
    from racebook.games.forcehorse.cards import WORDS

    while True:
        data = _draw_ability(rng, kind)
        try:
            ability_from_data("random", kind, 0, data, WORDS)
        except ConfigError:
            continue
        return data


def _draw_ability(rng: random.Random, kind: str) -> dict[str, Any]:
    types = ["auto", "state", "replace", "continuous"]
    if kind == "horse":  # 1101.1: a horse's text is force abilities
        types = ["force"]
    kind_of = rng.choice(types)
    out: dict[str, Any] = {"type": kind_of}
    if kind_of in ("auto", "force") and (kind_of == "auto" or rng.random() < 0.5):
        out["on"] = rng.choice(vocab.TRIGGERS)
        out["whose"] = rng.choice(("yours", "opponents", "any"))
    if kind_of == "replace":
        out["instead"] = rng.choice(vocab.INSTEAD)
        out["whose"] = rng.choice(("yours", "opponents", "any"))
    if kind_of == "state" or rng.random() < 0.3:
        out["when"] = [_condition(rng)]
    continuous = kind_of == "continuous"
    out["do"] = [_effect(rng, continuous) for _ in range(rng.randrange(1, 3))]
    return out


def random_card_set(rng: random.Random, cards: int = 12) -> str:
    """A card set of ``cards`` cards (horses and situation cards) with random
    abilities from the vocabulary, and two 60-card decks of them."""
    text = ['[set]\nname = "random"\n']
    names = []
    for i in range(cards):
        horse = i % 3 != 2
        name = f"R{i}"
        names.append(name)
        card: dict[str, Any] = {"name": name, "kind": "horse" if horse else "support"}
        if horse:
            card |= {
                "cost": rng.randrange(0, 3), "surfaces": ["turf", "dirt"], "distances": ["all"],
                "styles": [rng.choice(STYLES)], "run": rng.randrange(0, 6),
                "guard": rng.randrange(0, 5),
            }  # fmt: skip
        else:
            card |= {"category": "situation", "timing": "situation"}
        text.append("[[card]]\n" + _table(card))
        for _ in range(rng.randrange(1, 3)):
            ability = _ability(rng, card["kind"])
            text.append("[[card.ability]]\n" + _table(ability))
    for deck in ("a", "b"):
        entries: list[Any] = [[n, 3] for n in names]
        entries.append(["Force", 60 - 3 * len(names)])
        text.append(f'[[deck]]\nname = "{deck}"\ncards = {_q(entries)}\n')
    return "\n".join(text)


def hostile_draws(amount: int = 20) -> str:
    """A legal situation card with eight draw replacements, split by whose
    draw it is and by the going so that exactly one applies to any draw (so
    no player is asked), each making the going change and ``amount`` draws
    of the other player: 809.2c stops only the same replacement along one
    chain, so one draw could become ``amount ** 8`` without a bound."""
    steps = {"firm": 1, "good": 1, "yielding": 1, "soft": -3}
    abilities = []
    for whose in ("yours", "opponents"):
        for going in GOINGS:
            target = "opponent" if whose == "yours" else "you"
            abilities.append(
                "[[card.ability]]\n"
                + _table(
                    {
                        "type": "replace",
                        "instead": "draw",
                        "whose": whose,
                        "when": [f"going:{going}"],
                        "do": [
                            {"effect": "going", "amount": steps[going]},
                            {"effect": "draw", "amount": amount, "target": target},
                        ],
                    }
                )
            )
    card = _table(
        {"name": "Ink Well", "kind": "support", "category": "situation", "timing": "situation"}
    )
    deck = '[[deck]]\nname = "a"\ncards = [["Ink Well", 3], ["Force", 57]]\n'
    return '[set]\nname = "hostile-draws"\n[[card]]\n' + card + "".join(abilities) + deck


def hostile_pileup() -> str:
    """A state trigger that holds at every rule check and makes a lasting
    effect each time (806.6a: it waits again after it resolved)."""
    return (
        '[set]\nname = "hostile-pileup"\n'
        '[[card]]\nname = "Treadmill"\nkind = "support"\ncategory = "situation"\n'
        'timing = "situation"\n[[card.ability]]\ntype = "state"\nwhen = ["hand-at-most:99"]\n'
        'do = [{effect = "guard", amount = 1, target = "your-run", only = "run-at-least:1"}]\n'
        '[[deck]]\nname = "a"\ncards = [["Treadmill", 3], ["Force", 57]]\n'
    )


def hostile_delayed() -> str:
    """A state trigger that holds at every rule check and makes a delayed
    trigger each time (806.5): delayed triggers piling up (issue 35)."""
    return (
        '[set]\nname = "hostile-delayed"\n'
        '[[card]]\nname = "Reminder"\nkind = "support"\ncategory = "situation"\n'
        'timing = "situation"\n[[card.ability]]\ntype = "state"\nwhen = ["hand-at-most:99"]\n'
        'do = [{effect = "later", value = "turn-end"}]\nlater = [{effect = "draw"}]\n'
        '[[deck]]\nname = "a"\ncards = [["Reminder", 3], ["Force", 57]]\n'
    )


def hostile_drought() -> str:
    """Every draw replaced by nothing: no player's areas ever empty (902.1),
    so no rule ends the game (issue 35: ``max_turns`` does)."""
    return (
        '[set]\nname = "hostile-drought"\n'
        '[[card]]\nname = "Drought"\nkind = "support"\ncategory = "situation"\n'
        'timing = "situation"\n[[card.ability]]\ntype = "replace"\ninstead = "draw"\n'
        'whose = "any"\ndo = []\n'
        '[[deck]]\nname = "a"\ncards = [["Drought", 3], ["Force", 57]]\n'
    )


def play_set(
    text: str, seed: int, max_actions: int = 2000, replay: list[float] | None = None
) -> tuple[int, float, str]:
    """One random-bot game with ``text``'s cards beside the sample set (its
    first and last decks): (actions, the worst action's CPU seconds,
    how it ended).  A set the loader or the config refuses: (0, 0.0, the
    reason).  With a ``replay`` list, the game's log is replayed too and the
    replay's CPU seconds per log line appended to it (a second replay: the
    first builds the header's game, a card set's parse that a short log's
    few lines would otherwise carry)."""
    import time

    import racebook
    from racebook.agents.base import RandomBot
    from racebook.core.errors import ConfigError
    from racebook.games.forcehorse import parse_card_set, sample_set

    try:
        cards, decks = parse_card_set(text)
        game = racebook.load(
            "forcehorse", cards=(*sample_set()[0], *cards), decks=(decks[0], decks[-1])
        )
    except ConfigError as e:
        return 0, 0.0, f"refused: {e}"
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    worst = 0.0
    n = 0
    while not state.is_over and n < max_actions:
        action = bot.choose(state, state.to_act[0])
        start = time.process_time()
        state.apply(action)
        worst = max(worst, time.process_time() - start)
        n += 1
    if replay is not None:
        text = state.log.dumps()
        racebook.replay(text)  # the header's game, built once and kept
        start = time.process_time()
        racebook.replay(text)
        replay.append((time.process_time() - start) / max(1, text.count("\n")))
    events = state.log.events(None)
    end = "loop draw" if any(e.kind == "loop-draw" for e in events) else "played out"
    return n, worst, end if state.is_over else "stopped"

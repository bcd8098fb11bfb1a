"""Write tests/data/logs-v3/: one log of format 3 per preset, and seat 0's log of it.

Made once, when format 3 was new, and committed: tests/test_untrusted.py checks
that each still replays to the same digests, re-dumps to the same text and
tells seat 0 the same story.  Do not regenerate them to make a test pass (that
would hide a change in the rules or the format); a new format version gets
its own folder.

    PYTHONPATH=src python tests/data/make_logs_v3.py
"""

from __future__ import annotations

from pathlib import Path

import racebook
from racebook.agents.base import RandomBot

OUT = Path(__file__).parent / "logs-v3"
SEED = 3


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name in sorted(racebook.presets()):
        state = racebook.load(name).new_state(seed=SEED)
        bot = RandomBot(SEED)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(bot.choose(state, seat))
        (OUT / f"{name}.jsonl").write_text(state.log.dumps(), encoding="utf-8")
        (OUT / f"{name}.seat0.jsonl").write_text(state.log.for_seat(0), encoding="utf-8")


if __name__ == "__main__":
    main()

"""Write tests/data/logs-vN/ for the current log format N: one log per preset,
and seat 0's log of it.

Made once, when format N was new (logs-v3 to logs-v6 so far), and committed (a preset
added later gets its logs in the format current then: tests/test_untrusted.py
FIRST_FORMAT):
tests/test_untrusted.py checks that each still replays to the same digests,
re-dumps to the same text and tells seat 0 the same story.  Do not regenerate
them to make a test pass (that would hide a change in the rules or the
format): the script refuses a folder that exists; a new format version gets
its own folder.

    PYTHONPATH=src python tests/data/make_logs.py
"""

from __future__ import annotations

from pathlib import Path

import racebook
from racebook.agents.base import RandomBot
from racebook.core.log import VERSION

OUT = Path(__file__).parent / f"logs-v{VERSION}"
SEED = 3


def main() -> None:
    OUT.mkdir()  # FileExistsError: this format's logs are made already
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

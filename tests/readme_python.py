"""The README's Python, as one script (later blocks use earlier imports, as a
reader would).  ``python tests/readme_python.py OUT.py`` writes it so that
``make typecheck`` can run ``mypy --strict`` on it."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def readme_script() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    return "\n".join(blocks)


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(readme_script(), encoding="utf-8")

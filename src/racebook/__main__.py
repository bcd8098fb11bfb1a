"""``python -m racebook``: the ``racebook`` command."""

from racebook.cli import main

if __name__ == "__main__":
    raise SystemExit(main())

"""House-rule plugins named on the ``racebook`` command line (never in a file)."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from racebook.core.errors import RacebookError, clip


class UsageError(RacebookError):
    """A command line the ``racebook`` command cannot run (a plugin that
    cannot be imported, more bots than players)."""


_PLUGIN_TAKES = "--plugin takes a module name (house_rules) or a .py file (path/to/house_rules.py)"
_PLUGIN_HINT = (
    "import the house rule that defines it with --plugin: a module name "
    "(--plugin house_rules, found from the current folder) or a file "
    "(--plugin path/to/house_rules.py)"
)

# --- plugins: house-rule modules named on the command line (never in a file) ---

_IMPORTED: dict[str, ModuleType] = {}


def _is_path(spec: str) -> bool:
    return spec.endswith(".py") or "/" in spec or os.sep in spec


def import_plugin(spec: str) -> ModuleType:
    """Import a plugin named on the command line: a module name
    (``house_rules``, looked up from the current folder first) or the path of
    a ``.py`` file (``path/to/house_rules.py``).  Importing it runs its
    ``register_rule`` calls.  Each plugin is imported once; one that cannot be
    imported is a :class:`UsageError` (an error raised by the plugin's own code
    is not caught: its traceback shows where)."""
    shown = clip(spec, 200)
    if _is_path(spec):
        path = Path(spec)
        key = str(path.resolve())
        if key in _IMPORTED:
            return _IMPORTED[key]
        if path.suffix != ".py" or not path.is_file():
            what = "no such file" if path.suffix == ".py" else "not a .py file"
            raise UsageError(f"--plugin {shown}: {what}; {_PLUGIN_TAKES}")
        name = f"racebook_plugin_{len(_IMPORTED)}_{re.sub(r'[^0-9A-Za-z_]', '_', path.stem)}"
        found = importlib.util.spec_from_file_location(name, path)
        if found is None or found.loader is None:  # pragma: no cover (a .py file loads)
            raise UsageError(f"--plugin {shown}: cannot be imported")
        module = importlib.util.module_from_spec(found)
        sys.modules[name] = module  # attrs and typing look classes' modules up here
        try:
            found.loader.exec_module(module)
        except (ImportError, SyntaxError) as exc:
            del sys.modules[name]
            raise UsageError(f"--plugin {shown}: {clip(str(exc))}") from None
        except BaseException:
            del sys.modules[name]
            raise
        _IMPORTED[key] = module
        return module
    if spec in _IMPORTED:
        return _IMPORTED[spec]
    if not all(part.isidentifier() for part in spec.split(".")):
        raise UsageError(f"--plugin {shown}: {_PLUGIN_TAKES}")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # like `python -m`: the current folder first
    try:
        module = importlib.import_module(spec)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (spec == exc.name or spec.startswith(exc.name + ".")):
            raise UsageError(
                f"--plugin {shown}: no such module in the current folder or installed; "
                f"{_PLUGIN_TAKES}"
            ) from None
        raise UsageError(f"--plugin {shown}: {clip(str(exc))}") from None
    except (ImportError, SyntaxError) as exc:
        raise UsageError(f"--plugin {shown}: {clip(str(exc))}") from None
    _IMPORTED[spec] = module
    return module


def _plugins(args: argparse.Namespace) -> None:
    for spec in getattr(args, "plugin", None) or []:
        import_plugin(spec)


def _plugins_in(argv: Sequence[str]) -> list[str]:
    """The ``--plugin`` values of a command line, read before the parser is
    built so that games and presets a plugin registers are valid choices."""
    found: list[str] = []
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--plugin" and i + 1 < len(argv):
            found.append(argv[i + 1])
        elif arg.startswith("--plugin="):
            found.append(arg.split("=", 1)[1])
    return found


def _unknown_rule(exc: RacebookError) -> str | None:
    """The message of an error about a rule module nobody registered, pointing
    to ``--plugin``; ``None`` for any other error."""
    text = str(exc)
    if "unknown rule module" not in text:
        return None
    from racebook.variants import rule_names

    known = ", ".join(rule_names()) or "none"
    hint = f"{_PLUGIN_HINT} (registered now: {known})"
    told = re.sub(r"register it with \S+ before loading \(known: .*\)$", hint, text)
    return told if told != text else f"{text}; {hint}"

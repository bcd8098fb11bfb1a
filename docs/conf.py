"""Sphinx configuration for racebook's docs (built with warnings as errors,
every cross-reference checked: ``sphinx-build -n -W``)."""

import inspect
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # foth_rulemap, render_pictures

project = "racebook"
author = "racebook developers"
copyright = "2026, racebook developers"
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "foth_rulemap",  # docs/foth_rulemap.py: the Force of the Horse rule map's tables
    "render_pictures",  # docs/render_pictures.py: the games' text pictures, from render()
    "refusal_codes",  # docs/refusal_codes.py: the refusal codes page, from the games' tables
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# No "members" default: each automodule in api.rst says what it documents (Sphinx 9
# lets a default "members" override a directive's own list).
autodoc_default_options = {"show-inheritance": False}
exclude_patterns = ["_build"]
html_theme = "alabaster"

# Built nitpicky (sphinx-build -n): every cross-reference must resolve.
# Targets outside these docs: the standard library (no intersphinx: the build
# needs no network) and type variables, which have no page of their own.
nitpick_ignore_regex = [
    ("py:.*", r"(abc|collections\.abc|os|pathlib|random|typing|types)\.\w+"),
    # TypeVars: C (a game's config), S (its state), V (its view), A (its actions),
    # E (an event), T, M, J, R
    ("py:.*", r"(racebook(\.\w+)*\.)?([CTMJRSVAE]|S2)"),
    ("py:class", r"(pyspiel|pettingzoo|gymnasium)(\.\w+)*"),  # the extras' base classes
]

LONG_DEFAULT = 60
"""A default value longer than this (as repr) is shown by its constant's name."""


class _Name:
    """A default value shown as the name of the constant it is, not its repr."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


def short_defaults(app, what, name, obj, options, signature, return_annotation):
    """Show a long default by its constant's name (``board=BOARD``), never its
    value: a config class's signature would otherwise print every card."""
    if not signature or what not in ("class", "function", "method"):
        return None
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    defaults = [p.default for p in sig.parameters.values() if p.default is not p.empty]
    if all(len(repr(d)) <= LONG_DEFAULT for d in defaults):
        return None
    module = sys.modules.get(getattr(obj, "__module__", "") or "")
    constants = {id(v): k for k, v in vars(module).items() if k.isupper()} if module else {}

    def label(value):
        if id(value) in constants:
            return constants[id(value)]
        if isinstance(value, tuple) and value:
            parts = [label(v) for v in value]
            if "..." not in parts:
                return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
        return "..."

    params = []
    for p in sig.parameters.values():
        p = p.replace(annotation=p.empty)  # types are in the description
        if p.default is not p.empty and len(repr(p.default)) > LONG_DEFAULT:
            p = p.replace(default=_Name(label(p.default)))
        params.append(p)
    return str(sig.replace(parameters=params, return_annotation=sig.empty)), return_annotation


def resolve_short_names(app, env, node, contnode):
    """A reference by a short name (``:class:`LogError``` in another module's
    docstring, a method named from a subclass's inherited docstring) goes to the
    one documented racebook object of that name, the nearest to where it is
    written; an ambiguous or unknown name stays a broken reference."""
    from sphinx.util.nodes import make_refnode

    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "").lstrip(".~")
    head, _, last = target.rpartition(".")
    domain = env.get_domain("py")
    kinds = set(domain.objtypes_for_role(node.get("reftype", "obj")) or ())
    found = [
        name
        for name, entry in domain.objects.items()
        if name.startswith("racebook.")
        and name.rpartition(".")[2] == last
        and (not kinds or entry.objtype in kinds)
        and (not head or f".{head}." in f".{name}" or name.startswith(f"{head}."))
    ]
    if not found:
        return None
    here = [x for x in (node.get("py:module"), node.get("py:class")) if x]
    context = ".".join(here).split(".")

    def nearness(name: str) -> int:
        parts = name.split(".")[:-1]
        common = 0
        for a, b in zip(parts, context, strict=False):
            if a != b:
                break
            common += 1
        return common

    best = max(nearness(x) for x in found)
    nearest = [x for x in found if nearness(x) == best]
    if len(nearest) != 1:
        return None
    entry = domain.objects[nearest[0]]
    return make_refnode(
        app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, nearest[0]
    )


def setup(app):
    app.connect("autodoc-process-signature", short_defaults)
    app.connect("missing-reference", resolve_short_names)

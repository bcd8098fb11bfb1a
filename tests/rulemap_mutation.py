"""The Force of the Horse rule map proves itself by mutation
(docs/games/forcehorse-rulemap.rst, "How the map proves itself").

For each implemented entry of docs/games/forcehorse-rulemap.toml, each
function it cites (``module:function`` or ``module:Class.method``) is
mutated, one small semantic change at a time, and the entry's tests are run
against each mutant: a mutant is *killed* when one of them fails (or errors,
or runs more than a few times its normal time).  An entry is proven when
every cited function has at least one mutant killed; a function none of
whose mutants is killed is not shown by the entry's tests (the entry is not
"implemented", or its tests do not test it).

The mutants (a small AST mutator, no dependency): a comparison flipped
(``<`` to ``<=``, ``==`` to ``!=``, ``in`` to ``not in``...), a condition
negated (``if``, ``while``, ``elif``, conditional expressions) or its ``not``
dropped, ``and``/``or`` swapped, ``+``/``-`` swapped (and ``*``, ``//``,
``|``, ``&``), an integer constant plus one, a boolean constant flipped,
``min``/``max`` and ``any``/``all`` swapped, a returned value replaced by
``None``, a statement with an effect dropped (a call, ``x.a = ...``,
``x[k] = ...``, ``+=``, ``del``, ``break``, ``continue``) and, for a function
that returns nothing, its whole body.  Only the lines the entry's tests
execute are mutated (the others cannot be killed): the first, unmutated, run
of the entry's tests records them (and fails the entry when the function is
never reached; the "raise at entry" mutant is not needed).

Everything runs in one pytest session: the entry's test items are collected
once, a mutant is swapped in as the function's ``__code__`` (every
``functools.cache`` of the package emptied), the items are run again
(quietly) and the code restored.

Usage (from the repository root, src on the path)::

    python tests/rulemap_mutation.py                   # every implemented entry
    python tests/rulemap_mutation.py 805.2c-i 303.1    # these entries
    python tests/rulemap_mutation.py --sample 12 --seed 1 --budget 60 --first-kill

Options: ``--max-mutants N`` per function (a seeded sample of them; 0: all),
``--kills K`` (stop a function after K kills; ``--first-kill`` is ``--kills
1``), ``--budget S`` (seconds: no new entry is started after), ``--report
FILE`` (the text report, also printed), ``--json FILE``.  The exit status is
1 when an entry run is not proven.
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib
import inspect
import json
import random
import resource
import signal
import sys
import textwrap
import time
import tomllib
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "docs" / "games" / "forcehorse-rulemap.toml"
PACKAGE = "racebook.games.forcehorse"


# -- the mutants ---------------------------------------------------------------

_COMPARE: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}  # fmt: skip
_BINOP: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult, ast.Mod: ast.FloorDiv, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
}  # fmt: skip
_NAMES = {"min": "max", "max": "min", "any": "all", "all": "any"}
_SYMBOL = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+",
    ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%",
    ast.BitOr: "|", ast.BitAnd: "&",
}  # fmt: skip


@dataclass(frozen=True)
class Mutant:
    index: int
    line: int
    what: str


class _Mutator(ast.NodeTransformer):
    """Numbers every mutation site of a function (on the lines in ``lines``)
    in a fixed order; with ``target`` set, applies that one."""

    def __init__(self, lines: frozenset[int] | None, target: int = -1) -> None:
        self.lines = lines
        self.target = target
        self.sites: list[Mutant] = []

    def _site(self, node: ast.AST, what: str) -> bool:
        line = getattr(node, "lineno", 0)
        if self.lines is not None and line not in self.lines:
            return False
        index = len(self.sites)
        self.sites.append(Mutant(index, line, what))
        return index == self.target

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            new = _COMPARE.get(type(op))
            if new and self._site(node, f"{_SYMBOL[type(op)]} -> {_SYMBOL[new]}"):
                node.ops[i] = new()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        if self._site(node, "and -> or" if isinstance(node.op, ast.And) else "or -> and"):
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and self._site(node, "not x -> x"):
            return node.operand
        return node

    def _negate(self, node: ast.If | ast.While | ast.IfExp, kind: str) -> None:
        if not isinstance(node.test, ast.UnaryOp) and self._site(node, f"{kind} negated"):
            node.test = ast.UnaryOp(ast.Not(), node.test)

    def visit_If(self, node: ast.If) -> ast.AST:
        self.generic_visit(node)
        self._negate(node, "if condition")
        return node

    def visit_While(self, node: ast.While) -> ast.AST:
        self.generic_visit(node)
        self._negate(node, "while condition")
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        self._negate(node, "conditional expression negated")
        return node

    def _op(self, node: ast.BinOp | ast.AugAssign) -> None:
        new = _BINOP.get(type(node.op))
        if new and self._site(node, f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[new]}"):
            node.op = new()

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        self._op(node)
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if isinstance(value, bool):
            if self._site(node, f"{value} -> {not value}"):
                return ast.Constant(not value)
        elif isinstance(value, int) and self._site(node, f"{value} -> {value + 1}"):
            return ast.Constant(value + 1)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in _NAMES:
            new = _NAMES[node.func.id]
            if self._site(node, f"{node.func.id}() -> {new}()"):
                node.func = ast.Name(new, ast.Load())
        return node

    def visit_Return(self, node: ast.Return) -> ast.AST:
        self.generic_visit(node)
        value = node.value
        none = value is None or (isinstance(value, ast.Constant) and value.value is None)
        if not none and self._site(node, "returns None"):
            node.value = ast.Constant(None)
        return node

    def _drop(self, node: ast.stmt, what: str) -> ast.AST:
        if self._site(node, f"drop {what}"):
            return ast.Pass()
        return node

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.value, ast.Constant):
            return node  # a docstring, an ellipsis
        return self._drop(
            node, "the call" if isinstance(node.value, ast.Call) else "the expression"
        )

    def visit_Assign(self, node: ast.Assign) -> ast.AST:
        self.generic_visit(node)
        if all(isinstance(t, (ast.Attribute, ast.Subscript)) for t in node.targets):
            return self._drop(node, "the assignment")
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        self._op(node)
        return self._drop(node, "the augmented assignment")

    def visit_Delete(self, node: ast.Delete) -> ast.AST:
        return self._drop(node, "del")

    def visit_Break(self, node: ast.Break) -> ast.AST:
        return self._drop(node, "break")

    def visit_Continue(self, node: ast.Continue) -> ast.AST:
        return self._drop(node, "continue")

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        node.body = self.visit(node.body)  # not its defaults
        return node

    def visit_arguments(self, node: ast.arguments) -> ast.AST:
        return node  # defaults are evaluated at definition, not in the body

    def mutate_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        node.body = [self.visit(s) for s in node.body]
        returns_value = any(
            isinstance(n, ast.Return) and n.value is not None for n in ast.walk(node)
        ) or any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(node))
        first = node.body[0]
        if not returns_value and self._site_any(first, "drop the whole body (return at entry)"):
            node.body.insert(_docstring_end(node), ast.Return(None))

    def _site_any(self, node: ast.AST, what: str) -> bool:
        index = len(self.sites)
        self.sites.append(Mutant(index, getattr(node, "lineno", 0), what))
        return index == self.target


def _docstring_end(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    first = node.body[0]
    is_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
    return 1 if is_doc and isinstance(first.value.value, str) else 0


def _function_ast(func: types.FunctionType) -> ast.FunctionDef | ast.AsyncFunctionDef:
    code = func.__code__
    source = textwrap.dedent(inspect.getsource(func))
    tree = ast.parse(source)
    node = tree.body[0]
    assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)), func
    ast.increment_lineno(tree, code.co_firstlineno - 1)  # the source starts at its decorators
    node.decorator_list = []
    return node


def sites(func: types.FunctionType, lines: frozenset[int] | None) -> list[Mutant]:
    mutator = _Mutator(lines)
    mutator.mutate_function(_function_ast(func))
    return mutator.sites


def mutant_code(
    func: types.FunctionType, mutant: Mutant, lines: frozenset[int] | None
) -> types.CodeType | None:
    """The code object of ``func`` with ``mutant`` applied (None when it does
    not compile to a code object that can replace the function's)."""
    node = _function_ast(func)
    _Mutator(lines, mutant.index).mutate_function(node)
    original = func.__code__
    body: list[ast.stmt] = [node]
    if original.co_freevars:  # a closure, or a method using super(): the same free names
        outer = ast.FunctionDef(
            name="_mutant_outer",
            args=ast.arguments([], [], None, [], [], None, []),
            body=[
                *(
                    ast.Assign([ast.Name(n, ast.Store())], ast.Constant(None))
                    for n in original.co_freevars
                ),
                node,
            ],
            decorator_list=[],
            returns=None,
        )
        body = [outer]
    module = ast.Module(body=body, type_ignores=[])
    ast.fix_missing_locations(module)
    try:
        compiled = compile(module, original.co_filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    for code in _codes(compiled):
        if code.co_name == original.co_name:  # the function itself comes before what it nests
            if code.co_freevars != original.co_freevars:
                return None
            return code.replace(co_qualname=original.co_qualname)
    return None


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


# -- the functions an entry cites -------------------------------------------------


@dataclass
class Target:
    """What a ``module:name`` reference cites, to mutate: functions (one, or
    a class's own methods), or a module constant (``data``)."""

    functions: list[types.FunctionType] = field(default_factory=list)
    data: Any = None
    module: str = ""
    name: str = ""
    skipped: str = ""
    is_class: bool = False


CLASS_NOT_RUN = "a class none of whose own methods its tests run (cited as a data type)"


def _plain(obj: Any) -> Any:
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    if isinstance(obj, property):
        obj = obj.fget
    if isinstance(obj, functools.cached_property):
        obj = obj.func
    return inspect.unwrap(obj) if callable(obj) else obj


def resolve(ref: str) -> Target:
    """What a ``module:name`` reference names, to mutate."""
    module_name, _, name = ref.partition(":")
    obj: Any = importlib.import_module(module_name)
    if not name:
        return Target(skipped="a module (the functions it holds are cited on their own)")
    parts = name.split(".")
    for part in parts:
        obj = inspect.getattr_static(obj, part) if isinstance(obj, type) else getattr(obj, part)
    obj = _plain(obj)
    if isinstance(obj, types.FunctionType):
        return Target(functions=[obj])
    if isinstance(obj, type):  # its own methods, written in its class body
        methods = []
        home = inspect.getsourcefile(obj)
        for value in vars(obj).values():
            f = _plain(value)
            if isinstance(f, types.FunctionType) and f.__code__.co_filename == home:
                methods.append(f)  # not those attrs or dataclasses write
        if not methods:
            return Target(
                skipped="a class with no methods of its own "
                "(its data is read by the code cited with it)"
            )
        return Target(functions=methods, is_class=True)
    if len(parts) == 1 and isinstance(obj, (tuple, list, frozenset, set, dict, int, str)):
        return Target(data=obj, module=module_name, name=name)
    return Target(skipped=f"not a function ({type(obj).__name__})")


def data_mutants(value: Any) -> list[tuple[str, Any]]:
    """A module constant's mutants: one element (or key) left out, an integer
    plus one, a boolean flipped, a word changed."""
    if isinstance(value, bool):
        return [(f"{value} -> {not value}", not value)]
    if isinstance(value, int):
        return [(f"{value} -> {value + 1}", value + 1)]
    if isinstance(value, str):
        return [(f"{value!r} -> {value + 'x'!r}", value + "x")]
    if isinstance(value, dict):
        return [(f"without key {k!r}", {j: v for j, v in value.items() if j != k}) for k in value]
    items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else list(value)
    out = []
    for i, item in enumerate(items):
        rest = items[:i] + items[i + 1 :]
        out.append((f"without {item!r}", type(value)(rest)))
    return out


def _bindings(name: str, value: Any) -> list[Any]:
    """Every racebook module with this constant under its name (imported)."""
    return [
        module
        for key, module in list(sys.modules.items())
        if (key == "racebook" or key.startswith("racebook."))
        and vars(module).get(name, None) is value
    ]


def _caches() -> list[Any]:
    out = []
    for name, module in list(sys.modules.items()):
        if name == PACKAGE or name.startswith(PACKAGE + "."):
            for value in vars(module).values():
                if hasattr(value, "cache_clear") and getattr(value, "__module__", "") == name:
                    out.append(value)
    return out


# -- the run --------------------------------------------------------------------


def load_map() -> dict[str, dict[str, Any]]:
    with MAP.open("rb") as f:
        return tomllib.load(f)


def implemented(rulemap: dict[str, dict[str, Any]]) -> list[str]:
    return [n for n, e in rulemap.items() if "status" not in e and e.get("code")]


@dataclass
class FunctionResult:
    ref: str
    skipped: str = ""
    constant: bool = False
    reached: bool = False
    lines: int = 0
    sites: int = 0
    tried: int = 0
    killed: int = 0
    killed_by: list[str] = field(default_factory=list)
    survivors: list[str] = field(default_factory=list)

    @property
    def proven(self) -> bool:
        return bool(self.skipped) or self.killed > 0


@dataclass
class EntryResult:
    number: str
    tests: int = 0
    problem: str = ""
    functions: list[FunctionResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def proven(self) -> bool:
        """Every cited function has a mutant killed (a class whose methods
        run counts as its functions); an entry citing constants only, one
        of them.  A constant's surviving mutants are reported, not failed
        (a word list read once at import, to build others, cannot be
        mutated from outside)."""
        mutated = [f for f in self.functions if not f.skipped]
        functions = [f for f in mutated if not f.constant]
        if self.problem or not mutated:
            return False
        if functions:
            return all(f.killed for f in functions)
        return any(f.killed for f in mutated)


class _Timeout(BaseException):
    pass


def _alarm(signum: int, frame: types.FrameType | None) -> None:
    """Stops a mutant that runs too long: raised in racebook's code only (a
    runaway loop is there; an exception raised in pytest's own work, say
    while it compiles, can break it); else the timer tries again."""
    while frame is not None:
        if "/racebook/" in frame.f_code.co_filename:
            raise _Timeout("the mutant ran too long")
        frame = frame.f_back


class MutationPlugin:
    """A pytest plugin: replaces the run loop by the mutation of each entry."""

    def __init__(
        self, entries: list[tuple[str, dict[str, Any]]], options: argparse.Namespace
    ) -> None:
        self.entries = entries
        self.options = options
        self.results: list[EntryResult] = []
        self.started = time.monotonic()

    def _run(self, items: list[Any], limit: float | None = None) -> bool:
        """Runs the items quietly; True when they all pass."""
        from _pytest.runner import runtestprotocol

        for item in items:
            if limit is not None:  # again every second, should a test catch the first
                signal.setitimer(signal.ITIMER_REAL, limit, 1.0)
            try:
                reports = runtestprotocol(item, log=False, nextitem=None)
            except (_Timeout, Exception):  # pytest broken by the mutant: killed
                return False
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if any(r.failed for r in reports):
                return False
        return True

    def _traced(
        self, items: list[Any], codes: set[types.CodeType]
    ) -> tuple[bool, dict[types.CodeType, set[int]]]:
        seen: dict[types.CodeType, set[int]] = {c: set() for c in codes}

        def local(frame: types.FrameType, event: str, arg: object) -> Any:
            if event == "line":
                seen[frame.f_code].add(frame.f_lineno)
            return local

        def tracer(frame: types.FrameType, event: str, arg: object) -> Any:
            if frame.f_code in seen:
                seen[frame.f_code].add(frame.f_lineno)
                return local
            return None

        sys.settrace(tracer)
        try:
            ok = self._run(items)
        finally:
            sys.settrace(None)
        return ok, seen

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: Any) -> bool:
        signal.signal(signal.SIGALRM, _alarm)
        # a mutant that makes a list grow without end: a MemoryError (killed)
        # rather than the machine's memory
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            resource.setrlimit(resource.RLIMIT_AS, (self.options.memory << 20, hard))
        by_id = {item.nodeid: item for item in session.items}
        caches = _caches()
        for number, entry in self.entries:
            if self.options.budget and time.monotonic() - self.started > self.options.budget:
                break
            self.results.append(self._entry(number, entry, by_id, caches))
            _print_entry(self.results[-1], sys.stderr if self.options.quiet else sys.stdout)
        return True

    def _entry(
        self, number: str, entry: dict[str, Any], by_id: dict[str, Any], caches: list[Any]
    ) -> EntryResult:
        result = EntryResult(number)
        start = time.monotonic()
        items = [
            item
            for ref in entry.get("tests", [])
            for nodeid, item in by_id.items()
            if nodeid == ref or nodeid.startswith(ref + "[")
        ]
        result.tests = len(items)
        if not items:
            result.problem = (
                "no test to run" if not entry.get("tests") else "its tests were not collected"
            )
            return result
        targets = [(FunctionResult(ref), resolve(ref)) for ref in entry["code"]]
        result.functions = [fr for fr, _ in targets]
        if all(target.skipped for _, target in targets):
            result.problem = "it cites no function or constant to mutate"
            for fr, target in targets:
                fr.skipped = target.skipped
            return result
        nested: dict[types.CodeType, types.FunctionType] = {}
        for _, target in targets:
            for func in target.functions:
                nested.update((code, func) for code in _codes(func.__code__))
        t0 = time.monotonic()
        ok, seen = self._traced(items, set(nested))
        elapsed = time.monotonic() - t0
        if not ok:
            result.problem = "its tests fail without any mutant"
            return result
        limit = max(3.0, 4 * elapsed + 1.0)
        rng = random.Random(f"{self.options.seed}:{number}")
        for fr, target in targets:
            if target.skipped:
                fr.skipped = target.skipped
                continue
            swaps: list[tuple[str, Callable[[], Callable[[], None]]]] = []
            if target.functions:
                for func in target.functions:
                    lines = frozenset(
                        line for code, root in nested.items() if root is func for line in seen[code]
                    ) - {func.__code__.co_firstlineno}
                    fr.lines += len(lines)
                    fr.reached = fr.reached or bool(lines) or bool(seen[func.__code__])
                    if not lines:
                        continue
                    prefix = f"{func.__name__}, " if len(target.functions) > 1 else ""
                    for mutant in sites(func, lines):
                        swaps.append(
                            (
                                f"{prefix}line {mutant.line}: {mutant.what}",
                                _code_swap(func, mutant, lines),
                            )
                        )
                if not fr.reached:
                    if target.is_class:
                        fr.skipped = CLASS_NOT_RUN
                    continue
            else:
                fr.reached = fr.constant = True  # read, or its mutants are not killed
                for what, value in data_mutants(target.data):
                    swaps.append((what, _data_swap(target.name, target.data, value)))
            fr.sites = len(swaps)
            if self.options.max_mutants and len(swaps) > self.options.max_mutants:
                swaps = rng.sample(swaps, self.options.max_mutants)
            for described, swap in swaps:
                for cache in caches:
                    cache.cache_clear()
                restore = swap()
                if restore is _NO_MUTANT:
                    continue
                fr.tried += 1
                try:
                    passed = self._run(items, limit)
                finally:
                    restore()
                    for cache in caches:
                        cache.cache_clear()
                if passed:
                    fr.survivors.append(described)
                else:
                    fr.killed += 1
                    fr.killed_by.append(described)
                    if self.options.kills and fr.killed >= self.options.kills:
                        break
        result.seconds = time.monotonic() - start
        return result


def _NO_MUTANT() -> None:
    """What a swap returns when its mutant does not compile."""


def _code_swap(
    func: types.FunctionType, mutant: Mutant, lines: frozenset[int]
) -> Callable[[], Callable[[], None]]:
    def swap() -> Callable[[], None]:
        code = mutant_code(func, mutant, lines)
        if code is None:
            return _NO_MUTANT
        original = func.__code__
        func.__code__ = code

        def restore() -> None:
            func.__code__ = original

        return restore

    return swap


def _data_swap(name: str, value: Any, mutant: Any) -> Callable[[], Callable[[], None]]:
    def swap() -> Callable[[], None]:
        modules = _bindings(name, value)
        for module in modules:
            setattr(module, name, mutant)

        def restore() -> None:
            for module in modules:
                setattr(module, name, value)

        return restore

    return swap


def _print_entry(result: EntryResult, out: Any) -> None:
    verdict = "proven" if result.proven else "NOT PROVEN"
    print(
        f"{result.number}: {verdict} ({result.tests} test items, {result.seconds:.1f}s)", file=out
    )
    if result.problem:
        print(f"    {result.problem}", file=out)
    for fr in result.functions:
        if fr.skipped:
            print(f"    {fr.ref}: skipped, {fr.skipped}", file=out)
        elif not fr.reached:
            print(f"    {fr.ref}: NOT REACHED by the entry's tests", file=out)
        else:
            print(
                f"    {fr.ref}: {fr.killed}/{fr.tried} killed "
                f"({fr.lines} lines run, {fr.sites} sites)",
                file=out,
            )
            if fr.killed_by:
                print(f"        killed: {fr.killed_by[0]}", file=out)
            if not fr.killed:
                for s in fr.survivors[:3]:
                    print(f"        survived: {s}", file=out)
    out.flush()


def report(results: list[EntryResult], seconds: float) -> str:
    lines = ["Force of the Horse rule map: mutation of the cited functions", ""]
    proven = [r for r in results if r.proven]
    functions = [f for r in results for f in r.functions]
    lines.append(
        f"{len(results)} entries run in {seconds:.0f}s: {len(proven)} proven, "
        f"{len(results) - len(proven)} not proven; {len(functions)} cited functions, "
        f"{sum(1 for f in functions if f.killed)} with a mutant killed, "
        f"{sum(1 for f in functions if f.skipped)} not functions"
    )
    failed = [r for r in results if not r.proven]
    if failed:
        lines.append("not proven: " + ", ".join(r.number for r in failed))
    lines.append("")
    for r in results:
        lines.append(f"{r.number}: {'proven' if r.proven else 'NOT PROVEN'} ({r.tests} test items)")
        if r.problem:
            lines.append(f"    {r.problem}")
        for f in r.functions:
            if f.skipped:
                lines.append(f"    {f.ref}: skipped, {f.skipped}")
            elif not f.reached:
                lines.append(f"    {f.ref}: NOT REACHED by the entry's tests")
            else:
                lines.append(
                    f"    {f.ref}: {f.killed}/{f.tried} killed "
                    f"({f.sites} sites on {f.lines} lines run)"
                )
                if f.killed_by:
                    lines.append(f"        killed e.g. {f.killed_by[0]}")
                for s in f.survivors[: 3 if not f.killed else 1]:
                    lines.append(f"        survived e.g. {s}")
    return "\n".join(lines) + "\n"


def select(rulemap: dict[str, dict[str, Any]], options: argparse.Namespace) -> list[str]:
    numbers = implemented(rulemap)
    if options.entries:
        unknown = [n for n in options.entries if n not in rulemap]
        if unknown:
            raise SystemExit(f"no such entries: {unknown}")
        return list(options.entries)
    if options.sample:
        numbers = random.Random(options.seed).sample(numbers, min(options.sample, len(numbers)))
    return numbers


def main(argv: list[str] | None = None, run: Callable[..., int] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "entries", nargs="*", help="rule numbers (default: every implemented entry)"
    )
    parser.add_argument(
        "--sample", type=int, default=0, help="a seeded sample of this many entries"
    )
    parser.add_argument("--seed", default="1", help="the sample's seed (and the mutants')")
    parser.add_argument(
        "--budget", type=float, default=0, help="start no entry after so many seconds"
    )
    parser.add_argument("--max-mutants", type=int, default=0, help="per function (0: every one)")
    parser.add_argument("--kills", type=int, default=0, help="stop a function after so many kills")
    parser.add_argument("--first-kill", action="store_const", const=1, dest="kills")
    parser.add_argument("--report", type=Path, help="write the report here")
    parser.add_argument("--json", type=Path, help="write the results here as JSON")
    parser.add_argument("--quiet", action="store_true", help="progress to stderr")
    parser.add_argument("--memory", type=int, default=4096, help="address space limit, MiB")
    parser.add_argument(
        "--pending", default="", help="entries being changed elsewhere: run, not failed (N,N)"
    )
    options = parser.parse_args(argv)
    rulemap = load_map()
    numbers = select(rulemap, options)
    entries = [(n, rulemap[n]) for n in numbers]
    plugin = MutationPlugin(entries, options)
    tests = sorted({t.split("::")[0] for _, e in entries for t in e.get("tests", [])})
    started = time.monotonic()
    (run or pytest.main)(
        [
            *tests,
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "--no-header",
            "-o",
            "addopts=",
        ],
        plugins=[plugin],
    )
    text = report(plugin.results, time.monotonic() - started)
    print(text)
    if options.report:
        options.report.parent.mkdir(parents=True, exist_ok=True)
        options.report.write_text(text, encoding="utf-8")
    if options.json:
        options.json.parent.mkdir(parents=True, exist_ok=True)
        options.json.write_text(
            json.dumps(
                [
                    {
                        "number": r.number,
                        "proven": r.proven,
                        "problem": r.problem,
                        "functions": [vars(f) for f in r.functions],
                    }
                    for r in plugin.results
                ],
                indent=1,
            ),
            encoding="utf-8",
        )
    pending = set(filter(None, options.pending.split(",")))
    failed = [r.number for r in plugin.results if not r.proven and r.number not in pending]
    return 0 if plugin.results and not failed else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    sys.exit(main())

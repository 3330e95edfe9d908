"""The one wall: no module outside `bot/runtime/` reaches under discord.py, SQLAlchemy or
aiohttp. Read from the source (no import needed):

- no import of a private name (`_x`), of a private module, or of a module the library keeps
  for itself (`INTERNAL`);
- in a module that imports one of the three libraries, no attribute `._x` of another object
  that the library defines (`it._state`, `conn._has_events`), read directly or by `getattr`
  (such a module reads no other object's private parts, ours included);
- in a class built on a library class, no `self._x` of the library's (a private hook).

A name is the library's when its own source defines it (a function, class, attribute or
slot). `_replace`, `_asdict`, `_fields` and `_make` are named tuples' public API."""

from __future__ import annotations

import ast
import functools
import importlib.util
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIBRARIES = ("discord", "sqlalchemy", "aiohttp")
#: Where the wall is, and what it guards.
WALL = ROOT / "bot" / "runtime"
PACKAGES = ("bot", "engine", "render", "bench")
#: Modules the libraries keep for themselves (not in their documented API).
INTERNAL = (
    "discord.http",
    "discord.gateway",
    "discord.state",
    "discord.shard",
    "discord.webhook.async_",
    "discord.utils.MISSING",
    "sqlalchemy.connectors",
    "sqlalchemy.util",
    "sqlalchemy.engine.default",
    "sqlalchemy.dialects.sqlite.pysqlite",
    "sqlalchemy.dialects.sqlite.aiosqlite",
    "sqlalchemy.dialects.postgresql.asyncpg",
    "aiohttp.client_reqrep",
    "aiohttp.helpers",
    "aiohttp.http_writer",
)
PUBLIC_UNDERSCORE = {"_replace", "_asdict", "_fields", "_make"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _defined(tree: ast.AST) -> Iterator[str]:
    """Every private name a source defines: functions, classes, attributes, slots."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            yield node.attr
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            yield node.id
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.isidentifier()
        ):
            yield node.value


def _private_names(files: Iterator[Path]) -> frozenset[str]:
    names: set[str] = set()
    for path in files:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        names.update(n for n in _defined(tree) if _private(n))
    return frozenset(names)


@functools.cache
def library_names() -> frozenset[str]:
    files: list[Path] = []
    for library in LIBRARIES:
        spec = importlib.util.find_spec(library)
        assert spec is not None and spec.origin is not None, library
        files += Path(spec.origin).parent.rglob("*.py")
    return _private_names(iter(files))


def our_files() -> list[Path]:
    return [
        path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if WALL not in path.parents
    ]


def _library(module: str) -> bool:
    return module.split(".")[0] in LIBRARIES


def _internal(dotted: str) -> bool:
    parts = dotted.split(".")
    if any(_private(p) for p in parts[1:]):
        return True
    return any(dotted == m or dotted.startswith(m + ".") for m in INTERNAL)


def _library_classes(tree: ast.Module) -> set[str]:
    """The local names a module gives the libraries and their classes."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names if _library(a.name))
        elif isinstance(node, ast.ImportFrom) and node.module and _library(node.module):
            names.update(a.asname or a.name for a in node.names)
    return names


def _base_names(node: ast.ClassDef) -> Iterator[str]:
    for base in node.bases:
        while isinstance(base, ast.Attribute):
            base = base.value  # type: ignore[assignment]
        if isinstance(base, ast.Name):
            yield base.id


def breaches(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _library(alias.name) and _internal(alias.name):
                    yield f"{where}:{node.lineno} imports {alias.name}"
        elif isinstance(node, ast.ImportFrom) and node.module and _library(node.module):
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                if _private(alias.name) or _internal(node.module) or _internal(dotted):
                    yield f"{where}:{node.lineno} imports {dotted}"
    imported = _library_classes(tree)
    if not imported:
        return
    theirs = library_names() - PUBLIC_UNDERSCORE
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in theirs:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                yield f"{where}:{node.lineno} reads .{node.attr}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) > 1:
                name = node.args[1]
                if isinstance(name, ast.Constant) and name.value in theirs:
                    yield f"{where}:{node.lineno} {node.func.id}(..., {name.value!r})"
        elif isinstance(node, ast.ClassDef) and imported & set(_base_names(node)):
            mine = set(_defined(node))
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Attribute)
                    and isinstance(inner.value, ast.Name)
                    and inner.value.id == "self"
                    and _private(inner.attr)
                    and inner.attr in library_names()
                    and inner.attr not in mine
                ):
                    yield f"{where}:{inner.lineno} {node.name} uses self.{inner.attr}"


def test_nothing_outside_the_wall_names_a_librarys_private_parts():
    found = [b for path in our_files() for b in breaches(path)]
    assert found == [], "\n".join(found)


def test_the_check_finds_what_it_looks_for(tmp_path, monkeypatch):
    """A module that does each forbidden thing is caught, once per thing. (It is written
    outside the source tree: the tests that read every module of bot/ may be running.)"""
    bad = tmp_path / "_wall_probe.py"
    source = (
        "import discord\n"
        "from discord.http import Route\n"
        "from sqlalchemy.util.concurrency import await_only\n"
        "from aiohttp import _private_thing\n"
        "def f(it, user):\n"
        "    it._state.http\n"
        "    return getattr(user, '_roles', ())\n"
        "class Lazy(discord.Interaction):\n"
        "    def g(self):\n"
        "        return self._from_data\n"
    )
    bad.write_text(source)
    found = sorted(breaches(bad), key=lambda b: int(b.split(":")[1].split()[0]))
    assert len(found) == 6, found
    assert [f.split(" ", 1)[1] for f in found] == [
        "imports discord.http.Route",
        "imports sqlalchemy.util.concurrency.await_only",
        "imports aiohttp._private_thing",
        "reads ._state",
        "getattr(..., '_roles')",
        "Lazy uses self._from_data",
    ]

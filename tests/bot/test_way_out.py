"""The way out, one way: what a turn message says is built by one pure module
(bot/discord/turn_message.py, with the pure formatting it uses), the publisher
(bot/discord/publish.py) sends it, and the cogs call the publisher. Read from the source's
imports: the builder reaches nothing that talks to Discord, reads the service or draws; it never
imports the publisher or a cog; no module of bot/discord imports a cog but the client that loads
them; and no button class reaches a cog through the client (its route gives it its handler)."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.discord.client import BoardroomBot
from bot.discord.cog import Cog
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.watch_buttons import WATCH_ITEMS

ROOT = Path(__file__).resolve().parents[2]
DISCORD = ROOT / "bot" / "discord"
BUILDER = "bot.discord.turn_message"
PUBLISHER = "bot.discord.publish"
CLIENT = "bot.discord.client"
#: What does I/O, or reads the service, or draws: the builder must reach none of it.
DOING = (
    "bot.runtime.discord_http",
    "bot.runtime.inline_sqlite",
    "bot.discord.checks",
    "bot.discord.client",
    "bot.discord.presses",
    "bot.service",
    "bot.db",
    "bot.catalog",
    "bot.render_pool",
    "sqlalchemy",
)


def _module_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


@functools.cache
def _path_of(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def _type_only(tree: ast.Module) -> set[ast.AST]:
    """The statements under `if TYPE_CHECKING:`."""
    return {
        inner
        for node in tree.body
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING"
        for stmt in node.body
        for inner in ast.walk(stmt)
    }


@functools.cache
def imports(path: Path, typing: bool = True) -> frozenset[str]:
    """Every module `path` imports (`from bot.runtime import discord_http` counts as
    bot.runtime.discord_http); `typing=False`: only those imported at run time, not the ones under
    `if TYPE_CHECKING:` (named in type hints alone)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text())
    skip = set() if typing else _type_only(tree)
    for node in ast.walk(tree):
        if node in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            for alias in node.names:
                if _path_of(f"{node.module}.{alias.name}") is not None:
                    found.add(f"{node.module}.{alias.name}")
    return frozenset(found)


def reached(module: str) -> set[str]:
    """The modules of this repository `module` loads, directly or not (with their packages:
    importing bot.service.drafts runs bot/service/__init__.py): run-time imports only."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        path = _path_of(current)
        if path is None:
            continue
        for name in imports(path, typing=False):
            parts = name.split(".")
            for n in range(1, len(parts) + 1):
                todo.append(".".join(parts[:n]))
    return {m for m in seen if _path_of(m) is not None}


@functools.cache
def cogs() -> frozenset[str]:
    """The command areas: the modules of bot/discord that define a `Cog`."""
    found = set()
    for path in DISCORD.glob("*.py"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef) and any(
                isinstance(base, ast.Name) and base.id == "Cog" for base in node.bases
            ):
                found.add(_module_of(path))
    return frozenset(found)


def _within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def test_the_cogs_are_found() -> None:
    assert {"bot.discord.play", "bot.discord.lobby", "bot.discord.watching"} <= cogs()


def test_the_builder_reaches_nothing_that_does_io() -> None:
    assert imports(_path_of(BUILDER), typing=False) == imports(_path_of(BUILDER))  # type: ignore[arg-type]
    reach = reached(BUILDER)
    assert "bot.discord.turn_text" in reach and "bot.discord.turn_menus" in reach
    assert sorted(m for m in reach if _within(m, DOING)) == []
    assert PUBLISHER not in reach and "bot.discord.private_dms" not in reach
    assert sorted(reach & cogs()) == []


def test_the_builder_imports_no_io_when_loaded() -> None:
    """The same, as Python loads it: a fresh interpreter importing the builder has loaded
    none of the modules that talk to Discord, read the service or draw."""
    code = f"import sys, {BUILDER}; print('\\n'.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert BUILDER in loaded
    assert sorted(m for m in loaded if _within(m, DOING)) == []
    assert sorted(m for m in loaded if m in cogs() or m == PUBLISHER) == []


def test_the_builder_is_synchronous() -> None:
    """Nothing to await in the builder: it builds, the publisher sends."""
    tree = ast.parse(_path_of(BUILDER).read_text())  # type: ignore[union-attr]
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.AsyncFunctionDef | ast.Await)]


def test_the_publisher_imports_no_cog() -> None:
    """At run time; in type hints it names the client it is given (`bot: BoardroomBot`)."""
    reach = reached(PUBLISHER)
    assert BUILDER in reach
    assert sorted(reach & cogs()) == []
    assert not imports(_path_of(PUBLISHER)) & cogs()  # type: ignore[arg-type]


def test_only_the_client_imports_the_cogs() -> None:
    found = []
    for path in sorted(DISCORD.glob("*.py")):
        module = _module_of(path)
        if module == CLIENT:
            continue
        found += [f"{module} -> {m}" for m in sorted(imports(path) & cogs()) if m != module]
    assert found == []


def test_no_button_reaches_a_cog_through_the_client() -> None:
    """A press's item calls the handler its route gave it (`Router.add`, by the cog)."""
    for name in ("components", "watch_buttons", "event_buttons", "items"):
        source = (DISCORD / f"{name}.py").read_text()
        assert ".client" not in source and "get_cog" not in source, name


def test_every_button_is_routed_to_a_cog_by_the_client() -> None:
    """The real client, its cogs registered: each item class has one route, to a cog's method.
    (Its app stands in: building the client reads only the shard settings.)"""
    settings = SimpleNamespace(shard_count=None, shard_id_list=lambda: None)
    app: Any = SimpleNamespace(settings=settings, service=SimpleNamespace())
    router = BoardroomBot(app).router
    names = sorted(cls.__name__ for cls in router.items)
    assert names == sorted(cls.__name__ for cls in (*DYNAMIC_ITEMS, *WATCH_ITEMS))
    for cls in router.items:
        assert isinstance(getattr(router.handler(cls), "__self__", None), Cog), cls.__name__

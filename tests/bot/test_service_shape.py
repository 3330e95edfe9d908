"""The service's shape: a facade over use-case objects (no mixins), and every SQL statement in
bot/service/queries/ (the use cases call named queries; they build none of their own)."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.service import GameService

SERVICE = Path(__file__).resolve().parents[2] / "bot" / "service"
QUERIES = SERVICE / "queries"

#: What builds SQL, as imported from sqlalchemy (a function, or `func`'s namespace).
BUILDERS = {
    "select",
    "insert",
    "update",
    "delete",
    "text",
    "func",
    "exists",
    "union",
    "union_all",
    "and_",
    "or_",
    "not_",
    "case",
    "bindparam",
    "distinct",
    "literal",
    "literal_column",
    "column",
    "table",
    "tuple_",
    "nullslast",
    "nullsfirst",
    "over",
    "cast",
    "compiles",
    "FunctionElement",
}
#: Methods only a statement under construction has (`values` with arguments: not a dict's;
#: `join` is left out: a string's).
CLAUSES = {
    "where",
    "values",
    "order_by",
    "group_by",
    "having",
    "limit",
    "offset",
    "outerjoin",
    "select_from",
    "returning",
    "with_for_update",
    "execution_options",
    "on_conflict_do_nothing",
    "on_conflict_do_update",
    "scalar_subquery",
    "subquery",
    "correlate",
    "filter_by",
}
#: What runs a statement.
RUNS = {"execute", "scalar", "scalars", "stream", "stream_scalars"}


def _modules() -> list[Path]:
    return sorted(p for p in SERVICE.rglob("*.py") if QUERIES not in p.parents)


def _builds_sql(tree: ast.Module) -> list[str]:
    """Where `tree` builds SQL: a builder imported from sqlalchemy (or used through the
    module), a statement's clause, or an inline statement (or SQL text) run."""
    found: list[str] = []
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sqlalchemy"):
            found += [f"imports {a.name}" for a in node.names if a.name in BUILDERS]
        elif isinstance(node, ast.Import):
            modules |= {a.asname or a.name for a in node.names if a.name.startswith("sqlalchemy")}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        attr, owner = node.func.attr, node.func.value
        if isinstance(owner, ast.Name) and owner.id in modules and attr in BUILDERS:
            found.append(f"line {node.lineno}: {owner.id}.{attr}(")
        elif attr in CLAUSES and (attr != "values" or node.args or node.keywords):
            found.append(f"line {node.lineno}: .{attr}(")
        elif attr in RUNS and node.args:
            statement = node.args[0]
            if isinstance(statement, ast.Constant) and isinstance(statement.value, str):
                found.append(f"line {node.lineno}: .{attr}() of SQL text")
    return found


def test_sql_is_built_only_in_queries() -> None:
    built = {
        str(p.relative_to(SERVICE)): where
        for p in _modules()
        if (where := _builds_sql(ast.parse(p.read_text(), str(p))))
    }
    assert built == {}


def test_the_scan_sees_sql() -> None:
    """(The scan above finds what it looks for.)"""
    source = (
        "from sqlalchemy import select, func\n"
        "import sqlalchemy as sa\n"
        "async def f(s):\n"
        "    await s.execute(select(X).where(X.a == 1))\n"
        "    await s.execute('DELETE FROM x')\n"
        "    await s.scalar(sa.select(func.count()))\n"
    )
    found = _builds_sql(ast.parse(source))
    assert "imports select" in found and "imports func" in found
    assert "line 4: .where(" in found
    assert "line 5: .execute() of SQL text" in found
    assert "line 6: sa.select(" in found
    named = "async def f(s, q):\n    await s.execute(q.LOCK, {'k': 1})\n"
    assert _builds_sql(ast.parse(named)) == []


def test_the_service_is_a_facade_without_mixins() -> None:
    """GameService holds use-case objects; no class of the service builds on another one
    (a use case gets the core and the use cases it needs passed, it does not inherit them)."""
    assert GameService.__mro__ == (GameService, object)
    trees = {p: ast.parse(p.read_text()) for p in sorted(SERVICE.rglob("*.py"))}
    ours = {n.name for t in trees.values() for n in ast.walk(t) if isinstance(n, ast.ClassDef)}
    built_on = {
        f"{p.relative_to(SERVICE)}:{n.name}": based
        for p, t in trees.items()
        for n in ast.walk(t)
        if isinstance(n, ast.ClassDef)
        and (based := [b.id for b in n.bases if isinstance(b, ast.Name) and b.id in ours])
    }
    assert built_on == {}

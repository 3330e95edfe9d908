"""Statements of the hot path, compiled once per dialect and run as their SQL.

A committed decision writes a handful of statements, each a Core statement built once. Even
with its compiled SQL cached, SQLAlchemy's execution of a Core statement (the session's bind,
an execution context, the parameters processed by name, a result object) cost about 0.09 ms of
the bot's CPU per statement against about 0.02 ms for SQLite to run it
(`bench/entries/timed_bot.py`, Mombasa). `Prepared` keeps the Core statement as the one
definition of the SQL and, at execution, puts its parameters in the compiled order, each
through its type's public bind processor (a datetime or JSON on SQLite, as SQLAlchemy would),
and runs the SQL with `Connection.exec_driver_sql` on the transaction's own connection: the
engine's `before_cursor_execute` listeners still see every statement (the benchmarks and tests
count them), and a driver error is raised as SQLAlchemy raises it.

A statement that needs anything else at execution (a Python-side column default for a key not
given, RETURNING, an IN list expanded at execution) runs through SQLAlchemy as before: `run`
and `rows` give the same result either way (tests/bot/test_prepared.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session
from sqlalchemy.sql import Executable

Params = Mapping[str, Any]


@dataclass(frozen=True)
class _Plan:
    sql: str
    #: Per positional parameter: its name, its bind processor (None: as it is), its value when
    #: the statement fixes it (a literal in the WHERE clause).
    binds: tuple[tuple[str, Callable[[Any], Any] | None, Any], ...]
    #: Per column of a SELECT: its type's result processor (None: as the driver gives it).
    results: tuple[Callable[[Any], Any] | None, ...]
    #: False: the statement cannot run on the cursor as it is (SQLAlchemy runs it).
    direct: bool


class Prepared:
    def __init__(self, statement: Executable) -> None:
        self.statement = statement
        self._plans: dict[tuple[str, tuple[str, ...], bool], _Plan] = {}

    def run(self, s: Session | Connection, params: Params | Sequence[Params]) -> int:
        """Execute with `params` (a list of them: executemany); the rows it changed."""
        conn = s.connection() if isinstance(s, Session) else s
        many = not isinstance(params, Mapping)
        first: Params = params[0] if many else params  # type: ignore[index,assignment]
        plan = self._plan(conn, tuple(sorted(first)), many)
        if not plan.direct:
            return conn.execute(self.statement, params).rowcount  # type: ignore[arg-type]
        batch = cast(Sequence[Params], params)
        values: Any = [_values(plan, p) for p in batch] if many else _values(plan, first)
        return self._on_cursor(conn, plan, values, many, lambda result: result.rowcount)

    def rows(self, s: Session | Connection, params: Params) -> list[Sequence[Any]]:
        """The rows a SELECT gives with `params`, each value as SQLAlchemy would give it."""
        conn = s.connection() if isinstance(s, Session) else s
        plan = self._plan(conn, tuple(sorted(params)), False)
        if not plan.direct:
            return list(conn.execute(self.statement, params).tuples())
        raw = self._on_cursor(conn, plan, _values(plan, params), False, _fetch_all)
        if not any(plan.results):
            return raw
        return [
            [v if p is None else p(v) for v, p in zip(row, plan.results, strict=True)]
            for row in raw
        ]

    @staticmethod
    def _on_cursor(
        conn: Connection, plan: _Plan, values: Any, many: bool, outcome: Callable[[Any], Any]
    ) -> Any:
        """Run the compiled SQL as it is (`exec_driver_sql`: the engine's events see it, a
        driver error is raised as SQLAlchemy raises it)."""
        return outcome(conn.exec_driver_sql(plan.sql, values))

    def _plan(self, conn: Connection, keys: tuple[str, ...], many: bool) -> _Plan:
        key = (conn.dialect.name, keys, many)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = _compile(self.statement, conn.dialect, keys, many)
        return plan


def _compile(statement: Executable, dialect: Any, keys: tuple[str, ...], many: bool) -> _Plan:
    compiled = statement.compile(  # type: ignore[attr-defined]
        dialect=dialect, column_keys=list(keys), for_executemany=many
    )
    names = compiled.positiontup
    direct = (
        names is not None
        and not compiled.insert_prefetch
        and not compiled.update_prefetch
        and not compiled.returning
        and not compiled.literal_execute_params
        and not compiled.post_compile_params
        # (a value left out: SQLAlchemy refuses it as it should)
        and all(n in keys or not compiled.binds[n].required for n in names)
    )
    binds = tuple(
        (
            name,
            _bind_processor(compiled.binds[name].type, dialect),
            None if name in keys else compiled.binds[name].effective_value,
        )
        for name in names or ()
    )
    selected = getattr(statement, "selected_columns", None) or ()
    results = tuple(
        column.type.dialect_impl(dialect).result_processor(dialect, None) for column in selected
    )
    return _Plan(compiled.string, binds, results, direct)


def _bind_processor(type_: Any, dialect: Any) -> Callable[[Any], Any] | None:
    return type_.dialect_impl(dialect).bind_processor(dialect)


def _fetch_all(result: Any) -> list[Sequence[Any]]:
    return list(result.tuples())


def _values(plan: _Plan, params: Params) -> tuple[Any, ...]:
    out = []
    for name, process, fixed in plan.binds:
        value = params.get(name, fixed)
        out.append(value if process is None else process(value))
    return tuple(out)

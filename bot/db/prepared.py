"""The writes of the hot path, compiled once per dialect and run as their SQL.

A committed decision writes a handful of statements, each a Core statement built once. Even
with its compiled SQL cached, SQLAlchemy's execution of a Core write (an execution context,
the parameters processed by name) costs about 0.027 ms of the bot's CPU where running its SQL
costs 0.019 (an UPDATE of a game row). `Prepared.run` keeps the Core statement as the one
definition of the SQL and, at execution, puts its parameters in the compiled order, each
through its type's public bind processor (a datetime or JSON on SQLite, as SQLAlchemy would),
and runs the SQL with `Connection.exec_driver_sql` on the transaction's own connection: the
engine's `before_cursor_execute` listeners still see every statement (the benchmarks and tests
count them), and a driver error is raised as SQLAlchemy raises it. A write that needs anything
else at execution (a Python-side column default for a key not given, RETURNING, an IN list
expanded at execution) runs through SQLAlchemy as it is. `Prepared.rows` runs a SELECT through
SQLAlchemy as it is (see there). tests/bot/test_prepared.py: the same rows written and read
either way."""

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
        return self._on_cursor(conn, plan, values)

    def rows(self, s: Session | Connection, params: Params) -> list[Sequence[Any]]:
        """The rows a SELECT gives with `params`. Through SQLAlchemy as it is: it keeps a
        compiled SELECT's result columns and their processors, where rows read back from
        driver SQL have them worked out again for every result (0.09 against 0.06 ms for the
        35 columns of a game and its seats)."""
        conn = s.connection() if isinstance(s, Session) else s
        return list(conn.execute(self.statement, params).tuples())

    @staticmethod
    def _on_cursor(conn: Connection, plan: _Plan, values: Any) -> int:
        """Run the compiled SQL as it is (`exec_driver_sql`: the engine's events see it, a
        driver error is raised as SQLAlchemy raises it)."""
        return conn.exec_driver_sql(plan.sql, values).rowcount

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
    return _Plan(compiled.string, binds, direct)


def _bind_processor(type_: Any, dialect: Any) -> Callable[[Any], Any] | None:
    return type_.dialect_impl(dialect).bind_processor(dialect)


def _values(plan: _Plan, params: Params) -> tuple[Any, ...]:
    out = []
    for name, process, fixed in plan.binds:
        value = params.get(name, fixed)
        out.append(value if process is None else process(value))
    return tuple(out)

"""The real bot with every SQL statement it sends counted (for bench.dispatcher).

    python tests/e2e/launcher.py <port> bench.sql_count:main     # BENCH_SQL_COUNTS=<file>

A SQLAlchemy `before_cursor_execute` listener counts each statement's text (a dict increment:
nothing else is changed in the bot); on SIGUSR1 the counts so far are written to the file
named by BENCH_SQL_COUNTS as JSON `{"at": <time.time()>, "counts": {sql: n}}`. The handler
runs on the main thread once the event loop next wakes (within seconds even when idle)."""

from __future__ import annotations

import json
import os
import signal
import time
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

ENV = "BENCH_SQL_COUNTS"
COUNTS: Counter[str] = Counter()


def _count(
    conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, executemany: bool
) -> None:
    COUNTS[statement] += 1


def _dump(signum: int, frame: FrameType | None) -> None:
    path = Path(os.environ[ENV])
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"at": time.time(), "counts": dict(COUNTS)}))
    tmp.replace(path)


def main() -> None:
    event.listen(Engine, "before_cursor_execute", _count)
    signal.signal(signal.SIGUSR1, _dump)
    from bot.__main__ import main as bot_main

    bot_main()

"""Where the Python processes the tests start (the bot, its render workers, the admin
commands, engine runs under another hash seed) keep their compiled modules: one cache outside
the source tree (`.pytest_cache` is ignored by git). Without one, as with
PYTHONDONTWRITEBYTECODE, each such process compiled its modules from source again: about
0.5 s of CPU for every bot start and as much for its render worker."""

from __future__ import annotations

from collections.abc import MutableMapping
from pathlib import Path
from typing import TypeVar

E = TypeVar("E", bound=MutableMapping[str, str])

ROOT = Path(__file__).resolve().parents[1]
PYCACHE = ROOT / ".pytest_cache" / "pycache"


def cache_compiled(env: E) -> E:
    """`env` for a child process, with compiled modules written to and read from PYCACHE."""
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    return env

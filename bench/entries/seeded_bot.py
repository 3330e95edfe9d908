"""The real bot with its new games' seeds drawn from `BENCH_GAME_SEED` instead of the system's
randomness: a benchmark entry point (`module:func` for tests/e2e/launcher.py), so that two runs,
or two versions side by side (bench.e2e_ab), play the very same games.

This directory holds only entry points for benchmarks: a benchmark puts it on PYTHONPATH after
the checkout it runs, whichever that is (an older one has no such module)."""

from __future__ import annotations

import os
import random


class _Seeds:
    """Stands in for the `secrets` module where the lobby draws a new game's seed."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)


def main() -> None:
    from bot.service import lobby

    lobby.secrets = _Seeds(int(os.environ.get("BENCH_GAME_SEED", "1")))  # type: ignore[assignment]
    from bot.__main__ import main as run

    run()

"""The automatic players decide the same in every process: nothing they do depends on the
order of a set of strings, which Python changes per process (PYTHONHASHSEED)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import hashlib

from engine import registry
from engine.rng import Rng

registry.load_builtin()
title = registry.get({slug!r})
moves = []
for seed, seats in [(s, n) for s in range(3) for n in (2, 3, 4)]:
    state = title.setup(seed, seats, {{}})
    while title.result(state) is None:
        seat = title.prompts(state)[0].seat
        move = title.bot_choice(state, seat, Rng.from_seed(len(moves)))
        moves.append(move)
        title.apply(state, seat, move)
print(len(moves), hashlib.sha256("\\n".join(moves).encode()).hexdigest())
"""


def _start(slug: str, hash_seed: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", PLAY.format(slug=slug)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def _result(proc: subprocess.Popen[str]) -> str:
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    return out.strip()  # how many moves, and a digest of them


@pytest.mark.parametrize("slug", ["tidewater", "benares", "mombasa"])
def test_automatic_players_do_not_depend_on_string_hashing(slug: str) -> None:
    # (the two processes run at once: one per core)
    procs = [_start(slug, seed) for seed in ("1", "2")]
    try:
        runs = {_result(proc) for proc in procs}
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert len(runs) == 1, runs

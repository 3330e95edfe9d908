"""A behaviour fingerprint and CPU totals of the Mombasa automatic player.

    .venv/bin/python -m bench.mombasa_fingerprint [--games 60] [--profile FILE]

Plays full games with the automatic player in every seat (seeds 1..N; 2, 3 and 4 seats in turn;
the `tracks` option alternating random / fixed). At every step it asks the automatic player for
the move of *every* deciding seat (all of them are logged), then applies the first prompt's move.

Prints:
* `fingerprint`: one sha256 over every logged choice and every final result. A speed-up of the
  automatic player or of the rules must leave it unchanged: record it before a change, compare
  after;
* `view`: one sha256 over the public view (`view.build(state, None)`) after every move, for
  changes to view.py;
* the CPU seconds (time.process_time) spent in `bot_choice`, `apply`, `copy` (the host's state
  copy, once per decision) and `view`. The machine's speed drifts by about 10%: compare figures
  taken in the same minute, over two or three runs.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import time
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from engine.mombasa import TITLE
from engine.mombasa.state import State
from engine.rng import Rng

T = TypeVar("T")


class Totals:
    """CPU seconds per engine call, and the hashes."""

    def __init__(self) -> None:
        self.secs = {"bot_choice": 0.0, "apply": 0.0, "copy": 0.0, "view": 0.0}
        self.calls = {k: 0 for k in self.secs}
        self.fingerprint = hashlib.sha256()
        self.view = hashlib.sha256()

    def timed(self, name: str, fn: Callable[..., T], *args: Any) -> T:
        t0 = time.process_time()
        out = fn(*args)
        self.secs[name] += time.process_time() - t0
        self.calls[name] += 1
        return out


def game_setup(seed: int) -> tuple[int, dict[str, str]]:
    """The seat count and options of game `seed`."""
    return 2 + seed % 3, {"tracks": "random" if seed % 2 else "fixed"}


def play(seed: int, tot: Totals) -> None:
    """One full game; its choices, views and result go into the hashes."""
    seats, options = game_setup(seed)
    state: State = TITLE.setup(seed, seats, options)
    rng = Rng.from_seed(seed ^ 0xB07)
    step = 0
    while TITLE.result(state) is None:
        prompts = TITLE.prompts(state)
        moves = []
        for prompt in prompts:
            choice = tot.timed("bot_choice", TITLE.bot_choice, state, prompt.seat, rng)
            moves.append((prompt.seat, choice))
        tot.fingerprint.update(f"{seed}/{step}:{moves!r}\n".encode())
        seat, choice = moves[0]
        state = tot.timed("copy", TITLE.copy, state)
        tot.timed("apply", TITLE.apply, state, seat, choice)
        view = tot.timed("view", TITLE.view, state, None)
        tot.view.update(msgspec.json.encode(view))
        step += 1
    res = TITLE.result(state)
    tot.fingerprint.update(f"{seed}:result:{msgspec.json.encode(res)!r}\n".encode())


def run(games: int) -> Totals:
    tot = Totals()
    for seed in range(1, games + 1):
        play(seed, tot)
    return tot


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--profile", default="", help="write a cProfile dump here (orientation only)")
    args = p.parse_args()
    if args.profile:
        prof = cProfile.Profile()
        tot = prof.runcall(run, args.games)
        prof.dump_stats(args.profile)
    else:
        tot = run(args.games)
    print(f"fingerprint {tot.fingerprint.hexdigest()}")
    print(f"view        {tot.view.hexdigest()}")
    for name, secs in tot.secs.items():
        n = tot.calls[name]
        print(f"{name:11s} {secs:8.3f} s  ({n} calls, {secs / n * 1000:.3f} ms each)")


if __name__ == "__main__":
    main()

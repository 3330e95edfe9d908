"""A behaviour fingerprint and CPU totals of a title's automatic player (Mombasa, Benares).

    .venv/bin/python -m bench.fingerprint [--title mombasa] [--games 60] [--profile FILE]

Plays full games with the automatic player in every seat (seeds 1..N; 2, 3 and 4 seats in turn;
the options alternating: Mombasa's `tracks` random / fixed, Benares' `intertwined_blocks` and
`open_hands` in their four combinations). At every step it asks the automatic player for the
move of *every* deciding seat (all of them are logged), then applies the first prompt's move.

Prints:
* `fingerprint`: one sha256 over every logged choice and every final result. A speed-up of the
  automatic player or of the rules must leave it unchanged: record it before a change, compare
  after;
* `view`: one sha256 over the public view after every move (and, for a title with hands, the
  deciding seat's own view), for changes to the views;
* the CPU seconds (time.process_time) spent in `bot_choice`, `apply`, `copy` (the host's state
  copy, once per decision) and `view`; for a title with step menus (Benares), also `choices`:
  every step of the move chosen, as the host asks for a person's menu. The machine's speed drifts by about 10%: compare figures
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

from engine import registry
from engine.core import Title
from engine.rng import Rng

T = TypeVar("T")


class Totals:
    """CPU seconds per engine call, and the hashes."""

    def __init__(self) -> None:
        self.secs = {"bot_choice": 0.0, "apply": 0.0, "copy": 0.0, "view": 0.0, "choices": 0.0}
        self.calls = {k: 0 for k in self.secs}
        self.fingerprint = hashlib.sha256()
        self.view = hashlib.sha256()

    def timed(self, name: str, fn: Callable[..., T], *args: Any) -> T:
        t0 = time.process_time()
        out = fn(*args)
        self.secs[name] += time.process_time() - t0
        self.calls[name] += 1
        return out


def game_setup(slug: str, seed: int) -> tuple[int, dict[str, str]]:
    """The seat count and options of game `seed`."""
    if slug == "mombasa":
        return 2 + seed % 3, {"tracks": "random" if seed % 2 else "fixed"}
    on_off = ("off", "on")
    return 2 + seed % 3, {
        "intertwined_blocks": on_off[seed % 2],
        "open_hands": on_off[seed // 2 % 2],
    }


def step_path(choice: str) -> list[str]:
    """Benares: the steps a person takes to build `choice` (menus.py): a play's card, a sale's
    pick and every count but the last."""
    kind, _, rest = choice.partition(":")
    if kind == "play":
        return [f"card:{rest.split(':')[0]}"]
    if kind == "sell" and "=" in rest:
        counts = [part.partition("=")[2] for part in rest.split(",")]
        return ["sell:pick"] + [f"n:{k}" for k in counts[:-1]]
    return []


def walk_steps(title: Title, state: Any, seat: int, choice: str, tot: Totals) -> None:
    """Ask for the menu of every step on the way to `choice`, as the host does while a person
    builds that move; every menu's ids go into the view hash."""
    path = step_path(choice)
    for i in range(len(path) + 1):
        prompt = tot.timed("choices", title.choices, state, seat, tuple(path[:i]))
        ids = [] if prompt is None else [c.id for c in prompt.choices]
        tot.view.update(repr(ids).encode())
        if i < len(path) and path[i] not in ids:
            return  # (a hand of one card: its plays are the first menu)


def play(title: Title, seed: int, tot: Totals) -> None:
    """One full game; its choices, views and result go into the hashes."""
    seats, options = game_setup(title.slug, seed)
    state = title.setup(seed, seats, options)
    rng = Rng.from_seed(seed ^ 0xB07)
    steps = title.slug != "mombasa"
    step = 0
    while title.result(state) is None:
        prompts = title.prompts(state)
        moves = []
        for prompt in prompts:
            choice = tot.timed("bot_choice", title.bot_choice, state, prompt.seat, rng)
            moves.append((prompt.seat, choice))
        tot.fingerprint.update(f"{seed}/{step}:{moves!r}\n".encode())
        seat, choice = moves[0]
        if steps:
            walk_steps(title, state, seat, choice, tot)
        state = tot.timed("copy", title.copy, state)
        tot.timed("apply", title.apply, state, seat, choice)
        view = tot.timed("view", title.view, state, None)
        tot.view.update(msgspec.json.encode(view))
        if title.hidden_hands and steps:
            tot.view.update(msgspec.json.encode(tot.timed("view", title.view, state, seat)))
        step += 1
    res = title.result(state)
    tot.fingerprint.update(f"{seed}:result:{msgspec.json.encode(res)!r}\n".encode())


def run(slug: str, games: int) -> Totals:
    registry.load_builtin()
    title = registry.get(slug)
    assert title is not None, slug
    tot = Totals()
    for seed in range(1, games + 1):
        play(title, seed, tot)
    return tot


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--title", default="mombasa", choices=["mombasa", "benares"])
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--profile", default="", help="write a cProfile dump here (orientation only)")
    args = p.parse_args()
    if args.profile:
        prof = cProfile.Profile()
        tot = prof.runcall(run, args.title, args.games)
        prof.dump_stats(args.profile)
    else:
        tot = run(args.title, args.games)
    print(f"fingerprint {tot.fingerprint.hexdigest()}")
    print(f"view        {tot.view.hexdigest()}")
    for name, secs in tot.secs.items():
        n = tot.calls[name]
        if n:
            print(f"{name:11s} {secs:8.3f} s  ({n} calls, {secs / n * 1000:.3f} ms each)")


if __name__ == "__main__":
    main()

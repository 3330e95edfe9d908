"""Is a title's automatic player stronger than the one it replaced? (issue 12)

    python -m bench.bot_vs_baseline --title tidewater [--seeds 200] [--seats 4]

* 2 seats, the title's bot (`title.bot_choice`) against the baseline kept beside it
  (`engine/<title>/bot/baseline.py`, `choose(state, seat, rng)`: the automatic player as it
  was before issue 12): the new bot sits in seat 0 for even seeds and seat 1 for odd ones.
  Target: it wins at least 70 % of the games (a shared first place is not a win).
* `--seats` of the new bot only: each seat position's win rate (a shared win counts for every
  winner) beside its fair share; target: none more than 10 points above it.

No asserts: it prints figures (tests check legality and a small sample).
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from collections.abc import Callable
from typing import Any

from bot import catalog
from engine.core import Title
from engine.rng import Rng

Chooser = Callable[[Any, int, Rng], str]


def baseline_of(title: Title) -> Chooser:
    module = importlib.import_module(f"engine.{title.slug}.bot.baseline")
    return module.choose


def play(title: Title, seed: int, players: list[Chooser], max_moves: int = 20000):
    """One game, seat n played by `players[n]` (each with its own rng stream); its result."""
    state = title.setup(seed, len(players), {o.name: o.default for o in title.options})
    rngs = [Rng.from_seed(seed * 31 + n) for n in range(len(players))]
    for _ in range(max_moves):
        if title.result(state) is not None:
            return title.result(state)
        seat = title.prompts(state)[0].seat
        title.apply(state, seat, players[seat](state, seat, rngs[seat]))
    raise RuntimeError(f"{title.slug} seed {seed}: no end after {max_moves} moves")


def head_to_head(title: Title, seeds: int) -> dict[str, Any]:
    new, old = title.bot_choice, baseline_of(title)
    wins = ties = losses = 0
    margins: list[float] = []
    for seed in range(seeds):
        me = seed % 2
        players = [new, old] if me == 0 else [old, new]
        res = play(title, seed, players)
        margins.append(res.scores[me] - res.scores[1 - me])
        if res.places[me] < res.places[1 - me]:
            wins += 1
        elif res.places[me] == res.places[1 - me]:
            ties += 1
        else:
            losses += 1
    return {
        "wins": wins,
        "ties": ties,
        "losses": losses,
        "rate": wins / seeds,
        "margin": statistics.median(margins),
    }


def seat_fairness(title: Title, seeds: int, seats: int) -> dict[str, Any]:
    wins = [0] * seats
    for seed in range(seeds):
        res = play(title, seed, [title.bot_choice] * seats)
        for s in range(seats):
            wins[s] += res.places[s] == 1
    rates = [w / seeds for w in wins]
    return {"rates": rates, "fair": 1 / seats, "worst_excess": max(rates) - 1 / seats}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", required=True)
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--seats", type=int, default=4)
    args = ap.parse_args()
    catalog.load()
    title = catalog.title(args.title)
    if title is None:
        raise SystemExit(f"unknown title {args.title!r}")
    t0 = time.perf_counter()
    h = head_to_head(title, args.seeds)
    print(
        f"{title.name}, new bot vs baseline, 2 seats, {args.seeds} seeds (alternating): "
        f"{h['wins']} won, {h['ties']} tied, {h['losses']} lost -> {h['rate']:.1%} "
        f"(target >= 70 %), median margin {h['margin']:+}"
    )
    seats = max(title.min_seats, min(args.seats, title.max_seats))
    f = seat_fairness(title, args.seeds, seats)
    shown = ", ".join(f"seat {n + 1} {r:.1%}" for n, r in enumerate(f["rates"]))
    print(
        f"{seats} new bots: {shown}; fair share {f['fair']:.0%}, worst seat "
        f"{f['worst_excess'] * 100:+.1f} points (target <= +10)"
    )
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()

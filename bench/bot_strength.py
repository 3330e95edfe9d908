"""How strong is a title's automatic player? Bot vs the seeded random player, and bot-only tables.

    python -m bench.bot_strength [--title mombasa | --titles a,b] [--seeds 100] [--seats 4]

* 2 seats, bot vs random (`engine.core.random_move`): the bot sits in seat 0 for even seeds and in
  seat 1 for odd seeds; reports wins / ties / losses and the win rate (target >= 95 %).
* `--seats` automatic players (default 4): every game must end with a score for every seat;
  reports per seat min / median / max score and the seat win rates (shared wins count for
  every winner), plus the per-game time of the bot game and of replaying its log.

No asserts: it prints figures (the tests check legality and a small strength sample).
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot import catalog
from engine.core import Title, random_move
from engine.rng import Rng


def _defaults(title: Title) -> dict[str, str]:
    return {o.name: o.default for o in title.options}


def play(title: Title, seed: int, seats: int, bots: set[int], max_moves: int = 20000):
    """One game: seats in `bots` use `title.bot_choice`, the others `random_move`; each kind of
    player has its own rng stream. Returns (result, log, seconds)."""
    t0 = time.perf_counter()
    state = title.setup(seed, seats, _defaults(title))
    bot_rng = Rng.from_seed(seed ^ 0xB07)
    rnd_rng = Rng.from_seed(seed ^ 0x5A5A)
    log: list[tuple[int, str]] = []
    while title.result(state) is None:
        if len(log) >= max_moves:
            raise RuntimeError(f"{title.slug} seed {seed}: no end after {max_moves} moves")
        prompt = title.prompts(state)[0]
        seat = prompt.seat
        if seat in bots:
            move = title.bot_choice(state, seat, bot_rng)
        else:
            move = random_move(title, state, seat, rnd_rng)
        title.apply(state, seat, move)
        log.append((seat, move))
    return title.result(state), log, time.perf_counter() - t0


def replay_time(title: Title, seed: int, seats: int, log: list[tuple[int, str]]) -> float:
    t0 = time.perf_counter()
    state = title.setup(seed, seats, _defaults(title))
    for seat, move in log:
        title.apply(state, seat, move)
    return time.perf_counter() - t0


def versus_random(title: Title, seeds: int) -> dict[str, float]:
    wins = ties = losses = 0
    margins = []
    for seed in range(1, seeds + 1):
        bot_seat = seed % 2
        res, _, _ = play(title, seed, 2, {bot_seat})
        other = 1 - bot_seat
        margins.append(res.scores[bot_seat] - res.scores[other])
        if res.places[bot_seat] < res.places[other]:
            wins += 1
        elif res.places[bot_seat] == res.places[other]:
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


def bots_only(title: Title, seeds: int, seats: int) -> dict:
    scores: dict[int, list[int]] = {s: [] for s in range(seats)}
    wins = dict.fromkeys(range(seats), 0)
    spreads, games, replays, lengths = [], [], [], []
    for seed in range(1, seeds + 1):
        res, log, secs = play(title, seed, seats, set(range(seats)))
        assert sorted(res.scores) == list(range(seats)), "a seat has no score"
        for s in range(seats):
            scores[s].append(res.scores[s])
            if res.places[s] == 1:
                wins[s] += 1
        spreads.append(max(res.scores.values()) - min(res.scores.values()))
        games.append(secs)
        lengths.append(len(log))
        replays.append(replay_time(title, seed, seats, log))
    return {
        "scores": scores,
        "wins": wins,
        "spread": spreads,
        "games": games,
        "replays": replays,
        "lengths": lengths,
    }


def report(slug: str, seeds: int, seats: int) -> None:
    title = catalog.title(slug)
    if title is None:
        raise SystemExit(f"unknown title {slug!r}")
    print(f"\n{title.name}: {seeds} seeds")
    if title.min_seats <= 2 <= title.max_seats:
        vr = versus_random(title, seeds)
        print(
            f"  bot vs random (2 seats, alternating): {vr['wins']} won, {vr['ties']} tied, "
            f"{vr['losses']} lost -> win rate {vr['rate']:.0%} (median margin {vr['margin']:+})"
        )
    n = max(title.min_seats, min(seats, title.max_seats))
    bo = bots_only(title, seeds, n)
    print(f"  {n} automatic players: every game ended with every seat scoring")
    for s in range(n):
        xs = bo["scores"][s]
        print(
            f"    seat {s + 1}: score min {min(xs)}, median {statistics.median(xs):g}, "
            f"max {max(xs)}; wins {bo['wins'][s]} ({bo['wins'][s] / seeds:.0%})"
        )
    sp = bo["spread"]
    print(
        f"    spread (best - worst) per game: min {min(sp)}, median {statistics.median(sp):g}, "
        f"max {max(sp)}"
    )
    print(
        f"    game time: median {statistics.median(bo['games']) * 1000:.0f} ms, max "
        f"{max(bo['games']) * 1000:.0f} ms (moves median {statistics.median(bo['lengths']):g}); "
        f"replay: median {statistics.median(bo['replays']) * 1000:.1f} ms, max "
        f"{max(bo['replays']) * 1000:.1f} ms"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--title", default="")
    p.add_argument("--titles", default="")
    p.add_argument("--seeds", type=int, default=100)
    p.add_argument("--seats", type=int, default=4)
    args = p.parse_args()
    catalog.load()
    slugs = [s for s in (args.title + "," + args.titles).split(",") if s] or [
        t.slug for t in catalog.offered()
    ]
    for slug in slugs:
        report(slug, args.seeds, args.seats)


if __name__ == "__main__":
    main()

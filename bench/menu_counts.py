"""How long the menus are that a person walks through to make each move, over whole games.

    .venv/bin/python -m bench.menu_counts --title tidewater --games 20

The automatic player plays every seat; for each of its moves the shortest path of steps from
the seat's top-level menu to that move is found (breadth first over `Title.choices`), as a
person would take it. Reported: menus per game and per move (1 = chosen on the first menu),
choices per menu, the longest menu, and the moves that take the most menus, by their first step.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter, deque

from engine import registry
from engine.core import BACK, Title
from engine.rng import Rng


def path_to(title: Title, state: object, seat: int, move: str, limit: int = 6) -> list[int] | None:
    """Choices on each menu along the shortest step path to `move` (None: not reachable)."""
    todo: deque[tuple[tuple[str, ...], list[int]]] = deque([((), [])])
    seen: set[tuple[str, ...]] = set()
    while todo:
        steps, sizes = todo.popleft()
        if steps in seen or len(steps) > limit:
            continue
        seen.add(steps)
        prompt = title.choices(state, seat, steps)
        if prompt is None:
            continue
        here = [*sizes, len(prompt.choices)]
        for c in prompt.choices:
            if c.id == move and not c.step:
                return here
        for c in prompt.choices:
            if c.step and c.id != BACK:
                todo.append(((*steps, c.id), here))
    return None


def play(title: Title, seed: int, seats: int) -> tuple[list[list[int]], Counter[str]]:
    state = title.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    moves: list[list[int]] = []
    deep: Counter[str] = Counter()
    while prompts := title.prompts(state):
        seat = prompts[0].seat
        move = title.bot_choice(state, seat, rng)
        sizes = path_to(title, state, seat, move)
        if sizes is not None:
            moves.append(sizes)
            if len(sizes) > 1:
                deep[move.split(":")[0]] += 1
        title.apply(state, seat, move)
    return moves, deep


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", default="tidewater")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seats", type=int, default=3)
    args = ap.parse_args()
    registry.load_builtin()
    title = registry.get(args.title)
    assert title is not None, f"no title {args.title}"
    per_game, per_move, sizes, deep = [], [], [], Counter()
    for seed in range(1, args.games + 1):
        moves, d = play(title, seed, args.seats)
        per_game.append(sum(len(m) for m in moves))
        per_move += [len(m) for m in moves]
        sizes += [n for m in moves for n in m]
        deep += d
    print(f"{args.title}, {args.games} games of {args.seats} seats (the automatic player's moves)")
    print(f"  menus per game: mean {statistics.mean(per_game):.1f}")
    print(f"  moves per game: mean {len(per_move) / args.games:.1f}")
    dist = Counter(per_move)
    print(
        f"  menus per move: mean {statistics.mean(per_move):.2f}; "
        + ", ".join(f"{k}: {dist[k] / len(per_move):.0%}" for k in sorted(dist))
    )
    print(f"  choices per menu: mean {statistics.mean(sizes):.1f}, max {max(sizes)}")
    print(
        "  moves that need more than one menu, by kind: "
        + ", ".join(f"{k} {n / args.games:.1f}/game" for k, n in deep.most_common(8))
    )


if __name__ == "__main__":
    main()

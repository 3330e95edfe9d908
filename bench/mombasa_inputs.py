"""How many menu presses a person needs to build each Mombasa expansion, over seeded games.

    .venv/bin/python -m bench.mombasa_inputs --games 10 --seats 4

The automatic player plays every seat. For each of its expand moves, the menus are walked as a
person would: from the turn's top menu, at each menu the one choice that leads towards the move
(a step whose id is a prefix of it, the longest first; "More areas…" pages when none is), until
the move itself is listed. Every menu on the way is one press (the top menu's "Expand" and the
final choice included). Reported per expansion value: the number of expansions, presses mean
and max, and how many presses were on a menu with a single choice (a press that decides nothing).
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from engine.core import BACK, Title
from engine.mombasa import TITLE, expand
from engine.rng import Rng

MARKS = ">+*"


def presses(title: Title, state: object, seat: int, move: str) -> tuple[int, int] | None:
    """(menus pressed, of which with a single choice) on the way to `move`; None: not found."""
    draft: tuple[str, ...] = ()
    single = 0
    for pressed in range(1, 41):
        prompt = title.choices(state, seat, draft)
        if prompt is None:
            return None
        options = [c for c in prompt.choices if c.id != BACK]
        single += len(options) == 1
        if any(c.id == move and not c.step for c in options):
            return pressed, single
        done = draft[-1].rstrip(MARKS) if draft else ""
        ahead = [
            c
            for c in options
            if c.step
            and move.startswith(c.id.rstrip(MARKS))
            and len(c.id.rstrip(MARKS)) > len(done)
        ]
        pages = [c for c in options if c.step and c.id.rstrip(">").endswith("+")]
        if ahead:
            nxt = max(ahead, key=lambda c: len(c.id.rstrip(MARKS)))
        elif pages:
            nxt = pages[0]
        else:
            return None
        draft = (*draft, nxt.id)
    return None


def play(seed: int, seats: int) -> list[tuple[int, int, int]]:
    """(expansion value, presses, single-choice presses) of every expansion of one game."""
    st = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    out = []
    while prompts := TITLE.prompts(st):
        seat = prompts[0].seat
        move = TITLE.bot_choice(st, seat, rng)
        if move.startswith("x:"):
            got = presses(TITLE, st, seat, move)
            assert got is not None, f"seed {seed}: {move} cannot be built through the menus"
            out.append((expand.expansion_value(st, seat), *got))
        TITLE.apply(st, seat, move)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seats", type=int, default=4)
    args = ap.parse_args()
    by_value: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for seed in range(1, args.games + 1):
        for value, n, single in play(seed, args.seats):
            by_value[value].append((n, single))
    total = [n for rows in by_value.values() for n, _ in rows]
    print(f"Mombasa, {args.games} games of {args.seats} seats: presses per expansion")
    print("value  expansions  mean   max  single-choice presses (mean)")
    for value in sorted(by_value):
        rows = by_value[value]
        ns = [n for n, _ in rows]
        singles = statistics.mean(s for _, s in rows)
        print(
            f"{value:>5}  {len(rows):>10}  {statistics.mean(ns):4.2f}  {max(ns):>4}  {singles:.2f}"
        )
    print(f"  all  {len(total):>10}  {statistics.mean(total):4.2f}  {max(total):>4}")


if __name__ == "__main__":
    main()

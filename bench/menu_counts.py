"""How many presses a person needs to make each move, over whole games, for every title.

    .venv/bin/python -m bench.menu_counts --games 20 --seats 3 4
    .venv/bin/python -m bench.menu_counts --title tidewater --games 5

The automatic player plays every seat; each of its moves is replayed through the menus a person
would use on Discord: the shortest path of steps from the seat's top-level menu to that move
(breadth first over `Title.choices`). Presses per move: one per menu on the way (the final
choice included), plus "Decide privately" when the decision is private (simultaneous or
secret: the public turn message then only carries that button), plus "More choices…" when the
chosen entry is on a later page of a long menu (bot/discord/menu_layout.py). A chain (one
choice making several moves of the seat in a row, engine.core.CHAIN) that the menu offers for
the automatic player's next moves is taken as a person would: one move. Reported per title
and seat count: presses per completed move (mean, p95, max), menus per move, presses per move
of the automatic player (a chain's moves counted apart: the unit before chains), menus and presses
per game, choices per menu, moves no path of `--depth` steps reaches, and the kinds of moves
that need more than one menu. This is the baseline that work on fewer presses compares against.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.discord.menu_layout import layout
from bot.discord.turn_text import is_private_decision
from engine import registry
from engine.core import BACK, CHAIN, REPEAT, Title, chain_parts
from engine.rng import Rng


@dataclass
class Path:
    """The menus a person walks to one move: each menu's number of choices, and the "More
    choices…" presses on the way."""

    sizes: list[int]
    more: int = 0


def more_presses(choices: Sequence[object], index: int) -> int:
    """ "More choices…" presses before the entry `index` of a menu is shown."""
    page = 0
    while True:
        plan = layout(choices, page)  # type: ignore[arg-type]
        shown = {i for row in plan.rows for i, _ in (row if isinstance(row, list) else row.items)}
        if index in shown or plan.more_from is None:
            return page
        page = plan.more_from


def path_to(title: Title, state: object, seat: int, move: str, limit: int = 8) -> Path | None:
    """The shortest step path to `move` (None: not reachable within `limit` steps)."""
    todo: deque[tuple[tuple[str, ...], Path]] = deque([((), Path([]))])
    seen: set[tuple[str, ...]] = set()
    while todo:
        steps, path = todo.popleft()
        if steps in seen or len(steps) > limit:
            continue
        seen.add(steps)
        prompt = title.choices(state, seat, steps)
        if prompt is None:
            continue
        sizes = [*path.sizes, len(prompt.choices)]
        for i, c in enumerate(prompt.choices):
            if c.id == move and not c.step:
                return Path(sizes, path.more + more_presses(prompt.choices, i))
        for i, c in enumerate(prompt.choices):
            if c.step and c.id != BACK:
                more = path.more + more_presses(prompt.choices, i)
                todo.append(((*steps, c.id), Path(sizes, more)))
    return None


@dataclass
class Game:
    """One game's moves as a person would make them."""

    menus: list[int] = field(default_factory=list)  # per move
    presses: list[int] = field(default_factory=list)  # per move
    sizes: list[int] = field(default_factory=list)  # per menu
    unreachable: int = 0
    deep: Counter[str] = field(default_factory=Counter)
    #: The automatic player's moves (a chain's moves counted apart): the unit of the per-move
    #: figures measured before chains, so those compare across the change.
    parts: int = 0


def chains(title: Title, state: object, seat: int) -> dict[tuple[str, ...], str]:
    """The chains (engine.core.CHAIN) on the seat's top-level menu: their moves -> their id."""
    prompt = title.choices(state, seat, ())
    out: dict[tuple[str, ...], str] = {}
    for c in prompt.choices if prompt is not None else []:
        if not c.step and (CHAIN in c.id or REPEAT in c.id):
            out[tuple(chain_parts(c.id))] = c.id
    return out


def offers_chain(title: Title, state: object, seat: int, moves: Sequence[str]) -> bool:
    """Whether the seat's top-level menu offers a chain that starts with `moves`."""
    n = len(moves)
    return any(len(k) >= n and list(k[:n]) == list(moves) for k in chains(title, state, seat))


def count(game: Game, title: Title, state: object, seat: int, move: str, opener: int, depth: int):
    """One move as a person makes it from `state`: the presses of its path."""
    game.parts += len(chain_parts(move))
    path = path_to(title, state, seat, move, depth)
    if path is None:
        game.unreachable += 1
        return
    game.menus.append(len(path.sizes))
    game.presses.append(len(path.sizes) + path.more + opener)
    game.sizes += path.sizes
    if len(path.sizes) > 1:
        game.deep[move.split(":")[0]] += 1


def play(title: Title, seed: int, seats: int, depth: int) -> Game:
    """The automatic player's game; each of its moves as a person would make it. Where the
    seat's menu offers a chain (several moves of the seat in one choice) of the moves the
    automatic player makes next, a person takes the longest such chain: one move, the presses
    of its path. The automatic player's moves (and so the game) are the same either way."""
    state = title.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    game = Game()
    pending: str | None = None  # the automatic player's next move, worked out already
    while prompts := title.prompts(state):
        seat = prompts[0].seat
        move = pending if pending is not None else title.bot_choice(state, seat, rng)
        pending = None
        opener = 1 if is_private_decision(prompts) else 0
        if len(prompts) > 1 or not offers_chain(title, state, seat, [move]):
            count(game, title, state, seat, move, opener, depth)
            title.apply(state, seat, move)
            continue
        parts, befores = [move], [title.copy(state)]
        title.apply(state, seat, move)
        while title.deciding(state) == [seat]:
            nxt = title.bot_choice(state, seat, rng)
            if not offers_chain(title, befores[0], seat, [*parts, nxt]):
                pending = nxt
                break
            befores.append(title.copy(state))
            title.apply(state, seat, nxt)
            parts.append(nxt)
        i = 0
        while i < len(parts):  # the longest chain offered from each part on
            listed = chains(title, befores[i], seat)
            j = next(
                (j for j in range(len(parts), i + 1, -1) if tuple(parts[i:j]) in listed), i + 1
            )
            move = listed.get(tuple(parts[i:j]), parts[i])
            count(game, title, befores[i], seat, move, opener if i == 0 else 0, depth)
            i = j
    return game


def p95(values: Sequence[int]) -> int:
    """Nearest-rank 95th percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def report(title: Title, games: int, seats: int, depth: int) -> list[str]:
    played = [play(title, seed, seats, depth) for seed in range(1, games + 1)]
    presses = [p for g in played for p in g.presses]
    menus = [m for g in played for m in g.menus]
    sizes = [s for g in played for s in g.sizes]
    deep: Counter[str] = sum((g.deep for g in played), Counter())
    dist = Counter(presses)
    mean_game = statistics.mean
    return [
        f"{title.slug}, {games} games of {seats} seats (the automatic player's moves)",
        f"  presses per move: mean {statistics.mean(presses):.2f}, p95 {p95(presses)}, "
        f"max {max(presses)}; "
        + ", ".join(f"{k}: {dist[k] / len(presses):.0%}" for k in sorted(dist)),
        f"  menus per move: mean {statistics.mean(menus):.2f}, p95 {p95(menus)}, max {max(menus)}",
        f"  presses per move of the automatic player (a chain's moves counted apart): "
        f"{sum(presses) / sum(g.parts for g in played):.2f}",
        f"  per game: moves {len(presses) / games:.1f}, "
        f"menus {mean_game([sum(g.menus) for g in played]):.1f}, "
        f"presses {mean_game([sum(g.presses) for g in played]):.1f}",
        f"  choices per menu: mean {statistics.mean(sizes):.1f}, max {max(sizes)}; "
        f"moves not reached in {depth} steps: {sum(g.unreachable for g in played)}",
        "  moves that need more than one menu, by kind: "
        + ", ".join(f"{k} {n / games:.1f}/game" for k, n in deep.most_common(8)),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", action="append", help="a title's slug (default: every title)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seats", type=int, nargs="+", default=[3, 4])
    ap.add_argument("--depth", type=int, default=8, help="the most steps a path may take")
    args = ap.parse_args()
    registry.load_builtin()
    titles = [registry.get(s) for s in args.title] if args.title else registry.all_titles()
    for title in titles:
        assert title is not None, f"no title {args.title}"
        for seats in args.seats:
            if title.min_seats <= seats <= title.max_seats:
                print("\n".join(report(title, args.games, seats, args.depth)), flush=True)


if __name__ == "__main__":
    main()

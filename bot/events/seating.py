"""Seating players at tables with no repeated pair, on players numbered by standing (0 = top).

Who has met whom is one bitmask per player (bit j of `met[i]` set when i and j sat together),
so "does this candidate clash with the table so far" is one AND. The exact search is a DFS that
fills the tables top-down; when its node budget runs out, the deepest repeat-free prefix it
reached is completed greedily and repaired by swaps between tables. Nothing here reads a clock:
the budget counts nodes, so a seed always gives the same seating.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rng import Rng

# Candidate tries for the exact search. ~0.1-0.3 s of Python at 256 players; exhausts every
# case of up to ~16 players, so small events get a proven answer.
SEARCH_BUDGET = 60_000
# Swap evaluations the repair may spend after the exact search gives up: a step weighs one
# table's players against everyone, so small events get up to 1,000 steps, 256 players ~400.
REPAIR_WORK = 400_000


class _OutOfBudget(Exception):
    pass


def _bits(mask: int) -> list[int]:
    """The set bits of `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Search:
    """DFS over tables: each table's first seat is the best-placed free player (so no two
    orders of the same tables are both tried), the other seats go to later players in standing
    order, skipping anyone who met someone already at the table. When the sizes differ (one
    smaller table), the leader tries a table of each size left, the larger first."""

    def __init__(self, met: Sequence[int], sizes: Sequence[int], budget: int) -> None:
        self.met = met
        self.sizes = tuple(sorted(sizes, reverse=True))
        self.budget = budget
        self.nodes = 0
        self.tables: list[list[int]] = []
        self.best: list[list[int]] = []

    def run(self) -> tuple[list[list[int]] | None, bool]:
        """(a repeat-free seating or None, whether the answer is proven: False when the
        budget ran out before the search finished)."""
        everyone = (1 << sum(self.sizes)) - 1
        try:
            found = self._table(everyone, self.sizes)
        except _OutOfBudget:
            return None, False
        return (list(self.tables) if found else None), True

    def _dead(self, avail: int, left: tuple[int, ...]) -> bool:
        """Someone free cannot fill even the smallest table left without a repeat."""
        need = left[-1] - 1
        if need <= 0:
            return False
        # The count includes i itself, hence <=.
        return any((avail & ~self.met[i]).bit_count() <= need for i in _bits(avail))

    def _table(self, avail: int, left: tuple[int, ...]) -> bool:
        """Seat the tables of sizes `left` (largest first) with the players in `avail`."""
        if not left:
            return True
        if self._dead(avail, left):
            return False
        low = avail & -avail
        leader = low.bit_length() - 1
        for k, size in enumerate(left):
            if k and size == left[k - 1]:
                continue
            rest = left[:k] + left[k + 1 :]
            if self._fill(avail ^ low, [leader], self.met[leader], leader, size, rest):
                return True
        return False

    def _fill(
        self,
        avail: int,
        members: list[int],
        forbid: int,
        after: int,
        size: int,
        rest: tuple[int, ...],
    ) -> bool:
        if len(members) == size:
            self.tables.append(list(members))
            if len(self.tables) > len(self.best):
                self.best = [list(table) for table in self.tables]
            if self._table(avail, rest):
                return True
            self.tables.pop()
            return False
        cand = avail & ~forbid & ~((1 << (after + 1)) - 1)
        if cand.bit_count() < size - len(members):
            return False
        for i in _bits(cand):
            self.nodes += 1
            if self.nodes > self.budget:
                raise _OutOfBudget
            members.append(i)
            if self._fill(avail ^ (1 << i), members, forbid | self.met[i], i, size, rest):
                return True
            members.pop()
        return False


def repeats(tables: Sequence[Sequence[int]], met: Sequence[int]) -> int:
    """How many pairs at these tables have met before."""
    total = 0
    for table in tables:
        mask = sum(1 << i for i in table)
        total += sum((met[i] & mask).bit_count() for i in table)
    return total // 2


def _complete(prefix: list[list[int]], sizes: Sequence[int], met: Sequence[int]) -> list[list[int]]:
    """Fill the tables after `prefix` top-down, each seat going to the free player with the
    fewest clashes at that table (the best-placed one on a tie)."""
    tables = [list(table) for table in prefix]
    seated = {i for table in tables for i in table}
    free = [i for i in range(sum(sizes)) if i not in seated]
    left = sorted(sizes, reverse=True)
    for table in tables:
        left.remove(len(table))
    for size in left:
        table = [free.pop(0)]
        mask = met[table[0]]
        while len(table) < size:
            pick = min(range(len(free)), key=lambda k: ((met[free[k]] & mask).bit_count(), k))
            player = free.pop(pick)
            table.append(player)
            mask |= met[player]
        tables.append(table)
    return tables


def _swap_gain(
    tables: list[list[int]], masks: list[int], met: Sequence[int], a: int, b: int
) -> list[tuple[int, int, int, int]]:
    """Moves for the player at tables[a] x tables[b]: (delta in repeats, rank distance, ia, ib)."""
    out = []
    for ia, x in enumerate(tables[a]):
        x_here = (met[x] & masks[a]).bit_count()
        for ib, y in enumerate(tables[b]):
            y_here = (met[y] & masks[b]).bit_count()
            x_there = (met[x] & (masks[b] ^ (1 << y))).bit_count()
            y_there = (met[y] & (masks[a] ^ (1 << x))).bit_count()
            out.append((x_there + y_there - x_here - y_here, abs(x - y), ia, ib))
    return out


def repair(tables: list[list[int]], met: Sequence[int], rng: Rng) -> list[list[int]]:
    """Local search: swap two players of different tables, taking the swap that removes the
        most repeats (the one closest in standing on a tie); when none improves, a seeded sideways
        swap (no worse). Each step looks at one table with a repeat (a seeded pick), so a step costs
    one table against all players, whatever the size of the event. Keeps the best seating seen."""
    tables = [list(table) for table in tables]
    masks = [sum(1 << i for i in table) for table in tables]
    best, best_score = [list(t) for t in tables], repeats(tables, met)
    steps = min(1000, REPAIR_WORK // max(1, sum(map(len, tables)) * max(map(len, tables))))
    for _ in range(steps):
        if best_score == 0:
            break
        bad = [k for k, table in enumerate(tables) if any(met[i] & masks[k] for i in table)]
        a = bad[rng.below(len(bad))]
        moves: list[tuple[int, int, int, int, int, int]] = []
        for b in range(len(tables)):
            if b != a:
                moves += [(*m, a, b) for m in _swap_gain(tables, masks, met, a, b)]
        if not moves:
            break
        moves.sort()
        delta = moves[0][0]
        if delta < 0:
            _, _, ia, ib, a, b = moves[0]
        else:
            # Stuck: a seeded move among the least bad (sideways, or uphill to get out).
            least = [m for m in moves if m[0] == delta]
            _, _, ia, ib, a, b = least[rng.below(len(least))]
        x, y = tables[a][ia], tables[b][ib]
        tables[a][ia], tables[b][ib] = y, x
        masks[a] ^= (1 << x) | (1 << y)
        masks[b] ^= (1 << x) | (1 << y)
        score = repeats(tables, met)
        if score < best_score:
            best, best_score = [list(t) for t in tables], score
    return best


def seat(
    met: Sequence[int], sizes: Sequence[int], rng: Rng, budget: int | None = None
) -> list[list[int]]:
    """Tables of players 0..sum(sizes)-1 (numbered by standing), each sorted best-placed first,
    the tables in the order of their best-placed; repeat-free whenever the search finds a way."""
    search = _Search(met, sizes, SEARCH_BUDGET if budget is None else budget)
    found, _ = search.run()
    if found is None:
        found = repair(_complete(search.best, sizes, met), met, rng)
    # Members best-placed first, tables by their best-placed member (the repair mixes them).
    return sorted(sorted(table) for table in found)


def repeat_free(
    met: Sequence[int], sizes: Sequence[int], budget: int
) -> tuple[list[list[int]] | None, bool]:
    """The exact search alone: (a repeat-free seating or None, whether that answer is proven;
    False when the budget ran out first). For checks and the bench."""
    return _Search(met, sizes, budget).run()

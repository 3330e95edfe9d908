"""Market pawns, the Financial Advisor (SEED R35-R43; R79-R83) and Goods markers (R44-R47, R84).

Each task performs ONE step and re-pushes itself for the rest, so a reward or Concession pushed
after the step resolves before the next step (depth-first, R81, R109, R112). The log shows one
line per advance (start → end), written before its first step."""

from __future__ import annotations

from engine.benares.data import data
from engine.benares.effects import push, push_effect
from engine.benares.posts import check_concession
from engine.benares.state import State, Task
from engine.benares.text import good_name, log, pawn_name, plural, seat_name, touch
from engine.core import Event


def advance_text(now: int, steps: int, top: int) -> str:
    """'3 → 5' for an advance of `steps` from `now` on a track ending at `top`, naming lost steps."""
    end = min(now + steps, top)
    lost = now + steps - end
    if end == now:
        return f"stays at {now}, the end: {plural(lost, 'step')} lost"
    return f"{now} → {end}" + (f", {plural(lost, 'step')} lost" if lost else "")


def quiet(now: int) -> int:
    """The `m` of a pawn/goods task whose whole advance is already logged (0 = log it).

    It records the value the marker is expected at, so a marker moved in between by a
    triggered effect (e.g. the Silk Concession's wild step) gets a fresh line."""
    return now + 1


def _reason(task: Task) -> str:
    return f" ({task.b})" if task.b else ""


def pawn_step(st: State, task: Task, ev: list[Event]) -> None:
    d = data()
    c = st.companies[task.seat]
    pawn = task.a
    now = c.rows[pawn]
    if st.logged and task.m != quiet(now):
        who = seat_name(task.seat)
        if now >= d.max_row:
            lost = plural(task.n, "step")
            log(st, ev, f"{who}'s {pawn_name(pawn)} is on row {d.max_row}: {lost} lost.")
        else:
            log(
                st,
                ev,
                f"{who}'s {pawn_name(pawn)} advances: row "
                f"{advance_text(now, task.n, d.max_row)}{_reason(task)}.",
            )
    if now >= d.max_row:
        return
    c.rows[pawn] += 1
    row = c.rows[pawn]
    touch(st, f"pawn:{task.seat}:{pawn}")
    if task.n > 1:
        push(st, Task("pawn", task.seat, a=pawn, b=task.b, n=task.n - 1, m=quiet(row)))
    if pawn == "advisor":
        reward = d.market["advisor_track"]["rewards"].get(row)
        if reward:
            push_effect(st, task.seat, reward, f"Financial Advisor row {row}")


def goods_step(st: State, task: Task, ev: list[Event]) -> None:
    d = data()
    c = st.companies[task.seat]
    good = task.a
    now = c.goods[good]
    if st.logged and task.m != quiet(now):
        who = seat_name(task.seat)
        if now >= d.max_pos:
            lost = plural(task.n, "step")
            log(st, ev, f"{who}'s {good_name(good)} marker is on {d.max_pos}: {lost} lost.")
        else:
            log(
                st,
                ev,
                f"{who}'s {good_name(good)} marker advances: "
                f"{advance_text(now, task.n, d.max_pos)}{_reason(task)}.",
            )
    if now >= d.max_pos:
        return
    c.goods[good] += 1
    touch(st, f"goods:{task.seat}:{good}")
    if task.n > 1:
        push(st, Task("goods", task.seat, a=good, b=task.b, n=task.n - 1, m=quiet(now + 1)))
    check_concession(st, task.seat, good, ev)


def adjust_markets(st: State, ev: list[Event]) -> None:
    """Administration step A (R116): per track, highest pawns drop 2, others on 3..H-1 drop 1.
    Pushed-down Advisors earn nothing (SEED R39): rows are set directly, no rewards."""
    adj = data().market["market_adjustment"]
    if st.round not in adj["rounds"]:
        return
    for track in adj["applies_to"]:
        rows = [c.rows[track] for c in st.companies]
        h = max(rows)
        if h < adj["only_if_highest_row_at_least"]:
            log(st, ev, f"Market adjustment: nothing moves on the {pawn_name(track)} track.")
            continue
        moved = []
        for seat, c in enumerate(st.companies):
            r = c.rows[track]
            if r == h:
                new = r - adj["highest_row_pawns_drop"]
            elif adj["other_pawns_min_row"] <= r < h:
                new = r - adj["other_pawns_drop"]
            else:
                continue
            c.rows[track] = max(adj["min_row"], new)
            touch(st, f"pawn:{seat}:{track}", "market")
            moved.append(f"{seat_name(seat)} {r}→{c.rows[track]}")
        log(st, ev, f"Market adjustment on the {pawn_name(track)} track: {', '.join(moved)}.")

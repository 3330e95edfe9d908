"""Effect lists (section 17.3) turned into tasks. Parts resolve in list order (R113), so they are
pushed in reverse onto the LIFO stack."""

from __future__ import annotations

from typing import Any

from engine.benares.state import State, Task
from engine.kit import tasks


def push(st: State, task: Task) -> None:
    tasks.push(st.stack, task)


def push_effect(st: State, seat: int, parts: list[dict[str, Any]], why: str = "") -> None:
    tasks.push_in_order(st.stack, [part_task(seat, part, why) for part in parts])


def part_task(seat: int, part: dict[str, Any], why: str) -> Task:
    ((key, val),) = part.items()
    if key == "gain_rupees":
        return Task("rupees", seat, b=why, n=int(val))
    if key == "gain_vp":
        return Task("vp", seat, b=why, n=int(val))
    if key == "gain_profit_discs":
        return Task("discs", seat, b=why, n=int(val))
    if key == "advance_market":
        if "choice" in val:
            return Task("pick_pawn", seat, a=",".join(val["choice"]), b=why, n=int(val["steps"]))
        return Task("pawn", seat, a=val["pawn"], b=why, n=int(val["steps"]))
    if key == "advance_goods":
        if val["good"] == "any":
            return Task("pick_good", seat, b=why, n=int(val["steps"]))
        return Task("goods", seat, a=val["good"], b=why, n=int(val["steps"]))
    if key in (
        "set_hold_capacity",
        "move_bonus_steps",
        "set_crate_cost_rupees",
        "load_bonus_crates",
    ):
        return Task("lasting", seat, a=key, n=int(val))
    raise ValueError(f"unknown effect part {key!r}")

"""What an end-to-end load run prints and reports: decisions, CPU, round trips per way of
deciding, first answers per kind of interaction, late and unanswered interactions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bench.proc import Tree
from bench.stats import describe, summary
from tests.e2e.driver import TURN_ID, Table
from tests.e2e.fake_discord import Exchange, FakeDiscord

if TYPE_CHECKING:
    from bench.e2e_load import Load

DEADLINE = 3.0  # Discord's time for an interaction's first answer


def ex_kind(ex: Exchange) -> str:
    """A short name for what an interaction was: a command path or a component kind."""
    data = ex.payload.get("data") or {}
    if "custom_id" in data:
        cid = data["custom_id"]
        if ":l:" in cid:
            return "lobby " + cid.rsplit(":", 1)[1]
        m = TURN_ID.match(cid)
        kinds = {"p": "private menu", "s": "select", "c": "button", "i": "button", "m": "more"}
        return kinds.get(m["kind"], "component") if m else "component"
    names = [data.get("name", "?")]
    opts = data.get("options") or []
    while opts and opts[0].get("type") in (1, 2):
        names.append(opts[0]["name"])
        opts = opts[0].get("options") or []
    return ("autocomplete " if ex.type == 4 else "/") + " ".join(names)


def turn_rtts(tables: list[Table]) -> tuple[list[float], dict[str, list[float]]]:
    """Every table's turn round trips, and the same by way of deciding."""
    turn = [x for t in tables for x in t.turn_rtts]
    by: dict[str, list[float]] = {}
    for t in tables:
        for how, values in t.turn_rtts_by.items():
            by.setdefault(how, []).extend(values)
    return turn, by


def first_answers(exchanges: list[Exchange]) -> dict[str, list[float]]:
    """The time (s) to each answered interaction's first answer, by kind of interaction."""
    kinds: dict[str, list[float]] = {}
    for ex in exchanges:
        if ex.callback_at:
            kinds.setdefault(ex_kind(ex), []).append(ex.callback_at - ex.sent_at)
    return kinds


def count_kinds(exchanges: list[Exchange]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for ex in exchanges:
        counts[ex_kind(ex)] = counts.get(ex_kind(ex), 0) + 1
    return counts


def summarise(
    fake: FakeDiscord,
    load: Load,
    wall: float,
    tree0: Tree,
    tree1: Tree,
    own: float,
    floor: list[float],
    ex_before: int,
) -> dict:
    """Print and return the figures of a load phase: `tree0`/`tree1` are the bot's process
    tree before and after, `own` this process's CPU seconds meanwhile, `floor` the floor
    command's round trips, `ex_before` the number of interactions before the phase."""
    tables: list[Table] = load.tables
    moves = sum(t.moves for t in tables)
    steps = sum(t.steps for t in tables)
    finished = sum(t.finished() for t in tables)
    turn, by = turn_rtts(tables)
    exchanges = list(fake.exchanges.values())[ex_before:]
    late = fake.late_callbacks
    unanswered = [ex for ex in exchanges if not ex.callback_at and ex not in late]
    bot_cpu = tree1.bot.cpu - tree0.bot.cpu
    work_cpu = tree1.workers_cpu() - tree0.workers_cpu()
    print()
    print(
        f"{load.args.games} {load.args.title} games at once (think {load.args.think} s): "
        f"{len(tables)} played, {finished} finished, {len(load.failures)} failed; "
        f"{moves} committed decisions (+{steps} draft steps) in {wall:.1f} s = "
        f"{moves / wall:.1f} decisions/s"
    )
    for f in load.failures[:3]:
        print("  failure:", repr(f)[:300])
    per = 1000 / max(moves, 1)
    print(
        f"CPU: bot {bot_cpu:.1f} s ({bot_cpu / wall:.0%} of a core) = {bot_cpu * per:.1f} ms per "
        f"committed decision; render workers {work_cpu:.1f} s = {work_cpu * per:.1f} ms per "
        f"decision; fake Discord + people {own:.1f} s ({own / wall:.0%})"
    )
    print("  (the bot's CPU includes everything under load: floor commands, menus, steps)")
    print(describe("turn round trip (deciding interaction -> turn message with board)", turn))
    for how in sorted(by):
        print(describe(f"  via {how}", by[how]))
    print(describe("floor /game rules round trip", floor))
    kinds = first_answers(exchanges)
    for k in sorted(kinds):
        print(describe(f"  first answer, {k}", kinds[k]))
    late_kinds = count_kinds(late)
    print(
        f"interactions: {len(exchanges)} ({len(exchanges) / max(moves, 1):.1f} per decision), "
        f"first answered after {DEADLINE:.0f} s: {len(late)} {late_kinds or ''}, never "
        f"answered: {len(unanswered)}; HTTP errors: {sum(r.status >= 400 for r in fake.requests)}, "
        f"unknown routes: {len(fake.unknown_requests)}"
    )
    return {
        "wall_s": wall,
        "tables": len(tables),
        "finished": finished,
        "failures": [repr(f)[:300] for f in load.failures],
        "decisions": moves,
        "steps": steps,
        "decisions_per_s": moves / wall,
        "bot_cpu_ms_per_decision": bot_cpu * per,
        "workers_cpu_ms_per_decision": work_cpu * per,
        "bot_cpu_share": bot_cpu / wall,
        "own_cpu_share": own / wall,
        "turn_rtt": summary(turn),
        "turn_rtt_by": {k: summary(v) for k, v in by.items()},
        "floor_rtt": summary(floor),
        "first_answer_by_kind": {k: summary(v) for k, v in kinds.items()},
        "interactions": len(exchanges),
        "late": len(late),
        "late_by_kind": late_kinds,
        "unanswered": len(unanswered),
    }

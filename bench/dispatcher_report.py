"""What bench.dispatcher measures with, outside the bot (/proc, SQLite's query planner), and the
table it prints: each figure beside its target and its floor."""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path
from typing import Any

from bench import proc

FLOOR = "/game rules"
TARGET_FIRE_S = 5.0
TARGET_P95_MS = 150.0


def plans(db: Path, statements: list[str]) -> dict[str, list[str]]:
    """SQLite's query plan of each statement (parameters bound to NULL)."""
    out: dict[str, list[str]] = {}
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        for sql in statements:
            if not re.match(r"\s*(SELECT|UPDATE|DELETE|INSERT|WITH)", sql, re.I):
                out[sql] = []
                continue
            rows = con.execute(f"EXPLAIN QUERY PLAN {sql}", [None] * sql.count("?"))
            out[sql] = [r[-1] for r in rows]
    return out


def scans(plan: dict[str, list[str]]) -> list[str]:
    """Plan lines that read every row of a table (SQLite says SCAN, with or without an index;
    SEARCH when an index narrows the read, as for `min(due_at)`)."""
    rx = re.compile(r"^SCAN \w+")
    return [line for lines in plan.values() for line in lines if rx.search(line)]


def cpu(tree: proc.Tree) -> float:
    return tree.bot.cpu + tree.workers_cpu()


def cpu_fine(pid: int) -> float:
    """CPU seconds of the process and its children (render workers), from schedstat (ns)."""
    total = 0
    for p in [pid, *proc.descendants(pid)]:
        try:
            total += proc.cpu_ns(p)
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total / 1e9


def run_queue_s(pid: int) -> float:
    """Seconds the process's live threads were ready to run but waited for a CPU (taken by
    other processes on this machine): schedstat's second field."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[1])
        except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
            continue
    return total / 1e9


def _cpu_line() -> list[int]:
    return [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]


def machine_busy_s() -> float:
    """CPU seconds every process on the machine used so far (all cores, /proc/stat; the time
    the hypervisor took from this machine not counted: `machine_steal_s`)."""
    f = _cpu_line()
    return (sum(f[:7]) - f[3] - f[4]) / proc.TICK


def machine_steal_s() -> float:
    """CPU seconds the hypervisor took from this virtual machine so far (/proc/stat "steal"):
    time the bot was ready to run with no process here holding a CPU."""
    return _cpu_line()[7] / proc.TICK


def costs_now(pid: int) -> tuple[float, float, float, float]:
    """This process's CPU, the bot's run-queue wait, the machine's busy and steal time."""
    return time.process_time(), run_queue_s(pid), machine_busy_s(), machine_steal_s()


def costs_since(pid: int, then: tuple[float, float, float, float]) -> dict[str, float]:
    """What each cost of `costs_now` grew by since `then` (the keys of the burst's figures)."""
    own0, wait0, busy0, steal0 = then
    own, waited = time.process_time() - own0, run_queue_s(pid) - wait0
    busy, steal = machine_busy_s() - busy0, machine_steal_s() - steal0
    return {
        "fake_cpu_s": own,
        "bot_run_queue_s": waited,
        "machine_busy_s": busy,
        "machine_steal_s": steal,
    }


def _ms(s: dict[str, Any]) -> str:
    return f"{s['p95']:.0f} ms" if s.get("n") else "-"


def report(r: dict[str, Any]) -> None:
    idle, b = r["idle"], r["burst"]
    floor_cpu = r.get("idle_floor_cpu_s_per_min")
    single = r["single_timer_s"]
    others = b["machine_busy_s"] - b["bot_cpu_s"] - b["workers_cpu_s"] - b["fake_cpu_s"]
    rows = [
        (
            "idle CPU, bot + render workers (s per min)",
            f"{idle['cpu_s_per_min']:.3f}",
            "~0, no polling",
            "-" if floor_cpu is None else f"{floor_cpu:.3f} (a minimal discord.py bot)",
        ),
        (
            f"idle: SQL statements / HTTP requests in {idle['seconds']:.0f} s",
            f"{sum(idle['statements'].values())} / {idle['requests']}",
            "no scan of every game",
            f"{len(idle['scans'])} table scans",
        ),
        (
            f"fire {b['timers']} due timers (due -> last handled)",
            "-" if b["fire_s"] is None else f"{b['fire_s']:.2f} s",
            f"<= {TARGET_FIRE_S:g} s for 1,000",
            "-" if single is None else f"{single * 1000:.0f} ms (1 timer alone)",
        ),
        (
            "  handled / missing / more than once",
            f"{b['handled']} / {b['missing']} / {b['twice']}",
            "each exactly once",
            "",
        ),
        (
            f"interactions meanwhile, first answer p95 (n={b['interactions'].get('n', 0)})",
            _ms(b["interactions"]),
            f"<= {TARGET_P95_MS:g} ms",
            f"{_ms(b['floor'])} ({FLOOR}, n={b['floor'].get('n', 0)})",
        ),
        (
            "  the same in the 4 s before the burst",
            _ms(b["interactions_before"]),
            "",
            _ms(b["floor_before"]),
        ),
    ]
    w = [max(len(row[i]) for row in rows) for i in range(3)]
    print(f"\n{'figure':<{w[0]}}  {'value':>{w[1]}}  {'target':<{w[2]}}  floor")
    for row in rows:
        print(f"{row[0]:<{w[0]}}  {row[1]:>{w[1]}}  {row[2]:<{w[2]}}  {row[3]}")
    print(f"\nidle: statements {idle['statements'] or 'none'}; {idle['memory']}")
    for sql, lines in idle["plans"].items():
        print(f"  {sql[:90]!r}: {'; '.join(lines) or '-'}")
    last = ", ".join(f"{k} {v:.2f} s" for k, v in b["last_by_kind_s"].items())
    print(f"burst: first {b['first_s']:.2f} s, median {b['median_s']:.2f} s; last by kind {last}")
    print(
        f"burst CPU: bot {b['bot_cpu_s']:.1f} s, render workers {b['workers_cpu_s']:.1f} s, "
        f"fake Discord + people {b['fake_cpu_s']:.1f} s, other processes {others:.1f} s; "
        f"the bot waited {b['bot_run_queue_s']:.1f} s for a CPU; the hypervisor took "
        f"{b.get('machine_steal_s', 0.0):.1f} CPU s"
    )
    probe = ", ".join(f"{k} {v:.0f} ms" for k, v in r.get("speed_probe_ms", {}).items())
    print(f"machine speed (a fixed Python loop, less is faster): {probe}")
    print(
        f"  {b['statements']} SQL statements (with the interactions'); late answers {b['late']}; "
        f"play failures {len(b['play_failures'])}; bot log errors {len(r['bot_log_errors'])}"
    )
    for line in r["bot_log_errors"][:3] + b["play_failures"][:3]:
        print("  ", line[:200])

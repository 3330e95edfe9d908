"""Every issue-7 figure in one run, side by side with its target and the floor of the same run.

    .venv/bin/python -m bench.issue7 [--out DIR] [--quick]

Runs, one after the other (each in its own process, each bounded by a timeout):
host_speed (transactions, reads, service time, replay, size), render_speed (boards), and the
end-to-end runs of e2e_load: 50 bazaar games with 4 s thinking, 25 Tidewater + 25 Benares with
4 s thinking, 50 bazaar games saturated, one Mombasa game's decisions taken one at a time (its
bot CPU per decision: the other runs probe the other titles), and 1,000 stored games then 20
Tidewater games played to their end (memory). Each run's output is kept in DIR (default: a new temp folder); the
table at the end is built from their JSON. `--quick` shortens every run (for trying it out).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

PY = sys.executable


def runs(quick: bool) -> dict[str, list[str]]:
    def e2e(args: str) -> list[str]:
        return [PY, "-m", "bench.e2e_load", *args.split()]

    think = "15" if quick else "60"
    saturated = "15" if quick else "40"
    played, stored = ("4", "100") if quick else ("20", "1000")
    probe = "50" if quick else "200"
    return {
        "host": [PY, "-m", "bench.host_speed", "--games", "1" if quick else "2"],
        "render": [PY, "-m", "bench.render_speed", "--boards", "6" if quick else "20"],
        # (the probes after the load: 200 decisions per title, as Mombasa's; e2e_load's
        # default of 40, 20 per title in the mixed run, gave Benares medians 7.4 to 8.9 ms)
        "bazaar_think": e2e(f"--title bazaar --think 4 --duration {think} --probe {probe}"),
        "mixed_think": e2e(f"--title mixed --think 4 --duration {think} --probe {2 * int(probe)}"),
        "bazaar_saturated": e2e(f"--title bazaar --think 0 --duration {saturated}"),
        "mombasa_probe": e2e(f"--title mombasa --games 1 --think 0 --duration 2 --probe {probe}"),
        "memory": e2e(
            f"--title tidewater --games {played} --stored {stored} --duration 0 --think 0.3 "
            "--probe 0 --floor-bot"
        ),
    }


def run_all(out: Path, quick: bool, only: list[str]) -> dict[str, dict]:
    results: dict[str, dict] = {}
    for name, cmd in runs(quick).items():
        if only and name not in only:
            continue
        path = out / f"{name}.json"
        cmd = [*cmd, "--json", str(path)]
        print(f"== {name}: {' '.join(cmd[1:])}", flush=True)
        t0 = time.perf_counter()
        with open(out / f"{name}.txt", "w") as log:
            code: int | str
            try:
                code = subprocess.run(
                    cmd, stdout=log, stderr=subprocess.STDOUT, timeout=900
                ).returncode
            except subprocess.TimeoutExpired:
                code = "timeout"
        print(f"   exit {code} after {time.perf_counter() - t0:.0f} s; output in {out / name}.txt")
        results[name] = json.loads(path.read_text()) if path.exists() else {}
    return results


def get(d: dict, *keys: str, default: object = None) -> Any:
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            return default
        d = d[k]
    return d


def fmt(x: object, unit: str = "", digits: int = 1) -> str:
    if x is None:
        return "—"
    if isinstance(x, float):
        return f"{x:.{digits}f}{unit}"
    return f"{x}{unit}"


def _interaction_floor(probe: dict) -> float | None:
    """What a decision's interactions alone cost at the floor command's rate (each one a
    trivial command answered once): the part of a decision no handler code can remove."""
    floor, n = get(probe, "floor_cpu", "median"), probe.get("interactions")
    if not isinstance(floor, int | float) or not isinstance(n, int | float):
        return None
    return float(floor) * float(n)


Row = tuple[str, str, str, str]


def _row(figure: str, target: str, measured: str, floor: str = "") -> Row:
    return (figure, target, measured, floor)


def table(r: dict[str, dict]) -> list[Row]:
    """(figure, target, measured, floor of the same run)."""
    return [
        *_decision_rows(r),
        *_host_rows(r),
        *_load_rows(r),
        *_render_rows(r),
        *_memory_rows(r),
    ]


def _decision_rows(r: dict[str, dict]) -> Iterator[Row]:
    """The bot's CPU per decision: probed one at a time after each load run, and under load."""
    for name in ("bazaar_think", "mixed_think", "bazaar_saturated", "mombasa_probe"):
        for title, p in get(r, name, "probe", default={}).items():
            yield _row(
                f"bot CPU per committed decision, one at a time ({title}; after {name})",
                "≤ 8 ms median",
                f"{fmt(get(p, 'bot_cpu', 'median'), ' ms')} (p95 {fmt(get(p, 'bot_cpu', 'p95'), ' ms')}); "
                f"render workers {fmt(get(p, 'workers_cpu', 'median'), ' ms')}; "
                f"{p.get('interactions')} interactions per decision; turn round trip alone: "
                f"median {fmt(get(p, 'turn_rtt', 'median'), ' ms')}",
                f"/game rules: {fmt(get(p, 'floor_cpu', 'median'), ' ms')} bot CPU, round trip "
                f"{fmt(get(p, 'floor_rtt', 'median'), ' ms')}; as many trivial interactions as "
                f"a decision takes: {fmt(_interaction_floor(p), ' ms')}",
            )
        if run := r.get(name):
            yield _row(
                f"bot CPU per decision under load, everything included ({name})",
                "(≤ 8 ms)",
                f"{fmt(run.get('bot_cpu_ms_per_decision'), ' ms')}; render workers "
                f"{fmt(run.get('workers_cpu_ms_per_decision'), ' ms')}",
            )


def _host_rows(r: dict[str, dict]) -> Iterator[Row]:
    """host_speed's figures per title: service CPU, transactions, reads, replay, size."""
    for title, h in r.get("host", {}).items():
        yield _row(
            f"service CPU per cached decision, in process ({title})",
            "",
            f"{fmt(get(h, 'decision_cpu_ms', 'median'), ' ms')} median "
            f"(wall {fmt(get(h, 'decision_ms', 'median'), ' ms')})",
        )
        yield _row(
            f"write transactions per decision ({title})",
            "1",
            f"{fmt(h.get('write_tx'), digits=0)} in the service (max {h.get('write_tx_max')}), "
            f"{fmt(h.get('write_sql'), digits=0)} statements in it; with the bot's timer "
            f"dispatcher: {fmt(h.get('bot_write_tx'), digits=0)}",
        )
        yield _row(
            f"read round trips per decision, cached game ({title})",
            "≤ 2",
            f"{fmt(h.get('read_sql'), digits=0)} queries in {fmt(h.get('read_tx'), digits=0)} "
            f"read transaction (max {h.get('read_sql_max')}; cold cache "
            f"{fmt(h.get('cold_read_sql'), digits=0)}); with the timer dispatcher "
            f"{fmt(h.get('bot_read_sql'), digits=0)}",
        )
        for g in h.get("games", [])[:1]:
            yield _row(
                f"replay of a whole game from its log ({title}, {g['actions']} actions)",
                "≤ 30 ms",
                f"{fmt(g['replay_ms'], ' ms')} with the reads "
                f"(rules alone {fmt(g['replay_rules_ms'], ' ms')})",
            )
            if title == "tidewater":
                yield _row(
                    "a finished 4-seat Tidewater game in SQLite",
                    "≤ 200 KB",
                    f"file after VACUUM {fmt(g['file_kb'], ' KB', 0)}; the game's actions + "
                    f"snapshots + deliveries {fmt(g['game_rows_kb'], ' KB', 0)}",
                )


def _load_rows(r: dict[str, dict]) -> Iterator[Row]:
    """The end-to-end load runs: round trips, late answers, saturated throughput."""
    specs = {
        "bazaar_think": ("50 bazaar games, 4 s thinking", "median ≤ 50 ms, p95 ≤ 150 ms"),
        "mixed_think": ("25 Tidewater + 25 Benares, 4 s thinking", "p95 ≤ 400 ms"),
        "bazaar_saturated": ("50 bazaar games, saturated", "p95 ≤ 1 s"),
    }
    for name, (what, target) in specs.items():
        if not (run := r.get(name)):
            continue
        t, f = run.get("turn_rtt", {}), run.get("floor_rtt", {})
        yield _row(
            f"{what}: turn round trip",
            target,
            f"median {fmt(t.get('median'), ' ms', 0)}, p95 {fmt(t.get('p95'), ' ms', 0)}, "
            f"max {fmt(t.get('max'), ' ms', 0)} at {fmt(run.get('decisions_per_s'), '/s')}; "
            f"{len(run.get('failures', []))} of {run.get('tables')} games failed",
            f"/game rules median {fmt(f.get('median'), ' ms')}, p95 {fmt(f.get('p95'), ' ms')}",
        )
        yield _row(
            f"{what}: interactions first answered after 3 s",
            "0" if name == "bazaar_saturated" else "",
            f"{run.get('late')} of {run.get('interactions')} {run.get('late_by_kind') or ''}",
        )
    if sat := r.get("bazaar_saturated"):
        yield _row(
            "saturated throughput (bazaar)",
            "≥ 60 decisions/s",
            fmt(sat.get("decisions_per_s"), "/s"),
        )


def _render_rows(r: dict[str, dict]) -> Iterator[Row]:
    for title, g in r.get("render", {}).items():
        if isinstance(g, dict):
            yield _row(
                f"board draw + encode ({title})",
                "≤ 60 ms median, ≤ 400 KB",
                f"{fmt(g['total_ms_median'], ' ms')} median (max {fmt(g['total_ms_max'], ' ms')}), "
                f"{fmt(g['kb_max'], ' KB', 0)} at most",
            )


def _memory_rows(r: dict[str, dict]) -> Iterator[Row]:
    if mem := r.get("memory"):
        a = mem.get("memory_after", {})
        yield _row(
            f"bot + render workers after {mem.get('finished')} Tidewater games, "
            f"{get(mem, 'args', 'stored')} stored",
            "≤ 200 MiB",
            f"RSS {fmt(a.get('rss_mib'), ' MiB')} summed (PSS {fmt(a.get('pss_mib'), ' MiB')}): "
            f"{a.get('detail')}; peak during the games: {get(mem, 'memory_peak', 'detail')}",
            f"idle RSS {fmt(get(mem, 'memory_idle', 'rss_mib'), ' MiB')}; a minimal discord.py "
            f"bot {fmt(mem.get('minimal_bot_rss_mib'), ' MiB')}",
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", help="folder for each run's output and JSON")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", default="", help="comma-separated run names")
    ap.add_argument("--table-only", action="store_true", help="rebuild the table from --out")
    args = ap.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix="boardroom-issue7-"))
    out.mkdir(parents=True, exist_ok=True)
    only = [x for x in args.only.split(",") if x]
    if args.table_only:
        results = {p.stem: json.loads(p.read_text()) for p in out.glob("*.json")}
    else:
        results = run_all(out, args.quick, only)
    print("\n| figure | target | measured | floor (same run) |\n|---|---|---|---|")
    for row in table(results):
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()

"""CPU and memory of a process and its descendants, read from /proc (Linux only).

The bot is one process; its render workers (`python -m bot.render_worker`) are its children. `tree(pid)` finds them by scanning /proc/*/stat for their parent id.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: int) -> list[str]:
    # the command name (field 2) may contain spaces and parentheses: split after the last ")"
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    """User + system CPU of the process so far (every thread, dead ones included), in clock
    ticks of usually 10 ms."""
    f = _stat_fields(pid)
    return (int(f[11]) + int(f[12])) / TICK


def cpu_ns(pid: int) -> int:
    """CPU time of the process's live threads in nanoseconds (sum of /proc/<pid>/task/*/
    schedstat): fine enough to time one decision, but blind to threads that already ended."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
            continue
    return total


def _status_kb(pid: int, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def rss_kb(pid: int) -> int:
    return _status_kb(pid, "VmRSS")


def pss_kb(pid: int) -> int:
    """Proportional set size: shared pages counted once across the processes sharing them."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (FileNotFoundError, PermissionError):
        pass
    return 0


def kind(pid: int) -> str:
    """ "render worker" or the program name."""
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except FileNotFoundError:
        return "gone"
    if "bot.render_worker" in cmd:
        return "render worker"
    return cmd.split(" ", 1)[0].rsplit("/", 1)[-1]


def descendants(pid: int) -> list[int]:
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int(_stat_fields(int(entry.name))[1])
        except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
            continue
        parents.setdefault(ppid, []).append(int(entry.name))
    out: list[int] = []
    todo = [pid]
    while todo:
        kids = parents.get(todo.pop(), [])
        out += kids
        todo += kids
    return out


@dataclass
class ProcInfo:
    pid: int
    kind: str
    cpu: float  # seconds (ticks)
    rss_kb: int
    pss_kb: int
    threads: int = 0


@dataclass
class Tree:
    """The bot process and its descendants at one moment."""

    bot: ProcInfo
    children: list[ProcInfo]

    def of(self, what: str) -> list[ProcInfo]:
        return [c for c in self.children if c.kind == what]

    def workers_cpu(self) -> float:
        return sum(c.cpu for c in self.of("render worker"))

    def rss_total_kb(self) -> int:
        return self.bot.rss_kb + sum(c.rss_kb for c in self.children)

    def pss_total_kb(self) -> int:
        return self.bot.pss_kb + sum(c.pss_kb for c in self.children)

    def describe_memory(self) -> str:
        parts = [f"bot {self.bot.rss_kb / 1024:.1f}"]
        for c in self.children:
            parts.append(f"{c.kind} {c.rss_kb / 1024:.1f}")
        return (
            f"RSS {self.rss_total_kb() / 1024:.1f} MiB ({', '.join(parts)}); "
            f"PSS {self.pss_total_kb() / 1024:.1f} MiB; bot threads {self.bot.threads}"
        )


def info(pid: int) -> ProcInfo:
    threads = _status_kb(pid, "Threads")
    return ProcInfo(pid, kind(pid), cpu_seconds(pid), rss_kb(pid), pss_kb(pid), threads)


def tree(pid: int) -> Tree:
    children = []
    for child in descendants(pid):
        try:
            children.append(info(child))
        except (FileNotFoundError, ProcessLookupError):
            continue
    return Tree(info(pid), children)


def speed_probe_ms(rounds: int = 3) -> float:
    """The machine's speed now: the fastest of `rounds` runs of one fixed pure-Python loop
    (ms). On a virtual machine it varies from minute to minute by a third or more; a figure
    measured beside it can be compared with one measured at another time."""
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i * i
        best = min(best, time.perf_counter() - t0)
    return best * 1000

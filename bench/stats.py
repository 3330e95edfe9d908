"""Small statistics helpers shared by the benchmarks."""

from __future__ import annotations

import statistics


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank), NaN without values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def summary(values: list[float], scale: float = 1000.0) -> dict[str, float]:
    """n, median, p95, max (values times `scale`: seconds -> ms by default)."""
    xs = [v * scale for v in values]
    if not xs:
        return {"n": 0}
    return {
        "n": len(xs),
        "median": round(statistics.median(xs), 2),
        "p95": round(pct(xs, 95), 2),
        "max": round(max(xs), 2),
    }


def describe(name: str, values: list[float], scale: float = 1000.0, unit: str = "ms") -> str:
    s = summary(values, scale)
    if not s["n"]:
        return f"{name}: no samples"
    return (
        f"{name}: n={s['n']} median={s['median']:.1f} {unit} p95={s['p95']:.1f} {unit} "
        f"max={s['max']:.1f} {unit}"
    )

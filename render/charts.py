"""Small charts for `/stats`, drawn in a fixed palette (render.canvas) and sized for a phone:
800 px wide (shown at about half that), text at least 22 px. Plain data in, PNG out, so they
can be drawn in a worker process (bot.catalog).

* `person_chart`: rating over time (one line per title) above the place distribution;
* `leaderboard_chart`: a title's best ratings as bars;
* `server_chart`: games finished per month, stacked by title.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from engine.text_board import alt_text
from render import canvas
from render.core import RenderedImage, encode, font
from render.palette import Palette

WIDTH = 800
BG = "#ffffff"
PANEL = "#f3f5f8"
INK = "#1f2933"
DIM = "#5a6675"
GRID = "#d5dbe2"
SERIES = ["#2f6db5", "#e07b39", "#3a9a5b", "#8e5bb5", "#c8423b"]
WHITE = "#ffffff"


def rgb_of(c: str) -> tuple[int, int, int]:
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def ink_ramp(fg: str, bg: str, steps: int = 15) -> list[tuple[int, int, int]]:
    (fr, fg_, fb), (br, bg_, bb) = rgb_of(fg), rgb_of(bg)
    return [
        (
            br + (fr - br) * i // steps,
            bg_ + (fg_ - bg_) * i // steps,
            bb + (fb - bb) * i // steps,
        )
        for i in range(steps + 1)
    ]


def _palette() -> Palette:
    colours = [rgb_of(c) for c in (BG, PANEL, INK, DIM, GRID, *SERIES)]
    for ink in (INK, DIM):
        for bg in (BG, PANEL):
            colours += ink_ramp(ink, bg)
    for s in SERIES:
        colours += ink_ramp(WHITE, s, 7) + ink_ramp(s, PANEL, 7)
    return Palette(colours)


PALETTE = _palette()


class _Chart:
    def __init__(self, height: int) -> None:
        self.image = canvas.new((WIDTH, height), BG, PALETTE)
        self.d = canvas.Draw(self.image, PALETTE)

    def panel(self, box: tuple[int, int, int, int], heading: str) -> None:
        self.d.rounded_rectangle(box, radius=14, fill=PANEL)
        face = font(28, True)
        heading = fit_text(heading, face, box[2] - box[0] - 40)
        self.d.text((box[0] + 20, box[1] + 14), heading, fill=INK, font=face)

    def done(self, stem: str, description: str = "") -> RenderedImage:
        return encode(canvas.finish(self.image, PALETTE), stem, alt_text([description]))


def fit_text(text: str, face: Any, width: float) -> str:
    """`text`, shortened with an ellipsis until it is at most `width` pixels wide."""
    while len(text) > 2 and face.getlength(text) > width:
        text = text[:-2].rstrip() + "…"
    return text


def _legend(chart: _Chart, box: tuple[int, int, int, int], names: Sequence[str]) -> None:
    """Coloured keys in a row under the heading, names shortened to fit."""
    small = font(22)
    names = list(names[: len(SERIES)])
    room = (box[2] - box[0] - 40) / max(len(names), 1) - 44
    x: float = box[0] + 20
    for n, name in enumerate(names):
        name = fit_text(name, small, room)
        chart.d.rectangle((x, box[1] + 60, x + 22, box[1] + 82), fill=SERIES[n])
        chart.d.text((x + 30, box[1] + 58), name, fill=INK, font=small)
        x += 30 + small.getlength(name) + 28


def _nice_range(lo: float, hi: float, step: int) -> tuple[int, int]:
    lo_, hi_ = int(lo // step * step), int(-(-hi // step) * step)
    if hi_ - lo_ < step:
        hi_ = lo_ + step
    return lo_, hi_


def _date(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%d %b %Y").lstrip("0")


def person_chart(
    heading: str,
    series: Sequence[tuple[str, Sequence[tuple[float, int]]]],
    places: Sequence[int],
    span: tuple[float, float] | None = None,
) -> RenderedImage:
    """`series`: (title name, [(x, rating)]) per title, x counting the person's rated games
    in the order played (the start, 1200, one step before the title's first); `span`: the unix
    times of the first and the last of those games (the axis labels); `places`: how often each
    place (1st, 2nd, ...) was taken."""
    chart = _Chart(660)
    _rating_panel(chart, (16, 16, WIDTH - 16, 380), f"Rating · {heading}", series, span)
    _places_panel(chart, (16, 396, WIDTH - 16, 644), places)
    return chart.done("stats", person_alt(heading, series, places))


def person_alt(
    heading: str, series: Sequence[tuple[str, Sequence[tuple[float, int]]]], places: Sequence[int]
) -> str:
    """The person chart's alt text, from the data it draws: each title's latest rating over
    its rated games, and how often each place was taken."""
    ratings = [
        f"{name} {points[-1][1]:,} after {_count(len(points) - 1, 'rated game')}"
        for name, points in series
        if points
    ]
    taken = [f"{_ordinal(i + 1)} {_count(n, 'time')}" for i, n in enumerate(places) if n]
    return (
        f"Ratings of {heading}: {'; '.join(ratings) or 'no rated game yet'}. "
        f"Places: {', '.join(taken) or 'no finished game yet'}."
    )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n:,} {noun}s"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _rating_panel(
    chart: _Chart,
    box: tuple[int, int, int, int],
    heading: str,
    series: Sequence[tuple[str, Sequence[tuple[float, int]]]],
    span: tuple[float, float] | None,
) -> None:
    d = chart.d
    chart.panel(box, heading)
    small = font(22)
    left, top, right, bottom = box[0] + 90, box[1] + 104, box[2] - 30, box[3] - 48
    points = [p for _, pts in series for p in pts]
    if len(points) < 2:
        d.text((box[0] + 20, box[1] + 150), "No rated game yet.", fill=DIM, font=font(26))
        return
    _legend(chart, box, [f"{name} {pts[-1][1]}" for name, pts in series])
    x0, x1 = min(p[0] for p in points), max(p[0] for p in points)
    lo, hi = min(p[1] for p in points), max(p[1] for p in points)
    step = 25 if hi - lo <= 75 else 50 if hi - lo <= 200 else 100 if hi - lo <= 500 else 200
    r0, r1 = _nice_range(lo - step / 2, hi + step / 2, step)

    def xy(x: float, r: float) -> tuple[float, float]:
        px = left + (right - left) * ((x - x0) / (x1 - x0) if x1 > x0 else 0.5)
        return px, bottom - (bottom - top) * (r - r0) / (r1 - r0)

    for r in range(r0, r1 + 1, step):
        y = xy(x0, r)[1]
        d.line((left, y, right, y), fill=GRID, width=2)
        d.text((left - 12, y), str(r), fill=DIM, font=small, anchor="rm")
    if span is not None:
        first, last = _date(span[0]), _date(span[1])
        d.text((left, bottom + 10), first, fill=DIM, font=small, anchor="la")
        if last != first:
            d.text((right, bottom + 10), last, fill=DIM, font=small, anchor="ra")
    for n, (_, pts) in enumerate(series[: len(SERIES)]):
        line = [xy(x, r) for x, r in pts]
        if len(line) > 1:
            d.line(line, fill=SERIES[n], width=4, joint="curve")
        x, y = line[-1]
        d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=SERIES[n])


def _places_panel(chart: _Chart, box: tuple[int, int, int, int], places: Sequence[int]) -> None:
    d = chart.d
    total = sum(places)
    chart.panel(box, f"Places · {total} game{'s' if total != 1 else ''}")
    if not total:
        d.text((box[0] + 20, box[1] + 110), "No finished game yet.", fill=DIM, font=font(26))
        return
    small, label = font(22), font(24, True)
    n = max(len(places), 1)
    left, right = box[0] + 30, box[2] - 30
    top, bottom = box[1] + 76, box[3] - 40
    slot = (right - left) / n
    width = min(110.0, slot * 0.7)
    high = max(places)
    for i, count in enumerate(places):
        cx = left + slot * (i + 0.5)
        h = (bottom - top - 30) * count / high if high else 0
        colour = SERIES[1] if i == 0 else SERIES[0]
        if h > 0:
            d.rectangle((cx - width / 2, bottom - h, cx + width / 2, bottom), fill=colour)
        d.text((cx, bottom - h - 4), str(count), fill=INK, font=label, anchor="md")
        d.text((cx, bottom + 6), _ordinal(i + 1), fill=DIM, font=small, anchor="ma")


def leaderboard_chart(heading: str, rows: Sequence[tuple[str, int, int]]) -> RenderedImage:
    """`rows`: (label, rating, rated games), best first (at most 10 are drawn)."""
    rows = list(rows[:10])
    chart = _Chart(150 + 52 * max(len(rows), 1))
    box = (16, 16, WIDTH - 16, chart.image.height - 16)
    chart.panel(box, heading)
    d = chart.d
    if not rows:
        d.text((box[0] + 20, box[1] + 80), "No rated game yet.", fill=DIM, font=font(26))
        return chart.done("stats", f"{heading}: no rated game yet.")
    small, label = font(22), font(24, True)
    lo = min(r for _, r, _ in rows) - 50
    hi = max(r for _, r, _ in rows)
    left, right = box[0] + 210, box[2] - 230
    for i, (name, rating, games) in enumerate(rows):
        y = box[1] + 70 + i * 52
        tag = fit_text(f"{i + 1}. {name}", label, left - box[0] - 34)
        d.text((box[0] + 20, y + 20), tag, fill=INK, font=label, anchor="lm")
        w = (right - left) * (rating - lo) / max(hi - lo, 1)
        d.rectangle((left, y + 4, left + max(w, 4), y + 36), fill=SERIES[0 if i else 1])
        d.text((left + max(w, 4) + 10, y + 20), str(rating), fill=INK, font=label, anchor="lm")
        d.text((box[2] - 20, y + 20), f"{games} games", fill=DIM, font=small, anchor="rm")
    shown = "; ".join(
        f"{i + 1}. {n or 'unnamed'} {r:,} ({_count(g, 'game')})" for i, (n, r, g) in enumerate(rows)
    )
    return chart.done("stats", f"{heading}, ratings best first: {shown}.")


def server_chart(
    heading: str, months: Sequence[str], stacks: Sequence[tuple[str, Sequence[int]]]
) -> RenderedImage:
    """Games finished per month: `months` ("2026-11"), and per title (name, counts)."""
    chart = _Chart(480)
    box = (16, 16, WIDTH - 16, 464)
    chart.panel(box, heading)
    d = chart.d
    totals = [sum(s[1][i] for s in stacks) for i in range(len(months))]
    if not months or not any(totals):
        d.text((box[0] + 20, box[1] + 110), "No finished game yet.", fill=DIM, font=font(26))
        return chart.done("stats", f"{heading}: no finished game yet.")
    small = font(22)
    _legend(chart, box, [name for name, _ in stacks])
    left, right, top, bottom = box[0] + 30, box[2] - 30, box[1] + 130, box[3] - 44
    slot = (right - left) / len(months)
    width = slot * 0.7
    high = max(totals)
    for i, month in enumerate(months):
        cx = left + slot * (i + 0.5)
        y = float(bottom)
        for n, (_, counts) in enumerate(stacks[: len(SERIES)]):
            h = (bottom - top - 30) * counts[i] / high
            if h > 0:
                d.rectangle((cx - width / 2, y - h, cx + width / 2, y), fill=SERIES[n])
            y -= h
        d.text((cx, y - 4), str(totals[i]), fill=INK, font=font(22, True), anchor="md")
        if len(months) <= 8 or (len(months) - 1 - i) % 2 == 0:
            when = datetime.strptime(month, "%Y-%m").strftime("%b")
            d.text((cx, bottom + 6), when, fill=DIM, font=small, anchor="ma")
    return chart.done("stats", server_alt(heading, months, stacks, totals))


def server_alt(
    heading: str,
    months: Sequence[str],
    stacks: Sequence[tuple[str, Sequence[int]]],
    totals: Sequence[int],
) -> str:
    """The server chart's alt text, from the data it draws: the games of each month, and of
    each title over them all."""
    per_month = ", ".join(
        f"{datetime.strptime(m, '%Y-%m').strftime('%B %Y')} {n}"
        for m, n in zip(months, totals, strict=True)
    )
    per_title = ", ".join(f"{name} {sum(counts)}" for name, counts in stacks)
    return f"{heading}: {per_month}. By game: {per_title}."

"""The /stats charts: PNGs in the fixed palette, 800 px wide, with data and without."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import charts


def png(image) -> Image.Image:  # noqa: ANN001
    img = Image.open(io.BytesIO(image.data))
    img.load()
    assert img.format == "PNG" and img.mode == "P" and img.width == charts.WIDTH
    return img


@pytest.mark.parametrize(
    "series, places, span",
    [
        ([], [], None),
        ([("Tidewater Lines", [(0, 1200), (1, 1230)])], [1], (1.7e9, 1.7e9)),
        (
            [
                ("A long title name of a game", [(0, 1200), (2, 1180)]),
                ("B", [(0, 1200), (1, 1260)]),
            ],
            [3, 0, 2, 1],
            (1.7e9, 1.8e9),
        ),
    ],
)
def test_person_chart(series, places, span):
    assert png(charts.person_chart("A person with a very long display name", series, places, span))


def test_leaderboard_and_server_charts():
    rows = [(f"Player {n}" if n % 2 else "", 1400 - 30 * n, n + 1) for n in range(12)]
    assert png(charts.leaderboard_chart("Bazaar · leaderboard", rows)).height > 500
    assert png(charts.leaderboard_chart("Bazaar · leaderboard", []))
    months = [f"2026-{m:02d}" for m in range(1, 13)]
    stacks = [("Tidewater Lines", list(range(12))), ("Mombasa", [1] * 12)]
    assert png(charts.server_chart("Games", months, stacks))
    assert png(charts.server_chart("Games", [], []))

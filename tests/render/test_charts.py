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


def test_each_chart_describes_the_data_it_draws():
    """Each chart's alt text (Discord's attachment description) tells what it draws."""
    series = [("Tidewater Lines", [(0, 1200), (1, 1230), (2, 1251)]), ("Mombasa", [(2, 1200)])]
    person = charts.person_chart("Alice", series, [1, 0, 1], (1.7e9, 1.8e9))
    assert person.description == (
        "Ratings of Alice: Tidewater Lines 1,251 after 2 rated games; Mombasa 1,200 after 0 "
        "rated games. Places: 1st 1 time, 3rd 1 time."
    )
    assert charts.person_chart("Bob", [], [], None).description == (
        "Ratings of Bob: no rated game yet. Places: no finished game yet."
    )
    rows = [("Alice", 1532, 12), ("", 1468, 1)]
    board = charts.leaderboard_chart("Bazaar · leaderboard", rows)
    assert board.description == (
        "Bazaar · leaderboard, ratings best first: 1. Alice 1,532 (12 games); "
        "2. unnamed 1,468 (1 game)."
    )
    assert charts.leaderboard_chart("X", []).description == "X: no rated game yet."
    server = charts.server_chart("Games", ["2026-10", "2026-11"], [("Mombasa", [2, 1])])
    assert server.description == "Games: October 2026 2, November 2026 1. By game: Mombasa 3."
    many = [(f"Player {n} " + "x" * 80, 1400 - n, 3) for n in range(40)]
    long = charts.leaderboard_chart("Long", many).description
    assert 0 < len(long) <= 1024 and long.endswith("…")

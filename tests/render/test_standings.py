"""The event standings image: a landscape PNG in its fixed palette, large type, the top three
marked, long tables cut with a count, and alt text of the standings in words."""

from __future__ import annotations

import io

from PIL import Image

from render import canvas, standings

TWO = [("Alice", 4.0, 2.0, 0.62, 2, 0), ("Bob", 0.0, 4.0, 0.38, 2, 0)]
FORTY = [(f"Player {n}", 40.0 - n, 100.0 - n, 0.5, 3, n % 7 == 0) for n in range(40)]


def draw(rows, stage="final"):  # noqa: ANN001, ANN201
    with canvas.texts() as drawn:
        image = standings.standings_image("Winter Cup", "Bazaar", stage, rows)
    img = Image.open(io.BytesIO(image.data))
    img.load()
    return image, img, drawn


def test_two_entrants():
    image, img, drawn = draw(TWO, "after round 2 of 3")
    assert img.format == "PNG" and img.mode == "P"
    assert img.width == standings.WIDTH and img.width > img.height
    assert min(size for size, _ in drawn) >= 28  # ~10 px when shown 400 px wide
    texts = [t for _, t in drawn]
    assert "Winter Cup · Bazaar" in texts and "standings after round 2 of 3" in texts
    assert "Alice" in texts and "62%" in texts and "4" in texts
    assert image.description.startswith("Winter Cup · Bazaar, standings after round 2 of 3: ")
    assert "1. Alice (gold) 4 pts, opponents 2, share 62%, 2 games" in image.description
    assert "2. Bob (silver)" in image.description


def test_forty_entrants_in_two_columns_cut_with_a_count():
    rows = [(n, p, o, s, g, int(b)) for n, p, o, s, g, b in FORTY]
    image, img, drawn = draw(rows)
    assert img.width == standings.WIDTH and img.width > img.height
    assert min(size for size, _ in drawn) >= 28
    texts = [t for _, t in drawn]
    assert "Player 23" in texts and "Player 24" not in texts
    assert any(t.startswith("… and 16 more") for t in texts)
    assert len(image.description) <= 1024
    assert image.description.startswith("Winter Cup · Bazaar, final standings: 1. Player 0 (gold)")
    assert image.description.endswith("more.")


def test_nobody_yet():
    image, img, drawn = draw([], "after round 0 of 2")
    assert "Nobody has played yet." in [t for _, t in drawn]
    assert image.description.endswith("nobody has played yet.")


def test_a_season_has_no_opponents_column():
    season = [("Alice", 6.0, None, 0.6, 3, 0), ("Bob", 2.0, None, 0.4, 3, 0)]
    image, _, drawn = draw(season, "season so far")
    texts = [t for _, t in drawn]
    assert "opp." not in texts and "pts" in texts
    assert "1. Alice (gold) 6 pts, share 60%, 3 games" in image.description
    assert "opponents" not in image.description
    _, _, with_opponents = draw(TWO)
    assert "opp." in [t for _, t in with_opponents]

"""The Bazaar renderer: images decode, and public images depend on the public view only."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.rng import Rng
from render import registry
from render.core import encode
from tests.titles.bazaar import TITLE, BazaarState
from tests.titles.bazaar_render import HIGHLIGHT, RENDERER


def decode_png(image: Image.Image) -> Image.Image:
    rendered = encode(image)
    assert rendered.filename.endswith(".png")
    assert rendered.data.startswith(b"\x89PNG\r\n\x1a\n")
    out = Image.open(io.BytesIO(rendered.data))
    out.load()
    assert out.format == "PNG"
    return out


def advance(state: BazaarState, steps: int, seed: int = 0) -> BazaarState:
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if TITLE.result(state) is not None:
            break
        seat = TITLE.prompts(state)[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, rng))
    return state


@pytest.mark.parametrize("steps", [0, 5, 9, 10_000])  # bidding, mid-turn, after a sale, over
def test_board_renders_decode_as_png(steps: int) -> None:
    state = advance(TITLE.setup(4, 4, {"rounds": "2"}), steps)
    spectator = decode_png(RENDERER.board(TITLE.view(state, None)))
    assert spectator.width >= 600 and spectator.height >= 400
    for seat in range(4):
        view = TITLE.view(state, seat)
        decode_png(RENDERER.board(view))
        panel = decode_png(RENDERER.board(view, area=seat))
        assert panel.width < spectator.width and panel.height < spectator.height
        hand = RENDERER.hand(view, seat)
        assert hand is not None
        decode_png(hand)


def test_hand_needs_the_seats_own_view() -> None:
    state = TITLE.setup(4, 3, {})
    assert RENDERER.hand(TITLE.view(state, None), 0) is None
    assert RENDERER.hand(TITLE.view(state, 1), 0) is None
    state.seats[0].hand = []
    decode_png(RENDERER.hand(TITLE.view(state, 0), 0))  # an empty hand still draws


def test_spectator_image_ignores_hidden_hands() -> None:
    a = advance(TITLE.setup(12, 3, {}), 9)
    b = TITLE.copy(a)
    b.seats[0].hand, b.deck[:2] = b.deck[:2] + b.seats[0].hand[2:], b.seats[0].hand[:2]
    assert a.seats[0].hand != b.seats[0].hand
    assert (
        RENDERER.board(TITLE.view(a, None)).tobytes()
        == RENDERER.board(TITLE.view(b, None)).tobytes()
    )
    hand_a, hand_b = RENDERER.hand(TITLE.view(a, 0), 0), RENDERER.hand(TITLE.view(b, 0), 0)
    assert hand_a.tobytes() != hand_b.tobytes()


def test_last_move_is_highlighted() -> None:
    state = TITLE.setup(4, 2, {})
    for seat in (0, 1):
        TITLE.apply(state, seat, "bid:0")
    seat = state.order[0]
    before = RENDERER.board(TITLE.view(state, None))
    TITLE.apply(state, seat, f"sell:{state.seats[seat].hand[0].key}:1")
    assert "stall:1" in state.last_action
    after = RENDERER.board(TITLE.view(state, None)).convert("RGB")
    before = before.convert("RGB")
    # Stall 1 is the top-left cell of the grid: its frame turns to the highlight colour.
    corner = (16, 64, 16 + 104, 64 + 78)
    assert HIGHLIGHT in {c for _, c in after.crop(corner).getcolors(1 << 16)}
    assert HIGHLIGHT not in {c for _, c in before.crop(corner).getcolors(1 << 16)}


def test_renderer_loads_by_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_RENDERERS", {})
    assert registry.load_path("tests.titles.bazaar_render:RENDERER") is RENDERER
    assert registry.get("bazaar") is RENDERER and RENDERER.slug == TITLE.slug

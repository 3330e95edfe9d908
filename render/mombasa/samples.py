"""Representative Mombasa states and the sample images.

python -m render.mombasa.samples docs/images

`mid_state` arranges a mid-game state by hand from a real setup (the rules are being written
alongside); once the Title plays, `played_state` advances a game with random moves instead.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PIL import Image

from engine.mombasa import bases, setup
from engine.mombasa.data import data
from engine.mombasa.state import BookPos, SlotCard, State, TrackBonus
from engine.mombasa.view import build
from render.core import encode
from render.mombasa import RENDERER


def fresh(seats: int, seed: int = 1) -> State:
    return setup.new_game(seed, seats, {})


def planning_state(seats: int, seed: int = 1) -> State:
    st = fresh(seats, seed)
    for p in st.players:
        p.start_choice = 0
    setup.apply_start_tiles(st)
    return st


def mid_state(seats: int, seed: int = 1) -> State:
    """Round 3, action phase: revealed action areas, posts on the map, markers on tracks."""
    st = planning_state(seats, seed)
    st.round, st.phase, st.turn = 3, "action", 1 % seats
    areas = list(st.map)
    for i, comp in enumerate(st.sides):
        for k in range(2 + i):
            st.map[areas[(i * 7 + k * 3) % len(areas)]] = comp
            bases.take_post(
                st, comp, bases.take_columns(st, comp)[k % len(bases.take_columns(st, comp))]
            )
    for seat, p in enumerate(st.players):
        p.cash = 5 + 3 * seat
        for j, comp in enumerate(st.sides):
            p.track[comp] = (seat * 3 + j * 4 + 1) % 15
        for comp, side in st.sides.items():
            for sp in data().sides[side].special_spaces:
                if p.track[comp] >= sp.space:
                    st.arrivals[comp][sp.index].append(seat)
                    p.bonuses.append(TrackBonus(comp, sp.index, active=seat != st.turn))
        p.bonuses = p.bonuses[:3]
        # bought a card from the display into the hand, then revealed three cards
        row, col = seat % 3, 2 - seat // 3
        if st.display[row][col]:
            p.hand.append(st.display[row][col])
            st.display[row][col] = ""
        cards = [c for c in p.hand][:3]
        for slot, cid in zip((2, 3, 4), cards, strict=False):
            p.hand.remove(cid)
            p.slots[slot - 1] = SlotCard(cid, face_up=slot != 2 or seat % 2 == 0)
        p.diamond = 2 + seat
        p.ink = 2 + seat % 2
        letters = ["A", "A", "B"][: 1 + seat % 3]
        for k, letter in enumerate(letters):
            p.books[1 + k] = BookPos(st.book_display[letter].pop(0), face_up=k != 1)
            setup.refill_book_row(st, letter)
        if seat == 0:
            p.unlocked.append(1)
    spaces = [s for s in st.bonus_spaces if not s.startswith("track:")]
    for seat in range(seats):
        sid = spaces[(seat * 3) % len(spaces)]
        st.bonus_spaces[sid] = seat
        st.players[seat].markers -= 1
        st.players[seat].markers_placed.append(sid)
    st.bonus_tiles["T2"] = "seat:0"
    st.players[0].tile = "T2"
    st.players[0].tile_in_area, st.players[0].tile_face = True, 1
    st.discard = [st.deck.pop(0) for _ in range(3)]
    t = st.turn
    comp = next(iter(st.sides))
    st.last = [f"track:{comp}:{t}", f"area:{areas[0]}", f"cash:{t}", f"slot:{t}:3", f"base:{comp}"]
    name = st.players[t].colour.capitalize()
    st.last_text = [f"{name} expands Mombasa into {areas[0]} (+£2) and moves 2 on its track."]
    return st


def played_state(seats: int, seed: int, steps: int) -> State | None:
    """A game advanced by random moves, when the Title plays (else None)."""
    try:
        from engine.core import random_move
        from engine.mombasa import TITLE  # type: ignore[attr-defined]
        from engine.rng import Rng
    except ImportError:
        return None
    st = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    try:
        for _ in range(steps):
            prompts = TITLE.prompts(st)
            if not prompts:
                break
            seat = prompts[0].seat
            TITLE.apply(st, seat, random_move(TITLE, st, seat, rng))
    except Exception:  # the rules are still being written: fall back to the arranged state
        return None
    return st if st.phase in ("action", "planning", "preparation") and st.round > 1 else None


def phone(image: Image.Image, width: int = 400) -> Image.Image:
    rgb = image.convert("RGB")
    return rgb.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)


def main(argv: list[str]) -> None:
    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    st = played_state(4, 3, 150) or mid_state(4, 3)
    seat = 0
    board = RENDERER.board(build(st, None))
    private = RENDERER.hand(build(st, seat), seat)
    shots = {"mombasa-board": board, "mombasa-private": private}
    for name, image in shots.items():
        t = time.perf_counter()
        data = encode(image, name).data
        ms = (time.perf_counter() - t) * 1000
        (out / f"{name}.png").write_bytes(data)
        print(f"{name}.png {image.width}x{image.height} {len(data) // 1024} KiB ({ms:.0f} ms)")
    small = phone(board)
    small.save(out / "mombasa-board-phone.png", optimize=True)
    print(f"mombasa-board-phone.png {small.width}x{small.height}")


if __name__ == "__main__":
    main(sys.argv[1:])

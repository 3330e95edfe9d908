"""Representative Mombasa states and the sample images, from real (bot-played) games.

python -m render.mombasa.samples docs/images

`play` advances a seeded game with the title's automatic player; `mid_game`, `planning_game`
and `final_game` pick the positions the sample images show. `mid_state` / `planning_state`
arrange positions by hand from a real setup (tests use them for exact, small fixtures).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from engine.mombasa import TITLE, bases, setup
from engine.mombasa.data import data
from engine.mombasa.state import BookPos, SlotCard, State, TrackBonus
from engine.mombasa.viewer import build
from engine.rng import Rng
from render.core import encode
from render.mombasa import RENDERER


# ---- real play ---------------------------------------------------------------------------------
def play(
    seed: int, seats: int, until: Callable[[State, int], bool] | None = None, options=None
) -> State:
    """A game advanced by `TITLE.bot_choice` until `until(state, moves)` holds (or the end)."""
    st = TITLE.setup(seed, seats, options or {})
    rng = Rng.from_seed(seed)
    n = 0
    while not (until and until(st, n)):
        prompts = TITLE.prompts(st)
        if not prompts:
            break
        seat = prompts[0].seat
        TITLE.apply(st, seat, TITLE.bot_choice(st, seat, rng))
        n += 1
    return st


def positions(seed: int, seats: int, every: int = 1) -> list[State]:
    """Copies of every `every`-th position of a whole bot-played game, the final one included."""
    st = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    out = [TITLE.copy(st)]
    n = 0
    while prompts := TITLE.prompts(st):
        seat = prompts[0].seat
        TITLE.apply(st, seat, TITLE.bot_choice(st, seat, rng))
        n += 1
        if n % every == 0:
            out.append(TITLE.copy(st))
    if n % every:
        out.append(TITLE.copy(st))
    return out


def mid_game(seed: int = 3, seats: int = 4, round_: int = 4, turns: int = 6) -> State:
    """Round `round_`'s action phase, at least `turns` moves in, just after an expansion (so the
    map, a base and a track are highlighted)."""

    def hit(st: State, n: int) -> bool:
        if st.round != round_ or st.phase != "action":
            return False
        hit.count += 1  # type: ignore[attr-defined]
        return hit.count > turns and any(k.startswith("area:") for k in st.last)  # type: ignore[attr-defined]

    hit.count = 0  # type: ignore[attr-defined]
    return play(seed, seats, hit)


def planning_game(seed: int = 3, seats: int = 4, round_: int = 3, planned: int = 2) -> State:
    """Round `round_`'s planning phase once `planned` seats have confirmed their plans."""
    return play(
        seed,
        seats,
        lambda st, n: (
            st.round == round_
            and st.phase == "planning"
            and sum(p.plan.confirmed for p in st.players) >= planned
        ),
    )


def final_game(seed: int = 3, seats: int = 4) -> State:
    return play(seed, seats)


# ---- arranged positions (test fixtures) ----------------------------------------------------------
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


# ---- the images ----------------------------------------------------------------------------------
def phone(image: Image.Image, width: int = 400) -> Image.Image:
    rgb = image.convert("RGB")
    return rgb.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)


def main(argv: list[str]) -> None:
    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    mid = mid_game()
    plan = planning_game()
    end = final_game()
    seat = mid.turn
    shots = {
        "mombasa-board": RENDERER.board(build(mid, None)),
        "mombasa-planning": RENDERER.board(build(plan, None)),
        "mombasa-final": RENDERER.board(build(end, None)),
        "mombasa-private": RENDERER.hand(build(plan, 0), 0),
        "mombasa-player": RENDERER.board(build(mid, None), area=seat),
    }
    for name, image in shots.items():
        assert image is not None
        t = time.perf_counter()
        blob = encode(image, name).data
        ms = (time.perf_counter() - t) * 1000
        (out / f"{name}.png").write_bytes(blob)
        small = phone(image)
        small.save(out / f"{name}-phone.png", optimize=True)
        print(
            f"{name}.png {image.width}x{image.height} {len(blob) // 1024} KiB "
            f"(encode {ms:.0f} ms); phone {small.width}x{small.height}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

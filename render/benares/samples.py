"""Writes representative Benares & Calcutta images, played by the engine's automatic player.

python -m render.benares.samples docs/images
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from engine.benares import TITLE
from engine.rng import Rng
from render.benares import RENDERER
from render.core import encode


def play(seed: int, seats: int, steps: int | None = None):
    """A game advanced by bot choices: `steps` decisions, or to the end when None."""
    state = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    taken = 0
    while steps is None or taken < steps:
        prompts = TITLE.prompts(state)
        if not prompts:
            break
        seat = prompts[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, rng))
        taken += 1
    return state


def first_action_turn(seed: int, seats: int):
    """The state just after every boat is placed: the start of round 1's Action phase."""
    state = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    while state.phase == "boats":
        seat = TITLE.prompts(state)[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, rng))
    return state


def total_steps(seed: int, seats: int) -> int:
    state = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    n = 0
    while prompts := TITLE.prompts(state):
        seat = prompts[0].seat
        TITLE.apply(state, seat, TITLE.bot_choice(state, seat, rng))
        n += 1
    return n


def main(argv: list[str]) -> None:
    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    seed = 3
    mid = play(seed, 4, total_steps(seed, 4) * 2 // 3)
    shots = {
        "benares-start-4p": RENDERER.board(TITLE.view(first_action_turn(seed, 4), None)),
        "benares-start-2p": RENDERER.board(TITLE.view(first_action_turn(seed, 2), None)),
        "benares-mid-4p": RENDERER.board(TITLE.view(mid, None)),
        "benares-company": RENDERER.board(TITLE.view(mid, None), area=TITLE.prompts(mid)[0].seat),
        "benares-end-3p": RENDERER.board(TITLE.view(play(seed, 3), None)),
    }
    seat = TITLE.prompts(mid)[0].seat
    hand = RENDERER.hand(TITLE.view(mid, seat), seat)
    if hand is not None:
        shots["benares-hand"] = hand
    for name, image in shots.items():
        t = time.perf_counter()
        data = encode(image, name).data
        ms = (time.perf_counter() - t) * 1000
        (out / f"{name}.png").write_bytes(data)
        print(
            f"{name}.png {image.width}x{image.height} {len(data) // 1024} KiB (encode {ms:.0f} ms)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

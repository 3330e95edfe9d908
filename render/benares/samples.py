"""Writes representative Benares & Calcutta images, played by the engine's automatic player,
each with a 400 px wide preview (`<name>-phone.png`) of how it reads on a phone.

python -m render.benares.samples docs/images
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from engine.benares import TITLE
from engine.benares.view import BenaresView
from engine.rng import Rng
from render.benares import RENDERER
from render.core import encode
from render.mombasa.samples import phone


class Game:
    """A game advanced by bot choices."""

    def __init__(self, seed: int, seats: int) -> None:
        self.state = TITLE.setup(seed, seats, {})
        self.rng = Rng.from_seed(seed)

    def step(self) -> bool:
        prompts = TITLE.prompts(self.state)
        if not prompts:
            return False
        seat = prompts[0].seat
        TITLE.apply(self.state, seat, TITLE.bot_choice(self.state, seat, self.rng))
        return True

    def view(self, seat: int | None = None) -> BenaresView:
        return TITLE.view(self.state, seat)


def game(seed: int, seats: int, steps: int | None = None) -> Game:
    """`steps` decisions into a game, or to its end when None."""
    g = Game(seed, seats)
    taken = 0
    while (steps is None or taken < steps) and g.step():
        taken += 1
    return g


def play(seed: int, seats: int, steps: int | None = None):
    """The state `steps` decisions into a bot-played game (to the end when None)."""
    return game(seed, seats, steps).state


def first_action_turn(seed: int, seats: int):
    """The state just after every boat is placed: the start of round 1's Action phase."""
    return first_action_game(seed, seats).state


def first_action_game(seed: int, seats: int) -> Game:
    g = Game(seed, seats)
    while g.state.phase == "boats":
        g.step()
    return g


def total_steps(seed: int, seats: int) -> int:
    g = Game(seed, seats)
    n = 0
    while g.step():
        n += 1
    return n


def main(argv: list[str]) -> None:
    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    seed = 3
    mid = game(seed, 4, total_steps(seed, 4) * 2 // 3)
    seat = mid.view().current
    shots = {
        "benares-start-4p": RENDERER.board(first_action_game(seed, 4).view()),
        "benares-start-2p": RENDERER.board(first_action_game(seed, 2).view()),
        "benares-mid-4p": RENDERER.board(mid.view()),
        "benares-company": RENDERER.board(mid.view(), area=seat),
        "benares-end-3p": RENDERER.board(game(seed, 3).view()),
    }
    if seat is not None:
        hand = RENDERER.hand(mid.view(seat), seat)
        if hand is not None:
            shots["benares-hand"] = hand
    for name, image in shots.items():
        t = time.perf_counter()
        data = encode(image, name).data
        ms = (time.perf_counter() - t) * 1000
        (out / f"{name}.png").write_bytes(data)
        small = phone(image)
        small.save(out / f"{name}-phone.png", optimize=True)
        print(
            f"{name}.png {image.width}x{image.height} {len(data) // 1024} KiB "
            f"(encode {ms:.0f} ms); phone {small.width}x{small.height}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

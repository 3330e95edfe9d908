"""What `python -m bot.local` prints as a game goes on: every move's public lines, one move at
a time (a long chain of automatic players' moves included, never cut), and a board image each
time the public board changed. The boards are those `/game replay` shows: drawn from the
spectator view of the state after each move, so hot seat never shows a hand on them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from bot.results import Outcome
from bot.service import GameService
from bot.service.replay import PLAYED, Frame


class MoveLog:
    """Prints the moves committed since the last call, waiting `delay` seconds after each
    automatic player's move (so a game of automatic players can be watched)."""

    def __init__(
        self, service: GameService, out: Path, say: Callable[[str], None], delay: float = 0.0
    ) -> None:
        self.service = service
        self.out = out
        self.say = say
        self.delay = delay
        #: The live moves printed so far (None: nothing printed yet for this game).
        self.shown: int | None = None
        self.last_board: bytes | None = None
        service.replay_states.warm = False  # one reader, moving forward: nothing to warm

    async def show(self, outcome: Outcome) -> None:
        pending = outcome.public_lines()
        if outcome.game.status not in PLAYED or outcome.game.version == 0:
            self._lines(pending)
            return
        game_id = outcome.game.id
        latest = await self.service.replay_of(game_id)
        if self.shown is None or latest.total <= self.shown:
            # the start, a resumed game, or moves taken back: the lines and the board now
            self._lines(pending)
            self._board(latest)
            self.shown = latest.total
            return
        for move in range(self.shown + 1, latest.total + 1):
            frame = latest if move == latest.total else await self.service.replay_of(game_id, move)
            pending = self._move_lines(pending, frame.lines)
            self._board(frame)
            self.shown = move
            if self.delay and frame.user_id is None and frame.move < latest.total:
                await asyncio.sleep(self.delay)
        self._lines(pending)  # (nothing left, unless a move's lines were not found)

    def _move_lines(self, pending: list[str], lines: list[str]) -> list[str]:
        """Print the outcome's lines up to the end of this move's own (lines of the outcome
        before them, such as a note that a seat changed hands, come first); the rest."""
        at = _find(pending, lines)
        if at is None:
            self._lines(lines)
            return pending
        end = at + len(lines)
        self._lines(pending[:end])
        return pending[end:]

    def _lines(self, lines: list[str]) -> None:
        for line in lines:
            self.say(f"  · {line}")

    def _board(self, frame: Frame) -> None:
        """Write the board after `frame`'s move, unless it looks as the last one written."""
        image = frame.image
        if image.data == self.last_board:
            return
        self.last_board = image.data
        path = self.out / f"game{frame.game.id}-move{frame.move:04d}-{image.filename}"
        path.write_bytes(image.data)
        self.say(f"  [board: {path}]")


def _find(pending: list[str], lines: list[str]) -> int | None:
    """Where `lines` begin in `pending` (0 for no lines), None if they are not there."""
    for at in range(len(pending) - len(lines) + 1):
        if pending[at : at + len(lines)] == lines:
            return at
    return None

"""The game rows (with their seats) this process read last, so the steps of a move (a private
menu, a draft step, autocomplete) need no read round trip.

A cached row is never the ground for a commit: a complete move reads its game afresh. Every
write transaction of this process drops what it may have changed (`Core.tx`), and an
entry lives at most `ttl` seconds, which bounds how long a write by another process (another
shard, the admin CLI) can go unseen in a menu. A read that raced a write is not stored: each
drop bumps a generation that the reader took before its statement."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from bot.db.models import Game, Seat


@dataclass(frozen=True)
class Row:
    game: Game
    seats: list[Seat]
    at: float


class RowCache:
    def __init__(
        self, size: int = 256, ttl: float = 30.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.size = size
        self.ttl = ttl
        self._clock = clock
        self._rows: OrderedDict[int, Row] = OrderedDict()
        #: channel id -> the live game a cached row says is there
        self._channels: dict[int, int] = {}
        self._generation = 0

    def generation(self) -> int:
        """Take before a read's statement; hand back to `put`."""
        return self._generation

    def get(self, game_id: int) -> Row | None:
        row = self._rows.get(game_id)
        if row is None:
            return None
        if self._clock() - row.at > self.ttl:
            self.drop(game_id)
            return None
        self._rows.move_to_end(game_id)
        return row

    def put(self, generation: int, game: Game, seats: list[Seat]) -> None:
        """Keep a row read at `generation` (a row read before a write ended is not kept)."""
        if generation != self._generation:
            return
        self._rows[game.id] = Row(game, seats, self._clock())
        self._rows.move_to_end(game.id)
        if game.live_channel_id is not None:
            self._channels[game.live_channel_id] = game.id
        while len(self._rows) > self.size:
            self.drop(next(iter(self._rows)))

    def live_game(self, channel_id: int) -> int | None:
        """The live game in the channel, when a cached row says so."""
        game_id = self._channels.get(channel_id)
        if game_id is None:
            return None
        row = self.get(game_id)
        if row is None or row.game.live_channel_id != channel_id:
            self._channels.pop(channel_id, None)
            return None
        return game_id

    def drop(self, game_id: int) -> None:
        self._generation += 1
        row = self._rows.pop(game_id, None)
        if row is not None and row.game.live_channel_id is not None:
            self._channels.pop(row.game.live_channel_id, None)

    def clear(self) -> None:
        self._generation += 1
        self._rows.clear()
        self._channels.clear()

    def __len__(self) -> int:
        return len(self._rows)

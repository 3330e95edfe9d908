"""What `/game replay` keeps in memory, per process: each game's live move seqs (for one game
version) and rebuilt states by (game, seq), least recently used dropped first."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

#: A rebuilt state is kept every this many moves (and the last one shown), so stepping back and
#: forth never replays more than this many moves.
STRIDE = 10
#: The states kept for replays, all games together (encoded bytes).
STATE_BYTES = 16 << 20
#: Moves whose "made in secret" flag is kept.
SECRET_FLAGS = 100_000
#: Games whose list of live moves is kept (each valid for one game version).
GAMES_KEPT = 64


class ReplayStates:
    """Per process: each game's live move seqs (for one version) and rebuilt states by
    (game, seq), least recently used dropped first. A seq is never reused and undo only takes
    back the newest moves, so the state after a live seq never changes."""

    def __init__(self, max_bytes: int = STATE_BYTES, games: int = GAMES_KEPT) -> None:
        self.max_bytes = max_bytes
        self.games = games
        self.bytes = 0
        self._seqs: OrderedDict[int, tuple[int, list[int]]] = OrderedDict()
        self._states: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        #: (game, seq) -> was that move part of a simultaneous secret decision?
        self._secret: OrderedDict[tuple[int, int], bool] = OrderedDict()
        #: Keep every STRIDE-th state of a game in the background after its first replay, so
        #: the buttons never wait for a long replay from a checkpoint.
        self.warm = True
        #: Seconds the warm-up waits after the replay that started it (its answer goes first).
        self.warm_delay = 0.2
        self._warmed: OrderedDict[tuple[int, int], None] = OrderedDict()
        self.tasks: set[asyncio.Task[None]] = set()

    def seqs(self, game_id: int, version: int) -> list[int] | None:
        found = self._seqs.get(game_id)
        if found is None or found[0] != version:
            return None
        self._seqs.move_to_end(game_id)
        return found[1]

    def put_seqs(self, game_id: int, version: int, seqs: list[int]) -> None:
        self._seqs[game_id] = (version, seqs)
        self._seqs.move_to_end(game_id)
        while len(self._seqs) > self.games:
            self._seqs.popitem(last=False)

    def state(self, game_id: int, seq: int) -> bytes | None:
        found = self._states.get((game_id, seq))
        if found is not None:
            self._states.move_to_end((game_id, seq))
        return found

    def put_state(self, game_id: int, seq: int, data: bytes) -> None:
        key = (game_id, seq)
        old = self._states.pop(key, None)
        if old is not None:
            self.bytes -= len(old)
        self._states[key] = data
        self.bytes += len(data)
        while self.bytes > self.max_bytes and len(self._states) > 1:
            _, dropped = self._states.popitem(last=False)
            self.bytes -= len(dropped)

    def secret(self, game_id: int, seq: int) -> bool | None:
        return self._secret.get((game_id, seq))

    def put_secret(self, game_id: int, seq: int, secret: bool) -> None:
        self._secret[(game_id, seq)] = secret
        while len(self._secret) > SECRET_FLAGS:
            self._secret.popitem(last=False)

    def should_warm(self, game_id: int, version: int) -> bool:
        """True once per game version (then a background task keeps its states)."""
        if not self.warm or (game_id, version) in self._warmed:
            return False
        self._warmed[(game_id, version)] = None
        while len(self._warmed) > self.games:
            self._warmed.popitem(last=False)
        return True

    def keep(self, task: asyncio.Task[None]) -> None:
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def clear(self) -> None:
        self._seqs.clear()
        self._states.clear()
        self._secret.clear()
        self._warmed.clear()
        self.bytes = 0

"""Loading a game's state: from the in-memory cache, else the nearest snapshot plus the actions
after it (the log is the truth, snapshots only a cache); games stored under an older rules
version are upgraded here or refused with a clear message."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row
from sqlalchemy.ext.asyncio import AsyncSession

from bot import catalog
from bot.db.models import Action, Game, Snapshot
from bot.errors import ServiceError
from bot.service import queries as q
from engine.core import IllegalAction, Prompt, Title

log = logging.getLogger(__name__)

#: A snapshot is kept (a checkpoint) once every this many actions, so loading a game never
#: replays more than this many actions on top of the nearest snapshot.
SNAPSHOT_EVERY = 100


@dataclass
class Loaded:
    version: int
    #: The highest action seq folded into `state`.
    last_seq: int
    state: Any
    #: The seq the next action gets: above every action ever logged, undone ones included.
    next_seq: int
    #: `title.prompts(state)`, once computed (prompts are costly for big titles).
    prompts: list[Prompt] | None = None


def prompts_of(title: Title, loaded: Loaded) -> list[Prompt]:
    """The loaded state's prompts, computed at most once per state."""
    if loaded.prompts is None:
        loaded.prompts = title.prompts(loaded.state)
    return loaded.prompts


def title_of(game: Game) -> Title:
    title = catalog.title(game.title)
    if title is None:
        raise ServiceError(f"This installation no longer offers {game.title}.")
    return title


class StateCache:
    """The most recently used game states, each valid for exactly one game version."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[int, Loaded] = OrderedDict()

    def get(self, game_id: int, version: int) -> Loaded | None:
        found = self._items.get(game_id)
        if found is None or found.version != version:
            return None
        self._items.move_to_end(game_id)
        return found

    def put(self, game_id: int, loaded: Loaded) -> None:
        self._items[game_id] = loaded
        self._items.move_to_end(game_id)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def drop(self, game_id: int) -> None:
        self._items.pop(game_id, None)

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


async def load(s: q.Reader, game: Game, title: Title, cache: StateCache) -> Loaded:
    """The game's current state (`game.version`)."""
    cached = cache.get(game.id, game.version)
    if cached is not None:
        return cached
    if game.rules_version != title.rules_version:
        raise ServiceError(
            f"This game was stored under rules version {game.rules_version} of {title.name}, "
            f"and this installation plays version {title.rules_version}. A moderator can "
            "`/admin end` it."
        )
    snap, actions, top = await q.newest_log(s, game.id)
    if snap is None:
        raise ServiceError("This game has not started yet.")
    state = title.decode(snap.state)
    last_seq = apply_all(title, state, actions, snap.last_seq)
    loaded = Loaded(game.version, last_seq, state, top + 1)
    cache.put(game.id, loaded)
    return loaded


async def replay_from_nearest(
    s: AsyncSession, game: Game, title: Title, below_seq: int | None = None
) -> tuple[Any, int]:
    """(state, last seq) from the nearest snapshot that folds no action from `below_seq` on,
    plus the live actions after it; from setup when there is none."""
    snap = await q.latest_snapshot(s, game.id, below_seq)
    return await _fold(s, game, title, snap)


async def replay_from_setup(s: AsyncSession, game: Game, title: Title) -> tuple[Any, int]:
    return await _fold(s, game, title, None)


async def replay_before(s: AsyncSession, game: Game, title: Title, seq: int) -> Any:
    """The state just before the live action `seq` (for a question about that action)."""
    snap = await q.latest_snapshot(s, game.id, seq)
    state, _ = await _fold(s, game, title, snap, seq)
    return state


async def _fold(
    s: AsyncSession, game: Game, title: Title, snap: Snapshot | None, below_seq: int | None = None
) -> tuple[Any, int]:
    if snap is None:
        state = title.setup(game.seed, game.seats, dict(game.options or {}))
        last_seq = 0
    else:
        state = title.decode(snap.state)
        last_seq = snap.last_seq
    actions = await q.live_actions_after(s, game.id, last_seq)
    if below_seq is not None:
        actions = [a for a in actions if a.seq < below_seq]
    return state, apply_all(title, state, actions, last_seq)


def apply_all(title: Title, state: Any, actions: Sequence[Action | Row[Any]], last_seq: int) -> int:
    """Re-apply logged actions in order (only the last one's state is shown); the seq of the
    last one (`last_seq` when there are none)."""
    for n, action in enumerate(actions, 1):
        apply_logged(title, state, action, shown=n == len(actions))
        last_seq = action.seq
    return last_seq


def apply_logged(title: Title, state: Any, action: Action | Row, *, shown: bool = True) -> None:
    """Re-apply a logged action; a log the rules no longer accept is refused, not a crash.
    `shown`: the state after it may be shown or kept (else a later action follows at once,
    and the title may skip what only describes this one: `Title.replay`)."""
    try:
        if shown:
            title.apply(state, action.seat_no, action.choice_id)
        else:
            title.replay(state, action.seat_no, action.choice_id)
    except IllegalAction as exc:
        log.error(
            "logged action %s no longer replays: %s",
            action.seq,
            exc,
            extra={"game_id": action.game_id},
        )
        raise ServiceError(
            f"This game's record no longer replays under the current rules of {title.name} "
            f"(move {action.seq}: {exc}). A moderator can `/admin end` it."
        ) from None

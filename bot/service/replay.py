"""Looking back: the board as it was after any completed move (`/game replay`).

Move n is the n-th live action of the game's log (undone actions are not history); move 0 is the
start. A state is rebuilt from the nearest state at or before it: one this process kept from an
earlier replay (every `STRIDE` moves, and the last one shown), else the nearest checkpoint
snapshot, else the setup. The board is drawn from the spectator view of that state only, so a
running game never shows what any view of that time hid."""

from __future__ import annotations

import asyncio
import bisect
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from bot import catalog
from bot.db.models import Game
from bot.errors import ServiceError
from bot.results import GameInfo
from bot.service import queries as q
from bot.service.core import Core
from bot.service.describe import describe_game
from bot.service.loader import apply_logged, title_of
from bot.service.queries import replay as qr
from bot.service.queries.replay import PLAYED, live_seqs, played_game_id
from bot.service.replay_states import STRIDE, ReplayStates
from engine.core import Prompt, Title
from render.contrast import STANDARD
from render.core import RenderedImage

log = logging.getLogger(__name__)
NOT_STARTED = "The game here has not started yet: there is nothing to replay."


@dataclass(frozen=True)
class Frame:
    """One replayed position: the board after move `move` of `total` (0: the start)."""

    game: GameInfo
    move: int
    total: int
    #: Who made the move: the seat, how the game calls it, and the person (None: the
    #: automatic player); all None for move 0.
    seat_no: int | None
    seat_label: str
    user_id: int | None
    #: The move's public log lines (never a private one).
    lines: list[str]
    at: datetime | None
    image: RenderedImage
    #: The spectator view the board was drawn from.
    view: Any = None
    #: The game's status line then (none for a secret decision's part: it may name who is
    #: still deciding).
    status_line: str = ""
    #: The move was one seat's part of a simultaneous secret decision: who made it is not
    #: shown (nobody saw it then).
    secret: bool = False
    #: The state itself, encoded (what other drawings of the position start from: the web
    #: table's link preview).
    state: bytes = b""


class Replay:
    def __init__(self, core: Core) -> None:
        self.core = core

    @property
    def replay_states(self) -> ReplayStates:
        """The replay cache (made on first use: the core's constructor is shared)."""
        found = self.__dict__.get("_replay_states")
        if found is None:
            found = self.__dict__["_replay_states"] = ReplayStates()
        return found

    async def replay(
        self, channel_id: int, move: int | None = None, viewer: int | None = None
    ) -> Frame:
        """The channel's game (running, else the newest one played here) after `move`
        (default: the latest)."""
        async with self.core.cold_reading() as c:
            game_id = await played_game_id(c, channel_id)
        return await self.replay_of(game_id, move, viewer=viewer)

    async def replay_of(
        self,
        game_id: int,
        move: int | None = None,
        *,
        latest_at_most: bool = False,
        viewer: int | None = None,
    ) -> Frame:
        """The game after `move` (default: the latest); with `latest_at_most`, a move past the
        end (moves were taken back since the button was made) shows the latest. A frame shown
        to `viewer` alone is drawn in the palette they chose (`/me palette`)."""
        async with self.core.cold_reading() as c:
            palette = await q.palette_of(c, viewer) if viewer is not None else STANDARD
            game, seats = await q.game_and_holders(c, game_id)
            title = played_title(game)
            assert game is not None
            seqs = await self._live_seqs(c, game)
            total = len(seqs)
            if move is None or (latest_at_most and move > total):
                move = total
            if not 0 <= move <= total:
                raise ServiceError(
                    f"This game has {_moves(total)} so far; pick a move from 0 (the start) "
                    f"to {total}."
                )
            row = None
            if move:
                row = await qr.move_at(c, game.id, seqs[move - 1])
            state, secret = await self._position(c, game, title, seqs, move, row)
        info = describe_game(game, seats, None)
        view = title.view(state, None)
        encoded = title.encode(state)
        image = await catalog.draw_board_async(game.title, encoded, None, palette)
        if self.replay_states.should_warm(game.id, game.version):
            self.replay_states.keep(asyncio.create_task(self._warm(game, title, seqs)))
        then = title.status_line(state)
        if row is None:
            return Frame(info, 0, total, None, "", None, [], None, image, view, then, state=encoded)
        lines = [e["text"] for e in row.events or [] if e.get("private_to") is None]
        if secret:  # who decided, and when, was never shown: the title's own lines only
            at = row.created_at
            return Frame(
                info, move, total, None, "", None, lines, at, image, view, "", True, encoded
            )
        label = title.seat_label(state, row.seat_no)
        return Frame(
            info,
            move,
            total,
            row.seat_no,
            label,
            row.user_id,
            lines,
            row.created_at,
            image,
            view,
            then,
            state=encoded,
        )

    async def _position(
        self, c: AsyncConnection, game: Game, title: Title, seqs: list[int], move: int, row: Any
    ) -> tuple[Any, bool]:
        """The state after `move`, and whether that move was one seat's part of a
        simultaneous secret decision (then nobody saw who made it)."""
        if row is None:
            return await self.state_after(c, game, title, seqs, 0), False
        cache = self.replay_states
        data, secret = cache.state(game.id, row.seq), cache.secret(game.id, row.seq)
        if data is not None and secret is not None:
            return title.decode(data), secret
        state = await self.state_after(c, game, title, seqs, move - 1)
        before = title.prompts(state)
        secret = in_secret(before, row.seat_no)
        if not secret and move > 1 and any(p.seat == row.seat_no and p.secret for p in before):
            # the last seat of a simultaneous secret decision: anonymous when the move before
            # it was a confirmation that revealed nothing
            earlier = await self.state_after(c, game, title, seqs, move - 2)
            prev = await qr.seat_and_events_at(c, game.id, seqs[move - 2])
            secret = still_secret(title.prompts(earlier), before, prev.seat_no, prev.events or [])
        apply_logged(title, state, row)
        cache.put_state(game.id, row.seq, title.encode(state))
        cache.put_secret(game.id, row.seq, secret)
        return state, secret

    # ------------------------------------------------------------------ rebuilding states
    async def _warm(self, game: Game, title: Title, seqs: list[int]) -> None:
        """Keep every STRIDE-th state of the game, a few moves at a time between other work,
        so any later replay of it starts at most STRIDE moves back."""
        cache = self.replay_states
        try:
            await asyncio.sleep(cache.warm_delay)  # the answer goes out first
            for move in range(STRIDE, len(seqs) + 1, STRIDE):
                if cache.state(game.id, seqs[move - 1]) is not None:
                    continue
                await asyncio.sleep(0)
                async with self.core.cold_reading() as c:
                    await self.state_after(c, game, title, seqs, move)
        except Exception:  # only a cache: the next replay rebuilds what it needs
            log.debug("replay warm-up of game %s stopped", game.id, exc_info=True)

    async def _live_seqs(self, c: AsyncConnection, game: Game) -> list[int]:
        """The game's live move seqs, in order (kept per game version)."""
        cache = self.replay_states
        seqs = cache.seqs(game.id, game.version)
        if seqs is None:
            seqs = await live_seqs(c, game.id)
            cache.put_seqs(game.id, game.version, seqs)
        return seqs

    async def state_after(
        self, c: AsyncConnection, game: Game, title: Title, seqs: list[int], move: int
    ) -> Any:
        """A fresh copy of the state after move `move` (0: the setup)."""
        cache = self.replay_states
        target = seqs[move - 1] if move else 0
        start, data = move, None
        while start >= max(0, move - STRIDE):
            data = cache.state(game.id, seqs[start - 1] if start else 0)
            if data is not None:
                break
            start -= 1
        if data is None:
            snap = await qr.snapshot_at_or_before(c, game.id, target)
            at = bisect.bisect_left(seqs, snap.last_seq) if snap is not None else -1
            if (
                snap is not None
                and snap.last_seq > 0
                and at < len(seqs)
                and seqs[at] == snap.last_seq
            ):
                start, data = at + 1, bytes(snap.state)
            else:
                start = 0
        if data is not None:
            state = title.decode(data)
        else:
            state = title.setup(game.seed, game.seats, dict(game.options or {}))
            cache.put_state(game.id, 0, title.encode(state))
        if start == move:
            return state
        after = seqs[start - 1] if start else 0
        rows = await qr.moves_between(c, game.id, after, target)
        position = start
        for action in rows:
            position += 1
            kept = position % STRIDE == 0 or position >= move - 1  # ◀ comes next, often
            apply_logged(title, state, action, shown=kept)  # type: ignore[arg-type]  # a row
            if kept:
                cache.put_state(game.id, action.seq, title.encode(state))
        if position != move:  # moves were taken back between two reads
            cache.put_seqs(game.id, -1, [])
            raise ServiceError("The game moved on meanwhile; please try again.")
        return state


def still_secret(before: list[Prompt], after: list[Prompt], seat: int, events: list[dict]) -> bool:
    """Was this move a confirmation inside a simultaneous secret decision that revealed
    nothing (the others still deciding)? `before`/`after`: the prompts around it."""
    mine = next((p for p in before if p.seat == seat), None)
    if mine is None or not mine.secret or any(e.get("barrier") for e in events):
        return False
    left = {p.seat for p in after}
    return bool(left) and left < {p.seat for p in before} and all(p.secret for p in after)


def in_secret(prompts: list[Prompt], seat: int) -> bool:
    """Is `seat` deciding in secret, alongside others (a simultaneous secret decision)?"""
    return len(prompts) > 1 and any(p.seat == seat and p.secret for p in prompts)


def played_title(game: Game | None) -> Title:
    """The game's title, if the game was played and its record replays under today's rules."""
    if game is None:
        raise ServiceError("That game doesn't exist any more.")
    if game.status not in PLAYED or game.version == 0:
        raise ServiceError(NOT_STARTED)
    title = title_of(game)
    if game.rules_version != title.rules_version:
        raise ServiceError(
            f"This game was recorded under rules version {game.rules_version} of {title.name}, "
            f"and this installation plays version {title.rules_version}: it cannot be replayed."
        )
    return title


def _moves(n: int) -> str:
    return f"{n} move" if n == 1 else f"{n} moves"

"""Read-only use cases: status, boards, hands, the log, and the replay check."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from bot import catalog
from bot.db.models import Game
from bot.errors import ServiceError
from bot.results import Board, GameInfo
from bot.service import queries as q
from bot.service.clocks import Clocks
from bot.service.core import Core
from bot.service.describe import describe_game
from bot.service.loader import replay_from_setup, title_of
from bot.service.queries import games as qg
from bot.service.queries.away import away_map
from engine.core import same_position
from render.contrast import STANDARD
from render.core import RenderedImage


class Reading:
    """The read-only views; `away_now` and `away_view` are listeners of every decision."""

    def __init__(self, core: Core, clocks: Clocks) -> None:
        self.core = core
        self.clocks = clocks

    async def status(self, channel_id: int, *, or_last: bool = False) -> GameInfo:
        """The channel's live game; with `or_last`, else the last game played here (so
        `/game status` can still show how it ended)."""
        async with self.core.readers() as s:
            game: Game | None
            try:
                game = await q.live_game(s, channel_id)
            except ServiceError:
                if not or_last:
                    raise
                game = await q.last_game(s, channel_id)
                if game is None:
                    raise
            return await self.away_view(s, game, await self._describe(s, game))

    async def away_view(
        self, s: AsyncSession, game: Game, info: GameInfo, away: dict[int, datetime] | None = None
    ) -> GameInfo:
        """`info` with the seated people away now and when they are back (one query, unless
        `away` was read already; for `/game status` and every turn message)."""
        if game.status != "running":
            return info
        if away is None:
            people = [h.user_id for h in info.holders if h.user_id is not None and not h.is_bot]
            away = await s.run_sync(self.away_now, game, people)
        return dataclasses.replace(info, away=away) if away else info

    def away_now(self, s: Session, game: Game, people: list[int]) -> dict[int, datetime]:
        return away_map(s, people, game.guild_id, self.core.clock())

    async def game_info(self, game_id: int) -> GameInfo:
        async with self.core.readers() as s:
            game = await s.get(Game, game_id)
            if game is None:
                raise ServiceError("That game doesn't exist any more.")
            return await self._describe(s, game)

    async def channel_of(self, game_id: int) -> int:
        """The channel a game lives in (one small query: presses are checked against it)."""
        async with self.core.reading() as c:
            channel = await q.channel_of(c, game_id)
        if channel is None:
            raise ServiceError("That game doesn't exist any more.")
        return int(channel)

    async def _describe(self, s, game: Game) -> GameInfo:  # type: ignore[no-untyped-def]
        state = None
        if game.status in ("running", "finished"):
            state = (await self.core.state(s, game, title_of(game))).state
        seats = await q.holders(s, game.id)
        info = describe_game(game, seats, state, await q.former_people(s, game))
        return await self.clocks.clock_view(s, game, info)

    async def board(self, channel_id: int, area_seat: int | None = None) -> Board:
        game_id = await self.core.game_id(channel_id)
        return await self.board_of(game_id, area_seat)

    async def board_of(
        self, game_id: int, area_seat: int | None = None, viewer: int | None = None
    ) -> Board:
        """The public board (spectator view), whole or one seat's area; for `viewer` alone
        (the "Full board" button), in the palette they chose (`/me palette`)."""
        async with self.core.reading() as s:
            game, title, state, info = await self.core.current(
                s, game_id, ("running", "finished"), "The board appears once the game starts."
            )
            palette = await q.palette_of(s, viewer) if viewer is not None else STANDARD
        if area_seat is not None and not 0 <= area_seat < game.seats:
            raise ServiceError(f"Seats are numbered 1 to {game.seats}.")
        image = await catalog.draw_board_async(game.title, title.encode(state), area_seat, palette)
        return Board(game=info, image=image)

    async def board_text(self, channel_id: int) -> str:
        return await self.board_text_of(await self.core.game_id(channel_id))

    async def board_text_of(self, game_id: int) -> str:
        """The public board as structured text for a screen reader (`/game board text:on`, the
        "Text board" button), built on request from the spectator's view, so it shows only
        what everyone sees."""
        async with self.core.reading() as s:
            game, title, state, info = await self.core.current(
                s, game_id, ("running", "finished"), "The board appears once the game starts."
            )
        text = title.board_text(title.view(state, None))
        if text is None:
            raise ServiceError(f"{title.name} has no text board yet; `/game board` shows it.")
        return text

    async def hand_text(self, channel_id: int, user_id: int) -> str:
        """The user's own hidden information as structured text (`/game hand text:on`), from
        their seat's view; for their eyes only."""
        game_id = await self.core.game_id(channel_id)
        async with self.core.reading() as s:
            game, title, state, info = await self.core.current(
                s, game_id, ("running",), "That game is not running."
            )
        mine = info.seat_of(user_id)
        if mine is None:
            raise ServiceError("You're not playing in this game.")
        text = title.hand_text(title.view(state, mine.seat_no))
        if text is not None:
            return text
        if title.hidden_hands:
            return "You hold nothing hidden right now."
        return f"{title.name} has no hidden hands: everything is on the board."

    async def hand(self, channel_id: int, user_id: int) -> tuple[str, RenderedImage | None]:
        game_id = await self.core.game_id(channel_id)
        return await self.hand_in_game(game_id, user_id)

    async def hand_in_game(self, game_id: int, user_id: int) -> tuple[str, RenderedImage | None]:
        """The user's private information, for their eyes only (its picture in the palette
        they chose)."""
        async with self.core.reading() as s:
            game, title, state, info = await self.core.current(
                s, game_id, ("running",), "That game is not running."
            )
            palette = await q.palette_of(s, user_id)
        mine = info.seat_of(user_id)
        if mine is None:
            raise ServiceError("You're not playing in this game.")
        text = title.private_text(state, mine.seat_no)
        if text is None and title.hidden_hands:
            return "You hold nothing hidden right now.", None
        if text is None:
            return f"{title.name} has no hidden hands: everything is on the board.", None
        image = await catalog.draw_hand_async(
            game.title, title.encode(state), mine.seat_no, palette
        )
        return text, image

    async def log(self, channel_id: int, user_id: int | None = None, limit: int = 20) -> list[str]:
        """The latest log lines: public ones, plus the private ones of the user's own seat."""
        async with self.core.readers() as s:
            game = await q.last_game(s, channel_id)
            if game is None:
                raise ServiceError(q.NO_GAME)
            seats = await q.holders(s, game.id)
            mine = {x.seat_no for x in seats if x.user_id == user_id and not x.is_bot}
            rows = await qg.newest_live_actions(s, game.id, limit * 3)
            lines: list[str] = []
            for action in rows:
                for e in reversed(action.events):
                    if e.get("private_to") is None or e.get("private_to") in mine:
                        lines.append(e["text"])
                if len(lines) >= limit:
                    break
            return list(reversed(lines[:limit]))

    async def replay_matches_snapshot(self, game_id: int) -> bool:
        """Does replaying the log from setup give exactly the newest stored snapshot?"""
        async with self.core.readers() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            snap = await q.latest_snapshot(s, game.id)
            if snap is None:
                return True
            state, _ = await replay_from_setup(s, game, title_of(game))
            title = title_of(game)
            return same_position(title, state, title.decode(snap.state))

    async def game_count(self) -> int:
        async with self.core.readers() as s:
            return await qg.game_count(s)

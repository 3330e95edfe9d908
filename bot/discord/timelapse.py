"""Posting a finished game's timelapse: a follow-up message right after the final standings,
as a reply to them, built in the background so the standings go out as fast as any turn.

Best-effort and at most once (see bot/service/timelapse.py for the record that makes it
survive a restart): a timelapse that fails or does not fit is logged and dropped, and never
holds up or replaces the final message."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import catalog
from bot.discord import limits
from bot.service.timelapse import (
    FinishedGame,
    claim_timelapse,
    finished_game,
    owe_timelapse,
    owed_timelapses,
)
from bot.timelapse import Built, build
from render.timelapse import TooBig

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot

log = logging.getLogger("bot.discord.timelapse")


def timelapse_text(name: str, game_id: int, built: Built) -> str:
    frames = built.animation.frames
    return (
        f"🎞️ **{name}** (game #{game_id}): the whole game, {built.moves} moves in {frames} frames."
    )


class TimelapsePoster:
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        #: (game id, version) being built in this process.
        self._busy: set[tuple[int, int]] = set()
        self._tasks: set[asyncio.Task[Any]] = set()

    def final_posted(self, game_id: int, version: int, message_id: int | None) -> None:
        """The final standings of `version` are out: owe, build and post the timelapse."""
        self._spawn(self.run(game_id, version, message_id, owe=True))

    async def repair(self) -> int:
        """Start building every timelapse a restart left owed; how many."""
        try:
            owed = await owed_timelapses(self.bot.service)
        except Exception:
            log.warning("could not read the owed timelapses", exc_info=True)
            return 0
        for game_id, version in owed:
            self._spawn(self.run(game_id, version, None, owe=False))
        return len(owed)

    def stop(self) -> None:
        """Shutting down: drop the timelapses under way (each stays owed unless it was already
        claimed: the next start builds it)."""
        for task in list(self._tasks):
            task.cancel()

    async def wait(self) -> None:
        """Wait for the timelapses under way (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def run(self, game_id: int, version: int, message_id: int | None, owe: bool) -> None:
        key = (game_id, version)
        if key in self._busy:
            return
        self._busy.add(key)
        fields = {"game_id": game_id}
        try:
            service = self.bot.service
            if owe:
                await owe_timelapse(service, game_id, version, message_id)
            game = await finished_game(service, game_id)
            built: Built | None = None
            if game is not None and game.version == version:
                try:
                    built = await build(game.spec)
                except TooBig as exc:
                    log.warning("timelapse left out: too big (%s)", exc, extra=fields)
                except Exception:
                    log.exception("timelapse could not be built", extra=fields)
            if not await claim_timelapse(service, game_id, version):
                return  # posted (or dropped) by another process, or on another path
            if game is not None and built is not None:
                await self._post(game, built)
        except discord.HTTPException as exc:  # (Discord's refusal, or its trouble: no bug)
            log.warning("timelapse not posted: %s", exc, extra=fields)
        except Exception:
            log.exception("timelapse not posted", extra=fields)
        finally:
            self._busy.discard(key)

    async def _post(self, game: FinishedGame, built: Built) -> None:
        title = catalog.title(game.title)
        animation = built.animation
        kwargs: dict[str, Any] = {
            "content": timelapse_text(title.name if title else game.title, game.game_id, built),
            "file": discord.File(
                io.BytesIO(animation.data),
                animation.filename,
                description=limits.cut(built.description, limits.ALT_MAX) or None,
            ),
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if game.final_message_id is not None:
            kwargs["reference"] = discord.MessageReference(
                message_id=game.final_message_id,
                channel_id=game.channel_id,
                fail_if_not_exists=False,
            )
        channel = self.bot.get_partial_messageable(game.channel_id)
        await channel.send(**kwargs)
        log.info(
            "timelapse posted (%d frames, %d KB, built in %.1f s)",
            animation.frames,
            len(animation.data) // 1024,
            built.seconds,
            extra={"game_id": game.game_id, "channel_id": game.channel_id},
        )

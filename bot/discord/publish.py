"""Publishing turn messages: for every committed version, ONE public message, built once by
turn_message.py from what the commit returned (its board drawn here first), then sent: as the
public answer to an interaction, as a plain channel message when it is owed after a restart,
or edited into the current turn message for a confirmation that revealed nothing ("n of N
have decided"). Then, off the hot path: strip the previous turn message's components, report
the post to the service (durable delivery), deliver private information by DM (private_dms.py)
and tell whoever listens (the spectators' DMs: `on_posted`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import catalog
from bot.discord import refused_posts, turn_message
from bot.discord.checks import Responder
from bot.discord.private_dms import PrivateDelivery
from bot.discord.timelapse import TimelapsePoster
from bot.discord.turn_message import Board, TurnMessage, board_digest
from bot.results import GameInfo, Outcome
from bot.runtime import discord_http
from render.core import RenderedImage

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot
    from bot.service import GameService

log = logging.getLogger("bot.discord.turns")

#: How often posted turn messages are marked delivered when no decision piggybacks them.
FLUSH_INTERVAL = 5.0
#: How many of a channel's newest messages the start-up repair looks through for a turn
#: message posted just before a crash (`TurnPoster.already_posted`).
LOOK_BACK = 50

#: A turn message Discord could not take for a passing reason (rate limited past discord.py's
#: own retries, Discord's own trouble) is tried again this many seconds later, then twice as
#: long each time, up to RETRY_MAX.
RETRY_FIRST = 5.0
RETRY_MAX = 300.0

#: Told of every turn message posted (not of a quiet edit): the outcome, the message's id
#: (None: unknown) and the message (None: not built here).
Listener = Callable[[Outcome, int | None, TurnMessage | None], None]


@dataclass
class _Posted:
    channel_id: int
    message_id: int
    version: int
    has_view: bool
    image_name: str | None = None
    #: The board it shows (None: unknown, e.g. a message from before a restart).
    board: Board | None = None
    #: Its "Board" line when it stands for an unchanged board and `board` is unknown (a
    #: message from before a restart, as Discord has it).
    note: str | None = None


@dataclass(eq=False)
class _Retry:
    outcome: Outcome
    message: TurnMessage
    wait: float


class TurnPoster:
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        self._last: dict[int, _Posted] = {}
        #: Turn messages to try again, by game (`retry_later`).
        self._retry: dict[int, _Retry] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._later: set[asyncio.Task[None]] = set()
        self._listeners: list[Listener] = []
        self.private = PrivateDelivery(bot)
        #: Finished games' timelapses, posted after their final standings.
        self.timelapses = TimelapsePoster(bot)
        #: The link a game's turn posts carry to its page on the web (None: none); the
        #: client gives the web table's (`WebTable.turn_link`).
        self.table_link: Callable[[GameInfo], str | None] = lambda info: None

    @property
    def service(self) -> GameService:
        return self.bot.service

    def on_posted(self, listener: Listener) -> None:
        """Call `listener` after every turn message posted with its private information."""
        self._listeners.append(listener)

    # ------------------------------------------------------------------ building
    async def build(self, outcome: Outcome, prefix: str = "") -> TurnMessage:
        """The turn message for `outcome`, its board drawn from the view the commit returned."""
        info = outcome.game
        image: RenderedImage | None = None
        if info.status in ("running", "finished") and outcome.encoded_state is not None:
            try:
                image = await catalog.draw_turn_async(info.title, outcome.encoded_state)
            except Exception:  # the move is committed: post it even if the drawing failed
                log.exception("board drawing failed", extra={"game_id": info.id})
        same = self.same_board(info, image)
        return turn_message.build(outcome, image, same, prefix, self.table_link(info))

    def same_board(self, info: GameInfo, image: RenderedImage | None) -> Board | None:
        """The board posted with the game's last turn message, when `image` (the board of a
        newer version of a running game) is pixel-identical to it: the public view did not
        change (a step that only asks, or a change to hidden information). Only the last turn
        message this process posted counts: after a restart the board is uploaded again."""
        last = self._last.get(info.id)
        if info.status != "running" or image is None or last is None or last.board is None:
            return None
        if last.version >= info.version or last.board.digest != board_digest(image):
            return None
        return last.board

    # ------------------------------------------------------------------ posting
    async def post(self, responder: Responder, outcome: Outcome, prefix: str = "") -> None:
        """Post the turn message for `outcome` as the public answer to an interaction."""
        await self.send_built(responder, outcome, await self.build(outcome, prefix))

    async def send_built(
        self,
        responder: Responder,
        outcome: Outcome,
        message: TurnMessage,
        hands_for: Iterable[int] | None = None,
    ) -> None:
        """`hands_for`: users who get their whole hand by DM even if it did not change (all
        seated users at the start: None means nobody extra)."""
        try:
            message_id = await responder.public(**message.send_kwargs())
        except discord.HTTPException as exc:  # (the move is in: say so, post it on its own)
            await refused_posts.tell_answer_refused(responder, exc)
            await self.send_to_channel(outcome, message)
            return
        info = outcome.game
        log.info(
            "turn message posted (version %d, %s)",
            info.version,
            info.status,
            extra={"game_id": info.id, "channel_id": info.channel_id},
        )
        self.after_post(outcome, message_id, message, hands_for)

    async def send_to_channel(self, outcome: Outcome, message: TurnMessage | None = None) -> bool:
        """Post an owed turn message as a plain channel message (after a restart, a clock, an
        event: there is no interaction to answer; `message`: built already), unless it is in
        the channel already (`already_posted`). The nonce makes a repeated post within
        minutes a no-op. False: Discord refused it: it stays owed, the private information
        goes out, and the players who must act are told (refused_posts.py)."""
        info = outcome.game
        message = message or await self.build(outcome)
        found = await self.already_posted(info, message)
        if found is not None:
            log.info(
                "owed turn message found in the channel (version %d): not posted again",
                info.version,
                extra={"game_id": info.id, "channel_id": info.channel_id},
            )
            self.after_post(outcome, found, message, private=False)
            return True
        nonce = f"{info.id}-{info.version}"
        try:
            sent = await discord_http.send(
                self.bot, info.channel_id, nonce=nonce, **message.send_kwargs()
            )
        except discord.HTTPException as exc:
            if refused_posts.passing(exc):
                self.retry_later(outcome, message, exc)
                return False
            self.after_post(outcome, None, message, delivered=False)
            await refused_posts.tell_channel_refused(self.bot, info, exc)
            return False
        log.info(
            "owed turn message posted (version %d)",
            info.version,
            extra={"game_id": info.id, "channel_id": info.channel_id},
        )
        self.after_post(outcome, sent, message)
        return True

    async def already_posted(self, info: GameInfo, message: TurnMessage) -> int | None:
        """The id of the bot's message in the channel that is this version's turn message
        (the same embed titles and footers, the same components), if one was posted before a
        crash left it unmarked; None if not (or the channel cannot be read). Looked for among
        the channel's newest `LOOK_BACK` messages, no further back than the game's stored
        turn message (an edit in place keeps its id)."""
        wanted = message.signature()
        me = self.bot.user.id if self.bot.user is not None else None
        channel = self.bot.get_partial_messageable(info.channel_id)
        try:
            async for found in channel.history(limit=LOOK_BACK):
                if info.turn_message_id is not None and found.id < info.turn_message_id:
                    break
                rows = [row.to_dict() for row in found.components]
                if found.author.id == me and turn_message.signature(found.embeds, rows) == wanted:
                    return found.id
        except discord.HTTPException as exc:
            log.warning(
                "could not look for the owed turn message in the channel: %s",
                exc,
                extra={"game_id": info.id, "channel_id": info.channel_id},
            )
        return None

    def after_post(
        self,
        outcome: Outcome,
        message_id: int | None,
        message: TurnMessage | None,
        hands_for: Iterable[int] | None = None,
        *,
        private: bool = True,
        delivered: bool = True,
    ) -> None:
        """Report the post (durable delivery), remember the new turn message; in the
        background, strip the old one's components and deliver private information.
        `private=False`: the message was posted before a restart (found by `already_posted`),
        its DMs with it: they are not sent again. `delivered=False`: Discord refused the
        message; it stays owed, but the private information goes out now."""
        info = outcome.game
        pending = self._retry.get(info.id)
        if pending is not None and pending.outcome.game.version <= info.version:
            del self._retry[info.id]  # (posted now, or a newer turn took its place)
        if delivered:
            self.service.posted(info.id, info.version, message_id)
        if message_id is not None:
            self._remember(info, message_id, message)
        if info.status != "running":
            self.forget(info.id)
            self.private.forget(info.id)
        if private:
            self.spawn(self.private.deliver_private(outcome, set(hands_for or ())))
        if info.status == "finished" and info.result is not None:
            self.timelapses.final_posted(info.id, info.version, message_id)
        if private:
            for listener in self._listeners:
                listener(outcome, message_id, message)

    def _remember(self, info: GameInfo, message_id: int, message: TurnMessage | None) -> None:
        """The game's newest turn message is `message_id`: the older one loses its components
        (a newer one posted first: this one loses them)."""
        # The final message keeps its Play again button (it has no turn components to strip).
        has_view = message is not None and message.view is not None and info.status == "running"
        uploaded = message.image if message is not None and message.uploads() else None
        image_name = uploaded.filename if uploaded is not None else None
        board = message.board(message_id) if message is not None and message_id else None
        old = self._last.get(info.id)
        if old is None and info.turn_message_id and info.turn_message_id != message_id:
            old = _Posted(info.channel_id, info.turn_message_id, info.version - 1, True)
        if old is None or old.version <= info.version:
            self._last[info.id] = _Posted(
                info.channel_id, message_id, info.version, has_view, image_name, board
            )
            if old is not None and old.has_view and old.message_id != message_id:
                self.spawn(self._strip(old))
        elif has_view:  # a newer turn was posted first: this one is already stale
            self.spawn(self._strip(_Posted(info.channel_id, message_id, info.version, True)))

    # ------------------------------------------------------------------ editing in place
    async def edit_quietly(self, outcome: Outcome) -> bool:
        """Edit the current turn message for a confirmation that revealed nothing: the same
        board, the waiting line and "n of N have decided" updated. False: no message to edit
        (post a new one instead)."""
        info = outcome.game
        last = self._last.get(info.id)
        if last is None and info.turn_message_id is not None:
            last = await self._as_posted(info, info.turn_message_id)
        if last is None:
            return False
        same = last.board if last.board and last.board.message_id != last.message_id else None
        note = turn_message.unchanged_note(info, same) if same is not None else last.note
        image_name = None if note else last.image_name
        edit = turn_message.quiet(outcome, image_name, note, self.table_link(info))
        try:  # (its pings stay)
            await discord_http.edit(
                self.bot, last.channel_id, last.message_id, **edit.edit_kwargs()
            )
        except discord.HTTPException as exc:
            log.info("could not edit the turn message: %s", exc, extra={"game_id": info.id})
            return False
        self._last[info.id] = _Posted(
            last.channel_id, last.message_id, info.version, True, image_name, last.board, last.note
        )
        self.service.posted(info.id, info.version, last.message_id)
        self.spawn(self.private.deliver_private(outcome, set()))
        return True

    async def _as_posted(self, info: GameInfo, message_id: int) -> _Posted | None:
        """The turn message `message_id` posted before a restart, as Discord has it: the image
        it carries, or the "Board" line that stands for an unchanged board (None: it is gone
        or cannot be read; a new one is posted instead)."""
        channel = self.bot.get_partial_messageable(info.channel_id)
        try:
            message = await channel.fetch_message(message_id)
        except discord.HTTPException as exc:
            log.info("could not read the turn message: %s", exc, extra={"game_id": info.id})
            return None
        image = next((a.filename for a in message.attachments if a.filename.endswith(".png")), None)
        fields = [f for e in message.embeds[:1] for f in e.fields if f.name == "Board"]
        note = fields[0].value if fields and image is None else None
        return _Posted(info.channel_id, message_id, info.version - 1, True, image, None, note)

    def forget(self, game_id: int) -> None:
        old = self._last.pop(game_id, None)
        if old is not None and old.has_view:
            self.spawn(self._strip(old))

    async def _strip(self, old: _Posted) -> None:
        try:
            await discord_http.edit(self.bot, old.channel_id, old.message_id, view=None)
        except discord.HTTPException as exc:
            log.debug("could not strip components: %s", exc, extra={"channel_id": old.channel_id})

    # ------------------------------------------------------------------ background work
    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def later(self, delay: float, work: Callable[[], Awaitable[Any]]) -> None:
        """Run `work` in the background `delay` seconds from now (something to try again);
        given up if the bot shuts down first (`drain`)."""

        async def run() -> None:
            await asyncio.sleep(delay)
            await work()

        task = asyncio.create_task(run())
        self._later.add(task)
        task.add_done_callback(self._later.discard)

    async def drain(self) -> None:
        """Wait for background deliveries and write their marks (used on shutdown)."""
        self.timelapses.stop()  # (one under way stays owed: the next start posts it)
        for task in self._later:
            task.cancel()
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.service.flush_deliveries()

    # ------------------------------------------------------------------ durable delivery
    async def repair(self) -> int:
        """Post every turn message a crash left owed (committed, never posted); how many."""
        posted = 0
        for owed in await self.service.undelivered():
            posted += await self.send_to_channel(owed)
        await self.service.flush_deliveries()
        await self.timelapses.repair()  # (after the owed final messages: never before them)
        return posted

    def retry_later(
        self, outcome: Outcome, message: TurnMessage, exc: discord.HTTPException
    ) -> None:
        """Discord could not take the turn message for a passing reason: try it again later,
        unless a newer turn of the game is posted first (`after_post` forgets it)."""
        info = outcome.game
        old = self._retry.get(info.id)
        again = old is not None and old.outcome.game.version == info.version
        wait = min(old.wait * 2, RETRY_MAX) if old is not None and again else RETRY_FIRST
        retry = _Retry(outcome, message, wait)
        self._retry[info.id] = retry
        log.warning(
            "Discord could not take the turn message now (%s); trying again in %.0f s",
            refused_posts.reason(exc),
            wait,
            extra={"game_id": info.id, "channel_id": info.channel_id},
        )
        self.later(wait, lambda: self._post_again(retry))

    async def _post_again(self, retry: _Retry) -> None:
        if self._retry.get(retry.outcome.game.id) is retry:  # (else posted, or superseded)
            await self.send_to_channel(retry.outcome, retry.message)

    async def flush_forever(self) -> None:
        """Mark posted turn messages delivered, in one small transaction every few seconds."""
        while True:
            await asyncio.sleep(FLUSH_INTERVAL)
            try:
                await self.service.flush_deliveries()
            except Exception:  # a busy database: the marks wait for the next round
                log.warning("could not mark deliveries yet", exc_info=True)

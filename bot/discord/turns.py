"""Turn messages: for every committed version, ONE public message with the board, what just
happened, who must decide, and the components to decide with, built in one place as one typed
`TurnMessage` from what the commit returned. Then, off the hot path: strip the previous turn
message's components, report the post to the service (durable delivery), and deliver private
information by DM. A confirmation inside a simultaneous secret decision edits the current turn
message in place instead ("n of N have decided")."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import catalog
from bot.discord import components, messages
from bot.discord.checks import Responder
from bot.discord.custom_ids import ids_in
from bot.discord.sent import Components
from bot.discord.timelapse import TimelapsePoster
from bot.discord.watch_buttons import again_view
from bot.discord.watching import jump
from bot.errors import ServiceError
from bot.results import GameInfo, Outcome, SeatInfo
from bot.runtime import discord_http as rest
from engine.core import Title
from render.core import RenderedImage

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot
    from bot.service import GameService

log = logging.getLogger("bot.discord.turns")

PING_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)
NO_PINGS = discord.AllowedMentions.none()
#: How often posted turn messages are marked delivered when no decision piggybacks them.
FLUSH_INTERVAL = 5.0
#: How many of a channel's newest messages the start-up repair looks through for a turn
#: message posted just before a crash (`TurnPoster.already_posted`).
LOOK_BACK = 50


def has_hands(slug: str) -> bool:
    """Does the title keep private hands (so a "Show my hand" button makes sense)?"""
    title = catalog.title(slug)
    return title is not None and title.hidden_hands


def has_text_board(slug: str) -> bool:
    """Does the title turn its board into text (`Title.board_text` is its own)?"""
    title = catalog.title(slug)
    return title is not None and type(title).board_text is not Title.board_text


@dataclass(frozen=True)
class Board:
    """A board image as posted: the digest of its PNG, and the turn message that uploaded it."""

    digest: bytes
    message_id: int
    version: int
    filename: str


def board_digest(image: RenderedImage) -> bytes:
    return hashlib.blake2b(image.data, digest_size=16).digest()


@dataclass
class TurnMessage:
    """Everything one turn message says, ready to send or to edit in. `same_board`: the board
    is pixel-identical to the one that earlier message uploaded, so `image` (still given to
    spectators' DMs) is not uploaded again and the embed says where to see it."""

    game: GameInfo
    content: str | None
    embeds: list[discord.Embed]
    image: RenderedImage | None
    view: Components | None
    same_board: Board | None = None

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "content": self.content,
            "embeds": self.embeds,
            "allowed_mentions": PING_USERS,
        }
        if self.uploads():  # a fresh File every time: a File can be sent only once
            assert self.image is not None
            kwargs["file"] = messages.image_file(self.image)
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def uploads(self) -> bool:
        return self.image is not None and self.same_board is None

    def board(self, message_id: int) -> Board | None:
        """The board this message shows once posted as `message_id`."""
        if self.same_board is not None or self.image is None:
            return self.same_board
        return Board(board_digest(self.image), message_id, self.game.version, self.image.filename)


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


class TurnPoster:
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        self._last: dict[int, _Posted] = {}
        self._dm_warned: set[tuple[int, int]] = set()
        #: (game id, user id) -> the hand last sent by DM, so an unchanged hand is not resent
        self._dm_hand: dict[tuple[int, int], str] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Finished games' timelapses, posted after their final standings.
        self.timelapses = TimelapsePoster(bot)

    @property
    def service(self) -> GameService:
        return self.bot.service

    # ------------------------------------------------------------------ building
    async def build(self, outcome: Outcome, prefix: str = "") -> TurnMessage:
        """The turn message for `outcome`, its board drawn from the view the commit returned."""
        info = outcome.game
        lines = outcome.public_lines()
        image: RenderedImage | None = None
        if info.status in ("running", "finished") and outcome.encoded_state is not None:
            try:
                image = await catalog.draw_turn_async(info.title, outcome.encoded_state)
            except Exception:  # the move is committed: post it even if the drawing failed
                log.exception("board drawing failed", extra={"game_id": info.id})
        same = self.same_board(info, image)
        image_name = image.filename if image and same is None else None
        view: Components | None = None
        if info.status == "finished" and info.result is not None:
            final = messages.FINAL_SUMMARY_MAX
            embeds = [messages.summary_embed(info, lines, final)] if lines else []
            embeds.append(messages.standings_embed(info, info.result, image_name))
            embeds = _fit_all(embeds)
            view = again_view(info.id)
        elif info.status == "running":
            prompts = outcome.prompts
            note = (
                messages.board_unchanged(same.version, jump(info, same.message_id))
                if same
                else None
            )
            embeds = [messages.turn_embed(info, lines, prompts, image_name, same_board=note)]
            view = components.turn_view(
                info.id, info.version, prompts, has_hands(info.title), has_text_board(info.title)
            )
        else:
            embeds = [messages.summary_embed(info, lines)]
        content = messages.turn_content(info, prefix or outcome.prefix) or None
        return TurnMessage(info, content, embeds, image, view, same)

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
        message_id = await responder.public(**message.send_kwargs())
        info = outcome.game
        log.info(
            "turn message posted (version %d, %s)",
            info.version,
            info.status,
            extra={"game_id": info.id, "channel_id": info.channel_id},
        )
        self.after_post(outcome, message_id, message, hands_for)

    async def send_to_channel(self, outcome: Outcome) -> None:
        """Post an owed turn message as a plain channel message (after a restart: there is no
        interaction to answer), unless it is in the channel already (`already_posted`). The
        nonce makes a repeated post within minutes a no-op."""
        info = outcome.game
        message = await self.build(outcome)
        found = await self.already_posted(info, message)
        if found is not None:
            log.info(
                "owed turn message found in the channel (version %d): not posted again",
                info.version,
                extra={"game_id": info.id, "channel_id": info.channel_id},
            )
            self.after_post(outcome, found, message, private=False)
            return
        nonce = f"{info.id}-{info.version}"
        sent = await rest.send(self.bot, info.channel_id, nonce=nonce, **message.send_kwargs())
        log.info(
            "owed turn message posted (version %d)",
            info.version,
            extra={"game_id": info.id, "channel_id": info.channel_id},
        )
        self.after_post(outcome, sent, message)

    async def already_posted(self, info: GameInfo, message: TurnMessage) -> int | None:
        """The id of the bot's message in the channel that is this version's turn message
        (the same embed titles and footers, the same components), if one was posted before a
        crash left it unmarked; None if not (or the channel cannot be read). Looked for among
        the channel's newest `LOOK_BACK` messages, no further back than the game's stored
        turn message (an edit in place keeps its id)."""
        wanted = _signature(message.embeds, message.view.to_components() if message.view else [])
        me = self.bot.user.id if self.bot.user is not None else None
        channel = self.bot.get_partial_messageable(info.channel_id)
        try:
            async for found in channel.history(limit=LOOK_BACK):
                if info.turn_message_id is not None and found.id < info.turn_message_id:
                    break
                rows = [row.to_dict() for row in found.components]
                if found.author.id == me and _signature(found.embeds, rows) == wanted:
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
    ) -> None:
        """Report the post (durable delivery), remember the new turn message; in the
        background, strip the old one's components and deliver private information.
        `private=False`: the message was posted before a restart (found by `already_posted`),
        its DMs with it: they are not sent again."""
        info = outcome.game
        self.service.posted(info.id, info.version, message_id)
        # The final message keeps its Play again button (it has no turn components to strip).
        has_view = message is not None and message.view is not None and info.status == "running"
        uploaded = message.image if message is not None and message.uploads() else None
        image_name = uploaded.filename if uploaded is not None else None
        board = message.board(message_id) if message is not None and message_id else None
        if message_id is not None:
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
        if info.status != "running":
            self.forget(info.id)
            for key in [k for k in self._dm_hand if k[0] == info.id]:
                del self._dm_hand[key]
        if private:
            self.spawn(self.deliver_private(outcome, set(hands_for or ())))
        if info.status == "finished" and info.result is not None:
            self.timelapses.final_posted(info.id, info.version, message_id)
        if private:
            self.bot.watching.after_post(outcome, message_id, message)

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
        note: str | None
        if same is not None:
            note = messages.board_unchanged(same.version, jump(info, same.message_id))
        else:
            note = last.note
        image_name = None if note else last.image_name
        lines = outcome.public_lines()
        embed = messages.turn_embed(
            info, lines, outcome.prompts, image_name, quiet=True, same_board=note
        )
        view = components.turn_view(
            info.id,
            info.version,
            outcome.prompts,
            has_hands(info.title),
            has_text_board(info.title),
        )
        try:
            await rest.edit(  # (its pings stay)
                self.bot,
                last.channel_id,
                last.message_id,
                embeds=[embed],
                view=view,
                allowed_mentions=NO_PINGS,
            )
        except discord.HTTPException as exc:
            log.info("could not edit the turn message: %s", exc, extra={"game_id": info.id})
            return False
        self._last[info.id] = _Posted(
            last.channel_id, last.message_id, info.version, True, image_name, last.board, last.note
        )
        self.service.posted(info.id, info.version, last.message_id)
        self.spawn(self.deliver_private(outcome, set()))
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

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait for background deliveries and write their marks (used on shutdown)."""
        self.timelapses.stop()  # (one under way stays owed: the next start posts it)
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.service.flush_deliveries()

    async def _strip(self, old: _Posted) -> None:
        try:
            await rest.edit(self.bot, old.channel_id, old.message_id, view=None)
        except discord.HTTPException as exc:
            log.debug("could not strip components: %s", exc, extra={"channel_id": old.channel_id})

    # ------------------------------------------------------------------ durable delivery
    async def repair(self) -> int:
        """Post every turn message a crash left owed (committed, never posted); how many."""
        posted = 0
        for owed in await self.service.undelivered():
            try:
                await self.send_to_channel(owed)
                posted += 1
            except discord.HTTPException as exc:
                log.warning(
                    "could not post an owed turn message: %s",
                    exc,
                    extra={"game_id": owed.game.id},
                )
        await self.service.flush_deliveries()
        await self.timelapses.repair()  # (after the owed final messages: never before them)
        return posted

    async def flush_forever(self) -> None:
        """Mark posted turn messages delivered, in one small transaction every few seconds."""
        while True:
            await asyncio.sleep(FLUSH_INTERVAL)
            try:
                await self.service.flush_deliveries()
            except Exception:  # a busy database: the marks wait for the next round
                log.warning("could not mark deliveries yet", exc_info=True)

    # ------------------------------------------------------------------ private information
    async def deliver_private(self, outcome: Outcome, hands_for: set[int] | None = None) -> None:
        """Each player whose private information changed gets it by DM (so it stays available);
        if DMs are closed, they are told once, in the channel, to use `/game hand`.
        `hands_for`: users who get their hand anyway (a new game, a newly given seat)."""
        info = outcome.game
        if info.status != "running" or not has_hands(info.title):
            hands_for = set()
        for seat in info.holders:
            if seat.is_bot or seat.user_id is None:
                continue
            lines = outcome.private_lines(seat.seat_no)
            hand = outcome.hands.get(seat.user_id)
            if hand is None and seat.user_id in (hands_for or ()):
                try:
                    hand, _ = await self.service.hand_in_game(info.id, seat.user_id)
                except ServiceError:
                    hand = None
            key = (info.id, seat.user_id)
            unchanged = hand is not None and hand == self._dm_hand.get(key)
            if unchanged and seat.user_id not in (hands_for or ()):
                hand = None  # the same hand as in the last DM: don't send it again
            if not lines and not hand:
                continue
            try:
                intro = messages.seat_intro(seat) if seat.user_id in (hands_for or ()) else ""
                image = await self._hand_image(outcome, seat) if hand else None
                await self._dm(info, seat.user_id, lines, hand, intro, image)
                if hand is not None:
                    self._dm_hand[key] = hand
            except Exception:
                log.exception(
                    "private delivery failed",
                    extra={"game_id": info.id, "user_id": seat.user_id},
                )

    async def _hand_image(self, outcome: Outcome, seat: SeatInfo) -> RenderedImage | None:
        """The picture of the seat's hand after the change (drawn from the outcome's own
        state; read anew only when the outcome has none)."""
        info = outcome.game
        if info.status != "running" or seat.user_id is None:
            return None
        if outcome.encoded_state is not None:
            palette = await self.service.palette_of(seat.user_id)  # (`/me palette`)
            return await catalog.draw_hand_async(
                info.title, outcome.encoded_state, seat.seat_no, palette
            )
        try:
            return (await self.service.hand_in_game(info.id, seat.user_id))[1]
        except ServiceError:
            return None

    async def _dm(
        self,
        info: GameInfo,
        user_id: int,
        lines: list[str],
        hand: str | None,
        intro: str = "",
        image: RenderedImage | None = None,
    ) -> None:
        file: discord.File | None = None
        if image is not None:
            file = messages.image_file(image)
        text = messages.private_message(info, hand, lines, intro)
        fields = {"game_id": info.id, "user_id": user_id, "channel_id": info.channel_id}
        try:
            dm = await rest.dm_channel(self.bot, user_id)
            if file is not None:
                await rest.send(self.bot, dm, content=text, file=file, allowed_mentions=NO_PINGS)
            else:
                await rest.send(self.bot, dm, content=text, allowed_mentions=NO_PINGS)
            log.debug("private information sent by DM", extra=fields)
        except discord.HTTPException as exc:
            log.info("DM refused (%s); telling them in the channel", exc.status, extra=fields)
            key = (info.id, user_id)
            if key in self._dm_warned:
                return
            self._dm_warned.add(key)
            await rest.send(
                self.bot,
                info.channel_id,
                content=f"<@{user_id}> I can't send you direct messages, so your private information "
                "is not in your DMs: use `/game hand` (and `/game log`) here. Only you will "
                "see the answer.",
                allowed_mentions=PING_USERS,
            )


def _signature(
    embeds: Iterable[discord.Embed], rows: Iterable[Mapping[str, Any]]
) -> tuple[tuple[tuple[str | None, str | None], ...], tuple[str, ...]]:
    """What tells one turn message from every other message: its embeds' titles and footers
    ("<Title> · game #<id>", "Move <version> · ..."; the final standings' title) and its
    components' custom ids (which carry the game and the version)."""
    heads = tuple((e.title, e.footer.text) for e in embeds)
    return heads, tuple(sorted(ids_in(rows)))


def _fit_all(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Several embeds share Discord's 6000-character total: shorten the first description."""
    total = sum(len(e) for e in embeds)
    first = embeds[0]
    if total > messages.EMBED_TOTAL_MAX and first.description:
        keep = max(0, len(first.description) - (total - messages.EMBED_TOTAL_MAX) - 40)
        first.description = messages.trim_lines(first.description.split("\n"), keep)
    return embeds

"""Turn messages: after every state change, ONE public message with the board, what just
happened, who must decide, and the components to decide with. Then, off the hot path: strip the
previous turn message's components, and deliver private information by DM."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import catalog
from bot.discord import components, messages
from bot.discord.checks import Responder
from bot.errors import ServiceError
from bot.results import GameInfo, Outcome

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot
    from bot.service import GameService

log = logging.getLogger("bot.discord.turns")

PING_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)
NO_PINGS = discord.AllowedMentions.none()


def is_menu_step(outcome: Outcome, user_id: int) -> bool:
    """Did the player only move within their own turn's menus (nothing anyone else sees
    changed, and the same player is asked again, openly)? Then the turn message is edited in
    place instead of posting a new board."""
    info = outcome.game
    mine = info.seat_of(user_id)
    return (
        info.status == "running"
        and mine is not None
        and not outcome.public_lines()
        and len(outcome.prompts) == 1
        and outcome.prompts[0].seat == mine.seat_no
        and not outcome.prompts[0].secret
    )


def has_hands(slug: str) -> bool:
    """Does the title keep private hands (so a "Show my hand" button makes sense)?"""
    title = catalog.title(slug)
    return title is not None and title.hidden_hands


@dataclass
class _Posted:
    channel_id: int
    message_id: int
    version: int
    has_view: bool


class TurnPoster:
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        self._last: dict[int, _Posted] = {}
        self._dm_warned: set[tuple[int, int]] = set()
        #: (game id, user id) -> the hand last sent by DM, so an unchanged hand is not resent
        self._dm_hand: dict[tuple[int, int], str] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def service(self) -> GameService:
        return self.bot.service

    # ------------------------------------------------------------------ building
    async def build(self, outcome: Outcome, prefix: str = "") -> dict[str, Any]:
        """The send_message arguments of the turn message for `outcome`."""
        info = outcome.game
        lines = outcome.public_lines()
        file: discord.File | None = None
        image_name: str | None = None
        if info.status in ("running", "finished"):
            try:
                board = await self.service.board_of(info.id)
            except ServiceError:
                board = None
            except Exception:  # the move is committed: post it even if the drawing failed
                log.exception("board drawing failed", extra={"game_id": info.id})
                board = None
            if board is not None:
                image_name = board.image.filename
                file = discord.File(io.BytesIO(board.image.data), filename=image_name)
        view: discord.ui.View | None = None
        if info.status == "finished" and info.result is not None:
            final = messages.FINAL_SUMMARY_MAX
            embeds = [messages.summary_embed(info, lines, final)] if lines else []
            embeds.append(messages.standings_embed(info, info.result, image_name))
            embeds = _fit_all(embeds)
        elif info.status == "running":
            prompts = outcome.prompts
            embeds = [messages.turn_embed(info, lines, prompts, image_name)]
            view = components.turn_view(info.id, info.version, prompts, has_hands(info.title))
        else:
            embeds = [messages.summary_embed(info, lines)]
        kwargs: dict[str, Any] = {
            "content": messages.turn_content(info, prefix) or None,
            "embeds": embeds,
            "allowed_mentions": PING_USERS,
        }
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        return kwargs

    def menu_step(self, outcome: Outcome, source: discord.Message) -> dict[str, Any]:
        """The edit that turns `source` (the turn message a player just used) into the next
        step of the same player's turn: new components, same board, same summary."""
        info = outcome.game
        old = source.embeds[0] if source.embeds else None
        summary = (old.description or "").split("\n") if old is not None else []
        image = source.attachments[0].filename if source.attachments else None
        embed = messages.turn_embed(info, [x for x in summary if x], outcome.prompts, image)
        view = components.turn_view(info.id, info.version, outcome.prompts, has_hands(info.title))
        return {"embeds": [embed], "view": view}

    # ------------------------------------------------------------------ posting
    async def post(self, responder: Responder, outcome: Outcome, prefix: str = "") -> None:
        """Post the turn message for `outcome` as the public answer to an interaction."""
        message = await self.build(outcome, prefix)
        await self.send_built(responder, outcome, message)

    async def send_built(
        self,
        responder: Responder,
        outcome: Outcome,
        message: dict[str, Any],
        hands_for: Iterable[int] | None = None,
    ) -> None:
        """`hands_for`: users who get their whole hand by DM even if it did not change (all
        seated users at the start: None means nobody extra)."""
        message_id = await responder.public(**message)
        info = outcome.game
        log.info(
            "turn message posted (version %d, %s)",
            info.version,
            info.status,
            extra={"game_id": info.id, "channel_id": info.channel_id},
        )
        self.after_post(outcome, message_id, "view" in message, hands_for)

    def after_post(
        self,
        outcome: Outcome,
        message_id: int | None,
        has_view: bool,
        hands_for: Iterable[int] | None = None,
    ) -> None:
        """Remember the new turn message; in the background, strip the old one's components
        and deliver private information."""
        info = outcome.game
        if message_id is not None:
            old = self._last.get(info.id)
            if old is None or old.version <= info.version:
                self._last[info.id] = _Posted(info.channel_id, message_id, info.version, has_view)
                if old is not None and old.has_view and old.message_id != message_id:
                    self.spawn(self._strip(old))
            elif has_view:  # a newer turn was posted first: this one is already stale
                self.spawn(self._strip(_Posted(info.channel_id, message_id, info.version, True)))
        if info.status != "running":
            self.forget(info.id)
            for key in [k for k in self._dm_hand if k[0] == info.id]:
                del self._dm_hand[key]
        self.spawn(self.deliver_private(outcome, set(hands_for or ())))

    def forget(self, game_id: int) -> None:
        old = self._last.pop(game_id, None)
        if old is not None and old.has_view:
            self.spawn(self._strip(old))

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait for background deliveries (used on shutdown)."""
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _strip(self, old: _Posted) -> None:
        try:
            channel = self.bot.get_partial_messageable(old.channel_id)
            await channel.get_partial_message(old.message_id).edit(view=None)
        except discord.HTTPException as exc:
            log.debug("could not strip components: %s", exc, extra={"channel_id": old.channel_id})

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
                await self._dm(info, seat.user_id, lines, hand, intro)
                if hand is not None:
                    self._dm_hand[key] = hand
            except Exception:
                log.exception(
                    "private delivery failed",
                    extra={"game_id": info.id, "user_id": seat.user_id},
                )

    async def _dm(
        self, info: GameInfo, user_id: int, lines: list[str], hand: str | None, intro: str = ""
    ) -> None:
        file: discord.File | None = None
        if hand and info.status == "running":
            try:
                _, image = await self.service.hand_in_game(info.id, user_id)
            except ServiceError:
                image = None
            if image is not None:
                file = discord.File(io.BytesIO(image.data), filename=image.filename)
        text = messages.private_message(info, hand, lines, intro)
        fields = {"game_id": info.id, "user_id": user_id, "channel_id": info.channel_id}
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            if file is not None:
                await dm.send(text, file=file, allowed_mentions=NO_PINGS)
            else:
                await dm.send(text, allowed_mentions=NO_PINGS)
            log.info("private information sent by DM", extra=fields)
        except discord.HTTPException as exc:
            log.info("DM refused (%s); telling them in the channel", exc.status, extra=fields)
            key = (info.id, user_id)
            if key in self._dm_warned:
                return
            self._dm_warned.add(key)
            channel = self.bot.get_partial_messageable(info.channel_id)
            await channel.send(
                f"<@{user_id}> I can't send you direct messages, so your private information "
                "is not in your DMs: use `/game hand` (and `/game log`) here. Only you will "
                "see the answer.",
                allowed_mentions=PING_USERS,
            )


def _fit_all(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Several embeds share Discord's 6000-character total: shorten the first description."""
    total = sum(len(e) for e in embeds)
    first = embeds[0]
    if total > messages.EMBED_TOTAL_MAX and first.description:
        keep = max(0, len(first.description) - (total - messages.EMBED_TOTAL_MAX) - 40)
        first.description = messages.trim_lines(first.description.split("\n"), keep)
    return embeds

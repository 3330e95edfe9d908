"""Private information by DM after a posted turn message: each player whose private
information changed gets it (their lines, their hand and its picture), so it stays available;
if DMs are closed, they are told once, in the channel, to use `/game hand`. Sent in the
background by the publisher (publish.py), after the turn message."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot import catalog
from bot.discord import messages, refused_posts
from bot.discord.turn_message import NO_PINGS, PING_USERS, has_hands
from bot.errors import ServiceError
from bot.results import GameInfo, Outcome, SeatInfo
from bot.runtime import discord_http
from render.core import RenderedImage

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot
    from bot.service import GameService

log = logging.getLogger("bot.discord.turns")

#: A DM Discord could not take for a passing reason is tried again DM_RETRY seconds later,
#: then twice as long, DM_TRIES times in all.
DM_RETRY = 5.0
DM_TRIES = 4


class PrivateDelivery:
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        self._dm_warned: set[tuple[int, int]] = set()
        #: (game id, user id) -> the hand last sent by DM, so an unchanged hand is not resent
        self._dm_hand: dict[tuple[int, int], str] = {}

    @property
    def service(self) -> GameService:
        return self.bot.service

    def forget(self, game_id: int) -> None:
        """The game is over: its hands are not sent again."""
        for key in [k for k in self._dm_hand if k[0] == game_id]:
            del self._dm_hand[key]

    async def deliver_private(self, outcome: Outcome, hands_for: set[int] | None = None) -> None:
        """Each player whose private information changed gets it by DM.
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
        await self._send(info, user_id, messages.private_message(info, hand, lines, intro), image)

    async def _send(
        self, info: GameInfo, user_id: int, text: str, image: RenderedImage | None, tries: int = 1
    ) -> None:
        """Send one DM. Refused by the person (DMs closed): they are told once, in the channel.
        Not taken for a passing reason (rate limited past discord.py's own retries, Discord's
        trouble): tried again later, up to DM_TRIES times in all."""
        fields = {"game_id": info.id, "user_id": user_id, "channel_id": info.channel_id}
        try:
            await discord_http.send_dm(
                self.bot,
                user_id,
                content=text,
                allowed_mentions=NO_PINGS,
                **messages.image_kwargs(image),
            )
            log.debug("private information sent by DM", extra=fields)
        except discord.HTTPException as exc:
            if exc.status != 403:
                if tries >= DM_TRIES or not refused_posts.passing(exc):
                    log.warning("could not send the DM: %s", exc, extra=fields)
                    return
                wait = DM_RETRY * 2 ** (tries - 1)
                log.warning(
                    "could not send the DM now (%s); again in %.0f s", exc, wait, extra=fields
                )
                self.bot.turns.later(
                    wait, lambda: self._send(info, user_id, text, image, tries + 1)
                )
                return
            log.info("DM refused (%s); telling them in the channel", exc.status, extra=fields)
            key = (info.id, user_id)
            if key in self._dm_warned:
                return
            self._dm_warned.add(key)
            await discord_http.send(
                self.bot,
                info.channel_id,
                content=f"<@{user_id}> I can't send you direct messages, so your private information "
                "is not in your DMs: use `/game hand` (and `/game log`) here. Only you will "
                "see the answer.",
                allowed_mentions=PING_USERS,
            )

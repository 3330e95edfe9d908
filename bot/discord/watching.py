"""Spectators and Play again on Discord: `/game watch|unwatch`, `/admin spectators`, the
**Allow** and **Decline** buttons of an "ask" game, the **Play again** button of a final message, the
spectators line of `/game status`, and the spectators' DMs.

DMs go out after the commit, from what was posted (`after_post`, told by the publisher):
a spectator only ever gets the spectator view (the public board image, the public log lines,
the final standings), never a hand. A decision in a game where nobody follows a player costs
nothing here (an in-memory check); a closed DM is logged and skipped."""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from sqlalchemy.exc import SQLAlchemyError

from bot import catalog
from bot.discord import game_status, limits, messages
from bot.discord.checks import Responder, channel_of, guarded, is_moderator
from bot.discord.choices import SPECTATOR_CHOICES
from bot.discord.cog import Cog
from bot.discord.turn_message import jump
from bot.discord.turn_text import standings_text
from bot.discord.watch_buttons import AllowButton, DeclineButton, PlayAgainButton, allow_view
from bot.errors import ServiceError
from bot.results import GameInfo, Outcome
from bot.runtime import discord_http
from bot.service.watching import NO_REQUEST, ONLY_PLAYERS, Watch
from render.core import RenderedImage

if TYPE_CHECKING:
    from bot.discord.client import BoardroomBot
    from bot.discord.turn_message import TurnMessage

log = logging.getLogger("bot.discord.watching")

NO_PINGS = discord.AllowedMentions.none()
#: The move summary of a spectator's DM stays short.
DM_LINES_MAX = 1200


def watching_text(done: Watch) -> str:
    game = f"{done.title_name} (game #{done.game_id})"
    follow = f", and a note each time <@{done.player_id}> moves" if done.player_id else ""
    return (
        f"👀 You're watching {game}. I'll send you a direct message with the final standings "
        f"and board when it ends{follow}. `/game unwatch` stops it."
    )


def request_text(done: Watch) -> str:
    follow = f" (and to follow <@{done.player_id}>)" if done.player_id else ""
    return (
        f"👀 <@{done.user_id}> asks to watch {done.title_name} (game #{done.game_id}){follow}. "
        "Spectators only get the public board and the final standings by direct message. "
        "A player or a moderator can press **Allow** or **Decline**."
    )


def final_text(info: GameInfo, link: str) -> str:
    """The spectator's DM at the end: the standings (public), a link to the final message."""
    parts = [f"🏁 **{info.title_name} · game #{info.id}** (in <#{info.channel_id}>) is over."]
    if info.result is not None:
        parts.append(standings_text(info, info.result))
    if link:
        parts.append(f"Final message: {link}")
    return limits.cut("\n".join(parts), limits.CONTENT_MAX)


def moved_text(info: GameInfo, players: list[int], lines: list[str], link: str) -> str:
    """The spectator's DM after a followed player's move: the public lines only."""
    names = []
    for user_id in players:
        seat = info.seat_of(user_id)
        names.append(seat.mention if seat is not None else f"<@{user_id}>")
    head = f"👀 **{info.title_name} · game #{info.id}** (in <#{info.channel_id}>): "
    parts = [head + f"{', '.join(names)} moved."]
    summary = messages.trim_lines(lines, DM_LINES_MAX, messages.LOG_HINT)
    if summary:
        parts.append(summary)
    if link:
        parts.append(f"Turn message: {link}")
    return limits.cut("\n".join(parts), limits.CONTENT_MAX)


class Watching(Cog):
    def __init__(self, bot: BoardroomBot) -> None:
        super().__init__(bot)
        #: game id -> the newest version whose followed moves were looked at.
        self._seen: dict[int, int] = {}

    def register(self, game: app_commands.Group) -> None:
        router = self.bot.router
        router.add(AllowButton, self.press_answer)
        router.add(DeclineButton, self.press_answer)
        router.add(PlayAgainButton, self.press_again)
        self.bot.turns.on_posted(self.after_post)  # the spectators' DMs

        @game.command(name="watch", description="Watch this channel's game (direct messages).")
        @app_commands.describe(player="Also a direct message each time this player moves")
        async def watch(interaction: discord.Interaction, player: discord.User | None = None):
            await self.watch(interaction, player.id if player else None)

        @game.command(name="unwatch", description="Stop watching this channel's game.")
        @app_commands.describe(player="Only stop following this player")
        async def unwatch(interaction: discord.Interaction, player: discord.User | None = None):
            responder = Responder(interaction)
            pid = player.id if player else None
            await responder.within(
                self.service.unwatch(channel_of(interaction), interaction.user.id, pid)
            )
            text = f"You no longer follow <@{pid}>." if pid else "You stopped watching this game."
            await responder.private(content=text, allowed_mentions=NO_PINGS)

    def register_admin(self, admin: app_commands.Group) -> None:
        @admin.command(name="spectators", description="Who may watch this channel's game.")
        @app_commands.choices(setting=SPECTATOR_CHOICES)
        async def spectators(interaction: discord.Interaction, setting: str) -> None:
            responder = Responder(interaction)
            actor = interaction.user.id
            info, stopped = await responder.within(
                self.service.set_spectators(channel_of(interaction), actor, setting)
            )
            text = f"spectators of {info.title_name} (game #{info.id}): " + (
                game_status.spectators_text(info.spectators)
            )
            if stopped:
                text += f". {stopped} spectator{'s' if stopped != 1 else ''} stopped watching"
            await responder.public(
                content=messages.announcement(actor, text + "."), allowed_mentions=NO_PINGS
            )
            if info.status == "lobby":
                self.bot.turns.spawn(self.bot.lobby.refresh(info))

    # ------------------------------------------------------------------ commands and presses
    async def watch(self, interaction: discord.Interaction, player_id: int | None) -> None:
        responder = Responder(interaction)
        moderator = await responder.within(is_moderator(interaction, self.service))
        done = await responder.within(
            self.service.watch(
                channel_of(interaction), interaction.user.id, player_id, moderator=moderator
            )
        )
        if done.allowed:
            await responder.private(content=watching_text(done), allowed_mentions=NO_PINGS)
        elif done.waiting_before:
            await responder.private(
                content="Your request to watch is still waiting for a player's **Allow**; "
                "this is added to it.",
                allowed_mentions=NO_PINGS,
            )
        else:
            await responder.public(
                content=request_text(done),
                view=allow_view(done.game_id, done.id),
                allowed_mentions=NO_PINGS,
            )

    @guarded("press:answer")
    async def press_answer(
        self, interaction: discord.Interaction, game_id: int, watcher_id: int, allow: bool
    ) -> None:
        """Allow or Decline on a request to watch."""
        responder = Responder(interaction)
        user = interaction.user.id
        moderator = await responder.within(is_moderator(interaction, self.service))
        answer = self.service.allow_watcher if allow else self.service.decline_watcher
        try:
            done = await responder.within(answer(game_id, watcher_id, user, moderator=moderator))
        except ServiceError as exc:
            # A closed request (allowed already, its game over) loses its buttons; an unknown
            # id (made up, withdrawn, declined, of another game) leaves the message as it is.
            if str(exc) not in (ONLY_PLAYERS, NO_REQUEST) and interaction.message is not None:
                self.bot.turns.spawn(_strip(interaction.message))
            raise  # answered privately by `guarded`
        game = f"{done.title_name} (game #{done.game_id})"
        if allow:
            follow = f" (and to follow <@{done.player_id}>)" if done.player_id else ""
            content = f"✅ <@{done.user_id}> may watch {game}{follow}: allowed by <@{user}>."
        else:
            content = f"🚫 <@{done.user_id}>'s request to watch {game} was declined by <@{user}>."
        await responder.update_source(content=content, view=None, allowed_mentions=NO_PINGS)

    @guarded("press:again")
    async def press_again(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new lobby like the finished game, its people invited (pinged) to join."""
        responder = Responder(interaction)
        user = interaction.user.id
        moderator = await responder.within(is_moderator(interaction, self.service))
        again = await responder.within(self.service.play_again(game_id, user, moderator=moderator))
        info = again.lobby
        content = (
            f"🔁 <@{user}> opened a new game of {info.title_name} (game #{info.id}), "
            f"like game #{again.previous_id}."
        )
        if again.invited:
            names = ", ".join(f"<@{u}>" for u in again.invited)
            content += f"\n{names}: press **Join** to play again."
        message = self.bot.lobby.lobby_message(info)
        message["allowed_mentions"] = discord.AllowedMentions(
            users=[discord.Object(u) for u in again.invited], roles=False, everyone=False
        )
        message_id = await responder.public(content=content, **message)
        if message_id is None:
            message_id = (await interaction.original_response()).id
        try:
            await self.service.set_lobby_message(info.id, message_id)
        except SQLAlchemyError as exc:  # the lobby is open: its refresh finds it (lobby.py)
            log.warning(
                "the new lobby's message id is not stored yet: %s",
                str(getattr(exc, "orig", None) or exc).splitlines()[0],
                extra={"game_id": info.id, "channel_id": info.channel_id},
            )
        log.info(
            "lobby opened again",
            extra={"game_id": info.id, "channel_id": info.channel_id, "command": "press:again"},
        )

    async def add_status(self, embed: discord.Embed, info: GameInfo) -> None:
        """`/game status`: the spectators setting and how many watch."""
        setting, watching, waiting = await self.service.spectators_of(info.id)
        text = game_status.spectators_text(setting, watching, waiting)
        embed.add_field(name="Spectators", value=limits.cut(text, limits.FIELD_MAX))

    # ------------------------------------------------------------------ the DMs
    def after_post(
        self, outcome: Outcome, message_id: int | None, message: TurnMessage | None
    ) -> None:
        """Called for every posted turn message, after its commit: the end-of-game DMs, or,
        where a player is followed, the DMs about their moves (nothing read otherwise)."""
        info = outcome.game
        if info.status == "finished":
            self._seen.pop(info.id, None)
            self.bot.turns.spawn(self._game_over(outcome, message_id, message))
        elif info.status == "running" and not outcome.quiet and self.service.follows(info.id):
            # A secret decision's confirmations were quiet (never posted) and count at the
            # reveal, so no DM tells who confirmed when: the service finds them in the log.
            # From the last version looked at too, for decisions posted together as one.
            seen = self._seen.get(info.id, info.version - 1)
            after = seen if seen < info.version else info.version - 1
            self._seen[info.id] = max(seen, info.version)
            self.bot.turns.spawn(self._moved(outcome, after, message_id, message))

    def game_stopped(self, info: GameInfo) -> None:
        """`/admin end`: the spectators are told, briefly (there are no standings)."""
        self._seen.pop(info.id, None)
        text = (
            f"✖️ **{info.title_name} · game #{info.id}** (in <#{info.channel_id}>), which you "
            "watched, was ended by a moderator."
        )
        self.bot.turns.spawn(self._tell_all(info, text, None))

    async def _game_over(
        self, outcome: Outcome, message_id: int | None, message: TurnMessage | None
    ) -> None:
        info = outcome.game
        image = message.image if message is not None else None
        if image is None and outcome.encoded_state is not None:
            with contextlib.suppress(Exception):  # no picture: the standings still go
                image = await catalog.draw_turn_async(info.title, outcome.encoded_state)
        await self._tell_all(info, final_text(info, jump(info, message_id)), image)

    async def _tell_all(self, info: GameInfo, text: str, image: RenderedImage | None) -> None:
        try:
            users = await self.service.spectators_at_end(info.id)
        except Exception:
            log.exception("could not read the spectators", extra={"game_id": info.id})
            return
        seated = {h.user_id for h in info.holders if not h.is_bot}
        for user_id in users:
            if user_id not in seated:
                await self._dm(info, user_id, text, image)

    async def _moved(
        self, outcome: Outcome, after: int, message_id: int | None, message: TurnMessage | None
    ) -> None:
        info = outcome.game
        try:  # (if the log can't be read back, the moves since the last post still go)
            after = min(after, await self.service.revealed_after(info.id, info.version))
        except Exception:
            log.warning("could not look back for a reveal", extra={"game_id": info.id})
        try:
            followers = await self.service.followers_of_moves(info.id, after, info.version)
        except Exception:
            log.exception("could not read the followers", extra={"game_id": info.id})
            return
        seated = {h.user_id for h in info.holders if not h.is_bot}
        image = message.image if message is not None else None
        lines = outcome.public_lines()
        for user_id, players in followers.items():
            if user_id not in seated:
                text = moved_text(info, players, lines, jump(info, message_id))
                await self._dm(info, user_id, text, image)

    async def _dm(
        self, info: GameInfo, user_id: int, text: str, image: RenderedImage | None
    ) -> None:
        """One spectator DM; a refusal (closed DMs) or any failure is logged, never raised."""
        fields = {"game_id": info.id, "user_id": user_id, "channel_id": info.channel_id}
        try:
            await discord_http.send_dm(
                self.bot,
                user_id,
                content=text,
                allowed_mentions=NO_PINGS,
                **messages.image_kwargs(image),
            )
            log.info("spectator DM sent", extra=fields)
        except discord.HTTPException as exc:
            log.info("spectator DM refused (%s)", exc.status, extra=fields)
        except Exception:
            log.exception("spectator DM failed", extra=fields)


async def _strip(message: discord.Message) -> None:
    with contextlib.suppress(discord.HTTPException):
        await message.edit(view=None)

"""An event's rounds on Discord: its timers (start, move on, deadline), each round's tables
opened in their own threads under the event's channel with their first turn message, the
pairings and the final standings posted in the event's channel, and the start-up repair.

Opening a round is idempotent (run again after a crash, or by the repair and a timer at once):
a table's thread is found again by its name before one is made, `open_table` adopts a game
already made, and the pairings post is looked for in the channel before it is posted (with
a nonce besides). One event's round is opened by one task at a time here."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from typing import Literal

import discord

from bot.discord import event_awards, event_buttons, event_text, refused_posts
from bot.discord.cog import Cog
from bot.discord.publish import LOOK_BACK
from bot.errors import ServiceError
from bot.runtime import discord_http
from bot.service import Fired
from bot.service.event_rounds import Advance, TableToOpen
from bot.service.event_season import EVENT_SEASON_END
from bot.service.events import (
    EVENT_ADVANCE,
    EVENT_DEADLINE,
    EVENT_START,
    EventInfo,
    winners_of,
)

log = logging.getLogger("bot.discord.events")

#: A week: the longest a thread waits quietly before Discord archives it.
ARCHIVE_MINUTES: Literal[10080] = 10080
#: How many of the channel's archived public threads are looked through for a table's.
ARCHIVED_LOOK = 100
#: A table Discord could not take for a passing reason: tried again OPEN_RETRY seconds later,
#: then twice as long, OPEN_TRIES times in all.
OPEN_RETRY = 5.0
OPEN_TRIES = 4


class EventTables(Cog):
    def __init__(self, bot) -> None:  # type: ignore[no-untyped-def]
        super().__init__(bot)
        #: One task at a time opens an event's round, and edits its sign-up message.
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._signup_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def timer_handlers(self) -> dict:
        """The dispatcher's handlers of the events' timers (bot/discord/timers.py)."""
        return {
            EVENT_START: self.start_fired,
            EVENT_ADVANCE: self.advance_fired,
            EVENT_DEADLINE: self.deadline_fired,
            EVENT_SEASON_END: self.season_end_fired,
        }

    # ------------------------------------------------------------------ timers
    async def start_fired(self, timer: Fired) -> None:
        advance = await self.service.start_event(int(timer.payload["event"]))
        await self.refresh_signup(advance.event)
        await self.after(advance)

    async def advance_fired(self, timer: Fired) -> None:
        await self.after(await self.service.advance_event(int(timer.payload["event"])))

    async def season_end_fired(self, timer: Fired) -> None:
        """A season's window is over: it finishes, and its final standings are posted."""
        await self.after(await self.service.end_season(int(timer.payload["event"])))

    async def deadline_fired(self, timer: Fired) -> None:
        """A round's deadline: its tables still playing are finished by the automatic players
        (the service's rule); each one's last turn message is posted in its thread. The event
        moves on by the timer their ends set."""
        event_id, round_no = int(timer.payload["event"]), int(timer.payload.get("round", 0))
        log.info("event %d: round %d deadline reached", event_id, round_no)
        for outcome in await self.service.round_deadline(event_id, round_no):
            await self.bot.turns.send_to_channel(outcome)

    async def after(self, advance: Advance) -> None:
        """What an event's step calls for: open the round's tables, or say it is over."""
        info = advance.event
        if advance.what == "seated":
            await self.open_tables(info.id)
        elif advance.what == "started":  # (a season: no tables; its rule, said again)
            text = f"**{info.name}** has started. {event_text.season_rule(info)}"
            if info.ends_at is not None:
                text += f" It ends <t:{int(info.ends_at.timestamp())}:f>."
            await self._say(info, text, nonce=f"ev{info.id}-season")
        elif advance.what == "finished":
            await self.post_final(info)
        elif advance.what == "cancelled":
            text = (
                f"**{info.name}** is cancelled: too few people signed up "
                f"({len(info.entrants)}). Thank you to everyone who joined."
            )
            await self._say(info, text, nonce=f"ev{info.id}-cancel")

    # ------------------------------------------------------------------ opening a round
    async def open_tables(self, event_id: int, tries: int = 1) -> int:
        """Open every table of the round not playing yet, then post the pairings (once);
        how many tables were opened. A table Discord could not take for a passing reason
        (rate limited past discord.py's retries, its own trouble) is tried again later, up to
        OPEN_TRIES times in all (else at the next start)."""
        again = False
        async with self._locks[event_id]:
            opened = 0
            for table in await self.service.tables_to_open(event_id):
                try:
                    thread = await self.thread_for(table)
                    outcome = await self.service.open_table(table.table_id, thread.id)
                except (discord.HTTPException, ServiceError) as exc:
                    log.warning(
                        "event %d: could not open table %d: %s", event_id, table.number, exc
                    )
                    again = again or (
                        isinstance(exc, discord.HTTPException) and refused_posts.passing(exc)
                    )
                    continue
                opened += 1
                if outcome is None:  # (started before a crash: the durable delivery posts it)
                    continue
                await self.bot.turns.send_to_channel(outcome)  # (refused: owed, and told)
            await self.post_pairings(event_id)
        if again and tries < OPEN_TRIES:
            wait = OPEN_RETRY * 2 ** (tries - 1)
            self.bot.turns.later(wait, lambda: self.open_tables(event_id, tries + 1))
        return opened

    async def thread_for(self, table: TableToOpen) -> discord.Thread:
        """The table's thread: the one already made (by id, or by its exact name under the
        event's channel, active or archived), else a new public one."""
        channel = await self._channel(table.channel_id)
        guild = channel.guild
        if table.thread_id is not None:
            known = guild.get_thread(table.thread_id)
            if known is not None:
                return known
        found = await self._find_thread(channel, table.thread_name)
        if found is not None:
            return found
        thread = await channel.create_thread(
            name=table.thread_name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=ARCHIVE_MINUTES,
        )
        log.info(
            "event %d: thread made for table %d",
            table.event_id,
            table.number,
            extra={"channel_id": thread.id},
        )
        return thread

    async def _find_thread(self, channel: discord.TextChannel, name: str) -> discord.Thread | None:
        def mine(t: discord.Thread) -> bool:
            return t.parent_id == channel.id and t.name == name

        found = next((t for t in channel.guild.threads if mine(t)), None)
        if found is not None:
            return found
        try:
            found = next((t for t in await channel.guild.active_threads() if mine(t)), None)
        except discord.HTTPException as exc:  # (the cached threads were looked through)
            log.info("could not list the server's active threads: %s", exc)
        if found is not None:
            return found
        try:
            async for t in channel.archived_threads(limit=ARCHIVED_LOOK):
                if mine(t):
                    return t
        except discord.HTTPException as exc:
            log.info("could not list the channel's archived threads: %s", exc)
        return None

    async def _channel(self, channel_id: int) -> discord.TextChannel:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise ServiceError("An event's tables need a text channel for their threads.")
        return channel

    async def post_pairings(self, event_id: int) -> None:
        """The round's tables and byes, in the event's channel, once every table has its
        thread; not again if the channel shows it already."""
        info, tables = await self.service.round_tables(event_id)
        if not tables or any(t.thread_id is None for t in tables if not t.bye):
            return
        head = event_text.PAIRINGS_HEAD.format(name=info.name, round=info.round)
        if await self._posted(info.channel_id, head):
            return
        await self._say(
            info, event_text.pairings_text(info, tables), nonce=f"ev{info.id}-r{info.round}"
        )

    async def post_final(self, info: EventInfo) -> None:
        """The final standings (the table as an image, every entrant in the embed), and the
        winner role given to first place (or why it could not be)."""
        info, rows = await self.service.event_standings(info.id)
        head = f"**{info.name}** is over."
        if await self._posted(info.channel_id, head):  # (posted before a crash: marked now)
            await self.service.final_posted(info.id)
            return
        embed = event_text.standings_embed(info, rows, final=True)
        winners = winners_of(rows, info.groups)
        line = f"{head} Thank you all for playing!"
        if winners:
            line += f" Congratulations, {' and '.join(f'<@{w}>' for w in winners)}!"
        role = await event_awards.give_winner_role(self.bot, info, winners)
        content = f"{line}\n{role}" if role else line
        try:
            image = await event_awards.standings_image(self.bot, info, rows, final=True)
        except Exception:  # (the standings go out without their picture)
            log.exception("event %d: could not draw the final standings", info.id)
            extra: dict[str, object] = {"embed": embed}
        else:
            extra = event_awards.with_image(embed, image)
        await self._say(
            info,
            content,
            nonce=f"ev{info.id}-final",
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            **extra,
        )
        await self.service.final_posted(info.id)

    # ------------------------------------------------------------------ the sign-up message
    async def refresh_signup(self, info: EventInfo) -> None:
        """Edit the sign-up message in place: its list, its state; buttons while it is open.
        Read again under the event's lock: of two presses at once, the last edit shows both."""
        if info.signup_message_id is None:
            return
        async with self._signup_locks[info.id]:
            try:
                info = await self.service.event_info(info.id)
            except ServiceError:
                return
            await self._edit_signup(info)

    async def _edit_signup(self, info: EventInfo) -> None:
        assert info.signup_message_id is not None
        view = event_buttons.event_view(info.id) if info.status == "signup" else None
        try:
            await discord_http.edit(
                self.bot,
                info.channel_id,
                info.signup_message_id,
                embed=event_text.signup_embed(info),
                view=view,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as exc:
            log.info("could not refresh the sign-up message of event %d: %s", info.id, exc)

    # ------------------------------------------------------------------ start-up repair
    async def repair(self) -> int:
        """Running events: a round seated whose tables a crash left unopened is opened, a
        round complete whose move on was lost moves on; finished events whose final standings
        were not posted get them. How many events were looked at. (Called once the gateway
        is ready: the threads are looked for among the server's.)"""
        ids = await self.service.running_events()
        for event_id in ids:
            try:
                await self.open_tables(event_id)
                await self.after(await self.service.advance_event(event_id))
                await self.after(await self.service.end_season(event_id))  # (past its end)
            except (discord.HTTPException, ServiceError) as exc:
                log.warning("could not repair event %d: %s", event_id, exc)
        finished = await self.service.final_unposted()  # (a crash between the end and its post)
        for event_id in finished:
            try:
                await self.post_final(await self.service.event_info(event_id))
            except (discord.HTTPException, ServiceError) as exc:
                log.warning("could not post event %d's final standings: %s", event_id, exc)
        return len(ids) + len(finished)

    # ------------------------------------------------------------------ posting
    async def _say(self, info: EventInfo, content: str, nonce: str, **kwargs: object) -> None:
        await discord_http.send(self.bot, info.channel_id, content=content, nonce=nonce, **kwargs)

    async def _posted(self, channel_id: int, head: str) -> bool:
        """Whether one of the channel's newest messages is the bot's and starts with `head`."""
        me = self.bot.user.id if self.bot.user is not None else None
        try:
            async for m in self.bot.get_partial_messageable(channel_id).history(limit=LOOK_BACK):
                if m.author.id == me and m.content.startswith(head):
                    return True
        except discord.HTTPException as exc:
            log.info("could not read the event's channel: %s", exc)
        return False

"""Substitutes and stalled games on Discord: `/game substitute`, `/admin substitute`,
`/admin substitute_approval`, `/admin stall_days`, `/admin stalled`, the request message's
buttons (Take this seat, Approve, Reject, Cancel request: persistent, their ids carry the
request), and the stall timer's one ping to the moderators.

A seat taken by a volunteer is announced publicly, followed by the turn message (the new
player gets their hand privately), exactly as after `/admin replace`."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Literal

import discord
from discord import app_commands

from bot.discord import limits, messages
from bot.discord.checks import Responder, channel_of, guarded, is_moderator
from bot.discord.cog import Cog
from bot.discord.components import SubstituteButton
from bot.discord.messages import moderators
from bot.errors import ServiceError
from bot.runtime.components_json import Components
from bot.service import Fired
from bot.service.clock_rules import MAX_CLOCK_DAYS
from bot.service.stalls import Stalled
from bot.service.substitutes import LIVE, OPEN, WAITING, SubRequest, Taken

log = logging.getLogger("bot.discord.substitutes")

NO_PINGS = discord.AllowedMentions.none()
SETTING_ON_SERVER = "Server settings exist only on a server."


def seat_words(req: SubRequest) -> str:
    n = f"Seat {req.seat_no + 1}"
    return n if req.seat_label == n else f"{n} ({req.seat_label})"


def request_text(req: SubRequest) -> str:
    """What the request message says, for each state of the request."""
    game = f"{req.title_name} (game #{req.game_id})"
    seat = seat_words(req)
    if req.status == OPEN:
        return (
            f"🙋 **{seat} needs a substitute** in {game}.\n"
            f"Held by {req.holder}; asked by <@{req.requested_by}>. Anyone not playing in this "
            "game can take the seat over from the current position: press **Take this seat**."
        )
    if req.status == WAITING:
        return (
            f"🙋 **{seat} needs a substitute** in {game}.\n"
            f"<@{req.volunteer_id}> volunteers to take it over from {req.holder}: a moderator "
            "approves or rejects."
        )
    if req.status == "taken":
        return f"✅ {seat} of {game} was taken over by <@{req.volunteer_id}>."
    return f"✖️ The request for a substitute for {seat} of {game} was withdrawn."


def request_view(req: SubRequest) -> Components | None:
    actions = {OPEN: ("take", "cancel"), WAITING: ("approve", "reject", "cancel")}
    wanted = actions.get(req.status)
    if not wanted:
        return None
    return Components(SubstituteButton.build(req.game_id, req.id, action) for action in wanted)


def stall_text(found: Stalled) -> str:
    info = found.game
    who = ", ".join(w.mention for w in info.waiting) or "nobody"
    days = int(found.days)
    paused = " (it is paused)" if found.paused else ""
    return limits.cut(
        f"🐢 {moderators(found.mod_role_id)}: {info.title_name} (game #{info.id}) has had no move for {days} day"
        f"{'s' if days != 1 else ''}{paused}. Waiting for: {who}.\n"
        "You could ask for a substitute (`/admin substitute`), hand a seat to the automatic "
        "player (`/admin bot`) or end the game (`/admin end`).",
        limits.CONTENT_MAX,
    )


def stalled_list(found: list[Stalled], days: int) -> str:
    if not found:
        return (
            f"No game on this server has gone {days} day{'s' if days != 1 else ''} without a move."
        )
    lines = [f"**Stalled games** (no move for {days}+ days):"]
    for x in found:
        info = x.game
        link = f"<#{info.channel_id}>"
        if info.turn_message_id and info.guild_id:
            link += (
                f" ([last turn](https://discord.com/channels/{info.guild_id}/"
                f"{info.channel_id}/{info.turn_message_id}))"
            )
        who = ", ".join(w.mention for w in info.waiting) or "nobody"
        paused = ", paused" if x.paused else ""
        lines.append(
            f"• {info.title_name} (game #{info.id}) in {link}: {int(x.days)} days{paused}; "
            f"waiting for {who}"
        )
    return messages.trim_lines(lines, limits.CONTENT_MAX)


class Substitutes(Cog):
    def register(self, game: app_commands.Group) -> None:
        self.bot.router.add(SubstituteButton, self.press)

        @game.command(name="substitute", description="Ask for someone to take over your seat.")
        async def substitute(interaction: discord.Interaction) -> None:
            await self.ask(interaction, None)

    def register_admin(self, admin: app_commands.Group) -> None:
        """The moderators' commands (the group checks who may use them)."""
        self._register_admin_requests(admin)  # substitute, substitute_approval
        self._register_day_settings(admin)  # stall_days, vacation_days, clock_days
        self._register_stalled(admin)

    def _register_admin_requests(self, admin: app_commands.Group) -> None:
        @admin.command(name="substitute", description="Ask for a substitute for a seat.")
        @app_commands.describe(seat="Seat number (1 = first seat)")
        async def substitute(
            interaction: discord.Interaction, seat: app_commands.Range[int, 1, 25]
        ) -> None:
            await self.ask(interaction, seat - 1)

        @admin.command(
            name="substitute_approval",
            description="Must a moderator approve volunteers taking a seat on this server?",
        )
        async def approval(interaction: discord.Interaction, setting: Literal["on", "off"]) -> None:
            if interaction.guild_id is None:
                raise ServiceError(SETTING_ON_SERVER)
            on = setting == "on"
            await self.service.set_substitute_approval(
                interaction.guild_id, interaction.user.id, on
            )
            text = (
                "volunteers taking a seat now need a moderator's approval."
                if on
                else "volunteers now take a seat at once, without approval."
            )
            await Responder(interaction).public(
                content=messages.announcement(interaction.user.id, text),
                allowed_mentions=NO_PINGS,
            )

    def _register_day_settings(self, admin: app_commands.Group) -> None:
        """This server's settings counted in days."""

        @admin.command(
            name="stall_days", description="After how many days without a move a game stalls."
        )
        @app_commands.describe(days="Days without a completed move (default 7)")
        async def stall_days(
            interaction: discord.Interaction, days: app_commands.Range[int, 1, 365]
        ) -> None:
            await self._set_days(
                interaction,
                self.service.set_stall_days,
                days,
                f"✅ A game with no move for {_days(days)} is now reported to the moderators "
                "(once) and listed by `/admin stalled`.",
            )

        @admin.command(
            name="vacation_days", description="Vacation days each member may take per year here."
        )
        @app_commands.describe(days="Days per calendar year (default 21; 0: no vacations)")
        async def vacation_days(
            interaction: discord.Interaction, days: app_commands.Range[int, 0, 366]
        ) -> None:
            await self._set_days(
                interaction,
                self.service.set_vacation_days,
                days,
                f"✅ Each member may now be away for {_days(days)} a calendar year on this "
                "server (`/me away`; a clock that runs out spends one).",
            )

        @admin.command(
            name="clock_days", description="Vacation days in a row a clock may spend for a player."
        )
        @app_commands.describe(days="Days in a row (default 3; 0: none, the expiry applies)")
        async def clock_days(
            interaction: discord.Interaction, days: app_commands.Range[int, 0, MAX_CLOCK_DAYS]
        ) -> None:
            await self._set_days(
                interaction,
                self.service.set_clock_days,
                days,
                (
                    f"✅ A clock that runs out now spends at most {_days(days)} of its "
                    "player's vacation in a row (24 h more each); after that the game's "
                    "expiry setting applies."
                )
                if days
                else "✅ A clock that runs out no longer spends vacation days on this server: "
                "the game's expiry setting applies at once.",
            )

    def _register_stalled(self, admin: app_commands.Group) -> None:
        @admin.command(name="stalled", description="This server's games without a move lately.")
        async def stalled(interaction: discord.Interaction) -> None:
            if interaction.guild_id is None:
                raise ServiceError(SETTING_ON_SERVER)
            responder = Responder(interaction)
            days = await self.service.stall_setting(interaction.guild_id)
            found = await responder.within(self.service.stalled_games(interaction.guild_id))
            await responder.private(content=stalled_list(found, days), allowed_mentions=NO_PINGS)

    async def _set_days(
        self,
        interaction: discord.Interaction,
        set_days: Callable[[int, int, int], Awaitable[int]],
        days: int,
        done: str,
    ) -> None:
        """A server setting counted in days: set it (answered within 3 s), then say so."""
        if interaction.guild_id is None:
            raise ServiceError(SETTING_ON_SERVER)
        responder = Responder(interaction)
        await responder.within(set_days(interaction.guild_id, interaction.user.id, days))
        await responder.private(content=done)

    # ------------------------------------------------------------------ requests
    async def ask(self, interaction: discord.Interaction, seat_no: int | None) -> None:
        """Post a request (`seat_no` None: the caller's own seat; else a moderator's ask)."""
        responder = Responder(interaction)
        req = await responder.within(
            self.service.request_substitute(
                channel_of(interaction),
                interaction.user.id,
                seat_no,
                moderator=seat_no is not None,
            )
        )
        message_id = await responder.public(
            content=request_text(req), view=request_view(req), allowed_mentions=NO_PINGS
        )
        await self.service.substitute_posted(req.id, message_id)

    @guarded("press:substitute")
    async def press(self, interaction: discord.Interaction, request_id: int, action: str) -> None:
        responder = Responder(interaction)
        user = interaction.user.id
        try:
            if action == "take":
                done = await responder.within(self.service.volunteer_substitute(request_id, user))
            else:
                moderator = await responder.within(is_moderator(interaction, self.service))
                work: Awaitable[Taken | SubRequest]
                if action == "approve":
                    work = self.service.approve_substitute(request_id, user, moderator=moderator)
                elif action == "reject":
                    work = self.service.reject_substitute(request_id, user, moderator=moderator)
                else:
                    work = self.service.cancel_substitute(request_id, user, moderator=moderator)
                done = await responder.within(work)
        except ServiceError:
            self.bot.turns.spawn(self._tidy(interaction, request_id))
            raise  # answered privately by `guarded`
        if isinstance(done, Taken):
            await self._taken(responder, done, user)
            return
        await responder.update_source(
            content=request_text(done), view=request_view(done), allowed_mentions=NO_PINGS
        )

    async def _taken(self, responder: Responder, done: Taken, presser: int) -> None:
        """The request message says who took the seat; the change is announced, then the turn
        message follows (the new player's hand by DM)."""
        req = done.request
        built = await responder.within(self.bot.turns.build(done.outcome))
        await responder.update_source(
            content=request_text(req), view=None, allowed_mentions=NO_PINGS
        )
        volunteer = req.volunteer_id or presser
        approved = f" (approved by <@{presser}>)" if presser != volunteer else ""
        await responder.public(
            content=f"🔁 <@{volunteer}> takes over {seat_words(req)} from {done.previous} as a "
            f"substitute{approved}.",
            allowed_mentions=NO_PINGS,
        )
        await self.bot.turns.send_built(responder, done.outcome, built, [volunteer])

    async def _tidy(self, interaction: discord.Interaction, request_id: int) -> None:
        """After a refused press: a request that is closed (or whose game is over) loses its
        buttons, so nobody else presses them."""
        try:
            req = await self.service.substitute_request(request_id)
            info = await self.service.game_info(req.game_id)
        except ServiceError:
            return
        if req.status in LIVE and info.status == "running":
            return
        message = interaction.message
        if message is None:
            return
        with contextlib.suppress(discord.HTTPException):
            await message.edit(content=request_text(req), view=None, allowed_mentions=NO_PINGS)

    # ------------------------------------------------------------------ stalls
    async def stall_fired(self, timer: Fired) -> None:
        """The stall timer: ping the moderators once, in the game's channel."""
        found = await self.service.stall_due(timer)
        if found is None:
            return
        mentions = discord.AllowedMentions(
            users=False,
            everyone=False,
            roles=[discord.Object(found.mod_role_id)] if found.mod_role_id else False,
        )
        channel = self.bot.get_partial_messageable(found.game.channel_id)
        with contextlib.suppress(discord.HTTPException):  # never retried: no spam
            await channel.send(stall_text(found), allowed_mentions=mentions)
        log.info(
            "stalled game reported",
            extra={"game_id": found.game.id, "channel_id": found.game.channel_id},
        )


def _days(n: int) -> str:
    return f"{n} day{'s' if n != 1 else ''}"

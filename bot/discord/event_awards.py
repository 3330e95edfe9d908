"""An event's standings image (drawn in a render worker from plain data: the names the bot has
seen, never a Discord object) and its winner role: given to first place when it finishes,
or, when the bot may not give it, said why in the final post."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot import catalog
from bot.events.group_rounds import group_name, group_of
from bot.events.standings import Standing
from bot.service.events import EventInfo
from render import standings as drawing
from render.core import RenderedImage

log = logging.getLogger("bot.discord.events")


def stage(info: EventInfo, final: bool = False) -> str:
    if final or info.status == "finished":
        return "final"
    if info.format == "season":
        return "season so far"
    return f"after round {info.round} of {info.rounds}"


async def standings_image(
    bot: Any, info: EventInfo, rows: Sequence[Standing], final: bool = False
) -> RenderedImage:
    """The standings table drawn off the event loop (`catalog.off_loop`): names as last seen
    in interactions ("a player" otherwise)."""
    names = bot.web.names

    def name(person: int) -> str:  # (a groups event: the overall standings, group named)
        k = group_of(info.groups, person)
        own = names(info.guild_id, person)
        return own if k is None else f"{own} ({group_name(k)})"

    season = info.format == "season"  # (no tables seated: no opponents' points)
    plain = [
        (
            name(r.id),
            r.points,
            None if season else r.opponents_points,
            r.score_share,
            r.games,
            r.byes,
        )
        for r in rows
    ]
    return await catalog.off_loop(
        drawing.standings_image, info.name, info.title_name, stage(info, final), plain
    )


def with_image(embed: discord.Embed, image: RenderedImage) -> dict[str, Any]:
    """The embed showing the attached image, and the attachment."""
    from bot.discord.messages import image_file

    embed.set_image(url=f"attachment://{image.filename}")
    return {"embed": embed, "file": image_file(image)}


def role_problem(guild: discord.Guild, role: discord.Role) -> str | None:
    """Why the bot cannot give `role` in `guild` (None: it can)."""
    me = guild.me
    if me is None:
        return "I could not see my own place on this server"
    if not me.guild_permissions.manage_roles:
        return "I don't have the **Manage Roles** permission"
    if role.managed or role.is_default():
        return f"{role.mention} is managed by Discord or an integration"
    if role >= me.top_role:
        return (
            f"{role.mention} is not below my highest role ({me.top_role.mention}) in the "
            "server's role list"
        )
    return None


def new_event_warning(guild: discord.Guild | None, role: discord.Role) -> str | None:
    """`/event new winner_role:`: a moderator's warning when the bot cannot give the role."""
    if guild is None:
        return None
    problem = role_problem(guild, role)
    if problem is None:
        return None
    return (
        f"⚠️ The event is open, but I can't give {role.mention} to its winner now: {problem}. "
        "Fix that before it finishes (Server Settings → Roles), or the winner gets no role."
    )


async def give_winner_role(bot: Any, info: EventInfo, winners: Sequence[int]) -> str:
    """Give the event's winner role to `winners`; the sentence the final post says about it
    ("" without a role or a winner)."""
    if info.winner_role_id is None or not winners or info.guild_id is None:
        return ""
    mention = f"<@&{info.winner_role_id}>"
    guild = bot.get_guild(info.guild_id)
    role = guild.get_role(info.winner_role_id) if guild is not None else None
    if guild is None or role is None:
        return f"I could not give the winner role {mention}: it no longer exists here."
    problem = role_problem(guild, role)
    if problem is not None:
        return f"I could not give {mention} to the winner: {problem}."
    given = []
    for user_id in winners:
        try:
            member = guild.get_member(user_id) or await guild.fetch_member(user_id)
            await member.add_roles(role, reason=f"Winner of event #{info.id}: {info.name}")
        except discord.Forbidden as exc:
            log.info("event %d: could not give the winner role: %s", info.id, exc)
            return f"I could not give {mention} to the winner: Discord refused ({exc.text})."
        except discord.HTTPException as exc:  # (not a member any more, Discord trouble)
            log.info("event %d: could not give the winner role to %d: %s", info.id, user_id, exc)
            continue
        given.append(f"<@{user_id}>")
    if not given:
        return f"I could not give {mention} to the winner: they are not on this server."
    return f"{' and '.join(given)} now {'have' if len(given) > 1 else 'has'} {mention}."

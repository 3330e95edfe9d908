"""Looking back: `/game replay|history|export`, and the replay and history buttons. Every answer
is private (ephemeral); the buttons edit it in place."""

from __future__ import annotations

import io
import math
from typing import Any

import discord
from discord import app_commands

from bot.discord import limits
from bot.discord import messages as m
from bot.discord.checks import Responder, channel_of, guarded, is_moderator
from bot.discord.cog import Cog
from bot.discord.components import HistoryButton, ReplayButton
from bot.runtime.components_json import Components
from bot.service.export import Export
from bot.service.history import HistoryPage, PastGame, Player
from bot.service.replay import Frame

NO_MENTIONS = discord.AllowedMentions.none()
#: The replay buttons: (button id part, label, how far it moves).
STEPS = (("b10", "◀◀ −10", -10), ("b1", "◀ −1", -1), ("f1", "+1 ▶", 1), ("f10", "+10 ▶▶", 10))
SCOPE_CHOICES = [
    app_commands.Choice(name="this channel", value="channel"),
    app_commands.Choice(name="this server", value="server"),
]


class LookingBack(Cog):
    def register(self, game: app_commands.Group) -> None:
        self.bot.router.add(ReplayButton, self.press_replay)
        self.bot.router.add(HistoryButton, self.press_history)

        @game.command(
            name="replay", description="The board as it was after any move (only you see it)."
        )
        @app_commands.describe(move="Which move (0 = the start; default: the latest)")
        async def replay(
            interaction: discord.Interaction,
            move: app_commands.Range[int, 0, 1_000_000] | None = None,
        ) -> None:
            responder = Responder(interaction)
            frame = await responder.within(
                self.service.replay(channel_of(interaction), move, interaction.user.id)
            )
            await responder.private(**replay_message(frame), view=replay_view(frame))

        @game.command(name="history", description="Finished games of this channel or server.")
        @app_commands.describe(scope="This channel (default) or the whole server", page="Page")
        @app_commands.choices(scope=SCOPE_CHOICES)
        async def history(
            interaction: discord.Interaction,
            scope: str = "channel",
            page: app_commands.Range[int, 1, 10_000] = 1,
        ) -> None:
            responder = Responder(interaction)
            shown = await responder.within(
                self.service.history(channel_of(interaction), interaction.guild_id, scope, page - 1)
            )
            await responder.private(**history_message(shown))

        @game.command(name="export", description="This game's public record as a JSON file.")
        async def export(interaction: discord.Interaction) -> None:
            responder = Responder(interaction)
            moderator = await is_moderator(interaction, self.service)
            done = await responder.within(
                self.service.export(channel_of(interaction), moderator=moderator)
            )
            await responder.private(**export_message(done))

    @guarded("press:replay")
    async def press_replay(self, interaction: discord.Interaction, game_id: int, move: int) -> None:
        responder = Responder(interaction)
        frame = await responder.within(
            self.service.replay_of(game_id, move, latest_at_most=True, viewer=interaction.user.id)
        )
        await responder.update_source(**replay_message(frame), view=replay_view(frame))

    @guarded("press:history")
    async def press_history(self, interaction: discord.Interaction, scope: str, page: int) -> None:
        responder = Responder(interaction)
        shown = await responder.within(
            self.service.history(channel_of(interaction), interaction.guild_id, scope, page)
        )
        await responder.update_source(**history_message(shown))


# ---- replay --------------------------------------------------------------------------------
def who_moved(frame: Frame) -> str:
    if frame.user_id is None:
        return f"🤖 {frame.seat_label} (automatic player)"
    return f"<@{frame.user_id}> ({frame.seat_label})"


def replay_embed(frame: Frame) -> discord.Embed:
    info = frame.game
    where = "the start" if frame.move == 0 else f"move {frame.move} of {frame.total}"
    if frame.move == 0:
        head = f"The board at the start, before the first of {frame.total} moves."
        body = ""
    else:
        head = f"**Move {frame.move}** by {who_moved(frame)}"
        if frame.secret:
            head = f"**Move {frame.move}**: a decision made in secret (nobody saw who made it)."
        body = (
            m.trim_lines(frame.lines, m.SUMMARY_MAX)
            or "No public log lines (a choice made in secret)."
        )
    embed = discord.Embed(
        title=limits.cut(f"{info.title_name} · game #{info.id} · {where}", 256),
        description=limits.cut(f"{head}\n{body}".strip(), limits.EMBED_DESC_MAX),
        colour=m.COLOUR,
        timestamp=frame.at,
    )
    if frame.status_line:
        embed.add_field(
            name="Then", value=limits.cut(frame.status_line, limits.FIELD_MAX), inline=False
        )
    embed.set_image(url=f"attachment://{frame.image.filename}")
    embed.set_footer(text="Replay: only you see this. ◀ and ▶ step through the moves.")
    return m.fit_embed(embed)


def replay_message(frame: Frame) -> dict[str, Any]:
    file = m.image_file(frame.image)
    return {"embed": replay_embed(frame), "file": file, "allowed_mentions": NO_MENTIONS}


def replay_view(frame: Frame) -> Components:
    items = []
    for step, label, delta in STEPS:
        target = min(max(frame.move + delta, 0), frame.total)
        items.append(
            ReplayButton.build(frame.game.id, target, step, label, disabled=target == frame.move)
        )
    return Components(items)


# ---- history -------------------------------------------------------------------------------
def person(p: Player) -> str:
    if p.user_id is not None:
        return f"<@{p.user_id}>"
    return f"🤖 (was <@{p.was}>)" if p.was is not None else "🤖"


def length_text(g: PastGame) -> str:
    moves = f"{g.moves} move{'s' if g.moves != 1 else ''}"
    days = g.days
    if days < 1:
        return f"{moves} in under a day"
    n = max(1, math.ceil(days - 0.05))
    return f"{moves} over {n} day{'s' if n != 1 else ''}"


def past_game_text(g: PastGame, server: bool) -> str:
    head = f"**{g.title_name}** · game #{g.id}"
    if server:
        head += f" · <#{g.channel_id}>"
    if g.link:
        head += f" · [final message]({g.link})"
    winners = ", ".join(person(p) for p in g.winners) or "nobody"
    top = max(g.result.scores.values(), default=None) if g.result else None
    won = f"Won by {winners}" + (f" ({top})" if top is not None and g.winners else "")
    when = f" · ended <t:{int(g.finished_at.timestamp())}:d>" if g.finished_at else ""
    players = ", ".join(person(p) for p in g.players) or "—"
    return f"{head}\n{won} · {length_text(g)}{when}\nPlayers: {players}"


def history_message(shown: HistoryPage) -> dict[str, Any]:
    server = shown.scope == "server"
    where = "this server" if server else "this channel"
    if shown.games:
        text = "\n\n".join(past_game_text(g, server) for g in shown.games)
    elif shown.page == 0:
        text = f"No finished games in {where} yet."
    else:
        text = "No older finished games."
    embed = discord.Embed(
        title=f"Finished games · {where}",
        description=limits.cut(text, limits.EMBED_DESC_MAX),
        colour=m.COLOUR,
    )
    embed.set_footer(text=f"Page {shown.page + 1}, newest first")
    message: dict[str, Any] = {"embed": embed, "allowed_mentions": NO_MENTIONS}
    if shown.page > 0 or shown.more:
        message["view"] = Components(
            [
                HistoryButton.build(
                    shown.scope, max(shown.page - 1, 0), "◀ Newer", shown.page == 0
                ),
                HistoryButton.build(shown.scope, shown.page + 1, "Older ▶", not shown.more),
            ]
        )
    return message


# ---- export --------------------------------------------------------------------------------
def export_message(done: Export) -> dict[str, Any]:
    text = (
        f"The public record of **{done.title_name}** game #{done.game_id} ({done.status}): "
        "every move and its public log lines, without the seed or anyone's private lines."
    )
    if done.hidden:
        text += (
            f" {done.hidden} secret move{'s' if done.hidden != 1 else ''} of the decision under "
            "way are listed without their choice until they are revealed."
        )
    file = discord.File(io.BytesIO(done.data), filename=done.filename)
    return {
        "content": limits.cut(text, limits.CONTENT_MAX),
        "file": file,
        "allowed_mentions": NO_MENTIONS,
    }

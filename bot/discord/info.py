"""Looking, not changing: `/game status|board|log|rules|hand` and the "Show my hand" and rules
paging buttons."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot import catalog
from bot.discord import components, game_status, limits, messages, text_parts
from bot.discord.checks import Responder, channel_of, guarded
from bot.discord.choices import title_choices
from bot.discord.cog import Cog
from bot.errors import ServiceError
from bot.results import Board
from render.core import RenderedImage


class Info(Cog):
    def register(self, game: app_commands.Group) -> None:
        router = self.bot.router
        router.add(components.HandButton, self.press_hand)
        router.add(components.FullBoardButton, self.press_full_board)
        router.add(components.TextBoardButton, self.press_board_text)
        router.add(components.RulesButton, self.press_rules)

        @game.command(name="status", description="Who is seated, whose turn it is.")
        async def status(interaction: discord.Interaction) -> None:
            info = await self.service.status(channel_of(interaction), or_last=True)
            embed = game_status.status_embed(info)
            await self.bot.watching.add_status(embed, info)
            await Responder(interaction).private(
                embed=embed, allowed_mentions=discord.AllowedMentions.none()
            )

        @game.command(name="board", description="Show the board (or one seat's area) to all.")
        @app_commands.describe(
            seat="Only this seat's area (1 = first seat)",
            text="on: the whole board as text a screen reader reads, only to you",
        )
        async def board(
            interaction: discord.Interaction,
            seat: app_commands.Range[int, 1, 25] | None = None,
            text: Literal["on", "off"] = "off",
        ) -> None:
            if text == "on":
                await self.show_board_text(Responder(interaction), channel_of(interaction), seat)
                return
            responder = Responder(interaction)
            area = None if seat is None else seat - 1
            shown = await responder.within(self.service.board(channel_of(interaction), area))
            await responder.public(**_board_message(shown, seat))

        @game.command(name="log", description="The latest moves (yours privately included).")
        @app_commands.describe(lines="How many lines (default 20)")
        async def log(
            interaction: discord.Interaction, lines: app_commands.Range[int, 1, 100] = 20
        ) -> None:
            got = await self.service.log(channel_of(interaction), interaction.user.id, lines)
            await Responder(interaction).private(
                content=messages.log_text(got), allowed_mentions=discord.AllowedMentions.none()
            )

        @game.command(name="rules", description="How to play a game.")
        @app_commands.describe(title="Which game (default: the one in this channel)")
        @app_commands.choices(title=title_choices())
        async def rules(interaction: discord.Interaction, title: str | None = None) -> None:
            if title is None:
                try:
                    title = (await self.service.status(channel_of(interaction))).title
                except ServiceError:
                    raise ServiceError(
                        "There is no game in this channel: name one with `title:`."
                    ) from None
            await self.show_rules(Responder(interaction), title, 0, edit=False)

        @game.command(name="hand", description="Your private information (only you see it).")
        @app_commands.describe(text="on: as text a screen reader reads, without the picture")
        async def hand(
            interaction: discord.Interaction, text: Literal["on", "off"] = "off"
        ) -> None:
            responder = Responder(interaction)
            if text == "on":
                words = await responder.within(
                    self.service.hand_text(channel_of(interaction), interaction.user.id)
                )
                await _send_text(responder, words)
                return
            shown, image = await responder.within(
                self.service.hand(channel_of(interaction), interaction.user.id)
            )
            await responder.private(**_hand_message(shown, image))

    # ------------------------------------------------------------------ helpers and presses
    async def show_board_text(
        self, responder: Responder, channel_id: int, seat: int | None = None
    ) -> None:
        """The public board as text, only to the asker: a screen reader's way to the table
        (posting it in the channel would flood it for everyone else)."""
        if seat is not None:
            raise ServiceError(
                "The text board always reads the whole table: leave out `seat:` with `text:on`."
            )
        await _send_text(responder, await responder.within(self.service.board_text(channel_id)))

    async def show_rules(self, responder: Responder, slug: str, page: int, edit: bool) -> None:
        title = catalog.title(slug)
        if title is None:
            names = ", ".join(t.slug for t in catalog.offered())
            raise ServiceError(f"I don't know the game `{slug}`. I can host: {names}.")
        pages = title.rules_pages() or [title.blurb or title.name]
        page = max(0, min(page, len(pages) - 1))
        message = {"embed": messages.rules_embed(title.name, pages, page)}
        view = components.rules_view(title.slug, page, len(pages))
        if edit:
            await responder.update_source(**message, view=view)
        elif view is not None:
            await responder.private(**message, view=view)
        else:
            await responder.private(**message)

    @guarded("press:rules")
    async def press_rules(self, interaction: discord.Interaction, slug: str, page: int) -> None:
        await self.show_rules(Responder(interaction), slug, page, edit=True)

    @guarded("press:full_board")
    async def press_full_board(self, interaction: discord.Interaction, game_id: int) -> None:
        """The whole board as it is now, only to the presser (one tap from the turn post), in the
        palette they chose (`/me palette`)."""
        responder = Responder(interaction)
        shown = await responder.within(self.service.board_of(game_id, viewer=interaction.user.id))
        await responder.private(**_board_message(shown))

    @guarded("press:text_board")
    async def press_board_text(self, interaction: discord.Interaction, game_id: int) -> None:
        responder = Responder(interaction)
        await _send_text(responder, await responder.within(self.service.board_text_of(game_id)))

    @guarded("press:hand")
    async def press_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        responder = Responder(interaction)
        text, image = await responder.within(
            self.service.hand_in_game(game_id, interaction.user.id)
        )
        await responder.private(**_hand_message(text, image))


def _board_message(shown: Board, seat: int | None = None) -> dict:
    """The whole board (or seat `seat`'s area) with the game's status line."""
    info = shown.game
    what = "board" if seat is None else f"seat {seat}"
    embed = discord.Embed(
        title=limits.cut(f"{info.title_name} · game #{info.id} · {what}", 256),
        description=limits.cut(info.status_line, limits.EMBED_DESC_MAX) or None,
        colour=messages.COLOUR,
    )
    embed.set_image(url=f"attachment://{shown.image.filename}")
    return {"embed": embed, "file": messages.image_file(shown.image)}


async def _send_text(responder: Responder, text: str) -> None:
    """Structured text as ephemeral message content, in as many messages as it needs."""
    for part in text_parts.parts(text):
        await responder.private(content=part, allowed_mentions=discord.AllowedMentions.none())


def _hand_message(text: str, image: RenderedImage | None) -> dict:
    message: dict = {
        "content": limits.cut(text, limits.CONTENT_MAX),
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    if image is not None:
        message["file"] = messages.image_file(image)
    return message

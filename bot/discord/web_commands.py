"""The table on the web from Discord: `/game web` (the game's public link, the asker's own
link, or ending all of their own links), the **My view** button beside the public link, and
`/admin web` (a server's pages on or off). The pages themselves are bot/web's; the links are
made by the client's `WebTable` (web_table.py).

Every answer is private but the moderator's announcement; a personal link goes only to its
own person, and only to someone the page would let in (bot/web/gate.py has the same rules)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import messages
from bot.discord.checks import Responder, channel_of, guarded
from bot.discord.cog import Cog
from bot.discord.components import MyViewButton
from bot.discord.turn_menus import table_link_button
from bot.errors import ServiceError
from bot.runtime.components_json import Components, LinkButton
from bot.service.web_tables import ASK, CLOSED, WebGame

NO_PINGS = discord.AllowedMentions.none()

NOT_SET_UP = (
    "Whoever runs this bot has not turned its web pages on (WEB_PORT), so there is no "
    "table on the web to link to. Everything still works here in Discord."
)
PAGES_OFF = (
    "A moderator has turned this server's game pages off (`/admin web`), so there is no "
    "table on the web to link to. Everything still works here in Discord."
)
GONE = "That game doesn't exist any more."
LINK_CHOICES = [
    app_commands.Choice(name="table: the game's public page (default)", value="table"),
    app_commands.Choice(name="mine: your own view, with your hand if you play", value="mine"),
    app_commands.Choice(name="revoke: end every personal link you were given", value="revoke"),
]
SETTING_CHOICES = [
    app_commands.Choice(name="on: games of this server have their pages (default)", value="on"),
    app_commands.Choice(name="off: no game of this server is shown on the web", value="off"),
]


def game_name(game: WebGame) -> str:
    return f"**{game.info.title_name}** (game #{game.info.id})"


def no_public_page(game: WebGame) -> str:
    """Why an ask or closed game has no public page, and what to do instead."""
    name = game_name(game)
    if game.info.spectators == ASK:
        why = f"{name}'s players choose who watches, so it has no public page."
        then = (
            "Its players, and the spectators they let in, can press **My view** for their own link."
        )
    else:
        why = f"{name} is closed to spectators, so it has no public page."
        then = "Its players can press **My view** for their own link."
    return f"🌐 {why} {then}"


def public_text(game: WebGame, url: str) -> str:
    text = (
        f"🌐 The table of {game_name(game)} on the web: <{url}>\n"
        "Anyone with this link can watch: it shows only what everyone sees here. "
        "**My view** gives you your own link (with your hand, if you play)."
    )
    if game.info.status == "lobby":
        text += "\nThe page shows the table once the game starts."
    return text


def personal_text(game: WebGame, url: str, seated: bool, days: float) -> str:
    shows = "the table and your hand" if seated else "the table as spectators see it"
    span = f"{days:g} day{'s' if days != 1 else ''}"
    text = (
        f"🔑 Your own link to {game_name(game)}: <{url}>\n"
        f"It shows {shows}. It is yours alone, so please don't share it. It works for {span}; "
        "`/game web link:revoke` ends all your links at once."
    )
    if game.info.status == "lobby":
        text += "\nThe page shows the table once the game starts."
    return text


class WebCommands(Cog):
    def register(self, game: app_commands.Group) -> None:
        self.bot.router.add(MyViewButton, self.press_my_view)

        @game.command(name="web", description="This channel's game on the web: a link to it.")
        @app_commands.describe(link="table: the public page; mine: your own view; revoke")
        @app_commands.choices(link=LINK_CHOICES)
        async def web(interaction: discord.Interaction, link: str = "table") -> None:
            if link not in ("table", "mine", "revoke"):
                raise ServiceError("Please pick `table`, `mine` or `revoke`; nothing was changed.")
            self._require_on()
            responder = Responder(interaction)
            if link == "revoke":
                await self._revoke(responder, interaction.user.id)
                return
            game = await responder.within(self._channel_game(channel_of(interaction)))
            if link == "mine":
                await self._mine(responder, game, interaction.user.id)
            else:
                await self._table(responder, game)

    def register_admin(self, admin: app_commands.Group) -> None:
        @admin.command(
            name="web", description="Turn this server's game pages on the web on or off."
        )
        @app_commands.choices(setting=SETTING_CHOICES)
        async def web(interaction: discord.Interaction, setting: str) -> None:
            await self._set_pages(interaction, setting)

    # ------------------------------------------------------------------ answers
    def _require_on(self) -> None:
        if not self.bot.web.on:
            raise ServiceError(NOT_SET_UP)

    async def _channel_game(self, channel_id: int) -> WebGame:
        """The channel's game (running, else the last played here), its server's pages on."""
        info = await self.service.status(channel_id, or_last=True)
        return await self._game(info.id)

    async def _game(self, game_id: int) -> WebGame:
        game = await self.service.web_game(game_id)
        if game is None:
            raise ServiceError(GONE)
        if not game.pages_on:
            raise ServiceError(PAGES_OFF)
        return game

    async def _table(self, responder: Responder, game: WebGame) -> None:
        mine = MyViewButton.build(game.info.id)
        url = self.bot.web.public_link(game.info.id)
        if game.info.spectators in (ASK, CLOSED) or url is None:
            text, view = no_public_page(game), Components([mine])
        else:
            text, view = public_text(game, url), Components([table_link_button(url), mine])
        await responder.private(content=text, view=view, allowed_mentions=NO_PINGS)

    async def _mine(self, responder: Responder, game: WebGame, user_id: int) -> None:
        """A personal link, to its own person only, if the page would let them in."""
        info = game.info
        seated = game.seated(user_id)
        if not seated:
            if info.spectators == CLOSED:
                raise ServiceError(
                    f"{game_name(game)} is closed to spectators, so only its players have "
                    "their own view on the web."
                )
            if not await responder.within(self.service.may_watch(info.id, user_id)):
                raise ServiceError(
                    f"{game_name(game)}'s players choose who watches. Please ask with "
                    "`/game watch` in its channel; once a player allows you, "
                    "`/game web link:mine` sends you your own link."
                )
        url = await responder.within(self.bot.web.personal_link(info.id, user_id))
        if url is None:
            raise ServiceError(NOT_SET_UP)
        days = self.bot.settings.web_link_days
        await responder.private(
            content=personal_text(game, url, seated, days),
            view=Components([LinkButton(url, "Open my view", emoji="🔑")]),
            allowed_mentions=NO_PINGS,
        )

    async def _revoke(self, responder: Responder, user_id: int) -> None:
        await responder.within(self.service.revoke_web_links(user_id))
        await responder.private(
            content=(
                "🔒 Every personal web link you were given has stopped working. "
                "`/game web link:mine` in a game's channel sends you a new one."
            ),
            allowed_mentions=NO_PINGS,
        )

    @guarded("press:web")
    async def press_my_view(self, interaction: discord.Interaction, game_id: int) -> None:
        """**My view**: the presser's own link, to them only."""
        self._require_on()
        responder = Responder(interaction)
        game = await responder.within(self._game(game_id))
        await self._mine(responder, game, interaction.user.id)

    async def _set_pages(self, interaction: discord.Interaction, setting: str) -> None:
        if setting not in ("on", "off"):
            raise ServiceError("Please pick `on` or `off`; nothing was changed.")
        guild_id = interaction.guild_id
        if guild_id is None:
            raise ServiceError("Game pages are a server's setting: please use this on a server.")
        responder = Responder(interaction)
        actor, on = interaction.user.id, setting == "on"
        await responder.within(self.service.set_web_pages(guild_id, actor, on))
        self.bot.web.pages_set(guild_id, on)
        if on:
            text = (
                "turned this server's game pages on the web on: `/game web` links a game's table."
            )
        else:
            text = (
                "turned this server's game pages on the web off: their links now show a notice "
                "instead of the table (`/admin web setting:on` turns them back on)."
            )
        if not self.bot.web.on:
            text += (
                " (The bot's web pages are not set up (WEB_PORT), so this counts once they are.)"
            )
        await responder.public(
            content=messages.announcement(actor, text), allowed_mentions=NO_PINGS
        )

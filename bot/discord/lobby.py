"""The lobby: `/game new|join|leave|start` and the lobby message with its Join / Leave / Start
buttons, kept up to date in place."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from sqlalchemy.exc import SQLAlchemyError

from bot import catalog
from bot.discord import components, game_status, limits
from bot.discord.checks import Responder, channel_of, guarded, is_moderator
from bot.discord.choices import (
    EXPIRY_CHOICES,
    OPTIONS_MAX,
    PACE_MAX,
    QUIET_CLOCK_CHOICES,
    SPECTATOR_CHOICES,
    pace_suggestions,
    title_choices,
)
from bot.discord.cog import Cog
from bot.discord.custom_ids import ids_in, lobby_custom_id
from bot.discord.publish import LOOK_BACK
from bot.discord.turn_message import TurnMessage
from bot.errors import ServiceError
from bot.results import GameInfo, Outcome
from bot.service.options import split_options
from engine.core import Title

log = logging.getLogger("bot.discord.lobby")


def option_suggestions(title: Title, current: str) -> list[tuple[str, str]]:
    """Autocomplete for `options:`: complete the last `name=value` being typed, keeping the
    ones already written (a value may hold commas: bot.service.options). Returns (label,
    value) pairs (`limits.suggestions` fits them to Discord's limits)."""
    pieces = current.replace(";", ",").split(",")
    typing = pieces[-1].strip().lower()
    done = ",".join(pieces[:-1]).strip()
    try:
        pairs = split_options(done)
    except ServiceError:
        pairs = []
    written = {key for key, _ in pairs}
    last = next((o for o in title.options if pairs and o.name == pairs[-1][0]), None)
    new_key = any(o.name.startswith(typing) for o in title.options if o.name not in written)
    if typing and "=" not in typing and last is not None and last.example and not new_key:
        # more of a value that holds commas (`tracks=A1,B2`): offer it as typed
        return [(f"{current.strip()} · {last.description}", current.strip())]
    head = f"{done}, " if done else ""
    out: list[tuple[str, str]] = []
    for option in title.options:
        if option.name in written:
            continue
        values = option.choices + ([option.example] if option.example else [])
        for choice in values:
            item = f"{option.name}={choice}"
            if typing in item.lower():
                value = head + item
                note = "default" if choice == option.default else option.description
                out.append((f"{value} · {note}", value))
    return out


class Lobby(Cog):
    def register(self, game: app_commands.Group) -> None:
        self.bot.router.add(components.LobbyButton, self.press)

        @game.command(name="new", description="Open a lobby for a new game in this channel.")
        @app_commands.describe(
            title="Which game",
            seats="How many seats (default: the most the game allows)",
            bots="How many seats automatic players take",
            options="Game options as name=value, e.g. `short_game=on` or `tracks=A1,B2,C2,D1`",
            pace="Clock: relaxed, daily, fast, none (default), or custom:START/PLUS/CAP in hours",
            expiry="When a clock runs out (default: the automatic player takes over)",
            quiet_clock="During a player's quiet hours, their clock runs (default) or waits",
            spectators="Who may watch with /game watch (default: anyone)",
        )
        @app_commands.choices(
            title=title_choices(),
            expiry=EXPIRY_CHOICES,
            quiet_clock=QUIET_CLOCK_CHOICES,
            spectators=SPECTATOR_CHOICES,
        )
        async def new(
            interaction: discord.Interaction,
            title: str,
            seats: app_commands.Range[int, 1, 25] | None = None,
            bots: app_commands.Range[int, 0, 24] = 0,
            options: app_commands.Range[str, None, OPTIONS_MAX] | None = None,
            pace: app_commands.Range[str, None, PACE_MAX] | None = None,
            expiry: str | None = None,
            quiet_clock: str | None = None,
            spectators: str | None = None,
        ) -> None:
            await self.new(
                interaction, title, seats, bots, options, pace, expiry, quiet_clock, spectators
            )

        @new.autocomplete("pace")
        async def pace_autocomplete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return pace_suggestions(current)

        @new.autocomplete("options")
        async def options_autocomplete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            chosen = catalog.title(str(getattr(interaction.namespace, "title", "") or ""))
            if chosen is None:
                return []
            return limits.suggestions(option_suggestions(chosen, current))

        @game.command(name="join", description="Take a seat in this channel's lobby.")
        async def join(interaction: discord.Interaction) -> None:
            responder = Responder(interaction)
            info = await responder.within(
                self.service.join(channel_of(interaction), interaction.user.id)
            )
            await responder.private(
                content=f"You joined {info.title_name} (game #{info.id}). Seats are drawn at "
                "random when the game starts."
            )
            self.bot.turns.spawn(self.refresh(info))

        @game.command(name="leave", description="Leave this channel's game.")
        async def leave(interaction: discord.Interaction) -> None:
            await self.leave(Responder(interaction))

        @game.command(name="start", description="Start the game in this channel's lobby.")
        async def start(interaction: discord.Interaction) -> None:
            await self.start(Responder(interaction))

    # ------------------------------------------------------------------ actions
    async def new(
        self,
        interaction: discord.Interaction,
        title: str,
        seats: int | None,
        bots: int,
        options: str | None,
        pace: str | None = None,
        expiry: str | None = None,
        quiet_clock: str | None = None,
        spectators: str | None = None,
    ) -> None:
        # The game is written first, then its lobby posted, then the message's id stored: a
        # refusal or a busy database is answered privately with nothing public left (a
        # deferral is private: Responder). If storing the id fails, the lobby is open all the
        # same: its next refresh finds the message by its Join button (`find_lobby_message`).
        responder = Responder(interaction)
        info = await responder.within(
            self.service.create(
                guild_id=interaction.guild_id,
                channel_id=channel_of(interaction),
                user_id=interaction.user.id,
                title_slug=title,
                seats=seats,
                bots=bots or 0,
                options=options,
                pace=pace,
                expiry=expiry,
                quiet_clock=quiet_clock,
                spectators=spectators,
            )
        )
        log.info(
            "lobby opened",
            extra={"game_id": info.id, "channel_id": info.channel_id, "command": "game new"},
        )
        message_id = await responder.public(**self.lobby_message(info))
        if message_id is None:
            message_id = (await interaction.original_response()).id
        try:
            await self.service.set_lobby_message(info.id, message_id)
        except SQLAlchemyError as exc:  # (found again at its next refresh)
            log.warning(
                "the new lobby's message id is not stored yet: %s",
                _first_line(exc),
                extra={"game_id": info.id, "channel_id": info.channel_id},
            )

    async def leave(self, responder: Responder, from_button: bool = False) -> None:
        """In a lobby: give the seat up. In a running game: the automatic player takes the
        seat over (and moves at once if it is its turn), announced with a new turn message."""
        interaction = responder.interaction
        user_id = interaction.user.id

        async def work() -> tuple[Outcome, TurnMessage | None]:
            outcome = await self.service.leave(channel_of(interaction), user_id)
            if outcome.game.status in ("running", "finished"):
                return outcome, await self.bot.turns.build(outcome)
            return outcome, None

        outcome, message = await responder.within(work())
        info = outcome.game
        if message is not None:  # the turn message's summary says who took the seat
            await self.bot.turns.send_built(responder, outcome, message)
            await responder.finish()
            return
        if from_button:
            await responder.update_source(**self.lobby_message(info))
            return
        text = "You left the lobby."
        if info.status == "ended":
            text += " Nobody is left, so the lobby is closed."
        await responder.private(content=text)
        self.bot.turns.spawn(self.refresh(info))

    async def start(self, responder: Responder, from_button: bool = False) -> None:
        interaction = responder.interaction

        async def work() -> tuple[Outcome, TurnMessage]:
            moderator = await is_moderator(interaction, self.service)
            outcome = await self.service.start(
                channel_of(interaction), interaction.user.id, is_moderator=moderator
            )
            return outcome, await self.bot.turns.build(outcome)

        outcome, message = await responder.within(work())
        if from_button:
            await responder.update_source(**self.lobby_message(outcome.game))
        else:
            self.bot.turns.spawn(self.refresh(outcome.game))
        everyone = [s.user_id for s in outcome.game.holders if s.user_id is not None]
        await self.bot.turns.send_built(responder, outcome, message, hands_for=everyone)
        await responder.finish()

    @guarded("press:lobby")
    async def press(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        """Every step shares one budget (`Responder.within`): past it the press is deferred,
        so it is always answered within Discord's 3 seconds, however busy the database."""
        responder = Responder(interaction)
        current = await responder.within(self.service.status(channel_of(interaction)))
        if current.id != game_id:
            raise ServiceError("That lobby is closed. Look for the newest one in this channel.")
        if action == "join":
            info = await responder.within(
                self.service.join(channel_of(interaction), interaction.user.id)
            )
            await responder.update_source(**self.lobby_message(info))
        elif action == "leave":
            await self.leave(responder, from_button=True)
        else:
            await self.start(responder, from_button=True)

    # ------------------------------------------------------------------ the lobby message
    def lobby_message(self, info: GameInfo) -> dict:
        view = components.lobby_view(info.id) if info.status == "lobby" else None
        return {
            "embed": game_status.lobby_embed(info, _blurb(info)),
            "view": view,
            "allowed_mentions": discord.AllowedMentions.none(),
        }

    async def refresh(self, info: GameInfo) -> None:
        """Edit the lobby message in place (after a command rather than a button press). A
        lobby whose message id the database does not know (Play again answered, then the
        database was busy) is looked for in the channel by its Join button, and its id stored."""
        message_id = info.lobby_message_id or await self.find_lobby_message(info)
        if message_id is None:
            return
        try:
            channel = self.bot.get_partial_messageable(info.channel_id)
            msg = channel.get_partial_message(message_id)
            await msg.edit(**self.lobby_message(info))
        except discord.HTTPException as exc:
            log.info("could not refresh the lobby message: %s", exc, extra={"game_id": info.id})

    async def find_lobby_message(self, info: GameInfo) -> int | None:
        """The id of the bot's message with this lobby's Join button among the channel's newest
        `LOOK_BACK` messages (stored for next time, if the database takes it), else None."""
        join = lobby_custom_id(info.id, "join")
        me = self.bot.user.id if self.bot.user is not None else None
        fields = {"game_id": info.id, "channel_id": info.channel_id}
        found: int | None = None
        try:
            async for m in self.bot.get_partial_messageable(info.channel_id).history(
                limit=LOOK_BACK
            ):
                if m.author.id == me and join in ids_in(r.to_dict() for r in m.components):
                    found = m.id
                    break
        except discord.HTTPException as exc:
            log.info("could not look for the lobby message: %s", exc, extra=fields)
        if found is not None:
            try:
                await self.service.set_lobby_message(info.id, found)
            except SQLAlchemyError as exc:  # (found again next time)
                log.warning(
                    "could not store the lobby message's id: %s", _first_line(exc), extra=fields
                )
        return found


def _first_line(exc: SQLAlchemyError) -> str:
    """What the database said, without the statement (logged at WARNING: no traceback)."""
    return str(getattr(exc, "orig", None) or exc).splitlines()[0]


def _blurb(info: GameInfo) -> str:
    title = catalog.title(info.title)
    return title.blurb if title is not None else ""

"""Playing: `/play` (autocompleted from the caller's prompt), `/game undo`, and presses on turn
components (choice buttons and selects, "Decide privately", "More choices…")."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.discord import components, messages
from bot.discord.checks import Responder, guarded
from bot.discord.cog import Cog
from bot.discord.turns import is_menu_step
from bot.errors import ServiceError, StaleError
from bot.results import Outcome

log = logging.getLogger("bot.discord.play")

STALE = "That button belongs to an earlier turn. Use the newest message (or `/play`)."


class Play(Cog):
    def register(self, tree: app_commands.CommandTree, game: app_commands.Group) -> None:
        @tree.command(name="play", description="Make your move in this channel's game.")
        @app_commands.describe(choice="Start typing: the list shows your possible moves.")
        async def play(interaction: discord.Interaction, choice: str) -> None:
            await self.play(interaction, choice)

        @play.autocomplete("choice")
        async def play_choices(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return await self.autocomplete(interaction, current)

        @game.command(name="undo", description="Take back your own last move, if allowed.")
        async def undo(interaction: discord.Interaction) -> None:
            responder = Responder(interaction)
            outcome = await responder.within(
                self.service.undo(interaction.channel_id, interaction.user.id)
            )
            await self.bot.turns.post(responder, outcome)

    # ------------------------------------------------------------------ /play
    async def autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            info, prompt = await self.service.prompt_for(
                interaction.channel_id, interaction.user.id
            )
        except ServiceError:
            return []
        if prompt is None:
            # One entry saying why there is nothing to pick beats an empty list; choosing it
            # runs `/play`, which refuses with the same reason.
            notice = messages.nothing_to_play(info, interaction.user.id)
            return [app_commands.Choice(name=notice, value=messages.NOTICE_VALUE)]
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in messages.autocomplete_matches(prompt.choices, current)
        ]

    async def play(self, interaction: discord.Interaction, typed: str) -> None:
        responder = Responder(interaction)
        channel_id = interaction.channel_id
        user_id = interaction.user.id

        async def work() -> tuple[Outcome, dict, str | None]:
            info, prompt = await self.service.prompt_for(channel_id, user_id)
            if info.status != "running":
                raise ServiceError("The game in this channel has not started yet.")
            if info.seat_of(user_id) is None:
                raise ServiceError("You're not playing in this game.")
            choice_id = messages.find_choice(prompt.choices, typed) if prompt else typed
            outcome = await self.service.act_in_game(info.id, user_id, choice_id)
            secret = None
            if prompt is not None and prompt.secret:
                found = prompt.find(choice_id)
                secret = found.label if found else choice_id
            return outcome, await self.bot.turns.build(outcome), secret

        outcome, message, secret = await responder.within(work())
        if secret is not None:
            # A secret pick: the command's own answer is private, the turn message follows.
            await responder.private(content=f"✅ You chose **{secret}** (only you see this).")
        await self.bot.turns.send_built(responder, outcome, message)

    # ------------------------------------------------------------------ component presses
    @guarded("press:choice")
    async def press_choice(self, interaction: discord.Interaction, ref: messages.ChoiceRef) -> None:
        responder = Responder(interaction)
        if ref.fingerprint is None:
            work = self._public_choice(ref, interaction.user.id)
        else:
            work = self._private_choice(ref, interaction.user.id)
        outcome, message, label = await responder.within(work)
        if message is None and interaction.message is not None:
            # A step inside the presser's own turn: the same message shows the next menu.
            await responder.update_source(**self.bot.turns.menu_step(outcome, interaction.message))
            self.bot.turns.after_post(outcome, interaction.message.id, has_view=True)
            return
        if message is None:
            message = await self.bot.turns.build(outcome)
        if _is_ephemeral(interaction):
            await responder.update_source(content=f"✅ You chose: **{label}**", view=None)
        await self.bot.turns.send_built(responder, outcome, message)

    async def _public_choice(
        self, ref: messages.ChoiceRef, user_id: int
    ) -> tuple[Outcome, dict | None, str]:
        """A button or select on the turn message: valid for exactly its version. No message
        is built (None) for a step within the presser's own turn."""
        choice_id = ref.resolve(None)
        if choice_id is None:  # an index: resolve it against the same version
            info, prompt = await self.service.prompt_in_game(ref.game_id, user_id)
            if info.version != ref.version:
                raise ServiceError(STALE)
            choice_id = ref.resolve(prompt)
            if choice_id is None:
                raise ServiceError(STALE)
        outcome = await self.service.act_in_game(ref.game_id, user_id, choice_id, ref.version)
        if is_menu_step(outcome, user_id):
            return outcome, None, choice_id
        return outcome, await self.bot.turns.build(outcome), choice_id

    async def _private_choice(
        self, ref: messages.ChoiceRef, user_id: int
    ) -> tuple[Outcome, dict, str]:
        """A player's own menu: still good while their own prompt is unchanged, even if others
        decided meanwhile (which bumps the version)."""
        for _ in range(3):
            info, prompt = await self.service.prompt_in_game(ref.game_id, user_id)
            if info.status != "running":
                raise ServiceError("That game is not running any more.")
            if prompt is None:
                raise ServiceError(
                    "You have nothing to decide right now (perhaps you already chose)."
                )
            if info.version != ref.version and messages.prompt_fingerprint(prompt) != (
                ref.fingerprint
            ):
                raise ServiceError(STALE)
            choice_id = ref.resolve(prompt)
            found = prompt.find(choice_id) if choice_id is not None else None
            if found is None:
                raise ServiceError(STALE)
            try:
                outcome = await self.service.act_in_game(
                    ref.game_id, user_id, found.id, info.version
                )
            except StaleError:
                continue  # someone else decided in between: look again
            return outcome, await self.bot.turns.build(outcome), found.label
        raise ServiceError("Busy table! Please try once more.")

    @guarded("press:private")
    async def press_private(self, interaction: discord.Interaction, game_id: int, version: int):
        """Show the presser their own (possibly secret) prompt, privately."""
        await self._private_menu(interaction, game_id, version, 0)

    @guarded("press:more")
    async def press_more(
        self, interaction: discord.Interaction, game_id: int, version: int, page: int
    ) -> None:
        await self._private_menu(interaction, game_id, version, page)

    async def _private_menu(
        self, interaction: discord.Interaction, game_id: int, version: int, page: int
    ) -> None:
        responder = Responder(interaction)
        # Only shows the presser's current prompt, so any version will do: the menu it builds
        # carries the current version and the prompt's fingerprint.
        info, prompt = await self.service.prompt_in_game(game_id, interaction.user.id)
        if info.status != "running":
            raise ServiceError("That game is not running any more.")
        if info.seat_of(interaction.user.id) is None:
            raise ServiceError("You're not playing in this game.")
        if prompt is None:
            waiting = ", ".join(s.mention for s in info.waiting) or "nobody"
            raise ServiceError(f"You have nothing to decide right now. Waiting for {waiting}.")
        if page == 0:
            content = messages.private_prompt_text(info, prompt)
        else:
            content = f"{prompt.text} (more choices)"
        if page >= len(messages.paginate(prompt.choices)):
            page = 0
        view = components.private_view(game_id, info.version, prompt, page)
        await responder.private(
            content=messages.cut(content, messages.CONTENT_MAX),
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )


def _is_ephemeral(interaction: discord.Interaction) -> bool:
    msg = interaction.message
    return bool(msg is not None and msg.flags.ephemeral)

"""Playing: `/play` (autocompleted from the caller's menu), `/game undo`, and presses on turn
components (choice buttons and selects, "Decide privately", "More choices…").

A move is built step by step: a step (opening a sub-menu, picking part of a move) is answered
with the player's own menu, privately, edited in place at every further step; only a complete
move is committed and posts a new turn message."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.discord import components, custom_ids, limits, menu_layout, messages, turn_text
from bot.discord.checks import Responder, channel_of, guarded
from bot.discord.cog import Cog
from bot.errors import ServiceError
from bot.results import Outcome, Step
from bot.service import STALE, MenuMoved

log = logging.getLogger("bot.discord.play")

__all__ = ["STALE", "Play"]


class Play(Cog):
    def register(self, tree: app_commands.CommandTree, game: app_commands.Group) -> None:
        router = self.bot.router
        router.add(components.ChoiceButton, self.press_choice)
        router.add(components.ChoiceSelect, self.press_choice)
        router.add(components.PrivateButton, self.press_private)
        router.add(components.MoreButton, self.press_more)

        # (a value picked from the list fits in 100 characters, and so does a choice's label
        # typed by hand: engine.core.MAX_LABEL)
        @tree.command(name="play", description="Make your move in this channel's game.")
        @app_commands.describe(choice="Start typing: the list shows your possible moves.")
        async def play(
            interaction: discord.Interaction,
            choice: app_commands.Range[str, None, limits.CHOICE_VALUE_MAX],
        ) -> None:
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
                self.service.undo(channel_of(interaction), interaction.user.id)
            )
            await self.bot.turns.post(responder, outcome)

    # ------------------------------------------------------------------ /play
    async def autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            info, prompt = await self.service.prompt_for(
                channel_of(interaction), interaction.user.id
            )
        except ServiceError:
            return []
        if prompt is None:
            # One entry saying why there is nothing to pick beats an empty list; choosing it
            # runs `/play`, which refuses with the same reason.
            notice = messages.nothing_to_play(info, interaction.user.id)
            return [limits.choice(notice, messages.NOTICE_VALUE)]
        return limits.suggestions(
            (name, menu_layout.picked_value(info.version, value))
            for name, value in menu_layout.autocomplete_matches(prompt.choices, current)
        )

    async def play(self, interaction: discord.Interaction, value: str) -> None:
        """A choice picked from the list carries the game version it was offered at: once the
        player has moved since, it is refused (a `/play` sent twice plays once). One typed by
        hand is played on the menu as it is now."""
        responder = Responder(interaction)
        seen, typed = menu_layout.read_picked(value)
        done = await responder.within(
            self.service.act(channel_of(interaction), interaction.user.id, typed, seen=seen)
        )
        if isinstance(done, Step):
            await responder.private(**self._menu(done))
            return
        await self._answer_move(responder, done, done.chosen if done.secret else "")

    # ------------------------------------------------------------------ component presses
    @guarded("press:choice")
    async def press_choice(
        self, interaction: discord.Interaction, ref: custom_ids.ChoiceRef
    ) -> None:
        responder = Responder(interaction)
        own_menu = ref.fingerprint is not None
        user_id = interaction.user.id

        async def work() -> Outcome | Step:
            # (an index is resolved by the service against the menu it reads anyway)
            choice_id, index = ref.resolve(None) or "", ref.index()
            if own_menu:
                return await self.service.act_in_game(
                    ref.game_id, user_id, choice_id, menu=ref.fingerprint, index=index
                )
            return await self.service.act_in_game(
                ref.game_id, user_id, choice_id, ref.version, index=index
            )

        try:
            done = await responder.within(work())
        except MenuMoved as moved:
            await self._show(responder, moved.step, own_menu, note=str(moved))
            return
        if isinstance(done, Step):
            await self._show(responder, done, own_menu)
            return
        if not own_menu:
            await self._answer_move(responder, done, "")
            return
        text = f"✅ You chose: **{done.chosen}**"
        if done.quiet:  # it revealed nothing: the menu's one answer says "n of N have decided"
            text += ". " + turn_text.decided_text(done.game, done.prompts).removeprefix("✅ ")
        await responder.update_source(content=text, view=None)
        if not (done.quiet and await self.bot.turns.edit_quietly(done)):
            await self.bot.turns.post(responder, done)

    async def _answer_move(self, responder: Responder, outcome: Outcome, secret: str) -> None:
        """A committed move: a quiet confirmation edits the turn message in place and is
        answered privately; any other posts the new turn message."""
        if outcome.quiet and await self.bot.turns.edit_quietly(outcome):
            text = turn_text.decided_text(outcome.game, outcome.prompts)
            if secret:
                text = f"✅ You chose **{secret}** (only you see this). {text[2:]}"
            await responder.private(content=text)
            return
        if secret:
            # A secret pick: the command's own answer is private, the turn message follows.
            await responder.private(content=f"✅ You chose **{secret}** (only you see this).")
        await self.bot.turns.post(responder, outcome)

    async def _show(self, responder: Responder, step: Step, in_place: bool, note: str = "") -> None:
        """The player's own menu: edited in place when the press came from it, else a new
        private message."""
        menu = self._menu(step, note)
        if in_place:
            await responder.update_source(**menu)
        else:
            await responder.private(**menu)

    def _menu(self, step: Step, note: str = "") -> dict:
        reset = "Your menu started over: the game moved on (or I restarted) since you opened it."
        head = note or (reset if step.reset else "")
        text = messages.private_prompt_text(step.game, step.prompt)
        return {
            "content": limits.cut(f"{head}\n{text}" if head else text, limits.CONTENT_MAX),
            "view": components.private_view(step.game.id, step.game.version, step.prompt),
            "allowed_mentions": discord.AllowedMentions.none(),
        }

    @guarded("press:private")
    async def press_private(self, interaction: discord.Interaction, game_id: int, version: int):
        """Show the presser their own menu (where their draft stands), privately."""
        await self._private_menu(interaction, game_id, 0)

    @guarded("press:more")
    async def press_more(
        self, interaction: discord.Interaction, game_id: int, version: int, page: int
    ) -> None:
        await self._private_menu(interaction, game_id, page)

    async def _private_menu(
        self, interaction: discord.Interaction, game_id: int, page: int
    ) -> None:
        responder = Responder(interaction)
        info, prompt = await responder.within(
            self.service.prompt_in_game(game_id, interaction.user.id)
        )
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
        if page >= len(menu_layout.paginate(prompt.choices)):
            page = 0
        view = components.private_view(game_id, info.version, prompt, page)
        await responder.private(
            content=limits.cut(content, limits.CONTENT_MAX),
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )

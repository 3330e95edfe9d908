"""A minimal discord.py bot used to prove the fake Discord before (and besides) the real bot.

`/mini hello name:<autocomplete>` answers with a PNG and a persistent button; the button edits
the message (and survives a restart: it is a DynamicItem); `/mini dm` sends a DM and answers
ephemerally; `/mini slow` defers, then edits the original response; `/mini shout` and
`/mini burst` post in the channel and say how Discord answered (its errors, its rate limits).
"""

from __future__ import annotations

import asyncio
import io
import os
import re

import discord
from discord import app_commands
from PIL import Image, ImageDraw


def png(text: str) -> discord.File:
    img = Image.new("RGB", (160, 60), "white")
    ImageDraw.Draw(img).text((10, 20), text, fill="black")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    buf.seek(0)
    return discord.File(buf, filename="hello.png")


class Bump(discord.ui.DynamicItem[discord.ui.Button], template=r"mini:bump:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Bump {n}", custom_id=f"mini:bump:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> Bump:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Bump(self.n + 1))
        await interaction.response.edit_message(
            content=f"bumped to {self.n + 1} by {interaction.user.name}",
            attachments=[png(f"bump {self.n + 1}")],
            view=view,
        )


class MiniBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(mini)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Bump)
        await self.tree.sync()


mini = app_commands.Group(name="mini", description="Minimal test commands")


@mini.command(description="Say hello with a picture")
async def hello(interaction: discord.Interaction, name: str, times: int = 1) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Bump(0))
    await interaction.response.send_message(
        f"hello {name} x{times}", file=png(f"hello {name}"), view=view
    )


@hello.autocomplete("name")
async def hello_name(interaction: discord.Interaction, current: str) -> list[app_commands.Choice]:
    names = ["world", "wombat", "walrus", "zebra"]
    return [app_commands.Choice(name=n.title(), value=n) for n in names if n.startswith(current)]


@mini.command(description="Send me a DM")
async def dm(interaction: discord.Interaction) -> None:
    try:
        await interaction.user.send("psst, your secret hand: ace of spades")
    except discord.Forbidden:
        await interaction.response.send_message("I can't DM you.", ephemeral=True)
        return
    await interaction.response.send_message("Sent you a DM.", ephemeral=True)


@mini.command(description="Defer, then answer")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.05)
    await interaction.edit_original_response(content="done slowly", attachments=[png("slow")])
    await interaction.followup.send("and a follow-up", ephemeral=True)


@mini.command(description="Post in the channel")
async def post(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.defer(ephemeral=True)
    msg = await interaction.channel.send(text)
    await msg.edit(content=text + " (edited)")
    await interaction.followup.send("posted", ephemeral=True)


@mini.command(description="Post text of a given length, and tell how Discord answered")
async def shout(interaction: discord.Interaction, length: int) -> None:
    await interaction.response.defer(ephemeral=True)
    try:
        await interaction.channel.send("x" * length)
    except discord.HTTPException as exc:  # (what the bot's own handling relies on)
        await interaction.followup.send(f"refused {exc.status} {exc.code}: {exc.text}")
        return
    except Exception as exc:  # noqa: BLE001 (a body discord.py cannot read)
        await interaction.followup.send(f"crashed: {type(exc).__name__}")
        return
    await interaction.followup.send("posted")


@mini.command(description="Post numbered messages one after another, as fast as allowed")
async def burst(interaction: discord.Interaction, count: int) -> None:
    await interaction.response.defer(ephemeral=True)
    for n in range(count):
        await interaction.channel.send(f"burst {n}")
    await interaction.followup.send(f"posted {count}")


@mini.command(description="Moderators only")
@app_commands.checks.has_permissions(manage_channels=True)
async def mod(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("hello moderator", ephemeral=True)


@mod.error
async def mod_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    await interaction.response.send_message("moderators only", ephemeral=True)


class Ask(discord.ui.Modal, title="A question"):
    answer = discord.ui.TextInput(label="Your answer", custom_id="mini:answer")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you said {self.answer.value}", ephemeral=True)


@mini.command(description="Ask with a modal")
async def ask(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Ask())


def main() -> None:
    client = MiniBot()
    client.run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()

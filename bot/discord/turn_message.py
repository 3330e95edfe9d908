"""What one turn message says, built in one place from what the commit returned: its text
(who must decide, pinged), its embeds, its components, its board image and that image's alt
text. A pure function of the outcome, the drawn board and what the last post showed: nothing
here talks to Discord or reads the service (tests/bot/test_way_out.py checks its imports).
The publisher (publish.py) draws the board, builds the message here once, and sends it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord import turn_menus, turn_text
from bot.discord.custom_ids import ids_in
from bot.discord.limits import EMBED_TOTAL_MAX
from bot.discord.messages import image_file, trim_lines
from bot.results import GameInfo, Outcome
from bot.runtime.components_json import Components
from engine import registry as titles
from engine.core import Title
from render.core import RenderedImage

PING_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)
NO_PINGS = discord.AllowedMentions.none()


def has_hands(slug: str) -> bool:
    """Does the title keep private hands (so a "Show my hand" button makes sense)?"""
    title = titles.get(slug)
    return title is not None and title.hidden_hands


def has_text_board(slug: str) -> bool:
    """Does the title turn its board into text (`Title.board_text` is its own)?"""
    title = titles.get(slug)
    return title is not None and type(title).board_text is not Title.board_text


def jump(info: GameInfo, message_id: int | None) -> str:
    """A link to a message in the game's channel ("" when it can't be built)."""
    if message_id is None or info.guild_id is None:
        return ""
    return f"https://discord.com/channels/{info.guild_id}/{info.channel_id}/{message_id}"


@dataclass(frozen=True)
class Board:
    """A board image as posted: the digest of its PNG, and the turn message that uploaded it."""

    digest: bytes
    message_id: int
    version: int
    filename: str


def board_digest(image: RenderedImage) -> bytes:
    return hashlib.blake2b(image.data, digest_size=16).digest()


def unchanged_note(info: GameInfo, same: Board) -> str:
    """The "Board" line standing for a board identical to the one `same` uploaded."""
    return turn_text.board_unchanged(same.version, jump(info, same.message_id))


@dataclass
class TurnMessage:
    """Everything one turn message says, ready to send or to edit in. `same_board`: the board
    is pixel-identical to the one that earlier message uploaded, so `image` (still given to
    spectators' DMs) is not uploaded again and the embed says where to see it."""

    game: GameInfo
    content: str | None
    embeds: list[discord.Embed]
    image: RenderedImage | None
    view: Components | None
    same_board: Board | None = None

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "content": self.content,
            "embeds": self.embeds,
            "allowed_mentions": PING_USERS,
        }
        if self.uploads():  # a fresh File every time: a File can be sent only once
            assert self.image is not None
            kwargs["file"] = image_file(self.image)  # (its alt text: the image's description)
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def uploads(self) -> bool:
        return self.image is not None and self.same_board is None

    def board(self, message_id: int) -> Board | None:
        """The board this message shows once posted as `message_id`."""
        if self.same_board is not None or self.image is None:
            return self.same_board
        return Board(board_digest(self.image), message_id, self.game.version, self.image.filename)

    def signature(self) -> Signature:
        """What tells this message from every other in its channel (`signature`)."""
        return signature(self.embeds, self.view.to_components() if self.view else [])


def build(
    outcome: Outcome,
    image: RenderedImage | None,
    same: Board | None = None,
    prefix: str = "",
    table_url: str | None = None,
) -> TurnMessage:
    """The turn message for `outcome`: `image` its board as drawn (None: nothing to show, or
    the drawing failed), `same` the earlier post whose board is pixel-identical to it, `prefix`
    a line above the pings (else the outcome's own), `table_url` the game's public page on
    the web (None: it has none) for an "Open the table" link button."""
    info = outcome.game
    lines = outcome.public_lines()
    image_name = image.filename if image and same is None else None
    view: Components | None = None
    if info.status == "finished" and info.result is not None:
        final = turn_text.FINAL_SUMMARY_MAX
        embeds = [turn_text.summary_embed(info, lines, final)] if lines else []
        embeds.append(turn_text.standings_embed(info, info.result, image_name))
        embeds = _fit_all(embeds)
        view = turn_menus.again_view(info.id, table_url)
    elif info.status == "running":
        note = unchanged_note(info, same) if same else None
        embeds = [turn_text.turn_embed(info, lines, outcome.prompts, image_name, same_board=note)]
        view = _turn_view(outcome, table_url)
    else:
        embeds = [turn_text.summary_embed(info, lines)]
    content = turn_text.turn_content(info, prefix or outcome.prefix) or None
    return TurnMessage(info, content, embeds, image, view, same)


@dataclass
class QuietEdit:
    """The turn message as edited in place for a confirmation that revealed nothing: the same
    board (by `image_name`, or the "Board" line `note`), "n of N have decided" updated."""

    embed: discord.Embed
    view: Components

    def edit_kwargs(self) -> dict[str, Any]:
        return {"embeds": [self.embed], "view": self.view, "allowed_mentions": NO_PINGS}


def quiet(
    outcome: Outcome, image_name: str | None, note: str | None, table_url: str | None = None
) -> QuietEdit:
    info = outcome.game
    lines = outcome.public_lines()
    embed = turn_text.turn_embed(
        info, lines, outcome.prompts, image_name, quiet=True, same_board=note
    )
    return QuietEdit(embed, _turn_view(outcome, table_url))


def _turn_view(outcome: Outcome, table_url: str | None) -> Components:
    info = outcome.game
    return turn_menus.turn_view(
        info.id,
        info.version,
        outcome.prompts,
        has_hands(info.title),
        has_text_board(info.title),
        table_url,
    )


Signature = tuple[tuple[tuple[str | None, str | None], ...], tuple[str, ...]]


def signature(embeds: Iterable[discord.Embed], rows: Iterable[Mapping[str, Any]]) -> Signature:
    """What tells one turn message from every other message: its embeds' titles and footers
    ("<Title> · game #<id>", "Move <version> · ..."; the final standings' title) and its
    components' custom ids (which carry the game and the version)."""
    heads = tuple((e.title, e.footer.text) for e in embeds)
    return heads, tuple(sorted(ids_in(rows)))


def _fit_all(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Several embeds share Discord's 6000-character total: shorten the first description."""
    total = sum(len(e) for e in embeds)
    first = embeds[0]
    if total > EMBED_TOTAL_MAX and first.description:
        keep = max(0, len(first.description) - (total - EMBED_TOTAL_MAX) - 40)
        first.description = trim_lines(first.description.split("\n"), keep)
    return embeds

"""The web table from the tests' side: the links the bot hands out in Discord, read from its
answers (their "Open the table" / "Open my view" link buttons) and fetched over HTTP."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.e2e.fake_discord import Exchange, FakeDiscord, Message

TABLE = "Open the table"
MINE = "Open my view"


def links(msg: Message | None) -> list[dict[str, Any]]:
    """The message's link buttons (Discord's style 5)."""
    assert msg is not None
    return [c for c in msg.flat_components() if c.get("type") == 2 and c.get("style") == 5]


def answer(ex: Exchange) -> Message:
    """The private answer's message (the last one)."""
    assert ex.ephemeral, ex.describe()
    return ex.messages()[-1]


def link_in(ex: Exchange, label: str) -> str:
    (button,) = [c for c in links(answer(ex)) if c.get("label") == label]
    assert "custom_id" not in button and button["url"] in ex.text()
    return str(button["url"])


async def fetch(url: str) -> tuple[int, str]:
    assert url.startswith("http://127.0.0.1:"), url
    async with aiohttp.ClientSession() as http, http.get(url) as r:
        return r.status, (await r.text()).replace("&#x27;", "'")


async def web_link(fake: FakeDiscord, user: str, channel: str, which: str = "table") -> str:
    """The link `/game web` gives `user` (`which`: table or mine)."""
    ex = await fake.slash(user, channel, "game", "web", link=which)
    return link_in(ex, TABLE if which == "table" else MINE)

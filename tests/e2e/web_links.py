"""The web table from the tests' side: a bot process serving its pages on a free loopback port
(the `web_bot` fixture, tests/e2e/conftest.py), and the links it would hand out, signed with
the key it keeps in its database."""

from __future__ import annotations

import socket
import sqlite3
import time
from pathlib import Path

import aiohttp

from bot.web.tokens import Signer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Links:
    """The links the bot would hand out, signed with the key it keeps in its database."""

    def __init__(self, workdir: Path, port: int) -> None:
        with sqlite3.connect(workdir / "boardroom.db") as db:
            (key,) = db.execute("SELECT key FROM web_keys WHERE name = 'links'").fetchone()
        self.signer = Signer(bytes(key))
        self.root = f"http://127.0.0.1:{port}"

    def public(self, game_id: int) -> str:
        return f"{self.root}/g/{self.signer.public(game_id)}"

    def personal(self, workdir: Path, game_id: int, user_id: int) -> str:
        """A personal link valid for ten minutes, with the person's current link number."""
        with sqlite3.connect(workdir / "boardroom.db") as db:
            row = db.execute(
                "SELECT web_links FROM people WHERE user_id = ?", (user_id,)
            ).fetchone()
        token = self.signer.personal(game_id, user_id, row[0] if row else 0, int(time.time()) + 600)
        return f"{self.root}/g/{token}"


async def fetch(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as r:
        return r.status, await r.text(errors="replace")

"""Entry point for the start-up tests: `bot.__main__:main`, with Discord's REST base and gateway
each pointed elsewhere when `E2E_REST_BASE` / `E2E_GATEWAY` are set (a closed loopback port, or
a name that must not resolve). Run it through launcher.py, whose network guard still refuses
anything but loopback."""

from __future__ import annotations

import os


def main() -> None:
    import discord.gateway
    import discord.http
    import yarl

    from bot.__main__ import main as bot_main

    if base := os.environ.get("E2E_REST_BASE"):
        discord.http.Route.BASE = base
    if gateway := os.environ.get("E2E_GATEWAY"):
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    bot_main()

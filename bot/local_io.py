"""The terminal of `python -m bot.local`: what it prints (the service's Discord-flavoured texts
made plain) and how it reads a line without blocking the event loop (so Ctrl-C stops at once)."""

from __future__ import annotations

import asyncio
import contextlib
import re
import threading
from typing import TextIO

from bot.results import SeatInfo

#: A Discord user mention `<@123>` (or `<@!123>`); local people are users 1..n, "Player n".
MENTION = re.compile(r"<@!?(\d+)>")
CHANNEL_MENTION = re.compile(r"\s*\(in <#\d+>\)|<#\d+>")
#: A sentence that sends the reader to a Discord slash command ("... with `/admin rollback`.").
SLASH_HINT = re.compile(r"\s*[^.!?\n]*`/[a-z][^`]*`[^.!?\n]*[.!?]?")
BOLD = re.compile(r"\*\*(.+?)\*\*")
HEADING = re.compile(r"^#{1,6} +", re.MULTILINE)
#: ANSI: cursor home, clear the screen, clear the scrollback (xterm, VTE, tmux, Windows Terminal).
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"


def player_name(user_id: int) -> str:
    return f"Player {user_id}"


def plain(text: str) -> str:
    """A service text as the terminal prints it: mentions become the local player's name,
    hints at Discord commands go, Markdown bold and heading marks are dropped."""
    text = MENTION.sub(lambda m: player_name(int(m.group(1))), text)
    text = CHANNEL_MENTION.sub("", text)
    text = SLASH_HINT.sub("", text)
    return HEADING.sub("", BOLD.sub(r"\1", text))


def seat_text(seat: SeatInfo) -> str:
    """ "Seat 2", or "Seat 2 (Teal)" when the title names its seats."""
    number = f"Seat {seat.seat_no + 1}"
    return number if seat.label == number else f"{number} ({seat.label})"


def who(seat: SeatInfo) -> str:
    if seat.is_bot or seat.user_id is None:
        return f"{seat_text(seat)} — automatic player"
    return f"{player_name(seat.user_id)} — {seat_text(seat)}"


class Terminal:
    """Lines in and out. A line is read in a daemon thread, so the event loop keeps running
    while the player thinks: Ctrl-C cancels the game at once, and a read left waiting never
    holds up the exit."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout

    def say(self, text: str = "") -> None:
        print(plain(text), file=self.stdout, flush=True)

    def write(self, text: str) -> None:
        self.stdout.write(plain(text))
        self.stdout.flush()

    def scroll_away(self) -> None:
        """Clear a real screen and its scrollback (hot seat): what the last player saw is gone
        however tall the terminal, and cannot be scrolled back to."""
        if self.stdout.isatty():
            self.stdout.write(CLEAR_SCREEN)
            self.stdout.flush()

    async def readline(self) -> str | None:
        """The next line typed, without its newline; None at the end of the input."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[str] = loop.create_future()

        def deliver(line: str) -> None:
            if not done.done():
                done.set_result(line)

        def read() -> None:
            try:
                line = self.stdin.readline()
            except (OSError, ValueError):  # closed under us
                line = ""
            with contextlib.suppress(RuntimeError):  # the loop is gone: we are stopping
                loop.call_soon_threadsafe(deliver, line)

        threading.Thread(target=read, name="stdin", daemon=True).start()
        line = await done
        return line.rstrip("\r\n") if line else None

"""What a table page shows: plain data built by `bot.web.tables` from the game service and
turned into HTML by `bot.web.page`. Every string here is as the game or a person wrote it
(unescaped): the page escapes each one."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Player:
    """One seat as the page lists it."""

    #: The seat as the game calls it ("Red", "Seat 1").
    label: str
    #: Who holds it: the person's display name, or "Automatic player".
    name: str
    #: The seat's score ("" when the title shows none yet).
    score: str = ""
    #: The game waits for this seat now.
    waiting: bool = False
    #: The seat's clock ("2 d 3 h left", "" when the game has no clock).
    clock: str = ""
    #: A personal page: this seat is the reader's own.
    you: bool = False


@dataclass(frozen=True)
class LogEntry:
    """One move of the public log, linked to the position after it."""

    #: 1-based: the position after this move is `<base>/<move>`.
    move: int
    #: Who made it ("Red (alice)"; "" for one seat's part of a secret decision).
    who: str
    #: Its public lines (never a private one).
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Mine:
    """A personal page's own view: the reader's hand or plan, beside the board."""

    text: str
    #: The picture of it (None: the title draws none); alt text beside it.
    image_url: str | None = None
    image_alt: str = ""
    #: What the reader should know about it ("As it is now, at the latest position").
    note: str = ""


@dataclass(frozen=True)
class TablePage:
    """A game's table at one position (move `move` of `total`; 0 is the start)."""

    #: The page's path without the move ("/g/<token>"); every link on the page is built on it.
    base: str
    #: This position's absolute address (`PUBLIC_URL` + base + "/<move>").
    page_url: str
    title_name: str
    game_id: int
    move: int
    total: int
    #: "running" or "finished".
    status: str
    #: The title's one-line summary of the position ("Round 3 · Red to move").
    status_line: str
    #: Whose turn it is (running) or how it ended (finished), in one sentence.
    headline: str
    players: tuple[Player, ...]
    #: Every move so far, oldest first.
    log: tuple[LogEntry, ...]
    #: The board of this position: its address (relative), alt text and size in pixels.
    image_url: str
    image_alt: str
    image_width: int
    image_height: int
    #: The board's absolute address, for the link preview (Open Graph).
    og_image: str
    #: The title's text board of this position (None: the title has none).
    text_board: str | None = None
    #: The reader's own view (personal pages only).
    mine: Mine | None = None

    @property
    def latest(self) -> bool:
        return self.move == self.total

    @property
    def live(self) -> bool:
        """The page follows the game (`<base>/live`) while it runs."""
        return self.status == "running"

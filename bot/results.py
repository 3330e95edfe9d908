"""What the game service returns: plain data the Discord layer and the CLI turn into messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from engine.core import Event, Prompt, Result
from render.core import RenderedImage


@dataclass(frozen=True)
class SeatInfo:
    seat_no: int
    user_id: int | None
    is_bot: bool
    label: str
    #: In a finished game, the person who last held a seat the automatic player took over.
    was_user_id: int | None = None

    @property
    def mention(self) -> str:
        """How a message names the holder: a Discord mention, or the automatic player."""
        if self.is_bot or self.user_id is None:
            was = f", was <@{self.was_user_id}>" if self.was_user_id else ""
            return f"🤖 {self.label}{was}"
        return f"<@{self.user_id}> ({self.label})"


@dataclass(frozen=True)
class GameInfo:
    id: int
    guild_id: int | None
    channel_id: int
    title: str
    title_name: str
    status: str
    version: int
    seats: int
    min_seats: int
    created_by: int
    options: dict[str, str]
    holders: list[SeatInfo]
    lobby_message_id: int | None
    status_line: str = ""
    waiting: list[SeatInfo] = field(default_factory=list)
    result: Result | None = None
    #: The public message carrying the current decision's components (None: not posted yet).
    turn_message_id: int | None = None
    #: The game's clock (see `Game.pace`; None: no clock), its expiry policy, and whether a
    #: moderator (or the pause policy) has paused it.
    pace: dict | None = None
    expiry_policy: str = "automatic"
    paused: bool = False
    #: While paused by the pause policy: the seats whose clocks ran out (empty: a moderator).
    paused_seats: tuple[int, ...] = ()
    #: Does a seat's clock run during its person's quiet hours (`Game.clock_in_quiet`)?
    clock_in_quiet: bool = True
    #: Seat -> (seconds its clock has left, is it running?), where the reader asked for them.
    clocks: dict[int, tuple[float, bool]] = field(default_factory=dict)
    #: Person -> when they are back, for the seated people away now (status, turn messages).
    away: dict[int, datetime] = field(default_factory=dict)
    #: Who may watch: open, ask or closed (`Game.spectators`).
    spectators: str = "open"

    def seat_of(self, user_id: int) -> SeatInfo | None:
        for s in self.holders:
            if s.user_id == user_id and not s.is_bot:
                return s
        return None

    def holder(self, seat_no: int) -> SeatInfo | None:
        for s in self.holders:
            if s.seat_no == seat_no:
                return s
        return None


@dataclass
class Outcome:
    """The result of a state change: everything that happened (including automatic players'
    moves that followed) and who must decide now."""

    game: GameInfo
    events: list[Event]
    prompts: list[Prompt]
    result: Result | None = None
    #: user_id -> that player's private information after the change, when it changed.
    hands: dict[int, str] = field(default_factory=dict)
    #: A confirmation inside a simultaneous secret decision that revealed nothing: the turn
    #: message is edited in place ("n of N have decided") instead of posting a new board.
    quiet: bool = False
    #: Said above the turn message (a moderator's announcement).
    prefix: str = ""
    #: The state after the change as its title encodes it (None: no state): the public board
    #: is drawn from its spectator view, a hand image from that seat's own view, so private
    #: delivery draws exactly the state it reports (bot.catalog).
    encoded_state: bytes | None = None
    #: The label of the person's choice that completed the move (for their own confirmation),
    #: and whether it was made on a secret menu (then it is confirmed to them privately).
    chosen: str = ""
    secret: bool = False

    def public_lines(self) -> list[str]:
        return [e.text for e in self.events if e.private_to is None]

    def private_lines(self, seat_no: int) -> list[str]:
        return [e.text for e in self.events if e.private_to == seat_no]


@dataclass(frozen=True)
class Step:
    """A step of a move being built (a draft), answered privately: nothing was committed.
    `prompt` is the seat's next menu; `reset` says the earlier draft could not be kept."""

    game: GameInfo
    seat_no: int
    prompt: Prompt
    reset: bool = False


@dataclass(frozen=True)
class Board:
    game: GameInfo
    image: RenderedImage

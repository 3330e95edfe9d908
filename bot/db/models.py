"""The tables. Actions are append-only (undo only marks them) and are the record of a game;
snapshots are a cache of the log (the latest, one every K actions, the final one). Each
committed decision bumps the game's version once and records what must be delivered for it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    # Every model here is mapped to one Table (DeclarativeBase types `__table__` as any
    # FromClause, which `insert`, `update` and `delete` do not take).
    __table__: ClassVar[Table]


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    channel_id: Mapped[int] = mapped_column(BigInteger, index=True)
    #: Equals channel_id while the game is in its lobby or running, NULL once over: a unique
    #: index on it allows at most one live game per channel.
    live_channel_id: Mapped[int | None] = mapped_column(BigInteger, unique=True)
    title: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[str] = mapped_column(String(40))
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    seats: Mapped[int] = mapped_column(Integer)
    #: lobby, running, finished (played to the end) or ended (stopped by a moderator)
    status: Mapped[str] = mapped_column(String(16), default="lobby")
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    lobby_message_id: Mapped[int | None] = mapped_column(BigInteger)
    result: Mapped[dict | None] = mapped_column(JSON)
    #: The public turn message that carries the current decision's components (its id is
    #: needed to strip them, or to edit it in place, after a restart).
    turn_message_id: Mapped[int | None] = mapped_column(BigInteger)
    #: The game's clock, e.g. {"name": "daily", "start": 86400, "increment": 43200,
    #: "cap": 129600} (seconds); None: no clock, reminders only.
    pace: Mapped[dict | None] = mapped_column(JSON)
    #: What happens when a seat's clock runs out: automatic, default or pause.
    expiry_policy: Mapped[str] = mapped_column(String(16), default="automatic")
    #: Set while a moderator (or the pause policy) has paused the game: no clock runs.
    paused_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: While paused by the pause policy: the seats whose clocks ran out (None: paused by a
    #: moderator). They start afresh at the pace's start when the game resumes.
    paused_seats: Mapped[list | None] = mapped_column(JSON)
    #: Do clocks run during a player's quiet hours? (a game setting)
    clock_in_quiet: Mapped[bool] = mapped_column(Boolean, default=True)
    #: Who may watch: open (anyone), ask (a seated player or a moderator allows each one) or
    #: closed (moderators only).
    spectators: Mapped[str] = mapped_column(String(16), default="open", server_default="open")


class Seat(Base):
    """One row per tenure: who held seat `seat_no` from `since_version` until `until_version`."""

    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat_no: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    since_version: Mapped[int] = mapped_column(Integer, default=0)
    until_version: Mapped[int | None] = mapped_column(Integer)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    left_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: How many times this tenure's clock ran out.
    timeouts: Mapped[int] = mapped_column(Integer, default=0)
    #: An automatic player's tenure standing in for this person after a time-out.
    stand_in_for: Mapped[int | None] = mapped_column(BigInteger)
    #: The stood-in-for person asked to come back (`/game return`): the seat is handed back to
    #: them at their next decision.
    coming_back: Mapped[bool] = mapped_column(Boolean, default=False)


class Action(Base):
    """Append-only. `undone_at_version` marks an action taken back (by undo or rollback)."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat_no: Mapped[int] = mapped_column(Integer)
    choice_id: Mapped[str] = mapped_column(String(100))
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer)
    events: Mapped[list] = mapped_column(JSON, default=list)
    #: May this action be taken back by its own player (no draw, no reveal, same turn)?
    undoable: Mapped[bool] = mapped_column(Boolean, default=False)
    undone_at_version: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Snapshot(Base):
    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("game_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    #: The highest action seq folded into this state.
    last_seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[bytes] = mapped_column(LargeBinary)
    #: Kept when newer snapshots come (one every K actions, and the final one); the others
    #: are dropped as soon as a newer one is written.
    checkpoint: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Delivery(Base):
    """A turn message owed for a committed version (with its DMs and pings), written in the
    decision's own transaction and deleted once it is posted: a crash between commit and post
    leaves the row, and the start-up repair posts it."""

    __tablename__ = "deliveries"
    __table_args__ = (UniqueConstraint("game_id", "version", "kind"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    #: "turn": the turn message of `version`; "timelapse": the timelapse owed after the final
    #: standings of `version` (bot/service/timelapse.py).
    kind: Mapped[str] = mapped_column(String(16), default="turn")
    #: What the message says above the board (a moderator's announcement, say).
    prefix: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Timer(Base):
    """A durable timer (a reminder, later deadlines and warnings). One dispatcher sleeps until
    the earliest and claims a timer before acting, so it fires once, even with several
    processes on one database."""

    __tablename__ = "timers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(40))
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    #: The game version the timer was set for (a reminder is moot once the game moved on).
    version: Mapped[int | None] = mapped_column(Integer)
    payload: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Audit(Base):
    """Every moderator act (and other host-level acts worth tracing)."""

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    actor_id: Mapped[int] = mapped_column(BigInteger)
    act: Mapped[str] = mapped_column(String(40))
    detail: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GuildSettings(Base):
    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    #: Members with this role count as game moderators (besides Manage Channels).
    mod_role_id: Mapped[int | None] = mapped_column(BigInteger)
    #: Vacation days each member may take per calendar year on this server.
    vacation_days: Mapped[int] = mapped_column(Integer, default=21)
    #: A running game with no completed move for this many days is reported as stalled.
    stall_days: Mapped[int] = mapped_column(Integer, default=7)
    #: Must a moderator approve a volunteer taking a seat as a substitute?
    substitute_approval: Mapped[bool] = mapped_column(Boolean, default=False)
    #: How many vacation days in a row a clock may spend for its player (then the game's
    #: expiry policy applies).
    clock_days: Mapped[int] = mapped_column(Integer, default=3)
    #: Are this server's game pages served (bot.web; `/admin web`)?
    web_pages: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class SeatClock(Base):
    """A seat's clock in a game with a pace: the time it has left, and since when it runs
    (None: stopped). It runs only while the seat is asked to decide."""

    __tablename__ = "seat_clocks"
    __table_args__ = (UniqueConstraint("game_id", "seat_no"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat_no: Mapped[int] = mapped_column(Integer)
    #: Seconds left when the clock last stopped (or started).
    remaining: Mapped[float] = mapped_column(Float)
    running_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: Warnings sent for the current run: 1 = half the time left, 2 = an hour left.
    warned: Mapped[int] = mapped_column(Integer, default=0)
    #: Vacation days this clock has spent in a row (since its seat last moved or changed hands).
    days_spent: Mapped[int] = mapped_column(Integer, default=0)


class Person(Base):
    """A member's own settings (the same on every server)."""

    __tablename__ = "people"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    #: An IANA zone name ("Europe/Berlin").
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    #: Quiet hours in the person's zone, "HH:MM" (both None: none).
    quiet_from: Mapped[str | None] = mapped_column(String(5))
    quiet_to: Mapped[str | None] = mapped_column(String(5))
    #: How pings reach them: channel, dm, both or digest.
    pings: Mapped[str] = mapped_column(String(16), default="channel")
    #: The palette of the images sent to them alone: standard or high (render/contrast.py).
    palette: Mapped[str] = mapped_column(String(16), default="standard", server_default="standard")
    #: Personal web links carry the number current when they were made; `/game web revoke`
    #: advances it, and every older link is refused.
    web_links: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class WebKey(Base):
    """The key that signs the web links, made once and shared by every process."""

    __tablename__ = "web_keys"

    name: Mapped[str] = mapped_column(String(16), primary_key=True)
    key: Mapped[bytes] = mapped_column(LargeBinary)


class Vacation(Base):
    """Time away on one server: taken with `/me away`, or one day spent automatically when a
    clock ran out. Counts against the server's yearly allowance."""

    __tablename__ = "vacations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(BigInteger, index=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    automatic: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Substitute(Base):
    """A request for someone to take over a seat, posted with a "Take this seat" button."""

    __tablename__ = "substitutes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat_no: Mapped[int] = mapped_column(Integer)
    requested_by: Mapped[int] = mapped_column(BigInteger)
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    #: open, waiting (a volunteer awaits a moderator's approval), taken or cancelled
    status: Mapped[str] = mapped_column(String(16), default="open")
    volunteer_id: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Watcher(Base):
    """A person watching a game: the whole game (`player_id` None: a DM when it ends), or one
    of its players too (a DM when that player moves). In an "ask" game the row waits
    (`allowed` false) until a seated player or a moderator allows it."""

    __tablename__ = "watchers"
    __table_args__ = (UniqueConstraint("game_id", "user_id", "player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(BigInteger)
    #: The watched player's user id (None: the game as a whole).
    player_id: Mapped[int | None] = mapped_column(BigInteger)
    allowed: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GameResult(Base):
    """Derived (bot.db.stat_rows rebuilds it from the games): one row per person per game
    that is over (played to the end, or ended by a moderator), written in the transaction that
    ends the game. `counted`: the game counts for this person (finished naturally, and they
    made at least half of their seat's moves); the rating columns are set when it was rated."""

    __tablename__ = "game_results"
    __table_args__ = (
        UniqueConstraint("game_id", "user_id"),
        Index("ix_game_results_user", "user_id", "finished_at"),
        # Covering indexes: the leaderboard and the server view read no table row.
        Index(
            "ix_game_results_guild_title",
            *("guild_id", "title", "user_id", "counted", "place", "status", "game_row"),
        ),
        Index(
            "ix_game_results_guild_month",
            *("guild_id", "title", "status", "finished_at", "game_row", "moves", "days"),
            "timeouts",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    title: Mapped[str] = mapped_column(String(40))
    user_id: Mapped[int] = mapped_column(BigInteger)
    seat_no: Mapped[int] = mapped_column(Integer)
    #: finished (played to the end) or ended (by a moderator)
    status: Mapped[str] = mapped_column(String(16))
    #: Exactly one row of each game has it: sums over these rows count games, not people.
    game_row: Mapped[bool] = mapped_column(Boolean)
    counted: Mapped[bool] = mapped_column(Boolean)
    #: The seat's place and score (finished games only).
    place: Mapped[int | None] = mapped_column(Integer)
    score: Mapped[int | None] = mapped_column(Integer)
    #: Seats in the game.
    players: Mapped[int] = mapped_column(Integer)
    #: This person's live moves on the seat, and every live move made on it.
    moves: Mapped[int] = mapped_column(Integer)
    seat_moves: Mapped[int] = mapped_column(Integer)
    #: How often this person's clocks ran out in the game.
    timeouts: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: The game's length (first move to end), in days.
    days: Mapped[float] = mapped_column(Float)
    rating_before: Mapped[int | None] = mapped_column(Integer)
    rating_after: Mapped[int | None] = mapped_column(Integer)


class Rating(Base):
    """Derived: a person's Elo of one title (across every server), after their rated games."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_title", "title", "rating"),)

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    title: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Event(Base):
    """A tournament or season run by the bot (bot/service/events.py): its sign-up, its rounds
    of tables (`EventTable`), each table an ordinary game in a thread of the event's channel."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(100))
    title: Mapped[str] = mapped_column(String(40))
    #: swiss (rounds of tables seated by standing), groups (round robins in groups) or season
    #: (any games in a window).
    format: Mapped[str] = mapped_column(String(16))
    seats: Mapped[int] = mapped_column(Integer)
    rounds: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    #: The tables' clock as `/game new` takes it (a preset or custom:S/I/C; None: no clock)
    #: and its expiry policy.
    pace: Mapped[str | None] = mapped_column(String(120))
    expiry_policy: Mapped[str] = mapped_column(String(16), default="automatic")
    #: Sign-up closes (and round 1 is seated) then.
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: A round's tables still running this long after it was seated end (`round_deadline`).
    round_hours: Mapped[float] = mapped_column(Float)
    #: Entry rules: {"min_finished": n, "clean_last": k}; a `groups` event's group size
    #: ({"group_size": n}); a season's games counted per entrant ({"best": k}; its window is
    #: `round_hours` from `starts_at`).
    rules: Mapped[dict] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: signup, running, finished or cancelled.
    status: Mapped[str] = mapped_column(String(16), default="signup")
    #: The round being played (0: none yet) and when its unfinished tables end.
    round: Mapped[int] = mapped_column(Integer, default=0)
    round_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    signup_message_id: Mapped[int | None] = mapped_column(BigInteger)
    #: The Discord role given to the winner(s) when the event finishes (None: none).
    winner_role_id: Mapped[int | None] = mapped_column(BigInteger)
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: Its final standings are in its channel (a finished event without: posted at start-up).
    final_posted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: A `groups` event's groups, set at its start: [[user id, ...], ...], each strongest first
    #: (None: a Swiss event, or not started).
    groups: Mapped[list | None] = mapped_column(JSON, nullable=True)


class EventEntry(Base):
    """A person signed up to an event; `dropped` once they leave it (or are dropped)."""

    __tablename__ = "event_entries"
    __table_args__ = (UniqueConstraint("event_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(BigInteger)
    dropped: Mapped[bool] = mapped_column(Boolean, default=False)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EventTable(Base):
    """One table of a round (or one entrant's bye): who sits there, in seat order, its game
    once opened, and how it ended."""

    __tablename__ = "event_tables"
    __table_args__ = (UniqueConstraint("event_id", "round", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    #: The entrants' user ids, in seat order.
    people: Mapped[list] = mapped_column(JSON)
    bye: Mapped[bool] = mapped_column(Boolean, default=False)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), index=True
    )
    thread_id: Mapped[int | None] = mapped_column(BigInteger)
    #: seated, playing or over.
    status: Mapped[str] = mapped_column(String(16), default="seated")
    #: Over: each entrant's place ({user id: place}, shared places repeated) and score.
    places: Mapped[dict | None] = mapped_column(JSON)
    scores: Mapped[dict | None] = mapped_column(JSON)

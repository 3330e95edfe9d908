"""The tables. Actions are append-only (undo only marks them) and are the record of a game;
snapshots are a cache of the log (the latest, one every K actions, the final one). Each
committed decision bumps the game's version once and records what must be delivered for it."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


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
    #: "turn": the turn message of `version` (the only kind so far).
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

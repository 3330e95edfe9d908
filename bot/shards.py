"""Which of Discord's shards this process serves, and so which games are its own.

Discord puts a guild on shard `(guild_id >> 22) % shard_count`. A process started with
`SHARD_IDS` serves only those shards' interactions; the same rule picks the games whose timers,
owed deliveries and start-up repairs are its job, so every game is worked on by one process.
Games without a guild (the local CLI's) count as shard 0, where Discord sends DMs too.
A process without `SHARD_IDS` serves every shard and every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, SQLColumnExpression, func, literal_column, or_, select, true

from bot.db.models import Game

GAMES = Game.__table__


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's rule: the shard a guild's events arrive on."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """`count` None or `ids` None: every shard (one process serves them all)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @property
    def everything(self) -> bool:
        return self.count is None or self.ids is None or len(set(self.ids)) >= self.count

    def guilds(self, guild_id: SQLColumnExpression[Any]) -> ColumnElement[bool]:
        """SQL: the row's guild is on one of these shards (NULL counts as shard 0)."""
        if self.count is None or self.ids is None or self.everything:
            return true()
        # (literal numbers: PostgreSQL has `bigint >> integer` but no `bigint >> bigint`)
        shifted = func.coalesce(guild_id, 0).op(">>")(literal_column("22"))
        shard = shifted.op("%")(literal_column(str(int(self.count))))
        return shard.in_(self.ids)

    def games(self, game_id: SQLColumnExpression[Any]) -> ColumnElement[bool]:
        """SQL: the row's game is one of this process's games."""
        if self.everything:
            return true()
        return game_id.in_(select(GAMES.c.id).where(self.guilds(GAMES.c.guild_id)))

    def timers(self, game_id: SQLColumnExpression[Any]) -> ColumnElement[bool]:
        """SQL: a timer this process fires: its game's, or one about no game (a person's
        digest), which whichever process claims it first fires."""
        if self.everything:
            return true()
        return or_(game_id.is_(None), self.games(game_id))

    def describe(self) -> str:
        if self.everything:
            return "all shards" if self.count is None else f"all {self.count} shards"
        ids = ", ".join(str(i) for i in sorted(self.ids or ()))
        return f"shard{'s'[: len(self.ids or ()) != 1]} {ids} of {self.count}"


ALL = Shards()

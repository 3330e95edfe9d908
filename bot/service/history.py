"""The finished games of a channel or a server (`/game history`), a page at a time, each page
in ONE statement: the page's games with every seat tenure, their live move counts and the time
of their first move."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from bot import catalog
from bot.errors import ServiceError
from bot.service.core import Core
from bot.service.queries import replay as qr
from engine.core import Result

#: Games on one page of `/game history`.
PAGE_SIZE = 8
SCOPES = ("channel", "server")


@dataclass(frozen=True)
class Player:
    """Who ended a game in a seat: a person, or the automatic player (`was`: the person it
    took over from, if any)."""

    seat_no: int
    user_id: int | None
    was: int | None = None


@dataclass(frozen=True)
class PastGame:
    id: int
    title: str
    title_name: str
    guild_id: int | None
    channel_id: int
    players: list[Player]
    result: Result | None
    moves: int
    started_at: datetime | None
    finished_at: datetime | None
    #: The game's final message (the last turn message, with the standings).
    final_message_id: int | None

    @property
    def winners(self) -> list[Player]:
        if self.result is None:
            return []
        by_seat = {p.seat_no: p for p in self.players}
        return [
            by_seat[s]
            for s, place in sorted(self.result.places.items())
            if place == 1 and s in by_seat
        ]

    @property
    def days(self) -> float:
        if self.started_at is None or self.finished_at is None:
            return 0.0
        return max(0.0, (self.finished_at - self.started_at).total_seconds() / 86400)

    @property
    def link(self) -> str | None:
        if self.final_message_id is None:
            return None
        where = self.guild_id if self.guild_id is not None else "@me"
        return f"https://discord.com/channels/{where}/{self.channel_id}/{self.final_message_id}"


@dataclass(frozen=True)
class HistoryPage:
    scope: str
    page: int
    games: list[PastGame]
    #: Is there an older page?
    more: bool


def result_of(raw: dict | None) -> Result | None:
    """A stored result (JSON keys are strings) as the engine's Result."""
    if raw is None:
        return None
    return Result(
        scores={int(k): v for k, v in raw["scores"].items()},
        ranking=list(raw["ranking"]),
        places={int(k): v for k, v in raw["places"].items()},
        details=raw.get("details", ""),
    )


def _utc(when: datetime | None) -> datetime | None:
    if when is None:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


class History:
    def __init__(self, core: Core) -> None:
        self.core = core

    async def history(
        self, channel_id: int, guild_id: int | None, scope: str = "channel", page: int = 0
    ) -> HistoryPage:
        """Finished games, newest first: of this channel, or of the whole server."""
        if scope not in SCOPES:
            raise ServiceError("Pick `channel` or `server`.")
        if scope == "server" and guild_id is None:
            raise ServiceError("There is no server here: try `scope: channel`.")
        if page < 0:
            raise ServiceError("Pages start at 1.")
        place = guild_id if scope == "server" and guild_id is not None else channel_id
        async with self.core.cold_reading() as c:
            rows = (await c.execute(qr.history_page(scope, place, page, PAGE_SIZE))).all()
        games: dict[int, dict] = {}
        for r in rows:
            g = games.setdefault(r.id, {"row": r, "final": {}, "former": {}})
            if r.seat_no is None:
                continue
            if r.until_version is None:
                g["final"][r.seat_no] = (r.user_id, r.is_bot)
            elif not r.is_bot and r.user_id is not None and r.until_version > r.since_version:
                g["former"][r.seat_no] = r.user_id
        out = [
            _past_game(g["row"], g["final"], g["former"], self.core.unmarked.get(game_id))
            for game_id, g in games.items()
        ]
        return HistoryPage(scope, page, out[:PAGE_SIZE], len(out) > PAGE_SIZE)


def _past_game(  # type: ignore[no-untyped-def]
    row, final: dict, former: dict, posted: tuple[int, int | None] | None
) -> PastGame:
    """`posted`: the game's last turn message, when its post is not marked in the table yet."""
    players = []
    for seat_no in sorted(final):
        user_id, is_bot = final[seat_no]
        if is_bot or user_id is None:
            players.append(Player(seat_no, None, former.get(seat_no)))
        else:
            players.append(Player(seat_no, user_id))
    title = catalog.title(row.title)
    return PastGame(
        id=row.id,
        title=row.title,
        title_name=title.name if title else row.title,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        players=players,
        result=result_of(row.result),
        moves=int(row.moves or 0),
        started_at=_utc(row.first_move_at),
        finished_at=_utc(row.updated_at),
        final_message_id=posted[1] if posted is not None and posted[1] else row.turn_message_id,
    )

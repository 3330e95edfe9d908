"""Substitute requests: a seated player (for their own seat) or a moderator asks for someone to
take over a seat; a volunteer who is not in the game takes it, at once or, when the server asks
for it, once a moderator approves. The seat passes exactly as with `/admin replace` (the old
tenure ends at the current version, a new one starts), in the same transaction that closes the
request. Every act is audited.

A request is `open` (anyone not in the game may volunteer), `waiting` (a volunteer awaits a
moderator's approval), `taken` or `cancelled`. It is stale once its seat went to another person
after it was made (say by `/admin replace`): a stale request is refused and closed by the next
request for that seat."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot import catalog
from bot.db.models import Game, GuildSettings, Seat, Substitute
from bot.errors import ServiceError
from bot.results import Outcome
from bot.service import queries as q
from bot.service.core import Core
from bot.service.loader import title_of
from bot.service.moderation import Moderation
from bot.service.queries import games as qg

OPEN, WAITING, TAKEN, CANCELLED = "open", "waiting", "taken", "cancelled"
LIVE = (OPEN, WAITING)

NOT_RUNNING = "Substitutes are for running games; this game is not running."
NO_REQUEST = "That substitute request doesn't exist any more."
NOT_SEATED = (
    "You don't hold a seat in this game. A moderator can ask for a substitute for any seat "
    "with `/admin substitute`."
)
IN_GAME = "You already play in this game, so you can't take another seat in it."
MODS_ONLY = "Only moderators can approve or reject a volunteer."
STALE = "Seat {seat} has changed hands since this request was made; nothing was changed."


@dataclass(frozen=True)
class SubRequest:
    """A substitute request as the Discord layer shows it."""

    id: int
    game_id: int
    channel_id: int
    guild_id: int | None
    title_name: str
    seat_no: int
    #: The seat's label in the game ("Green"), or "Seat n" without a state.
    seat_label: str
    #: A mention of the seat's holder now ("<@1>", or "🤖" for the automatic player).
    holder: str
    requested_by: int
    status: str
    volunteer_id: int | None
    message_id: int | None


@dataclass(frozen=True)
class Taken:
    """A volunteer took the seat: the closed request, who held it before, and the change."""

    request: SubRequest
    previous: str
    outcome: Outcome


class Substitutes:
    """(Built on the moderators' seat hand-over, `Moderation.seat_to`.)"""

    def __init__(self, core: Core, moderation: Moderation) -> None:
        self.core = core
        self.moderation = moderation

    async def request_substitute(
        self, channel_id: int, actor: int, seat_no: int | None = None, *, moderator: bool = False
    ) -> SubRequest:
        """Ask for a substitute: for the actor's own seat (`seat_no` None), or, by a moderator,
        for seat `seat_no` (0-based). One live request per seat."""
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            if game is None or game.status != "running":
                raise ServiceError(NOT_RUNNING)
            seats = await q.holders(s, game.id)
            if seat_no is None:
                mine = next((x for x in seats if x.user_id == actor and not x.is_bot), None)
                if mine is None:
                    raise ServiceError(NOT_SEATED)
                seat_no = mine.seat_no
            elif not moderator:
                raise ServiceError("Only moderators can ask for a substitute for another seat.")
            holder = next((x for x in seats if x.seat_no == seat_no), None)
            if holder is None:
                raise ServiceError(f"There is no seat {seat_no + 1} in this game.")
            for live in await qg.live_requests(s, game.id, seat_no, LIVE):
                if _is_stale(live, holder):
                    live.status = CANCELLED
                    continue
                where = f": {_jump(game, live.message_id)}" if live.message_id else ""
                raise ServiceError(f"Seat {seat_no + 1} already has a substitute request{where}.")
            row = Substitute(game_id=game.id, seat_no=seat_no, requested_by=actor, status=OPEN)
            s.add(row)
            await s.flush()
            await self.core.audit(s, game, actor, "substitute-request", f"seat {seat_no + 1}")
            return await self._describe_request(s, game, row, seats)

    async def substitute_posted(self, request_id: int, message_id: int | None) -> None:
        """Remember the public message carrying the request's buttons."""
        if message_id is None:
            return
        async with self.core.tx() as s:
            row = await s.get(Substitute, request_id)
            if row is not None:
                row.message_id = message_id

    async def substitute_request(self, request_id: int) -> SubRequest:
        async with self.core.readers() as s:
            row = await s.get(Substitute, request_id)
            game = await s.get(Game, row.game_id) if row is not None else None
            if row is None or game is None:
                raise ServiceError(NO_REQUEST)
            return await self._describe_request(s, game, row, await q.holders(s, game.id))

    async def volunteer_substitute(self, request_id: int, user_id: int) -> SubRequest | Taken:
        """A volunteer presses "Take this seat": they take it now, or (the server asks for
        approval) the request waits for a moderator."""
        game_id = await self._request_game(request_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game, row, seats = await self._live(s, game_id, request_id, (OPEN,))
            if any(x.user_id == user_id and not x.is_bot for x in seats):
                raise ServiceError(IN_GAME)
            settings = await s.get(GuildSettings, game.guild_id) if game.guild_id else None
            if settings is not None and settings.substitute_approval:
                row.status = WAITING
                row.volunteer_id = user_id
                await self.core.audit(s, game, user_id, "substitute-volunteer", f"seat {_n(row)}")
                await s.flush()
                return await self._describe_request(s, game, row, seats)
            return await self._take(s, game, row, seats, user_id, user_id)

    async def approve_substitute(self, request_id: int, actor: int, *, moderator: bool) -> Taken:
        if not moderator:
            raise ServiceError(MODS_ONLY)
        game_id = await self._request_game(request_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game, row, seats = await self._live(s, game_id, request_id, (WAITING,))
            volunteer = row.volunteer_id
            assert volunteer is not None
            if any(x.user_id == volunteer and not x.is_bot for x in seats):
                raise ServiceError(f"<@{volunteer}> holds a seat in this game by now.")
            return await self._take(s, game, row, seats, volunteer, actor)

    async def reject_substitute(
        self, request_id: int, actor: int, *, moderator: bool
    ) -> SubRequest:
        """The volunteer is turned down: the request is open again for someone else."""
        if not moderator:
            raise ServiceError(MODS_ONLY)
        game_id = await self._request_game(request_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game, row, seats = await self._live(s, game_id, request_id, (WAITING,))
            detail = f"seat {_n(row)}: <@{row.volunteer_id}>"
            row.status, row.volunteer_id = OPEN, None
            await self.core.audit(s, game, actor, "substitute-reject", detail)
            await s.flush()
            return await self._describe_request(s, game, row, seats)

    async def cancel_substitute(
        self, request_id: int, actor: int, *, moderator: bool
    ) -> SubRequest:
        """The person who asked, or a moderator, withdraws the request."""
        game_id = await self._request_game(request_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            row = await s.get(Substitute, request_id)
            game = await s.get(Game, game_id)
            if row is None or game is None:
                raise ServiceError(NO_REQUEST)
            if row.status not in LIVE:
                raise ServiceError(_closed(row))
            if actor != row.requested_by and not moderator:
                raise ServiceError(
                    f"Only the person who asked (<@{row.requested_by}>) or a moderator can "
                    "cancel this request."
                )
            row.status = CANCELLED
            await self.core.audit(s, game, actor, "substitute-cancel", f"seat {_n(row)}")
            await s.flush()
            return await self._describe_request(s, game, row, await q.holders(s, game.id))

    async def set_substitute_approval(self, guild_id: int, actor: int, on: bool) -> None:
        """Must a moderator approve volunteers on this server?"""
        async with self.core.tx() as s:
            settings = await s.get(GuildSettings, guild_id)
            if settings is None:
                s.add(GuildSettings(guild_id=guild_id, substitute_approval=on))
            else:
                settings.substitute_approval = on
            await self.core.audit(s, None, actor, "substitute-approval", "on" if on else "off")

    # ------------------------------------------------------------------ inside
    async def _request_game(self, request_id: int) -> int:
        async with self.core.readers() as s:
            game_id = await qg.request_game(s, request_id)
        if game_id is None:
            raise ServiceError(NO_REQUEST)
        return int(game_id)

    async def _live(
        self, s: AsyncSession, game_id: int, request_id: int, allowed: tuple[str, ...]
    ) -> tuple[Game, Substitute, list[Seat]]:
        """The request's game, the request and the seats, refusing a closed or stale one."""
        row = await s.get(Substitute, request_id)
        game = await s.get(Game, game_id)
        if row is None or game is None:
            raise ServiceError(NO_REQUEST)
        if game.status != "running":
            raise ServiceError("That game is over: its seats need no substitute any more.")
        if row.status not in allowed:
            if row.status == WAITING:
                raise ServiceError(
                    f"<@{row.volunteer_id}> has already volunteered for seat {_n(row)}; a "
                    "moderator is deciding."
                )
            if row.status == OPEN:
                raise ServiceError("Nobody is waiting for approval on this request.")
            raise ServiceError(_closed(row))
        seats = await q.holders(s, game.id)
        holder = next((x for x in seats if x.seat_no == row.seat_no), None)
        if holder is None or _is_stale(row, holder):
            raise ServiceError(STALE.format(seat=_n(row)))
        return game, row, seats

    async def _take(
        self,
        s: AsyncSession,
        game: Game,
        row: Substitute,
        seats: list[Seat],
        volunteer: int,
        actor: int,
    ) -> Taken:
        """Hand the seat over (as `/admin replace` does) and close the request, at once."""
        holder = next(x for x in seats if x.seat_no == row.seat_no)
        previous = "🤖" if holder.is_bot or holder.user_id is None else f"<@{holder.user_id}>"
        row.status, row.volunteer_id = TAKEN, volunteer
        await s.flush()
        outcome = await self.moderation.seat_to(
            s, game, actor, row.seat_no, volunteer, "substitute"
        )
        request = await self._describe_request(s, game, row, await q.holders(s, game.id))
        return Taken(request, previous, outcome)

    async def _describe_request(
        self, s: AsyncSession, game: Game, row: Substitute, seats: list[Seat]
    ) -> SubRequest:
        label = f"Seat {row.seat_no + 1}"
        title = catalog.title(game.title)
        if game.status in ("running", "finished") and title is not None:
            state = (await self.core.state(s, game, title_of(game))).state
            label = title.seat_label(state, row.seat_no)
        holder = next((x for x in seats if x.seat_no == row.seat_no), None)
        holding = "nobody"
        if holder is not None:
            holding = "🤖" if holder.is_bot or holder.user_id is None else f"<@{holder.user_id}>"
        return SubRequest(
            id=row.id,
            game_id=game.id,
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            title_name=title.name if title else game.title,
            seat_no=row.seat_no,
            seat_label=label,
            holder=holding,
            requested_by=row.requested_by,
            status=row.status,
            volunteer_id=row.volunteer_id,
            message_id=row.message_id,
        )


def _is_stale(row: Substitute, holder: Seat) -> bool:
    """The seat went to a person after the request was made."""
    if holder.is_bot or holder.user_id is None:
        return False
    return _aware(holder.joined_at) > _aware(row.created_at)


def _closed(row: Substitute) -> str:
    if row.status == TAKEN:
        return f"This request is closed: <@{row.volunteer_id}> took seat {_n(row)}."
    return f"This request for seat {_n(row)} was cancelled."


def _n(row: Substitute) -> int:
    return row.seat_no + 1


def _jump(game: Game, message_id: int) -> str:
    return f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}/{message_id}"


def _aware(when: datetime) -> datetime:
    """SQLite hands datetimes back without a zone; they are stored in UTC."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)

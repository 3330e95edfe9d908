"""Play again: from a finished game's final message, a new lobby in the same channel with the
same title, seats, options, pace and spectators setting, the same automatic players, and the
same people invited. Once per finished game (the audit row of the first press says so)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError

from bot.db.models import Game, Seat
from bot.errors import ServiceError
from bot.results import GameInfo
from bot.service import queries as q
from bot.service.core import Core
from bot.service.describe import describe_game
from bot.service.loader import title_of
from bot.service.queries import games as qg
from bot.service.reading import Reading

#: The audit act of a Play again (on the finished game).
AGAIN = "play-again"
NOT_FINISHED = "Play again is for games played to the end."
NOT_PLAYED = "Only the players of that game (or a moderator) can start it again."
BUSY = (
    "This channel already has a game ({status}). Finish it, or ask a moderator to `/admin end` it."
)


@dataclass(frozen=True)
class Again:
    """The new lobby, the finished game it repeats, and the people invited to join it."""

    lobby: GameInfo
    previous_id: int
    invited: list[int]


class PlayAgain:
    def __init__(self, core: Core, reading: Reading) -> None:
        self.core = core
        self.reading = reading

    async def play_again(self, game_id: int, user_id: int, *, moderator: bool) -> Again:
        """Open the new lobby: the presser takes a seat if they played; the seats the automatic
        player held from the start are automatic again; everyone else who played to the end
        (or whose seat the automatic player took over) is invited."""
        channel = await self.reading.channel_of(game_id)
        async with self.core.channel_lock(channel), self.core.tx() as s:
            old = await s.get(Game, game_id)
            if old is None:
                raise ServiceError("That game doesn't exist any more.")
            if old.status != "finished":
                raise ServiceError(NOT_FINISHED)
            tenures = await qg.tenures(s, old.id)
            played = {x.user_id for x in tenures if not x.is_bot and x.user_id is not None}
            if user_id not in played and not moderator:
                raise ServiceError(NOT_PLAYED)
            done = await qg.audit_detail(s, old.id, AGAIN)
            if done is not None:
                raise ServiceError(f"A new lobby was opened from this game already ({done}).")
            live = await qg.live_status(s, channel)
            if live is not None:
                raise ServiceError(BUSY.format(status=live))
            title = title_of(old)
            game = Game(
                guild_id=old.guild_id,
                channel_id=channel,
                live_channel_id=channel,
                title=old.title,
                rules_version=title.rules_version,
                seed=secrets.randbits(62),
                options=dict(old.options or {}),
                seats=old.seats,
                status="lobby",
                version=0,
                created_by=user_id,
                pace=old.pace,
                expiry_policy=old.expiry_policy,
                clock_in_quiet=old.clock_in_quiet,
                spectators=old.spectators,
            )
            s.add(game)
            try:
                await s.flush()
            except IntegrityError:  # another process opened one here a moment ago
                raise ServiceError(BUSY.format(status="lobby")) from None
            bots = sum(1 for x in tenures if x.is_bot and x.since_version == 0)
            if user_id in played:
                s.add(Seat(game_id=game.id, seat_no=0, user_id=user_id))
            for i in range(bots):
                s.add(Seat(game_id=game.id, seat_no=game.seats - bots + i, is_bot=True))
            invited = _invited(tenures, user_id)
            await self.core.audit(s, old, user_id, AGAIN, f"game #{game.id}")
            await s.flush()
            lobby = describe_game(game, await q.holders(s, game.id), None)
            return Again(lobby=lobby, previous_id=old.id, invited=invited)


def _invited(tenures: list[Seat], presser: int) -> list[int]:
    """The people who held the seats at the end, and for a seat the automatic player ended in,
    the last person who held it before; in seat order, the presser left out."""
    last: dict[int, Seat] = {}
    person: dict[int, int] = {}
    for x in tenures:  # by id: later tenures win
        if x.until_version is None:
            last[x.seat_no] = x
        if not x.is_bot and x.user_id is not None:
            person[x.seat_no] = x.user_id
    out: list[int] = []
    for seat_no in sorted(last):
        who = last[seat_no].user_id if not last[seat_no].is_bot else person.get(seat_no)
        if who is not None and who != presser and who not in out:
            out.append(who)
    return out

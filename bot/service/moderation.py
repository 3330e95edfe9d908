"""Moderator use cases: end a game, hand a seat to someone (or the automatic player), kick,
roll back, and the server's moderator role. Every act is audited."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, GuildSettings, Seat, utcnow
from bot.errors import ServiceError
from bot.results import GameInfo, Outcome
from bot.service import queries as q
from bot.service.clock_plans import ClockPlans
from bot.service.core import Core
from bot.service.decision import Decision
from bot.service.describe import describe_game
from bot.service.loader import prompts_of, title_of
from bot.service.queries.timers import clear_game_timers
from engine.core import Event


class Moderation:
    def __init__(self, core: Core, decision: Decision, plans: ClockPlans) -> None:
        self.core = core
        self.decision = decision
        self.plans = plans

    async def is_moderator_role(self, guild_id: int | None, role_ids: list[int]) -> bool:
        if guild_id is None:
            return False
        async with self.core.reading() as c:
            role = await q.mod_role(c, guild_id)
        return role is not None and role in role_ids

    async def set_mod_role(self, guild_id: int, actor: int, role_id: int | None) -> None:
        async with self.core.tx() as s:
            settings = await s.get(GuildSettings, guild_id)
            if settings is None:
                s.add(GuildSettings(guild_id=guild_id, mod_role_id=role_id))
            else:
                settings.mod_role_id = role_id
            await self.core.audit(s, None, actor, "set-mod-role", str(role_id))

    async def admin_end(self, channel_id: int, actor: int, reason: str = "") -> GameInfo:
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            assert game is not None
            game.status = "ended"
            game.live_channel_id = None
            await clear_game_timers(s, game.id)
            await self.core.audit(s, game, actor, "end", reason)
            await s.flush()
            await self.decision.game_over(s, game)
            self.core.drafts.clear(game_id)
            return describe_game(game, await q.holders(s, game.id), None)

    async def admin_seat_to(
        self, channel_id: int, actor: int, seat_no: int, user_id: int | None, act: str
    ) -> Outcome:
        """Hand seat `seat_no` to `user_id`, or to the automatic player when it is None.
        The old holder's tenure ends; their record stays. When the automatic player is now to
        move, it does, in the same transaction."""
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            assert game is not None
            return await self.seat_to(s, game, actor, seat_no, user_id, act)

    async def seat_to(
        self, s: AsyncSession, game: Game, actor: int, seat_no: int, user_id: int | None, act: str
    ) -> Outcome:
        """`admin_seat_to` inside the caller's transaction (and game lock)."""
        game_id = game.id
        seats = await q.holders(s, game.id)
        current = next((x for x in seats if x.seat_no == seat_no), None)
        if current is None and not (
            game.status == "lobby" and user_id is None and seat_no < game.seats
        ):
            raise ServiceError(f"There is no seat {seat_no + 1} in this game.")
        if user_id is not None and any(x.user_id == user_id for x in seats):
            raise ServiceError(f"<@{user_id}> already holds a seat in this game.")
        if current is not None:
            if user_id is None and current.is_bot:
                raise ServiceError(f"Seat {seat_no + 1} is already played automatically.")
            if game.status == "running":
                old_user = None if current.is_bot else current.user_id
                await self.plans.hand_over_clock(s, game, seat_no, old_user)
            current.until_version = game.version
            current.left_at = utcnow()
        s.add(
            Seat(
                game_id=game.id,
                seat_no=seat_no,
                user_id=user_id,
                is_bot=user_id is None,
                since_version=game.version,
            )
        )
        old = "nobody" if current is None else _holder_name(current)
        new = "the automatic player" if user_id is None else f"<@{user_id}>"
        line = Event(f"Seat {seat_no + 1} passes from {old} to {new}.")
        await self.core.audit(s, game, actor, act, line.text)
        await s.flush()
        self.core.drafts.clear(game_id, seat_no)
        seats = await q.holders(s, game.id)
        if game.status != "running":
            return await self.decision.outcome(s, game, seats, None, [line])
        title = title_of(game)
        loaded = await self.core.state(s, game, title)
        # the seat's clock runs on for its new holder (stopped by `ClockPlans.hand_over_clock`)
        await self.decision.tick(s, game, seats, prompts_of(title, loaded), set())
        outcome = await self.decision.decide(s, game, title, loaded, seats, None)
        outcome.events.insert(0, line)
        return outcome

    async def admin_kick(self, channel_id: int, actor: int, user_id: int) -> Outcome:
        """Remove a player: from a lobby their seat frees up; in a running game the automatic
        player takes it over."""
        game_id = await self.core.game_id(channel_id)
        async with self.core.readers() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            seats = await q.holders(s, game_id)
            seat = next((x for x in seats if x.user_id == user_id and not x.is_bot), None)
            if seat is None:
                raise ServiceError(f"<@{user_id}> is not playing in this game.")
            status = game.status
        if status != "lobby":
            return await self.admin_seat_to(channel_id, actor, seat.seat_no, None, "kick")
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            row = await s.get(Seat, seat.id)
            assert row is not None
            row.until_version = 0
            row.left_at = utcnow()
            game = await s.get(Game, game_id)
            assert game is not None
            await self.core.audit(s, game, actor, "kick", f"<@{user_id}>")
            await s.flush()
            line = Event(f"<@{user_id}> was removed from the lobby.")
            return await self.decision.outcome(s, game, await q.holders(s, game_id), None, [line])

    async def admin_rollback(self, channel_id: int, actor: int, steps: int = 1) -> Outcome:
        if steps < 1:
            raise ServiceError("Roll back at least one move.")
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            assert game is not None
            if game.status != "running":
                raise ServiceError("Only a running game can be rolled back.")
            actions = await q.last_live_actions(s, game.id, steps)
            if not actions:
                raise ServiceError("No move has been made yet.")
            n = len(actions)
            line = f"A moderator rolled the game back by {n} move{'s' if n != 1 else ''}."
            await self.core.audit(s, game, actor, "rollback", f"{n} actions")
            seats = await q.holders(s, game.id)
            # Automatic players whose turn it now is move again (seeded by the log position).
            return await self.decision.take_back(s, game, seats, actions, line)


def _holder_name(seat: Seat) -> str:
    return "🤖" if seat.is_bot or seat.user_id is None else f"<@{seat.user_id}>"

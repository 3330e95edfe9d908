"""Lobby use cases: open a game, join, leave, start."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError

from bot import catalog
from bot.db.models import Game, Seat, utcnow
from bot.errors import ServiceError
from bot.results import GameInfo, Outcome
from bot.service import queries as q
from bot.service.clock_rules import parse_pace, parse_policy, parse_quiet_clock
from bot.service.core import Core
from bot.service.decision import Decision
from bot.service.describe import describe_game
from bot.service.loader import Loaded, title_of
from bot.service.moderation import Moderation
from bot.service.options import parse_options
from bot.service.queries import games as qg
from bot.service.watching import parse_spectators
from engine.core import Event, Title
from engine.rng import Rng

#: Salt of the generator that shuffles the seating at start (independent of the title's own).
SEATING_SALT = 0x5EA7

_CHANNEL_TAKEN = (
    "This channel already has a game of {title} ({status}). Finish it, or ask a moderator to "
    "`/admin end` it."
)


@dataclass(frozen=True)
class _NewGame:
    """A new game's settings, checked."""

    title: Title
    seats: int
    bots: int
    options: dict[str, str]
    pace: dict | None
    expiry: str
    in_quiet: bool
    spectators: str


def _new_game(
    title_slug: str,
    seats: int | None = None,
    bots: int = 0,
    options: str | dict[str, str] | None = None,
    pace: str | None = None,
    expiry: str | None = None,
    quiet_clock: str | None = None,
    spectators: str | None = None,
) -> _NewGame:
    """The settings of `/game new`, checked (ServiceError: what is wrong with them)."""
    title = catalog.title(title_slug)
    if title is None:
        names = ", ".join(t.slug for t in catalog.offered())
        raise ServiceError(f"I don't know the game `{title_slug}`. I can host: {names}.")
    seats = title.max_seats if seats is None else seats
    if not title.min_seats <= seats <= title.max_seats:
        raise ServiceError(
            f"{title.name} is for {title.min_seats} to {title.max_seats} players, not {seats}."
        )
    if not 0 <= bots < seats:
        raise ServiceError(
            f"Automatic players fill seats beside you: between 0 and {seats - 1} here."
        )
    return _NewGame(
        title,
        seats,
        bots,
        parse_options(title, options),
        parse_pace(pace),
        parse_policy(expiry),
        parse_quiet_clock(quiet_clock),
        parse_spectators(spectators),
    )


class Lobby:
    def __init__(self, core: Core, decision: Decision, moderation: Moderation) -> None:
        self.core = core
        self.decision = decision
        self.moderation = moderation

    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        title_slug: str,
        seats: int | None = None,
        bots: int = 0,
        options: str | dict[str, str] | None = None,
        seed: int | None = None,
        pace: str | None = None,
        expiry: str | None = None,
        quiet_clock: str | None = None,
        spectators: str | None = None,
    ) -> GameInfo:
        """`pace`: a clock preset or `custom:S/I/C` (see clock_rules; None: no clock);
        `expiry`: what happens when a clock runs out (automatic, default or pause);
        `quiet_clock`: does a clock `runs` (default) or `waits` in its player's quiet hours;
        `spectators`: who may watch (open, the default; ask; closed). The lobby's message is
        posted after this write and its id stored with `set_lobby_message`."""
        new = _new_game(title_slug, seats, bots, options, pace, expiry, quiet_clock, spectators)
        async with self.core.channel_lock(channel_id), self.core.tx() as s:
            existing = await qg.live_here(s, channel_id)
            if existing is not None:
                raise ServiceError(
                    _CHANNEL_TAKEN.format(title=existing.title, status=existing.status)
                )
            game = Game(
                guild_id=guild_id,
                channel_id=channel_id,
                live_channel_id=channel_id,
                title=new.title.slug,
                rules_version=new.title.rules_version,
                seed=seed if seed is not None else secrets.randbits(62),
                options=new.options,
                seats=new.seats,
                status="lobby",
                version=0,
                created_by=user_id,
                pace=new.pace,
                expiry_policy=new.expiry,
                clock_in_quiet=new.in_quiet,
                spectators=new.spectators,
            )
            s.add(game)
            try:
                await s.flush()
            except IntegrityError:  # another process opened one here a moment ago
                raise ServiceError(
                    "This channel already has a game. Finish it, or ask a moderator to "
                    "`/admin end` it."
                ) from None
            seats, bots = new.seats, new.bots
            held = [Seat(game_id=game.id, seat_no=0, user_id=user_id)]
            held += [
                Seat(game_id=game.id, seat_no=seats - bots + i, is_bot=True) for i in range(bots)
            ]
            s.add_all(held)
            await s.flush()
            return describe_game(game, held, None)  # (by seat number, as `q.holders` gives them)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.core.tx() as s:
            await qg.set_lobby_message(s, game_id, message_id)

    async def join(self, channel_id: int, user_id: int) -> GameInfo:
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id, with_for_update=True)
            assert game is not None
            if game.status != "lobby":
                raise ServiceError(
                    "This game has already started. A moderator can give you a seat with "
                    "`/admin replace`."
                )
            seats = await q.holders(s, game.id)
            if any(x.user_id == user_id for x in seats):
                raise ServiceError("You're already in this game.")
            if len(seats) >= game.seats:
                raise ServiceError(f"The game is full ({game.seats} seats).")
            taken = {x.seat_no for x in seats}
            free = min(n for n in range(game.seats) if n not in taken)
            joined = Seat(game_id=game.id, seat_no=free, user_id=user_id)
            s.add(joined)
            await s.flush()
            return describe_game(
                game, sorted([*seats, joined], key=lambda x: (x.seat_no, x.id)), None
            )

    async def leave(self, channel_id: int, user_id: int) -> Outcome:
        """In the lobby: give the seat up (the lobby closes when no person is left). In a running
        game: hand the seat to the automatic player, so the others can play on."""
        game_id = await self.core.game_id(channel_id)
        async with self.core.readers() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            seats = await q.holders(s, game.id)
            mine = next((x for x in seats if x.user_id == user_id and not x.is_bot), None)
            if mine is None:
                raise ServiceError("You're not in this game.")
            running = game.status == "running"
        if running:
            return await self.moderation.admin_seat_to(
                channel_id, user_id, mine.seat_no, None, "leave"
            )
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            assert game is not None
            row = await s.get(Seat, mine.id)
            assert row is not None
            row.until_version = game.version
            row.left_at = utcnow()
            if not any(x.user_id is not None and x.id != mine.id for x in seats):
                game.status = "ended"
                game.live_channel_id = None
            await s.flush()
            return await self.decision.outcome(
                s, game, await q.holders(s, game_id), None, [Event(f"<@{user_id}> left the lobby.")]
            )

    async def start(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> Outcome:
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id, with_for_update=True)
            assert game is not None
            if game.status != "lobby":
                raise ServiceError("This game is already under way.")
            seats = await q.holders(s, game.id)
            if (
                user_id != game.created_by
                and not is_moderator
                and not any(x.user_id == user_id for x in seats)
            ):
                raise ServiceError("Only a player in this lobby can start it.")
            title = title_of(game)
            if len(seats) < title.min_seats:
                raise ServiceError(
                    f"{title.name} needs at least {title.min_seats} players; "
                    f"{len(seats)} {'is' if len(seats) == 1 else 'are'} seated. "
                    "Invite someone to press Join, or add automatic players."
                )
            # Seats are assigned at random (from the game's seed, so it is reproducible)
            # and numbered 0..n-1 without gaps; seat 0 is the first player.
            order = list(seats)
            Rng.from_seed(game.seed).fork(SEATING_SALT).shuffle(order)
            for n, seat in enumerate(order):
                seat.seat_no = n
            game.seats = len(seats)
            game.status = "running"
            await s.flush()
            state = title.setup(game.seed, game.seats, dict(game.options or {}))
            await self.core.audit(s, game, user_id, "start", f"{game.seats} seats")
            seats = order  # (seat n is order[n])
            began = Event(f"The game of {title.name} begins.")
            outcome = await self.decision.decide(
                s, game, title, Loaded(game.version, 0, state, 1), seats, None, force=True
            )
            outcome.events.insert(0, began)
            return outcome

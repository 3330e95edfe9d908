"""The transport-free game service: one call per use case.

Every state change follows the same path: take the game's lock, load its state (cache, else the
latest snapshot plus any later actions), check the actor, apply on a copy, and in ONE transaction
append the action, bump the version (refusing a stale one) and store a snapshot. Only after the
commit does the caller get anything to post. The Discord cogs and the local CLI both call this;
neither knows the rules.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot import catalog
from bot.db.models import Action, Audit, Game, GuildSettings, Seat, Snapshot, utcnow
from bot.errors import ServiceError, StaleError
from bot.results import Board, GameInfo, Outcome, SeatInfo
from engine.core import Event, IllegalAction, Prompt, Result, Title
from engine.rng import Rng
from render.core import RenderedImage

log = logging.getLogger(__name__)

#: An automatic player never takes more than this many moves in a row (a safety net).
MAX_BOT_CHAIN = 20_000
#: Salt of the generator that shuffles the seating at start (independent of the title's own).
SEATING_SALT = 0x5EA7


@dataclass
class _Loaded:
    version: int
    #: The highest action seq folded into `state`.
    last_seq: int
    state: Any
    #: The seq the next action gets: above every action ever logged, undone ones included.
    next_seq: int


def parse_options(title: Title, raw: str | dict[str, str] | None) -> dict[str, str]:
    """`"rounds=2, variant=on"` -> validated dict with every option set (defaults filled in)."""
    given: dict[str, str] = {}
    if isinstance(raw, dict):
        given = {str(k).strip(): str(v).strip() for k, v in raw.items()}
    elif raw and raw.strip():
        for part in raw.replace(";", ",").split(","):
            if not part.strip():
                continue
            key, sep, value = part.partition("=")
            if not sep:
                raise ServiceError(
                    f"Options look like `name=value`; I couldn't read `{part.strip()}`."
                )
            given[key.strip()] = value.strip()
    specs = {o.name: o for o in title.options}
    for key, value in given.items():
        spec = specs.get(key)
        if spec is None:
            known = ", ".join(specs) or "none"
            raise ServiceError(f"{title.name} has no option `{key}`. Its options: {known}.")
        if value not in spec.choices:
            raise ServiceError(
                f"`{key}` can be {', '.join(spec.choices)}; `{value}` is not one of them."
            )
    return {o.name: given.get(o.name, o.default) for o in title.options}


class GameService:
    def __init__(
        self,
        sessions: async_sessionmaker,
        cache_size: int = 64,
        readers: async_sessionmaker | None = None,
    ) -> None:
        """`sessions` write (and may read); `readers`, when given, serve the read-only calls."""
        self._writers = sessions
        self._sessions = readers or sessions
        self._cache: OrderedDict[int, _Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._locks: dict[int, asyncio.Lock] = {}
        self._channel_locks: dict[int, asyncio.Lock] = {}

    # ------------------------------------------------------------------ plumbing
    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[AsyncSession]:
        async with self._writers() as session, session.begin():
            yield session

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def _channel_lock(self, channel_id: int) -> asyncio.Lock:
        return self._channel_locks.setdefault(channel_id, asyncio.Lock())

    @staticmethod
    def _title(game: Game) -> Title:
        title = catalog.title(game.title)
        if title is None:
            raise ServiceError(f"This installation no longer offers {game.title}.")
        return title

    async def _live_game(self, s: AsyncSession, channel_id: int) -> Game:
        game = await s.scalar(select(Game).where(Game.live_channel_id == channel_id))
        if game is None:
            raise ServiceError("There is no game in this channel. Start one with `/game new`.")
        return game

    async def _game_id(self, channel_id: int) -> int:
        async with self._sessions() as s:
            return (await self._live_game(s, channel_id)).id

    async def _holders(self, s: AsyncSession, game_id: int) -> list[Seat]:
        rows = await s.scalars(
            select(Seat)
            .where(Seat.game_id == game_id, Seat.until_version.is_(None))
            .order_by(Seat.seat_no, Seat.id)
        )
        return list(rows)

    async def _state(self, s: AsyncSession, game: Game, title: Title) -> _Loaded:
        cached = self._cache.get(game.id)
        if cached is not None and cached.version == game.version:
            self._cache.move_to_end(game.id)
            return cached
        snap = await self._latest_snapshot(s, game.id)
        if snap is None:
            raise ServiceError("This game has not started yet.")
        state = title.decode(snap.state)
        later = await s.scalars(
            select(Action)
            .where(
                Action.game_id == game.id,
                Action.seq > snap.last_seq,
                Action.undone_at_version.is_(None),
            )
            .order_by(Action.seq)
        )
        last_seq = snap.last_seq
        for action in later:
            title.apply(state, action.seat_no, action.choice_id)
            last_seq = action.seq
        top = await s.scalar(select(func.max(Action.seq)).where(Action.game_id == game.id))
        loaded = _Loaded(game.version, last_seq, state, (top or 0) + 1)
        self._remember(game.id, loaded)
        return loaded

    @staticmethod
    async def _latest_snapshot(s: AsyncSession, game_id: int) -> Snapshot | None:
        return await s.scalar(
            select(Snapshot)
            .where(Snapshot.game_id == game_id)
            .order_by(Snapshot.version.desc())
            .limit(1)
        )

    def _remember(self, game_id: int, loaded: _Loaded) -> None:
        self._cache[game_id] = loaded
        self._cache.move_to_end(game_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    async def _current(
        self, s: AsyncSession, game_id: int, allowed: tuple[str, ...], refusal: str
    ) -> tuple[Game, Title, Any, GameInfo]:
        """The game, its title, its current state and its summary, if its status allows."""
        game = await s.get(Game, game_id)
        if game is None or game.status not in allowed:
            raise ServiceError(refusal)
        title = self._title(game)
        state = (await self._state(s, game, title)).state
        return game, title, state, self._info(game, await self._holders(s, game.id), state)

    async def _bump(self, s: AsyncSession, game: Game, expected: int) -> int:
        """Advance the version, refusing if another writer got there first."""
        new = expected + 1
        done = await s.execute(
            update(Game)
            .where(Game.id == game.id, Game.version == expected)
            .values(version=new, updated_at=utcnow())
            .execution_options(synchronize_session=False)
        )
        if done.rowcount != 1:
            raise StaleError("The game moved on while you were deciding; have another look.")
        game.version = new
        return new

    async def _former_people(self, s: AsyncSession, game: Game) -> dict[int, int]:
        """Seat -> the person who last held it, for seats a finished game ended with the
        automatic player in (so the standings can still name them)."""
        if game.status != "finished":
            return {}
        rows = await s.scalars(
            select(Seat)
            .where(
                Seat.game_id == game.id,
                Seat.until_version.is_not(None),
                Seat.user_id.is_not(None),
                Seat.is_bot.is_(False),
            )
            .order_by(Seat.id)
        )
        return {row.seat_no: row.user_id for row in rows if row.user_id is not None}

    def _info(
        self,
        game: Game,
        seats: list[Seat],
        state: Any | None,
        former: dict[int, int] | None = None,
    ) -> GameInfo:
        title = catalog.title(game.title)
        name = title.name if title else game.title

        def label(n: int) -> str:
            if title is not None and state is not None:
                return title.seat_label(state, n)
            return f"Seat {n + 1}"

        former = former or {}
        holders = [
            SeatInfo(
                x.seat_no,
                x.user_id,
                x.is_bot,
                label(x.seat_no),
                former.get(x.seat_no) if x.is_bot else None,
            )
            for x in seats
        ]
        waiting: list[SeatInfo] = []
        status_line = ""
        if state is not None and title is not None and game.status == "running":
            by_seat = {h.seat_no: h for h in holders}
            waiting = [by_seat[p.seat] for p in title.prompts(state) if p.seat in by_seat]
            status_line = title.status_line(state)
        result = None
        if game.result is not None:
            result = Result(
                scores={int(k): v for k, v in game.result["scores"].items()},
                ranking=game.result["ranking"],
                places={int(k): v for k, v in game.result["places"].items()},
                details=game.result.get("details", ""),
            )
        return GameInfo(
            id=game.id,
            guild_id=game.guild_id,
            channel_id=game.channel_id,
            title=game.title,
            title_name=name,
            status=game.status,
            version=game.version,
            seats=game.seats,
            min_seats=title.min_seats if title else game.seats,
            created_by=game.created_by,
            options=dict(game.options or {}),
            holders=holders,
            lobby_message_id=game.lobby_message_id,
            status_line=status_line,
            waiting=waiting,
            result=result,
        )

    async def _audit(
        self, s: AsyncSession, game: Game | None, actor: int, act: str, detail: str = ""
    ) -> None:
        s.add(
            Audit(
                game_id=game.id if game else None,
                guild_id=game.guild_id if game else None,
                actor_id=actor,
                act=act,
                detail=detail,
            )
        )

    # ------------------------------------------------------------------ lobby
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
    ) -> GameInfo:
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
        opts = parse_options(title, options)
        async with self._channel_lock(channel_id), self._tx() as s:
            existing = await s.scalar(select(Game).where(Game.live_channel_id == channel_id))
            if existing is not None:
                raise ServiceError(
                    f"This channel already has a game of {existing.title} "
                    f"({existing.status}). Finish it, or ask a moderator to `/admin end` it."
                )
            game = Game(
                guild_id=guild_id,
                channel_id=channel_id,
                live_channel_id=channel_id,
                title=title.slug,
                rules_version=title.rules_version,
                seed=seed if seed is not None else secrets.randbits(62),
                options=opts,
                seats=seats,
                status="lobby",
                version=0,
                created_by=user_id,
            )
            s.add(game)
            try:
                await s.flush()
            except IntegrityError:  # another process opened one here a moment ago
                raise ServiceError(
                    "This channel already has a game. Finish it, or ask a moderator to "
                    "`/admin end` it."
                ) from None
            s.add(Seat(game_id=game.id, seat_no=0, user_id=user_id))
            for i in range(bots):
                s.add(Seat(game_id=game.id, seat_no=seats - bots + i, is_bot=True))
            await s.flush()
            return self._info(game, await self._holders(s, game.id), None)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self._tx() as s:
            await s.execute(
                update(Game).where(Game.id == game_id).values(lobby_message_id=message_id)
            )

    async def join(self, channel_id: int, user_id: int) -> GameInfo:
        game_id = await self._game_id(channel_id)
        async with self._lock(game_id), self._tx() as s:
            game = await s.get(Game, game_id, with_for_update=True)
            assert game is not None
            if game.status != "lobby":
                raise ServiceError(
                    "This game has already started. A moderator can give you a seat with "
                    "`/admin replace`."
                )
            seats = await self._holders(s, game.id)
            if any(x.user_id == user_id for x in seats):
                raise ServiceError("You're already in this game.")
            if len(seats) >= game.seats:
                raise ServiceError(f"The game is full ({game.seats} seats).")
            taken = {x.seat_no for x in seats}
            free = min(n for n in range(game.seats) if n not in taken)
            s.add(Seat(game_id=game.id, seat_no=free, user_id=user_id))
            await s.flush()
            return self._info(game, await self._holders(s, game.id), None)

    async def leave(self, channel_id: int, user_id: int) -> Outcome:
        """In the lobby: give the seat up (the lobby closes when no person is left). In a running
        game: hand the seat to the automatic player, so the others can play on."""
        game_id = await self._game_id(channel_id)
        async with self._sessions() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            seats = await self._holders(s, game.id)
            mine = next((x for x in seats if x.user_id == user_id and not x.is_bot), None)
            if mine is None:
                raise ServiceError("You're not in this game.")
            running = game.status == "running"
        if running:
            return await self.admin_seat_to(channel_id, user_id, mine.seat_no, None, "leave")
        async with self._lock(game_id), self._tx() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            row = await s.get(Seat, mine.id)
            assert row is not None
            row.until_version = game.version
            row.left_at = utcnow()
            if not any(x.user_id is not None and x.id != mine.id for x in seats):
                game.status = "ended"
                game.live_channel_id = None
        return await self._outcome(game_id, [Event(f"<@{user_id}> left the lobby.")])

    async def start(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> Outcome:
        game_id = await self._game_id(channel_id)
        async with self._lock(game_id), self._tx() as s:
            game = await s.get(Game, game_id, with_for_update=True)
            assert game is not None
            if game.status != "lobby":
                raise ServiceError("This game is already under way.")
            seats = await self._holders(s, game.id)
            if (
                user_id != game.created_by
                and not is_moderator
                and not any(x.user_id == user_id for x in seats)
            ):
                raise ServiceError("Only a player in this lobby can start it.")
            title = self._title(game)
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
            state = title.setup(game.seed, game.seats, dict(game.options or {}))
            game.status = "running"
            version = await self._bump(s, game, game.version)
            s.add(Snapshot(game_id=game.id, version=version, last_seq=0, state=title.encode(state)))
            await self._audit(s, game, user_id, "start", f"{game.seats} seats")
            self._remember(game.id, _Loaded(version, 0, state, 1))
            await s.flush()
        return await self._run_bots(game_id, [Event(f"The game of {title.name} begins.")])

    # ------------------------------------------------------------------ play
    async def act(
        self, channel_id: int, user_id: int, choice_id: str, version: int | None = None
    ) -> Outcome:
        """A person's choice. `version` (from a button) must match the game's current version."""
        game_id = await self._game_id(channel_id)
        return await self.act_in_game(game_id, user_id, choice_id, version)

    async def act_in_game(
        self, game_id: int, user_id: int, choice_id: str, version: int | None = None
    ) -> Outcome:
        async with self._lock(game_id), self._tx() as s:
            game = await s.get(Game, game_id)
            if game is None or game.status != "running":
                raise ServiceError("That game is not running any more.")
            if version is not None and version != game.version:
                raise StaleError(
                    "That button belongs to an earlier turn. Use the newest message (or `/play`)."
                )
            seats = await self._holders(s, game.id)
            seat = next((x for x in seats if x.user_id == user_id and not x.is_bot), None)
            if seat is None:
                raise ServiceError("You're not playing in this game.")
            events = await self._apply(s, game, seat.seat_no, choice_id, user_id, seats)
        return await self._run_bots(game_id, events)

    async def _apply(
        self,
        s: AsyncSession,
        game: Game,
        seat_no: int,
        choice_id: str,
        user_id: int | None,
        seats: list[Seat],
    ) -> list[Event]:
        title = self._title(game)
        loaded = await self._state(s, game, title)
        prompts = title.prompts(loaded.state)
        prompt = next((p for p in prompts if p.seat == seat_no), None)
        if prompt is None:
            waiting = ", ".join(self._name(seats, p.seat, title, loaded.state) for p in prompts)
            raise ServiceError(f"It's not your turn. Waiting for {waiting or 'nobody'}.")
        new_state = title.copy(loaded.state)
        try:
            events = title.apply(new_state, seat_no, choice_id)
        except IllegalAction as exc:
            raise ServiceError(str(exc)) from None
        after = title.prompts(new_state)
        others_before = {p.seat for p in prompts} - {seat_no}
        others_after = {p.seat for p in after} - {seat_no}
        undoable = not any(e.barrier for e in events) and others_before == others_after
        version = await self._bump(s, game, game.version)
        seq = loaded.next_seq
        s.add(
            Action(
                game_id=game.id,
                seq=seq,
                seat_no=seat_no,
                choice_id=choice_id,
                user_id=user_id,
                by_bot=user_id is None,
                version=version,
                events=[_event_json(e) for e in events],
                undoable=undoable,
            )
        )
        s.add(
            Snapshot(game_id=game.id, version=version, last_seq=seq, state=title.encode(new_state))
        )
        result = title.result(new_state)
        if result is not None:
            game.status = "finished"
            game.live_channel_id = None
            game.result = {
                "scores": result.scores,
                "ranking": result.ranking,
                "places": result.places,
                "details": result.details,
            }
        await s.flush()
        self._remember(game.id, _Loaded(version, seq, new_state, seq + 1))
        return events

    @staticmethod
    def _name(seats: list[Seat], seat_no: int, title: Title, state: Any) -> str:
        holder = next((x for x in seats if x.seat_no == seat_no), None)
        label = title.seat_label(state, seat_no)
        if holder is None:
            return SeatInfo(seat_no, None, True, label).mention
        return SeatInfo(seat_no, holder.user_id, holder.is_bot, label).mention

    async def _run_bots(self, game_id: int, events: list[Event]) -> Outcome:
        """Let automatic players take every decision that is theirs, one committed action each,
        then describe the new situation."""
        all_events = list(events)
        for _ in range(MAX_BOT_CHAIN):
            async with self._lock(game_id), self._tx() as s:
                game = await s.get(Game, game_id)
                assert game is not None
                if game.status != "running":
                    break
                title = self._title(game)
                seats = await self._holders(s, game.id)
                bot_seats = {x.seat_no for x in seats if x.is_bot}
                loaded = await self._state(s, game, title)
                turn = [p for p in title.prompts(loaded.state) if p.seat in bot_seats]
                if not turn:
                    break
                seat_no = turn[0].seat
                rng = Rng.from_seed(game.seed).fork(loaded.next_seq)
                choice = title.bot_choice(loaded.state, seat_no, rng)
                all_events += await self._apply(s, game, seat_no, choice, None, seats)
        return await self._outcome(game_id, all_events)

    async def _outcome(self, game_id: int, events: list[Event]) -> Outcome:
        async with self._sessions() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            seats = await self._holders(s, game_id)
            state = None
            prompts: list[Prompt] = []
            hands: dict[int, str] = {}
            if game.status in ("running", "finished"):
                title = self._title(game)
                state = (await self._state(s, game, title)).state
                if game.status == "running":
                    prompts = title.prompts(state)
                touched = {e.private_to for e in events if e.private_to is not None}
                barrier = any(e.barrier for e in events)
                for seat in seats:
                    if seat.is_bot or seat.user_id is None:
                        continue
                    if barrier or seat.seat_no in touched:
                        text = title.private_text(state, seat.seat_no)
                        if text:
                            hands[seat.user_id] = text
            info = self._info(game, seats, state, await self._former_people(s, game))
            return Outcome(
                game=info, events=events, prompts=prompts, result=info.result, hands=hands
            )

    async def undo(self, channel_id: int, user_id: int) -> Outcome:
        """Take back your own last action, if it is still your turn and nothing was drawn or
        revealed since; anything further back is a moderator's rollback."""
        game_id = await self._game_id(channel_id)
        async with self._lock(game_id), self._tx() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            if game.status != "running":
                raise ServiceError("There is nothing to undo: the game is not running.")
            seats = await self._holders(s, game.id)
            seat = next((x for x in seats if x.user_id == user_id and not x.is_bot), None)
            if seat is None:
                raise ServiceError("You're not playing in this game.")
            last = await self._live_actions(s, game.id, 1)
            if not last or last[0].seat_no != seat.seat_no:
                raise ServiceError("The last move in this game isn't yours, so you can't undo it.")
            if not last[0].undoable:
                raise ServiceError(
                    "That move can't be taken back: it drew or revealed something, or passed the "
                    "turn. A moderator can roll back with `/admin rollback`."
                )
            events = await self._take_back(
                s, game, last, f"{self._seat_name(seat)} takes back a move."
            )
            await self._audit(s, game, user_id, "undo", last[0].choice_id)
        return await self._outcome(game_id, events)

    async def _live_actions(self, s: AsyncSession, game_id: int, n: int) -> list[Action]:
        rows = await s.scalars(
            select(Action)
            .where(Action.game_id == game_id, Action.undone_at_version.is_(None))
            .order_by(Action.seq.desc())
            .limit(n)
        )
        return list(rows)

    async def _take_back(
        self, s: AsyncSession, game: Game, actions: list[Action], line: str
    ) -> list[Event]:
        """Mark `actions` undone and rebuild the state by replaying the rest of the log."""
        title = self._title(game)
        version = await self._bump(s, game, game.version)
        for action in actions:
            action.undone_at_version = version
        await s.flush()
        state, last_seq = await self._replay(s, game, title)
        s.add(
            Snapshot(game_id=game.id, version=version, last_seq=last_seq, state=title.encode(state))
        )
        await s.flush()
        top = await s.scalar(select(func.max(Action.seq)).where(Action.game_id == game.id))
        self._remember(game.id, _Loaded(version, last_seq, state, (top or 0) + 1))
        return [Event(line)]

    async def _replay(self, s: AsyncSession, game: Game, title: Title) -> tuple[Any, int]:
        state = title.setup(game.seed, game.seats, dict(game.options or {}))
        rows = await s.scalars(
            select(Action)
            .where(Action.game_id == game.id, Action.undone_at_version.is_(None))
            .order_by(Action.seq)
        )
        last_seq = 0
        for action in rows:
            title.apply(state, action.seat_no, action.choice_id)
            last_seq = action.seq
        return state, last_seq

    @staticmethod
    def _seat_name(seat: Seat) -> str:
        return "🤖" if seat.is_bot or seat.user_id is None else f"<@{seat.user_id}>"

    # ------------------------------------------------------------------ reading
    async def status(self, channel_id: int, *, or_last: bool = False) -> GameInfo:
        """The channel's live game; with `or_last`, else the last game played here (so
        `/game status` can still show how it ended)."""
        async with self._sessions() as s:
            try:
                game = await self._live_game(s, channel_id)
            except ServiceError:
                if not or_last:
                    raise
                game = await s.scalar(
                    select(Game)
                    .where(Game.channel_id == channel_id)
                    .order_by(Game.id.desc())
                    .limit(1)
                )
                if game is None:
                    raise
            state = None
            if game.status in ("running", "finished"):
                state = (await self._state(s, game, self._title(game))).state
            seats = await self._holders(s, game.id)
            return self._info(game, seats, state, await self._former_people(s, game))

    async def game_info(self, game_id: int) -> GameInfo:
        async with self._sessions() as s:
            game = await s.get(Game, game_id)
            if game is None:
                raise ServiceError("That game doesn't exist any more.")
            state = None
            if game.status in ("running", "finished"):
                state = (await self._state(s, game, self._title(game))).state
            seats = await self._holders(s, game.id)
            return self._info(game, seats, state, await self._former_people(s, game))

    async def prompt_for(self, channel_id: int, user_id: int) -> tuple[GameInfo, Prompt | None]:
        """The decision waiting for this user (for autocomplete and private menus)."""
        game_id = await self._game_id(channel_id)
        return await self.prompt_in_game(game_id, user_id)

    async def prompt_in_game(self, game_id: int, user_id: int) -> tuple[GameInfo, Prompt | None]:
        async with self._sessions() as s:
            game = await s.get(Game, game_id)
            if game is None:
                raise ServiceError("That game doesn't exist any more.")
            seats = await self._holders(s, game.id)
            if game.status != "running":
                return self._info(game, seats, None), None
            title = self._title(game)
            state = (await self._state(s, game, title)).state
            info = self._info(game, seats, state)
            mine = info.seat_of(user_id)
            return info, (title.prompt_for(state, mine.seat_no) if mine else None)

    async def board(self, channel_id: int, area_seat: int | None = None) -> Board:
        game_id = await self._game_id(channel_id)
        return await self.board_of(game_id, area_seat)

    async def board_of(self, game_id: int, area_seat: int | None = None) -> Board:
        """The public board (spectator view), whole or one seat's area."""
        async with self._sessions() as s:
            game, title, state, info = await self._current(
                s, game_id, ("running", "finished"), "The board appears once the game starts."
            )
            if area_seat is not None and not 0 <= area_seat < game.seats:
                raise ServiceError(f"Seats are numbered 1 to {game.seats}.")
            view = title.view(state, None)
        image = await catalog.draw_board_async(game.title, view, area_seat)
        return Board(game=info, image=image)

    async def hand(self, channel_id: int, user_id: int) -> tuple[str, RenderedImage | None]:
        game_id = await self._game_id(channel_id)
        return await self.hand_in_game(game_id, user_id)

    async def hand_in_game(self, game_id: int, user_id: int) -> tuple[str, RenderedImage | None]:
        """The user's private information, for their eyes only."""
        async with self._sessions() as s:
            game, title, state, info = await self._current(
                s, game_id, ("running",), "That game is not running."
            )
            mine = info.seat_of(user_id)
            if mine is None:
                raise ServiceError("You're not playing in this game.")
            text = title.private_text(state, mine.seat_no)
            view = title.view(state, mine.seat_no)
        if text is None and title.hidden_hands:
            return "You hold nothing hidden right now.", None
        if text is None:
            return f"{title.name} has no hidden hands: everything is on the board.", None
        return text, await catalog.draw_hand_async(game.title, view, mine.seat_no)

    async def log(self, channel_id: int, user_id: int | None = None, limit: int = 20) -> list[str]:
        """The latest log lines: public ones, plus the private ones of the user's own seat."""
        async with self._sessions() as s:
            game = await s.scalar(
                select(Game).where(Game.channel_id == channel_id).order_by(Game.id.desc()).limit(1)
            )
            if game is None:
                raise ServiceError("There is no game in this channel. Start one with `/game new`.")
            seats = await self._holders(s, game.id)
            mine = {x.seat_no for x in seats if x.user_id == user_id and not x.is_bot}
            rows = await s.scalars(
                select(Action)
                .where(Action.game_id == game.id, Action.undone_at_version.is_(None))
                .order_by(Action.seq.desc())
                .limit(limit * 3)
            )
            lines: list[str] = []
            for action in rows:
                for e in reversed(action.events):
                    if e.get("private_to") is None or e.get("private_to") in mine:
                        lines.append(e["text"])
                if len(lines) >= limit:
                    break
            return list(reversed(lines[:limit]))

    async def replay_matches_snapshot(self, game_id: int) -> bool:
        """Does replaying the log from setup give exactly the newest stored snapshot?"""
        async with self._sessions() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            title = self._title(game)
            snap = await self._latest_snapshot(s, game.id)
            if snap is None:
                return True
            state, _ = await self._replay(s, game, title)
            return title.encode(state) == snap.state

    # ------------------------------------------------------------------ moderators
    async def is_moderator_role(self, guild_id: int | None, role_ids: list[int]) -> bool:
        if guild_id is None:
            return False
        async with self._sessions() as s:
            settings = await s.get(GuildSettings, guild_id)
            return settings is not None and settings.mod_role_id in role_ids

    async def set_mod_role(self, guild_id: int, actor: int, role_id: int | None) -> None:
        async with self._tx() as s:
            settings = await s.get(GuildSettings, guild_id)
            if settings is None:
                s.add(GuildSettings(guild_id=guild_id, mod_role_id=role_id))
            else:
                settings.mod_role_id = role_id
            await self._audit(s, None, actor, "set-mod-role", str(role_id))

    async def admin_end(self, channel_id: int, actor: int, reason: str = "") -> GameInfo:
        game_id = await self._game_id(channel_id)
        async with self._lock(game_id), self._tx() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            game.status = "ended"
            game.live_channel_id = None
            await self._audit(s, game, actor, "end", reason)
            await s.flush()
            return self._info(game, await self._holders(s, game.id), None)

    async def admin_seat_to(
        self, channel_id: int, actor: int, seat_no: int, user_id: int | None, act: str
    ) -> Outcome:
        """Hand seat `seat_no` to `user_id`, or to the automatic player when it is None.
        The old holder's tenure ends; their record stays."""
        game_id = await self._game_id(channel_id)
        async with self._lock(game_id), self._tx() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            seats = await self._holders(s, game.id)
            current = next((x for x in seats if x.seat_no == seat_no), None)
            if current is None:
                if game.status == "lobby" and user_id is None and seat_no < game.seats:
                    current = None  # an empty lobby seat can be given to a bot
                else:
                    raise ServiceError(f"There is no seat {seat_no + 1} in this game.")
            if user_id is not None and any(x.user_id == user_id for x in seats):
                raise ServiceError(f"<@{user_id}> already holds a seat in this game.")
            if current is not None:
                if user_id is None and current.is_bot:
                    raise ServiceError(f"Seat {seat_no + 1} is already played automatically.")
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
            old = "nobody" if current is None else self._seat_name(current)
            new = "the automatic player" if user_id is None else f"<@{user_id}>"
            line = f"Seat {seat_no + 1} passes from {old} to {new}."
            await self._audit(s, game, actor, act, line)
            running = game.status == "running"
        if running:
            return await self._run_bots(game_id, [Event(line)])
        return await self._outcome(game_id, [Event(line)])

    async def admin_kick(self, channel_id: int, actor: int, user_id: int) -> Outcome:
        """Remove a player: from a lobby their seat frees up; in a running game the automatic
        player takes it over."""
        game_id = await self._game_id(channel_id)
        async with self._sessions() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            seats = await self._holders(s, game_id)
            seat = next((x for x in seats if x.user_id == user_id and not x.is_bot), None)
            if seat is None:
                raise ServiceError(f"<@{user_id}> is not playing in this game.")
            status = game.status
        if status == "lobby":
            async with self._lock(game_id), self._tx() as s:
                row = await s.get(Seat, seat.id)
                assert row is not None
                row.until_version = 0
                row.left_at = utcnow()
                game = await s.get(Game, game_id)
                await self._audit(s, game, actor, "kick", f"<@{user_id}>")
            return await self._outcome(
                game_id, [Event(f"<@{user_id}> was removed from the lobby.")]
            )
        return await self.admin_seat_to(channel_id, actor, seat.seat_no, None, "kick")

    async def admin_rollback(self, channel_id: int, actor: int, steps: int = 1) -> Outcome:
        if steps < 1:
            raise ServiceError("Roll back at least one move.")
        game_id = await self._game_id(channel_id)
        async with self._lock(game_id), self._tx() as s:
            game = await s.get(Game, game_id)
            assert game is not None
            if game.status != "running":
                raise ServiceError("Only a running game can be rolled back.")
            actions = await self._live_actions(s, game.id, steps)
            if not actions:
                raise ServiceError("No move has been made yet.")
            n = len(actions)
            line = f"A moderator rolled the game back by {n} move{'s' if n != 1 else ''}."
            events = await self._take_back(s, game, actions, line)
            await self._audit(s, game, actor, "rollback", f"{n} actions")
        # Automatic players whose turn it now is move again (seeded by the new log position).
        return await self._run_bots(game_id, events)

    # ------------------------------------------------------------------ reminders
    async def due_reminders(self, idle_seconds: float) -> list[GameInfo]:
        """Running games whose current decision has waited longer than `idle_seconds` for at
        least one person, and whose players were not yet reminded of this decision."""
        cutoff = utcnow() - timedelta(seconds=idle_seconds)
        async with self._sessions() as s:
            ids = list(
                await s.scalars(
                    select(Game.id).where(
                        Game.status == "running",
                        Game.updated_at < cutoff,
                        or_(Game.reminded_version.is_(None), Game.reminded_version != Game.version),
                    )
                )
            )
        due = []
        for game_id in ids:
            info = await self.game_info(game_id)
            if any(not w.is_bot and w.user_id is not None for w in info.waiting):
                due.append(info)
        return due

    async def mark_reminded(self, game_id: int, version: int) -> None:
        async with self._tx() as s:
            await s.execute(
                update(Game)
                .where(Game.id == game_id)
                .values(reminded_version=version)
                .execution_options(synchronize_session=False)
            )

    async def game_count(self) -> int:
        async with self._sessions() as s:
            return int(await s.scalar(select(func.count()).select_from(Game)) or 0)


def _event_json(e: Event) -> dict[str, Any]:
    return {"text": e.text, "private_to": e.private_to, "barrier": e.barrier}

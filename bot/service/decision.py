"""The decision transaction, in one place: what a change posts (`Decision.outcome`), the ONE
transaction that commits a decision (`Decision.decide`), an undo's rebuild (`take_back`) and the
timers a decision sets; and the decision's side effects, as ordered listeners (`Listeners`) the
service registers in one place (bot.service.GameService). (A game's summary, `GameInfo`, is made
in describe.py.)"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from bot import catalog, metrics
from bot.db.models import Action, Game, Seat, utcnow
from bot.errors import ServiceError
from bot.results import GameInfo, Outcome
from bot.service import queries as q
from bot.service.core import Core
from bot.service.describe import describe_game, result_json
from bot.service.loader import SNAPSHOT_EVERY, Loaded, prompts_of, replay_from_nearest, title_of
from bot.service.queries.decision import DecisionRows, write_decision
from bot.service.queries.timers import REMINDER
from engine.core import Event, IllegalAction, Prompt, Title, undoable
from engine.rng import Rng

#: Automatic players never take more than this many moves in one decision (a safety net).
MAX_BOT_CHAIN = 20_000


@dataclass
class Move:
    """A person's complete move, to be committed."""

    seat_no: int
    choice_id: str
    user_id: int


#: Before an automatic player moves: the seat handed back to its person (an event), or None.
HandBack = Callable[[AsyncSession, Game, list[Seat], int], Awaitable[Event | None]]
#: The timers a running game's new decision sets besides the reminder (name -> due, payload).
Timers = Callable[[AsyncSession, Game], Awaitable[dict[str, tuple[datetime, dict[str, Any]]]]]
#: Who of the people is away now, and until when (sync: inside the decision's write).
AwayNow = Callable[[Session, Game, list[int]], dict[int, datetime]]
#: The game has just ended, in this transaction.
GameOver = Callable[[AsyncSession, Game], Awaitable[None]]
#: Start and stop the seats' clocks for the new decision (`moved`: the seats that moved).
Tick = Callable[[AsyncSession, Game, list[Seat], list[Prompt], set[int]], Awaitable[None]]
#: The game's summary as a change posts it, with what the listener knows (`away`: read already).
View = Callable[[AsyncSession, Game, GameInfo, dict[int, datetime] | None], Awaitable[GameInfo]]


@dataclass
class Listeners:
    """The side effects of a decision, in the order they run in it: `hand_back` before each
    automatic player's move, `timers` and `away_now` with its statements, `game_over` when it
    ends the game, `tick` once it is written, `view` on what it posts. Each is a plain list
    (one loop, no call when empty): the service registers them in one place."""

    hand_back: list[HandBack] = field(default_factory=list)
    timers: list[Timers] = field(default_factory=list)
    away_now: list[AwayNow] = field(default_factory=list)
    game_over: list[GameOver] = field(default_factory=list)
    tick: list[Tick] = field(default_factory=list)
    view: list[View] = field(default_factory=list)


class Decision:
    """What a change posts, and the one transaction of a decision, over `core`."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.on = Listeners()

    async def outcome(
        self,
        s: AsyncSession,
        game: Game,
        seats: list[Seat],
        state: Any | None,
        events: list[Event],
        *,
        quiet: bool = False,
        prefix: str = "",
        prompts: list[Prompt] | None = None,
        away: dict[int, datetime] | None = None,
        encoded: bytes | None = None,
    ) -> Outcome:
        """What a caller posts after a change, from what the change itself holds (`prompts`:
        the state's, `away`: who is away, and `encoded`: the state encoded, when the caller
        has them already)."""
        hands: dict[int, str] = {}
        title = catalog.title(game.title)
        if game.status != "running" or state is None or title is None:
            prompts = []
        elif prompts is None:
            prompts = title.prompts(state)
        if state is not None and title is not None and game.status in ("running", "finished"):
            touched = {e.private_to for e in events if e.private_to is not None}
            barrier = any(e.barrier for e in events)
            for seat in seats:
                if seat.is_bot or seat.user_id is None:
                    continue
                if barrier or seat.seat_no in touched:
                    text_ = title.private_text(state, seat.seat_no)
                    if text_:
                        hands[seat.user_id] = text_
        former = await q.former_people(s, game)
        info = describe_game(game, seats, state, former, prompts)
        for view in self.on.view:
            info = await view(s, game, info, away)
        return Outcome(
            game=info,
            events=events,
            prompts=prompts,
            result=info.result,
            hands=hands,
            quiet=quiet,
            prefix=prefix,
            encoded_state=_encoded(title, state, encoded),
        )

    # ------------------------------------------------------------------ the decision
    async def decide(
        self,
        s: AsyncSession,
        game: Game,
        title: Title,
        loaded: Loaded,
        seats: list[Seat],
        move: Move | None,
        *,
        force: bool = False,
        prefix: str = "",
    ) -> Outcome:
        """ONE transaction: the person's move (if any), then every move of automatic players
        that follows without a person deciding, one version bump (refusing a stale one), the
        actions, a snapshot, and the turn message owed for the new version."""
        state = title.copy(loaded.state)
        before = prompts_of(title, loaded)
        rows: list[_Row] = []
        notes: list[Event] = []
        await self._moves(s, game, title, state, before, seats, move, loaded.next_seq, rows, notes)
        now = title.prompts(state) if rows else before
        if not rows and not force and not notes:
            return await self.outcome(s, game, seats, state, [], prefix=prefix, prompts=now)
        result = title.result(state)
        posted = self.core.take_posted(s, game.id)
        values = _values(result, posted)
        previous = game.version
        version = previous + 1  # (written by `write_decision`, which refuses a stale one)
        logged, all_events, last_seq = _logged(game, version, loaded, rows)
        seq = loaded.next_seq + len(rows)
        checkpoint = (
            result is not None or last_seq // SNAPSHOT_EVERY > loaded.last_seq // SNAPSHOT_EVERY
        )
        encoded = title.encode(state)
        write = DecisionRows(
            game=game,
            previous=previous,
            values=values,
            actions=logged,
            last_seq=last_seq,
            state=encoded,
            checkpoint=checkpoint,
            prefix=prefix,
            timers=None if result is not None else await self.timers(s, game, now),
            delivered=posted[0] if posted is not None else None,
        )
        away_now = self.on.away_now if result is None else []
        away = await s.run_sync(_write_and_read(write, game, seats, away_now))
        metrics.decided(s, game.title, game.guild_id)
        if result is not None:
            for game_over in self.on.game_over:
                await game_over(s, game)
        quiet = _is_quiet(before, now, rows, move)
        for tick in self.on.tick:
            await tick(s, game, seats, now, {move.seat_no} if move else set())
        self.core.cache.put(game.id, Loaded(version, last_seq, state, seq, now))
        if move is not None:
            self.core.drafts.clear(game.id, move.seat_no)
        return await self.outcome(
            s,
            game,
            seats,
            state,
            notes + all_events,
            quiet=quiet,
            prefix=prefix,
            prompts=now,
            away=away,
            encoded=encoded,
        )

    async def _moves(
        self,
        s: AsyncSession,
        game: Game,
        title: Title,
        state: Any,
        before: list[Prompt],
        seats: list[Seat],
        move: Move | None,
        seq: int,
        rows: list[_Row],
        notes: list[Event],
    ) -> None:
        """Apply to `state` the person's move (if any), then every move of automatic players
        that follows without a person deciding, into `rows` (and `notes`: seats handed back)."""
        # Who decides after each move; the menus (`prompts`, which can cost more than a move)
        # are built once, for the state the chain ends in.
        deciding = [p.seat for p in before]
        if move is not None:
            try:
                events = title.apply(state, move.seat_no, move.choice_id)
            except IllegalAction as exc:
                raise ServiceError(str(exc)) from None
            deciding = title.deciding(state)
            can_undo = undoable(before, move.seat_no, events, deciding)
            rows.append((move.seat_no, move.choice_id, move.user_id, events, can_undo))
        bots = {x.seat_no for x in seats if x.is_bot}
        for _ in range(MAX_BOT_CHAIN):
            if not bots or title.result(state) is not None:
                break
            turn = [seat for seat in deciding if seat in bots]
            if not turn:
                break
            back = None
            for hand_back in self.on.hand_back:
                back = await hand_back(s, game, seats, turn[0])
                if back is not None:
                    break
            if back is not None:  # its person came back (`/game return`): theirs to decide
                notes.append(back)
                bots.discard(turn[0])
                continue
            rng = Rng.from_seed(game.seed).fork(seq + len(rows))
            choice = title.bot_choice(state, turn[0], rng)
            rows.append((turn[0], choice, None, title.apply(state, turn[0], choice), False))
            deciding = title.deciding(state)

    async def game_over(self, s: AsyncSession, game: Game) -> None:
        """The game has just ended, in this transaction, outside a decision (a moderator's
        end): what a decision that ends it does."""
        for game_over in self.on.game_over:
            await game_over(s, game)

    async def tick(
        self, s: AsyncSession, game: Game, seats: list[Seat], prompts: list[Prompt], moved: set[int]
    ) -> None:
        """Start and stop the seats' clocks for the new decision (in its transaction)."""
        for tick in self.on.tick:
            await tick(s, game, seats, prompts, moved)

    async def take_back(
        self, s: AsyncSession, game: Game, seats: list[Seat], actions: list[Action], line: str
    ) -> Outcome:
        """Mark `actions` undone, rebuild the state from the nearest snapshot before them, and
        commit that (automatic players whose turn it now is move again)."""
        title = title_of(game)
        first = min(a.seq for a in actions)
        for action in actions:
            action.undone_at_version = game.version + 1
        await q.drop_snapshots_from(s, game.id, first)
        await q.drop_snapshots(s, game.id, below_version=game.version + 1)
        await s.flush()
        state, last_seq = await replay_from_nearest(s, game, title, first)
        loaded = Loaded(game.version, last_seq, state, await q.top_seq(s, game.id) + 1)
        self.core.drafts.clear(game.id)
        outcome = await self.decide(s, game, title, loaded, seats, None, force=True)
        outcome.events.insert(0, Event(line))
        return outcome

    async def timers(
        self, s: AsyncSession, game: Game, prompts: list[Prompt]
    ) -> dict[str, tuple[datetime, dict[str, Any]]]:
        """The timers of the new decision of a running game, replacing its last ones. The
        reminder carries the seats asked, so it is checked without the state."""
        timers = {}
        core = self.core
        if core.reminder_after is not None:
            due = core.clock() + core.reminder_after
            timers[REMINDER] = (due, {"asked": sorted({p.seat for p in prompts})})
            core.wake_after_commit(s, due)
        for listener in self.on.timers:
            timers.update(await listener(s, game))
        return timers


def _values(result: Any, posted: tuple[int, int | None] | None) -> dict[str, Any]:
    """What the decision changes on the game row besides its version."""
    values: dict[str, Any] = {}
    if result is not None:
        values = {"status": "finished", "live_channel_id": None, "result": result_json(result)}
    if posted is not None and posted[1] is not None:
        values["turn_message_id"] = posted[1]  # the last post is the game's turn message
    return values


def _write_and_read(
    write: DecisionRows, game: Game, seats: list[Seat], away_now: list[AwayNow]
) -> Callable[[Session], dict[int, datetime]]:
    """The decision's statements, and who is away for its turn message, in one go (sync: one
    `run_sync`)."""
    people = [x.user_id for x in seats if x.user_id is not None and not x.is_bot]

    def write_and_read(sync: Session) -> dict[int, datetime]:
        write_decision(sync, write)
        away: dict[int, datetime] = {}
        for listener in away_now:
            away.update(listener(sync, game, people))
        return away

    return write_and_read


#: A move to log: seat, choice, person (None: an automatic player), events, undoable.
_Row = tuple[int, str, int | None, list[Event], bool]


def _logged(
    game: Game, version: int, loaded: Loaded, rows: list[_Row]
) -> tuple[list[dict[str, Any]], list[Event], int]:
    """The action rows of the moves, their events, and the last one's seq."""
    all_events: list[Event] = []
    seq, last_seq = loaded.next_seq, loaded.last_seq
    logged: list[dict[str, Any]] = []
    logged_at = utcnow()  # (given, not the column's default: see bot.db.prepared)
    for seat_no, choice_id, user_id, events, can_undo in rows:
        logged.append(
            {
                "game_id": game.id,
                "seq": seq,
                "seat_no": seat_no,
                "choice_id": choice_id,
                "user_id": user_id,
                "by_bot": user_id is None,
                "version": version,
                "events": [event_json(e) for e in events],
                "undoable": can_undo,
                "created_at": logged_at,
            }
        )
        all_events += events
        last_seq = seq
        seq += 1
    return logged, all_events, last_seq


def _encoded(title: Title | None, state: Any | None, encoded: bytes | None) -> bytes | None:
    if state is None or title is None:
        return None
    return encoded if encoded is not None else title.encode(state)


def _is_quiet(
    before: list[Prompt], after: list[Prompt], rows: list[_Row], move: Move | None
) -> bool:
    """A person confirmed their part of a simultaneous secret decision, and the others are
    still deciding: nothing public changed but the count of who has decided."""
    if move is None or len(rows) != 1 or not any(p.secret for p in before) or len(before) < 2:
        return False
    events = rows[0][3]
    left = {p.seat for p in after}
    return (
        not any(e.barrier for e in events)
        and bool(left)
        and left < {p.seat for p in before}
        and all(p.secret for p in after)
    )


def event_json(e: Event) -> dict[str, Any]:
    """A logged event: its text, plus `private_to` and `barrier` only when set (compact)."""
    out: dict[str, Any] = {"text": e.text}
    if e.private_to is not None:
        out["private_to"] = e.private_to
    if e.barrier:
        out["barrier"] = True
    return out

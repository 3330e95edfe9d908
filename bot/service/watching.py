"""Spectators: `/game watch|unwatch`, the Allow of an "ask" game, a moderator's change of the
game's spectators setting, and the reads the Discord layer needs to DM spectators after a
commit (the final standings; a followed player's move).

Nothing here touches a decision's transaction. Which games have followed players is kept in
memory (`follows`: loaded at start-up, kept current by every change made through this
process), so a decision in a game nobody follows costs no statement at all; the watchers are
read only when a game ends or a followed player moved."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot import catalog
from bot.db.models import Game, Watcher
from bot.errors import ServiceError
from bot.results import GameInfo
from bot.service import queries as q
from bot.service.core import Core
from bot.service.describe import describe_game
from bot.service.queries import watching as qw

OPEN, ASK, CLOSED = "open", "ask", "closed"
#: setting -> how the lobby and `/game status` say it.
SETTINGS: dict[str, str] = {
    OPEN: "open: anyone may `/game watch`",
    ASK: "ask: a player or a moderator allows each spectator",
    CLOSED: "closed: only moderators may watch",
}
LIVE = ("lobby", "running")

SEATED = "You play in this game, so you see it already; spectators are people outside it."
CLOSED_TEXT = "This game is closed to spectators. A moderator can open it with `/admin spectators`."
NO_REQUEST = "That request to watch was withdrawn or declined."
OVER = "That game is over, so there is nothing to watch any more."
WAITING = "Your request to watch is still waiting for a player's **Allow**."
ONLY_PLAYERS = "Only the players of this game or a moderator can answer a request to watch."


def parse_spectators(raw: str | None) -> str:
    """`open` (the default), `ask` or `closed`."""
    text = (raw or OPEN).strip().lower()
    if text not in SETTINGS:
        raise ServiceError(f"Spectators can be `open`, `ask` or `closed`, not `{raw}`.")
    return text


@dataclass(frozen=True)
class Watch:
    """One person's watching of one game, as `/game watch` and the Allow button leave it."""

    #: The row just made (or allowed): the Allow button's id carries it.
    id: int
    game_id: int
    channel_id: int
    guild_id: int | None
    title_name: str
    user_id: int
    #: The followed player (None: the game as a whole).
    player_id: int | None
    allowed: bool
    #: Was a request of this person's already waiting for an Allow (no second message then)?
    waiting_before: bool = False


class Watching:
    def __init__(self, core: Core) -> None:
        self.core = core

    #: game id -> the players followed in it (allowed rows only), for the games this process
    #: has seen; None until `load_watching` ran.
    _followed: dict[int, set[int]] | None = None

    # ------------------------------------------------------------------ in memory
    async def load_watching(self) -> None:
        """At start-up: which live games have followed players (one query)."""
        async with self.core.readers() as s:
            rows = await qw.followed_in_live_games(s, LIVE)
            followed: dict[int, set[int]] = {}
            for game_id, player_id in rows:
                followed.setdefault(game_id, set()).add(player_id)
        self._followed = followed

    def follows(self, game_id: int) -> bool:
        """Does anyone follow a player of this game? (In memory: no statement.)"""
        return bool(self._followed and self._followed.get(game_id))

    def forget_followed(self, game_id: int) -> None:
        if self._followed is not None:
            self._followed.pop(game_id, None)

    async def _refollow(self, s: AsyncSession, game_id: int) -> None:
        """Read again who is followed in this game (after a change, in its transaction)."""
        players = await qw.followed_players(s, game_id)
        if self._followed is None:
            self._followed = {}
        if players:
            self._followed[game_id] = players
        else:
            self._followed.pop(game_id, None)

    # ------------------------------------------------------------------ watching
    async def watch(
        self, channel_id: int, user_id: int, player_id: int | None = None, *, moderator: bool
    ) -> Watch:
        """Watch this channel's game (lobby or running), or also follow one of its players.
        Open: at once; ask: a request waits for an Allow (moderators at once); closed:
        moderators only. Seated players are refused."""
        game_id = await self.core.game_id(channel_id)
        async with self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            if game is None or game.status not in LIVE:
                raise ServiceError(OVER)
            seats = await q.holders(s, game_id)
            people = {x.user_id for x in seats if not x.is_bot and x.user_id is not None}
            if user_id in people:
                raise ServiceError(SEATED)
            if player_id is not None and player_id not in people:
                raise ServiceError(f"<@{player_id}> doesn't play in this game.")
            mine = await qw.rows_of(s, game_id, user_id)
            same = next((r for r in mine if r.player_id == player_id), None)
            if same is not None:
                if not same.allowed:
                    raise ServiceError(WAITING)
                if player_id is None:
                    raise ServiceError("You're already watching this game.")
                raise ServiceError(f"You already follow <@{player_id}> in this game.")
            setting = game.spectators or OPEN
            if setting == CLOSED and not moderator:
                raise ServiceError(CLOSED_TEXT)
            allowed_before = any(r.allowed for r in mine)
            allowed = setting == OPEN or moderator or allowed_before
            row = Watcher(game_id=game_id, user_id=user_id, player_id=player_id, allowed=allowed)
            s.add(row)
            try:
                await s.flush()
            except IntegrityError:  # the same request twice at once
                raise ServiceError("You're already watching this game.") from None
            if allowed and player_id is not None:
                await self._refollow(s, game_id)
            waiting = not allowed and any(not r.allowed for r in mine)
            return _watch(game, row, waiting)

    async def unwatch(self, channel_id: int, user_id: int, player_id: int | None = None) -> int:
        """Stop watching this channel's game (with `player_id`: stop following that player
        only); a waiting request is withdrawn. How many rows were removed."""
        game_id = await self.core.game_id(channel_id)
        async with self.core.tx(game_id) as s:
            gone = await qw.delete(s, game_id, user_id, player_id=player_id)
            if not gone:
                if player_id is not None:
                    raise ServiceError(f"You don't follow <@{player_id}> in this game.")
                raise ServiceError("You're not watching this game.")
            await self._refollow(s, game_id)
            return int(gone)

    async def allow_watcher(
        self, game_id: int, watcher_id: int, actor: int, *, moderator: bool
    ) -> Watch:
        """The Allow button of an "ask" request: a seated player or a moderator lets the person
        watch (every request of theirs in that game)."""
        async with self.core.tx(game_id) as s:
            game, row = await self._request(s, game_id, watcher_id, actor, moderator)
            await qw.allow(s, game.id, row.user_id)
            await self.core.audit(s, game, actor, "allow-spectator", f"<@{row.user_id}>")
            await self._refollow(s, game.id)
            return _watch(game, row, allowed=True)

    async def decline_watcher(
        self, game_id: int, watcher_id: int, actor: int, *, moderator: bool
    ) -> Watch:
        """The Decline button of an "ask" request: a seated player or a moderator turns it
        down (every waiting request of that person in that game is withdrawn; they may ask
        again)."""
        async with self.core.tx(game_id) as s:
            game, row = await self._request(s, game_id, watcher_id, actor, moderator)
            await qw.delete(s, game.id, row.user_id, waiting_only=True)
            await self.core.audit(s, game, actor, "decline-spectator", f"<@{row.user_id}>")
            return _watch(game, row, allowed=False)

    @staticmethod
    async def _request(
        s: AsyncSession, game_id: int, watcher_id: int, actor: int, moderator: bool
    ) -> tuple[Game, Watcher]:
        """The waiting request behind an Allow or Decline press, if `actor` may answer it."""
        row = await s.get(Watcher, watcher_id)
        if row is None or row.game_id != game_id:
            raise ServiceError(NO_REQUEST)
        game = await s.get(Game, row.game_id)
        if game is None or game.status not in LIVE:
            raise ServiceError(OVER)
        seats = await q.holders(s, game.id)
        if not moderator and not any(x.user_id == actor and not x.is_bot for x in seats):
            raise ServiceError(ONLY_PLAYERS)
        if row.allowed:
            raise ServiceError(f"<@{row.user_id}> may already watch this game.")
        return game, row

    async def set_spectators(
        self, channel_id: int, actor: int, setting: str
    ) -> tuple[GameInfo, int]:
        """A moderator's change of who may watch (audited). Closing stops everyone's watching
        (moderators may watch again); opening allows the waiting requests. Returns the game and
        how many people stopped watching."""
        setting = parse_spectators(setting)
        game_id = await self.core.game_id(channel_id)
        async with self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            assert game is not None
            before = game.spectators or OPEN
            stopped = 0
            if setting == CLOSED:
                stopped = await qw.watching_count(s, game_id)
                await qw.delete(s, game_id)
            elif setting == OPEN:
                await qw.allow(s, game_id)
            game.spectators = setting
            await self.core.audit(s, game, actor, "spectators", f"{before} -> {setting}")
            await s.flush()
            await self._refollow(s, game_id)
            return describe_game(game, await q.holders(s, game_id), None), stopped

    # ------------------------------------------------------------------ reads after a commit
    async def spectators_of(self, game_id: int) -> tuple[str, int, int]:
        """(setting, people watching, people waiting for an Allow), for `/game status`."""
        async with self.core.readers() as s:
            setting = await qw.spectators_setting(s, game_id)
            counts = await qw.counts(s, game_id)
        return setting or OPEN, counts.get(True, 0), counts.get(False, 0)

    async def spectators_at_end(self, game_id: int) -> list[int]:
        """Everyone allowed to watch this game (for the DM at its end), once it is over."""
        self.forget_followed(game_id)
        async with self.core.readers() as s:
            return await qw.allowed_people(s, game_id)

    async def followers_of_moves(
        self, game_id: int, after_version: int, upto_version: int
    ) -> dict[int, list[int]]:
        """Spectator -> the followed players who made a move committed in the versions
        (after_version, upto_version] (one statement)."""
        async with self.core.readers() as s:
            rows = await qw.followers_of_moves(s, game_id, after_version, upto_version)
        out: dict[int, list[int]] = {}
        for watcher, player in rows:
            out.setdefault(watcher, []).append(player)
        return {w: sorted(p) for w, p in out.items()}


def _watch(
    game: Game, row: Watcher, waiting: bool = False, *, allowed: bool | None = None
) -> Watch:
    title = catalog.title(game.title)
    return Watch(
        id=row.id,
        game_id=game.id,
        channel_id=game.channel_id,
        guild_id=game.guild_id,
        title_name=title.name if title else game.title,
        user_id=row.user_id,
        player_id=row.player_id,
        allowed=row.allowed if allowed is None else allowed,
        waiting_before=waiting,
    )

"""The reads and settings behind the table on the web (bot.web): who may see a game's page,
its public log, the key that signs the links, a person's link number, a server's switch.

The page's positions are the replay's (`Replay.replay_of`: the spectator view of the state
after a move) and the reader's own view is `Reading.hand_in_game`: nothing here reads a state
any other way, so a page shows what `/game replay` and "Show my hand" show, no more."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from bot.errors import ServiceError
from bot.results import GameInfo
from bot.service import queries as q
from bot.service.core import Core
from bot.service.export import Exports
from bot.service.queries import replay as qr
from bot.service.queries import web as qw
from bot.service.reading import Reading
from bot.service.replay import Replay, played_title

#: Games whose public log is kept (per version) between page views.
LOGS_KEPT = 256
OPEN, ASK, CLOSED = "open", "ask", "closed"


@dataclass(frozen=True)
class LoggedMove:
    """One live move of the public log (seat and person None while its secret round runs)."""

    move: int
    seat_no: int | None
    user_id: int | None
    lines: tuple[str, ...]


@dataclass(frozen=True)
class WebLog:
    version: int
    moves: tuple[LoggedMove, ...]


@dataclass(frozen=True)
class WebGame:
    """A game as its page's gate sees it: what it is now, and whether its server serves pages."""

    info: GameInfo
    pages_on: bool

    def seated(self, user_id: int) -> bool:
        """Does (or did, once it is over) the person hold a seat?"""
        return any(h.user_id == user_id or h.was_user_id == user_id for h in self.info.holders)


class WebTables:
    def __init__(self, core: Core, replay: Replay, exports: Exports, reading: Reading) -> None:
        self.core = core
        self.replay = replay
        self.exports = exports
        self.reading = reading
        self._logs: OrderedDict[int, WebLog] = OrderedDict()

    async def web_key(self) -> bytes:
        """The key that signs the web links (made on first use, shared by every process)."""
        async with self.core.tx() as s:
            return await qw.make_key(s)

    async def web_game(self, game_id: int) -> WebGame | None:
        """The game now (None: there is no such game)."""
        try:
            info = await self.reading.game_info(game_id)
        except ServiceError:
            return None
        async with self.core.reading() as c:
            on = await qw.pages_on(c, info.guild_id)
        return WebGame(info, on)

    async def web_pages_off(self) -> set[int]:
        """The servers whose game pages are turned off (read once at start-up: the turn posts
        leave out their "Open the table" link)."""
        async with self.core.reading() as c:
            return await qw.guilds_off(c)

    async def may_watch(self, game_id: int, user_id: int) -> bool:
        """May a person outside the game watch it (open, or let in to an `ask` game)?"""
        async with self.core.reading() as c:
            setting = await qw.spectators(c, game_id) or OPEN
            if setting == OPEN:
                return True
            return setting == ASK and await qw.may_watch(c, game_id, user_id)

    async def web_log(self, game_id: int, version: int) -> WebLog:
        """The game's public log as of `version` (kept until the game moves on)."""
        kept = self._logs.get(game_id)
        if kept is not None and kept.version == version:
            self._logs.move_to_end(game_id)
            return kept
        async with self.core.cold_reading() as c:
            game, _ = await q.game_and_holders(c, game_id)
            if game is None:
                raise ServiceError("That game doesn't exist any more.")
            title = played_title(game)
            actions = await qr.logged_moves(c, game.id)
            seqs = [a.seq for a in actions]
            final = await self.replay.state_after(c, game, title, seqs, len(seqs))
            hidden = await self.exports.unrevealed(c, game, title, seqs, final, actions)
        moves = tuple(
            LoggedMove(
                n,
                None if n in hidden else a.seat_no,
                None if n in hidden else a.user_id,
                tuple(e["text"] for e in a.events or [] if e.get("private_to") is None),
            )
            for n, a in enumerate(actions, 1)
        )
        log = WebLog(game.version, moves)
        self._logs[game_id] = log
        while len(self._logs) > LOGS_KEPT:
            self._logs.popitem(last=False)
        return log

    async def web_news(self, game_id: int) -> dict[str, int | str] | None:
        """What a live page is told when its game moves on: the version, the number of moves
        and the status (two small reads: no log, no state)."""
        async with self.core.reading() as c:
            found = await qw.news(c, game_id)
        if found is None:
            return None
        version, status, total = found
        return {"version": version, "total": total, "status": status}

    async def web_links(self, user_id: int) -> int:
        """The number the person's personal links carry now."""
        async with self.core.reading() as c:
            return await qw.links_of(c, user_id)

    async def revoke_web_links(self, user_id: int) -> int:
        """End every personal link the person was given; the number new ones carry."""
        async with self.core.tx() as s:
            links = await qw.advance_links(s, user_id)
            await self.core.audit(s, None, user_id, "web-revoke", str(links))
            return links

    async def set_web_pages(self, guild_id: int, actor: int, on: bool) -> None:
        """Turn the server's game pages on or off (`/admin web`)."""
        async with self.core.tx() as s:
            await qw.set_pages(s, guild_id, on)
            await self.core.audit(s, None, actor, "web-pages", "on" if on else "off")

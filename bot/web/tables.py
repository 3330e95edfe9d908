"""A table page's data (`TablePage`) from the game service, and the boards it shows.

Positions come from the replay (`replay_of`: the spectator view after a move, its board drawn
by the render workers) and are kept per (game, version, move): a position of a version never
changes, so fifty people refreshing a page cost one drawing. The reader's own view comes from
`hand_in_game`, only on a personal page of a seated person."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot import catalog
from bot.results import GameInfo, SeatInfo
from bot.service import GameService
from bot.service.clock_rules import span
from bot.service.replay import Frame
from bot.service.web_tables import WebLog
from bot.web.model import LogEntry, Mine, Player, TablePage
from render.core import RenderedImage

#: Positions (with their boards) and personal images kept between requests.
FRAMES_KEPT = 48
HANDS_KEPT = 64
BOT_NAME = "Automatic player"

#: (guild id, user id) -> the name the page shows for a person.
Names = Callable[[int | None, int], str]


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


K = TypeVar("K")
V = TypeVar("V")


class _Kept(Generic[K, V]):
    """A small least-recently-used store."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)


@dataclass(frozen=True)
class Reader:
    """Who reads a page: a personal link's person (None: a public link)."""

    user_id: int | None = None
    #: The person holds a seat: their own view is shown.
    seated: bool = False


class Tables:
    def __init__(self, service: GameService, public_url: str, names: Names) -> None:
        self.service = service
        self.public_url = public_url
        self.names = names
        self._frames: _Kept[tuple[int, int, int], Frame] = _Kept(FRAMES_KEPT)
        self._latest: _Kept[tuple[int, int], int] = _Kept(FRAMES_KEPT)
        self._previews: _Kept[tuple[int, int, int], RenderedImage] = _Kept(FRAMES_KEPT)
        self._hands: _Kept[tuple[int, int, int], tuple[str, RenderedImage | None]] = _Kept(
            HANDS_KEPT
        )

    async def frame(self, game_id: int, version: int, move: int | None) -> Frame:
        """The position after `move` (None: the latest) as of `version`."""
        if move is None:  # the latest: its number, once known for this version
            move = self._latest.get((game_id, version))
        if move is not None:
            kept = self._frames.get((game_id, version, move))
            if kept is not None:
                return kept
        frame = await self.service.replay_of(game_id, move)
        if frame.game.version == version or move is None:
            self._frames.put((game_id, frame.game.version, frame.move), frame)
            self._latest.put((game_id, frame.game.version), frame.total)
        return frame

    async def preview(self, game_id: int, version: int, move: int) -> RenderedImage:
        """The position drawn as the turn post draws it (landscape, shaped for Discord's
        frames): the picture of a link preview (Open Graph)."""
        key = (game_id, version, move)
        kept = self._previews.get(key)
        if kept is None:
            frame = await self.frame(game_id, version, move)
            kept = await catalog.draw_turn_async(frame.game.title, frame.state)
            self._previews.put(key, kept)
        return kept

    async def hand(self, info: GameInfo, user_id: int) -> tuple[str, RenderedImage | None]:
        key = (info.id, info.version, user_id)
        kept = self._hands.get(key)
        if kept is None:
            kept = await self.service.hand_in_game(info.id, user_id)
            self._hands.put(key, kept)
        return kept

    async def page(self, base: str, info: GameInfo, move: int | None, reader: Reader) -> TablePage:
        """The page of `info`'s game (as it is now) at `move` (None: the latest)."""
        frame = await self.frame(info.id, info.version, move)
        log = await self.service.web_log(info.id, info.version)
        width, height = png_size(frame.image.data)
        board = f"{base}/{info.version}-{frame.move}/board.png"
        mine = None
        if reader.seated and reader.user_id is not None and info.status == "running":
            mine = await self._mine(base, info, reader.user_id)
        title = catalog.title(info.title)
        text_board = title.board_text(frame.view) if title is not None else None
        return TablePage(
            base=base,
            page_url=f"{self.public_url}{base}/{frame.move}",
            title_name=info.title_name,
            game_id=info.id,
            move=frame.move,
            total=frame.total,
            status=info.status,
            status_line=frame.status_line,
            headline=self.headline(info),
            players=tuple(self._player(info, h, reader) for h in info.holders),
            log=self._log(info, log),
            image_url=board,
            image_alt=frame.image.description,
            image_width=width,
            image_height=height,
            og_image=f"{self.public_url}{base}/{info.version}-{frame.move}/preview.png",
            text_board=text_board,
            mine=mine,
        )

    async def _mine(self, base: str, info: GameInfo, user_id: int) -> Mine:
        text, image = await self.hand(info, user_id)
        return Mine(
            text=text,
            image_url=f"{base}/{info.version}/mine.png" if image is not None else None,
            image_alt=image.description if image is not None else "",
            note="As it is now, at the latest position: only you see this.",
        )

    def name(self, info: GameInfo, holder: SeatInfo) -> str:
        if holder.is_bot or holder.user_id is None:
            return BOT_NAME
        return self.names(info.guild_id, holder.user_id)

    def who(self, info: GameInfo, seat: SeatInfo) -> str:
        return f"{seat.label} ({self.name(info, seat)})"

    def headline(self, info: GameInfo) -> str:
        """Whose turn it is, or how the game ended."""
        if info.status == "finished":
            result = info.result
            if result is None or not result.ranking:
                return "The game is over."
            firsts = [info.holder(n) for n in result.ranking if result.places.get(n) == 1]
            names = " and ".join(self.who(info, h) for h in firsts if h is not None)
            return f"The game is over: {names} won." if names else "The game is over."
        if info.status != "running":
            return "The game has not started yet."
        if info.paused:
            return "The game is paused: no clock runs."
        if not info.waiting:
            return "The game goes on."
        return "Waiting for " + ", ".join(self.who(info, w) for w in info.waiting) + "."

    def _player(self, info: GameInfo, holder: SeatInfo, reader: Reader) -> Player:
        result = info.result
        score = str(result.scores.get(holder.seat_no, "")) if result is not None else ""
        clock = ""
        if holder.seat_no in info.clocks:
            secs, running = info.clocks[holder.seat_no]
            clock = f"{span(secs)} left" + (", running" if running else "")
        return Player(
            label=holder.label,
            name=self.name(info, holder),
            score=score,
            waiting=any(w.seat_no == holder.seat_no for w in info.waiting),
            clock=clock,
            you=reader.user_id is not None and holder.user_id == reader.user_id,
        )

    def _log(self, info: GameInfo, log: WebLog) -> tuple[LogEntry, ...]:
        labels = {h.seat_no: h for h in info.holders}
        entries = []
        for m in log.moves:
            seat = labels.get(m.seat_no) if m.seat_no is not None else None
            who = ""
            if seat is not None:
                name = BOT_NAME if m.user_id is None else self.names(info.guild_id, m.user_id)
                who = f"{seat.label} ({name})"
            entries.append(LogEntry(m.move, who, m.lines))
        return tuple(entries)

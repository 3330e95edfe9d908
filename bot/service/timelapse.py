"""The timelapse of a finished game, the service side: what it is built from, and the durable
record that it is owed (a `deliveries` row of kind "timelapse").

The timelapse is best-effort and at most once; the final standings are never held up by it:

1. the final message is posted like any turn message (its own durable delivery);
2. `owe_timelapse`: ONE transaction marks the final message delivered and records the
   timelapse owed. So from here on the final message is never posted again (a restart does
   not repair it), and a crash while the timelapse is being built leaves it owed: start-up
   builds it (`owed_timelapses`);
3. `claim_timelapse` deletes the row just before posting; only the claimer posts, so there
   is never a second post (another process, or a restart). A crash between the claim and the
   post loses the timelapse: that is the price of never posting it twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.db.models import Delivery, Game
from bot.service.core import Core
from bot.service.queries import replay as qr
from bot.service.queries.decision import mark_delivered
from bot.timelapse import Spec


class Served(Protocol):
    """What these take: the game service (its core)."""

    core: Core


#: The `deliveries.kind` of an owed timelapse.
TIMELAPSE = "timelapse"


@dataclass(frozen=True)
class FinishedGame:
    """A finished game, as its timelapse needs it."""

    game_id: int
    version: int
    channel_id: int
    #: The final standings message (the game's last turn message), when known.
    final_message_id: int | None
    title: str
    spec: Spec


async def owe_timelapse(
    service: Served, game_id: int, version: int, message_id: int | None
) -> None:
    """The final message of `version` is posted (as `message_id`): mark it delivered and owe
    its timelapse, in one transaction (owing it twice is owing it once)."""
    async with service.core.tx(game_id) as s:
        await mark_delivered(s, [(game_id, version, message_id)])
        found = await qr.owed_id(s, game_id, version, TIMELAPSE)
        if found is None:
            s.add(Delivery(game_id=game_id, version=version, kind=TIMELAPSE, prefix=""))


async def claim_timelapse(service: Served, game_id: int, version: int) -> bool:
    """Take the owed timelapse off the table: True for exactly one caller, who posts it."""
    async with service.core.tx(game_id) as s:
        return await qr.drop_owed(s, game_id, version, TIMELAPSE)


async def owed_timelapses(service: Served, limit: int = 100) -> list[tuple[int, int]]:
    """(game id, version) of every timelapse still owed, oldest first."""
    async with service.core.cold() as s:
        return await qr.owed_of_kind(s, TIMELAPSE, service.core.shards, limit)


async def finished_game(service: Served, game_id: int) -> FinishedGame | None:
    """The finished game and its log (None: no such finished game)."""
    async with service.core.cold() as s:
        game = await s.get(Game, game_id)
        if game is None or game.status != "finished":
            return None
        moves = await qr.live_choices(s, game_id)
        spec = Spec(game.title, game.seed, game.seats, dict(game.options or {}), moves)
        return FinishedGame(
            game.id, game.version, game.channel_id, game.turn_message_id, game.title, spec
        )

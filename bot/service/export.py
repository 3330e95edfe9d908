"""A game's seed-free public record (`/game export`), and regression fixtures (the record plus
what a replay needs: the seed).

The record holds the title, rules version, options, who held each seat, and every live move with
its public log lines: never a private line, never the seed. A move made on a secret menu whose
round has not been revealed yet (the confirmations of a simultaneous secret decision still under
way, in a running game) is exported without its choice, seat or player (`"hidden": true`): its
choice id would tell the plan, and nobody was shown who had decided. Every other choice id is public: a move on an open menu was
chosen in view of all, and a secret one is revealed at the end of its round."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from bot.db.models import Game
from bot.errors import ServiceError
from bot.service import queries as q
from bot.service.core import Core
from bot.service.queries import replay as qr
from bot.service.replay import Replay, played_game_id, played_title, still_secret
from engine.core import Title

#: The record's format, for readers of exported files.
FORMAT = "boardroom.public-record"
FORMAT_VERSION = 1
ONLY_FINISHED = (
    "Only finished games can be exported: a moderator can export a running one (its hidden "
    "information stays hidden)."
)
ONLY_MODERATORS_ENDED = (
    "This game was stopped before its end: only a moderator can export it (its hidden "
    "information stays hidden)."
)


@dataclass(frozen=True)
class Export:
    game_id: int
    title_name: str
    status: str
    filename: str
    data: bytes
    #: Moves whose choice is left out (secret, not revealed yet).
    hidden: int


def _iso(when: datetime | None) -> str | None:
    if when is None:
        return None
    return (when if when.tzinfo is not None else when.replace(tzinfo=UTC)).isoformat()


class Exports:
    def __init__(self, core: Core, replay: Replay) -> None:
        self.core = core
        self.replay = replay

    async def export(self, channel_id: int, *, moderator: bool = False) -> Export:
        """The public record of the channel's game (running, else the newest played here)."""
        async with self.core.cold_reading() as c:
            game_id = await played_game_id(c, channel_id)
        return await self.export_of(game_id, moderator=moderator)

    async def export_of(self, game_id: int, *, moderator: bool = False) -> Export:
        record = await self.public_record(game_id, moderator=moderator)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        hidden = sum(1 for m in record["moves"] if m.get("hidden"))
        return Export(
            game_id,
            record["title_name"],
            record["status"],
            f"{record['title']}-game-{game_id}.json",
            data,
            hidden,
        )

    async def fixture(self, game_id: int) -> dict[str, Any]:
        """A finished game as a regression fixture: its public record and its seed."""
        record = await self.public_record(game_id, moderator=True)
        if record["status"] != "finished":
            raise ServiceError("Only a finished game can be a fixture.")
        async with self.core.cold_reading() as c:
            seed = await qr.seed_of(c, game_id)
        assert seed is not None  # public_record found the game
        return {**record, "seed": int(seed)}

    async def public_record(self, game_id: int, *, moderator: bool = False) -> dict[str, Any]:
        async with self.core.cold_reading() as c:
            game, _ = await q.game_and_holders(c, game_id)
            title = played_title(game)
            assert game is not None
            if game.status != "finished" and not moderator:
                raise ServiceError(
                    ONLY_FINISHED if game.status == "running" else ONLY_MODERATORS_ENDED
                )
            actions = await qr.logged_moves(c, game.id)
            seqs = [a.seq for a in actions]
            self.replay.replay_states.put_seqs(game.id, game.version, seqs)
            final = await self.replay.state_after(c, game, title, seqs, len(seqs))
            hidden = await self.unrevealed(c, game, title, seqs, final, actions)
            tenures = await qr.seat_rows(c, game.id)
        moves = []
        for n, a in enumerate(actions, 1):
            secret = n in hidden  # who decided, and what, stays hidden with it
            move: dict[str, Any] = {
                "move": n,
                "seat": None if secret else a.seat_no,
                "by": None if secret else str(a.user_id) if a.user_id is not None else "automatic",
                "version": a.version,
                "at": _iso(a.created_at),
                "choice": None if secret else a.choice_id,
                "log": [e["text"] for e in a.events or [] if e.get("private_to") is None],
            }
            if secret:
                move["hidden"] = True
            moves.append(move)
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game_id": game.id,
            "title": game.title,
            "title_name": title.name,
            "rules_version": game.rules_version,
            "options": dict(game.options or {}),
            "status": game.status,
            "created_at": _iso(game.created_at),
            "finished_at": _iso(game.updated_at) if game.status == "finished" else None,
            "seat_count": game.seats,
            "seats": _seats(title, final, game.seats, tenures),
            "moves": moves,
            "result": game.result if game.status == "finished" else None,
        }

    async def unrevealed(
        self,
        c: AsyncConnection,
        game: Game,
        title: Title,
        seqs: list[int],
        final: Any,
        actions: Sequence[Any],
    ) -> set[int]:
        """The moves (numbers) of a secret round still under way: the newest confirmations
        that revealed nothing. None once the game is finished (every round revealed)."""
        hidden: set[int] = set()
        after = title.prompts(final)
        pos = len(actions)
        while pos > 0 and after:
            before_state = await self.replay.state_after(c, game, title, seqs, pos - 1)
            before = title.prompts(before_state)
            a = actions[pos - 1]
            if not still_secret(before, after, a.seat_no, a.events or []):
                break
            hidden.add(pos)
            after, pos = before, pos - 1
        return hidden


def _seats(title: Title, state: Any, count: int, tenures: Sequence[Any]) -> list[dict[str, Any]]:
    """Each seat, how the game calls it, and every tenure that held it once the game ran."""
    out: list[dict[str, Any]] = [
        {"seat": n, "label": title.seat_label(state, n), "holders": []} for n in range(count)
    ]
    for t in tenures:
        if not 0 <= t.seat_no < count:
            continue
        if t.until_version is not None and t.until_version <= max(t.since_version, 0):
            continue  # left the lobby, or held no version at all
        holder: dict[str, Any] = {
            "by": "automatic" if t.is_bot or t.user_id is None else str(t.user_id),
            "from_version": t.since_version,
            "until_version": t.until_version,
        }
        if t.stand_in_for is not None:
            holder["standing_in_for"] = str(t.stand_in_for)
        out[t.seat_no]["holders"].append(holder)
    return out

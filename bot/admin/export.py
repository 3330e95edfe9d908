"""`boardroom-admin export GAME_ID [--out FILE]`: a game's moderator export, the JSON file
`/game export` hands a moderator (`GameService.export_of(game_id, moderator=True)`): every move
with its public log lines, no seed, no private line, and the secret moves of a decision still
under way without their choice."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO, TextIO

from sqlalchemy import select

from bot.admin.database import Database
from bot.db.models import Game
from bot.errors import ServiceError

GAMES = Game.__table__


async def check_exported(db: Database, game_id: int) -> None:
    """Refuse a game that does not exist, or has not started, in words for the operator."""
    async with db.engine.connect() as conn:
        status = await conn.scalar(select(GAMES.c.status).where(GAMES.c.id == game_id))
    if status is None:
        raise ServiceError(f"there is no game {game_id} in {db.shown}")
    if status == "lobby":
        raise ServiceError(f"game {game_id} is still in its lobby: there is nothing to export yet")


async def run(db: Database, game_id: int, out_file: Path | None, out: TextIO) -> int:
    await check_exported(db, game_id)
    done = await db.service().export_of(game_id, moderator=True)
    if out_file is None:
        _write_bytes(out, done.data + b"\n")
        return 0
    try:
        out_file.write_bytes(done.data + b"\n")
    except OSError as exc:
        raise ServiceError(f"cannot write {out_file}: {exc.strerror or exc}") from None
    hidden = f", {done.hidden} secret moves left out" if done.hidden else ""
    print(
        f"wrote the export of game {game_id} ({done.title_name}, {done.status}{hidden}) "
        f"to {out_file}",
        file=out,
    )
    return 0


def _write_bytes(out: TextIO, data: bytes) -> None:
    """UTF-8 JSON to a text stream, whatever its encoding (the bytes under it when it has)."""
    buffer: BinaryIO | None = getattr(out, "buffer", None)
    if buffer is None:
        out.write(data.decode())
        return
    out.flush()
    buffer.write(data)
    buffer.flush()

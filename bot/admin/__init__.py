"""`boardroom-admin` (also `python -m bot.admin`): maintenance commands for the person running
the bot, on the bot's own database and settings (`DATABASE_URL`, `EXTRA_TITLES`, ... from the
environment and `.env`). None of them starts the render pool or contacts Discord.

    migrate                     bring the database to the newest schema
    stalled [--days N]          running games nobody moved in for N days
    export GAME_ID [--out FILE] a game's moderator export (JSON)
    vacuum [--dry-run]          drop the snapshots no longer needed, then VACUUM
    verify [--game ID]          replay each log from setup against its newest snapshot

Exit codes: 0 done; 1 the command found a problem or was refused (an unknown game, a
mismatch); `bot.startup.EXIT_CODE` a bad setting or an unusable database (one line, never a
traceback)."""

from __future__ import annotations

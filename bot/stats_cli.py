"""Rebuild the statistics (`/stats`) from every game that is over, in the order they ended:

    python -m bot.local recompute-stats [--db URL]

The same code writes a game's rows when it ends (bot.db.stat_rows), so this changes nothing
unless the rules of who counts, or the ratings, changed. It holds the database's writes while
it runs (a few seconds for 10,000 games): best while the bot is stopped."""

from __future__ import annotations

import argparse
import time
from typing import TextIO

from bot import logs
from bot.app import build
from bot.config import load_settings


async def amain(argv: list[str], stdout: TextIO) -> int:
    p = argparse.ArgumentParser(prog="python -m bot.local recompute-stats")
    p.add_argument("--db", default=None, help="database URL (default: DATABASE_URL)")
    args = p.parse_args(argv)
    logs.setup("WARNING", "text")
    url = {"database_url": args.db} if args.db else {}
    settings = load_settings(render_workers=0, **url)  # draws nothing
    app = await build(settings)
    try:
        t0 = time.perf_counter()
        rows, rated = await app.service.recompute_stats()
        ms = (time.perf_counter() - t0) * 1000
        print(f"Statistics rebuilt: {rows} rows, {rated} rated games, in {ms:.0f} ms.", file=stdout)
    finally:
        await app.close()
    return 0

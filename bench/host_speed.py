"""The host's own costs on a real SQLite file: replaying a 500-action log, loading an idle game.

    python -m bench.host_speed [--title tidewater] [--actions 500]

Target (issue 2): replaying a 500-action log under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import select

from bot.app import build
from bot.config import Settings
from bot.db.models import Action, Game

CHANNEL, PLAYER = 1, 1


async def run(title: str, actions: int, repeats: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = await build(Settings(database_url=f"sqlite+aiosqlite:///{Path(tmp) / 'b.db'}"))
        svc = app.service
        await svc.create(
            guild_id=None,
            channel_id=CHANNEL,
            user_id=PLAYER,
            title_slug=title,
            seats=4,
            bots=3,
            seed=5,
        )
        await svc.start(CHANNEL, PLAYER)
        # Give the last seat to the automatic player too, but stop it after `actions` moves by
        # letting it play the whole game and then measuring a replay of the first N actions.
        t0 = time.perf_counter()
        seat = (await svc.status(CHANNEL)).seat_of(PLAYER)
        outcome = await svc.admin_seat_to(CHANNEL, PLAYER, seat.seat_no, None, "bot")
        played = time.perf_counter() - t0
        game_id = outcome.game.id
        async with app.service._sessions() as s:
            game = await s.get(Game, game_id)
            title_obj = svc._title(game)
            rows = list(
                await s.scalars(
                    select(Action)
                    .where(Action.game_id == game_id)
                    .order_by(Action.seq)
                    .limit(actions)
                )
            )
        n = len(rows)
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            state = title_obj.setup(game.seed, game.seats, dict(game.options))
            for a in rows:
                title_obj.apply(state, a.seat_no, a.choice_id)
            times.append((time.perf_counter() - t0) * 1000)
        full = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            ok = await svc.replay_matches_snapshot(game_id)
            full.append((time.perf_counter() - t0) * 1000)
            assert ok
        loads = []
        for _ in range(repeats):
            svc._cache.clear()
            t0 = time.perf_counter()
            await svc.game_info(game_id)
            loads.append((time.perf_counter() - t0) * 1000)
        print(
            f"{title}: a whole 4-seat game through the service (one commit per action): "
            f"{played:.2f} s for {outcome.game.version - 1} actions "
            f"({played / max(1, outcome.game.version - 1) * 1000:.2f} ms per committed action)"
        )
        print(
            f"  replay of the first {n} actions (setup + apply): median "
            f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms"
        )
        print(
            f"  whole log read from SQLite and replayed, compared with the snapshot: median "
            f"{statistics.median(full):.1f} ms"
        )
        print(
            f"  idle game loaded from its latest snapshot (cold cache): median "
            f"{statistics.median(loads):.2f} ms"
        )
        await app.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--title", default="tidewater")
    p.add_argument("--actions", type=int, default=500)
    p.add_argument("--repeats", type=int, default=10)
    args = p.parse_args()
    asyncio.run(run(args.title, args.actions, args.repeats))


if __name__ == "__main__":
    main()

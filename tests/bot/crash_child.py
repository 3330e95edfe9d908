"""A process that plays a Bazaar game (one person, two automatic players) on a SQLite file and
is killed with SIGKILL inside the K-th automatic move: `python -m tests.bot.crash_child DB K`.
Used by test_crash_in_bot_chain; never imported by the bot."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from bot import catalog
from bot.db.engine import make_engine, migrate, sessionmaker
from bot.results import Step
from bot.service import GameService
from bot.service.drafts import fingerprint
from engine.core import BACK
from engine.rng import Rng

PERSON, CHANNEL = 7, 70


async def main(db: str, kill_at: int) -> None:
    catalog.load(["tests.titles.bazaar:TITLE"], ["tests.titles.bazaar_render:RENDERER"])
    title = catalog.title("bazaar")
    assert title is not None
    calls = 0
    real = title.bot_choice

    def dying_bot_choice(state, seat, rng):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        if calls == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(state, seat, rng)

    title.bot_choice = dying_bot_choice  # type: ignore[method-assign]
    engine = make_engine(f"sqlite+inline:///{db}")
    await migrate(engine)
    svc = GameService(sessionmaker(engine))
    await svc.create(
        guild_id=1,
        channel_id=CHANNEL,
        user_id=PERSON,
        title_slug="bazaar",
        seats=3,
        bots=2,
        seed=5,
        options={"rounds": "3"},
    )
    out = await svc.start(CHANNEL, PERSON)
    rng = Rng.from_seed(kill_at)
    while out.result is not None or out.prompts:
        if out.result is not None:
            break
        done = await svc.act(
            CHANNEL, PERSON, rng.choice(out.prompts[0].choices).id, out.game.version
        )
        while isinstance(done, Step):
            pick = rng.choice([c for c in done.prompt.choices if c.id != BACK]).id
            done = await svc.act_in_game(done.game.id, PERSON, pick, menu=fingerprint(done.prompt))
        out = done
    print("finished without being killed", calls)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))

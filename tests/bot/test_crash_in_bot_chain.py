"""One decision is one transaction, automatic players' moves included: a process killed with
SIGKILL at any point of a chain of automatic moves leaves the game exactly as the last committed
decision left it, never waiting on an automatic player; the restart plays on."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import select

from bot import catalog
from bot.db.engine import make_engine, migrate, sessionmaker
from bot.db.models import Action, Game, Seat
from bot.service import GameService

ROOT = Path(__file__).parents[2]


def _run_child(db: Path, kill_at: int) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tests.bot.crash_child", str(db), str(kill_at)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


#: The automatic moves of the child's whole game (three rounds: a bid and a turn each, two bots).
BOT_MOVES = 12


@pytest.mark.parametrize("kill_at", range(1, BOT_MOVES + 1))
async def test_sigkill_inside_a_bot_chain_loses_nothing_and_leaves_no_wait(tmp_path, kill_at):
    db = tmp_path / "crash.db"
    child = _run_child(db, kill_at)
    assert child.returncode == -9, (child.returncode, child.stdout, child.stderr[-2000:])
    catalog.load(["tests.titles.bazaar:TITLE"], ["tests.titles.bazaar_render:RENDERER"])
    engine = make_engine(f"sqlite+inline:///{db}")
    await migrate(engine)
    svc = GameService(sessionmaker(engine))
    async with sessionmaker(engine)() as s:
        game = await s.scalar(select(Game))
        if game is None:  # killed before the lobby was even written: nothing to check
            await engine.dispose()
            return
        bots = set(await s.scalars(select(Seat.seat_no).where(Seat.is_bot.is_(True))))
        versions = list(await s.scalars(select(Action.version).order_by(Action.seq)))
    assert versions == sorted(versions)  # every stored action belongs to a whole decision
    if game.status == "running":
        info = await svc.game_info(game.id)
        assert info.version == game.version
        waiting = {w.seat_no for w in info.waiting}
        assert waiting and not waiting & bots, "the game waits on an automatic player"
    assert await svc.replay_matches_snapshot(game.id)
    assert await svc.resume_bots() == 0  # nothing to repair
    await engine.dispose()


def test_the_child_plays_to_the_end_when_not_killed(tmp_path):
    child = _run_child(tmp_path / "whole.db", 10**9)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.split() == ["finished", "without", "being", "killed", str(BOT_MOVES)]

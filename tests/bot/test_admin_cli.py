"""`boardroom-admin` on a real SQLite file, through its real entry `main(argv)` (run in a thread:
it has its own event loop) and as a process (`python -m bot.admin`, the installed script):
migrate, stalled, export, vacuum, verify, and the one-line refusals (a bad setting, an unusable
database, an unknown game)."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import msgspec
import pytest
from sqlalchemy import delete, func, insert, select, text, update

from bot import catalog
from bot.admin.__main__ import main
from bot.config import Settings
from bot.db.engine import alembic_config, head_revision, make_engine, migrate, sessionmaker
from bot.db.models import Action, Game, GuildSettings, Snapshot, utcnow
from bot.service import GameService
from bot.startup import EXIT_CODE
from engine.rng import Rng
from tests.bot.test_service import ANA, BEN, CAL, DEE, MOD, play_one
from tests.conftest import TEST_RENDERERS, TEST_TITLES
from tests.pycache import cache_compiled

ROOT = Path(__file__).resolve().parents[2]
KEYS = [name.upper() for name in Settings.model_fields]
GUILD, OTHER_GUILD = 1, 2
CHAN, RUN_CHAN, LOBBY_CHAN, SPARE_CHAN = 100, 200, 300, 400
#: A snapshot checkpoint every this many actions (instead of 100), so games have several.
EVERY = 5


# ----------------------------------------------------------------------------- helpers
@pytest.fixture
def url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The settings of a fresh installation: no .env, the test title, DATABASE_URL a file in
    tmp_path (not created yet)."""
    monkeypatch.chdir(tmp_path)
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    db = f"sqlite+inline:///{tmp_path / 'boardroom.db'}"
    monkeypatch.setenv("DATABASE_URL", db)
    monkeypatch.setenv("EXTRA_TITLES", ",".join(TEST_TITLES))
    monkeypatch.setenv("EXTRA_RENDERERS", ",".join(TEST_RENDERERS))
    monkeypatch.setattr("bot.service.decision.SNAPSHOT_EVERY", EVERY)
    return db


async def admin(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `boardroom-admin ARGV`."""
    capsys.readouterr()
    code = await asyncio.to_thread(main, list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@asynccontextmanager
async def service_on(db: str) -> AsyncIterator[GameService]:
    """A fresh game service on the database (nothing cached from before)."""
    catalog.load(TEST_TITLES, TEST_RENDERERS)
    engine = make_engine(db)
    await migrate(engine)
    try:
        yield GameService(sessionmaker(engine))
    finally:
        await engine.dispose()


async def start(svc: GameService, channel: int, players: tuple[int, ...], **kw: object):
    await svc.create(
        guild_id=kw.pop("guild", GUILD),
        channel_id=channel,
        user_id=players[0],
        title_slug="bazaar",
        seats=len(players),
        **kw,
    )
    for p in players[1:]:
        await svc.join(channel, p)
    return await svc.start(channel, players[0])


async def finish(svc: GameService, out, channel: int, seed: int = 1):  # type: ignore[no-untyped-def]
    """Play the channel's game to its end (random legal moves)."""
    rng = Rng.from_seed(seed)
    while out.result is None:
        out = await play_one(svc, out, rng, channel=channel)
    return out


@dataclass
class Played:
    finished: int
    running: int


async def play_games(db: str) -> Played:
    """A finished four-player game (several checkpoints), and a running one past a checkpoint."""
    async with service_on(db) as svc:
        out = await start(svc, CHAN, (ANA, BEN, CAL, DEE), options="rounds=4", seed=5)
        finished = (await finish(svc, out, CHAN)).game.id
        out = await start(svc, RUN_CHAN, (ANA, BEN), seed=6)
        rng = Rng.from_seed(2)
        for _ in range(3 * EVERY // 2):
            out = await play_one(svc, out, rng, channel=RUN_CHAN)
        assert out.game.status == "running"
        return Played(finished, out.game.id)


async def run_sql(db: str, *statements) -> list:  # type: ignore[no-untyped-def]
    engine = make_engine(db)
    try:
        async with engine.begin() as conn:
            return [await conn.execute(st) for st in statements]
    finally:
        await engine.dispose()


async def snapshots(db: str, game_id: int) -> list[tuple[int, bool]]:
    """The game's snapshots: (version, checkpoint), oldest first."""
    engine = make_engine(db)
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(
                select(Snapshot.version, Snapshot.checkpoint)
                .where(Snapshot.game_id == game_id)
                .order_by(Snapshot.version)
            )
            return [(v, bool(c)) for v, c in rows]
    finally:
        await engine.dispose()


def clean_env(db: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in KEYS}
    env.update(
        PYTHONPATH=str(ROOT),
        DATABASE_URL=db,
        EXTRA_TITLES=",".join(TEST_TITLES),
    )
    env.update(extra)
    return cache_compiled(env)


# ----------------------------------------------------------------------------- migrate
@pytest.mark.parametrize("file", ["missing", "empty"])
async def test_migrate_creates_the_schema_and_then_has_nothing_to_do(url, tmp_path, capsys, file):
    path = tmp_path / "boardroom.db"
    if file == "empty":
        path.write_bytes(b"")
    code, out, _ = await admin(capsys, "migrate")
    assert code == 0
    assert out.strip() == f"created the Boardroom schema ({head_revision()}) in {path}"
    (result,) = await run_sql(url, text("SELECT version_num FROM alembic_version"))
    assert result.scalar() == head_revision()
    code, out, _ = await admin(capsys, "migrate")
    assert code == 0 and "already at the newest schema" in out and len(out.splitlines()) == 1
    async with service_on(url) as svc:  # the bot's own service works on it
        out_ = await start(svc, CHAN, (ANA, BEN))
        assert out_.game.status == "running"


async def test_an_older_schema_is_refused_until_migrated(url, tmp_path, capsys):
    from alembic import command

    def to_0006(connection) -> None:  # type: ignore[no-untyped-def]
        cfg = alembic_config()
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "0006")

    engine = make_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(to_0006)
    await engine.dispose()
    code, out, err = await admin(capsys, "verify")
    assert code == EXIT_CODE and out == ""
    assert "has schema 0006" in one_line(err) and "boardroom-admin migrate" in err
    with open(tmp_path / "boardroom.db.lock", "a") as lock:  # a bot runs on the file
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        code, out, err = await admin(capsys, "migrate")
        assert code == EXIT_CODE and "a Boardroom bot is running on" in one_line(err)
    code, out, _ = await admin(capsys, "migrate")
    assert code == 0 and out.strip().endswith(f"from schema 0006 to {head_revision()}")
    code, out, _ = await admin(capsys, "verify")
    assert code == 0 and "checked 0 games" in out


async def test_no_database_file_is_created_by_a_command_other_than_migrate(url, tmp_path, capsys):
    for argv in (["stalled"], ["export", "1"], ["vacuum"], ["verify"]):
        code, out, err = await admin(capsys, *argv)
        assert code == EXIT_CODE and out == ""
        assert "there is no database file" in one_line(err) and "migrate" in err
    assert not (tmp_path / "boardroom.db").exists()


async def test_bad_settings_and_unusable_databases_are_one_line(url, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "mysql://root:hunter2@db/boardroom")
    code, out, err = await admin(capsys, "stalled")
    assert code == EXIT_CODE and out == ""
    assert "DATABASE_URL" in one_line(err) and "hunter2" not in err

    (tmp_path / "junk.db").write_bytes(b"this is no database" * 100)
    monkeypatch.setenv("DATABASE_URL", f"sqlite+inline:///{tmp_path / 'junk.db'}")
    for argv in (["migrate"], ["verify"]):
        code, out, err = await admin(capsys, *argv)
        assert code == EXIT_CODE and "is not a SQLite database" in one_line(err)

    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("EXTRA_TITLES", "tests.titles.nowhere:TITLE")
    code, out, err = await admin(capsys, "migrate")
    assert code == EXIT_CODE and "EXTRA_TITLES" in one_line(err)
    assert not (tmp_path / "boardroom.db").exists()


# ----------------------------------------------------------------------------- stalled
async def test_stalled_lists_running_games_by_each_servers_setting_or_days(url, capsys):
    async with service_on(url) as svc:
        async with svc.core.tx() as s:
            s.add(GuildSettings(guild_id=GUILD, stall_days=3))
        old = (await start(svc, CHAN, (ANA, BEN))).game.id  # idle 4 days; the server says 3
        other = (await start(svc, RUN_CHAN, (CAL, DEE), guild=OTHER_GUILD)).game.id  # 5; 7
        fresh = (await start(svc, LOBBY_CHAN, (BEN, CAL))).game.id  # moved just now
        over = (await finish(svc, await start(svc, SPARE_CHAN, (ANA, DEE)), SPARE_CHAN)).game.id
        waits = {}
        for game_id in (old, other, fresh):
            info = await svc.game_info(game_id)
            assert info.waiting
            waits[game_id] = ", ".join(f"user {w.user_id} ({w.label})" for w in info.waiting)
    now = utcnow()
    await run_sql(
        url,
        *(
            update(Game).where(Game.id == game_id).values(updated_at=now - timedelta(days=days))
            for game_id, days in ((old, 4), (other, 5), (over, 30))
        ),
    )

    code, out, _ = await admin(capsys, "stalled")
    assert code == 0
    assert out.splitlines() == [
        f"game {old}: Bazaar (bazaar), guild {GUILD}, channel {CHAN}, 4.0 days since the last "
        f"move, waits for {waits[old]}"
    ]
    code, out, _ = await admin(capsys, "stalled", "--days", "2")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].startswith(f"game {other}: Bazaar (bazaar), guild {OTHER_GUILD}, channel ")
    assert "5.0 days since the last move" in lines[0] and lines[0].endswith(waits[other])
    assert lines[1].startswith(f"game {old}: ")  # oldest first
    code, out, _ = await admin(capsys, "stalled", "--days", "0")
    assert [int(re.match(r"game (\d+):", x)[1]) for x in out.splitlines()] == [other, old, fresh]
    code, out, _ = await admin(capsys, "stalled", "--days", "6")
    assert code == 0 and out.strip() == "no running game has gone 6 days without a move"


# ----------------------------------------------------------------------------- export
async def test_export_writes_the_moderator_record_to_stdout_or_a_file(url, tmp_path, capsys):
    played = await play_games(url)
    async with service_on(url) as svc:
        lobby = await svc.create(
            guild_id=GUILD, channel_id=LOBBY_CHAN, user_id=ANA, title_slug="bazaar"
        )
    (counted,) = await run_sql(
        url,
        select(func.count())
        .select_from(Action)
        .where(Action.game_id == played.running, Action.undone_at_version.is_(None)),
    )
    live_moves = counted.scalar()

    code, out, _ = await admin(capsys, "export", str(played.running))
    record = json.loads(out)
    assert code == 0
    assert (record["game_id"], record["title"], record["status"]) == (
        played.running,
        "bazaar",
        "running",
    )
    assert len(record["moves"]) == live_moves and "seed" not in record

    target = tmp_path / "out" / "game.json"
    target.parent.mkdir()
    code, out, _ = await admin(capsys, "export", str(played.finished), "--out", str(target))
    assert code == 0 and out.strip().startswith(f"wrote the export of game {played.finished}")
    record = json.loads(target.read_text())
    assert record["game_id"] == played.finished and record["status"] == "finished"
    assert record["result"] is not None

    for argv, says in (
        (["export", "999"], "there is no game 999 in"),
        (["export", str(lobby.id)], "still in its lobby"),
        (
            ["export", str(played.finished), "--out", str(tmp_path / "nowhere" / "x.json")],
            "cannot write",
        ),
    ):
        code, out, err = await admin(capsys, *argv)
        assert code == 1 and out == "" and says in one_line(err)


# ----------------------------------------------------------------------------- vacuum
async def test_vacuum_keeps_the_final_the_latest_and_the_checkpoints(url, tmp_path, capsys):
    played = await play_games(url)
    finished = await snapshots(url, played.finished)
    running = await snapshots(url, played.running)
    assert len(finished) > 3 and all(c for _, c in finished)  # checkpoints, and the final one
    # a leftover non-checkpoint snapshot below the running game's latest (a cache row the
    # bot no longer needs), holding a checkpoint's state
    versions = {v for v, _ in running}
    spare = min(v for v in range(1, max(versions)) if v not in versions)
    (row,) = await run_sql(
        url,
        select(Snapshot.last_seq, Snapshot.state)
        .where(Snapshot.game_id == played.running, Snapshot.checkpoint.is_(True))
        .limit(1),
    )
    seq, state = row.one()
    await run_sql(
        url,
        insert(Snapshot).values(
            game_id=played.running, version=spare, last_seq=seq, state=state, checkpoint=False
        ),
    )
    async with service_on(url) as svc:
        frames = {n: (await svc.replay_of(played.finished, n)).view for n in (3, 9, 17)}
    expected = len(finished) - 1 + 1

    code, out, _ = await admin(capsys, "vacuum", "--dry-run")
    assert code == 0 and out.startswith(f"would remove {expected} snapshots of 2 games (")
    assert await snapshots(url, played.finished) == finished  # nothing changed

    code, out, _ = await admin(capsys, "vacuum")
    assert code == 0
    removed, vacuumed = out.splitlines()
    assert removed.startswith(f"removed {expected} snapshots of 2 games (")
    sizes = re.search(r"went from (\d+) to (\d+) bytes on disk \((\d+) bytes reclaimed\)", vacuumed)
    assert sizes is not None
    before, after, reclaimed = map(int, sizes.groups())
    db_file = tmp_path / "boardroom.db"
    wal = tmp_path / "boardroom.db-wal"
    assert after == db_file.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
    assert reclaimed == max(before - after, 0)
    assert await snapshots(url, played.finished) == [finished[-1]]  # the final one only
    assert await snapshots(url, played.running) == running  # checkpoints + latest; no leftover

    code, out, _ = await admin(capsys, "verify")
    assert code == 0 and out.strip() == "checked 2 games: 2 match, 0 mismatches, 0 skipped"
    code, out, _ = await admin(capsys, "vacuum")
    assert code == 0 and out.startswith("removed 0 snapshots of 0 games")

    # the games still load, replay, roll back (from a kept checkpoint) and play on
    async with service_on(url) as svc:
        for n, view in frames.items():
            assert (await svc.replay_of(played.finished, n)).view == view
        out_ = await svc.admin_rollback(RUN_CHAN, MOD, EVERY)
        rng = Rng.from_seed(4)
        for _ in range(EVERY + 2):
            out_ = await play_one(svc, out_, rng, channel=RUN_CHAN)
        for game_id in (played.finished, played.running):
            assert await svc.replay_matches_snapshot(game_id)
    code, out, _ = await admin(capsys, "verify")
    assert code == 0 and "2 match" in out


async def test_vacuum_refuses_while_a_bot_runs_on_the_file(url, tmp_path, capsys):
    played = await play_games(url)
    before = await snapshots(url, played.finished)
    with open(tmp_path / "boardroom.db.lock", "a") as lock:  # as the bot holds it
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        code, out, err = await admin(capsys, "vacuum")
        assert code == EXIT_CODE and "a Boardroom bot is running on" in one_line(err)
        assert await snapshots(url, played.finished) == before
        code, out, _ = await admin(capsys, "vacuum", "--dry-run")  # counting is fine
        assert code == 0 and out.startswith(f"would remove {len(before) - 1} snapshots")


# ----------------------------------------------------------------------------- verify
def newest(game_id: int):  # type: ignore[no-untyped-def]
    newest_version = (
        select(func.max(Snapshot.version)).where(Snapshot.game_id == game_id).scalar_subquery()
    )
    return (Snapshot.game_id == game_id) & (Snapshot.version == newest_version)


@pytest.mark.parametrize("tamper", ["another state", "garbage", "newest dropped"])
async def test_verify_finds_a_tampered_snapshot(url, capsys, tamper):
    played = await play_games(url)
    code, out, _ = await admin(capsys, "verify")
    assert code == 0 and out.strip() == "checked 2 games: 2 match, 0 mismatches, 0 skipped"

    title = catalog.title("bazaar")
    if tamper == "another state":  # a real state, of another game
        wrong = title.encode(title.setup(12345, 2, {"rounds": "3"}))
        change = update(Snapshot).where(newest(played.running)).values(state=wrong)
    elif tamper == "garbage":
        change = update(Snapshot).where(newest(played.running)).values(state=b"\x00garbage")
    else:  # the newest snapshot lost: the one left folds only part of the log
        change = delete(Snapshot).where(newest(played.running))
    await run_sql(url, change)

    code, out, _ = await admin(capsys, "verify")
    assert code == 1
    problem, summary = out.splitlines()
    assert problem.startswith(f"game {played.running} (bazaar, running): MISMATCH: ")
    why = {
        "another state": "differs from the state its log replays to",
        "garbage": "cannot be decoded",
        "newest dropped": "the log goes to",
    }[tamper]
    assert why in problem
    assert summary == "checked 2 games: 1 match, 1 mismatch, 0 skipped"

    code, out, _ = await admin(capsys, "verify", "--game", str(played.finished))
    assert code == 0 and out.strip() == "checked 1 game: 1 match, 0 mismatches, 0 skipped"
    code, out, _ = await admin(capsys, "verify", "--game", str(played.running))
    assert code == 1 and "1 mismatch," in out
    code, out, err = await admin(capsys, "verify", "--game", "999")
    assert code == 1 and out == "" and "there is no game 999" in one_line(err)


# ----------------------------------------------------------------------------- processes
async def test_python_m_bot_admin_runs_as_a_process(url, tmp_path):
    played = await play_games(url)
    env = clean_env(url)

    def run(*argv: str, exe: list[str] | None = None) -> subprocess.CompletedProcess[str]:
        command = (exe or [sys.executable, "-m", "bot.admin"]) + list(argv)
        return subprocess.run(
            command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
        )

    done = await asyncio.to_thread(run, "verify")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "checked 2 games: 2 match, 0 mismatches, 0 skipped"
    done = await asyncio.to_thread(run, "export", str(played.finished))
    assert done.returncode == 0 and json.loads(done.stdout)["game_id"] == played.finished
    done = await asyncio.to_thread(run, "export", "999")
    assert done.returncode == 1 and done.stdout == ""
    assert "there is no game 999" in one_line(done.stderr)

    script = Path(sys.executable).with_name("boardroom-admin")
    if not script.exists():
        pytest.skip("the boardroom-admin script is not installed (pip install -e .)")
    env["DATABASE_URL"] = f"sqlite+inline:///{tmp_path / 'new.db'}"
    done = await asyncio.to_thread(run, "migrate", exe=[str(script)])
    assert done.returncode == 0 and "created the Boardroom schema" in done.stdout
    env["DATABASE_URL"] = "sqlite+inline:///nowhere/x.db"
    done = await asyncio.to_thread(run, "stalled", exe=[str(script)])
    assert done.returncode == EXIT_CODE and "does not exist" in one_line(done.stderr)


# ----------------------------------------------------------------------------- PostgreSQL
@pytest.mark.postgres
@pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="TEST_DATABASE_URL not set")
async def test_the_commands_on_postgresql(url, capsys, monkeypatch):
    pg = os.environ["TEST_DATABASE_URL"]
    engine = make_engine(pg)
    async with engine.begin() as conn:  # a clean schema
        await conn.execute(text("DROP SCHEMA public CASCADE"))
        await conn.execute(text("CREATE SCHEMA public"))
    await engine.dispose()
    monkeypatch.setenv("DATABASE_URL", pg)
    code, out, _ = await admin(capsys, "migrate")
    assert code == 0 and "created the Boardroom schema" in out and "@" in out
    played = await play_games(pg)
    finished = await snapshots(pg, played.finished)
    assert len(finished) > 1
    code, out, _ = await admin(capsys, "vacuum")
    assert code == 0 and out.startswith(f"removed {len(finished) - 1} snapshots of 1 game (")
    assert await snapshots(pg, played.finished) == [finished[-1]]
    code, out, _ = await admin(capsys, "verify")
    assert code == 0 and "2 match" in out
    code, out, _ = await admin(capsys, "export", str(played.running))
    assert code == 0 and json.loads(out)["game_id"] == played.running


async def test_verify_accepts_a_snapshot_from_before_the_banner_log(url, capsys):
    """A Tidewater snapshot written before the engine kept its public log (`recent`, shown only
    by the board's banner) still verifies; a wrong log in it does not."""
    async with service_on(url) as svc:
        await svc.create(
            guild_id=GUILD, channel_id=CHAN, user_id=ANA, title_slug="tidewater", seats=3, bots=2
        )
        out = await svc.start(CHAN, ANA)
        rng = Rng.from_seed(3)
        for _ in range(4):
            out = await play_one(svc, out, rng, channel=CHAN)
        game_id = out.game.id
    title = catalog.title("tidewater")
    (stored,) = [
        r.scalar_one() for r in await run_sql(url, select(Snapshot.state).where(newest(game_id)))
    ]
    state = title.decode(stored)
    assert state.recent  # (the engine keeps it now)
    older = msgspec.structs.replace(state, recent=[])
    await run_sql(url, update(Snapshot).where(newest(game_id)).values(state=title.encode(older)))
    code, out_text, _ = await admin(capsys, "verify")
    assert code == 0, out_text
    wrong = msgspec.structs.replace(state, recent=state.recent[:-1])
    await run_sql(url, update(Snapshot).where(newest(game_id)).values(state=title.encode(wrong)))
    code, out_text, _ = await admin(capsys, "verify")
    assert code == 1 and "MISMATCH" in out_text


async def test_verify_counts_lobbies_ended_before_they_started_as_consistent(url, capsys):
    """A lobby its last player left, and one a moderator ended, never started: no log, no
    snapshot, nothing to disagree. A game that did start and lost its snapshots still does."""
    played = await play_games(url)
    async with service_on(url) as svc:
        await svc.create(
            guild_id=GUILD, channel_id=LOBBY_CHAN, user_id=ANA, title_slug="bazaar", seats=2
        )
        await svc.leave(LOBBY_CHAN, ANA)
        await svc.create(
            guild_id=GUILD, channel_id=SPARE_CHAN, user_id=BEN, title_slug="bazaar", seats=2
        )
        await svc.admin_end(SPARE_CHAN, MOD, "nobody came")
    statuses = await run_sql(url, select(Game.status).order_by(Game.id))
    assert [s for (s,) in statuses[0]] == ["finished", "running", "ended", "ended"]

    code, out, _ = await admin(capsys, "verify")
    assert code == 0, out
    assert out.strip() == "checked 4 games: 4 match, 0 mismatches, 0 skipped"

    await run_sql(url, delete(Snapshot).where(Snapshot.game_id == played.finished))
    code, out, _ = await admin(capsys, "verify")
    assert code == 1
    problem, summary = out.splitlines()
    assert problem == f"game {played.finished} (bazaar, finished): MISMATCH: " + (
        "the game started but has no snapshot"
    )
    assert summary == "checked 4 games: 3 match, 1 mismatch, 0 skipped"

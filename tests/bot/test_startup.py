"""Start-up: a copy of `.env.example` works as it stands, and every problem the person running
the bot must fix (a bad setting, an unusable database, Discord out of reach, a refused token)
ends the process with ONE plain line saying what to fix: no traceback, never the token or a
database password, and a non-zero exit code.

The bot runs as `python -m bot` would, through tests/e2e/launcher.py (which refuses any address
but loopback); "unreachable" Discord is a closed loopback port or a name that never resolves."""

from __future__ import annotations

import asyncio
import io
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings, load_settings
from bot.db.engine import make_engine, migrate
from bot.startup import EXIT_CODE, StartupError
from tests.e2e.fake_discord import FakeDiscord
from tests.ports import free_port
from tests.pycache import cache_compiled

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = ROOT / "tests" / "e2e" / "launcher.py"
ENTRY = "tests.e2e.startup_entry:main"
TOKEN = "tok.NEVER-PRINT-ME.0123456789"
SECRET = "hunter2-db-password"
KEYS = [name.upper() for name in Settings.model_fields]


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in KEYS and not k.startswith("E2E_")}
    env.update(PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    env.update(extra)
    return cache_compiled(env)


async def run_bot(workdir: Path, port: int | None = None, **env: str) -> tuple[int, str]:
    """`python -m bot` in `workdir` with these settings; (exit code, everything it printed)."""
    settings = {
        "DISCORD_TOKEN": TOKEN,
        "DATABASE_URL": f"sqlite+inline:///{workdir / 'boardroom.db'}",
        "RENDER_WORKERS": "0",
    }
    settings.update(env)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(LAUNCHER),
        str(port or free_port()),
        ENTRY,
        cwd=str(workdir),
        env=clean_env(**settings),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), 60)
    except TimeoutError:
        proc.kill()
        out, _ = await proc.communicate()
        pytest.fail(f"the bot did not stop on its own:\n{out.decode(errors='replace')}")
    return proc.returncode or 0, out.decode(errors="replace")


def one_line(code: int, out: str, *needles: str) -> str:
    """Exactly one error line, saying what to fix; no traceback, no secret."""
    assert code == EXIT_CODE, out
    assert "Traceback" not in out, out
    assert TOKEN not in out and SECRET not in out, out
    errors = [line for line in out.splitlines() if " ERROR " in line or "CRITICAL" in line]
    assert len(errors) == 1, out
    (line,) = errors
    assert "cannot start: " in line, out
    for needle in needles:
        assert needle in line, line
    return line


async def migrated(path: Path) -> Path:
    engine = make_engine(f"sqlite+inline:///{path}")
    await migrate(engine)
    await engine.dispose()
    return path


# ---- .env.example as it stands -------------------------------------------------------------
@pytest.fixture
def env_example_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copy(ROOT / ".env.example", tmp_path / ".env")
    monkeypatch.chdir(tmp_path)
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    return tmp_path


def test_a_copy_of_env_example_loads(env_example_copy: Path):
    settings = load_settings()
    assert settings.dev_guild_id is None  # `DEV_GUILD_ID=` means "not set"
    assert settings.discord_token.get_secret_value() == ""
    assert settings.database_url == "sqlite+inline:///boardroom.db"
    assert settings.extra_title_paths() == [] and settings.render_workers is None
    assert 1 <= settings.render_processes() <= 4
    assert settings.log_level == "INFO" and settings.log_format == "text"


def test_env_example_lists_every_setting():
    text = (ROOT / ".env.example").read_text()
    written = {line.split("=")[0] for line in text.splitlines() if "=" in line[:40]}
    assert set(KEYS) <= written, set(KEYS) - written


def test_empty_values_mean_not_set(env_example_copy: Path):
    (env_example_copy / ".env").write_text("".join(f"{key}=\n" for key in KEYS))
    assert load_settings() == Settings(_env_file=None)


def test_the_local_cli_starts_with_a_copy_of_env_example(env_example_copy: Path):
    env = clean_env(
        EXTRA_TITLES="tests.titles.bazaar:TITLE",
        EXTRA_RENDERERS="tests.titles.bazaar_render:RENDERER",
    )
    args = ["--title", "bazaar", "--seats", "2", "--humans", "0", "--seed", "3", "--out", "boards"]
    out = subprocess.run(
        [sys.executable, "-m", "bot.local", *args],
        cwd=env_example_copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Final standings" in out.stdout
    assert list((env_example_copy / "boards").glob("*.png"))


async def test_the_bot_with_a_copy_of_env_example_asks_for_the_token(env_example_copy: Path):
    """Everything but the token is fine as it stands; nothing else is reported."""
    env = {key: "" for key in KEYS}  # run_bot's own settings are removed again: only .env counts
    code, out = await run_bot(env_example_copy, **env)
    one_line(code, out, "DISCORD_TOKEN is not set")


# ---- bad settings ----------------------------------------------------------------------------
def test_a_bad_setting_is_one_line_naming_the_key(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("RENDER_WORKERS", "abc")
    monkeypatch.setenv("DATABASE_URL", f"postgresql://user:{SECRET}@127.0.0.1/db")
    with pytest.raises(StartupError) as caught:
        load_settings(_env_file=None)
    text = str(caught.value)
    assert "\n" not in text and SECRET not in text
    assert "RENDER_WORKERS=abc" in text and "DATABASE_URL" in text


@pytest.mark.parametrize(
    ("env", "needles"),
    [
        ({"RENDER_WORKERS": "abc"}, ["RENDER_WORKERS=abc", "integer"]),
        ({"LOG_LEVEL": "LOUD"}, ["LOG_LEVEL=LOUD", "DEBUG, INFO, WARNING, ERROR"]),
        ({"LOG_FORMAT": "xml"}, ["LOG_FORMAT=xml", "text, json"]),
        ({"DEV_GUILD_ID": "my-server"}, ["DEV_GUILD_ID=my-server"]),
        ({"TURN_REMINDER_HOURS": "-3"}, ["TURN_REMINDER_HOURS=-3"]),
        ({"DATABASE_URL": "boardroom.db"}, ["DATABASE_URL", "sqlite+inline:///"]),
        ({"DATABASE_URL": f"mysql://root:{SECRET}@127.0.0.1/x"}, ["DATABASE_URL", "'mysql'"]),
        ({"DATABASE_URL": "sqlite:///boardroom.db"}, ["DATABASE_URL", "sqlite+inline"]),
    ],
    ids=["workers", "log-level", "log-format", "guild", "hours", "url", "mysql", "sync-sqlite"],
)
async def test_a_bad_setting_stops_the_bot_with_one_line(tmp_path: Path, env, needles):
    code, out = await run_bot(tmp_path, **env)
    one_line(code, out, *needles)


async def test_a_bad_setting_in_env_file_is_reported_too(tmp_path: Path):
    (tmp_path / ".env").write_text("RENDER_WORKERS=abc\nLOG_LEVEL=LOUD\n")
    code, out = await run_bot(tmp_path, RENDER_WORKERS="", LOG_LEVEL="")
    one_line(code, out, "RENDER_WORKERS=abc", "LOG_LEVEL=LOUD")


async def test_the_local_cli_reports_a_bad_setting_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from bot.local import amain

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RENDER_WORKERS", "abc")
    out = io.StringIO()
    code = await amain(["--title", "bazaar", "--out", str(tmp_path)], stdout=out)
    assert code == EXIT_CODE
    assert out.getvalue().splitlines() == [
        "Cannot start: bad setting in .env or the environment: RENDER_WORKERS=abc: should be a "
        "valid integer, unable to parse string as an integer"
    ]


async def test_extra_titles_that_do_not_import(tmp_path: Path):
    code, out = await run_bot(tmp_path, EXTRA_TITLES="tests.titles.nope:TITLE")
    one_line(code, out, "EXTRA_TITLES", "tests.titles.nope")


# ---- the database --------------------------------------------------------------------------
async def test_a_missing_database_folder(tmp_path: Path):
    url = f"sqlite+inline:///{tmp_path / 'no' / 'such' / 'boardroom.db'}"
    code, out = await run_bot(tmp_path, DATABASE_URL=url)
    one_line(code, out, "does not exist", str(tmp_path / "no" / "such"))


async def test_a_database_folder_that_is_a_file(tmp_path: Path):
    (tmp_path / "file").write_text("not a folder")
    url = f"sqlite+inline:///{tmp_path / 'file' / 'boardroom.db'}"
    code, out = await run_bot(tmp_path, DATABASE_URL=url)
    one_line(code, out, "is not a folder", str(tmp_path / "file"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
async def test_an_unwritable_database_folder(tmp_path: Path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        code, out = await run_bot(tmp_path, DATABASE_URL=f"sqlite+inline:///{folder / 'b.db'}")
    finally:
        folder.chmod(0o755)
    one_line(code, out, "cannot write in", str(folder))


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
async def test_a_read_only_database_file(tmp_path: Path):
    path = await migrated(tmp_path / "b.db")
    path.chmod(0o444)
    code, out = await run_bot(tmp_path, DATABASE_URL=f"sqlite+inline:///{path}")
    one_line(code, out, str(path), "read")


async def test_a_database_opened_read_only(tmp_path: Path):
    """An up-to-date schema needs no write to migrate: the start-up write probe finds it."""
    path = await migrated(tmp_path / "b.db")
    url = f"sqlite+inline:///file:{path}?mode=ro&uri=true"
    code, out = await run_bot(tmp_path, DATABASE_URL=url)
    one_line(code, out, "read-only")


async def test_a_database_locked_by_another_program(tmp_path: Path):
    path = await migrated(tmp_path / "b.db")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        code, out = await run_bot(
            tmp_path,
            DATABASE_URL=f"sqlite+inline:///{path}",
            DATABASE_BUSY_TIMEOUT="0.3",
            RENDER_WORKERS="1",  # the render worker is stopped again, or the process would hang
        )
    finally:
        holder.rollback()
        holder.close()
    one_line(code, out, "locked by another program", str(path))


async def test_a_file_that_is_not_a_database(tmp_path: Path):
    path = tmp_path / "b.db"
    path.write_bytes(b"definitely not SQLite " * 100)
    code, out = await run_bot(tmp_path, DATABASE_URL=f"sqlite+inline:///{path}")
    one_line(code, out, "not a SQLite database", str(path))


async def test_an_unreachable_database_server_hides_the_password(tmp_path: Path):
    url = f"postgresql+asyncpg://boardroom:{SECRET}@127.0.0.1:{free_port()}/boardroom"
    code, out = await run_bot(tmp_path, DATABASE_URL=url)
    one_line(code, out, "cannot reach the database server", "***")


# ---- Discord -------------------------------------------------------------------------------
async def test_discord_rest_refusing_connections(tmp_path: Path):
    port = free_port()
    code, out = await run_bot(tmp_path, port)
    one_line(code, out, "cannot reach Discord", f"127.0.0.1:{port}")


async def test_discord_name_that_does_not_resolve(tmp_path: Path):
    code, out = await run_bot(tmp_path, E2E_REST_BASE="http://discord.invalid/api/v10")
    one_line(code, out, "discord.invalid does not resolve")


async def test_discord_gateway_refusing_connections(tmp_path: Path):
    port = free_port()
    async with FakeDiscord() as fake:
        code, out = await run_bot(
            tmp_path, fake.port, DISCORD_TOKEN=fake.token, E2E_GATEWAY=f"ws://127.0.0.1:{port}/"
        )
        assert fake.identifies == 0
    one_line(code, out, "gateway", f"127.0.0.1:{port}")
    assert fake.token not in out


async def test_discord_gateway_name_that_does_not_resolve(tmp_path: Path):
    async with FakeDiscord() as fake:
        code, out = await run_bot(
            tmp_path, fake.port, DISCORD_TOKEN=fake.token, E2E_GATEWAY="wss://gateway.invalid/"
        )
    one_line(code, out, "gateway", "gateway.invalid does not resolve")
    assert fake.token not in out


async def test_a_refused_token(tmp_path: Path):
    async with FakeDiscord() as fake:
        code, out = await run_bot(tmp_path, fake.port)  # TOKEN is not the fake's
        assert fake.identifies == 0
    one_line(code, out, "Discord refused DISCORD_TOKEN", "Reset Token")


async def test_a_second_bot_on_the_same_sqlite_file_is_refused(tmp_path: Path):
    """SQLite serves one bot process: a second one on the same file stops with one line, and
    the first goes on; once the first has stopped (here killed), the file is free again."""
    from tests.e2e.harness import REAL_BOT, BotProcess

    async with FakeDiscord() as fake:
        first = await BotProcess(fake, tmp_path, entry=REAL_BOT).start()
        try:
            url = f"sqlite+inline:///{tmp_path / 'boardroom.db'}"
            code, out = await run_bot(
                tmp_path, fake.port, DISCORD_TOKEN=fake.token, DATABASE_URL=url
            )
            one_line(code, out, "another Boardroom bot is already running", "PostgreSQL")
            assert first.alive()
        finally:
            await first.stop(signal.SIGKILL)
        second = await BotProcess(fake, tmp_path, entry=REAL_BOT).start()  # the lock went with it
        await second.stop()


# ---- the database, for the bot and boardroom-admin alike: one line on stderr, exit 2 --------
PG = os.environ.get("TEST_DATABASE_URL")


def needs_pg(test):  # type: ignore[no-untyped-def]
    marked = pytest.mark.skipif(not PG, reason="TEST_DATABASE_URL is not set")(test)
    return pytest.mark.postgres(marked)


PROGRAMS = ["bot", "boardroom-admin"]


def _program(name: str) -> list[str]:
    if name == "bot":  # `python -m bot`, with Discord pointed at a closed loopback port
        return [sys.executable, str(LAUNCHER), str(free_port()), ENTRY]
    script = Path(sys.executable).with_name("boardroom-admin")  # the installed script
    if script.exists():
        return [str(script), "stalled"]
    return [sys.executable, "-m", "bot.admin", "stalled"]


def stderr_line(name: str, workdir: Path, url: str) -> str:
    """Run the program on DATABASE_URL `url`: it must stop with exit code 2 and exactly one
    line on stderr (no traceback); that line."""
    env = clean_env(DISCORD_TOKEN=TOKEN, DATABASE_URL=url, RENDER_WORKERS="0")
    done = subprocess.run(
        _program(name),
        cwd=workdir,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = done.stderr.splitlines()
    assert done.returncode == EXIT_CODE, done.stderr
    assert len(lines) == 1, done.stderr
    assert done.stdout == "", done.stdout
    return lines[0]


@pytest.mark.parametrize("program", PROGRAMS)
def test_sqlite_file_in_a_missing_folder(tmp_path: Path, program: str):
    folder = tmp_path / "no" / "such"
    line = stderr_line(program, tmp_path, f"sqlite+inline:///{folder / 'boardroom.db'}")
    assert f"{folder}, the folder of the database file boardroom.db, does not exist" in line


@pytest.mark.parametrize("program", PROGRAMS)
@needs_pg
def test_a_postgresql_database_that_does_not_exist(tmp_path: Path, program: str):
    from sqlalchemy.engine import make_url

    url = make_url(PG).set(database="boardroom_no_such_db").render_as_string(False)
    line = stderr_line(program, tmp_path, url)
    assert 'has no database "boardroom_no_such_db"' in line, line
    assert "fix the database name in DATABASE_URL" in line


@pytest.mark.parametrize("program", PROGRAMS)
@needs_pg
def test_a_postgresql_user_that_does_not_exist(tmp_path: Path, program: str):
    from sqlalchemy.engine import make_url

    url = make_url(PG).set(username="boardroom_no_such_user", password=None)
    line = stderr_line(program, tmp_path, url.render_as_string(False))
    assert 'refused user "boardroom_no_such_user"' in line, line
    assert "fix the user name in DATABASE_URL" in line


async def test_no_voice_library_warnings_at_start(tmp_path: Path):
    """Boardroom has no voice: discord.py's 'PyNaCl / davey is not installed, voice will NOT
    be supported' warnings are not printed at every start."""
    from tests.e2e.harness import REAL_BOT, BotProcess

    async with FakeDiscord() as fake:
        proc = await BotProcess(fake, tmp_path, entry=REAL_BOT).start()
        await proc.stop()
    log = proc.log()
    assert "logging in using static token" in log  # discord.py's own log lines are there
    assert "voice will NOT be supported" not in log, log
    assert "PyNaCl" not in log and "davey" not in log

"""Start/stop the bot as a separate OS process pointed at a `FakeDiscord` (see launcher.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord
from tests.pycache import cache_compiled

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = Path(__file__).resolve().parent / "launcher.py"
REAL_BOT = "bot.__main__:main"
MINIMAL_BOT = "tests.e2e.minimal_bot:main"


def real_bot_available() -> bool:
    return (ROOT / "bot" / "discord" / "client.py").exists() and (
        ROOT / "tests" / "titles" / "bazaar" / "__init__.py"
    ).exists()


def bot_env(
    fake: FakeDiscord, workdir: Path, extra: dict[str, str] | None = None
) -> dict[str, str]:
    """The environment the bot process reads its configuration from."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DISCORD_", "DATABASE_", "BOARDROOM_", "EXTRA_"))
    }
    env.update(
        DISCORD_TOKEN=fake.token,
        DATABASE_URL=f"sqlite+inline:///{workdir / 'boardroom.db'}",
        EXTRA_TITLES="tests.titles.bazaar:TITLE",
        EXTRA_RENDERERS="tests.titles.bazaar_render:RENDERER",
        PYTHONPATH=str(ROOT),
        PYTHONUNBUFFERED="1",
        LOG_LEVEL=os.environ.get("E2E_LOG_LEVEL", "INFO"),
    )
    env.update(extra or {})
    return cache_compiled(env)


def root_launcher(root: Path) -> Path:
    return root / LAUNCHER.relative_to(ROOT)


class BotProcess:
    """The bot under test. `start()` waits until it has identified on the fake gateway and
    (by default) synced its commands; `stop()` sends SIGTERM; `restart()` keeps the same DB."""

    def __init__(
        self,
        fake: FakeDiscord,
        workdir: Path,
        entry: str = REAL_BOT,
        env: dict[str, str] | None = None,
        root: Path = ROOT,
    ) -> None:
        """`root`: the checkout whose bot runs (another one's, to compare two versions)."""
        self.fake = fake
        self.workdir = workdir
        self.entry = entry
        self.root = root
        self.env = bot_env(fake, workdir, env)
        if root != ROOT:
            self.env["PYTHONPATH"] = str(root)
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.log_path = workdir / "bot.log"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def start(self, *, wait_sync: bool = True, timeout: float = 60.0) -> BotProcess:
        syncs_before = len(self.fake.command_syncs)
        identifies_before = self.fake.identifies
        self.starts += 1
        with open(self.log_path, "a") as log:
            log.write(f"\n===== start #{self.starts} =====\n")
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                str(root_launcher(self.root)),
                str(self.fake.port),
                self.entry,
                cwd=str(self.workdir),
                env=self.env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )

        def ready() -> bool:
            if not self.alive():
                raise RuntimeError(f"bot process exited early:\n{self.log()[-4000:]}")
            if self.fake.identifies <= identifies_before or not self.fake.connected():
                return False
            return not wait_sync or len(self.fake.command_syncs) > syncs_before

        try:
            await self.fake.wait_for(ready, timeout, what="the bot to connect and sync")
        except TimeoutError as exc:
            raise TimeoutError(f"{exc}\n--- bot log ---\n{self.log()[-4000:]}") from None
        return self

    async def stop(self, sig: int = signal.SIGTERM, timeout: float = 15.0) -> int | None:
        if self.proc is None or self.proc.returncode is not None:
            return None if self.proc is None else self.proc.returncode
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(sig)
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
            await self.proc.wait()
        # let the fake notice the closed websocket
        with contextlib.suppress(TimeoutError):
            await self.fake.wait_for(lambda: not self.fake.connected(), 5.0)
        return self.proc.returncode

    async def restart(self, **kwargs: object) -> BotProcess:
        await self.stop()
        return await self.start(**kwargs)  # type: ignore[arg-type]

    def rss_kb(self) -> int:
        """Resident set size of the bot process (VmRSS from /proc)."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

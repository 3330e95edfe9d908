"""People's own settings through the real bot and the fake Discord: quiet hours holding a turn
reminder until they end (across a restart, sent once), `/me away` shown in `/game status`,
`/games` with jump links, the daily digest by DM, and polite refusals. The bot's clock is moved
with BOARDROOM_CLOCK_OFFSET (seconds ahead of real time; read at start-up)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import REAL_BOT, BotProcess
from tests.e2e.test_game_flow import assert_clean, new_table


def offset_to(target: datetime) -> str:
    """The BOARDROOM_CLOCK_OFFSET that makes the bot's clock show `target` now."""
    return str((target - datetime.now(UTC)).total_seconds())


def tomorrow_at(hour: int, minute: int = 0, second: int = 0) -> datetime:
    day = datetime.now(UTC).date() + timedelta(days=1)
    return datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=UTC)


async def _bot(fake: FakeDiscord, tmp_path: Path, **env: str) -> BotProcess:
    proc = BotProcess(fake, tmp_path, entry=REAL_BOT, env=env)
    await proc.start()
    return proc


def _private(ex) -> str:  # type: ignore[no-untyped-def]
    assert ex.ephemeral, ex.describe()
    return ex.text()


async def test_quiet_hours_hold_a_reminder_until_they_end_across_a_restart(
    fake: FakeDiscord, tmp_path: Path
):
    evening = tomorrow_at(23, 0)
    proc = await _bot(
        fake, tmp_path, TURN_REMINDER_HOURS="0.0005", BOARDROOM_CLOCK_OFFSET=offset_to(evening)
    )
    try:
        for name in ("alice", "bob"):
            ex = await fake.slash(name, "games", "me", "quiet", **{"from": "22:00", "to": "08:00"})
            assert "22:00–08:00" in _private(ex), ex.text()
        table = await new_table(fake, ["alice", "bob"])
        await table.start()
        waiting = table.waiting()
        assert waiting

        def reminders() -> list[Message]:
            return [m for m in fake.messages("games") if m.content.startswith("⏰")]

        await asyncio.sleep(4)  # two reminder periods: the reminder fired, and was held
        assert reminders() == []
        assert_clean(fake, proc)
        # the next morning, after a restart (no new reminders: only what was held)
        await proc.stop()
        proc.env.update(
            TURN_REMINDER_HOURS="0",
            BOARDROOM_CLOCK_OFFSET=offset_to(tomorrow_at(8, 0, 30) + timedelta(days=1)),
        )
        await proc.start()
        await fake.wait_for(lambda: len(reminders()) == len(waiting), 20, what="held reminders")
        await asyncio.sleep(2)
        assert len(reminders()) == len(waiting)  # each once
        for name in waiting:
            mention = f"<@{fake.users[name]['id']}>"
            assert sum(mention in m.content for m in reminders()) == 1
        assert all("waiting for your move" in m.content for m in reminders())
        assert_clean(fake, proc)
    finally:
        await proc.stop()


async def test_away_in_status_games_with_links_and_refusals(fake: FakeDiscord, tmp_path: Path):
    noon = tomorrow_at(12, 0)
    proc = await _bot(fake, tmp_path, BOARDROOM_CLOCK_OFFSET=offset_to(noon))
    try:
        table = await new_table(fake, ["alice", "bob"])
        await table.start()
        back = (noon + timedelta(days=5)).date().isoformat()
        ex = await fake.slash("bob", "games", "me", "away", until=back)
        text = _private(ex)
        assert "away until" in text and "16.5 days of 21" in text, text
        too_far = (noon + timedelta(days=40)).date().isoformat()
        ex = await fake.slash("alice", "games", "me", "away", until=too_far)
        assert "⚠️" in _private(ex) and "vacation left" in ex.text()
        ex = await fake.slash("alice", "games", "me", "timezone", zone="Mars/Base")
        assert "⚠️" in _private(ex)
        offered = await fake.autocomplete(
            "alice", "games", "me", "timezone", focused="zone", zone="berl"
        )
        assert [c["value"] for c in offered][:1] == ["Europe/Berlin"]
        ex = await fake.slash("alice", "games", "me", "timezone", zone="Europe/Berlin")
        assert "Europe/Berlin" in _private(ex)

        ex = await fake.slash("alice", "games", "game", "status")
        status = _private(ex)
        bob = f"<@{fake.users['bob']['id']}>"
        assert "Away" in status and f"{bob} until <t:" in status, status

        turn = table.turn_message()
        assert turn is not None
        for path in (("games",), ("me", "games")):
            ex = await fake.slash("alice", "games", *path)
            listing = _private(ex)
            link = f"https://discord.com/channels/{fake.guild_id}/{table.channel}/{turn.id}"
            assert link in listing and f"#{table.game_id}" in listing, listing
            assert ("your turn" in listing) == ("alice" in table.waiting()), listing
        ex = await fake.slash("carol", "games", "games")
        assert "not seated in any game" in _private(ex)

        ex = await fake.slash("bob", "games", "me", "back")
        assert "Welcome back" in _private(ex)
        ex = await fake.slash("alice", "games", "game", "status")
        assert f"{bob} until" not in _private(ex)
        assert_clean(fake, proc)
    finally:
        await proc.stop()


async def test_the_daily_digest_comes_by_dm(fake: FakeDiscord, tmp_path: Path):
    proc = await _bot(fake, tmp_path, BOARDROOM_CLOCK_OFFSET=offset_to(tomorrow_at(8, 59, 55)))
    try:
        table = await new_table(fake, ["alice", "bob"])
        await table.start()
        ex = await fake.slash("alice", "games", "me", "pings", mode="digest")
        assert "one direct message a day" in _private(ex)
        await fake.wait_for(
            lambda: any("digest" in m.content for m in fake.dm_messages("alice")),
            20,
            what="alice's digest",
        )
        (digest,) = [m for m in fake.dm_messages("alice") if "digest" in m.content]
        assert f"#{table.game_id}" in digest.content
        assert f"https://discord.com/channels/{fake.guild_id}/{table.channel}" in digest.content
        assert_clean(fake, proc)
    finally:
        await proc.stop()

"""People's own settings through the real bot and the fake Discord: quiet hours holding a turn
reminder until they end (across a restart, sent once), `/me away` shown in `/game status` and
on the board post,
`/games` with jump links, the daily digest by DM, and polite refusals. The bot's clock is moved
with BOARDROOM_CLOCK_OFFSET (seconds ahead of real time; read at start-up)."""

from __future__ import annotations

import re
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from tests.e2e.driver import is_refusal
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.helpers import (
    field,
    move_clock,
    no_vacation_days,
    offset_to,
    private,
    settle,
    start_bot,
    tomorrow_at,
)
from tests.e2e.test_game_flow import assert_clean, new_table


async def test_quiet_hours_hold_a_reminder_until_they_end_across_a_restart(
    fake: FakeDiscord, tmp_path: Path
):
    evening = tomorrow_at(23, 0)
    proc = await start_bot(
        fake, tmp_path, TURN_REMINDER_HOURS="0.0005", BOARDROOM_CLOCK_OFFSET=offset_to(evening)
    )
    try:
        for name in ("alice", "bob"):
            ex = await fake.slash(name, "games", "me", "quiet", **{"from": "22:00", "to": "08:00"})
            assert "22:00–08:00" in private(ex), ex.text()
        table = await new_table(fake, ["alice", "bob"])
        await table.start()
        waiting = table.waiting()
        assert waiting

        def reminders() -> list[Message]:
            return [m for m in fake.messages("games") if m.content.startswith("⏰")]

        def held() -> int:  # the reminder fired, and was held for each person it is for
            with sqlite3.connect(proc.workdir / "boardroom.db", timeout=10) as db:
                (n,) = db.execute("SELECT count(*) FROM timers WHERE kind = 'held_ping'").fetchone()
            return int(n)

        await fake.wait_for(lambda: held() == len(waiting), 20, what="the held reminders")
        await settle(proc, fake)
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
        await settle(proc, fake)
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
    proc = await start_bot(fake, tmp_path, BOARDROOM_CLOCK_OFFSET=offset_to(noon))
    try:
        table = await new_table(fake, ["alice", "bob"])
        await table.start()
        back = (noon + timedelta(days=5)).date().isoformat()
        ex = await fake.slash("bob", "games", "me", "away", until=back)
        text = private(ex)
        assert "away until" in text and "16.5 days of 21" in text, text
        too_far = (noon + timedelta(days=40)).date().isoformat()
        ex = await fake.slash("alice", "games", "me", "away", until=too_far)
        assert "⚠️" in private(ex) and "vacation left" in ex.text()
        ex = await fake.slash("alice", "games", "me", "timezone", zone="Mars/Base")
        assert "⚠️" in private(ex)
        offered = await fake.autocomplete(
            "alice", "games", "me", "timezone", focused="zone", zone="berl"
        )
        assert [c["value"] for c in offered][:1] == ["Europe/Berlin"]
        ex = await fake.slash("alice", "games", "me", "timezone", zone="Europe/Berlin")
        assert "Europe/Berlin" in private(ex)

        ex = await fake.slash("alice", "games", "game", "status")
        status = private(ex)
        bob = f"<@{fake.users['bob']['id']}>"
        assert "Away" in status and f"{bob} until <t:" in status, status

        turn = table.turn_message()
        assert turn is not None
        for path in (("games",), ("me", "games")):
            ex = await fake.slash("alice", "games", *path)
            listing = private(ex)
            link = f"https://discord.com/channels/{fake.guild_id}/{table.channel}/{turn.id}"
            assert link in listing and f"#{table.game_id}" in listing, listing
            assert ("your turn" in listing) == ("alice" in table.waiting()), listing
        ex = await fake.slash("carol", "games", "games")
        assert "not seated in any game" in private(ex)

        # the board post says it too, from the next move on (only next to who is away)
        assert "away until" not in field(table.turn_message(), "Players")
        ex = await table.play_components("alice")
        assert not is_refusal(ex), ex.text()
        players = field(table.turn_message(), "Players")
        assert f"{bob} (away until <t:" in players and players.count("away") == 1, players

        ex = await fake.slash("bob", "games", "me", "back")
        assert "Welcome back" in private(ex)
        ex = await fake.slash("alice", "games", "game", "status")
        assert f"{bob} until" not in private(ex)
        ex = await table.play_components("bob")
        assert not is_refusal(ex), ex.text()
        assert "away until" not in field(table.turn_message(), "Players")
        assert_clean(fake, proc)
    finally:
        await proc.stop()


async def test_the_daily_digest_comes_by_dm(fake: FakeDiscord, tmp_path: Path):
    proc = await start_bot(fake, tmp_path, BOARDROOM_CLOCK_OFFSET=offset_to(tomorrow_at(8, 0)))
    try:
        table = await new_table(fake, ["alice", "bob"])
        await table.start()
        ex = await fake.slash("alice", "games", "me", "pings", mode="digest")
        assert "one direct message a day" in private(ex)
        # (a restart at 09:00: however long the bot takes to start, the digest is due)
        await move_clock(proc, float(offset_to(tomorrow_at(9, 0, 5))))
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


async def test_kept_clock_warnings_are_true_when_they_arrive(fake: FakeDiscord, tmp_path: Path):
    """A 24 h clock from noon, the bot restarted at each step. Alice (quiet 22:00-08:00,
    direct messages): her half-time warning, held at midnight, arrives at 08:00 saying the
    time left then (about 4 h, not 12 h). Bob takes the digest: the 09:00 one states his time
    left then; his clock runs out at noon and the automatic player takes his seat, so the next
    digest says so instead of dropping his one-hour warning. Carol bids at once."""
    day = tomorrow_at(12)
    proc = await start_bot(fake, tmp_path, BOARDROOM_CLOCK_OFFSET=offset_to(day))
    try:
        await fake.slash("alice", "games", "me", "pings", mode="dm")
        await fake.slash("alice", "games", "me", "quiet", **{"from": "22:00", "to": "08:00"})
        await fake.slash("bob", "games", "me", "pings", mode="digest")
        no_vacation_days(proc, fake)
        table = await new_table(fake, ["alice", "bob", "carol"], pace="daily")
        await table.start()
        assert not is_refusal(await table.play_components("carol"))

        def warnings(who: str) -> list[str]:
            return [m.content for m in fake.dm_messages(who) if "left on your clock" in m.content]

        def digests() -> list[str]:
            return [m.content for m in fake.dm_messages("bob") if "digest" in m.content]

        async def at(when: datetime) -> None:
            await move_clock(proc, float(offset_to(when)))
            await settle(proc, fake)  # every timer due by then fired and was handled

        await at(day + timedelta(hours=12, minutes=1))  # 00:01: alice's warning is held
        assert warnings("alice") == [] and digests() == []
        await at(day + timedelta(hours=20, minutes=1))  # 08:01
        await fake.wait_for(lambda: len(warnings("alice")) == 1, 20, what="the held warning")
        assert re.match(r"⏳ 3 h 5\d min left on your clock", warnings("alice")[0])
        await at(day + timedelta(hours=21, minutes=1))  # 09:01: bob's digest
        await fake.wait_for(lambda: len(digests()) == 1, 20, what="bob's first digest")
        assert re.search(r"⏳ 2 h 5\d min left on your clock", digests()[0]), digests()[0]
        await at(day + timedelta(hours=23, minutes=1))  # 11:01: one hour left
        await at(day + timedelta(hours=24, minutes=1))  # 12:01: the clocks ran out
        await at(day + timedelta(hours=45, minutes=1))  # 09:01 the next day
        await fake.wait_for(lambda: len(digests()) == 2, 20, what="bob's second digest")
        assert "Your clock in Bazaar" in digests()[1] and "ran out" in digests()[1]
        assert "automatic player took your seat" in digests()[1], digests()[1]
        assert "left on your clock" not in digests()[1]
        assert_clean(fake, proc)
    finally:
        await proc.stop()

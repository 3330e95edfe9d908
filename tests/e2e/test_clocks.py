"""Seat clocks through the real bot and the fake Discord: a game with a clock of a few seconds,
where one player never answers: their clock runs out, the expiry is announced with a new turn
message and the automatic player takes the seat; `/game return` hands it back at their next
decision, and the game is played to the end. The half-time and one-hour warnings, with the
bot's clock moved ahead by restarts (BOARDROOM_CLOCK_OFFSET): each reaches its person once, the
way they chose, with a jump link to the turn message and what is asked. And the moderators'
`/admin pause|resume|extend|pace`: announced, refused politely to others, seen in status."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from pathlib import Path

import pytest

from tests.e2e.driver import is_refusal
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.helpers import (
    HOUR,
    field,
    move_clock,
    no_vacation_days,
    offset_to,
    private,
    settle,
    start_bot,
    tomorrow_at,
)
from tests.e2e.test_game_flow import assert_clean, new_table, seat_number

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

#: 10.8 s to start, +10.8 s a move, at most 21.6 s.
PACE = "custom:0.003/0.003/0.006"


async def test_a_player_times_out_and_the_automatic_player_takes_over(
    fake: FakeDiscord, bot: BotProcess
):
    no_vacation_days(bot, fake)
    table = await new_table(fake, ["alice", "bob"], pace=PACE)
    assert table.lobby is not None
    clock = [f for e in table.lobby.embeds for f in e.get("fields", []) if f["name"] == "Clock"]
    assert clock and "custom" in clock[0]["value"], table.lobby.embeds
    await table.start()
    assert sorted(table.waiting()) == ["alice", "bob"]  # the opening bid is simultaneous
    ex = await table.play_components("alice")
    assert not is_refusal(ex), ex.text()
    status = await fake.slash("alice", table.channel, "game", "status")
    assert "left" in status.text(), status.text()

    def taken_over() -> bool:
        msg = table.turn_message()
        return msg is not None and "ran out" in msg.content and "automatic player" in msg.content

    await fake.wait_for(taken_over, 40.0, what="bob's clock to run out")
    bob = int(fake.users["bob"]["id"])
    assert f"<@{bob}>" in table.turn_message().content
    back = await fake.slash("bob", table.channel, "game", "return")
    assert not is_refusal(back) and "coming back" in back.text(), back.text()
    again = await fake.slash("bob", table.channel, "game", "return")
    assert is_refusal(again), again.text()
    # Play on: bob's seat stays with the automatic player until his next decision, which is
    # then his again (the turn message still names him: his own presses are refused before).
    movers: list[str] = []
    for _ in range(400):
        if table.finished():
            break
        for user in sorted(table.waiting()):  # alice first
            ex = await table.play_components(user)
            if not is_refusal(ex):
                movers.append(user)
                break
        else:
            raise AssertionError(f"nobody could move: {table.turn_message().text()!r}")
    assert table.finished() and "bob" in movers, movers
    assert_clean(fake, bot)


#: 4 h to start: half time after 2 h of running, one hour left after 3 h.
FOUR_HOURS = "custom:4/1/4"
WARNING = "left on your clock"


async def test_clock_warnings_reach_each_player_once_with_a_link_across_restarts(
    fake: FakeDiscord, tmp_path: Path
):
    proc = await start_bot(fake, tmp_path, BOARDROOM_CLOCK_OFFSET="0")
    try:
        await fake.slash("alice", "games", "me", "pings", mode="dm")  # bob: in the channel
        table = await new_table(fake, ["alice", "bob"], pace=FOUR_HOURS)
        await table.start()
        turn = table.turn_message()
        assert turn is not None and sorted(table.waiting()) == ["alice", "bob"]
        link = f"https://discord.com/channels/{fake.guild_id}/{table.channel}/{turn.id}"
        bob = int(fake.users["bob"]["id"])

        def warnings() -> dict[str, list[str]]:
            to_bob = [m for m in fake.messages(table.channel) if WARNING in m.content]
            assert all(m.pinged == {bob} for m in to_bob), [m.pinged for m in to_bob]
            return {
                "alice": [m.content for m in fake.dm_messages("alice") if WARNING in m.content],
                "bob": [m.content for m in to_bob],
            }

        def each(n: int) -> bool:
            return all(len(w) == n for w in warnings().values())

        await settle(proc, fake)
        assert each(0)
        await move_clock(proc, 2 * HOUR + 30)  # past half time
        await fake.wait_for(lambda: each(1), 20, what="the half-time warnings")
        for text in (w[0] for w in warnings().values()):
            assert re.search(r"1 h 5\d min left on your clock", text), text
            assert link in text and "bid" in text, text  # where, and what is asked
        await move_clock(proc, 2 * HOUR + 40)  # a restart at the same time: nothing again
        await settle(proc, fake)
        assert each(1)
        await move_clock(proc, 3 * HOUR + 30)  # one hour left
        await fake.wait_for(lambda: each(2), 20, what="the one-hour warnings")
        for text in (w[1] for w in warnings().values()):
            assert re.search(r"\b5\d min left on your clock", text) and link in text, text
        await settle(proc, fake)
        assert each(2) and sorted(table.waiting()) == ["alice", "bob"]  # nobody ran out
        assert_clean(fake, proc)
    finally:
        await proc.stop()


async def test_warnings_come_before_the_quiet_hours_a_clock_runs_out_in(
    fake: FakeDiscord, tmp_path: Path
):
    """An 8 h clock from 19:00 runs out at 03:00, inside alice's quiet hours (22:00-08:00),
    and the clock runs through them (the default): her warnings (23:00, 02:00) come as one
    direct message just before 22:00, with the time left then; held, they would have come at
    08:00, after the clock ran out. Bob, without quiet hours, is warned as usual."""
    proc = await start_bot(fake, tmp_path, BOARDROOM_CLOCK_OFFSET=offset_to(tomorrow_at(19)))
    try:
        await fake.slash("alice", "games", "me", "pings", mode="dm")
        await fake.slash("alice", "games", "me", "quiet", **{"from": "22:00", "to": "08:00"})
        table = await new_table(fake, ["alice", "bob"], pace="custom:8/1/8")
        await table.start()

        def to_alice() -> list[str]:
            return [m.content for m in fake.dm_messages("alice") if WARNING in m.content]

        def to_bob() -> list[str]:
            return [m.content for m in fake.messages(table.channel) if WARNING in m.content]

        await move_clock(proc, float(offset_to(tomorrow_at(21, 52))))
        await fake.wait_for(lambda: len(to_alice()) == 1, 20, what="alice's warning")
        assert re.match(r"⏳ 5 h [0-9] min left on your clock", to_alice()[0]), to_alice()
        assert to_bob() == []
        await move_clock(proc, float(offset_to(tomorrow_at(2, 1) + timedelta(days=1))))
        await fake.wait_for(lambda: len(to_bob()) == 2, 20, what="bob's two warnings")
        await settle(proc, fake)
        assert len(to_alice()) == 1  # both warnings in one, nothing held
        assert sorted(table.waiting()) == ["alice", "bob"]  # nobody ran out yet
        assert_clean(fake, proc)
    finally:
        await proc.stop()


async def test_moderators_pause_resume_extend_and_change_the_pace(
    fake: FakeDiscord, bot: BotProcess
):
    table = await new_table(fake, ["alice", "bob"], pace="daily", quiet_clock="waits")
    lobby_clock = field(table.lobby, "Clock")
    assert "daily" in lobby_clock and "wait during each player's quiet hours" in lobby_clock
    await table.start()
    seat = await seat_number(fake, "alice")
    mod = f"<@{fake.users['mod']['id']}>"

    async def status_clock() -> str:
        ex = await fake.slash("carol", table.channel, "game", "status")
        assert ex.ephemeral, ex.describe()
        seats = field(ex.messages()[0], "Seats").split("\n")
        label = re.search(r"\((\w+)\)", seats[seat - 1])
        assert label is not None, seats
        return field(ex.messages()[0], "Clock").replace(label[1], "ALICE")

    commands = [
        (("pause",), {}, "paused the game", "ALICE: stopped with 23 h 59 min left"),
        (("resume",), {}, "resumed the game", "ALICE: 23 h 59 min left"),
        (("extend",), {"seat": seat, "hours": 5}, f"gave seat {seat} 5 h more", "ALICE: 1 d 4 h"),
        (("pace",), {"pace": "fast", "quiet_clock": "runs"}, "changed the clock", "fast: 2 h"),
    ]
    for path, options, said, shown in commands:
        public = len(fake.messages(table.channel))
        refused = await fake.slash("alice", table.channel, "admin", *path, **options)
        assert refused.ephemeral and is_refusal(refused), refused.describe()
        assert "moderator" in refused.text().lower() and shown not in await status_clock()
        assert len(fake.messages(table.channel)) == public
        done = await fake.slash("mod", table.channel, "admin", *path, **options)
        assert not done.ephemeral and not is_refusal(done), done.describe()
        announced = fake.messages(table.channel)[-1].content
        assert mod in announced and said in announced, announced
        assert shown in await status_clock(), (path, await status_clock())
    clock = await status_clock()
    assert "Clocks run during quiet hours" in clock and "Paused" not in clock, clock
    assert re.search(r"ALICE: (4 h|3 h 59 min) left", clock), clock  # capped at the new 4 h
    assert_clean(fake, bot)


async def test_clocks_running_out_together_pause_once_naming_every_seat(
    fake: FakeDiscord, bot: BotProcess
):
    """expiry:pause in a simultaneous bid: one message names both seats (and says how to set a
    moderator role, as none is set), status shows why and each stopped clock, and after
    `/admin resume` the clocks start afresh instead of pausing again at once."""
    no_vacation_days(bot, fake)
    table = await new_table(fake, ["alice", "bob"], pace=PACE, expiry="pause")
    await table.start()
    alice, bob = (f"<@{fake.users[u]['id']}>" for u in ("alice", "bob"))

    def pauses() -> list[str]:
        return [m.content for m in fake.messages(table.channel) if "is paused" in m.content]

    await fake.wait_for(lambda: pauses() != [], 40.0, what="the clocks to run out")
    await settle(bot, fake)
    (said,) = pauses()
    assert alice in said and bob in said and "clocks of" in said, said
    assert "no moderator role is set" in said and "/admin modrole" in said, said
    status = field(
        (await fake.slash("carol", table.channel, "game", "status")).messages()[0], "Clock"
    )
    assert "Paused because the clocks of" in status and "Paused by a moderator" not in status
    assert status.count(": ran out\n") + status.endswith(": ran out") == 2, status
    done = await fake.slash("mod", table.channel, "admin", "resume")
    assert not is_refusal(done) and "starts afresh" in fake.messages(table.channel)[-1].content
    await asyncio.sleep(4)
    assert len(pauses()) == 1  # not paused again within seconds
    status = field(
        (await fake.slash("carol", table.channel, "game", "status")).messages()[0], "Clock"
    )
    assert "Paused" not in status and status.count("s left") == 2, status
    assert_clean(fake, bot)


async def test_a_vacation_day_spent_by_a_clock_is_told_and_shown(
    fake: FakeDiscord, bot: BotProcess
):
    """bob's clock runs out with vacation left: the channel is told (without a ping) and bob
    by his own ping mode (a direct message); status and `/games` show the 24 h, `/me show`
    does not call him away."""
    await fake.slash("bob", "games", "me", "pings", mode="dm")
    refused = await fake.slash("alice", "games", "admin", "clock_days", days=1)
    assert refused.ephemeral and is_refusal(refused), refused.describe()
    done = await fake.slash("mod", "games", "admin", "clock_days", days=1)
    assert "at most 1 day of its player's vacation in a row" in private(done)
    table = await new_table(fake, ["alice", "bob"], pace=PACE)
    await table.start()
    ex = await table.play_components("alice")
    assert not is_refusal(ex), ex.text()

    def notices() -> list:
        return [m for m in fake.messages(table.channel) if "vacation days is spent" in m.content]

    await fake.wait_for(lambda: notices() != [], 40.0, what="bob's clock to run out")
    (notice,) = notices()
    assert "1 of at most 1 in a row" in notice.content and not notice.pinged, notice.content

    def told() -> list[str]:
        return [
            m.content for m in fake.dm_messages("bob") if "vacation days was spent" in m.content
        ]

    await fake.wait_for(lambda: told() != [], 20.0, what="bob's own message")
    assert "this clock only" in told()[0] and "20 days left this year" in told()[0], told()
    assert "last one in a row: if it runs out again, the automatic player" in told()[0]
    status = field(
        (await fake.slash("carol", table.channel, "game", "status")).messages()[0], "Clock"
    )
    assert "23 h 59 min left" in status, status
    listing = (await fake.slash("bob", "games", "games")).text()
    assert "23 h 59 min" in listing, listing
    me = (await fake.slash("bob", "games", "me", "show")).text()
    assert "not away" in me and "/me back" not in me, me
    assert_clean(fake, bot)

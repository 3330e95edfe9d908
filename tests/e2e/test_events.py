"""An event (issue 35) run by the real bot against the fake Discord: a moderator's `/event new`,
people pressing Join / Leave on the sign-up message, the start (the bot's clock moved past the
sign-up by a restart), each round's tables opened in their own threads with their first turn
message, the pairings posted, the games played to the end by their people, round 2 seated, the
final standings posted; and polite refusals."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest

from bot import catalog
from bot.db.engine import make_engine, sessionmaker
from bot.service import GameService
from tests.e2e.driver import MENTION, Table, is_refusal, public_answer
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.helpers import move_clock, settle, start_bot

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

PEOPLE = ["alice", "bob", "carol", "dave"]
GAME = re.compile(r"game #(\d+)")
#: Routes the fake may not know yet (thread listing): the bot falls back to its cache.
THREAD_LISTING = re.compile(r"/guilds/\d+/threads/active|/channels/\d+/threads/archived/public")


def assert_clean(fake: FakeDiscord, bot: BotProcess) -> None:
    """As test_game_flow's, but a thread listing the fake lacks is allowed (see above)."""
    assert fake.handler_errors == []
    unknown = [r.path for r in fake.unknown_requests if not THREAD_LISTING.search(r.path)]
    assert unknown == []
    assert [(r.path, errors) for r, errors in fake.invalid] == []
    failed = [
        (r.method, r.path, r.status)
        for r in fake.requests
        if r.status >= 400 and r.status != 429 and not THREAD_LISTING.search(r.path)
    ]
    assert failed == []
    log = bot.log()
    assert "Traceback" not in log and "unexpected error" not in log, log[-4000:]


def threads_of(fake: FakeDiscord, parent: int) -> dict[str, int]:
    """name -> id of the threads under `parent`."""
    return {
        c["name"]: int(c["id"])
        for c in fake.channels.values()
        if c.get("type") == 11 and c.get("parent_id") == str(parent)
    }


def name_of(fake: FakeDiscord, user_id: int) -> str:
    return next(n for n, u in fake.users.items() if int(u["id"]) == user_id)


def pairings(fake: FakeDiscord, channel: int, round_no: int) -> list[Message]:
    return [m for m in fake.messages(channel) if f"** · round {round_no}:" in m.content]


def table_in(fake: FakeDiscord, thread: int, line: str) -> Table:
    """The driver's Table for the game in `thread`, its players read from the pairings line."""
    people = [name_of(fake, int(x)) for x in MENTION.findall(line)]
    first = next(m for m in fake.messages(thread) if GAME.search(m.text()))
    found = GAME.search(first.text())
    assert found is not None
    return Table(fake, thread, people, game_id=int(found[1]))


async def play_round(fake: FakeDiscord, channel: int, round_no: int) -> list[Table]:
    """Wait for the round's pairings, check each table's thread and first turn message, then
    play every table to its end (at once, as people would)."""
    await fake.wait_for(lambda: pairings(fake, channel, round_no), 30, what="the pairings")
    (post,) = pairings(fake, channel, round_no)
    threads = threads_of(fake, channel)
    lines = [ln for ln in post.content.splitlines() if ln.startswith("Table ")]
    assert len(lines) == 2, post.content
    tables = []
    for n, line in enumerate(lines, 1):
        name = next(k for k in threads if k.endswith(f"round {round_no} · table {n}"))
        assert f"<#{threads[name]}>" in line
        await fake.wait_for(
            lambda t=threads[name]: any(GAME.search(m.text()) for m in fake.messages(t)),
            30,
            what="a turn message in the table's thread",
        )
        table = table_in(fake, threads[name], line)
        assert table.turn_message() is not None and len(table.players) == 2
        tables.append(table)
    await asyncio.gather(*(t.play_to_end() for t in tables))
    assert all(t.finished() for t in tables)
    return tables


@pytest.mark.rate_limits(scale=0.2, global_per_second=10)  # (tables seated at once: a burst)
async def test_an_event_from_signup_to_final_standings(fake: FakeDiscord, tmp_path: Path):
    proc = await start_bot(fake, tmp_path)
    try:
        games = fake.channel("games")
        ex = await fake.slash(
            "mod", "games", "event", "new",
            name="Winter Cup", title="bazaar", seats=2, rounds=2, signup_hours=1,
            options="rounds=2",
        )  # fmt: skip
        signup = await public_answer(ex)
        assert "Winter Cup" in signup.text() and "Swiss, 2 rounds" in signup.text()
        join = next(c for c in signup.custom_ids() if c.endswith(":join"))
        leave = join.replace(":join", ":leave")
        for name in PEOPLE:
            pressed = await fake.press(name, signup, join)
            assert pressed.ephemeral and "You're in **Winter Cup**" in pressed.text()
        again = await fake.press("alice", signup, join)
        assert is_refusal(again) and "signed up already" in again.text()
        left = await fake.press("carol", signup, leave)
        assert left.ephemeral and "You've left" in left.text()
        carol = f"<@{fake.users['carol']['id']}>"
        await fake.wait_for(lambda: carol not in fake.message(signup.id).text(), 10)
        await fake.press("carol", signup, join)
        await fake.wait_for(
            lambda: all(f"<@{fake.users[p]['id']}>" in fake.message(signup.id).text() for p in PEOPLE),
            10,
            what="every entrant on the sign-up message",
        )  # fmt: skip

        await move_clock(proc, 3700)  # past the sign-up: the start timer fires
        round1 = await play_round(fake, games, 1)
        assert fake.message(signup.id).custom_ids() == []  # sign-up closed: no buttons
        round2 = await play_round(fake, games, 2)
        assert {t.channel for t in round1}.isdisjoint(t.channel for t in round2)

        def final() -> list[Message]:
            return [
                m
                for m in fake.messages(games)
                if "is over" in m.content and "final standings" in m.text()
            ]

        await fake.wait_for(final, 30, what="the final standings")
        (standings,) = final()
        for p in PEOPLE:
            assert f"<@{fake.users[p]['id']}>" in standings.text()

        await settle(proc, fake)
        assert len(threads_of(fake, games)) == 4  # one per table, none twice
        assert len(pairings(fake, games, 1)) == len(pairings(fake, games, 2)) == 1
        asked = await fake.slash("bob", "games", "event", "me")
        assert asked.ephemeral and "Winter Cup" in asked.text() and "pts" in asked.text()
        shown = await public_answer(await fake.slash("alice", "games", "event", "standings"))
        assert "standings" in shown.text()
        tables = await fake.slash("alice", "games", "event", "tables")
        assert "Table 1" in tables.text() and "finished" in tables.text()

        # a restart finds nothing left to do: no thread, pairings or standings twice; even
        # when a crash came between the standings' post and its mark, the channel shows it
        await proc.stop()
        with sqlite3.connect(tmp_path / "boardroom.db") as db:
            assert db.execute("SELECT final_posted FROM events").fetchall() == [(1,)]
            db.execute("UPDATE events SET final_posted = 0")
        await move_clock(proc, 3800)
        await settle(proc, fake)
        assert len(threads_of(fake, games)) == 4 and len(final()) == 1
        assert len(pairings(fake, games, 2)) == 1

        def marked() -> bool:
            with sqlite3.connect(tmp_path / "boardroom.db", timeout=10) as db:
                return db.execute("SELECT final_posted FROM events").fetchall() == [(1,)]

        await fake.wait_for(marked, 20, what="the standings found and marked posted")
        assert len(final()) == 1
        # and when the post itself never reached the channel, the restart posts it
        await proc.stop()
        final()[0].deleted = True
        with sqlite3.connect(tmp_path / "boardroom.db") as db:
            db.execute("UPDATE events SET final_posted = 0")
        await move_clock(proc, 3900)
        await fake.wait_for(final, 30, what="the final standings posted again")
        assert len(final()) == 1
        assert_clean(fake, proc)
        limits = fake.rate_limits
        assert limits is not None and limits.limited and limits.early == [], "no burst met"
    finally:
        await proc.stop()


async def test_event_new_is_for_moderators_and_an_empty_event_is_cancelled(
    fake: FakeDiscord, tmp_path: Path
):
    proc = await start_bot(fake, tmp_path)
    try:
        ex = await fake.slash(
            "alice", "games", "event", "new", name="Mine", title="bazaar", seats=2, rounds=1
        )
        assert ex.ephemeral and "Only moderators can open an event" in ex.text(), ex.text()
        assert not [m for m in fake.messages("games") if "Mine" in m.text()]
        ex = await fake.slash(
            "mod", "games", "event", "new", name="Big", title="bazaar", seats=9, rounds=1
        )
        assert ex.ephemeral and "seat 2 to" in ex.text(), ex.text()
        assert not [m for m in fake.messages("games") if "Big" in m.text()]
        chat = fake.add_thread("chat", "games")
        ex = await fake.slash(
            "mod", chat, "event", "new", name="Here", title="bazaar", seats=2, rounds=1
        )
        assert ex.ephemeral and "in a text channel" in ex.text(), ex.text()

        ex = await fake.slash(
            "mod", "games", "event", "new",
            name="Quick", title="bazaar", seats=2, rounds=1, signup_hours=0,
        )  # fmt: skip
        assert not ex.ephemeral
        await fake.wait_for(
            lambda: any("cancelled" in m.text() for m in fake.messages("games")),
            20,
            what="the cancellation note",
        )
        note = next(m for m in fake.messages("games") if "cancelled" in m.content)
        assert "too few people signed up" in note.content
        nothing = await fake.slash("alice", "lounge", "event", "standings")
        assert nothing.ephemeral and "no event in this channel" in nothing.text()
        assert_clean(fake, proc)
    finally:
        await proc.stop()


async def seat_round_one(proc: BotProcess, event_id: int) -> None:
    """Seat round 1 through the service on the bot's database while the bot is stopped: as
    if it crashed between seating the round and opening its tables."""
    catalog.load(["tests.titles.bazaar:TITLE"], ["tests.titles.bazaar_render:RENDERER"])
    engine = make_engine(proc.env["DATABASE_URL"])
    try:
        advance = await GameService(sessionmaker(engine)).start_event(event_id)
        assert advance.what == "seated"
    finally:
        await engine.dispose()


async def test_a_round_seated_before_a_crash_is_opened_at_start_up(
    fake: FakeDiscord, tmp_path: Path
):
    proc = await start_bot(fake, tmp_path)
    try:
        ex = await fake.slash(
            "mod", "games", "event", "new",
            name="Spring Cup", title="bazaar", seats=2, rounds=1, signup_hours=1,
        )  # fmt: skip
        signup = await public_answer(ex)
        join = next(c for c in signup.custom_ids() if c.endswith(":join"))
        for name in ("alice", "bob"):
            assert not is_refusal(await fake.press(name, signup, join))
        event_id = int(join.split(":")[2])
        await proc.stop()
        await seat_round_one(proc, event_id)
        # its thread was made before the crash too: found again by its name, not made twice
        thread = fake.add_thread("Spring Cup · round 1 · table 1", "games")
        await move_clock(proc, 3700)
        games = fake.channel("games")
        await fake.wait_for(lambda: pairings(fake, games, 1), 30, what="the pairings")
        await fake.wait_for(lambda: any(GAME.search(m.text()) for m in fake.messages(thread)), 30)
        await settle(proc, fake)
        assert threads_of(fake, games) == {"Spring Cup · round 1 · table 1": thread}
        assert fake.requests_to("POST", rf"/channels/{games}/threads") == []
        (post,) = pairings(fake, games, 1)
        assert f"<#{thread}>" in post.content
        assert_clean(fake, proc)
    finally:
        await proc.stop()

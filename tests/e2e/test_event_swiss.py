"""A whole Swiss event (issue 35) run by the real bot against the fake Discord: nine people sign
up, three rounds at three-seat tables of the bazaar test title; a moderator drops one entrant
during round 1 (the automatic player finishes their table; they are not seated again, so the
later rounds seat 3 + 3 + 2); the bot is killed (SIGKILL) while round 2's tables are being
opened (nothing seated or posted twice, no table lost); a table of round 3 is left unplayed and
the bot restarted with its clock past the round's deadline (the automatic players end it, its
last turn message in its thread); the final standings are checked against points worked out
here from the games' results (4/2/0 at three seats, 2/0 at two, shared places split)."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import sqlite3
from pathlib import Path

import pytest

from tests.e2e.driver import MENTION, Table, is_refusal, public_answer, turn_version
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.helpers import HOUR, move_clock, settle, start_bot
from tests.e2e.test_events import GAME, assert_clean, name_of, pairings, threads_of

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

PEOPLE = ["alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank", "ivy"]
EVENT = "Autumn Swiss"
SIGNUP = 3700.0
ROUND_HOURS = 24
STANDING = re.compile(r"<@(\d+)> — ([\d.]+) pts")


def db(proc: BotProcess) -> sqlite3.Connection:
    return sqlite3.connect(proc.workdir / "boardroom.db", timeout=10)


def lines_of(post: Message) -> list[str]:
    return [ln for ln in post.content.splitlines() if ln.startswith("Table ")]


async def round_posted(fake: FakeDiscord, channel: int, round_no: int) -> list[str]:
    """The round's pairings post (once), its table lines; each table's thread has its game."""
    await fake.wait_for(lambda: pairings(fake, channel, round_no), 30, what="the pairings")
    (post,) = pairings(fake, channel, round_no)
    lines = lines_of(post)
    threads = threads_of(fake, channel)
    for n, line in enumerate(lines, 1):
        (thread,) = [t for k, t in threads.items() if k.endswith(f"round {round_no} · table {n}")]
        assert f"<#{thread}>" in line, post.content
        await fake.wait_for(
            lambda t=thread: any(GAME.search(m.text()) for m in fake.messages(t)),
            30,
            what=f"round {round_no} table {n}'s turn message",
        )
    return lines


def table_of(fake: FakeDiscord, channel: int, round_no: int, line: str, gone: set[int]) -> Table:
    """The driver's Table for a pairings line; `gone`: dropped people (not playing)."""
    n = int(line.split()[1].rstrip(":"))
    threads = threads_of(fake, channel)
    (thread,) = [t for k, t in threads.items() if k.endswith(f"round {round_no} · table {n}")]
    ids = [int(x) for x in MENTION.findall(line.split(" — ")[0])]
    games = {int(g) for m in fake.messages(thread) for g in GAME.findall(m.text())}
    assert len(games) == 1, f"thread {thread} shows games {games}"  # one game a table
    people = [name_of(fake, i) for i in ids if i not in gone]
    return Table(fake, thread, people, game_id=games.pop())


def place_points(places: dict[int, int], seats: int) -> dict[int, float]:
    """By hand: 2 × (seats − place) by rank, tied people splitting their ranks' points."""
    ranked = sorted(places.values())
    out = {}
    for person, place in places.items():
        covered = [i for i, p in enumerate(ranked) if p == place]
        out[person] = sum(2.0 * (seats - 1 - i) for i in covered) / len(covered)
    return out


def game_places(proc: BotProcess, game_id: int) -> dict[int, int]:
    """Each person's place in a finished game, from the game's stored result and its seats."""
    with db(proc) as conn:
        (raw,) = conn.execute("SELECT result FROM games WHERE id = ?", (game_id,)).fetchone()
        seats = conn.execute(
            "SELECT user_id, seat_no FROM seats WHERE game_id = ? AND is_bot = 0", (game_id,)
        ).fetchall()
    places = json.loads(raw)["places"]
    return {int(u): int(places[str(n)]) for u, n in seats}


@pytest.mark.rate_limits(scale=0.2, global_per_second=8)  # (three tables seated at once)
async def test_a_swiss_event_of_nine_with_a_drop_a_crash_and_a_deadline(
    fake: FakeDiscord, tmp_path: Path
):
    for name in PEOPLE[6:]:
        fake.add_user(name.capitalize())
    proc = await start_bot(fake, tmp_path)
    try:
        games = fake.channel("games")
        ex = await fake.slash(
            "mod", "games", "event", "new",
            name=EVENT, title="bazaar", seats=3, rounds=3, signup_hours=1,
            round_days=ROUND_HOURS / 24, options="rounds=2",
        )  # fmt: skip
        signup = await public_answer(ex)
        join = next(c for c in signup.custom_ids() if c.endswith(":join"))
        for name in PEOPLE:
            assert not is_refusal(await fake.press(name, signup, join))
        uid = {p: int(fake.users[p]["id"]) for p in PEOPLE}

        # ---- round 1: three tables of three; a moderator drops someone at table 1
        await move_clock(proc, SIGNUP)
        lines = await round_posted(fake, games, 1)
        assert len(lines) == 3 and len(threads_of(fake, games)) == 3
        assert sorted(int(x) for ln in lines for x in MENTION.findall(ln)) == sorted(uid.values())
        dropped = int(MENTION.findall(lines[0])[0])
        refused = await fake.slash("alice", "games", "event", "drop", user="bob")
        assert refused.ephemeral and "Only moderators" in refused.text(), refused.text()
        again = await fake.slash("mod", "games", "event", "add", user=name_of(fake, dropped))
        assert is_refusal(again) and "in this event already" in again.text(), again.text()
        out = await public_answer(
            await fake.slash("mod", "games", "event", "drop", user=name_of(fake, dropped))
        )
        assert (
            f"<@{dropped}> leaves **{EVENT}**: the automatic player takes their seat at "
            "table 1; they are not seated again."
        ) in out.text()
        twice = await fake.slash("mod", "games", "event", "drop", user=name_of(fake, dropped))
        assert is_refusal(twice) and "is not in this event" in twice.text(), twice.text()
        with db(proc) as conn:
            acts = conn.execute("SELECT actor_id, act, detail FROM audit WHERE act LIKE 'event-%'")
            assert (int(fake.users["mod"]["id"]), "event-drop") in {
                (int(a), act) for a, act, detail in acts if detail.endswith(f" {dropped}")
            }
        played = [table_of(fake, games, 1, ln, {dropped}) for ln in lines]
        seat_line = f"passes from <@{dropped}> to the automatic player"
        assert any(seat_line in m.text() for m in played[0].turn_messages()), [
            m.text() for m in played[0].turn_messages()
        ]
        assert len(played[0].players) == 2
        await asyncio.gather(*(t.play_to_end() for t in played))

        # ---- round 2: eight left (3 + 3 + 2); killed while its tables are being opened
        made = f"/channels/{games}/threads"

        def second_thread_of_round_2(rec) -> bool:  # type: ignore[no-untyped-def]
            made_2 = [k for k in threads_of(fake, games) if "round 2" in k]
            return rec.method == "POST" and rec.path == made and len(made_2) == 2

        fake.hold_answer = second_thread_of_round_2
        await fake.wait_for(lambda: fake.held, 30, what="round 2's second thread made")
        await proc.stop(signal.SIGKILL)
        fake.release_held()
        assert pairings(fake, games, 2) == []
        await proc.start()
        lines = await round_posted(fake, games, 2)
        await settle(proc, fake)
        assert len(pairings(fake, games, 2)) == 1
        assert [len(MENTION.findall(ln.split(" — ")[0])) for ln in lines] == [3, 3, 2]
        assert f"<@{dropped}>" not in pairings(fake, games, 2)[0].content
        assert len(threads_of(fake, games)) == 6  # none made twice, none lost
        with db(proc) as conn:
            rows = conn.execute("SELECT round, count(*) FROM event_tables GROUP BY round")
            assert dict(rows.fetchall()) == {1: 3, 2: 3}
        played += (round2 := [table_of(fake, games, 2, ln, set()) for ln in lines])
        for t in round2:  # each table's turn message posted once
            versions = [turn_version(m) for m in t.turn_messages()]
            assert versions and len(set(versions)) == len(versions), versions
        await asyncio.gather(*(t.play_to_end() for t in round2))

        # ---- round 3: tables 2 and 3 played; table 1 left to the deadline
        lines = await round_posted(fake, games, 3)
        # (tables are numbered by their best-placed entrant: avoiding a repeated opponent may
        # seat the smaller table above a full one)
        assert sorted(len(MENTION.findall(ln.split(" — ")[0])) for ln in lines) == [2, 3, 3]
        assert f"<@{dropped}>" not in pairings(fake, games, 3)[0].content
        round3 = [table_of(fake, games, 3, ln, set()) for ln in lines]
        played += round3
        late = round3[0]  # (table 1: three seats)
        assert len(late.players) == 3
        await asyncio.gather(*(t.play_to_end() for t in round3[1:]))
        assert not late.finished()
        await settle(proc, fake)
        assert not [m for m in fake.messages(games) if "is over" in m.content]
        await move_clock(proc, SIGNUP + ROUND_HOURS * HOUR + 600)
        await fake.wait_for(late.finished, 30, what="the deadline's end of the unplayed table")

        def final() -> list[Message]:
            return [m for m in fake.messages(games) if "is over" in m.content]

        await fake.wait_for(final, 30, what="the final standings")
        await settle(proc, fake)
        (post,) = final()
        assert len(threads_of(fake, games)) == 9
        assert [len(pairings(fake, games, r)) for r in (1, 2, 3)] == [1, 1, 1]

        # ---- the standings, by hand from the games' results
        points: dict[int, float] = {}
        for t in played:
            assert t.finished()
            places = game_places(proc, t.game_id)
            assert len(places) in (2, 3)
            for person, pts in place_points(places, len(places)).items():
                points[person] = points.get(person, 0.0) + pts
        shown = [(int(u), float(p)) for u, p in STANDING.findall(post.text())]
        assert dict(shown) == points, (shown, points)
        assert len(shown) == 9 and [p for _, p in shown] == sorted(points.values(), reverse=True)
        assert f"Congratulations, <@{shown[0][0]}>" in post.content
        assert_clean(fake, proc)
    finally:
        await proc.stop()


async def test_a_moderator_adds_and_drops_people_during_sign_up(fake: FakeDiscord, tmp_path: Path):
    """`/event add` and `/event drop` asked in another channel: announced in the event's, a
    private note where asked; the sign-up message's list follows; refusals are polite."""
    proc = await start_bot(fake, tmp_path)
    try:
        games = fake.channel("games")
        ex = await fake.slash(
            "mod", "games", "event", "new", name="Small Cup", title="bazaar", seats=2, rounds=1
        )
        signup = await public_answer(ex)
        event = int(next(c for c in signup.custom_ids() if c.endswith(":join")).split(":")[2])
        stranger = int(fake.users["stranger"]["id"])
        refused = await fake.slash("alice", "games", "event", "add", user="alice")
        assert refused.ephemeral and "Only moderators" in refused.text(), refused.text()
        added = await fake.slash("mod", "lounge", "event", "add", user="stranger", event=event)
        assert added.ephemeral and "announced in" in added.text(), added.text()
        note = f"<@{stranger}> joins **Small Cup**: seated from round 1."
        assert [m for m in fake.messages(games) if note in m.content]
        await fake.wait_for(lambda: f"<@{stranger}>" in fake.message(signup.id).text(), 10)
        dropped = await public_answer(
            await fake.slash("mod", "games", "event", "drop", user="stranger")
        )
        assert f"<@{stranger}> leaves **Small Cup**: they are not seated again." in dropped.text()
        await fake.wait_for(lambda: f"<@{stranger}>" not in fake.message(signup.id).text(), 10)
        none = await fake.slash("mod", "lounge", "event", "drop", user="bob")
        assert is_refusal(none) and "no event in this channel" in none.text(), none.text()
        gone = await fake.slash("mod", "games", "event", "drop", user="bob")
        assert is_refusal(gone) and "is not in this event" in gone.text(), gone.text()
        assert_clean(fake, proc)
    finally:
        await proc.stop()

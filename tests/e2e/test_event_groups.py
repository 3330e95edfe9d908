"""A `groups` event (round robin in groups balanced by rating) run by the real bot against the
fake Discord: `/event new format:groups group_size:3` at 2-seat tables, six people with
ratings, two groups of three made at the start (a snake draft: the strongest, 4th and 5th
together), three rounds of two tables and two byes, everyone meeting everyone in their group
once, and the final standings shown group by group."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from tests.e2e.driver import public_answer
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import real_bot_available
from tests.e2e.helpers import move_clock, settle, start_bot
from tests.e2e.test_events import assert_clean, pairings, play_round

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

PEOPLE = ["alice", "bob", "carol", "dave", "erin", "frank"]  # strongest first
MENTION = re.compile(r"<@(\d+)>")


async def test_a_groups_event_from_signup_to_final_standings(fake: FakeDiscord, tmp_path: Path):
    proc = await start_bot(fake, tmp_path)
    try:
        games = fake.channel("games")
        ex = await fake.slash(
            "mod", "games", "event", "new",
            name="Group Cup", title="bazaar", seats=2, format="groups", group_size=3,
            signup_hours=1, options="rounds=2",
        )  # fmt: skip
        signup = await public_answer(ex)
        assert "Round robin in groups of 3" in signup.text(), signup.text()
        join = next(c for c in signup.custom_ids() if c.endswith(":join"))
        for name in PEOPLE:
            pressed = await fake.press(name, signup, join)
            assert pressed.ephemeral and "You're in **Group Cup**" in pressed.text()
        ids = {name: int(fake.users[name]["id"]) for name in PEOPLE}

        await proc.stop()
        with sqlite3.connect(tmp_path / "boardroom.db") as db:
            db.executemany(
                "INSERT INTO ratings (user_id, title, rating, games, updated_at) "
                "VALUES (?, 'bazaar', ?, 5, '2026-01-01 00:00:00')",
                [(ids[n], 1600 - 100 * k) for k, n in enumerate(PEOPLE)],
            )
        await move_clock(proc, 3700)  # past the sign-up: the start timer fires
        expect = [
            {ids["alice"], ids["dave"], ids["erin"]},
            {ids["bob"], ids["carol"], ids["frank"]},
        ]
        home = {p: k for k, g in enumerate(expect) for p in g}

        met: list[frozenset[int]] = []
        for round_no in (1, 2, 3):
            tables = await play_round(fake, games, round_no)
            (post,) = pairings(fake, games, round_no)
            assert post.content.count("Bye:") == 2, post.content
            for table in tables:
                a, b = (ids[p] for p in table.players)
                assert home[a] == home[b]
                met.append(frozenset((a, b)))
        with sqlite3.connect(tmp_path / "boardroom.db", timeout=10) as db:
            (stored,) = db.execute("SELECT groups, rounds FROM events").fetchall()
        assert stored[1] == 3  # the longest group schedule
        made = [set(g) for g in json.loads(stored[0])]
        assert made == expect  # balanced by rating: A strongest, 4th, 5th
        inside = {frozenset((a, b)) for g in expect for a in g for b in g if a < b}
        assert sorted(met, key=sorted) == sorted(inside, key=sorted)  # each pair once

        def final() -> list[Message]:
            return [
                m
                for m in fake.messages(games)
                if "is over" in m.content and "final standings" in m.text()
            ]

        await fake.wait_for(final, 30, what="the final standings")
        text = final()[0].text()
        assert "Group A" in text and "Group B" in text, text
        group_a, group_b = text.split("Group B")
        section = [
            {int(x) for x in MENTION.findall(s.split("Group A")[-1])} for s in (group_a, group_b)
        ]
        assert [s & set(ids.values()) for s in section] == expect
        head, body = text.split("\n", 1)
        for part in body.split("__**Group ")[1:]:  # each group's first place is congratulated
            assert f"<@{MENTION.findall(part)[0]}>" in head, text
        await settle(proc, fake)
        asked = await fake.slash("dave", "games", "event", "me")
        assert asked.ephemeral and "in group A" in asked.text(), asked.text()
        shown = await public_answer(await fake.slash("alice", "games", "event", "standings"))
        assert "Group A" in shown.text() and "Group B" in shown.text()
        assert_clean(fake, proc)
    finally:
        await proc.stop()

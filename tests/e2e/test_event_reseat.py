"""A moderator takes a dropped entrant back (`/event reseat`) while their table still plays: the
automatic player hands their own seat back to them, in the table's thread, and it is
announced in the event's channel; a second re-seat is refused politely."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.driver import MENTION, is_refusal, public_answer
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import real_bot_available
from tests.e2e.helpers import move_clock, start_bot
from tests.e2e.test_event_swiss import PEOPLE, SIGNUP, round_posted, table_of
from tests.e2e.test_events import name_of

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


async def test_a_dropped_entrant_reseated_gets_their_seat_back(fake: FakeDiscord, tmp_path: Path):
    for name in PEOPLE[6:]:
        fake.add_user(name.capitalize())
    proc = await start_bot(fake, tmp_path)
    try:
        games = fake.channel("games")
        ex = await fake.slash(
            "mod", "games", "event", "new",
            name="Spring Cup", title="bazaar", seats=3, rounds=1, signup_hours=1,
        )  # fmt: skip
        signup = await public_answer(ex)
        join = next(c for c in signup.custom_ids() if c.endswith(":join"))
        for name in PEOPLE[:6]:
            assert not is_refusal(await fake.press(name, signup, join))
        await move_clock(proc, SIGNUP)
        lines = await round_posted(fake, games, 1)
        who = int(MENTION.findall(lines[0])[0])
        await fake.slash("mod", "games", "event", "drop", user=name_of(fake, who))
        back = await fake.slash("mod", "games", "event", "reseat", user=name_of(fake, who))
        assert "takes their seat again at their table" in (await public_answer(back)).text()
        table = table_of(fake, games, 1, lines[0], set())
        returned = f"<@{who}> is back and takes their seat again."
        await fake.wait_for(
            lambda: any(returned in m.text() for m in fake.messages(table.channel)),
            what="the seat handed back in the thread",
        )
        again = await fake.slash("mod", "games", "event", "reseat", user=name_of(fake, who))
        assert is_refusal(again) and "Only someone dropped" in again.text(), again.text()
    finally:
        await proc.stop()

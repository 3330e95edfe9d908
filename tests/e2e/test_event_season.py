"""A season (issue 35) run by the real bot against the fake Discord: `/event new
format:season`, its rule in the sign-up post, three entrants, ordinary `/game new` games in
two channels (one with a non-entrant, which does not count), `/event standings` with the games
counted, and the end timer (the bot's clock moved past the window by a restart) posting the
final standings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.driver import Table, is_refusal, public_answer
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import real_bot_available
from tests.e2e.helpers import move_clock, start_bot
from tests.e2e.test_events import assert_clean

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

LINE = re.compile(r"<@(\d+)> — ([\d.]+) pts · (\d+) games? counted")


async def play(fake: FakeDiscord, channel: str, players: list[str]) -> None:
    table = Table(fake, fake.channel(channel), players)
    await table.open(players[0], seats=len(players))
    await table.join_all()
    await table.start()
    await table.play_to_end()


def counted(text: str) -> dict[int, tuple[float, int]]:
    return {int(u): (float(p), int(n)) for u, p, n in LINE.findall(text)}


async def test_a_season_from_signup_to_final_standings(fake: FakeDiscord, tmp_path: Path):
    proc = await start_bot(fake, tmp_path)
    try:
        games = fake.channel("games")
        ex = await fake.slash(
            "mod", "games", "event", "new",
            name="Autumn League", title="bazaar", format="season", window_days=1, best=2,
            signup_hours=0.01,
        )  # fmt: skip
        signup = await public_answer(ex)
        assert "Season, best 2 games" in signup.text() and "two entrants" in signup.text()
        join = next(c for c in signup.custom_ids() if c.endswith(":join"))
        for name in ("alice", "bob", "carol"):
            pressed = await fake.press(name, signup, join)
            assert not is_refusal(pressed) and "The season starts" in pressed.text()

        def started() -> list[Message]:
            return [m for m in fake.messages(games) if "has started" in m.content]

        await fake.wait_for(started, 60, what="the season's start")
        await play(fake, "games", ["alice", "bob"])
        await play(fake, "lounge", ["bob", "carol"])
        await play(fake, "lounge", ["alice", "dave"])  # (one entrant: not counted)
        ids = {n: int(fake.users[n]["id"]) for n in ("alice", "bob", "carol")}
        shown = await public_answer(await fake.slash("carol", "games", "event", "standings"))
        assert "season standings so far" in shown.text()
        rows = counted(shown.text())
        assert {u: n for u, (_, n) in rows.items()} == {
            ids["alice"]: 1,
            ids["bob"]: 2,
            ids["carol"]: 1,
        }
        assert sum(p for p, _ in rows.values()) == 4  # two 2-seat games: 2 points each

        def final() -> list[Message]:
            return [m for m in fake.messages(games) if "is over" in m.content]

        await move_clock(proc, 2 * 86400)  # past the window: the end timer fires
        await fake.wait_for(final, 30, what="the final standings")
        (post,) = final()
        assert "final standings" in post.text() and counted(post.text()) == rows
        assert_clean(fake, proc)
    finally:
        await proc.stop()

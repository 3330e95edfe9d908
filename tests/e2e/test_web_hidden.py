"""Hidden information on the web table: while a Mombasa plan is confirmed but not revealed,
no page, board alt text or link preview shows it, nor another seat's hand; the
planner's own personal page does (bot/web: positions from the spectator view, the reader's own
view from their seat only)."""

from __future__ import annotations

import re

import pytest

from tests.e2e.driver import Table
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import real_bot_available
from tests.e2e.test_mombasa import CARD_ID, CONFIRMED, PLANNED, plan_policy
from tests.e2e.web_links import fetch, web_link

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


async def test_an_unrevealed_plan_reaches_no_page_but_its_planners(fake: FakeDiscord, web_bot):
    table = Table(fake, fake.channel("games"), ["alice", "bob"])
    await table.open("alice", title="mombasa", seats=3, bots=1)
    await table.join_all()
    await table.start()
    for _ in range(20):  # the set-up choices, up to the first planning
        if PLANNED.search(table.turn_message().text()):
            break
        await table.play_components(table.waiting()[0], policy=plan_policy)
    assert PLANNED.search(table.turn_message().text()), "no planning came"
    dms = len(fake.dm_messages("alice"))
    await table.play_components("alice", policy=plan_policy)

    def confirmed() -> list[str]:
        return [m[1] for x in fake.dm_messages("alice")[dms:] if (m := CONFIRMED.search(x.text()))]

    await fake.wait_for(confirmed, 10, what="alice's plan by DM")
    plan = confirmed()[-1]
    assert plan not in ("nothing", "no cards")
    public = await web_link(fake, "carol", "games")

    status, page = await fetch(public)
    assert status == 200
    pages = {"public": page}
    for n in range(0, 3):
        pages[f"public move {n}"] = (await fetch(f"{public}/{n}"))[1]
    pages["bob's own"] = (await fetch(await web_link(fake, "bob", "games", "mine")))[1]
    mine_status, mine = await fetch(await web_link(fake, "alice", "games", "mine"))
    assert mine_status == 200 and "Your plan" in mine  # her own page shows it
    for name, html in pages.items():
        assert plan not in html, (name, plan)
        og = re.findall(r'<meta property="og:[^"]+" content="([^"]*)"', html)
        assert og and not any(plan in c for c in og), name
        if name.startswith("public"):
            alts = " ".join(re.findall(r'alt="([^"]*)"', html))
            text = re.sub(r"<[^>]+>", " ", html) + " " + alts + " " + " ".join(og)
            assert "Your plan" not in html and "Your hand" not in html, name
            assert not CARD_ID.search(text), (name, CARD_ID.search(text))
    assert "/mine.png" in pages["bob's own"]  # bob sees his own hand, not alice's plan

"""The table on the web in a real headless Chromium, against the real bot process (WEB_PORT
set) and the fake Discord: a game's page with its board, stepping through the replay, a move
made through Discord appearing live, a personal link with the hand, a revoked link refused, a
player's name with HTML in it shown as text, phone and desktop screenshots, and no console
error anywhere. The screenshots are left in WEB_SHOTS (tests/web/browser.py) to look at."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tests.e2e.driver import Table
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import real_bot_available
from tests.e2e.test_mombasa import plan_policy
from tests.e2e.web_links import web_link
from tests.web.browser import DESKTOP, PHONE, chromium, console_errors, needs_browser, shot

pytestmark = [
    pytest.mark.e2e,
    needs_browser,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

EVIL_NICK = '<img src=x onerror="document.title=1">Al'


def _run(fn: Any, *args: Any) -> Any:
    return asyncio.to_thread(fn, *args)


def page_state(d: Any) -> dict:
    return d.execute_script(
        "const b = document.body;"
        "const img = document.querySelector('#board img');"
        "return {move: b.dataset.move, total: b.dataset.total, live: b.dataset.live,"
        " marker: window.__kept === 1, title: document.title,"
        " img: img ? img.naturalWidth : 0, width: document.documentElement.scrollWidth,"
        " url: location.pathname};"
    )


async def test_the_table_page_in_a_browser(fake: FakeDiscord, web_bot):
    fake.add_user("alice")
    alice = fake.users["alice"]
    fake.members[int(alice["id"])]["nick"] = EVIL_NICK
    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", title="mombasa", seats=3, bots=2)
    await table.start()
    for _ in range(2):
        await table.play_components("alice", policy=plan_policy)
    public = await web_link(fake, "carol", "games")

    with chromium(DESKTOP) as d:
        await _run(d.get, public)
        state = page_state(d)
        assert state["img"] > 0 and state["move"] == state["total"] and state["live"] == "1"
        assert "Mombasa" in state["title"] and state["title"] != "1"  # the nick did not run
        assert "&lt;img src=x" in d.page_source
        shot(d, "desktop_latest")
        total = int(state["total"])

        # step back with ◀ and with the slider: every position has its own address
        await _run(d.find_element("css selector", "a[rel=prev]").click)
        await _wait(lambda: page_state(d)["move"] == str(total - 1))
        assert page_state(d)["url"].endswith(f"/{total - 1}")
        await _run(d.get, public + "/0")
        assert page_state(d)["move"] == "0" and page_state(d)["img"] > 0

        # back at the latest: a move made through Discord shows without a reload
        await _run(d.get, public)
        d.execute_script("window.__kept = 1;")
        await table.play_components("alice", policy=plan_policy)
        await _wait(lambda: int(page_state(d)["total"]) > total, timeout=5)
        after = page_state(d)
        assert after["marker"] and after["img"] > 0 and after["move"] == after["total"]
        shot(d, "desktop_live")
        assert console_errors(d) == []

    mine = await web_link(fake, "alice", "games", "mine")
    with chromium(PHONE, mobile=True) as d:
        await _run(d.get, mine)
        hand = d.find_elements("css selector", "img[src$='mine.png']")
        assert hand and d.execute_script("return arguments[0].naturalWidth", hand[0]) > 0
        state = page_state(d)
        assert state["width"] <= PHONE[0], "the page scrolls sideways on a phone"
        shot(d, "phone_mine")
        await _run(d.get, public)
        shot(d, "phone_public")
        assert not d.find_elements("css selector", "img[src$='mine.png']")
        assert console_errors(d) == []

    revoked = await fake.slash("alice", "games", "game", "web", link="revoke")
    assert revoked.ephemeral and "stopped working" in revoked.text(), revoked.text()
    with chromium(DESKTOP) as d:
        await _run(d.get, mine)
        assert "revoked" in d.find_element("tag name", "body").text
        shot(d, "desktop_revoked")


async def _wait(check: Any, timeout: float = 3.0) -> None:
    end = time.monotonic() + timeout
    while True:
        if await asyncio.to_thread(check):
            return
        if time.monotonic() > end:
            raise AssertionError("the page did not get there in time")
        await asyncio.sleep(0.05)

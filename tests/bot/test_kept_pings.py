"""Clock warnings kept for later (held through quiet hours, or collected for the daily digest)
against a real database with the injectable clock: what they say when they go out is true
then (the time left then; nothing stale once the clock stopped or ran out), and the digest
says what became of a decision that moved on (the clock ran out, the automatic player)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.discord.clocks import warning_template, warning_text
from bot.service import GameService
from bot.service.clocks import CLOCK
from bot.service.digest import DIGEST, HELD
from bot.service.pings import Ping
from tests.bot.test_clocks import (  # noqa: F401  (no_vacation_days: a fixture)
    Clock,
    no_vacation_days,
    play_seat,
    start,
)
from tests.bot.test_service import ANA, CHAN, GUILD


async def run_until(svc: GameService, clock: Clock, end: datetime) -> list[tuple[str, Ping]]:
    """Let time pass a minute at a time, handling the timers as the dispatcher does (a
    warning routed as `bot.discord.clocks` routes it): every ping sent, with its time."""
    sent: list[tuple[str, Ping]] = []
    while clock.now < end:
        clock.tick(60)
        for t in await svc.claim_due_timers():
            at = clock.now.strftime("%d %H:%M")
            if t.kind == CLOCK:
                news = await svc.clock_fired(t.payload, t.game_id)
                if news is not None and news.kind == "warning":
                    pings = await svc.route_pings(
                        [news.user_id],
                        guild_id=news.game.guild_id,
                        channel_id=news.game.channel_id,
                        game_id=news.game.id,
                        text=warning_text(news),
                        icon="⏳",
                        version=news.game.version,
                        seat=news.seat_no,
                        template=warning_template(news),
                    )
                    sent += [(at, p) for p in pings]
            elif t.kind == HELD:
                sent += [(at, p) for p in await svc.held_ping_due(t)]
            elif t.kind == DIGEST:
                digest = await svc.digest_due(t)
                if digest is not None:
                    sent += [(at, p) for p in digest.pings]
    return sent


def _left(text: str) -> str:
    found = re.match(r"(.+?) left on your clock", text)
    assert found, text
    return found[1]


async def test_a_held_warning_states_the_time_left_when_it_is_sent(service):
    """A 24 h clock from 12:00: Ana's half-time warning (midnight) is held until her quiet
    hours end at 08:00, and then says 4 h, not the 12 h it had when it was held."""
    clock = Clock()
    service.clock = clock
    await service.set_quiet(ANA, GUILD, "22:00", "08:00")
    await start(service, pace="daily")
    sent = await run_until(service, clock, datetime(2026, 12, 2, 8, 30, tzinfo=UTC))
    ana = [(at, _left(p.text)) for at, p in sent if p.user_id == ANA]
    assert ana == [("02 08:00", "4 h")]


async def test_a_held_warning_whose_clock_ran_out_is_not_sent(service):
    """A 4 h clock starts at 23:00, inside Ana's quiet hours: her warning is held; the clock
    runs out at 03:00 and the game pauses (its version unchanged). At 08:00 nothing stale
    ("4 h left") is sent: the channel was told."""
    clock = Clock()
    clock.now = datetime(2026, 12, 1, 23, 0, tzinfo=UTC)
    service.clock = clock
    await service.set_quiet(ANA, GUILD, "22:00", "08:00")
    await start(service, pace="custom:4/1/4", expiry="pause")
    sent = await run_until(service, clock, datetime(2026, 12, 2, 8, 30, tzinfo=UTC))
    assert (await service.status(CHAN)).paused
    assert [p for _, p in sent if p.user_id == ANA] == []


async def test_the_digest_says_what_became_of_a_decision_that_moved_on(service):
    """Ana takes the digest (09:00). A 24 h clock from 12:00: her half-time warning is in the
    digest of 09:00 with the time left then (3 h); her one-hour warning is collected, then her
    clock runs out at 12:00 and the automatic player takes her seat: the next digest says so."""
    clock = Clock()
    service.clock = clock
    await service.set_pings(ANA, GUILD, "digest")
    out = await start(service, pace="daily")
    await play_seat(service, out, 1)  # Ben bids at once: only Ana's clock runs out
    sent = await run_until(service, clock, datetime(2026, 12, 2, 9, 30, tzinfo=UTC))
    first = [(at, p.text) for at, p in sent if p.user_id == ANA]
    assert [(at, _left(text)) for at, text in first] == [("02 09:00", "3 h")]
    sent = await run_until(service, clock, datetime(2026, 12, 3, 9, 30, tzinfo=UTC))
    (late,) = [(at, p) for at, p in sent if p.user_id == ANA]
    assert late[0] == "03 09:00" and late[1].icon == "⏳"
    assert late[1].text.startswith("Your clock in Bazaar (game #1) ran out: the automatic player")
    assert "`/game return`" in late[1].text


async def test_the_digest_tells_once_that_a_clock_ran_out_and_paused_the_game(service):
    """Ana takes the digest; her 4 h clock (expiry:pause) warns at 14:00 and 15:00 and runs out
    at 16:00, pausing the game: her digest says so, once for both warnings."""
    clock = Clock()
    service.clock = clock
    await service.set_pings(ANA, GUILD, "digest")
    out = await start(service, pace="custom:4/1/4", expiry="pause")
    await play_seat(service, out, 1)
    sent = await run_until(service, clock, datetime(2026, 12, 2, 9, 30, tzinfo=UTC))
    assert [(at, p.text) for at, p in sent if p.user_id == ANA] == [
        (
            "02 09:00",
            "Your clock in Bazaar (game #1) ran out, so the game is paused for a moderator.",
        )
    ]

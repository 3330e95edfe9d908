"""The event messages people read (bot/discord/event_text.py): within Discord's limits however
many entrants, byes said as such, places in order."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.discord import event_text
from bot.events.standings import Standing
from bot.service.events import EventInfo, RoundTable


def info(entrants: int = 4, status: str = "signup", round_no: int = 0) -> EventInfo:
    return EventInfo(
        id=7,
        guild_id=1,
        channel_id=2,
        name="Winter Cup",
        title="bazaar",
        title_name="Bazaar",
        format="swiss",
        seats=3,
        rounds=3,
        status=status,
        round=round_no,
        starts_at=datetime(2026, 12, 7, 12, tzinfo=UTC),
        round_deadline=None,
        entrants=tuple(range(10**17, 10**17 + entrants)),
        dropped=(),
        signup_message_id=None,
        min_finished=2,
        round_hours=168,
    )


def test_signup_embed_fits_with_many_entrants() -> None:
    embed = event_text.signup_embed(info(entrants=300))
    fields = {f.name: f.value or "" for f in embed.fields}
    assert len(fields["Entrants (300)"]) <= 1024
    assert fields["Each round"] == "up to 7 days"
    assert "at least 2 finished games" in fields["Entry"]
    assert "<t:" in fields["Sign-up closes"]
    assert len(embed) <= 6000


def test_pairings_name_tables_threads_and_byes() -> None:
    tables = [
        RoundTable(1, (1, 2, 3), 55, "playing", False),
        RoundTable(2, (4,), None, "over", True),
    ]
    text = event_text.pairings_text(info(status="running", round_no=2), tables)
    assert text.startswith("**Winter Cup** · round 2:")
    assert "Table 1: <@1>, <@2>, <@3> — <#55>" in text
    assert "Bye: <@4> (worth an average place: 2 pts this round)" in text  # (4/2/0: not 4)
    many = [RoundTable(n, (n, n + 1, n + 2), n, "playing", False) for n in range(200)]
    assert len(event_text.pairings_text(info(status="running", round_no=1), many)) <= 2000


def test_standings_in_order_with_byes() -> None:
    rows = [Standing(1, 4.0, 2.0, 0.71, 2), Standing(2, 2.0, 6.0, 0.5, 1, 1)]
    embed = event_text.standings_embed(info(status="finished", round_no=3), rows)
    assert embed.title is not None and "final standings" in embed.title
    lines = (embed.description or "").splitlines()
    assert lines[0].startswith("**1.** <@1> — 4 pts") and "1 bye" in lines[1]
    assert event_text.place_of(rows, 2) == (2, rows[1])


def test_the_entry_rules_in_words():
    from dataclasses import replace

    from bot.discord.event_text import entry_rule

    plain = replace(info(), min_finished=0)
    assert entry_rule(plain) == "anyone may join"
    both = replace(plain, min_finished=3, clean_last=5)
    assert entry_rule(both) == (
        "at least 3 finished games on this server; no clock run out in one's last 5 games here"
    )

"""A season's messages (bot/discord/event_text.py): the sign-up post states the rule and the
window, the standings show the games counted and no opponents' points, and `/event tables`
says a season seats no tables."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

from bot.discord import event_text
from bot.events.standings import Standing
from bot.service.events import EventInfo
from tests.bot.test_event_text import info


def season(status: str = "signup") -> EventInfo:
    start = datetime(2026, 12, 7, 12, tzinfo=UTC)
    return dataclasses.replace(
        info(entrants=300, status=status),
        format="season",
        rounds=0,
        best=5,
        round_hours=30 * 24,
        ends_at=start + timedelta(days=30),
    )


def test_the_season_signup_post_states_its_rule_and_window() -> None:
    embed = event_text.signup_embed(season())
    fields = {f.name: f.value or "" for f in embed.fields}
    assert fields["Format"] == "Season, best 5 games"
    rule = fields["Rule"]
    assert "30 days" in rule and "at least two entrants" in rule and "best 5 games" in rule
    assert "more games counted" in rule and len(rule) <= 1024
    assert "<t:" in fields["The season ends"] and "Each round" not in fields
    assert len(embed) <= 6000
    assert "best 5 count" in event_text.joined_text(season())


def test_season_standings_show_games_counted() -> None:
    rows = [Standing(1, points=8.0, score_share=0.5, games=5), Standing(2, games=0)]
    embed = event_text.standings_embed(season("running"), rows)
    assert "season standings so far" in (embed.title or "")
    assert "8 pts · 5 games counted" in (embed.description or "")
    assert "opp." not in (embed.description or "")
    assert "best 5" in (embed.footer.text or "")
    final = event_text.standings_embed(season("finished"), rows, final=True)
    assert "final standings" in (final.title or "")
    assert "seats no tables" in event_text.tables_text(season("running"), [])

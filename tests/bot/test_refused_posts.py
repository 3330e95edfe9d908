"""What the players read when Discord refuses a turn message (bot/discord/refused_posts.py),
from Discord's own answers as discord.py reads them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.discord import refused_posts
from tests.bot.test_discord_messages import info


def refusal(status: int, body: dict[str, Any] | str) -> discord.HTTPException:
    """discord.py's exception for Discord's answer (`response`: the status it reads)."""
    response = SimpleNamespace(status=status, reason="refused")
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


MISSING = refusal(403, {"message": "Missing Permissions", "code": 50013})
GONE = refusal(404, {"message": "Unknown Channel", "code": 10003})
TOO_LONG = refusal(
    400,
    {
        "message": "Invalid Form Body",
        "code": 50035,
        "errors": {
            "content": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": "Too long."}]}
        },
    },
)
LIMITED = refusal(429, {"message": "You are being rate limited.", "retry_after": 1, "global": True})


def test_discords_own_words_on_one_line():
    assert refused_posts.reason(MISSING) == "Missing Permissions"
    assert refused_posts.reason(TOO_LONG) == "Invalid Form Body"  # (not the nested detail)
    assert refused_posts.reason(refusal(502, "")) == "HTTP 502"


def test_which_refusals_are_passing_and_which_are_the_channels():
    assert refused_posts.passing(LIMITED) and refused_posts.passing(refusal(503, ""))
    assert not any(refused_posts.passing(e) for e in (MISSING, GONE, TOO_LONG))
    assert refused_posts.channel_refused(MISSING) and refused_posts.channel_refused(GONE)
    assert not refused_posts.channel_refused(TOO_LONG)


def test_a_missing_permission_says_the_game_goes_on_and_what_a_moderator_can_do():
    text = refused_posts.channel_text(info(), MISSING)
    assert "**Bazaar** (game 7)" in text and "<#2>" in text
    assert "Missing Permissions" in text and "it is your turn" in text
    assert "`/play`" in text and "ask a moderator" in text


def test_a_channel_gone_does_not_send_the_player_there():
    text = refused_posts.channel_text(info(), GONE)
    assert "its channel is gone" in text and "Unknown Channel" in text
    assert "/play" not in text and "Nothing is lost" in text


def test_the_mover_hears_their_move_is_in():
    text = refused_posts.answer_text(TOO_LONG)
    assert text.startswith("✅ Your move is in.") and "Invalid Form Body" in text
    assert len(text) <= 2000

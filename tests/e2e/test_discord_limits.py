"""The fake Discord refuses what Discord refuses, answers as Discord answers (its 400 body, its
429s and rate-limit headers), and discord.py reads those answers as it reads Discord's."""

from __future__ import annotations

import aiohttp
import pytest

from tests.e2e import discord_limits as limits
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess

pytestmark = pytest.mark.e2e

BUTTON = {"type": 2, "style": 1, "label": "a", "custom_id": "a"}
SELECT = {
    "type": 3,
    "custom_id": "s",
    "options": [{"label": str(i), "value": str(i)} for i in range(25)],
}
GOOD = {
    "content": "hello",
    "embeds": [{"title": "t", "description": "d", "fields": [{"name": "n", "value": "v"}]}],
    "components": [{"type": 1, "components": [BUTTON]}, {"type": 1, "components": [SELECT]}],
}


def paths(violations: list[limits.Violation]) -> list[str]:
    return [".".join(str(p) for p in v.path) for v in violations]


def test_a_message_within_every_limit_passes():
    assert limits.message(GOOD, [("a.png", b"x")]) == []
    described = [{"id": 0, "filename": "a.png", "description": "d" * 1024}]
    assert limits.message({"attachments": described}, [("a.png", b"x")]) == []


def test_each_message_limit_is_named_by_its_path():
    assert paths(limits.message(dict(GOOD, content="x" * 2001))) == ["content"]
    rows = [{"type": 1, "components": [dict(BUTTON, custom_id=f"b{i}")]} for i in range(6)]
    assert paths(limits.message({"components": rows})) == ["components"]
    dup = {"components": [GOOD["components"][0], GOOD["components"][0]]}
    assert [v.code for v in limits.message(dup)] == ["COMPONENT_CUSTOM_ID_DUPLICATED"]
    big = dict(SELECT, options=[{"label": str(i), "value": str(i)} for i in range(26)])
    assert paths(limits.components([{"type": 1, "components": [big]}])) == [
        "components.0.components.0.options"
    ]
    long_value = dict(SELECT, options=[{"label": "a", "value": "v" * 101}])
    assert paths(limits.components([{"type": 1, "components": [long_value]}])) == [
        "components.0.components.0.options.0.value"
    ]
    crowded = {"type": 1, "components": [SELECT, BUTTON]}
    assert [v.code for v in limits.components([crowded])] == ["COMPONENT_LAYOUT_WIDTH_EXCEEDED"]
    too_much = [{"id": 0, "filename": "a.png", "description": "d" * 1025}]
    assert paths(limits.message({"attachments": too_much})) == ["attachments.0.description"]
    assert paths(limits.message({"nonce": "n" * 26})) == ["nonce"]


def test_the_embeds_of_a_message_share_6000_characters():
    embed = {"description": "d" * 4000}
    assert limits.message({"embeds": [embed]}) == []
    found = limits.message({"embeds": [embed, embed]})
    assert [(v.path, v.code) for v in found] == [(("embeds",), "MAX_EMBED_SIZE_EXCEEDED")]
    field = {"name": "n", "value": "v" * 1025}
    assert paths(limits.message({"embeds": [{"fields": [field]}]})) == ["embeds.0.fields.0.value"]


def test_an_interaction_answer_is_checked_under_data():
    answer = {"type": 4, "data": {"content": "x" * 2001}}
    assert paths(limits.callback(answer)) == ["data.content"]
    long = [{"name": "n" * 101, "value": "v" * 101}] * 2 + [{"name": "", "value": 1}]
    choices = limits.callback({"type": 8, "data": {"choices": long}})
    assert paths(choices) == [
        "data.choices.0.name",
        "data.choices.0.value",
        "data.choices.1.name",
        "data.choices.1.value",
        "data.choices.2.name",
    ]
    assert paths(limits.autocomplete([{"name": "n", "value": "v"}] * 26)) == ["choices"]
    row = {"type": 1, "components": [{"type": 4, "custom_id": "c", "style": 1, "label": "L" * 46}]}
    modal = {"type": 9, "data": {"title": "T" * 46, "custom_id": "m", "components": [row]}}
    assert paths(limits.callback(modal)) == [
        "data.title",
        "data.components.0.components.0.label",
    ]


def test_slash_commands_are_checked_as_discord_registers_them():
    option = {"type": 3, "name": "pace", "description": "d", "max_length": 40}
    good = {"name": "game", "description": "Play", "options": [option]}
    assert limits.commands([good]) == []
    bad = dict(
        good,
        name="Game",
        options=[dict(option, max_length=6001, choices=[{"name": "n" * 101, "value": "v"}])],
    )
    assert paths(limits.commands([bad])) == [
        "0.name",
        "0.options.0.choices.0.name",
        "0.options.0.max_length",
    ]
    required_late = [dict(option, name="a"), dict(option, name="b", required=True)]
    assert [v.code for v in limits.command(dict(good, options=required_late))] == [
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"
    ]


def test_threads_names_and_archive_durations():
    assert paths(limits.thread({"name": ""})) == ["name"]
    assert paths(limits.thread({"archived": False}, creating=False)) == []
    assert paths(limits.thread({"name": "t", "auto_archive_duration": 30})) == [
        "auto_archive_duration"
    ]


def test_the_400_body_nests_errors_by_path_as_discord_does():
    body = limits.error_body(limits.callback({"type": 4, "data": {"content": "x" * 2001}}))
    assert body == {
        "message": "Invalid Form Body",
        "code": 50035,
        "errors": {
            "data": {
                "content": {
                    "_errors": [
                        {
                            "code": "BASE_TYPE_MAX_LENGTH",
                            "message": "Must be 2000 or fewer in length.",
                        }
                    ]
                }
            }
        },
    }


async def test_discord_py_reads_the_fakes_400_as_an_http_exception(
    fake: FakeDiscord, minimal_bot: BotProcess
):
    ex = await fake.slash("alice", "games", "mini", "shout", length=2001)
    await fake.wait_for(lambda: ex.callback is not None and ex.webhook_calls >= 1)
    # discord.py flattens the nested errors into its exception's text, as it does Discord's
    assert ex.text() == (
        "refused 400 50035: Invalid Form Body\nIn content: Must be 2000 or fewer in length."
    )
    games = fake.channel("games")
    assert fake.broken_limits() == [
        f"POST /channels/{games}/messages: content: Must be 2000 or fewer in length."
    ]
    fake.invalid.clear()  # (sent on purpose)
    ok = await fake.slash("alice", "games", "mini", "shout", length=2000)
    await fake.wait_for(lambda: ok.webhook_calls >= 1)
    assert ok.text() == "posted"


async def test_an_injected_refusal_reaches_discord_py_as_discords_would(
    fake: FakeDiscord, minimal_bot: BotProcess
):
    games = fake.channel("games")
    fake.refuse(
        lambda r: r.method == "POST" and r.path == f"/channels/{games}/messages",
        403,
        50013,
        "Missing Permissions",
    )
    ex = await fake.slash("alice", "games", "mini", "shout", length=5)
    await fake.wait_for(lambda: ex.webhook_calls >= 1)
    assert ex.text() == "refused 403 50013: Missing Permissions"


@pytest.mark.rate_limits(scale=0.2)
async def test_discord_py_waits_out_a_channels_bucket(fake: FakeDiscord, minimal_bot: BotProcess):
    ex = await fake.slash("alice", "games", "mini", "burst", count=12)
    await fake.wait_for(lambda: ex.webhook_calls >= 1, timeout=30)
    assert ex.text() == "posted 12"
    texts = [m.content for m in fake.messages("games") if m.content.startswith("burst")]
    assert texts == [f"burst {n}" for n in range(12)]  # each once, in order
    posts = [r for r in fake.requests_to("POST", r"/channels/\d+/messages") if r.status == 200]
    assert len(posts) == 12
    assert fake.rate_limits is not None and fake.rate_limits.early == []


@pytest.mark.rate_limits(scale=0.2, global_per_second=5)
async def test_a_global_429_is_waited_out_and_retried(fake: FakeDiscord, minimal_bot: BotProcess):
    ex = await fake.slash("alice", "games", "mini", "burst", count=12)
    await fake.wait_for(lambda: ex.webhook_calls >= 1, timeout=30)
    assert ex.text() == "posted 12"
    texts = [m.content for m in fake.messages("games") if m.content.startswith("burst")]
    assert texts == [f"burst {n}" for n in range(12)]
    assert fake.rate_limits is not None
    assert any(r.is_global for r in fake.rate_limits.limited)  # discord.py met the 429s
    assert fake.rate_limits.early == []  # and waited their retry_after


async def test_a_fake_left_with_a_broken_limit_fails_the_test():
    """What every end-to-end test gets from its fixture: leaving the fake fails when any
    request broke a documented limit (here a message of 2,001 characters)."""
    with pytest.raises(AssertionError, match="requests Discord would refuse"):
        async with FakeDiscord() as fake:
            headers = {"Authorization": f"Bot {fake.token}"}
            url = f"{fake.api_base}/channels/{fake.channel('games')}/messages"
            async with (
                aiohttp.ClientSession(headers=headers) as s,
                s.post(url, json={"content": "x" * 2001}) as r,
            ):
                assert r.status == 400
                body = await r.json()
            assert body["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"

"""Mombasa end to end: the real bot and the fake Discord, whole games with people planning in
secret (their plan built step by step on their own ephemeral menu, then confirmed) and bot seats.

Checked on everything Discord received: the public turn message only counts planners ("n of N
have planned"), edited in place; the last confirmation reveals every plan in ONE new post; every
image decodes; no hand, unrevealed plan or card id ever reaches a public message (hands travel
by DM and ephemeral answers only)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from tests.e2e.driver import Table, first_forward, is_refusal
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_game_flow import assert_clean, decode_image

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

#: Words only a seat's own private messages may carry.
PRIVATE_WORDS = ("Your hand", "Your plan", "You keep tile", "Your starting tiles", "You must place")
#: Card ids (action cards A01.., starting cards S_BAN1.., seat cards SEAT_1, coloured copies) and
#: the plan move ids: a player never reads them, and a public one would name a hidden card.
CARD_ID = re.compile(
    r"\b(?:[A-D]\d\d|S_[A-Z]{3}\d?|SEAT_\d|(?:blue|green|yellow|purple):\w+)\b|plan:"
)
PLANNED = re.compile(r"(\d) of (\d) have planned")
CONFIRMED = re.compile(r"Your plan is confirmed: (.+?)\.(?:\s|$)")


def plan_policy(choices: Sequence[str]) -> str:
    """A person planning: put a card into a slot (one choice: card and slot), a second one,
    then confirm (a plan with two cards or more); elsewhere the first choice that moves on."""
    confirm_two = [c for c in choices if c.startswith("plan:") and "," in c.split(";")[0]]
    if confirm_two:
        return confirm_two[0]
    # a card into a slot; on the two-step path (a large hand) a slot for the card picked,
    # else pick a card
    for pattern in (r"c\d+s\d", r"s\d", r"c\d+"):
        steps = [c for c in choices if re.fullmatch(pattern, c)]
        if steps:
            return steps[0]
    confirm = [c for c in choices if c.startswith("plan:")]
    return confirm[-1] if confirm else first_forward(choices)


def public_messages(fake: FakeDiscord, channel: int) -> list[Message]:
    return [m for m in fake.messages(channel) if not m.ephemeral]


def assert_nothing_secret_public(
    fake: FakeDiscord, table: Table, plans: dict[str, str], current: int = 0
) -> None:
    """Every public message as it stands now: no private words, no card or plan id in text or
    component ids, no hand/private image; a confirmed plan not revealed yet in no message of
    this planning phase (from the turn message with id `current` on)."""
    for m in public_messages(fake, table.channel):
        # (an image's alt text is public too: the same checks)
        text = "\n".join([m.text(), *(a.get("description") or "" for a in m.attachments)])
        for word in PRIVATE_WORDS:
            assert word not in text, (word, text)
        assert not CARD_ID.search(text), (CARD_ID.search(text), text)
        for cid in m.custom_ids():
            assert not CARD_ID.search(cid.split(":", 4)[-1]), cid
        for a in m.attachments:
            name = a["filename"]
            assert not name.startswith(("hand", "private", "player")), name
        for who, plan in plans.items():  # confirmed but not revealed yet
            assert m.id < current or plan not in text, (who, plan, text)


#: How each image's alt text begins, by its file name (a board's otherwise).
STARTS = {"hand.png": "Mombasa, your hand", "timelapse.gif": "Timelapse of a Mombasa game"}


async def play_mombasa(fake: FakeDiscord, people: list[str], bots: int) -> Table:
    table = Table(fake, fake.channel("games"), people)
    await table.open(people[0], title="mombasa", seats=len(people) + bots, bots=bots)
    await table.join_all()
    await table.start()
    plans: dict[str, str] = {}  # person -> confirmed plan text, until it is revealed
    edits = reveals = checked_plans = 0
    for n in range(600):
        if table.finished():
            break
        waiting = table.waiting()
        assert waiting, f"nobody to wait for: {table.turn_message().text()!r}"
        user = waiting[0]
        turn = table.turn_message()
        assert turn is not None
        planning = PLANNED.search(turn.text())
        posted = len(public_messages(fake, table.channel))
        dms = len(fake.dm_messages(user))
        ex = await table.play_components(user, policy=plan_policy)
        assert not is_refusal(ex), f"decision {n} by {user} refused: {ex.text()}"
        if planning:
            # the confirmation is private: the player's DM names the plan
            def confirmed(user: str = user, dms: int = dms) -> list[str]:
                texts = [x.text() for x in fake.dm_messages(user)[dms:]]
                return [m[1] for t in texts if (m := CONFIRMED.search(t))]

            await fake.wait_for(lambda: confirmed(), 10, what=f"{user}'s plan by DM")
            if confirmed()[-1] not in ("nothing", "no cards"):
                plans[user] = confirmed()[-1]
            now = table.turn_message()
            if now.id == turn.id:  # not the last planner: the count grows in place
                assert_nothing_secret_public(fake, table, plans, turn.id)
                assert len(public_messages(fake, table.channel)) == posted
                was, seats = int(planning[1]), int(planning[2])
                got = PLANNED.search(fake.message(turn.id).text())
                assert got and int(got[1]) > was and int(got[2]) == seats, now.text()
                edits += 1
            else:  # the last one: every plan revealed at once, in one new public post
                new = public_messages(fake, table.channel)[posted:]
                assert len(new) == 1, [m.text()[:200] for m in new]
                assert new[0].text().count(" reveals:") >= 1, new[0].text()
                for who, plan in plans.items():
                    assert f"reveals: {plan}" in new[0].text(), (who, plan)
                checked_plans += len(plans)
                plans.clear()
                reveals += 1
        assert_nothing_secret_public(fake, table, plans, turn.id)
    assert table.finished(), "the game did not end"
    assert reveals >= 7, reveals  # one reveal per round
    assert checked_plans >= 5, checked_plans  # plans seen private first, then revealed
    if len(people) > 1:
        assert edits >= 7, edits
    # hands reached the people privately (DM), never publicly (checked after each decision)
    for p in people:
        assert any("Your hand" in m.text() for m in fake.dm_messages(p)), p
    # every image anyone was sent decodes
    seen = 0
    for m in [
        *public_messages(fake, table.channel),
        *(x for p in people for x in fake.dm_messages(p)),
    ]:
        for data in m.images():
            decode_image(data)
            seen += 1
        for a in m.attachments:  # each with its alt text, written from the image's view
            alt = a.get("description") or ""
            assert 0 < len(alt) <= 1024, (a["filename"], alt)
            start = STARTS.get(a["filename"], "Mombasa board.")
            assert alt.startswith(start), (a["filename"], alt)
    assert seen > 10
    final = table.turn_message()
    assert "final standings" in final.text().lower() or table.finished()
    return table


async def test_mombasa_one_person_and_a_bot_to_the_end(fake: FakeDiscord, bot: BotProcess):
    table = await play_mombasa(fake, ["alice"], bots=1)
    assert table.steps > 0  # the plans were built step by step on the private menu
    assert_clean(fake, bot)


async def test_mombasa_two_people_plan_in_secret_with_a_bot(fake: FakeDiscord, bot: BotProcess):
    table = await play_mombasa(fake, ["alice", "bob"], bots=1)
    assert table.steps > 0
    assert_clean(fake, bot)


async def test_r199_r193_a_chosen_track_deal_and_a_confirmed_plan_that_undo_keeps(
    fake: FakeDiscord, bot: BotProcess
):
    """`/game new options:tracks=...` takes a deal with its commas (a bad one is refused and
    opens nothing); after confirming, `/game undo` is refused privately and changes nothing."""
    games = fake.channel("games")
    bad = await fake.slash("alice", games, "game", "new", title="mombasa", options="tracks=A1,B1")
    assert is_refusal(bad) and "A deal gives the sides for Mombasa" in bad.text(), bad.text()
    assert public_messages(fake, games) == []
    table = Table(fake, games, ["alice", "bob"])
    ex = await table.open("alice", title="mombasa", seats=2, options="tracks=a1, b2, c2, d1")
    assert "tracks=A1,B2,C2,D1" in ex.original.text(), ex.original.text()
    await table.join_all()
    await table.start()
    for who in ("alice", "bob"):  # the starting tiles
        await table.play_components(who)
    await fake.wait_for(lambda: PLANNED.search(table.turn_message().text()), what="planning")
    await table.play_components("alice", policy=plan_policy)
    await fake.wait_for(lambda: "1 of 2 have planned" in table.turn_message().text())
    version, posted = table.version(), len(public_messages(fake, games))
    turn = table.turn_message().text()
    refused = await fake.slash("alice", games, "game", "undo")
    assert refused.ephemeral and is_refusal(refused)
    assert "Your plan is confirmed: it can't be taken back." in refused.text()
    assert "bob" not in refused.text().lower()
    assert table.version() == version and len(public_messages(fake, games)) == posted
    assert table.turn_message().text() == turn and table.waiting() == ["bob"]
    await table.play_components("bob", policy=plan_policy)
    await fake.wait_for(lambda: " reveals:" in table.turn_message().text(), what="the reveal")
    assert_clean(fake, bot)

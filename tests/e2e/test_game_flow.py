"""The real bot process, unmodified, against the fake Discord, playing the test title "bazaar".

Everything is asserted on what Discord would have received: messages, files, components,
callbacks, DMs. Players act the way people do: buttons, select menus, "Decide privately",
`/play` with autocomplete."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import sqlite3

import pytest
from PIL import Image

from tests.e2e.driver import (
    MENTION,
    Table,
    choice_controls,
    is_refusal,
    picked_choice,
    public_answer,
)
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import REAL_BOT, BotProcess, real_bot_available

LABEL = re.compile(r"<@(\d+)> \((\w+)\)")

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


def decode_image(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.width >= 200 and img.height >= 100
    return img


def assert_clean(fake: FakeDiscord, bot: BotProcess) -> None:
    """Nothing the fake does not implement was called, and the bot logged no crash."""
    assert fake.handler_errors == []
    assert [(r.method, r.path) for r in fake.unknown_requests] == []
    assert [(r.path, errors) for r, errors in fake.invalid] == []
    failed = [r for r in fake.requests if r.status >= 400 and r.status != 429]  # (429: waited)
    assert failed == [], [(r.method, r.path, r.status, r.json) for r in failed]
    log = bot.log()
    assert "Traceback" not in log and "unexpected error" not in log, log[-4000:]


async def use_control(fake, user, msg, control, message_data=None):
    kind, custom_id, value = control
    if kind == "button":
        return await fake.press(user, msg, custom_id, message_data=message_data)
    return await fake.select(user, msg, custom_id, [value], message_data=message_data)


async def new_table(fake: FakeDiscord, players: list[str], channel: str = "games", **opts):
    table = Table(fake, fake.channel(channel), players)
    await table.open(players[0], seats=len(players), **opts)
    await table.join_all()
    return table


# ---------------------------------------------------------------------------------------------


async def test_logs_in_and_registers_commands(fake: FakeDiscord, bot: BotProcess):
    assert fake.identifies == 1
    commands = fake.all_commands()
    assert {"game", "play", "admin"} <= set(commands)
    game_subs = {o["name"] for o in commands["game"]["options"]}
    assert {"new", "join", "leave", "start", "status", "board", "log", "undo", "rules", "hand"} <= (
        game_subs
    )
    admin_subs = {o["name"] for o in commands["admin"]["options"]}
    assert {"end", "kick", "replace", "bot", "rollback"} <= admin_subs
    (choice,) = commands["play"]["options"]
    assert choice["name"] == "choice" and choice.get("autocomplete") is True
    new = next(o for o in commands["game"]["options"] if o["name"] == "new")
    title = next(o for o in new["options"] if o["name"] == "title")
    assert "bazaar" in {c["value"] for c in title.get("choices", [])}
    assert_clean(fake, bot)


async def test_dev_guild_gets_guild_commands(fake: FakeDiscord, tmp_path):
    bot = BotProcess(fake, tmp_path, env={"DEV_GUILD_ID": str(fake.guild_id)})
    await bot.start()
    try:
        assert fake.global_commands == {}
        assert {"game", "play", "admin"} <= set(fake.guild_commands[fake.guild_id])
        rules = await fake.slash("alice", "games", "game", "rules", title="bazaar")
        assert rules.payload["data"]["guild_id"] == str(fake.guild_id)
        assert rules.ephemeral and "Bazaar" in rules.text()
        assert_clean(fake, bot)
    finally:
        await bot.stop()


async def test_lobby_join_start_and_full_game(fake: FakeDiscord, bot: BotProcess):
    table = Table(fake, fake.channel("games"), ["alice", "bob"])
    opened = await table.open("alice", seats=2, options="rounds=2")
    assert not opened.ephemeral
    lobby = table.lobby
    assert lobby is not None and "lobby" in lobby.text().lower()
    assert set(lobby.custom_ids()) == {
        table.lobby_button("join"),
        table.lobby_button("leave"),
        table.lobby_button("start"),
    }
    await table.join_all()
    bob_id = fake.users["bob"]["id"]
    assert f"<@{bob_id}>" in fake.message(lobby.id).text()

    await table.start("bob")
    # the lobby loses its buttons once the game runs
    await fake.wait_for(lambda: fake.message(lobby.id).custom_ids() == [])
    first = table.turn_message()
    assert first is not None and first.images()
    decode_image(first.images()[0])

    seen_images: list[int] = []

    lobby_now = fake.message(lobby.id)
    assert lobby_now.pinged == set()  # the lobby pings nobody

    def every_turn_has_an_image(t: Table) -> None:
        msg = t.turn_message()
        assert msg is not None and len(msg.images()) == 1
        # exactly the people the message says it waits for are notified
        if not t.finished():
            field = next(
                f["value"]
                for e in msg.embeds
                for f in e.get("fields", [])
                if f["name"] == "Waiting for"
            )
            expected = {int(x) for x in MENTION.findall(field)}
            if "have decided" in field:  # edited in place after a secret confirmation:
                assert expected and expected <= msg.pinged  # its first pings stand
            else:
                assert msg.pinged == expected != set()
        if msg.id not in seen_images:
            decode_image(msg.images()[0])
            seen_images.append(msg.id)

    await table.play_to_end(after_move=every_turn_has_an_image)
    assert table.finished()
    assert table.via_play > 3 and table.via_components > 3
    final = table.turn_message()
    assert "final standings" in final.text()
    assert final.custom_ids() == [f"br:{table.game_id}:again"]  # only Play again
    # older turn messages had their components stripped: only the newest is live
    await fake.wait_for(lambda: all(not m.custom_ids() for m in table.turn_messages()[:-1]))
    assert len(seen_images) >= table.moves // 2
    assert_clean(fake, bot)


async def test_private_menu_survives_another_players_simultaneous_move(
    fake: FakeDiscord, bot: BotProcess
):
    table = await new_table(fake, ["alice", "bob"])
    await table.start()
    turn = table.turn_message()
    # seats are drawn at start: read each person's seat label from the turn message
    labels = {int(uid): label for uid, label in LABEL.findall(turn.text())}
    private = next(c for c in turn.custom_ids() if c.endswith(":p"))
    opened = await fake.press("alice", turn, private)
    menu = opened.messages()[-1]
    assert menu.ephemeral and menu.ephemeral_for == int(fake.users["alice"]["id"])
    assert menu not in fake.messages("games")
    before = table.version()
    # bob bids 2 with /play meanwhile: the version moves on, alice's menu does not change
    await table.play_command("bob", policy=lambda cs: "pick:2" if "pick:2" in cs else "bid:2")
    assert table.version() > before
    controls = [c for c in choice_controls(menu) if c[2] == "pick:1"]
    ex = await use_control(fake, "alice", menu, controls[0])
    assert not is_refusal(ex), ex.text()
    # picking is a step: the same private menu now asks to confirm, nothing public changed
    await fake.wait_for(lambda: "bid:1" in {c for _, _, c in choice_controls(menu)})
    ex = await use_control(
        fake, "alice", menu, next(c for c in choice_controls(menu) if c[2] == "bid:1")
    )
    assert not is_refusal(ex), ex.text()
    await fake.wait_for(lambda: "Bids revealed" in table.turn_message().text())
    alice = labels[int(fake.users["alice"]["id"])]
    bob = labels[int(fake.users["bob"]["id"])]
    reveal = table.turn_message().text()
    assert f"{alice} 1" in reveal and f"{bob} 2" in reveal, reveal
    # no amount was public before the reveal
    for m in fake.messages("games"):
        if m.id == table.turn_message().id:
            break
        text = m.text().lower()
        assert not re.search(r"\bbid\w*\W+\d+ coin", text) and "2 coins" not in text, text
    assert_clean(fake, bot)


def stored(bot: BotProcess, game_id: int, user_id: int) -> tuple[int, int]:
    """(the game's version, how many actions this person made), as the database holds them."""
    with contextlib.closing(sqlite3.connect(bot.workdir / "boardroom.db")) as db:
        (version,) = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        (made,) = db.execute(
            "SELECT count(*) FROM actions WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        ).fetchone()
    return version, made


async def test_a_play_command_sent_twice_plays_once(fake: FakeDiscord, bot: BotProcess):
    """`/play` picked from the list carries the version it was offered at: the same command
    sent twice (a double submit) plays once, and the second is told the game moved on, even
    when the turn came straight back with the same choice (an automatic player moved)."""
    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", seats=2, bots=1)
    await table.start()
    alice = int(fake.users["alice"]["id"])
    for _ in range(40):  # to a turn where alice may pass (a complete move, not a step)
        offered = await fake.autocomplete("alice", "games", "play", focused="choice", choice="")
        passing = [c["value"] for c in offered if picked_choice(c["value"]) == "pass"]
        if passing:
            break
        await table.play_components("alice")
    else:
        pytest.fail("alice was never offered a pass")
    (value,) = passing
    assert value != "pass" and len(value) <= 100  # it carries the version
    version, made = stored(bot, table.game_id, alice)

    first = await fake.slash("alice", "games", "play", choice=value, wait=False)
    again = await fake.slash("alice", "games", "play", choice=value, wait=False)
    await first.wait_answered()
    await again.wait_answered()
    refused = [ex for ex in (first, again) if is_refusal(ex)]
    assert len(refused) == 1, [ex.text() for ex in (first, again)]
    assert refused[0].ephemeral
    assert "The game moved on since you picked this" in refused[0].text()
    await fake.wait_for(lambda: table.version() > version or table.finished())
    assert stored(bot, table.game_id, alice) == (version + 1, made + 1)

    # typed by hand (no version), a choice is played on the menu as it is now
    if not table.finished():
        offered = await fake.autocomplete("alice", "games", "play", focused="choice", choice="")
        typed = picked_choice(offered[0]["value"])
        ex = await fake.slash("alice", "games", "play", choice=typed)
        assert not is_refusal(ex), ex.text()
    assert_clean(fake, bot)


async def test_a_game_in_a_thread(fake: FakeDiscord, bot: BotProcess):
    thread = fake.add_thread("bazaar-night", "games")
    table = Table(fake, thread, ["carol", "dave"])
    await table.open("carol", seats=2, options="rounds=2")
    await table.join_all()
    await table.start()
    for _ in range(4):
        await table.play_components(table.waiting()[0])
    assert table.moves == 4 and table.turn_message().images()
    assert fake.messages("games") == []  # nothing leaked into the parent channel
    # the parent channel is free for its own game
    other = await new_table(fake, ["alice", "bob"], channel="games")
    assert other.game_id != table.game_id
    assert_clean(fake, bot)


async def test_restart_mid_game_then_finish(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob", "carol"], options="rounds=2")
    await table.start()
    for _ in range(5):
        await table.play_components(table.waiting()[0])
    before = table.version()
    turn_before = table.turn_message()

    await bot.restart()
    assert fake.identifies == 2

    # the turn message posted before the restart still works
    assert table.turn_message().id == turn_before.id
    await table.play_components(table.waiting()[0])
    assert table.version() > before
    await table.play_to_end()
    assert table.finished()
    assert_clean(fake, bot)


def _hand_line(msg: Message) -> str | None:
    for line in msg.content.splitlines():
        if line.startswith("Your hand"):
            return line
    return None


async def test_hidden_hands_reach_players_privately(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob"], options="rounds=2")
    await table.start()
    # at the start every player gets their hand by DM
    for p in table.players:
        await fake.wait_for(lambda p=p: any(_hand_line(m) for m in fake.dm_messages(p)))

    # the DM carries the hand as words and as an image
    dm = next(m for m in fake.dm_messages("alice") if _hand_line(m))
    assert dm.images(), "the hand should come with its picture"
    decode_image(dm.images()[0])

    # /game hand answers ephemerally with the same hand as the newest DM, and its picture
    ex = await fake.slash("bob", "games", "game", "hand")
    assert ex.ephemeral and ex.messages()
    shown = ex.messages()[-1]
    line = _hand_line(shown)
    assert line is not None and shown.images()
    decode_image(shown.images()[0])

    def newest_dm_hand(user: str) -> str | None:
        lines = [x for m in fake.dm_messages(user) if (x := _hand_line(m))]
        return lines[-1] if lines else None

    await fake.wait_for(lambda: newest_dm_hand("bob") == line)

    # "Show my hand" on the public turn message: the presser's own hand, privately
    turn = table.turn_message()
    hand_button = f"br:{table.game_id}:h"
    assert hand_button in turn.custom_ids()
    pressed = await fake.press("bob", turn, hand_button)
    assert pressed.ephemeral and _hand_line(pressed.messages()[-1]) == line
    nosy = await fake.press("stranger", turn, hand_button)
    assert nosy.ephemeral and is_refusal(nosy) and "Your hand" not in nosy.text()

    hands_seen: set[str] = set()

    def public_never_shows_a_hand(t: Table) -> None:
        for p in t.players:
            for m in fake.dm_messages(p):
                line = _hand_line(m)
                if line:
                    hands_seen.add(line)
        for m in fake.messages("games"):
            text = m.text()
            assert "Your hand" not in text and "You drew" not in text and "You bid" not in text
            for line in hands_seen:
                assert line not in text

    await table.play_to_end(after_move=public_never_shows_a_hand)
    # private draws were delivered privately
    assert any("You drew" in m.content for p in table.players for m in fake.dm_messages(p))
    # the hand images are never posted in the channel
    for m in fake.messages("games"):
        assert all(not a["filename"].startswith("hand") for a in m.attachments)
    assert_clean(fake, bot)


async def test_closed_dms_fall_back_to_a_channel_notice(fake: FakeDiscord, bot: BotProcess):
    fake.dms_closed.add(int(fake.users["bob"]["id"]))
    table = await new_table(fake, ["alice", "bob"])
    await table.start()
    bob = fake.users["bob"]["id"]
    notice = await fake.wait_for(
        lambda: fake.last_message(
            "games", lambda m: f"<@{bob}>" in m.content and "/game hand" in m.content
        )
    )
    assert "Your hand" not in notice.text()
    assert fake.dm_messages("bob") == []
    ex = await fake.slash("bob", "games", "game", "hand")
    assert ex.ephemeral and "Your hand" in ex.text()


async def test_commands_without_a_game_get_a_polite_ephemeral_error(
    fake: FakeDiscord, bot: BotProcess
):
    for args, opts in [
        (("game", "status"), {}),
        (("game", "start"), {}),
        (("game", "hand"), {}),
        (("play",), {"choice": "pass"}),
    ]:
        ex = await fake.slash("alice", "quiet", *args, **opts)
        assert ex.ephemeral, (args, ex.text())
        assert is_refusal(ex), (args, ex.text())
        assert "Traceback" not in ex.text() and "went wrong" not in ex.text()
    assert fake.messages("quiet") == []
    assert await fake.autocomplete("alice", "quiet", "play", focused="choice") == []
    assert_clean(fake, bot)


async def test_only_moderators_use_admin(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob"])
    await table.start()
    shown = Message(data=table.turn_message().snapshot(), files={})
    public_before = len(fake.messages("games"))
    for who in ("stranger", "alice"):
        ex = await fake.slash(who, "games", "admin", "end", reason="spite")
        assert ex.ephemeral and is_refusal(ex) and "moderator" in ex.text().lower()
    assert len(fake.messages("games")) == public_before and table.waiting()

    ex = await fake.slash("mod", "games", "admin", "end", reason="test over")
    assert not is_refusal(ex) and not ex.ephemeral, ex.text()
    assert "ended" in ex.text() and "test over" in ex.text()
    # the game is gone: its old controls and the channel's commands answer politely
    controls = choice_controls(shown) or [("button", c, "") for c in shown.custom_ids()]
    assert controls
    late = await use_control(fake, "alice", shown.id, controls[0], shown.data)
    assert late.ephemeral and is_refusal(late)
    play = await fake.slash("alice", "games", "play", choice="bid:0")
    assert play.ephemeral and is_refusal(play) and "no game" in play.text()
    # /game status still tells what became of the last game here
    status = await fake.slash("alice", "games", "game", "status")
    assert status.ephemeral and not is_refusal(status) and "ended" in status.text()
    assert_clean(fake, bot)


async def test_rules_and_status_and_board(fake: FakeDiscord, bot: BotProcess):
    rules = await fake.slash("stranger", "lounge", "game", "rules", title="bazaar")
    assert rules.ephemeral and "Bazaar" in rules.text()
    page_buttons = rules.original.custom_ids()
    if page_buttons:
        nxt = next(c for c in page_buttons if c.endswith(":1"))
        turned = await fake.press("stranger", rules.original, nxt)
        assert turned.callback_type in (6, 7)
    table = await new_table(fake, ["alice", "bob"], channel="lounge")
    await table.start()
    status = await fake.slash("carol", "lounge", "game", "status")
    assert status.ephemeral and f"game #{table.game_id}" in status.text()
    board = await public_answer(await fake.slash("carol", "lounge", "game", "board"))
    decode_image(board.images()[0])
    assert_clean(fake, bot)


async def seat_number(fake: FakeDiscord, who: str) -> int:
    """The 1-based seat `who` holds, read from `/game status` (seating is random at start)."""
    ex = await fake.slash(who, "games", "game", "status")
    embed = ex.messages()[0].data["embeds"][0]
    rows = next(f["value"] for f in embed["fields"] if f["name"] == "Seats").split("\n")
    mention = f"<@{fake.users[who]['id']}>"
    return next(n for n, row in enumerate(rows, 1) if mention in row)


async def test_moderator_seat_changes_and_mod_role(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob"])
    table.players.append("carol")
    await table.start()
    assert sorted(table.waiting()) == ["alice", "bob"]

    # /admin replace: carol takes bob's seat, gets the hand privately; bob is out
    bob_seat, alice_seat = await seat_number(fake, "bob"), await seat_number(fake, "alice")
    ex = await fake.slash("mod", "games", "admin", "replace", seat=bob_seat, user="carol")
    assert not is_refusal(ex) and not ex.ephemeral, ex.text()
    assert f"<@{fake.users['carol']['id']}>" in ex.text()
    await fake.wait_for(lambda: sorted(table.waiting()) == ["alice", "carol"])
    await fake.wait_for(lambda: any("Your hand" in m.content for m in fake.dm_messages("carol")))
    refused = await fake.slash("bob", "games", "play", choice="bid:0")
    assert refused.ephemeral and is_refusal(refused)

    # /admin bot: the automatic player takes alice's seat and bids at once
    ex = await fake.slash("mod", "games", "admin", "bot", seat=alice_seat)
    assert not is_refusal(ex), ex.text()
    await fake.wait_for(lambda: table.waiting() == ["carol"])
    await table.play_components("carol")
    assert table.turn_message() is not None

    # a member of the configured moderator role may use /admin; before that, not
    gm = fake.add_role("Game Master")
    fake.give_role("erin", gm)
    before = await fake.slash("erin", "games", "admin", "rollback", steps=1)
    assert before.ephemeral and is_refusal(before)
    ex = await fake.slash("mod", "games", "admin", "modrole", role="Game Master")
    assert ex.ephemeral and is_refusal(ex)  # needs Manage Server
    ex = await fake.slash("owner", "games", "admin", "modrole", role="Game Master")
    assert not is_refusal(ex), ex.text()
    version = table.version()
    ex = await fake.slash("erin", "games", "admin", "rollback", steps=1)
    assert not is_refusal(ex), ex.text()
    await fake.wait_for(lambda: table.version() != version)
    assert_clean(fake, bot)


async def test_leaving_the_lobby_and_a_running_game(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob", "carol"])
    lobby = table.lobby
    # the Leave button frees the seat in place
    left = await fake.press("carol", lobby, table.lobby_button("leave"))
    assert not is_refusal(left)
    carol = fake.users["carol"]["id"]
    assert f"<@{carol}>" not in fake.message(lobby.id).text()
    back = await fake.press("carol", lobby, table.lobby_button("join"))
    assert not is_refusal(back) and f"<@{carol}>" in fake.message(lobby.id).text()
    await table.start()

    # /game leave in a running game: the automatic player takes the seat, the game goes on
    ex = await fake.slash("carol", "games", "game", "leave")
    assert not is_refusal(ex), ex.text()
    await fake.wait_for(lambda: "carol" not in table.waiting() and table.waiting())
    table.players.remove("carol")
    await table.play_to_end(max_moves=200)
    assert table.finished()
    assert_clean(fake, bot)


async def test_sigterm_shuts_down_cleanly(fake: FakeDiscord, bot: BotProcess):
    """SIGTERM: pending deliveries are drained, the gateway is closed by the bot (not dropped),
    and the process exits 0."""
    code = await bot.stop()
    assert code == 0, bot.log()[-2000:]
    assert "stopped" in bot.log()
    assert fake.sessions[-1].ws.closed


async def test_turn_reminder_pings_the_waiting_players_once(fake: FakeDiscord, tmp_path):
    """With TURN_REMINDER_HOURS tiny (about 2 s), a game left waiting gets one reminder per
    decision, mentioning exactly the people it waits for."""
    proc = BotProcess(fake, tmp_path, entry=REAL_BOT, env={"TURN_REMINDER_HOURS": "0.0005"})
    await proc.start()
    try:
        table = await new_table(fake, ["alice", "bob"])
        await table.start()
        waiting = table.waiting()

        def reminders() -> list[Message]:
            return [m for m in fake.messages("games") if m.content.startswith("⏰")]

        await fake.wait_for(lambda: reminders(), 20, what="a turn reminder")
        text = reminders()[0].content
        for name in ("alice", "bob"):
            mention = f"<@{fake.users[name]['id']}>"
            assert (mention in text) == (name in waiting), text
        await asyncio.sleep(3)  # longer than the reminder period: still one for this decision
        assert len(reminders()) == 1
        assert_clean(fake, proc)
    finally:
        await proc.stop()

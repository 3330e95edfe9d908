"""Presses no honest client sends, and a database that cannot keep up, against the real bot:
every one gets a polite, private answer within Discord's 3 seconds, and nothing changes.

- custom ids that do not parse, hold numbers too big for the database, or name no game;
- a live button pressed from another channel (a thread counts as its own channel);
- a select carrying two values (or none);
- a control of a player's own (ephemeral) menu shown on a public message;
- text longer than a command's option allows (`max_length`), typed into autocomplete;
- a database locked by another program: a clear "busy" answer, and lobby presses and
  `/game new|join|leave` deferred in time while the database makes them wait."""

from __future__ import annotations

import asyncio
import copy
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.driver import Table, choice_controls, is_refusal
from tests.e2e.fake_discord import (
    EPHEMERAL,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    Exchange,
    FakeDiscord,
    Message,
)
from tests.e2e.harness import BotProcess, real_bot_available

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

BIG = "9" * 25  # overflows SQLite's 64-bit integers
NOT_MINE = "not one of mine"
DISCORD_LIMIT = 3.0


# ---- helpers -------------------------------------------------------------------------------
def assert_refused(ex: Exchange, *needles: str) -> None:
    """A private answer in time, saying why (after a private deferral, if any: Discord keeps a
    deferral's visibility for the answer that follows it)."""
    assert ex.callback is not None, ex.describe()
    assert ex.callback_at - ex.sent_at < DISCORD_LIMIT, ex.callback_at - ex.sent_at
    assert ex.ephemeral and is_refusal(ex), (ex.callback, ex.text())
    if ex.callback_type == 5:
        assert int(ex.callback["data"].get("flags") or 0) & EPHEMERAL, ex.callback
    for needle in needles:
        assert needle in ex.text(), ex.text()


def public_view(fake: FakeDiscord, *channels: int) -> list[tuple[Any, ...]]:
    """Everything everyone sees in these channels (to show that nothing changed)."""
    out = []
    for channel in channels:
        for m in fake.messages(channel):
            out.append((m.id, m.text(), m.custom_ids(), m.edits, len(m.attachments)))
    return out


def with_component(msg: Message, replace: str, component: dict[str, Any]) -> dict[str, Any]:
    """A snapshot of `msg` whose component `replace` is swapped for `component`."""
    data = copy.deepcopy(msg.snapshot())
    for row in data["components"]:
        for i, child in enumerate(row.get("components") or []):
            if child.get("custom_id") == replace:
                row["components"][i] = component
                return data
    raise KeyError(replace)


def with_row(msg: Message, component: dict[str, Any]) -> dict[str, Any]:
    """A snapshot of `msg` with one more action row holding `component` (e.g. a select)."""
    data = copy.deepcopy(msg.snapshot())
    data["components"] = [*data["components"], {"type": 1, "components": [component]}]
    return data


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "?", "custom_id": custom_id}


def select(custom_id: str, values: list[str]) -> dict[str, Any]:
    options = [{"label": v, "value": v} for v in values]
    return {"type": 3, "custom_id": custom_id, "options": options, "max_values": len(values)}


def assert_clean_log(bot: BotProcess) -> None:
    log = bot.log()
    for bad in ("Traceback", "OverflowError", "Ignoring exception", "unexpected error"):
        assert bad not in log, log[-4000:]


async def started(fake: FakeDiscord, channel: str | int = "games") -> Table:
    table = Table(fake, fake.channel(channel), ["alice", "bob"])
    await table.open("alice", seats=2)
    await table.join_all()
    await table.start()
    return table


class Lock:
    """Another program holding the SQLite file's write lock (BEGIN EXCLUSIVE)."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)

    def __enter__(self) -> Lock:
        self.conn.execute("BEGIN EXCLUSIVE")
        return self

    def release(self) -> None:
        if self.conn.in_transaction:
            self.conn.rollback()

    def __exit__(self, *exc: object) -> None:
        self.release()
        self.conn.close()


@pytest.fixture
async def slow_db_bot(
    fake: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    """The bot with a busy timeout of `request.param` seconds."""
    proc = BotProcess(fake, tmp_path, env={"DATABASE_BUSY_TIMEOUT": str(request.param)})
    await proc.start()
    try:
        yield proc
    finally:
        await proc.stop()
        report = getattr(request.node, "e2e_call", None)
        if report is not None and report.failed:
            print(proc.log()[-6000:])


# ---- custom ids ----------------------------------------------------------------------------
async def test_ids_that_do_not_parse_or_overflow_get_a_polite_answer(
    fake: FakeDiscord, bot: BotProcess
):
    table = await started(fake)
    turn = table.turn_message()
    assert turn is not None
    gid, version = table.game_id, table.version()
    private = next(c for c in turn.custom_ids() if c.endswith(":p"))
    games = table.channel
    before = public_view(fake, games)

    made_up = ["garbage", "br:abc", "br:1:2:zz", f"br:{gid}:{version}:q", "br:r:bazaar:x", ""]
    overflowing = [
        f"br:{BIG}:{version}:p",
        f"br:{gid}:{BIG}:p",
        f"br:{gid}:{2**63}:p",  # one past the largest signed 64-bit integer
        f"br:{gid}:{version}:m:{BIG}",
        f"br:{gid}:{version}:i:{BIG}",
        f"br:{gid}:{version}:c:{BIG}".replace(f":{version}:", f":{BIG}:"),
        f"br:{BIG}:h",
        f"br:{BIG}:l:join",
        f"br:r:bazaar:{BIG}",
        f"br:{gid}:{version}:p".replace(str(gid), "١٢", 1),  # Arabic-Indic digits match \d
    ]
    for custom_id in made_up + overflowing:
        # as a client would send it: the component is on the message it was pressed on
        shown = with_component(turn, private, button(custom_id or "x"))
        if custom_id:
            ex = await fake.press("alice", turn, custom_id, message_data=shown)
            assert_refused(ex, NOT_MINE)
        # and made up entirely: on no message at all
        ex = await fake.raw_component("alice", games, custom_id)
        assert_refused(ex)
    # a select whose page number overflows
    cid = f"br:{gid}:{version}:s:{BIG}"
    shown = with_row(turn, select(cid, ["a", "b"]))
    ex = await fake.raw_component(
        "alice", games, cid, values=["a"], message=turn, message_data=shown
    )
    assert_refused(ex, NOT_MINE)

    # a game that does not exist (ids in range)
    for custom_id in (f"br:987654321:{version}:p", "br:987654321:l:join", "br:987654321:h"):
        shown = with_component(turn, private, button(custom_id))
        ex = await fake.press("alice", turn, custom_id, message_data=shown)
        assert_refused(ex, "doesn't exist")

    assert public_view(fake, games) == before
    assert table.version() == version
    await table.play_components("alice")  # the bot is fine: the next real press works
    assert not table.refusals
    assert_clean_log(bot)


# ---- channels ------------------------------------------------------------------------------
async def test_a_press_from_another_channel_is_refused(fake: FakeDiscord, bot: BotProcess):
    table = await started(fake)
    turn = table.turn_message()
    assert turn is not None
    version = table.version()
    thread = fake.add_thread("side-game", "games")
    side = Table(fake, thread, ["carol", "dave"])
    await side.open("carol", seats=2)
    assert side.lobby is not None
    games, lounge = table.channel, fake.channel("lounge")
    before = public_view(fake, games, lounge, thread)

    for cid in turn.custom_ids():
        for elsewhere in (lounge, thread):
            ex = await fake.raw_component("alice", elsewhere, cid, message=turn)
            assert_refused(ex, f"belongs to a game in <#{games}>")
    # the thread's lobby, pressed from its parent channel: dave is not seated
    for action in ("join", "leave", "start"):
        ex = await fake.raw_component("dave", games, side.lobby_button(action), message=side.lobby)
        assert_refused(ex, f"belongs to a game in <#{thread}>")

    assert public_view(fake, games, lounge, thread) == before
    assert table.version() == version
    assert str(fake.users["dave"]["id"]) not in fake.message(side.lobby.id).text()
    # in their own channels the same buttons work
    await side.join_all()
    assert str(fake.users["dave"]["id"]) in fake.message(side.lobby.id).text()
    await table.play_components("alice")
    assert not table.refusals
    assert_clean_log(bot)


# ---- private menus -------------------------------------------------------------------------
async def test_a_private_menu_control_on_a_public_message_is_refused(
    fake: FakeDiscord, bot: BotProcess
):
    """A control of a player's own menu edits the message it is on: shown on a public message
    (as no honest client would send it), it would turn that message into the presser's menu."""
    table = await started(fake)
    turn = table.turn_message()
    assert turn is not None
    version = table.version()
    private = next(c for c in turn.custom_ids() if c.endswith(":p"))
    opened = await fake.press("alice", turn, private)
    menu = opened.messages()[-1]
    assert menu.ephemeral
    controls = choice_controls(menu)
    assert controls and all(":f" in cid for _, cid, _ in controls)
    before = public_view(fake, table.channel)
    menu_before = fake.message(menu.id).text()

    for kind, cid, value in controls[:1] + [c for c in controls if c[0] == "select"][:1]:
        if kind == "button":
            shown = with_component(turn, private, button(cid))
            ex = await fake.press("alice", turn, cid, message_data=shown)
        else:
            shown = with_row(turn, select(cid, [value]))
            ex = await fake.raw_component(
                "alice", table.channel, cid, values=[value], message=turn, message_data=shown
            )
        assert_refused(ex, "private menu", "nothing was changed")
    # the same id as a select on a public message, whatever its kind
    _, first, value = controls[0]
    cid = first.rsplit(":", 2)[0] + ":s:0"
    shown = with_row(turn, select(cid, [value]))
    ex = await fake.raw_component(
        "bob", table.channel, cid, values=[value], message=turn, message_data=shown
    )
    assert_refused(ex, "private menu")

    assert public_view(fake, table.channel) == before
    assert fake.message(menu.id).text() == menu_before
    assert table.version() == version
    # on its own menu the same control works
    kind, cid, value = controls[0]
    if kind == "button":
        ex = await fake.press("alice", menu, cid)
    else:
        ex = await fake.select("alice", menu, cid, [value])
    assert not is_refusal(ex), ex.text()
    assert_clean_log(bot)


# ---- selects -------------------------------------------------------------------------------
async def test_a_select_carrying_two_values_is_refused(fake: FakeDiscord, bot: BotProcess):
    table = await started(fake)
    turn = table.turn_message()
    assert turn is not None
    version = table.version()
    private = next(c for c in turn.custom_ids() if c.endswith(":p"))
    opened = await fake.press("alice", turn, private)
    menu = opened.messages()[-1]
    selects = [c for c in menu.flat_components() if c.get("type") == 3]
    if selects:
        cid = selects[0]["custom_id"]
        values = [o["value"] for o in selects[0]["options"]][:2]
        target, shown = menu, None
    else:  # a prompt short enough for buttons: show the same choices as one select
        _, first, _ = choice_controls(menu)[0]
        values = [c for _, _, c in choice_controls(menu)][:2]
        cid = first.rsplit(":", 2)[0] + ":s:0"
        target, shown = menu, with_row(menu, select(cid, values))
    assert len(values) == 2, values
    before = public_view(fake, table.channel)
    menu_before = fake.message(menu.id).text()

    for picked in (values, [], [values[0], values[0]]):
        ex = await fake.raw_component(
            "alice", table.channel, cid, values=picked, message=target, message_data=shown
        )
        assert_refused(ex, "exactly one")
    assert public_view(fake, table.channel) == before
    assert fake.message(menu.id).text() == menu_before
    assert table.version() == version
    assert_clean_log(bot)


# ---- text longer than an option allows ------------------------------------------------------
def free_text_options(command: dict[str, Any], path: str = "") -> dict[str, dict[str, Any]]:
    """The string options without fixed choices of a registered command (subcommands
    included), by their path ("game new pace")."""
    where = f"{path} {command['name']}".strip()
    out: dict[str, dict[str, Any]] = {}
    for opt in command.get("options") or []:
        if opt["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
            out.update(free_text_options(opt, where))
        elif opt["type"] == STRING and not opt.get("choices"):
            out[f"{where} {opt['name']}"] = opt
    return out


async def test_text_longer_than_an_option_allows(fake: FakeDiscord, bot: BotProcess):
    """Every free-text option is registered with a `max_length` (Discord's client refuses
    longer text); a long custom pace typed into autocomplete anyway is suggested only as
    Discord takes it (names and values within 100 characters; else Discord refuses the whole
    answer and the person reads "Loading options failed")."""
    free: dict[str, dict[str, Any]] = {}
    for command in fake.all_commands().values():
        free.update(free_text_options(command))
    assert {"play choice", "game new options", "game new pace", "me quiet from"} <= set(free)
    assert [w for w, opt in free.items() if not opt.get("max_length")] == []
    paces = ("game new pace", "admin pace pace", "event new pace")
    assert {free[w]["max_length"] for w in paces} == {40}

    typed = "custom:" + "1/" * 60 + "1"
    for command, sub in (("game", "new"), ("admin", "pace"), ("event", "new")):
        offered = await fake.autocomplete(
            "alice", "games", command, sub, focused="pace", pace=typed
        )
        assert offered, (command, sub)
        for choice in offered:
            assert 1 <= len(choice["name"]) <= 100 and 1 <= len(choice["value"]) <= 100, choice
        assert typed not in [c["value"] for c in offered]
    assert fake.invalid == []
    assert_clean_log(bot)


# ---- the database --------------------------------------------------------------------------
@pytest.mark.parametrize("slow_db_bot", [0.3], indirect=True)
async def test_a_locked_database_gets_a_clear_answer(fake: FakeDiscord, slow_db_bot: BotProcess):
    table = Table(fake, fake.channel("games"), ["alice", "bob"])
    await table.open("alice", seats=2)
    lobby = table.lobby
    assert lobby is not None
    before = public_view(fake, table.channel)
    with Lock(slow_db_bot.workdir / "boardroom.db"):
        ex = await fake.press("bob", lobby, table.lobby_button("join"))
        assert_refused(ex, "The game database is busy; nothing was changed")
        ex = await fake.slash("bob", "games", "game", "join")
        assert_refused(ex, "The game database is busy; nothing was changed")
        ex = await fake.slash("carol", "lounge", "game", "new", title="bazaar")
        assert_refused(ex, "busy")
    assert public_view(fake, table.channel) == before
    assert fake.messages("lounge") == []
    await table.join_all()  # free again: it works
    assert str(fake.users["bob"]["id"]) in fake.message(lobby.id).text()
    log = slow_db_bot.log()
    assert "WARNING bot.discord: database trouble" in log and "database is locked" in log
    assert_clean_log(slow_db_bot)


@pytest.mark.parametrize("slow_db_bot", [10], indirect=True)
async def test_lobby_presses_and_commands_answer_in_time_while_the_database_waits(
    fake: FakeDiscord, slow_db_bot: BotProcess
):
    fake.interaction_deadline = DISCORD_LIMIT  # a late first answer is refused, as by Discord
    table = Table(fake, fake.channel("games"), ["alice", "bob"])
    await table.open("alice", seats=2)
    lobby = table.lobby
    assert lobby is not None
    loop = asyncio.get_running_loop()

    async def held_for(seconds: float, act: Any) -> Exchange:
        with Lock(slow_db_bot.workdir / "boardroom.db") as lock:
            loop.call_later(seconds, lock.release)
            return await act

    ex = await held_for(2.5, fake.press("bob", lobby, table.lobby_button("join"), timeout=20))
    assert ex.deferred and ex.callback_at - ex.sent_at < DISCORD_LIMIT
    assert str(fake.users["bob"]["id"]) in fake.message(lobby.id).text()

    ex = await held_for(2.5, fake.press("bob", lobby, table.lobby_button("leave"), timeout=20))
    assert ex.deferred and ex.callback_at - ex.sent_at < DISCORD_LIMIT
    assert str(fake.users["bob"]["id"]) not in fake.message(lobby.id).text()

    for args in (("join",), ("leave",)):
        ex = await held_for(2.5, fake.slash("bob", "games", "game", *args, timeout=20))
        assert ex.deferred and ex.callback_at - ex.sent_at < DISCORD_LIMIT
        assert not is_refusal(ex), ex.text()

    ex = await held_for(2.5, fake.slash("carol", "lounge", "game", "new", title="bazaar"))
    assert ex.deferred and ex.callback_at - ex.sent_at < DISCORD_LIMIT
    # the deferral is private (and says it is done); the lobby is a public follow-up
    assert ex.callback is not None and int(ex.callback["data"].get("flags") or 0) & EPHEMERAL
    (lobby,) = await fake.wait_for(lambda: _lobbies(fake, "lounge"), 10, what="the lobby")
    assert lobby.id in ex.followup_ids and not lobby.ephemeral

    assert fake.late_callbacks == []
    assert_clean_log(slow_db_bot)


def _lobbies(fake: FakeDiscord, channel: str) -> list[Message]:
    """The public lobby messages of a channel (with their Join buttons)."""
    return [m for m in fake.messages(channel) if any(c.endswith(":l:join") for c in m.custom_ids())]


@pytest.mark.parametrize("slow_db_bot", [2], indirect=True)
async def test_game_new_meeting_a_busy_database_answers_privately_after_its_deferral(
    fake: FakeDiscord, slow_db_bot: BotProcess
):
    """Another program holds the database for the whole of `/game new`: the command is
    deferred in time (the busy timeout outlasts the answer's budget), privately, and the busy
    reply takes the deferral's place. Nothing public was ever shown, and trying again works."""
    fake.interaction_deadline = DISCORD_LIMIT
    busy = "The game database is busy; nothing was changed"
    with Lock(slow_db_bot.workdir / "boardroom.db"):
        ex = await fake.slash("carol", "lounge", "game", "new", title="bazaar", timeout=20)
        await fake.wait_for(lambda: busy in ex.text(), 10, what="the busy reply")
    assert ex.deferred
    assert_refused(ex, busy)
    assert fake.messages("lounge", deleted=True) == []
    ex = await fake.slash("carol", "lounge", "game", "new", title="bazaar")
    assert not is_refusal(ex), ex.text()
    assert len(_lobbies(fake, "lounge")) == 1
    assert fake.late_callbacks == []
    assert_clean_log(slow_db_bot)


@pytest.mark.parametrize("slow_db_bot", [1], indirect=True)
async def test_game_new_meeting_a_busy_database_keeps_its_lobby_known(
    fake: FakeDiscord, slow_db_bot: BotProcess
):
    """`/game new` writes its game, posts the lobby, then another program locks the database
    (as Discord answers the post) before the lobby's message id is stored: the person is not
    told that nothing was changed (the lobby is open), and the lobby is updated when someone
    joins with `/game join` (found by its Join button, its id stored then)."""
    fake.hold_answer = lambda rec: rec.method == "POST" and rec.path.endswith("/callback")
    new = asyncio.ensure_future(
        fake.slash("carol", "lounge", "game", "new", title="bazaar", timeout=20)
    )
    await fake.wait_for(lambda: fake.held, 15, what="the first answer to /game new")
    with Lock(slow_db_bot.workdir / "boardroom.db"):
        fake.release_held()
        ex = await new
        await asyncio.sleep(2.0)  # (past the busy timeout)
    assert "nothing was changed" not in ex.text()
    (lobby,) = _lobbies(fake, "lounge")
    ex = await fake.slash("dave", "lounge", "game", "join")
    assert not is_refusal(ex), ex.text()
    dave = str(fake.users["dave"]["id"])
    await fake.wait_for(lambda: dave in fake.message(lobby.id).text(), 10, what="the lobby updated")
    assert "the new lobby's message id is not stored yet: database is locked" in slow_db_bot.log()
    # What can be refused is refused at once, privately (no "thinking…" first).
    for channel, options in (("lounge", {}), ("quiet", {"seats": 9})):
        ex = await fake.slash("erin", channel, "game", "new", title="bazaar", **options)
        assert_refused(ex)
        assert ex.callback is not None and ex.callback["type"] == 4, ex.callback
    assert_clean_log(slow_db_bot)


@pytest.mark.parametrize("slow_db_bot", [1], indirect=True)
async def test_play_again_meeting_a_busy_database_keeps_its_lobby_known(
    fake: FakeDiscord, slow_db_bot: BotProcess
):
    """Play again posts its lobby (pinging the invited), then the database is locked before
    the lobby's message id is stored: the presser is not told that nothing was changed (the
    lobby is open), and the lobby is updated when someone joins with `/game join` (found by
    its Join button, its id stored then)."""
    table = Table(fake, fake.channel("games"), ["alice", "bob"])
    await table.open("alice", seats=2, options="rounds=2")
    await table.join_all()
    await table.start()
    await table.play_to_end()
    final = table.turn_message()
    await fake.wait_for(  # (the finished game's timelapse is posted first: its own writes)
        lambda: any("🎞️" in m.text() for m in fake.messages("games")), 60, what="the timelapse"
    )
    fake.hold_answer = lambda rec: rec.method == "POST" and rec.path.endswith("/callback")
    press = asyncio.ensure_future(
        fake.press("alice", final, f"br:{table.game_id}:again", timeout=20)
    )
    await fake.wait_for(lambda: fake.held, 15, what="the answer to Play again")
    with Lock(slow_db_bot.workdir / "boardroom.db"):
        fake.release_held()
        ex = await press
        await asyncio.sleep(2.0)  # (past the busy timeout)
    assert "nothing was changed" not in ex.text()
    (lobby,) = _lobbies(fake, "games")
    ex = await fake.slash("bob", "games", "game", "join")
    assert not is_refusal(ex), ex.text()
    bob = str(fake.users["bob"]["id"])
    await fake.wait_for(lambda: bob in fake.message(lobby.id).text(), 10, what="the lobby updated")
    log = slow_db_bot.log()
    assert "the new lobby's message id is not stored yet: database is locked" in log
    assert_clean_log(slow_db_bot)

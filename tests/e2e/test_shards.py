"""Two real bot processes, each serving one of two Discord shards, on one PostgreSQL database
(issue 11): games in both shards are played to the end, with a moderator command and a timer
in each; one process is killed (SIGKILL) between a commit and its post, and restarted. Nothing
is lost, nothing is posted twice, no timer fires twice, and every game equals its log replay.
Games of a shard whose process is down wait for it: the other process neither posts their
owed messages nor fires their timers."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
from collections import Counter
from pathlib import Path

import pytest

from bot import catalog
from bot.db.engine import make_engine, sessionmaker
from bot.service import GameService
from tests.e2e.driver import MENTION, Table, is_turn_message, turn_version
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.helpers import field
from tests.pg import clean_schema

PG = os.environ.get("TEST_DATABASE_URL")
pytestmark = [
    pytest.mark.e2e,
    pytest.mark.postgres,
    pytest.mark.skipif(not PG, reason="TEST_DATABASE_URL is not set"),
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

#: Reminders after 1.8 s without a move: each game gets one while the test waits.
REMINDER_HOURS = "0.0005"
REMINDER = re.compile(r"game #(\d+)\) has been waiting for your move")


def _process(fake: FakeDiscord, root: Path, shard: int) -> BotProcess:
    workdir = root / f"shard{shard}"
    workdir.mkdir()
    env = {
        "DATABASE_URL": str(PG),
        "SHARD_COUNT": "2",
        "SHARD_IDS": str(shard),
        "TURN_REMINDER_HOURS": REMINDER_HOURS,
        "RENDER_WORKERS": "0",
        "LOG_FORMAT": "json",
    }
    return BotProcess(fake, workdir, env=env)


class ShardTable(Table):
    """A table whose players are read from the turn message's "Waiting for" field too: the
    turn message after a moderator's seat change asks the same person again without a second
    ping."""

    def waiting(self) -> list[str]:
        pinged = super().waiting()
        msg = self.turn_message()
        if pinged or msg is None or self.finished():
            return pinged
        listed = field(msg, "Waiting for")
        names = [self.name_of(int(x)) for x in MENTION.findall(listed)]
        return [n for n in names if n is not None and n in self.players]


def _reminded_by(proc: BotProcess) -> set[int]:
    """The games whose reminders this process sent (its JSON log lines, each of which names
    the game's guild, shard and version too)."""
    lines = [
        line
        for raw in proc.log().splitlines()
        if raw.startswith("{") and (line := json.loads(raw)).get("msg") == "turn reminder sent"
    ]
    for line in lines:
        assert line["shard"] == int(proc.env["SHARD_IDS"]), line
        assert line["guild_id"] and line["version"] >= 1, line
    return {int(line["game_id"]) for line in lines}


def _reminders(fake: FakeDiscord, table: Table) -> list[str]:
    return [
        m.content
        for m in fake.messages(table.channel)
        if (found := REMINDER.search(m.content)) and int(found[1]) == table.game_id
    ]


def _posted_once(table: Table) -> None:
    """Every version's turn message is in the channel once."""
    posts = [
        turn_version(m)
        for m in table.fake.messages(table.channel)
        if is_turn_message(m, table.game_id)
    ]
    twice = [v for v, n in Counter(posts).items() if n > 1]
    assert twice == [], f"game {table.game_id}: versions posted twice: {twice}"


async def _replays_match(url: str, game_ids: list[int]) -> None:
    catalog.load(["tests.titles.bazaar:TITLE"], ["tests.titles.bazaar_render:RENDERER"])
    engine = make_engine(url)
    try:
        service = GameService(sessionmaker(engine))
        for game_id in game_ids:
            assert await service.replay_matches_snapshot(game_id), f"game {game_id} differs"
    finally:
        await engine.dispose()


async def test_two_processes_serve_two_shards_on_one_postgres(tmp_path: Path) -> None:
    await clean_schema(str(PG))
    async with FakeDiscord(shard_count=2) as fake:
        fake.add_guild("North", shard=0, channels=("north",))
        fake.add_guild("South", shard=1, channels=("south",))
        procs = [_process(fake, tmp_path, 0), _process(fake, tmp_path, 1)]
        try:
            await procs[0].start()  # (migrates the empty schema; the second finds it done)
            await procs[1].start()
            await _play_both(fake, procs)
        finally:
            for proc in procs:
                await proc.stop()
        for proc in procs:
            assert "Traceback" not in proc.log(), proc.log()[-3000:]
        identified = sorted(tuple(op["d"]["shard"]) for op in fake.gateway_ops if op["op"] == 2)
        assert identified[:2] == [(0, 2), (1, 2)] and set(identified) == {(0, 2), (1, 2)}
        failed = [r for r in fake.requests if r.status >= 400 and r not in fake.held]
        assert failed == [], [(r.method, r.path, r.status) for r in failed]


async def _play_both(fake: FakeDiscord, procs: list[BotProcess]) -> None:
    assert fake.shards_connected() == {0, 1}
    north = ShardTable(fake, fake.channel("north"), ["alice", "bob"])
    south = ShardTable(fake, fake.channel("south"), ["carol", "dave"])
    for table in (north, south):
        await table.open(table.players[0], title="bazaar", seats=2, options="rounds=4")
        await table.join_all()
        await table.start()

    # a timer in each shard: the reminder of the first decision, fired once, by its owner
    for table in (north, south):
        await fake.wait_for(lambda t=table: _reminders(fake, t), 20, what="a reminder")
    await asyncio.sleep(2.5)  # (a second one would be due by now if it were to come)
    for table in (north, south):
        assert len(_reminders(fake, table)) == 1, _reminders(fake, table)
    assert _reminded_by(procs[0]) == {north.game_id}
    assert _reminded_by(procs[1]) == {south.game_id}

    # a few moves in each
    for _ in range(2):
        for table in (north, south):
            await table.play_components(table.waiting()[0])

    # kill the South process after it committed a move but before its turn message (the one
    # request with the board image) reached Discord
    held_version = south.version()
    fake.hold = lambda rec: bool(rec.files)
    playing = asyncio.create_task(south.play_components(south.waiting()[0]))
    await fake.wait_for(lambda: fake.held, 15, what="the held callback")
    await asyncio.sleep(0.3)  # (the commit comes before the answer is even tried)
    await procs[1].stop(signal.SIGKILL)
    playing.cancel()
    fake.hold = None
    fake.release_held()
    assert south.version() == held_version

    # meanwhile North plays on; its process neither posts South's owed message nor fires
    # South's reminder (due 1.8 s after the held move)
    south_reminders = len(_reminders(fake, south))
    await north.play_components(north.waiting()[0])
    await asyncio.sleep(3.0)
    assert south.version() == held_version
    assert len(_reminders(fake, south)) == south_reminders
    assert _reminded_by(procs[0]) == {north.game_id}

    await procs[1].start()
    await fake.wait_for(lambda: south.version() > held_version, 20, what="the owed message")

    # a moderator command in each shard: the second seat goes to the automatic player
    for table in (north, south):
        ex = await fake.slash("mod", table.channel, "admin", "bot", seat=2)
        assert "automatic player" in ex.text(), ex.text()
    for table in (north, south):
        await table.play_to_end(mode=lambda n: "components")
        _posted_once(table)
        versions = [v for m in table.turn_messages() if (v := turn_version(m)) is not None]
        assert versions == sorted(versions) and table.finished()
    await _replays_match(str(PG), [north.game_id, south.game_id])


async def test_two_processes_repairing_the_same_owed_message_post_it_once(tmp_path: Path) -> None:
    """Two processes that were both given every shard (a mistake) start after a crash left a
    turn message owed: both post it, with the same nonce, and Discord keeps one (as it does
    with `enforce_nonce`); the game plays on from it."""
    await clean_schema(str(PG))
    async with FakeDiscord() as fake:
        first = _process(fake, tmp_path, 0)
        for key in ("SHARD_COUNT", "SHARD_IDS"):
            del first.env[key]
        await first.start()
        table = ShardTable(fake, fake.channel("games"), ["alice", "bob"])
        await table.open("alice", title="bazaar", seats=2, options="rounds=4")
        await table.join_all()
        await table.start()
        for _ in range(2):  # both bids: then a sale, which posts a new board
            await table.play_components(table.waiting()[0])
        held_version = table.version()
        fake.hold = lambda rec: bool(rec.files)
        playing = asyncio.create_task(table.play_components(table.waiting()[0]))
        await fake.wait_for(lambda: fake.held, 15, what="the held board")
        await asyncio.sleep(0.3)
        await first.stop(signal.SIGKILL)
        playing.cancel()
        fake.hold = None
        fake.release_held()
        assert table.version() == held_version

        twins = []
        for n in (1, 2):
            twin = BotProcess(fake, _workdir(tmp_path, f"twin{n}"), env=dict(first.env))
            twins.append(twin)
        try:
            await asyncio.gather(*(t.start() for t in twins))
            await fake.wait_for(lambda: table.version() > held_version, 20, what="the owed post")
            await asyncio.sleep(1.5)  # (time for the second repair to post too)
            _posted_once(table)
            await table.play_components(table.waiting()[0])
        finally:
            for twin in twins:
                await twin.stop()
        for twin in twins:
            assert "Traceback" not in twin.log(), twin.log()[-3000:]


def _workdir(root: Path, name: str) -> Path:
    where = root / name
    where.mkdir()
    return where

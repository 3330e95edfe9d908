"""A turn message whose board did not change uploads no new image (issue 32): Benares' "which
action first" step, and steps that change nothing the board draws, say "Unchanged since ..."
with a link to the turn message that shows the board. Checked against the game's own log: the
public view of every posted version is rebuilt from the bot's database, and a post uploads an
image exactly when its board differs from the one shown before; after a restart the first post
uploads its board again (the bot no longer knows which image the channel shows)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass

import msgspec
import pytest

from tests.e2e.driver import Table, board_unchanged, is_refusal, turn_version
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_game_flow import assert_clean

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]

ORDER_STEP = "Which action goes first?"


def digest(obj: object) -> bytes:
    return hashlib.blake2b(msgspec.msgpack.encode(obj), digest_size=16).digest()


@dataclass
class Views:
    """Per game version: the digest of the public view and of every seat's own view, and the
    encoded state (to draw its board)."""

    slug: str
    public: dict[int, bytes]
    seats: dict[int, tuple[bytes, ...]]
    states: dict[int, bytes]

    def _version(self, version: int) -> int:
        """A version no action made (the start of the game): the one before it."""
        return max(k for k in self.public if k <= version)

    def at(self, version: int) -> tuple[bytes, tuple[bytes, ...]]:
        v = self._version(version)
        return self.public[v], self.seats[v]

    def board(self, version: int) -> bytes:
        """The turn post's image of `version`, drawn here with the project's renderer."""
        from bot import catalog

        catalog.load()
        title = catalog.title(self.slug)
        state = title.decode(self.states[self._version(version)])
        return catalog.draw_turn(self.slug, title.view(state, None)).data


def views_by_version(db: str, game_id: int) -> Views:
    """Rebuild the game from its stored log (setup, then the live actions), the way the bot
    does, with the engine alone."""
    from engine import registry

    registry.load_builtin()
    with sqlite3.connect(db) as con:
        slug, seed, seats, options = con.execute(
            "SELECT title, seed, seats, options FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        actions = con.execute(
            "SELECT seat_no, choice_id, version FROM actions "
            "WHERE game_id = ? AND undone_at_version IS NULL ORDER BY seq",
            (game_id,),
        ).fetchall()
    title = registry.get(slug)
    state = title.setup(seed, seats, json.loads(options) if options else {})
    views = Views(slug, {}, {}, {})

    def keep(version: int) -> None:
        views.public[version] = digest(title.view(state, None))
        views.seats[version] = tuple(digest(title.view(state, s)) for s in range(seats))
        views.states[version] = title.encode(state)

    keep(0)
    for seat_no, choice_id, version in actions:
        title.apply(state, seat_no, choice_id)
        keep(version)
    return views


def shown_board(fake: FakeDiscord, msg: Message) -> Message:
    """The turn message whose image `msg` shows: itself, or the one its link points to."""
    if msg.attachments:
        return msg
    field = next(f for e in msg.embeds for f in e.get("fields") or [] if f["name"] == "Board")
    linked = int(field["value"].split("/")[-1].split(")")[0])
    return fake.message(linked)


async def test_benares_unchanged_board_is_not_uploaded_again(fake: FakeDiscord, bot: BotProcess):
    games = fake.channel("games")
    table = Table(fake, games, ["alice", "bob"])
    await table.open("alice", title="benares", seats=3, bots=1)
    await table.join_all()
    await table.start()
    restarts: list[int] = []  # turn message ids current when the bot was restarted
    order_steps = 0
    for n in range(600):
        if table.finished():
            break
        turn = table.turn_message()
        order_steps += ORDER_STEP in turn.text()
        # Restart the bot at a "which action first" step (answering it changes nothing on
        # the board): the next post must not rely on what the bot knew before.
        if len(restarts) < 2 and n > 10 and ORDER_STEP in turn.text():
            restarts.append(turn.id)
            await bot.restart()
        waiting = table.waiting()
        assert waiting, turn.text()
        ex = await table.play_components(waiting[0])
        assert not is_refusal(ex), ex.text()
    assert table.finished(), "the game did not end"
    assert order_steps > 0 and restarts

    posts = [m for m in table.turn_messages() if not m.ephemeral]
    views = views_by_version(str(bot.workdir / "boardroom.db"), table.game_id)
    after_restart = {
        next(p.id for p in posts if p.id > r) for r in restarts if any(p.id > r for p in posts)
    }
    same_view = hidden_only = not_drawn = fallbacks = skipped_bytes = uploaded_bytes = 0
    previous: Message | None = None
    for post in posts:
        version = turn_version(post)
        uploads = post.images()
        uploaded_bytes += sum(len(x) for x in uploads)
        if version is None:  # the final standings: always with the final board
            assert "final standings" in post.text() and uploads, post.text()
            continue
        if previous is None:
            assert uploads, "the first turn message shows the board"
            previous = post
            continue
        was = turn_version(previous)
        board = shown_board(fake, previous)
        (public, seats), (public_was, seats_was) = views.at(version), views.at(was)
        # (a view may hold what the board does not draw: the image decides, then)
        same = public == public_was or (not uploads and views.board(version) == views.board(was))
        if post.id in after_restart:
            assert uploads, "after a restart the board is uploaded again"
            fallbacks += uploads[0] == board.images()[0]
        elif same:
            # nothing public changed: no upload, and the link leads to the board it shows
            same_view += 1
            hidden_only += public == public_was and seats != seats_was
            not_drawn += public != public_was
            assert not uploads, (version, post.text())
            assert shown_board(fake, post).id == board.id, post.text()
            assert "Unchanged since" in post.text(), post.text()
            skipped_bytes += len(board.images()[0])
        else:  # the public view changed: a new image, a different one
            assert uploads, (version, post.text())
            assert uploads[0] != board.images()[0], version
        if not uploads:
            assert any(board_unchanged(e) for e in post.embeds)
            assert not post.attachments
        previous = post
    assert same_view >= 5, same_view  # the "which action first" steps at least
    assert fallbacks >= 1, fallbacks
    with_image = sum(1 for p in posts if p.attachments)
    print(
        f"\nBenares game: {len(posts)} turn messages, {with_image} with an image "
        f"(before: {len(posts)}); {same_view} unchanged boards ({hidden_only} with only hidden "
        f"changes, {not_drawn} with public changes the board does not draw); "
        f"{fallbacks} re-uploaded after a restart; uploaded {uploaded_bytes} bytes "
        f"(before: {uploaded_bytes + skipped_bytes})"
    )
    assert_clean(fake, bot)


async def test_a_quiet_edit_after_a_restart_keeps_what_the_turn_message_shows(
    fake: FakeDiscord, bot: BotProcess
):
    """Sealed bids (a secret decision): each bid edits the turn message in place. After a
    restart the bot reads the message back from Discord before editing it: a message that
    carries the board keeps it; one that stands for an unchanged board keeps its "Board" line
    and points at no attachment it does not have."""
    table = Table(fake, fake.channel("games"), ["alice", "bob", "carol"])
    await table.open("alice", seats=3)
    await table.join_all()
    await table.start()
    turn = table.turn_message()
    assert turn.images() and turn.embeds[0]["image"]["url"] == "attachment://board.png"
    await bot.restart()
    assert not is_refusal(await table.play_components("alice"))
    assert table.turn_message().id == turn.id and turn.edits == 1  # a quiet edit
    assert turn.attachments and turn.embeds[0]["image"]["url"] == "attachment://board.png"

    # As if this turn message had been posted without its board (unchanged since an earlier
    # one, with a link to it): what Discord shows the bot after the next restart.
    link = f"https://discord.com/channels/{fake.guild_id}/{turn.channel_id}/{turn.id - 1}"
    line = f"Unchanged since [the turn message of move 1]({link}): nothing on the table moved."
    turn.data["attachments"] = []
    turn.data["embeds"][0].pop("image")
    turn.data["embeds"][0].setdefault("fields", []).append({"name": "Board", "value": line})
    await bot.restart()
    assert not is_refusal(await table.play_components("bob"))
    assert turn.edits == 2
    (embed,) = turn.embeds
    assert "image" not in embed and not turn.attachments, embed
    assert [f["value"] for f in embed["fields"] if f["name"] == "Board"] == [line]
    assert_clean(fake, bot)

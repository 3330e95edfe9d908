"""Moves are paths of small choices (design.md): steps are the player's own menu, privately,
edited in place; only a complete move is committed and posts a new board. Also stale and foreign
presses, undo, and menus that outlive a restart."""

from __future__ import annotations

import pytest

from tests.e2e.driver import Table, choice_controls, is_refusal, turn_version
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, real_bot_available
from tests.e2e.test_game_flow import assert_clean, new_table, use_control

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not real_bot_available(), reason="the real bot is not there yet"),
]


def _is_step(control: tuple[str, str, str]) -> bool:
    return control[2].startswith(">")


async def _tidewater(fake: FakeDiscord) -> Table:
    table = Table(fake, fake.channel("games"), ["alice"])
    await table.open("alice", title="tidewater", seats=2, bots=1)
    await table.start()
    return table


async def test_tidewater_steps_open_a_private_menu_and_moves_post_a_new_board(
    fake: FakeDiscord, bot: BotProcess
):
    """Opening a sub-menu ("Load…") answers with the player's own menu, privately; further
    steps edit that menu in place; the public turn message never changes for a step; the
    move at the end posts a new turn message with a fresh board."""
    table = await _tidewater(fake)
    steps_seen = moves_seen = 0
    for _ in range(30):
        if table.finished() or (steps_seen >= 2 and moves_seen >= 2):
            break
        turn = table.turn_message()
        snapshot = turn.snapshot()
        public_before = len(fake.messages("games"))
        version = table.version()
        controls = choice_controls(turn)
        step = next((c for c in controls if _is_step(c)), None)
        if step is None:
            ex = await use_control(fake, "alice", turn, controls[0])
            await fake.wait_for(lambda v=version: table.version() > v or table.finished())
            moves_seen += 1
            continue
        ex = await use_control(fake, "alice", turn, step)
        await ex.wait_answered()
        assert not is_refusal(ex), ex.text()
        menu = table.step_menu(ex)
        assert menu is not None and menu.ephemeral, ex.text()
        assert menu not in fake.messages("games")
        # nothing public happened: same turn message, untouched, same version
        assert len(fake.messages("games")) == public_before
        assert fake.message(turn.id).snapshot() == snapshot and table.version() == version
        steps_seen += 1
        for _ in range(6):  # follow the menu to a move, taking "back" once on the way
            offered = choice_controls(menu)
            back = next((c for c in offered if c[2] == "back"), None)
            forward = [c for c in offered if c[2] != "back"]
            pick = back if back and steps_seen == 1 and len(offered) > 1 else forward[0]
            ex = await use_control(fake, "alice", menu, pick)
            await ex.wait_answered()
            assert not is_refusal(ex), ex.text()
            if table.version() > version or table.finished():
                break
            await fake.wait_for(
                lambda ex=ex, v=version: table.version() > v or table.step_menu(ex) is not None
            )
            if table.version() > version:
                break
            menu = table.step_menu(ex)
            assert menu is not None and menu.ephemeral
            assert len(fake.messages("games")) == public_before  # steps stay private
            if pick is back:
                steps_seen += 1
        await fake.wait_for(lambda v=version: table.version() > v or table.finished())
        moves_seen += 1
        assert table.turn_message().id != turn.id
        assert table.turn_message().images()[0][:4] == b"\x89PNG"
    assert steps_seen >= 2 and moves_seen >= 2
    assert_clean(fake, bot)


async def test_stale_and_stranger_presses_are_refused_politely(fake: FakeDiscord, bot: BotProcess):
    table = await _tidewater(fake)
    turn = table.turn_message()
    version = turn_version(turn)
    controls = choice_controls(turn)
    move = next(c for c in controls if not _is_step(c))
    old_snapshot = turn.snapshot()
    public_before = len(fake.messages("games"))

    # a stranger uses a live control: refused privately, nothing changes
    ex = await use_control(fake, "stranger", turn, move)
    assert ex.ephemeral and is_refusal(ex)
    assert "not playing" in ex.text().lower()
    assert len(fake.messages("games")) == public_before
    assert table.version() == version

    # the player uses it: the game moves on
    ex = await use_control(fake, "alice", turn, move)
    await fake.wait_for(lambda: table.version() > version or table.finished())
    public_after = len(fake.messages("games"))
    new_version = table.version()

    # a press on the old message (as a client still showing it would send) is stale
    for control in (move, next((c for c in controls if _is_step(c)), move)):
        stale = await use_control(fake, "alice", turn, control, old_snapshot)
        assert stale.ephemeral and is_refusal(stale)
        assert "earlier turn" in stale.text()
    assert len(fake.messages("games")) == public_after
    assert table.version() == new_version

    # /play from a stranger is refused too
    ex = await fake.slash("stranger", "games", "play", choice="fund")
    assert ex.ephemeral and is_refusal(ex)
    assert len(fake.messages("games")) == public_after
    assert_clean(fake, bot)


async def _open_private(fake: FakeDiscord, table: Table, who: str):
    turn = table.turn_message()
    opened = await fake.press(who, turn, next(c for c in turn.custom_ids() if c.endswith(":p")))
    return opened.messages()[-1]


async def test_a_secret_bid_is_picked_then_confirmed_and_only_counted_in_public(
    fake: FakeDiscord, bot: BotProcess
):
    """Commit-and-reveal: the pick is a private step; the confirmation edits the public turn
    message in place ("1 of 2 have decided"), posts no new board and names no amount."""
    table = await new_table(fake, ["alice", "bob"])
    await table.start()
    turn = table.turn_message()
    public_before = len(fake.messages("games"))
    menu = await _open_private(fake, table, "alice")
    assert {c for _, _, c in choice_controls(menu)} >= {"pick:0", "pick:1"}
    await use_control(
        fake, "alice", menu, next(c for c in choice_controls(menu) if c[2] == "pick:1")
    )
    await fake.wait_for(lambda: "bid:1" in {c for _, _, c in choice_controls(menu)})
    assert fake.message(turn.id).snapshot()["embeds"] == turn.snapshot()["embeds"]
    ex = await use_control(
        fake, "alice", menu, next(c for c in choice_controls(menu) if c[2] == "bid:1")
    )
    await fake.wait_for(lambda: "1 of 2 have decided" in fake.message(turn.id).text())
    assert len(fake.messages("games")) == public_before  # edited in place, no new post
    assert "1 coin" not in fake.message(turn.id).text()
    assert not is_refusal(ex)
    # the menu's one answer says it: the choice and the count
    assert "You chose" in menu.text() and "1 of 2 have decided" in menu.text(), menu.text()
    # the last bid reveals both: one new public turn message
    await table.play_components("bob")
    await fake.wait_for(lambda: "Bids revealed" in table.turn_message().text())
    assert len(fake.messages("games")) == public_before + 1
    assert ex.followups == []  # (alice's confirmation had no second, private message)
    assert_clean(fake, bot)


async def test_a_confirmed_bid_is_final_and_private_log(fake: FakeDiscord, bot: BotProcess):
    """A sealed bid can't be undone (its undo is refused privately, naming nobody else)."""
    table = await new_table(fake, ["alice", "bob"])
    await table.start()
    first = table.waiting()[0]
    other = next(p for p in table.players if p != first)
    await table.play_components(first, policy=lambda cs: "pick:1" if "pick:1" in cs else cs[0])
    version = table.version()
    public = len(fake.messages("games"))
    refused = await fake.slash(other, "games", "game", "undo")
    assert refused.ephemeral and is_refusal(refused)
    refused = await fake.slash(first, "games", "game", "undo")
    assert refused.ephemeral and is_refusal(refused)
    assert "Your bid is confirmed: it can't be taken back." in refused.text()
    assert table.version() == version and len(fake.messages("games")) == public
    assert table.waiting() == [other]  # still only the other is asked to bid
    await table.play_components(other)
    await fake.wait_for(lambda: "Bids revealed" in table.turn_message().text())

    # /game log: public lines for all, private lines only for their owner
    for who in table.players:
        log = await fake.slash(who, "games", "game", "log")
        assert log.ephemeral
        mine = log.text()
        assert "placed a secret bid" in mine and "Bids revealed" in mine
        assert mine.count("You bid") == 1, mine  # only their own bid line (the undone one is gone)
        own_bid = next(x for x in mine.splitlines() if x.startswith("You bid"))
        # (the private line reaches its owner by DM after the turn message: it may be on its way)
        await fake.wait_for(
            lambda who=who, own_bid=own_bid: (
                own_bid in "\n".join(m.content for m in fake.dm_messages(who))
            ),
            what=f"{who}'s own bid by DM",
        )
    assert_clean(fake, bot)


async def test_private_menu_opened_before_a_restart_still_works(fake: FakeDiscord, bot: BotProcess):
    table = await new_table(fake, ["alice", "bob"])
    await table.start()
    menu = await _open_private(fake, table, "bob")
    await bot.restart()
    before = table.version()
    ex = await use_control(fake, "bob", menu, choice_controls(menu)[0])
    assert not is_refusal(ex), ex.text()
    await fake.wait_for(lambda: any(c.startswith("bid:") for _, _, c in choice_controls(menu)))
    confirm = next(c for c in choice_controls(menu) if c[2].startswith("bid:"))
    await use_control(fake, "bob", menu, confirm)
    await fake.wait_for(lambda: table.version() > before)
    assert "1 of 2 have decided" in table.turn_message().text()
    assert_clean(fake, bot)


async def test_a_draft_lost_in_a_restart_starts_over_with_a_word(
    fake: FakeDiscord, bot: BotProcess
):
    """Drafts live in memory: after a restart the next press on a step's menu changes
    nothing, says so, and shows the menu from the start."""
    table = await new_table(fake, ["alice", "bob"])
    await table.start()
    menu = await _open_private(fake, table, "bob")
    await use_control(fake, "bob", menu, choice_controls(menu)[0])
    await fake.wait_for(lambda: any(c.startswith("bid:") for _, _, c in choice_controls(menu)))
    await bot.restart()
    before = table.version()
    confirm = next(c for c in choice_controls(menu) if c[2].startswith("bid:"))
    await use_control(fake, "bob", menu, confirm)
    await fake.wait_for(lambda: "out of date" in fake.message(menu.id).text())
    assert table.version() == before
    assert all(c.startswith("pick:") for _, _, c in choice_controls(fake.message(menu.id)))
    assert_clean(fake, bot)

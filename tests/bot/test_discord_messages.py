"""The Discord layer's pure parts: custom ids, paging of choices, embeds within Discord's limits.
No network: views are built and inspected as the dicts discord.py would send."""

from __future__ import annotations

import asyncio
import logging
import re
from datetime import UTC, datetime
from types import SimpleNamespace

import discord
import pytest
from discord import ui

from bot.discord import components as comp
from bot.discord import custom_ids as cids
from bot.discord import game_status, limits, menu_layout, turn_menus, turn_text
from bot.discord import messages as m
from bot.discord.checks import FALLBACK, Responder, report_error
from bot.errors import ServiceError
from bot.results import GameInfo, SeatInfo
from bot.service.drafts import fingerprint
from bot.service.play import find_choice
from engine.core import Choice, Prompt, Result

#: First answers of the stub interactions below go to their `response` stubs.
pytestmark = pytest.mark.usefixtures("stub_answers")


def info(**kw: object) -> GameInfo:
    base: dict[str, object] = dict(
        id=7,
        guild_id=1,
        channel_id=2,
        title="bazaar",
        title_name="Bazaar",
        status="running",
        version=12,
        seats=3,
        min_seats=2,
        created_by=100,
        options={"rounds": "3"},
        holders=[
            SeatInfo(0, 100, False, "Amber"),
            SeatInfo(1, 200, False, "Teal"),
            SeatInfo(2, None, True, "Plum"),
        ],
        lobby_message_id=None,
        status_line="Round 1/3 · Amber to play",
        waiting=[SeatInfo(0, 100, False, "Amber")],
    )
    base.update(kw)
    return GameInfo(**base)  # type: ignore[arg-type]


def choices(n: int, prefix: str = "stall:", group: str = "") -> list[Choice]:
    return [Choice(f"{prefix}{i}", f"Put it on stall {i}", group) for i in range(1, n + 1)]


def ids_of(view: object) -> list[str]:
    out = []
    for row in view.to_components():  # type: ignore[attr-defined]
        for c in row["components"]:
            out.append(c["custom_id"])
    return out


def rows(view: object) -> list[list[dict]]:
    return [row["components"] for row in view.to_components()]  # type: ignore[attr-defined]


# ---- custom ids ----------------------------------------------------------------------------
def test_choice_custom_id_carries_the_choice_id_when_it_fits() -> None:
    cid = cids.choice_custom_id(7, 12, 3, "card:gold-5")
    assert cid == "br:7:12:c:card:gold-5"
    ref = cids.parse_choice_custom_id(cid)
    assert ref == cids.ChoiceRef(7, 12, "c", "card:gold-5")
    assert ref.resolve(None) == "card:gold-5"


def test_choice_custom_id_falls_back_to_the_index_when_too_long() -> None:
    long_id = "x" * 60
    cid = cids.choice_custom_id(123456789012, 987654321, 4, long_id + "y" * 30)
    assert len(cid) <= limits.CUSTOM_ID_MAX
    assert cid == "br:123456789012:987654321:i:4"
    ref = cids.parse_choice_custom_id(cid)
    assert ref is not None and ref.kind == "i"
    prompt = Prompt(0, "Pick", [Choice(f"id{i}", f"L{i}") for i in range(6)])
    assert ref.resolve(prompt) == "id4"
    assert ref.resolve(None) is None
    short = Prompt(0, "Pick", [Choice("a", "A")])
    assert ref.resolve(short) is None  # the index no longer exists: treated as stale


def test_private_menu_ids_carry_the_prompt_fingerprint() -> None:
    prompt = Prompt(1, "Bid secretly", [Choice("bid:0", "Bid 0"), Choice("bid:1", "Bid 1")], True)
    fp = fingerprint(prompt)
    assert re.fullmatch("[0-9a-f]{6}", fp)
    ids = ids_of(comp.private_view(7, 12, prompt))
    assert ids == [f"br:7:12:f{fp}:c:bid:0", f"br:7:12:f{fp}:c:bid:1"]
    ref = cids.parse_choice_custom_id(ids[1])
    assert ref == cids.ChoiceRef(7, 12, "c", "bid:1", fp)
    public = cids.parse_choice_custom_id("br:7:12:c:fabcdef:c:x")
    assert public is not None and public.fingerprint is None and public.ref == "fabcdef:c:x"


def test_the_fingerprint_changes_with_the_prompt() -> None:
    base = Prompt(0, "Round 1: bid", [Choice("bid:0", "Bid 0")], True)
    same = Prompt(0, "Round 1: bid", [Choice("bid:0", "Bid 0 coins")], True)
    assert fingerprint(base) == fingerprint(same)  # labels don't matter
    for other in (
        Prompt(0, "Round 2: bid", [Choice("bid:0", "Bid 0")], True),
        Prompt(1, "Round 1: bid", [Choice("bid:0", "Bid 0")], True),
        Prompt(0, "Round 1: bid", [Choice("bid:0", "Bid 0"), Choice("bid:1", "Bid 1")], True),
    ):
        assert fingerprint(other) != fingerprint(base)


def test_every_max_length_choice_id_fits_for_realistic_games() -> None:
    fp = "abcdef"
    assert len(cids.choice_custom_id(10**9, 10**6, 0, "z" * 60, fp)) <= limits.CUSTOM_ID_MAX
    cid = cids.choice_custom_id(10**9, 10**6, 0, "z" * 60)
    assert len(cid) <= limits.CUSTOM_ID_MAX and ":c:" in cid


@pytest.mark.parametrize(
    ("custom_id", "template"),
    [
        (cids.choice_custom_id(1, 2, 0, "pass"), cids.CHOICE_TEMPLATE),
        (cids.select_custom_id(1, 2, 3), cids.SELECT_TEMPLATE),
        (cids.select_custom_id(1, 2, 3, "0a1b2c"), cids.SELECT_TEMPLATE),
        (cids.choice_custom_id(1, 2, 0, "x", "0a1b2c"), cids.CHOICE_TEMPLATE),
        (cids.private_custom_id(1, 2), cids.PRIVATE_TEMPLATE),
        (cids.more_custom_id(1, 2, 3), cids.MORE_TEMPLATE),
        (cids.hand_custom_id(1), cids.HAND_TEMPLATE),
        (cids.lobby_custom_id(1, "start"), cids.LOBBY_TEMPLATE),
        (cids.rules_custom_id("bazaar", 2), cids.RULES_TEMPLATE),
    ],
)
def test_each_custom_id_matches_exactly_one_template(custom_id: str, template: str) -> None:
    templates = [
        cids.CHOICE_TEMPLATE,
        cids.SELECT_TEMPLATE,
        cids.PRIVATE_TEMPLATE,
        cids.MORE_TEMPLATE,
        cids.HAND_TEMPLATE,
        cids.LOBBY_TEMPLATE,
        cids.RULES_TEMPLATE,
    ]
    matching = [t for t in templates if re.fullmatch(t, custom_id)]
    assert matching == [template]


def test_dynamic_item_templates_are_the_message_templates() -> None:
    patterns = {item.__discord_ui_compiled_template__.pattern for item in comp.DYNAMIC_ITEMS}
    assert cids.CHOICE_TEMPLATE in patterns and cids.HAND_TEMPLATE in patterns
    assert len(patterns) == len(comp.DYNAMIC_ITEMS)


# ---- paging --------------------------------------------------------------------------------
def test_few_choices_become_buttons() -> None:
    plan = menu_layout.layout(choices(5))
    assert len(plan.buttons) == 5 and plan.selects == [] and plan.more_from is None


def test_six_to_a_hundred_choices_become_select_pages_of_25() -> None:
    plan = menu_layout.layout(choices(60))
    assert plan.buttons == []
    assert [len(p.items) for p in plan.selects] == [25, 25, 10]
    assert plan.more_from is None
    plan = menu_layout.layout(choices(100))
    assert [len(p.items) for p in plan.selects] == [25, 25, 25, 25]


def test_more_than_four_pages_leaves_a_row_for_more() -> None:
    plan = menu_layout.layout(choices(130))
    assert len(plan.selects) == 3 and plan.more_from == 3
    rest = menu_layout.layout(choices(130), start_page=3)
    assert [p.number for p in rest.selects] == [3, 4, 5]
    assert rest.more_from is None


def test_paging_shows_every_choice_exactly_once() -> None:
    all_choices = choices(260)
    seen: list[int] = []
    page = 0
    while True:
        plan = menu_layout.layout(all_choices, start_page=page)
        for p in plan.selects:
            seen.extend(i for i, _ in p.items)
        if plan.more_from is None:
            break
        page = plan.more_from
    assert seen == list(range(260))


def test_select_placeholder_names_range_and_groups() -> None:
    cs = choices(10, group="Top row") + choices(30, prefix="b:", group="Bottom row")
    pages = menu_layout.paginate(cs)
    text = menu_layout.select_placeholder("Choose a stall", pages[0], len(cs))
    assert text.startswith("Choices 1–25 of 40") and "Top row" in text and "Bottom row" in text
    single = menu_layout.paginate(choices(7))[0]
    assert menu_layout.select_placeholder("Choose a stall", single, 7) == "Choose a stall"
    assert len(menu_layout.select_placeholder("x" * 500, single, 7)) <= limits.PLACEHOLDER_MAX


# ---- autocomplete and typed choices ----------------------------------------------------------
def test_autocomplete_filters_by_every_word_and_caps_at_25() -> None:
    cs = choices(40) + [Choice("pass", "Pass and take a coin", "Free")]
    assert [v for _, v in menu_layout.autocomplete_matches(cs, "stall 3")] == [
        "stall:3",
        "stall:30",
        "stall:31",
        "stall:32",
        "stall:33",
        "stall:34",
        "stall:35",
        "stall:36",
        "stall:37",
        "stall:38",
        "stall:39",
        "stall:13",
        "stall:23",
    ]
    assert menu_layout.autocomplete_matches(cs, "COIN") == [("Pass and take a coin", "pass")]
    assert len(menu_layout.autocomplete_matches(cs, "")) == 25
    long = [Choice("x", "y" * 300)]
    (suggested,) = limits.suggestions(menu_layout.autocomplete_matches(long, ""))
    assert len(suggested.name) == limits.CHOICE_NAME_MAX and suggested.value == "x"


def test_a_play_value_carries_the_version_it_was_offered_at() -> None:
    for choice_id in ("pass", "sell:3:@1:x", "x" * 60):
        value = menu_layout.picked_value(41, choice_id)
        assert len(value) <= limits.CHOICE_VALUE_MAX
        assert menu_layout.read_picked(value) == (41, choice_id)
    # one that would not fit goes bare (played on the menu as it is now, as if typed)
    assert menu_layout.picked_value(2**62, "y" * 90) == "y" * 90
    # typed by hand: an id or a label, as it was typed
    for typed in ("pass", "Pass and take a coin", "@x:pass", "@:pass", "@12", "12:pass"):
        assert menu_layout.read_picked(typed) == (None, typed)


def test_find_choice_accepts_ids_labels_and_unique_fragments() -> None:
    cs = [Choice("bid:1", "Bid 1 coin"), Choice("bid:2", "Bid 2 coins"), Choice("pass", "Pass")]
    assert find_choice(cs, "bid:2") == "bid:2"
    assert find_choice(cs, "bid 1 COIN") == "bid:1"
    assert find_choice(cs, "pass") == "pass"
    assert find_choice(cs, "2 coins") == "bid:2"
    assert find_choice(cs, "coin") == "coin"  # ambiguous: left for the engine to refuse
    assert find_choice(cs, "bid:9") == "bid:9"


# ---- text ----------------------------------------------------------------------------------
def test_trim_lines_keeps_the_newest_lines() -> None:
    lines = [f"line {i}" for i in range(1000)]
    text = m.trim_lines(lines, 200)
    assert len(text) <= 200
    assert text.endswith("line 999")
    assert text.startswith("… ") and "earlier lines" in text.split("\n")[0]
    hinted = m.trim_lines(lines, 200, m.LOG_HINT)
    assert len(hinted) <= 200 and hinted.split("\n")[0].endswith(m.LOG_HINT)
    assert m.trim_lines(["a", "b"], 100) == "a\nb"
    assert m.trim_lines([], 100) == ""
    huge = m.trim_lines(["z" * 5000], 100)
    assert len(huge) <= 100


def test_turn_embed_stays_within_discord_limits() -> None:
    lines = [f"Amber sells a red {i} at stall {i % 30}: +{i} points." for i in range(500)]
    prompt = Prompt(0, "Choose a stall " * 200, choices(3))
    embed = turn_text.turn_embed(info(status_line="s" * 3000), lines, [prompt], "board.png")
    assert len(embed) <= limits.EMBED_TOTAL_MAX
    assert len(embed.description or "") <= limits.EMBED_DESC_MAX
    assert all(len(f.value or "") <= limits.FIELD_MAX for f in embed.fields)
    assert embed.image.url == "attachment://board.png"
    assert "+499 points" in (embed.description or "")  # the newest line survives


def test_secret_prompts_never_show_choices_on_the_public_embed() -> None:
    secret = [
        Prompt(0, "Bid secretly", [Choice("bid:3", "Bid 3 coins")], secret=True),
        Prompt(1, "Bid secretly", [Choice("bid:4", "Bid 4 coins")], secret=True),
    ]
    embed = turn_text.turn_embed(info(), ["Amber has placed a secret bid."], secret, None)
    text = str(embed.to_dict())
    assert "Bid 3" not in text and "Bid 4" not in text
    assert "Decide privately" in text


def test_turn_content_pings_only_people() -> None:
    waiting = [SeatInfo(0, 100, False, "Amber"), SeatInfo(2, None, True, "Plum")]
    text = turn_text.turn_content(info(waiting=waiting))
    assert "<@100>" in text and "Plum" not in text
    assert turn_text.turn_content(info(waiting=[SeatInfo(2, None, True, "Plum")])) == ""
    assert turn_text.turn_content(info(status="finished")) == ""


def test_standings_list_places_in_ranking_order_with_ties() -> None:
    result = Result(
        scores={0: 10, 1: 12, 2: 10}, ranking=[1, 0, 2], places={1: 1, 0: 2, 2: 2}, details="d"
    )
    embed = turn_text.standings_embed(info(status="finished"), result, "board.png")
    rows = (embed.description or "").split("\n")
    assert "<@200>" in rows[0] and "1st" in rows[0] and "12" in rows[0]
    assert "2nd" in rows[1] and "2nd" in rows[2] and "Plum" in rows[2]
    assert embed.fields[0].value == "d"


def test_lobby_embed_shows_seats_players_and_options() -> None:
    lobby = info(status="lobby", holders=[SeatInfo(0, 100, False, "Seat 1")], seats=3)
    embed = game_status.lobby_embed(lobby, "A test title.")
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Seats"].startswith("1/3")
    # seats are drawn at the start: the lobby lists people and open places, no seat names
    assert fields["Players"].split("\n") == ["1. <@100>", "2. *open seat*", "3. *open seat*"]
    assert "drawn at random" in (embed.description or "")
    assert fields["Options"] == "rounds=3"
    bots = info(
        status="lobby",
        holders=[SeatInfo(0, 100, False, "Seat 1"), SeatInfo(1, None, True, "Seat 2")],
    )
    assert "2. 🤖 automatic player" in game_status.lobby_embed(bots).fields[2].value
    started = {f.name: f.value for f in game_status.lobby_embed(info(status="running")).fields}
    assert "<@200> (Teal)" in started["Players"] and "🤖 Plum" in started["Players"]


def test_rules_embed_clamps_the_page() -> None:
    pages = ["one", "two"]
    assert m.rules_embed("Bazaar", pages, 5).description == "two"
    assert m.rules_embed("Bazaar", pages, 0).footer.text == "Page 1 of 2"


def test_ordinals() -> None:
    assert [m.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]


# ---- views -----------------------------------------------------------------------------------
def test_single_prompt_with_few_choices_gets_buttons_and_hand_button() -> None:
    prompt = Prompt(0, "Choose", [Choice("card:red-1", "Red 1"), Choice("pass", "Pass")])
    view = turn_menus.turn_view(7, 12, [prompt], has_hands=True)
    assert ids_of(view) == ["br:7:12:c:card:red-1", "br:7:12:c:pass", "br:7:h", "br:7:fb"]
    assert [c["label"] for c in rows(view)[0]] == ["Red 1", "Pass"]


def test_stepping_back_looks_quieter_than_going_forward() -> None:
    prompt = Prompt(0, "Confirm", [Choice("confirm", "Confirm"), Choice("back", "Go back")])
    styles = [c["style"] for c in rows(turn_menus.turn_view(7, 12, [prompt], has_hands=False))[0]]
    assert styles == [discord.ButtonStyle.primary.value, discord.ButtonStyle.secondary.value]


def test_long_prompt_gets_select_menus_of_at_most_25() -> None:
    prompt = Prompt(0, "Choose a stall", choices(60, group="Stalls"))
    view = turn_menus.turn_view(7, 12, [prompt], has_hands=False)
    layout = rows(view)
    assert len(layout) == 4  # three menus, then the row of buttons (Full board)
    assert [len(r[0]["options"]) for r in layout[:3]] == [25, 25, 10]
    assert ids_of(view) == ["br:7:12:s:0", "br:7:12:s:1", "br:7:12:s:2", "br:7:fb"]
    values = [o["value"] for r in layout[:3] for o in r[0]["options"]]
    assert values == [c.id for c in prompt.choices]


def test_very_long_prompt_pages_with_more_button() -> None:
    prompt = Prompt(0, "Choose", choices(130))
    view = turn_menus.turn_view(7, 12, [prompt], has_hands=True)
    layout = rows(view)
    assert len(layout) <= limits.ROWS_MAX
    assert ids_of(view)[-3:] == ["br:7:12:m:3", "br:7:h", "br:7:fb"]
    more = comp.private_view(7, 12, prompt, start_page=3)
    fp = fingerprint(prompt)
    assert ids_of(more) == [f"br:7:12:f{fp}:s:3", f"br:7:12:f{fp}:s:4", f"br:7:12:f{fp}:s:5"]


def test_secret_or_simultaneous_prompts_get_only_decide_privately() -> None:
    secret = [Prompt(0, "Bid", [Choice("bid:1", "Bid 1")], secret=True)]
    assert ids_of(turn_menus.turn_view(7, 12, secret, has_hands=True)) == [
        "br:7:12:p",
        "br:7:h",
        "br:7:fb",
    ]
    both = [Prompt(0, "A", [Choice("a", "A")]), Prompt(1, "B", [Choice("b", "B")])]
    assert ids_of(turn_menus.turn_view(7, 12, both, has_hands=False)) == ["br:7:12:p", "br:7:fb"]


def test_the_full_board_is_always_one_tap_away() -> None:
    assert ids_of(turn_menus.turn_view(7, 12, [], has_hands=False)) == ["br:7:fb"]
    assert ids_of(turn_menus.turn_view(7, 12, [], has_hands=True)) == ["br:7:h", "br:7:fb"]
    view = turn_menus.turn_view(7, 12, [], has_hands=True, has_text_board=True)
    assert ids_of(view) == ["br:7:h", "br:7:fb", "br:7:tb"]
    assert [c["label"] for c in rows(view)[-1]] == ["Show my hand", "Full board", "Text board"]


def test_labels_are_cut_to_discord_limits() -> None:
    prompt = Prompt(0, "Choose", [Choice("a", "A" * 200), Choice("b", "B")])
    view = turn_menus.turn_view(7, 12, [prompt], has_hands=False)
    assert len(rows(view)[0][0]["label"]) <= limits.BUTTON_LABEL_MAX
    # six groups of three need six rows: one paged select, each option naming its group
    many = [Choice(f"c{i}", "L" * 200, f"{i // 3}" + "G" * 200) for i in range(18)]
    (select,) = rows(turn_menus.turn_view(7, 12, [Prompt(0, "Choose", many)], has_hands=False))[0]
    option = select["options"][0]
    assert len(option["label"]) <= limits.OPTION_LABEL_MAX
    assert len(option["description"]) <= limits.OPTION_DESC_MAX
    assert len(select["placeholder"]) <= limits.PLACEHOLDER_MAX
    # two long groups: a select each, named after its group (cut to the limit)
    two = [Choice(f"c{i}", "L" * 200, f"{i % 2}" + "G" * 200) for i in range(9)]
    for row in rows(turn_menus.turn_view(7, 12, [Prompt(0, "Choose", two)], has_hands=False))[:-1]:
        assert len(row[0]["placeholder"]) <= limits.PLACEHOLDER_MAX
        assert "description" not in row[0]["options"][0]


def test_lobby_and_rules_views() -> None:
    assert ids_of(comp.lobby_view(3)) == ["br:3:l:join", "br:3:l:leave", "br:3:l:start"]
    assert comp.rules_view("bazaar", 0, 1) is None
    first = rows(comp.rules_view("bazaar", 0, 4))[0]
    assert [c["custom_id"] for c in first] == ["br:r:bazaar:0", "br:r:bazaar:1"]
    assert first[0].get("disabled") is True


async def test_dynamic_items_rebuild_from_their_custom_ids() -> None:
    prompt = Prompt(0, "Choose", [Choice("card:red-1", "Red 1"), Choice("pass", "Pass")])
    view = turn_menus.turn_view(7, 12, [prompt], has_hands=True)
    assert view is not None
    button = view.items[0]
    match = re.fullmatch(cids.CHOICE_TEMPLATE, button.custom_id)
    assert match is not None
    item = ui.Button(custom_id=button.custom_id)  # (as the router rebuilds a press's item)
    rebuilt = await comp.ChoiceButton.from_custom_id(None, item, match)  # type: ignore[arg-type]
    assert rebuilt.ref == cids.ChoiceRef(7, 12, "c", "card:red-1")
    hand, full = view.items[-2:]
    match = re.fullmatch(cids.FULL_BOARD_TEMPLATE, full.custom_id)
    assert match is not None
    item = ui.Button(custom_id=full.custom_id)
    rebuilt_full = await comp.FullBoardButton.from_custom_id(None, item, match)  # type: ignore[arg-type]
    assert rebuilt_full.game_id == 7
    match = re.fullmatch(cids.HAND_TEMPLATE, hand.custom_id)
    assert match is not None
    item = ui.Button(custom_id=hand.custom_id)
    rebuilt_hand = await comp.HandButton.from_custom_id(None, item, match)  # type: ignore[arg-type]
    assert rebuilt_hand.game_id == 7


# ---- answering interactions (a stub interaction records what would be sent) -------------------
class _Response:
    def __init__(self, log: list) -> None:
        self.log = log
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, **kw: object) -> object:
        self.done = True
        self.log.append(("send_message", kw))
        return SimpleNamespace(message_id=11)

    async def defer(self, **kw: object) -> None:
        self.done = True
        self.log.append(("defer", kw))

    async def edit_message(self, **kw: object) -> None:
        self.done = True
        self.log.append(("edit_message", kw))


class _Followup:
    def __init__(self, log: list) -> None:
        self.log = log

    async def send(self, **kw: object) -> object:
        self.log.append(("followup", kw))
        return SimpleNamespace(id=22)


class StubInteraction:
    def __init__(self, component: bool = False) -> None:
        self.log: list = []
        self.type = (
            discord.InteractionType.component
            if component
            else discord.InteractionType.application_command
        )
        self.response = _Response(self.log)
        self.followup = _Followup(self.log)
        self.extras: dict = {}
        self.channel_id = 2
        self.user = SimpleNamespace(id=5)

    async def edit_original_response(self, **kw: object) -> object:
        self.log.append(("edit_original", kw))
        return SimpleNamespace(id=33)


async def test_quick_work_is_answered_with_one_call() -> None:
    it = StubInteraction()
    responder = Responder(it)  # type: ignore[arg-type]
    assert await responder.within(asyncio.sleep(0, "done")) == "done"
    assert await responder.public(content="turn") == 11
    assert [name for name, _ in it.log] == ["send_message"]


async def test_slow_work_is_deferred_then_answered() -> None:
    it = StubInteraction()
    responder = Responder(it)  # type: ignore[arg-type]
    gate = asyncio.Event()

    async def work() -> str:
        await gate.wait()
        return "done"

    task = asyncio.create_task(responder.within(work(), budget=0))
    while not it.response.done:
        await asyncio.sleep(0)
    gate.set()
    assert await task == "done"
    assert it.log[0] == ("defer", {"thinking": True, "ephemeral": True})
    assert await responder.public(content="turn") == 22
    # the private "thinking…" is resolved first, then the public message follows
    assert [name for name, _ in it.log] == ["defer", "edit_original", "followup"]
    assert "ephemeral" not in it.log[-1][1]


async def test_an_error_after_a_deferral_replaces_the_private_thinking() -> None:
    """A command's deferral is private, so a private answer (an error) can take its place."""
    it = StubInteraction()
    responder = Responder(it)  # type: ignore[arg-type]
    await responder.defer()
    await responder.private(content="nope")
    assert it.log == [
        ("defer", {"thinking": True, "ephemeral": True}),
        ("edit_original", {"content": "nope"}),
    ]


async def test_service_errors_are_shown_and_others_are_hidden(
    caplog: pytest.LogCaptureFixture,
) -> None:
    it = StubInteraction()
    await report_error(it, ServiceError("It's not your turn."), "play")  # type: ignore[arg-type]
    name, kw = it.log[-1]
    assert name == "send_message" and kw["ephemeral"] is True
    assert "It's not your turn." in kw["content"]

    it = StubInteraction(component=True)
    with caplog.at_level(logging.ERROR, logger="bot.discord"):
        await report_error(it, RuntimeError("db password=hunter2"), "press")  # type: ignore[arg-type]
    name, kw = it.log[-1]
    assert kw["content"] == FALLBACK and "hunter2" not in kw["content"]
    assert any(r.exc_info for r in caplog.records)  # logged with its traceback


# ---- grouped menus, prompt wording, summaries (as players read them) ---------------------------
def benares_like() -> list[Choice]:
    """Three groups of six (as Benares' "where and how" menu) and a lone "back"."""
    out = [Choice(f"dev:{i}", f"Space {i}: develop", "Development play") for i in range(1, 7)]
    out += [Choice(f"log:{i}", f"Space {i}: logistics", "Logistics play") for i in range(1, 7)]
    out += [Choice(f"skip:{i}", f"Skip on space {i}", "Skip") for i in range(1, 7)]
    return out + [Choice("back", "Back: choose another card", "Menu")]


def test_grouped_choices_get_a_select_per_group_and_buttons_for_small_groups() -> None:
    prompt = Prompt(0, "Where and how do you play it?", benares_like())
    layout = rows(turn_menus.turn_view(7, 12, [prompt], has_hands=False))
    assert [r[0]["type"] for r in layout] == [3, 3, 3, 2, 2]
    assert [c["label"] for c in layout[4]] == ["Full board"]
    placeholders = [r[0]["placeholder"] for r in layout[:3]]
    assert placeholders == [
        "Development play · 6 choices",
        "Logistics play · 6 choices",
        "Skip · 6 choices",
    ]
    # the select is named after the group: its options don't repeat it
    assert all("description" not in o for r in layout[:3] for o in r[0]["options"])
    assert layout[3][0]["label"] == "Back: choose another card"
    assert layout[3][0]["style"] == discord.ButtonStyle.secondary.value
    values = [o["value"] for r in layout[:3] for o in r[0]["options"]]
    assert values == [c.id for c in benares_like()[:18]]  # every choice once, in order


def test_small_groups_share_a_button_row_in_order_of_appearance() -> None:
    cs = [Choice("sail", "Set sail", "Free"), Choice("dump", "Dump", "Free")]
    cs += [Choice("stop", "Stop", "Turn")]
    cs += [Choice(f"act:{i}", f"Action {i}", "Actions (cost time)") for i in range(6)]
    plan = menu_layout.layout(cs)
    assert isinstance(plan.rows[0], list) and [c.id for _, c in plan.rows[0]] == [
        "sail",
        "dump",
        "stop",
    ]
    assert (
        isinstance(plan.rows[1], menu_layout.ChoicePage)
        and plan.rows[1].group == "Actions (cost time)"
    )
    assert plan.more_from is None


def test_a_large_group_spans_numbered_selects_and_too_many_groups_fall_back_to_pages() -> None:
    cs = choices(30, group="Sea hexes") + choices(3, prefix="x:", group="Other")
    plan = menu_layout.layout(cs)
    assert [len(p.items) for p in plan.selects] == [25, 5, 3]
    first = menu_layout.select_placeholder("", plan.selects[0], len(cs))
    assert first == "Sea hexes (1/2) · 25 choices"
    many = [Choice(f"g{i}:{k}", f"L{i}{k}", f"Group {i}") for i in range(6) for k in range(3)]
    fallback = menu_layout.layout(many)  # six groups need six rows: plain pages instead
    assert len(fallback.selects) == 1 and fallback.selects[0].group is None
    assert menu_layout.option_description(fallback.selects[0], many[0]) == "Group 0"
    assert (
        menu_layout.option_description(
            menu_layout.paginate(choices(9, group="One"))[0], choices(1)[0]
        )
        is None
    )


def test_long_prompt_text_is_not_repeated_as_the_placeholder() -> None:
    page = menu_layout.paginate(choices(8))[0]
    long_text = "Your turn: round 1 of 3, step 4 of 16 (12 to Start), 11 credits. " * 2
    assert menu_layout.select_placeholder(long_text, page, 8) == "Choose one of 8…"
    single_group = menu_layout.paginate(choices(8, group="Actions"))[0]
    assert menu_layout.select_placeholder(long_text, single_group, 8) == "Actions · 8 choices"


def test_the_prompt_does_not_name_the_seat_twice() -> None:
    game = info(holders=[SeatInfo(0, 100, False, "Seat 1")])
    prompt = Prompt(0, "Seat 1, your turn: round 1 of 3.", choices(2))
    assert turn_text.waiting_text(game, [prompt]) == "<@100> (Seat 1): Your turn: round 1 of 3."
    other = Prompt(0, "Seat 10 moves first.", choices(2))
    assert m.addressed_text(game, other) == "Seat 10 moves first."
    secret = Prompt(0, "Seat 1: choose a card.", choices(2), True)
    assert "**<@100> (Seat 1)**: Choose a card." in m.private_prompt_text(game, secret)


def test_a_turn_after_a_private_pick_says_so_instead_of_an_empty_summary() -> None:
    secret = Prompt(0, "Where do you play it?", choices(2), True)
    embed = turn_text.turn_embed(info(), [], [secret], None)
    assert embed.description == turn_text.PRIVATE_STEP
    public = Prompt(0, "Which ship?", choices(2))
    assert turn_text.turn_embed(info(), [], [public], None).description is None
    assert (
        turn_text.turn_embed(info(), ["Amber sails."], [secret], None).description == "Amber sails."
    )


def test_turn_embed_lists_who_holds_each_seat() -> None:
    embed = turn_text.turn_embed(info(), ["x"], [Prompt(0, "Go", choices(2))], None)
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Players"] == "Amber: <@100> · Teal: <@200> · Plum: 🤖"


def test_the_board_post_says_who_is_away_until_when() -> None:
    back = datetime(2026, 12, 5, 18, 30, tzinfo=UTC)
    embed = turn_text.turn_embed(
        info(away={200: back}), ["x"], [Prompt(0, "Go", choices(2))], "b.png"
    )
    fields = {f.name: f.value for f in embed.fields}
    stamp = int(back.timestamp())
    assert (
        fields["Players"] == f"Amber: <@100> · Teal: <@200> (away until <t:{stamp}:f>) · Plum: 🤖"
    )
    assert "away" not in str(turn_text.turn_embed(info(), ["x"], [], "b.png").to_dict())


def test_a_dm_does_not_repeat_the_hand_the_deal_line_already_is() -> None:
    hand = "Your hand: Silk +1 / Move 4 (C22)."
    text = m.private_message(info(), hand, [hand, "You drew C22."])
    assert text.count(hand) == 1 and "You drew C22." in text


def test_the_final_summary_is_short_and_points_to_the_log() -> None:
    lines = [f"Seat 2 takes Funding: +1 credit, {i} in hand." for i in range(300)]
    embed = turn_text.summary_embed(info(status="finished"), lines, turn_text.FINAL_SUMMARY_MAX)
    assert len(embed.description or "") <= turn_text.FINAL_SUMMARY_MAX
    first = (embed.description or "").split("\n")[0]
    assert first.startswith("… ") and first.endswith(m.LOG_HINT)


def test_hands_button_only_for_titles_with_hidden_hands() -> None:
    from bot import catalog
    from bot.discord.turn_message import has_hands

    catalog.load()
    assert has_hands("benares") is True
    assert has_hands("tidewater") is False
    assert has_hands("no-such-title") is False


def test_a_lone_select_beside_buttons_asks_the_prompts_question() -> None:
    slots = [Choice(f"inv:{i}", f"Invest in slot {i}", "Actions (cost time)") for i in range(7)]
    text = "Which ship slot do you invest in (cost 1 time)? You have 7 credits and 3 discs."
    plan = menu_layout.layout([*slots, Choice("back", "Back to the previous menu", "Menu")])
    (page,) = plan.selects
    assert page.sole
    assert (
        menu_layout.select_placeholder(text, page, 8)
        == "Which ship slot do you invest in (cost 1 time)?"
    )
    status = "Seat 1, your turn: round 1 of 3, 16 credits. Take a time-costing action."
    assert menu_layout.select_placeholder(status, page, 8) == "Actions (cost time) · 7 choices"
    assert menu_layout.first_question(
        "Which ship sails where? A ship may only cross its points."
    ) == ("Which ship sails where?")


def test_play_autocomplete_explains_why_there_is_nothing_to_pick() -> None:
    running = info(waiting=[SeatInfo(1, 200, False, "Teal")])
    assert m.nothing_to_play(running, 100) == "Nothing for you to decide now: waiting for Teal."
    assert "not playing" in m.nothing_to_play(running, 999)
    assert "not started" in m.nothing_to_play(info(status="lobby"), 100)
    assert "over" in m.nothing_to_play(info(status="finished"), 100)
    assert all(len(m.nothing_to_play(g, 1)) <= limits.OPTION_LABEL_MAX for g in (running,))


def test_the_first_dm_says_which_seat_is_yours() -> None:
    intro = m.seat_intro(SeatInfo(1, 200, False, "Seat 2"))
    text = m.private_message(info(), "Your hand is empty.", [], intro)
    assert text.split("\n")[1] == intro and "**Seat 2**" in intro
    assert text.endswith("Your hand is empty.")

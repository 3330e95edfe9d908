"""Player-facing wording: one log line per advance, count words, merged Treasury notes, texts
that fit the reader (private hand, prompts of other seats, final details)."""

from __future__ import annotations

import re

from engine.benares.state import Task
from engine.benares.text import article, plural, times
from engine.benares.treasury import gain
from engine.rng import Rng
from tests.engine.benares.bc_helpers import (
    D,
    T,
    act,
    give,
    menu,
    new,
    play_bot_game,
    run_task,
    texts,
)


def test_plural_times_and_article_helpers() -> None:
    assert plural(1, "post") == "1 post" and plural(0, "post") == "0 posts"
    assert plural(2, "Profit disc") == "2 Profit discs"
    assert times(1) == "" and times(2) == " twice" and times(3) == " 3 times"
    assert article("East") == "an East" and article("North") == "a North"
    assert article("Indigo") == "an Indigo" and article("Regional") == "a Regional"


def test_a_multi_step_advance_is_one_line_with_start_and_end() -> None:
    st = new()
    st.companies[0].rows["calcutta"] = 2
    ev = texts(run_task(st, Task("pawn", 0, a="calcutta", b="East post", n=2)))
    assert ev == "Seat 1's Calcutta pawn advances: row 2 → 4 (East post)."
    assert st.companies[0].rows["calcutta"] == 4


def test_steps_beyond_the_end_are_named_in_the_same_line() -> None:
    st = new()
    st.companies[0].rows["benares"] = D.max_row - 1
    ev = texts(run_task(st, Task("pawn", 0, a="benares", b="West post", n=2)))
    top = D.max_row
    assert ev == f"Seat 1's Benares pawn advances: row {top - 1} → {top}, 1 step lost (West post)."


def test_advisor_rewards_follow_the_advance_line() -> None:
    st = new()
    st.companies[0].treasury = 0
    ev = [e.text for e in run_task(st, Task("pawn", 0, a="advisor", b="North post", n=2))]
    assert ev == [
        "Seat 1's Financial Advisor advances: row 0 → 2 (North post).",
        "Seat 1 gains ₹2 (Financial Advisor row 2; Treasury ₹2).",
    ]


def test_goods_pair_is_one_line_without_step_lines() -> None:
    st = new()
    give(st, 0, "C01")
    act(st, "play:C01:dev:2", "first:company")
    ev = texts(act(st, "pair:indigo"))  # Indigo +1, Silk +2
    assert "advances Indigo +1 (0 → 1) and Silk +2 (0 → 2)." in ev
    assert "advances to" not in ev


def test_skip_is_one_line_with_the_treasury_overflow() -> None:
    st = new()
    c = st.companies[0]
    c.treasury = 8
    card = c.hand[0]
    ev = act(st, f"play:{card}:skip:1")
    line = next(e.text for e in ev if "skips" in e.text)
    assert line.endswith("on space 1, and gains ₹3 (Treasury passes ₹9: +1 Profit disc, now ₹1).")
    assert card not in line  # no raw card id in the public log
    assert not any("(skip)" in e.text for e in ev)


def test_gain_names_the_reason_and_several_passes() -> None:
    st = new()
    st.companies[0].treasury = 5
    ev: list = []
    gain(st, ev, 0, 16, "sale")
    assert (
        ev[0].text == "Seat 1 gains ₹16 (sale; Treasury passes ₹9 twice: +2 Profit discs, now ₹1)."
    )


def test_private_text_at_every_phase() -> None:
    st = T.setup(1, 2, {})
    assert T.private_text(st, 0) is None  # boats are placed before the deal
    st = new()
    text = T.private_text(st, 0)
    assert text.startswith("Your hand (8 cards): ") and st.companies[0].hand[0] in text
    done, _ = play_bot_game(2, 3)
    assert T.private_text(done, 0) is None


def test_other_seats_read_a_neutral_prompt_text() -> None:
    st = new()
    assert "your" in T.view(st, 0).prompt_text.lower()
    for viewer in (1, None):
        text = T.view(st, viewer).prompt_text
        assert text.startswith("Seat 1 is choosing a card") and "you" not in text.lower()
    views = [T.encode(T.view(st, v)) for v in (0, 1, None)]
    menu(st, f"card:{st.companies[0].hand[0]}")  # exploring the draft changes no view
    assert [T.encode(T.view(st, v)) for v in (0, 1, None)] == views
    card = st.companies[0].hand[0]
    st.companies[0].hand = [card]  # a single card: its plays are offered at once
    assert all(c.id.startswith(f"play:{card}:") for c in T.prompts(st)[0].choices)
    assert card in T.view(st, 0).prompt_text
    for viewer in (1, None):
        text = T.view(st, viewer).prompt_text
        assert text.startswith("Seat 1 is choosing where and how to play a card")
        assert "you" not in text.lower() and card not in text


def _bot_game_events(seats: int, seed: int) -> tuple[object, list]:
    st = T.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    events: list = []
    while T.prompts(st):
        seat = T.prompts(st)[0].seat
        events += T.apply(st, seat, T.bot_choice(st, seat, rng))
    return st, events


def test_bot_game_lines_read_well() -> None:
    """No per-step lines, no '1 posts'/'1 Profit discs', no card ids in public lines."""
    for seats in (2, 4):
        st, events = _bot_game_events(seats, 7)
        public = [e.text for e in events if e.private_to is None]
        assert public and not [t for t in public if "advances to" in t]
        assert not [t for t in public if " 1 posts" in t or " 1 Profit discs" in t]
        assert not [t for t in public if re.search(r"\(C\d\d\)", t)]
        assert not [t for t in public if len(t) > 160]
        assert " 1 posts" not in T.result(st).details

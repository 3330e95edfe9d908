"""Whole seeded games (2, 3 and 4 seats; random moves and the title's automatic player) with the
game's invariants checked after EVERY move:

* money never negative (R174);
* every physical card (44 action cards, 9 starting cards per colour, the seat cards) lies in
  exactly one place: deck, display, action-card discard pile, a hand, a slot, a discard pile;
  confirmed plans only point at cards still in their owner's hand (they stay there until the
  reveal, R187);
* every book tile lies in exactly one place (supply, display, a player's track), every player
  keeps one distinct starting tile;
* trading posts per company: base + reserve + map = 15;
* each company's share value is the number of its uncovered coins (R152), in the engine and in
  the view;
* planning is secret (R71, R180, R192, R193): while a seat's plan is confirmed but not revealed,
  `view(state, other)` and `view(state, None)` are the same whatever that plan is, and no public
  event names a card id of a hand or of a plan before the reveal.
"""

from __future__ import annotations

import re

import msgspec
import pytest

from engine.core import random_move
from engine.mombasa import TITLE
from engine.mombasa.data import data
from engine.mombasa.state import Plan, State, card_kind
from engine.rng import Rng

SEEDS = range(15)
MAX_MOVES = 3000


def all_cards(st: State) -> list[str]:
    d = data()
    out = list(d.action_card_ids)
    for seat, p in enumerate(st.players):
        out += [f"{p.colour}:{k}" for k in d.starting_card_ids]
        out.append(f"{p.colour}:{d.seat_card_ids[seat]}")
    return out


def card_places(st: State) -> list[str]:
    where = list(st.deck) + [c for row in st.display for c in row if c] + list(st.discard)
    for p in st.players:
        where += p.hand
        where += [sc.card for sc in p.slots if sc.card]
        for pile in p.piles:
            where += pile
    return where


def uncovered_coins(st: State, company: str) -> int:
    cols = data().base_columns
    total = 0
    for col, n in zip(cols, st.bases[company].posts, strict=True):
        # posts cover the bottom n spaces of a column listed top to bottom
        total += sum(col[: len(col) - n])
    return total


def check_invariants(st: State) -> None:
    d = data()
    for s, p in enumerate(st.players):
        assert p.cash >= 0, f"seat {s} has £{p.cash}"
    # cards
    places = card_places(st)
    assert sorted(places) == sorted(all_cards(st)), "card set not conserved"
    assert len(set(places)) == len(places), "a card lies in two places"
    for p in st.players:
        planned = [c for c in p.plan.slots if c]
        assert len(set(planned)) == len(planned)
        assert set(planned) <= set(p.hand), "a planned card left the hand before the reveal"
    # book tiles
    books = [b for row in st.book_supply.values() for b in row]
    books += [b for row in st.book_display.values() for b in row]
    starts = []
    for p in st.players:
        for pos in p.books:
            if pos.tile.startswith("start:"):
                starts.append(pos.tile[len("start:") : -1])
            elif pos.tile:
                books.append(pos.tile)
    assert sorted(books) == sorted(d.books), "book tiles not conserved"
    if st.phase != "start_tiles":
        assert len(starts) == st.seats and len(set(starts)) == st.seats
        assert all(p.books[0].tile.startswith("start:") for p in st.players)
        assert {int(t) for t in starts} <= {t.tile for t in d.start_tiles}
    else:
        dealt = [sd.tile for p in st.players for sd in p.start_deal]
        assert len(dealt) == len(set(dealt)) == 2 * st.seats
    # trading posts and share values
    view = TITLE.view(st, None)
    for comp in d.companies:
        base = st.bases[comp]
        on_map = sum(1 for c in st.map.values() if c == comp)
        assert sum(base.posts) + base.reserve + on_map == 15, f"{comp} posts not conserved"
        assert all(0 <= n <= len(col) for n, col in zip(base.posts, d.base_columns, strict=True))
        vc = next(c for c in view.companies if c.id == comp)
        assert vc.share_value == uncovered_coins(st, comp)
        assert vc.posts_on_map == on_map
    # bonus markers: available + placed + in the box = 5
    for p in st.players:
        assert p.markers >= 0 and p.markers_in_box >= 0
        assert p.markers + len(p.markers_placed) + p.markers_in_box == d.markers_owned


def enc(x) -> bytes:
    return msgspec.json.encode(x)


def check_plans_secret(st: State, rng: Rng) -> None:
    """For every confirmed (unrevealed) plan: other seats and spectators see the same view
    whatever the plan is (a redeal of that seat's plan, and an empty plan)."""
    if st.phase != "planning":
        return
    for s, p in enumerate(st.players):
        if not p.plan.confirmed:
            continue
        for viewer in [None, *[o for o in range(st.seats) if o != s]]:
            base = enc(TITLE.view(st, viewer))
            redealt = TITLE.redeal(st, viewer, rng)
            assert redealt is not None
            assert enc(TITLE.view(redealt, viewer)) == base, f"seat {s}'s plan leaks to {viewer}"
            other = TITLE.copy(st)
            other.players[s].plan = Plan(
                slots=[""] * 5,
                tile_face=0 if p.plan.tile_face >= 0 else -1,
                confirmed=True,
            )
            assert enc(TITLE.view(other, viewer)) == base, f"seat {s}'s plan leaks to {viewer}"


def hidden_ids(st: State) -> set[str]:
    out: set[str] = set()
    for p in st.players:
        out.update(p.hand)
        out.update(c for c in p.plan.slots if c)
    return out


def check_public_events(st_before: State, events) -> None:
    """No public event of a planning move, before the reveal, names a hand or plan card id."""
    if st_before.phase != "planning":
        return
    ids = hidden_ids(st_before)
    kinds = {card_kind(c) for c in ids}
    for e in events:
        if " reveals: " in e.text:
            break
        if e.private_to is not None:
            continue
        for cid in ids | kinds:
            assert not re.search(rf"(?<![\w:]){re.escape(cid)}(?!\w)", e.text), (
                f"public event names hidden card {cid}: {e.text!r}"
            )


def play(seed: int, seats: int, mover: str) -> State:
    st = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(10_000 + seed)
    check_invariants(st)
    for _ in range(MAX_MOVES):
        if st.phase == "over":
            break
        prompts = TITLE.prompts(st)
        assert prompts, f"no prompt in phase {st.phase}"
        seat = rng.choice([pr.seat for pr in prompts])
        if mover == "random":
            move = random_move(TITLE, st, seat, rng)
        else:
            move = TITLE.bot_choice(st, seat, rng)
        before = TITLE.copy(st)
        events = TITLE.apply(st, seat, move)
        check_invariants(st)
        check_public_events(before, events)
        check_plans_secret(st, rng)
    assert st.phase == "over", f"seed {seed}: game did not end"
    assert TITLE.result(st) is not None
    return st


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_invariants(seed: int, seats: int) -> None:
    play(seed, seats, "random")


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_bot_games_keep_invariants(seed: int, seats: int) -> None:
    play(100 + seed, seats, "bot")

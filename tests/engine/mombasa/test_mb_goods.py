"""Use goods cards (section 10.1, R86-R97), the permanent bonuses that touch it (R35-R41, R203)
and units() of section 9.2 (R29-R31, R80, R85)."""

from __future__ import annotations

import re

import pytest

from engine.core import IllegalAction
from engine.mombasa import goods
from engine.mombasa.data import data
from engine.mombasa.state import State, clone
from tests.engine.mombasa.mb_helpers import put, show, started_game, take, unlock

BLUE, GREEN, YELLOW = 0, 1, 2


def game(tracks: str = "A1,B1,C1,D2", seats: int = 3) -> State:
    return started_game(7, tracks, seats)


def tile(st: State, seat: int, tile_id: str, face: int) -> None:
    p = st.players[seat]
    p.tile, p.tile_in_area, p.tile_face, p.tile_face_up = tile_id, True, face, True
    st.bonus_tiles[tile_id] = f"seat:{seat}"


def ids(st: State, path: tuple[str, ...]) -> dict[str, bool]:
    menu = goods.steps(st, BLUE, path)
    assert len(menu) <= 25 and all(
        len(c.id) <= 60 and " " not in c.id and len(c.label) <= 100 for c in menu
    )
    return {c.id: c.step for c in menu}


def walk(st: State, move: str) -> None:
    """Assert that the menus build `move` step by step (every step offered, the move last)."""
    parts = move.split(":")
    path: tuple[str, ...] = ("g",)
    targets = [":".join(parts[:2]), ":".join(parts[:3])]
    for t in targets:
        menu = ids(st, path)
        if t in menu:
            path += (t,)
    menu = ids(st, path)
    alloc = parts[3]
    prefix = ":".join(parts[:3]) + ":"
    tokens = re.findall(r"[A-Z]\d+", alloc) if alloc != "-" else []
    built = ""
    for tok in tokens:
        built += tok
        cand = prefix + built
        if cand in menu and not menu[cand]:
            assert cand == move
            return
        if cand not in menu:  # two-level menu: the track first
            assert prefix + built[: -len(tok)] + tok[0] in menu
            path += (prefix + built[: -len(tok)] + tok[0],)
            menu = ids(st, path)
            assert cand in menu
        path += (cand,)
        menu = ids(st, path)
    assert move in menu and not menu[move], (move, menu)


# ---- units (section 9.2) -------------------------------------------------------------------------
def test_R80_face_down_cards_and_tile_count_in_units() -> None:
    st = game()
    put(st, BLUE, 2, "A07", face_up=False)  # 3 bananas, used
    put(st, BLUE, 3, "S_BAN1")
    tile(st, BLUE, "T1", 0)  # 2 bananas
    assert goods.units(st, BLUE, "bananas") == 6
    assert goods.units(st, BLUE, "cotton") == 0


def test_R40_R41_cotton_bonus_per_card_not_tile() -> None:
    st = game("A1,B2,C1,D2")  # B2 at Cape Town
    put(st, BLUE, 2, "S_COT1")
    put(st, BLUE, 3, "A02")
    tile(st, BLUE, "T1", 1)  # 2 cotton
    assert goods.units(st, BLUE, "cotton") == 5
    unlock(st, BLUE, "cape_town", 0)
    unlock(st, BLUE, "cape_town", 1, active=False)
    assert goods.units(st, BLUE, "cotton") == 5  # R85: pending counts for nothing
    st.players[BLUE].bonuses[1].active = True
    assert goods.units(st, BLUE, "cotton") == 7  # +1 per cotton card (2), not per tile


def test_R29_R30_R31_R26_expansion_bonus_needs_an_expansion_card() -> None:
    st = game()  # A1 at Mombasa
    tile(st, BLUE, "T2", 1)  # 2 expansion
    unlock(st, BLUE, "mombasa", 0)
    assert goods.units(st, BLUE, "expansion") == 2  # tile alone: no bonus
    put(st, BLUE, 2, "S_EXP1", face_up=False)
    assert goods.units(st, BLUE, "expansion") == 4
    unlock(st, BLUE, "mombasa", 1)
    assert goods.units(st, BLUE, "expansion") == 5  # +2, never 1 + 2


def test_R85_pending_expansion_bonus_not_counted() -> None:
    st = game()
    put(st, BLUE, 2, "S_EXP2")
    unlock(st, BLUE, "mombasa", 0, active=False)
    assert goods.units(st, BLUE, "expansion") == 2


# ---- choosing goods --------------------------------------------------------------------------
def test_R86_one_good_only_and_R78_no_offer_without_goods() -> None:
    st = game()
    assert goods.offers(st, BLUE) == []
    put(st, BLUE, 2, "S_BAN2")
    put(st, BLUE, 4, "S_COT2")
    assert [c.id for c in goods.offers(st, BLUE)] == ["g"]
    menu = ids(st, ("g",))
    assert all(not (set(k.split(":")[1]) >= {"2", "4"}) for k in menu)
    with pytest.raises(IllegalAction):
        goods.apply(st, BLUE, "g:24:-:M4")


def test_R87_goods_tile_alone_or_with_cards() -> None:
    st = game()
    show(st, {})
    put(st, BLUE, 2, "S_BAN1")
    tile(st, BLUE, "T1", 0)
    assert {"g:2t:-", "g:t:-", "g:2:-"} <= set(ids(st, ("g",)))
    goods.apply(st, BLUE, "g:t:-:M2")
    p = st.players[BLUE]
    assert p.track["mombasa"] == 2 and not p.tile_face_up and p.slots[1].face_up


def test_R88_R92_units_move_tracks_without_purchase() -> None:
    st = game("A1,B2,C1,D2")
    show(st, {})
    put(st, BLUE, 2, "S_COT2")
    put(st, BLUE, 3, "A08")  # 3 cotton
    unlock(st, BLUE, "cape_town", 1)  # cotton +1 per card
    walk(st, "g:23:-:S7")
    goods.apply(st, BLUE, "g:23:-:S7")
    assert st.players[BLUE].track["saint_louis"] == 7


def test_R97_used_cards_face_down_even_if_units_unused() -> None:
    st = game()
    show(st, {})
    put(st, BLUE, 2, "S_BAN2")
    put(st, BLUE, 3, "S_BAN1")
    ev = goods.apply(st, BLUE, "g:23:-:-")
    p = st.players[BLUE]
    assert not p.slots[1].face_up and not p.slots[2].face_up
    assert any("3 units unused" in e.text for e in ev)
    assert all(v == 0 for v in p.track.values())


def test_goods_equal_selections_offered_once_lowest_slot() -> None:
    st = game()
    show(st, {})
    put(st, BLUE, 2, "S_BAN2")
    put(st, BLUE, 3, "A01")  # also 2 bananas
    menu = ids(st, ("g",))
    assert "g:2:-" in menu and "g:3:-" not in menu and "g:23:-" in menu
    with pytest.raises(IllegalAction):
        goods.apply(st, BLUE, "g:3:-:M2")


def test_goods_menu_pages_when_long() -> None:
    st = game()
    unlock(st, BLUE, "cape_town", 1)  # B1 second: mixed goods allowed for purchases
    for slot, kind in zip(
        (1, 2, 3, 4, 5), ("S_BAN1", "S_BAN2", "S_COT1", "S_COT2", "S_COF2"), strict=True
    ):
        put(st, BLUE, slot, kind)
    tile(st, BLUE, "T2", 0)  # 2 coffee
    seen, path = set(), ("g",)
    for _ in range(10):
        menu = ids(st, path)
        seen |= {k for k in menu if not k.startswith("g:pg")}
        more = [k for k in menu if k.startswith("g:pg")]
        if not more:
            break
        path = ("g", more[0])
    assert len(seen) == len(goods.picks(st, BLUE)) > 25


# ---- purchase (R89-R91, R35-R39, R94-R96, R203) ---------------------------------------------------
def test_R90_price_is_crate_plus_modifier_minus_discount_floor_0() -> None:
    st = game()
    show(st, {(0, 0): "A07", (0, 1): "B08", (0, 2): "C08"})  # crates 5, 3, 3
    assert goods.card_price(st, 0, 0, 0) == 6
    assert goods.card_price(st, 0, 1, 1) == 2
    assert goods.card_price(st, 0, 2, 1) == 1
    take(st, "blue:S_BAN1")
    st.display[1][2] = "blue:S_BAN1"  # crate 1 in the -1 column
    assert goods.card_price(st, 1, 2, 1) == 0


def test_R89_R91_one_card_to_hand_space_stays_empty() -> None:
    st = game()
    show(st, {(0, 1): "A01", (0, 2): "A05"})  # prices 3 and 2
    put(st, BLUE, 2, "C05")  # 4 bananas
    menu = ids(st, ("g", "g:2"))
    assert "g:2:r1c2" in menu and "g:2:r1c3" in menu
    # buying nothing: its track choices are on this menu at once, not a step away
    assert "g:2:-" not in menu and "g:2:-:K4" in menu and "g:2:-:-" in menu
    walk(st, "g:2:r1c2:K1")
    goods.apply(st, BLUE, "g:2:r1c2:K1")
    p = st.players[BLUE]
    assert "A01" in p.hand and st.display[0][1] == "" and p.track["cairo"] == 1
    with pytest.raises(IllegalAction):
        goods.apply(st, BLUE, "g:2:r1c2r1c3:-")


def test_R90_cannot_buy_when_units_short() -> None:
    st = game()
    show(st, {(0, 0): "C05"})  # price 8
    put(st, BLUE, 2, "S_BAN2")
    assert "g:2:-" in ids(st, ("g",))  # straight to the tracks: nothing affordable
    with pytest.raises(IllegalAction):
        goods.apply(st, BLUE, "g:2:r1c1:-")


def test_R35_R95_banana_discount_only_for_all_banana_payment() -> None:
    st = game()  # B1 at Cape Town
    unlock(st, BLUE, "cape_town", 0)
    show(st, {(0, 1): "A01"})  # crate 3, middle -> 3
    put(st, BLUE, 2, "S_BAN2")
    put(st, BLUE, 3, "S_COT2")
    assert goods.purchase(st, BLUE, goods.picks(st, BLUE)["2"], 0, 1)[:2] == (2, 0)
    assert goods.purchase(st, BLUE, goods.picks(st, BLUE)["3"], 0, 1)[:2] == (3, -1)
    goods.apply(st, BLUE, "g:2:r1c2:-")
    assert "A01" in st.players[BLUE].hand


def test_R203_tile_alone_never_triggers_a_discount() -> None:
    st = game()
    unlock(st, BLUE, "cape_town", 1)  # goods discount
    show(st, {(0, 1): "A01"})
    tile(st, BLUE, "T1", 0)  # 2 bananas
    assert goods.purchase(st, BLUE, goods.picks(st, BLUE)["t"], 0, 1)[:2] == (3, -1)
    put(st, BLUE, 2, "S_BAN1")
    assert goods.purchase(st, BLUE, goods.picks(st, BLUE)["2t"], 0, 1)[:2] == (2, 1)


def test_R36_R37_R38_R94_goods_discount_mixed_payment_leftover_to_tracks() -> None:
    st = game()
    show(st, {(0, 1): "A01"})  # price 3, 2 with the discount
    put(st, BLUE, 2, "S_BAN2")
    put(st, BLUE, 3, "S_COT2")
    assert "g:23" not in ids(st, ("g",))  # no goods discount: no mixing
    unlock(st, BLUE, "cape_town", 1)
    assert "g:23" in ids(st, ("g",))
    assert "g:23:-" not in ids(st, ("g", "g:23"))  # R94: mixing needs a purchase
    with pytest.raises(IllegalAction):
        goods.apply(st, BLUE, "g:23:-:M4")
    walk(st, "g:23:r1c2:M2")
    goods.apply(st, BLUE, "g:23:r1c2:M2")
    p = st.players[BLUE]
    assert "A01" in p.hand and p.track["mombasa"] == 2


def test_R22_permanent_discount_every_purchase() -> None:
    st = game()
    unlock(st, BLUE, "cape_town", 1)
    show(st, {(0, 1): "A01", (0, 2): "A05"})
    put(st, BLUE, 2, "S_BAN2")
    put(st, BLUE, 3, "S_COF2")
    goods.apply(st, BLUE, "g:2:r1c2:-")  # 3 - 1
    goods.apply(st, BLUE, "g:3:r1c3:K1")  # 2 - 1, 1 left
    assert st.players[BLUE].track["cairo"] == 1


def test_R39_cotton_discount() -> None:
    st = game("A1,B2,C1,D2")
    unlock(st, BLUE, "cape_town", 0)
    show(st, {(0, 1): "A02"})  # crate 3
    put(st, BLUE, 2, "S_COT2")
    assert goods.purchase(st, BLUE, goods.picks(st, BLUE)["2"], 0, 1)[:2] == (2, 0)


def test_R96_cotton_pair_one_effect_better_or_second_on_tie() -> None:
    st = game("A1,B2,C1,D2")
    unlock(st, BLUE, "cape_town", 0)
    unlock(st, BLUE, "cape_town", 1)
    show(st, {(0, 1): "A02"})  # crate 3
    put(st, BLUE, 2, "S_COT2")
    price, left, why = goods.purchase(st, BLUE, goods.picks(st, BLUE)["2"], 0, 1)
    assert (price, left) == (3, 0) and "+1" in why  # tie: 2-2 = 2+1-3 -> the second
    put(st, BLUE, 3, "S_COT1")
    price, left, why = goods.purchase(st, BLUE, goods.picks(st, BLUE)["23"], 0, 1)
    assert (price, left) == (3, 2) and "+1" in why  # +2 beats -1, never both


# ---- allocation (R92, R93, section 11.2) --------------------------------------------------------
def test_R93_declared_order_matters_for_capital_calls() -> None:
    st = game()  # A1 Mombasa: £2 call before 8; D2 Cairo: £1 special space on 5
    show(st, {})
    p = st.players[BLUE]
    p.cash = 1
    p.track["mombasa"], p.track["cairo"] = 7, 4
    put(st, BLUE, 2, "S_BAN2")
    first = ids(st, ("g", "g:2:-"))
    assert not any(k.startswith("g:2:-:M") for k in first)  # blocked now: not offered
    after = ids(st, ("g", "g:2:-", "g:2:-:K1"))
    assert "g:2:-:K1M1" in after and "pay the £2 call" in next(
        c.label for c in goods.steps(st, BLUE, ("g", "g:2:-", "g:2:-:K1")) if c.id == "g:2:-:K1M1"
    )
    with pytest.raises(IllegalAction):
        goods.apply(st, BLUE, "g:2:-:M1K1")
    goods.apply(st, BLUE, "g:2:-:K1M1")
    assert p.track == {**p.track, "cairo": 5, "mombasa": 8} and p.cash == 0


def test_R6_R174_blocked_steps_never_allocated_cash_not_negative() -> None:
    st = game()
    show(st, {})
    p = st.players[BLUE]
    p.cash = 0
    p.track["mombasa"] = 6
    put(st, BLUE, 2, "C05")  # 4 bananas
    menu = ids(st, ("g", "g:2:-"))
    assert "g:2:-:M1" in menu and "g:2:-:M2" not in menu  # the £2 call before 8 stops it
    with pytest.raises(IllegalAction):
        goods.apply(st, BLUE, "g:2:-:M3")
    goods.apply(st, BLUE, "g:2:-:M1S3")
    assert p.cash >= 0 and p.track["mombasa"] == 7 and p.track["saint_louis"] == 3


def test_R16_preview_names_everyone_paid() -> None:
    st = game()
    show(st, {})
    st.players[GREEN].track["mombasa"] = 5
    st.arrivals["mombasa"][0] = [GREEN]
    st.players[BLUE].track["mombasa"] = 4
    put(st, BLUE, 2, "S_BAN2")
    label = next(c.label for c in goods.steps(st, BLUE, ("g", "g:2:-")) if c.id == "g:2:-:M2")
    assert "£1 special space (to you, Green)" in label
    cash = [q.cash for q in st.players]
    goods.apply(st, BLUE, "g:2:-:M2")
    assert [q.cash - c for q, c in zip(st.players, cash, strict=True)] == [1, 1, 0]


def test_R93_each_track_once_and_two_level_menu_for_many_units() -> None:
    st = game()
    show(st, {})
    for slot, kind in zip((2, 3, 4), ("C05", "D02", "A07"), strict=True):
        put(st, BLUE, slot, kind)
    st.players[BLUE].cash = 20
    menu = ids(st, ("g", "g:234:-"))  # 11 units: too many amounts for one list
    assert set(menu) == {"g:234:-:M", "g:234:-:C", "g:234:-:S", "g:234:-:K", "g:234:-:-"}
    walk(st, "g:234:-:C4M7")
    with pytest.raises(IllegalAction):
        goods.apply(st, BLUE, "g:234:-:C4C3")
    with pytest.raises(IllegalAction):
        goods.apply(st, BLUE, "g:234:-:C4M")
    goods.apply(st, BLUE, "g:234:-:C4M7")
    assert st.players[BLUE].track["cape_town"] == 4 and st.players[BLUE].track["mombasa"] == 7


def test_goods_every_offered_complete_move_is_accepted() -> None:
    st = game()
    show(st, {(0, 1): "A01", (2, 2): "A05"})
    put(st, BLUE, 2, "S_BAN2")
    put(st, BLUE, 3, "S_COF1")
    frontier, complete = [("g",)], []
    while frontier:
        path = frontier.pop()
        for c in goods.steps(st, BLUE, path):
            (frontier.append(path + (c.id,)) if c.step else complete.append(c.id))
    assert complete
    for move in complete:
        sim = clone(st)
        goods.apply(sim, BLUE, move)
    assert data().cards["A01"].crate == 3


def test_R92_goods_to_the_tracks_take_two_menus_not_four() -> None:
    """Fewer presses (issue 32): the turn menu lists the goods slots in place of "Use goods
    cards" (one step), and buying nothing lists the track moves on the purchase menu: a goods
    action that buys nothing is two choices (it was four: goods, slot, buy nothing, track)."""
    from bench.menu_counts import path_to
    from engine.mombasa import TITLE

    st = game()
    show(st, {(0, 1): "A01", (0, 2): "A05"})
    put(st, BLUE, 2, "C05")  # 4 bananas
    assert st.phase == "action" and TITLE.prompts(st)[0].seat == BLUE
    top = {c.id: c for c in TITLE.prompts(st)[0].choices}
    assert "g" not in top and top["g:2>"].step  # the slot, on the turn menu
    path = path_to(TITLE, st, BLUE, "g:2:-:K4")
    assert path is not None and len(path.sizes) == 2
    assert len(path_to(TITLE, st, BLUE, "g:2:r1c2:K1").sizes) == 3  # a purchase: one more

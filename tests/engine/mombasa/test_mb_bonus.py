"""Place one bonus marker (section 10.5, R130-R141), the extra track spaces (section 11.5,
R19-R28, R42-R52, R139, R149, R150), the marker bonus (R32-R34, R204) and R186, R188, R200."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.mombasa import bonus, goods
from engine.mombasa.data import data
from engine.mombasa.state import SlotCard, State, clone, turn_down
from engine.mombasa.tracks import activate_pending
from tests.engine.mombasa.mb_helpers import finish_bonus, started_game, to_hand, unlock

BLUE, GREEN, YELLOW = 0, 1, 2
CD12 = "A2,B1,C1,D1"  # Mombasa A2 (markers), Saint-Louis C1 (XS*), Cairo D1 (XK*)
CD22 = "A1,B1,C2,D2"  # Saint-Louis C2 (XS*), Cairo D2 (XK*)


def game(tracks: str = CD12, seats: int = 3) -> State:
    return started_game(9, tracks, seats)


def put(st: State, seat: int, slot: int, kind: str) -> None:
    p = st.players[seat]
    cid = kind if kind[0] in "ABCDE" and kind[1].isdigit() else f"{p.colour}:{kind}"
    for q in st.players:
        if cid in q.hand:
            q.hand.remove(cid)
        for pile in q.piles:
            if cid in pile:
                pile.remove(cid)
    if cid in st.deck:
        st.deck.remove(cid)
    p.slots[slot - 1] = SlotCard(cid)


def menu(st: State, path: tuple[str, ...], seat: int = BLUE) -> dict[str, str]:
    out = bonus.steps(st, seat, path)
    assert len(out) <= 25 and all(
        len(c.id) <= 60 and " " not in c.id and len(c.label) <= 100 for c in out
    )
    return {c.id: c.label for c in out}


# ---- markers ----------------------------------------------------------------------------------
def test_R130_R131_R141_place_marker_one_per_space() -> None:
    st = game()
    assert bonus.available_markers(st, BLUE) == 2
    assert [c.id for c in bonus.offers(st, BLUE)] == ["b"]
    bonus.apply(st, BLUE, "b:SELL:" + st.players[BLUE].hand[0].split(":")[1])
    assert st.bonus_spaces["SELL"] == BLUE and st.players[BLUE].markers_placed == ["SELL"]
    assert bonus.available_markers(st, BLUE) == 1
    assert "b:SELL" not in menu(st, ("b",), GREEN)
    with pytest.raises(IllegalAction):
        bonus.apply(st, GREEN, "b:SELL:" + st.players[GREEN].hand[0].split(":")[1])
    bonus.apply(st, BLUE, "b:TILE_1")
    assert bonus.available_markers(st, BLUE) == 0 and bonus.offers(st, BLUE) == []
    with pytest.raises(IllegalAction):
        bonus.apply(st, BLUE, "b:TILE_2")


def test_R32_R33_R34_R204_R26_marker_bonus_from_box_when_active() -> None:
    st = game()  # A2 at Mombasa: special spaces 6 and 13
    p = st.players[BLUE]
    unlock(st, BLUE, "mombasa", 0, active=False)
    assert bonus.available_markers(st, BLUE) == 2  # pending: nothing yet
    for b in activate_pending(st, BLUE):
        bonus.on_bonus_activated(st, BLUE, b.company, b.index)
    assert (p.markers, p.markers_in_box) == (3, 2)
    unlock(st, BLUE, "mombasa", 1, active=False)
    for b in activate_pending(st, BLUE):
        bonus.on_bonus_activated(st, BLUE, b.company, b.index)
    assert (p.markers, p.markers_in_box) == (4, 1)  # 2 in total, never 1 + 2
    bonus.on_bonus_activated(st, BLUE, "mombasa", 1)  # idempotent
    assert p.markers == 4


def test_R204_both_marker_bonuses_activated_at_once_give_two() -> None:
    st = game()
    unlock(st, BLUE, "mombasa", 0, active=False)
    unlock(st, BLUE, "mombasa", 1, active=False)
    for b in activate_pending(st, BLUE):
        bonus.on_bonus_activated(st, BLUE, b.company, b.index)
    assert st.players[BLUE].markers == 4


# ---- board spaces ---------------------------------------------------------------------------------
def test_R134_majority_strictly_more_and_move_3_on_chosen_track() -> None:
    st = game()
    put(st, BLUE, 2, "S_BAN2")
    put(st, GREEN, 2, "S_BAN2")
    assert "b:MAJ_BAN" not in menu(st, ("b",))  # tie: nobody
    st.players[GREEN].passed = True
    put(st, BLUE, 3, "S_BAN1")
    turn_down(st.players[BLUE], 3)  # R80: face-down cards count
    assert "b:MAJ_BAN" in menu(st, ("b",))
    assert "b:MAJ_BAN" not in menu(st, ("b",), GREEN)  # R84: passed player's area still counts
    opts = menu(st, ("b", "b:MAJ_BAN"))
    assert set(opts) == {"b:MAJ_BAN:M", "b:MAJ_BAN:C", "b:MAJ_BAN:S", "b:MAJ_BAN:K"}
    bonus.apply(st, BLUE, "b:MAJ_BAN:C")
    assert st.players[BLUE].track["cape_town"] == 3
    assert "b:MAJ_COF" not in menu(st, ("b",))  # 0 units never wins


def test_R135_R186_R200_tile_space_take_tile_hold_only_one() -> None:
    st = game()
    bonus.apply(st, BLUE, "b:TILE_2")
    p = st.players[BLUE]
    assert st.bonus_tiles["T2"] == f"seat:{BLUE}" and p.tile == "T2" and not p.tile_in_area
    st.players[BLUE].markers += 1
    ids = menu(st, ("b",))
    assert not any(k.startswith("b:TILE") for k in ids)  # already holds a tile
    assert "b:TILE_2" not in menu(st, ("b",), GREEN)  # its tile is away
    with pytest.raises(IllegalAction):
        bonus.apply(st, BLUE, "b:TILE_3")


def test_R135_a_tile_taken_in_the_last_round_is_never_used_and_says_so() -> None:
    """R135: the tile is used in the next round; in round 7 there is none, so the tile space
    says that taking it only uses the marker (the rules still allow it)."""
    st = game()
    assert "for next round" in menu(st, ("b",))["b:TILE_2"]
    st.round = data().rounds
    label = menu(st, ("b",))["b:TILE_2"]
    assert "round 7 is the last, so tile T2 is never used; this only uses your marker" in label


def test_R133_buying_nothing_says_the_marker_is_used() -> None:
    st = game()
    opts = menu(st, ("b", "b:BUY"))
    assert len(opts) > 1  # cards to buy, and the choice not to
    assert opts["b:BUY:-"] == "Buy nothing: your marker stays on the space for no reward"
    assert len(set(opts.values())) == len(opts)


def test_R136_R133_buy_space_pays_pounds_no_goods_discount() -> None:
    st = game()
    unlock(st, BLUE, "cape_town", 1)  # B1 goods discount: never for pounds
    p = st.players[BLUE]
    p.cash = 3
    opts = menu(st, ("b", "b:BUY"))
    for r in range(3):
        for c in range(3):
            sid = f"b:BUY:r{r + 1}c{c + 1}"
            assert (sid in opts) == (goods.card_price(st, r, c, 0) <= 3)
    assert "b:BUY:-" in opts
    buy = next(k for k in opts if k != "b:BUY:-")
    r, c = int(buy[-3]) - 1, int(buy[-1]) - 1
    card, price = st.display[r][c], goods.card_price(st, r, c, 0)
    bonus.apply(st, BLUE, buy)
    assert card in p.hand and p.cash == 3 - price


def test_R133_R175_buy_space_legal_when_nothing_affordable() -> None:
    st = game()
    st.players[BLUE].cash = 0
    st.display = [["", "", ""] for _ in range(3)]
    assert "none affordable" in menu(st, ("b",))["b:BUY"]
    assert menu(st, ("b", "b:BUY")) == {
        "b:BUY:-": "Buy nothing: your marker stays on the space for no reward"
    }
    bonus.apply(st, BLUE, "b:BUY:-")
    assert st.bonus_spaces["BUY"] == BLUE


def test_R137_sell_space_crate_plus_1_from_hand() -> None:
    st = game()
    p = st.players[BLUE]
    cid = to_hand(st, BLUE, "A03")  # crate 4
    cash = p.cash
    bonus.apply(st, BLUE, "b:SELL:A03")
    assert p.cash == cash + 5 and st.discard[-1] == cid and cid not in p.hand
    p.hand.clear()
    assert "b:SELL" not in menu(st, ("b",), BLUE)  # requirement: a hand card


def test_R137_R158_cards_alike_are_one_sale() -> None:
    """Blue's seat card and starting Expand 1 are alike (Expand 1, crate 1) and a sold card
    never comes back (R158): the sell space lists them once, and takes only that one."""
    st = game()
    p = st.players[BLUE]
    p.hand = ["blue:S_EXP1", "blue:SEAT_1", "blue:S_BAN1"]
    opts = menu(st, ("b", "b:SELL"))
    assert sorted(opts) == ["b:SELL:SEAT_1", "b:SELL:S_BAN1"]
    assert len(set(opts.values())) == len(opts)
    with pytest.raises(IllegalAction):
        bonus.apply(clone(st), BLUE, "b:SELL:S_EXP1")
    bonus.apply(st, BLUE, "b:SELL:SEAT_1")
    assert p.hand == ["blue:S_EXP1", "blue:S_BAN1"] and st.discard[-1] == "blue:SEAT_1"


def test_R138_study_pay_3_then_point_then_diamond() -> None:
    st = game()
    p = st.players[BLUE]
    p.cash = 2
    assert "b:STUDY" not in menu(st, ("b",))
    p.cash = 5
    path: tuple[str, ...] = ("b", "b:STUDY")
    opts = bonus.steps(st, BLUE, ("b",))
    study = next(c for c in opts if c.id == "b:STUDY")
    move = "b:STUDY"
    while study.step:
        nxt = bonus.steps(st, BLUE, path)
        study = nxt[0]
        move = study.id
        path += (move,)
    ev = bonus.apply(st, BLUE, move)
    assert p.cash == 2 and p.diamond == 1 and p.books[1].tile
    texts = [e.text for e in ev]
    assert texts.index(next(t for t in texts if "bookkeeping position" in t)) < texts.index(
        next(t for t in texts if "diamond track" in t)
    )


# ---- extra spaces on C/D tracks -----------------------------------------------------------------
def test_R19_R20_R21_extra_spaces_only_on_C_and_D_tracks() -> None:
    st = game()
    extra = [s for s in bonus.space_ids(st) if s.startswith("X")]
    assert extra == ["XS0", "XS1", "XK0", "XK1"]
    assert data().sides[st.sides["mombasa"]].family == "permanent"


def test_R23_R132_extra_space_needs_an_active_unlock() -> None:
    st = game()
    st.players[BLUE].cash = 10
    assert "b:XS0" not in menu(st, ("b",))
    unlock(st, BLUE, "saint_louis", 0, active=False)
    assert "b:XS0" not in menu(st, ("b",))
    st.players[BLUE].bonuses[0].active = True
    assert "b:XS0" in menu(st, ("b",)) and "b:XS0" not in menu(st, ("b",), GREEN)


def test_R25_R27_R28_one_extra_space_per_track_per_round() -> None:
    st = game()
    p = st.players[BLUE]
    p.cash = 20
    unlock(st, BLUE, "saint_louis", 0)
    unlock(st, BLUE, "saint_louis", 1)
    ids = menu(st, ("b",))
    assert "b:XS0" in ids and "b:XS1" in ids  # R25: the second unlock allows either
    bonus.apply(st, BLUE, finish_bonus(st, "b:XS1"))
    assert st.bonus_spaces["track:saint_louis:1"] == BLUE
    assert "b:XS0" not in menu(st, ("b",))


def test_R42_R43_R139_C1_first_space_pay_2_choose_reward() -> None:
    st = game()
    p = st.players[BLUE]
    unlock(st, BLUE, "saint_louis", 0)
    p.cash = 1
    assert "b:XS0" not in menu(st, ("b",))  # requirement: £2
    p.cash = 2
    opts = menu(st, ("b", "b:XS0"))
    assert list(opts) == ["b:XS0:1", "b:XS0:2"]
    path: tuple[str, ...] = ("b", "b:XS0", "b:XS0:2")
    move = "b:XS0:2/1"
    assert move in menu(st, path)
    path += (move,)
    move = next(iter(menu(st, path)))  # the second point's book
    assert move.startswith("b:XS0:2/1/")
    bonus.apply(st, BLUE, move)
    assert p.cash == 0 and p.diamond == 1 and p.books[1].tile and p.books[2].tile


def test_R44_C1_second_space_pay_3_two_points_two_diamonds() -> None:
    st = game()
    p = st.players[BLUE]
    unlock(st, BLUE, "saint_louis", 1)
    p.cash = 3
    bonus.apply(st, BLUE, finish_bonus(st, "b:XS1"))
    assert p.cash == 0 and p.diamond == 2 and p.books[1].tile and p.books[2].tile


def test_R45_R46_R188_C2_first_buy_full_price_then_diamond() -> None:
    st = game(CD22)
    p = st.players[BLUE]
    unlock(st, BLUE, "saint_louis", 0)
    p.cash = goods.card_price(st, 1, 1, 0)
    card = st.display[1][1]
    bonus.apply(st, BLUE, "b:XS0:r2c2")
    assert card in p.hand and p.cash == 0 and p.diamond == 1


def test_R47_R150_C2_second_price_minus_1_floor_0_and_diamonds_without_buy() -> None:
    st = game(CD22)
    p = st.players[BLUE]
    unlock(st, BLUE, "saint_louis", 1)
    p.cash = 0
    st.display[0][2] = ""
    st.display[0][2] = f"{st.players[GREEN].colour}:S_BAN1"  # crate 1, right column: 0, -1 -> 0
    opts = menu(st, ("b", "b:XS1"))
    assert "b:XS1:r1c3" in opts and "£0" in opts["b:XS1:r1c3"]
    assert "b:XS1:r2c2" not in opts
    assert opts["b:XS1:-"] == "Buy no card: your marker gives only the 2 diamond steps"
    bonus.apply(st, BLUE, "b:XS1:-")
    assert p.diamond == 2 and p.cash == 0


def test_R48_D1_first_space_sell_any_hand_card_crate_plus_3() -> None:
    st = game()
    p = st.players[BLUE]
    unlock(st, BLUE, "cairo", 0)
    cid = p.hand[0]
    crate = data().cards[cid.split(":")[1]].crate
    cash = p.cash
    bonus.apply(st, BLUE, f"b:XK0:{cid.split(':')[1]}")
    assert p.cash == cash + crate + 3 and st.discard[-1] == cid
    put(st, BLUE, 2, "A03")
    unlock(st, GREEN, "cairo", 0)
    with pytest.raises(IllegalAction):  # only a hand card, never an action-area card
        bonus.apply(st, GREEN, "b:XK0:A03")


def test_R49_D1_second_space_coffee_from_hand_crate_plus_8() -> None:
    st = game()
    p = st.players[BLUE]
    unlock(st, BLUE, "cairo", 1)
    opts = menu(st, ("b", "b:XK1"))
    assert opts and all("coffee" in label for label in opts.values())
    put(st, BLUE, 2, "S_COF1")
    put(st, BLUE, 3, "S_COF2")
    assert "b:XK1" not in menu(st, ("b",))  # no coffee card left in the hand
    to_hand(st, BLUE, "B01")  # coffee, crate 6
    cash = p.cash
    bonus.apply(st, BLUE, "b:XK1:B01")
    assert p.cash == cash + 14


def test_R50_R51_R149_D2_first_pay_1_two_other_tracks_in_order() -> None:
    st = game(CD22)  # D2 at Cairo
    p = st.players[BLUE]
    unlock(st, BLUE, "cairo", 0)
    p.cash = 0
    assert "b:XK0" not in menu(st, ("b",))
    p.cash = 1
    opts = menu(st, ("b", "b:XK0"))
    assert len(opts) == 6 and all("K" not in k.split(":")[2] for k in opts)
    bonus.apply(st, BLUE, "b:XK0:SM")
    assert (
        p.cash == 0
        and p.track["saint_louis"] == 2
        and p.track["mombasa"] == 2
        and p.track["cairo"] == 0
    )


def test_R149_D2_pounds_paid_before_the_moves() -> None:
    st = game(CD22)
    p = st.players[BLUE]
    unlock(st, BLUE, "cairo", 0)
    p.cash, p.track["mombasa"] = 2, 7  # A1: £2 call before 8; after paying £1 it is unaffordable
    label = menu(st, ("b", "b:XK0"))["b:XK0:MC"]
    assert "cannot move on Mombasa" in label
    bonus.apply(st, BLUE, "b:XK0:MC")
    assert p.track["mombasa"] == 7 and p.track["cape_town"] == 2 and p.cash == 1


def test_R52_R148_D2_second_moves_each_other_track_as_far_as_possible() -> None:
    st = game(CD22)
    p = st.players[BLUE]
    unlock(st, BLUE, "cairo", 1)
    p.cash = 1
    p.track["mombasa"] = 17
    opts = menu(st, ("b", "b:XK1"))
    assert len(opts) == 6
    bonus.apply(st, BLUE, "b:XK1:MCS")
    assert [p.track[c] for c in ("mombasa", "cape_town", "saint_louis", "cairo")] == [18, 2, 2, 0]


def test_bonus_every_offered_move_is_accepted() -> None:
    st = game(CD22)
    p = st.players[BLUE]
    p.cash = 6
    for c in ("saint_louis", "cairo"):
        unlock(st, BLUE, c, 1)
    put(st, BLUE, 2, "S_BAN2")
    frontier, complete = [("b",)], []
    while frontier:
        path = frontier.pop()
        for c in bonus.steps(st, BLUE, path):
            (frontier.append(path + (c.id,)) if c.step else complete.append(c.id))
    assert len(complete) > 20
    for move in complete:
        sim = clone(st)
        bonus.apply(sim, BLUE, move)
        assert sim.players[BLUE].cash >= 0
    with pytest.raises(IllegalAction):
        bonus.apply(st, BLUE, "b:MAJ_BAN")


def test_R140_markers_go_back_in_the_preparation_phase() -> None:
    from engine.mombasa import rounds

    st = game()
    p = st.players[BLUE]
    p.cash = 10
    unlock(st, BLUE, "saint_louis", 0)
    bonus.apply(st, BLUE, "b:TILE_1")
    bonus.apply(st, BLUE, finish_bonus(st, "b:XS0"))
    assert p.markers == 0
    st.phase = "preparation"
    for q in st.players:
        q.pile_choice = 1
    rounds.preparation(st)
    assert p.markers == 2 and p.markers_placed == []
    assert all(v == -1 for v in st.bonus_spaces.values())

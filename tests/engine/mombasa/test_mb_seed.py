"""Seed walk-through: every statement of the seed file 000_e3bc18b33014e472.txt, one by one, each
with a concrete scenario through the real engine (setup, track movement, the goods, expand, bonus
and turn functions). Each docstring quotes the seed sentence verbatim (scanning errors included,
spec section 0.2); the rule IDs are the spec's (R1-R52)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import IllegalAction
from engine.mombasa import bonus, books, goods, rounds
from engine.mombasa.data import data
from engine.mombasa.expand import expansion_value
from engine.mombasa.state import State, TrackBonus
from engine.mombasa.tracks import active_bonus_level, advance, describe
from tests.engine.mombasa.mb_helpers import (
    finish_bonus,
    put,
    show,
    started_game,
    to_hand,
    unlock,
)

SEED_FILE = Path("/work/shared/seeds/000_e3bc18b33014e472.txt")
BLUE, GREEN, YELLOW = 0, 1, 2
NAMES = ["Blue", "Green", "Yellow"]
# A1 Mombasa (expansion +1/+2; specials 5 £1, 12 £2; calls £2 before 8, £3 before 14),
# B1 Cape Town (banana / any-goods discount), C1 Saint-Louis (books+diamonds), D2 Cairo
PERM = "A1,B1,C1,D2"
# A2 Mombasa (markers), B2 Cape Town (cotton), C2 Saint-Louis (buy), D1 Cairo (sell)
OTHER = "A2,B2,C2,D1"


def game(tracks: str = PERM, seats: int = 3) -> State:
    st = started_game(13, tracks, seats)
    st.turn = BLUE
    return st


def bonus_menu(st: State, path: tuple[str, ...], seat: int = BLUE) -> list[str]:
    return [c.id for c in bonus.steps(st, seat, path)]


def cash(st: State) -> list[int]:
    return [p.cash for p in st.players]


# ---- the quotes are the seed's -----------------------------------------------------------------
def _quotes() -> list[str]:
    out = []
    for name, fn in sorted(globals().items()):
        if name.startswith("test_s") and fn.__doc__:
            out += re.findall(r'"(.+?)"\s*\(R', " ".join(fn.__doc__.split()))
    return out


@pytest.mark.skipif(not SEED_FILE.exists(), reason="seed file not at hand")
def test_seed_every_docstring_quotes_the_seed_verbatim() -> None:
    seed = " ".join(SEED_FILE.read_text(encoding="utf-8").split())
    quotes = _quotes()
    assert len(quotes) >= 40
    for q in quotes:
        assert q in seed, q


# ---- capital calls, end of track, partial moves ------------------------------------------------
def test_s01_R1_every_track_has_one_or_two_capital_calls() -> None:
    """ "Each company track has one or two capital calls." (R1)"""
    for side in data().sides.values():
        assert len(side.capital_calls) in (1, 2)
    st = game()
    assert {len(data().sides[s].capital_calls) for s in st.sides.values()} <= {1, 2}


def test_s02_R2_R3_crossing_a_capital_call_pays_it_at_once() -> None:
    """ "Whenever you move one of your track marker from one space to the next and cross a
    capital call in the process, you must immediately pay the depicted number of pounds to the
    bank." (R2, R3)"""
    st = game()
    p = st.players[BLUE]
    p.track["mombasa"], p.cash = 7, 5
    r = advance(st, BLUE, "mombasa", 1)  # the £2 call lies between 7 and 8
    assert r.end == 8 and [(c.before, c.pounds) for c in r.calls_paid] == [(8, 2)]
    assert p.cash == 3
    r = advance(st, BLUE, "mombasa", 5)  # 8 -> 13: no call between them
    assert r.calls_paid == [] and p.cash == 3 + 2  # (+£2 for the special space on 12)


def test_s03_R4_unpaid_call_leaves_the_marker_before_it() -> None:
    """ "Otherwise, your track marker must remain on the space before the capital call." (R4)"""
    st = game()
    p = st.players[BLUE]
    p.track["mombasa"], p.cash = 6, 1
    r = advance(st, BLUE, "mombasa", 4)
    assert r.end == 7 and r.stopped == "call" and r.blocked_call == 2 and p.cash == 1


def test_s04_R5_the_last_space_is_kept_for_the_rest_of_the_game() -> None:
    """ "If you reach the last space of a track, your track marker remains there for the rest of
    the game." (R5)"""
    st = game()
    p = st.players[BLUE]
    p.cash = 30
    last = data().sides["A1"].last_space
    assert advance(st, BLUE, "mombasa", last).end == last
    for _ in range(3):
        r = advance(st, BLUE, "mombasa", 2)
        assert r.moved == 0 and p.track["mombasa"] == last and r.stopped == "end"


def test_s05_R6_R7_R8_move_as_far_as_possible_and_forfeit_the_rest() -> None:
    """ "If you use a reward that allows you to move forward on a specific track and you cannot
    use it completely (because of a capital call which you cannot pay or the end of the track),
    move your marker as far as possible (if at all) and forfeit the rest." (R6, R7, R8)"""
    st = game()
    p = st.players[BLUE]
    # a majority reward (3 steps) blocked by the £2 call: as far as possible, the rest lost
    put(st, BLUE, 2, "C05")
    p.track["mombasa"], p.cash = 6, 0
    bonus.apply(st, BLUE, "b:MAJ_BAN:M")
    assert p.track["mombasa"] == 7 and p.cash == 0
    # the end of the track (R7): 3 steps from 17 make 1
    p.track["cape_town"] = 17
    p.markers += 1
    put(st, BLUE, 3, "C06")
    bonus.apply(st, BLUE, "b:MAJ_COT:C")
    assert p.track["cape_town"] == 18
    # not at all (R8): no error, no compensation
    before = p.cash
    r = advance(st, BLUE, "mombasa", 3)
    assert r.moved == 0 and p.cash == before


# ---- special spaces ------------------------------------------------------------------------------
def test_s06_R9_every_track_has_two_special_spaces() -> None:
    """ "Each company track has 2 special spaces." (R9)"""
    for side in data().sides.values():
        assert len(side.special_spaces) == 2


def test_s07_R10_R11_R12_reach_or_pass_pays_1_or_2() -> None:
    """ "As soon as you reach or pass such a special space with your track marker, you
    immediately receive from the bank the number of pounds depicted above the special space (1
    or 2)." (R10, R11, R12)"""
    for side in data().sides.values():
        assert {s.pounds for s in side.special_spaces} <= {1, 2}
    st = game()
    before = cash(st)
    advance(st, BLUE, "mombasa", 5)  # reaches 5
    advance(st, GREEN, "mombasa", 7)  # passes 5
    assert cash(st)[GREEN] - before[GREEN] == 1
    assert cash(st)[BLUE] - before[BLUE] == 1 + 1  # its own £1, then again for Green
    st.players[YELLOW].cash = 10
    r = advance(st, YELLOW, "mombasa", 13)  # passes 5 and 12 in one move
    assert [(s.space, s.pounds) for s in r.specials] == [(5, 1), (12, 2)]


def test_s08_R13_each_player_reaching_it_receives_the_amount() -> None:
    """ "Important: Each player that reaches or passes a special space receives the depicted
    amount." (R13)"""
    st = game()
    for seat in (BLUE, GREEN, YELLOW):
        r = advance(st, seat, "mombasa", 5)
        assert r.specials[0].paid[0] == (seat, 1)


def test_s09_R14_R15_earlier_arrivals_receive_it_yet_again() -> None:
    """ "However, when he reaches or passes it, all players who already reached or passed that
    space before that player also receive the depicted amount from the bank yet again." (R14,
    R15)"""
    st = game()
    totals = []
    for seat in (YELLOW, BLUE, GREEN):
        before = cash(st)
        r = advance(st, seat, "mombasa", 6)
        totals.append(sum(cash(st)) - sum(before))
        assert r.specials[0].total == totals[-1]
    assert totals == [1, 2, 3]


def test_s10_R16_seed_example_blue_passes_after_green_and_yellow() -> None:
    """ "Example: Blue moves 2 spaces forward on the track and passes the first special space.
    For this, he immediately receives 1 pound from the bank. Since Green and Yellow already have
    reached that special space before Blue, they also receive 1 pound each from the bank yet
    again." (R16)"""
    st = game(seats=4)
    # R205: Green reached space 5 first and stands on 7, then Yellow, who stands on 5
    advance(st, GREEN, "mombasa", 7)
    advance(st, YELLOW, "mombasa", 5)
    st.players[BLUE].track["mombasa"] = 4
    # Blue moves with a real goods action: 2 bananas, no purchase, 2 steps on Mombasa
    put(st, BLUE, 2, "S_BAN2")
    before = cash(st)
    events = goods.apply(st, BLUE, "g:2:-:M2")
    delta = [a - b for a, b in zip(cash(st), before, strict=True)]
    assert delta == [1, 1, 1, 0]  # Blue, Green, Yellow £1 each; Purple (not there) nothing
    assert sum(delta) == 3 and st.players[BLUE].track["mombasa"] == 6
    assert st.arrivals["mombasa"][0] == [GREEN, YELLOW, BLUE]
    assert any("£1 special space (to Blue, Green, Yellow)" in e.text for e in events)


def test_s10_R16_seed_example_with_the_movement_procedure() -> None:
    """ "Example: Blue moves 2 spaces forward on the track and passes the first special space."
    (R16)"""
    st = game()
    advance(st, GREEN, "mombasa", 7)
    advance(st, YELLOW, "mombasa", 5)
    advance(st, BLUE, "mombasa", 4)
    before = cash(st)
    r = advance(st, BLUE, "mombasa", 2)
    assert [a - b for a, b in zip(cash(st), before, strict=True)] == [1, 1, 1]
    assert (r.end, r.moved, r.calls_paid, r.specials[0].total) == (6, 2, [], 3)
    assert "again to Green £1, Yellow £1" in describe(r, NAMES)


def test_s11_R17_reaching_a_special_space_unlocks_its_bonus() -> None:
    """ "As soon as you reach or pass a special space, you also unlock its special track bonus."
    (R17)"""
    st = game()
    r = advance(st, BLUE, "mombasa", 5)
    assert r.unlocked == [0]
    assert [(b.company, b.index) for b in st.players[BLUE].bonuses] == [("mombasa", 0)]


def test_s12_R18_the_bonus_counts_from_the_next_turn_on() -> None:
    """ "'I his special track bonus will take effect from your next turn onward (i.e. if you
    unlock it in the middle of an action, you cannot use this bonus while still carrying out
    that action)." (R18)"""
    st = game()
    put(st, BLUE, 2, "C05")  # 4 bananas
    put(st, BLUE, 3, "S_BAN1")
    put(st, BLUE, 4, "S_EXP1")  # an expansion card: the A1 bonus would add +1
    rounds.take_action(st, BLUE, "g:23:-:M5")  # reaches Mombasa 5: expansion +1 unlocked
    assert st.players[BLUE].track["mombasa"] == 5
    assert active_bonus_level(st, BLUE, "mombasa") == 0
    assert expansion_value(st, BLUE) == 1 and goods.units(st, BLUE, "expansion") == 1
    while st.turn != BLUE:  # other players' turns: still nothing (R85)
        assert goods.units(st, BLUE, "expansion") == 1
        rounds.take_action(st, st.turn, rounds.PASS)
    assert active_bonus_level(st, BLUE, "mombasa") == 1
    assert expansion_value(st, BLUE) == 2


# ---- kinds of special track bonus ------------------------------------------------------------------
def test_s13_R19_two_kinds_of_special_track_bonus() -> None:
    """ "There are 2 types of special track bonuses: Permanent bonuses and extra bonus spaces."
    (R19)"""
    assert {s.family for s in data().sides.values()} == {"permanent", "extra_spaces"}
    assert {b.type for pair in data().bonuses.values() for b in pair} == {
        "permanent",
        "extra_space",
    }


def test_s14_R20_R21_permanent_on_A_and_B_extra_spaces_on_C_and_D() -> None:
    """ "Permanent bonuses can only be found on tracks A and B, while the extra bonus spaces can
    be found on tracks C and D." (R20, R21)"""
    for sid, side in data().sides.items():
        assert side.family == ("permanent" if sid[0] in "AB" else "extra_spaces")
    st = game()
    extra = sorted(k for k in st.bonus_spaces if k.startswith("track:"))
    assert extra == sorted(f"track:{c}:{i}" for c in ("saint_louis", "cairo") for i in (0, 1))


def test_s15_R22_permanent_bonus_used_every_time_it_is_relevant() -> None:
    """ "If you have unlocked a permanent bonus, you may use it each time you perform an action
    for which the bonus is relevant." (R22)"""
    st = game()
    unlock(st, BLUE, "cape_town", 0)  # B1: banana discount
    show(st, {(0, 1): "A01", (1, 1): "B08"})  # crate 3 each, middle column: price 3
    put(st, BLUE, 2, "S_BAN2")
    put(st, BLUE, 3, "A07")  # 3 bananas
    goods.apply(st, BLUE, "g:2:r1c2:-")  # 2 bananas buy a price-3 card
    goods.apply(st, BLUE, "g:3:r2c2:M1")  # and again: 3 - (3 - 1) = 1 unit left
    p = st.players[BLUE]
    assert "A01" in p.hand and "B08" in p.hand and p.track["mombasa"] == 1


def test_s16_R23_extra_spaces_are_used_with_the_place_a_marker_action() -> None:
    """ "Extra bonus spaces work exactly like the bonus spaces on the game board (i.e. you use
    them with the "Place 1 bonus marker" action)." (R23)"""
    st = game()
    unlock(st, BLUE, "saint_louis", 0)
    p = st.players[BLUE]
    p.cash = 5
    assert "b:XS0" in bonus_menu(st, ("b",))
    markers = p.markers
    bonus.apply(st, BLUE, finish_bonus(st, "b:XS0"))
    assert st.bonus_spaces["track:saint_louis:0"] == BLUE and p.markers == markers - 1
    p.markers = 0
    assert bonus.offers(st, BLUE) == []  # no marker, no extra space either


def test_s17_R24_each_track_has_two_special_track_bonuses() -> None:
    """ "Each track has 2 special track bonuses." (R24)"""
    for side in data().sides.values():
        assert len(data().bonuses[side.bonus_pair]) == 2
        assert [s.index for s in side.special_spaces] == [0, 1]


def test_s18_R24_the_second_improves_the_first() -> None:
    """ "'The second special track bonus of any company track usually is an improved version of
    the first one." (R24)"""
    st = game()
    put(st, BLUE, 2, "S_EXP1")
    unlock(st, BLUE, "mombasa", 0)
    assert expansion_value(st, BLUE) == 2
    st.players[BLUE].bonuses = [TrackBonus("mombasa", 1, True)]
    assert expansion_value(st, BLUE) == 3
    st2 = game(OTHER)
    unlock(st2, BLUE, "saint_louis", 0)
    unlock(st2, GREEN, "saint_louis", 1)
    show(st2, {(1, 1): "A01"})
    st2.players[BLUE].cash = st2.players[GREEN].cash = 2
    assert "b:XS0:r2c2" not in bonus_menu(st2, ("b", "b:XS0"))  # full price 3
    assert "b:XS1:r2c2" in bonus_menu(st2, ("b", "b:XS1"), GREEN)  # price - 1


def test_s19_R25_either_the_second_or_the_first_never_both() -> None:
    """ "Important: If you have managed to unlock the second special track bonus of a company
    track, you are entitled to EITHER use that second OR its first special track bonus, but you
    may never use both." (R25)"""
    st = game()
    unlock(st, BLUE, "saint_louis", 0)
    unlock(st, BLUE, "saint_louis", 1)
    st.players[BLUE].cash = 10
    top = bonus_menu(st, ("b",))
    assert "b:XS0" in top and "b:XS1" in top
    bonus.apply(st, BLUE, finish_bonus(st, "b:XS0"))
    assert "b:XS1" not in bonus_menu(st, ("b",))


def test_s20_R26_permanent_bonuses_never_cumulative() -> None:
    """ "In the case of the permanent bonuses this means: 'I he first and second special track
    bonuses of a track are never cumulative." (R26)"""
    st = game()
    put(st, BLUE, 2, "S_EXP2")
    unlock(st, BLUE, "mombasa", 0)
    unlock(st, BLUE, "mombasa", 1)
    assert expansion_value(st, BLUE) == 2 + 2  # +2, never +1 +2
    unlock(st, BLUE, "cape_town", 0)
    unlock(st, BLUE, "cape_town", 1)
    show(st, {(0, 1): "A01"})
    put(st, BLUE, 3, "S_BAN1")
    price, _left, _why = goods.purchase(st, BLUE, goods.picks(st, BLUE)["3"], 0, 1)
    assert price == 3 - 1  # one discount, never -2


def test_s21_R27_one_extra_space_of_a_track_per_round() -> None:
    """ "In the case of the extra bonus spaces this means: Each round you may only use one of the
    bonus spaces of that track." (R27)"""
    st = game()
    unlock(st, BLUE, "saint_louis", 1)
    st.players[BLUE].cash = 10
    bonus.apply(st, BLUE, finish_bonus(st, "b:XS1"))
    assert "b:XS0" not in bonus_menu(st, ("b",)) and "b:XS1" not in bonus_menu(st, ("b",))


def test_s22_R28_no_second_marker_onto_the_other_space() -> None:
    """ "So, if one of your bonus markers is already on one of the two bonus spaces, you are not
    allowed to place a second marker onto the other." (R28)"""
    st = game()
    unlock(st, BLUE, "cairo", 1)  # D2
    st.players[BLUE].cash = 5
    bonus.apply(st, BLUE, finish_bonus(st, "b:XK1"))
    assert st.players[BLUE].markers >= 1
    with pytest.raises(IllegalAction):
        bonus.apply(st, BLUE, "b:XK0:MC")


# ---- permanent bonuses --------------------------------------------------------------------------------
def test_s23_R29_R30_expansion_value_plus_1_or_2_for_all_purposes() -> None:
    """ "Your total expansion value in your action area is increased by 1 or 2 for all intents
    and purposes (expanding a company, majority bonus spaces, book requirements, etc).." (R29,
    R30)"""
    st = game()
    put(st, BLUE, 2, "S_EXP1")
    put(st, GREEN, 2, "S_EXP2")
    assert expansion_value(st, BLUE) == 1 and "b:MAJ_EXP" not in bonus_menu(st, ("b",))
    unlock(st, BLUE, "mombasa", 1)  # +2
    assert expansion_value(st, BLUE) == 3  # expanding
    assert goods.units(st, BLUE, "expansion") == 3
    assert "b:MAJ_EXP" in bonus_menu(st, ("b",))  # 3 > 2: the majority
    tile = next(t for t in st.book_display["A"] + st.book_supply["A"] if _needs_expansion(t))
    need = dict(books.book_req(tile))["expansion"]
    st.players[BLUE].bonuses = []
    met_without = books.requirement_met(st, BLUE, tile)
    unlock(st, BLUE, "mombasa", 1)
    assert books.requirement_met(st, BLUE, tile) == (need <= 3) and met_without == (need <= 1)


def _needs_expansion(tile: str) -> bool:
    req = dict(books.book_req(tile))
    return set(req) == {"expansion"} and 2 <= req["expansion"] <= 3


def test_s24_R31_only_with_an_expansion_card_in_the_action_area() -> None:
    """ "However, this bonus takes only effect if you have at least 1 expansion card in your
    action area." (R31)"""
    st = game()
    unlock(st, BLUE, "mombasa", 0)
    assert goods.units(st, BLUE, "expansion") == 0
    p = st.players[BLUE]
    p.tile, p.tile_in_area, p.tile_face = "T2", True, 1  # 2 expansion on the tile
    assert goods.units(st, BLUE, "expansion") == 2  # the tile is not a card
    put(st, BLUE, 2, "S_EXP1", face_up=False)  # a used (face-down) card still counts
    assert goods.units(st, BLUE, "expansion") == 1 + 2 + 1


def test_s25_R32_R33_one_or_two_more_markers_placed_as_usual() -> None:
    """ "You have 1 or 2 additional bonus markers of your color which you can place as usual."
    (R32, R33)"""
    st = game(OTHER)  # A2 at Mombasa: special spaces 6 and 13
    p = st.players[BLUE]
    p.cash = 20
    advance(st, BLUE, "mombasa", 6)
    rounds.start_turn(st, BLUE)
    assert bonus.available_markers(st, BLUE) == 3
    advance(st, BLUE, "mombasa", 7)
    rounds.start_turn(st, BLUE)
    assert bonus.available_markers(st, BLUE) == 4  # 2 in total, never 1 + 2
    for sid in ("b:TILE_1", "b:BUY", "b:STUDY"):
        bonus.apply(st, BLUE, finish_bonus(st, sid))
    bonus.apply(st, BLUE, "b:SELL:" + p.hand[0].split(":")[1])
    assert bonus.available_markers(st, BLUE) == 0 and len(p.markers_placed) == 4


def test_s26_R34_the_extra_markers_come_from_the_box() -> None:
    """ "(Take these bonus markers from the ones that where returned to the box during setup)."
    (R34)"""
    st = game(OTHER)
    p = st.players[BLUE]
    assert (p.markers, p.markers_in_box) == (2, 3)
    unlock(st, BLUE, "mombasa", 1, active=False)
    rounds.start_turn(st, BLUE)
    assert (p.markers, p.markers_in_box) == (4, 1)


def test_s27_R35_banana_payment_reduces_the_price_by_1() -> None:
    """ "Each time you acquire a card from the card display by using banana goods cards as a
    payment, the card price is reduced by 1." (R35)"""
    st = game()
    unlock(st, BLUE, "cape_town", 0)
    show(st, {(0, 0): "A07"})  # crate 5, left column +1: 6
    put(st, BLUE, 2, "C05")  # 4 bananas
    put(st, BLUE, 3, "S_BAN1")
    assert goods.purchase(st, BLUE, goods.picks(st, BLUE)["23"], 0, 0)[:2] == (5, 0)
    goods.apply(st, BLUE, "g:23:r1c1:-")
    assert "A07" in st.players[BLUE].hand


def test_s28_R36_any_goods_payment_reduces_the_price_by_1() -> None:
    """ "Each time you acquire a card from the card display using goods cards, the card price is
    reduced by 1." (R36)"""
    st = game()
    unlock(st, BLUE, "cape_town", 1)
    show(st, {(0, 1): "A03"})  # crate 4: price 4
    put(st, BLUE, 2, "B01")  # 3 coffee
    assert goods.purchase(st, BLUE, goods.picks(st, BLUE)["2"], 0, 1)[:2] == (3, 0)
    goods.apply(st, BLUE, "g:2:r1c2:-")
    assert "A03" in st.players[BLUE].hand


def test_s29_R37_R38_mixed_goods_and_the_excess_to_the_tracks() -> None:
    """ "As a payment for that card you may even use different types of goods cards (and then use
    any excess units to advance on company tracks)." (R37, R38)"""
    st = game()
    unlock(st, BLUE, "cape_town", 1)
    show(st, {(0, 1): "A01"})  # price 3 - 1 = 2
    put(st, BLUE, 2, "S_BAN2")
    put(st, BLUE, 3, "S_COF2")
    goods.apply(st, BLUE, "g:23:r1c2:K1C1")
    p = st.players[BLUE]
    assert "A01" in p.hand and p.track["cairo"] == 1 and p.track["cape_town"] == 1
    assert not p.slots[1].face_up and not p.slots[2].face_up


def test_s30_R39_cotton_payment_reduces_the_price_by_1() -> None:
    """ "Each time you acquire a card from the card display by using cotton goods cards as a
    payment, the card price is reduced by 1." (R39)"""
    st = game(OTHER)  # B2 at Cape Town
    unlock(st, BLUE, "cape_town", 0)
    show(st, {(0, 1): "A08"})  # crate 5: price 5
    put(st, BLUE, 2, "D03")  # 4 cotton
    assert goods.purchase(st, BLUE, goods.picks(st, BLUE)["2"], 0, 1)[:2] == (4, 0)
    put(st, BLUE, 3, "S_BAN2")
    put(st, BLUE, 4, "C05")
    assert goods.purchase(st, BLUE, goods.picks(st, BLUE)["34"], 0, 1)[:2] == (5, 1)


def test_s31_R40_R41_each_cotton_card_plus_1_for_all_purposes() -> None:
    """ "The unit value of each cotton goods card in your action area is increased by 1 for all
    intents and purposes. (this applies to each cotton card, not just the total unit value of
    cotton)." (R40, R41)"""
    st = game(OTHER)
    put(st, BLUE, 2, "S_COT1")
    put(st, BLUE, 3, "S_COT2", face_up=False)
    put(st, GREEN, 2, "A08")  # 3 cotton
    assert goods.units(st, BLUE, "cotton") == 3  # a tie: nobody has the majority
    assert "b:MAJ_COT" not in bonus_menu(st, ("b",)) + bonus_menu(st, ("b",), GREEN)
    unlock(st, BLUE, "cape_town", 1)
    assert goods.units(st, BLUE, "cotton") == 3 + 2  # +1 per card, 2 cards
    assert "b:MAJ_COT" in bonus_menu(st, ("b",)) and "b:MAJ_COT" not in bonus_menu(
        st, ("b",), GREEN
    )
    goods.apply(st, BLUE, "g:2:-:M2")  # a 1-cotton card moves 2
    assert st.players[BLUE].track["mombasa"] == 2


# ---- extra bonus spaces -----------------------------------------------------------------------------
def test_s32_R42_books_and_diamonds_pay_the_pounds_shown() -> None:
    """ "Requirement: Pay to the bank the number of pounds shown." (R42)"""
    st = game()
    unlock(st, BLUE, "saint_louis", 0)
    unlock(st, GREEN, "saint_louis", 1)
    st.players[BLUE].cash, st.players[GREEN].cash = 1, 2
    assert "b:XS0" not in bonus_menu(st, ("b",)) and "b:XS1" not in bonus_menu(st, ("b",), GREEN)
    st.players[BLUE].cash, st.players[GREEN].cash = 2, 3
    bonus.apply(st, BLUE, finish_bonus(st, "b:XS0"))
    bonus.apply(
        st,
        GREEN,
        finish_bonus(st, "b:XS1", GREEN),
    )
    assert st.players[BLUE].cash == 0 and st.players[GREEN].cash == 0


def test_s33_R43_one_point_two_diamonds_or_two_points_one_diamond() -> None:
    """ "Reward: Immediately use 1 bookkeeping point AND move 2 spaces forward with your diamond
    marker on your diamond track. OR: Use 2 bookkeeping points AND move 1 space forward on your
    diamond track." (R43)"""
    for opt, (pts, dia) in (("1", (1, 2)), ("2", (2, 1))):
        st = game()
        unlock(st, BLUE, "saint_louis", 0)
        st.players[BLUE].cash = 2
        assert bonus_menu(st, ("b", "b:XS0")) == ["b:XS0:1", "b:XS0:2"]
        path: tuple[str, ...] = ("b", "b:XS0", f"b:XS0:{opt}")
        move = bonus.steps(st, BLUE, path)[0]
        while move.step:
            path += (move.id,)
            move = bonus.steps(st, BLUE, path)[0]
        bonus.apply(st, BLUE, move.id)
        p = st.players[BLUE]
        assert sum(1 for b in p.books[1:] if b.tile) == pts and p.diamond == dia


def test_s34_R44_two_points_and_two_diamonds() -> None:
    """ "Reward: Immediately use 2 bookkeeping points AND move 2 spaces forward on your diamond
    track." (R44)"""
    st = game()
    unlock(st, BLUE, "saint_louis", 1)
    st.players[BLUE].cash = 3
    bonus.apply(st, BLUE, finish_bonus(st, "b:XS1"))
    p = st.players[BLUE]
    assert sum(1 for b in p.books[1:] if b.tile) == 2 and p.diamond == 2


def test_s35_R45_buy_spaces_have_no_requirement() -> None:
    """ "Requirement: None." (R45)"""
    st = game(OTHER)
    unlock(st, BLUE, "saint_louis", 0)
    st.players[BLUE].cash = 0
    st.players[BLUE].hand.clear()
    assert "b:XS0" in bonus_menu(st, ("b",))
    bonus.apply(st, BLUE, "b:XS0:-")
    assert st.players[BLUE].diamond == 1


def test_s36_R46_buy_for_the_full_price_and_or_one_diamond() -> None:
    """ "Reward: Immediately buy 1 card from the card display by paying its entire card price in
    pounds to the bank (take the card into your hand) AND/OR move 1 space forward on your
    diamond track." (R46)"""
    st = game(OTHER)
    unlock(st, BLUE, "saint_louis", 0)
    show(st, {(0, 0): "A01"})  # crate 3 + 1 = 4
    st.players[BLUE].cash = 4
    bonus.apply(st, BLUE, "b:XS0:r1c1")
    p = st.players[BLUE]
    assert "A01" in p.hand and p.cash == 0 and p.diamond == 1 and st.display[0][0] == ""


def test_s37_R47_buy_for_the_price_minus_1_and_or_two_diamonds() -> None:
    """ "Reward: Immediately buy 1 card from the card display by paying its card price (reduced
    by 1) in pounds to the bank (take the card into your hand) AND/OR move 2 spaces forward on
    your diamond track." (R47)"""
    st = game(OTHER)
    unlock(st, BLUE, "saint_louis", 1)
    show(st, {(0, 0): "A01"})  # 4 - 1 = 3
    st.players[BLUE].cash = 3
    bonus.apply(st, BLUE, "b:XS1:r1c1")
    p = st.players[BLUE]
    assert "A01" in p.hand and p.cash == 0 and p.diamond == 2


def test_s38_R48_sell_any_hand_card_for_crate_plus_3() -> None:
    """ "Requirement: Remove 1 card from your hand by placing it face up onto the action card
    discard pile." (R48)"""
    st = game(OTHER)  # D1 at Cairo
    unlock(st, BLUE, "cairo", 0)
    cid = to_hand(st, BLUE, "A04")  # expansion, crate 4
    before = st.players[BLUE].cash
    bonus.apply(st, BLUE, "b:XK0:A04")
    assert st.players[BLUE].cash == before + 4 + 3 and st.discard[-1] == cid
    assert cid not in st.players[BLUE].hand


def test_s38_R48_reward_crate_value_plus_3() -> None:
    """ "Reward: Immediately take a number of pounds from the bank equal to the red crate-value
    of the removed card + 3." (R48)"""
    st = game(OTHER)
    unlock(st, BLUE, "cairo", 0)
    cid = f"{st.players[BLUE].colour}:S_BAN1"  # crate 1
    before = st.players[BLUE].cash
    bonus.apply(st, BLUE, "b:XK0:S_BAN1")
    assert st.players[BLUE].cash == before + 1 + 3 and st.discard[-1] == cid


def test_s39_R49_sell_a_coffee_card_for_crate_plus_8() -> None:
    """ "Requirement: Remove 1 coffee goods card from your hand by placing it face up onto the
    action card discard pile." (R49) "Reward: Immediately take a number of pounds from the bank
    equal to the red crate-value of the removed card + 8." (R49)"""
    st = game(OTHER)
    unlock(st, BLUE, "cairo", 1)
    to_hand(st, BLUE, "D01")  # coffee, crate 8
    assert all("COF" in m or "D01" in m for m in bonus_menu(st, ("b", "b:XK1")))
    before = st.players[BLUE].cash
    bonus.apply(st, BLUE, "b:XK1:D01")
    assert st.players[BLUE].cash == before + 16 and st.discard[-1] == "D01"
    with pytest.raises(IllegalAction):  # the requirement: a coffee card
        st.bonus_spaces["track:cairo:1"] = -1
        st.players[BLUE].markers_placed.clear()
        st.players[BLUE].markers += 1
        bonus.apply(st, BLUE, "b:XK1:S_BAN1")


def test_s40_R50_D2_spaces_cost_1_pound() -> None:
    """ "Requirement: Pay 1 pound to the bank." (R50)"""
    st = game()  # D2 at Cairo
    unlock(st, BLUE, "cairo", 0)
    st.players[BLUE].cash = 0
    assert "b:XK0" not in bonus_menu(st, ("b",))
    st.players[BLUE].cash = 1
    bonus.apply(st, BLUE, "b:XK0:MC")
    assert st.players[BLUE].cash == 0


def test_s41_R51_two_different_tracks_other_than_D2_two_each() -> None:
    """ "Reward: Immediately move your track markers on 2 different company tracks (other than
    track D2) 2 spaces forward each." (R51)"""
    st = game()
    unlock(st, BLUE, "cairo", 0)
    st.players[BLUE].cash = 1
    opts = [m.split(":")[2] for m in bonus_menu(st, ("b", "b:XK0"))]
    assert sorted(opts) == sorted(["MC", "MS", "CM", "CS", "SM", "SC"])  # ordered pairs, no K
    with pytest.raises(IllegalAction):
        bonus.apply(st, BLUE, "b:XK0:MK")
    bonus.apply(st, BLUE, "b:XK0:CS")
    t = st.players[BLUE].track
    assert (t["cape_town"], t["saint_louis"], t["mombasa"], t["cairo"]) == (2, 2, 0, 0)


def test_s42_R52_each_of_the_other_three_tracks_two_each() -> None:
    """ "Reward: Immediately move your track markers on each of the other 3 company tracks
    (excluding track D2) 2 spaces forward." (R52)"""
    st = game()
    unlock(st, BLUE, "cairo", 1)
    st.players[BLUE].cash = 1
    bonus.apply(st, BLUE, finish_bonus(st, "b:XK1"))
    t = st.players[BLUE].track
    assert [t[c] for c in ("mombasa", "cape_town", "saint_louis", "cairo")] == [2, 2, 2, 0]

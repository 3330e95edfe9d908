"""The expand action and map geometry (sections 10.2, 12; R98-R110, R176, R195, R198)."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction
from engine.mombasa import bases, expand
from engine.mombasa import map as geo
from engine.mombasa.data import data
from engine.mombasa.state import BookPos, SlotCard, State, TrackBonus, turn_down
from tests.engine.mombasa.mb_helpers import started_game

BLUE, GREEN = 0, 1


def game() -> State:
    # Mombasa A1 (the expansion bonus pair), Cape Town B1 (£3 call before 11)
    return started_game(11)


def cards(st: State, seat: int, *ids: str) -> None:
    for i, cid in enumerate(ids):
        st.players[seat].slots[i + 1] = SlotCard(cid)


def tok(area: str) -> str:
    return geo.area_token(area)


def walk(st: State, seat: int, pick) -> str:
    """Follow the menus from the offer, taking `pick(choices)` each time; returns the move."""
    path: tuple[str, ...] = ("x",)
    while True:
        ch = expand.steps(st, seat, path)
        assert ch and len(ch) <= 24
        assert all(len(c.id) <= 60 and " " not in c.id and len(c.label) <= 100 for c in ch)
        c = pick(ch)
        if not c.step:
            return c.id
        path = (*path, c.id)


def test_R98_offer_needs_a_face_up_expansion_card() -> None:
    st = game()
    cards(st, BLUE, "A05", "A06")  # a bookkeeper and a diamond merchant
    assert expand.offers(st, BLUE) == []
    cards(st, BLUE, "A04")
    (offer,) = expand.offers(st, BLUE)
    assert offer.id == "x" and "expansion value 2" in offer.label
    turn_down(st.players[BLUE], 2)
    assert expand.offers(st, BLUE) == []


def test_R99_expansion_tile_counts_and_may_be_used_alone() -> None:
    st = game()
    p = st.players[BLUE]
    p.tile, p.tile_in_area, p.tile_face = "T2", True, 1  # T2 face 2: expansion 2
    assert expand.expansion_value(st, BLUE) == 2
    expand.apply(st, BLUE, f"x:C:{tok('S10')}1")
    assert not p.tile_face_up and expand.offers(st, BLUE) == []


def test_R100_R29_R31_expansion_value_with_bonus() -> None:
    st = game()
    p = st.players[BLUE]
    cards(st, BLUE, "A04", "blue:S_EXP1")
    assert expand.expansion_value(st, BLUE) == 3
    p.bonuses.append(TrackBonus("mombasa", 0, False))
    assert expand.expansion_value(st, BLUE) == 3  # pending: nothing yet (R85)
    p.bonuses[0].active = True
    assert expand.expansion_value(st, BLUE) == 4
    p.bonuses.append(TrackBonus("mombasa", 1, True))
    assert expand.expansion_value(st, BLUE) == 5  # +2, never +3 (R26, R29)
    # R31: a tile alone does not meet "at least 1 expansion card"
    cards(st, BLUE, "A05", "A06")
    p.tile, p.tile_in_area, p.tile_face = "T2", True, 1
    assert expand.expansion_value(st, BLUE) == 2


def test_R101_one_company_and_its_posts_only() -> None:
    st = game()
    cards(st, BLUE, "A04")
    ids = [c.id for c in expand.steps(st, BLUE, ("x",))]
    assert ids == ["x:M", "x:C", "x:S", "x:K"]
    expand.apply(st, BLUE, f"x:C:{tok('S10')}1{tok('S8')}1")
    assert {a for a, c in st.map.items() if c} == {"S10", "S8"}
    assert set(st.map.values()) == {"", "cape_town"}


def test_R102_posts_placed_this_action_are_sources() -> None:
    st = game()
    assert set(geo.legal_targets(st, "cape_town", 5)) == {"S10", "S6"}
    st.map["S10"] = "cape_town"
    assert {"S7", "S8", "S9", "S6"} <= set(geo.legal_targets(st, "cape_town", 5))


def test_R103_cheapest_border_and_base_cost() -> None:
    st = game()
    t = geo.legal_targets(st, "cape_town", 5)
    assert t["S10"].cost == 1 and t["S10"].from_base
    st.map["S6"] = "cape_town"
    assert geo.legal_targets(st, "cape_town", 5)["S2"].cost == 2  # double border S6-S2
    st.map["S7"] = "cape_town"
    assert geo.legal_targets(st, "cape_town", 5)["S2"].cost == 1  # S7-S2 is normal
    assert "S2" not in geo.legal_targets(st, "cape_town", 0)


def test_R104_R105_displace_costs_one_more_and_post_goes_home() -> None:
    st = game()
    bases.take_post(st, "mombasa", 4)
    bases.take_post(st, "mombasa", 4)
    st.map["S10"] = "mombasa"
    assert geo.legal_targets(st, "cape_town", 5)["S10"].cost == 2
    cards(st, BLUE, "A04")
    value = bases.share_value(st, "mombasa")
    expand.apply(st, BLUE, f"x:C:{tok('S10')}1")  # one legal return column: no step
    assert st.map["S10"] == "cape_town"
    assert st.bases["mombasa"].posts[4] == 3 and bases.share_value(st, "mombasa") == value - 1


def test_R154_active_player_chooses_the_return_column() -> None:
    st = game()
    for col in (1, 4):
        bases.take_post(st, "mombasa", col)
    st.map["S10"] = "mombasa"
    cards(st, BLUE, "A04")
    path = ("x", "x:C", f"x:C:{tok('S10')}", f"x:C:{tok('S10')}1")
    ch = expand.steps(st, BLUE, path)
    assert [c.id[-1] for c in ch] == ["2", "5"] and all("displaced post" in c.label for c in ch)
    expand.apply(st, BLUE, f"x:C:{tok('S10')}15")
    assert st.bases["mombasa"].posts == [2, 2, 3, 3, 4]


def test_R106_no_second_post_of_the_company_in_an_area() -> None:
    st = game()
    st.map["S10"] = "cape_town"
    assert "S10" not in geo.legal_targets(st, "cape_town", 5)
    cards(st, BLUE, "A04")
    with pytest.raises(IllegalAction):
        expand.apply(st, BLUE, f"x:C:{tok('S10')}")


def test_R107_reserve_first_then_a_column_of_the_players_choice() -> None:
    st = game()
    cards(st, BLUE, "A04")
    # columns 2, 3, 4 are in the same state: one choice; columns 1 and 5 differ
    ch = expand.steps(st, BLUE, ("x", "x:C", f"x:C:{tok('S10')}"))
    assert [c.id[-1] for c in ch] == ["1", "2", "5"] and "uncovers 0 coin" in ch[0].label
    st.bases["cape_town"].reserve = 1
    ch = expand.steps(st, BLUE, ("x", "x:C", f"x:C:{tok('S10')}"))
    assert ch[0].id == f"x:C:{tok('S10')}" and "Done" in ch[0].label  # no column step
    expand.apply(st, BLUE, f"x:C:{tok('S10')}")
    assert st.bases["cape_town"].reserve == 0 and sum(st.bases["cape_town"].posts) == 15
    st2 = game()
    st2.bases["cape_town"].posts = [0, 0, 0, 0, 0]
    cards(st2, BLUE, "A04")
    assert [c.id for c in expand.steps(st2, BLUE, ("x",))] == ["x:M", "x:S", "x:K"]


def test_R108_R176_reward_at_once_pounds_before_track() -> None:
    st = game()
    p = st.players[BLUE]
    st.map["S7"] = "cape_town"
    p.track["cape_town"], p.cash = 10, 2  # the £3 call before 11 needs the £1 first
    cards(st, BLUE, "blue:S_EXP1")
    ev = expand.apply(st, BLUE, f"x:C:{tok('S2')}1")  # Barotseland: £1 + 1 track step
    assert p.track["cape_town"] == 11 and p.cash == 0
    assert any("Cape Town" in e.text and "capital call" in e.text for e in ev)


def test_R108_bookkeeping_reward_picks_a_book() -> None:
    st = game()
    st.map["S10"] = "cape_town"
    cards(st, BLUE, "blue:S_EXP1")
    st.players[BLUE].books[1] = BookPos()
    ch = expand.steps(st, BLUE, ("x", "x:C"))
    s9 = next(c for c in ch if c.id.startswith("x:C:" + tok("S9")))
    assert "Natal" in s9.label and s9.step  # a book still has to be chosen
    picks = expand.steps(st, BLUE, ("x", "x:C", s9.id))
    assert all(not c.step and "book A" in c.label for c in picks)
    row = list(st.book_display["A"])
    expand.apply(st, BLUE, picks[-1].id)
    assert st.players[BLUE].books[1].tile == row[int(picks[-1].id[-1]) - 1]


def test_R109_at_least_one_post_and_leftover_points_are_lost() -> None:
    st = game()
    cards(st, BLUE, "A04", "B04")
    with pytest.raises(IllegalAction):
        expand.apply(st, BLUE, "x:C")
    ev = expand.apply(st, BLUE, f"x:C:{tok('S10')}1")
    assert "4 expansion point(s) are left unused" in ev[-1].text
    with pytest.raises(IllegalAction):  # points cannot exceed the value
        expand.apply(
            game(), BLUE, "x:C:" + tok("S10") + "1" + tok("S9") + tok("S8") + tok("S4") + tok("S5")
        )


def test_R110_used_cards_turn_face_down() -> None:
    st = game()
    cards(st, BLUE, "A04", "A05", "blue:S_EXP1")
    expand.apply(st, BLUE, f"x:K:{tok('N6')}1")
    assert [s.face_up for s in st.players[BLUE].slots[1:4]] == [False, True, False]


def test_R195_labels_name_areas_never_ids() -> None:
    st = game()
    cards(st, BLUE, "A04")
    ch = expand.steps(st, BLUE, ("x", "x:C"))
    areas = [c for c in ch if "cost" in c.label]
    assert {c.label.split(":")[0] for c in areas} == {
        "37 Cape Colony (£1)",
        "33 South West Africa (◆1)",
    }
    assert "cost 1 (from base), reward £1;" in areas[0].label


def test_R195_menu_areas_read_as_the_board_shows_them() -> None:
    """Each area choice starts with the number and the reward its disc shows on the board,
    then its name; numbers are 1..N, one per area, north to south."""
    from engine.mombasa import names
    from engine.mombasa.viewer import build

    st = game()
    cards(st, BLUE, "C09", "D04")
    shown = {a.id: a for a in build(st, None).areas}
    assert sorted(a.number for a in shown.values()) == list(range(1, len(shown) + 1))
    ys = [a.xy[1] for a in sorted(shown.values(), key=lambda a: a.number)]
    assert ys == sorted(ys)
    ch = expand.steps(st, BLUE, ("x", "x:C"))
    areas = [c for c in ch if "cost" in c.label]
    assert areas
    for c in areas:
        a = shown[geo.area_of_token(c.id[4])]
        assert c.label.startswith(f"{a.number} {a.name} ({names.reward_short(a.reward)}): ")
    labels = [c.label for c in ch]
    assert len(set(labels)) == len(labels) and all(len(x) <= 100 for x in labels)


def test_R198_every_area_has_screen_coordinates() -> None:
    assert all(0 <= x <= 1000 and 0 <= y <= 1000 for a in data().areas.values() for x, y in [a.xy])


def test_R102_long_area_lists_are_paged() -> None:
    st = game()
    for a in ("C6", "N4", "N3", "S4", "E5", "W4", "E1", "S2"):
        st.map[a] = "cape_town"
    cards(st, BLUE, "C09", "D04", "E06", "B04")
    assert len(geo.legal_targets(st, "cape_town", 15)) > 24
    ch = expand.steps(st, BLUE, ("x", "x:C"))
    assert len(ch) == 24 and ch[-1].id == "x:C+" and ch[-1].step
    rest = expand.steps(st, BLUE, ("x", "x:C", "x:C+"))
    assert rest and not any(c.id.endswith("+") for c in rest)
    nxt = expand.steps(st, BLUE, ("x", "x:C", "x:C+", rest[0].id))
    assert nxt


def test_R98_R110_every_menu_move_is_accepted() -> None:
    for seed in range(12):
        st = game()
        r = random.Random(seed)
        for seat in (0, 1, 2, 0):
            cards(st, seat, "C09", "D04", "E06", "B04")
            move = walk(st, seat, r.choice)
            expand.apply(st, seat, move)
            for a, c in st.map.items():
                assert c in ("", *data().companies), a
            for comp in data().companies:
                on_map = sum(1 for c in st.map.values() if c == comp)
                assert on_map + bases.posts_available(st, comp) == 15


def test_R101_a_single_company_is_not_asked_for() -> None:
    """With one company able to expand, 'Expand' opens its areas at once (no one-choice menu)."""
    st = game()
    cards(st, BLUE, "A04")
    for comp in ("mombasa", "saint_louis", "cairo"):
        st.bases[comp].posts = [0] * len(st.bases[comp].posts)
        st.bases[comp].reserve = 0
    assert expand.companies(st, BLUE) == ["cape_town"]
    ch = expand.steps(st, BLUE, ("x",))
    assert ch and all(c.id.startswith("x:C") for c in ch)
    assert any(c.label.startswith("37 Cape Colony") for c in ch)


def test_R107_the_base_column_comes_with_the_area() -> None:
    """An area choice takes the post from the column uncovering most coins (said in its label):
    one press per post. Another column is chosen first, then the area."""
    st = game()
    cards(st, BLUE, "A04")
    take = expand.column_classes(st, "cape_town", bases.take_columns(st, "cape_town"))
    assert len(take) > 1
    best = expand.best_column(st, "cape_town", take)
    ch = expand.steps(st, BLUE, ("x", "x:C"))
    colony = next(c for c in ch if c.label.startswith("37 Cape Colony"))
    assert colony.id == f"x:C:{tok('S10')}{best + 1}"
    assert f"; base column {best + 1} (+" in colony.label
    after = expand.steps(st, BLUE, ("x", "x:C", colony.id))
    assert after[0].id == colony.id and after[0].label.startswith("Done expanding")
    others = [c for c in ch if c.label.startswith("Take the post from base column")]
    assert {c.id for c in others} == {f"x:C*{k + 1}" for k in take if k != best}
    pick = others[0]
    col = int(pick.id[-1])
    areas = expand.steps(st, BLUE, ("x", "x:C", pick.id))
    assert not any("*" in c.id for c in areas)  # no other column from there: Back does it
    with pytest.raises(IllegalAction):
        expand.steps(st, BLUE, ("x", "x:C", pick.id, others[-1].id))
    colony = next(c for c in areas if c.label.startswith("37 Cape Colony"))
    assert colony.id == f"x:C:{tok('S10')}{col}"
    before = st.bases["cape_town"].posts[col - 1]
    expand.apply(st, BLUE, colony.id)
    assert st.bases["cape_town"].posts[col - 1] == before - 1
    with pytest.raises(IllegalAction):  # a preset is a step, never a move
        expand.apply(game(), BLUE, pick.id)

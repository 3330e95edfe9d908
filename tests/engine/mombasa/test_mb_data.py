"""Data validation (section 21, R1, R9, R10, R202, section 21.14 switches)."""

from __future__ import annotations

import copy

import pytest
import yaml

from engine.mombasa.data import DATA_PATH, build, data

RAW = yaml.safe_load(DATA_PATH.read_text(encoding="utf-8"))


def bad(mutate) -> str:
    raw = copy.deepcopy(RAW)
    mutate(raw)
    with pytest.raises(ValueError) as e:
        build(raw)
    return str(e.value)


def test_default_data_loads_with_stated_counts() -> None:
    d = data()
    assert len(d.action_card_ids) == 44
    assert {k: len(v) for k, v in d.book_ids.items()} == {"A": 24, "B": 24, "C": 24}
    assert len(d.starting_card_ids) == 9 and d.seat_card_ids == (
        "SEAT_1",
        "SEAT_2",
        "SEAT_3",
        "SEAT_4",
    )
    assert len(d.start_tiles) == 10 and len(d.areas) == 37
    assert sum(len(n) for n in d.neighbours.values()) == 2 * 79
    assert d.bonus_spaces["STUDY"].kind == "study"  # R196
    assert data() is d  # cached


def test_every_entry_has_a_source_label() -> None:
    assert all(k in RAW["sources"] for k in RAW if k != "sources")
    assert all("source" in c for c in RAW["action_cards"])
    assert all("source" in s for s in RAW["track_sides"].values())
    assert all("source" in a for a in RAW["areas"].values())


def test_R1_side_needs_one_or_two_capital_calls() -> None:
    def m(r):
        r["track_sides"]["B1"]["capital_calls"] = []

    assert "B1" in bad(m) and "capital call" in bad(m)


def test_R9_exactly_two_special_spaces() -> None:
    def m(r):
        r["track_sides"]["C2"]["special_spaces"].append({"space": 16, "pounds": 1})

    assert "C2" in bad(m)


def test_R10_special_space_pays_1_or_2() -> None:
    def m(r):
        r["track_sides"]["A1"]["special_spaces"][0]["pounds"] = 3

    msg = bad(m)
    assert "A1" in msg and "pays 3" in msg


def test_R202_family_must_match_letter() -> None:
    def m(r):
        r["track_sides"]["A2"]["family"] = "extra_spaces"

    assert "A2" in bad(m)


def test_R202_d2_pair_must_be_on_d2() -> None:
    def m(r):
        s = r["track_sides"]
        s["D1"]["bonus_pair"], s["D2"]["bonus_pair"] = s["D2"]["bonus_pair"], s["D1"]["bonus_pair"]

    assert "D2" in bad(m)


def test_action_card_totals_checked() -> None:
    def m(r):
        r["action_cards"][0]["good"] = "coffee"

    msg = bad(m)
    assert "bananas" in msg or "coffee" in msg


def test_book_counts_checked() -> None:
    def m(r):
        r["book_tiles"]["B"][0]["copies"] = 3

    assert "book_tiles B: 25" in bad(m)


def test_map_borders_must_name_known_areas() -> None:
    def m(r):
        r["borders"].append(["N1", "ZZ", 1])

    assert "ZZ" in bad(m)


def test_map_duplicate_border_refused() -> None:
    def m(r):
        r["borders"].append(["N2", "N1", 1])

    assert "N2-N1" in bad(m) or "N1" in bad(m)


def test_unsupported_switch_value_refused() -> None:
    def m(r):
        r["design_rulings"]["hand_limit"] = 7

    msg = bad(m)
    assert "design_rulings.hand_limit = 7 is not supported" in msg


def test_unsupported_nested_switch_refused() -> None:
    def m(r):
        r["design_rulings"]["forced_defaults"]["planning"] = "nothing_planned_tile_first_face"

    assert "forced_defaults.planning" in bad(m)  # R205


def test_unknown_switch_refused() -> None:
    def m(r):
        r["design_rulings"]["surprise"] = True

    assert "surprise" in bad(m)


def test_track_rule_switch_refused() -> None:
    def m(r):
        r["rules"]["first_second_cumulative"] = True

    assert "first_second_cumulative" in bad(m)

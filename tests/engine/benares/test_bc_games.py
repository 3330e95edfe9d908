"""Full games by bot seats: invariants after every action, determinism, legality of every listed
choice, view redaction (R78, R127, R128, R129 in play)."""

from __future__ import annotations

import msgspec
import pytest

from engine.benares.state import State
from engine.core import IllegalAction
from tests.engine.benares.bc_helpers import D, T, menus, play_bot_game


def invariants(st: State) -> None:
    cards = list(st.deck) + list(st.discard)
    for c in st.companies:
        assert 0 <= c.treasury <= 9 and c.discs >= 0 and c.vp >= 0
        assert all(0 <= r <= D.max_row for r in c.rows.values())
        assert all(0 <= p <= D.max_pos for p in c.goods.values())
        assert len(c.posts) <= D.post_spaces
        assert len(set(c.concessions_used)) == len(c.concessions_used)
        assert sum(c.hold.values()) <= c.capacity
        cards += c.hand + [s.card for s in c.board if s.card]
    if st.phase not in ("boats",):
        assert sorted(cards) == sorted(D.card_ids)  # cards conserved
    for g in D.goods:
        on_map = sum(n for sp, n in st.crates.items() if D.spaces[sp]["source"] == g)
        held = sum(c.hold.get(g, 0) for c in st.companies)
        assert st.crate_supply[g] + on_map + held == 15
    start = D.posts["supply_by_player_count"][st.seats]
    for k, n in start.items():
        assert st.post_supply[k] + sum(c.posts.count(k) for c in st.companies) == n
    if st.phase != "over":
        ps = T.prompts(st)
        assert len(ps) == 1 and len(ps[0].choices) >= 2  # always a legal move (R78)
        for ch in ps[0].choices:
            assert len(ch.id) <= 60 and len(ch.label) <= 100


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r78_full_bot_games_keep_invariants_and_end(seats: int) -> None:
    for seed in range(10):
        st, log = play_bot_game(seats, seed, invariants)
        assert st.phase == "over" and st.round == 2
        r = T.result(st)
        assert r is not None and sorted(r.ranking) == list(range(seats))
        assert len(log) < 1000


@pytest.mark.parametrize("seats", [2, 4])
def test_variant_games_end(seats: int) -> None:
    for seed in range(4):
        st, _ = play_bot_game(seats, seed, invariants, intertwined_blocks="on", open_hands="on")
        assert st.phase == "over"


def test_determinism_same_seed_same_actions_same_state() -> None:
    st, log = play_bot_game(3, 11)
    replay = T.setup(11, 3, {})
    for seat, cid in log:
        T.apply(replay, seat, cid)
    assert T.encode(replay) == T.encode(st)
    assert T.decode(T.encode(st)) == st


def test_every_listed_choice_is_accepted_on_a_copy() -> None:
    for seats, seed, opts in [(2, 1, {}), (4, 2, {}), (3, 3, {"intertwined_blocks": "on"})]:

        def check(st: State) -> None:
            for p in T.prompts(st):
                for _, menu in menus(st, p.seat):
                    for ch in menu.choices:
                        if ch.step:
                            with pytest.raises(IllegalAction):
                                T.apply(T.copy(st), p.seat, ch.id)
                        else:
                            T.apply(T.copy(st), p.seat, ch.id)

        play_bot_game(seats, seed, check, **opts)


def test_illegal_choices_refused_without_change() -> None:
    st, _ = play_bot_game(2, 1, None)
    st = T.setup(1, 2, {})
    before = T.encode(st)
    with pytest.raises(IllegalAction):
        T.apply(st, 0, "boat:BEN")  # seat 2 places first
    with pytest.raises(IllegalAction):
        T.apply(st, 1, "boat:W1")
    assert T.encode(st) == before


def test_r129_views_never_leak_other_hands_during_play() -> None:
    def check(st: State) -> None:
        if st.phase != "action":
            return
        for seat in range(st.seats):
            raw = msgspec.json.encode(T.view(st, seat)).decode()
            for other, c in enumerate(st.companies):
                if other != seat:
                    for card in c.hand:
                        assert f'"{card}"' not in raw

    play_bot_game(3, 4, check)

"""Hidden information, one decision at a time, and the variants (R23, R24, R129-R132)."""

from __future__ import annotations

import msgspec

from tests.engine.benares.bc_helpers import (
    D,
    T,
    act,
    give,
    ids,
    menu,
    new,
    play_bot_game,
    top,
)


def test_r129_view_hides_other_hands() -> None:
    st = new(seats=3)
    for seat in range(3):
        v = T.view(st, seat)
        for cv in v.companies:
            if cv.seat == seat:
                assert [c.id for c in cv.hand] == st.companies[seat].hand
            else:
                assert cv.hand is None and cv.hand_count == 8
        raw = msgspec.json.encode(v).decode()
        for other in range(3):
            if other != seat:
                for card in st.companies[other].hand:
                    assert f'"{card}"' not in raw
    spectator = msgspec.json.encode(T.view(st, None)).decode()
    assert all(f'"{x}"' not in spectator for c in st.companies for x in c.hand)
    assert '"deck"' not in spectator


def test_r129_private_text_and_deal_events() -> None:
    st = T.setup(4, 2, {})
    T.apply(st, 1, "boat:BEN")
    ev = T.apply(st, 0, "boat:CAL")
    assert any(e.barrier and e.private_to is None for e in ev)
    mine = [e for e in ev if e.private_to == 0]
    assert mine and mine[0].barrier and st.companies[0].hand[0] in mine[0].text
    assert st.companies[0].hand[0] in T.private_text(st, 0)
    assert st.companies[0].hand[0] not in T.private_text(st, 1)


def test_r129_card_choice_prompts_are_secret_and_hidden_in_view() -> None:
    st = new()
    assert T.prompts(st)[0].secret and T.choices(st, 0).secret
    card = st.companies[0].hand[0]
    before = T.encode(st)
    sub = menu(st, f"card:{card}")  # the menu after picking a card names it: secret too
    assert sub.secret and card in sub.text and T.encode(st) == before
    assert card not in T.view(st, 1).prompt_text and card not in T.view(st, None).prompt_text
    assert "choose a card" in T.view(st, 0).prompt_text


def test_r130_one_decision_at_a_time() -> None:
    def check(st) -> None:
        assert len(T.prompts(st)) <= 1

    play_bot_game(3, 5, check)


def test_r132_open_hands_variant() -> None:
    st = new(seats=2, open_hands="on")
    v = T.view(st, None)
    assert all(cv.hand is not None and len(cv.hand) == 8 for cv in v.companies)
    assert not any(c.hand for c in T.view(new(seats=2), None).companies)


def test_r23_r24_intertwining_is_an_option_off_by_default() -> None:
    opts = {o.name: o for o in T.options}
    assert opts["intertwined_blocks"].default == "off" and opts["open_hands"].default == "off"
    assert D.raw["variants"] == {"intertwined_blocks": False, "open_hands": False}
    st = new()
    st.companies[0].boat = "W1"
    give(st, 0, "C22")
    act(st, "play:C22:log:2")  # Move 4 + company Load 2: no interleaving by default
    assert set(ids(st)) == {"first:card", "first:company"}


def test_r131_intertwined_load_between_move_steps() -> None:
    st = new(intertwined_blocks="on")
    c = st.companies[0]
    c.boat, c.treasury = "BEN", 9
    give(st, 0, "C22")  # Move 4 + company Load 2 (space 2)
    act(st, "play:C22:log:2")
    assert top(st).kind == "mix"
    act(st, "step:W1")  # start the Move: BEN -> W1 (indigo source)
    assert "crate" in ids(st)
    act(st, "crate")  # load in the middle of the Move
    act(st, "step:W2", "step:W3")
    act(st, "crate")  # a saltpetre crate at W3
    assert c.hold == {"indigo": 1, "saltpetre": 1}
    assert all(x.startswith("step:") or x == "ldone" for x in ids(st))  # Load limit reached
    act(st, "step:E1")  # the fourth and last step
    assert c.boat == "E1" and top(st).kind == "turn" and top(st).seat == 1


def test_r131_intertwined_pooled_moves_reach_a_shortcut() -> None:
    st = new(intertwined_blocks="on")
    c = st.companies[0]
    c.boat = "E2"
    give(st, 0, "C20")  # Move 3 + company Move 1 (space 3): pooled 4 reaches Calcutta
    act(st, "play:C20:log:3")
    assert "pool" in ids(st)
    act(st, "pool")
    assert "to:CAL" in ids(st)
    act(st, "to:CAL")
    assert c.boat == "CAL"


def test_r131_intertwined_company_action_between_repetitions() -> None:
    st = new(intertwined_blocks="on")
    c = st.companies[0]
    give(st, 0, "C47")  # Income 2 x2 on space 4 with company Income 3
    act(st, "play:C47:dev:4", "first:card", "do:income")
    assert "company_now" in ids(st)
    act(st, "company_now")
    assert top(st).kind == "action" and top(st).b == "company"
    act(st, "do:income")
    assert top(st).kind == "card_dev" and top(st).n == 2
    act(st, "do:income")
    assert c.treasury == 4 + 2 + 3 + 2 - 10 and c.discs == 1


def test_r131_default_rules_never_offer_variant_choices() -> None:
    def check(st) -> None:
        for p in T.prompts(st):
            assert not {"pool", "company_now"} & {c.id for c in p.choices}
        assert not st.stack or st.stack[-1].kind != "mix"

    st, _ = play_bot_game(2, 3, check)
    assert st.phase == "over"

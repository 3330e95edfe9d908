"""Full games by bot seats with invariants after every choice (R123, R86, R122), determinism,
prompt legality, events and the view."""

from __future__ import annotations

import msgspec
import pytest

from engine.core import MAX_CHOICE_ID, MAX_LABEL, IllegalAction, next_draft
from engine.rng import Rng
from engine.tidewater.bot.player import timeout_choice
from tests.engine.tidewater.tw_helpers import (
    OVER,
    PAYOUT,
    START,
    T,
    act,
    arrange,
    check_invariants,
    give,
    money,
    new,
    play_bot_game,
)

SEEDS = range(10)


def expected_money_delta(before, seat: int, choice: str) -> int | None:
    """Money enters or leaves players + treasuries only through the bank (§17.4 ledger).
    None: a choice whose flow is checked elsewhere (none here)."""
    r = before.rules
    head, _, rest = choice.partition(":")
    if head == "fund":
        return r.funding_credits
    if head == "nav":
        return -sum(r.sea[op.split(":")[-1]]["cost"] for op in rest.split("+"))
    if head == "trade":
        delta = 0
        parts = rest.split("+") if "," not in rest else sorted(rest.split(","), reverse=True)
        stocks = {c.id: c.stock for c in before.companies}
        for part in parts:
            bits = part.split(":")
            if bits[0] == "sell":
                delta += stocks[bits[1]]
                stocks[bits[1]] = max(r.stock_min, stocks[bits[1]] - 1)
            elif len(bits) == 3 and bits[2] == "p":
                delta -= stocks[bits[1]]
        return delta
    if head == "deliver":
        co, slots = rest.split(":")
        ship = before.ship(co)
        queue = list(before.queue)
        bonus = r.port_bonus.get(ship.port, 0)
        total = 0
        for s in slots.split("."):
            slot = ship.slots[r.slot_index[s]]
            i = queue.index(slot.container)
            total += r.prices[i] + bonus + (r.investor_fee if slot.investor is not None else 0)
            queue.append(queue.pop(i))
        return total
    return 0  # transfers only: invest, load, payouts (wage, dividends), menus, sail, dump ...


def checker(state, seat, choice, before) -> None:
    check_invariants(state)
    assert money(state) - money(before) == expected_money_delta(before, seat, choice), choice


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r123_full_bot_games_keep_invariants(seats: int) -> None:
    """R123 (§17.4) after every choice, money conserved, every game ends (§17.3)."""
    for seed in SEEDS:
        state, log = play_bot_game(seats, seed, check=checker)
        assert state.phase == OVER and state.round == 3
        res = T.result(state)
        assert sorted(res.ranking) == list(range(seats))
        time_actions = sum(
            1
            for _, c in log
            if c.split(":")[0] in ("fund", "produce", "load", "nav", "invest", "adv", "trade")
        )
        assert time_actions <= 3 * 16 * seats


def test_determinism_same_seed_same_actions() -> None:
    """R119: replaying the log from the same seed gives the same encoded state."""
    for seats in (2, 3, 4):
        state, log = play_bot_game(seats, 3)
        replay = new(seats, 3)
        for seat, choice in log:
            T.apply(replay, seat, choice)
        assert T.encode(replay) == T.encode(state)
        decoded = T.decode(T.encode(state))
        assert T.encode(decoded) == T.encode(state)


def test_every_prompt_choice_is_accepted() -> None:
    """Every listed choice is legal: apply on a copy accepts it (and ids/labels fit Discord)."""
    for seats in (2, 3, 4):
        state = new(seats, seats)
        rng = Rng.from_seed(seats)
        steps = 0
        while T.result(state) is None and steps < 400:
            for prompt in T.prompts(state):
                for c in prompt.choices:
                    assert len(c.id) <= MAX_CHOICE_ID and len(c.label) <= MAX_LABEL, c
                    if c.step:  # a menu step: its sub-menu answers, apply refuses it
                        assert T.choices(state, prompt.seat, (c.id,)) is not None
                        with pytest.raises(IllegalAction):
                            T.apply(T.copy(state), prompt.seat, c.id)
                    else:
                        T.apply(T.copy(state), prompt.seat, c.id)
            seat = T.prompts(state)[0].seat
            T.apply(state, seat, T.bot_choice(state, seat, rng))
            steps += 1


def test_random_legal_choices_also_end() -> None:
    """Uniformly random legal choices (menus and 'back' included) still finish games."""
    for seats in (2, 4):
        state = new(seats, 40 + seats)
        rng = Rng.from_seed(seats)
        n = 0
        draft: tuple[str, ...] = ()
        while T.result(state) is None:
            seat = T.prompts(state)[0].seat
            p = T.choices(state, seat, draft)
            final = [c for c in p.choices if not c.step]
            # Bias away from menu loops: mostly take a final choice when one is listed.
            pick = rng.choice(final) if final and rng.below(4) else rng.choice(p.choices)
            if pick.step:
                draft = next_draft(draft, pick)
            else:
                T.apply(state, seat, pick.id)
                draft = ()
                check_invariants(state)
            n += 1
            assert n < 20000


def test_r86_funding_listed_in_every_turn_prompt() -> None:
    state, log = play_bot_game(3, 5)
    replay = new(3, 5)
    for seat, choice in log:
        if replay.phase == "turn_window":  # every prompt is a top menu (no draft)
            assert "fund" in [c.id for c in T.prompts(replay)[0].choices]
        T.apply(replay, seat, choice)


def test_r122_timeout_defaults() -> None:
    s = new(3)
    arrange(s, {0: [2, 1], 5: [0]})
    assert timeout_choice(s, 1) == "fund"  # must act
    act(s, "fund")
    assert timeout_choice(s, 1) == "stop"  # may stop
    with pytest.raises(IllegalAction):
        timeout_choice(s, 0)
    arrange(s, {15: [0], 16: [1, 2]})
    s.first_finisher = 1
    act(s, "fund")
    assert s.phase == START and timeout_choice(s, 0) == "done"
    s2 = new(3)
    arrange(s2, {15: [0, 1, 2]})
    give(s2, 0, "RED", 1)
    s2.company("RED").treasury = 4
    act(s2, "fund", "done")
    assert s2.phase == PAYOUT and timeout_choice(s2, 0) == "div:2"
    T.apply(s2, 0, timeout_choice(s2, 0))


def test_barrier_events_on_draws() -> None:
    s = new(3, seed=2)
    arrange(s, {7: [0], 12: [1, 2]})
    ev = act(s, "produce")
    assert ev[0].barrier  # the Produce draw
    assert all(e.barrier for e in ev if e.text.startswith(("Production", "The display")))
    assert not any(e.barrier for e in act(s, "fund"))


def test_view_is_public_and_serialisable() -> None:
    state, _ = play_bot_game(4, 1)
    v = T.view(state, None)
    v2 = T.view(state, 2)
    assert msgspec.json.encode(v)
    assert v.viewer is None and v2.viewer == 2
    assert v.scores == T.result(state).scores
    s = new(4, seed=2)
    arrange(s, {0: [3], 15: [0, 1, 2]})
    act(s, "invest:RED:S3")
    v = T.view(s, None)
    assert v.last.seat == 3 and v.last.action == "invest"
    assert "slot:RED:S3" in v.last.touched and "disc:3" in v.last.touched
    assert sum(v.bag.values()) == v.bag_total
    assert [d.position for d in v.demand] == list(range(1, 9))
    assert v.stock_order == ["RED", "BLUE", "GREEN", "YELLOW"]
    assert T.status_line(s).startswith("Round 1/3")
    assert T.private_text(s, 0) is None
    assert 3 <= len(T.rules_pages()) <= 6 and all(len(p) < 1800 for p in T.rules_pages())


def test_registered_title() -> None:
    from engine import registry

    registry.load_builtin()
    assert registry.get("tidewater") is T
    assert T.name == "Tidewater Lines"


MALFORMED = [
    "", "load", "load:XYZ", "load:RED:S9", "nav", "nav:foo", "nav:place:RED:zz", "nav:move:RED:a1",
    "nav:place:RED:a1+place:RED:n1+place:RED:w1", "adv:x", "adv:0", "adv:8", "trade:buy",
    "trade:buy:XX:u", "trade:buy:RED:z", "sail:RED", "sail:RED:NOWHERE", "deliver:RED:S9",
    "dump:RED:S1.S1", "div:a", "div:1", ">", ">x", ">nav:zz", ">deliver:ZZ", "invest:RED:S9",
    "fund:x", "produce:1", "stop:now", ":::", "back",
]  # fmt: skip


@pytest.mark.parametrize("choice", MALFORMED)
def test_malformed_choices_are_refused_politely(choice: str) -> None:
    """apply refuses anything a prompt does not list with IllegalAction, never a crash."""
    s = new(3, 1)
    give(s, s.active, "RED", 2)
    for seat in range(3):
        copy = T.copy(s)
        with pytest.raises(IllegalAction):
            T.apply(copy, seat, choice)

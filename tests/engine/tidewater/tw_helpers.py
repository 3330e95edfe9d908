"""Shared helpers for the Tidewater Lines tests: arranging positions, shares and checking the
invariants of spec section 17.4."""

from __future__ import annotations

from engine.core import Event
from engine.rng import Rng
from engine.tidewater import TITLE, track
from engine.tidewater.market import recompute_ceo
from engine.tidewater.state import OVER, PAYOUT, START, TURN, State

T = TITLE


def new(seats: int = 3, seed: int = 1, **options: str) -> State:
    return T.setup(seed, seats, dict(options))


def arrange(state: State, stacks: dict[int, list[int]], actions: int = 0) -> None:
    """Put discs on spaces (bottom -> top) and hand the turn to the last disc, fresh window."""
    for s in state.stacks:
        s.clear()
    for pos, seats in stacks.items():
        state.stacks[pos] = list(seats)
        for seat in seats:
            state.players[seat].pos = pos
    state.phase = TURN
    nxt = track.last(state)
    assert nxt is not None
    state.active = nxt
    state.actions_this_turn = actions
    for ship in state.ships:
        ship.sailed = False


def give(state: State, seat: int, cid: str, n: int, from_pool: bool = False) -> None:
    """Hand `n` shares to a seat (as if bought earlier), stamping the holding and the CEO."""
    co = state.company(cid)
    p = state.players[seat]
    if from_pool:
        co.pool -= n
    else:
        co.unissued -= n
    state.share_counter += 1
    p.shares[cid] = p.shares.get(cid, 0) + n
    p.since[cid] = state.share_counter
    recompute_ceo(state, co)


def act(state: State, *ids: str, seat: int | None = None) -> list[Event]:
    """Apply choices in order for the deciding seat (or `seat`)."""
    events: list[Event] = []
    for cid in ids:
        who = seat if seat is not None else deciding(state)
        events += T.apply(state, who, cid)
    return events


def deciding(state: State) -> int:
    ps = T.prompts(state)
    assert ps, "nobody is deciding"
    return ps[0].seat


def choice_ids(state: State, *draft: str) -> list[str]:
    """The ids the deciding seat sees after the menu steps `draft` (the top menu if none)."""
    if not draft:
        ps = T.prompts(state)
        return [c.id for c in ps[0].choices] if ps else []
    prompt = T.choices(state, deciding(state), draft)
    assert prompt is not None
    return [c.id for c in prompt.choices]


def walk(state: State, *path: str) -> list[Event]:
    """Play a move the way a player builds it: each of `path[:-1]` must be a listed step of
    the menu before it, the last id a listed complete move, which is then applied."""
    seat = deciding(state)
    *steps, move = path
    draft: tuple[str, ...] = ()
    for step in steps:
        prompt = T.choices(state, seat, draft)
        assert prompt is not None and prompt.find(step) is not None, (draft, step)
        assert prompt.find(step).step, step  # type: ignore[union-attr]
        draft = (*draft, step)
    prompt = T.choices(state, seat, draft)
    assert prompt is not None
    found = prompt.find(move)
    assert found is not None and not found.step, (draft, move)
    return T.apply(state, seat, move)


def containers_total(state: State) -> dict[str, int]:
    counts = dict.fromkeys(state.rules.colours, 0)
    for c, n in state.bag.items():
        counts[c] += n
    for c in state.display:
        if c:
            counts[c] += 1
    for co in state.companies:
        counts[co.id] += co.hex_containers
    for ship in state.ships:
        for slot in ship.slots:
            if slot.container:
                counts[slot.container] += 1
    return counts


def money(state: State) -> int:
    return sum(p.credits for p in state.players) + sum(c.treasury for c in state.companies)


def check_invariants(state: State) -> None:
    """Spec section 17.4 (R123)."""
    r = state.rules
    counts = containers_total(state)
    assert sum(counts.values()) == r.total_containers
    assert all(n == r.per_colour for n in counts.values()), counts
    for co in state.companies:
        assert 0 <= co.hex_containers <= r.hex_cap
        assert co.treasury >= 0
        held = sum(p.shares.get(co.id, 0) for p in state.players)
        assert co.unissued + co.pool + held == r.shares
        assert co.unissued >= 0 and co.pool >= 0
        holders = [i for i, p in enumerate(state.players) if p.shares.get(co.id, 0)]
        if not holders:
            assert co.ceo is None
        else:
            top = max(state.players[i].shares[co.id] for i in holders)
            assert co.ceo is not None and state.players[co.ceo].shares.get(co.id) == top
        assert co.nav_supply + len(co.nav) == r.nav_points
        assert len(set(co.nav)) == len(co.nav)
        assert all(h in r.sea for h in co.nav)
        assert r.stock_min <= co.stock <= r.stock_max
    for p in state.players:
        assert p.credits >= 0
        assert all(n > 0 for n in p.shares.values())
    for c in r.colours:
        assert state.queue.count(c) == r.markers_per_colour
    assert len(state.queue) == len(r.prices)
    for i, ship in enumerate(state.ships):
        assert ship.port in r.ports
        cid = r.companies[i]
        for j, s in enumerate(r.slots):
            if s.kind == "investment" and ship.slots[j].investor is None:
                assert ship.slots[j].container is None
    # Discs: every seat exactly once, positions consistent.
    seen = sorted(s for stack in state.stacks for s in stack)
    assert seen == list(range(state.seats))
    for pos, stack in enumerate(state.stacks):
        for s in stack:
            assert state.players[s].pos == pos
    if state.phase in (TURN, START):
        stack = state.stacks[state.players[state.active].pos]
        assert stack[-1] == state.active
    if state.phase == TURN:
        assert state.players[state.active].pos < r.steps
        if state.actions_this_turn == 0:
            assert track.last(state) == state.active
        assert track.leader(state) != state.active
    if state.phase == PAYOUT:
        assert state.payout is not None
        assert state.first_finisher is not None
    if state.phase != OVER:
        assert 1 <= state.round <= r.rounds
    del cid


def play_bot_game(seats: int, seed: int, check=None, limit: int = 5000, **options: str):
    """A full game by bot seats; `check(state, seat, choice, before)` after every choice."""
    state = new(seats, seed, **options)
    rng = Rng.from_seed(seed * 7919 + seats)
    log: list[tuple[int, str]] = []
    while T.result(state) is None:
        seat = deciding(state)
        choice = T.bot_choice(state, seat, rng)
        before = T.copy(state) if check else None
        T.apply(state, seat, choice)
        log.append((seat, choice))
        if check:
            check(state, seat, choice, before)
        assert len(log) < limit, "the game did not end"
    return state, log


__all__ = ["OVER", "PAYOUT", "START", "TURN"]


def set_display(s, colours) -> None:
    """Replace the display, keeping 12 containers of each colour (old ones back to the bag)."""
    for c in s.display:
        if c:
            s.bag[c] += 1
    for c in colours:
        if c:
            s.bag[c] -= 1
    s.display = list(colours)

"""Card and company actions (section 9): what a player may do with one action and doing it.

`action_options` lists the ways to perform an action now (decline is added by the caller);
`perform` carries one option out, pushing tasks for steps and triggered effects."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from engine.benares.data import data
from engine.benares.effects import push
from engine.benares.market import advance_text, quiet
from engine.benares.posts import create_post, legal_post_types, post_problem
from engine.benares.state import State, Task
from engine.benares.text import (
    action_text,
    article,
    good_name,
    log,
    pawn_name,
    plural,
    post_name,
    seat_name,
    space_name,
    touch,
)
from engine.benares.treasury import credit, pay
from engine.core import Choice, Event, IllegalAction


@cache
def spec_of(ref: str) -> dict[str, Any]:
    """'card:C22:dev' | 'card:C22:logistics' | 'space:3:development' | 'space:3:logistics'.
    Memoised (a few hundred refs; the data never changes): callers only read the spec."""
    src, key, half = ref.split(":")
    d = data()
    if src == "pool":  # VARIANT Intertwined blocks: card Move + company Move pooled (R131)
        qty = d.cards[key]["logistics"]["qty"] + d.board[int(half) - 1]["logistics"]["qty"]
        return {"kind": "move", "qty": qty, "fleet_moves": 2}
    if src == "card":
        return d.cards[key][half]
    return d.board[int(key) - 1][half]


# ---- movement -------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def move_ends(start: str, steps: int) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Every end space of a legal maximal Move from `start` with `steps` (R97-R100), with one
    route each: ((end, ((space, shortcut name or ''), ...)), ...) in map order."""
    d = data()
    found: dict[str, tuple[tuple[str, str], ...]] = {}

    def walk(
        pos: str, rem: int, visited: frozenset[str], path: tuple[tuple[str, str], ...]
    ) -> None:
        legal = [(o, c, n) for o, c, n in d.links[pos] if c <= rem and o not in visited]
        if not legal:
            found.setdefault(pos, path)
            return
        for o, c, n in legal:
            step = path + ((o, n),)
            if o in d.cities:  # entering a city ends the Move (R100)
                found.setdefault(o, step)
            else:
                walk(o, rem - c, visited | {o}, step)

    walk(start, steps, frozenset({start}), ())
    order = {s: i for i, s in enumerate(d.map_order)}
    return tuple(sorted(found.items(), key=lambda kv: order[kv[0]]))


def route_text(start: str, path: tuple[tuple[str, str], ...]) -> str:
    parts = [start]
    for space, shortcut in path:
        parts.append(f"⇒ {space} ({shortcut})" if shortcut else f"→ {space}")
    return " ".join(parts)


# ---- loading -----------------------------------------------------------------------------
def load_max(st: State, seat: int, qty: int) -> int:
    """R93-R96 and section 9.5: the most crates one Load action may take now."""
    d = data()
    c = st.companies[seat]
    src = d.spaces[c.boat]["source"] if c.boat else None
    if not src:
        return 0
    n = min(qty + c.load_bonus, st.crates.get(c.boat, 0), c.capacity - sum(c.hold.values()))
    if c.crate_cost > 0:
        n = min(n, c.treasury // c.crate_cost)
    return max(0, n)


def load_problem(st: State, seat: int) -> str:
    d = data()
    c = st.companies[seat]
    src = d.spaces[c.boat]["source"] if c.boat else None
    if not src:
        return f"{space_name(c.boat)} is not a source"
    if st.crates.get(c.boat, 0) <= 0:
        return f"no crates are left on {space_name(c.boat)}"
    if sum(c.hold.values()) >= c.capacity:
        return "the hold is full"
    return f"a crate costs ₹{c.crate_cost} and the Treasury has ₹{c.treasury}"


# ---- options -------------------------------------------------------------------------------
def action_options(st: State, seat: int, spec: dict[str, Any]) -> list[Choice]:
    """The ways to perform `spec` now (not including decline). Empty: it cannot be performed."""
    d = data()
    c = st.companies[seat]
    k = spec["kind"]
    out: list[Choice] = []
    if k == "market":
        targets = list(d.market["tracks"]) if spec["target"] == "wild" else [spec["target"]]
        for p in targets:
            if c.rows[p] < d.max_row:
                out.append(
                    Choice(
                        f"do:{p}",
                        f"Advance your {pawn_name(p)} +{spec['steps']} "
                        f"(row {c.rows[p]} → {min(c.rows[p] + spec['steps'], d.max_row)})",
                        "Perform",
                    )
                )
    elif k == "goods":
        targets = d.goods if spec["target"] == "wild" else [spec["target"]]
        for g in targets:
            if c.goods[g] < d.max_pos:
                out.append(
                    Choice(
                        f"do:{g}",
                        f"Advance {good_name(g)} +{spec['steps']} "
                        f"(marker {c.goods[g]} → {min(c.goods[g] + spec['steps'], d.max_pos)})",
                        "Perform",
                    )
                )
    elif k == "goods_pair":
        a, b = spec["goods"]
        lo, hi = spec["steps"]
        if c.goods[a] < d.max_pos or c.goods[b] < d.max_pos:
            out.append(
                Choice(f"pair:{a}", f"{good_name(a)} +{lo}, {good_name(b)} +{hi}", "Perform")
            )
            out.append(
                Choice(f"pair:{b}", f"{good_name(a)} +{hi}, {good_name(b)} +{lo}", "Perform")
            )
    elif k == "post":
        for t in legal_post_types(st, seat, spec["type"]):
            cost = d.posts["types"][t]["cost_rupees"]
            out.append(
                Choice(f"do:{t}", f"Create {article(post_name(t))} post (₹{cost})", "Perform")
            )
    elif k == "income":
        out.append(Choice("do:income", f"Gain ₹{spec['rupees']}", "Perform"))
    elif k == "load":
        mx = load_max(st, seat, spec["qty"])
        if mx > 0:
            good = good_name(d.spaces[c.boat]["source"])
            for n in range(mx, 0, -1):
                out.append(
                    Choice(
                        f"load:{n}",
                        f"Load {n} {good} crate{'s' if n > 1 else ''} (₹{n * c.crate_cost})",
                        "Perform",
                    )
                )
    elif k == "move":
        ends = move_ends(c.boat, spec["qty"])
        seen = set()
        for end, path in ends:
            seen.add(end)
            out.append(Choice(f"to:{end}", _move_label(st, seat, end, path, "Move"), "Perform"))
        if c.move_bonus:
            for k in range(1, spec.get("fleet_moves", 1) + 1):
                verb = "fleet" if k == 1 else f"fleet{k}"
                for end, _path in move_ends(c.boat, spec["qty"] + k * c.move_bonus):
                    if end not in seen:
                        seen.add(end)
                        out.append(
                            Choice(
                                f"{verb}:{end}",
                                f"Use Fleet II (+{k * c.move_bonus}) and move to {space_name(end)}",
                                "Perform",
                            )
                        )
    return out


def can_perform(st: State, seat: int, spec: dict[str, Any]) -> bool:
    """`bool(action_options(st, seat, spec))` without building the options and their labels
    (tests/engine/benares/test_bc_bot_fast.py compares the two)."""
    d = data()
    c = st.companies[seat]
    k = spec["kind"]
    if k == "market":
        targets = d.market["tracks"] if spec["target"] == "wild" else [spec["target"]]
        return any(c.rows[p] < d.max_row for p in targets)
    if k == "goods":
        targets = d.goods if spec["target"] == "wild" else [spec["target"]]
        return any(c.goods[g] < d.max_pos for g in targets)
    if k == "goods_pair":
        a, b = spec["goods"]
        return c.goods[a] < d.max_pos or c.goods[b] < d.max_pos
    if k == "post":
        return bool(legal_post_types(st, seat, spec["type"]))
    if k == "income":
        return True
    if k == "load":
        return load_max(st, seat, spec["qty"]) > 0
    if k == "move":
        return bool(move_ends(c.boat, spec["qty"]))
    return False


def action_ids(st: State, seat: int, spec: dict[str, Any]) -> list[str]:
    """The ids of `action_options(st, seat, spec)`, in order, without building their labels
    (for the automatic player; tests/engine/benares/test_bc_bot_fast.py compares the two)."""
    d = data()
    c = st.companies[seat]
    k = spec["kind"]
    if k == "market":
        targets = d.market["tracks"] if spec["target"] == "wild" else [spec["target"]]
        return [f"do:{p}" for p in targets if c.rows[p] < d.max_row]
    if k == "goods":
        targets = d.goods if spec["target"] == "wild" else [spec["target"]]
        return [f"do:{g}" for g in targets if c.goods[g] < d.max_pos]
    if k == "goods_pair":
        a, b = spec["goods"]
        return (
            [f"pair:{a}", f"pair:{b}"] if c.goods[a] < d.max_pos or c.goods[b] < d.max_pos else []
        )
    if k == "post":
        return [f"do:{t}" for t in legal_post_types(st, seat, spec["type"])]
    if k == "income":
        return ["do:income"]
    if k == "load":
        return [f"load:{n}" for n in range(load_max(st, seat, spec["qty"]), 0, -1)]
    if k == "move":
        out = [f"to:{end}" for end, _ in move_ends(c.boat, spec["qty"])]
        if c.move_bonus:
            seen = {i[3:] for i in out}
            for n in range(1, spec.get("fleet_moves", 1) + 1):
                verb = "fleet" if n == 1 else f"fleet{n}"
                for end, _ in move_ends(c.boat, spec["qty"] + n * c.move_bonus):
                    if end not in seen:
                        seen.add(end)
                        out.append(f"{verb}:{end}")
        return out
    return []


def _move_label(st: State, seat: int, end: str, path: tuple, how: str) -> str:
    c = st.companies[seat]
    label = f"{how} to {space_name(end)}: {route_text(c.boat, path)}"
    if end in data().cities and c.hold:
        label += " (sell there)"
    return label if len(label) <= 100 else f"{how} to {space_name(end)}"


def cannot_text(st: State, seat: int, spec: dict[str, Any]) -> str:
    """Why an action has no way to be performed (for the log)."""
    k = spec["kind"]
    if k == "load":
        return load_problem(st, seat)
    if k == "post":
        kinds = list(data().posts["types"]) if spec["type"] == "any" else [spec["type"]]
        problems = [post_problem(st, seat, k) for k in kinds]
        return problems[0] if len(set(problems)) == 1 else "no post type is allowed here now"
    if k in ("market", "goods", "goods_pair"):
        return "the marker is already at the end of its track"
    return "nothing to do"


# ---- performing -------------------------------------------------------------------------------
def perform(st: State, ev: list[Event], seat: int, spec: dict[str, Any], cid: str) -> None:
    """Carry out option `cid` of `spec` (already validated against action_options)."""
    d = data()
    c = st.companies[seat]
    k = spec["kind"]
    verb, _, arg = cid.partition(":")
    logged = st.logged  # no log text on a search copy
    who = seat_name(seat) if logged else ""
    if k == "market":
        now = c.rows[arg]
        if logged:
            on = f" on the {pawn_name(arg)}" if spec["target"] == "wild" else ""
            span = advance_text(now, spec["steps"], d.max_row)
            log(st, ev, f"{who} uses {action_text(spec)}{on}: row {span}.")
        push(st, Task("pawn", seat, a=arg, n=spec["steps"], m=quiet(now)))
    elif k == "goods":
        now = c.goods[arg]
        # R86: each later step of a wild action is assigned just before it is taken
        first = 1 if spec["target"] == "wild" else spec["steps"]
        if logged:
            on = f" on {good_name(arg)}" if spec["target"] == "wild" else ""
            span = advance_text(now, first, d.max_pos)
            log(st, ev, f"{who} uses {action_text(spec)}{on}: marker {span}.")
        if first < spec["steps"]:
            push(st, Task("wild_goods", seat, n=spec["steps"] - 1))
        push(st, Task("goods", seat, a=arg, n=first, m=quiet(now)))
    elif k == "goods_pair":
        a, b = spec["goods"]
        lo, hi = spec["steps"]
        steps = {a: lo, b: hi} if arg == a else {a: hi, b: lo}
        if logged:
            spans = [
                f"{good_name(g)} +{steps[g]} ({advance_text(c.goods[g], steps[g], d.max_pos)})"
                for g in (a, b)
            ]
            log(st, ev, f"{who} advances {spans[0]} and {spans[1]}.")
        push(st, Task("goods", seat, a=b, n=steps[b], m=quiet(c.goods[b])))  # a first (R85)
        push(st, Task("goods", seat, a=a, n=steps[a], m=quiet(c.goods[a])))
    elif k == "post":
        create_post(st, ev, seat, arg)
    elif k == "income":
        note = credit(st, seat, spec["rupees"])
        if logged:
            log(st, ev, f"{who} takes Income ₹{spec['rupees']} ({note}).")
    elif k == "load":
        n = int(arg)
        space = c.boat
        good = d.spaces[space]["source"]
        pay(st, seat, n * c.crate_cost)
        st.crates[space] -= n
        c.hold[good] = c.hold.get(good, 0) + n
        if logged:
            touch(st, f"map:{space}", f"hold:{seat}")
            log(
                st,
                ev,
                f"{who} loads {n} {good_name(good)} crate{'s' if n > 1 else ''} at "
                f"{space_name(space)} for ₹{n * c.crate_cost}.",
            )
    elif k == "move":
        k = 0 if verb == "to" else int(verb[5:] or 1)
        steps = spec["qty"] + k * c.move_bonus
        path = dict(move_ends(c.boat, steps))[arg]
        start = c.boat
        c.boat = arg
        if logged:
            touch(st, f"map:{start}", f"map:{arg}", f"boat:{seat}")
            log(st, ev, f"{who} moves {route_text(start, path)}{' using Fleet II' if k else ''}.")
        if arg in d.cities and path and sum(c.hold.values()) > 0:
            start_sale(st, seat, arg)
    else:  # pragma: no cover - data validated
        raise IllegalAction("That action is unknown.")


# ---- selling --------------------------------------------------------------------------------
def crate_price(st: State, seat: int, city: str, good: str) -> int:
    """R83/R104: the own pawn's crate value in that city + floor(goods marker / divisor)."""
    mb = data().market
    c = st.companies[seat]
    track = mb["city_track_by_space"][city]
    return mb["crate_value_by_row"][c.rows[track]] + c.goods[good] // mb["goods_premium"]["divisor"]


def start_sale(st: State, seat: int, city: str) -> None:
    """R103: entering a city ends the Move; the sale is its last part."""
    st.sale = {}
    push(st, Task("sell_done", seat, a=city))
    goods = [g for g in data().goods if st.companies[seat].hold.get(g, 0) > 0]
    if len(goods) == 1:
        push(st, Task("sell", seat, a=city, b=goods[0]))
    else:
        push(st, Task("sell_mode", seat, a=city))


def finish_sale(st: State, ev: list[Event], seat: int, city: str) -> None:
    c = st.companies[seat]
    total = 0
    sold = []
    for g, n in st.sale.items():
        if n <= 0:
            continue
        total += n * crate_price(st, seat, city, g)
        c.hold[g] -= n
        if not c.hold[g]:
            del c.hold[g]
        st.crate_supply[g] += n
        sold.append(f"{plural(n, good_name(g) + ' crate')}")
    st.sale = {}
    if not sold:
        log(st, ev, f"{seat_name(seat)} sells nothing in {space_name(city)}.")
        return
    touch(st, f"hold:{seat}")
    note = credit(st, seat, total)
    log(
        st,
        ev,
        f"{seat_name(seat)} sells {' and '.join(sold)} in {space_name(city)} for ₹{total} "
        f"({note}).",
    )

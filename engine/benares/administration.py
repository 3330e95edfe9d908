"""Round start (shuffle and deal), the Administration phase (R115-R122): investment and refresh."""

from __future__ import annotations

from engine.benares.data import data
from engine.benares.effects import push, push_effect
from engine.benares.market import adjust_markets
from engine.benares.state import Slot, State, Task
from engine.benares.text import card_text, cell_name, log, plural, seat_name, touch
from engine.core import Choice, Event


def start_round(st: State, ev: list[Event]) -> None:
    """Shuffle all cards and deal `hand_size_dealt` to each seat from seat 1 (section 4)."""
    d = data()
    g = d.game
    st.deck = list(d.card_ids)
    st.discard = []
    st.rng.shuffle(st.deck)
    hand = g["hand_size_dealt"]
    for c in st.companies:
        c.hand = st.deck[:hand]
        del st.deck[:hand]
        c.board = [Slot() for _ in range(g["company_spaces"])]
        c.passed = False
    st.phase = "action"
    st.step = ""
    st.turns_taken = 0
    log(
        st,
        ev,
        f"Round {st.round}: the {len(d.card_ids)} cards are shuffled and {hand} dealt to "
        f"each player. {seat_name(st.first_player)} starts.",
        barrier=True,
    )
    for seat, c in enumerate(st.companies):
        ev.append(
            Event(
                f"Your hand ({plural(len(c.hand), 'card')}): "
                + "; ".join(card_text(x) for x in c.hand)
                + ".",
                private_to=seat,
                barrier=True,
            )
        )
    push(st, Task("turn", st.first_player))


def end_turn(st: State, ev: list[Event]) -> None:
    st.turns_taken += 1
    if st.turns_taken >= st.seats * data().game["company_spaces"]:
        push(st, Task("admin", st.first_player))
    else:
        push(st, Task("turn", (st.first_player + st.turns_taken) % st.seats))


def start_admin(st: State, ev: list[Event]) -> None:
    st.phase = "administration"
    st.step = "adjustment"
    log(st, ev, f"Round {st.round}: the Administration phase begins with the market adjustment.")
    adjust_markets(st, ev)
    st.step = "investment"
    for c in st.companies:
        c.passed = False
    push(st, Task("invest", st.first_player))


# ---- investment (R117-R120) ---------------------------------------------------------------
def buyable(st: State, seat: int) -> list[str]:
    grid = data().grid
    levels = grid["level_order"]
    c = st.companies[seat]
    out = []
    for sector in grid["sectors"]:
        for i, lvl in enumerate(levels):
            cell = f"{sector}:{lvl}"
            if cell in c.investments:
                continue
            if i > 0 and f"{sector}:{levels[i - 1]}" not in c.investments:
                break
            if c.discs >= grid["cost_by_level"][lvl]:
                out.append(cell)
            break
    return out


def invest_options(st: State, seat: int) -> list[Choice]:
    grid = data().grid
    out = []
    for cell in buyable(st, seat):
        sector, lvl = cell.split(":")
        info = grid["sectors"][sector][lvl]
        bonus = grid["first_buyer_bonus_vp"][lvl] if cell not in st.first_buyers else 0
        extra = f" +{bonus} first buyer" if bonus else ""
        text = f", {info['text']}" if info.get("text") else ""
        out.append(
            Choice(
                f"buy:{cell}",
                f"Buy {cell_name(cell)} ({grid['cost_by_level'][lvl]} "
                f"disc{'s' if grid['cost_by_level'][lvl] > 1 else ''}): {info['vp']} VP"
                f"{extra}{text}"[:100],
                "Invest",
            )
        )
    out.append(Choice("pass", "Pass (final for this Investment step)", "Pass"))
    return out


def invest_choose(st: State, ev: list[Event], seat: int, cid: str) -> None:
    grid = data().grid
    c = st.companies[seat]
    push(st, Task("invest_next", seat))
    if cid == "pass":
        c.passed = True
        auto = "" if buyable(st, seat) else " (nothing to buy)"
        log(st, ev, f"{seat_name(seat)} passes{auto}.")
        return
    cell = cid.split(":", 1)[1]
    sector, lvl = cell.split(":")
    info = grid["sectors"][sector][lvl]
    c.discs -= grid["cost_by_level"][lvl]
    c.investments.append(cell)
    vp = info["vp"]
    first = cell not in st.first_buyers
    if first:
        st.first_buyers[cell] = seat
        vp += grid["first_buyer_bonus_vp"][lvl]
    c.vp += vp
    touch(st, f"cell:{seat}:{cell}", f"discs:{seat}", f"vp:{seat}")
    log(
        st,
        ev,
        f"{seat_name(seat)} buys {cell_name(cell)} for "
        f"{plural(grid['cost_by_level'][lvl], 'Profit disc')}: +{vp} VP{' (first buyer)' if first and grid['first_buyer_bonus_vp'][lvl] else ''}.",
    )
    push_effect(st, seat, info["effects"], cell_name(cell))


def invest_next(st: State, ev: list[Event], seat: int) -> None:
    for i in range(1, st.seats + 1):
        nxt = (seat + i) % st.seats
        if not st.companies[nxt].passed:
            push(st, Task("invest", nxt))
            return
    push(st, Task("admin_end", st.first_player))


def admin_end(st: State, ev: list[Event]) -> None:
    d = data()
    if st.round >= d.game["rounds"]:
        st.phase = "over"
        st.step = ""
        log(st, ev, "The game is over.")
        return
    refresh(st, ev)
    push(st, Task("start_round", st.first_player))


def refresh(st: State, ev: list[Event]) -> None:
    """R121: clear boards, discard hands, top up sources, next first player."""
    d = data()
    g = d.game
    for c in st.companies:
        st.discard.extend(slot.card for slot in c.board if slot.card)
        c.board = [Slot() for _ in range(g["company_spaces"])]
        st.discard.extend(c.hand)
        c.hand = []
    fill = g["source_fill"][st.seats]
    for space in d.map_order:
        good = d.spaces[space]["source"]
        if not good:
            continue
        need = max(0, fill - st.crates.get(space, 0))
        n = min(need, st.crate_supply[good])
        st.crates[space] = st.crates.get(space, 0) + n
        st.crate_supply[good] -= n
    st.first_player = (st.first_player + g["round2_first_player_offset"]) % st.seats
    st.round += 1
    log(st, ev, "Refresh: Company boards are cleared, hands discarded and sources topped up.")

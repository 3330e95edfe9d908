"""Prompts: the legal choices of the deciding seat, as chains of small menus (spec section 18)."""

from __future__ import annotations

from engine.core import Choice, Prompt
from engine.tidewater import actions as act
from engine.tidewater import names as nm
from engine.tidewater import shipping, track
from engine.tidewater.market import buy_error, company_name, outstanding, sell_error
from engine.tidewater.production import colour_word
from engine.tidewater.state import PAYOUT, START, TURN, State

G_FREE = "Free actions (no time)"
G_TIME = "Actions (cost time)"
G_TURN = "Turn"
G_BACK = "Menu"
BACK = Choice("back", "Back to the previous menu", G_BACK)


def port_note(state: State, port: str) -> str:
    """'3 yellow containers to load', 'nothing to load', '+2 per container' or ''."""
    r = state.rules
    info = r.ports[port]
    if info["type"] == "company":
        n = state.company(info["company"]).hex_containers
        if n == 0:
            return "nothing to load"
        colour = colour_word(info["company"])
        return f"{n} {colour} container{'s' if n != 1 else ''} to load"
    bonus = r.port_bonus.get(port, 0)
    return f"+{bonus} per container" if bonus else ""


def _semi(note: str) -> str:
    return f"; {note}" if note else ""


def t(n: int) -> str:
    return f"(cost {nm.time(n)})"


def prompts(state: State) -> list[Prompt]:
    if state.phase == PAYOUT:
        return [dividend_prompt(state)]
    if state.phase not in (TURN, START):
        return []
    seat = state.active
    if state.menu:
        text, choices = submenu(state, seat, state.menu[-1][1:])
    else:
        text, choices = top_menu(state, seat)
    return [Prompt(seat=seat, text=text, choices=choices)]


def dividend_prompt(state: State) -> Prompt:
    pay = state.payout
    assert pay is not None
    r = state.rules
    cid = pay.order[pay.index]
    co = state.company(cid)
    assert co.ceo is not None
    name = company_name(state, cid)
    k = outstanding(state, cid)
    mine = state.players[co.ceo].shares.get(cid, 0)
    choices = []
    for d in pay.options:
        after = min(r.stock_max, max(r.stock_min, co.stock + r.dividend_effect[d]))
        stock = f"stock stays {after}" if after == co.stock else f"stock {co.stock} → {after}"
        if d == 0:
            label = f"Pay no dividend ({stock})"
        else:
            label = (
                f"Pay {d} per share: {nm.credits(d * k)} from the treasury, "
                f"{d * mine} to you ({stock})"
            )
        choices.append(Choice(f"div:{d}", label, "Dividend"))
    text = (
        f"Seat {co.ceo + 1}, as CEO of {name}, choose the dividend per share. After the wage the "
        f"treasury holds {nm.credits(co.treasury)}; players hold {k} share"
        f"{'s' if k != 1 else ''} ({mine} yours)."
    )
    return Prompt(seat=co.ceo, text=text, choices=choices)


# ---- option lists (shared by the menus, the bot and the tests) ---------------------------------


def fits(state: State, seat: int, cost: int) -> bool:
    return state.phase == TURN and state.players[seat].pos + cost <= state.rules.steps


def load_options(state: State, seat: int) -> list[tuple[str, str]]:
    r = state.rules
    if not fits(state, seat, r.cost["load"]):
        return []
    out = []
    for co in r.companies:
        if act.load_error(state, seat, co, None):
            continue
        for slot in act.free_slots(state, co):
            out.append((co, slot))
    return out


def two_points_fit(state: State, seat: int) -> bool:
    """A second point may be added (the data allow two, and both fit before Start)."""
    r = state.rules
    return r.nav_max_points >= 2 and fits(state, seat, 2 * r.nav_per_point)


def nav_first_ops(state: State, seat: int) -> list[str]:
    r = state.rules
    if not fits(state, seat, r.nav_per_point):
        return []
    return [op for op in all_ops(state, seat) if not act.nav_op_error(state, seat, op)]


def all_ops(state: State, seat: int, prior: str | None = None) -> list[str]:
    """Candidate operations on the map as `prior` leaves it (legality: nav_op_error)."""
    r = state.rules
    ops = []
    pc = pf = pt = None
    if prior is not None:
        _, pc, pf, pt = act.parse_op(prior)
    for c in state.companies:
        hexes = list(c.nav)
        if c.id == pc:
            if pf is not None:
                hexes.remove(pf)
            hexes.append(pt)
        free = [h for h in r.sea_ids if h not in hexes]
        if r.perm["place_navigation_point"] == "anyone" or c.id in state.players[seat].shares:
            ops += [f"place:{c.id}:{h}" for h in free]
        if c.ceo == seat:
            for frm in hexes:
                if c.id == pc and frm == pt:
                    continue
                ops += [f"move:{c.id}:{frm}:{h}" for h in free]
    return ops


def nav_second_ops(state: State, seat: int, first: str) -> list[str]:
    if not two_points_fit(state, seat):
        return []
    return [
        op for op in all_ops(state, seat, first) if not act.nav_op_error(state, seat, op, first)
    ]


def invest_options(state: State, seat: int) -> list[tuple[str, str]]:
    r = state.rules
    if not fits(state, seat, r.cost["invest"]) or state.players[seat].inv_discs < 1:
        return []
    out = []
    for co in r.companies:
        for s in r.slots:
            if s.kind == "investment" and not act.invest_error(state, seat, co, s.id):
                out.append((co, s.id))
    return out


def trade_first_parts(state: State, seat: int) -> list[str]:
    if not fits(state, seat, state.rules.cost["trade"]):
        return []
    out = []
    for co in state.rules.companies:
        if not sell_error(state, seat, co):
            out.append(f"sell:{co}")
    for co in state.rules.companies:
        for src in ("u", "p"):
            if not buy_error(state, seat, co, src):
                out.append(f"buy:{co}:{src}")
    return out


def trade_second_parts(state: State, seat: int, first: str) -> list[str]:
    kind, fco, _ = act.parse_part(first)
    out = []
    for co in state.rules.companies:
        if co == fco:
            continue
        cands = [f"buy:{co}:u", f"buy:{co}:p"] if kind == "sell" else [f"sell:{co}"]
        for part in cands:
            if not act.trade_error(state, seat, [first, part]):
                out.append(part)
    return out


def sail_options(state: State, seat: int) -> list[tuple[str, str]]:
    out = []
    for co in state.rules.companies:
        if shipping.free_error(state, seat, "sail", co) or state.ship(co).sailed:
            continue
        for port in shipping.reachable(state, co):
            out.append((co, port))
    return out


def deliver_ships(state: State, seat: int) -> list[str]:
    out = []
    for co in state.rules.companies:
        cargo = occupied(state, co)
        if cargo and not shipping.deliver_error(state, seat, co, cargo[:1]):
            out.append(co)
    return out


def dump_options(state: State, seat: int) -> list[tuple[str, str]]:
    out = []
    for co in state.rules.companies:
        cargo = occupied(state, co)
        if cargo and not shipping.free_error(state, seat, "dump", co):
            out += [(co, s) for s in cargo]
    return out


def occupied(state: State, co: str) -> list[str]:
    ship = state.ship(co)
    return [s.id for i, s in enumerate(state.rules.slots) if ship.slots[i].container is not None]


# ---- menus ------------------------------------------------------------------------------------


def top_menu(state: State, seat: int) -> tuple[str, list[Choice]]:
    r = state.rules
    p = state.players[seat]
    ch: list[Choice] = []
    if sail_options(state, seat):
        ch.append(
            Choice(">sail", "Set Sail: move a ship along its navigation points... (free)", G_FREE)
        )
    if deliver_ships(state, seat):
        ch.append(Choice(">deliver", "Deliver containers at a market... (free)", G_FREE))
    if dump_options(state, seat):
        ch.append(Choice(">dump", "Dump a container back into the bag... (free)", G_FREE))
    if state.phase == START:
        ch.append(Choice("done", "Done: end your round on Start", G_TURN))
        if len(ch) > 1:
            text = f"Seat {seat + 1}, you reached Start: take any free actions, then choose Done."
        else:
            text = f"Seat {seat + 1}, you reached Start with no free action left: choose Done."
        if state.first_finisher is None:
            text += " As the first to arrive, your Done triggers production and the payout."
        return text, ch
    if track.can_stop(state):
        ch.append(Choice("stop", "Stop: end your turn here", G_TURN))
    if load_options(state, seat):
        ch.append(Choice(">load", f"Load a container onto a ship... {t(r.cost['load'])}", G_TIME))
    if fits(state, seat, r.cost["produce"]) and not act.produce_error(state, seat):
        ch.append(
            Choice(
                "produce",
                f"Produce: draw a container onto its company hex {t(r.cost['produce'])}",
                G_TIME,
            )
        )
    if nav_first_ops(state, seat):
        ch.append(
            Choice(
                ">nav",
                f"Place or move navigation points... (cost {nm.time(r.nav_per_point)} per point)",
                G_TIME,
            )
        )
    if fits(state, seat, r.cost["fund"]):
        ch.append(
            Choice(
                "fund",
                f"Funding: take {nm.credits(r.funding_credits)} {t(r.cost['fund'])}",
                G_TIME,
            )
        )
    if invest_options(state, seat):
        ch.append(Choice(">invest", f"Invest in a ship slot... {t(r.cost['invest'])}", G_TIME))
    if fits(state, seat, r.cost["advertise"]):
        ch.append(
            Choice(
                ">adv", f"Advertise: swap two demand markers... {t(r.cost['advertise'])}", G_TIME
            )
        )
    if trade_first_parts(state, seat):
        ch.append(Choice(">trade", f"Buy and/or sell a share... {t(r.cost['trade'])}", G_TIME))
    left = r.steps - p.pos
    text = (  # the round is in the status line; the prompt carries this seat's numbers
        f"Seat {seat + 1}, your turn: you are on step {p.pos} of {r.steps} ({left} to Start) "
        f"with {nm.credits(p.credits)}. "
    )
    if track.last(state) == seat:
        text += "You are last on the Time Track, so take a time-costing action."
    else:
        text += "You are no longer last: act again or stop."
    return text, ch


def _turn_info(state: State, seat: int, cost: int) -> str:
    """'cost 1 time: step 4 -> 5 of 16' for the prompt texts of time-costing sub-menus."""
    pos = state.players[seat].pos
    return f"cost {nm.time(cost)}: step {pos} → {pos + cost} of {state.rules.steps}"


def _delivery_total(state: State, co: str, slots: list[str]) -> int:
    """What delivering `slots` in this order earns (the queue shifts after each container)."""
    r = state.rules
    ship = state.ship(co)
    queue = list(state.queue)
    bonus = r.port_bonus.get(ship.port, 0)
    total = 0
    for s in slots:
        colour = ship.slots[r.slot_index[s]].container
        i = queue.index(colour)
        total += r.prices[i] + bonus
        queue.append(queue.pop(i))
    return total


def submenu(state: State, seat: int, body: str) -> tuple[str, list[Choice]]:
    r = state.rules
    kind, _, arg = body.partition(":")
    ch: list[Choice] = []
    if kind == "load":
        for co, slot in load_options(state, seat):
            port = state.ship(co).port
            colour = colour_word(r.port_hex_company[port])
            ch.append(
                Choice(
                    f"load:{co}:{slot}",
                    f"Load a {colour} container at {nm.place(state, port)} into "
                    f"{nm.slot(state, slot)} of the {company_name(state, co)} ship "
                    f"{t(r.cost['load'])}",
                    G_TIME,
                )
            )
        text = (
            f"Which ship loads, into which slot ({_turn_info(state, seat, r.cost['load'])})? "
            "A ship at a company port takes one container from that port's company hex."
        )
        if r.terminal_fee is not None:
            text += (
                f" Loading another line's container costs the ship's line a terminal fee of "
                f"{nm.credits(r.terminal_fee)}, paid to that line."
            )
    elif kind == "nav" and not arg:
        two = two_points_fit(state, seat)
        for op in nav_first_ops(state, seat):
            label = nm.cap(act.describe_op(state, op))
            _, co, _, _ = act.parse_op(op)
            group = f"{company_name(state, co)} points"
            if two:
                ch.append(Choice(f">nav:{op}", label + "...", group))
            else:
                ch.append(Choice(f"nav:{op}", f"{label} {t(r.nav_per_point)}", group))
        funds = ", ".join(
            f"{company_name(state, c.id)} {c.treasury}"
            for c in state.companies
            if any(op.split(":")[1] == c.id for op in nav_first_ops(state, seat))
        )
        text = (
            "Which navigation point do you place or move first? You may add a second one next"
            if two
            else "Which navigation point do you place or move"
        )
        text += (
            f" ({nm.time(r.nav_per_point)} per point). Each point is paid from its line's "
            f"treasury ({funds}); a ship may only cross sea hexes holding its own line's points."
        )
    elif kind == "nav":
        ch.append(
            Choice(
                f"nav:{arg}",
                f"Just {act.describe_op(state, arg)} {t(r.nav_per_point)}",
                G_TIME,
            )
        )
        for op in nav_second_ops(state, seat, arg):
            _, co, _, _ = act.parse_op(op)
            ch.append(
                Choice(
                    f"nav:{arg}+{op}",
                    f"Also {act.describe_op(state, op)} {t(2 * r.nav_per_point)}",
                    f"{company_name(state, co)} points",
                )
            )
        text = (
            f"Add a second navigation point ({nm.time(2 * r.nav_per_point)} in total) or keep "
            f"just this one ({nm.time(r.nav_per_point)})? First: {act.describe_op(state, arg)}."
        )
    elif kind == "invest":
        for co, slot in invest_options(state, seat):
            cost = r.slots[r.slot_index[slot]].cost
            ch.append(
                Choice(
                    f"invest:{co}:{slot}",
                    f"Invest in {nm.slot(state, slot)} of the {company_name(state, co)} ship "
                    f"for {nm.credits(cost)} {t(r.cost['invest'])}",
                    G_TIME,
                )
            )
        pl = state.players[seat]
        text = (
            f"Which ship slot do you invest in ({_turn_info(state, seat, r.cost['invest'])})? "
            f"You have {nm.credits(pl.credits)} and {pl.inv_discs} investment disc"
            f"{'s' if pl.inv_discs != 1 else ''}. The price goes to that line's treasury; the "
            f"slot can then carry cargo and pays you {nm.credits(r.investor_fee)} per container "
            "delivered from it."
        )
    elif kind == "adv":
        q = state.queue
        for i in range(1, len(q)):
            ch.append(
                Choice(
                    f"adv:{i}",
                    f"Swap position {i} ({colour_word(q[i - 1])}, pays {r.prices[i - 1]}) with "
                    f"{i + 1} ({colour_word(q[i])}, pays {r.prices[i]}) {t(r.cost['advertise'])}",
                    G_TIME,
                )
            )
        text = (
            "Which two adjacent demand markers do you swap "
            f"({_turn_info(state, seat, r.cost['advertise'])})? A delivered container earns the "
            "price of the frontmost marker of its colour, which then moves to the back."
        )
    elif kind == "trade" and not arg:
        for part in trade_first_parts(state, seat):
            label = nm.cap(act.describe_part(state, part))
            if trade_second_parts(state, seat, part):
                ch.append(Choice(f">trade:{part}", label + "...", G_TIME))
            else:  # nothing could be added: no confirmation step
                ch.append(Choice(f"trade:{part}", f"{label} {t(r.cost['trade'])}", G_TIME))
        text = (
            f"Which share do you buy or sell first ({_turn_info(state, seat, r.cost['trade'])}; "
            f"you have {nm.credits(state.players[seat].credits)})? You may then add a second "
            "part for a different line in the same action."
        )
    elif kind == "trade":
        c = t(r.cost["trade"])
        ch.append(Choice(f"trade:{arg}", f"Just {act.describe_part(state, arg)} {c}", G_TIME))
        for part in trade_second_parts(state, seat, arg):
            ch.append(
                Choice(f"trade:{arg}+{part}", f"And {act.describe_part(state, part)} {c}", G_TIME)
            )
        text = (
            f"Finish the trade here, or add a second part for another line (still "
            f"{nm.time(r.cost['trade'])} in total)? First part: {act.describe_part(state, arg)}."
        )
    elif kind == "sail":
        for co, port in sail_options(state, seat):
            frm = state.ship(co).port
            ch.append(
                Choice(
                    f"sail:{co}:{port}",
                    f"Sail the {company_name(state, co)} ship from {nm.place(state, frm)} to "
                    f"{nm.place(state, port)} (free{_semi(port_note(state, port))})",
                    G_FREE,
                )
            )
        text = (
            "Which ship sails where (free; each ship once per window)? A ship may only cross sea "
            "hexes holding its own line's navigation points."
        )
    elif kind == "deliver" and not arg:
        for co in deliver_ships(state, seat):
            cargo = occupied(state, co)
            name = company_name(state, co)
            where = nm.place(state, state.ship(co).port)
            if len(cargo) == 1:  # nothing to order: deliver it straight away
                colour = colour_word(state.ship(co).slots[r.slot_index[cargo[0]]].container or "")
                ch.append(
                    Choice(
                        f"deliver:{co}:{cargo[0]}",
                        f"Deliver the {colour} container of the {name} ship at {where} for "
                        f"{nm.credits(_delivery_total(state, co, cargo))} (free)",
                        G_FREE,
                    )
                )
                continue
            ch.append(  # several containers: all at once in slot order, or choose the order
                Choice(
                    f"deliver:{co}:{'.'.join(cargo)}",
                    f"Deliver all {len(cargo)} containers of the {name} ship at {where} "
                    f"for {nm.credits(_delivery_total(state, co, cargo))} (free)",
                    G_FREE,
                )
            )
            ch.append(
                Choice(
                    f">deliver:{co}",
                    f"Choose which containers the {name} ship delivers at {where}...",
                    G_FREE,
                )
            )
        text = (
            "Which ship delivers (free; once per market arrival)? Each container earns its "
            "line's treasury the price of the frontmost demand marker of its colour (plus the "
            "market bonus); that marker then moves to the back."
        )
    elif kind == "deliver":
        co, _, picked_s = arg.partition(":")
        picked = picked_s.split(".") if picked_s else []
        queue = list(state.queue)
        ship = state.ship(co)
        bonus = r.port_bonus.get(ship.port, 0)
        for s in picked:
            colour = ship.slots[r.slot_index[s]].container
            i = queue.index(colour)
            queue.append(queue.pop(i))
        if picked:
            n = len(picked)
            ch.append(
                Choice(
                    f"deliver:{co}:{picked_s}",
                    f"Deliver the {n} chosen container{'s' if n != 1 else ''} now for "
                    f"{nm.credits(_delivery_total(state, co, picked))} (free)",
                    G_FREE,
                )
            )
        rest = [s for s in occupied(state, co) if s not in picked]
        for s in rest:
            colour = ship.slots[r.slot_index[s]].container
            assert colour is not None
            price = r.prices[queue.index(colour)] + bonus
            if len(rest) == 1:  # the last container: choosing it completes the order
                every = [*picked, s]
                what = f"the {colour_word(colour)} container in {nm.slot(state, s)}"
                ch.append(
                    Choice(
                        f"deliver:{co}:{'.'.join(every)}",
                        (
                            f"Then {what} ({nm.credits(price)}): deliver all {len(every)} "
                            if picked
                            else f"Deliver {what} "
                        )
                        + f"for {nm.credits(_delivery_total(state, co, every))} (free)",
                        G_FREE,
                    )
                )
                continue
            ch.append(
                Choice(
                    f">deliver:{co}:{'.'.join([*picked, s])}",
                    f"{'Then' if picked else 'First'} the {colour_word(colour)} container in "
                    f"{nm.slot(state, s)} (for {nm.credits(price)})...",
                    G_FREE,
                )
            )
        name = company_name(state, co)
        text = (
            f"Which container does the {name} ship at {nm.place(state, ship.port)} deliver "
            f"{'next' if picked else 'first'}? Each takes the frontmost marker of its colour, "
            "which then moves to the back."
        )
        if picked:
            chosen = ", ".join(
                f"{colour_word(ship.slots[r.slot_index[s]].container or '')} in {nm.slot(state, s)}"
                for s in picked
            )
            text += f" Chosen so far: {chosen}."
    elif kind == "dump":
        for co, s in dump_options(state, seat):
            colour = state.ship(co).slots[r.slot_index[s]].container
            ch.append(
                Choice(
                    f"dump:{co}:{s}",
                    f"Dump the {colour_word(colour or '')} container in {nm.slot(state, s)} of "
                    f"the {company_name(state, co)} ship (free)",
                    G_FREE,
                )
            )
        text = (
            "Which container goes back to the bag (free; it earns nothing)? At a market, dumping "
            "ends that ship's deliveries there until it sails away and back."
        )
    else:
        text = "Unknown menu."
    ch.append(BACK)
    return text, ch


def parent_menu(body: str) -> str | None:
    """The menu a push id belongs to (None = the top menu)."""
    kind, _, arg = body.partition(":")
    if not arg:
        return None
    if kind == "deliver":
        co, _, picked = arg.partition(":")
        if not picked:
            return ">deliver"
        slots = picked.split(".")
        return f">deliver:{co}" + (":" + ".".join(slots[:-1]) if len(slots) > 1 else "")
    return ">" + kind


def menu_error(state: State, seat: int, body: str) -> str | None:
    """A sub-menu may be opened only where the current prompt lists it (checked directly,
    without building the whole prompt)."""
    if state.phase not in (TURN, START) or seat != state.active:
        return "It is not your turn."
    parent = parent_menu(body)
    if parent != (state.menu[-1] if state.menu else None):
        return "That menu is not available from here."
    kind, _, arg = body.partition(":")
    r = state.rules
    ok = False
    if kind == "load" and not arg:
        ok = bool(load_options(state, seat))
    elif kind == "nav" and not arg:
        ok = any(not act.nav_op_error(state, seat, op) for op in all_ops(state, seat)) and fits(
            state, seat, r.nav_per_point
        )
    elif kind == "nav":
        ok = two_points_fit(state, seat) and not act.nav_op_error(state, seat, arg)
    elif kind == "invest" and not arg:
        ok = bool(invest_options(state, seat))
    elif kind == "adv" and not arg:
        ok = fits(state, seat, r.cost["advertise"])
    elif kind == "trade" and not arg:
        ok = bool(trade_first_parts(state, seat))
    elif kind == "trade":
        ok = fits(state, seat, r.cost["trade"]) and not act.trade_error(state, seat, [arg])
    elif kind == "sail" and not arg:
        ok = bool(sail_options(state, seat))
    elif kind == "deliver" and not arg:
        ok = bool(deliver_ships(state, seat))
    elif kind == "deliver":
        co, _, picked = arg.partition(":")
        ok = co in deliver_ships(state, seat) and (
            not picked or not shipping.deliver_error(state, seat, co, picked.split("."))
        )
    elif kind == "dump" and not arg:
        ok = bool(dump_options(state, seat))
    if kind in ("load", "nav", "invest", "adv", "trade") and state.phase != TURN:
        ok = False
    return None if ok else "That menu is not available now."
